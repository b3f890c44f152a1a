//! Claims, rulings and penalties inside the fold (§8.8, §7.1.1).

use super::Game;
use crate::doko::error::DokoError;
use crate::doko::game_type::GameKind;
use crate::doko::penalty::{self, PenaltyContext, PenaltyOutcome, Ruling};
use crate::doko::seat::Party;
use crate::doko::value;
use crate::doko::violation::Violation;

impl Game {
    pub(super) fn violation(&self, i: usize) -> Result<&Violation, DokoError> {
        self.violations
            .get(i)
            .ok_or_else(|| DokoError::Penalty(format!("8.8: no violation {i} recorded")))
    }

    pub(super) fn violation_mut(&mut self, i: usize) -> Result<&mut Violation, DokoError> {
        self.violations
            .get_mut(i)
            .ok_or_else(|| DokoError::Penalty(format!("8.8: no violation {i} recorded")))
    }

    /// The engine's part of a ruling: n of §8.6.2 from the announcements before the
    /// violation, then the distribution.
    pub(super) fn penalty_for(
        &self,
        i: usize,
        ruling: &Ruling,
    ) -> Result<(Ruling, PenaltyOutcome), DokoError> {
        let v = self.violation(i)?;
        if ruling.offender != v.offender {
            return Err(DokoError::Penalty(format!(
                "8.8: the ruling names {} but violation {i} is {}'s",
                ruling.offender, v.offender
            )));
        }
        let parties = self.parties();
        let off_party = parties.get(&v.offender).copied().unwrap_or(Party::Kontra);
        let sum = self.evaluate_announcements();
        let mut r = ruling.clone();
        r.opponent_absagen = sum.absagen_before(off_party.other(), v.announcements_before);
        // §8.4.3 "nachdem feststeht, dass ein Solo gespielt wird": a Hochzeit that became a
        // Trumpfsolo is a solo only for violations after its Klärungsstich.
        let soloist = match self.kind {
            Some(GameKind::Hochzeit {
                klaerungsstich: Some(k),
                ..
            }) if v.tricks_before < k => None,
            _ => self.penalty_soloist(),
        };
        let ctx = PenaltyContext { parties, soloist };
        let p = penalty::distribute_on(&ctx, &r, &self.profile.penalties)?;
        Ok((r, p))
    }

    /// §8.5 helper for the Schiedsrichter: the party that had already won on the tricks
    /// completed before violation `i`.
    pub fn decided_before(&self, i: usize) -> Result<Option<Party>, DokoError> {
        let v = self.violation(i)?;
        let parties = self.parties();
        let (mut re_e, mut k_e, mut re_t, mut k_t) = (0u16, 0u16, 0u8, 0u8);
        for t in self.tricks.iter().take(v.tricks_before as usize) {
            let p = t.winner().and_then(|s| parties.get(&s).copied());
            if p == Some(Party::Re) {
                re_e += t.eyes();
                re_t += 1;
            } else {
                k_e += t.eyes();
                k_t += 1;
            }
        }
        let sum = self.evaluate_announcements();
        Ok(value::already_won(
            re_e,
            k_e,
            re_t,
            k_t,
            &sum.re,
            &sum.kontra,
        ))
    }

    /// §8.8.6: of several violations claimed at the same moment, the one committed first
    /// that may still be claimed is penalised; the others wait (and may be claimed again if
    /// it was not schwerwiegend).
    pub fn simultaneous_claim_priority(&self, claimed: &[usize]) -> Option<usize> {
        claimed
            .iter()
            .copied()
            .filter(|&i| {
                self.violations
                    .get(i)
                    .is_some_and(|v| v.window.status == crate::doko::claim::ClaimStatus::Open)
            })
            .min_by_key(|&i| self.violations[i].at_event)
    }

    /// §2.2.11: a deal by the wrong dealer may be claimed until all four players have played
    /// a card or made an announcement; after that the game is valid.
    pub fn wrong_dealer_claimable(&self) -> bool {
        let acted: std::collections::BTreeSet<_> = self
            .tricks
            .iter()
            .flat_map(|t| t.plays.iter())
            .chain(self.current.iter())
            .map(|p| p.seat)
            .chain(self.announcements.iter().map(|a| a.seat))
            .collect();
        !self.players.iter().all(|s| acted.contains(&s))
    }
}
