//! Claims and concessions (Laws 68-71): play stops, agreement, ruling, withdrawal.
use super::*;

impl Play {
    /// Law 68: a claim (or concession) of `remaining` of the tricks not yet played for the
    /// claimer's side. A claim by the offending side establishes its revokes (Law 63A3).
    pub fn claim(&mut self, claimer: Seat, remaining: u8) -> Result<(), PlayError> {
        let left = (13 - self.completed_tricks()) as u8;
        if remaining > left {
            return Err(PlayError::ClaimTooLarge(remaining, left));
        }
        for r in self.revokes.iter_mut() {
            if r.seat.side() == claimer.side() && !r.corrected {
                r.established = true;
            }
        }
        self.claim = Some(Claim {
            claimer,
            remaining,
            status: ClaimStatus::Pending,
            at_trick: self.completed_tricks(),
        });
        Ok(())
    }

    /// Settle the claim: agreed (69A), ruled by the TD (70) or voided by continued play (68D2b).
    pub fn settle_claim(&mut self, status: ClaimStatus) -> Result<(), PlayError> {
        let c = self.claim.as_mut().ok_or(PlayError::NoClaim)?;
        c.status = status;
        if status == ClaimStatus::Void {
            self.claim = None;
        }
        Ok(())
    }

    /// Law 69B / 71: agreement to a claim withdrawn (or a concession cancelled) within the
    /// correction period: `tricks` tricks go back to the side `to` that agreed or conceded.
    pub fn withdraw_claim_agreement(&mut self, to: Side, tricks: u8) -> Result<(), PlayError> {
        let completed = self.completed_tricks();
        let c = self.claim.as_mut().ok_or(PlayError::NoClaim)?;
        let left = 13u8.saturating_sub(c.at_trick.min(completed) as u8);
        let mine = match c.status {
            ClaimStatus::Ruled { remaining } => remaining,
            _ => c.remaining,
        };
        let remaining = if c.claimer.side() == to {
            (mine + tricks).min(left)
        } else {
            mine.saturating_sub(tricks)
        };
        c.status = ClaimStatus::Ruled { remaining };
        Ok(())
    }

    /// Tricks won by a side: complete tricks plus its share of a settled claim.
    pub(crate) fn side_tricks(&self, side: Side, from_trick: usize) -> u8 {
        let played = self
            .tricks
            .iter()
            .enumerate()
            .filter(|(i, t)| *i + 1 > from_trick && matches!(t.winner, Some(w) if w.side() == side))
            .count() as u8;
        let claimed = match self.claim {
            Some(c) => {
                let left = 13 - c.at_trick as u8;
                let mine = match c.status {
                    ClaimStatus::Agreed | ClaimStatus::Pending => c.remaining,
                    ClaimStatus::Ruled { remaining } => remaining,
                    ClaimStatus::Void => 0,
                };
                if c.claimer.side() == side {
                    mine
                } else {
                    left - mine.min(left)
                }
            }
            None => 0,
        };
        played + claimed
    }
}
