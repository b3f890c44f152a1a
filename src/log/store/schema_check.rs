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
//! `CREATE` statement is therefore part of the file format.

use rusqlite::Connection;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const SCHEMA_SQL: &str = include_str!("../../../schema/log.sql");

/// One `sqlite_master` row: `(type, name)` → `(tbl_name, sql)`.
type Catalogue = BTreeMap<(String, String), (String, Option<String>)>;

fn catalogue(conn: &Connection) -> rusqlite::Result<Catalogue> {
    let mut st = conn.prepare("SELECT type, name, tbl_name, sql FROM main.sqlite_master")?;
    let rows = st.query_map([], |r| Ok(((r.get(0)?, r.get(1)?), (r.get(2)?, r.get(3)?))))?;
    rows.collect()
}

/// The catalogue `schema/log.sql` creates.
fn expected() -> &'static Catalogue {
    static EXPECTED: OnceLock<Catalogue> = OnceLock::new();
    EXPECTED.get_or_init(|| {
        let conn = Connection::open_in_memory().expect("an in-memory SQLite database");
        conn.execute_batch(SCHEMA_SQL)
            .expect("schema/log.sql runs on an empty database");
        catalogue(&conn).expect("the in-memory catalogue is readable")
    })
}

/// Every way the file's catalogue differs from tdlog's, one phrase each
/// (e.g. "trigger event_no_delete is missing"); empty if it is exactly tdlog's.
pub fn differences(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let found = catalogue(conn)?;
    let want = expected();
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
    fn a_fresh_schema_has_no_differences_and_includes_the_automatic_indexes() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(SCHEMA_SQL).unwrap();
        assert!(differences(&conn).unwrap().is_empty());
        assert!(expected()
            .keys()
            .any(|(k, n)| k == "index" && n.starts_with("sqlite_autoindex_")));
        assert_eq!(expected().keys().filter(|(k, _)| k == "trigger").count(), 4);
    }

    #[test]
    fn an_extra_or_missing_object_is_named() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(SCHEMA_SQL).unwrap();
        conn.execute_batch("DROP TRIGGER event_no_delete; CREATE INDEX evil ON event(payload);")
            .unwrap();
        let d = differences(&conn).unwrap().join("; ");
        assert!(d.contains("trigger event_no_delete is missing"), "{d}");
        assert!(
            d.contains("an unknown index evil on event is present"),
            "{d}"
        );
    }
}
