//! The soak (issue 29): one device, many processes, as a TD runs them at a tournament. On
//! device A, for a bounded time and all at once: the app (the engine's live state,
//! `live::Live`, recording notes), two CLI writers (`tdlog note`, some killed at random
//! moments and started again), a `tdlog sync --watch` against a real PostgreSQL hub (killed
//! and restarted every few seconds) and a reader (`verify`, `results`, `view rulings`);
//! device B, a TD's laptop, records and syncs through the hub meanwhile. At the end every
//! acknowledged event is in both logs, both devices agree on the head digest, no command was
//! refused (none breaks a rule here: a refusal is a failure of the device's own machinery),
//! and `verify` passes on both.
//!
//! Bounded: `TDLOG_SOAK_SECS` seconds of load (default 20, what CI runs); the figures go to
//! stdout (`-- --nocapture`). The benchmark size is the same test in a release build with
//! `TDLOG_SOAK_SECS=180` (`docs/benchmarks.md`).

mod common;
#[path = "common/pg.rs"]
mod pg;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tdlog::events::{DirectorNote, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::live::Live;
use tdlog::log::cache::VerifiedCache;
use tdlog::log::seen::SeenStore;
use tdlog::log::Log;

/// What happened, counted by every actor.
#[derive(Default)]
struct Tally {
    processes: AtomicUsize,
    killed: AtomicUsize,
    /// Every refusal or failure of a process or call that was not killed: must stay empty.
    refused: Mutex<Vec<String>>,
    /// Every event some actor was told was recorded: (who, id).
    acknowledged: Mutex<Vec<(&'static str, String)>>,
}

impl Tally {
    fn refuse(&self, who: &str, what: String) {
        self.refused.lock().unwrap().push(format!("{who}: {what}"));
    }
    fn ack(&self, who: &'static str, id: String) {
        self.acknowledged.lock().unwrap().push((who, id));
    }
}

/// A small fixed-seed generator: the kill moments, the same every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn tdlog(device: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tdlog"));
    c.args(args)
        .env("TDLOG_DATA_DIR", device)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env_remove("TDLOG_LANG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn run(device: &Path, args: &[&str], tally: &Tally, who: &str) -> Option<Output> {
    tally.processes.fetch_add(1, Ordering::Relaxed);
    let o = tdlog(device, args).output().unwrap();
    if o.status.success() {
        Some(o)
    } else {
        tally.refuse(who, format!("tdlog {args:?}: {}", text(&o)));
        None
    }
}

/// The event id a recording command printed ("... (event <hex>)").
fn event_id(out: &str) -> Option<String> {
    let rest = out.split("(event ").nth(1)?;
    let id: String = rest.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
    (id.len() == 64).then_some(id)
}

fn note(text: String) -> Payload {
    Payload::DirectorNote(DirectorNote {
        text,
        board: None,
        table: None,
        round: None,
    })
}

fn save(dir: &Path, name: &str, k: &DeviceKey) -> String {
    let p = dir.join(format!("{name}.key"));
    k.save(&p, None).unwrap();
    p.to_str().unwrap().to_string()
}

/// A child killed at a random moment (if it had not finished): whether it was killed, and
/// what it printed.
fn maybe_kill(mut child: Child, after: Option<Duration>, tally: &Tally) -> (bool, Output) {
    let mut killed = false;
    if let Some(after) = after {
        std::thread::sleep(after);
        if child.try_wait().unwrap().is_none() {
            let _ = child.kill();
            killed = true;
            tally.killed.fetch_add(1, Ordering::Relaxed);
        }
    }
    (killed, child.wait_with_output().unwrap())
}

fn ids_in(path: &Path) -> BTreeSet<String> {
    let c = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .unwrap();
    let mut st = c.prepare("SELECT id FROM event").unwrap();
    st.query_map([], |r| r.get::<_, Vec<u8>>(0))
        .unwrap()
        .map(|r| hex::encode(r.unwrap()))
        .collect()
}

fn verify(device: &Path, log: &Path) -> serde_json::Value {
    let o = tdlog(device, &["verify", "--json", log.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn one_device_many_processes_lose_nothing_and_agree() {
    let Some(pg) = pg::PgCluster::start() else {
        return;
    };
    let secs: u64 = std::env::var("TDLOG_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let dir = tempfile::tempdir().unwrap();
    let (device_a, device_b) = (dir.path().join("device-a"), dir.path().join("device-b"));
    let (a, b) = (dir.path().join("a.tdlog"), dir.path().join("b.tdlog"));
    let (chief, td1, td2, td3) = (
        DeviceKey::generate(),
        DeviceKey::generate(),
        DeviceKey::generate(),
        DeviceKey::generate(),
    );
    let (chief_f, td1_f, td2_f, td3_f) = (
        save(dir.path(), "chief", &chief),
        save(dir.path(), "td1", &td1),
        save(dir.path(), "td2", &td2),
        save(dir.path(), "td3", &td3),
    );
    let Payload::Genesis(g) = common::genesis() else {
        unreachable!()
    };
    {
        let mut log = Log::create(&a, &chief, g).unwrap();
        for (k, holder) in [
            (&td1, "Tom TD"),
            (&td2, "Tina TD"),
            (&td3, "Tara TD, laptop B"),
        ] {
            log.append(&chief, common::enrol(k, Role::Td, holder))
                .unwrap();
        }
    }
    std::fs::copy(&a, &b).unwrap();
    let tally = Arc::new(Tally::default());
    let hub = pg.url();
    let (a_s, b_s) = (a.to_str().unwrap(), b.to_str().unwrap());
    run(&device_a, &["verify", a_s], &tally, "setup").expect("setup");
    run(&device_b, &["verify", b_s], &tally, "setup").expect("setup");
    run(
        &device_a,
        &["sync", a_s, "--hub", &hub, "--key", &chief_f],
        &tally,
        "setup",
    )
    .expect("setup");
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut threads = Vec::new();

    // The app: the engine's live state on device A, recording a note every few ms.
    {
        let (stop, tally, a, device_a) = (stop.clone(), tally.clone(), a.clone(), device_a.clone());
        let chief = DeviceKey::load(Path::new(&chief_f), None).unwrap();
        threads.push(std::thread::spawn(move || {
            let mut log = Log::open(&a).unwrap();
            log.attach_seen(SeenStore::new(&device_a)).unwrap();
            log.attach_cache(VerifiedCache::new(&device_a));
            let mut live = Live::open(log, None).unwrap();
            let mut i = 0;
            while !stop.load(Ordering::Relaxed) {
                i += 1;
                let now = chrono::Utc::now().timestamp_millis();
                match live.append(&chief, note(format!("app {i}")), now) {
                    Ok((id, _)) => tally.ack("app", id.to_hex()),
                    Err(e) => tally.refuse("app", e.to_string()),
                }
                std::thread::sleep(Duration::from_millis(40));
            }
        }));
    }
    // Two CLI writers on device A; one start in five is killed at a random moment.
    for (n, key) in [(1u64, td1_f.clone()), (2, td2_f.clone())] {
        let (stop, tally, a_s, device_a) = (
            stop.clone(),
            tally.clone(),
            a_s.to_string(),
            device_a.clone(),
        );
        threads.push(std::thread::spawn(move || {
            let mut rng = Rng(0x5eed + n);
            let mut i = 0;
            while !stop.load(Ordering::Relaxed) {
                i += 1;
                let t = format!("writer {n} note {i}");
                tally.processes.fetch_add(1, Ordering::Relaxed);
                let child = tdlog(&device_a, &["note", &a_s, "--text", &t, "--key", &key])
                    .spawn()
                    .unwrap();
                let kill = (rng.below(5) == 0).then(|| Duration::from_millis(rng.below(120)));
                let (killed, o) = maybe_kill(child, kill, &tally);
                let out = String::from_utf8_lossy(&o.stdout).to_string();
                match (killed, o.status.success(), event_id(&out)) {
                    (_, _, Some(id)) => tally.ack("cli", id),
                    (true, _, None) => {}
                    (false, _, None) => tally.refuse("cli writer", text(&o)),
                }
            }
        }));
    }
    // `tdlog sync --watch` on device A, killed and restarted every few seconds.
    {
        let (stop, tally, a_s, device_a, hub, chief_f) = (
            stop.clone(),
            tally.clone(),
            a_s.to_string(),
            device_a.clone(),
            hub.clone(),
            chief_f.clone(),
        );
        threads.push(std::thread::spawn(move || {
            let mut rng = Rng(0xa11ce);
            while !stop.load(Ordering::Relaxed) {
                tally.processes.fetch_add(1, Ordering::Relaxed);
                let mut child = tdlog(
                    &device_a,
                    &[
                        "sync",
                        &a_s,
                        "--hub",
                        &hub,
                        "--watch",
                        "--interval",
                        "200",
                        "--key",
                        &chief_f,
                    ],
                )
                .spawn()
                .unwrap();
                let until = Instant::now() + Duration::from_millis(2000 + rng.below(3000));
                while Instant::now() < until && !stop.load(Ordering::Relaxed) {
                    if let Some(st) = child.try_wait().unwrap() {
                        let o = child.wait_with_output().unwrap();
                        tally.refuse("sync --watch", format!("exited {st}: {}", text(&o)));
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                let (_, _) = maybe_kill(child, Some(Duration::ZERO), &tally);
            }
        }));
    }
    // The reader on device A.
    {
        let (stop, tally, a_s, device_a) = (
            stop.clone(),
            tally.clone(),
            a_s.to_string(),
            device_a.clone(),
        );
        threads.push(std::thread::spawn(move || {
            let reads: [&[&str]; 3] = [
                &["verify", "--json", &a_s],
                &["results", &a_s],
                &["view", "rulings", &a_s],
            ];
            let mut i = 0;
            while !stop.load(Ordering::Relaxed) {
                run(&device_a, reads[i % 3], &tally, "reader");
                i += 1;
                std::thread::sleep(Duration::from_millis(100));
            }
        }));
    }
    // Device B, a TD's laptop: records and syncs through the hub.
    {
        let (stop, tally, b_s, device_b, hub, td3_f) = (
            stop.clone(),
            tally.clone(),
            b_s.to_string(),
            device_b.clone(),
            hub.clone(),
            td3_f.clone(),
        );
        threads.push(std::thread::spawn(move || {
            let mut i = 0;
            while !stop.load(Ordering::Relaxed) {
                i += 1;
                let t = format!("laptop B note {i}");
                if let Some(o) = run(
                    &device_b,
                    &["note", &b_s, "--text", &t, "--key", &td3_f],
                    &tally,
                    "device B",
                ) {
                    if let Some(id) = event_id(&String::from_utf8_lossy(&o.stdout)) {
                        tally.ack("device B", id);
                    }
                }
                run(
                    &device_b,
                    &["sync", &b_s, "--hub", &hub, "--key", &td3_f],
                    &tally,
                    "device B",
                );
                std::thread::sleep(Duration::from_millis(300));
            }
        }));
    }

    std::thread::sleep(Duration::from_secs(secs));
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    let load = started.elapsed();
    // Both devices catch up through the hub, then each verifies.
    for (device, log, key) in [
        (&device_a, a_s, &chief_f),
        (&device_b, b_s, &td3_f),
        (&device_a, a_s, &chief_f),
    ] {
        run(
            device,
            &["sync", log, "--hub", &hub, "--key", key],
            &tally,
            "final sync",
        )
        .expect("final sync");
    }
    let (va, vb) = (verify(&device_a, &a), verify(&device_b, &b));
    let refused = tally.refused.lock().unwrap().clone();
    let acknowledged = tally.acknowledged.lock().unwrap().clone();
    let (in_a, in_b) = (ids_in(&a), ids_in(&b));
    let lost: Vec<&(&str, String)> = acknowledged
        .iter()
        .filter(|(_, id)| !in_a.contains(id) || !in_b.contains(id))
        .collect();
    let by = |who: &str| acknowledged.iter().filter(|(w, _)| *w == who).count();
    println!(
        "soak: {:.0} s of load; {} events in each log ({} acknowledged: {} by the app, {} by the CLI writers, {} by device B; the rest receipts and the start), {} processes, {} killed, {} refused, {} lost; head digest {}",
        load.as_secs_f64(),
        va["events"],
        acknowledged.len(),
        by("app"),
        by("cli"),
        by("device B"),
        tally.processes.load(Ordering::Relaxed),
        tally.killed.load(Ordering::Relaxed),
        refused.len(),
        lost.len(),
        va["digest"].as_str().unwrap_or("-")
    );
    assert!(refused.is_empty(), "refused: {refused:#?}");
    assert!(lost.is_empty(), "lost: {lost:?}");
    assert_eq!(va["digest"], vb["digest"], "the devices agree");
    assert_eq!(in_a, in_b);
    assert!(by("app") > 0 && by("cli") > 0 && by("device B") > 0);
    assert!(tally.killed.load(Ordering::Relaxed) > 0, "some were killed");
}
