//! The published log as a Merkle tree (RFC 9162, `log::tree`): a publication's tree holds
//! what its signer had seen; a later publication's tree extends every earlier one it saw,
//! also when another device's events arrive late; an inclusion proof for every event in it;
//! none for an event after it; two publications made without seeing each other are not
//! consistent. Each proof is checked by `log::merkle`'s verifier, as a player's page would.

mod common;

use common::{enrol, key, note};
use std::path::{Path, PathBuf};
use tdlog::events::{Game, Genesis, Payload, ResultsPublished};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::tree::{self, TreeError};
use tdlog::log::{merkle, Hash32, Log, Verified};

fn publish() -> Payload {
    Payload::ResultsPublished(ResultsPublished {
        sections: vec![],
        session: None,
    })
}

/// A bridge log with the chief TD and a TD enrolled.
fn setup(dir: &Path) -> (PathBuf, DeviceKey, DeviceKey) {
    let (chief, td) = (key(1), key(2));
    let p = dir.join("t.tdlog");
    let mut log = Log::create(
        &p,
        &chief,
        Genesis {
            name: "Pairs".into(),
            game: Game::Bridge,
            organiser: "Club".into(),
            rule_profile: "wbf-2017".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    log.append(&chief, enrol(&td, Role::Td, "TD")).unwrap();
    (p, chief, td)
}

fn verified(p: &Path) -> Verified {
    Log::open(p).unwrap().verify(None).unwrap()
}

fn last(p: &Path) -> Hash32 {
    verified(p).events.last().unwrap().id
}

/// Every event of `from` merged into the log at `to` (a sync).
fn merge(from: &Path, to: &Path) {
    let raw: Vec<_> = Log::open(from)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect();
    Log::open(to).unwrap().merge(raw).unwrap();
}

fn assert_proves_inclusion(v: &Verified, publication: Hash32) {
    let ids = tree::leaves(v, publication).unwrap();
    let head = tree::head(v, publication).unwrap();
    assert_eq!(head.size, ids.len() as u64);
    for &id in &ids {
        let p = tree::inclusion(v, publication, id).unwrap();
        let path: Vec<merkle::Hash> = p.path.iter().map(|h| h.0).collect();
        merkle::verify_inclusion(
            &merkle::leaf_hash(&id.0),
            p.index,
            head.size,
            &path,
            &head.root.0,
        )
        .unwrap();
    }
}

#[test]
fn rfc9162_a_publication_tree_holds_what_its_signer_had_seen_and_itself() {
    let dir = tempfile::tempdir().unwrap();
    let (p, chief, td) = setup(dir.path());
    let mut log = Log::open(&p).unwrap();
    log.append(&td, note("director called to table 3")).unwrap();
    log.append(&chief, publish()).unwrap();
    log.append(&td, note("after the publication")).unwrap();
    let v = verified(&p);
    let all: Vec<Hash32> = v.events.iter().map(|e| e.id).collect();
    let publication = all[all.len() - 2];
    // Genesis, the enrolment, the note and the publication: in replay order.
    assert_eq!(tree::leaves(&v, publication).unwrap(), all[..all.len() - 1]);
    assert_proves_inclusion(&v, publication);
    // The note after the publication is not in its tree.
    let after = all[all.len() - 1];
    assert!(matches!(
        tree::inclusion(&v, publication, after),
        Err(TreeError::NotInTree { .. })
    ));
    // A tree is made for a publication, not for any event.
    assert!(matches!(
        tree::head(&v, after),
        Err(TreeError::NotPublication(_))
    ));
}

#[test]
fn rfc9162_a_later_publication_extends_the_earlier_one_even_when_a_device_syncs_late() {
    let dir = tempfile::tempdir().unwrap();
    let (a, chief, td) = setup(dir.path());
    // The TD's laptop copies the log, then records a ruling note offline.
    let b = dir.path().join("laptop.tdlog");
    std::fs::copy(&a, &b).unwrap();
    Log::open(&b)
        .unwrap()
        .append(&td, note("ruling made offline"))
        .unwrap();
    let late = last(&b);
    // Meanwhile the first results are published on the scoring desk.
    Log::open(&a).unwrap().append(&chief, publish()).unwrap();
    let first = last(&a);
    // The laptop syncs; the correction and the second publication follow.
    merge(&b, &a);
    let mut log = Log::open(&a).unwrap();
    log.append(&chief, note("score corrected, Law 79C"))
        .unwrap();
    log.append(&chief, publish()).unwrap();
    let second = last(&a);
    let v = verified(&a);
    // The late ruling sorts before the first publication in replay order (its Lamport time
    // is older), so a tree in replay order alone would rewrite the first one's leaves.
    let pos = |id: Hash32| v.events.iter().position(|e| e.id == id).unwrap();
    assert!(pos(late) < pos(first), "the case this test is about");
    let old = tree::leaves(&v, first).unwrap();
    let new = tree::leaves(&v, second).unwrap();
    assert!(!old.contains(&late));
    assert_eq!(
        new[..old.len()],
        old[..],
        "the first tree is a prefix of the second"
    );
    let c = tree::consistency(&v, first, second).unwrap();
    let path: Vec<merkle::Hash> = c.path.iter().map(|h| h.0).collect();
    merkle::verify_consistency(c.old.size, c.new.size, &c.old.root.0, &c.new.root.0, &path)
        .unwrap();
    assert_eq!(c.old, tree::head(&v, first).unwrap());
    assert_eq!(c.new, tree::head(&v, second).unwrap());
    // What came between: the late ruling, the correction and the second publication.
    assert_eq!(c.added.len(), 3);
    assert!(c.added.contains(&late));
    assert_eq!(c.added.last(), Some(&second));
    assert_proves_inclusion(&v, second);
    // The first tree is the same on the laptop after a sync in the other direction.
    merge(&a, &b);
    let w = verified(&b);
    assert_eq!(tree::head(&w, first), tree::head(&v, first));
    assert_eq!(tree::head(&w, second), tree::head(&v, second));
}

#[test]
fn rfc9162_two_publications_made_without_seeing_each_other_are_not_consistent() {
    let dir = tempfile::tempdir().unwrap();
    let (a, chief, td) = setup(dir.path());
    let mut log = Log::open(&a).unwrap();
    log.append(&chief, enrol(&key(3), Role::ChiefTd, "Deputy"))
        .unwrap();
    drop(log);
    let b = dir.path().join("deputy.tdlog");
    std::fs::copy(&a, &b).unwrap();
    Log::open(&a).unwrap().append(&chief, publish()).unwrap();
    let one = last(&a);
    Log::open(&b).unwrap().append(&key(3), publish()).unwrap();
    let other = last(&b);
    merge(&b, &a);
    Log::open(&a).unwrap().append(&td, note("later")).unwrap();
    let v = verified(&a);
    for (x, y) in [(one, other), (other, one)] {
        assert!(
            matches!(tree::consistency(&v, x, y), Err(TreeError::NotAfter { .. })),
            "{x} / {y}"
        );
    }
    assert_proves_inclusion(&v, one);
    assert_proves_inclusion(&v, other);
}

#[test]
fn rfc9162_a_changed_or_missing_leaf_does_not_prove_against_the_published_root() {
    let dir = tempfile::tempdir().unwrap();
    let (p, chief, td) = setup(dir.path());
    let mut log = Log::open(&p).unwrap();
    for i in 0..6 {
        log.append(&td, note(&format!("call {i}"))).unwrap();
    }
    log.append(&chief, publish()).unwrap();
    let v = verified(&p);
    let publication = last(&p);
    let head = tree::head(&v, publication).unwrap();
    let ids = tree::leaves(&v, publication).unwrap();
    let proof = tree::inclusion(&v, publication, ids[3]).unwrap();
    let path: Vec<merkle::Hash> = proof.path.iter().map(|h| h.0).collect();
    // Another event's id at this index, or this proof at another index, does not verify.
    assert!(merkle::verify_inclusion(
        &merkle::leaf_hash(&ids[4].0),
        3,
        head.size,
        &path,
        &head.root.0
    )
    .is_err());
    assert!(merkle::verify_inclusion(
        &merkle::leaf_hash(&ids[3].0),
        4,
        head.size,
        &path,
        &head.root.0
    )
    .is_err());
    // The tree without one event has another root.
    let mut fewer = ids.clone();
    fewer.remove(2);
    assert_ne!(merkle::root(&tree::leaf_hashes(&fewer)), head.root.0);
}

/// `tdlog proof` as an auditor uses it: the heads, a consistency proof written as JSON and
/// checked without the log, and the same file with one hash changed refused, naming the RFC.
#[test]
fn rfc9162_tdlog_proof_writes_proofs_an_auditor_checks_without_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let (p, chief, td) = setup(dir.path());
    let mut log = Log::open(&p).unwrap();
    log.append(&chief, publish()).unwrap();
    let first = last(&p);
    let mut log = Log::open(&p).unwrap();
    log.append(&td, note("ruling after the publication"))
        .unwrap();
    log.append(&chief, publish()).unwrap();
    drop(log);
    let run = |args: &[&str]| {
        let o = common::tdlog_cmd().args(args).output().unwrap();
        (
            o.status.code(),
            String::from_utf8(o.stdout).unwrap(),
            String::from_utf8(o.stderr).unwrap(),
        )
    };
    let log = p.to_str().unwrap();
    let (code, heads, _) = run(&["proof", "heads", log]);
    assert_eq!(code, Some(0));
    // Both publications (signed raw here: no tree head signed with them).
    assert_eq!(heads.matches(" size ").count(), 2, "{heads}");
    assert_eq!(heads.matches("no signed tree head").count(), 2, "{heads}");
    let short = &first.to_hex()[..10];
    let (code, json, err) = run(&["proof", "consistency", log, "--from", short, "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let file = dir.path().join("proof.json");
    std::fs::write(&file, &json).unwrap();
    let (code, out, err) = run(&["proof", "check", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("verified: the tree of size 5"), "{out}");
    // One hash of the proof changed: refused.
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let h = v["path"][0].as_str().unwrap().to_string();
    let flipped = format!("{}{}", if h.starts_with('0') { "1" } else { "0" }, &h[1..]);
    std::fs::write(&file, json.replace(&h, &flipped)).unwrap();
    let (code, _, err) = run(&["proof", "check", file.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with("error: ") && err.contains("RFC 9162"),
        "{err}"
    );
    // A note is not a publication.
    let note_id = verified(&p).events[3].id.to_hex();
    let (code, _, err) = run(&["proof", "consistency", log, "--from", &note_id]);
    assert_eq!(code, Some(1));
    assert!(err.contains("no publication"), "{err}");
}

fn tree_head(publication: Hash32, size: u64, root: Hash32) -> Payload {
    Payload::ResultsTreeHead(tdlog::events::ResultsTreeHead {
        publication,
        size,
        root,
    })
}

/// A signed tree head that is not its publication's tree is never signed through the
/// guard; a device that bypasses the guard (a hostile enrolled key signing raw) gets it on
/// the log, and `tdlog proof heads` names it and exits 2. A witness signs a head once.
#[test]
fn rfc9162_a_tree_head_that_does_not_match_the_log_is_refused_and_if_forged_shown() {
    use tdlog::appeals::{append_checked, AppendError};
    let dir = tempfile::tempdir().unwrap();
    let (p, chief, td) = setup(dir.path());
    let mut log = Log::open(&p).unwrap();
    log.append(&td, note("a call")).unwrap();
    log.append(&chief, publish()).unwrap();
    let publication = last(&p);
    let v = verified(&p);
    let h = tree::head(&v, publication).unwrap();
    let now = chrono::Utc::now().timestamp_millis();
    // One event fewer, or another root: refused, naming the RFC; nothing written.
    for (size, root) in [(h.size - 1, h.root), (h.size, Hash32([7; 32]))] {
        let e = append_checked(&mut log, &td, tree_head(publication, size, root), now).unwrap_err();
        assert!(matches!(e, AppendError::Tree(_)), "{e}");
        assert!(e.to_string().contains("RFC 9162"), "{e}");
    }
    assert_eq!(verified(&p).events.len(), v.events.len());
    // A head of an event that is no publication: refused.
    let e = append_checked(&mut log, &td, tree_head(v.events[2].id, 3, h.root), now).unwrap_err();
    assert!(
        matches!(e, AppendError::Tree(TreeError::NotPublication(_))),
        "{e}"
    );
    // The publisher's head and a witness's: signed; a second from the witness: refused.
    append_checked(
        &mut log,
        &chief,
        tree_head(publication, h.size, h.root),
        now,
    )
    .unwrap();
    append_checked(&mut log, &td, tree_head(publication, h.size, h.root), now).unwrap();
    let e = append_checked(&mut log, &td, tree_head(publication, h.size, h.root), now).unwrap_err();
    assert!(
        matches!(e, AppendError::Tree(TreeError::AlreadySigned(_))),
        "{e}"
    );
    let run = |args: &[&str]| {
        let o = common::tdlog_cmd().args(args).output().unwrap();
        (o.status.code(), String::from_utf8(o.stdout).unwrap())
    };
    let (code, out) = run(&["proof", "heads", p.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out.matches("  signed by ").count(), 2, "{out}");
    // A hostile enrolled key signs a forged head without the guard.
    let rogue = key(3);
    log.append(&chief, enrol(&rogue, Role::Scorer, "Rogue scorer"))
        .unwrap();
    log.append(&rogue, tree_head(publication, h.size, Hash32([9; 32])))
        .unwrap();
    let w = verified(&p);
    let signed = tree::signed_heads(&w);
    assert_eq!(signed.iter().filter(|s| s.matches).count(), 2);
    assert!(signed
        .iter()
        .any(|s| !s.matches && s.signer == rogue.public()));
    let (code, out) = run(&["proof", "heads", p.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("Rogue scorer") && out.contains("DOES NOT MATCH"),
        "{out}"
    );
}

/// The prover a results site uses (every complete subtree hashed once) gives exactly the
/// proofs and root of RFC 9162's recursive definition, for every event of trees of many sizes.
#[test]
fn rfc9162_the_site_prover_gives_the_recursive_definitions_proofs() {
    let dir = tempfile::tempdir().unwrap();
    let (p, chief, td) = setup(dir.path());
    let mut log = Log::open(&p).unwrap();
    for n in 0..19 {
        log.append(&td, note(&format!("call {n}"))).unwrap();
        if n % 3 == 0 {
            log.append(&chief, publish()).unwrap();
        }
    }
    let v = verified(&p);
    let publications: Vec<Hash32> = v
        .events
        .iter()
        .filter(|e| e.env.kind == "results.published")
        .map(|e| e.id)
        .collect();
    assert_eq!(publications.len(), 7);
    for publication in publications {
        let prover = tree::Prover::new(&v, publication).unwrap();
        assert_eq!(prover.head, tree::head(&v, publication).unwrap());
        let ids = tree::leaves(&v, publication).unwrap();
        let l = tree::leaf_hashes(&ids);
        for (i, id) in ids.iter().enumerate() {
            let (index, path) = prover.path(id).unwrap();
            assert_eq!(index, i as u64);
            let want: Vec<Hash32> = merkle::inclusion_proof(&l, i)
                .unwrap()
                .into_iter()
                .map(Hash32)
                .collect();
            assert_eq!(path, want, "leaf {i} of {}", ids.len());
        }
        assert!(prover.path(&Hash32([1; 32])).is_none());
    }
}
