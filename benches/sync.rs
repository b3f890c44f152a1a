//! The sync hub (issue 17; `cargo bench --bench sync`), against a throwaway PostgreSQL
//! cluster started as the tests start one (tests/common/pg.rs), in one run:
//! - push: `sync_once` from a device holding N events into an empty hub, against a bare
//!   `COPY ... FROM STDIN BINARY` of the same rows' bytes into a table of the same shape;
//! - pull: `sync_once` on a device holding only the tournament's start (reads, checks, and
//!   merges: every signature verified, the union verified, rows inserted, a receipt), against
//!   a bare `COPY (SELECT ...) TO STDOUT BINARY` of the same rows;
//! - latency: an append on device A, pushed by A's sync, to the event folded on device B
//!   (a `live::Live` in `sync::watch`, woken by LISTEN/NOTIFY); median and worst of R;
//! - archive: "appeals under Law 16 since a date" across T synthetic tournaments, each log
//!   verified as it is read, and the same query through the device's verified archive
//!   index, first (filling it) and second (nothing new on the hub).
//!
//! N = TDLOG_BENCH_EVENTS (default 100000), R = 30, T = TDLOG_BENCH_TOURNAMENTS (default 200).

#[path = "../tests/common/pg.rs"]
mod pg;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use tdlog::events::*;
use tdlog::keys::{DeviceKey, Role};
use tdlog::live::Live;
use tdlog::log::cache::VerifiedCache;
use tdlog::log::seen::SeenStore;
use tdlog::log::Log;
use tdlog::sync::{self, Hub, HubConfig};

fn env_n(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn key(n: u8) -> DeviceKey {
    DeviceKey::from_seed([n; 32])
}

fn note(text: String) -> Payload {
    Payload::DirectorNote(DirectorNote {
        text,
        board: Some(1),
        table: Some(1),
        round: Some(1),
    })
}

fn genesis(name: &str) -> Genesis {
    Genesis {
        name: name.into(),
        game: Game::Bridge,
        organiser: "Bench Federation".into(),
        rule_profile: "wbf-2017".into(),
        chief_td: "Chief".into(),
    }
}

fn start(dir: &Path, name: &str) -> PathBuf {
    let p = dir.join(format!("{name}.tdlog"));
    let mut log = Log::create(&p, &key(1), genesis(name)).unwrap();
    log.append(
        &key(1),
        Payload::KeyEnrolled(KeyEnrolled {
            key: key(2).public(),
            role: Role::Td,
            holder: "Tom TD".into(),
        }),
    )
    .unwrap();
    p
}

fn open(p: &Path, data: &Path) -> Log {
    let mut log = Log::open(p).unwrap();
    log.attach_cache(VerifiedCache::new(data));
    log
}

fn hub(pg: &pg::PgCluster) -> Hub {
    Hub::connect(&HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap()).unwrap()
}

/// A TD's ruling under `law` at table 1, and an appeal against it (two events).
fn appeal(log: &mut Log, law: &str) {
    let ruling: Ruling = serde_json::from_value(serde_json::json!({
        "section": "A", "round": 1, "table": 1, "board": 1, "ns": "1", "ew": "2",
        "facts": "hesitation", "facts_agreed": true, "laws": [law],
        "category": "judgement", "decision": "result stands", "appeal_notice": true
    }))
    .unwrap();
    let rid = log
        .append(&key(2), Payload::Ruling(Box::new(ruling)))
        .unwrap();
    log.append(
        &key(2),
        Payload::AppealFiled(AppealFiled {
            ruling: rid,
            appellant: "1".into(),
            grounds: "g".into(),
            consents: vec![],
        }),
    )
    .unwrap();
}

/// Writes every dirty page of the machine out (`sync(2)`).
fn settle_disk() {
    // SAFETY: sync takes no arguments and only starts the kernel's writeback.
    unsafe { libc::sync() };
}

fn rate(n: usize, s: f64) -> String {
    format!("{:.0} events/s ({s:.2} s)", n as f64 / s)
}

// The allocator and memory settings of the CLI (`src/main.rs`), so a join and a cold verify
// are measured as `tdlog sync` and `tdlog verify` run them.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    tdlog::memory::no_huge_pages();
    let Some(pg) = pg::PgCluster::start() else {
        println!("sync benchmarks not run: PostgreSQL is not installed");
        return;
    };
    let n = env_n("TDLOG_BENCH_EVENTS", 100_000);
    let reps = 30;
    let tournaments = env_n("TDLOG_BENCH_TOURNAMENTS", 200);
    // TDLOG_BENCH_PARTS=latency,archive (default both; also: federation) after the push
    // and pull.
    let parts = std::env::var("TDLOG_BENCH_PARTS").unwrap_or_else(|_| "latency,archive".into());
    let want = |p: &str| parts.split(',').any(|x| x.trim() == p);
    let dir = tempfile::tempdir().unwrap();
    let base = start(dir.path(), "base");
    let b_path = dir.path().join("b.tdlog");
    // Device A records N notes (signed in batches).
    {
        let mut log = open(&base, &dir.path().join("a-data"));
        let mut i = 0;
        while i < n {
            let k = 1000.min(n - i);
            log.append_batch(
                &key(2),
                (i..i + k).map(|j| note(format!("note {j}"))).collect(),
            )
            .unwrap();
            i += k;
        }
    }
    let mut a = open(&base, &dir.path().join("a-data"));
    let rows = a.count().unwrap() as usize;
    let mut h = hub(&pg);

    // Push.
    let t = Instant::now();
    let r = sync::sync_once(
        &mut a,
        &mut h,
        Some(&key(2)),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    let push_s = t.elapsed().as_secs_f64();
    assert_eq!(r.pushed as usize, rows);
    // Bare COPY of the same bytes into a table of the same shape (same keys and indexes).
    let mut c = pg.client();
    c.batch_execute("CREATE TABLE bare (LIKE tdlog.event INCLUDING ALL)")
        .unwrap();
    let mut bytes = Vec::new();
    c.copy_out("COPY tdlog.event TO STDOUT BINARY")
        .unwrap()
        .read_to_end(&mut bytes)
        .unwrap();
    let t = Instant::now();
    {
        use std::io::Write;
        let mut w = c.copy_in("COPY bare FROM STDIN BINARY").unwrap();
        w.write_all(&bytes).unwrap();
        w.finish().unwrap();
    }
    let copy_in_s = t.elapsed().as_secs_f64();
    // The hub settles before a device joins, as a hub does between a push and a join: the
    // bare copy's table goes, its dirty pages and the pushed rows' are written out, and the
    // insert-driven autovacuum of a million new rows runs now, not on the two cores the
    // join is measured on.
    for sql in [
        "DROP TABLE bare",
        "VACUUM ANALYZE tdlog.event",
        "CHECKPOINT",
    ] {
        c.batch_execute(sql).unwrap();
    }

    // Pull: device B joins the log (`tdlog sync --join`: a new file from the hub's events,
    // the device's record and verified-state cache following it). Before each timed join
    // and cold verify the machine's dirty pages are written out (`sync`), so none of them
    // pays for the writes of the step before.
    settle_disk();
    let t = Instant::now();
    let (b, r) = sync::join::join(
        &b_path,
        &mut h,
        &r.log_id,
        Some(&key(1)),
        &sync::Options::default(),
        &mut |_, _, _| true,
        Some(&dir.path().join("b-data")),
    )
    .unwrap();
    let pull_s = t.elapsed().as_secs_f64();
    assert_eq!(r.merged.added, rows - 1);
    let t = Instant::now();
    let mut out = Vec::new();
    c.copy_out("COPY (SELECT author, seq, id, body, sig, payload FROM tdlog.event ORDER BY author, seq) TO STDOUT BINARY")
        .unwrap()
        .read_to_end(&mut out)
        .unwrap();
    let copy_out_s = t.elapsed().as_secs_f64();
    // A cold `tdlog verify` of the log B now holds (every signature, an empty cache): what a
    // join is measured against.
    drop(b);
    let cold_verify = |p: &Path, data: &str| {
        settle_disk();
        let t = Instant::now();
        let cold = open(p, &dir.path().join(data));
        let v = cold.verify_all(None).unwrap();
        assert_eq!(v.events.len(), rows + 1);
        t.elapsed().as_secs_f64()
    };
    let verify_s = cold_verify(&b_path, "cold-data");
    // The pair again (a second device joins without a key of its own, so it leaves the hub
    // as it was; its receipt round is the same minus one signature): the machine's own
    // swings between the two are shown, and the acceptance ratio takes the faster of each.
    let (pull2_s, verify2_s) = {
        let b2 = dir.path().join("b2.tdlog");
        settle_disk();
        let t = Instant::now();
        let (log, r) = sync::join::join(
            &b2,
            &mut h,
            &r.log_id,
            None,
            &sync::Options::default(),
            &mut |_, _, _| true,
            Some(&dir.path().join("b2-data")),
        )
        .unwrap();
        let pull2_s = t.elapsed().as_secs_f64();
        assert_eq!(r.merged.added, rows);
        drop(log);
        let verify2_s = cold_verify(&b2, "cold2-data");
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(dir.path().join(format!("b2.tdlog{suffix}")));
        }
        (pull2_s, verify2_s)
    };
    let (best_pull, best_verify) = (pull_s.min(pull2_s), verify_s.min(verify2_s));
    let b = open(&b_path, &dir.path().join("b-data"));
    // Idle: A syncs again with nothing new on either side (what `--watch` does on every
    // local change), median of 5; what it costs is what it reads locally.
    let mut idle = Vec::new();
    // First B's receipt comes back to A; then nothing is new on either side.
    sync::sync_once(
        &mut a,
        &mut h,
        Some(&key(2)),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    for _ in 0..5 {
        let t = Instant::now();
        let r = sync::sync_once(
            &mut a,
            &mut h,
            Some(&key(2)),
            &sync::Options::default(),
            &mut |_, _, _| true,
        )
        .unwrap();
        idle.push(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!((r.pushed, r.merged.added), (0, 0));
    }
    idle.sort_by(|x, y| x.total_cmp(y));
    // A round with new events (issue 32, a sync in O(new)): A signs 10 notes and pushes
    // them; B pulls them, with its receipt. B as the app and `--watch` hold it (a `Live`,
    // warm-opened first: the merge checks the 10 rows against its state and folds them),
    // then B with every merge verifying the union (the path before), median of each.
    let news = |a: &mut Log, h: &mut Hub, r: usize| {
        a.append_batch(
            &key(2),
            (0..10)
                .map(|j| note(format!("round {r} note {j}")))
                .collect(),
        )
        .unwrap();
        sync::sync_once(
            a,
            h,
            Some(&key(2)),
            &sync::Options::default(),
            &mut |_, _, _| true,
        )
        .unwrap();
    };
    let timed_round = |local: &mut dyn sync::Local, h: &mut Hub| {
        let t = Instant::now();
        let r = sync::sync_once(
            local,
            h,
            Some(&key(1)),
            &sync::Options::default(),
            &mut |_, _, _| true,
        )
        .unwrap();
        assert_eq!(r.merged.added, 10);
        t.elapsed().as_secs_f64() * 1000.0
    };
    drop(b);
    let mut extended = Vec::new();
    let how = {
        let mut log = open(&b_path, &dir.path().join("b-data"));
        log.attach_seen(SeenStore::new(&dir.path().join("b-data")))
            .unwrap();
        let mut live = Live::open(log, None).unwrap();
        for r in 0..5 {
            news(&mut a, &mut h, r);
            extended.push(timed_round(&mut live, &mut h));
        }
        live.last_merge()
    };
    let mut full = Vec::new();
    {
        let mut b = open(&b_path, &dir.path().join("b-data"));
        b.attach_seen(SeenStore::new(&dir.path().join("b-data")))
            .unwrap();
        b.set_extend_merges(false);
        b.log_id().unwrap();
        for r in 5..8 {
            news(&mut a, &mut h, r);
            full.push(timed_round(&mut b, &mut h));
        }
    }
    extended.sort_by(f64::total_cmp);
    full.sort_by(f64::total_cmp);
    drop(a);

    println!("## Sync through a PostgreSQL hub ({n} events, one run)");
    println!("| what | rate | ratio |");
    println!("|---|---|---|");
    println!(
        "| push (`tdlog sync`, batches of 5000) | {} | {:.2}x the time of bare COPY in |",
        rate(rows, push_s),
        push_s / copy_in_s
    );
    println!(
        "| bare `COPY FROM STDIN BINARY`, same bytes | {} | 1 |",
        rate(rows, copy_in_s)
    );
    println!(
        "| pull: a join (`tdlog sync --join`: read, check, verify, write, cache, receipt) | {} | {:.2}x the time of bare COPY out, **{:.2}x a cold `tdlog verify`** |",
        rate(n, pull_s),
        pull_s / copy_out_s,
        pull_s / verify_s
    );
    println!(
        "| bare `COPY TO STDOUT BINARY`, same rows | {} | 1 |",
        rate(rows, copy_out_s)
    );
    println!(
        "| cold `tdlog verify` of the joined log (every signature, empty cache) | {} | 1 |",
        rate(rows + 1, verify_s)
    );
    println!(
        "| the pair again: a join (no key: no receipt signed) | {} | {:.2}x the cold verify after it |",
        rate(n, pull2_s),
        pull2_s / verify2_s
    );
    println!(
        "| the pair again: a cold `tdlog verify` of that copy | {} | 1 |",
        rate(rows + 1, verify2_s)
    );
    println!(
        "the faster of each: a join in {best_pull:.2} s, a cold verify in {best_verify:.2} s: **{:.2}x**",
        best_pull / best_verify
    );
    println!(
        "a sync with nothing new, on a log of {rows} rows: median {:.1} ms of 5 ({:.4}x a cold verify)",
        idle[2],
        idle[2] / 1000.0 / verify_s
    );
    println!(
        "a sync with 10 new events and a receipt, on a log of {rows} rows: as the app holds it (merge by extension, {how:?}) median {:.1} ms of 5 ({:.4}x a cold verify); every merge verifying the union, median {:.1} ms of 3 ({:.3}x)",
        extended[2],
        extended[2] / 1000.0 / verify_s,
        full[1],
        full[1] / 1000.0 / verify_s
    );
    if want("latency") {
        latency(&pg, reps);
    }
    if want("archive") {
        archive(&pg, &mut h, tournaments);
    }
    if want("federation") {
        federation(&pg);
    }
}

/// The federation's archive at the size: T tournaments (TDLOG_BENCH_FED_TOURNAMENTS,
/// default 1000) of E events each (TDLOG_BENCH_FED_EVENTS, default 10000: a ruling and an
/// appeal under Law 16B1 in every other one, the rest director's notes), each recorded on a
/// device and pushed by `tdlog sync`; then `tdlog archive --appeals --law 16` through this
/// device's verified index, the first time (every log verified and kept) and the second
/// (nothing new on the hub).
fn federation(pg: &pg::PgCluster) {
    use std::sync::atomic::AtomicUsize;
    let t_n = env_n("TDLOG_BENCH_FED_TOURNAMENTS", 1000);
    let e_n = env_n("TDLOG_BENCH_FED_EVENTS", 10_000);
    let shm = Path::new("/dev/shm");
    let work = if shm.is_dir() {
        tempfile::tempdir_in(shm).unwrap()
    } else {
        tempfile::tempdir().unwrap()
    };
    let next = AtomicUsize::new(0);
    let t = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut h = hub(pg);
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= t_n {
                        break;
                    }
                    let dir = work.path().join(format!("t{i}"));
                    std::fs::create_dir_all(&dir).unwrap();
                    let p = start(&dir, &format!("County Pairs {i}"));
                    let mut log = open(&p, &dir.join("data"));
                    let mut left = e_n.saturating_sub(2);
                    if i.is_multiple_of(2) {
                        appeal(&mut log, "16B1");
                        left = left.saturating_sub(2);
                    }
                    while left > 0 {
                        let k = 1000.min(left);
                        log.append_batch(
                            &key(2),
                            (0..k).map(|j| note(format!("note {j}"))).collect(),
                        )
                        .unwrap();
                        left -= k;
                    }
                    sync::sync_once(
                        &mut log,
                        &mut h,
                        None,
                        &sync::Options::default(),
                        &mut |_, _, _| true,
                    )
                    .unwrap();
                    drop(log);
                    std::fs::remove_dir_all(&dir).unwrap();
                }
            });
        }
    });
    let made_s = t.elapsed().as_secs_f64();
    let mut h = hub(pg);
    let total: u64 = h.logs().unwrap().iter().map(|l| l.events).sum();
    let index_dir = tempfile::tempdir().unwrap();
    let filter = sync::archive::CaseFilter {
        law: Some("16".into()),
        ..Default::default()
    };
    let mut query = || {
        let t = Instant::now();
        let mut index = sync::archive_index::ArchiveIndex::new(index_dir.path(), &h.target);
        let (c, f, used) =
            sync::archive_index::casebook_indexed(&mut h, &filter, &mut index).unwrap();
        assert!(f.is_empty());
        (t.elapsed().as_secs_f64(), c.len(), used)
    };
    let (first_s, cases, first) = query();
    let (second_s, cases2, second) = query();
    assert_eq!(cases, cases2);
    assert_eq!(second.verified_now, 0);
    println!(
        "federation archive: {t_n} tournaments, {total} events on the hub (made and pushed in {made_s:.0} s); `tdlog archive --appeals --law 16` through this device's verified index: first query {first_s:.1} s ({} tournaments verified, {cases} appeals), **second query {second_s:.3} s** ({} from the index, {} verified now)",
        first.verified_now, second.from_index, second.verified_now
    );
}

/// Latency: A appends and syncs; B watches (a Live, folded as it merges).
fn latency(pg: &pg::PgCluster, reps: usize) {
    let lat_dir = tempfile::tempdir().unwrap();
    let la = start(lat_dir.path(), "latency");
    let lb = lat_dir.path().join("lb.tdlog");
    std::fs::copy(&la, &lb).unwrap();
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<(usize, Instant)>();
    let watcher = {
        let (stop, lb, data) = (stop.clone(), lb.clone(), lat_dir.path().join("lb-data"));
        std::thread::spawn(move || {
            let mut log = Log::open(&lb).unwrap();
            log.attach_seen(SeenStore::new(&data)).unwrap();
            log.attach_cache(VerifiedCache::new(&data));
            let mut live = Live::open(log, None).unwrap();
            sync::watch(
                &mut live,
                &cfg,
                None,
                &sync::Options::default(),
                Duration::from_millis(1000),
                &|| stop.load(Ordering::SeqCst),
                &mut |r| {
                    if let Ok(r) = r {
                        let _ = tx.send((r.merged.added, Instant::now()));
                    }
                },
            )
            .unwrap();
        })
    };
    rx.recv().unwrap();
    let mut a = open(&la, &lat_dir.path().join("la-data"));
    let mut ha = hub(pg);
    let mut lat = Vec::new();
    for i in 0..reps {
        let t = Instant::now();
        a.append(&key(2), note(format!("latency {i}"))).unwrap();
        sync::sync_once(
            &mut a,
            &mut ha,
            None,
            &sync::Options::default(),
            &mut |_, _, _| true,
        )
        .unwrap();
        loop {
            let (added, at) = rx.recv().unwrap();
            if added > 0 {
                lat.push(at.duration_since(t).as_secs_f64() * 1000.0);
                break;
            }
        }
    }
    stop.store(true, Ordering::SeqCst);
    watcher.join().unwrap();
    lat.sort_by(f64::total_cmp);
    println!(
        "append on A to folded on B (`--watch`, LISTEN/NOTIFY), {reps} runs: median {:.1} ms, worst {:.1} ms",
        lat[lat.len() / 2],
        lat[lat.len() - 1]
    );
}

/// Archive: T tournaments, one appeal under Law 16B1 in every other one.
fn archive(pg: &pg::PgCluster, h: &mut Hub, tournaments: usize) {
    let _ = pg;
    let arch = tempfile::tempdir().unwrap();
    for t in 0..tournaments {
        let p = start(arch.path(), &format!("Club Pairs {t}"));
        let mut log = open(&p, &arch.path().join("data"));
        let law = if t % 2 == 0 { "16B1" } else { "12C1" };
        appeal(&mut log, law);
        sync::sync_once(
            &mut log,
            h,
            None,
            &sync::Options::default(),
            &mut |_, _, _| true,
        )
        .unwrap();
    }
    let t = Instant::now();
    let (cases, failed) = sync::archive::casebook(
        h,
        &sync::archive::CaseFilter {
            law: Some("16".into()),
            since_ms: Some(chrono::Utc::now().timestamp_millis() - 365 * 86_400_000),
            ..Default::default()
        },
    )
    .unwrap();
    let archive_s = t.elapsed().as_secs_f64();
    assert!(failed.is_empty());
    assert_eq!(cases.len(), tournaments.div_ceil(2));
    // The same query through this device's verified archive index: the first fills it (every
    // tournament verified and kept), the second reads no tournament (nothing new on the hub).
    let index_dir = tempfile::tempdir().unwrap();
    let filter = sync::archive::CaseFilter {
        law: Some("16".into()),
        since_ms: Some(chrono::Utc::now().timestamp_millis() - 365 * 86_400_000),
        ..Default::default()
    };
    // (The hub also holds the push and pull logs of the parts above.)
    let mut indexed = |expect_from_index: Option<usize>| {
        let t = Instant::now();
        let mut index = sync::archive_index::ArchiveIndex::new(index_dir.path(), &h.target);
        let (c, f, used) = sync::archive_index::casebook_indexed(h, &filter, &mut index).unwrap();
        let s = t.elapsed().as_secs_f64();
        assert!(f.is_empty());
        assert_eq!(c.len(), tournaments.div_ceil(2));
        assert_eq!(used.from_index, expect_from_index.unwrap_or(0));
        (s, used.verified_now)
    };
    let (index_first_s, verified) = indexed(None);
    let (index_second_s, _) = indexed(Some(verified));

    println!(
        "archive: appeals under Law 16 in the last year across {tournaments} tournaments ({} events): {} appeals in {:.2} s ({:.1} ms per tournament, each log verified)",
        tournaments * 4,
        cases.len(),
        archive_s,
        archive_s * 1000.0 / tournaments as f64
    );
    println!(
        "archive through this device's verified index (`tdlog archive --appeals`): the first query {:.2} s (every tournament verified and kept), the second {:.3} s with nothing new on the hub ({:.3} of the query that verifies every log)",
        index_first_s,
        index_second_s,
        index_second_s / archive_s
    );
}
