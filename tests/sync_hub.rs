//! Live sync through a PostgreSQL hub (issue 17), against a real throwaway cluster
//! (`common/pg.rs`). The hub is not trusted: each attack a hub could carry out (alter a row,
//! insert a forged event, keep back an event) is written as it would be done, straight in
//! the hub's tables, and the syncing device must name it and leave its log as it was. Then
//! the acceptance run: four devices recording at once, syncing with cut lines and a hub
//! restart in the middle, converge to the same events and the same results and ranking.

mod common;
#[path = "common/pg.rs"]
mod pg;
#[macro_use]
#[path = "sync_support/mod.rs"]
mod support;

use common::*;
use pg::PgCluster;
use std::collections::BTreeSet;
use support::*;
use tdlog::log::{Envelope, Hash32};
use tdlog::sync::{self, SyncError};

/// Attack: the hub edits a stored ruling note ("hesitation" becomes "no hesitation"). The
/// device refuses it before merging; a hub that also re-files the row under the changed
/// bytes' id is caught by the signature.
#[test]
fn attack_altered_row_at_the_hub_is_detected_and_nothing_merged() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    let td = key(2);
    let mut h = hub(&pg);
    open(&a).append(&td, note("hesitation before 3NT")).unwrap();
    sync(&a, &mut h, &td).unwrap();
    let (seq, id) = hub_head(&pg, &td);
    let n = pg
        .client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to(replace(convert_from(payload, 'UTF8'), 'hesitation', 'no hesitation'), 'UTF8') WHERE id = $1",
            &[&id],
        )
        .unwrap();
    assert_eq!(n, 1);
    let before = rows(&b);
    let e = sync(&b, &mut h, &key(1)).unwrap_err();
    assert!(
        matches!(e, SyncError::Altered { seq: s, .. } if s == seq as u64),
        "{e}"
    );
    let msg = e.to_string();
    assert!(
        msg.contains("altered") && msg.contains("local log is unchanged"),
        "{msg}"
    );
    assert_eq!(rows(&b), before, "the local log is unchanged");

    // A cleverer hub: a changed signature, the row re-filed under the new bytes' id.
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = e.payload, sig = set_byte(e.sig, 0, get_byte(e.sig, 0) # 1) FROM (SELECT payload, sig FROM tdlog.event WHERE id = $1) AS e WHERE id = $1",
            &[&id],
        )
        .unwrap();
    let restored: Vec<u8> = open(&a)
        .read_row(&Hash32(id.clone().try_into().unwrap()))
        .unwrap()
        .unwrap()
        .raw
        .payload;
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = $2, id = sha256(body || sig) WHERE id = $1",
            &[&id, &restored],
        )
        .unwrap();
    // (and drops the TD's head claim, which names the honest id)
    pg.client()
        .execute("DELETE FROM tdlog.head_claim", &[])
        .unwrap();
    let e = sync(&b, &mut h, &key(1)).unwrap_err();
    assert!(matches!(e, SyncError::Rejected(_)), "{e}");
    assert!(e.to_string().contains("do not verify"), "{e}");
    assert_eq!(rows(&b), before, "the local log is unchanged");
    open(&b).verify_all(None).unwrap();
}

/// Attack: the hub inserts an event of its own, well formed and signed, by a key the chief
/// TD never enrolled. Key playback refuses it; nothing is merged.
#[test]
fn attack_forged_event_inserted_at_the_hub_is_refused() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let b = device(&base, "chief");
    let mut h = hub(&pg);
    sync(&b, &mut h, &key(1)).unwrap();
    let lid = log_id(&b);
    let forger = key(66);
    insert_at_hub(&pg, &lid, &forged_note(lid, &forger, 1, None));
    let before = rows(&b);
    let e = sync(&b, &mut h, &key(1)).unwrap_err();
    assert!(matches!(e, SyncError::Rejected(_)), "{e}");
    assert!(e.to_string().contains("do not verify"), "{e}");
    assert_eq!(rows(&b), before, "the local log is unchanged");

    // The same, claimed to be the TD's next event but signed with the forger's key.
    pg.client()
        .execute(
            "DELETE FROM tdlog.event WHERE author = $1",
            &[&forger.public().0.as_slice()],
        )
        .unwrap();
    let (td_seq, td_id) = hub_head(&pg, &key(3));
    let honest = forged_note(
        lid,
        &forger,
        td_seq as u64 + 1,
        Some(Hash32(td_id.try_into().unwrap())),
    );
    let mut env = Envelope::decode(&honest.body).unwrap();
    env.author = key(3).public();
    env.lamport = 100;
    let body = env.encode();
    let sig = forger
        .sign(&[b"tdlog/event/v1\0".as_slice(), &body].concat())
        .to_vec();
    let raw = tdlog::log::RawEvent {
        body,
        sig,
        payload: honest.payload,
    };
    assert_eq!(Envelope::decode(&raw.body).unwrap().author, key(3).public());
    insert_at_hub(&pg, &lid, &raw);
    let e = sync(&b, &mut h, &key(1)).unwrap_err();
    assert!(matches!(e, SyncError::Rejected(_)), "{e}");
    assert_eq!(rows(&b), before, "the local log is unchanged");
}

/// Attack: the hub keeps back the TD's newest note (the TD's device pushed it and signed
/// that it holds it), then a note from the middle of the TD's chain. Both are named; once
/// the TD's device syncs again the hub holds them again and the chief's device converges.
#[test]
fn attack_event_withheld_by_the_hub_is_detected() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    let td = key(2);
    let mut h = hub(&pg);
    let mut log = open(&a);
    log.append(&td, note("call at table 3")).unwrap();
    log.append(&td, note("ruling: score stands")).unwrap();
    drop(log);
    sync(&a, &mut h, &td).unwrap();
    let (_, newest) = hub_head(&pg, &td);
    pg.client()
        .execute("DELETE FROM tdlog.event WHERE id = $1", &[&newest])
        .unwrap();
    let before = rows(&b);
    let e = sync(&b, &mut h, &key(1)).unwrap_err();
    assert!(matches!(e, SyncError::Withheld(_)), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("withholds") && msg.contains("signed that it holds"),
        "{msg}"
    );
    assert_eq!(rows(&b), before, "the local log is unchanged");

    // The TD's device syncs: the hub lacks its newest event (a hub restored from an old
    // backup looks the same) and gets it again, with two more.
    let mut log = open(&a);
    log.append(&td, note("third")).unwrap();
    log.append(&td, note("fourth")).unwrap();
    drop(log);
    sync(&a, &mut h, &td).unwrap();
    let (seq, _) = hub_head(&pg, &td);
    pg.client()
        .execute(
            "DELETE FROM tdlog.event WHERE author = $1 AND seq = $2",
            &[&td.public().0.as_slice(), &(seq - 1)],
        )
        .unwrap();
    let e = sync(&b, &mut h, &key(1)).unwrap_err();
    assert!(matches!(e, SyncError::Withheld(_)), "{e}");
    assert!(e.to_string().contains("without the ones between"), "{e}");
    assert_eq!(rows(&b), before, "the local log is unchanged");

    // Repaired by the device that has the events: a hole in a chain is filled.
    let r = sync(&a, &mut h, &td).unwrap();
    assert!(r.pushed >= 1, "{r:?}");
    let r = sync(&b, &mut h, &key(1)).unwrap();
    assert_eq!(r.merged.added, 4);
    let r = sync(&a, &mut h, &td).unwrap();
    assert_eq!(ids(&a), ids(&b));
    assert_eq!(r.merged.added, 1, "the chief's receipt");
}

/// (author, highest seq, rows) per chain of a log, as `sql` gives them for `$1` = log id.
fn chains(pg: &PgCluster, sql: &str, log_id: &Hash32) -> BTreeSet<(Vec<u8>, i64, i64)> {
    pg.client()
        .query(sql, &[&log_id.0.as_slice()])
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect()
}

/// What the hub holds of each chain, counted from its rows (what `tdlog.chain` must say).
fn counted(pg: &PgCluster, log_id: &Hash32) -> BTreeSet<(Vec<u8>, i64, i64)> {
    let sql =
        "SELECT author, max(seq), count(*) FROM tdlog.event WHERE log_id = $1 GROUP BY author";
    chains(pg, sql, log_id)
}

/// What `tdlog.chain` says of each chain.
fn kept(pg: &PgCluster, log_id: &Hash32) -> BTreeSet<(Vec<u8>, i64, i64)> {
    let sql = "SELECT author, max_seq, events FROM tdlog.chain WHERE log_id = $1";
    chains(pg, sql, log_id)
}

/// The hub's summary and its list of tournaments read one row per chain (`tdlog.chain`, kept
/// by triggers) instead of counting the log's rows, so a sync with nothing new does not
/// grow with the log. The kept counts follow every insert, delete and in-place move; a hub
/// made before the table existed is counted once when a device of this version first
/// connects; and a hole made behind the triggers' back is still found by the devices.
#[test]
fn the_hub_keeps_one_row_per_chain_and_a_hub_of_an_earlier_version_is_counted_once() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    let td = key(2);
    let mut h = hub(&pg);
    let mut log = open(&a);
    for i in 0..6 {
        log.append(&td, note(&format!("call {i}"))).unwrap();
    }
    drop(log);
    sync(&a, &mut h, &td).unwrap();
    let lid = log_id(&a);
    assert_eq!(kept(&pg, &lid), counted(&pg, &lid));
    assert_eq!(
        kept(&pg, &lid).len(),
        3,
        "the chief's, the scorer's and the TD's chains"
    );
    let listed = h.logs().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].events as usize, ids(&a).len());
    assert_eq!(listed[0].authors, 3);

    // Deleted and moved rows are counted again: a hole shows, and the TD's device fills it.
    let (seq, _) = hub_head(&pg, &td);
    pg.client()
        .execute(
            "DELETE FROM tdlog.event WHERE author = $1 AND seq = $2",
            &[&td.public().0.as_slice(), &(seq - 2)],
        )
        .unwrap();
    assert_eq!(kept(&pg, &lid), counted(&pg, &lid));
    assert!(h.summary(&lid).unwrap().holes.contains(&td.public()));
    pg.client()
        .execute(
            "UPDATE tdlog.event SET seq = seq + 100 WHERE author = $1 AND seq = $2",
            &[&td.public().0.as_slice(), &seq],
        )
        .unwrap();
    assert_eq!(kept(&pg, &lid), counted(&pg, &lid));
    pg.client()
        .execute(
            "UPDATE tdlog.event SET seq = seq - 100 WHERE author = $1 AND seq = $2",
            &[&td.public().0.as_slice(), &(seq + 100)],
        )
        .unwrap();
    let r = sync(&a, &mut h, &td).unwrap();
    assert!(r.pushed >= 1, "{r:?}");
    assert!(h.summary(&lid).unwrap().holes.is_empty());
    assert_eq!(kept(&pg, &lid), counted(&pg, &lid));

    // A hub of the version before: no tdlog.chain, and rows pushed meanwhile by a device of
    // that version (here: straight into the table).
    pg.client()
        .batch_execute(
            "DROP TRIGGER event_chain_added ON tdlog.event;
             DROP TRIGGER event_chain_deleted ON tdlog.event;
             DROP TRIGGER event_chain_updated ON tdlog.event;
             DROP TRIGGER event_chain_truncated ON tdlog.event;
             DROP TABLE tdlog.chain;",
        )
        .unwrap();
    let mut log = open(&b);
    log.append(&key(1), note("chief's note")).unwrap();
    let mine = log.chain_above(&key(1).public(), 1).unwrap();
    drop(log);
    insert_at_hub(&pg, &lid, mine.last().unwrap());
    let mut h = hub(&pg);
    assert_eq!(
        kept(&pg, &lid),
        counted(&pg, &lid),
        "counted once on connecting"
    );
    // A device of this version syncs against it as against any hub.
    let r = sync(&a, &mut h, &td).unwrap();
    assert!(r.merged.added >= 1, "{r:?}");
    sync(&b, &mut h, &key(1)).unwrap();
    sync(&a, &mut h, &td).unwrap();
    assert_eq!(ids(&a), ids(&b));
    assert_eq!(kept(&pg, &lid), counted(&pg, &lid));

    // Behind the triggers' back (an operator who turns them off and deletes a row): the
    // kept counts lie, and the devices still catch the hub that withholds.
    pg.client()
        .batch_execute("ALTER TABLE tdlog.event DISABLE TRIGGER event_chain_deleted")
        .unwrap();
    let (_, newest) = hub_head(&pg, &td);
    pg.client()
        .execute("DELETE FROM tdlog.event WHERE id = $1", &[&newest])
        .unwrap();
    let c = dir.path().join("c.tdlog");
    std::fs::copy(&base, &c).unwrap();
    let e = sync(&c, &mut h, &key(1)).unwrap_err();
    assert!(matches!(e, SyncError::Withheld(_)), "{e}");
}

/// Push in batches; a line cut after two batches leaves whole chain prefixes at the hub and
/// the next sync resumes; a sync with nothing new does nothing; receipts are not answered
/// with receipts.
#[test]
fn sync_is_batched_resumable_and_idempotent() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    let td = key(2);
    let mut h = hub(&pg);
    let mut log = open(&a);
    for i in 0..25 {
        log.append(&td, note(&format!("note {i}"))).unwrap();
    }
    let total = log.count().unwrap();
    let opts = sync::Options {
        batch: 4,
        ..sync::Options::default()
    };
    let mut calls = 0;
    let e = sync::sync_once(&mut log, &mut h, Some(&td), &opts, &mut |_, _, _| {
        calls += 1;
        calls <= 2
    })
    .unwrap_err();
    assert!(matches!(e, SyncError::Interrupted), "{e}");
    let lid = log_id(&a);
    assert_eq!(h.summary(&lid).unwrap().events(), 8, "two batches of four");
    let r = sync::sync_once(&mut log, &mut h, Some(&td), &opts, &mut |_, _, _| true).unwrap();
    assert_eq!(r.pushed, total - 8);
    assert_eq!(h.summary(&lid).unwrap().events(), total);
    let r = sync::sync_once(&mut log, &mut h, Some(&td), &opts, &mut |_, _, _| true).unwrap();
    assert_eq!((r.pushed, r.merged.added), (0, 0), "idempotent");
    drop(log);

    let r = sync(&b, &mut h, &key(1)).unwrap();
    assert_eq!(r.merged.added, 25);
    assert!(
        r.merged.receipt.is_some(),
        "the chief's device signs its receipt"
    );
    let r = sync(&a, &mut h, &td).unwrap();
    assert_eq!(r.merged.added, 1);
    assert!(r.merged.receipt.is_none(), "no receipt for a receipt");
    let r = sync(&b, &mut h, &key(1)).unwrap();
    assert_eq!((r.pushed, r.merged.added), (0, 0));
    assert_eq!(ids(&a), ids(&b));
    assert_eq!(ids(&a), hub_ids(&mut h, &lid));
}

/// Equivocation through the hub: the TD's key signs two different events at one sequence
/// number on two laptops. Each device pushes its side; the hub files the second as a fork
/// proof, and both devices end holding both sides (the chief TD rules on it), with the same
/// head digest. The sync reads the local log by index (chain heads, chains above the hub's
/// maxima, fork rows), so the fork rows must travel both ways.
#[test]
fn a_fork_travels_both_ways_through_the_hub() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "laptop-a"), device(&base, "laptop-b"));
    let mut h = hub(&pg);
    sync(&a, &mut h, &key(1)).unwrap();
    open(&a).append(&key(2), note("side A")).unwrap();
    open(&b).append(&key(2), note("side B")).unwrap();
    sync(&a, &mut h, &key(1)).unwrap();
    let rb = sync(&b, &mut h, &key(1)).unwrap();
    let ra = sync(&a, &mut h, &key(1)).unwrap();
    let rb2 = sync(&b, &mut h, &key(1)).unwrap();
    for p in [&a, &b] {
        assert_eq!(open(p).fork_rows().unwrap().len(), 2, "{}", p.display());
    }
    assert!(rb.merged.forks + ra.merged.forks >= 1);
    assert_eq!(ra.digest, rb2.digest);
    assert_eq!(ra.local_rows, rb2.local_rows);
    assert_eq!(
        ra.local_rows as u64,
        open(&a).read_inputs().unwrap().len() as u64,
        "rows counted from the chain heads and the fork rows"
    );
    let ids = hub_ids(&mut h, &log_id(&a));
    for r in open(&a).read_inputs().unwrap() {
        assert!(ids.contains(&r.raw.id()), "the hub holds every row of A");
    }
}
