//! §8.2.1 / §8.2.2 with an explicit close: a club evening plays fewer games a round than
//! the full list (§7.4.1), so the Schiedsrichter closes each table's round with a signed
//! `doko.round_closed`. Before it the table's scorer corrects or strikes a game (§8.2.1,
//! a struck game replaced by the next); after it only a TD corrects an obvious error or
//! strikes a game without replacement (§8.2.2), and no further game is entered.

mod common;

use common::key;
use std::path::Path;

use tdlog::appeals::doko_append::{append_checked, DokoAppendError};
use tdlog::doko::entry::{ListEntry, ListGame};
use tdlog::doko::game_type::GameKind;
use tdlog::doko::seat::Seat;
use tdlog::doko::tables::DokoTables;
use tdlog::events::{
    CorrectionAction, DokoCorrection, DokoGameRef, DokoResult, DokoRoundClosed, Game as Sport,
    Genesis, KeyEnrolled, Payload,
};
use tdlog::i18n::{doko_refusal, Lang};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{replay, Log};

const A: Seat = Seat::A;
const B: Seat = Seat::B;
const C: Seat = Seat::C;

struct Keys {
    td: DeviceKey,
    scorer: DeviceKey,
}

fn new_log(dir: &Path) -> (Log, Keys) {
    let chief = key(1);
    let k = Keys {
        td: key(2),
        scorer: key(3),
    };
    let mut log = Log::create(
        &dir.join("club.tdlog"),
        &chief,
        Genesis {
            name: "Clubabend".into(),
            game: Sport::Doppelkopf,
            organiser: "Doko-Club".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    for (dk, role, holder) in [
        (&k.td, Role::Td, "Schiedsrichter"),
        (&k.scorer, Role::Scorer, "Listenführer"),
    ] {
        log.append(
            &chief,
            Payload::KeyEnrolled(KeyEnrolled {
                key: dk.public(),
                role,
                holder: holder.into(),
            }),
        )
        .unwrap();
    }
    (log, k)
}

fn tables(log: &Log) -> DokoTables {
    let v = log.verify(None).unwrap();
    let mut t = DokoTables::default();
    replay(&v, &mut t);
    t
}

fn at(game: u32) -> DokoGameRef {
    DokoGameRef {
        round: 1,
        table: 1,
        game,
    }
}

fn result(game: u32, re: [Seat; 2], re_eyes: u16) -> Payload {
    Payload::DokoResult(DokoResult {
        at: at(game),
        entry: ListEntry::Game(ListGame {
            dealer: None,
            kind: GameKind::Normal,
            re: re.to_vec(),
            re_eyes,
            re_tricks: None,
            calls: vec![],
            sonderpunkte: vec![],
        }),
    })
}

fn close(round: u32, table: u32) -> Payload {
    Payload::DokoRoundClosed(DokoRoundClosed { round, table })
}

fn strike(game: u32, rule: &str, replacement: Option<u32>) -> Payload {
    Payload::DokoCorrection(Box::new(DokoCorrection {
        at: at(game),
        rule: rule.into(),
        correction: CorrectionAction::Strike { replacement },
        reason: "Augen strittig".into(),
    }))
}

fn sign(log: &mut Log, k: &DeviceKey, p: Payload) -> Result<(), DokoAppendError> {
    append_checked(log, k, vec![p], common::T0 + 60_000).map(|_| ())
}

fn refusal(r: Result<(), DokoAppendError>) -> tdlog::doko::DokoError {
    match r {
        Err(DokoAppendError::Rule(e)) => e,
        other => panic!("expected a refusal by the rules, got {other:?}"),
    }
}

fn totals(t: &DokoTables) -> [i32; 4] {
    let l = t.list(1, 1).unwrap();
    [A, B, C, Seat::D].map(|s| l.replay.list.totals[&s])
}

/// Three games: A+B win with 130 (1 each), A+C lose with 100 (B, D 2 each), B+C win with
/// 130 (1 each).
fn three_games(log: &mut Log, k: &Keys) {
    sign(log, &k.scorer, result(1, [A, B], 130)).unwrap();
    sign(log, &k.scorer, result(2, [A, C], 100)).unwrap();
    sign(log, &k.scorer, result(3, [B, C], 130)).unwrap();
}

#[test]
fn rule_8_2_1_before_the_close_a_short_round_is_the_scorers_to_correct() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, k) = new_log(d.path());
    three_games(&mut log, &k);
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    assert!(!l.closed && !l.closed_by_td, "3 of 16 games: still open");
    // A TD's §8.2.2 strike is refused while the round is open.
    let e = refusal(sign(&mut log, &k.td, strike(2, "8.2.2", None)));
    assert_eq!(e.rule(), "8.2.1", "{e}");
    // The scorer strikes game 2 and the next game replaces it.
    sign(&mut log, &k.scorer, strike(2, "8.2.1", Some(4))).unwrap();
    assert_eq!(totals(&tables(&log)), [1, 2, 1, 0]);
}

#[test]
fn rule_8_2_2_after_the_schiedsrichters_close_only_a_td_corrects_and_no_game_is_entered() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, k) = new_log(d.path());
    three_games(&mut log, &k);
    assert_eq!(totals(&tables(&log)), [1, 4, 1, 2]);
    // The scorer cannot close the round: it is the Schiedsrichter's (a TD's) act.
    assert!(sign(&mut log, &k.scorer, close(1, 1)).is_err());
    sign(&mut log, &k.td, close(1, 1)).unwrap();
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    assert!(l.closed && l.closed_by_td);
    // The scorer's correction is refused under either rule, naming §8.2.2.
    let e = refusal(sign(&mut log, &k.scorer, strike(2, "8.2.1", Some(4))));
    assert_eq!(e.rule(), "8.2.2", "{e}");
    let e = refusal(sign(&mut log, &k.scorer, strike(2, "8.2.2", None)));
    assert_eq!(e.rule(), "8.2.2", "{e}");
    // No fourth game at a closed table, in every language with its §.
    let e = refusal(sign(&mut log, &k.scorer, result(4, [A, B], 130)));
    assert_eq!(e.rule(), "8.2.2", "{e}");
    for lang in [Lang::En, Lang::De, Lang::Da] {
        assert!(doko_refusal(lang, &e).contains("8.2.2"), "{lang:?}");
    }
    assert!(doko_refusal(Lang::De, &e).contains("Schiedsrichter"));
    // The Schiedsrichter strikes game 2 without replacement: B and D lose its 2 points.
    sign(&mut log, &k.td, strike(2, "8.2.2", None)).unwrap();
    let t = tables(&log);
    assert_eq!(totals(&t), [1, 2, 1, 0]);
    let l = t.list(1, 1).unwrap();
    assert_eq!(l.corrections.len(), 1);
    assert_eq!(l.corrections[0].role, Role::Td);
    assert_eq!(l.replay.state.games_counted, 2);
}

#[test]
fn rule_8_2_2_a_round_is_closed_once_with_a_list_and_the_close_is_per_table() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, k) = new_log(d.path());
    // Nothing to close at a table without a list.
    let e = refusal(sign(&mut log, &k.td, close(1, 1)));
    assert_eq!(e.rule(), "8.2.2", "{e}");
    three_games(&mut log, &k);
    sign(&mut log, &k.td, close(1, 1)).unwrap();
    let e = refusal(sign(&mut log, &k.td, close(1, 1)));
    assert_eq!(e.rule(), "8.2.2", "{e}");
    // Table 2 of the same round plays on.
    append_checked(
        &mut log,
        &k.scorer,
        vec![Payload::DokoResult(DokoResult {
            at: DokoGameRef {
                round: 1,
                table: 2,
                game: 1,
            },
            entry: ListEntry::Game(ListGame {
                dealer: None,
                kind: GameKind::Normal,
                re: vec![A, B],
                re_eyes: 130,
                re_tricks: None,
                calls: vec![],
                sonderpunkte: vec![],
            }),
        })],
        common::T0 + 120_000,
    )
    .unwrap();
    let t = tables(&log);
    assert!(!t.list(1, 2).unwrap().closed);
}

#[test]
fn rule_8_2_2_a_game_signed_after_the_close_without_the_check_counts_nothing() {
    // A hostile or outdated device signs a fourth result after the close without the
    // check: the fold does not enter it and says why; the list stands as closed.
    let d = tempfile::tempdir().unwrap();
    let (mut log, k) = new_log(d.path());
    three_games(&mut log, &k);
    sign(&mut log, &k.td, close(1, 1)).unwrap();
    log.append(&k.scorer, result(4, [A, B], 130)).unwrap();
    let t = tables(&log);
    assert_eq!(totals(&t), [1, 4, 1, 2]);
    assert_eq!(t.list(1, 1).unwrap().replay.state.games_counted, 3);
    assert!(
        t.warnings.iter().any(|w| w.message.starts_with("§8.2.2")),
        "{:?}",
        t.warnings
    );
}

#[test]
fn rule_8_2_2_a_scorers_correction_merged_after_the_close_is_not_applied() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, k) = new_log(d.path());
    three_games(&mut log, &k);
    sign(&mut log, &k.td, close(1, 1)).unwrap();
    log.append(&k.scorer, strike(2, "8.2.1", Some(4))).unwrap();
    let t = tables(&log);
    assert_eq!(totals(&t), [1, 4, 1, 2]);
    let l = t.list(1, 1).unwrap();
    assert!(l.corrections[0]
        .refused
        .as_deref()
        .is_some_and(|r| r.starts_with("§8.2.2")));
}

/// §4.2 at the table in the app: a card the player does not hold is refused in the reader's
/// language, the particulars (seat and card) included, no English left in German or Danish.
#[test]
fn rule_4_2_a_card_not_in_the_hand_is_refused_in_the_readers_language() {
    let e = tdlog::doko::DokoError::CardNotInHand {
        seat: "B".into(),
        card: "♣K".into(),
    };
    let de = doko_refusal(Lang::De, &e);
    let da = doko_refusal(Lang::Da, &e);
    assert!(
        de.contains("§4.2") && de.contains("B spielt ♣K, die er nicht auf der Hand hat"),
        "{de}"
    );
    assert!(da.contains("§4.2") && da.contains("B spiller ♣K"), "{da}");
    for text in [&de, &da] {
        assert!(!text.contains("plays") && !text.contains("hand)"), "{text}");
    }
    assert_eq!(
        doko_refusal(Lang::En, &e),
        "§4.2: B plays ♣K, which is not in his hand"
    );
}

/// §8.2.2 and §7.4.1 at the list in the app: the refusals a Schiedsrichter meets are said in
/// the reader's language with their particulars (round, table, game), no English left.
#[test]
fn rule_8_2_2_the_refusals_at_the_list_are_said_in_the_readers_language() {
    use tdlog::doko::refusal::ListRefusal;
    let closed: tdlog::doko::DokoError = ListRefusal::Closed { round: 3, table: 1 }.into();
    let over: tdlog::doko::DokoError = ListRefusal::RoundOver { table: 2, game: 16 }.into();
    assert_eq!(closed.rule(), "8.2.2");
    assert_eq!(over.rule(), "7.4.1");
    let de = doko_refusal(Lang::De, &closed);
    assert!(
        de.contains("§8.2.2") && de.contains("Runde 3 an Tisch 1 ist beendet"),
        "{de}"
    );
    let da = doko_refusal(Lang::Da, &over);
    assert!(
        da.contains("§7.4.1")
            && da.contains("runden ved bord 2 er slut; der kommer intet spil efter spil 16"),
        "{da}"
    );
    for t in [&de, &da] {
        assert!(
            !t.contains("round") && !t.contains("table") && !t.contains("closed;"),
            "{t}"
        );
    }
    assert_eq!(
        doko_refusal(Lang::En, &over),
        "§7.4.1: the round of table 2 is over; no game follows game 16"
    );
}
