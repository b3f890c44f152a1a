//! A join streams (issue 32): the hub's log is pulled batch by batch while each batch is
//! written and checked. Against a real PostgreSQL, with batches of a few rows, a hostile
//! hub is refused exactly as a round refuses it, whichever batch carries the fault, and a
//! refused or interrupted join leaves no file behind: nothing is committed before the last
//! row is in and every check passed.

mod common;
#[path = "common/pg.rs"]
mod pg;

use common::*;
use pg::PgCluster;
use std::path::{Path, PathBuf};
use tdlog::keys::Role;
use tdlog::log::{Hash32, Log};
use tdlog::sync::{self, Hub, HubConfig, SyncError};

/// The chief TD's log with a TD and twenty notes, pushed to the hub by the chief's device
/// (whose head claim names the TD's newest note).
fn on_the_hub(dir: &Path, pg: &PgCluster, name: &str) -> (PathBuf, Hash32) {
    let p = dir.join(format!("{name}.tdlog"));
    let (chief, td) = (key(1), key(2));
    let g = match genesis() {
        tdlog::events::Payload::Genesis(mut g) => {
            g.name = name.into();
            g
        }
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    for i in 0..20 {
        log.append(&td, note(&format!("call {i} at table 3")))
            .unwrap();
    }
    let log_id = log.log_id().unwrap();
    sync::sync_once(
        &mut log,
        &mut hub(pg),
        Some(&chief),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    (p, log_id)
}

fn hub(pg: &PgCluster) -> Hub {
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap();
    Hub::connect(&cfg).unwrap()
}

fn digest(p: &Path) -> String {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    tdlog::log::digest::HeadSet::of(&v).digest().to_string()
}

/// Batches of three rows: the TD's chain comes in seven of them.
fn small() -> sync::Options {
    sync::Options {
        batch: 3,
        ..sync::Options::default()
    }
}

/// Joins `log_id` into `new` with batches of three rows, stopping when `stop_after` rows
/// have arrived (if given).
fn join(
    pg: &PgCluster,
    new: &Path,
    log_id: &Hash32,
    stop_after: Option<u64>,
) -> Result<sync::Report, SyncError> {
    let data = new.with_extension("data");
    sync::join::join(
        new,
        &mut hub(pg),
        log_id,
        Some(&key(2)),
        &small(),
        &mut |_, done, _| stop_after.is_none_or(|n| done < n),
        Some(&data),
    )
    .map(|(_, r)| r)
}

/// The hub's row of the TD (key 2) at `seq`, changed by `set` (SQL over `body`, `sig`).
fn alter(pg: &PgCluster, log_id: &Hash32, seq: i64, set: &str) {
    let n = pg
        .client()
        .execute(
            &format!("UPDATE tdlog.event SET {set} WHERE log_id = $1 AND author = $2 AND seq = $3"),
            &[&log_id.0.as_slice(), &key(2).public().0.as_slice(), &seq],
        )
        .unwrap();
    assert_eq!(n, 1);
}

#[test]
fn a_join_in_batches_holds_what_the_hub_holds() {
    let Some(pg) = PgCluster::start() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (original, log_id) = on_the_hub(dir.path(), &pg, "Streamed Pairs");
    let new = dir.path().join("laptop2.tdlog");
    let r = join(&pg, &new, &log_id, None).unwrap();
    assert_eq!(r.merged.added, 21, "{r:?}");
    // The join's events arrived in seven batches, each checked, all of them stored.
    let v = Log::open(&new).unwrap().verify(None).unwrap();
    assert_eq!(v.events.len(), 22);
    let mut chief = Log::open(&original).unwrap();
    sync::sync_once(
        &mut chief,
        &mut hub(&pg),
        Some(&key(1)),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    assert_eq!(digest(&original), digest(&new));
    // A second round on the joined file has nothing to do.
    let mut joined = Log::open(&new).unwrap();
    let again = sync::sync_once(
        &mut joined,
        &mut hub(&pg),
        Some(&key(2)),
        &small(),
        &mut |_, _, _| true,
    )
    .unwrap();
    assert_eq!(again.merged.added, 0);
}

#[test]
fn a_forged_signature_in_a_later_batch_is_refused_and_leaves_no_file() {
    let Some(pg) = PgCluster::start() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (_, log_id) = on_the_hub(dir.path(), &pg, "Forged Pairs");
    // The TD's 14th event with one bit of its signature flipped, filed under the id of
    // the bytes now served: every row is the event it is filed under; one does not verify.
    let flipped = "set_byte(sig, 40, get_byte(sig, 40) # 1)";
    alter(
        &pg,
        &log_id,
        14,
        &format!("sig = {flipped}, id = sha256(body || {flipped})"),
    );
    let new = dir.path().join("forged.tdlog");
    let e = join(&pg, &new, &log_id, None).unwrap_err();
    assert!(matches!(e, SyncError::Rejected(_)), "{e}");
    assert!(e.to_string().contains("do not verify"), "{e}");
    assert!(!new.exists(), "a refused join leaves no file");
}

#[test]
fn a_hub_that_withholds_is_refused_as_a_round_refuses_it_and_leaves_no_file() {
    let Some(pg) = PgCluster::start() else { return };
    let dir = tempfile::tempdir().unwrap();

    // A hole in the middle of the TD's chain.
    let (_, log_id) = on_the_hub(dir.path(), &pg, "Holed Pairs");
    let n = pg
        .client()
        .execute(
            "DELETE FROM tdlog.event WHERE log_id = $1 AND author = $2 AND seq = 9",
            &[&log_id.0.as_slice(), &key(2).public().0.as_slice()],
        )
        .unwrap();
    assert_eq!(n, 1);
    let new = dir.path().join("holed.tdlog");
    let e = join(&pg, &new, &log_id, None).unwrap_err();
    assert!(matches!(e, SyncError::Withheld(_)), "{e}");
    assert!(e.to_string().contains("without the ones between"), "{e}");
    assert!(!new.exists());

    // The TD's newest event, which the chief's device signed that it holds, kept back:
    // every chain served is whole, and only the claim shows what is missing.
    let (_, log_id) = on_the_hub(dir.path(), &pg, "Cut Pairs");
    let n = pg
        .client()
        .execute(
            "DELETE FROM tdlog.event WHERE log_id = $1 AND author = $2 AND seq = 20",
            &[&log_id.0.as_slice(), &key(2).public().0.as_slice()],
        )
        .unwrap();
    assert_eq!(n, 1);
    let new = dir.path().join("cut.tdlog");
    let e = join(&pg, &new, &log_id, None).unwrap_err();
    assert!(matches!(e, SyncError::Withheld(_)), "{e}");
    assert!(e.to_string().contains("did not serve it"), "{e}");
    assert!(!new.exists());

    // An event altered in a later batch (the bytes are not the event filed there), and a
    // valid event filed under another id: its bytes verify, and it is still refused (stored,
    // the row's id would not be its hash).
    for (name, seq, set) in [
        ("Altered Pairs", 17, "payload = payload || '\\x20'::bytea"),
        ("Misfiled Pairs", 12, "id = sha256(body)"),
    ] {
        let (_, log_id) = on_the_hub(dir.path(), &pg, name);
        alter(&pg, &log_id, seq, set);
        let new = dir.path().join(format!("{name}.joined.tdlog"));
        let e = join(&pg, &new, &log_id, None).unwrap_err();
        assert!(
            matches!(e, SyncError::Altered { seq: s, .. } if s == seq as u64),
            "{name}: {e}"
        );
        assert!(!new.exists());
    }
}

#[test]
fn an_interrupted_join_leaves_no_file_and_the_next_one_completes() {
    let Some(pg) = PgCluster::start() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (original, log_id) = on_the_hub(dir.path(), &pg, "Interrupted Pairs");
    let new = dir.path().join("interrupted.tdlog");
    let e = join(&pg, &new, &log_id, Some(7)).unwrap_err();
    assert!(matches!(e, SyncError::Interrupted), "{e}");
    assert!(!new.exists(), "nothing half-joined is left");
    join(&pg, &new, &log_id, None).unwrap();
    let mut chief = Log::open(&original).unwrap();
    sync::sync_once(
        &mut chief,
        &mut hub(&pg),
        Some(&key(1)),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    assert_eq!(digest(&original), digest(&new));
}
