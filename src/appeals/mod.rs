//! Rulings, deadlines and the appeals workflow (Laws 79, 81-93), folded from the log.
//!
//! Pure: no IO and no clock. Every time check uses the signed `wall_ms` of the events (the
//! log layer refuses time running backwards against causal predecessors), and "now" for the
//! clocks view is passed in. The same [`Workflow::check`] refuses a step at append time
//! ([`append_checked`]) and flags it on replay, so a merged log can never silently apply a
//! late, unconsented or unauthorised step.

mod checks;
pub mod clocks;
pub mod committee;
pub mod conflict;
pub mod doko;
pub mod guard;
mod hold;
/// The appeals state machines: data of the event catalogue (`events::pipeline`), kept
/// under this name for the workflow that runs them.
pub use crate::events::pipeline;
pub mod doko_append;
mod refusal;
pub use refusal::refusal;
pub mod procedure;
mod records;
pub mod report;
pub mod stats;
mod steps;

pub(crate) use checks::same_person;
pub use records::*;

use crate::events::{
    AppealDecided, AppealFiled, AppealReferred, AppealRouted, AppealSettings, AppealStatement,
    AuthorityAnswered, Category, Contestant, Decision, Form, Forum, LateCorrectionConsent, Part,
    Payload, Ruling, Slot,
};
use crate::keys::{KeyInfo, Role};
use crate::log::{CheckedEvent, Hash32, Projection, Verified};
use crate::results::Tournament;
pub use checks::{ConsentRule, ConsentView};
use clocks::{
    correction_deadline, request_deadline, rfc3339, ruling_appeal_deadline, PeriodFrom, Publication,
};
pub use guard::GuardError;
use pipeline::{next, State, Step};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Rulings, publications, clocks and appeals as the log says them.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Workflow {
    pub settings: AppealSettings,
    pub settings_event: Option<Hash32>,
    /// The version of the settings event in force (`None`: no settings event, the
    /// defaults). Version 1 settings predate co-signatures: a decision took effect at once.
    pub settings_version: Option<u16>,
    /// Committee decisions waiting for their quorum of concurring signatures (Law 93B).
    #[serde(skip)]
    pending: BTreeMap<Hash32, (CheckedEvent, KeyInfo)>,
    /// Decisions that have just reached their quorum: their effect on scores is due.
    #[serde(skip)]
    effected: Vec<Hash32>,
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

impl Workflow {
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
                .arrival(e, self.settings.clock_tolerance_ms())
                .is_some_and(|a| {
                    e.env.wall_ms > a.ms.saturating_add(self.settings.clock_tolerance_ms())
                });
        if !ahead {
            self.last_wall_ms = self.last_wall_ms.max(e.env.wall_ms);
        }
        // Settings signed as version 1 predate the quorum rule (Law 93): read as signed; but
        // never an older version after a newer one.
        let settings_ok = self
            .check_settings_version(&e.payload, e.env.v, e.env.wall_ms)
            .and_then(|()| {
                if e.env.v >= 2 {
                    self.check_settings(&e.payload)
                } else {
                    Ok(())
                }
            });
        let checked = settings_ok
            .and_then(|()| self.check_core(&e.payload, k, e.env.wall_ms))
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
                self.settings_version = Some(e.env.v);
            }
            Payload::DecisionCosigned(c) => self.fold_cosign(c, signed),
            Payload::AppealNotified(_)
            | Payload::AppealHearing(_)
            | Payload::AppealAnnounced(_) => self.fold_procedure(&e.payload, signed),
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
                    notices: vec![],
                    hearings: vec![],
                    announcements: vec![],
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
                let deposit = match p {
                    Payload::AppealDecided(d) => self.deposit_of(d),
                    _ => None,
                };
                let quorum = match (p, self.appeals.get(&id)) {
                    (Payload::AppealDecided(_), Some(a)) => self.signatures_needed(a, part, k),
                    _ => 1,
                };
                let Some(a) = self.appeals.get_mut(&id) else {
                    return true;
                };
                if let Some(pt) = part {
                    a.fold_part(pt, p, to, &keys, signed, quorum);
                    if let (Payload::AppealDecided(_), Some(d)) = (p, a.decisions.last_mut()) {
                        d.deposit = deposit;
                    }
                    if quorum > 1 {
                        self.pending.insert(e.id, (e.clone(), k.clone()));
                    }
                    return true;
                }
                let from = a.state;
                let mut to = to;
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
                        let committee = (from == State::Convened)
                            .then(|| a.committee.clone())
                            .flatten();
                        a.decisions.push(DecisionRec {
                            decided: (**d).clone(),
                            forum,
                            signed: signed.clone(),
                            part: None,
                            committee,
                            quorum,
                            cosigns: vec![],
                            effective: quorum <= 1,
                            deposit,
                        });
                        if quorum > 1 {
                            // Law 93B: heard by the committee until its quorum signs.
                            to = from;
                            self.pending.insert(e.id, (e.clone(), k.clone()));
                        }
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
                        subject_slot: None,
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
                        subject_slot: Some(r.ruling.slot.clone()),
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
        if let Some(id) = procedure::appeal_of(p) {
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
        self.workflow.receipts = crate::log::time::Receipts::from_verified(v);
        self.workflow.partners = conflict::partners(&v.events);
    }
}

impl Folded {
    /// A decision's effect on the board: a changed score becomes its adjusted score, any
    /// other outcome an annotation.
    fn decision_effect(&mut self, e: &CheckedEvent, k: &KeyInfo, d: &AppealDecided) {
        let appeal_of = |id: &Hash32| self.workflow.appeals.get(id).cloned();
        if let Some(a) = appeal_of(&d.appeal) {
            let law = (!d.laws.is_empty()).then(|| d.laws.join(", "));
            let why = format!("{}: {}", d.decision.as_str(), d.reasoning);
            match &d.adjustment {
                Some(adj) if d.decision == Decision::Changed => {
                    let l = law.clone().unwrap_or_else(|| "93B".into());
                    self.tournament
                        .adjust(e, k, &a.slot, &a.ns, &a.ew, l, adj.clone(), why);
                }
                _ => self.tournament.annotate(e, k, &a.slot, law, Some(why)),
            }
        }
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
        for (de, dk) in self.workflow.take_effected() {
            if let Payload::AppealDecided(d) = &de.payload {
                self.decision_effect(&de, &dk, d);
            }
        }
        let appeal_of = |id: &Hash32| self.workflow.appeals.get(id).cloned();
        match &e.payload {
            Payload::AppealFiled(_) => {
                if let Some(a) = appeal_of(&e.id) {
                    let why = format!("appeal by {}: {}", a.appellant, a.grounds);
                    self.tournament
                        .annotate(e, k, &a.slot, Some("92".into()), Some(why));
                }
            }
            // Law 93B: a committee decision changes scores at its quorum (above, when a
            // co-signature reaches it).
            Payload::AppealDecided(d) if self.workflow.decision_effective(&d.appeal, &e.id) => {
                self.decision_effect(e, k, d);
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
    /// A step at a bridge table the laws rule out (a card after play ended, Law 68D).
    #[error("refused: {0}")]
    Table(#[from] crate::bridge::play_end::TableRefusal),
    /// A tree head that is not its publication's tree as the log has it (RFC 9162).
    #[error("refused: {0}")]
    Tree(#[from] crate::log::tree::TreeError),
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
    let signer = v.keys.signer(&me);
    f.doko.check_append(&payload, &signer)?;
    f.workflow.check(&payload, &signer, wall)?;
    if let Payload::ResultsTreeHead(h) = &payload {
        crate::log::tree::check_head(&v, h, &me)?;
    }
    log.set_clock(move || wall);
    Ok(log.append(key, payload)?)
}
