//! `tdlog import pbn | results | ranking | audit`: tournament results from the log.

use super::{load_key, open_log, CliResult, KeyOpts};
use clap::Subcommand;
use std::path::PathBuf;
use tdlog::log::{Hash32, Verified};
use tdlog::results::{import, ranking, results, Tournament};

#[derive(Subcommand)]
pub enum ImportCmd {
    /// Import structure and results from a PBN file, one signed event per fact. A file with
    /// any problem imports nothing unless --lenient (then problem records are skipped).
    Pbn {
        file: PathBuf,
        #[arg(long)]
        log: PathBuf,
        #[arg(long, default_value = "A")]
        section: String,
        #[arg(long)]
        lenient: bool,
        /// A team's captain, as TEAM=PLAYER (Law 92D: a team appeals with its captain's
        /// consent); repeat.
        #[arg(long = "captain", value_parser = captain_arg)]
        captains: Vec<(String, String)>,
        #[command(flatten)]
        key: KeyOpts,
    },
}

fn captain_arg(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(t, p)| (t.trim().to_owned(), p.trim().to_owned()))
        .filter(|(t, p)| !t.is_empty() && !p.is_empty())
        .ok_or_else(|| format!("{s:?} is not TEAM=PLAYER"))
}

pub fn import(cmd: ImportCmd) -> CliResult {
    let ImportCmd::Pbn {
        file,
        log,
        section,
        lenient,
        captains,
        key,
    } = cmd;
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let records = tdlog::bridge::pbn::parse(&text)?;
    let mut plan = import::plan(&records, &section);
    plan.set_captains(&captains)?;
    for p in &plan.problems {
        eprintln!("{}: {p}", file.display());
    }
    if !plan.problems.is_empty() && !lenient {
        return Err(format!(
            "{} problem(s) in {}; nothing imported (use --lenient to import the {} good records)",
            plan.problems.len(),
            file.display(),
            plan.imported
        )
        .into());
    }
    let k = load_key(&key)?;
    let mut l = open_log(&log)?;
    let n = plan.payloads.len();
    l.append_batch(&k, plan.payloads)?;
    println!(
        "imported {} records ({} skipped) from {} as {n} signed events",
        plan.imported,
        plan.skipped,
        file.display()
    );
    Ok(0)
}

/// Folds the verified log into the tournament, up to and including event `at` if given.
fn tournament(v: &Verified, at: Option<&str>) -> Result<Tournament, String> {
    let stop = at
        .map(Hash32::from_hex)
        .transpose()
        .map_err(|e| format!("--at: {e}"))?;
    // Folded with the appeals workflow: a refused step (late correction, unauthorised
    // decision) never reaches the scores, and an appeal decision's new score does.
    let found = stop.is_none_or(|s| v.events.iter().any(|e| e.id == s));
    if !found {
        return Err("--at: no such event in this log".into());
    }
    let t = tdlog::appeals::fold(v, stop).tournament;
    Ok(t)
}

fn load(
    log: &PathBuf,
    at: Option<&str>,
) -> Result<Tournament, Box<dyn std::error::Error + Send + Sync>> {
    let v = open_log(log)?.verify(None)?;
    v.require_no_forks()?;
    Ok(tournament(&v, at)?)
}

pub fn show_results(log: PathBuf, json: bool) -> CliResult {
    let t = load(&log, None)?;
    let rows = results(&t);
    if json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        for r in &rows {
            println!(
                "board {:>2} round {} table {:>2}  {} v {}  {}{}{}",
                r.board,
                r.round,
                r.table,
                r.ns,
                r.ew,
                r.result,
                r.imp_ns
                    .map(|i| format!("  IMPs NS {i:+}"))
                    .unwrap_or_default(),
                r.pct_ns.map(|p| format!("  NS {p}%")).unwrap_or_default()
            );
            if let Some(n) = &r.note {
                println!("          note: {n}");
            }
        }
    }
    for w in &t.warnings {
        eprintln!("warning: event {}: {}", w.event.short(), w.message);
    }
    Ok(0)
}

pub fn show_ranking(log: PathBuf, at: Option<String>, json: bool) -> CliResult {
    let t = load(&log, at.as_deref())?;
    let rows = results(&t);
    let r = ranking(&t, &rows);
    if json {
        println!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        for p in &r.policies {
            println!(
                "section {}: {:?} scoring, {}",
                p.section,
                p.policy.method,
                match p.set_by {
                    Some(id) => format!("policy of event {}", id.short()),
                    None => "default policy (no scoring.policy event)".into(),
                }
            );
        }
        for s in &r.standings {
            println!("{:>5}  {:<30} {:>8} {}", s.place, s.name, s.total, s.unit);
        }
    }
    Ok(0)
}

pub fn audit(
    log: PathBuf,
    board: u32,
    contestant: Option<String>,
    table: Option<u32>,
    json: bool,
) -> CliResult {
    let t = load(&log, None)?;
    let slots: Vec<_> = t
        .slots
        .values()
        .filter(|s| s.slot.board == board)
        .filter(|s| contestant.as_ref().is_none_or(|c| &s.ns == c || &s.ew == c))
        .filter(|s| table.is_none_or(|n| s.slot.table == n))
        .collect();
    if slots.is_empty() {
        return Err(format!("no result for board {board} matches").into());
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&slots)?);
        return Ok(0);
    }
    for s in slots {
        println!(
            "board {} round {} table {}: {} (N-S) v {} (E-W): {}",
            s.slot.board,
            s.slot.round,
            s.slot.table,
            s.ns,
            s.ew,
            s.outcome().describe()
        );
        for (i, c) in s.history.iter().enumerate() {
            println!(
                "  {}. {} {} by {} ({}), event {}{}",
                i + 1,
                c.time,
                c.what,
                c.signer,
                c.role,
                c.event.short(),
                c.law
                    .as_ref()
                    .map(|l| format!(", Law {l}"))
                    .unwrap_or_default()
            );
            if let Some(b) = &c.before {
                println!("     before: {b}");
            }
            println!("     after:  {}", c.after);
            if let Some(r) = &c.reason {
                println!("     reason: {r}");
            }
        }
    }
    Ok(0)
}

#[derive(Subcommand)]
pub enum PolicyCmd {
    /// Sign a scoring policy (chief TD or organiser) from a JSON file in the form of
    /// `schema/events/scoring.policy.v1.schema.json`; fields left out take their defaults.
    Set {
        log: PathBuf,
        file: PathBuf,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Show the policy in force for every section, and which event set it.
    Show { log: PathBuf },
}

pub fn policy(cmd: PolicyCmd) -> CliResult {
    match cmd {
        PolicyCmd::Set { log, file, key } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let p: tdlog::events::PolicySet = serde_json::from_str(&text)
                .map_err(|e| format!("{} is not a scoring policy: {e}", file.display()))?;
            let k = load_key(&key)?;
            let id = open_log(&log)?.append(&k, tdlog::events::Payload::PolicySet(p))?;
            println!("scoring policy set (event {id})");
            Ok(0)
        }
        PolicyCmd::Show { log } => {
            let t = load(&log, None)?;
            let r = ranking(&t, &results(&t));
            println!("{}", serde_json::to_string_pretty(&r.policies)?);
            Ok(0)
        }
    }
}
