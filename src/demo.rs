//! The demo tournament's day, signed when the demo copy is made (issue 28, N2). The shipped
//! demo is the base log (genesis, keys, a few notes); the day on top of it (a real event's
//! movement and results, a director call with its ruling and adjusted score, the organiser's
//! appeal settings, the publication and an appeal at the committee) is signed *now*, with
//! the published demo keys, so the Law 79C and 92B periods run from the moment the copy is
//! made and every ruling and appeal path can be tried on the day it is opened. A log signed
//! at build time had its periods over two days later.
//!
//! IO edge: reads the base log, the keys and the PBN file, writes the new log. Every step
//! goes through the same guards as the CLI's (`appeals::append_checked`). The demo keys are
//! DEMO KEYS ONLY (published in the repository), never for a real tournament.

use crate::appeals::{append_checked, AppendError};
use crate::events::{
    Adjustment, AppealFiled, AppealRouted, AppealSettings, Category, DirectorCall, Forum, Payload,
    ResultsPublished, Ruling, Slot, TableResult,
};
use crate::keys::{DeviceKey, KeyFileError};
use crate::log::{Hash32, Log, LogError};
use std::path::{Path, PathBuf};

/// Where the demo's parts are: the base log, the directory of demo keys, the PBN file of the
/// day's event.
#[derive(Debug, Clone)]
pub struct DemoSource {
    pub base: PathBuf,
    pub keys: PathBuf,
    pub pbn: PathBuf,
}

/// The PBN of the demo's event (RealBridge 2021 online qualifier, round 2), by its name in
/// the repository's fixtures.
pub const DAY_PBN: &str = "realbridge-2021-online-qual-open-r2.pbn";

impl DemoSource {
    /// The parts beside a shipped base log: `keys/` next to it, and `day.pbn` next to it (the
    /// installed package) or the repository's `fixtures/pbn/` (a checkout). `None` if any is
    /// missing: the caller then copies the log as it is.
    pub fn beside(base: &Path) -> Option<DemoSource> {
        let dir = base.parent()?;
        let keys = dir.join("keys");
        let pbn = [
            dir.join("day.pbn"),
            dir.join("..").join("pbn").join(DAY_PBN),
        ]
        .into_iter()
        .find(|p| p.is_file())?;
        let needed = ["chief", "td1", "scorer", "organiser"];
        needed
            .iter()
            .all(|k| keys.join(format!("{k}.key")).is_file())
            .then(|| DemoSource {
                base: base.to_path_buf(),
                keys,
                pbn,
            })
    }
}

/// Why the day could not be made; nothing is left at the target.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("demo: {0}")]
    Log(#[from] LogError),
    #[error("demo: {0}")]
    Key(#[from] KeyFileError),
    #[error("demo: {0}")]
    Step(#[from] AppendError),
    #[error("demo: cannot read {path}: {why}")]
    Read { path: PathBuf, why: String },
    #[error("demo: {0} already exists")]
    Exists(PathBuf),
}

/// What the day signed: the ruling and the appeal, for the caller's messages.
#[derive(Debug, Clone, Copy)]
pub struct Day {
    pub ruling: Hash32,
    pub appeal: Hash32,
}

/// Makes the demo day at `to` (which must not exist): a copy of the base log, then the day
/// signed at `now_ms` and the few seconds after. On failure nothing is left at `to`.
pub fn make_day(src: &DemoSource, to: &Path, now_ms: i64) -> Result<Day, DemoError> {
    if to.exists() {
        return Err(DemoError::Exists(to.to_path_buf()));
    }
    let tmp = to.with_extension("partial");
    let _ = std::fs::remove_file(&tmp);
    std::fs::copy(&src.base, &tmp).map_err(|e| DemoError::Read {
        path: src.base.clone(),
        why: e.to_string(),
    })?;
    let r = sign_day(src, &tmp, now_ms);
    match r {
        Ok(day) => {
            std::fs::rename(&tmp, to).map_err(|e| DemoError::Read {
                path: to.to_path_buf(),
                why: e.to_string(),
            })?;
            Ok(day)
        }
        Err(e) => {
            for ext in ["partial", "partial-wal", "partial-shm"] {
                let _ = std::fs::remove_file(to.with_extension(ext));
            }
            Err(e)
        }
    }
}

fn sign_day(src: &DemoSource, log_path: &Path, now_ms: i64) -> Result<Day, DemoError> {
    let key = |name: &str| DeviceKey::load_published(&src.keys.join(format!("{name}.key")));
    let (chief, td, scorer, organiser) = (
        key("chief")?,
        key("td1")?,
        key("scorer")?,
        key("organiser")?,
    );
    let mut log = Log::open(log_path)?;
    // Steps a second apart, in the order a TD's evening runs.
    let mut at = now_ms;
    let mut step = |log: &mut Log, k: &DeviceKey, p: Payload| -> Result<Hash32, DemoError> {
        at += 1000;
        Ok(append_checked(log, k, p, at)?)
    };

    // The movement and results of a real event (Law 92D: two teams' captains recorded).
    let bytes = std::fs::read(&src.pbn).map_err(|e| DemoError::Read {
        path: src.pbn.clone(),
        why: e.to_string(),
    })?;
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
    let records = crate::bridge::pbn::parse(&text).map_err(|e| DemoError::Read {
        path: src.pbn.clone(),
        why: e.to_string(),
    })?;
    let mut plan = crate::results::import::plan(&records, "A");
    plan.set_captains(&[
        ("SWEDEN".into(), "Ola Rimstedt".into()),
        ("LATVIA".into(), "Anna Ozola".into()),
    ])
    .map_err(|why| DemoError::Read {
        path: src.pbn.clone(),
        why,
    })?;
    log.set_clock(move || now_ms);
    log.append_batch(&scorer, plan.payloads)?;

    let slot = Slot {
        section: "A".into(),
        round: 1,
        table: 3,
        board: 13,
    };
    let call = step(
        &mut log,
        &td,
        Payload::DirectorCall(Box::new(DirectorCall {
            slot: slot.clone(),
            attention_drawn_by: "East".into(),
            called_by: "East".into(),
            irregularity: "Break in tempo before North's 4H; East reserved his rights.".into(),
        })),
    )?;
    let ruling = step(
        &mut log,
        &td,
        Payload::Ruling(Box::new(Ruling {
            slot,
            ns: "LATVIA".into(),
            ew: "GERMANY".into(),
            call: Some(call),
            offender: Some("LATVIA".into()),
            facts: "South thought for about 20 seconds before passing 3H; North then bid 4H. Agreed by all four.".into(),
            facts_agreed: true,
            options_offered: vec![],
            option_chosen: None,
            chosen_by: None,
            laws: vec!["16B1".into()],
            category: Category::Judgement,
            decision: "Pass was a logical alternative for North, suggested over 4H by the hesitation: score adjusted to 3H by North, 10 tricks.".into(),
            adjustment: Some(Adjustment::Assigned {
                result: TableResult {
                    contract: "3H".into(),
                    declarer: Some("N".parse().map_err(|_| DemoError::Read {
                        path: src.pbn.clone(),
                        why: "seat".into(),
                    })?),
                    tricks: Some(10),
                },
            }),
            deferred_review: vec![],
            appeal_notice: true,
            corrects: None,
        })),
    )?;
    // The organiser's settings: a committee of one decides (below the regulations' three
    // only with a reason), so the demo's appeal needs one committee key.
    let settings: AppealSettings = serde_json::from_value(serde_json::json!({
        "quorum": 1,
        "reason": "Demo club evening: one appeals committee member decides alone (club regulations)."
    }))
    .map_err(|e| DemoError::Read {
        path: src.base.clone(),
        why: e.to_string(),
    })?;
    step(
        &mut log,
        &organiser,
        Payload::AppealSettings(Box::new(settings)),
    )?;
    step(
        &mut log,
        &td,
        Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: None,
        }),
    )?;
    let appeal = step(
        &mut log,
        &td,
        Payload::AppealFiled(AppealFiled {
            ruling,
            appellant: "LATVIA".into(),
            grounds:
                "North had a clear 4H bid on his own cards; pass was not a logical alternative."
                    .into(),
            consents: vec!["Anna Ozola".into()],
        }),
    )?;
    step(
        &mut log,
        &chief,
        Payload::AppealRouted(AppealRouted {
            appeal,
            to: Forum::Committee,
            law_only: false,
            note: None,
            part: None,
        }),
    )?;
    Ok(Day { ruling, appeal })
}
