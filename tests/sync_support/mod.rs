//! What the hub's tests share: a throwaway PostgreSQL cluster per test (`cluster!`: the
//! test returns early when no server can be started, and fails under `TDLOG_REQUIRE_PG=1`),
//! the chief TD's tournament (`common::world`), devices' copies and the sync between them.
#![allow(dead_code)]

use crate::common::world;
use crate::common::{note, T0};
use crate::pg::PgCluster;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tdlog::keys::DeviceKey;
use tdlog::log::cache::VerifiedCache;
use tdlog::log::event::sign_event;
use tdlog::log::Envelope;
use tdlog::log::{Hash32, Log};
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
pub fn tournament(dir: &Path) -> PathBuf {
    tournament_named(dir, "Conformance Pairs")
}

pub fn tournament_named(dir: &Path, name: &str) -> PathBuf {
    let p = dir.join("base.tdlog");
    world::pairs_at_two_tables(&p, name);
    p
}

/// Another device's copy of the log (as if it had merged the chief's bundle).
pub fn device(base: &Path, name: &str) -> PathBuf {
    let p = base.with_file_name(format!("{name}.tdlog"));
    std::fs::copy(base, &p).unwrap();
    p
}

pub fn open(p: &Path) -> Log {
    let mut log = Log::open(p).unwrap();
    log.attach_cache(VerifiedCache::new(&p.with_extension("data")));
    log
}

pub fn hub(pg: &PgCluster) -> Hub {
    Hub::connect(&HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap()).unwrap()
}

pub fn sync(p: &Path, hub: &mut Hub, key: &DeviceKey) -> Result<sync::Report, SyncError> {
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
pub fn rows(p: &Path) -> BTreeSet<StoredRow> {
    Log::open(p)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| (i.raw.id(), i.raw.body, i.raw.sig, i.raw.payload))
        .collect()
}

pub fn ids(p: &Path) -> BTreeSet<Hash32> {
    rows(p).into_iter().map(|r| r.0).collect()
}

pub fn hub_ids(hub: &mut Hub, log_id: &Hash32) -> BTreeSet<Hash32> {
    hub.all_rows(log_id)
        .unwrap()
        .iter()
        .map(|r| r.id())
        .collect()
}

pub fn log_id(p: &Path) -> Hash32 {
    Log::open(p).unwrap().log_id().unwrap()
}

/// The newest event of `author` as the hub files it: (seq, id).
pub fn hub_head(pg: &PgCluster, author: &DeviceKey) -> (i64, Vec<u8>) {
    let r = pg
        .client()
        .query_one(
            "SELECT seq, id FROM tdlog.event WHERE author = $1 ORDER BY seq DESC LIMIT 1",
            &[&author.public().0.as_slice()],
        )
        .unwrap();
    (r.get(0), r.get(1))
}

/// A director's note signed by a key nobody enrolled, chained onto the log.
pub fn forged_note(
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

pub fn insert_at_hub(pg: &PgCluster, log_id: &Hash32, raw: &tdlog::log::RawEvent) {
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
