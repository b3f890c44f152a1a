//! Rulings, deadlines and the appeals workflow (Laws 79, 81-93), folded from the log.
//!
//! Pure: no IO and no clock. Every time check uses the signed `wall_ms` of the events (the
//! log layer refuses time running backwards against causal predecessors), and "now" for the
//! clocks view is passed in. The same [`Workflow::check`] refuses a step at append time
//! ([`append_checked`]) and flags it on replay, so a merged log can never silently apply a
//! late, unconsented or unauthorised step.

pub mod clocks;
pub mod conflict;
pub mod doko;
pub mod guard;
pub mod pipeline;
pub mod report;
pub mod stats;

use crate::events::{
    AppealDecided, AppealFiled, AppealReferred, AppealRouted, AppealSettings, AppealStatement,
    AuthorityAnswered, Category, Contestant, Decision, Form, Forum, LateCorrectionConsent, Part,
    Payload, Ruling, Slot,
};
use crate::keys::{KeyInfo, Role};
use crate::log::{CheckedEvent, Hash32, Projection, Verified};
use crate::results::Tournament;
use clocks::{
    correction_deadline, request_deadline, rfc3339, ruling_appeal_deadline, PeriodFrom, Publication,
};
pub use guard::GuardError;
use pipeline::{next, State, Step};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Who signed a step, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Signed {
    pub event: Hash32,
    pub kind: &'static str,
    pub signer: String,
    pub key: Hash32,
    pub role: Role,
    pub wall_ms: i64,
    /// RFC 3339 of `wall_ms`.
    pub time: String,
}

impl Signed {
    fn of(e: &CheckedEvent, k: &KeyInfo) -> Signed {
        Signed {
            event: e.id,
            kind: e.payload.kind(),
            signer: k.holder.clone(),
            key: k.key,
            role: k.role,
            wall_ms: e.env.wall_ms,
            time: rfc3339(e.env.wall_ms),
        }
    }
}

/// A ruling as the log holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulingRec {
    pub ruling: Ruling,
    pub signed: Signed,
    /// A later ruling that corrects this one (Law 82C).
    pub corrected_by: Option<Hash32>,
}

/// One step of an appeal, with the state it led to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRec {
    pub step: Option<Step>,
    pub signed: Signed,
    /// The appeal's state after the step.
    pub state: State,
    /// A step of one part of a mixed appeal, and the state that part reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<(Part, State)>,
}

/// One part of a mixed appeal (Law 93B1/B2): where it stands, who hears it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartRec {
    pub part: Part,
    pub state: State,
    /// The forum the part was last routed to.
    pub forum: Option<Forum>,
    pub committee: Option<Committee>,
}

/// A convened committee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Committee {
    /// `(key, holder)` of each member.
    pub members: Vec<(Hash32, String)>,
    pub chair: Hash32,
}

/// A decision with its signer and the forum that gave it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionRec {
    pub decided: AppealDecided,
    pub forum: Forum,
    pub signed: Signed,
    /// The part of a mixed appeal decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<Part>,
}

/// An appeal and everything recorded about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Appeal {
    pub id: Hash32,
    pub ruling: Hash32,
    pub slot: Slot,
    pub ns: String,
    pub ew: String,
    pub appellant: String,
    pub grounds: String,
    pub state: State,
    /// End of the Law 92B period when filed (`None`: results not yet published).
    pub deadline_ms: Option<i64>,
    pub consents: Vec<String>,
    pub route: Option<AppealRouted>,
    /// The part being heard concerns only law or regulation (Law 93B1/B3).
    pub law_only: bool,
    pub committee: Option<Committee>,
    pub statements: Vec<(AppealStatement, Signed)>,
    pub decisions: Vec<DecisionRec>,
    pub referral: Option<(AppealReferred, Signed)>,
    /// The regulating authority's answer to the referral (Law 93C2), signed for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authority: Option<(AuthorityAnswered, Signed)>,
    pub withdrawn: Option<String>,
    pub steps: Vec<StepRec>,
    /// A mixed appeal routed in parts (Law 93B1/B2): its law part and its judgement part,
    /// each following the pipeline from `filed`. Empty: the appeal is heard whole.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<PartRec>,
    /// A Doppelkopf objection (the game, the violation, the ruling and the decision).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doko: Option<doko::DokoCase>,
    /// Concurrent steps the workflow could not both apply, held until settled.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<conflict::Conflict>,
}

impl Appeal {
    /// The conflict still waiting for the chief TD or the committee chair, if any.
    pub fn open_conflict(&self) -> Option<&conflict::Conflict> {
        self.conflicts.iter().find(|c| c.is_open())
    }
    pub fn filed(&self) -> &Signed {
        &self.steps[0].signed
    }
    /// One part of a mixed appeal, if it is heard in parts.
    pub fn part(&self, p: Part) -> Option<&PartRec> {
        self.parts.iter().find(|x| x.part == p)
    }
    /// The stage a step works on: the named part of a mixed appeal, or the whole appeal.
    fn stage(&self, part: Option<Part>) -> Stage<'_> {
        match part.and_then(|p| self.part(p)) {
            Some(pr) => Stage {
                state: pr.state,
                law_only: pr.part == Part::Law,
                committee: pr.committee.as_ref(),
                last_forum: self
                    .decisions
                    .iter()
                    .rev()
                    .find(|d| d.part == part)
                    .map(|d| d.forum),
                further: self.steps.iter().any(|s| s.state == State::FurtherAppeal),
            },
            None => Stage {
                state: self.state,
                law_only: self.law_only,
                committee: self.committee.as_ref(),
                last_forum: self.decisions.last().map(|d| d.forum),
                further: self.steps.iter().any(|s| s.state == State::FurtherAppeal),
            },
        }
    }
    /// Who hears the appeal now.
    pub fn forum(&self) -> Forum {
        match self.state {
            State::AtCommittee | State::Convened => Forum::Committee,
            State::FurtherAppeal => Forum::Committee,
            _ => self.route.as_ref().map_or(Forum::Committee, |r| r.to),
        }
    }
}

impl Appeal {
    /// Applies a step of one part of a mixed appeal (Law 93B1/B2): the first such step
    /// splits the appeal into its law part and its judgement part; the appeal is decided
    /// when every part is.
    fn fold_part(
        &mut self,
        pt: Part,
        p: &Payload,
        to: State,
        keys: &BTreeMap<Hash32, (Role, String)>,
        signed: Signed,
    ) {
        if self.parts.is_empty() {
            self.parts = [Part::Law, Part::Judgement]
                .into_iter()
                .map(|part| PartRec {
                    part,
                    state: State::Filed,
                    forum: None,
                    committee: None,
                })
                .collect();
        }
        let Some(i) = self.parts.iter().position(|x| x.part == pt) else {
            return;
        };
        let from = self.parts[i].state;
        match p {
            Payload::AppealRouted(r) => {
                self.parts[i].forum = Some(r.to);
                self.parts[i].committee = None;
                self.route = Some(r.clone());
            }
            Payload::CommitteeConvened(c) => {
                let committee = Committee {
                    members: c
                        .members
                        .iter()
                        .map(|m| (*m, keys.get(m).map(|x| x.1.clone()).unwrap_or_default()))
                        .collect(),
                    chair: c.chair,
                };
                self.parts[i].committee = Some(committee.clone());
                self.committee = Some(committee);
            }
            Payload::AppealDecided(d) => self.decisions.push(DecisionRec {
                decided: (**d).clone(),
                forum: if from == State::AtChiefTd {
                    Forum::ChiefTd
                } else {
                    Forum::Committee
                },
                signed: signed.clone(),
                part: Some(pt),
            }),
            _ => {}
        }
        self.parts[i].state = to;
        self.state = if self.parts.iter().all(|x| x.state == State::Decided) {
            State::Decided
        } else {
            State::InParts
        };
        self.steps.push(StepRec {
            step: Self::step_of_part(p),
            signed,
            state: self.state,
            part: Some((pt, to)),
        });
    }

    fn step_of_part(p: &Payload) -> Option<Step> {
        Workflow::step_of(p).map(|(_, s)| s)
    }
}

/// What a routing, convening or decision works on: the whole appeal or one part.
struct Stage<'a> {
    state: State,
    law_only: bool,
    committee: Option<&'a Committee>,
    last_forum: Option<Forum>,
    further: bool,
}

/// The part a step names (routing, convening, deciding).
fn part_of(p: &Payload) -> Option<Part> {
    match p {
        Payload::AppealRouted(r) => r.part,
        Payload::CommitteeConvened(c) => c.part,
        Payload::AppealDecided(d) => d.part,
        _ => None,
    }
}

/// A step that was signed but does not stand: the guard it failed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Flag {
    pub signed: Signed,
    /// The appeal the refused step was for, if it names one.
    pub appeal: Option<Hash32>,
    pub law: &'static str,
    pub error: GuardError,
    pub message: String,
}

/// Rulings, publications, clocks and appeals as the log says them.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Workflow {
    pub settings: AppealSettings,
    pub settings_event: Option<Hash32>,
    /// Enrolled keys: role and holder (the genesis signer is the chief TD).
    pub keys: BTreeMap<Hash32, (Role, String)>,
    pub contestants: BTreeMap<(String, String), Contestant>,
    pub forms: BTreeMap<String, Form>,
    pub rulings: BTreeMap<Hash32, RulingRec>,
    /// Director calls (Law 9), by event id.
    pub calls: BTreeMap<Hash32, (crate::events::DirectorCall, Signed)>,
    pub publications: Vec<Publication>,
    pub late_consents: BTreeMap<Hash32, LateCorrectionConsent>,
    pub appeals: BTreeMap<Hash32, Appeal>,
    /// Steps refused on replay (present in a merged log, never applied).
    pub flags: Vec<Flag>,
    #[serde(skip)]
    pub rejected: BTreeSet<Hash32>,
    /// The latest signed time folded (a default "now").
    pub last_wall_ms: i64,
    /// The Doppelkopf Schiedsrichter / Schiedsgericht path.
    pub doko: doko::DokoPath,
    /// Every receipt of the log: when each step first reached another device (set by
    /// [`Folded::prepare`] before folding).
    #[serde(skip)]
    pub receipts: crate::log::time::Receipts,
    /// Deadline-sensitive steps that reached the log after their deadline: held until the
    /// chief TD signs `time.accepted` (then applied from there on).
    pub late_arrivals: BTreeMap<Hash32, LateArrival>,
    #[serde(skip)]
    held: BTreeMap<Hash32, (CheckedEvent, KeyInfo)>,
    /// The chief TD's acceptances, by the event accepted.
    pub time_accepted: BTreeMap<Hash32, (crate::events::TimeAccepted, Signed)>,
    /// When each board's first result, call or card reached the log: whether a ruling
    /// came after its score was published (Law 92B).
    #[serde(skip)]
    pub boards: BTreeMap<Slot, i64>,
    /// Concurrent competing steps of the whole log (set by [`Folded::prepare`]).
    #[serde(skip)]
    pub partners: std::collections::HashMap<Hash32, Vec<Hash32>>,
    /// Steps held in a conflict, or until their concurrent partners are folded.
    #[serde(skip)]
    conflict_held: BTreeMap<Hash32, (CheckedEvent, KeyInfo)>,
    /// Held steps waiting for that many partners still to come.
    #[serde(skip)]
    waiting: BTreeMap<Hash32, usize>,
    #[serde(skip)]
    excl_folded: BTreeSet<Hash32>,
    /// Held steps to apply now (released), and steps that pass the conflict hold.
    #[serde(skip)]
    release_queue: Vec<Hash32>,
    #[serde(skip)]
    bypass: BTreeSet<Hash32>,
}

/// A step signed in time by its author's clock that first reached another device after its
/// deadline (plus the clock tolerance): a laptop that was offline, or a backdated step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LateArrival {
    pub signed: Signed,
    /// The law whose deadline it missed on arrival (92B, 79C1).
    pub law: &'static str,
    pub deadline_ms: i64,
    pub deadline: String,
    /// When it first reached another device (that device's receipt).
    pub arrival_ms: i64,
    pub arrival: String,
    pub receipt: Hash32,
    /// Who signed the receipt.
    pub received_by: String,
    /// The chief TD's `time.accepted`, once signed.
    pub accepted: Option<Hash32>,
}

/// Do two names of a body ("DBV", " dbv ") name the same one?
fn same_body(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The players who may sign for a contestant (its members and captain, each once).
fn members_and_captain(c: &Contestant) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for m in c.members.iter().chain(c.captain.iter()) {
        if !out.iter().any(|o| same_person(o, m)) {
            out.push(m.clone());
        }
    }
    out
}

/// Does a key holder ("Anna Berg (laptop)") name the player "Anna Berg"?
pub(crate) fn same_person(holder: &str, player: &str) -> bool {
    let h = holder.split(" (").next().unwrap_or(holder).trim();
    h.eq_ignore_ascii_case(player.trim())
}

impl Workflow {
    fn board_seen(&mut self, slot: &Slot, wall_ms: i64) {
        self.boards.entry(slot.clone()).or_insert(wall_ms);
    }

    fn contestant(&self, section: &str, id: &str) -> Option<&Contestant> {
        self.contestants.get(&(section.to_string(), id.to_string()))
    }

    fn form(&self, section: &str) -> Form {
        self.forms.get(section).copied().unwrap_or(Form::Pairs)
    }

    /// Everyone who played in the match or at the table of a ruling.
    fn players(&self, section: &str, ns: &str, ew: &str) -> Vec<String> {
        [ns, ew]
            .iter()
            .filter_map(|c| self.contestant(section, c))
            .flat_map(|c| c.members.iter().cloned().chain(c.captain.clone()))
            .collect()
    }

    /// Law 92D: the players who may consent for `appellant`: both members of a pair, the
    /// captain of a team (as recorded), the player in an individual event.
    pub fn may_consent(&self, section: &str, appellant: &str) -> Vec<String> {
        match (self.form(section), self.contestant(section, appellant)) {
            (Form::Teams, Some(c)) => c.captain.iter().cloned().collect(),
            (_, Some(c)) => c.members.clone(),
            (_, None) => vec![],
        }
    }

    /// Law 92D: who must have signed an appeal by `appellant`, and whether they have.
    pub fn consent_status(&self, a: &Appeal) -> Result<(), GuardError> {
        if a.doko.is_some() {
            // Doppelkopf: the objection is the table's, at once (§8.8.7); no signatures.
            return Ok(());
        }
        let have = |n: &str| a.consents.iter().any(|c| same_person(c, n));
        let c = self.contestant(&a.slot.section, &a.appellant);
        let (ok, needed) = match (self.form(&a.slot.section), c) {
            (Form::Pairs, Some(c)) => (
                c.members.len() >= 2 && c.members.iter().all(|m| have(m)),
                format!("both members ({})", c.members.join(" and ")),
            ),
            (Form::Pairs, None) => {
                let mut d: Vec<String> = a.consents.iter().map(|c| c.to_lowercase()).collect();
                d.sort();
                d.dedup();
                (d.len() >= 2, "both members of the pair".into())
            }
            (Form::Teams, Some(c)) => match &c.captain {
                Some(cap) => (have(cap), format!("the captain ({cap})")),
                None => (false, "the captain (none recorded)".into()),
            },
            (Form::Teams, None) => (false, "the captain (none recorded)".into()),
            (Form::Individual, _) => (!a.consents.is_empty(), "the appellant".into()),
        };
        if ok {
            Ok(())
        } else {
            Err(GuardError::ConsentMissing {
                appellant: a.appellant.clone(),
                may_consent: self.may_consent(&a.slot.section, &a.appellant),
                signed: a.consents.clone(),
                needed,
                have: if a.consents.is_empty() {
                    "nobody".into()
                } else {
                    a.consents.join(", ")
                },
            })
        }
    }

    fn appeal(&self, id: &Hash32) -> Result<&Appeal, GuardError> {
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

    fn transition(&self, a: &Appeal, step: Step) -> Result<State, GuardError> {
        next(self.pipeline_of(a), a.state, step)
            .ok_or_else(|| GuardError::not_allowed(a.state, step))
    }

    fn late(&self, deadline: Option<i64>, wall: i64) -> Result<(), GuardError> {
        match deadline {
            Some(d) if wall > d => Err(GuardError::AppealLate {
                deadline: rfc3339(d),
                at: rfc3339(wall),
            }),
            _ => Ok(()),
        }
    }

    fn appeal_deadline_of(&self, r: &RulingRec) -> Option<i64> {
        self.appeal_period_of(r).map(|(d, _)| d)
    }

    /// Law 92B: when the right to request a ruling on the board at `slot` ends.
    fn request_deadline_of(&self, slot: &Slot) -> Option<i64> {
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
    fn step_of(p: &Payload) -> Option<(Hash32, Step)> {
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
        self.check_core(p, signer, wall_ms)?;
        self.conflict_open(p)
    }

    /// A competing step on an appeal with an open conflict waits for its settlement.
    fn conflict_open(&self, p: &Payload) -> Result<(), GuardError> {
        match conflict::exclusive(p).and_then(|(id, _)| self.appeals.get(&id)) {
            Some(a) if a.open_conflict().is_some() => Err(GuardError::ConflictOpen {
                appeal: a.id.short(),
            }),
            _ => Ok(()),
        }
    }

    /// Law 93 (conflicts): the chief TD, or the chair of the appeal's committee, settles an
    /// open conflict by naming one of its steps.
    fn check_resolution(
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

    /// The checks of [`Workflow::check`] but the conflict hold (replay decides that from
    /// what each step saw).
    fn check_core(&self, p: &Payload, signer: &KeyInfo, wall_ms: i64) -> Result<(), GuardError> {
        // A key the log does not know is refused by the log itself (not enrolled).
        if self.keys.contains_key(&signer.key) {
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
            _ => match Self::step_of(p) {
                None => self.doko_check(p, signer, wall_ms).unwrap_or(Ok(())),
                Some((id, step)) => self.check_step(p, id, step, signer),
            },
        }
    }

    fn check_filing(&self, f: &AppealFiled, wall_ms: i64) -> Result<(), GuardError> {
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

    fn check_step(
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
                        // Law 93C1: a further appeal is heard afresh, by members who did
                        // not decide the appeal the first time.
                        if stage.state == State::FurtherAppeal
                            && signer.role == Role::Committee
                            && a.decisions.iter().any(|d| d.signed.key == signer.key)
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

    /// The deadline a step must reach the log by, and its law.
    fn arrival_deadline(&self, p: &Payload) -> Option<(i64, &'static str)> {
        match p {
            Payload::AppealFiled(f) => self
                .rulings
                .get(&f.ruling)
                .and_then(|r| self.appeal_deadline_of(r))
                .map(|d| (d, "92B")),
            Payload::Ruling(r) if r.corrects.is_none() => {
                self.request_deadline_of(&r.slot).map(|d| (d, "92B"))
            }
            Payload::ScoreCorrected(c) if c.late_consent.is_none() => {
                correction_deadline(&self.publications, &self.settings, &c.slot.section)
                    .map(|d| (d, "79C1"))
            }
            _ => None,
        }
    }

    /// Is `e` a late arrival: a deadline-sensitive step first received by another device
    /// after its deadline plus the clock tolerance?
    fn late_arrival(&self, e: &CheckedEvent, k: &KeyInfo) -> Option<LateArrival> {
        let (d, law) = self.arrival_deadline(&e.payload)?;
        let a = self
            .receipts
            .late(e, d, self.settings.clock_tolerance_ms())?;
        Some(LateArrival {
            signed: Signed::of(e, k),
            law,
            deadline_ms: d,
            deadline: rfc3339(d),
            arrival_ms: a.ms,
            arrival: rfc3339(a.ms),
            receipt: a.receipt,
            received_by: self
                .keys
                .get(&a.by)
                .map_or_else(|| a.by.short(), |(_, h)| h.clone()),
            accepted: None,
        })
    }

    /// Held steps to apply now: a late arrival the chief TD has just accepted
    /// (`time.accepted` folded last), a step whose concurrent partners all failed their
    /// checks, the step a conflict's settlement says stands.
    fn released(&mut self, p: &Payload) -> Vec<(CheckedEvent, KeyInfo)> {
        let mut out = vec![];
        if let Payload::TimeAccepted(t) = p {
            out.extend(self.held.remove(&t.event));
        }
        for id in std::mem::take(&mut self.release_queue) {
            out.extend(self.conflict_held.remove(&id));
        }
        out
    }

    /// A competing step folded (standing, held or refused): partners held waiting for it
    /// may now be released.
    fn note_folded(&mut self, id: Hash32) {
        let Some(ps) = self.partners.get(&id).cloned() else {
            return;
        };
        self.excl_folded.insert(id);
        for p in ps {
            if let Some(n) = self.waiting.get_mut(&p) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    self.waiting.remove(&p);
                    self.bypass.insert(p);
                    self.release_queue.push(p);
                }
            }
        }
    }

    /// Holds a competing step that is concurrent with others in the log (a conflict, or
    /// one until its partners are folded). Returns whether it was held.
    fn hold_conflicting(&mut self, e: &CheckedEvent, k: &KeyInfo) -> bool {
        if self.bypass.contains(&e.id) {
            return false;
        }
        let Some(ps) = self.partners.get(&e.id).cloned() else {
            return false;
        };
        let Some((appeal, _)) = conflict::exclusive(&e.payload) else {
            return false;
        };
        let held: Vec<Hash32> = ps
            .iter()
            .filter(|p| self.conflict_held.contains_key(p))
            .copied()
            .collect();
        let remaining = ps.iter().filter(|p| !self.excl_folded.contains(p)).count();
        if held.is_empty() && remaining == 0 {
            // Every partner failed its checks: nothing competes.
            self.note_folded(e.id);
            return false;
        }
        self.conflict_held.insert(e.id, (e.clone(), k.clone()));
        if held.is_empty() {
            self.waiting.insert(e.id, remaining);
        } else {
            let signed_of = |w: &Workflow, id: &Hash32| {
                w.conflict_held.get(id).map(|(he, hk)| Signed::of(he, hk))
            };
            let mut members: Vec<Signed> =
                held.iter().filter_map(|id| signed_of(self, id)).collect();
            members.push(Signed::of(e, k));
            for id in held.iter().chain([&e.id]) {
                self.waiting.remove(id);
            }
            if let Some(a) = self.appeals.get_mut(&appeal) {
                match a
                    .conflicts
                    .iter_mut()
                    .find(|c| c.is_open() && held.iter().any(|h| c.has(h)))
                {
                    Some(c) => {
                        for m in members {
                            if !c.has(&m.event) {
                                c.steps.push(m);
                            }
                        }
                    }
                    None => a.conflicts.push(conflict::Conflict {
                        steps: members,
                        resolved: None,
                    }),
                }
            }
        }
        self.note_folded(e.id);
        true
    }

    /// Folds one event: checks it, then applies it or flags it. Returns whether it stands.
    pub fn fold(&mut self, e: &CheckedEvent, k: &KeyInfo) -> bool {
        // "Now" by default: the latest signed time, leaving out an event that its receipt
        // shows was dated ahead of the clock that received it.
        let ahead = e.env.wall_ms
            > self
                .last_wall_ms
                .saturating_add(self.settings.clock_tolerance_ms())
            && self
                .receipts
                .arrival(&e.env.author, e.env.seq)
                .is_some_and(|a| {
                    e.env.wall_ms > a.ms.saturating_add(self.settings.clock_tolerance_ms())
                });
        if !ahead {
            self.last_wall_ms = self.last_wall_ms.max(e.env.wall_ms);
        }
        let checked = self
            .check_core(&e.payload, k, e.env.wall_ms)
            .and_then(|()| {
                // A step that saw a conflict (it is concurrent with none of its steps) waits
                // for the settlement like any new step; a concurrent one joins the conflict.
                let joins = self.partners.get(&e.id).is_some_and(|ps| {
                    self.bypass.contains(&e.id)
                        || ps.iter().any(|p| self.conflict_held.contains_key(p))
                });
                if joins || self.bypass.contains(&e.id) {
                    Ok(())
                } else {
                    self.conflict_open(&e.payload)
                }
            });
        if let Err(err) = checked {
            self.note_folded(e.id);
            self.rejected.insert(e.id);
            self.flags.push(Flag {
                signed: Signed::of(e, k),
                appeal: self.appeal_named(&e.payload),
                law: err.law(),
                message: err.to_string(),
                error: err,
            });
            return false;
        }
        if !self.time_accepted.contains_key(&e.id) {
            if let Some(late) = self.late_arrival(e, k) {
                self.note_folded(e.id);
                self.late_arrivals.insert(e.id, late);
                self.held.insert(e.id, (e.clone(), k.clone()));
                return false;
            }
        }
        if self.hold_conflicting(e, k) {
            return false;
        }
        let signed = Signed::of(e, k);
        match &e.payload {
            Payload::TimeAccepted(t) => {
                if let Some(l) = self.late_arrivals.get_mut(&t.event) {
                    l.accepted = Some(e.id);
                }
                self.time_accepted.insert(t.event, (t.clone(), signed));
            }
            Payload::Genesis(_) => {
                self.keys.insert(k.key, (k.role, k.holder.clone()));
            }
            Payload::KeyEnrolled(en) => {
                self.keys.insert(en.key, (en.role, en.holder.clone()));
            }
            Payload::Section(s) => {
                self.forms.insert(s.section.clone(), s.form);
            }
            Payload::ResultRecorded(x) => self.board_seen(&x.slot, e.env.wall_ms),
            Payload::ResultNotPlayed(x) => self.board_seen(&x.slot, e.env.wall_ms),
            Payload::BridgeAuction(x) => self.board_seen(&x.slot, e.env.wall_ms),
            Payload::BridgePlay(x) => self.board_seen(&x.slot, e.env.wall_ms),
            Payload::Contestant(c) => {
                self.contestants
                    .insert((c.section.clone(), c.id.clone()), (**c).clone());
            }
            Payload::AppealSettings(s) => {
                self.settings = (**s).clone();
                self.settings_event = Some(e.id);
            }
            Payload::ResultsPublished(p) => self.publications.push(Publication {
                event: e.id,
                wall_ms: e.env.wall_ms,
                sections: p.sections.clone(),
                session: p.session.clone(),
            }),
            Payload::LateCorrectionConsent(c) => {
                self.late_consents.insert(e.id, c.clone());
            }
            Payload::DirectorCall(c) => {
                self.calls.insert(e.id, ((**c).clone(), signed));
            }
            Payload::AppealConflictResolved(r) => {
                let Some(a) = self.appeals.get_mut(&r.appeal) else {
                    return false;
                };
                let Some(c) = a
                    .conflicts
                    .iter_mut()
                    .find(|c| c.is_open() && c.has(&r.stands))
                else {
                    return false;
                };
                c.resolved = Some(conflict::Resolution {
                    stands: r.stands,
                    reason: r.reason.clone(),
                    signed,
                });
                for st in &c.steps {
                    if st.event == r.stands {
                        self.bypass.insert(st.event);
                        self.release_queue.push(st.event);
                    } else {
                        // Set aside: never applied.
                        self.conflict_held.remove(&st.event);
                    }
                }
            }
            Payload::Ruling(r) => {
                if let Some(old) = r.corrects.and_then(|c| self.rulings.get_mut(&c)) {
                    old.corrected_by = Some(e.id);
                }
                self.rulings.insert(
                    e.id,
                    RulingRec {
                        ruling: (**r).clone(),
                        signed,
                        corrected_by: None,
                    },
                );
            }
            Payload::DokoSeating(_)
            | Payload::DokoGame(_)
            | Payload::DokoRuling(_)
            | Payload::DokoEvent(_)
            | Payload::DokoSchiedsgericht(_) => self.doko_fold(e, &signed),
            Payload::AppealFiled(f) => {
                let Some(r) = self.rulings.get(&f.ruling) else {
                    return false;
                };
                let appeal = Appeal {
                    id: e.id,
                    ruling: f.ruling,
                    slot: r.ruling.slot.clone(),
                    ns: r.ruling.ns.clone(),
                    ew: r.ruling.ew.clone(),
                    appellant: f.appellant.clone(),
                    grounds: f.grounds.clone(),
                    state: State::Filed,
                    deadline_ms: self.appeal_deadline_of(r),
                    consents: f.consents.clone(),
                    route: None,
                    law_only: r.ruling.category == Category::Law,
                    committee: None,
                    statements: vec![],
                    decisions: vec![],
                    referral: None,
                    authority: None,
                    withdrawn: None,
                    steps: vec![StepRec {
                        step: None,
                        signed,
                        state: State::Filed,
                        part: None,
                    }],
                    parts: vec![],
                    conflicts: vec![],
                    doko: None,
                };
                self.appeals.insert(e.id, appeal);
            }
            p => {
                let Some((id, step)) = Self::step_of(p) else {
                    return true;
                };
                let part = part_of(p);
                let Some(to) = self.appeals.get(&id).and_then(|a| {
                    let from = match part {
                        Some(pt) => a.part(pt).map_or(State::Filed, |x| x.state),
                        None => a.state,
                    };
                    next(self.pipeline_of(a), from, step)
                }) else {
                    return true;
                };
                let keys = self.keys.clone();
                let Some(a) = self.appeals.get_mut(&id) else {
                    return true;
                };
                if let Some(pt) = part {
                    a.fold_part(pt, p, to, &keys, signed);
                    return true;
                }
                let from = a.state;
                match p {
                    Payload::AppealConsent(c) => a.consents.push(c.player.clone()),
                    Payload::AppealRouted(r) => {
                        if from == State::Decided {
                            // Law 93B1: an appeal of the chief TD's law ruling; the
                            // committee may only recommend (93B3).
                            a.law_only = true;
                        } else {
                            a.law_only = a.law_only || r.law_only;
                        }
                        a.route = Some(r.clone());
                        a.committee = None;
                    }
                    Payload::CommitteeConvened(c) => {
                        a.committee = Some(Committee {
                            members: c
                                .members
                                .iter()
                                .map(|m| (*m, keys.get(m).map(|x| x.1.clone()).unwrap_or_default()))
                                .collect(),
                            chair: c.chair,
                        })
                    }
                    Payload::AppealStatement(s) => a.statements.push((s.clone(), signed.clone())),
                    Payload::AppealDecided(d) => {
                        // A further appeal (93C1) is decided by its body, which signs with
                        // a committee or the chief TD's key: the forum is the signer's.
                        let forum = if from == State::AtChiefTd
                            || (from == State::FurtherAppeal && signed.role == Role::ChiefTd)
                        {
                            Forum::ChiefTd
                        } else {
                            Forum::Committee
                        };
                        a.decisions.push(DecisionRec {
                            decided: (**d).clone(),
                            forum,
                            signed: signed.clone(),
                            part: None,
                        })
                    }
                    Payload::AppealReferred(r) => a.referral = Some((r.clone(), signed.clone())),
                    Payload::AppealWithdrawn(w) => a.withdrawn = Some(w.reason.clone()),
                    Payload::AuthorityAnswered(x) => {
                        a.authority = Some(((**x).clone(), signed.clone()))
                    }
                    _ => {}
                }
                a.state = to;
                a.steps.push(StepRec {
                    step: Some(step),
                    signed,
                    state: to,
                    part: None,
                });
            }
        }
        true
    }

    /// Open clocks at `now_ms`: correction and appeal periods still running, with time left.
    pub fn clocks(&self, now_ms: i64) -> Vec<OpenClock> {
        let mut out = vec![];
        let mut sections: BTreeSet<String> = self.forms.keys().cloned().collect();
        for p in &self.publications {
            sections.extend(p.sections.iter().cloned());
        }
        if sections.is_empty() {
            sections.insert("A".into());
        }
        for s in &sections {
            if let Some(d) = correction_deadline(&self.publications, &self.settings, s) {
                if d >= now_ms {
                    out.push(OpenClock {
                        what: "correction_period",
                        law: "79C1",
                        section: s.clone(),
                        subject: None,
                        from: Some(PeriodFrom::Publication),
                        ends: rfc3339(d),
                        ends_ms: d,
                        left_s: (d - now_ms) / 1000,
                    });
                }
            }
        }
        for (id, r) in &self.rulings {
            if r.ruling.category == Category::Disciplinary || r.corrected_by.is_some() {
                continue;
            }
            if let Some((d, from)) = self.appeal_period_of(r) {
                if d >= now_ms {
                    out.push(OpenClock {
                        what: "appeal_period",
                        law: "92B",
                        section: r.ruling.slot.section.clone(),
                        subject: Some(*id),
                        from: Some(from),
                        ends: rfc3339(d),
                        ends_ms: d,
                        left_s: (d - now_ms) / 1000,
                    });
                }
            }
        }
        out.sort_by(|a, b| (a.ends_ms, a.what).cmp(&(b.ends_ms, b.what)));
        out
    }

    /// How an appeal stands at `now_ms`, for views: `conflict` while concurrent steps wait
    /// for the chief TD or the committee chair; its state, or `not_heard` when the
    /// appeal period ended without the consent Law 92D requires (state machine C: an
    /// appeal without it "shall not be heard").
    pub fn status(&self, a: &Appeal, now_ms: i64) -> &'static str {
        if a.open_conflict().is_some() {
            return "conflict";
        }
        let expired = a.deadline_ms.is_some_and(|d| now_ms > d);
        if a.state == State::Filed && expired && self.consent_status(a).is_err() {
            "not_heard"
        } else {
            a.state.as_str()
        }
    }

    /// Doppelkopf (Eppstein): play at the table is suspended while an objection is open
    /// before the Schiedsgericht.
    pub fn play_suspended(&self, a: &Appeal) -> bool {
        (self.settings.profile == pipeline::Profile::DokoSchiedsgericht || a.doko.is_some())
            && !matches!(a.state, State::Decided | State::Withdrawn)
    }

    /// The appeal a step names (a Doppelkopf decision names it through its ruling).
    fn appeal_named(&self, p: &Payload) -> Option<Hash32> {
        if let Some((id, _)) = Self::step_of(p) {
            return Some(id);
        }
        let (at, v) = match p {
            Payload::DokoEvent(x) => match x.event {
                crate::doko::game::GameEvent::Appealed { violation } => (x.at, violation),
                _ => return None,
            },
            Payload::DokoSchiedsgericht(x) => match x.event {
                crate::doko::game::GameEvent::TribunalDecided { violation, .. } => {
                    (x.at, violation)
                }
                _ => return None,
            },
            _ => return None,
        };
        self.doko.rulings.get(&(at, v)).and_then(|r| r.appeal)
    }

    /// The appeal whose id starts with `prefix` (hex), if exactly one does.
    pub fn find_appeal(&self, prefix: &str) -> Option<&Appeal> {
        let p = prefix.to_ascii_lowercase();
        let mut it = self
            .appeals
            .values()
            .filter(|a| a.id.to_hex().starts_with(&p));
        match (it.next(), it.next()) {
            (Some(a), None) => Some(a),
            _ => None,
        }
    }
}

/// A deadline still running.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpenClock {
    pub what: &'static str,
    pub law: &'static str,
    pub section: String,
    /// The ruling an appeal period belongs to.
    pub subject: Option<Hash32>,
    /// What the period runs from (publication, the ruling, a republication).
    pub from: Option<PeriodFrom>,
    pub ends: String,
    pub ends_ms: i64,
    pub left_s: i64,
}

impl Projection for Workflow {
    fn apply(&mut self, e: &CheckedEvent, signer: &KeyInfo) {
        self.fold(e, signer);
        for (he, hk) in self.released(&e.payload) {
            self.apply(&he, &hk);
        }
    }
}

/// The workflow and the tournament folded together: a step the workflow refuses never
/// reaches the scores, and a committee's changed score becomes the board's adjusted score.
#[derive(Debug, Clone, Default)]
pub struct Folded {
    pub workflow: Workflow,
    pub tournament: Tournament,
    /// The Doppelkopf tables: an objection or decision the workflow refuses never reaches
    /// a game list.
    pub doko: crate::doko::tables::DokoTables,
}

impl crate::results::audit::TournamentFold for Folded {
    fn tournament_mut(&mut self) -> &mut Tournament {
        &mut self.tournament
    }
    fn prepare(&mut self, v: &Verified) {
        Folded::prepare(self, v);
    }
}

impl Folded {
    /// Sets what folding needs to know of the whole log beforehand: its receipts (a step's
    /// arrival is known only from receipts signed after it).
    pub fn prepare(&mut self, v: &Verified) {
        self.workflow.receipts = crate::log::time::Receipts::from_events(&v.events);
        self.workflow.partners = conflict::partners(&v.events);
    }
}

impl Projection for Folded {
    fn apply(&mut self, e: &CheckedEvent, k: &KeyInfo) {
        let stands = self.workflow.fold(e, k);
        for (he, hk) in self.workflow.released(&e.payload) {
            self.apply(&he, &hk);
        }
        if !stands {
            return;
        }
        self.tournament.apply(e, k);
        self.doko.apply(e, k);
        let appeal_of = |id: &Hash32| self.workflow.appeals.get(id).cloned();
        match &e.payload {
            Payload::AppealFiled(_) => {
                if let Some(a) = appeal_of(&e.id) {
                    let why = format!("appeal by {}: {}", a.appellant, a.grounds);
                    self.tournament
                        .annotate(e, k, &a.slot, Some("92".into()), Some(why));
                }
            }
            Payload::AppealDecided(d) => {
                if let Some(a) = appeal_of(&d.appeal) {
                    let law = (!d.laws.is_empty()).then(|| d.laws.join(", "));
                    let why = format!("{}: {}", d.decision.as_str(), d.reasoning);
                    match &d.adjustment {
                        Some(adj) if d.decision == Decision::Changed => {
                            let l = law.clone().unwrap_or_else(|| "93B".into());
                            self.tournament.adjust(
                                e,
                                k,
                                &a.slot,
                                &a.ns,
                                &a.ew,
                                l,
                                adj.clone(),
                                why,
                            );
                        }
                        _ => self.tournament.annotate(e, k, &a.slot, law, Some(why)),
                    }
                }
            }
            Payload::AuthorityAnswered(x) => {
                if let Some(a) = appeal_of(&x.appeal) {
                    let law = (!x.laws.is_empty()).then(|| x.laws.join(", "));
                    let why = format!(
                        "{} ({}): {}: {}",
                        x.authority,
                        x.document,
                        x.decision.as_str(),
                        x.reasoning
                    );
                    match &x.adjustment {
                        Some(adj) if x.decision == Decision::Changed => {
                            let l = law.clone().unwrap_or_else(|| "93C2".into());
                            self.tournament.adjust(
                                e,
                                k,
                                &a.slot,
                                &a.ns,
                                &a.ew,
                                l,
                                adj.clone(),
                                why,
                            );
                        }
                        _ => self.tournament.annotate(e, k, &a.slot, law, Some(why)),
                    }
                }
            }
            Payload::AppealWithdrawn(w) => {
                if let Some(a) = appeal_of(&w.appeal) {
                    self.tournament
                        .annotate(e, k, &a.slot, None, Some(w.reason.clone()));
                }
            }
            _ => {}
        }
    }
}

/// Folds a verified log (up to and including event `stop`, if given).
pub fn fold(v: &Verified, stop: Option<Hash32>) -> Folded {
    let mut f = Folded::default();
    f.prepare(v);
    for e in &v.events {
        if let Some(k) = v.keys.get(&e.env.author) {
            f.apply(e, k);
        }
        if Some(e.id) == stop {
            break;
        }
    }
    f
}

/// Why an append through [`append_checked`] was refused.
#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    #[error("refused: {0}")]
    Guard(#[from] GuardError),
    /// The Doppelkopf rules refuse the step (a result that is not the table's next game, a
    /// correction that does not suit the round, §8.2, a deduction over §8.7.2(b)); names its §.
    #[error("refused: {0}")]
    Doko(#[from] crate::doko::DokoError),
    #[error(transparent)]
    Log(Box<crate::log::LogError>),
}

impl From<crate::log::LogError> for AppendError {
    fn from(e: crate::log::LogError) -> Self {
        AppendError::Log(Box::new(e))
    }
}

/// Appends `payload` signed by `key` at `now_ms` (the caller's clock), after the workflow
/// guards: a late, unconsented or unauthorised step is refused and nothing is written.
pub fn append_checked(
    log: &mut crate::log::Log,
    key: &crate::keys::DeviceKey,
    payload: Payload,
    now_ms: i64,
) -> Result<Hash32, AppendError> {
    let v = log.verify(None)?;
    let f = fold(&v, None);
    // The time the store will sign: never earlier than what the event follows, never
    // dragged forward by an event dated ahead of this clock (log::store).
    let wall = log.next_wall_ms(&key.public(), now_ms)?;
    let me = key.public();
    let signer = v.keys.get(&me).cloned().unwrap_or(KeyInfo {
        key: me,
        role: Role::Scorer,
        holder: me.short(),
        enrolled_by: Hash32::default(),
        revoked: None,
    });
    f.doko.check_append(&payload, &signer)?;
    f.workflow.check(&payload, &signer, wall)?;
    log.set_clock(move || wall);
    Ok(log.append(key, payload)?)
}
