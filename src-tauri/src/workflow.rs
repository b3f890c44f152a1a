//! Rulings, publication clocks and appeals as the screens see them, and the appends that
//! record them. Thin like the CLI (`src/cli/appeals.rs`): views read `appeals::Workflow`
//! (folded by `appeals::fold` when the log is opened), and every append goes through
//! `appeals::append_checked`, so the app refuses exactly what the CLI refuses, naming the law.

use crate::error::AppError;
use crate::session::Opened;
use serde::Serialize;
use std::path::Path;
use tdlog::appeals::{append_checked, Appeal, AppendError, OpenClock, RulingRec};
use tdlog::events::{catalogue, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::Hash32;

/// A ruling for the Rulings list, with its event id.
#[derive(Debug, Clone, Serialize)]
pub struct RulingRow {
    pub id: String,
    #[serde(flatten)]
    pub rec: RulingRec,
    /// An appeal was filed against it.
    pub appealed: bool,
    /// Law 92D for each side at the table (N-S, then E-W): who must concur in an appeal,
    /// shown by the filing form before the first try.
    pub consent: Vec<SideConsent>,
}

/// One side's consent rule (Law 92D), by contestant.
#[derive(Debug, Clone, Serialize)]
pub struct SideConsent {
    pub contestant: String,
    #[serde(flatten)]
    pub rule: tdlog::appeals::ConsentView,
}

/// Every ruling, newest first.
pub fn rulings(o: &Opened) -> Vec<RulingRow> {
    let wf = &o.workflow;
    let mut out: Vec<RulingRow> = wf
        .rulings
        .iter()
        .map(|(id, r)| RulingRow {
            id: id.to_hex(),
            rec: r.clone(),
            appealed: wf.appeals.values().any(|a| a.ruling == *id),
            consent: [&r.ruling.ns, &r.ruling.ew]
                .into_iter()
                .map(|c| SideConsent {
                    contestant: c.clone(),
                    rule: wf.consent_rule(&r.ruling.slot.section, c),
                })
                .collect(),
        })
        .collect();
    out.sort_by_key(|r| std::cmp::Reverse(r.rec.signed.wall_ms));
    out
}

/// Open clocks at `now_ms` (Law 79C1 correction period, Law 92B appeal periods).
pub fn clocks(o: &Opened, now_ms: i64) -> Vec<OpenClock> {
    o.workflow.clocks(now_ms)
}

/// An appeal with its status now and the next steps a key of `role` may take.
#[derive(Debug, Clone, Serialize)]
pub struct AppealRow {
    pub id: String,
    pub status: &'static str,
    /// Law 92D: what consent is still missing, if any: the refusal's code and parameters
    /// (who may consent, who signed), which the UI words in its language.
    pub consent_missing: Option<AppError>,
    /// The appellant's consent rule (Law 92D): the consent form picks from its list, and a
    /// team without a recorded captain records one first.
    pub consent: tdlog::appeals::ConsentView,
    pub next_steps: Vec<&'static str>,
    /// A mixed appeal heard in parts (Law 93B1/B2): each part's state and the steps a key
    /// of `role` may take on it (routing, convening, deciding name the part).
    pub part_steps: Vec<PartSteps>,
    pub appeal: Appeal,
}

/// One part of a mixed appeal and the steps that may be signed on it now.
#[derive(Debug, Clone, Serialize)]
pub struct PartSteps {
    pub part: &'static str,
    pub state: &'static str,
    pub next_steps: Vec<&'static str>,
}

#[derive(Debug, Clone, Serialize)]
pub struct AppealsView {
    pub appeals: Vec<AppealRow>,
    /// Keys of the committee role (for convening): public key and holder.
    pub committee_keys: Vec<(String, String)>,
    pub committee_available: bool,
    pub quorum: u32,
    pub deposit: Option<String>,
    /// The organiser's appeal settings in force (`config.appeals`), for the settings form.
    pub settings: tdlog::events::AppealSettings,
    /// The organiser's late-correction consents (Law 79C2): event id, board, reason.
    pub late_consents: Vec<LateConsentRow>,
    /// Steps signed that do not stand, with the law they failed.
    pub flags: Vec<String>,
    /// Every publication so far (Law 79C, 92B), oldest first: when and which sections.
    pub publications: Vec<tdlog::appeals::clocks::Publication>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LateConsentRow {
    pub id: String,
    pub slot: tdlog::events::Slot,
    pub reason: String,
}

/// The event type a workflow step is signed as.
fn kind_of(step: tdlog::appeals::pipeline::Step) -> &'static str {
    use tdlog::appeals::pipeline::Step::*;
    match step {
        Consent => "appeal.consent",
        RouteToChiefTd | RouteToCommittee => "appeal.routed",
        Convene => "appeal.convened",
        Hear => "appeal.statement",
        Decide => "appeal.decided",
        Refer => "appeal.referred",
        FurtherAppeal => "appeal.further",
        Withdraw => "appeal.withdrawn",
        AuthorityAnswer => "appeal.authority_answered",
    }
}

fn role_may_sign(role: Role, kind: &str) -> bool {
    catalogue().any(|s| s.current && s.kind == kind && s.roles.contains(&role))
}

/// The steps the pipeline allows from the appeal's state that `role` may sign. The guards
/// (consent, routing by category, committee membership) still decide at append time.
/// Who signs now: the signing key's role in this log, and the key itself (the chair of a
/// convened committee is one key, not a role).
#[derive(Debug, Clone, Copy, Default)]
pub struct Signer {
    pub role: Option<Role>,
    pub key: Option<tdlog::log::Hash32>,
}

pub fn next_steps(o: &Opened, a: &Appeal, me: Signer) -> Vec<&'static str> {
    let role = me.role;
    let mut out = only_who_signs(a, None, me, steps_from(o, a.state, role));
    // Law 93B: a committee decision waiting for its quorum is co-signed by the members.
    let waiting = a
        .decisions
        .iter()
        .any(|d| d.committee.is_some() && !d.effective && d.can_take_effect());
    // Law 93B: the other members co-sign; the chair (who signed it) and anyone not on the
    // committee do not (N14).
    let member_not_chair = a.decisions.iter().any(|d| {
        d.committee.as_ref().is_some_and(|c| {
            me.key
                .is_some_and(|k| k != c.chair && c.members.iter().any(|(m, _)| *m == k))
        }) && !d.effective
            && d.can_take_effect()
    });
    if waiting
        && member_not_chair
        && role.is_some_and(|r| role_may_sign(r, "appeal.decision_cosigned"))
    {
        out.push("cosign");
    }
    // The procedure (Law 93 and the regulations): the parties told of the appeal until it is
    // decided, the hearing recorded once it is routed, a decision that stands announced.
    use tdlog::appeals::pipeline::State;
    let may = |kind| role.is_some_and(|r| role_may_sign(r, kind));
    if !matches!(a.state, State::Decided | State::Withdrawn) && may("appeal.notified") {
        out.push("notify");
    }
    if !matches!(a.state, State::Filed | State::Withdrawn) && may("appeal.hearing") {
        out.push("hearing");
    }
    let stands = a.decisions.iter().any(|d| d.effective) || a.authority.is_some();
    if stands && may("appeal.announced") {
        out.push("announce");
    }
    // Law 93: an open conflict is settled by the chief TD or the committee chair.
    if a.open_conflict().is_some()
        && role.is_some_and(|r| role_may_sign(r, "appeal.conflict_resolved"))
    {
        out.push("resolve");
    }
    out
}

/// Law 93A/93B: a decision is signed by the chief TD at the chief TD's stage, and by the
/// chair alone at a convened committee (the members co-sign): the step is not offered to
/// anyone else (N14). `part`: the part of a mixed appeal the steps are for.
fn only_who_signs(
    a: &Appeal,
    part: Option<tdlog::events::Part>,
    me: Signer,
    steps: Vec<&'static str>,
) -> Vec<&'static str> {
    use tdlog::appeals::pipeline::State;
    let (state, committee) = match part.and_then(|p| a.parts.iter().find(|x| x.part == p)) {
        Some(p) => (p.state, p.committee.as_ref()),
        None => (a.state, a.committee.as_ref()),
    };
    steps
        .into_iter()
        .filter(|s| {
            if *s != "decide" {
                return true;
            }
            match (state, committee) {
                (State::AtChiefTd, _) => me.role == Some(Role::ChiefTd),
                (State::Convened, Some(c)) => me.key == Some(c.chair),
                _ => true,
            }
        })
        .collect()
}

fn steps_from(
    o: &Opened,
    state: tdlog::appeals::pipeline::State,
    role: Option<Role>,
) -> Vec<&'static str> {
    let Some(role) = role else { return vec![] };
    let mut out = vec![];
    for t in o.workflow.settings.pipeline() {
        if t.from == state
            && role_may_sign(role, kind_of(t.step))
            && !out.contains(&t.step.as_str())
        {
            out.push(t.step.as_str());
        }
    }
    out
}

/// The parts of a mixed appeal with the part steps (routing, convening, deciding) `role`
/// may take on each: the pipeline from the part's own state (Law 93B1/B2).
pub fn part_steps(o: &Opened, a: &Appeal, me: Signer) -> Vec<PartSteps> {
    let role = me.role;
    use tdlog::appeals::pipeline::Step;
    let names_part = [
        Step::RouteToChiefTd,
        Step::RouteToCommittee,
        Step::Convene,
        Step::Decide,
    ]
    .map(|s| s.as_str());
    a.parts
        .iter()
        .map(|p| PartSteps {
            part: p.part.as_str(),
            state: p.state.as_str(),
            next_steps: only_who_signs(a, Some(p.part), me, steps_from(o, p.state, role))
                .into_iter()
                .filter(|s| names_part.contains(s))
                .collect(),
        })
        .collect()
}

/// The tournament dashboard (the engine's view model) and the appeals waiting for a step
/// this signer's role may take (withdrawing aside: that is the appellant's choice).
#[derive(Debug, Clone, Serialize)]
pub struct DashboardView {
    #[serde(flatten)]
    pub dashboard: tdlog::views::Dashboard,
    pub mine: Vec<String>,
}

pub fn dashboard(o: &Opened, me: Signer, now_ms: i64, lang: tdlog::i18n::Lang) -> DashboardView {
    let dashboard = tdlog::views::dashboard(&o.replayed, &o.workflow, now_ms, lang);
    let mine = o
        .workflow
        .appeals
        .values()
        .filter(|a| dashboard.appeals.iter().any(|d| d.id == a.id.to_hex()))
        .filter(|a| next_steps(o, a, me).iter().any(|s| *s != "withdraw"))
        .map(|a| a.id.to_hex())
        .collect();
    DashboardView { dashboard, mine }
}

pub fn appeals(o: &Opened, me: Signer, now_ms: i64) -> AppealsView {
    let wf = &o.workflow;
    let mut list: Vec<AppealRow> = wf
        .appeals
        .values()
        .map(|a| AppealRow {
            id: a.id.to_hex(),
            status: wf.status(a, now_ms),
            consent_missing: wf.consent_status(a).err().map(|e| AppError::guard(&e)),
            consent: wf.consent_rule(&a.slot.section, &a.appellant),
            next_steps: next_steps(o, a, me),
            part_steps: part_steps(o, a, me),
            appeal: a.clone(),
        })
        .collect();
    list.sort_by_key(|r| std::cmp::Reverse(r.appeal.filed().wall_ms));
    AppealsView {
        appeals: list,
        committee_keys: o
            .replayed
            .log
            .keys
            .keys
            .values()
            .filter(|k| k.role == Role::Committee && k.revoked.is_none())
            .map(|k| (k.key.to_hex(), k.holder.clone()))
            .collect(),
        committee_available: wf.settings.committee,
        quorum: wf.settings.quorum,
        deposit: wf.settings.deposit.clone(),
        settings: wf.settings.clone(),
        late_consents: wf
            .late_consents
            .iter()
            .map(|(id, c)| LateConsentRow {
                id: id.to_hex(),
                slot: c.slot.clone(),
                reason: c.reason.clone(),
            })
            .collect(),
        flags: wf
            .flags
            .iter()
            .map(|f| format!("{} ({}): {}", f.signed.kind, f.signed.signer, f.message))
            .collect(),
        publications: wf.publications.clone(),
    }
}

/// The chief TD's acceptance of a time flag (as `tdlog time accept`): `event` must be an
/// open flag of this log (a late arrival not yet accepted, or a future-dated event), and the
/// law and the reason are required. Only a chief TD key may sign it (the log refuses others).
pub fn time_accept_payload(
    o: &Opened,
    event: &str,
    law: &str,
    reason: &str,
) -> Result<Payload, AppError> {
    let id = Hash32::from_hex(event.trim())
        .map_err(|e| AppError::new("invalid", format!("event {event:?}: {e}")))?;
    let wf = &o.workflow;
    let late_open = wf
        .late_arrivals
        .get(&id)
        .is_some_and(|l| l.accepted.is_none());
    let future_open = !wf.time_accepted.contains_key(&id)
        && crate::session::time_flags(o)
            .1
            .iter()
            .any(|f| f.event == id.to_hex());
    if !late_open && !future_open {
        return Err(AppError::new(
            "not_flagged",
            format!(
                "event {} is not a late arrival or a future-dated event waiting for the chief TD",
                id.short()
            ),
        ));
    }
    if law.trim().is_empty() {
        return Err(AppError::new(
            "empty_law",
            "an acceptance names the law or regulation it is made under",
        ));
    }
    if reason.trim().is_empty() {
        return Err(AppError::new(
            "empty_reason",
            "an acceptance needs the chief TD's reason",
        ));
    }
    Ok(Payload::TimeAccepted(tdlog::events::TimeAccepted {
        event: id,
        law: law.trim().to_owned(),
        reason: reason.trim().to_owned(),
    }))
}

impl From<AppendError> for AppError {
    fn from(e: AppendError) -> Self {
        match e {
            AppendError::Guard(g) => AppError::guard(&g),
            AppendError::Doko(d) => crate::doko::refusal(&d, tdlog::i18n::Lang::En),
            AppendError::Table(t) => AppError::table(&t),
            e @ AppendError::Tree(_) => AppError::new("invalid", e.to_string()),
            AppendError::Log(l) => (*l).into(),
        }
    }
}

/// The path-based append the shell's tests use (the app appends through the live state).
#[cfg_attr(not(test), allow(dead_code))]
/// Signs `p` with `key` at `now_ms` after the workflow guards (as `tdlog ruling|publish|appeal`),
/// on the log opened as this device (`data_dir`: its record of what it has seen).
pub fn append(
    path: &Path,
    data_dir: &Path,
    key: &DeviceKey,
    p: Payload,
    now_ms: i64,
) -> Result<Hash32, AppError> {
    let mut log = crate::session::open_log(path, data_dir)?;
    Ok(append_checked(&mut log, key, p, now_ms)?)
}

#[cfg(test)]
#[path = "workflow_tests.rs"]
mod tests;
