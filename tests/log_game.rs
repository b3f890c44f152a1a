//! A log takes the events of its own game only (issue 28, N3): the genesis names the game,
//! and an event of the other game is refused at append, naming both games, with nothing
//! signed. Without this a bridge call signed into a Doppelkopf log (or a `doko.game` into a
//! bridge one) would be folded by that game's engine as if it were the tournament's.

mod common;
use common::key;

use std::collections::BTreeMap;
use tdlog::bridge::call::Call;
use tdlog::bridge::events::AuctionEvent;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    BridgeAuction, DirectorNote, DokoSeating, Game, Genesis, KeyEnrolled, Payload, Slot,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{Log, LogError};

fn new_log(dir: &tempfile::TempDir, game: Game) -> (Log, DeviceKey) {
    let chief = key(1);
    let td = key(2);
    let mut log = Log::create(
        &dir.path().join("t.tdlog"),
        &chief,
        Genesis {
            name: "Club evening".into(),
            game,
            organiser: "Club".into(),
            rule_profile: game.default_profile().into(),
            chief_td: "Anna Berg".into(),
        },
    )
    .unwrap();
    log.append(
        &chief,
        Payload::KeyEnrolled(KeyEnrolled {
            key: td.public(),
            role: Role::Td,
            holder: "Jens".into(),
        }),
    )
    .unwrap();
    (log, td)
}

fn call() -> Payload {
    Payload::BridgeAuction(BridgeAuction {
        slot: Slot {
            section: "A".into(),
            round: 1,
            table: 1,
            board: 1,
        },
        event: AuctionEvent::Call {
            seat: Seat::N,
            call: "1NT".parse::<Call>().unwrap(),
        },
    })
}

fn seating() -> Payload {
    let seating: BTreeMap<tdlog::doko::seat::Seat, String> = ["A", "B", "C", "D"]
        .iter()
        .zip(["Anna", "Bert", "Cleo", "Dora"])
        .map(|(s, n)| {
            (
                serde_json::from_value(serde_json::json!(s)).unwrap(),
                n.to_string(),
            )
        })
        .collect();
    Payload::DokoSeating(DokoSeating {
        round: 1,
        table: 1,
        seating,
    })
}

fn note() -> Payload {
    Payload::DirectorNote(DirectorNote {
        text: "Round 2 started late.".into(),
        board: None,
        table: None,
        round: Some(2),
    })
}

fn stored(log: &mut Log) -> usize {
    log.verify(None).unwrap().events.len()
}

#[test]
fn a_doppelkopf_log_refuses_a_bridge_call_naming_both_games() {
    let dir = tempfile::tempdir().unwrap();
    let (mut log, td) = new_log(&dir, Game::Doppelkopf);
    let before = stored(&mut log);
    let err = log.append(&td, call()).unwrap_err();
    match &err {
        LogError::WrongGame {
            kind,
            event_game,
            log_game,
        } => {
            assert_eq!(kind, "bridge.auction");
            assert_eq!(*event_game, "bridge");
            assert_eq!(*log_game, "Doppelkopf");
        }
        other => panic!("expected WrongGame, got {other:?}"),
    }
    assert!(err.to_string().contains("Doppelkopf tournament"), "{err}");
    assert_eq!(stored(&mut log), before, "nothing was signed");
}

#[test]
fn a_bridge_log_refuses_a_doppelkopf_seating() {
    let dir = tempfile::tempdir().unwrap();
    let (mut log, td) = new_log(&dir, Game::Bridge);
    let before = stored(&mut log);
    let err = log.append(&td, seating()).unwrap_err();
    assert!(
        matches!(
            err,
            LogError::WrongGame {
                event_game: "Doppelkopf",
                log_game: "bridge",
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(stored(&mut log), before);
}

#[test]
fn a_batch_with_one_event_of_the_other_game_signs_none_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mut log, td) = new_log(&dir, Game::Doppelkopf);
    let before = stored(&mut log);
    let err = log.append_batch(&td, vec![note(), seating(), call()]);
    assert!(matches!(err, Err(LogError::WrongGame { .. })), "{err:?}");
    assert_eq!(stored(&mut log), before);
}

#[test]
fn events_of_every_game_are_signed_into_both() {
    for game in [Game::Bridge, Game::Doppelkopf] {
        let dir = tempfile::tempdir().unwrap();
        let (mut log, td) = new_log(&dir, game);
        log.append(&td, note()).unwrap();
    }
    // And each game's own events still go in.
    let dir = tempfile::tempdir().unwrap();
    let (mut log, td) = new_log(&dir, Game::Bridge);
    log.append(&td, call()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut log, td) = new_log(&dir, Game::Doppelkopf);
    log.append(&td, seating()).unwrap();
}

#[test]
fn every_catalogue_type_is_classified_by_its_name() {
    for s in tdlog::events::catalogue() {
        let g = Game::of_kind(s.kind);
        if s.kind.starts_with("doko.") {
            assert_eq!(g, Some(Game::Doppelkopf), "{}", s.kind);
        } else if s.kind.starts_with("bridge.") || s.kind.starts_with("result.") {
            assert_eq!(g, Some(Game::Bridge), "{}", s.kind);
        } else if s.kind.starts_with("key.")
            || s.kind.starts_with("log.")
            || s.kind.starts_with("appeal.")
            || s.kind == "tournament.genesis"
            || s.kind == "director.note"
        {
            assert_eq!(g, None, "{} is taken by every log", s.kind);
        }
    }
}
