//! The appeal procedure's forms (notify the parties, record the hearing, announce the
//! decision) read into payloads, for the CLI and the app alike: an appeal or decision named
//! by its id or a prefix of it, times typed as a TD reads a clock in the event's time zone
//! (`config.event`), empty optional fields left out. The guards decide on append.

use crate::appeals::Workflow;
use crate::events::{
    AppealAnnounced, AppealHearing, AppealNotified, Attendee, Payload, PayloadError,
};
use crate::log::Hash32;
use chrono_tz::Tz;
use serde::Deserialize;

/// Why a procedure form cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ProcedureInputError {
    #[error("{0:?} names no appeal of this log (or more than one: give more digits)")]
    NoAppeal(String),
    #[error("{0:?} names no decision on this appeal (or more than one: give more digits)")]
    NoDecision(String),
    #[error("Law 93B: no decision on this appeal stands yet; there is nothing to announce")]
    NothingStands,
    #[error("{input:?} is not a time: {reason}")]
    BadTime { input: String, reason: String },
    #[error(transparent)]
    Payload(#[from] PayloadError),
}

/// The parties told of an appeal and of its hearing.
#[derive(Debug, Clone, Deserialize)]
pub struct NoticeForm {
    pub appeal: String,
    pub parties: Vec<String>,
    /// "19:30" (the date of signing), "2026-11-26 19:30" or RFC 3339.
    #[serde(default)]
    pub hearing_at: Option<String>,
    #[serde(default)]
    pub place: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// The hearing's record.
#[derive(Debug, Clone, Deserialize)]
pub struct HearingForm {
    pub appeal: String,
    /// When it began (as `hearing_at`; none: now).
    #[serde(default)]
    pub began: Option<String>,
    pub place: String,
    pub attended: Vec<Attendee>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A decision that stands, announced.
#[derive(Debug, Clone, Deserialize)]
pub struct AnnounceForm {
    pub appeal: String,
    /// The decision (id or prefix); none: the latest that stands.
    #[serde(default)]
    pub decision: Option<String>,
    pub parties: Vec<String>,
    #[serde(default)]
    pub note: Option<String>,
}

fn text(s: Option<String>) -> Option<String> {
    s.map(|x| x.trim().to_string()).filter(|x| !x.is_empty())
}

fn names(v: Vec<String>) -> Vec<String> {
    v.into_iter()
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
}

fn unique(hits: Vec<Hash32>, typed: &str) -> Option<Hash32> {
    let p = typed.trim().to_ascii_lowercase();
    let mut it = hits
        .into_iter()
        .filter(|h| !p.is_empty() && h.to_hex().starts_with(&p));
    match (it.next(), it.next()) {
        (Some(h), None) => Some(h),
        _ => None,
    }
}

fn appeal(wf: &Workflow, typed: &str) -> Result<Hash32, ProcedureInputError> {
    unique(wf.appeals.keys().copied().collect(), typed)
        .ok_or_else(|| ProcedureInputError::NoAppeal(typed.to_string()))
}

fn time(
    typed: Option<String>,
    zone: Option<Tz>,
    now_ms: i64,
) -> Result<Option<i64>, ProcedureInputError> {
    text(typed)
        .map(|s| {
            crate::i18n::parse_local(&s, zone, now_ms)
                .map_err(|reason| ProcedureInputError::BadTime { input: s, reason })
        })
        .transpose()
}

/// `appeal.notified` from its form.
pub fn notified(
    wf: &Workflow,
    zone: Option<Tz>,
    form: NoticeForm,
    now_ms: i64,
) -> Result<Payload, ProcedureInputError> {
    let p = Payload::AppealNotified(AppealNotified {
        appeal: appeal(wf, &form.appeal)?,
        parties: names(form.parties),
        hearing_at_ms: time(form.hearing_at, zone, now_ms)?,
        place: text(form.place),
        note: text(form.note),
    });
    p.encode()?;
    Ok(p)
}

/// `appeal.hearing` from its form.
pub fn hearing(
    wf: &Workflow,
    zone: Option<Tz>,
    form: HearingForm,
    now_ms: i64,
) -> Result<Payload, ProcedureInputError> {
    let p = Payload::AppealHearing(AppealHearing {
        appeal: appeal(wf, &form.appeal)?,
        began_ms: time(form.began, zone, now_ms)?.unwrap_or(now_ms),
        place: form.place.trim().to_string(),
        attended: form
            .attended
            .into_iter()
            .map(|a| Attendee {
                name: a.name.trim().to_string(),
                party: a.party,
            })
            .filter(|a| !a.name.is_empty())
            .collect(),
        note: text(form.note),
    });
    p.encode()?;
    Ok(p)
}

/// `appeal.announced` from its form: the decision named, or the latest that stands.
pub fn announced(wf: &Workflow, form: AnnounceForm) -> Result<Payload, ProcedureInputError> {
    let id = appeal(wf, &form.appeal)?;
    let a = &wf.appeals[&id];
    let all = || {
        a.decisions
            .iter()
            .map(|d| (d.signed.event, d.effective))
            .chain(a.authority.iter().map(|(_, s)| (s.event, true)))
    };
    let decision = match text(form.decision) {
        Some(typed) => unique(all().map(|(h, _)| h).collect(), &typed)
            .ok_or(ProcedureInputError::NoDecision(typed))?,
        None => all()
            .filter(|(_, stands)| *stands)
            .map(|(h, _)| h)
            .next_back()
            .ok_or(ProcedureInputError::NothingStands)?,
    };
    let p = Payload::AppealAnnounced(AppealAnnounced {
        appeal: id,
        decision,
        parties: names(form.parties),
        note: text(form.note),
    });
    p.encode()?;
    Ok(p)
}
