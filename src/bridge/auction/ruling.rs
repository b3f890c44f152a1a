//! Applying a ruling: the effects of a decision-tree branch on the recorded auction.
use super::*;

impl Auction {
    /// Apply a ruling: the branch `branch` of the decision tree of call `index`'s law.
    pub fn rule(&mut self, index: usize, branch: &str) -> Result<(), RulingError> {
        let e = self
            .entries
            .get(index)
            .ok_or(RulingError::NoSuchCall(index))?;
        let irr = e
            .irregularity
            .clone()
            .ok_or(RulingError::NotIrregular(index))?;
        let tree = irregularity::auction_tree(&irr.law).ok_or(RulingError::NotIrregular(index))?;
        if tree.branch(branch).is_none() {
            return Err(RulingError::WrongBranch {
                law: irr.law,
                branch: branch.to_string(),
            });
        }
        self.apply_branch(index, branch);
        Ok(())
    }

    pub(crate) fn apply_branch(&mut self, index: usize, branch_id: &str) {
        let Some(irr) = self.entries[index].irregularity.clone() else {
            return;
        };
        let Some(tree) = irregularity::auction_tree(&irr.law) else {
            return;
        };
        let Some(branch) = tree.branch(branch_id).cloned() else {
            return;
        };
        let offender = irr.offender;
        let cancel = |e: &mut Entry| {
            if !matches!(e.status, Status::Cancelled { .. }) {
                e.status = Status::Cancelled {
                    law: branch_id.to_string(),
                };
                e.skipped.clear();
            }
        };
        for effect in &branch.effects {
            match effect {
                Effect::CallStands => self.entries[index].status = Status::Standing,
                Effect::CancelCall | Effect::OriginalStands => cancel(&mut self.entries[index]),
                Effect::CancelLaterCalls => {
                    for e in self.entries.iter_mut().skip(index + 1) {
                        cancel(e);
                    }
                }
                Effect::ReplaceWithPass => {
                    cancel(&mut self.entries[index]);
                    self.entries.insert(
                        index + 1,
                        Entry {
                            seat: offender,
                            call: Call::Pass,
                            status: Status::Standing,
                            irregularity: None,
                            forced_by: Some(branch_id.to_string()),
                            skipped: Vec::new(),
                        },
                    );
                    self.consume_next_turn_bar(offender);
                }
                Effect::CancelPreviousCall => {
                    if let Some(prev) = (0..index).rev().find(|&j| {
                        self.entries[j].seat == offender && Auction::counts(&self.entries[j])
                    }) {
                        cancel(&mut self.entries[prev]);
                    }
                    self.entries[index].status = Status::Standing;
                }
                Effect::OffenderMustRepeat => self.flags.push(Flag::MustRepeat {
                    seat: offender,
                    call: self.entries[index].call,
                    law: branch_id.to_string(),
                }),
                Effect::Bar { who, length } => {
                    let seats = match who {
                        Who::Offender => vec![offender],
                        Who::Partner => vec![offender.partner()],
                        Who::BothOffenders => vec![offender, offender.partner()],
                    };
                    for seat in seats {
                        self.bars.push(Bar {
                            seat,
                            length: *length,
                            law: branch_id.to_string(),
                            active: true,
                        });
                    }
                }
                Effect::LeadRestrictionMayApply => self.flags.push(Flag::LeadRestriction {
                    offender,
                    law: branch_id.to_string(),
                }),
                Effect::UnauthorisedForOffenders => {
                    self.flags.push(Flag::UnauthorisedInformation {
                        offending_side: offender.side(),
                        law: branch_id.to_string(),
                    })
                }
                Effect::ReviewAtEnd { law } => self.flags.push(Flag::Review {
                    law: law.to_string(),
                    entry: index,
                }),
                Effect::RouteTo { law } => {
                    if let Some(irr) = self.entries[index].irregularity.as_mut() {
                        irr.law = law.to_string();
                    }
                }
                Effect::ScoreAsIfNotMade => {
                    self.entries[index].status = Status::Standing;
                    self.flags.push(Flag::ScoreAsIfNotMade { entry: index })
                }
                _ => {}
            }
        }
        self.rulings.push((index, branch_id.to_string()));
    }

    /// Law 26B: offenders whose withdrawn calls allow a lead restriction, now that `declarer`
    /// is known (only if the offender is a defender).
    pub fn lead_restriction_offenders(&self, declarer: Seat) -> Vec<Seat> {
        let mut v: Vec<Seat> = self
            .flags
            .iter()
            .filter_map(|f| match f {
                Flag::LeadRestriction { offender, .. } if offender.side() != declarer.side() => {
                    Some(*offender)
                }
                _ => None,
            })
            .collect();
        v.dedup();
        v
    }
}
