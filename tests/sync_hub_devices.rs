//! Live sync through a PostgreSQL hub (issue 17), as devices and the CLI run it: four
//! devices recording at once, syncing with cut lines and a hub restart in the middle,
//! converge to the same events and the same results and ranking; `tdlog sync` from an
//! address or the libpq environment; `--watch` merging what the hub announces. The hub's
//! attacks are in `tests/sync_hub.rs`, the archive in `tests/sync_archive.rs`.

mod common;
#[path = "common/pg.rs"]
mod pg;
#[macro_use]
#[path = "sync_support/mod.rs"]
mod support;

use common::world::{pairs, ruling, slot};
use common::*;
use pg::PgCluster;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use support::*;
use tdlog::bridge::call::Call;
use tdlog::bridge::events::AuctionEvent;
use tdlog::bridge::seat::Seat;
use tdlog::events::*;
use tdlog::keys::DeviceKey;
use tdlog::live::Live;
use tdlog::log::cache::VerifiedCache;
use tdlog::log::seen::SeenStore;
use tdlog::log::{Hash32, Log};
use tdlog::sync::{self, Hub, HubConfig, SyncError};

/// A small deterministic random source (the test must replay the same way every run).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

struct Device {
    path: PathBuf,
    key: DeviceKey,
    live: Live,
    hub: Option<Hub>,
    acknowledged: Vec<Hash32>,
}

/// What device `d` records at step `i` (its role decides what makes sense; the guards
/// refuse the rest, as they would at the table).
fn step(rng: &mut Rng, d: usize, i: usize, rulings: &[Hash32]) -> Payload {
    const CALLS: [&str; 6] = ["P", "1C", "1NT", "2H", "3NT", "X"];
    let table = 1 + rng.below(2) as u32;
    match (d, rng.below(6)) {
        // The scorer: results, and once in a while the publication.
        (2, 0) => Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: None,
        }),
        (2, _) => {
            let (ns, ew) = pairs(table);
            Payload::ResultRecorded(Box::new(ResultRecorded {
                slot: slot(table),
                ns,
                ew,
                result: TableResult {
                    contract: "3NT".into(),
                    declarer: Some(Seat::S),
                    tricks: Some(6 + rng.below(7) as u8),
                },
            }))
        }
        // The chief TD: notes and appeal steps on what it holds.
        (0, 0 | 1) if !rulings.is_empty() => Payload::AppealFiled(AppealFiled {
            ruling: rulings[rng.below(rulings.len() as u64) as usize],
            appellant: "1".into(),
            grounds: format!("appeal {i}"),
            consents: vec![],
        }),
        (0, _) => note(&format!("chief's note {i}")),
        // The TDs: calls at the tables, rulings, appeals.
        (_, 0 | 1) => ruling(table),
        (_, 2) if !rulings.is_empty() => Payload::AppealFiled(AppealFiled {
            ruling: rulings[rng.below(rulings.len() as u64) as usize],
            appellant: "2".into(),
            grounds: format!("appeal {i}"),
            consents: vec![],
        }),
        _ => Payload::BridgeAuction(BridgeAuction {
            slot: slot(table),
            event: AuctionEvent::Call {
                seat: Seat::from_index(rng.below(4) as usize),
                call: CALLS[rng.below(CALLS.len() as u64) as usize]
                    .parse::<Call>()
                    .unwrap(),
            },
        }),
    }
}

fn cli_bytes(p: &Path, args: &[&str]) -> Vec<u8> {
    let o = tdlog_cmd().args(args).arg(p).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

/// Acceptance (issue 17): four devices (chief TD, TD, scorer, second TD) record at once,
/// each syncing now and then; some syncs lose the line in the middle of a push, and the hub
/// restarts half-way. In the end all four and the hub hold the same events, every event a
/// device recorded is among them, and `results` and `ranking` print the same bytes on each.
#[test]
fn four_devices_converge_through_the_hub_with_cut_lines_and_a_restart() {
    for seed in [0x9E37_79B9_7F4A_7C15u64, 0x0DDB_A11C_AFE5_EED5] {
        four_devices(seed);
    }
}

fn four_devices(seed: u64) {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let mut rng = Rng(seed);
    let mut devs: Vec<Device> = [("chief", 1u8), ("td", 2), ("scorer", 3), ("td2", 5)]
        .iter()
        .map(|(name, k)| {
            let path = device(&base, name);
            let data = dir.path().join(format!("{name}-data"));
            let mut log = Log::open(&path).unwrap();
            log.attach_seen(SeenStore::new(&data)).unwrap();
            log.attach_cache(VerifiedCache::new(&data));
            Device {
                live: Live::open(log, None).unwrap(),
                path,
                key: key(*k),
                hub: None,
                acknowledged: vec![],
            }
        })
        .collect();
    let lid = log_id(&base);
    let mut admin = pg.client();
    let mut now = chrono::Utc::now().timestamp_millis();
    let mut rulings: Vec<Vec<Hash32>> = vec![vec![]; 4];
    let (steps, mut cuts, mut restarted) = (120, 0, false);
    let opts = sync::Options {
        batch: 3,
        ..sync::Options::default()
    };
    for i in 0..steps {
        now += 1_000;
        let d = rng.below(4) as usize;
        let payload = step(&mut rng, d, i, &rulings[d]);
        let dev = &mut devs[d];
        if let Ok((id, _)) = dev.live.append(&dev.key, payload.clone(), now) {
            dev.acknowledged.push(id);
            if matches!(payload, Payload::Ruling(_)) {
                rulings[d].push(id);
            }
        }
        if i == steps / 2 {
            pg.restart();
            restarted = true;
            admin = pg.client();
        }
        if rng.below(3) != 0 {
            continue;
        }
        // This device syncs; one sync in four loses the line in the middle of its push.
        let cut = rng.below(4) == 0;
        if dev.hub.as_ref().is_none_or(|h| h.is_closed()) {
            dev.hub = Some(hub(&pg));
        }
        // A line the restart cut shows only when used: connect again.
        let pid = match dev.hub.as_mut().unwrap().backend_pid() {
            Ok(pid) => pid,
            Err(_) => {
                dev.hub = Some(hub(&pg));
                dev.hub.as_mut().unwrap().backend_pid().unwrap()
            }
        };
        let h = dev.hub.as_mut().unwrap();
        let mut calls = 0;
        let res = sync::sync_once(&mut dev.live, h, Some(&dev.key), &opts, &mut |_, _, _| {
            calls += 1;
            if cut && calls == 2 {
                admin
                    .execute("SELECT pg_terminate_backend($1)", &[&pid])
                    .unwrap();
            }
            true
        });
        match res {
            Ok(r) => {
                // What this device learnt it may appeal.
                for e in &dev.live.replayed.log.events {
                    if e.env.kind == "director.ruling" && !rulings[d].contains(&e.id) {
                        rulings[d].push(e.id);
                    }
                }
                let _ = r;
            }
            Err(SyncError::Hub(_)) => {
                cuts += 1;
                dev.hub = None;
            }
            Err(e) => panic!("an honest hub: {e}"),
        }
    }
    assert!(restarted && cuts > 0, "the run cut lines ({cuts})");
    // Everyone syncs until a whole round moves nothing.
    let mut rounds = 0;
    loop {
        rounds += 1;
        assert!(rounds < 10, "no convergence");
        let mut moved = false;
        for dev in devs.iter_mut() {
            if dev.hub.as_ref().is_none_or(|h| h.is_closed()) {
                dev.hub = Some(hub(&pg));
            }
            match sync::sync_once(
                &mut dev.live,
                dev.hub.as_mut().unwrap(),
                Some(&dev.key),
                &opts,
                &mut |_, _, _| true,
            ) {
                Ok(r) => moved |= r.pushed > 0 || r.merged.added > 0,
                // A line the restart cut, noticed only now: connect again.
                Err(SyncError::Hub(_)) => {
                    dev.hub = None;
                    moved = true;
                }
                Err(e) => panic!("an honest hub: {e}"),
            }
        }
        if !moved {
            break;
        }
    }
    let all = ids(&devs[0].path);
    let mut h = hub(&pg);
    assert_eq!(
        all,
        hub_ids(&mut h, &lid),
        "the hub holds what the devices hold"
    );
    let results = cli_bytes(&devs[0].path, &["results", "--json"]);
    let ranking = cli_bytes(&devs[0].path, &["ranking", "--json"]);
    for dev in &devs {
        assert_eq!(ids(&dev.path), all, "same event set");
        for id in &dev.acknowledged {
            assert!(all.contains(id), "an acknowledged event was lost");
        }
        assert_eq!(cli_bytes(&dev.path, &["results", "--json"]), results);
        assert_eq!(cli_bytes(&dev.path, &["ranking", "--json"]), ranking);
        assert_eq!(
            serde_json::to_string(&dev.live.replayed.results).unwrap(),
            serde_json::to_string(&devs[0].live.replayed.results).unwrap()
        );
    }
    let kinds: BTreeSet<String> = devs[0]
        .live
        .replayed
        .log
        .events
        .iter()
        .map(|e| e.env.kind.to_string())
        .collect();
    assert!(
        !devs[0].live.workflow.appeals.is_empty(),
        "appeals were filed and stand"
    );
    // Every device sees the same peers, each with its newest event.
    let peers = sync::peers(&devs[0].live.replayed.log);
    assert_eq!(peers.len(), 4);
    for dev in &devs {
        assert_eq!(sync::peers(&dev.live.replayed.log), peers);
        assert!(peers.iter().any(|p| p.key == dev.key.public()));
    }
    for k in [
        "bridge.auction",
        "director.ruling",
        "appeal.filed",
        "result.recorded",
        "log.receipt",
    ] {
        assert!(kinds.contains(k), "the run recorded {k}: {kinds:?}");
    }
}

/// `tdlog sync` from the command line: the hub from --hub, or from the libpq environment
/// alone; a hub that alters a row makes it exit 2 naming the attack.
#[test]
fn cli_sync_from_the_address_or_the_libpq_environment() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    open(&a)
        .append(&key(2), note("from the TD's laptop"))
        .unwrap();
    let out = tdlog_cmd()
        .args([
            "sync",
            a.to_str().unwrap(),
            "--hub",
            &pg.url(),
            "--batch",
            "2",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("pushed 14, pulled 0 new events"), "{text}");
    let out = tdlog_cmd()
        .args(["sync", b.to_str().unwrap()])
        .env("PGHOST", pg.socket_dir())
        .env("PGPORT", pg.port.to_string())
        .env("PGUSER", "postgres")
        .env("PGDATABASE", "tdlog_test")
        .env_remove("TDLOG_HUB")
        .output()
        .unwrap();
    let text_b = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text_b.contains("pushed 0, pulled 1 new events"), "{text_b}");
    let digest = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("head digest"))
            .unwrap()
            .to_string()
    };
    assert_eq!(digest(&text), digest(&text_b));

    open(&a).append(&key(2), note("second")).unwrap();
    tdlog_cmd()
        .args(["sync", a.to_str().unwrap(), "--hub", &pg.url()])
        .output()
        .unwrap();
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to('{\"text\":\"third\"}', 'UTF8') WHERE author = $1 AND seq = (SELECT max(seq) FROM tdlog.event WHERE author = $1)",
            &[&key(2).public().0.as_slice()],
        )
        .unwrap();
    let before = rows(&b);
    let out = tdlog_cmd()
        .args(["sync", b.to_str().unwrap(), "--hub", &pg.url()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the hub altered the event"), "{err}");
    assert_eq!(rows(&b), before);
    // `--watch` on the same hostile hub stops at once: one line starting `error:` and exit 2
    // (docs/cli.md); "hub away, retrying" is for a hub that cannot be reached, never for one
    // that serves altered events.
    let out = tdlog_cmd()
        .args(["sync", b.to_str().unwrap(), "--hub", &pg.url(), "--watch"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("warning:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with("error: the hub altered the event"),
        "{err}"
    );
    assert!(!err.contains("hub away"), "{err}");
    assert_eq!(rows(&b), before);
}

/// `--watch`: a device waiting on the hub merges the other device's event when the hub
/// announces it (LISTEN/NOTIFY), without being asked.
#[test]
fn watch_merges_new_events_as_the_hub_announces_them() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let watcher = {
        let (stop, b) = (stop.clone(), b.clone());
        std::thread::spawn(move || {
            let mut log = open(&b);
            sync::watch(
                &mut log,
                &cfg,
                Some(&key(1)),
                &sync::Options::default(),
                std::time::Duration::from_millis(200),
                &|| stop.load(std::sync::atomic::Ordering::SeqCst),
                &mut |r| {
                    if let Ok(r) = r {
                        let _ = tx.send(r.merged.added);
                    }
                },
            )
        })
    };
    let first = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the watcher's first round within a minute");
    assert_eq!(first, 0, "the first round: nothing to merge");
    let id = open(&a).append(&key(2), note("at table 2")).unwrap();
    let mut h = hub(&pg);
    sync(&a, &mut h, &key(2)).unwrap();
    // The watcher wakes on the notification and merges.
    loop {
        let added = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the watcher merged within a minute");
        if added > 0 {
            break;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    watcher.join().unwrap().unwrap();
    assert!(ids(&b).contains(&id));
}
