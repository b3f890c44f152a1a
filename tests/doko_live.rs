//! The Doppelkopf rules at append hold on every path that signs (issue 16): the desktop app
//! signs through the live state (`live::Live::append`) and the workflow commands through
//! `appeals::append_checked`; both refuse what `DokoTables::check_append` refuses, naming
//! the §, and write nothing.
mod common;

use common::key;
use tdlog::appeals::AppendError;
use tdlog::doko::entry::{ListEntry, ListGame};
use tdlog::doko::game_type::GameKind;
use tdlog::doko::seat::Seat;
use tdlog::events::{DokoGameRef, DokoResult, DokoSeating, Game, Genesis, Payload};
use tdlog::live::Live;
use tdlog::log::Log;

fn result(game: u32, re_eyes: u16) -> Payload {
    Payload::DokoResult(DokoResult {
        at: DokoGameRef {
            round: 1,
            table: 1,
            game,
        },
        entry: ListEntry::Game(ListGame {
            dealer: None,
            kind: GameKind::Normal,
            re: vec![Seat::A, Seat::B],
            re_eyes,
            re_tricks: None,
            calls: vec![],
            sonderpunkte: vec![],
        }),
    })
}

fn club(dir: &std::path::Path) -> (std::path::PathBuf, tdlog::keys::DeviceKey) {
    let p = dir.join("club.tdlog");
    let chief = key(1);
    let mut log = Log::create(
        &p,
        &chief,
        Genesis {
            name: "Clubabend".into(),
            game: Game::Doppelkopf,
            organiser: "Club".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Anna".into(),
        },
    )
    .unwrap();
    let seating = ["Anna", "Bert", "Cleo", "Dora"]
        .iter()
        .enumerate()
        .map(|(i, n)| (Seat::new(i as u8).unwrap(), n.to_string()))
        .collect();
    log.append(
        &chief,
        Payload::DokoSeating(DokoSeating {
            round: 1,
            table: 1,
            seating,
        }),
    )
    .unwrap();
    (p, chief)
}

fn now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

#[test]
fn rule_1_2_2_the_live_state_refuses_an_impossible_result_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (p, chief) = club(dir.path());
    let mut live = Live::open(Log::open(&p).unwrap(), None).unwrap();
    let before = live.replayed.log.events.len();
    match live.append(&chief, result(1, 250), now()) {
        Err(AppendError::Doko(e)) => assert_eq!(e.rule(), "1.2.2", "{e}"),
        other => panic!("must be refused by the Doppelkopf rules, got {other:?}"),
    }
    assert_eq!(live.replayed.log.events.len(), before);
    assert_eq!(
        Log::open(&p).unwrap().verify(None).unwrap().events.len(),
        before
    );
    // The table's next game is accepted and folded; the same number again is refused (§8.2).
    live.append(&chief, result(1, 130), now()).unwrap();
    assert_eq!(live.doko.next_game(1, 1), 2);
    match live.append(&chief, result(1, 130), now()) {
        Err(AppendError::Doko(e)) => assert_eq!(e.rule(), "8.2", "{e}"),
        other => panic!("a second game 1 must be refused, got {other:?}"),
    }
}

#[test]
fn rule_6_3_5_the_workflow_append_refuses_a_game_out_of_turn() {
    let dir = tempfile::tempdir().unwrap();
    let (p, chief) = club(dir.path());
    let mut log = Log::open(&p).unwrap();
    match tdlog::appeals::append_checked(&mut log, &chief, result(3, 130), now()) {
        Err(AppendError::Doko(e)) => assert_eq!(e.rule(), "6.3.5", "{e}"),
        other => panic!("game 3 before game 1 must be refused, got {other:?}"),
    }
    tdlog::appeals::append_checked(&mut log, &chief, result(1, 130), now()).unwrap();
}
