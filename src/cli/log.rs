//! `tdlog init | note | log | verify | export | merge | fork`: the tournament log itself.

use super::{load_key, open_log, open_log_read_only, progress_bar, CliResult, KeyOpts};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};
use tdlog::events::{DirectorNote, ForkResolved, Game, Genesis, Payload};
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

/// Reads a log file or a bundle, and verifies it with a progress bar.
fn load_and_verify(path: &Path) -> Result<Verified, Box<dyn std::error::Error + Send + Sync>> {
    let inputs: Vec<Input> = if bundle::looks_like_bundle(path) {
        bundle::read(path)?
            .into_iter()
            .map(|raw| Input {
                raw,
                declared: None,
            })
            .collect()
    } else {
        open_log_read_only(path)?.read_inputs()?
    };
    tracing::info!(events = inputs.len(), "verifying");
    let bar = progress_bar(inputs.len() as u64, "verifying");
    let cb = |done: usize, _total: usize| bar.set_position(done as u64);
    let v = tdlog::log::verify(inputs, Some(&cb));
    bar.finish_and_clear();
    Ok(v?)
}

pub fn verify(path: PathBuf, json: bool) -> CliResult {
    match load_and_verify(&path).and_then(|v| {
        v.require_no_forks()?;
        Ok(v)
    }) {
        Ok(v) => {
            let mut census = tdlog::log::fold::Census::default();
            replay(&v, &mut census);
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "ok": true,
                        "log_id": v.log_id,
                        "events": census.events,
                        "keys": v.keys.keys.len(),
                        "excluded": v.excluded,
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
                for x in &v.excluded {
                    println!(
                        "excluded: event {} (author {}, seq {}): {}",
                        x.id.short(),
                        x.author.short(),
                        x.seq,
                        x.reason
                    );
                }
            }
            Ok(0)
        }
        Err(e) => {
            let code = e
                .downcast_ref::<tdlog::log::VerifyError>()
                .map(|v| v.fault.code())
                .or_else(|| match e.downcast_ref::<tdlog::log::LogError>() {
                    Some(tdlog::log::LogError::Verify(v)) => Some(v.fault.code()),
                    Some(other) => other.reason_code(),
                    None => None,
                })
                .unwrap_or("unreadable");
            if json {
                println!(
                    "{}",
                    serde_json::json!({"ok": false, "reason": code, "message": e.to_string()})
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

pub fn merge(path: PathBuf, file: PathBuf) -> CliResult {
    let incoming = bundle::read(&file)?;
    let mut log = open_log(&path)?;
    let (added, forks) = log.merge(incoming)?;
    println!(
        "merged {}: {added} new events, {forks} fork proofs",
        file.display()
    );
    if forks > 0 {
        eprintln!(
            "warning: {forks} fork proof(s): a key signed two different events at one sequence number; the key is blocked until the chief TD rules (tdlog fork resolve)"
        );
    }
    Ok(0)
}
