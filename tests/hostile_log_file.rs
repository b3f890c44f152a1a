//! The file holder against the log (issue 29): rows moved between the tables, the chief
//! TD's newest key events deleted on the chief's own device, and the head digest a TD
//! wrote down after a merge. Each attack is carried out as it would be, through the CLI and
//! the SQLite file alone, then what the devices answer is checked.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn cli(device: &Path, args: &[&str]) -> Output {
    common::tdlog_cmd()
        .args(args)
        .env("TDLOG_DATA_DIR", device)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env_remove("TDLOG_LANG")
        .output()
        .unwrap()
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

fn event_id(text: &str) -> String {
    text.split("event ")
        .nth(1)
        .unwrap()
        .trim_end_matches(|c: char| !c.is_ascii_hexdigit())
        .to_string()
}

/// A key file and its public key (hex).
fn new_key(device: &Path, dir: &Path, name: &str) -> (String, String) {
    let k = dir
        .join(format!("{name}.key"))
        .to_str()
        .unwrap()
        .to_string();
    ok(device, &["key", "new", "--key", &k]);
    let show = ok(device, &["key", "show", "--key", &k]);
    let public = show
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .last()
        .unwrap()
        .to_string();
    (k, public)
}

struct Tournament {
    dir: tempfile::TempDir,
    /// The chief TD's laptop.
    device: PathBuf,
    log: String,
    chief: (String, String),
    td: (String, String),
}

/// The chief TD's log on the chief's laptop, a TD enrolled who recorded one note.
fn tournament() -> Tournament {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("chief-laptop");
    let log = dir.path().join("t.tdlog").to_str().unwrap().to_string();
    let chief = new_key(&device, dir.path(), "chief");
    let td = new_key(&device, dir.path(), "td");
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
            &chief.0,
        ],
    );
    ok(
        &device,
        &[
            "key", "enrol", &log, &td.1, "--role", "td", "--holder", "Tom TD", "--key", &chief.0,
        ],
    );
    ok(&device, &["note", &log, "--text", "first", "--key", &td.0]);
    Tournament {
        dir,
        device,
        log,
        chief,
        td,
    }
}

fn sql(path: &str, batch: &str) {
    rusqlite::Connection::open(path)
        .unwrap()
        .execute_batch(batch)
        .unwrap();
}

const PUT_BACK_DELETE_TRIGGER: &str = "CREATE TRIGGER event_no_delete BEFORE DELETE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (DELETE refused)'); END;";

/// An author's newest event deleted, the trigger put back.
fn delete_newest(path: &str, author_hex: &str) {
    sql(
        path,
        &format!(
            "DROP TRIGGER event_no_delete;
DELETE FROM event WHERE hex(author) = upper('{author_hex}')
  AND seq = (SELECT max(seq) FROM event WHERE hex(author) = upper('{author_hex}'));
{PUT_BACK_DELETE_TRIGGER}"
        ),
    );
}

fn counts(path: &str) -> (i64, i64) {
    let c = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .unwrap();
    let n = |t: &str| {
        c.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .unwrap()
    };
    (n("event"), n("fork_proof"))
}

fn verify_json(device: &Path, log: &str) -> (Option<i32>, serde_json::Value) {
    let o = cli(device, &["verify", "--json", log]);
    let j = serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("not JSON: {}", out(&o)));
    (o.status.code(), j)
}

/// The TD's newest event moved from `event` to `fork_proof` (the triggers put back): a fork
/// proof without its partner. Every device refuses the file, and the TD's next note is
/// refused before anything is signed, leaving the file as it was (it used to verify, and
/// the TD's note took that sequence number again: a log failing `wrong_prev`).
#[test]
fn attack_newest_row_moved_to_fork_proof_is_refused() {
    let t = tournament();
    ok(
        &t.device,
        &["note", &t.log, "--text", "second", "--key", &t.td.0],
    );
    ok(&t.device, &["verify", &t.log]);
    let td = &t.td.1;
    sql(
        &t.log,
        &format!(
            "DROP TRIGGER event_no_delete;
INSERT INTO fork_proof (id, author, seq, body, sig, payload)
  SELECT id, author, seq, body, sig, payload FROM event
  WHERE hex(author) = upper('{td}') AND seq = 2;
DELETE FROM event WHERE hex(author) = upper('{td}') AND seq = 2;
{PUT_BACK_DELETE_TRIGGER}"
        ),
    );
    let before = counts(&t.log);
    for device in [t.device.clone(), t.dir.path().join("auditor")] {
        let (code, j) = verify_json(&device, &t.log);
        assert_eq!(code, Some(2), "{j}");
        assert_eq!(j["reason"], "fork_proof_alone", "{j}");
    }
    for device in [t.dir.path().join("fresh-laptop"), t.device.clone()] {
        let o = cli(
            &device,
            &["note", &t.log, "--text", "third", "--key", &t.td.0],
        );
        assert_eq!(o.status.code(), Some(1), "{}", out(&o));
        assert_eq!(counts(&t.log), before, "nothing was written: {}", out(&o));
    }
}

/// The chief TD revokes a stolen key on the chief's own laptop; the file holder deletes the
/// revocation (the chief's newest event). The chief's laptop refuses the file, and the
/// stolen key cannot record there (the device record and the cache used to be left as they
/// were after a revocation, so `verify` passed and the stolen key appended again).
#[test]
fn attack_revocation_deleted_on_the_chiefs_own_device_is_refused() {
    let t = tournament();
    ok(
        &t.device,
        &[
            "key",
            "revoke",
            &t.log,
            &t.td.1,
            "--reason",
            "laptop stolen",
            "--key",
            &t.chief.0,
        ],
    );
    delete_newest(&t.log, &t.chief.1);
    let (code, j) = verify_json(&t.device, &t.log);
    assert_eq!(code, Some(2), "{j}");
    assert_eq!(j["reason"], "rolled_back", "{j}");
    let before = counts(&t.log);
    let o = cli(
        &t.device,
        &[
            "note",
            &t.log,
            "--text",
            "the thief again",
            "--key",
            &t.td.0,
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert_eq!(counts(&t.log), before);
}

/// The chief TD rules on a fork on the chief's laptop; the file holder deletes the ruling.
/// The chief's laptop names it as deleted (it used to see only the fork again).
#[test]
fn attack_fork_ruling_deleted_on_the_chiefs_own_device_is_refused() {
    let t = tournament();
    let laptop = t.dir.path().join("laptop.tdlog");
    std::fs::copy(&t.log, &laptop).unwrap();
    let laptop = laptop.to_str().unwrap();
    let laptop_device = t.dir.path().join("td-laptop");
    let side_a = event_id(&ok(
        &t.device,
        &["note", &t.log, "--text", "side A", "--key", &t.td.0],
    ));
    ok(
        &laptop_device,
        &["note", laptop, "--text", "side B", "--key", &t.td.0],
    );
    let bundle = t.dir.path().join("laptop.json");
    ok(
        &laptop_device,
        &["export", laptop, bundle.to_str().unwrap()],
    );
    ok(
        &t.device,
        &[
            "merge",
            &t.log,
            bundle.to_str().unwrap(),
            "--key",
            &t.chief.0,
        ],
    );
    ok(
        &t.device,
        &[
            "fork",
            "resolve",
            &t.log,
            &t.td.1,
            "2",
            "--keep",
            &side_a,
            "--reason",
            "side A was recorded at the table",
            "--key",
            &t.chief.0,
        ],
    );
    delete_newest(&t.log, &t.chief.1);
    let (code, j) = verify_json(&t.device, &t.log);
    assert_eq!(code, Some(2), "{j}");
    assert_eq!(j["reason"], "rolled_back", "{j}");
}

/// A TD writes down the head digest after merging a bundle without a key (no receipt: the
/// merged state is no single event's causal past), then the chief records one more note.
/// The digest is still found: the state right before that note (it used to exit 3,
/// "deleted", on an untouched log).
#[test]
fn head_digest_written_after_a_merge_without_a_receipt_is_found_after_a_note() {
    let t = tournament();
    let laptop = t.dir.path().join("laptop.tdlog");
    std::fs::copy(&t.log, &laptop).unwrap();
    let laptop = laptop.to_str().unwrap();
    let laptop_device = t.dir.path().join("td-laptop");
    ok(
        &t.device,
        &["note", &t.log, "--text", "chief", "--key", &t.chief.0],
    );
    ok(
        &laptop_device,
        &[
            "note",
            laptop,
            "--text",
            "td on the laptop",
            "--key",
            &t.td.0,
        ],
    );
    let bundle = t.dir.path().join("laptop.json");
    ok(
        &laptop_device,
        &["export", laptop, bundle.to_str().unwrap()],
    );
    let no_key = t.dir.path().join("no.key");
    let merged = ok(
        &t.device,
        &[
            "merge",
            &t.log,
            bundle.to_str().unwrap(),
            "--key",
            no_key.to_str().unwrap(),
        ],
    );
    assert!(merged.contains("no receipt signed"), "{merged}");
    let (code, j) = verify_json(&t.device, &t.log);
    assert_eq!(code, Some(0), "{j}");
    let digest = j["digest"].as_str().unwrap().to_string();
    ok(
        &t.device,
        &["note", &t.log, "--text", "later", "--key", &t.chief.0],
    );
    let o = cli(
        &t.dir.path().join("auditor"),
        &["verify", "--expect", &digest, &t.log],
    );
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains("contained"), "{}", out(&o));
}

/// Rows filed at the highest sequence number SQLite holds: a verify used to size its list
/// by counting rows; it now sums each chain's newest sequence number (found by seeks), which
/// such rows would make enormous (past 2^64 with three chains). Bounded by what the file
/// can hold, the verify reads the file and names the faulty row, instead of asking for
/// memory it cannot have.
#[test]
fn attack_a_row_at_an_enormous_sequence_number_is_named_not_allocated() {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("device");
    let p = dir.path().join("t.tdlog");
    common::world::pairs_at_two_tables(&p, "Huge Seq");
    let path = p.to_str().unwrap();
    sql(
        path,
        "INSERT INTO event (author, seq, id, body, sig, payload)
           SELECT author, 9223372036854775807, randomblob(32), body, sig, payload
           FROM event WHERE seq = 2 LIMIT 1;
         INSERT INTO event (author, seq, id, body, sig, payload)
           SELECT randomblob(32), 9223372036854775807, randomblob(32), body, sig, payload
           FROM event LIMIT 3;",
    );
    let o = cli(&device, &["verify", path]);
    let text = out(&o);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(text.contains("log does not verify"), "{text}");
    assert!(
        !text.contains("panicked") && !text.contains("capacity"),
        "{text}"
    );
}
