//! The live state (issue 12): a tournament kept in memory and folded append by append
//! (`tdlog::live::Live`, what the desktop app holds) is always byte for byte what a fresh
//! replay of the same log gives: boards at the tables, tournament, results, appeals
//! workflow, Doppelkopf tables. Random scripts of calls, cards, notes, results, adjusted
//! scores, rulings, publications, appeals (refused by the guards or not), settings, key
//! enrolments, a merge from another device and a write by another program on the same file.

mod common;

use common::world::{self, pairs, slot};
use common::*;
use proptest::prelude::*;
use serde_json::json;
use std::path::Path;
use tdlog::bridge::call::Call;
use tdlog::bridge::events::{AuctionEvent, PlayEvent};
use tdlog::bridge::seat::Seat;
use tdlog::events::*;
use tdlog::keys::{DeviceKey, Role};
use tdlog::live::{Absorbed, Live};
use tdlog::log::cache::VerifiedCache;
use tdlog::log::seen::SeenStore;
use tdlog::log::Log;

#[derive(Debug, Clone)]
enum Op {
    Call {
        table: u32,
        seat: usize,
        call: usize,
    },
    Card {
        table: u32,
        seat: usize,
        card: usize,
    },
    Note,
    Result {
        table: u32,
        tricks: u8,
    },
    Adjust {
        table: u32,
    },
    Ruling {
        table: u32,
    },
    Publish,
    Appeal {
        consents: bool,
    },
    Settings {
        minutes: u32,
    },
    Enrol,
    Merge,
    External,
}

const CALLS: [&str; 7] = ["P", "1C", "1NT", "2H", "3NT", "X", "7NT"];
const CARDS: [&str; 6] = ["SA", "HK", "D2", "C7", "ST", "H3"];

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (1..3u32, 0..4usize, 0..CALLS.len()).prop_map(|(table, seat, call)| Op::Call { table, seat, call }),
        6 => (1..3u32, 0..4usize, 0..CARDS.len()).prop_map(|(table, seat, card)| Op::Card { table, seat, card }),
        2 => Just(Op::Note),
        3 => (1..3u32, 6..13u8).prop_map(|(table, tricks)| Op::Result { table, tricks }),
        1 => (1..3u32).prop_map(|table| Op::Adjust { table }),
        2 => (1..3u32).prop_map(|table| Op::Ruling { table }),
        1 => Just(Op::Publish),
        2 => any::<bool>().prop_map(|consents| Op::Appeal { consents }),
        1 => (1..40u32).prop_map(|minutes| Op::Settings { minutes }),
        1 => Just(Op::Enrol),
        1 => Just(Op::Merge),
        1 => Just(Op::External),
    ]
}

/// Everything the live state holds, as text (Debug: every map in it is ordered).
fn state_bytes(l: &Live) -> Vec<String> {
    let r = &l.replayed;
    vec![
        format!("{:?}", r.tables),
        format!("{:?}", r.tournament),
        serde_json::to_string(&r.results).unwrap(),
        format!("{:?}", l.workflow),
        format!("{:?}", l.doko),
        r.log.events.len().to_string(),
        serde_json::to_string(&r.log.keys.keys.keys().collect::<Vec<_>>()).unwrap(),
        // The head set kept append by append is the one of the events held.
        format!("{:?}", l.head_set()),
        format!("{:?}", tdlog::log::digest::HeadSet::of(&r.log)),
        format!("{:?}", l.future_dated()),
    ]
}

fn open_live(p: &Path, data: &Path) -> Live {
    let mut log = Log::open(p).unwrap();
    log.attach_seen(SeenStore::new(data)).unwrap();
    log.attach_cache(VerifiedCache::new(data));
    Live::open(log, None).unwrap()
}

/// The shared world (`common::world`) at `dir`: its path and the chief TD, TD and scorer.
fn new_log(dir: &Path) -> (std::path::PathBuf, [DeviceKey; 3]) {
    let p = dir.join("live.tdlog");
    world::pairs_at_two_tables(&p, "Live Pairs");
    (p, [key(1), key(2), key(3)])
}

fn run(ops: &[Op]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let (p, [chief, td, scorer]) = new_log(dir.path());
    let data = dir.path().join("device");
    let mut live = open_live(&p, &data);
    let organiser = key(8);
    let mut now = chrono::Utc::now().timestamp_millis();
    let mut last_ruling = None;
    let mut enrolled = 10u8;
    let mut kinds = vec![];
    for (i, o) in ops.iter().enumerate() {
        now += 60_000;
        let (signer, payload): (&DeviceKey, Payload) = match o {
            Op::Call { table, seat, call } => (
                &td,
                Payload::BridgeAuction(BridgeAuction {
                    slot: slot(*table),
                    event: AuctionEvent::Call {
                        seat: Seat::from_index(*seat),
                        call: CALLS[*call].parse::<Call>().unwrap(),
                    },
                }),
            ),
            Op::Card { table, seat, card } => (
                &td,
                Payload::BridgePlay(BridgePlay {
                    slot: slot(*table),
                    event: PlayEvent::Card {
                        seat: Seat::from_index(*seat),
                        card: CARDS[*card].parse().unwrap(),
                    },
                }),
            ),
            Op::Note => (&td, note(&format!("note {i}"))),
            Op::Result { table, tricks } => {
                let (ns, ew) = pairs(*table);
                (
                    &scorer,
                    Payload::ResultRecorded(Box::new(ResultRecorded {
                        slot: slot(*table),
                        ns,
                        ew,
                        result: TableResult {
                            contract: "3NT".into(),
                            declarer: Some(Seat::S),
                            tricks: Some(*tricks),
                        },
                    })),
                )
            }
            Op::Adjust { table } => {
                let (ns, ew) = pairs(*table);
                (
                    &td,
                    Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
                        slot: slot(*table),
                        ns,
                        ew,
                        law: "12C2".into(),
                        adjustment: Adjustment::Artificial {
                            ns: Artificial::AveragePlus,
                            ew: Artificial::AverageMinus,
                        },
                        reason: "no result possible".into(),
                    })),
                )
            }
            Op::Ruling { table } => (&td, world::ruling(*table)),
            Op::Publish => (
                &scorer,
                Payload::ResultsPublished(ResultsPublished {
                    sections: vec![],
                    session: None,
                }),
            ),
            Op::Appeal { consents } => {
                let Some(r) = last_ruling else { continue };
                (
                    &td,
                    Payload::AppealFiled(AppealFiled {
                        ruling: r,
                        appellant: "1".into(),
                        grounds: "the hesitation suggested 3NT".into(),
                        consents: if *consents {
                            vec!["Ida".into(), "Ole".into()]
                        } else {
                            vec![]
                        },
                    }),
                )
            }
            Op::Settings { minutes } => (
                &organiser,
                Payload::AppealSettings(Box::new(
                    serde_json::from_value(json!({
                        "correction_minutes": 30,
                        "appeal_minutes": minutes,
                        "reason": "short session"
                    }))
                    .unwrap(),
                )),
            ),
            Op::Enrol => {
                enrolled += 1;
                (&chief, enrol(&key(enrolled), Role::Td, "New TD"))
            }
            Op::Merge => {
                // Another device's note, made on its copy of the log and merged here. The
                // copy is taken afresh every other time: else its notes are concurrent with
                // what was signed here since, and come earlier in replay order.
                let other = dir.path().join("other.tdlog");
                if i % 2 == 0 || !other.exists() {
                    std::fs::copy(&p, &other).unwrap();
                    let _ = std::fs::remove_file(other.with_extension("tdlog-wal"));
                }
                let mut o = Log::open(&other).unwrap();
                let at = now;
                o.set_clock(move || at);
                o.append(&key(5), note("other device")).unwrap();
                let mut raws: Vec<_> = o
                    .read_inputs()
                    .unwrap()
                    .into_iter()
                    .map(|x| x.raw)
                    .collect();
                drop(o);
                // The whole copy (a `tdlog merge` of a file), or only what this log lacks (a
                // sync round), with this device's receipt or without (`--watch`).
                if i % 3 != 0 {
                    let held: std::collections::HashSet<_> = Log::open(&p)
                        .unwrap()
                        .read_inputs()
                        .unwrap()
                        .into_iter()
                        .map(|x| x.raw.id())
                        .collect();
                    raws.retain(|r| !held.contains(&r.id()));
                }
                let signer = (i % 3 != 2).then_some(&td);
                let r = live.merge(raws, signer).unwrap();
                kinds.push(format!("merge: {} new", r.added));
                let fresh = open_live(&p, &dir.path().join(format!("fresh-{i}")));
                prop_assert_eq!(state_bytes(&live), state_bytes(&fresh), "after {:?}", kinds);
                continue;
            }
            Op::External => {
                // Another program (the CLI) appends to the same file.
                let mut o = Log::open(&p).unwrap();
                let at = now;
                o.set_clock(move || at);
                o.append(&td, note("from the command line")).unwrap();
                drop(o);
                kinds.push("external".to_string());
                live.catch_up().unwrap();
                let fresh = open_live(&p, &dir.path().join(format!("fresh-{i}")));
                prop_assert_eq!(state_bytes(&live), state_bytes(&fresh), "after {:?}", kinds);
                continue;
            }
        };
        match live.append(signer, payload.clone(), now) {
            Ok((id, how)) => {
                if matches!(payload, Payload::Ruling(_)) {
                    last_ruling = Some(id);
                }
                kinds.push(format!("{}:{how:?}", payload.kind()));
            }
            Err(e) => kinds.push(format!("{}: refused ({e})", payload.kind())),
        }
        // After every step the live state is what a fresh replay of the file gives.
        let fresh = open_live(&p, &dir.path().join(format!("fresh-{i}")));
        prop_assert_eq!(state_bytes(&live), state_bytes(&fresh), "after {:?}", kinds);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn the_live_state_equals_a_fresh_replay(ops in proptest::collection::vec(op(), 1..30)) {
        run(&ops)?;
    }
}

/// Calls and cards at the table, a note and a result are folded on top of the state; a
/// setting refolds what is in memory; a key enrolment verifies again.
#[test]
fn law_free_live_paths_at_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let (p, [chief, td, _]) = new_log(dir.path());
    let mut live = open_live(&p, &dir.path().join("device"));
    let now = chrono::Utc::now().timestamp_millis();
    let call = Payload::BridgeAuction(BridgeAuction {
        slot: slot(1),
        event: AuctionEvent::Call {
            seat: Seat::N,
            call: "1NT".parse::<Call>().unwrap(),
        },
    });
    assert_eq!(
        live.append(&td, call, now).unwrap().1,
        Absorbed::Incremental
    );
    assert_eq!(
        live.append(&td, note("at table 1"), now).unwrap().1,
        Absorbed::Incremental
    );
    let s = Payload::AppealSettings(Box::new(
        serde_json::from_value(
            json!({"correction_minutes": 30, "appeal_minutes": 20, "reason": "short"}),
        )
        .unwrap(),
    ));
    assert_eq!(live.append(&key(8), s, now).unwrap().1, Absorbed::Refolded);
    assert_eq!(
        live.append(&chief, enrol(&key(9), Role::Td, "Nina"), now)
            .unwrap()
            .1,
        Absorbed::Reverified
    );
    let fresh = open_live(&p, &dir.path().join("fresh"));
    assert_eq!(state_bytes(&live), state_bytes(&fresh));
}

/// A set-up signed in one batch (a new contestant, its table, a result at it) is folded once
/// and leaves exactly the state a fresh replay gives; a batch with one step the guards refuse
/// signs none of it.
#[test]
fn a_batch_is_folded_once_and_equals_a_fresh_replay() {
    let dir = tempfile::tempdir().unwrap();
    let (p, [_, td, scorer]) = new_log(dir.path());
    let mut live = open_live(&p, &dir.path().join("device"));
    let now = chrono::Utc::now().timestamp_millis();
    let mut batch: Vec<Payload> = (5..=6)
        .map(|n| {
            Payload::Contestant(Box::new(Contestant {
                section: "A".into(),
                id: n.to_string(),
                name: format!("Pair {n}"),
                members: vec![],
                captain: None,
                phantom: false,
            }))
        })
        .collect();
    batch.push(Payload::TableAssignment(TableAssignment {
        section: "A".into(),
        round: 1,
        table: 3,
        ns: "5".into(),
        ew: "6".into(),
        boards: vec![1],
    }));
    batch.push(Payload::ResultRecorded(Box::new(ResultRecorded {
        slot: slot(3),
        ns: "5".into(),
        ew: "6".into(),
        result: TableResult {
            contract: "3NT".into(),
            declarer: Some(Seat::S),
            tricks: Some(9),
        },
    })));
    let before = live.replayed.log.events.len();
    let ids = live.append_batch(&scorer, batch, now).unwrap();
    assert_eq!(ids.len(), 4);
    assert_eq!(live.replayed.log.events.len(), before + 4);
    let fresh = open_live(&p, &dir.path().join("fresh"));
    assert_eq!(state_bytes(&live), state_bytes(&fresh));
    // A scorer's batch holding a ruling (a TD's step) is refused whole.
    let ruling = Payload::BridgeRuling(BridgeRuling {
        slot: slot(1),
        ruling: BoardRuling::Auction(AuctionEvent::Ruling {
            call: 0,
            branch: "27B1a".into(),
        }),
        reason: None,
    });
    let _ = td;
    assert!(live
        .append_batch(&scorer, vec![note("x"), ruling], now)
        .is_err());
    assert_eq!(live.replayed.log.events.len(), before + 4);
}

/// The app verifies through a read-only connection (with progress) and appends through a
/// writable one: the writable log adopts the verified state, unless another program wrote
/// in between, in which case the first append catches up first.
#[test]
fn a_state_verified_read_only_is_adopted_unless_the_file_changed() {
    let dir = tempfile::tempdir().unwrap();
    let (p, [_, td, _]) = new_log(dir.path());
    let data = dir.path().join("device");
    let reader = |p: &Path| {
        let mut r = Log::open_read_only(p).unwrap();
        r.attach_seen(SeenStore::new(&data)).unwrap();
        r.attach_cache(VerifiedCache::new(&data));
        r.verify(None).unwrap()
    };
    let writer = |p: &Path| {
        let mut w = Log::open(p).unwrap();
        w.attach_seen(SeenStore::new(&data)).unwrap();
        w.attach_cache(VerifiedCache::new(&data));
        w
    };
    let now = chrono::Utc::now().timestamp_millis();
    let v = reader(&p);
    let mut live = Live::from_verified(Some(writer(&p)), v).unwrap();
    live.append(&td, note("adopted"), now).unwrap();
    // Another program appends between the read-only verify and the writable open.
    let v = reader(&p);
    let mut other = Log::open(&p).unwrap();
    other.append(&td, note("from the command line")).unwrap();
    drop(other);
    let mut live = Live::from_verified(Some(writer(&p)), v).unwrap();
    live.append(&td, note("after catching up"), now).unwrap();
    let fresh = open_live(&p, &dir.path().join("fresh"));
    assert_eq!(state_bytes(&live), state_bytes(&fresh));
    assert_eq!(
        live.replayed.log.events.len(),
        fresh.replayed.log.events.len()
    );
    // Read-only: nothing is signed, with a sentence saying why.
    let mut ro = Live::from_verified(None, reader(&p)).unwrap();
    let e = ro.append(&td, note("x"), now).unwrap_err().to_string();
    assert!(e.contains("read-only"), "{e}");
}
