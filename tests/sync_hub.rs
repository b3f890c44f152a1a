//! Live sync through a PostgreSQL hub (issue 17), against a real throwaway cluster
//! (`common/pg.rs`). The hub is not trusted: each attack a hub could carry out (alter a row,
//! insert a forged event, keep back an event) is written as it would be done, straight in
//! the hub's tables, and the syncing device must name it and leave its log as it was. Then
//! the acceptance run: four devices recording at once, syncing with cut lines and a hub
//! restart in the middle, converge to the same events and the same results and ranking.

mod common;
#[path = "common/pg.rs"]
mod pg;

use common::world::{self, pairs, slot};
use common::*;
use pg::PgCluster;
use serde_json::json;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tdlog::bridge::call::Call;
use tdlog::bridge::events::AuctionEvent;
use tdlog::bridge::seat::Seat;
use tdlog::events::*;
use tdlog::keys::{DeviceKey, Role};
use tdlog::live::Live;
use tdlog::log::cache::VerifiedCache;
use tdlog::log::event::sign_event;
use tdlog::log::seen::SeenStore;
use tdlog::log::{Envelope, Hash32, Log};
use tdlog::sync::{self, Hub, HubConfig, SyncError};

macro_rules! cluster {
    () => {
        match PgCluster::start() {
            Some(c) => c,
            None => return,
        }
    };
}

/// The chief TD's log: TD (key 2), scorer (key 3), second TD (key 5), organiser (key 8),
/// one section of four pairs at two tables playing board 1.
fn tournament(dir: &Path) -> PathBuf {
    tournament_named(dir, "Conformance Pairs")
}

fn tournament_named(dir: &Path, name: &str) -> PathBuf {
    let p = dir.join("base.tdlog");
    world::pairs_at_two_tables(&p, name);
    p
}

/// Another device's copy of the log (as if it had merged the chief's bundle).
fn device(base: &Path, name: &str) -> PathBuf {
    let p = base.with_file_name(format!("{name}.tdlog"));
    std::fs::copy(base, &p).unwrap();
    p
}

fn open(p: &Path) -> Log {
    let mut log = Log::open(p).unwrap();
    log.attach_cache(VerifiedCache::new(&p.with_extension("data")));
    log
}

fn hub(pg: &PgCluster) -> Hub {
    Hub::connect(&HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap()).unwrap()
}

fn sync(p: &Path, hub: &mut Hub, key: &DeviceKey) -> Result<sync::Report, SyncError> {
    let mut log = open(p);
    sync::sync_once(
        &mut log,
        hub,
        Some(key),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
}

/// A stored row: id, body, sig, payload.
type StoredRow = (Hash32, Vec<u8>, Vec<u8>, Vec<u8>);

/// Every stored row's id and bytes.
fn rows(p: &Path) -> BTreeSet<StoredRow> {
    Log::open(p)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| (i.raw.id(), i.raw.body, i.raw.sig, i.raw.payload))
        .collect()
}

fn ids(p: &Path) -> BTreeSet<Hash32> {
    rows(p).into_iter().map(|r| r.0).collect()
}

fn hub_ids(hub: &mut Hub, log_id: &Hash32) -> BTreeSet<Hash32> {
    hub.all_rows(log_id)
        .unwrap()
        .iter()
        .map(|r| r.id())
        .collect()
}

fn log_id(p: &Path) -> Hash32 {
    Log::open(p).unwrap().log_id().unwrap()
}

/// The newest event of `author` as the hub files it: (seq, id).
fn hub_head(pg: &PgCluster, author: &DeviceKey) -> (i64, Vec<u8>) {
    let r = pg
        .client()
        .query_one(
            "SELECT seq, id FROM tdlog.event WHERE author = $1 ORDER BY seq DESC LIMIT 1",
            &[&author.public().0.as_slice()],
        )
        .unwrap();
    (r.get(0), r.get(1))
}

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

/// A director's note signed by a key nobody enrolled, chained onto the log.
fn forged_note(
    log_id: Hash32,
    by: &DeviceKey,
    seq: u64,
    prev: Option<Hash32>,
) -> tdlog::log::RawEvent {
    let p = note("the hub says: result stands");
    let env = Envelope {
        log_id: Some(log_id),
        author: by.public(),
        seq,
        prev,
        deps: vec![],
        lamport: 1,
        wall_ms: T0,
        kind: p.kind().into(),
        v: p.current_version(),
        payload_hash: Hash32::default(),
        payload_len: 0,
    };
    sign_event(by, env, p.encode().unwrap())
}

fn insert_at_hub(pg: &PgCluster, log_id: &Hash32, raw: &tdlog::log::RawEvent) {
    let env = Envelope::decode(&raw.body).unwrap();
    pg.client()
        .execute(
            "INSERT INTO tdlog.event VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                &log_id.0.as_slice(),
                &env.author.0.as_slice(),
                &(env.seq as i64),
                &raw.id().0.as_slice(),
                &raw.body,
                &raw.sig,
                &raw.payload,
            ],
        )
        .unwrap();
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

/// A small deterministic random source (the test must replay the same way every run).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

struct Device {
    path: PathBuf,
    key: DeviceKey,
    live: Live,
    hub: Option<Hub>,
    acknowledged: Vec<Hash32>,
}

fn ruling(table: u32) -> Payload {
    let (ns, ew) = pairs(table);
    let mut v = serde_json::to_value(slot(table)).unwrap();
    let m = v.as_object_mut().unwrap();
    for (k, x) in [
        ("ns", json!(ns)),
        ("ew", json!(ew)),
        ("facts", json!("hesitation before 3NT")),
        ("facts_agreed", json!(true)),
        ("laws", json!(["16B1"])),
        ("category", json!("judgement")),
        ("decision", json!("result stands")),
        ("appeal_notice", json!(true)),
    ] {
        m.insert(k.into(), x);
    }
    Payload::Ruling(Box::new(serde_json::from_value(v).unwrap()))
}

/// What device `d` records at step `i` (its role decides what makes sense; the guards
/// refuse the rest, as they would at the table).
fn step(rng: &mut Rng, d: usize, i: usize, rulings: &[Hash32]) -> Payload {
    const CALLS: [&str; 6] = ["P", "1C", "1NT", "2H", "3NT", "X"];
    let table = 1 + rng.below(2) as u32;
    match (d, rng.below(6)) {
        // The scorer: results, and once in a while the publication.
        (2, 0) => Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: None,
        }),
        (2, _) => {
            let (ns, ew) = pairs(table);
            Payload::ResultRecorded(Box::new(ResultRecorded {
                slot: slot(table),
                ns,
                ew,
                result: TableResult {
                    contract: "3NT".into(),
                    declarer: Some(Seat::S),
                    tricks: Some(6 + rng.below(7) as u8),
                },
            }))
        }
        // The chief TD: notes and appeal steps on what it holds.
        (0, 0 | 1) if !rulings.is_empty() => Payload::AppealFiled(AppealFiled {
            ruling: rulings[rng.below(rulings.len() as u64) as usize],
            appellant: "1".into(),
            grounds: format!("appeal {i}"),
            consents: vec![],
        }),
        (0, _) => note(&format!("chief's note {i}")),
        // The TDs: calls at the tables, rulings, appeals.
        (_, 0 | 1) => ruling(table),
        (_, 2) if !rulings.is_empty() => Payload::AppealFiled(AppealFiled {
            ruling: rulings[rng.below(rulings.len() as u64) as usize],
            appellant: "2".into(),
            grounds: format!("appeal {i}"),
            consents: vec![],
        }),
        _ => Payload::BridgeAuction(BridgeAuction {
            slot: slot(table),
            event: AuctionEvent::Call {
                seat: Seat::from_index(rng.below(4) as usize),
                call: CALLS[rng.below(CALLS.len() as u64) as usize]
                    .parse::<Call>()
                    .unwrap(),
            },
        }),
    }
}

fn cli_bytes(p: &Path, args: &[&str]) -> Vec<u8> {
    let o = tdlog_cmd().args(args).arg(p).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

/// Acceptance (issue 17): four devices (chief TD, TD, scorer, second TD) record at once,
/// each syncing now and then; some syncs lose the line in the middle of a push, and the hub
/// restarts half-way. In the end all four and the hub hold the same events, every event a
/// device recorded is among them, and `results` and `ranking` print the same bytes on each.
#[test]
fn four_devices_converge_through_the_hub_with_cut_lines_and_a_restart() {
    for seed in [0x9E37_79B9_7F4A_7C15u64, 0x0DDB_A11C_AFE5_EED5] {
        four_devices(seed);
    }
}

fn four_devices(seed: u64) {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let mut rng = Rng(seed);
    let mut devs: Vec<Device> = [("chief", 1u8), ("td", 2), ("scorer", 3), ("td2", 5)]
        .iter()
        .map(|(name, k)| {
            let path = device(&base, name);
            let data = dir.path().join(format!("{name}-data"));
            let mut log = Log::open(&path).unwrap();
            log.attach_seen(SeenStore::new(&data)).unwrap();
            log.attach_cache(VerifiedCache::new(&data));
            Device {
                live: Live::open(log, None).unwrap(),
                path,
                key: key(*k),
                hub: None,
                acknowledged: vec![],
            }
        })
        .collect();
    let lid = log_id(&base);
    let mut admin = pg.client();
    let mut now = chrono::Utc::now().timestamp_millis();
    let mut rulings: Vec<Vec<Hash32>> = vec![vec![]; 4];
    let (steps, mut cuts, mut restarted) = (120, 0, false);
    let opts = sync::Options {
        batch: 3,
        ..sync::Options::default()
    };
    for i in 0..steps {
        now += 1_000;
        let d = rng.below(4) as usize;
        let payload = step(&mut rng, d, i, &rulings[d]);
        let dev = &mut devs[d];
        if let Ok((id, _)) = dev.live.append(&dev.key, payload.clone(), now) {
            dev.acknowledged.push(id);
            if matches!(payload, Payload::Ruling(_)) {
                rulings[d].push(id);
            }
        }
        if i == steps / 2 {
            pg.restart();
            restarted = true;
            admin = pg.client();
        }
        if rng.below(3) != 0 {
            continue;
        }
        // This device syncs; one sync in four loses the line in the middle of its push.
        let cut = rng.below(4) == 0;
        if dev.hub.as_ref().is_none_or(|h| h.is_closed()) {
            dev.hub = Some(hub(&pg));
        }
        // A line the restart cut shows only when used: connect again.
        let pid = match dev.hub.as_mut().unwrap().backend_pid() {
            Ok(pid) => pid,
            Err(_) => {
                dev.hub = Some(hub(&pg));
                dev.hub.as_mut().unwrap().backend_pid().unwrap()
            }
        };
        let h = dev.hub.as_mut().unwrap();
        let mut calls = 0;
        let res = sync::sync_once(&mut dev.live, h, Some(&dev.key), &opts, &mut |_, _, _| {
            calls += 1;
            if cut && calls == 2 {
                admin
                    .execute("SELECT pg_terminate_backend($1)", &[&pid])
                    .unwrap();
            }
            true
        });
        match res {
            Ok(r) => {
                // What this device learnt it may appeal.
                for e in &dev.live.replayed.log.events {
                    if e.env.kind == "director.ruling" && !rulings[d].contains(&e.id) {
                        rulings[d].push(e.id);
                    }
                }
                let _ = r;
            }
            Err(SyncError::Hub(_)) => {
                cuts += 1;
                dev.hub = None;
            }
            Err(e) => panic!("an honest hub: {e}"),
        }
    }
    assert!(restarted && cuts > 0, "the run cut lines ({cuts})");
    // Everyone syncs until a whole round moves nothing.
    let mut rounds = 0;
    loop {
        rounds += 1;
        assert!(rounds < 10, "no convergence");
        let mut moved = false;
        for dev in devs.iter_mut() {
            if dev.hub.as_ref().is_none_or(|h| h.is_closed()) {
                dev.hub = Some(hub(&pg));
            }
            match sync::sync_once(
                &mut dev.live,
                dev.hub.as_mut().unwrap(),
                Some(&dev.key),
                &opts,
                &mut |_, _, _| true,
            ) {
                Ok(r) => moved |= r.pushed > 0 || r.merged.added > 0,
                // A line the restart cut, noticed only now: connect again.
                Err(SyncError::Hub(_)) => {
                    dev.hub = None;
                    moved = true;
                }
                Err(e) => panic!("an honest hub: {e}"),
            }
        }
        if !moved {
            break;
        }
    }
    let all = ids(&devs[0].path);
    let mut h = hub(&pg);
    assert_eq!(
        all,
        hub_ids(&mut h, &lid),
        "the hub holds what the devices hold"
    );
    let results = cli_bytes(&devs[0].path, &["results", "--json"]);
    let ranking = cli_bytes(&devs[0].path, &["ranking", "--json"]);
    for dev in &devs {
        assert_eq!(ids(&dev.path), all, "same event set");
        for id in &dev.acknowledged {
            assert!(all.contains(id), "an acknowledged event was lost");
        }
        assert_eq!(cli_bytes(&dev.path, &["results", "--json"]), results);
        assert_eq!(cli_bytes(&dev.path, &["ranking", "--json"]), ranking);
        assert_eq!(
            serde_json::to_string(&dev.live.replayed.results).unwrap(),
            serde_json::to_string(&devs[0].live.replayed.results).unwrap()
        );
    }
    let kinds: BTreeSet<String> = devs[0]
        .live
        .replayed
        .log
        .events
        .iter()
        .map(|e| e.env.kind.to_string())
        .collect();
    assert!(
        !devs[0].live.workflow.appeals.is_empty(),
        "appeals were filed and stand"
    );
    // Every device sees the same peers, each with its newest event.
    let peers = sync::peers(&devs[0].live.replayed.log);
    assert_eq!(peers.len(), 4);
    for dev in &devs {
        assert_eq!(sync::peers(&dev.live.replayed.log), peers);
        assert!(peers.iter().any(|p| p.key == dev.key.public()));
    }
    for k in [
        "bridge.auction",
        "director.ruling",
        "appeal.filed",
        "result.recorded",
        "log.receipt",
    ] {
        assert!(kinds.contains(k), "the run recorded {k}: {kinds:?}");
    }
}

/// `tdlog sync` from the command line: the hub from --hub, or from the libpq environment
/// alone; a hub that alters a row makes it exit 2 naming the attack.
#[test]
fn cli_sync_from_the_address_or_the_libpq_environment() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    open(&a)
        .append(&key(2), note("from the TD's laptop"))
        .unwrap();
    let out = tdlog_cmd()
        .args([
            "sync",
            a.to_str().unwrap(),
            "--hub",
            &pg.url(),
            "--batch",
            "2",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("pushed 14, pulled 0 new events"), "{text}");
    let out = tdlog_cmd()
        .args(["sync", b.to_str().unwrap()])
        .env("PGHOST", pg.socket_dir())
        .env("PGPORT", pg.port.to_string())
        .env("PGUSER", "postgres")
        .env("PGDATABASE", "tdlog_test")
        .env_remove("TDLOG_HUB")
        .output()
        .unwrap();
    let text_b = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text_b.contains("pushed 0, pulled 1 new events"), "{text_b}");
    let digest = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("head digest"))
            .unwrap()
            .to_string()
    };
    assert_eq!(digest(&text), digest(&text_b));

    open(&a).append(&key(2), note("second")).unwrap();
    tdlog_cmd()
        .args(["sync", a.to_str().unwrap(), "--hub", &pg.url()])
        .output()
        .unwrap();
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to('{\"text\":\"third\"}', 'UTF8') WHERE author = $1 AND seq = (SELECT max(seq) FROM tdlog.event WHERE author = $1)",
            &[&key(2).public().0.as_slice()],
        )
        .unwrap();
    let before = rows(&b);
    let out = tdlog_cmd()
        .args(["sync", b.to_str().unwrap(), "--hub", &pg.url()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the hub altered the event"), "{err}");
    assert_eq!(rows(&b), before);
    // `--watch` on the same hostile hub stops at once: one line starting `error:` and exit 2
    // (docs/cli.md); "hub away, retrying" is for a hub that cannot be reached, never for one
    // that serves altered events.
    let out = tdlog_cmd()
        .args(["sync", b.to_str().unwrap(), "--hub", &pg.url(), "--watch"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("warning:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with("error: the hub altered the event"),
        "{err}"
    );
    assert!(!err.contains("hub away"), "{err}");
    assert_eq!(rows(&b), before);
}

/// `--watch`: a device waiting on the hub merges the other device's event when the hub
/// announces it (LISTEN/NOTIFY), without being asked.
#[test]
fn watch_merges_new_events_as_the_hub_announces_them() {
    let pg = cluster!();
    let dir = tempfile::tempdir().unwrap();
    let base = tournament(dir.path());
    let (a, b) = (device(&base, "td"), device(&base, "chief"));
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let watcher = {
        let (stop, b) = (stop.clone(), b.clone());
        std::thread::spawn(move || {
            let mut log = open(&b);
            sync::watch(
                &mut log,
                &cfg,
                Some(&key(1)),
                &sync::Options::default(),
                std::time::Duration::from_millis(200),
                &|| stop.load(std::sync::atomic::Ordering::SeqCst),
                &mut |r| {
                    if let Ok(r) = r {
                        let _ = tx.send(r.merged.added);
                    }
                },
            )
        })
    };
    let first = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the watcher's first round within a minute");
    assert_eq!(first, 0, "the first round: nothing to merge");
    let id = open(&a).append(&key(2), note("at table 2")).unwrap();
    let mut h = hub(&pg);
    sync(&a, &mut h, &key(2)).unwrap();
    // The watcher wakes on the notification and merges.
    loop {
        let added = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the watcher merged within a minute");
        if added > 0 {
            break;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    watcher.join().unwrap().unwrap();
    assert!(ids(&b).contains(&id));
}

/// The federation archive: three tournaments on one hub; `tdlog archive` lists them from
/// their verified genesis, and the casebook query "appeals under Law 16" finds the one
/// appeal on a Law 16B1 ruling, not the Law 12C1 one, and refuses the tournament whose row
/// the hub altered instead of folding it.
#[test]
fn archive_lists_tournaments_and_finds_appeals_by_law_verified_as_read() {
    let pg = cluster!();
    let dirs: Vec<_> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    let td = key(2);
    let mut h = hub(&pg);
    for (i, (name, law)) in [
        ("Spring Pairs", "16B1"),
        ("Summer Pairs", "12C1"),
        ("Autumn Pairs", "16B1"),
    ]
    .iter()
    .enumerate()
    {
        let p = tournament_named(dirs[i].path(), name);
        let mut log = open(&p);
        let mut r = ruling(1);
        if let Payload::Ruling(x) = &mut r {
            x.laws = vec![law.to_string()];
        }
        // Summer's ruling is Tina's, and its appeal is withdrawn.
        let ruled_by = if i == 1 { key(5) } else { key(2) };
        let rid = log.append(&ruled_by, r).unwrap();
        let aid = log
            .append(
                &td,
                Payload::AppealFiled(AppealFiled {
                    ruling: rid,
                    appellant: "1".into(),
                    grounds: "the hesitation suggested 3NT".into(),
                    consents: vec![],
                }),
            )
            .unwrap();
        if i == 1 {
            log.append(
                &td,
                Payload::AppealWithdrawn(AppealWithdrawn {
                    appeal: aid,
                    reason: "the appellant accepts the ruling".into(),
                }),
            )
            .unwrap();
        }
        drop(log);
        sync(&p, &mut h, &td).unwrap();
    }
    let autumn = log_id(&dirs[2].path().join("base.tdlog"));
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to(replace(convert_from(payload, 'UTF8'), 'Pair 4', 'Pair 5'), 'UTF8') WHERE log_id = $1",
            &[&autumn.0.as_slice()],
        )
        .unwrap();
    let run = |args: &[&str]| {
        let o = tdlog_cmd()
            .arg("archive")
            .args(["--hub", &pg.url(), "--json"])
            .args(args)
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (o.status.code(), v)
    };
    let (code, list) = run(&[]);
    assert_eq!(code, Some(0));
    let mut names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["Autumn Pairs", "Spring Pairs", "Summer Pairs"]);
    let (code, book) = run(&["--appeals", "--law", "16", "--since", "2020-01-01"]);
    assert_eq!(code, Some(2), "a tournament did not verify");
    let cases = book["appeals"].as_array().unwrap();
    assert_eq!(cases.len(), 1, "{book}");
    assert_eq!(cases[0]["tournament"], "Spring Pairs");
    assert_eq!(cases[0]["laws"], json!(["16B1"]));
    let refused = book["refused"].as_array().unwrap();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0]["log_id"], json!(autumn));
    assert_eq!(cases[0]["td"], "Tom TD");
    assert_eq!(cases[0]["outcome"], "open");
    assert_eq!(book["stats"]["by_outcome"], json!({"open": 1}));
    assert_eq!(book["stats"]["by_law"], json!([["16", 1]]));
    let (_, none) = run(&["--appeals", "--law", "16", "--since", "2999-01-01"]);
    assert_eq!(none["appeals"], json!([]));
    // By the director who ruled (part of the enrolled name, any case) and by outcome.
    let (_, tina) = run(&["--appeals", "--td", "tina"]);
    let cases = tina["appeals"].as_array().unwrap();
    assert_eq!(cases.len(), 1, "{tina}");
    assert_eq!(
        (
            &cases[0]["tournament"],
            &cases[0]["td"],
            &cases[0]["outcome"]
        ),
        (
            &json!("Summer Pairs"),
            &json!("Tina TD"),
            &json!("withdrawn")
        )
    );
    let (_, withdrawn) = run(&["--appeals", "--outcome", "withdrawn"]);
    assert_eq!(withdrawn["appeals"].as_array().unwrap().len(), 1);
    assert_eq!(withdrawn["stats"]["by_law"], json!([["12", 1]]));
    let (_, open) = run(&["--appeals", "--outcome", "open", "--td", "Tom"]);
    assert_eq!(open["appeals"].as_array().unwrap().len(), 1);
    assert_eq!(open["appeals"][0]["tournament"], "Spring Pairs");
    let o = tdlog_cmd()
        .args([
            "archive",
            "--hub",
            &pg.url(),
            "--appeals",
            "--outcome",
            "won",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--outcome \"won\": expected one of upheld, changed"),
        "{err}"
    );
}

/// The verified archive index on the reading device (issue 32): a second casebook query
/// reads no tournament the hub has no new rows of; one with a new appeal is read and
/// verified again; an index entry edited on the device (an appeal hidden) fails its check,
/// is set aside and rebuilt from the hub; a hub that alters a row it already served without
/// adding any changes nothing the index answers, and a forged row it adds is refused.
#[test]
fn archive_index_answers_from_what_this_device_verified_and_refuses_an_edited_entry() {
    use tdlog::sync::archive::{self, CaseFilter};
    use tdlog::sync::archive_index;
    use tdlog::sync::archive_index::ArchiveIndex;
    let pg = cluster!();
    let dirs: Vec<_> = (0..2).map(|_| tempfile::tempdir().unwrap()).collect();
    let data = tempfile::tempdir().unwrap();
    let td = key(2);
    let mut h = hub(&pg);
    let appeal = |log: &mut Log, table: u32| {
        let rid = log.append(&td, ruling(table)).unwrap();
        log.append(
            &td,
            Payload::AppealFiled(AppealFiled {
                ruling: rid,
                appellant: pairs(table).0,
                grounds: "the hesitation suggested 3NT".into(),
                consents: vec![],
            }),
        )
        .unwrap();
    };
    let mut paths = vec![];
    for (i, name) in ["Spring Pairs", "Summer Pairs"].iter().enumerate() {
        let p = tournament_named(dirs[i].path(), name);
        appeal(&mut open(&p), 1);
        sync(&p, &mut h, &td).unwrap();
        paths.push(p);
    }
    let all = CaseFilter::default();
    let query = || {
        let mut h = hub(&pg);
        let mut index = ArchiveIndex::new(data.path(), &h.target);
        let (cases, refused, used) =
            archive_index::casebook_indexed(&mut h, &all, &mut index).unwrap();
        (
            cases.len(),
            refused.len(),
            (used.from_index, used.verified_now),
            index.set_aside.len(),
        )
    };
    assert_eq!(query(), (2, 0, (0, 2), 0), "the first query verifies both");
    assert_eq!(query(), (2, 0, (2, 0), 0), "the second reads neither");
    // A new appeal in Spring Pairs: only Spring Pairs is read again.
    appeal(&mut open(&paths[0]), 2);
    sync(&paths[0], &mut hub(&pg), &td).unwrap();
    assert_eq!(query(), (3, 0, (1, 1), 0));
    // Attack on the device: Summer Pairs' entry edited to hide its appeal.
    let summer = log_id(&paths[1]);
    let idx = std::fs::read_dir(data.path().join("archive"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
        .join("v2")
        .join(format!("{}.idx", summer.to_hex()));
    let text = std::fs::read_to_string(&idx).unwrap();
    let (body, sig) = text.split_once('\n').unwrap();
    let mut entry: serde_json::Value = serde_json::from_str(body).unwrap();
    entry["cases"] = json!([]);
    std::fs::write(
        &idx,
        format!("{}\n{sig}", serde_json::to_string(&entry).unwrap()),
    )
    .unwrap();
    assert_eq!(
        query(),
        (3, 0, (1, 1), 1),
        "the edited entry is set aside and rebuilt"
    );
    assert_eq!(query(), (3, 0, (2, 0), 0));
    // Attack on the hub: a served row altered in place (no row added) is not believed, and a
    // query past the index refuses the tournament.
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to(replace(convert_from(payload, 'UTF8'), 'Pair 4', 'Pair 5'), 'UTF8') WHERE log_id = $1",
            &[&summer.0.as_slice()],
        )
        .unwrap();
    assert_eq!(query(), (3, 0, (2, 0), 0));
    let (cases, refused) = archive::casebook(&mut h, &all).unwrap();
    assert_eq!((cases.len(), refused.len()), (2, 1));
    // A forged row added to Summer Pairs: read again, it does not verify, refused.
    let forged = forged_note(summer, &key(9), 1, None);
    insert_at_hub(&pg, &summer, &forged);
    assert_eq!(query(), (2, 1, (1, 1), 0));
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
