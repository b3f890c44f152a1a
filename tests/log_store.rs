//! The SQLite log under attack and accident: tampering, crashes, concurrent writers,
//! merges between devices, bad files and a full disk.

mod common;

use common::*;
use rusqlite::Connection;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use tdlog::events::{ForkResolved, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::fold::Census;
use tdlog::log::{bundle, replay, Log, LogError};

fn genesis_payload() -> tdlog::events::Genesis {
    match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

/// A small log with three authors, enrolments and a revocation.
fn small_log(path: &Path) -> (DeviceKey, DeviceKey) {
    let (chief, td, td2) = (key(1), key(2), key(4));
    let mut log = Log::create(path, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&chief, enrol(&td2, Role::Td, "Tina TD"))
        .unwrap();
    log.append(&td, note("insufficient bid at table 3"))
        .unwrap();
    log.append(&td2, note("Tina's only note")).unwrap();
    log.append(&chief, revoke(&td2, 1)).unwrap();
    log.append(&td, note("after the revocation")).unwrap();
    (chief, td)
}

/// Every stored row of `log`, exactly as stored (what a device exports to another).
fn rows_of(log: &Log) -> Vec<tdlog::log::RawEvent> {
    log.read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect()
}

fn strict_ok(path: &Path) -> bool {
    match Log::open(path).and_then(|l| l.verify(None)) {
        Ok(v) => v.require_no_forks().is_ok(),
        Err(_) => false,
    }
}

#[test]
fn update_and_delete_are_refused_by_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    small_log(&p);
    let c = Connection::open(&p).unwrap();
    let e = c
        .execute("UPDATE event SET payload = x'00'", [])
        .unwrap_err();
    assert!(e.to_string().contains("append-only"), "{e}");
    let e = c.execute("DELETE FROM event", []).unwrap_err();
    assert!(e.to_string().contains("append-only"), "{e}");
    assert!(strict_ok(&p));
}

/// Flipping any single byte of any stored event row is detected by verify.
#[test]
fn tamper_any_single_byte_of_any_row_is_detected() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    small_log(&p);
    assert!(strict_ok(&p));
    let c = Connection::open(&p).unwrap();
    // The append-only trigger is dropped for each change and put back as it was: a log whose
    // schema differs from tdlog's is refused on open, which would hide what is tested here.
    let trigger: String = c
        .query_row(
            "SELECT sql FROM sqlite_master WHERE name = 'event_no_update'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let update = |sql: &str, params: &[&dyn rusqlite::ToSql]| -> rusqlite::Result<usize> {
        c.execute_batch("SAVEPOINT tamper; DROP TRIGGER event_no_update;")?;
        let changed = c.execute(sql, params);
        c.execute_batch(&format!("{trigger}; RELEASE tamper;"))?;
        changed
    };
    let rows: Vec<(Vec<u8>, i64)> = c
        .prepare("SELECT author, seq FROM event")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    let mut flips = 0;
    for (author, seq) in &rows {
        for col in ["id", "author", "body", "sig", "payload"] {
            let orig: Vec<u8> = c
                .query_row(
                    &format!("SELECT {col} FROM event WHERE author=?1 AND seq=?2"),
                    rusqlite::params![author, seq],
                    |r| r.get(0),
                )
                .unwrap();
            // After changing `author`, the row is found by its new author.
            for i in 0..orig.len() {
                for mask in [0x01u8, 0x80] {
                    let mut bad = orig.clone();
                    bad[i] ^= mask;
                    let key_author = if col == "author" { &bad } else { author };
                    update(
                        &format!("UPDATE event SET {col}=?1 WHERE author=?2 AND seq=?3"),
                        rusqlite::params![bad, author, seq],
                    )
                    .unwrap();
                    assert!(
                        !strict_ok(&p),
                        "flip of byte {i} (mask {mask:#x}) in {col} of seq {seq} not detected"
                    );
                    flips += 1;
                    update(
                        &format!("UPDATE event SET {col}=?1 WHERE author=?2 AND seq=?3"),
                        rusqlite::params![orig, key_author, seq],
                    )
                    .unwrap();
                }
            }
        }
        // The integer column: every byte of its 8-byte value.
        for b in 0..8 {
            let bad = seq ^ (1i64 << (8 * b));
            if bad < 1 {
                continue; // refused by CHECK (seq >= 1): cannot even be stored
            }
            if update(
                "UPDATE event SET seq=?1 WHERE author=?2 AND seq=?3",
                rusqlite::params![bad, author, seq],
            )
            .is_err()
            {
                continue; // refused by UNIQUE(author, seq): cannot be stored
            }
            assert!(!strict_ok(&p), "seq change {seq}->{bad} not detected");
            flips += 1;
            update(
                "UPDATE event SET seq=?1 WHERE author=?2 AND seq=?3",
                rusqlite::params![seq, author, bad],
            )
            .unwrap();
        }
    }
    assert!(strict_ok(&p), "restored log verifies again");
    assert!(flips > 5000, "only {flips} flips");
}

/// Child side of the crash test: appends notes forever, printing each committed id.
fn crash_child(path: &str, key_seed: u8) {
    let k = key(key_seed);
    let mut log = Log::open(Path::new(path)).unwrap();
    let mut n = 0u64;
    loop {
        n += 1;
        let id = log
            .append(&k, note(&format!("crash-test note {n}")))
            .unwrap();
        println!("{id}");
    }
}

#[test]
fn crash_child_entry() {
    // Entry point for the child processes of the crash and concurrency tests; a no-op
    // when run as an ordinary test.
    if let (Ok(p), Ok(s)) = (
        std::env::var("TDLOG_CHILD_LOG"),
        std::env::var("TDLOG_CHILD_KEY"),
    ) {
        crash_child(&p, s.parse().unwrap());
    }
}

fn spawn_child(path: &Path, seed: u8) -> std::process::Child {
    Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "crash_child_entry",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("TDLOG_CHILD_LOG", path)
        .env("TDLOG_CHILD_KEY", seed.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Reads acknowledged event ids from a child until `stop` of them or end of output.
fn acks(child: &mut std::process::Child, stop: usize) -> Vec<String> {
    let out = child.stdout.take().unwrap();
    let mut ids = vec![];
    for line in BufReader::new(out).lines() {
        let Ok(l) = line else { break };
        if l.len() == 64 {
            ids.push(l);
            if ids.len() >= stop {
                break;
            }
        }
    }
    ids
}

#[test]
fn sigkill_at_random_moments_loses_no_acknowledged_event() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("crash.tdlog");
    small_log(&p);
    let mut acked = vec![];
    let mut rng = 0x9e3779b97f4a7c15u64;
    for round in 0..100 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mut child = spawn_child(&p, 2);
        // Let the child commit a random number of events (0..=6) and kill it in the
        // middle of the next ones: wherever it is (building, signing, in fsync).
        let want = (rng % 7) as usize;
        let got = if want == 0 {
            vec![]
        } else {
            acks(&mut child, want)
        };
        std::thread::sleep(std::time::Duration::from_micros(rng % 3000));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        assert_eq!(got.len(), want, "round {round}: child died early");
        acked.extend(got);
    }
    let log = Log::open(&p).unwrap();
    let v = log.verify(None).unwrap();
    v.require_no_forks().unwrap();
    let ids: std::collections::HashSet<String> = v.events.iter().map(|e| e.id.to_hex()).collect();
    for a in &acked {
        assert!(ids.contains(a), "acknowledged event {a} lost");
    }
    assert!(
        acked.len() > 150,
        "only {} acknowledged appends",
        acked.len()
    );
}

#[test]
fn two_processes_appending_at_once_never_fork_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("race.tdlog");
    small_log(&p);
    let before = Log::open(&p).unwrap().count().unwrap();
    // Same device key in two processes (the dangerous case), and a second key alongside.
    let mut a = spawn_child(&p, 2);
    let mut b = spawn_child(&p, 2);
    let mut c = spawn_child(&p, 1);
    let ta = std::thread::spawn(move || {
        let n = acks(&mut a, 40);
        a.kill().ok();
        a.wait().ok();
        n
    });
    let tb = std::thread::spawn(move || {
        let n = acks(&mut b, 40);
        b.kill().ok();
        b.wait().ok();
        n
    });
    let nc = acks(&mut c, 40);
    c.kill().ok();
    c.wait().ok();
    let (na, nb) = (ta.join().unwrap(), tb.join().unwrap());
    assert_eq!((na.len(), nb.len(), nc.len()), (40, 40, 40));
    let log = Log::open(&p).unwrap();
    let v = log.verify(None).unwrap();
    assert!(v.pending_forks.is_empty(), "forked: {:?}", v.pending_forks);
    let count = log.count().unwrap();
    assert!(count >= before + 120, "{count} events");
    let ids: std::collections::HashSet<String> = v.events.iter().map(|e| e.id.to_hex()).collect();
    for id in na.iter().chain(&nb).chain(&nc) {
        assert!(ids.contains(id));
    }
}

fn census_json(path: &Path) -> (String, Vec<String>) {
    let v = Log::open(path).unwrap().verify(None).unwrap();
    let mut c = Census::default();
    replay(&v, &mut c);
    (
        serde_json::to_string(&c).unwrap(),
        v.events.iter().map(|e| e.id.to_hex()).collect(),
    )
}

#[test]
fn two_devices_exchange_bundles_and_replay_identically() {
    let dir = tempfile::tempdir().unwrap();
    let (pa, pb) = (dir.path().join("a.tdlog"), dir.path().join("b.tdlog"));
    let (chief, td) = small_log(&pa);
    std::fs::copy(&pa, &pb).unwrap();
    let mut a = Log::open(&pa).unwrap();
    let mut b = Log::open(&pb).unwrap();
    for i in 0..5 {
        a.append(&chief, note(&format!("chief on laptop A, {i}")))
            .unwrap();
        b.append(&td, note(&format!("TD on laptop B, {i}")))
            .unwrap();
    }
    let ea = rows_of(&a);
    let eb = rows_of(&b);
    let (fa, fb) = (dir.path().join("a.json"), dir.path().join("b.json"));
    std::fs::write(&fa, bundle::to_bytes(&ea)).unwrap();
    std::fs::write(&fb, bundle::to_bytes(&eb)).unwrap();
    assert_eq!(a.merge(bundle::read(&fb).unwrap()).unwrap(), (5, 0));
    assert_eq!(b.merge(bundle::read(&fa).unwrap()).unwrap(), (5, 0));
    // Idempotent: merging again adds nothing.
    assert_eq!(a.merge(bundle::read(&fb).unwrap()).unwrap(), (0, 0));
    assert_eq!(census_json(&pa), census_json(&pb));
    // Both can go on appending; the joining event names the other's head.
    a.append(&chief, note("after the merge")).unwrap();
    assert!(strict_ok(&pa));
}

#[test]
fn a_fork_blocks_the_key_until_the_chief_td_rules() {
    let dir = tempfile::tempdir().unwrap();
    let (pa, pb) = (dir.path().join("a.tdlog"), dir.path().join("b.tdlog"));
    let (chief, td) = small_log(&pa);
    std::fs::copy(&pa, &pb).unwrap();
    // The same key used on two laptops (never do this): two different events at one seq.
    let mut a = Log::open(&pa).unwrap();
    let mut b = Log::open(&pb).unwrap();
    let kept = a.append(&td, note("side A")).unwrap();
    b.append(&td, note("side B")).unwrap();
    let eb = rows_of(&b);
    assert_eq!(a.merge(eb).unwrap(), (0, 1), "one fork proof");
    assert!(!strict_ok(&pa));
    let err = a.append(&td, note("blocked")).unwrap_err();
    assert!(err.to_string().contains("blocked"), "{err}");
    let seq = 3;
    a.append(
        &chief,
        Payload::ForkResolved(ForkResolved {
            key: td.public(),
            seq,
            kept,
            reason: "side A was recorded at the table".into(),
        }),
    )
    .unwrap();
    assert!(strict_ok(&pa));
    a.append(&td, note("unblocked")).unwrap();
    assert!(strict_ok(&pa));
}

#[test]
fn refusals_name_the_rule_and_leave_the_log_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let (chief, td) = small_log(&p);
    let mut log = Log::open(&p).unwrap();
    let n = log.count().unwrap();
    let scorer = key(7);
    let e = log
        .append(&td, enrol(&scorer, Role::Scorer, "x"))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("role td may not sign `key.enrolled`"),
        "{e}"
    );
    let e = log.append(&key(4), note("revoked TD")).unwrap_err();
    assert!(e.to_string().contains("revoked"), "{e}");
    let e = log.append(&key(9), note("stranger")).unwrap_err();
    assert!(e.to_string().contains("not enrolled"), "{e}");
    let e = log
        .append(&chief, enrol(&td, Role::Td, "again"))
        .unwrap_err();
    assert!(e.to_string().contains("already enrolled"), "{e}");
    let e = log
        .append(&chief, enrol(&key(4), Role::Td, "re-enrol revoked"))
        .unwrap_err();
    assert!(e.to_string().contains("revoked"), "{e}");
    assert_eq!(log.count().unwrap(), n);
    assert!(strict_ok(&p));
}

#[test]
fn a_full_disk_writes_nothing_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let (_, td) = small_log(&p);
    let mut log = Log::open(&p).unwrap();
    let n = log.count().unwrap();
    let pages: i64 = Connection::open(&p)
        .unwrap()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    log.limit_pages_for_test(pages).unwrap();
    let big = "x".repeat(9000);
    let e = log.append(&td, note(&big)).unwrap_err();
    assert!(matches!(e, LogError::DiskFull), "{e}");
    assert_eq!(
        e.to_string(),
        "the disk is full; nothing was written and the log is as it was"
    );
    assert_eq!(log.count().unwrap(), n);
    log.limit_pages_for_test(1_000_000).unwrap();
    log.append(&td, note("after space was freed")).unwrap();
    assert!(strict_ok(&p));
}

#[test]
fn bad_files_get_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.db");
    Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        .unwrap();
    let e = Log::open(&other).err().unwrap().to_string();
    assert!(
        e.contains("not a tdlog log") && e.contains("another program"),
        "{e}"
    );

    let junk = dir.path().join("junk.tdlog");
    std::fs::write(&junk, vec![0x42u8; 8192]).unwrap();
    let e = Log::open(&junk).err().unwrap().to_string();
    assert!(e.contains("not an SQLite database"), "{e}");
    assert_eq!(
        std::fs::read(&junk).unwrap(),
        vec![0x42u8; 8192],
        "file untouched"
    );

    let e = Log::open(&dir.path().join("nope.tdlog"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.ends_with("does not exist"), "{e}");

    // A log whose page in the middle was overwritten: verify fails with a message, no panic.
    let p = dir.path().join("t.tdlog");
    small_log(&p);
    let mut bytes = std::fs::read(&p).unwrap();
    let mid = bytes.len() / 2;
    for b in &mut bytes[mid..mid + 64] {
        *b = 0;
    }
    std::fs::write(&p, &bytes).unwrap();
    let r = Log::open(&p).and_then(|l| l.verify(None));
    if let Ok(v) = r {
        // The overwrite may land in free space of the file; then the log still verifies.
        assert!(v.require_no_forks().is_ok());
    }
}

/// A merge big enough to write its pages out while the union is verified (5,000 rows) whose
/// last row's signature is broken: refused, and the file holds exactly what it held (the
/// pages written ahead are undone with the transaction), in WAL as before.
#[test]
fn a_big_merge_that_does_not_verify_leaves_the_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let (pa, pb) = (dir.path().join("a.tdlog"), dir.path().join("b.tdlog"));
    let (_chief, td) = small_log(&pa);
    std::fs::copy(&pa, &pb).unwrap();
    let mut a = Log::open(&pa).unwrap();
    for i in 0..5 {
        a.append_batch(
            &td,
            (0..1000)
                .map(|j| note(&format!("board {i}-{j}: director called")))
                .collect(),
        )
        .unwrap();
    }
    let mut rows = rows_of(&a);
    rows.last_mut().unwrap().sig[0] ^= 1;
    let mut b = Log::open(&pb).unwrap();
    let before = b.count().unwrap();
    let err = b.merge(rows).unwrap_err();
    assert!(err.to_string().contains("signature"), "{err}");
    assert_eq!(b.count().unwrap(), before);
    drop(b);
    assert!(strict_ok(&pb));
    let mode: String = Connection::open(&pb)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}
