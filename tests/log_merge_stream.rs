//! A merge fed in batches (`Log::merge_stream`, issue 32: how a device joins a log at the
//! verification limit) against the same rows given at once (`Log::merge_report`): the same
//! report, the same rows in the same tables (which side of a fork is the event), the same
//! append state, and on a hostile row the same refusal with nothing stored, however the
//! rows are cut into batches and in whatever order they arrive.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use tdlog::events::Payload;
use tdlog::log::event::sign_event;
use tdlog::log::{Envelope, Hash32, Identified, Log, RawEvent, StreamError};

fn rows(p: &Path) -> Vec<RawEvent> {
    Log::open(p)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect()
}

/// The rows of `other` that `base` does not hold, in stored order.
fn news(base: &Path, other: &Path) -> Vec<RawEvent> {
    let have: std::collections::HashSet<Hash32> = rows(base).iter().map(|r| r.id()).collect();
    rows(other)
        .into_iter()
        .filter(|r| !have.contains(&r.id()))
        .collect()
}

fn append(p: &Path, k: u8, payload: Payload) {
    Log::open(p).unwrap().append(&key(k), payload).unwrap();
}

fn base(dir: &Path) -> PathBuf {
    let p = dir.join("base.tdlog");
    world::pairs_at_two_tables(&p, "Stream Pairs");
    append(&p, 2, note("table 1: director called"));
    append(&p, 5, note("table 2: slow play"));
    p
}

fn device(dir: &Path, base: &Path, name: &str, steps: &[(u8, &str)]) -> PathBuf {
    let p = dir.join(format!("{name}.tdlog"));
    std::fs::copy(base, &p).unwrap();
    for (k, text) in steps {
        append(&p, *k, note(text));
    }
    p
}

/// Each row of `table`, by id: its id and its bytes (author, seq, body, sig, payload), hashed.
fn table_rows(conn: &rusqlite::Connection, table: &str) -> Vec<String> {
    let mut st = conn
        .prepare(&format!(
            "SELECT id, author, seq, body, sig, payload FROM {table} ORDER BY id"
        ))
        .unwrap();
    st.query_map([], |r| {
        let id: Vec<u8> = r.get(0)?;
        let mut bytes = Vec::new();
        for i in [1, 3, 4, 5] {
            bytes.extend(r.get::<_, Vec<u8>>(i)?);
        }
        bytes.extend(r.get::<_, i64>(2)?.to_be_bytes());
        Ok((id, Hash32::digest(&[&bytes])))
    })
    .unwrap()
    .map(|row| {
        let (id, bytes) = row.unwrap();
        format!(
            "{} {}",
            Hash32(id.try_into().unwrap()).short(),
            bytes.short()
        )
    })
    .collect()
}

/// Everything a merge leaves that a reader can see: the report, each table's rows (ids and
/// bytes), the chain heads and the append state.
fn state(log: &mut Log, report: &str) -> String {
    let conn = rusqlite::Connection::open(log.path()).unwrap();
    let ids = |table: &str| table_rows(&conn, table);
    format!(
        "{report}\nevents {:?}\nforks {:?}\nheads {:?}\nstate {}",
        ids("event"),
        ids("fork_proof"),
        log.chain_heads().unwrap(),
        log.append_state_json().unwrap()
    )
}

fn report_text(r: &tdlog::log::MergeReport) -> String {
    format!(
        "added {} forks {} received {:?} future {:?}",
        r.added, r.forks, r.received, r.future
    )
}

/// Merges `incoming` into a copy of `base` at once, and into other copies in batches of
/// each size given (in the order given), and requires the same outcome of every one.
fn same_either_way(dir: &Path, base: &Path, case: &str, incoming: &[RawEvent]) -> String {
    let at = chrono::Utc::now().timestamp_millis() + 3_600_000;
    let copy = |name: &str| {
        let p = dir.join(format!("{case}-{name}.tdlog"));
        std::fs::copy(base, &p).unwrap();
        let mut log = Log::open(&p).unwrap();
        log.set_clock(move || at);
        log.log_id().unwrap();
        log
    };
    let mut once = copy("once");
    let expected = match once.merge_report(incoming.to_vec()) {
        Ok(r) => state(&mut once, &report_text(&r)),
        Err(e) => format!("error: {e}\n{}", state(&mut once, "")),
    };
    for size in [1, 2, 3, 7, incoming.len().max(1)] {
        let mut log = copy(&format!("by{size}"));
        let batches = incoming
            .chunks(size)
            .map(|c| Ok::<_, ()>(Identified::from(c.to_vec())));
        let got = match log.merge_stream(batches, incoming.len()) {
            Ok(r) => state(&mut log, &report_text(&r)),
            Err(StreamError::Log(e)) => format!("error: {e}\n{}", state(&mut log, "")),
            Err(StreamError::Source(())) => panic!("{case}: the source did not fail"),
        };
        assert_eq!(got, expected, "{case}, batches of {size}");
        // The same rows as a hub files them (each checked against that by the merge, and
        // written at the place filed), into a log with a verified-state cache as a join
        // keeps one: the same outcome, and a cache that holds each stored row as stored.
        if incoming.iter().all(|r| Envelope::decode(&r.body).is_ok()) {
            let mut log = copy(&format!("filed-by{size}"));
            let data = dir.join(format!("{case}-filed-by{size}-data"));
            // A size may come twice (the whole set at once): each run starts a fresh cache.
            let _ = std::fs::remove_dir_all(&data);
            log.attach_cache(tdlog::log::cache::VerifiedCache::new(&data));
            let batches = incoming
                .chunks(size)
                .map(|c| Ok::<_, ()>(Identified::filed(filed_as_is(c))));
            let got = match log.merge_stream(batches, incoming.len()) {
                Ok(r) => state(&mut log, &report_text(&r)),
                Err(StreamError::Log(e)) => format!("error: {e}\n{}", state(&mut log, "")),
                Err(StreamError::Source(())) => panic!("{case}: the source did not fail"),
            };
            assert_eq!(got, expected, "{case}, filed, batches of {size}");
            drop(log);
            // Every event the merge stored is in the cache, hashed as stored: the warm verify
            // below takes the cache on trust and must see what a cold one sees.
            let path = dir.join(format!("{case}-filed-by{size}.tdlog"));
            let conn = rusqlite::Connection::open(&path).unwrap();
            let events: i64 = conn
                .query_row("SELECT count(*) FROM event", [], |r| r.get(0))
                .unwrap();
            let log_id = Log::open(&path).unwrap().log_id().unwrap();
            let cached = tdlog::log::cache::VerifiedCache::new(&data)
                .load(&log_id)
                .map(|k| k.rows.len());
            if !got.starts_with("error") {
                assert_eq!(
                    cached.ok(),
                    Some(events as usize),
                    "{case}, filed, batches of {size}: rows cached"
                );
            }
            let warm = |device: Option<&Path>| {
                let mut log = Log::open(&dir.join(format!("{case}-filed-by{size}.tdlog"))).unwrap();
                if let Some(d) = device {
                    log.attach_cache(tdlog::log::cache::VerifiedCache::new(d));
                }
                log.verify(None)
                    .map(|v| format!("{:?}", v.events))
                    .map_err(|e| e.to_string())
            };
            assert_eq!(
                warm(Some(&data)),
                warm(None),
                "{case}, filed, batches of {size}: the cache"
            );
        }
    }
    expected
}

#[test]
fn a_merge_in_batches_stores_what_a_merge_at_once_stores() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let other = device(
        dir.path(),
        &base,
        "other",
        &[
            (2, "table 1: claim of tricks"),
            (5, "table 2: revoke"),
            (2, "table 1: ruling given"),
            (1, "round 2 started"),
            (5, "table 2: score agreed"),
        ],
    );
    let incoming = news(&base, &other);
    assert_eq!(incoming.len(), 5);
    let out = same_either_way(dir.path(), &base, "honest", &incoming);
    assert!(out.starts_with("added 5 forks 0"), "{out}");
    // Served backwards (each chain from its newest row): written again in place order.
    let backwards: Vec<RawEvent> = incoming.iter().rev().cloned().collect();
    let out = same_either_way(dir.path(), &base, "backwards", &backwards);
    assert!(out.starts_with("added 5 forks 0"), "{out}");
    // Rows the log holds already, and rows served twice: each stored once.
    let mut again = rows(&base);
    again.extend(incoming.iter().cloned());
    again.extend(incoming.iter().cloned());
    let out = same_either_way(dir.path(), &base, "twice", &again);
    assert!(out.starts_with("added 5 forks 0"), "{out}");
}

#[test]
fn law_of_forks_the_causally_earlier_side_is_the_event_whatever_the_arrival_order() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    // The TD's key signs two different events at one new place on two devices, and the
    // first device goes on: both sides arrive in one merge.
    let a = device(
        dir.path(),
        &base,
        "a",
        &[(1, "round 2 started"), (2, "table 1: here")],
    );
    let b = device(dir.path(), &base, "b", &[(2, "table 1: there")]);
    let (from_a, from_b) = (news(&base, &a), news(&base, &b));
    for (case, incoming) in [
        ("a-then-b", [from_a.clone(), from_b.clone()].concat()),
        ("b-then-a", [from_b.clone(), from_a.clone()].concat()),
    ] {
        let out = same_either_way(dir.path(), &base, case, &incoming);
        assert!(out.contains("forks 1"), "{case}: {out}");
    }
    // A fork at a place the log already holds: the stored side stays the event.
    append(&base, 2, note("table 1: stored side"));
    let twin = device(dir.path(), &a, "twin", &[]);
    let out = same_either_way(dir.path(), &base, "stored-side", &news(&base, &twin));
    assert!(out.contains("forks 1"), "{out}");
}

#[test]
fn a_forged_row_in_a_later_batch_is_refused_as_at_once_and_nothing_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let other = device(
        dir.path(),
        &base,
        "other",
        &[
            (2, "one"),
            (2, "two"),
            (2, "three"),
            (2, "four"),
            (2, "five"),
        ],
    );
    let mut incoming = news(&base, &other);
    let before = rows(&base).len();
    // The fourth row's payload and hash changed, and signed by a key that is not the TD's.
    let env = Envelope::decode(&incoming[3].body).unwrap();
    incoming[3] = sign_event(&key(77), env, incoming[3].payload.clone());
    let out = same_either_way(dir.path(), &base, "forged", &incoming);
    assert!(out.starts_with("error:"), "{out}");
    for size in [1, 2, 3, 7] {
        let p = dir.path().join(format!("forged-by{size}.tdlog"));
        assert_eq!(rows(&p).len(), before, "batches of {size}: nothing stored");
    }
    // A row that is no event at all.
    let mut garbage = news(&base, &other);
    garbage[2].body = b"not an envelope".to_vec();
    let out = same_either_way(dir.path(), &base, "garbage", &garbage);
    assert!(out.starts_with("error:"), "{out}");
}

#[test]
fn a_source_that_fails_midway_stores_nothing_and_its_error_is_returned() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let other = device(
        dir.path(),
        &base,
        "other",
        &[(2, "one"), (2, "two"), (2, "three")],
    );
    let incoming = news(&base, &other);
    let before = rows(&base);
    let mut log = Log::open(&base).unwrap();
    let batches = vec![
        Ok(Identified::from(incoming[..2].to_vec())),
        Err("the hub went away"),
        Ok(Identified::from(incoming[2..].to_vec())),
    ];
    match log.merge_stream(batches, 0) {
        Err(StreamError::Source(e)) => assert_eq!(e, "the hub went away"),
        other => panic!("expected the source's error, got {other:?}"),
    }
    drop(log);
    assert_eq!(rows(&base).len(), before.len(), "nothing stored");
    // The log is as it was: the same rows verify, and a later merge takes them all.
    let mut log = Log::open(&base).unwrap();
    let r = log.merge_report(incoming).unwrap();
    assert_eq!(r.added, 3);
}

/// Each row as a hub files it: (id, author, seq, bytes), taken from its bytes.
fn filed_as_is(rows: &[RawEvent]) -> Vec<(Hash32, Hash32, u64, RawEvent)> {
    rows.iter()
        .map(|r| {
            let e = Envelope::decode(&r.body).unwrap();
            (r.id(), e.author, e.seq, r.clone())
        })
        .collect()
}

/// `incoming` merged into copies of `base` as filed rows: at once, and in batches of each
/// size; the outcome of each (the report or the error, and what the file then holds).
fn filed_outcomes(
    dir: &Path,
    base: &Path,
    case: &str,
    incoming: &[(Hash32, Hash32, u64, RawEvent)],
    sizes: &[usize],
) -> (String, Vec<String>) {
    let copy = |name: &str| {
        let p = dir.join(format!("{case}-{name}.tdlog"));
        std::fs::copy(base, &p).unwrap();
        Log::open(&p).unwrap()
    };
    let outcome = |log: &mut Log, r: Result<tdlog::log::MergeReport, tdlog::log::LogError>| match r
    {
        Ok(r) => state(log, &report_text(&r)),
        Err(e) => format!("error: {e}\n{}", state(log, "")),
    };
    let mut once = copy("once");
    let at_once = once.merge_report(Identified::filed(incoming.to_vec()));
    let at_once = outcome(&mut once, at_once);
    let streamed = sizes
        .iter()
        .map(|&size| {
            let mut log = copy(&format!("by{size}"));
            let batches = incoming
                .chunks(size)
                .map(|c| Ok::<_, ()>(Identified::filed(c.to_vec())));
            let r = match log.merge_stream(batches, incoming.len()) {
                Err(StreamError::Source(())) => panic!("{case}: the source did not fail"),
                Err(StreamError::Log(e)) => Err(e),
                Ok(r) => Ok(r),
            };
            outcome(&mut log, r)
        })
        .collect();
    (at_once, streamed)
}

#[test]
fn a_row_that_is_not_the_event_it_is_filed_as_is_named_and_nothing_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let steps = [
        (2, "one"),
        (2, "two"),
        (2, "three"),
        (2, "four"),
        (2, "five"),
    ];
    let other = device(dir.path(), &base, "other", &steps);
    let incoming = news(&base, &other);
    let td = key(2).public();
    let seq_of = |r: &RawEvent| Envelope::decode(&r.body).unwrap().seq;
    let sizes = [1, 2, 3, 7];

    // Filed honestly: what a merge of the same rows by their hashed ids stores.
    let honest = same_either_way(dir.path(), &base, "hashed", &incoming);
    let (at_once, streamed) =
        filed_outcomes(dir.path(), &base, "honest", &filed_as_is(&incoming), &sizes);
    assert_eq!(at_once, honest);
    for (s, got) in sizes.iter().zip(&streamed) {
        assert_eq!(got, &honest, "batches of {s}");
    }

    // Each way a hub can file a row as what it is not: under another id (its bytes a
    // valid event all the same), under another place, with its payload changed, served
    // twice with the second copy changed (left out as a duplicate, checked all the same).
    let third = seq_of(&incoming[2]);
    let mut wrong_id = filed_as_is(&incoming);
    wrong_id[2].0 = Hash32([7; 32]);
    let mut wrong_place = filed_as_is(&incoming);
    wrong_place[2].2 += 40;
    let mut payload = filed_as_is(&incoming);
    payload[2].3.payload.push(b' ');
    let mut twice = filed_as_is(&incoming);
    let mut changed = twice[2].clone();
    changed.3.payload.push(b' ');
    twice.push(changed);
    let named = format!("row filed as author {}'s event", td.short());
    for (case, rows, seq) in [
        ("wrong-id", wrong_id, third),
        ("wrong-place", wrong_place, third + 40),
        ("payload", payload, third),
        ("twice", twice, third),
    ] {
        let (at_once, streamed) = filed_outcomes(dir.path(), &base, case, &rows, &sizes);
        let expected = format!("{named} {seq} is not that event");
        assert!(at_once.contains(&expected), "{case}: {at_once}");
        for (s, got) in sizes.iter().zip(&streamed) {
            assert_eq!(got, &at_once, "{case}, batches of {s}");
        }
        assert!(at_once.contains(&format!("{:?}", honest_state_without_news(&base))));
    }

    // A forged row (one bit of its signature flipped, filed under the id of the bytes
    // served) before an altered one: in one batch the altered row is named, as a round
    // names it before any signature; in batches of one the forged row's batch fails first.
    let mut both = filed_as_is(&incoming);
    both[1].3.sig[40] ^= 1;
    both[1].0 = both[1].3.id();
    both[3].3.payload.push(b' ');
    let fourth = seq_of(&incoming[3]);
    let (at_once, streamed) = filed_outcomes(dir.path(), &base, "both", &both, &[7, 1]);
    assert!(
        at_once.contains(&format!("{named} {fourth} is not that event")),
        "{at_once}"
    );
    assert_eq!(streamed[0], at_once);
    assert!(
        streamed[1].starts_with("error: log does not verify"),
        "{}",
        streamed[1]
    );
}

/// The events `base` holds, as [`state`] lists them.
fn honest_state_without_news(base: &Path) -> Vec<String> {
    table_rows(&rusqlite::Connection::open(base).unwrap(), "event")
}

/// The file's schema cookie: SQLite counts every change to the catalogue in it.
fn schema_changes(p: &Path) -> i64 {
    let c = rusqlite::Connection::open(p).unwrap();
    c.pragma_query_value(None, "schema_version", |r| r.get(0))
        .unwrap()
}

/// SQLite's own check of the file (every index holds exactly its table's rows), and how many
/// events the id index finds.
fn sound(p: &Path) -> (String, i64) {
    let c = rusqlite::Connection::open(p).unwrap();
    let check: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    let indexed: i64 = c
        .query_row(
            "SELECT count(*) FROM event INDEXED BY event_id WHERE id > x''",
            [],
            |r| r.get(0),
        )
        .unwrap_or(-1);
    (check, indexed)
}

/// A joining device's rows: more than the log holds, from two keys.
fn many_news(dir: &Path, base: &Path) -> Vec<RawEvent> {
    let steps: Vec<(u8, String)> = (0..30)
        .map(|i| (if i % 3 == 0 { 5 } else { 2 }, format!("board {i}: result")))
        .collect();
    let steps: Vec<(u8, &str)> = steps.iter().map(|(k, t)| (*k, t.as_str())).collect();
    let other = device(dir, base, "many", &steps);
    news(base, &other)
}

/// Schema version 2 declares the id index on its own, so a merge fed in batches that
/// brings more rows than the file holds (a join) drops it and builds it once, sorted, at
/// the end. Whatever the batching, the order or the outcome: the rows stored are those of a
/// merge at once, the index holds exactly the table's rows, and the catalogue is the one
/// every open checks (a failed merge leaves even the index untouched).
#[test]
fn a_join_of_more_rows_than_the_log_holds_builds_the_id_index_once_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let held = rows(&base).len();
    let incoming = many_news(dir.path(), &base);
    assert!(incoming.len() > held, "{} rows for {held}", incoming.len());
    let before = schema_changes(&base);
    let out = same_either_way(dir.path(), &base, "join", &incoming);
    assert!(out.starts_with("added 30 forks 0"), "{out}");
    let total = (held + incoming.len()) as i64;
    // A merge at once keeps its index row by row; each merge fed in batches dropped it and
    // made it again (two changes to the catalogue), leaving it as tdlog makes it.
    assert_eq!(schema_changes(&dir.path().join("join-once.tdlog")), before);
    for size in [1, 2, 3, 7, 30] {
        for name in [format!("join-by{size}"), format!("join-filed-by{size}")] {
            let p = dir.path().join(format!("{name}.tdlog"));
            assert_eq!(schema_changes(&p), before + 2, "{name}: index built again");
            assert_eq!(sound(&p), ("ok".into(), total), "{name}");
            Log::open(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
    // Served backwards: the rows are read back by id and written again in place order.
    let backwards: Vec<RawEvent> = incoming.iter().rev().cloned().collect();
    let out = same_either_way(dir.path(), &base, "join-back", &backwards);
    assert!(out.starts_with("added 30 forks 0"), "{out}");
    for size in [1, 2, 3, 7, 30] {
        let p = dir.path().join(format!("join-back-by{size}.tdlog"));
        assert_eq!(sound(&p), ("ok".into(), total), "backwards by {size}");
        Log::open(&p).unwrap();
    }
    // A forged row: nothing stored, and the index is the one the file had.
    let mut forged = incoming.clone();
    let env = Envelope::decode(&forged[20].body).unwrap();
    forged[20] = sign_event(&key(77), env, forged[20].payload.clone());
    let out = same_either_way(dir.path(), &base, "join-forged", &forged);
    assert!(out.starts_with("error:"), "{out}");
    for size in [1, 2, 3, 7, 30] {
        let p = dir.path().join(format!("join-forged-by{size}.tdlog"));
        assert_eq!(schema_changes(&p), before, "forged by {size}");
        assert_eq!(sound(&p), ("ok".into(), held as i64), "forged by {size}");
    }
    // Fewer rows than the file holds (a later round): the index is kept as it is.
    let joined = dir.path().join("join-by7.tdlog");
    let later = device(
        dir.path(),
        &joined,
        "later",
        &[(2, "late 1"), (5, "late 2")],
    );
    let late = news(&joined, &later);
    let at = schema_changes(&joined);
    let mut log = Log::open(&joined).unwrap();
    let batches = vec![Ok::<_, ()>(Identified::from(late))];
    assert_eq!(log.merge_stream(batches, 2).unwrap().added, 2);
    drop(log);
    assert_eq!(schema_changes(&joined), at);
    assert_eq!(sound(&joined), ("ok".into(), total + 2));
}

/// A log written before schema version 2 (its id index declared on the column, which
/// cannot be dropped) joins as it is: the same rows stored as in a version 2 file, its
/// catalogue and version unchanged, and it opens as before.
#[test]
fn a_log_of_schema_version_1_joins_with_its_column_index_kept() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let incoming = many_news(dir.path(), &base);
    let v1 = dir.path().join("v1.tdlog");
    {
        let c = rusqlite::Connection::open(&v1).unwrap();
        c.execute_batch(include_str!("../schema/log-v1.sql"))
            .unwrap();
        c.execute("ATTACH ?1 AS b", [base.to_str().unwrap()])
            .unwrap();
        c.execute_batch(
            "INSERT INTO main.event SELECT * FROM b.event;
             INSERT INTO main.fork_proof SELECT * FROM b.fork_proof;
             DETACH b;",
        )
        .unwrap();
    }
    let version = |p: &Path| -> i64 {
        rusqlite::Connection::open(p)
            .unwrap()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap()
    };
    assert_eq!(version(&v1), 1);
    let before = schema_changes(&v1);
    let mut log = Log::open(&v1).unwrap();
    let batches = incoming
        .chunks(7)
        .map(|c| Ok::<_, ()>(Identified::from(c.to_vec())));
    assert_eq!(log.merge_stream(batches, incoming.len()).unwrap().added, 30);
    drop(log);
    assert_eq!((version(&v1), schema_changes(&v1)), (1, before));
    Log::open(&v1).unwrap().verify(None).unwrap();
    // The same rows a version 2 file stores.
    let v2 = dir.path().join("v2.tdlog");
    std::fs::copy(&base, &v2).unwrap();
    let mut log = Log::open(&v2).unwrap();
    let batches = incoming
        .chunks(7)
        .map(|c| Ok::<_, ()>(Identified::from(c.to_vec())));
    log.merge_stream(batches, incoming.len()).unwrap();
    drop(log);
    let events = |p: &Path| table_rows(&rusqlite::Connection::open(p).unwrap(), "event");
    assert_eq!(events(&v1), events(&v2));
    assert_eq!(version(&v2), 2);
}
