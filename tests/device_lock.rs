//! One device, many processes (issue 29): the app and the CLI, or two CLI commands, on one
//! log at the same time. The device's verified-state cache and its record of what it has
//! seen are read and rewritten under one lock per data dir; a cache or record that fails its
//! check is set aside (kept, named in a warning) and rebuilt by a full verify, never a reason
//! to refuse the log. What the record is for stays: a log that lost events this device saw
//! is refused, whichever of the two (record or cache) is damaged or deleted.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tdlog::keys::Role;
use tdlog::log::cache::VerifiedCache;
use tdlog::log::seen::SeenStore;
use tdlog::log::{Log, LogError};

fn cli_cmd(device: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tdlog"));
    c.args(args)
        .env("TDLOG_DATA_DIR", device)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env_remove("TDLOG_LANG");
    c
}

fn cli(device: &Path, args: &[&str]) -> Output {
    cli_cmd(device, args).output().unwrap()
}

fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn ok(device: &Path, args: &[&str]) -> String {
    let o = cli(device, args);
    assert!(o.status.success(), "tdlog {args:?}: {}", out(&o));
    out(&o)
}

/// A log made through the CLI on `device`: the chief TD's key and a TD's key, enrolled.
struct Setup {
    _dir: tempfile::TempDir,
    device: PathBuf,
    log: String,
    chief: String,
    td: String,
}

fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("device");
    let log = dir.path().join("t.tdlog").to_str().unwrap().to_string();
    let key = |name: &str| {
        let k = dir.path().join(format!("{name}.key"));
        ok(&device, &["key", "new", "--key", k.to_str().unwrap()]);
        let show = ok(&device, &["key", "show", "--key", k.to_str().unwrap()]);
        let public = show
            .lines()
            .next()
            .unwrap()
            .split_whitespace()
            .last()
            .unwrap()
            .to_string();
        (k.to_str().unwrap().to_string(), public)
    };
    let (chief, _) = key("chief");
    let (td, td_pub) = key("td");
    ok(
        &device,
        &[
            "init",
            &log,
            "--name",
            "Club pairs",
            "--game",
            "bridge",
            "--key",
            &chief,
        ],
    );
    ok(
        &device,
        &[
            "key", "enrol", &log, &td_pub, "--role", "td", "--holder", "Tom TD", "--key", &chief,
        ],
    );
    Setup {
        _dir: dir,
        device,
        log,
        chief,
        td,
    }
}

fn verify_json(device: &Path, log: &str) -> (Option<i32>, serde_json::Value, String) {
    let o = cli(device, &["verify", "--json", log]);
    let j = serde_json::from_slice(&o.stdout).unwrap_or(serde_json::Value::Null);
    (o.status.code(), j, out(&o))
}

/// What the file holder does: the append-only trigger dropped, rows deleted, the trigger
/// put back exactly (so the schema check finds nothing).
fn delete_rows(path: &str, filter: &str) -> usize {
    let c = rusqlite::Connection::open(path).unwrap();
    c.execute_batch("DROP TRIGGER event_no_delete").unwrap();
    let n = c
        .execute(&format!("DELETE FROM event WHERE {filter}"), [])
        .unwrap();
    c.execute_batch(
        "CREATE TRIGGER event_no_delete BEFORE DELETE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (DELETE refused)'); END;",
    )
    .unwrap();
    n
}

/// The chief TD's newest event deleted from the file (its newest note).
fn roll_back_newest_chief_event(s: &Setup) {
    let show = ok(&s.device, &["key", "show", "--key", &s.chief]);
    let chief_hex = show
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .last()
        .unwrap()
        .to_ascii_lowercase();
    let n = delete_rows(
        &s.log,
        &format!(
            "hex(author) = upper('{chief_hex}') AND seq = (SELECT max(seq) FROM event WHERE hex(author) = upper('{chief_hex}'))"
        ),
    );
    assert_eq!(n, 1);
}

fn only_file(dir: &Path) -> PathBuf {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "vcache" || x == "seen"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files[0].clone()
}

fn set_aside_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("set-aside"))
        .collect()
}

/// Damages a file's signature: the last byte of a cache, a hex digit of a record's
/// signature line.
fn damage(p: &Path) {
    let mut b = std::fs::read(p).unwrap();
    let n = b.len();
    if b[n - 1] == b'\n' {
        b[n - 2] = if b[n - 2] == b'0' { b'1' } else { b'0' };
    } else {
        b[n - 1] ^= 1;
    }
    std::fs::write(p, b).unwrap();
}

/// Two `tdlog note` at once on one log, wave after wave, with two keys: every one is
/// recorded, none is refused ("a segment's signature does not match", a false "rolled
/// back"), and the log verifies and takes more notes afterwards.
#[test]
fn two_processes_on_one_device_keep_the_log_usable() {
    let s = setup();
    let mut recorded = 0;
    for wave in 0..8 {
        let children: Vec<_> = (0..4)
            .map(|i| {
                let key = if i % 2 == 0 { &s.chief } else { &s.td };
                let text = format!("wave {wave} writer {i}");
                cli_cmd(&s.device, &["note", &s.log, "--text", &text, "--key", key])
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for c in children {
            let o = c.wait_with_output().unwrap();
            assert!(o.status.success(), "wave {wave}: {}", out(&o));
            recorded += 1;
        }
    }
    let (code, j, text) = verify_json(&s.device, &s.log);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(j["events"], 2 + recorded, "{j}");
    ok(
        &s.device,
        &["note", &s.log, "--text", "after", "--key", &s.td],
    );
    ok(&s.device, &["results", &s.log]);
}

/// The verified-state cache fails its check (a damaged signature): it is set aside, named
/// in a warning, and rebuilt; the note is recorded.
#[test]
fn a_damaged_verified_state_cache_is_set_aside_and_rebuilt() {
    let s = setup();
    ok(&s.device, &["verify", &s.log]);
    let cache = only_file(&s.device.join("cache"));
    damage(&cache);
    let o = cli(&s.device, &["note", &s.log, "--text", "x", "--key", &s.td]);
    assert!(o.status.success(), "{}", out(&o));
    let name = cache.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        out(&o).contains(&name) && out(&o).contains("set aside"),
        "{}",
        out(&o)
    );
    assert_eq!(set_aside_in(&s.device.join("cache")).len(), 1, "kept");
    let (code, _, text) = verify_json(&s.device, &s.log);
    assert_eq!(code, Some(0), "{text}");
    ok(&s.device, &["note", &s.log, "--text", "y", "--key", &s.td]);
}

/// The device record fails its check: set aside, named in a warning, rebuilt; the log
/// (untouched) opens.
#[test]
fn a_damaged_device_record_is_set_aside_and_rebuilt() {
    let s = setup();
    ok(&s.device, &["verify", &s.log]);
    let record = only_file(&s.device.join("seen"));
    damage(&record);
    let (code, j, text) = verify_json(&s.device, &s.log);
    assert_eq!(code, Some(0), "{text}");
    let name = record.file_name().unwrap().to_string_lossy().into_owned();
    assert!(text.contains(&name) && text.contains("set aside"), "{text}");
    assert!(
        j["warnings"].as_array().is_some_and(|w| !w.is_empty()),
        "{j}"
    );
    assert_eq!(set_aside_in(&s.device.join("seen")).len(), 1, "kept");
    ok(&s.device, &["note", &s.log, "--text", "x", "--key", &s.td]);
}

/// Setting the record aside does not let a rollback pass: the cache still knows the
/// deleted event.
#[test]
fn a_damaged_device_record_does_not_let_a_rolled_back_log_pass() {
    let s = setup();
    ok(
        &s.device,
        &["note", &s.log, "--text", "newest", "--key", &s.chief],
    );
    ok(&s.device, &["verify", &s.log]);
    damage(&only_file(&s.device.join("seen")));
    roll_back_newest_chief_event(&s);
    let (code, j, text) = verify_json(&s.device, &s.log);
    assert_eq!(code, Some(2), "{text}");
    assert_eq!(j["reason"], "rolled_back", "{j}");
    let o = cli(&s.device, &["note", &s.log, "--text", "x", "--key", &s.td]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
}

/// Setting the cache aside does not let a rollback pass: the record still names the
/// deleted event.
#[test]
fn a_damaged_cache_does_not_let_a_rolled_back_log_pass() {
    let s = setup();
    ok(
        &s.device,
        &["note", &s.log, "--text", "newest", "--key", &s.chief],
    );
    ok(&s.device, &["verify", &s.log]);
    damage(&only_file(&s.device.join("cache")));
    roll_back_newest_chief_event(&s);
    let (code, j, text) = verify_json(&s.device, &s.log);
    assert_eq!(code, Some(2), "{text}");
    assert_eq!(j["reason"], "rolled_back", "{j}");
}

/// The device record deleted and the log rolled back: the cache knows what this device
/// verified, so the rollback is refused (it used to pass, and the cache was rebuilt from
/// the rolled-back file).
#[test]
fn attack_deleted_device_record_and_rolled_back_log_is_refused() {
    let s = setup();
    ok(
        &s.device,
        &["note", &s.log, "--text", "newest", "--key", &s.chief],
    );
    ok(&s.device, &["verify", &s.log]);
    std::fs::remove_dir_all(s.device.join("seen")).unwrap();
    roll_back_newest_chief_event(&s);
    let (code, j, text) = verify_json(&s.device, &s.log);
    assert_eq!(code, Some(2), "{text}");
    assert_eq!(j["reason"], "rolled_back", "{j}");
    assert!(
        j["message"].as_str().unwrap().contains("deleted"),
        "names what is gone: {j}"
    );
    // Nothing was rebuilt from the rolled-back file: it is refused again.
    let (code, _, text) = verify_json(&s.device, &s.log);
    assert_eq!(code, Some(2), "{text}");
}

/// A verify that read the log before another process on this device appended (and moved
/// the record on) neither refuses the log as rolled back nor moves the record back: the
/// other process's event, deleted afterwards, is still missed.
#[test]
fn a_verify_that_read_before_another_process_appended_keeps_the_newer_record() {
    let dir = tempfile::tempdir().unwrap();
    let (p, device) = (dir.path().join("t.tdlog"), dir.path().join("device"));
    let (chief, td) = (key(1), key(2));
    let tdlog::events::Payload::Genesis(g) = genesis() else {
        unreachable!()
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    drop(log);
    let open = || {
        let mut l = Log::open(&p).unwrap();
        l.attach_seen(SeenStore::new(&device)).unwrap();
        l.attach_cache(VerifiedCache::new(&device));
        l
    };
    let a = open();
    a.verify(None).unwrap();
    let b = std::sync::Mutex::new(Some(open()));
    let appended = std::sync::Mutex::new(None);
    // B appends while A checks what it read (A's rows are read by then).
    let during = |_: usize, _: usize| {
        if let Some(mut b) = b.lock().unwrap().take() {
            let id = b.append(&td, note("while A was reading")).unwrap();
            *appended.lock().unwrap() = Some(id);
        }
    };
    let v = a.verify(Some(&during));
    assert!(
        v.is_ok(),
        "{}",
        v.err().map(|e| e.to_string()).unwrap_or_default()
    );
    let id = appended.lock().unwrap().expect("B appended");
    assert!(
        !v.unwrap().events.iter().any(|e| e.id == id),
        "A read before B"
    );
    drop(a);
    let td_hex = td.public().to_hex();
    assert_eq!(
        delete_rows(
            p.to_str().unwrap(),
            &format!("hex(author) = upper('{td_hex}')")
        ),
        1
    );
    let mut l = Log::open(&p).unwrap();
    let err = l.attach_seen(SeenStore::new(&device)).unwrap_err();
    assert!(
        matches!(
            err,
            LogError::Seen(tdlog::log::seen::SeenError::RolledBack { .. })
        ),
        "{err}"
    );
}

/// Two processes add to the cache at once: A verifies a row the cache does not know (it is
/// still checking it) while B appends and adds its own row; then A adds what it verified.
/// The cache stays one valid chain, and every later command uses it (A's segment used to
/// chain to the tip A had read, after B's: "a segment's signature does not match", and
/// every command on the log refused until `cache/` was deleted by hand).
#[test]
fn two_processes_adding_to_the_cache_at_once_leave_it_valid() {
    let dir = tempfile::tempdir().unwrap();
    let (p, device) = (dir.path().join("t.tdlog"), dir.path().join("device"));
    let (chief, td) = (key(1), key(2));
    let tdlog::events::Payload::Genesis(g) = genesis() else {
        unreachable!()
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    drop(log);
    let open = || {
        let mut l = Log::open(&p).unwrap();
        l.attach_seen(SeenStore::new(&device)).unwrap();
        l.attach_cache(VerifiedCache::new(&device));
        l
    };
    open().verify(None).unwrap();
    // A row this device has not verified yet (recorded without the device's cache).
    Log::open(&p)
        .unwrap()
        .append(&chief, note("recorded elsewhere"))
        .unwrap();
    let a = open();
    let b = std::sync::Mutex::new(Some(open()));
    let during = |_: usize, _: usize| {
        if let Some(mut b) = b.lock().unwrap().take() {
            b.append(&td, note("B, while A checks")).unwrap();
        }
    };
    a.verify(Some(&during)).unwrap();
    drop(a);
    let mut later = open();
    later.verify(None).unwrap();
    later.append(&td, note("later")).unwrap();
    // Genesis, enrolment, the row recorded elsewhere, B's note, this device's receipt for
    // the row it found in the file on its own, and the later note.
    assert_eq!(later.verify(None).unwrap().events.len(), 6);
    assert!(
        set_aside_in(&device.join("cache")).is_empty(),
        "nothing had to be set aside"
    );
}
