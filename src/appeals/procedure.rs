//! The procedure around the hearing (Law 93 and the regulations): the parties notified,
//! the hearing's record (when, where, who attended), the decision announced; and the
//! deposit, which follows the organiser's settings (version 3 on): returned unless the
//! appeal is judged without merit (Law 92A). None of these steps changes a state or a score.

use super::*;
use crate::events::Deposit;

/// A procedure step as the appeal keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Procedure<T> {
    #[serde(flatten)]
    pub step: T,
    pub signed: Signed,
}

/// The appeal a procedure step names.
pub(super) fn appeal_of(p: &Payload) -> Option<Hash32> {
    match p {
        Payload::AppealNotified(x) => Some(x.appeal),
        Payload::AppealHearing(x) => Some(x.appeal),
        Payload::AppealAnnounced(x) => Some(x.appeal),
        _ => None,
    }
}

impl Workflow {
    /// Whether the deposit rule of settings version 3 applies (older settings keep what
    /// their decisions said, so no signed log reads differently).
    fn deposit_rule(&self) -> bool {
        self.settings_version.is_some_and(|v| v >= 3)
    }

    /// Law 92A and the organiser's settings: a deposit is kept only when the appeal is
    /// judged without merit, and only if the organiser set one.
    pub(super) fn check_deposit(&self, d: &AppealDecided) -> Result<(), GuardError> {
        if !self.deposit_rule() || d.deposit != Some(Deposit::Kept) {
            return Ok(());
        }
        if self.settings.deposit.is_none() {
            return Err(GuardError::NoDeposit);
        }
        if d.decision != Decision::WithoutMerit {
            return Err(GuardError::DepositKeptWithMerit {
                decision: d.decision.as_str().into(),
            });
        }
        Ok(())
    }

    /// What happens to the deposit of decision `d` under the settings in force: as the
    /// decision says, or by the rule when it says nothing (kept when without merit,
    /// returned otherwise); `None` when no deposit is set and the decision names none.
    pub(super) fn deposit_of(&self, d: &AppealDecided) -> Option<Deposit> {
        if !self.deposit_rule() || self.settings.deposit.is_none() {
            return d.deposit;
        }
        Some(
            d.deposit
                .unwrap_or(if d.decision == Decision::WithoutMerit {
                    Deposit::Kept
                } else {
                    Deposit::Returned
                }),
        )
    }

    /// The guards of the procedure steps: the appeal exists and is in a state where the
    /// step makes sense; a hearing is recorded by who hears it, once it has begun; only a
    /// decision that stands is announced.
    pub(super) fn check_procedure(
        &self,
        p: &Payload,
        signer: &KeyInfo,
        wall_ms: i64,
    ) -> Result<(), GuardError> {
        let Some(id) = appeal_of(p) else {
            return Ok(());
        };
        let a = self.appeal(&id)?;
        match p {
            Payload::AppealNotified(_) => match a.state {
                State::Decided | State::Withdrawn => {
                    Err(GuardError::not_allowed(a.state, Step::Hear).named("notify"))
                }
                _ => Ok(()),
            },
            Payload::AppealHearing(h) => {
                if matches!(a.state, State::Filed | State::Withdrawn) {
                    return Err(GuardError::not_allowed(a.state, Step::Hear).named("hearing"));
                }
                if h.began_ms > wall_ms.saturating_add(self.settings.clock_tolerance_ms()) {
                    return Err(GuardError::HearingInFuture {
                        began: rfc3339(h.began_ms),
                        at: rfc3339(wall_ms),
                    });
                }
                let filed = a.filed().wall_ms;
                if h.began_ms < filed {
                    return Err(GuardError::HearingBeforeFiling {
                        began: rfc3339(h.began_ms),
                        filed: rfc3339(filed),
                    });
                }
                let member = a
                    .committee
                    .iter()
                    .chain(a.parts.iter().filter_map(|p| p.committee.as_ref()))
                    .any(|c| c.members.iter().any(|(k, _)| *k == signer.key));
                if signer.role == Role::Committee && !member {
                    return Err(GuardError::NotCommitteeMember {
                        holder: signer.holder.clone(),
                    });
                }
                Ok(())
            }
            Payload::AppealAnnounced(x) => {
                if a.authority
                    .as_ref()
                    .is_some_and(|(_, s)| s.event == x.decision)
                {
                    return Ok(());
                }
                let d = a
                    .decisions
                    .iter()
                    .find(|d| d.signed.event == x.decision)
                    .ok_or_else(|| GuardError::UnknownDecision {
                        decision: x.decision.short(),
                    })?;
                if !d.effective {
                    return Err(GuardError::DecisionNotInForce {
                        decision: x.decision.short(),
                        have: d.concurring(),
                        quorum: d.quorum,
                    });
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Keeps a procedure step on its appeal.
    pub(super) fn fold_procedure(&mut self, p: &Payload, signed: Signed) {
        let Some(a) = appeal_of(p).and_then(|id| self.appeals.get_mut(&id)) else {
            return;
        };
        match p {
            Payload::AppealNotified(x) => a.notices.push(Procedure {
                step: x.clone(),
                signed,
            }),
            Payload::AppealHearing(x) => a.hearings.push(Procedure {
                step: x.clone(),
                signed,
            }),
            Payload::AppealAnnounced(x) => a.announcements.push(Procedure {
                step: x.clone(),
                signed,
            }),
            _ => {}
        }
    }
}

impl GuardError {
    /// A pipeline refusal naming a procedure step (which is not a pipeline step).
    fn named(self, step: &str) -> GuardError {
        match self {
            GuardError::NotAllowed { state, .. } => GuardError::NotAllowed {
                state,
                step: step.into(),
            },
            e => e,
        }
    }
}
