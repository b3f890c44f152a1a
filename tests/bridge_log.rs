//! A board played call by call and card by card on a real SQLite log (issue 3 on the log):
//! the insufficient bid is recorded and flagged with Law 27 and its decision tree, LHO's
//! acceptance (27A1) and the TD's branch choice (27B1a) are signed events, the board
//! completes, and the derived table result scores exactly as `tdlog bridge score` does.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use tdlog::bridge::auction::{Flag, Status};
use tdlog::bridge::board::Deal;
use tdlog::bridge::call::Call;
use tdlog::bridge::card::Card;
use tdlog::bridge::contract::Contract;
use tdlog::bridge::events::{AuctionEvent, PlayEvent};
use tdlog::bridge::irregularity::Decider;
use tdlog::bridge::play::{ClaimStatus, Play};
use tdlog::bridge::seat::Seat::{self, E, N, S, W};
use tdlog::bridge::tables::BridgeTables;
use tdlog::events::{
    BoardFacts, BoardRuling, BridgeAuction, BridgePlay, BridgeRuling, Payload, Slot,
    TableAssignment,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{replay, Log, LogError};
use tdlog::results::{results, Tournament};

/// Board 11 of the RealBridge file (dealer S, nobody vulnerable).
const DEAL: &str = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";

fn slot(table: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board: 11,
    }
}

fn call(table: u32, seat: Seat, c: &str) -> Payload {
    Payload::BridgeAuction(BridgeAuction {
        slot: slot(table),
        event: AuctionEvent::Call {
            seat,
            call: c.parse::<Call>().unwrap(),
        },
    })
}

fn card(table: u32, seat: Seat, c: Card) -> Payload {
    Payload::BridgePlay(BridgePlay {
        slot: slot(table),
        event: PlayEvent::Card { seat, card: c },
    })
}

struct Keys {
    chief: DeviceKey,
    td: DeviceKey,
    scorer: DeviceKey,
}

/// A log with the structure (deal, two tables) recorded by a scorer.
fn new_log(dir: &Path) -> (PathBuf, Log, Keys) {
    let p = dir.join("board.tdlog");
    let keys = Keys {
        chief: key(1),
        td: key(2),
        scorer: key(3),
    };
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &keys.chief, g).unwrap();
    log.append(&keys.chief, enrol(&keys.td, Role::Td, "Tom TD"))
        .unwrap();
    log.append(&keys.chief, enrol(&keys.scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let mut structure = vec![Payload::BoardFacts(BoardFacts {
        section: "A".into(),
        board: 11,
        dealer: None,
        vulnerable: None,
        deal: Some(DEAL.into()),
    })];
    for (table, ns, ew) in [(1, "1", "2"), (2, "3", "4")] {
        structure.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table,
            ns: ns.into(),
            ew: ew.into(),
            boards: vec![11],
        }));
    }
    log.append_batch(&keys.scorer, structure).unwrap();
    (p, log, keys)
}

fn fold(p: &Path) -> BridgeTables {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = BridgeTables::default();
    replay(&v, &mut t);
    t
}

/// The cards of a legal play of the whole hand (each hand plays its first legal card).
fn legal_play(contract: &str, declarer: Seat) -> Vec<(Seat, Card)> {
    let deal = Deal::parse_checked(DEAL).unwrap();
    let c: Contract = contract.parse().unwrap();
    let mut play = Play::new(&deal, c, declarer);
    let mut out = vec![];
    while let Some(turn) = play.turn() {
        let card = play.legal_cards(turn)[0];
        play.play(turn, card).unwrap();
        out.push((turn, card));
    }
    assert_eq!(out.len(), 52);
    out
}

fn tdlog() -> Command {
    tdlog_cmd()
}

/// `tdlog bridge score ... --json` as the CLI computes it.
fn cli_score(contract: &str, declarer: Seat, tricks: u8) -> (i64, i64) {
    let out = tdlog()
        .args([
            "bridge",
            "score",
            contract,
            &declarer.to_string(),
            "None",
            &tricks.to_string(),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (v["ns"].as_i64().unwrap(), v["ew"].as_i64().unwrap())
}

#[test]
fn law_27_insufficient_bid_on_the_log_flagged_accepted_by_lho_and_scored() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    log.append(&k.scorer, call(1, S, "1NT")).unwrap();
    let insufficient = log.append(&k.scorer, call(1, W, "1H")).unwrap();

    // Flagged at the moment it is recorded: Law 27, pending, with its options.
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    let rec = b.history.iter().find(|r| r.event == insufficient).unwrap();
    let d = rec.detected.as_ref().expect("flagged when recorded");
    assert_eq!((d.law.as_str(), d.seat), ("27", W));
    let irr = &b.irregularities()[0];
    assert_eq!(irr.law, "27");
    assert!(irr.pending);
    assert_eq!(irr.branch, None);
    let ids: Vec<&str> = irr.options.iter().map(|o| o.id).collect();
    assert_eq!(ids, ["27A1", "27B1a", "27B1b", "27B2", "27B3", "27B4"]);
    assert!(irr.chosen_by.contains(&Decider::OffendersLho));
    assert!(irr.chosen_by.contains(&Decider::Director));
    assert_eq!(b.auction.entries[1].status, Status::Pending);

    // LHO (N) calls over it: accepted (Law 27A1), recorded as what settled it.
    let accept = log.append(&k.scorer, call(1, N, "Pass")).unwrap();
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    let rec = b.history.iter().find(|r| r.event == accept).unwrap();
    assert_eq!(rec.settled, vec![(1, "27A1".to_string())]);
    assert_eq!(b.irregularities()[0].branch.as_deref(), Some("27A1"));
    assert!(!b.irregularities()[0].pending);

    for (seat, c) in [(E, "2H"), (S, "Pass"), (W, "Pass"), (N, "Pass")] {
        log.append(&k.scorer, call(1, seat, c)).unwrap();
    }
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    assert_eq!(b.view().contract.as_deref(), Some("2H"));
    assert_eq!(
        b.view().declarer,
        Some(W),
        "W named hearts first (1H stood)"
    );
    assert!(!b.is_complete());

    let cards = legal_play("2H", W);
    let batch: Vec<Payload> = cards.iter().map(|(s, c)| card(1, *s, *c)).collect();
    log.append_batch(&k.scorer, batch).unwrap();

    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    assert!(b.is_complete());
    assert!(b.history.iter().all(|r| r.not_applied.is_none()));
    let r = b.derived_result().unwrap();
    assert_eq!(r.result.contract, "2H");
    assert_eq!(r.result.declarer, Some(W));
    let tricks = r.result.tricks.unwrap();
    assert_eq!(
        (r.score.ns as i64, r.score.ew as i64),
        cli_score("2H", W, tricks),
        "the derived score is what `tdlog bridge score` gives"
    );

    // The results projection scores the derived table result, naming the signed events.
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut tour = Tournament::default();
    replay(&v, &mut tour);
    let rows = results(&tour);
    let row = rows.iter().find(|r| r.table == 1 && r.board == 11).unwrap();
    assert_eq!(row.score_ns, Some(r.score.ns));
    assert_eq!((row.ns.as_str(), row.ew.as_str()), ("1", "2"));
    assert!(tour.warnings.is_empty(), "{:?}", tour.warnings);
    // Its history names the signed card that completed the board (for `tdlog audit`).
    let h = &tour.slots[&slot(1)].history;
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].what, "bridge.play");
    assert_eq!(h[0].signer, "Sue Scorer");

    // The CLI state shows the same.
    let out = tdlog()
        .args(["bridge", "state"])
        .arg(&p)
        .args(["--round", "1", "--table", "1", "--board", "11", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["result"]["score"]["ns"], r.score.ns);
    assert_eq!(s["irregularities"][0]["law"], "27");
    assert_eq!(s["irregularities"][0]["branch"], "27A1");
}

#[test]
fn law_27b1a_the_tds_branch_choice_is_a_signed_ruling_and_the_claim_completes_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    for (seat, c) in [(S, "1NT"), (W, "1H"), (W, "2H")] {
        log.append(&k.scorer, call(2, seat, c)).unwrap();
    }
    let ruling = Payload::BridgeRuling(BridgeRuling {
        slot: slot(2),
        ruling: BoardRuling::Auction(AuctionEvent::Ruling {
            call: 1,
            branch: "27B1a".into(),
        }),
        reason: Some("2H is the lowest sufficient bid in the same denomination".into()),
    });
    // Only a Director signs a ruling: the scorer's key is refused (role table).
    match log.append(&k.scorer, ruling.clone()) {
        Err(LogError::Refused(m)) => assert!(m.contains("bridge.ruling"), "{m}"),
        other => panic!("a scorer's ruling must be refused, got {other:?}"),
    }
    log.append(&k.td, ruling).unwrap();
    for (seat, c) in [(N, "Pass"), (E, "Pass"), (S, "Pass")] {
        log.append(&k.scorer, call(2, seat, c)).unwrap();
    }
    let t = fold(&p);
    let b = t.board(&slot(2)).unwrap();
    let irr = &b.irregularities()[0];
    assert_eq!(irr.branch.as_deref(), Some("27B1a"));
    assert!(b.auction.bars.is_empty(), "27B1a: no rectification");
    assert!(b
        .auction
        .flags
        .iter()
        .any(|f| matches!(f, Flag::Review { law, .. } if law == "27D")));
    assert_eq!(b.view().contract.as_deref(), Some("2H"));
    assert_eq!(b.view().declarer, Some(W));

    // Four tricks played, then declarer claims the rest and everybody agrees (Law 69A).
    let cards = legal_play("2H", W);
    let batch: Vec<Payload> = cards[..16].iter().map(|(s, c)| card(2, *s, *c)).collect();
    log.append_batch(&k.scorer, batch).unwrap();
    let t = fold(&p);
    let won = t.board(&slot(2)).unwrap().view().declarer_tricks;
    log.append_batch(
        &k.scorer,
        vec![
            Payload::BridgePlay(BridgePlay {
                slot: slot(2),
                event: PlayEvent::Claim {
                    claimer: W,
                    remaining: 6,
                },
            }),
            Payload::BridgePlay(BridgePlay {
                slot: slot(2),
                event: PlayEvent::ClaimSettled {
                    status: ClaimStatus::Agreed,
                },
            }),
        ],
    )
    .unwrap();
    let t = fold(&p);
    let r = t.board(&slot(2)).unwrap().derived_result().unwrap();
    assert!(r.claimed);
    assert_eq!(r.result.tricks, Some(won + 6));
    assert_eq!(
        (r.score.ns as i64, r.score.ew as i64),
        cli_score("2H", W, won + 6)
    );

    // A contested claim is the TD's (Law 70): it replaces the agreed total.
    log.append(
        &k.td,
        Payload::BridgeRuling(BridgeRuling {
            slot: slot(2),
            ruling: BoardRuling::Play(PlayEvent::ClaimSettled {
                status: ClaimStatus::Ruled { remaining: 5 },
            }),
            reason: Some("a trump was outstanding".into()),
        }),
    )
    .unwrap();
    let r = fold(&p).board(&slot(2)).unwrap().derived_result().unwrap();
    assert_eq!(r.result.tricks, Some(won + 5));
}

#[test]
fn record_first_a_card_not_held_is_kept_and_flagged_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    for (seat, c) in [(S, "1NT"), (W, "Pass"), (N, "3NT"), (E, "Pass")] {
        log.append(&k.scorer, call(1, seat, c)).unwrap();
    }
    // A card before the auction has ended waits for the play.
    let early = log
        .append(&k.scorer, card(1, W, "C6".parse().unwrap()))
        .unwrap();
    let t = fold(&p);
    let rec = t.board(&slot(1)).unwrap().history.last().unwrap().clone();
    assert_eq!(rec.event, early);
    assert!(rec.not_applied.as_deref().unwrap().contains("waiting"));
    log.append(&k.scorer, call(1, S, "Pass")).unwrap();
    log.append(&k.scorer, call(1, W, "Pass")).unwrap();
    // Now the auction has ended: the waiting card is the opening lead (W is on lead).
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    assert!(
        b.history.iter().all(|r| r.not_applied.is_none()),
        "{:?}",
        b.history
    );
    assert_eq!(b.view().tricks[0].cards.len(), 1);
    // N does not hold the SQ: kept in the log, not applied, reason given.
    let bad = log
        .append(&k.scorer, card(1, N, "SQ".parse().unwrap()))
        .unwrap();
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    let rec = b.history.iter().find(|r| r.event == bad).unwrap();
    assert!(rec
        .not_applied
        .as_deref()
        .unwrap()
        .contains("does not hold"));
    assert_eq!(b.view().tricks[0].cards.len(), 1, "the state is unchanged");
}

#[test]
fn director_findings_cannot_be_recorded_as_table_events() {
    let p = Payload::BridgePlay(BridgePlay {
        slot: slot(1),
        event: PlayEvent::ClaimSettled {
            status: ClaimStatus::Ruled { remaining: 3 },
        },
    });
    assert!(p
        .encode()
        .unwrap_err()
        .to_string()
        .contains("bridge.ruling"));
    let p = Payload::BridgeAuction(BridgeAuction {
        slot: slot(1),
        event: AuctionEvent::Ruling {
            call: 0,
            branch: "27A1".into(),
        },
    });
    assert!(p.encode().is_err());
}

#[test]
fn replay_of_the_board_is_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    for (seat, c) in [(S, "1NT"), (W, "1H"), (N, "Pass"), (E, "2H")] {
        log.append(&k.scorer, call(1, seat, c)).unwrap();
    }
    for (seat, c) in [(S, "Pass"), (W, "Pass"), (N, "Pass")] {
        log.append(&k.scorer, call(1, seat, c)).unwrap();
    }
    // A copy of the log as it stood after the auction (closed first: WAL checkpointed).
    drop(log);
    let copy = dir.path().join("copy.tdlog");
    std::fs::copy(&p, &copy).unwrap();
    let mut log = Log::open(&p).unwrap();
    let batch: Vec<Payload> = legal_play("2H", W)
        .iter()
        .map(|(s, c)| card(1, *s, *c))
        .collect();
    log.append_batch(&k.chief, batch).unwrap();
    drop(log);
    let a = serde_json::to_vec(&fold(&p).board(&slot(1)).unwrap().view()).unwrap();
    let b = serde_json::to_vec(&fold(&p).board(&slot(1)).unwrap().view()).unwrap();
    assert_eq!(a, b);
    // And through a bundle merged into a fresh copy: the same bytes.
    let bundle = dir.path().join("b.bundle");
    let out = tdlog()
        .args(["export"])
        .arg(&p)
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(out.status.success());
    let state = |log: &Path| {
        let o = tdlog()
            .args(["bridge", "state"])
            .arg(log)
            .args(["--round", "1", "--table", "1", "--board", "11", "--json"])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        o.stdout
    };
    let first = state(&p);
    assert_eq!(first, state(&p));
    // A second device that had only the auction merges the bundle.
    let out = tdlog()
        .arg("merge")
        .arg(&copy)
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(first, state(&copy));
}

/// The auction of table 1 ending in 2H by W (leader N): S 1NT, W 1H (accepted), N pass, E 2H, three passes.
fn two_hearts_by_west(log: &mut Log, k: &Keys, table: u32) {
    for (seat, c) in [
        (S, "1NT"),
        (W, "1H"),
        (N, "Pass"),
        (E, "2H"),
        (S, "Pass"),
        (W, "Pass"),
        (N, "Pass"),
    ] {
        log.append(&k.scorer, call(table, seat, c)).unwrap();
    }
}

#[test]
fn law_54_faced_opening_lead_out_of_turn_waits_for_declarers_option_then_54a_spread() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    two_hearts_by_west(&mut log, &k, 1);
    // N is on lead; his partner S faces a card instead.
    let s_card = legal_play("2H", W)
        .iter()
        .find(|(s, _)| *s == S)
        .map(|(_, c)| *c)
        .unwrap();
    let lead = log.append(&k.scorer, card(1, S, s_card)).unwrap();
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    let rec = b.history.iter().find(|r| r.event == lead).unwrap();
    assert_eq!(rec.detected.as_ref().map(|d| d.law.as_str()), Some("54"));
    let v = b.view();
    assert_eq!(v.option_due, Some("54"), "play waits for declarer's choice");
    let irr = v.irregularities.iter().find(|i| i.law == "54").unwrap();
    assert!(irr.pending);
    let ids: Vec<&str> = irr.options.iter().map(|o| o.id).collect();
    for want in ["54A", "54B", "54D"] {
        assert!(ids.contains(&want), "{want} in {ids:?}");
    }
    assert!(irr.chosen_by.contains(&Decider::Declarer));

    // Declarer spreads (Law 54A): E becomes declarer of the play; the lead is in turn.
    log.append(
        &k.scorer,
        Payload::BridgePlay(BridgePlay {
            slot: slot(1),
            event: PlayEvent::LeadOutOfTurn {
                choice: tdlog::bridge::play::LeadOutOfTurnChoice::Spread,
            },
        }),
    )
    .unwrap();
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    let irr = b
        .irregularities()
        .into_iter()
        .find(|i| i.law == "54")
        .unwrap();
    assert_eq!(irr.branch.as_deref(), Some("54A"));
    assert_eq!(b.play.as_ref().unwrap().declarer, E);
    // A call after the final pass (Law 39) does not restart the play.
    log.append(&k.scorer, call(1, N, "X")).unwrap();
    let t = fold(&p);
    let b = t.board(&slot(1)).unwrap();
    assert_eq!(b.play.as_ref().unwrap().declarer, E);
    assert_eq!(b.view().tricks[0].cards.len(), 1);
    assert_eq!(
        b.history
            .last()
            .unwrap()
            .detected
            .as_ref()
            .map(|d| d.law.as_str()),
        Some("39")
    );
}

mod incremental {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(24), ..ProptestConfig::default() })]
        /// Whatever is recorded (irregular calls and cards, rulings naming any branch, cards
        /// nobody holds), the fold never panics, and folding event by event gives the same
        /// board as folding it again from scratch (the rebuild a re-recorded deal triggers).
        #[test]
        fn folding_event_by_event_equals_a_rebuild(
            steps in proptest::collection::vec((0u8..10, 0usize..4, 0usize..52, 0usize..40), 1..90)
        ) {
            let dir = tempfile::tempdir().unwrap();
            let (p, mut log, k) = new_log(dir.path());
            let calls = ["Pass", "Pass", "Pass", "1C", "1H", "2H", "3NT", "X", "XX", "8C"];
            let branches = ["27A1", "27B1a", "27B2", "31A1", "30A", "36B", "39B", "25A"];
            let mut batch = Vec::new();
            for (what, seat, n, m) in steps {
                let seat = Seat::from_index(seat);
                batch.push(match what {
                    0..=4 => call(1, seat, calls[m % calls.len()]),
                    5..=8 => card(1, seat, Card::from_index(n).unwrap()),
                    _ => Payload::BridgeRuling(BridgeRuling {
                        slot: slot(1),
                        ruling: BoardRuling::Auction(AuctionEvent::Ruling {
                            call: m % 12,
                            branch: branches[n % branches.len()].into(),
                        }),
                        reason: None,
                    }),
                });
            }
            log.append_batch(&k.td, batch).unwrap();
            let before = fold(&p).board(&slot(1)).unwrap().view();
            // The same deal recorded again: every board of it is folded from scratch.
            log.append(&k.scorer, Payload::BoardFacts(BoardFacts {
                section: "A".into(),
                board: 11,
                dealer: None,
                vulnerable: None,
                deal: Some(DEAL.into()),
            })).unwrap();
            let after = fold(&p).board(&slot(1)).unwrap().view();
            prop_assert_eq!(
                serde_json::to_value(&before).unwrap(),
                serde_json::to_value(&after).unwrap()
            );
        }
    }
}
