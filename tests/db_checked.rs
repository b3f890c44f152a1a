//! The database is checked, not trusted (issue 11, item 5). Whoever holds the SQLite file can
//! plant triggers, indexes, views or tables; SQLite would run them on tdlog's behalf. Every
//! open, read-write or read-only, compares the file's whole catalogue with the one
//! `schema/log.sql` creates and refuses anything more, less or different, naming it.

mod common;

use common::*;
use rusqlite::Connection;
use std::path::Path;
use std::process::{Command, Output};
use tdlog::keys::Role;
use tdlog::log::{Log, LogError};

/// The attack of issue 11: `event_no_delete` replaced by a trigger that deletes every row
/// whose payload mentions appeal grounds, right after it is inserted.
const EVIL_TRIGGER: &str = r#"
    DROP TRIGGER event_no_delete;
    CREATE TRIGGER evil_delete AFTER INSERT ON event
    BEGIN DELETE FROM event WHERE instr(CAST(payload AS TEXT), '"grounds"') > 0
                               OR instr(CAST(payload AS TEXT), 'grounds') > 0; END;
"#;

fn plant(path: &Path, sql: &str) {
    Connection::open(path).unwrap().execute_batch(sql).unwrap();
}

fn rows(path: &Path) -> i64 {
    Connection::open(path)
        .unwrap()
        .query_row("SELECT count(*) FROM event", [], |r| r.get(0))
        .unwrap()
}

fn small_log(path: &Path) {
    let (chief, td) = (key(1), key(2));
    let tdlog::events::Payload::Genesis(g) = genesis() else {
        unreachable!()
    };
    let mut log = Log::create(path, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&td, note("insufficient bid at table 3"))
        .unwrap();
}

fn tampered(e: LogError) -> String {
    match e {
        LogError::SchemaTampered { detail, .. } => detail,
        other => panic!("expected SchemaTampered, got {other}"),
    }
}

#[test]
fn attack_planted_trigger_is_refused_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    small_log(&p);
    plant(&p, EVIL_TRIGGER);
    let before = rows(&p);

    let detail = tampered(Log::open(&p).err().expect("a tampered log is refused"));
    assert!(
        detail.contains("trigger event_no_delete is missing")
            && detail.contains("an unknown trigger evil_delete on event is present"),
        "{detail}"
    );
    let detail = tampered(Log::open_read_only(&p).err().expect("read-only too"));
    assert!(detail.contains("evil_delete"), "{detail}");
    assert_eq!(rows(&p), before, "nothing lost, nothing written");
}

#[test]
fn attack_trigger_replaced_under_its_own_name_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    small_log(&p);
    plant(
        &p,
        "DROP TRIGGER event_no_delete;
         CREATE TRIGGER event_no_delete AFTER INSERT ON event
         BEGIN DELETE FROM event WHERE instr(CAST(payload AS TEXT), 'grounds') > 0; END;",
    );
    let detail = tampered(Log::open(&p).err().unwrap());
    assert!(
        detail.contains("trigger event_no_delete is not the one tdlog creates")
            && detail.contains("AFTER INSERT"),
        "{detail}"
    );
}

#[test]
fn anything_more_less_or_different_in_the_schema_is_refused() {
    let cases = [
        (
            "an extra index",
            "CREATE INDEX by_payload ON event(payload);",
            "an unknown index by_payload",
        ),
        (
            "an extra view",
            "CREATE VIEW v AS SELECT id FROM event;",
            "an unknown view v",
        ),
        (
            "an extra table",
            "CREATE TABLE notes(x);",
            "an unknown table notes",
        ),
        (
            "a missing trigger",
            "DROP TRIGGER fork_proof_no_update;",
            "trigger fork_proof_no_update is missing",
        ),
    ];
    for (what, sql, expect) in cases {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.tdlog");
        small_log(&p);
        plant(&p, sql);
        let detail = tampered(
            Log::open(&p)
                .err()
                .unwrap_or_else(|| panic!("{what} accepted")),
        );
        assert!(detail.contains(expect), "{what}: {detail}");
    }
}

#[test]
fn the_logs_tdlog_makes_and_ships_pass_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    small_log(&p);
    Log::open(&p).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in walk(&root.join("fixtures")) {
        let bad_vector = entry
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("bad_"));
        if entry.extension().is_some_and(|e| e == "tdlog") && !bad_vector {
            let copy = dir.path().join("copy.tdlog");
            let _ = std::fs::remove_file(&copy);
            std::fs::copy(&entry, &copy).unwrap();
            Log::open_read_only(&copy)
                .and_then(|l| l.verify(None))
                .unwrap_or_else(|e| panic!("{}: {e}", entry.display()));
        }
    }
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![];
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

// ---- the same attack through the command line, as issue 11 reproduced it ----

/// This test binary's own device (data dir): the device record of what it has seen of each
/// log (`log::seen`) must not depend on what other test binaries did to copies of the demo.
fn device_dir() -> &'static Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

fn tdlog(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdlog"))
        .args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env("TDLOG_DATA_DIR", device_dir())
        .env_remove("TDLOG_LANG")
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

fn ok(args: &[&str]) -> String {
    let o = tdlog(args);
    assert!(o.status.success(), "tdlog {args:?}: {}", text(&o));
    text(&o)
}

fn new_key(dir: &Path, name: &str) -> (String, String) {
    let f = dir
        .join(format!("{name}.key"))
        .to_str()
        .unwrap()
        .to_string();
    ok(&["key", "new", "--key", &f]);
    let show = ok(&["key", "show", "--key", &f]);
    let public = show
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .last()
        .unwrap();
    (f, public.to_string())
}

fn after(out: &str, word: &str) -> String {
    out.split(word)
        .nth(1)
        .unwrap()
        .trim_start()
        .trim_end_matches(|c: char| !c.is_ascii_hexdigit())
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect()
}

#[test]
fn attack_planted_trigger_an_appeal_filing_is_refused_and_nothing_is_lost() {
    let t = tempfile::tempdir().unwrap();
    let log = t.path().join("t.tdlog").to_str().unwrap().to_string();
    let (chief, _) = new_key(t.path(), "chief");
    let (td, td_pub) = new_key(t.path(), "td");
    let (scorer, scorer_pub) = new_key(t.path(), "scorer");
    ok(&[
        "init",
        &log,
        "--name",
        "Club Pairs",
        "--game",
        "bridge",
        "--key",
        &chief,
    ]);
    for (public, role, holder) in [(&td_pub, "td", "Tom TD"), (&scorer_pub, "scorer", "Sue")] {
        ok(&[
            "key", "enrol", &log, public, "--role", role, "--holder", holder, "--key", &chief,
        ]);
    }
    let r = ok(&[
        "ruling",
        "give",
        &log,
        "--round",
        "1",
        "--table",
        "3",
        "--board",
        "7",
        "--ns",
        "5",
        "--ew",
        "9",
        "--facts",
        "Agreed hesitation by North",
        "--law",
        "16B1",
        "--category",
        "judgement",
        "--decision",
        "Result stands",
        "--notice",
        "--key",
        &td,
    ]);
    let ruling = after(&r, "event");
    ok(&["publish", &log, "--session", "1", "--key", &scorer]);
    plant(Path::new(&log), EVIL_TRIGGER);
    let before = std::fs::read(&log).unwrap();
    let rows_before = rows(Path::new(&log));

    let o = tdlog(&[
        "appeal",
        "file",
        &log,
        "--ruling",
        &ruling[..10],
        "--appellant",
        "9",
        "--grounds",
        "No hesitation",
        "--signed-by",
        "Cara",
        "--key",
        &td,
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let msg = text(&o);
    assert!(
        msg.contains("altered outside tdlog") && msg.contains("evil_delete"),
        "{msg}"
    );
    assert_eq!(
        rows(Path::new(&log)),
        rows_before,
        "no row written or deleted"
    );
    assert_eq!(std::fs::read(&log).unwrap(), before, "file unchanged");

    let o = tdlog(&["note", &log, "--text", "grounds for concern", "--key", &td]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));

    let o = tdlog(&["verify", "--json", &log]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["reason"], "schema_tampered", "{j}");
    assert!(
        j["message"].as_str().unwrap().contains("evil_delete"),
        "{j}"
    );
}
