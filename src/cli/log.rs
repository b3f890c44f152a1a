//! `tdlog init | note | log | verify | export | merge | fork`: the tournament log itself.

use super::{load_key, open_log, open_log_read_only, progress_bar, CliResult, KeyOpts};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};
use tdlog::events::{DirectorNote, ForkResolved, Game, Genesis, Payload};
use tdlog::log::digest::{Digest, HeadSet};
use tdlog::log::found::Found;
use tdlog::log::seen::SeenError;
use tdlog::log::store::ReadOnlyLog;
use tdlog::log::{bundle, replay, Hash32, Input, Log, Verified};

#[derive(Args)]
pub struct InitArgs {
    /// The new log file (refused if it exists).
    pub log: PathBuf,
    #[arg(long)]
    pub name: String,
    #[arg(long, value_parser = parse_game)]
    pub game: Game,
    #[arg(long, default_value = "unspecified organiser")]
    pub organiser: String,
    /// Rule profile; default wbf-2017 (bridge) or eppstein-2001 (doppelkopf).
    #[arg(long)]
    pub profile: Option<String>,
    /// Name of the chief TD (this device's holder).
    #[arg(long, default_value = "Chief TD")]
    pub chief_name: String,
    #[command(flatten)]
    pub key: KeyOpts,
}

fn parse_game(s: &str) -> Result<Game, String> {
    match s {
        "bridge" => Ok(Game::Bridge),
        "doppelkopf" | "doko" => Ok(Game::Doppelkopf),
        _ => Err(format!("unknown game {s:?} (bridge or doppelkopf)")),
    }
}

#[derive(Args)]
pub struct NoteArgs {
    pub log: PathBuf,
    #[arg(long)]
    pub text: String,
    #[arg(long)]
    pub board: Option<u32>,
    #[arg(long)]
    pub table: Option<u32>,
    #[arg(long)]
    pub round: Option<u32>,
    #[command(flatten)]
    pub key: KeyOpts,
}

#[derive(Subcommand)]
pub enum TimeCmd {
    /// Late arrivals (steps first received after their deadline) and future-dated events.
    Flags {
        log: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// The chief TD accepts a late arrival (it takes effect from now) or acknowledges a
    /// future-dated event, with the law and the reason.
    Accept {
        log: PathBuf,
        /// The event id (or a unique prefix of it).
        event: String,
        #[arg(long)]
        law: String,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The event's time zone (chief TD or organiser; `config.event`): reports and screens
    /// print local times in it with the zone named; signed times and JSON stay UTC.
    Zone {
        log: PathBuf,
        /// An IANA time zone name: Europe/Berlin, Europe/Copenhagen, UTC, ...
        zone: String,
        #[command(flatten)]
        key: KeyOpts,
    },
}

#[derive(Subcommand)]
pub enum ForkCmd {
    /// Rule on a fork proof: the event that stands (chief TD only).
    Resolve {
        log: PathBuf,
        /// The key that signed two events at one sequence number.
        public_key: String,
        seq: u64,
        #[arg(long)]
        keep: String,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        key: KeyOpts,
    },
}

pub fn init(a: InitArgs) -> CliResult {
    let k = load_key(&a.key)?;
    let profile = a
        .profile
        .unwrap_or_else(|| a.game.default_profile().to_string());
    let mut log = Log::create(
        &a.log,
        &k,
        Genesis {
            name: a.name,
            game: a.game,
            organiser: a.organiser,
            rule_profile: profile,
            chief_td: a.chief_name,
        },
    )?;
    println!("created {} (log id {})", a.log.display(), log.log_id()?);
    Ok(0)
}

pub fn note(a: NoteArgs) -> CliResult {
    let k = load_key(&a.key)?;
    let mut log = open_log(&a.log)?;
    let id = log.append(
        &k,
        Payload::DirectorNote(DirectorNote {
            text: a.text,
            board: a.board,
            table: a.table,
            round: a.round,
        }),
    )?;
    println!("recorded note (event {id})");
    Ok(0)
}

pub fn fork(cmd: ForkCmd) -> CliResult {
    match cmd {
        ForkCmd::Resolve {
            log,
            public_key,
            seq,
            keep,
            reason,
            key,
        } => {
            let k = load_key(&key)?;
            let mut l = open_log(&log)?;
            let id = l.append(
                &k,
                Payload::ForkResolved(ForkResolved {
                    key: super::key::parse_public(&public_key)?,
                    seq,
                    kept: Hash32::from_hex(&keep).map_err(|e| format!("--keep: {e}"))?,
                    reason,
                }),
            )?;
            println!("fork ruled (event {id})");
            Ok(0)
        }
    }
}

/// Reads a log file or a bundle, and verifies it with a progress bar. A log is checked
/// against this device's record of what it has seen, and the record follows it.
fn load_and_verify(path: &Path) -> Result<Verified, Box<dyn std::error::Error + Send + Sync>> {
    load_and_verify_with(path, false)
}

/// `all`: check every signature whatever this device's cache says (`tdlog verify`).
fn load_and_verify_with(
    path: &Path,
    all: bool,
) -> Result<Verified, Box<dyn std::error::Error + Send + Sync>> {
    let bundle = bundle::looks_like_bundle(path);
    let (inputs, log): (Vec<Input>, Option<ReadOnlyLog>) = if bundle {
        let inputs = bundle::read(path)?
            .into_iter()
            .map(|raw| Input {
                raw,
                declared: None,
            })
            .collect();
        (inputs, None)
    } else {
        let log = open_log_read_only(path)?;
        (Vec::new(), Some(log))
    };
    let total = match &log {
        Some(l) => l.count()? as usize,
        None => inputs.len(),
    };
    tracing::info!(events = total, "verifying");
    let bar = progress_bar(total as u64, "verifying");
    let cb = |done: usize, _total: usize| bar.set_position(done as u64);
    let v = match &log {
        Some(l) if all => l.verify_all(Some(&cb)),
        Some(l) => l.verify(Some(&cb)),
        None => tdlog::log::verify(inputs, Some(&cb)).map_err(Into::into),
    };
    bar.finish_and_clear();
    Ok(v?)
}

/// Late arrivals and future-dated events of a verified log.
fn time_flags(
    v: &Verified,
) -> (
    Vec<tdlog::appeals::LateArrival>,
    Vec<tdlog::log::time::FutureDated>,
) {
    let f = tdlog::appeals::fold(v, None);
    let future = tdlog::log::time::future_dated(
        v,
        &f.workflow.receipts,
        f.workflow.settings.clock_tolerance_ms(),
    )
    .into_iter()
    .filter(|x| !f.workflow.time_accepted.contains_key(&x.event))
    .collect();
    (f.workflow.late_arrivals.into_values().collect(), future)
}

fn holder(v: &Verified, a: &Hash32) -> String {
    v.keys
        .get(a)
        .map_or_else(|| format!("key {}", a.short()), |k| k.holder.clone())
}

pub fn verify(path: PathBuf, json: bool, expect: Option<String>) -> CliResult {
    let expect = match expect.as_deref().map(str::parse::<Digest>) {
        None => None,
        Some(Ok(d)) => Some(d),
        Some(Err(e)) => return Err(format!("--expect: {e}").into()),
    };
    match load_and_verify_with(&path, true).and_then(|v| {
        v.require_no_forks()?;
        Ok(v)
    }) {
        Ok(v) => {
            let mut census = tdlog::log::fold::Census::default();
            replay(&v, &mut census);
            let digest = HeadSet::of(&v).digest();
            let found = expect.map(|d| (d, tdlog::log::found::find(&v, &d)));
            let (late, future) = time_flags(&v);
            let found_text = |f: &Found| match f {
                Found::Now => "the log as it is now".to_string(),
                Found::Checkpoint(id) => format!("checkpoint {}", id.short()),
                Found::After(id) => format!("the log as it was after event {}", id.short()),
                Found::Before(id) => format!("the log as it was before event {}", id.short()),
            };
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "ok": true,
                        "log_id": v.log_id,
                        "events": census.events,
                        "keys": v.keys.keys.len(),
                        "excluded": v.excluded,
                        "digest": digest.to_string(),
                        "late_arrivals": late,
                        "future_dated": future,
                        "warnings": tdlog::log::device::take_warnings(),
                        "expect": found.as_ref().map(|(d, f)| serde_json::json!({
                            "digest": d.to_string(),
                            "contained": f.is_some(),
                            "state": f.as_ref().map(found_text),
                        })),
                    })
                );
            } else {
                println!(
                    "ok: {} events verified ({} standing, {} excluded), {} keys, log id {}",
                    census.events as usize + v.excluded.len(),
                    census.events,
                    v.excluded.len(),
                    v.keys.keys.len(),
                    v.log_id
                );
                println!("head digest: {digest}");
                for x in &v.excluded {
                    println!(
                        "excluded: event {} (author {}, seq {}): {}",
                        x.id.short(),
                        x.author.short(),
                        x.seq,
                        x.reason
                    );
                }
                for l in &late {
                    println!(
                        "late arrival: {} {} by {} signed {} (deadline {}, Law {}) first received {} by {}{}",
                        l.signed.kind,
                        l.signed.event.short(),
                        l.signed.signer,
                        l.signed.time,
                        l.deadline,
                        l.law,
                        l.arrival,
                        l.received_by,
                        if l.accepted.is_some() { ": accepted by the chief TD" } else { ": waits for the chief TD (tdlog time accept)" }
                    );
                }
                for x in &future {
                    println!(
                        "future-dated: {} {} by {} dated {} min ahead of the clock that first received it",
                        x.kind,
                        x.event.short(),
                        holder(&v, &x.author),
                        x.ahead_ms / 60_000
                    );
                }
            }
            match found {
                Some((d, None)) => {
                    if !json {
                        eprintln!("FAILED: this log does not contain the state with head digest {d}: events it covered were deleted (or the digest was mistyped)");
                    }
                    Ok(3)
                }
                Some((d, Some(f))) => {
                    if !json {
                        println!("expected digest {d}: contained ({})", found_text(&f));
                    }
                    Ok(0)
                }
                None => Ok(0),
            }
        }
        Err(e) => {
            let code = e
                .downcast_ref::<tdlog::log::VerifyError>()
                .map(|v| v.fault.code())
                .or_else(|| match e.downcast_ref::<tdlog::log::LogError>() {
                    Some(tdlog::log::LogError::Verify(v)) => Some(v.fault.code()),
                    Some(tdlog::log::LogError::Seen(SeenError::Tampered { .. })) => {
                        Some("seen_tampered")
                    }
                    Some(other) => other.reason_code(),
                    None => None,
                })
                .unwrap_or("unreadable");
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "ok": false,
                        "reason": code,
                        "message": e.to_string(),
                        "warnings": tdlog::log::device::take_warnings(),
                    })
                );
            } else {
                eprintln!("FAILED: {e}");
            }
            Ok(2)
        }
    }
}

/// `tdlog log`: every standing event as one JSON line, in replay order.
pub fn show(path: PathBuf) -> CliResult {
    let v = load_and_verify(&path)?;
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for (n, e) in v.events.iter().enumerate() {
        let signer = v.keys.get(&e.env.author);
        let time = chrono::DateTime::from_timestamp_millis(e.env.wall_ms)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .unwrap_or_default();
        let line = serde_json::json!({
            "n": n + 1,
            "type": e.env.kind,
            "v": e.env.v,
            "time": time,
            "signer": signer.map(|k| k.holder.as_str()),
            "role": signer.map(|k| k.role.as_str()),
            "author": e.env.author,
            "seq": e.env.seq,
            "lamport": e.env.lamport,
            "id": e.id,
            "payload": e.payload.to_json(),
        });
        writeln!(out, "{line}")?;
    }
    for x in &v.excluded {
        writeln!(out, "{}", serde_json::json!({"excluded": x}))?;
    }
    out.flush()?;
    Ok(0)
}

/// `tdlog export`: a read-only open, and output that never destroys input (`io_safe`).
pub fn export(path: PathBuf, file: PathBuf, force: bool) -> CliResult {
    tdlog::io_safe::check_output(&file, force, &[&path])?;
    let log = open_log_read_only(&path)?;
    let raws: Vec<_> = log.read_inputs()?.into_iter().map(|i| i.raw).collect();
    let n = raws.len();
    tdlog::io_safe::write_output(&file, &bundle::to_bytes(&raws), force, &[&path])?;
    println!("exported {n} events to {}", file.display());
    Ok(0)
}

pub fn merge(path: PathBuf, file: PathBuf, key: KeyOpts) -> CliResult {
    let incoming = bundle::read(&file)?;
    // Opened without the device record's check: merging is how a log that lost events
    // gets them back. The record is checked (and moved on) once the events are in.
    let mut log = Log::open(&path)?;
    let dir = tdlog::log::seen::default_data_dir();
    log.keep_seen(tdlog::log::seen::SeenStore::new(&dir));
    // Only rows this device has not verified before have their signatures checked.
    log.attach_cache(tdlog::log::cache::VerifiedCache::new(&dir));
    let signer = load_key(&key).ok().filter(|k| {
        log.keys()
            .ok()
            .is_some_and(|ks| ks.may_sign(&k.public(), u64::MAX).is_ok())
    });
    let r = match &signer {
        Some(k) => log.merge_with_receipt(incoming, k)?,
        None => log.merge_report(incoming)?,
    };
    println!(
        "merged {}: {} new events, {} fork proofs",
        file.display(),
        r.added,
        r.forks
    );
    match (r.receipt, r.added) {
        (Some(id), _) => println!("receipt signed (event {id})"),
        (None, 0) => {}
        (None, _) => eprintln!(
            "warning: no receipt signed (this device's key is not enrolled in this log or not readable): when these events arrived is not recorded, so late arrivals cannot be told"
        ),
    }
    for f in &r.future {
        eprintln!(
            "flag: {} {} (author {}, seq {}) is dated {}, ahead of this device's clock by more than the tolerance",
            f.kind,
            f.id.short(),
            f.author.short(),
            f.seq,
            tdlog::appeals::clocks::rfc3339(f.wall_ms)
        );
    }
    if r.forks > 0 {
        eprintln!(
            "warning: {} fork proof(s): a key signed two different events at one sequence number; the key is blocked until the chief TD rules (tdlog fork resolve)",
            r.forks
        );
    }
    log.verify(None)?;
    Ok(0)
}

pub fn checkpoint(path: PathBuf, note: Option<String>, key: KeyOpts) -> CliResult {
    let k = load_key(&key)?;
    let mut log = open_log(&path)?;
    let v = log.verify(None)?;
    let heads = HeadSet::of(&v);
    let digest = heads.digest();
    let id = log.append(
        &k,
        Payload::LogCheckpoint(tdlog::events::LogCheckpoint {
            heads: heads.refs(),
            events: heads.events(),
            digest: digest.to_string(),
            note,
        }),
    )?;
    println!("checkpoint signed (event {id}): head digest {digest}");
    Ok(0)
}

pub fn time(cmd: TimeCmd) -> CliResult {
    match cmd {
        TimeCmd::Flags { log, json } => {
            let v = load_and_verify(&log)?;
            let (late, future) = time_flags(&v);
            if json {
                println!(
                    "{}",
                    serde_json::json!({"late_arrivals": late, "future_dated": future})
                );
            } else if late.is_empty() && future.is_empty() {
                println!("no late arrivals, no future-dated events");
            } else {
                for l in &late {
                    println!(
                        "late arrival {}: {} by {}, signed {}, deadline {} (Law {}), first received {} by {}{}",
                        l.signed.event,
                        l.signed.kind,
                        l.signed.signer,
                        l.signed.time,
                        l.deadline,
                        l.law,
                        l.arrival,
                        l.received_by,
                        if l.accepted.is_some() { " [accepted]" } else { "" }
                    );
                }
                for x in &future {
                    println!(
                        "future-dated {}: {} by {}, {} min ahead of the clock that first received it",
                        x.event,
                        x.kind,
                        holder(&v, &x.author),
                        x.ahead_ms / 60_000
                    );
                }
            }
            Ok(0)
        }
        TimeCmd::Accept {
            log,
            event,
            law,
            reason,
            key,
        } => {
            let k = load_key(&key)?;
            let mut l = open_log(&log)?;
            let v = l.verify(None)?;
            let wanted = event.to_ascii_lowercase();
            let hits: Vec<Hash32> = v
                .events
                .iter()
                .map(|e| e.id)
                .filter(|id| id.to_hex().starts_with(&wanted))
                .collect();
            let id = match hits.as_slice() {
                [one] => *one,
                [] => return Err(format!("no event {event} in this log").into()),
                _ => {
                    return Err(
                        format!("{event} names {} events; give more of the id", hits.len()).into(),
                    )
                }
            };
            let now = chrono::Utc::now().timestamp_millis();
            let e = tdlog::appeals::append_checked(
                &mut l,
                &k,
                Payload::TimeAccepted(tdlog::events::TimeAccepted {
                    event: id,
                    law,
                    reason,
                }),
                now,
            )?;
            println!("accepted {} (event {e})", id.short());
            Ok(0)
        }
        TimeCmd::Zone { log, zone, key } => {
            let k = load_key(&key)?;
            let e = open_log(&log)?.append(
                &k,
                Payload::EventSettings(tdlog::events::EventSettings {
                    time_zone: zone.clone(),
                }),
            )?;
            println!("time zone {zone} (event {e})");
            Ok(0)
        }
    }
}
