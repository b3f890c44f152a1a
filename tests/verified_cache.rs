//! The verified-state cache (issue 12): signatures are checked once per device; a stored row
//! that changed after that is a hard error, never re-verified into a new truth; `tdlog
//! verify` still checks every signature; losing the cache costs only time.

mod common;

use common::*;
use std::path::Path;
use std::process::Output;
use tdlog::events::Payload;
use tdlog::keys::Role;
use tdlog::log::Log;

fn genesis_payload() -> tdlog::events::Genesis {
    match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

fn cli(device: &Path, args: &[&str]) -> Output {
    tdlog_cmd()
        .args(args)
        .env("TDLOG_DATA_DIR", device)
        .env_remove("TDLOG_KEY")
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A log of a chief TD and a TD with a few notes; the TD's key file; a device dir.
fn setup(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let p = dir.join("t.tdlog");
    let (chief, td) = (key(1), key(2));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    for i in 0..20 {
        log.append(&td, note(&format!("note {i}"))).unwrap();
    }
    drop(log);
    let kf = dir.join("td.key");
    td.save(&kf, None).unwrap();
    (p, kf, dir.join("device"))
}

/// Flips one byte of the signature of the TD's first note, as a file holder would.
fn flip_old_signature(p: &Path) {
    let c = rusqlite::Connection::open(p).unwrap();
    c.execute_batch("DROP TRIGGER event_no_update").unwrap();
    let td = key(2).public();
    let mut sig: Vec<u8> = c
        .query_row(
            "SELECT sig FROM event WHERE author = ?1 AND seq = 1",
            [td.0.as_slice()],
            |r| r.get(0),
        )
        .unwrap();
    sig[10] ^= 1;
    c.execute(
        "UPDATE event SET sig = ?2 WHERE author = ?1 AND seq = 1",
        rusqlite::params![td.0.as_slice(), sig],
    )
    .unwrap();
    c.execute_batch(
        "CREATE TRIGGER event_no_update BEFORE UPDATE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (UPDATE refused)'); END;",
    )
    .unwrap();
}

#[test]
fn appends_use_the_cache_and_the_log_stays_verifiable() {
    let dir = tempfile::tempdir().unwrap();
    let (p, kf, device) = setup(dir.path());
    for i in 0..3 {
        let o = cli(
            &device,
            &[
                "note",
                p.to_str().unwrap(),
                "--text",
                &format!("live {i}"),
                "--key",
                kf.to_str().unwrap(),
            ],
        );
        assert!(o.status.success(), "{}", text(&o));
    }
    assert!(
        device.join("cache").read_dir().unwrap().count() >= 2,
        "cache and snapshot written"
    );
    // Without any cache, every signature checks out.
    let o = cli(
        &dir.path().join("auditor"),
        &["verify", p.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("25 events verified"), "{}", text(&o));
}

#[test]
fn a_flipped_signature_byte_in_an_old_event_is_caught_and_appends_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, kf, device) = setup(dir.path());
    // This device verifies (and caches) the log, then appends once.
    let o = cli(
        &device,
        &[
            "note",
            p.to_str().unwrap(),
            "--text",
            "x",
            "--key",
            kf.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", text(&o));
    flip_old_signature(&p);
    // The auditor's full check catches it...
    let o = cli(&device, &["verify", "--json", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["reason"], "bad_signature", "{j}");
    // ...and an append, which trusts the cache, refuses: the row changed since it was verified.
    let before = std::fs::read(&p).unwrap().len();
    let o = cli(
        &device,
        &[
            "note",
            p.to_str().unwrap(),
            "--text",
            "y",
            "--key",
            kf.to_str().unwrap(),
        ],
    );
    assert!(!o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("changed since this device verified") || text(&o).contains("signature"),
        "{}",
        text(&o)
    );
    assert_eq!(std::fs::read(&p).unwrap().len(), before, "nothing appended");
}

#[test]
fn losing_the_cache_costs_only_time_and_a_forged_cache_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, kf, device) = setup(dir.path());
    let note = |t: &str| {
        cli(
            &device,
            &[
                "note",
                p.to_str().unwrap(),
                "--text",
                t,
                "--key",
                kf.to_str().unwrap(),
            ],
        )
    };
    assert!(note("a").status.success());
    std::fs::remove_dir_all(device.join("cache")).unwrap();
    let o = note("b");
    assert!(o.status.success(), "{}", text(&o));
    // Edit the cache file: its signature no longer matches.
    let f = device
        .join("cache")
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "vcache"))
        .unwrap();
    let mut bytes = std::fs::read(&f).unwrap();
    let n = bytes.len();
    bytes[n - 70] ^= 1;
    std::fs::write(&f, bytes).unwrap();
    let o = note("c");
    assert!(!o.status.success());
    assert!(text(&o).contains("cache"), "{}", text(&o));
}

/// The rows this device's cache holds for the log at `p`.
fn cached_rows(device: &Path, p: &Path) -> usize {
    let mut log = Log::open(p).unwrap();
    let id = log.log_id().unwrap();
    tdlog::log::cache::VerifiedCache::new(device)
        .load(&id)
        .unwrap()
        .rows
        .len()
}

#[test]
fn a_merge_checks_only_new_signatures_and_remembers_them() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _kf, device) = setup(dir.path());
    // A second device's copy gets three more notes, exported as a bundle.
    let other = dir.path().join("other.tdlog");
    std::fs::copy(&p, &other).unwrap();
    let mut o = Log::open(&other).unwrap();
    for i in 0..3 {
        o.append(&key(2), note(&format!("on the other laptop {i}")))
            .unwrap();
    }
    drop(o);
    let bundle = dir.path().join("other.json");
    let out = cli(
        &dir.path().join("other-device"),
        &["export", other.to_str().unwrap(), bundle.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", text(&out));
    // This device verified its log (every row cached), then merges.
    let out = cli(&device, &["verify", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(cached_rows(&device, &p), 22);
    let out = cli(
        &device,
        &["merge", p.to_str().unwrap(), bundle.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(
        cached_rows(&device, &p),
        25,
        "the merged rows are remembered as verified"
    );
    let out = cli(
        &dir.path().join("auditor"),
        &["verify", p.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn a_merge_onto_a_log_whose_old_row_changed_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _kf, device) = setup(dir.path());
    let other = dir.path().join("other.tdlog");
    std::fs::copy(&p, &other).unwrap();
    let mut o = Log::open(&other).unwrap();
    o.append(&key(2), note("on the other laptop")).unwrap();
    drop(o);
    let bundle = dir.path().join("other.json");
    let out = cli(
        &dir.path().join("other-device"),
        &["export", other.to_str().unwrap(), bundle.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", text(&out));
    let out = cli(&device, &["verify", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    flip_old_signature(&p);
    let before = std::fs::read(&p).unwrap();
    let out = cli(
        &device,
        &["merge", p.to_str().unwrap(), bundle.to_str().unwrap()],
    );
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("changed since this device verified"),
        "{}",
        text(&out)
    );
    assert_eq!(std::fs::read(&p).unwrap(), before, "nothing merged");
}
