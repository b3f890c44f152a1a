//! The guards of each appeal step after filing: consent (92D), routing (93A/93B1/93B2),
//! convening and deciding (93B), the authority's answer (93C2), further appeal (93C1).

use super::checks::{members_and_captain, same_body};
use super::*;

impl Workflow {
    pub(super) fn check_step(
        &self,
        p: &Payload,
        id: Hash32,
        step: Step,
        signer: &KeyInfo,
    ) -> Result<(), GuardError> {
        let a = self.appeal(&id)?;
        if a.doko.is_some() {
            if a.state == State::Decided {
                return Err(GuardError::DokoFinal);
            }
            if step == Step::Decide {
                return Err(GuardError::DokoDecisionElsewhere);
            }
        }
        let part = part_of(p);
        let split = !a.parts.is_empty();
        if let Some(pt) = part {
            // A step of one part (Law 93B1/B2): the first routes a filed appeal in parts;
            // later ones work on an appeal in parts (or decided, for the 93B1 appeal of
            // the chief TD's law ruling to the committee).
            let first = !split && a.state == State::Filed && matches!(p, Payload::AppealRouted(_));
            let later = split && matches!(a.state, State::InParts | State::Decided);
            if !(first || later) {
                return Err(GuardError::not_allowed(a.state, step));
            }
            if pt == Part::Judgement
                && self
                    .rulings
                    .get(&a.ruling)
                    .is_some_and(|r| r.ruling.category == Category::Law)
            {
                return Err(GuardError::LawOnlyToChiefTd);
            }
            let st = a.part(pt).map_or(State::Filed, |x| x.state);
            next(self.pipeline_of(a), st, step).ok_or_else(|| GuardError::not_allowed(st, step))?;
        } else if split
            && a.state != State::FurtherAppeal
            && matches!(
                step,
                Step::RouteToChiefTd | Step::RouteToCommittee | Step::Convene | Step::Decide
            )
        {
            return Err(GuardError::PartMissing);
        } else {
            self.transition(a, step)?;
        }
        let stage = a.stage(part);
        let players = match &a.doko {
            Some(c) => self.doko_players(&c.at),
            None => self.players(&a.slot.section, &a.ns, &a.ew),
        };
        let played = |holder: &str| players.iter().any(|pl| same_person(holder, pl));
        match p {
            Payload::AppealConsent(c) => {
                // Law 92D asks for the concurrence before the appeal is heard, not within
                // the period: an appeal lodged in time takes a later consent.
                if let Some(ct) = self.contestant(&a.slot.section, &a.appellant) {
                    let known = ct
                        .members
                        .iter()
                        .chain(ct.captain.iter())
                        .any(|m| same_person(&c.player, m));
                    if !known {
                        return Err(GuardError::NotAConsentingPlayer {
                            player: c.player.clone(),
                            appellant: a.appellant.clone(),
                            may_consent: members_and_captain(ct),
                        });
                    }
                }
                Ok(())
            }
            Payload::AppealRouted(r) => {
                if a.state == State::Filed {
                    self.consent_status(a)?;
                }
                // A ruling of category `law` is law-only whatever the route says (the
                // category drives routing, bridge-laws.md §7.4).
                let law_only = match part {
                    Some(pt) => pt == Part::Law,
                    None => r.law_only || (a.state == State::Filed && a.law_only),
                };
                match r.to {
                    Forum::ChiefTd => {
                        if self.settings.committee && !law_only {
                            return Err(GuardError::JudgementToCommittee);
                        }
                    }
                    Forum::Committee => {
                        if !self.settings.committee {
                            return Err(GuardError::NoCommittee);
                        }
                        if stage.state == State::Filed && law_only {
                            return Err(GuardError::LawOnlyToChiefTd);
                        }
                        // Only the chief TD's own law ruling (93B1) goes on to the
                        // committee, not a decision on a further appeal.
                        if stage.state == State::Decided
                            && (stage.last_forum != Some(Forum::ChiefTd) || stage.further)
                        {
                            return Err(GuardError::not_allowed(stage.state, step));
                        }
                    }
                }
                Ok(())
            }
            Payload::CommitteeConvened(c) => {
                if !self.settings.committee {
                    return Err(GuardError::NoCommittee);
                }
                if a.state == State::Filed {
                    self.consent_status(a)?;
                }
                for m in &c.members {
                    let (role, holder) = self
                        .keys
                        .get(m)
                        .cloned()
                        .unwrap_or((Role::Scorer, m.short()));
                    if role != Role::Committee {
                        return Err(GuardError::NotCommitteeKey { holder });
                    }
                    if played(&holder) {
                        return Err(GuardError::MemberPlayed { holder });
                    }
                }
                let have = c.members.len() as u32;
                if have < self.settings.quorum {
                    return Err(GuardError::Quorum {
                        have,
                        quorum: self.settings.quorum,
                    });
                }
                Ok(())
            }
            Payload::AppealDecided(d) => {
                self.check_deposit(d)?;
                match stage.state {
                    State::AtChiefTd => {
                        if signer.role != Role::ChiefTd {
                            return Err(GuardError::NotChiefTd {
                                holder: signer.holder.clone(),
                                role: signer.role.to_string(),
                            });
                        }
                    }
                    _ => {
                        // Convened, or the Schiedsgericht deciding at once (Doppelkopf
                        // profile): a committee key.
                        if signer.role != Role::Committee
                            && matches!(stage.state, State::Convened | State::Filed)
                        {
                            return Err(GuardError::NotCommitteeKey {
                                holder: signer.holder.clone(),
                            });
                        }
                        if let Some(c) = stage.committee {
                            if stage.state == State::Convened
                                && !c.members.iter().any(|(k, _)| *k == signer.key)
                            {
                                return Err(GuardError::NotCommitteeMember {
                                    holder: signer.holder.clone(),
                                });
                            }
                        }
                        if played(&signer.holder) {
                            return Err(GuardError::MemberPlayed {
                                holder: signer.holder.clone(),
                            });
                        }
                        self.check_chair(a, part, &stage, signer)?;
                        // Law 93C1: a further appeal is heard afresh, by members who did
                        // not decide the appeal the first time.
                        if stage.state == State::FurtherAppeal
                            && signer.role == Role::Committee
                            && a.decisions.iter().any(|d| d.signed_by(&signer.key))
                        {
                            return Err(GuardError::DecidedBefore {
                                holder: signer.holder.clone(),
                            });
                        }
                        if stage.law_only && d.decision != Decision::RecommendationOnly {
                            return Err(GuardError::LawOnlyRecommendation);
                        }
                    }
                }
                Ok(())
            }
            Payload::AuthorityAnswered(x) => match &a.referral {
                Some((r, _)) if same_body(&r.to, &x.authority) => Ok(()),
                r => Err(GuardError::NotTheAuthority {
                    authority: x.authority.clone(),
                    referred: r.as_ref().map_or("nobody".into(), |(r, _)| r.to.clone()),
                }),
            },
            Payload::AppealFurther(_) => {
                if !self.settings.further_appeal {
                    return Err(GuardError::NoFurtherAppeal);
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}
