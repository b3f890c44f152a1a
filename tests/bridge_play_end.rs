//! Law 68D: once play has ended (13 tricks, a claim agreed under Law 69A or settled under
//! Law 70, a pass-out) no card is signed (issue 28, N4). The app's live state and the CLI
//! refuse it the same way, naming the law, and the log is as it was. A director's finding
//! after the end (Law 70 on a contested claim) still goes in.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use tdlog::appeals::AppendError;
use tdlog::bridge::board::Deal;
use tdlog::bridge::call::Call;
use tdlog::bridge::card::Card;
use tdlog::bridge::contract::Contract;
use tdlog::bridge::events::{AuctionEvent, PlayEvent};
use tdlog::bridge::play::{ClaimStatus, Play};
use tdlog::bridge::play_end::{Ended, TableRefusal};
use tdlog::bridge::seat::Seat::{self, E, N, S, W};
use tdlog::events::{
    BoardFacts, BoardRuling, BridgeAuction, BridgePlay, BridgeRuling, Payload, Slot,
    TableAssignment,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::live::Live;
use tdlog::log::Log;

/// Board 11 of the RealBridge file (dealer S, nobody vulnerable).
const DEAL: &str = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";

fn slot() -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table: 1,
        board: 11,
    }
}

fn call(seat: Seat, c: &str) -> Payload {
    Payload::BridgeAuction(BridgeAuction {
        slot: slot(),
        event: AuctionEvent::Call {
            seat,
            call: c.parse::<Call>().unwrap(),
        },
    })
}

fn card(seat: Seat, c: Card) -> Payload {
    Payload::BridgePlay(BridgePlay {
        slot: slot(),
        event: PlayEvent::Card { seat, card: c },
    })
}

fn play(e: PlayEvent) -> Payload {
    Payload::BridgePlay(BridgePlay {
        slot: slot(),
        event: e,
    })
}

/// A log with board 11's deal and one table, 2H by West bid, and the chief's, TD's keys.
fn world(dir: &Path) -> (PathBuf, DeviceKey, DeviceKey) {
    let p = dir.join("board.tdlog");
    let (chief, td) = (key(1), key(2));
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    let mut batch = vec![
        Payload::BoardFacts(BoardFacts {
            section: "A".into(),
            board: 11,
            dealer: None,
            vulnerable: None,
            deal: Some(DEAL.into()),
        }),
        Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: 1,
            ns: "1".into(),
            ew: "2".into(),
            boards: vec![11],
        }),
    ];
    for (seat, c) in [(S, "1NT"), (W, "2H"), (N, "Pass"), (E, "Pass"), (S, "Pass")] {
        batch.push(call(seat, c));
    }
    log.append_batch(&td, batch).unwrap();
    (p, chief, td)
}

/// A legal play of the whole hand (each hand plays its first legal card).
fn legal_play() -> Vec<(Seat, Card)> {
    let deal = Deal::parse_checked(DEAL).unwrap();
    let c: Contract = "2H".parse().unwrap();
    let mut play = Play::new(&deal, c, W);
    let mut out = vec![];
    while let Some(turn) = play.turn() {
        let card = play.legal_cards(turn)[0];
        play.play(turn, card).unwrap();
        out.push((turn, card));
    }
    out
}

/// `tdlog ARGS` in English: (success, stdout and stderr).
fn cli(args: &[&str]) -> (bool, String) {
    let out = tdlog_cmd()
        .env("TDLOG_LANG", "en")
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn events(p: &Path) -> usize {
    Log::open(p).unwrap().verify(None).unwrap().events.len()
}

fn play_ended(r: Result<impl std::fmt::Debug, AppendError>) -> Ended {
    match r {
        Err(AppendError::Table(TableRefusal::PlayEnded { ended, board, .. })) => {
            assert_eq!(board, 11);
            ended
        }
        other => panic!("expected Law 68D's refusal, got {other:?}"),
    }
}

#[test]
fn law_68d_a_card_after_an_agreed_claim_is_refused_and_nothing_signed() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, td) = world(dir.path());
    let cards = legal_play();
    let mut live = Live::open(Log::open(&p).unwrap(), None).unwrap();
    for (s, c) in &cards[..16] {
        live.append(&td, card(*s, *c), T0).unwrap();
    }
    live.append(
        &td,
        play(PlayEvent::Claim {
            claimer: W,
            remaining: 6,
        }),
        T0,
    )
    .unwrap();
    live.append(
        &td,
        play(PlayEvent::ClaimSettled {
            status: ClaimStatus::Agreed,
        }),
        T0,
    )
    .unwrap();
    let before = events(&p);
    let (s, c) = cards[16];
    assert_eq!(
        play_ended(live.append(&td, card(s, c), T0)),
        Ended::ClaimAgreed
    );
    // A second claim is play too.
    let again = live.append(
        &td,
        play(PlayEvent::Claim {
            claimer: W,
            remaining: 1,
        }),
        T0,
    );
    assert_eq!(play_ended(again), Ended::ClaimAgreed);
    assert_eq!(events(&p), before, "nothing was signed");
    let err = TableRefusal::PlayEnded {
        round: 1,
        table: 1,
        board: 11,
        ended: Ended::ClaimAgreed,
    };
    assert!(err.to_string().starts_with("Law 68D: "), "{err}");
    assert!(err.to_string().contains("Law 69A"), "{err}");

    // The director's finding on a contested claim still goes in after the end (Law 70).
    live.append(
        &td,
        Payload::BridgeRuling(BridgeRuling {
            slot: slot(),
            ruling: BoardRuling::Play(PlayEvent::ClaimSettled {
                status: ClaimStatus::Ruled { remaining: 5 },
            }),
            reason: Some("a trump was outstanding".into()),
        }),
        T0,
    )
    .unwrap();
    assert_eq!(events(&p), before + 1);
}

#[test]
fn law_68d_no_card_after_the_thirteenth_trick() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, td) = world(dir.path());
    let cards = legal_play();
    let mut live = Live::open(Log::open(&p).unwrap(), None).unwrap();
    for (s, c) in &cards {
        live.append(&td, card(*s, *c), T0).unwrap();
    }
    let before = events(&p);
    let (s, c) = cards[0];
    assert_eq!(
        play_ended(live.append(&td, card(s, c), T0)),
        Ended::ThirteenTricks
    );
    assert_eq!(events(&p), before);
}

#[test]
fn law_68d_the_cli_refuses_a_card_after_an_agreed_claim_naming_the_law() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, td) = world(dir.path());
    let k = dir.path().join("td.key");
    td.save(&k, None).unwrap();
    let log = p.to_str().unwrap();
    let cards = legal_play();
    let at = [
        "--round",
        "1",
        "--table",
        "1",
        "--board",
        "11",
        "--section",
        "A",
    ];
    for (_, c) in &cards[..4] {
        let cs = c.to_string();
        let mut args = vec!["bridge", "play", log, "--card", &cs];
        args.extend(at);
        args.extend(["--key", k.to_str().unwrap()]);
        let (ok, t) = cli(&args);
        assert!(ok, "{t}");
    }
    let mut args = vec![
        "bridge", "claim", log, "--seat", "W", "--tricks", "9", "--agreed",
    ];
    args.extend(at);
    args.extend(["--key", k.to_str().unwrap()]);
    let (ok, t) = cli(&args);
    assert!(ok, "{t}");
    let before = events(&p);
    let cs = cards[4].1.to_string();
    let mut args = vec!["bridge", "play", log, "--card", &cs];
    args.extend(at);
    args.extend(["--key", k.to_str().unwrap()]);
    let (ok, t) = cli(&args);
    assert!(!ok);
    assert!(t.contains("Law 68D") && t.contains("Law 69A"), "{t}");
    assert_eq!(events(&p), before, "nothing was signed");
}
