//! Conformance vectors (`fixtures/vectors/`): good logs and precisely broken ones, each a
//! bundle of signed events, with the reason code `tdlog verify` must give. The vectors are
//! made here from fixed keys and a fixed clock, so their bytes are reproducible; the test
//! fails if the committed files differ from what this code makes (regenerate with
//! `TDLOG_REGEN=1 cargo test --test conformance`).

mod common;

mod conformance_vectors;

use common::*;
use conformance_vectors::{flip, vectors};
use std::path::PathBuf;
use tdlog::log::{bundle, Input, RawEvent};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/vectors")
}

fn verify_code(events: Vec<RawEvent>) -> String {
    let inputs = events
        .into_iter()
        .map(|raw| Input {
            raw,
            declared: None,
        })
        .collect();
    match tdlog::log::verify_strict(inputs, None) {
        Ok(_) => "ok".into(),
        Err(e) => e.fault.code().into(),
    }
}

#[test]
fn vectors_give_their_expected_reasons() {
    let vs = vectors();
    assert!(vs.iter().filter(|v| v.expect != "ok").count() >= 12);
    for v in vs {
        assert_eq!(verify_code(v.events.clone()), v.expect, "vector {}", v.name);
    }
}

#[test]
fn a_revoked_keys_concurrent_event_is_excluded_but_nothing_else() {
    let vs = vectors();
    let c = vs
        .iter()
        .find(|v| v.name == "good_revoked_concurrent")
        .unwrap();
    let inputs = c
        .events
        .iter()
        .cloned()
        .map(|raw| Input {
            raw,
            declared: None,
        })
        .collect();
    let ver = tdlog::log::verify_strict(inputs, None).unwrap();
    assert_eq!(ver.excluded.len(), 1, "{:?}", ver.excluded);
    assert!(ver.excluded[0]
        .reason
        .contains("without knowledge of the revocation"));
    assert_eq!(ver.events.len(), c.events.len() - 1);
}

fn verified(name: &str) -> tdlog::log::Verified {
    let vs = vectors();
    let c = vs.iter().find(|v| v.name == name).unwrap();
    let inputs = c
        .events
        .iter()
        .cloned()
        .map(|raw| Input {
            raw,
            declared: None,
        })
        .collect();
    tdlog::log::verify_strict(inputs, None).unwrap()
}

#[test]
fn attack_revoked_td_cannot_cancel_the_chief_tds_events() {
    let vs = vectors();
    let c = vs
        .iter()
        .find(|v| v.name == "bad_revoked_td_revokes_chief")
        .unwrap();
    let inputs = c
        .events
        .iter()
        .cloned()
        .map(|raw| Input {
            raw,
            declared: None,
        })
        .collect();
    let err = tdlog::log::verify(inputs, None).unwrap_err();
    assert_eq!(err.fault.code(), "role");
    assert!(err.to_string().contains("key.revoked"), "{err}");
}

#[test]
fn attack_stolen_deputy_chief_loses_against_the_senior_chief() {
    let v = verified("good_senior_chief_wins_mutual_revocation");
    let chief = key(1).public();
    let deputy = key(5).public();
    assert!(
        v.keys.get(&chief).unwrap().revoked.is_none(),
        "chief still active"
    );
    assert_eq!(
        v.keys
            .get(&deputy)
            .unwrap()
            .revoked
            .as_ref()
            .unwrap()
            .last_valid_seq,
        1
    );
    assert!(
        v.keys.get(&key(6).public()).is_none(),
        "the accomplice was never enrolled"
    );
    // The deputy's revocation, its enrolment, and the accomplice's note are excluded.
    assert_eq!(v.excluded.len(), 3, "{:?}", v.excluded);
    assert!(v
        .events
        .iter()
        .any(|e| e.env.author == chief && matches!(&e.payload, tdlog::events::Payload::DirectorNote(n) if n.text.contains("after revoking"))));
}

#[test]
fn a_note_dated_ahead_of_its_receipt_is_future_dated() {
    let v = verified("good_future_dated_with_receipt");
    let receipts = tdlog::log::time::Receipts::from_verified(&v);
    let f = tdlog::log::time::future_dated(&v, &receipts, tdlog::log::time::DEFAULT_TOLERANCE_MS);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].author, key(4).public());
    assert!(f[0].ahead_ms > 3_600_000);
}

#[test]
fn a_receipt_covers_only_events_in_its_causal_past() {
    let v = verified("good_receipt_outside_its_past");
    let receipts = tdlog::log::time::Receipts::from_verified(&v);
    let f = tdlog::log::time::future_dated(&v, &receipts, tdlog::log::time::DEFAULT_TOLERANCE_MS);
    assert!(f.is_empty(), "{f:?}");
}

#[test]
fn a_deputy_chief_can_revoke_a_stolen_chief_key() {
    let v = verified("good_deputy_revokes_stolen_chief");
    assert_eq!(
        v.keys
            .get(&key(1).public())
            .unwrap()
            .revoked
            .as_ref()
            .unwrap()
            .last_valid_seq,
        5
    );
    assert!(
        v.keys.get(&key(2).public()).unwrap().revoked.is_none(),
        "the TD stays active"
    );
    assert_eq!(v.excluded.len(), 1, "{:?}", v.excluded);
}

#[test]
fn a_replayed_event_is_one_event() {
    let once = verified("good_basic");
    let twice = verified("good_replayed_event");
    let ids = |v: &tdlog::log::Verified| v.events.iter().map(|e| e.id).collect::<Vec<_>>();
    assert_eq!(ids(&twice), ids(&once));
}

#[test]
fn committed_vectors_are_current() {
    let regen = std::env::var_os("TDLOG_REGEN").is_some();
    let mut manifest = vec![];
    for v in vectors() {
        let file = format!("{}.json", v.name);
        let bytes = bundle::to_bytes(&v.events);
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

/// The CLI contract: `tdlog verify --json` accepts exactly the good vectors and names the
/// reason for each bad one (exit 0 / exit 2).
#[test]
fn tdlog_verify_cli_runs_every_committed_vector() {
    let manifest: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(dir().join("manifest.json")).unwrap()).unwrap();
    assert!(manifest.len() >= 17);
    for m in manifest {
        let file = dir().join(m["file"].as_str().unwrap());
        let out = tdlog_cmd()
            .args(["verify", "--json"])
            .arg(&file)
            .output()
            .unwrap();
        let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let expect = m["expect"].as_str().unwrap();
        if expect == "ok" {
            assert_eq!(out.status.code(), Some(0), "{}: {}", file.display(), j);
            assert_eq!(j["ok"], true);
        } else {
            assert_eq!(out.status.code(), Some(2), "{}", file.display());
            assert_eq!(j["reason"], expect, "{}: {}", file.display(), j["message"]);
            assert!(!j["message"].as_str().unwrap().is_empty());
        }
    }
}

/// Verification reads and checks a log batch by batch (`log::verify::CHUNK` rows): a fault
/// past the first batch is still found, and of two faults in different batches the first in
/// order is the one reported (the same answer on every machine, whatever the batch size).
#[test]
fn attack_a_flipped_signature_past_the_first_batch_is_found_first_in_order() {
    let (mut f, _, td, _) = basic();
    let n = tdlog::log::verify::CHUNK + 200;
    for i in f.events.len()..n {
        f.next(&td, note(&format!("note {i}")));
    }
    let mut events = f.events.clone();
    assert_eq!(verify_code(events.clone()), "ok");
    let (first, second) = (
        tdlog::log::verify::CHUNK + 50,
        tdlog::log::verify::CHUNK + 150,
    );
    flip(&mut events[second].sig, 3);
    assert_eq!(verify_code(events.clone()), "bad_signature");
    flip(&mut events[first].sig, 3);
    let inputs = events
        .into_iter()
        .map(|raw| Input {
            raw,
            declared: None,
        })
        .collect();
    let e = tdlog::log::verify_strict(inputs, None).unwrap_err();
    assert_eq!(e.fault.code(), "bad_signature");
    assert_eq!(e.at.expect("names the event").position, first);
}

/// Attack (issue 32: a merge writes the incoming rows while it verifies them): every bad
/// vector handed to a device that holds only its genesis, as a hub or a bundle would hand it
/// over, leaves the file exactly as it was whenever the merge is refused; the refused merges
/// are the vectors whose fault no merge may store (a fork is stored, as its proof).
#[test]
fn attack_a_refused_merge_of_a_bad_vector_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut refused, mut bad) = (Vec::new(), Vec::new());
    for (i, vec) in vectors()
        .into_iter()
        .filter(|v| v.expect != "ok")
        .enumerate()
    {
        bad.push(vec.name);
        let p = tmp.path().join(format!("{i}.tdlog"));
        let Ok(mut log) = tdlog::log::Log::create_from_genesis(&p, &vec.events[0]) else {
            continue; // the vector's fault is in its genesis: no device starts from it
        };
        log.attach_cache(tdlog::log::cache::VerifiedCache::new(
            &tmp.path().join(format!("{i}.data")),
        ));
        let rows = |log: &tdlog::log::Log| -> Vec<Input> { log.read_inputs().unwrap() };
        let before: Vec<_> = rows(&log).into_iter().map(|i| i.raw).collect();
        if log.merge(vec.events[1..].to_vec()).is_err() {
            let after: Vec<_> = rows(&log).into_iter().map(|i| i.raw).collect();
            assert_eq!(after, before, "{}: a refused merge wrote rows", vec.name);
            refused.push(vec.name);
        }
    }
    // Every bad vector but the fork (stored as a proof, for the chief TD's ruling).
    bad.retain(|n| *n != "bad_duplicate_seq");
    assert_eq!(refused, bad);
}
