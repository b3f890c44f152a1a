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
    log: PathBuf,
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
    // As `tdlog merge`: opened without the device record's check (a log that lost events
    // gets them back by merging); the verified-state cache keeps re-opening cheap.
    let mut log = Log::open(&a.log)?;
    log.attach_cache(tdlog::log::cache::VerifiedCache::new(
        &tdlog::log::seen::default_data_dir(),
    ));
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
                Err(e) => eprintln!("hub away, retrying: {e}"),
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
            Ok(0)
        }
        Err(e) if e.is_hostile() => hostile(&e),
        Err(e) => Err(e.into()),
    }
}
