//! The appeal form and casebook show the board as the log recorded it (issue 5 "Reports":
//! deal, auction, play): the calls and cards folded by `bridge::tables`, the contract, and
//! every irregularity flagged with its law (here Law 27, an insufficient bid accepted by
//! LHO's call, 27A1).

mod common;

use common::*;
use tdlog::appeals::report::{casebook, dossier, html, Block};
use tdlog::bridge::board::Deal;
use tdlog::bridge::call::Call;
use tdlog::bridge::contract::Contract;
use tdlog::bridge::events::{AuctionEvent, PlayEvent};
use tdlog::bridge::play::Play;
use tdlog::bridge::seat::Seat::{self, E, N, S, W};
use tdlog::events::{
    AppealFiled, BoardFacts, BridgeAuction, BridgePlay, Category, Contestant, Payload, Ruling,
    Slot, TableAssignment,
};
use tdlog::i18n::Lang;
use tdlog::keys::Role;
use tdlog::log::Log;

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

fn ruling() -> Ruling {
    Ruling {
        slot: slot(),
        ns: "1".into(),
        ew: "2".into(),
        call: None,
        offender: Some("West (pair 2)".into()),
        facts: "West bid 1H over 1S; North passed before the director came.".into(),
        facts_agreed: true,
        options_offered: vec![],
        option_chosen: None,
        chosen_by: None,
        laws: vec!["27A1".into()],
        category: Category::Judgement,
        decision: "The insufficient bid was accepted; the result stands.".into(),
        adjustment: None,
        deferred_review: vec![],
        appeal_notice: true,
        corrects: None,
    }
}

/// A board with an insufficient bid accepted, 1H by West, and the first trick played;
/// a ruling at the table and an appeal of it.
fn world(with_play: bool) -> tdlog::appeals::Folded {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("b.tdlog");
    let (chief, td, scorer) = (key(1), key(2), key(3));
    let Payload::Genesis(g) = genesis() else {
        unreachable!()
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let mut s = vec![];
    for (id, m) in [
        ("1", ["Anna Berg", "Ben Cole"]),
        ("2", ["Cara Diaz", "Dan Eck"]),
    ] {
        s.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.into(),
            name: format!("Pair {id}"),
            members: m.iter().map(|x| x.to_string()).collect(),
            captain: None,
            phantom: false,
        })));
    }
    s.push(Payload::BoardFacts(BoardFacts {
        section: "A".into(),
        board: 11,
        dealer: None,
        vulnerable: None,
        deal: Some(DEAL.into()),
    }));
    s.push(Payload::TableAssignment(TableAssignment {
        section: "A".into(),
        round: 1,
        table: 1,
        ns: "1".into(),
        ew: "2".into(),
        boards: vec![11],
    }));
    // Board 11: South deals. West's 1H is insufficient (Law 27); North calls over it (27A1).
    for (seat, c) in [(S, "1S"), (W, "1H"), (N, "Pass"), (E, "Pass"), (S, "Pass")] {
        s.push(call(seat, c));
    }
    if with_play {
        let deal = Deal::parse_checked(DEAL).unwrap();
        let mut play = Play::new(&deal, "1H".parse::<Contract>().unwrap(), W);
        for _ in 0..4 {
            let turn = play.turn().unwrap();
            let card = play.legal_cards(turn)[0];
            play.play(turn, card).unwrap();
            s.push(Payload::BridgePlay(BridgePlay {
                slot: slot(),
                event: PlayEvent::Card { seat: turn, card },
            }));
        }
    }
    log.append_batch(&scorer, s).unwrap();
    let r = log
        .append(&td, Payload::Ruling(Box::new(ruling())))
        .unwrap();
    log.append(
        &td,
        Payload::AppealFiled(AppealFiled {
            ruling: r,
            appellant: "1".into(),
            grounds: "1H was a bid out of turn, not insufficient.".into(),
            consents: vec!["Anna Berg".into(), "Ben Cole".into()],
        }),
    )
    .unwrap();
    drop(log);
    tdlog::appeals::fold(&Log::open(&p).unwrap().verify(None).unwrap(), None)
}

fn after<'a>(b: &'a [Block], heading: &str) -> &'a Block {
    let i = b
        .iter()
        .position(|x| *x == Block::Heading(heading.into()))
        .unwrap_or_else(|| panic!("no {heading} in {b:#?}"));
    &b[i + 1]
}

#[test]
fn law_92_the_dossier_shows_the_recorded_auction_play_and_the_law_27_irregularity() {
    let f = world(true);
    let a = f.workflow.appeals.values().next().unwrap();
    let b = dossier(&f, a, Lang::En);
    // The auction grid: N E S W, South deals, West's call accepted (standing).
    let Block::Mono(grid) = after(&b, "Auction") else {
        panic!("auction grid")
    };
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["N", "E", "S", "W"]
    );
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["1♠", "1♥"]
    );
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["Pass", "Pass", "Pass"]
    );
    assert!(
        b.contains(&Block::Field("Contract".into(), "1♥ W".into())),
        "{b:#?}"
    );
    // The first trick, led by North (West declares), with its winner.
    let Block::Mono(play) = after(&b, "Play") else {
        panic!("play")
    };
    assert!(play.starts_with(" 1: N "), "{play}");
    assert!(play.contains("->"), "{play}");
    // Law 27 flagged, settled by North's call (27A1).
    let Block::Para(irr) = after(&b, "Irregularities") else {
        panic!("irregularities")
    };
    assert!(irr.starts_with("Law 27"), "{irr}");
    assert!(irr.contains("27A1"), "{irr}");
    // The casebook carries the same, in HTML too (German labels).
    let cb = casebook(&f, Lang::De);
    assert!(cb.contains(&Block::Heading("Reizung".into())), "{cb:#?}");
    let page = html(&casebook(&f, Lang::En), Lang::En);
    assert!(page.contains("<h2>Auction</h2>") && page.contains("<h2>Irregularities</h2>"));
}

#[test]
fn law_92_without_recorded_play_the_dossier_shows_the_auction_only() {
    let f = world(false);
    let a = f.workflow.appeals.values().next().unwrap();
    let b = dossier(&f, a, Lang::En);
    assert!(b.contains(&Block::Heading("Auction".into())));
    assert!(!b.contains(&Block::Heading("Play".into())), "{b:#?}");
}
