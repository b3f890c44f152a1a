//! The verified-state cache (`cargo bench --bench cache`): what one action costs on a log
//! this device has verified before, as a ratio to the auditor's full `tdlog verify` of the
//! same log, measured in the same run (issue 12's CLI targets). Each action goes through the
//! library calls the CLI makes: open, attach the device record and cache, then
//! - `tdlog verify`: `verify_all` (every signature);
//! - `tdlog note`: one append (the append state from the cache's snapshot);
//! - `tdlog results --json`: verify (cached signatures), the appeals fold, the scores.
//!
//! `TDLOG_BENCH_QUICK=1` shrinks the log for a smoke run (results are then not written).

mod common;

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;
use tdlog::events::{DirectorNote, Game, Genesis, KeyEnrolled, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::cache::VerifiedCache;
use tdlog::log::seen::SeenStore;
use tdlog::log::Log;

fn note(i: usize) -> Payload {
    Payload::DirectorNote(DirectorNote {
        text: format!("board {} table {}: director called", i % 27 + 1, i % 30 + 1),
        board: Some((i % 27 + 1) as u32),
        table: Some((i % 30 + 1) as u32),
        round: Some((i / 810 + 1) as u32),
    })
}

fn build(path: &Path, n: usize) {
    let chief = DeviceKey::from_seed([1; 32]);
    let tds: Vec<DeviceKey> = (0..4).map(|i| DeviceKey::from_seed([10 + i; 32])).collect();
    let mut log = Log::create(
        path,
        &chief,
        Genesis {
            name: "Cache bench".into(),
            game: Game::Bridge,
            organiser: "bench".into(),
            rule_profile: "wbf-2017".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    for k in &tds {
        log.append(
            &chief,
            Payload::KeyEnrolled(KeyEnrolled {
                key: k.public(),
                role: Role::Td,
                holder: "TD".into(),
            }),
        )
        .unwrap();
    }
    let mut made = 5;
    let mut i = 0;
    while made < n {
        let batch = (n - made).min(5000);
        log.append_batch(&tds[i % 4], (0..batch).map(|j| note(made + j)).collect())
            .unwrap();
        made += batch;
        i += 1;
    }
}

fn open(path: &Path, device: &Path) -> Log {
    let mut log = Log::open(path).unwrap();
    log.attach_seen(SeenStore::new(device)).unwrap();
    log.attach_cache(VerifiedCache::new(device));
    log
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let quick = std::env::var_os("TDLOG_BENCH_QUICK").is_some();
    let n = if quick { 10_000 } else { 100_000 };
    let runs = if quick { 3 } else { 5 };
    let dir = tempfile::tempdir().unwrap();
    let (p, device) = (dir.path().join("c.tdlog"), dir.path().join("device"));
    build(&p, n);
    let td = DeviceKey::from_seed([10; 32]);
    // The first full verify makes the cache (as `tdlog verify` does).
    black_box(open(&p, &device).verify_all(None).unwrap());
    let (mut full, mut append, mut results) = (vec![], vec![], vec![]);
    for r in 0..runs {
        // Interleaved, so that load from elsewhere falls on all three alike.
        let t = Instant::now();
        black_box(open(&p, &device).verify_all(None).unwrap());
        full.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        black_box(open(&p, &device).append(&td, note(r)).unwrap());
        append.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let v = open(&p, &device).verify(None).unwrap();
        let f = tdlog::appeals::fold(&v, None);
        let rows = tdlog::results::results(&f.tournament);
        black_box(serde_json::to_vec(&rows).unwrap());
        results.push(t.elapsed().as_secs_f64());
    }
    let (full, append, results) = (median(full), median(append), median(results));
    let body = format!(
        "## The verified-state cache: one action on a log this device verified before\n\n\
Written by `cargo bench --bench cache` (`benches/cache.rs`). Log: {n} signed events; median of {runs} interleaved runs; \
each action opens the log as the CLI does (device record and cache attached). Baseline: the auditor's full check \
(`tdlog verify`: every signature) of the same log, {full_ms:.0} ms.\n\n\
| action | time | ratio to a full verify | target |\n|---|---:|---:|---|\n\
| append one event (`tdlog note`) | {a:.0} ms | {ra:.3} | <= 0.15: {ma} |\n\
| results as JSON (`tdlog results --json`) | {r:.0} ms | {rr:.3} | <= 0.3: {mr} |\n\n\
The append hashes every stored row (SHA-256, no signatures) to check that nothing this device verified has \
changed, then takes its state from the cache's signed snapshot; the results verify checks the same hashes, \
decodes every payload and folds the tournament. A changed old row is a hard error in both.\n",
        full_ms = full * 1e3,
        a = append * 1e3,
        ra = append / full,
        ma = if append / full <= 0.15 { "met" } else { "not met" },
        r = results * 1e3,
        rr = results / full,
        mr = if results / full <= 0.3 { "met" } else { "not met" },
    );
    println!("{body}");
    if !quick {
        common::write_section("cache-bench", &body);
    }
}
