//! `tdlog sync`: push and pull a log's events through a PostgreSQL hub (issue 17; the
//! engine is `tdlog::sync`). The hub is not trusted: what is pulled is checked and merged as
//! `tdlog merge` merges.

use super::{load_key, CliResult, KeyOpts};
use clap::Args;
use std::path::PathBuf;
use tdlog::log::Log;
use tdlog::sync::{self, HubConfig, Phase, SyncError};

#[derive(Args)]
pub struct SyncArgs {
    /// The log file (with --join: the new file to create).
    log: PathBuf,
    /// Join the hub's log LOGID (64 hex digits, or a prefix of at least 8 as `tdlog archive`
    /// prints): create LOG from the hub's events, each checked and verified as pulled.
    #[arg(long, value_name = "LOGID", conflicts_with = "watch")]
    join: Option<String>,
    /// The hub: `postgresql://user@host:port/db` or `host=/run/pg port=5432 dbname=hub`.
    /// What it leaves out comes from the libpq environment (PGHOST, PGPORT, PGUSER,
    /// PGDATABASE, PGPASSWORD).
    #[arg(long, env = "TDLOG_HUB", value_name = "URL")]
    hub: Option<String>,
    /// A password file in `.pgpass` format (mode 0600); default PGPASSFILE, else ~/.pgpass.
    #[arg(long, value_name = "FILE")]
    password_file: Option<PathBuf>,
    /// Events per transaction (push) and per query (pull).
    #[arg(long, default_value_t = 5_000)]
    batch: usize,
    /// Keep going: merge new events as the hub announces them (LISTEN/NOTIFY) and push
    /// this device's new events, until stopped. A hub that is away is retried.
    #[arg(long)]
    watch: bool,
    /// With --watch: how often to look for local changes and reconnect (milliseconds).
    #[arg(long, default_value_t = 1_000, value_name = "MS")]
    interval: u64,
    /// Witness every results publication on the log (issue 33): once the sync has pulled,
    /// check each publication's tree against this copy and sign its head with this
    /// device's key (a federation hub's key, or another director's), then push the heads.
    /// A publication this key already witnessed is left alone.
    #[arg(long, conflicts_with_all = ["watch", "join"])]
    witness: bool,
    #[command(flatten)]
    key: KeyOpts,
}

fn say(r: &sync::Report, target: &str) {
    println!(
        "synced with {target}: pushed {}, pulled {} new events ({} fork proofs), {} head claims checked",
        r.pushed, r.merged.added, r.merged.forks, r.claims
    );
    if let Some(id) = r.merged.receipt {
        println!("receipt signed (event {id})");
    }
    for f in &r.merged.future {
        eprintln!(
            "flag: {} {} (author {}, seq {}) is dated {}, ahead of this device's clock by more than the tolerance",
            f.kind,
            f.id.short(),
            f.author.short(),
            f.seq,
            f.wall_ms
        );
    }
    println!("head digest: {} ({} rows)", r.digest, r.local_rows);
}

pub fn run(a: SyncArgs) -> CliResult {
    let cfg = HubConfig::resolve(
        a.hub.as_deref(),
        a.password_file.as_deref(),
        &sync::conn::from_env,
    )?;
    if let Some(id) = &a.join {
        return join(&a, id, &cfg);
    }
    // As `tdlog merge`: opened without the device record's check (a log that lost events
    // gets them back by merging); the verified-state cache keeps re-opening cheap.
    let mut log = Log::open(&a.log)?;
    let dir = tdlog::log::seen::default_data_dir();
    // The device record follows what the sync merges (checked once it is in).
    log.keep_seen(tdlog::log::seen::SeenStore::new(&dir));
    log.attach_cache(tdlog::log::cache::VerifiedCache::new(&dir));
    let key = load_key(&a.key).ok();
    if key.is_none() {
        eprintln!("warning: no device key: nothing is signed (no receipt, no head claim)");
    }
    let opts = sync::Options {
        batch: a.batch,
        ..sync::Options::default()
    };
    let hostile = |e: &SyncError| {
        eprintln!("error: {e}");
        Ok(2)
    };
    if a.watch {
        let target = cfg.target.clone();
        let res = sync::watch(
            &mut log,
            &cfg,
            key.as_ref(),
            &opts,
            std::time::Duration::from_millis(a.interval.max(10)),
            &|| false,
            &mut |r| match r {
                Ok(r) if r.pushed > 0 || r.merged.added + r.merged.forks > 0 => say(r, &target),
                Ok(_) => {}
                Err(e) if e.is_away() => eprintln!("hub away, retrying: {e}"),
                // Anything else ends the watch; its one `error:` line is printed below.
                Err(_) => {}
            },
        );
        return match res {
            Ok(()) => Ok(0),
            Err(e) if e.is_hostile() => hostile(&e),
            Err(e) => Err(e.into()),
        };
    }
    let mut hub = sync::Hub::connect(&cfg)?;
    let mut bar: Option<(Phase, indicatif::ProgressBar)> = None;
    let res = sync::sync_once(
        &mut log,
        &mut hub,
        key.as_ref(),
        &opts,
        &mut |phase, done, total| {
            if bar.as_ref().is_none_or(|(p, _)| *p != phase) && total > 0 {
                let what = match phase {
                    Phase::Push => "push",
                    Phase::Pull => "pull",
                };
                bar = Some((phase, super::progress_bar(total, what)));
            }
            if let Some((_, b)) = &bar {
                b.set_position(done);
            }
            true
        },
    );
    if let Some((_, b)) = bar {
        b.finish_and_clear();
    }
    match res {
        Ok(r) => {
            say(&r, &hub.target);
            if !a.witness {
                return Ok(0);
            }
            drop(log);
            if super::proof::witness_all(&a.log, &a.key)? == 0 {
                return Ok(0);
            }
            // Push the heads just signed.
            let mut log = Log::open(&a.log)?;
            log.keep_seen(tdlog::log::seen::SeenStore::new(&dir));
            log.attach_cache(tdlog::log::cache::VerifiedCache::new(&dir));
            match sync::sync_once(&mut log, &mut hub, key.as_ref(), &opts, &mut |_, _, _| true) {
                Ok(r) => {
                    say(&r, &hub.target);
                    Ok(0)
                }
                Err(e) if e.is_hostile() => hostile(&e),
                Err(e) => Err(e.into()),
            }
        }
        Err(e) if e.is_hostile() => hostile(&e),
        Err(e) => Err(e.into()),
    }
}

/// `--join`: the new file from the hub's events.
fn join(a: &SyncArgs, id: &str, cfg: &HubConfig) -> CliResult {
    let mut hub = sync::Hub::connect(cfg)?;
    let log_id = sync::join::resolve_id(&mut hub, id)?;
    let key = load_key(&a.key).ok();
    let opts = sync::Options {
        batch: a.batch,
        ..sync::Options::default()
    };
    let mut bar: Option<indicatif::ProgressBar> = None;
    let res = sync::join::join(
        &a.log,
        &mut hub,
        &log_id,
        key.as_ref(),
        &opts,
        &mut |phase, done, total| {
            if phase == Phase::Pull && total > 0 {
                bar.get_or_insert_with(|| super::progress_bar(total, "pull"))
                    .set_position(done);
            }
            true
        },
        Some(&tdlog::log::seen::default_data_dir()),
    );
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    match res {
        Ok((_, r)) => {
            println!(
                "joined log {} from {}: {}",
                log_id.to_hex(),
                hub.target,
                a.log.display()
            );
            say(&r, &hub.target);
            Ok(0)
        }
        Err(e) if e.is_hostile() => {
            eprintln!("error: {e}");
            Ok(2)
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Args)]
pub struct ArchiveArgs {
    /// The hub (as for `tdlog sync`).
    #[arg(long, env = "TDLOG_HUB", value_name = "URL")]
    hub: Option<String>,
    #[arg(long, value_name = "FILE")]
    password_file: Option<PathBuf>,
    /// The casebook across tournaments instead of the list: every appeal, each
    /// tournament's log verified as it is read.
    #[arg(long)]
    appeals: bool,
    /// With --appeals: rulings under this law ("16" selects 16, 16B, 16B1).
    #[arg(long)]
    law: Option<String>,
    /// With --appeals: filed on or after this day or time (YYYY-MM-DD or RFC 3339).
    #[arg(long, value_name = "DATE")]
    since: Option<String>,
    /// With --appeals: only this organiser's tournaments.
    #[arg(long)]
    organiser: Option<String>,
    /// With --appeals: rulings given by this director (part of the name the key was
    /// enrolled under, in any case).
    #[arg(long, value_name = "NAME")]
    td: Option<String>,
    /// With --appeals: appeals that ended so: upheld, changed, recommendation_only,
    /// without_merit, withdrawn, open.
    #[arg(long)]
    outcome: Option<String>,
    /// With --appeals: read and verify every tournament's whole log now, past this
    /// device's verified archive index (which otherwise answers for each tournament the
    /// hub holds no new rows of since it was verified here).
    #[arg(long)]
    no_index: bool,
    #[arg(long)]
    json: bool,
}

fn parse_since(s: &str) -> Result<i64, String> {
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Ok(t.timestamp_millis());
    }
    chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc().timestamp_millis())
        .ok_or_else(|| format!("--since {s:?}: expected YYYY-MM-DD or an RFC 3339 time"))
}

fn day(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// `tdlog archive`: the tournaments on a hub, or the casebook across them.
pub fn archive(a: ArchiveArgs) -> CliResult {
    use tdlog::sync::archive;
    let cfg = HubConfig::resolve(
        a.hub.as_deref(),
        a.password_file.as_deref(),
        &sync::conn::from_env,
    )?;
    let mut hub = sync::Hub::connect(&cfg)?;
    if !a.appeals {
        let list = archive::list(&mut hub)?;
        if a.json {
            let v: Vec<_> = list
                .iter()
                .map(|t| match t {
                    Ok(t) => serde_json::to_value(t).unwrap_or_default(),
                    Err((id, why)) => serde_json::json!({"log_id": id, "refused": why}),
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&v)?);
        } else {
            println!("{} tournaments on {}", list.len(), hub.target);
            for t in &list {
                match t {
                    Ok(t) => println!(
                        "{}  {}  {} ({}, {}), {} events, {} keys",
                        t.log_id.short(),
                        day(t.created_ms),
                        t.name,
                        t.organiser,
                        t.game,
                        t.events,
                        t.keys
                    ),
                    Err((id, why)) => println!("{}  refused: {why}", id.short()),
                }
            }
        }
        return Ok(0);
    }
    let f = archive::CaseFilter {
        law: a.law.clone(),
        since_ms: a.since.as_deref().map(parse_since).transpose()?,
        organiser: a.organiser.clone(),
        td: a.td.clone(),
        outcome: a.outcome.clone(),
    };
    use tdlog::appeals::stats::Outcome;
    if let Some(o) = &f.outcome {
        if !Outcome::NAMES.contains(&o.as_str()) {
            return Err(format!(
                "--outcome {o:?}: expected one of {}",
                Outcome::NAMES.join(", ")
            )
            .into());
        }
    }
    let (cases, failed, used) = if a.no_index {
        let (c, f) = archive::casebook(&mut hub, &f)?;
        (c, f, None)
    } else {
        let dir = tdlog::log::seen::default_data_dir();
        let mut index = tdlog::sync::archive_index::ArchiveIndex::new(&dir, &hub.target);
        let (c, f, used) = tdlog::sync::archive_index::casebook_indexed(&mut hub, &f, &mut index)?;
        for (id, why) in &index.set_aside {
            eprintln!(
                "warning: this device's archive index entry of {} failed its check ({why}); set aside, verified again from the hub",
                id.short()
            );
        }
        (c, f, Some(used))
    };
    if a.json {
        let failed: Vec<_> = failed
            .iter()
            .map(|(id, why)| serde_json::json!({"log_id": id, "refused": why}))
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(
                &serde_json::json!({"appeals": cases, "stats": archive::CaseStats::of(&cases), "refused": failed, "index": used})
            )?
        );
    } else {
        match used {
            Some(u) => println!(
                "{} appeals ({} tournaments verified now, {} from this device's verified index)",
                cases.len(),
                u.verified_now,
                u.from_index
            ),
            None => println!(
                "{} appeals (each tournament's log verified as read)",
                cases.len()
            ),
        }
        for c in &cases {
            println!(
                "{}  {} ({})  {} r{} t{} b{}  laws {}  {:?}  {}",
                &c.filed[..10.min(c.filed.len())],
                c.tournament,
                c.organiser,
                c.section,
                c.round,
                c.table,
                c.board,
                c.laws.join(","),
                c.state,
                c.decision
            );
        }
        let st = archive::CaseStats::of(&cases);
        if !cases.is_empty() {
            let outcomes: Vec<String> = st
                .by_outcome
                .iter()
                .map(|(o, n)| format!("{o} {n}"))
                .collect();
            let laws: Vec<String> = st.by_law.iter().map(|(l, n)| format!("{l}: {n}")).collect();
            println!("outcomes: {}", outcomes.join(", "));
            println!("by law: {}", laws.join(", "));
        }
        for (id, why) in &failed {
            eprintln!("refused: tournament {} does not verify: {why}", id.short());
        }
    }
    Ok(if failed.is_empty() { 0 } else { 2 })
}
