//! The database is checked, not trusted: before tdlog reads or writes a log file, its
//! `sqlite_master` must be exactly the schema `schema/log.sql` creates.
//!
//! Why: SQLite runs whatever triggers, indexes and views the file carries. Anyone who can
//! write the file can plant an `AFTER INSERT` trigger that deletes the rows tdlog has just
//! written (an appeal, say); the append would still be acknowledged and `verify` would pass,
//! because the signatures only cover the rows that remain. The application id and schema
//! version say nothing about that. So the whole catalogue is compared, object by object
//! (type, name, table, SQL text), with the one tdlog makes: anything more, less or
//! different is refused before any statement touches the tables.
//!
//! The expected catalogue is made once per process by running `schema/log.sql` in an
//! in-memory database, so it cannot drift from what `Log::create` writes. The text of each
//! `CREATE` statement is therefore part of the file format. A file of schema version 1 is
//! compared with `schema/log-v1.sql`'s catalogue instead: its own, and no other.

use rusqlite::Connection;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const SCHEMA_SQL: &str = include_str!("../../../schema/log.sql");
const SCHEMA_V1_SQL: &str = include_str!("../../../schema/log-v1.sql");

/// One `sqlite_master` row: `(type, name)` → `(tbl_name, sql)`.
type Catalogue = BTreeMap<(String, String), (String, Option<String>)>;

fn catalogue(conn: &Connection) -> rusqlite::Result<Catalogue> {
    let mut st = conn.prepare("SELECT type, name, tbl_name, sql FROM main.sqlite_master")?;
    let rows = st.query_map([], |r| Ok(((r.get(0)?, r.get(1)?), (r.get(2)?, r.get(3)?))))?;
    rows.collect()
}

/// The catalogue a schema file creates in an empty database.
fn made_by(sql: &str) -> Catalogue {
    let conn = Connection::open_in_memory().expect("an in-memory SQLite database");
    conn.execute_batch(sql)
        .expect("a tdlog schema file runs on an empty database");
    catalogue(&conn).expect("the in-memory catalogue is readable")
}

/// The catalogue of schema `version`: `schema/log.sql` for the current one,
/// `schema/log-v1.sql` for version 1; `None` for a version tdlog does not read.
fn expected(version: i64) -> Option<&'static Catalogue> {
    static CURRENT: OnceLock<Catalogue> = OnceLock::new();
    static V1: OnceLock<Catalogue> = OnceLock::new();
    match version {
        super::SCHEMA_VERSION => Some(CURRENT.get_or_init(|| made_by(SCHEMA_SQL))),
        1 => Some(V1.get_or_init(|| made_by(SCHEMA_V1_SQL))),
        _ => None,
    }
}

/// Whether tdlog reads and writes files of schema `version` (`PRAGMA user_version`).
pub fn reads(version: i64) -> bool {
    expected(version).is_some()
}

/// Every way the file's catalogue differs from that of tdlog's schema `version` (the
/// file's `user_version`, which [`reads`] accepts), one phrase each (e.g. "trigger
/// event_no_delete is missing"); empty if it is exactly tdlog's.
pub fn differences(conn: &Connection, version: i64) -> rusqlite::Result<Vec<String>> {
    let found = catalogue(conn)?;
    let Some(want) = expected(version) else {
        return Ok(vec![format!(
            "schema version {version} is not one tdlog reads"
        )]);
    };
    let mut out = Vec::new();
    for ((kind, name), def) in want {
        match found.get(&(kind.clone(), name.clone())) {
            None => out.push(format!("{kind} {name} is missing")),
            Some(d) if d != def => out.push(format!(
                "{kind} {name} is not the one tdlog creates (now: {})",
                one_line(d.1.as_deref().unwrap_or("an automatic index"))
            )),
            Some(_) => {}
        }
    }
    for ((kind, name), (table, sql)) in &found {
        if !want.contains_key(&(kind.clone(), name.clone())) {
            out.push(format!(
                "an unknown {kind} {name} on {table} is present ({})",
                one_line(sql.as_deref().unwrap_or("no SQL"))
            ));
        }
    }
    Ok(out)
}

/// SQL as one line (errors are one line on a terminal).
fn one_line(sql: &str) -> String {
    sql.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_schema_has_no_differences_and_includes_every_index() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(SCHEMA_SQL).unwrap();
        let current = super::super::SCHEMA_VERSION;
        assert!(differences(&conn, current).unwrap().is_empty());
        let want = expected(current).unwrap();
        assert!(want.contains_key(&("index".into(), "event_id".into())));
        // Version 1's id index is the column's automatic one: checked as well.
        assert!(expected(1)
            .unwrap()
            .keys()
            .any(|(k, n)| k == "index" && n.starts_with("sqlite_autoindex_")));
        assert_eq!(want.keys().filter(|(k, _)| k == "trigger").count(), 4);
    }

    /// A version 1 file is compared with version 1's catalogue, and each version's
    /// catalogue refuses the other's file: a file cannot claim one version and carry the
    /// other's objects.
    #[test]
    fn each_schema_version_is_checked_against_its_own_catalogue() {
        let v1 = Connection::open_in_memory().unwrap();
        v1.execute_batch(SCHEMA_V1_SQL).unwrap();
        let v2 = Connection::open_in_memory().unwrap();
        v2.execute_batch(SCHEMA_SQL).unwrap();
        let version = |c: &Connection| -> i64 {
            c.pragma_query_value(None, "user_version", |r| r.get(0))
                .unwrap()
        };
        assert_eq!((version(&v1), version(&v2)), (1, 2));
        assert!(reads(1) && reads(2) && !reads(0) && !reads(3));
        assert!(differences(&v1, 1).unwrap().is_empty());
        let d = differences(&v1, 2).unwrap().join("; ");
        assert!(d.contains("index event_id is missing"), "{d}");
        assert!(
            d.contains("table event is not the one tdlog creates"),
            "{d}"
        );
        let d = differences(&v2, 1).unwrap().join("; ");
        assert!(
            d.contains("an unknown index event_id on event is present"),
            "{d}"
        );
        assert!(!differences(&v2, 3).unwrap().is_empty());
    }

    #[test]
    fn an_extra_or_missing_object_is_named() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(SCHEMA_SQL).unwrap();
        conn.execute_batch("DROP TRIGGER event_no_delete; CREATE INDEX evil ON event(payload);")
            .unwrap();
        let d = differences(&conn, super::super::SCHEMA_VERSION)
            .unwrap()
            .join("; ");
        assert!(d.contains("trigger event_no_delete is missing"), "{d}");
        assert!(
            d.contains("an unknown index evil on event is present"),
            "{d}"
        );
    }
}
