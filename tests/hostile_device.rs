//! The log against a hostile device (issue 11): each attack is written as it would be
//! carried out, then the guard is checked: what the attacker can no longer change, hide,
//! backdate or delete, and what the TD sees.

mod common;

use common::*;
use std::path::Path;
use tdlog::events::{ForkResolved, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{Log, RawEvent};

fn genesis_payload() -> tdlog::events::Genesis {
    match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

fn raws(path: &Path) -> Vec<RawEvent> {
    Log::open(path)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect()
}

fn chief_and_td(path: &Path) -> (DeviceKey, DeviceKey) {
    let (chief, td) = (key(1), key(2));
    let mut log = Log::create(path, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&td, note("first note")).unwrap();
    (chief, td)
}

/// Attack 2: a TD's laptop restored from a backup signs again at a sequence number it had
/// already used; the chief TD keeps the other side. The laptop's next append is refused
/// before anything is signed, and its log still verifies.
#[test]
fn attack_append_after_a_fork_ruled_against_this_device_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (chief_p, laptop_p) = (
        dir.path().join("chief.tdlog"),
        dir.path().join("laptop.tdlog"),
    );
    let (chief, td) = chief_and_td(&chief_p);
    std::fs::copy(&chief_p, &laptop_p).unwrap(); // the backup
                                                 // Before the restore, the laptop's note reached the chief TD.
    let mut c = Log::open(&chief_p).unwrap();
    let kept = c.append(&td, note("side A: reached the chief")).unwrap();
    // The restored laptop signs seq 2 again.
    let mut l = Log::open(&laptop_p).unwrap();
    l.append(&td, note("side B: after the restore")).unwrap();
    l.append(&td, note("side B goes on")).unwrap();
    assert_eq!(
        c.merge(raws(&laptop_p)).unwrap(),
        (1, 1),
        "a fork proof, and side B's next event"
    );
    c.append(
        &chief,
        Payload::ForkResolved(ForkResolved {
            key: td.public(),
            seq: 2,
            kept,
            reason: "side A was recorded at the table".into(),
        }),
    )
    .unwrap();
    // The laptop gets the chief's events, ruling included.
    l.merge(raws(&chief_p)).unwrap();
    let before = l.count().unwrap();
    let err = l
        .append(&td, note("the TD goes on"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("do not stand"), "{err}");
    assert!(err.contains("new device key"), "{err}");
    assert_eq!(l.count().unwrap(), before, "nothing was signed");
    let v = l.verify(None).unwrap();
    v.require_no_forks().unwrap();
    // The chief TD's log is untouched and verifies too.
    drop(c);
    Log::open(&chief_p)
        .unwrap()
        .verify(None)
        .unwrap()
        .require_no_forks()
        .unwrap();
}
