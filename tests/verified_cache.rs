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
fn losing_the_cache_costs_only_time_and_a_forged_cache_is_set_aside() {
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
    // Edit the cache file: its signature no longer matches. It is not believed: set aside
    // (kept as evidence, named in a warning) and rebuilt; the note is recorded (issue 29: a
    // cache is derived data and never makes the log unusable).
    let f = vcache_file(&device);
    let mut bytes = std::fs::read(&f).unwrap();
    let n = bytes.len();
    bytes[n - 70] ^= 1;
    std::fs::write(&f, &bytes).unwrap();
    let o = note("c");
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("verified-state cache") && text(&o).contains("set aside"),
        "{}",
        text(&o)
    );
    let kept: Vec<_> = device
        .join("cache")
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("set-aside"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read(&kept[0]).unwrap(), bytes, "kept as it was");
    assert_eq!(cached_rows(&device, &p), 25, "rebuilt with every row");
}

/// The device's verified-state cache file (its one log's).
fn vcache_file(device: &Path) -> std::path::PathBuf {
    device
        .join("cache")
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "vcache"))
        .unwrap()
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

/// A log of two TDs with notes and a revoked key whose concurrent events stand excluded;
/// its path. The second TD's key is revoked after it signed.
fn varied_log(dir: &Path) -> std::path::PathBuf {
    let p = dir.join("varied.tdlog");
    let (chief, a, b) = (key(1), key(2), key(3));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&a, Role::Td, "Ann")).unwrap();
    log.append(&chief, enrol(&b, Role::Td, "Ben")).unwrap();
    for i in 0..30 {
        let k = if i % 3 == 0 { &b } else { &a };
        log.append(k, note(&format!("note {i}"))).unwrap();
    }
    log.append(&chief, revoke(&b, 5)).unwrap();
    for i in 0..5 {
        log.append(&a, note(&format!("after {i}"))).unwrap();
    }
    drop(log);
    p
}

fn verify_with(p: &Path, device: Option<&Path>) -> tdlog::log::Verified {
    let mut log = Log::open(p).unwrap();
    if let Some(d) = device {
        log.attach_cache(tdlog::log::cache::VerifiedCache::new(d));
    }
    log.verify(None).unwrap()
}

/// Everything a replay and the views read of a verified log, as bytes.
fn replayed_bytes(v: tdlog::log::Verified) -> String {
    let r = tdlog::views::Replayed::new(v);
    format!(
        "{:?}|{:?}|{:?}|{:?}",
        r.log, r.tables, r.tournament, r.results
    )
}

#[test]
fn a_warm_open_gives_byte_for_byte_the_verified_log_and_views_of_a_cold_one() {
    let dir = tempfile::tempdir().unwrap();
    let p = varied_log(dir.path());
    let device = dir.path().join("device");
    let v = verify_with(&p, None);
    assert!(
        !v.excluded.is_empty(),
        "the revoked key's later notes stand excluded"
    );
    let cold = replayed_bytes(v);
    // First open with the cache: every row verified in full and remembered.
    assert_eq!(replayed_bytes(verify_with(&p, Some(&device))), cold);
    assert_eq!(cached_rows(&device, &p), 39);
    // Warm: no signature, id or payload hash computed again, no envelope re-encoded.
    assert_eq!(replayed_bytes(verify_with(&p, Some(&device))), cold);
    // A row added by another program is verified in full and joins the cache.
    let mut log = Log::open(&p).unwrap();
    log.append(&key(2), note("later")).unwrap();
    drop(log);
    let cold = replayed_bytes(verify_with(&p, None));
    assert_eq!(replayed_bytes(verify_with(&p, Some(&device))), cold);
    assert_eq!(cached_rows(&device, &p), 40);
}

/// Runs `sql` on the log with the append-only triggers lifted, as a file holder could.
fn tamper(p: &Path, sql: &str, params: impl rusqlite::Params) {
    let c = rusqlite::Connection::open(p).unwrap();
    c.execute_batch("DROP TRIGGER event_no_update").unwrap();
    c.execute(sql, params).unwrap();
    c.execute_batch(
        "CREATE TRIGGER event_no_update BEFORE UPDATE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (UPDATE refused)'); END;",
    )
    .unwrap();
}

/// Runs a `DELETE` on the log with the append-only trigger lifted, as a file holder could.
fn delete_rows(p: &Path, sql: &str, params: impl rusqlite::Params) {
    let c = rusqlite::Connection::open(p).unwrap();
    c.execute_batch("DROP TRIGGER event_no_delete").unwrap();
    c.execute(sql, params).unwrap();
    c.execute_batch(
        "CREATE TRIGGER event_no_delete BEFORE DELETE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (DELETE refused)'); END;",
    )
    .unwrap();
}

fn warm_error(p: &Path, device: &Path) -> String {
    let mut log = Log::open(p).unwrap();
    log.attach_cache(tdlog::log::cache::VerifiedCache::new(device));
    match log.verify(None) {
        Ok(v) => panic!("a tampered log verified warm ({} events)", v.events.len()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_cached_row_whose_payload_changed_is_refused_though_its_hash_is_not_rechecked() {
    let dir = tempfile::tempdir().unwrap();
    let p = varied_log(dir.path());
    let device = dir.path().join("device");
    verify_with(&p, Some(&device));
    // Same length, one letter changed: only the payload hash in the signed body says so,
    // and a warm open does not compute it again; the cache's row hash covers the payload.
    let a = key(2).public();
    let payload: Vec<u8> = rusqlite::Connection::open(&p)
        .unwrap()
        .query_row(
            "SELECT payload FROM event WHERE author = ?1 AND seq = 1",
            [a.0.as_slice()],
            |r| r.get(0),
        )
        .unwrap();
    let edited = String::from_utf8(payload)
        .unwrap()
        .replacen("note 1", "note 7", 1);
    tamper(
        &p,
        "UPDATE event SET payload = ?2 WHERE author = ?1 AND seq = 1",
        rusqlite::params![a.0.as_slice(), edited.as_bytes()],
    );
    let e = warm_error(&p, &device);
    assert!(e.contains("changed since this device verified"), "{e}");
}

#[test]
fn a_cached_row_given_another_id_is_refused_though_ids_are_not_recomputed() {
    let dir = tempfile::tempdir().unwrap();
    let p = varied_log(dir.path());
    let device = dir.path().join("device");
    verify_with(&p, Some(&device));
    // The id column is what a warm open takes as the event's id: a row whose id column
    // names another value is not the row the cache holds (new to it, so checked in full:
    // the id does not match the bytes), and the cached row is gone.
    let a = key(2).public();
    tamper(
        &p,
        "UPDATE event SET id = ?2 WHERE author = ?1 AND seq = 2",
        rusqlite::params![a.0.as_slice(), [7u8; 32].as_slice()],
    );
    let e = warm_error(&p, &device);
    assert!(
        e.contains("id") || e.contains("no longer in the log file"),
        "{e}"
    );
}

#[test]
fn a_row_swapped_in_from_another_log_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = varied_log(dir.path());
    let device = dir.path().join("device");
    verify_with(&p, Some(&device));
    // The same keys sign another tournament: its row at the same place, id and all,
    // replaces this log's row (valid signature, but not the row this device verified).
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let q = other.join("o.tdlog");
    let mut g = genesis_payload();
    g.name = "another tournament".into();
    let mut log = Log::create(&q, &key(1), g).unwrap();
    log.append(&key(1), enrol(&key(2), Role::Td, "Ann"))
        .unwrap();
    log.append(&key(2), note("elsewhere")).unwrap();
    drop(log);
    let a = key(2).public();
    let row: (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>) = rusqlite::Connection::open(&q)
        .unwrap()
        .query_row(
            "SELECT id, body, sig, payload FROM event WHERE author = ?1 AND seq = 1",
            [a.0.as_slice()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    tamper(
        &p,
        "UPDATE event SET id = ?2, body = ?3, sig = ?4, payload = ?5 WHERE author = ?1 AND seq = 1",
        rusqlite::params![a.0.as_slice(), row.0, row.1, row.2, row.3],
    );
    let e = warm_error(&p, &device);
    assert!(!e.is_empty());
    // And the auditor's full check refuses it too.
    let log = Log::open(&p).unwrap();
    assert!(log.verify(None).is_err());
}

#[test]
fn a_deleted_cached_row_is_not_hidden_by_another_row_stored_twice() {
    let dir = tempfile::tempdir().unwrap();
    let p = varied_log(dir.path());
    let device = dir.path().join("device");
    verify_with(&p, Some(&device));
    // The file holder stores one cached row a second time (as a "fork proof", same id and
    // bytes) and deletes the newest row of another author's chain: as many rows as the cache
    // holds are found unchanged, but one of them twice. The warm open counts each cached row
    // once, so the deleted one is named.
    let a = key(2).public();
    let c = rusqlite::Connection::open(&p).unwrap();
    c.execute(
        "INSERT INTO fork_proof SELECT id, author, seq, body, sig, payload FROM event
         WHERE author = ?1 AND seq = 3",
        [a.0.as_slice()],
    )
    .unwrap();
    drop(c);
    delete_rows(
        &p,
        "DELETE FROM event WHERE author = ?1 AND seq = (SELECT max(seq) FROM event WHERE author = ?1)",
        [a.0.as_slice()],
    );
    let e = warm_error(&p, &device);
    assert!(e.contains("no longer in the log file"), "{e}");
}

/// A cache written in the format before (whose segment signatures covered the rows
/// themselves) is read as no cache: the next verify checks every signature and rewrites it
/// in the current format. Like a lost cache, it costs time only.
#[test]
fn a_cache_of_the_older_format_is_rebuilt_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _kf, device) = setup(dir.path());
    verify_with(&p, Some(&device));
    assert_eq!(cached_rows(&device, &p), 22);
    let f = vcache_file(&device);
    let mut bytes = std::fs::read(&f).unwrap();
    bytes[..8].copy_from_slice(b"TDLGVC01");
    std::fs::write(&f, &bytes).unwrap();
    assert_eq!(
        cached_rows(&device, &p),
        0,
        "an old-format cache holds nothing"
    );
    verify_with(&p, Some(&device));
    assert_eq!(cached_rows(&device, &p), 22);
    assert_eq!(&std::fs::read(&f).unwrap()[..8], b"TDLGVC02");
}

/// A batch is checked on every core, each event written straight into its place: the first
/// failing input in order is the error (not whichever core failed first), and the events of
/// that batch checked meanwhile are dropped, leaving the output as it was.
#[test]
fn a_batch_with_a_bad_signature_fails_at_its_first_bad_input_and_adds_nothing() {
    use tdlog::log::verify::Checker;
    let dir = tempfile::tempdir().unwrap();
    let (p, _kf, _device) = setup(dir.path());
    let inputs = Log::open(&p).unwrap().read_inputs().unwrap();
    let n = inputs.len();
    let mut checker = Checker::default();
    let mut out = Vec::new();
    checker
        .check_chunk(0, inputs.clone(), &[], &mut out)
        .unwrap();
    assert_eq!(out.len(), n);
    // Two bad signatures in the second batch: positions 7 and 15 of it.
    let mut bad = inputs.clone();
    for i in [15, 7] {
        bad[i].raw.sig[0] ^= 1;
    }
    let e = checker.check_chunk(n, bad, &[], &mut out).unwrap_err();
    assert_eq!(e.at.as_ref().map(|a| a.position), Some(n + 7), "{e}");
    assert_eq!(out.len(), n, "nothing of the failing batch is added");
    // The checker goes on: the same batch unchanged is added whole.
    checker.check_chunk(n, inputs, &[], &mut out).unwrap();
    assert_eq!(out.len(), 2 * n);
}

/// The app's first open of a log (nothing cached yet) fills the cache; adopting it and the
/// first call recorded after it add to what that verify wrote, without reading the whole
/// cache file back, and the call's event finds room after the others (on a million events,
/// moving them all to a bigger vector made the first call after an open take 0.2-0.4 s).
#[test]
fn the_first_call_after_an_open_neither_reads_the_cache_file_back_nor_moves_every_event() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, device) = setup(dir.path());
    // As the app opens (src-tauri/src/session.rs): a read-only verify, then the writable
    // connection adopting it, one cache for both.
    let cache = tdlog::log::cache::VerifiedCache::new(&device);
    let mut ro = Log::open_read_only(&p).unwrap();
    ro.attach_seen(tdlog::log::seen::SeenStore::new(&device))
        .unwrap();
    ro.attach_cache(cache.clone());
    let v = ro.verify(None).unwrap();
    let mut w = Log::open(&p).unwrap();
    w.attach_seen(tdlog::log::seen::SeenStore::new(&device))
        .unwrap();
    w.attach_cache(cache.clone());
    let mut live = tdlog::live::Live::from_verified(Some(w), v).unwrap();
    assert_eq!(cache.file_reads(), 0, "nothing to read on a first open");
    // Room for the calls recorded after the open: the first is not the one that moves
    // every event to a bigger vector.
    let room =
        |l: &tdlog::live::Live| l.replayed.log.events.capacity() - l.replayed.log.events.len();
    assert!(room(&live) >= 1024, "room for {} events", room(&live));
    live.append(&key(2), note("the first call"), 1_800_000_000_000)
        .unwrap();
    assert_eq!(cache.file_reads(), 0, "the append read the cache file back");
    // What it wrote is the cache a later open reads, the new row with the others.
    let fresh = tdlog::log::cache::VerifiedCache::new(&device);
    let mut again = Log::open_read_only(&p).unwrap();
    again.attach_cache(fresh.clone());
    let v = again.verify(None).unwrap();
    assert_eq!(fresh.file_reads(), 1);
    assert_eq!(v.events.len(), 23);
}

/// Attack: a file whose every row is signed but whose chain has a gap (a row deleted by the
/// file's holder). The cache's next file is made while the log settles; a log that does not
/// settle must leave no row cached, or a later open would trust its rows' causal checks.
#[test]
fn a_log_whose_rows_all_verify_but_that_does_not_settle_caches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let p = varied_log(dir.path());
    let a = key(2).public();
    delete_rows(
        &p,
        "DELETE FROM event WHERE author = ?1 AND seq = 3",
        [a.0.as_slice()],
    );
    let device = dir.path().join("device");
    let e = warm_error(&p, &device);
    assert!(e.contains("seq"), "{e}");
    let cached = device
        .join("cache")
        .read_dir()
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "vcache"))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(cached, 0, "no cache file for a log that did not settle");
}
