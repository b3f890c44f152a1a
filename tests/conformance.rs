//! Conformance vectors (`fixtures/vectors/`): good logs and precisely broken ones, each a
//! bundle of signed events, with the reason code `tdlog verify` must give. The vectors are
//! made here from fixed keys and a fixed clock, so their bytes are reproducible; the test
//! fails if the committed files differ from what this code makes (regenerate with
//! `TDLOG_REGEN=1 cargo test --test conformance`).

mod common;

use common::*;
use std::path::PathBuf;
use tdlog::events::{ForkResolved, Payload};
use tdlog::keys::Role;
use tdlog::log::{bundle, Hash32, Input, RawEvent};

struct Vector {
    name: &'static str,
    expect: &'static str,
    description: &'static str,
    events: Vec<RawEvent>,
}

fn v(
    name: &'static str,
    expect: &'static str,
    description: &'static str,
    events: Vec<RawEvent>,
) -> Vector {
    Vector {
        name,
        expect,
        description,
        events,
    }
}

fn flip(bytes: &mut [u8], at: usize) {
    bytes[at] ^= 0x01;
}

fn vectors() -> Vec<Vector> {
    let mut out = vec![];
    let (f, chief, td, scorer) = basic();
    out.push(v(
        "good_basic",
        "ok",
        "genesis, two enrolments, notes by chief and TD",
        f.events.clone(),
    ));

    // The same event received twice (two merges, or a replay by whoever handed the bundle
    // over) is one event: it neither counts twice nor shifts what the others prove.
    {
        let mut events = f.events.clone();
        events.insert(2, f.events[f.events.len() - 1].clone());
        out.push(v(
            "good_replayed_event",
            "ok",
            "the basic log with its last event also stored earlier, a second time: one event",
            events,
        ));
    }

    // A revoked key: its events up to last_valid_seq stand.
    {
        let td2 = key(4);
        let mut g = f.clone();
        g.next(&chief, enrol(&td2, Role::Td, "Tina TD, laptop 3"));
        g.next(&td2, note("note before the laptop was lost"));
        g.next(&chief, revoke(&td2, 1));
        g.next(&td, note("after the revocation"));
        out.push(v(
            "good_revocation",
            "ok",
            "a key revoked after its first event; that event stands",
            g.events.clone(),
        ));

        // Laptop 3 kept working offline: its next event never saw the revocation. The TD
        // then saw it (deps) and went on: that event is excluded, the TD's event stands.
        let mut l3 = f.clone();
        l3.next(&chief, enrol(&td2, Role::Td, "Tina TD, laptop 3"));
        l3.next(&td2, note("note before the laptop was lost"));
        assert_eq!(
            l3.events,
            g.events[..l3.events.len()],
            "same history up to here"
        );
        let late = l3.next(&td2, note("laptop 3, offline, after its key was revoked"));
        let mut c = g.clone();
        c.events.push(late);
        c.heads.insert(td2.public(), l3.heads[&td2.public()]);
        c.next(&td, note("TD saw laptop 3's last note"));
        out.push(v(
            "good_revoked_concurrent",
            "ok",
            "a revoked key's event made without knowledge of the revocation is excluded; an event that saw it still stands",
            c.events,
        ));

        let mut b = g.clone();
        b.next(
            &td2,
            note("signed by a revoked key that knew of its revocation"),
        );
        out.push(v(
            "bad_revoked_key",
            "revoked",
            "an event by a revoked key, after its revocation",
            b.events,
        ));
    }

    // Attacks on key state by keys that were revoked (issue 11, attack 1).
    {
        let td2 = key(4);
        let mut base = f.clone();
        base.next(&chief, enrol(&td2, Role::Td, "Tina TD, laptop 3"));
        base.next(&td2, note("note before the laptop was lost"));
        let offline = base.clone();
        let mut g = base.clone();
        g.next(&chief, revoke(&td2, 1));
        g.next(&chief, note("chief ruling after the revocation"));
        // The stolen laptop signs a revocation of the chief TD at its next seq, naming no
        // dep that would show it knew of its own revocation.
        let mut thief = offline.clone();
        let forged = thief.next(&td2, revoke(&chief, 1));
        let mut m = g.clone();
        m.events.push(forged);
        out.push(v(
            "bad_revoked_td_revokes_chief",
            "role",
            "a revoked TD key's concurrent key.revoked naming the chief TD: refused (a TD may not sign key events), never skipped",
            m.events,
        ));
    }
    // Two chief TD keys revoke each other concurrently: the senior one stands.
    {
        let deputy = key(5);
        let mut base = f.clone();
        base.next(
            &chief,
            enrol(&deputy, Role::ChiefTd, "Deputy chief, laptop 5"),
        );
        base.next(&deputy, note("deputy at table 9"));
        let mut honest = base.clone();
        honest.next(&chief, revoke(&deputy, 1));
        honest.next(&chief, note("chief after revoking the deputy's laptop"));
        let mut thief = base.clone();
        thief.next(&deputy, revoke(&chief, 2));
        thief.next(&deputy, enrol(&key(6), Role::Td, "accomplice"));
        thief.next(&key(6), note("accomplice note"));
        let mut m = honest.clone();
        m.events
            .extend(thief.events[base.events.len()..].iter().cloned());
        out.push(v(
            "good_senior_chief_wins_mutual_revocation",
            "ok",
            "a stolen deputy chief key revokes the chief TD concurrently with its own revocation: the deputy's key events and the key it enrolled are excluded, the chief's events stand",
            m.events,
        ));

        // The other way round: the deputy revokes a stolen chief key that does not fight
        // back; the thief's later events (a revocation of a TD) are excluded.
        let mut honest = base.clone();
        honest.next(&deputy, revoke(&chief, 5));
        honest.next(
            &deputy,
            note("deputy after revoking the stolen chief laptop"),
        );
        let mut thief = base.clone();
        thief.next(&chief, revoke(&td, 1));
        let mut m = honest.clone();
        m.events
            .extend(thief.events[base.events.len()..].iter().cloned());
        out.push(v(
            "good_deputy_revokes_stolen_chief",
            "ok",
            "a deputy chief revokes the chief TD's stolen key; the thief's concurrent revocation of a TD is excluded and the TD stays active",
            m.events,
        ));
    }

    // Signed time: a note dated two hours ahead, and the chief TD's receipt for it signed
    // at the chief's own (earlier) clock, naming no dep on it. Verifies; the note is
    // future-dated (tdlog verify prints it, `log::time::future_dated` lists it).
    {
        let td2 = key(4);
        let mut g = f.clone();
        g.next(&chief, enrol(&td2, Role::Td, "Tina TD, laptop 3"));
        let mut laptop = g.clone();
        let ahead = laptop.forge(&td2, note("dated two hours ahead"), |env| {
            env.wall_ms += 2 * 3_600_000
        });
        g.events.push(ahead);
        g.next(
            &chief,
            Payload::LogReceipt(tdlog::events::LogReceipt {
                received: vec![tdlog::events::Received {
                    author: td2.public(),
                    from_seq: 1,
                    to_seq: 1,
                }],
                events: 1,
            }),
        );
        out.push(v(
            "good_future_dated_with_receipt",
            "ok",
            "a note dated two hours ahead of the chief TD's receipt for it: it verifies and is flagged as future-dated",
            g.events,
        ));
    }

    // Signed time: a TD key's receipt dated early naming the chief TD's sequence numbers up
    // to 20, not yet signed; the chief's note an hour later. Verifies; nothing is future-dated
    // (a receipt covers only events in its causal past, issue 29).
    {
        let mut g = f.clone();
        g.next(
            &td,
            Payload::LogReceipt(tdlog::events::LogReceipt {
                received: vec![tdlog::events::Received {
                    author: chief.public(),
                    from_seq: 1,
                    to_seq: 20,
                }],
                events: 20,
            }),
        );
        g.clock += 3_600_000;
        g.next(&chief, note("an hour after the TD's receipt"));
        out.push(v(
            "good_receipt_outside_its_past",
            "ok",
            "a TD's receipt naming the chief TD's sequence numbers not yet signed, then the chief's note an hour later: it verifies, and the note is not future-dated (a receipt covers only its causal past)",
            g.events,
        ));
    }

    // Two devices working concurrently, then one sees the other.
    {
        let mut a = f.clone();
        let mut b = f.clone();
        a.next(&td, note("TD on laptop 2"));
        b.next(&chief, note("chief on laptop 1"));
        let mut all = a.events.clone();
        all.extend(b.events[f.events.len()..].iter().cloned());
        let mut m = a.clone();
        for (k, h) in &b.heads {
            m.heads.insert(*k, *h);
        }
        m.events = all;
        m.next(&chief, note("chief after merging the TD's bundle"));
        out.push(v(
            "good_concurrent_merge",
            "ok",
            "two concurrent branches merged, then a joining event",
            m.events,
        ));
    }

    // A version-1 payload, upcast on read.
    {
        let mut g = f.clone();
        let bytes = br#"{"text":"written by tdlog 0.0 (director.note v1)"}"#.to_vec();
        let mut env = g.envelope(&td, &note("x"));
        env.v = 1;
        g.push(&td, env, bytes);
        out.push(v(
            "good_old_version",
            "ok",
            "a director.note v1 payload (upcast to v2 on read)",
            g.events,
        ));
    }

    // A fork ruled on by the chief TD.
    let mut fork = f.clone();
    let before = fork.clone();
    let a = fork.next(&td, note("fork side A"));
    let mut other = before.clone();
    let b = other.next(&td, note("fork side B"));
    fork.events.push(b.clone());
    out.push(v(
        "bad_duplicate_seq",
        "fork",
        "two different events by one key at one sequence number",
        fork.events.clone(),
    ));
    {
        let mut g = fork.clone();
        g.next(
            &chief,
            Payload::ForkResolved(ForkResolved {
                key: td.public(),
                seq: 3,
                kept: a.id(),
                reason: "side A is what the TD recorded at the table".into(),
            }),
        );
        out.push(v(
            "good_fork_resolved",
            "ok",
            "a fork proof and the chief TD's ruling on it",
            g.events,
        ));
    }

    // Bit flips.
    {
        let mut e = f.events.clone();
        let n = e[3].body.len();
        flip(&mut e[3].body, n - 40); // inside the payload hash: still decodes
        out.push(v(
            "bad_bitflip_envelope",
            "bad_signature",
            "one bit of a stored envelope flipped",
            e,
        ));
        let mut e = f.events.clone();
        flip(&mut e[3].payload, 5);
        out.push(v(
            "bad_bitflip_payload",
            "payload_hash",
            "one bit of a stored payload flipped",
            e,
        ));
        let mut e = f.events.clone();
        flip(&mut e[3].sig, 10);
        out.push(v(
            "bad_bitflip_signature",
            "bad_signature",
            "one bit of a signature flipped",
            e,
        ));
        // Malleability: s + l satisfies the same equation as s; a strict verifier refuses
        // any s at or above the group order.
        let mut e = f.events.clone();
        let s: [u8; 32] = e[3].sig[32..].try_into().unwrap();
        e[3].sig[32..].copy_from_slice(&common::add_le(&s, &common::GROUP_ORDER));
        out.push(v(
            "bad_malleable_signature",
            "bad_signature",
            "a valid signature with s replaced by s + l (the group order): the same equation holds, the encoding is not canonical",
            e,
        ));
        // A small-order R (the identity, y = 1): refused whatever s is.
        let mut e = f.events.clone();
        e[3].sig[..32].fill(0);
        e[3].sig[0] = 1;
        out.push(v(
            "bad_small_order_r",
            "bad_signature",
            "a signature whose R is the identity point (small order)",
            e,
        ));
    }

    // Chain faults.
    {
        let mut g = f.clone();
        let genesis_id = g.log_id.unwrap();
        g.forge(
            &td,
            note("points at the genesis, not my previous event"),
            |env| env.prev = Some(genesis_id),
        );
        out.push(v(
            "bad_wrong_prev",
            "wrong_prev",
            "an event whose previous-event hash is wrong",
            g.events,
        ));

        let mut g = f.clone();
        g.forge(&td, note("skips a sequence number"), |env| env.seq += 1);
        out.push(v(
            "bad_seq_gap",
            "seq_gap",
            "an author's chain skips a sequence number",
            g.events,
        ));

        let mut g = f.clone();
        g.forge(&td, note("dated before the event it follows"), |env| {
            env.wall_ms -= 3_600_000
        });
        out.push(v("bad_reordered_chain", "reordered_chain", "events chained in one order but signed in another: time runs backwards along the chain", g.events));

        let mut g = f.clone();
        g.forge(&td, note("wrong Lamport counter"), |env| env.lamport += 5);
        out.push(v(
            "bad_lamport",
            "lamport",
            "a Lamport counter that is not 1 + the largest of its predecessors",
            g.events,
        ));

        let mut g = f.clone();
        g.forge(&td, note("names an event nobody has"), |env| {
            env.deps.push(Hash32([0xee; 32]));
            env.deps.sort();
        });
        out.push(v(
            "bad_missing_dep",
            "missing_dep",
            "an event that depends on an event not in the log",
            g.events,
        ));

        let mut g = f.clone();
        g.forge(&td, note("from another tournament"), |env| {
            env.log_id = Some(Hash32([0x42; 32]))
        });
        out.push(v(
            "bad_wrong_log",
            "wrong_log",
            "an event carrying another log's id",
            g.events,
        ));

        let mut g = f.clone();
        g.forge(&chief, genesis(), |env| env.log_id = None);
        out.push(v(
            "bad_second_genesis",
            "genesis",
            "a second genesis event",
            g.events,
        ));
    }

    // Keys and roles.
    {
        let stranger = key(9);
        let mut g = f.clone();
        g.next(&stranger, note("I was never enrolled"));
        out.push(v(
            "bad_unenrolled_key",
            "unenrolled",
            "an event signed by a key nobody enrolled",
            g.events,
        ));

        // Enrolled, but the enrolment is not in the causal past of its first event.
        let mut g = f.clone();
        let mut ghost = f.clone();
        ghost.next(&stranger, note("signed before seeing my enrolment"));
        g.next(&chief, enrol(&stranger, Role::Td, "Late TD"));
        g.events.push(ghost.events.last().unwrap().clone());
        out.push(v(
            "bad_unenrolled_concurrent",
            "unenrolled",
            "a key's first event does not follow its enrolment",
            g.events,
        ));

        let mut g = f.clone();
        g.next(&scorer, enrol(&key(8), Role::Td, "enrolled by a scorer"));
        out.push(v(
            "bad_role_not_allowed",
            "role",
            "a scorer's key signs a key enrolment (chief TD only)",
            g.events,
        ));
    }

    // Encoding faults.
    {
        let mut e = f.events.clone();
        let n = e[4].body.len();
        e[4].body.truncate(n - 7);
        out.push(v(
            "bad_truncated_event",
            "truncated",
            "a stored envelope cut short",
            e,
        ));

        // Seq written as a two-byte integer head (0x18 0x03 for 3), then properly signed.
        let mut g = f.clone();
        let env = g.envelope(&td, &note("non-canonical"));
        let payload = note("non-canonical").encode().unwrap();
        let good = tdlog::log::event::sign_event(&td, env, payload.clone());
        let mut body = good.body.clone();
        let pos = 1 + 1 + 34 + 34; // array head, fmt, log_id, author
        assert_eq!(body[pos], 0x03, "seq of TD's third event");
        body.splice(pos..pos + 1, [0x18, 0x03]);
        let sig = td
            .sign(&[tdlog::log::event::SIG_DOMAIN, &body].concat())
            .to_vec();
        g.events.push(RawEvent { body, sig, payload });
        out.push(v(
            "bad_non_canonical_envelope",
            "non_canonical",
            "an envelope with a non-shortest integer, validly signed",
            g.events,
        ));

        let mut g = f.clone();
        let p = note("spaces");
        let mut env = g.envelope(&td, &p);
        env.v = 2;
        g.push(&td, env, br#"{ "text": "spaces" }"#.to_vec());
        out.push(v(
            "bad_non_canonical_payload",
            "non_canonical",
            "a payload that does not round-trip byte for byte, validly signed",
            g.events,
        ));
    }
    out
}

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
