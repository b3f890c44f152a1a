//! Claims ("Reklamation", §8.8) and the appeal path (§7.1.1, §8.8.7): who may claim, when
//! the right is lost, the binding partner answer, and that the Schiedsgericht is final.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use super::error::DokoError;
use super::profile::{ClaimRightLoss, Profile};
use super::seat::{Party, Seat};

/// State of the claim window on one violation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ClaimStatus {
    /// Not yet noticeable by all players (§8.8.3 "sobald … entdeckt werden konnte").
    Pending,
    Open,
    Claimed {
        by: Seat,
    },
    /// Nobody eligible claimed in time: the irregular action is a valid move (§8.8.3).
    BecameValid,
}

/// One violation's claim window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClaimWindow {
    pub offender: Seat,
    /// Who may claim (§8.8.1), fixed when the violation became noticeable.
    pub eligible: BTreeSet<Seat>,
    /// Eligible players who have lost the right by playing on (§8.8.3).
    pub lost: BTreeSet<Seat>,
    pub status: ClaimStatus,
}

/// §8.8.1: every player but the offender while the partnership is unclear, afterwards only
/// the offender's opponents.
pub fn eligible_claimants(
    offender: Seat,
    parties: &BTreeMap<Seat, Party>,
    partnership_clear: bool,
) -> BTreeSet<Seat> {
    let off = parties.get(&offender).copied();
    parties
        .iter()
        .filter(|(&s, &p)| s != offender && (!partnership_clear || Some(p) != off))
        .map(|(&s, _)| s)
        .collect()
}

impl ClaimWindow {
    /// A window for a violation, pending until it is noticeable by everyone.
    pub fn new(offender: Seat) -> ClaimWindow {
        ClaimWindow {
            offender,
            eligible: BTreeSet::new(),
            lost: BTreeSet::new(),
            status: ClaimStatus::Pending,
        }
    }

    /// The violation became noticeable by all players: open the window.
    pub fn open(&mut self, parties: &BTreeMap<Seat, Party>, partnership_clear: bool) {
        if self.status == ClaimStatus::Pending {
            self.eligible = eligible_claimants(self.offender, parties, partnership_clear);
            self.status = ClaimStatus::Open;
            self.settle();
        }
    }

    fn settle(&mut self) {
        if self.status == ClaimStatus::Open && self.eligible.is_subset(&self.lost) {
            self.status = ClaimStatus::BecameValid;
        }
    }

    /// `seat` played a card or made an announcement (§8.8.3).
    pub fn on_action(&mut self, seat: Seat, profile: &Profile) {
        if self.status != ClaimStatus::Open {
            return;
        }
        match profile.claim_right_loss {
            ClaimRightLoss::PerPlayer => {
                if self.eligible.contains(&seat) {
                    self.lost.insert(seat);
                }
            }
            ClaimRightLoss::AnyContinues => {
                if self.eligible.contains(&seat) {
                    self.lost = self.eligible.clone();
                }
            }
        }
        self.settle();
    }

    /// Can `seat` still claim?
    pub fn may_claim(&self, seat: Seat) -> bool {
        self.status == ClaimStatus::Open
            && self.eligible.contains(&seat)
            && !self.lost.contains(&seat)
    }

    /// `seat` claims (§8.8.3). Errors say why the claim is not admissible.
    pub fn claim(&mut self, seat: Seat) -> Result<(), DokoError> {
        match self.status {
            ClaimStatus::Pending => Err(DokoError::Penalty(format!(
                "8.8.3: {seat} claims before the violation could be noticed by all players"
            ))),
            ClaimStatus::Claimed { by } => Err(DokoError::Penalty(format!(
                "8.8.6: already claimed by {by}"
            ))),
            ClaimStatus::BecameValid => Err(DokoError::Penalty(format!(
                "8.8.3: too late for {seat}; the action became a valid move"
            ))),
            ClaimStatus::Open if !self.eligible.contains(&seat) => Err(DokoError::Penalty(format!(
                "8.8.1: {seat} may not claim (offender, or the offender's partner once the partnership is clear)"
            ))),
            ClaimStatus::Open if self.lost.contains(&seat) => Err(DokoError::Penalty(format!(
                "8.8.3: {seat} played on and lost the right to claim"
            ))),
            ClaimStatus::Open => {
                self.status = ClaimStatus::Claimed { by: seat };
                Ok(())
            }
        }
    }

    /// §8.8.4: `asker` asks `partner`; the answer is binding for both. "Reklamation" is a
    /// claim; "keine Reklamation" gives up both rights.
    pub fn partner_answer(
        &mut self,
        asker: Seat,
        partner: Seat,
        reklamation: bool,
    ) -> Result<(), DokoError> {
        if !self.may_claim(asker) {
            return Err(DokoError::Penalty(format!(
                "8.8.4: {asker} has no right to claim and cannot ask"
            )));
        }
        if asker == partner || !self.eligible.contains(&partner) {
            return Err(DokoError::Penalty(format!(
                "8.8.4: {partner} is not a fellow claimant {asker} may ask"
            )));
        }
        if reklamation {
            self.status = ClaimStatus::Claimed { by: partner };
        } else {
            self.lost.insert(asker);
            self.lost.insert(partner);
            self.settle();
        }
        Ok(())
    }
}

/// Where a claimed violation's ruling stands (§7.1.1, §8.8.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum RulingStage<R> {
    /// The Schiedsrichter's ruling; play may resume.
    Referee(R),
    /// Appealed at once; play suspended until the Schiedsgericht decides.
    Appealed { referee: R },
    /// The Schiedsgericht's decision: final.
    Tribunal { referee: R, decision: R },
}

impl<R: Clone> RulingStage<R> {
    /// An appeal is admissible only immediately, before play resumed (§8.8.7).
    pub fn appeal(self, play_resumed: bool) -> Result<RulingStage<R>, DokoError> {
        match self {
            RulingStage::Referee(r) if !play_resumed => Ok(RulingStage::Appealed { referee: r }),
            RulingStage::Referee(_) => Err(DokoError::Penalty(
                "8.8.7: an appeal must be made at once; play has resumed".into(),
            )),
            _ => Err(DokoError::Penalty(
                "7.1.1: the Schiedsgericht's decision is final; no further appeal".into(),
            )),
        }
    }

    /// The Schiedsgericht decides an appeal.
    pub fn decide(self, decision: R) -> Result<RulingStage<R>, DokoError> {
        match self {
            RulingStage::Appealed { referee } => Ok(RulingStage::Tribunal { referee, decision }),
            _ => Err(DokoError::Penalty(
                "8.8.7: the Schiedsgericht decides only an appealed ruling".into(),
            )),
        }
    }

    /// The ruling in force (`None` while suspended by an appeal).
    pub fn in_force(&self) -> Option<&R> {
        match self {
            RulingStage::Referee(r) => Some(r),
            RulingStage::Appealed { .. } => None,
            RulingStage::Tribunal { decision, .. } => Some(decision),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parties() -> BTreeMap<Seat, Party> {
        BTreeMap::from([
            (Seat::A, Party::Re),
            (Seat::B, Party::Kontra),
            (Seat::C, Party::Re),
            (Seat::D, Party::Kontra),
        ])
    }

    #[test]
    fn clear_partnership_leaves_only_opponents_8_8_1() {
        let e = eligible_claimants(Seat::A, &parties(), true);
        assert_eq!(e, [Seat::B, Seat::D].into_iter().collect());
        let e = eligible_claimants(Seat::A, &parties(), false);
        assert_eq!(e, [Seat::B, Seat::C, Seat::D].into_iter().collect());
    }

    #[test]
    fn any_continues_reading_ends_every_right_a23() {
        let mut p = Profile::eppstein_2001();
        p.claim_right_loss = ClaimRightLoss::AnyContinues;
        let mut w = ClaimWindow::new(Seat::A);
        w.open(&parties(), false);
        w.on_action(Seat::A, &p); // the offender playing on changes nothing
        assert_eq!(w.status, ClaimStatus::Open);
        w.on_action(Seat::B, &p);
        assert_eq!(w.status, ClaimStatus::BecameValid);
        assert!(w.claim(Seat::C).is_err());
    }

    #[test]
    fn partner_must_be_a_fellow_claimant_8_8_4() {
        let mut w = ClaimWindow::new(Seat::A);
        w.open(&parties(), true);
        assert!(w.partner_answer(Seat::B, Seat::A, true).is_err());
        assert!(w.partner_answer(Seat::B, Seat::B, true).is_err());
        w.partner_answer(Seat::B, Seat::D, true).unwrap();
        assert_eq!(w.status, ClaimStatus::Claimed { by: Seat::D });
    }
}
