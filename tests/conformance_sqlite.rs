//! Conformance vectors at the SQLite level (`fixtures/vectors/sqlite/`): log files, not
//! bundles, because what they test is the file itself. The events are the `good_basic`
//! history of `tests/conformance.rs` (same keys, same clock); the bad files carry a schema
//! that is not tdlog's, which `tdlog verify` must refuse with `schema_tampered` however
//! valid every signed event in them is, or a stored id column that disagrees with the signed
//! bytes (`column_mismatch`). Regenerate with
//! `TDLOG_REGEN=1 cargo test --test conformance_sqlite`.

mod common;

use common::*;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use tdlog::log::{Envelope, RawEvent};

const SCHEMA_SQL: &str = include_str!("../schema/log.sql");
/// Schema version 1 (before the id index was declared on its own): its files are still read.
const SCHEMA_V1_SQL: &str = include_str!("../schema/log-v1.sql");

struct Vector {
    name: &'static str,
    /// The schema file the log is made from.
    schema: &'static str,
    expect: &'static str,
    description: &'static str,
    /// Run on the finished log file, as whoever holds the file could.
    tamper: &'static str,
}

fn vectors() -> Vec<Vector> {
    vec![
        Vector {
            name: "good_basic",
            schema: SCHEMA_SQL,
            expect: "ok",
            description: "the good_basic history as a tdlog log file, schema exactly as schema/log.sql makes it",
            tamper: "",
        },
        Vector {
            name: "good_basic_v1",
            schema: SCHEMA_V1_SQL,
            expect: "ok",
            description: "the good_basic history as a log file of schema version 1, exactly as schema/log-v1.sql makes it (the id index declared on the column): files written before version 2 are still read",
            tamper: "",
        },
        Vector {
            name: "bad_v1_with_v2_index",
            schema: SCHEMA_V1_SQL,
            expect: "schema_tampered",
            description: "a schema version 1 file that also carries version 2's separate id index: each version is checked against its own catalogue, and no other",
            tamper: "CREATE UNIQUE INDEX event_id ON event (id);",
        },
        Vector {
            name: "bad_planted_trigger",
            schema: SCHEMA_SQL,
            expect: "schema_tampered",
            description: "event_no_delete dropped and an AFTER INSERT trigger planted that deletes every row whose payload mentions \"grounds\" (issue 11, item 5)",
            tamper: r#"DROP TRIGGER event_no_delete;
CREATE TRIGGER evil_delete AFTER INSERT ON event
BEGIN DELETE FROM event WHERE instr(CAST(payload AS TEXT), '"grounds"') > 0; END;"#,
        },
        Vector {
            name: "bad_trigger_replaced",
            schema: SCHEMA_SQL,
            expect: "schema_tampered",
            description: "event_no_delete replaced by a trigger of the same name that lets DELETE through",
            tamper: "DROP TRIGGER event_no_delete;
CREATE TRIGGER event_no_delete BEFORE DELETE ON event BEGIN SELECT 1; END;",
        },
        Vector {
            name: "bad_declared_id",
            schema: SCHEMA_SQL,
            expect: "column_mismatch",
            description: "the id column of one stored row names another id than its bytes hash to, the schema put back exactly (a warm open takes a cached row's id from this column: the verified-state cache's row hash covers it, and a full verify refuses it)",
            tamper: r#"DROP TRIGGER event_no_update;
UPDATE event SET id = X'0707070707070707070707070707070707070707070707070707070707070707'
WHERE seq = 2 AND author = (SELECT author FROM event WHERE seq = 2 ORDER BY author LIMIT 1);
CREATE TRIGGER event_no_update BEFORE UPDATE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (UPDATE refused)'); END;"#,
        },
        Vector {
            name: "bad_extra_index",
            schema: SCHEMA_SQL,
            expect: "schema_tampered",
            description: "an index tdlog does not create",
            tamper: "CREATE INDEX event_by_payload ON event(payload);",
        },
        Vector {
            name: "bad_fork_proof_alone",
            schema: SCHEMA_SQL,
            expect: "fork_proof_alone",
            description: "the TD's newest event moved from the event table to fork_proof, the trigger put back exactly: a fork proof with no event at its place (it used to verify, and the TD's next append took its sequence number again, leaving a log that failed wrong_prev; issue 29)",
            tamper: "DROP TRIGGER event_no_delete;
INSERT INTO fork_proof (id, author, seq, body, sig, payload)
  SELECT id, author, seq, body, sig, payload FROM event
  WHERE seq = 2 AND author = (SELECT author FROM event GROUP BY author HAVING max(seq) = 2);
DELETE FROM event
  WHERE seq = 2 AND author = (SELECT author FROM fork_proof LIMIT 1);
CREATE TRIGGER event_no_delete BEFORE DELETE ON event
BEGIN SELECT RAISE(ABORT, 'tdlog: events are append-only (DELETE refused)'); END;",
        },
    ]
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/vectors/sqlite")
}

/// A log file holding `events`, made with plain SQLite from `schema` (`schema/log.sql` as
/// `Log::create` makes it, or an earlier version), in WAL mode, then `tamper` applied.
fn make(path: &Path, schema: &str, events: &[RawEvent], tamper: &str) {
    let c = Connection::open(path).unwrap();
    c.execute_batch(schema).unwrap();
    for raw in events {
        let env = Envelope::decode(&raw.body).unwrap();
        c.execute(
            "INSERT INTO event (author, seq, id, body, sig, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            rusqlite::params![
                env.author.0.as_slice(),
                env.seq as i64,
                raw.id().0.as_slice(),
                raw.body,
                raw.sig,
                raw.payload
            ],
        )
        .unwrap();
    }
    c.pragma_update(None, "journal_mode", "WAL").unwrap();
    c.execute_batch(tamper).unwrap();
    c.close().unwrap();
}

#[test]
fn committed_sqlite_vectors_are_current() {
    let regen = std::env::var_os("TDLOG_REGEN").is_some();
    let (f, _, _, _) = basic();
    let tmp = tempfile::tempdir().unwrap();
    let mut manifest = vec![];
    for v in vectors() {
        let file = format!("{}.tdlog", v.name);
        let made = tmp.path().join(&file);
        make(&made, v.schema, &f.events, v.tamper);
        let bytes = std::fs::read(&made).unwrap();
        let path = dir().join(&file);
        if regen {
            std::fs::create_dir_all(dir()).unwrap();
            std::fs::write(&path, &bytes).unwrap();
        } else {
            let on_disk =
                std::fs::read(&path).unwrap_or_else(|_| panic!("missing {}", path.display()));
            assert!(
                on_disk == bytes,
                "{file} differs from what the test makes; regenerate with TDLOG_REGEN=1"
            );
        }
        manifest.push(
            serde_json::json!({"file": file, "expect": v.expect, "description": v.description}),
        );
    }
    let m = serde_json::to_vec_pretty(&manifest).unwrap();
    let mpath = dir().join("manifest.json");
    if regen {
        std::fs::write(&mpath, &m).unwrap();
    } else {
        assert_eq!(std::fs::read(&mpath).unwrap(), m, "manifest.json is stale");
    }
}

#[test]
fn tdlog_verify_cli_runs_every_committed_sqlite_vector_and_changes_none() {
    let manifest: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(dir().join("manifest.json")).unwrap()).unwrap();
    assert!(manifest.len() >= 4);
    for m in manifest {
        // A device of its own for each file: they share the good_basic history, and a
        // device that saw one would answer for another what it saw (`rolled_back` for a row
        // whose id column changed) before what the file itself says.
        let device = tempfile::tempdir().unwrap();
        let file = dir().join(m["file"].as_str().unwrap());
        let before = std::fs::read(&file).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tdlog"))
            .args(["verify", "--json"])
            .arg(&file)
            .env("TDLOG_DATA_DIR", device.path())
            .output()
            .unwrap();
        let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let expect = m["expect"].as_str().unwrap();
        if expect == "ok" {
            assert_eq!(out.status.code(), Some(0), "{}: {j}", file.display());
            assert_eq!(j["ok"], true, "{}: {j}", file.display());
        } else {
            assert_eq!(out.status.code(), Some(2), "{}: {j}", file.display());
            assert_eq!(j["reason"], expect, "{}: {j}", file.display());
        }
        assert_eq!(std::fs::read(&file).unwrap(), before, "{}", file.display());
        for s in ["-wal", "-shm"] {
            let side = PathBuf::from(format!("{}{s}", file.display()));
            assert!(!side.exists(), "verify left {}", side.display());
        }
    }
}
