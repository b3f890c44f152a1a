//! A tournament log for the screen tests: board 11 of section A at three tables in round 1.
//! Table 1: West's insufficient 1H over 1NT, replaced by 2H, the TD rules 27B1a, 2H by West is
//! played out card by card. Table 2: a recorded table result (3NT by S). Table 3: the TD's
//! artificial adjusted score (Law 12C2). Plus director-call notes by the TD and the chief TD.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use tdlog::bridge::board::Deal;
use tdlog::bridge::call::Call;
use tdlog::bridge::card::Card;
use tdlog::bridge::contract::Contract;
use tdlog::bridge::events::{AuctionEvent, PlayEvent};
use tdlog::bridge::play::Play;
use tdlog::bridge::seat::Seat::{self, E, N, S, W};
use tdlog::events::{
    Adjustment, Artificial, BoardFacts, BridgeAuction, BridgePlay, Payload, ResultRecorded,
    ScoreAdjusted, Slot, TableAssignment, TableResult,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::Log;
use tdlog::views::Replayed;

#[path = "../common/mod.rs"]
mod common;
pub use common::{enrol, genesis, key};

/// Board 11 of the RealBridge file (dealer S, nobody vulnerable).
pub const DEAL: &str = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";

pub fn slot(table: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board: 11,
    }
}

pub fn call(table: u32, seat: Seat, c: &str) -> Payload {
    Payload::BridgeAuction(BridgeAuction {
        slot: slot(table),
        event: AuctionEvent::Call {
            seat,
            call: c.parse::<Call>().unwrap(),
        },
    })
}

pub fn card(table: u32, seat: Seat, c: Card) -> Payload {
    Payload::BridgePlay(BridgePlay {
        slot: slot(table),
        event: PlayEvent::Card { seat, card: c },
    })
}

pub struct Keys {
    pub chief: DeviceKey,
    pub td: DeviceKey,
    pub scorer: DeviceKey,
}

/// The structure (deal, three tables) recorded by a scorer, and West's insufficient bid at
/// table 1 (pending: nobody has called over it, no ruling yet).
pub fn log_with_insufficient_bid(dir: &Path) -> (PathBuf, Log, Keys) {
    let p = dir.join("views.tdlog");
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
    for (table, ns, ew) in [(1, "1", "2"), (2, "3", "4"), (3, "5", "6")] {
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
    for (seat, c) in [(S, "1NT"), (W, "1H")] {
        log.append(&keys.scorer, call(1, seat, c)).unwrap();
    }
    (p, log, keys)
}

/// The cards of a legal play of the whole hand (each hand plays its first legal card).
pub fn legal_play(contract: &str, declarer: Seat) -> Vec<(Seat, Card)> {
    let deal = Deal::parse_checked(DEAL).unwrap();
    let c: Contract = contract.parse().unwrap();
    let mut play = Play::new(&deal, c, declarer);
    let mut out = vec![];
    while let Some(turn) = play.turn() {
        let card = play.legal_cards(turn)[0];
        play.play(turn, card).unwrap();
        out.push((turn, card));
    }
    out
}

/// After the TD's 27B1a ruling (appended by the caller): the rest of the auction and the
/// play at table 1, the result at table 2, the adjusted score at table 3.
pub fn finish_board(log: &mut Log, k: &Keys) {
    for (seat, c) in [(N, "Pass"), (E, "Pass"), (S, "Pass")] {
        log.append(&k.scorer, call(1, seat, c)).unwrap();
    }
    let batch: Vec<Payload> = legal_play("2H", W)
        .into_iter()
        .map(|(s, c)| card(1, s, c))
        .collect();
    log.append_batch(&k.scorer, batch).unwrap();
    log.append(
        &k.scorer,
        Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(2),
            ns: "3".into(),
            ew: "4".into(),
            result: TableResult {
                contract: "3NT".into(),
                declarer: Some(S),
                tricks: Some(9),
            },
        })),
    )
    .unwrap();
    log.append(
        &k.td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(3),
            ns: "5".into(),
            ew: "6".into(),
            law: "12C2".into(),
            adjustment: Adjustment::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            },
            reason: "no result could be obtained".into(),
        })),
    )
    .unwrap();
}

pub fn replayed(p: &Path) -> Replayed {
    Replayed::new(Log::open(p).unwrap().verify(None).unwrap())
}

pub fn tdlog() -> std::process::Command {
    common::tdlog_cmd()
}
