//! A sync in O(new) (issue 32): a merge that only extends the verified log is checked on its
//! own rows (`log::store::extend`) instead of verifying the union again. Every case here
//! runs the same rows through that path and through the full merge, each on its own copy of
//! the log with its own device record and verified-state cache, and requires the same
//! outcome: the same error, or the same stored rows and the same append state (which is
//! also what a fresh open's full verify builds). The hostile rows are the attacks an
//! enrolled key, or a hub, could try on a device that no longer reads its whole log.

mod common;

use common::world;
use common::*;
use std::path::{Path, PathBuf};
use tdlog::events::Payload;
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::cache::VerifiedCache;
use tdlog::log::event::sign_event;
use tdlog::log::seen::SeenStore;
use tdlog::log::{Envelope, Hash32, Log, RawEvent};

/// The clock of every copy: an hour after the events were signed.
fn later() -> i64 {
    chrono::Utc::now().timestamp_millis() + 3_600_000
}

fn open(p: &Path, data: Option<&Path>, at: i64) -> Log {
    let mut log = Log::open(p).unwrap();
    if let Some(d) = data {
        log.attach_seen(SeenStore::new(d)).unwrap();
        log.attach_cache(VerifiedCache::new(d));
    }
    log.set_clock(move || at);
    // The append state, built (what a device that has the log open holds).
    log.log_id().unwrap();
    log
}

fn rows(p: &Path) -> Vec<RawEvent> {
    Log::open(p)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect()
}

/// The rows of `other` that `base` does not hold, in stored order (by author and seq).
fn news(base: &Path, other: &Path) -> Vec<RawEvent> {
    let have: std::collections::HashSet<Hash32> = rows(base).iter().map(|r| r.id()).collect();
    rows(other)
        .into_iter()
        .filter(|r| !have.contains(&r.id()))
        .collect()
}

fn copy(from: &Path, to: &Path) {
    std::fs::copy(from, to).unwrap();
}

fn append(p: &Path, k: &DeviceKey, payload: Payload) -> Hash32 {
    let mut log = Log::open(p).unwrap();
    log.append(k, payload).unwrap()
}

/// The tournament (`common::world`) with events already stored by the chief TD, the TD
/// (key 2), the scorer and the second TD (key 5).
fn base(dir: &Path) -> PathBuf {
    let p = dir.join("base.tdlog");
    world::pairs_at_two_tables(&p, "Extend Pairs");
    append(&p, &key(2), note("table 1: director called"));
    append(&p, &key(5), note("table 2: slow play"));
    append(&p, &key(1), note("round 1 started"));
    p
}

/// Another device's copy of `base`, on which `steps` are signed.
fn device(dir: &Path, base: &Path, name: &str, steps: &[(u8, Payload)]) -> PathBuf {
    let p = dir.join(format!("{name}.tdlog"));
    copy(base, &p);
    for (k, payload) in steps {
        append(&p, &key(*k), payload.clone());
    }
    p
}

/// What a merge did, as text two paths can be compared by.
fn outcome(log: &mut Log, incoming: Vec<RawEvent>) -> (String, bool) {
    match log.merge_report(incoming) {
        Ok(r) => {
            let heads = log.chain_heads().unwrap();
            (
                format!(
                    "added {} forks {} received {:?} future {:?} heads {heads:?}",
                    r.added, r.forks, r.received, r.future
                ),
                r.extended.is_some(),
            )
        }
        Err(e) => (format!("error: {e}"), false),
    }
}

/// Merges `incoming` into two copies of `base`, one by each path, and requires the same
/// outcome and the same append state, which is also the one a fresh full verify builds.
/// Returns the outcome and whether the extension path took it.
fn both(dir: &Path, base: &Path, case: &str, incoming: Vec<RawEvent>) -> (String, bool) {
    let at = later();
    let paths = [
        dir.join(format!("{case}-on.tdlog")),
        dir.join(format!("{case}-off.tdlog")),
    ];
    let mut results = vec![];
    for (i, p) in paths.iter().enumerate() {
        copy(base, p);
        let data = dir.join(format!("{case}-data-{i}"));
        let mut log = open(p, Some(&data), at);
        log.set_extend_merges(i == 0);
        let out = outcome(&mut log, incoming.clone());
        let state = log.append_state_json().unwrap();
        drop(log);
        // A fresh open, no cache: every signature, the whole graph.
        let fresh = open(p, None, at).append_state_json().unwrap();
        // The device's next open, through its cache and snapshot.
        let warm = open(p, Some(&data), at).append_state_json().unwrap();
        if out.0.starts_with("added") {
            assert_eq!(
                state, fresh,
                "{case}: the state a merge leaves is a full verify's"
            );
            assert_eq!(
                warm, fresh,
                "{case}: the next open's state is a full verify's"
            );
        }
        results.push((out, state));
    }
    let (on, off) = (&results[0], &results[1]);
    assert_eq!(on.0 .0, off.0 .0, "{case}: the same outcome by either path");
    assert_eq!(on.1, off.1, "{case}: the same append state by either path");
    assert!(
        !off.0 .1,
        "{case}: the full merge never reports an extension"
    );
    on.0.clone()
}

/// The heads (seq, id, lamport, wall) of a stored log, per author.
fn heads(p: &Path) -> std::collections::BTreeMap<Hash32, (u64, Hash32, u64, i64)> {
    let mut h = std::collections::BTreeMap::new();
    for r in rows(p) {
        let env = Envelope::decode(&r.body).unwrap();
        let slot = h.entry(env.author).or_insert((0, Hash32::default(), 0, 0));
        if env.seq > slot.0 {
            *slot = (env.seq, r.id(), env.lamport, env.wall_ms);
        }
    }
    h
}

/// `k`'s next event on the log at `p`, correct (every other head named), then changed by
/// `change` before it is signed.
fn forged(
    p: &Path,
    k: &DeviceKey,
    payload: Payload,
    change: impl FnOnce(&mut Envelope),
) -> RawEvent {
    let h = heads(p);
    let me = k.public();
    let own = h.get(&me).copied();
    let mut deps: Vec<Hash32> = h
        .iter()
        .filter(|(a, _)| **a != me)
        .map(|(_, v)| v.1)
        .collect();
    deps.sort();
    let log_id = Log::open(p).unwrap().log_id().unwrap();
    let mut env = Envelope {
        log_id: Some(log_id),
        author: me,
        seq: own.map_or(1, |o| o.0 + 1),
        prev: own.map(|o| o.1),
        deps,
        lamport: h.values().map(|v| v.2).max().unwrap_or(0) + 1,
        wall_ms: h.values().map(|v| v.3).max().unwrap_or(0) + 1000,
        kind: payload.kind().into(),
        v: payload.current_version(),
        payload_hash: Hash32::default(),
        payload_len: 0,
    };
    change(&mut env);
    sign_event(k, env, payload.encode().unwrap())
}

/// An honest round (another TD's notes and the scorer's result, concurrent with a note
/// made here) is checked on its new rows, and leaves the stored rows and the append state a
/// full verify of the union gives; the next event signed here verifies.
#[test]
fn an_honest_round_is_checked_on_its_own_rows_and_leaves_what_a_full_verify_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let other = device(
        dir.path(),
        &base,
        "other",
        &[
            (5, note("table 2: claim")),
            (5, note("table 2: claim agreed")),
            (2, note("table 1: lead out of turn")),
        ],
    );
    // Concurrent: this device signed on after the other copied the log.
    append(&base, &key(1), note("round 2 called"));
    let incoming = news(&base, &other);
    assert_eq!(incoming.len(), 3);
    let (out, extended) = both(dir.path(), &base, "honest", incoming.clone());
    assert!(out.starts_with("added 3 forks 0"), "{out}");
    assert!(extended, "an honest round extends the log");
    // Rows already held, and a row twice, change nothing.
    let mut again = rows(&base);
    again.extend(incoming.clone());
    again.push(incoming[0].clone());
    let (out2, extended2) = both(dir.path(), &base, "held", again);
    assert_eq!(out2, out);
    assert!(!extended2, "a merge as big as the log takes the full path");
    let mut some = rows(&base)[..4].to_vec();
    some.extend(incoming.clone());
    some.push(incoming[1].clone());
    let (out3, extended3) = both(dir.path(), &base, "some-held", some);
    assert_eq!(out3, out);
    assert!(extended3);
    // The next event here names the merged heads, and the log verifies.
    let p = dir.path().join("honest-on.tdlog");
    let mut log = open(&p, Some(&dir.path().join("honest-data-0")), later());
    log.append(&key(1), note("after the round")).unwrap();
    drop(log);
    Log::open(&p).unwrap().verify_all(None).unwrap();
}

/// Rows an enrolled key or a hub could make: each meets the full verify's verdict, never a
/// softer one, whichever path it takes.
#[test]
fn hostile_rows_meet_the_full_verify_whichever_path_they_take() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let other = device(
        dir.path(),
        &base,
        "other",
        &[(2, note("one")), (2, note("two")), (2, note("three"))],
    );
    let honest = news(&base, &other);
    assert_eq!(honest.len(), 3);
    let last_changed = |change: &dyn Fn(&mut RawEvent)| {
        let mut rows = honest.clone();
        change(rows.last_mut().unwrap());
        rows
    };
    // The last of the three re-signed by its own key with one envelope field changed.
    let resigned = |change: &dyn Fn(&mut Envelope)| {
        let mut rows = honest.clone();
        let last = rows.pop().unwrap();
        let mut env = Envelope::decode(&last.body).unwrap();
        change(&mut env);
        rows.push(sign_event(&key(2), env, last.payload.clone()));
        rows
    };
    let prev_of_last = Envelope::decode(&honest[2].body).unwrap().prev.unwrap();
    let refused: Vec<(&str, Vec<RawEvent>)> = vec![
        ("signature", last_changed(&|r| r.sig[5] ^= 1)),
        ("payload", last_changed(&|r| r.payload[3] ^= 1)),
        ("gap", honest[1..].to_vec()),
        ("lamport", resigned(&|e| e.lamport += 1)),
        ("lamport-low", resigned(&|e| e.lamport -= 1)),
        ("time-backwards", resigned(&|e| e.wall_ms = T0)),
        (
            "missing-dep",
            resigned(&|e| {
                e.deps.push(Hash32([7; 32]));
                e.deps.sort();
            }),
        ),
        (
            "own-dep",
            resigned(&|e| {
                e.deps.push(prev_of_last);
                e.deps.sort();
            }),
        ),
        // Naming the event before its predecessor, with the Lamport counter that fits it.
        (
            "wrong-prev",
            resigned(&|e| {
                e.prev = Some(honest[0].id());
                e.lamport -= 1;
            }),
        ),
        // The next place skipped, naming the right predecessor.
        ("seq-skip", {
            let first = &honest[0];
            let mut env = Envelope::decode(&first.body).unwrap();
            env.seq += 1;
            vec![sign_event(&key(2), env, first.payload.clone())]
        }),
        ("wrong-log", resigned(&|e| e.log_id = Some(Hash32([9; 32])))),
        // A scorer may not sign a director's note (catalogue roles).
        (
            "role",
            vec![forged(&base, &key(3), note("scorer's note"), |_| {})],
        ),
        // A key never enrolled.
        (
            "unenrolled",
            vec![forged(&base, &key(77), note("who?"), |_| {})],
        ),
    ];
    for (case, incoming) in refused {
        let (out, extended) = both(dir.path(), &base, case, incoming);
        assert!(out.starts_with("error:"), "{case}: {out}");
        assert!(!extended, "{case}");
    }

    // Taken by the full merge, and recorded as it records them.
    // A fork: the TD signed another event at a place this log already holds.
    let twin = device(dir.path(), &base, "twin", &[]);
    append(&base, &key(2), note("here"));
    append(&twin, &key(2), note("there"));
    let (out, extended) = both(dir.path(), &base, "fork", news(&base, &twin));
    assert!(out.contains("forks 1"), "fork: {out}");
    assert!(!extended);
    // A key event, and a setting that moves the clock tolerance.
    let enrolling = device(
        dir.path(),
        &base,
        "enrolling",
        &[(1, enrol(&key(9), Role::Td, "Nina"))],
    );
    let settings = |minutes: u32| {
        Payload::AppealSettings(Box::new(
            serde_json::from_value(serde_json::json!({
                "correction_minutes": 30, "appeal_minutes": 20, "reason": "short session",
                "clock_tolerance_minutes": minutes
            }))
            .unwrap(),
        ))
    };
    // The organiser has signed here before: only the kind of its next event sends it to
    // the full merge.
    append(&base, &key(8), settings(5));
    let setting = device(dir.path(), &base, "setting", &[(8, settings(1))]);
    for (case, from) in [("enrol", &enrolling), ("settings", &setting)] {
        let (out, extended) = both(dir.path(), &base, case, news(&base, from));
        assert!(out.starts_with("added 1"), "{case}: {out}");
        assert!(!extended, "{case}");
    }
    // An event dated a day ahead of the clock (beyond the tolerance): incoming, reported as
    // such; or already here, where it is not the head an append names.
    let ahead = |p: &Path| {
        let mut log = Log::open(p).unwrap();
        let at = chrono::Utc::now().timestamp_millis() + 86_400_000;
        log.set_clock(move || at);
        log.append(&key(5), note("dated ahead")).unwrap();
    };
    let early = device(dir.path(), &base, "early", &[]);
    ahead(&early);
    let (out, extended) = both(dir.path(), &base, "future-incoming", news(&base, &early));
    assert!(
        out.contains("future [FutureArrival"),
        "future-incoming: {out}"
    );
    assert!(!extended);
    let base_ahead = device(dir.path(), &base, "base-ahead", &[]);
    ahead(&base_ahead);
    let after = device(dir.path(), &base_ahead, "after", &[(2, note("after it"))]);
    let (out, extended) = both(
        dir.path(),
        &base_ahead,
        "future-head",
        news(&base_ahead, &after),
    );
    assert!(out.starts_with("added 1"), "future-head: {out}");
    assert!(!extended);
    // A revoked key's events made without knowledge of the revocation.
    let thief = device(dir.path(), &base, "thief", &[(2, note("stolen laptop"))]);
    let td_seq = heads(&base)[&key(2).public()].0;
    append(&base, &key(1), revoke(&key(2), td_seq));
    let (out, extended) = both(dir.path(), &base, "revoked", news(&base, &thief));
    assert!(!extended, "revoked: {out}");
}

/// A device that another program wrote to since its state was built (the CLI on the same
/// file) takes the full merge: its state is not the file's any more.
#[test]
fn a_state_another_writer_overtook_takes_the_full_merge() {
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let other = device(
        dir.path(),
        &base,
        "other",
        &[(5, note("from the other laptop"))],
    );
    let incoming = news(&base, &other);
    let data = dir.path().join("data");
    let mut log = open(&base, Some(&data), later());
    append(&base, &key(2), note("the command line, meanwhile"));
    let (out, extended) = outcome(&mut log, incoming);
    assert!(out.starts_with("added 1"), "{out}");
    assert!(!extended, "another writer since the state was built");
    let state = log.append_state_json().unwrap();
    drop(log);
    assert_eq!(
        state,
        open(&base, None, later()).append_state_json().unwrap()
    );
}

/// What a live state holds, as text.
fn live_text(l: &tdlog::live::Live) -> Vec<String> {
    let r = &l.replayed;
    vec![
        format!("{:?}", r.tables),
        format!("{:?}", r.tournament),
        serde_json::to_string(&r.results).unwrap(),
        format!("{:?}", l.workflow),
        format!(
            "{:?}",
            r.log.events.iter().map(|e| e.id).collect::<Vec<_>>()
        ),
        format!("{:?}", l.head_set()),
        format!("{:?}", tdlog::log::digest::HeadSet::of(&r.log)),
    ]
}

fn open_live(p: &Path, data: &Path) -> tdlog::live::Live {
    let mut log = Log::open(p).unwrap();
    log.attach_seen(SeenStore::new(data)).unwrap();
    log.attach_cache(VerifiedCache::new(data));
    tdlog::live::Live::open(log, None).unwrap()
}

/// A `--watch` round on the app's live state: another device's notes are folded on top
/// (no receipt) or with this device's receipt (the events in memory folded again), and a
/// note made concurrently with this device's own steps goes to its place in replay order;
/// the log is not verified again, and the state is always what a fresh replay gives.
#[test]
fn a_live_state_takes_a_round_without_verifying_the_log_again() {
    use tdlog::live::Absorbed;
    let dir = tempfile::tempdir().unwrap();
    let base = base(dir.path());
    let other = dir.path().join("other.tdlog");
    copy(&base, &other);
    let mut live = open_live(&base, &dir.path().join("data"));
    let now = chrono::Utc::now().timestamp_millis();
    let round = |live: &mut tdlog::live::Live, signer: Option<&DeviceKey>, text: &str| {
        append(&other, &key(5), note(text));
        let r = live.merge(news(&base, &other), signer).unwrap();
        assert_eq!(r.added, 1, "{text}");
        let fresh = open_live(&base, &dir.path().join(format!("fresh-{text}")));
        assert_eq!(live_text(live), live_text(&fresh), "{text}");
        live.last_merge()
    };
    assert_eq!(
        round(&mut live, None, "claim"),
        Some(Absorbed::Incremental),
        "a note after everything held, no receipt"
    );
    assert_eq!(
        round(&mut live, Some(&key(2)), "claim agreed"),
        Some(Absorbed::Refolded),
        "this device's receipt refolds (a receipt dates earlier steps' arrival)"
    );
    // Signed here meanwhile: the other device's next note is concurrent with it.
    live.append(&key(1), note("round 2 called"), now).unwrap();
    live.append(&key(1), note("round 3 called"), now).unwrap();
    let before = live.replayed.log.events.last().unwrap().id;
    assert_eq!(
        round(&mut live, None, "hesitation"),
        Some(Absorbed::Refolded),
        "a concurrent note goes to its place"
    );
    assert_eq!(
        live.replayed.log.events.last().unwrap().id,
        before,
        "the concurrent note comes before this device's last step in replay order"
    );
    // Another program writes to the file: the live state verifies again, as before.
    append(&base, &key(2), note("from the command line"));
    assert_eq!(
        round(&mut live, None, "board 4 fouled"),
        Some(Absorbed::Reverified)
    );
    // The other device catches up with this log: its next note comes after everything.
    Log::open(&other).unwrap().merge(rows(&base)).unwrap();
    assert_eq!(
        round(&mut live, None, "board 5"),
        Some(Absorbed::Incremental),
        "and takes the next round on top again"
    );
}
