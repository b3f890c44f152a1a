//! The guards every step passes at append time and on replay: roles, periods (Law 92B,
//! 79C), filing (92A/92C/92D), conflicts, and the helpers they share.

use super::*;

/// Do two names of a body ("DBV", " dbv ") name the same one?
pub(super) fn same_body(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The players who may sign for a contestant (its members and captain, each once).
pub(super) fn members_and_captain(c: &Contestant) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for m in c.members.iter().chain(c.captain.iter()) {
        if !out.iter().any(|o| same_person(o, m)) {
            out.push(m.clone());
        }
    }
    out
}

/// Law 92D: whose concurrence an appeal needs, by the form of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConsentRule {
    /// Pairs: both members of the pair.
    BothMembers,
    /// Teams: the captain, as recorded.
    Captain,
    /// Teams, and no captain is recorded for this team: the captain is recorded first
    /// (`structure.contestant` with its `captain`), then the captain concurs.
    CaptainUnrecorded,
    /// Individual: the player.
    Player,
}

/// One side's consent rule (Law 92D): the rule, who may concur, the side's players (to pick
/// a captain from) and its recorded captain.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ConsentView {
    pub rule: ConsentRule,
    pub may_consent: Vec<String>,
    pub members: Vec<String>,
    pub captain: Option<String>,
}

/// Does a key holder ("Anna Berg (laptop)") name the player "Anna Berg"?
pub(crate) fn same_person(holder: &str, player: &str) -> bool {
    let h = holder.split(" (").next().unwrap_or(holder).trim();
    h.eq_ignore_ascii_case(player.trim())
}

impl Workflow {
    pub(super) fn board_seen(&mut self, slot: &Slot, wall_ms: i64) {
        self.boards.entry(slot.clone()).or_insert(wall_ms);
    }

    pub(super) fn contestant(&self, section: &str, id: &str) -> Option<&Contestant> {
        self.contestants.get(&(section.to_string(), id.to_string()))
    }

    pub(super) fn form(&self, section: &str) -> Form {
        self.forms.get(section).copied().unwrap_or(Form::Pairs)
    }

    /// Everyone who played in the match or at the table of a ruling.
    pub(super) fn players(&self, section: &str, ns: &str, ew: &str) -> Vec<String> {
        [ns, ew]
            .iter()
            .filter_map(|c| self.contestant(section, c))
            .flat_map(|c| c.members.iter().cloned().chain(c.captain.clone()))
            .collect()
    }

    /// Law 92D: the players who may consent for `appellant`: both members of a pair, the
    /// captain of a team (as recorded), the player in an individual event.
    pub fn may_consent(&self, section: &str, appellant: &str) -> Vec<String> {
        self.consent_rule(section, appellant).may_consent
    }

    /// Law 92D for one side, as the engine applies it, the screen shows it before the first
    /// try and the refusal words it: who must concur, and who of the side may be named.
    pub fn consent_rule(&self, section: &str, appellant: &str) -> ConsentView {
        let c = self.contestant(section, appellant);
        let members = c.map(|c| c.members.clone()).unwrap_or_default();
        let captain = c.and_then(|c| c.captain.clone());
        let (rule, may_consent) = match (self.form(section), &captain) {
            (Form::Teams, Some(cap)) => (ConsentRule::Captain, vec![cap.clone()]),
            (Form::Teams, None) => (ConsentRule::CaptainUnrecorded, vec![]),
            (Form::Pairs, _) => (ConsentRule::BothMembers, members.clone()),
            (Form::Individual, _) => (ConsentRule::Player, members.clone()),
        };
        ConsentView {
            rule,
            may_consent,
            members,
            captain,
        }
    }

    /// Law 92D: who must have signed an appeal by `appellant`, and whether they have.
    pub fn consent_status(&self, a: &Appeal) -> Result<(), GuardError> {
        if a.doko.is_some() {
            // Doppelkopf: the objection is the table's, at once (§8.8.7); no signatures.
            return Ok(());
        }
        let have = |n: &str| a.consents.iter().any(|c| same_person(c, n));
        let view = self.consent_rule(&a.slot.section, &a.appellant);
        let known = self.contestant(&a.slot.section, &a.appellant).is_some();
        let ok = match view.rule {
            ConsentRule::BothMembers if known => {
                view.members.len() >= 2 && view.members.iter().all(|m| have(m))
            }
            ConsentRule::BothMembers => {
                let mut d: Vec<String> = a.consents.iter().map(|c| c.to_lowercase()).collect();
                d.sort();
                d.dedup();
                d.len() >= 2
            }
            ConsentRule::Captain => have(view.captain.as_deref().unwrap_or_default()),
            ConsentRule::CaptainUnrecorded => false,
            ConsentRule::Player => !a.consents.is_empty(),
        };
        if ok {
            Ok(())
        } else {
            Err(GuardError::ConsentMissing {
                appellant: a.appellant.clone(),
                may_consent: view.may_consent,
                signed: a.consents.clone(),
                rule: view.rule,
            })
        }
    }

    pub(super) fn appeal(&self, id: &Hash32) -> Result<&Appeal, GuardError> {
        self.appeals
            .get(id)
            .ok_or_else(|| GuardError::UnknownAppeal { appeal: id.short() })
    }

    /// The pipeline an appeal follows: a Doppelkopf objection the `doko_schiedsgericht`
    /// profile (or the organiser's own transitions given for that profile).
    pub fn pipeline_of(&self, a: &Appeal) -> &[pipeline::Transition] {
        if a.doko.is_some() && self.settings.profile != pipeline::Profile::DokoSchiedsgericht {
            pipeline::DOKO
        } else {
            self.settings.pipeline()
        }
    }

    pub(super) fn transition(&self, a: &Appeal, step: Step) -> Result<State, GuardError> {
        next(self.pipeline_of(a), a.state, step)
            .ok_or_else(|| GuardError::not_allowed(a.state, step))
    }

    pub(super) fn late(&self, deadline: Option<i64>, wall: i64) -> Result<(), GuardError> {
        match deadline {
            Some(d) if wall > d => Err(GuardError::AppealLate {
                deadline: rfc3339(d),
                at: rfc3339(wall),
            }),
            _ => Ok(()),
        }
    }

    pub(super) fn appeal_deadline_of(&self, r: &RulingRec) -> Option<i64> {
        self.appeal_period_of(r).map(|(d, _)| d)
    }

    /// Law 92B: when the right to request a ruling on the board at `slot` ends.
    pub(super) fn request_deadline_of(&self, slot: &Slot) -> Option<i64> {
        request_deadline(
            &self.publications,
            &self.settings,
            &slot.section,
            self.boards.get(slot).copied(),
        )
    }

    /// The Law 92B period of a ruling: its end and what it runs from (a ruling given after
    /// its board was published gets its own, by the organiser's policy).
    pub fn appeal_period_of(&self, r: &RulingRec) -> Option<(i64, PeriodFrom)> {
        ruling_appeal_deadline(
            &self.publications,
            &self.settings,
            &r.ruling.slot.section,
            self.boards.get(&r.ruling.slot).copied(),
            r.signed.wall_ms,
        )
    }

    /// The workflow step an appeal event is, and its appeal.
    pub(super) fn step_of(p: &Payload) -> Option<(Hash32, Step)> {
        Some(match p {
            Payload::AppealConsent(c) => (c.appeal, Step::Consent),
            Payload::AppealRouted(r) => (
                r.appeal,
                match r.to {
                    Forum::ChiefTd => Step::RouteToChiefTd,
                    Forum::Committee => Step::RouteToCommittee,
                },
            ),
            Payload::CommitteeConvened(c) => (c.appeal, Step::Convene),
            Payload::AppealStatement(s) => (s.appeal, Step::Hear),
            Payload::AppealDecided(d) => (d.appeal, Step::Decide),
            Payload::AppealReferred(r) => (r.appeal, Step::Refer),
            Payload::AppealFurther(f) => (f.appeal, Step::FurtherAppeal),
            Payload::AppealWithdrawn(w) => (w.appeal, Step::Withdraw),
            Payload::AuthorityAnswered(x) => (x.appeal, Step::AuthorityAnswer),
            _ => return None,
        })
    }

    /// Whether `p`, signed by `signer` at `wall_ms`, may stand after everything folded so
    /// far. Used at append time and on replay.
    pub fn check(&self, p: &Payload, signer: &KeyInfo, wall_ms: i64) -> Result<(), GuardError> {
        self.check_settings(p)?;
        self.check_core(p, signer, wall_ms)?;
        self.conflict_open(p)
    }

    /// A competing step on an appeal with an open conflict waits for its settlement.
    pub(super) fn conflict_open(&self, p: &Payload) -> Result<(), GuardError> {
        match conflict::exclusive(p).and_then(|(id, _)| self.appeals.get(&id)) {
            Some(a) if a.open_conflict().is_some() => Err(GuardError::ConflictOpen {
                appeal: a.id.short(),
            }),
            _ => Ok(()),
        }
    }

    /// Law 93 (conflicts): the chief TD, or the chair of the appeal's committee, settles an
    /// open conflict by naming one of its steps.
    pub(super) fn check_resolution(
        &self,
        r: &crate::events::AppealConflictResolved,
        signer: &KeyInfo,
    ) -> Result<(), GuardError> {
        let a = self.appeal(&r.appeal)?;
        if !a.conflicts.iter().any(|c| c.is_open() && c.has(&r.stands)) {
            return Err(GuardError::NoConflict {
                appeal: a.id.short(),
                step: r.stands.short(),
            });
        }
        let chair = a
            .committee
            .iter()
            .chain(a.parts.iter().filter_map(|p| p.committee.as_ref()))
            .any(|c| c.chair == signer.key);
        if signer.role == Role::ChiefTd || (signer.role == Role::Committee && chair) {
            Ok(())
        } else {
            Err(GuardError::NotConflictResolver {
                holder: signer.holder.clone(),
            })
        }
    }

    /// Law 93A: an appeal (or part) at the chief TD, without a committee, is decided by the
    /// chief TD alone. Checked before the catalogue's roles, whose law for a decision is
    /// the committee's (93B): a TD's key deciding such an appeal is refused under 93A.
    fn decided_at_chief_td(&self, p: &Payload, signer: &KeyInfo) -> Result<(), GuardError> {
        let Payload::AppealDecided(d) = p else {
            return Ok(());
        };
        let at_chief = self
            .appeals
            .get(&d.appeal)
            .is_some_and(|a| a.stage(d.part).state == State::AtChiefTd);
        if at_chief && signer.role != Role::ChiefTd {
            return Err(GuardError::NotChiefTd {
                holder: signer.holder.clone(),
                role: signer.role.to_string(),
            });
        }
        Ok(())
    }

    /// The checks of [`Workflow::check`] but the conflict hold (replay decides that from
    /// what each step saw).
    pub(super) fn check_core(
        &self,
        p: &Payload,
        signer: &KeyInfo,
        wall_ms: i64,
    ) -> Result<(), GuardError> {
        // A key the log does not know is refused by the log itself (not enrolled).
        if self.keys.contains_key(&signer.key) {
            self.decided_at_chief_td(p, signer)?;
            guard::role(p, signer)?;
        }
        match p {
            Payload::Ruling(r) => {
                // Law 92B: the right to request a ruling ends with the appeal period of the
                // board's publication. The director's correction of a ruling (Law 82C)
                // follows its own rule below, a score correction (79C) is not a ruling.
                if r.corrects.is_none() {
                    if let Some(d) = self.request_deadline_of(&r.slot) {
                        if wall_ms > d {
                            return Err(GuardError::RulingLate {
                                deadline: rfc3339(d),
                                at: rfc3339(wall_ms),
                            });
                        }
                    }
                }
                if let Some(c) = &r.corrects {
                    let old = self
                        .rulings
                        .get(c)
                        .ok_or_else(|| GuardError::UnknownCorrected {
                            corrected: c.short(),
                        })?;
                    if old.signed.key != signer.key && signer.role != Role::ChiefTd {
                        return Err(GuardError::NotOwnRuling {
                            owner: old.signed.signer.clone(),
                        });
                    }
                }
                Ok(())
            }
            Payload::ScoreCorrected(c) => {
                let Some(d) =
                    correction_deadline(&self.publications, &self.settings, &c.slot.section)
                else {
                    return Ok(());
                };
                if wall_ms <= d {
                    return Ok(());
                }
                match c.late_consent {
                    None => Err(GuardError::LateCorrection {
                        deadline: rfc3339(d),
                    }),
                    Some(id) => match self.late_consents.get(&id) {
                        Some(lc) if lc.slot == c.slot => Ok(()),
                        _ => Err(GuardError::ConsentMismatch {
                            consent: id.short(),
                        }),
                    },
                }
            }
            Payload::AppealFiled(f) => self.check_filing(f, wall_ms),
            Payload::AppealConflictResolved(r) => self.check_resolution(r, signer),
            Payload::DecisionCosigned(c) => self.check_cosign(c, signer),
            Payload::AppealNotified(_)
            | Payload::AppealHearing(_)
            | Payload::AppealAnnounced(_) => self.check_procedure(p, signer, wall_ms),
            _ => match Self::step_of(p) {
                None => self.doko_check(p, signer, wall_ms).unwrap_or(Ok(())),
                Some((id, step)) => self.check_step(p, id, step, signer),
            },
        }
    }

    pub(super) fn check_filing(&self, f: &AppealFiled, wall_ms: i64) -> Result<(), GuardError> {
        let r = self
            .rulings
            .get(&f.ruling)
            .ok_or_else(|| GuardError::UnknownRuling {
                ruling: f.ruling.short(),
            })?;
        if r.ruling.category == Category::Disciplinary {
            return Err(GuardError::Disciplinary);
        }
        if f.appellant != r.ruling.ns && f.appellant != r.ruling.ew {
            return Err(GuardError::NotAtTable {
                appellant: f.appellant.clone(),
                ns: r.ruling.ns.clone(),
                ew: r.ruling.ew.clone(),
            });
        }
        self.late(self.appeal_deadline_of(r), wall_ms)?;
        if let Some(c) = self.contestant(&r.ruling.slot.section, &f.appellant) {
            for p in &f.consents {
                let known = c
                    .members
                    .iter()
                    .chain(c.captain.iter())
                    .any(|m| same_person(p, m));
                if !known {
                    return Err(GuardError::NotAConsentingPlayer {
                        player: p.clone(),
                        appellant: f.appellant.clone(),
                        may_consent: members_and_captain(c),
                    });
                }
            }
        }
        Ok(())
    }
}
