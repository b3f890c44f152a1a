//! The open tournament: the verified log and what the screens show of it. No Tauri here:
//! every view is a plain function over the verified log (tested without a webview).

use crate::error::AppError;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tdlog::events::{DirectorNote, Payload};
use tdlog::keys::{fingerprint, DeviceKey};
use tdlog::log::seen::SeenStore;
use tdlog::log::{Hash32, Log};
use tdlog::results::{ranking, results, Ranking, SlotState};

/// A log that was opened and verified, folded with the appeals workflow
/// (`appeals::fold`, as the CLI's `results`, `ranking` and `audit` do): a refused step never
/// reaches the scores, and an appeal decision's new score does. It is kept live
/// (`tdlog::live::Live`): every append is folded into it, with no re-open and no re-verify.
/// `replayed` (the verified log with its projections, as the engine's view models read
/// it), `workflow` and `doko` (the Doppelkopf tables, for the reports) are the live state's.
pub struct Opened {
    pub path: PathBuf,
    pub live: tdlog::live::Live,
}

impl std::ops::Deref for Opened {
    type Target = tdlog::live::Live;
    fn deref(&self) -> &tdlog::live::Live {
        &self.live
    }
}

/// Progress of a long operation: `phase` is `reading` or `verifying`.
#[derive(Debug, Clone, Serialize)]
pub struct Progress {
    pub phase: &'static str,
    pub done: usize,
    pub total: usize,
}

/// Opens a log as this device: checked against the device's record of what it has seen
/// (`<data dir>/seen/`, see `tdlog::log::seen`), so a log that lost events this device saw is
/// refused (`rolled_back`, naming them); every verify of the returned log keeps the record
/// current. Every read and append of the app opens logs here.
pub fn open_log(path: &Path, data_dir: &Path) -> Result<Log, AppError> {
    let mut log = Log::open(path)?;
    log.attach_seen(SeenStore::new(data_dir))?;
    log.attach_cache(tdlog::log::cache::VerifiedCache::new(data_dir));
    Ok(log)
}

/// The least time between two progress updates of an open (ms).
const PROGRESS_EVERY_MS: u64 = 200;

/// Opens and fully verifies a log (signatures, chains, keys, forks), reporting progress.
/// Runs off the UI thread: a log of a million events takes seconds. `data_dir` is this
/// device's data dir (its record of the logs it has seen).
pub fn open(
    path: &Path,
    data_dir: &Path,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Opened, AppError> {
    progress(Progress {
        phase: "reading",
        done: 0,
        total: 0,
    });
    let _hold = crate::alloc_hold::HoldFreed::new();
    // Reading never writes the log file; the device's record and cache live in its data dir.
    let mut log = Log::open_read_only(path)?;
    log.attach_seen(SeenStore::new(data_dir))?;
    // One cache for both connections: the writable one adopts the verified state through
    // what the read-only verify just read (a second read of a big cache file, checking its
    // signatures again, was a twentieth of a warm open).
    let cache = tdlog::log::cache::VerifiedCache::new(data_dir);
    log.attach_cache(cache.clone());
    // Progress by the percent, at most one update every PROGRESS_EVERY_MS (and the last):
    // every update is a repaint, and a warm open passes a percent every few milliseconds,
    // where the webview's repaints (in software on many Linux machines) took half a core
    // from the open.
    let last = std::sync::atomic::AtomicUsize::new(0);
    let started = std::time::Instant::now();
    let last_ms = std::sync::atomic::AtomicU64::new(0);
    let cb = |done: usize, total: usize| {
        use std::sync::atomic::Ordering::Relaxed;
        let bucket = done / (total / 100).max(1);
        let now = started.elapsed().as_millis() as u64;
        let due = now >= last_ms.load(Relaxed) + PROGRESS_EVERY_MS;
        if (due && last.fetch_max(bucket, Relaxed) < bucket) || done == total {
            last_ms.store(now, Relaxed);
            progress(Progress {
                phase: "verifying",
                done,
                total,
            });
        }
    };
    let verified = log.verify(Some(&cb))?;
    // Appends go through a writable connection that adopts what was just verified (no
    // second verify); a file this device cannot write is shown, and appends are refused.
    let writable = open_log(path, data_dir).ok().map(|mut w| {
        w.attach_cache(cache);
        w
    });
    Ok(Opened {
        path: path.to_owned(),
        live: tdlog::live::Live::from_verified(writable, verified)?,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct KeyRow {
    pub public: String,
    pub fingerprint: String,
    pub role: String,
    pub holder: String,
    pub revoked: Option<String>,
    pub this_device: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Exclusion {
    pub event: String,
    pub author: String,
    pub seq: u64,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ForkRow {
    pub author: String,
    pub seq: u64,
    pub events: Vec<String>,
}

/// The Tournament screen and the always-visible verification badge.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub path: String,
    pub log_id: String,
    pub name: String,
    pub game: String,
    pub profile: String,
    pub organiser: String,
    pub chief_td: String,
    /// Standing events, every one verified.
    pub verified_events: usize,
    pub keys: Vec<KeyRow>,
    pub excluded: Vec<Exclusion>,
    pub forks: Vec<ForkRow>,
    pub sections: Vec<String>,
    pub boards: usize,
    pub results: usize,
    pub warnings: Vec<String>,
    /// This device's role in this log, if its key is enrolled and not revoked.
    pub device_role: Option<String>,
    /// The head digest (`tdlog verify` prints the same): event count and a hash of the head
    /// set, to write down or read aloud; `tdlog verify --expect` checks it later.
    pub digest: String,
    /// Deadline-sensitive steps first received after their deadline (held until the chief
    /// TD accepts them), accepted ones included.
    pub late_arrivals: Vec<LateArrivalRow>,
    /// Events dated ahead of the clock of the device that first received them, not accepted.
    pub future_dated: Vec<FutureDatedRow>,
    /// The event's IANA time zone (`config.event`): the screens show signed times in it,
    /// with the zone named; `None`: UTC.
    pub time_zone: Option<String>,
}

/// A late arrival (`appeals::LateArrival`) as the Tournament screen lists it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LateArrivalRow {
    pub event: String,
    pub kind: String,
    pub signer: String,
    pub role: String,
    /// The signed time (the author's clock), RFC 3339.
    pub signed: String,
    /// The law whose deadline it missed (92B, 92D, 79C1).
    pub law: String,
    pub deadline: String,
    /// When it first reached another device (that device's receipt).
    pub arrival: String,
    pub received_by: String,
    /// The chief TD's `time.accepted`, once signed.
    pub accepted: Option<String>,
}

/// A future-dated event (`log::time::FutureDated`) as the Tournament screen lists it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FutureDatedRow {
    pub event: String,
    pub kind: String,
    pub holder: String,
    pub signed: String,
    /// Whole minutes its signed time is ahead of the clock that first received it.
    pub minutes_ahead: i64,
    pub received: String,
}

/// The time flags of a log: late arrivals (accepted or not) and the future-dated events not
/// yet accepted, as `tdlog time flags` lists them.
pub fn time_flags(o: &Opened) -> (Vec<LateArrivalRow>, Vec<FutureDatedRow>) {
    let v = &o.replayed.log;
    let wf = &o.workflow;
    let late = wf
        .late_arrivals
        .iter()
        .map(|(id, l)| LateArrivalRow {
            event: id.to_hex(),
            kind: l.signed.kind.to_owned(),
            signer: l.signed.signer.clone(),
            role: l.signed.role.as_str().to_owned(),
            signed: l.signed.time.clone(),
            law: l.law.to_owned(),
            deadline: l.deadline.clone(),
            arrival: l.arrival.clone(),
            received_by: l.received_by.clone(),
            accepted: l.accepted.map(|a| a.to_hex()),
        })
        .collect();
    let future = o
        .live
        .future_dated()
        .into_iter()
        .filter(|x| !wf.time_accepted.contains_key(&x.event))
        .map(|x| FutureDatedRow {
            event: x.event.to_hex(),
            kind: x.kind,
            holder: v
                .keys
                .get(&x.author)
                .map_or_else(|| format!("key {}", x.author.short()), |k| k.holder.clone()),
            signed: time(x.wall_ms),
            minutes_ahead: x.ahead_ms / 60_000,
            received: time(x.received_ms),
        })
        .collect();
    (late, future)
}

pub fn summary(o: &Opened, device: Option<&str>) -> Summary {
    let v = &o.replayed.log;
    let mut s = Summary {
        path: o.path.display().to_string(),
        log_id: v.log_id.to_hex(),
        name: o.replayed.tournament.name.clone(),
        game: String::new(),
        profile: o.replayed.tournament.rule_profile.clone(),
        organiser: String::new(),
        chief_td: String::new(),
        verified_events: v.events.len(),
        keys: vec![],
        excluded: v
            .excluded
            .iter()
            .map(|x| Exclusion {
                event: x.id.to_hex(),
                author: x.author.to_hex(),
                seq: x.seq,
                reason: x.reason.clone(),
            })
            .collect(),
        forks: v
            .pending_forks
            .iter()
            .map(|f| ForkRow {
                author: f.author.to_hex(),
                seq: f.seq,
                events: f.ids.iter().map(|i| i.to_hex()).collect(),
            })
            .collect(),
        sections: o.replayed.tournament.sections.keys().cloned().collect(),
        boards: o.replayed.tournament.boards_played().count(),
        results: o.replayed.tournament.slots.len(),
        warnings: o
            .replayed
            .tournament
            .warnings
            .iter()
            .map(|w| format!("event {}: {}", w.event.short(), w.message))
            .collect(),
        device_role: None,
        digest: o.live.head_set().digest().to_string(),
        late_arrivals: vec![],
        future_dated: vec![],
        time_zone: o
            .replayed
            .tournament
            .time_zone
            .as_ref()
            .map(|(z, _)| z.time_zone.clone()),
    };
    (s.late_arrivals, s.future_dated) = time_flags(o);
    if let Some(Payload::Genesis(g)) = v.events.first().map(|e| &e.payload) {
        s.game = serde_json::to_value(g.game)
            .ok()
            .and_then(|g| g.as_str().map(str::to_owned))
            .unwrap_or_default();
        s.organiser = g.organiser.clone();
        s.chief_td = g.chief_td.clone();
    }
    for k in v.keys.keys.values() {
        let this = device == Some(k.key.to_hex().as_str());
        if this && k.revoked.is_none() {
            s.device_role = Some(k.role.as_str().to_owned());
        }
        s.keys.push(KeyRow {
            public: k.key.to_hex(),
            fingerprint: fingerprint(&k.key),
            role: k.role.as_str().to_owned(),
            holder: k.holder.clone(),
            revoked: k.revoked.as_ref().map(|r| r.reason.clone()),
            this_device: this,
        });
    }
    // Chief TD first, then directors, scorers, committee, organiser; by holder within a role.
    let rank = |r: &str| {
        ["chief_td", "td", "scorer", "committee", "organiser"]
            .iter()
            .position(|x| *x == r)
            .unwrap_or(9)
    };
    s.keys
        .sort_by(|a, b| (rank(&a.role), &a.holder).cmp(&(rank(&b.role), &b.holder)));
    s
}

#[derive(Debug, Clone, Serialize)]
pub struct EventRow {
    /// Position in replay order, from 1.
    pub n: usize,
    /// The event type as the log names it (`bridge.auction`), for the row's details.
    pub kind: String,
    /// The type's name in the user's language ("Ansage").
    pub kind_name: String,
    pub v: u16,
    pub time: String,
    pub signer: String,
    pub role: String,
    pub seq: u64,
    pub id: String,
    /// One line saying what the event records, in the user's language (`views::events`).
    pub text: String,
    /// The payload as compact JSON, cut to a readable length, for the row's details.
    pub summary: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct EventsPage {
    pub total: usize,
    pub offset: usize,
    pub events: Vec<EventRow>,
}

pub const PAGE_MAX: usize = 500;

fn time(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default()
}

/// One page of events in replay order (at most [`PAGE_MAX`] rows), each with its type's
/// name and a line in `lang`; the raw JSON and id only for the row's details.
pub fn events_page(o: &Opened, offset: usize, limit: usize, lang: tdlog::i18n::Lang) -> EventsPage {
    let v = &o.replayed.log;
    let events = v
        .events
        .iter()
        .enumerate()
        .skip(offset)
        .take(limit.min(PAGE_MAX))
        .map(|(i, e)| {
            let signer = v.keys.get(&e.env.author);
            let mut summary = e.payload.to_json().to_string();
            if summary.chars().count() > 200 {
                summary = summary.chars().take(199).collect::<String>() + "…";
            }
            let line = tdlog::views::event_line(lang, &e.payload, &o.workflow);
            EventRow {
                n: i + 1,
                kind: e.env.kind.to_string(),
                kind_name: line.kind_name,
                v: e.env.v,
                time: time(e.env.wall_ms),
                signer: signer.map(|k| k.holder.clone()).unwrap_or_default(),
                role: signer
                    .map(|k| k.role.as_str().to_owned())
                    .unwrap_or_default(),
                seq: e.env.seq,
                id: e.id.to_hex(),
                text: line.text,
                summary,
            }
        })
        .collect();
    EventsPage {
        total: v.events.len(),
        offset,
        events,
    }
}

/// A director note or a ruling, for the Notes/Rulings list.
#[derive(Debug, Clone, Serialize)]
pub struct NoteRow {
    pub event: String,
    /// `note`, `adjusted_score` or `fouled_board`.
    pub kind: &'static str,
    pub time: String,
    pub signer: String,
    pub role: String,
    pub board: Option<u32>,
    pub table: Option<u32>,
    pub round: Option<u32>,
    pub law: Option<String>,
    pub text: String,
}

/// Every director note and ruling, newest first.
pub fn notes(o: &Opened) -> Vec<NoteRow> {
    let v = &o.replayed.log;
    let mut out = vec![];
    for e in &v.events {
        let signer = v.keys.get(&e.env.author);
        let mut row = NoteRow {
            event: e.id.to_hex(),
            kind: "note",
            time: time(e.env.wall_ms),
            signer: signer.map(|k| k.holder.clone()).unwrap_or_default(),
            role: signer
                .map(|k| k.role.as_str().to_owned())
                .unwrap_or_default(),
            board: None,
            table: None,
            round: None,
            law: None,
            text: String::new(),
        };
        match &e.payload {
            Payload::DirectorNote(n) => {
                row.board = n.board;
                row.table = n.table;
                row.round = n.round;
                row.text = n.text.clone();
            }
            Payload::ScoreAdjusted(a) => {
                row.kind = "adjusted_score";
                row.board = Some(a.slot.board);
                row.table = Some(a.slot.table);
                row.round = Some(a.slot.round);
                row.law = Some(a.law.clone());
                row.text = a.reason.clone();
            }
            Payload::BoardFouled(f) => {
                row.kind = "fouled_board";
                row.board = Some(f.board);
                row.law = Some("87".into());
                row.text = f.reason.clone();
            }
            _ => continue,
        }
        out.push(row);
    }
    out.reverse();
    out
}

/// Scores are withheld while a fork is pending: one side of it is void, and which one is
/// the chief TD's ruling.
fn require_no_forks(o: &Opened) -> Result<(), AppError> {
    o.replayed.log.require_no_forks().map_err(|e| {
        AppError::new(
            "forks_pending",
            format!("{e}; scores are withheld until the chief TD rules on the fork"),
        )
    })
}

/// Every scored row (as `tdlog results` has it), with its result and the reasons of its note
/// in the user's language (`views::scores`).
pub fn results_list(
    o: &Opened,
    lang: tdlog::i18n::Lang,
) -> Result<Vec<tdlog::views::TravellerRow>, AppError> {
    require_no_forks(o)?;
    Ok(tdlog::views::scores(&o.replayed, lang))
}

pub fn ranking_show(o: &Opened) -> Result<Ranking, AppError> {
    require_no_forks(o)?;
    // The rows the live state keeps scored append by append (`Live`: a result rescores its
    // board only), not every result scored again: the ranking beside the traveller grid
    // follows each Enter at once.
    Ok(ranking(&o.replayed.tournament, &o.replayed.results))
}

/// Every table result of a board with its history: the audit timeline.
pub fn board_audit(o: &Opened, board: u32) -> Result<Vec<SlotState>, AppError> {
    require_no_forks(o)?;
    Ok(o.replayed
        .tournament
        .slots
        .values()
        .filter(|s| s.slot.board == board)
        .cloned()
        .collect())
}

/// How one contestant's standing moved with one event.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RankMove {
    pub section: String,
    pub name: String,
    pub place_before: Option<String>,
    pub place_after: Option<String>,
    pub total_before: Option<f64>,
    pub total_after: Option<f64>,
    pub unit: &'static str,
}

/// The ranking diff of one event: the ranking folded (through the appeals workflow, as
/// `tdlog ranking --at`) up to the event before it and up to the event itself; only the
/// contestants whose place or total changed.
pub fn ranking_diff(o: &Opened, event: &str) -> Result<Vec<RankMove>, AppError> {
    require_no_forks(o)?;
    let v = &o.replayed.log;
    let id = Hash32::from_hex(event)
        .map_err(|e| AppError::new("invalid", format!("event {event:?}: {e}")))?;
    let i =
        v.events.iter().position(|e| e.id == id).ok_or_else(|| {
            AppError::new("invalid", format!("no event {} in this log", id.short()))
        })?;
    let at = |stop: Option<Hash32>| {
        let t = tdlog::appeals::fold(v, stop).tournament;
        ranking(&t, &results(&t)).standings
    };
    let before = if i == 0 {
        vec![]
    } else {
        at(Some(v.events[i - 1].id))
    };
    let after = at(Some(id));
    let mut out = vec![];
    for a in &after {
        let b = before
            .iter()
            .find(|b| b.section == a.section && b.contestant == a.contestant);
        if b.is_none_or(|b| b.place != a.place || b.total != a.total) {
            out.push(RankMove {
                section: a.section.clone(),
                name: a.name.clone(),
                place_before: b.map(|b| b.place.clone()),
                place_after: Some(a.place.clone()),
                total_before: b.map(|b| b.total),
                total_after: Some(a.total),
                unit: a.unit,
            });
        }
    }
    for b in &before {
        if !after
            .iter()
            .any(|a| a.section == b.section && a.contestant == b.contestant)
        {
            out.push(RankMove {
                section: b.section.clone(),
                name: b.name.clone(),
                place_before: Some(b.place.clone()),
                place_after: None,
                total_before: Some(b.total),
                total_after: None,
                unit: b.unit,
            });
        }
    }
    Ok(out)
}

/// What the note form sends.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct NoteInput {
    pub text: String,
    pub board: Option<u32>,
    pub table: Option<u32>,
    pub round: Option<u32>,
}

/// The path-based append the shell's tests use (the app appends through the live state).
#[cfg_attr(not(test), allow(dead_code))]
/// Signs and durably appends a director note with this device's key; returns its id.
pub fn append_note(
    path: &Path,
    data_dir: &Path,
    key: &DeviceKey,
    n: NoteInput,
) -> Result<Hash32, AppError> {
    let mut log = open_log(path, data_dir)?;
    Ok(log.append(key, note_payload(n)?)?)
}

/// A director note from the form (refused if empty).
pub fn note_payload(n: NoteInput) -> Result<Payload, AppError> {
    if n.text.trim().is_empty() {
        return Err(AppError::new("empty_note", "a note needs some text"));
    }
    Ok(Payload::DirectorNote(DirectorNote {
        text: n.text,
        board: n.board,
        table: n.table,
        round: n.round,
    }))
}

/// Demo logs and keys for the unit tests of this crate.
#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    pub fn demo() -> PathBuf {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let d = std::env::temp_dir().join(format!(
            "tdlog-desktop-session-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join("demo.tdlog");
        std::fs::copy(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/demo/demo.tdlog"),
            &p,
        )
        .unwrap();
        p
    }

    /// The test device's data dir for a log: next to it (each demo copy has its own dir).
    pub fn device_dir(log: &Path) -> PathBuf {
        log.parent().unwrap_or(Path::new(".")).join("device")
    }

    /// Opens and verifies `p` as the test device of [`device_dir`].
    pub fn open(p: &Path, progress: &(dyn Fn(Progress) + Sync)) -> Result<Opened, AppError> {
        super::open(p, &device_dir(p), progress)
    }

    pub fn demo_key(name: &str) -> DeviceKey {
        let path = format!(
            "{}/../fixtures/demo/keys/{name}.key",
            env!("CARGO_MANIFEST_DIR")
        );
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let seed = hex_seed(v["secret"].as_str().unwrap());
        DeviceKey::from_seed(seed)
    }

    fn hex_seed(s: &str) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (i, b) in out.iter_mut().enumerate() {
            *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
        }
        out
    }

    /// The demo with the real PBN results imported by the scorer, as the e2e prepares it
    /// (Sweden's captain named, so a Law 92D team consent is possible).
    pub fn demo_with_results() -> PathBuf {
        let p = demo();
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn"
        ))
        .unwrap();
        let records = tdlog::bridge::pbn::parse(&text).unwrap();
        let mut plan = tdlog::results::import::plan(&records, "A");
        plan.set_captains(&[("SWEDEN".into(), "Ola Rimstedt".into())])
            .unwrap();
        Log::open(&p)
            .unwrap()
            .append_batch(&demo_key("scorer"), plan.payloads)
            .unwrap();
        p
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
