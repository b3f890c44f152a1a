//! Games entered as a club writes its Spielliste (§6.3), issue 16: one signed `doko.result`
//! per game, checked against the rules and the round when it is recorded (refused with its
//! §), scored by the same engine as a game played card by card, and mixed with such games
//! in one list. Expected values are worked out by hand in each test from §6.2 (Eppstein:
//! plus-only list, Re/Kontra double, solo ×3).

mod common;

use common::key;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tdlog::appeals::doko_append::{append_checked, DokoAppendError};
use tdlog::doko::announce::Level;
use tdlog::doko::entry::{ListCall, ListEntry, ListGame};
use tdlog::doko::game::Game;
use tdlog::doko::game_type::{GameKind, SoloType};
use tdlog::doko::list::RowKind;
use tdlog::doko::profile::Profile;
use tdlog::doko::seat::{Party, Seat};
use tdlog::doko::sonderpunkte::{Sonderpunkt, SonderpunktKind};
use tdlog::doko::table::RecordedGame;
use tdlog::doko::tables::DokoTables;
use tdlog::events::{
    CorrectionAction, DokoCorrection, DokoGame, DokoGameRef, DokoResult, DokoSeating,
    Game as Sport, Genesis, KeyEnrolled, Payload,
};
use tdlog::i18n::{doko_refusal, Lang};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{replay, Log};

const A: Seat = Seat::A;
const B: Seat = Seat::B;
const C: Seat = Seat::C;
const D: Seat = Seat::D;
const E: Seat = Seat::E;

struct Keys {
    chief: DeviceKey,
    td: DeviceKey,
    scorer: DeviceKey,
}

fn new_log(dir: &Path, profile: &str) -> (PathBuf, Log, Keys) {
    let p = dir.join("club.tdlog");
    let k = Keys {
        chief: key(1),
        td: key(2),
        scorer: key(3),
    };
    let mut log = Log::create(
        &p,
        &k.chief,
        Genesis {
            name: "Clubabend".into(),
            game: Sport::Doppelkopf,
            organiser: "Doko-Club".into(),
            rule_profile: profile.into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    for (dk, role, holder) in [
        (&k.td, Role::Td, "Schiedsrichter"),
        (&k.scorer, Role::Scorer, "Listenführer"),
    ] {
        log.append(
            &k.chief,
            Payload::KeyEnrolled(KeyEnrolled {
                key: dk.public(),
                role,
                holder: holder.into(),
            }),
        )
        .unwrap();
    }
    (p, log, k)
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

fn normal(re: [Seat; 2], re_eyes: u16) -> ListGame {
    ListGame {
        dealer: None,
        kind: GameKind::Normal,
        re: re.to_vec(),
        re_eyes,
        re_tricks: None,
        calls: vec![],
        sonderpunkte: vec![],
    }
}

fn solo(soloist: Seat, re_eyes: u16) -> ListGame {
    ListGame {
        kind: GameKind::Pflichtsolo {
            soloist,
            solo: SoloType::Damensolo,
            vorgefuehrt: false,
        },
        re: vec![],
        ..normal([A, B], re_eyes)
    }
}

fn enter(log: &mut Log, k: &DeviceKey, game: u32, g: ListGame) -> Result<(), DokoAppendError> {
    enter_entry(log, k, game, ListEntry::Game(g))
}

fn enter_entry(
    log: &mut Log,
    k: &DeviceKey,
    game: u32,
    entry: ListEntry,
) -> Result<(), DokoAppendError> {
    append_checked(
        log,
        k,
        vec![Payload::DokoResult(DokoResult {
            at: at(game),
            entry,
        })],
        common::T0 + i64::from(game) * 60_000,
    )
    .map(|_| ())
}

fn refusal(r: Result<(), DokoAppendError>) -> tdlog::doko::DokoError {
    match r {
        Err(DokoAppendError::Rule(e)) => e,
        other => panic!("expected a refusal by the rules, got {other:?}"),
    }
}

fn totals(t: &DokoTables) -> [i32; 4] {
    let l = t.list(1, 1).unwrap();
    [A, B, C, D].map(|s| l.replay.list.totals[&s])
}

#[test]
fn rule_6_2_a_normal_game_entered_as_the_list_writes_it() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    // Re (A, C) with 130 eyes, Re announced by A, a Doppelkopf for Re, a Fuchs caught by
    // Kontra. (a) gewonnen 1; "Re" doubles it: 2 (§6.2.2). Sonderpunkte are added, never
    // multiplied, each to its own party (§6.2.3, no netting in Eppstein): Re 2 + 1 = 3,
    // Kontra 1. Plus-only list: A, C 3; B, D 1.
    let mut g = normal([A, C], 130);
    g.calls = vec![ListCall {
        seat: A,
        level: Level::Ansage,
    }];
    g.sonderpunkte = vec![
        Sonderpunkt {
            kind: SonderpunktKind::Doppelkopf,
            party: Party::Re,
            trick: None,
        },
        Sonderpunkt {
            kind: SonderpunktKind::FuchsGefangen,
            party: Party::Kontra,
            trick: None,
        },
    ];
    enter(&mut log, &k.scorer, 1, g.clone()).unwrap();
    let t = tables(&log);
    // The same game through `doko score` (the engine's JSON door) gives the same points.
    let out = tdlog::doko::entry::score(
        &g,
        tdlog::doko::seat::Players::for_dealer(A, 4),
        &Profile::eppstein_2001(),
    )
    .unwrap();
    let l = t.list(1, 1).unwrap();
    assert_eq!(l.replay.list.rows[0].delta, out.points);
    assert_eq!(totals(&t), [3, 1, 3, 1]);
    assert_eq!(l.replay.list.rows[0].dealer, A, "the rotation's dealer");
}

#[test]
fn rule_6_2_4_a_solo_entered_as_a_result_counts_three_times_for_the_soloist() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    // Damensolo B wins with 185 eyes, Kontra 55: gewonnen 1 + unter 90 1 + unter 60 1 = 3;
    // the soloist's factor 3 (§6.2.4): 9.
    enter(&mut log, &k.scorer, 1, solo(B, 185)).unwrap();
    // A's Pflichtsolo lost with 100 eyes (Kontra 140): gewonnen 1, no unter-X; each of
    // B, C, D 1 (in a solo "gegen die Alten" does not count, A7).
    enter(&mut log, &k.scorer, 2, solo(A, 100)).unwrap();
    let t = tables(&log);
    assert_eq!(totals(&t), [0, 10, 1, 1]);
    let l = t.list(1, 1).unwrap();
    assert!(matches!(
        l.replay.list.rows[0].kind,
        RowKind::Game {
            pflichtsolo: true,
            ..
        }
    ));
    // A Pflichtsolo does not move the deal (§2.2.1): A dealt both.
    assert_eq!(l.replay.list.rows[1].dealer, A);
}

#[test]
fn rule_6_3_results_and_card_by_card_games_mix_in_one_list() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/doko/round16");
    let games: Vec<RecordedGame> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/events.json")).unwrap())
            .unwrap();
    // Game 1 card by card, as the fixture recorded it.
    let g1 = &games[0];
    let mut ps = vec![Payload::DokoGame(DokoGame {
        at: at(1),
        setup: g1.setup.clone(),
    })];
    ps.extend(g1.events.iter().map(|e| at(1).payload(e.clone())));
    log.append_batch(&k.scorer, ps).unwrap();
    let alone = Game::replay(g1.setup.clone(), Profile::eppstein_2001(), &g1.events)
        .unwrap()
        .result()
        .unwrap();
    // Game 2 as a result: B and D Re, 121 eyes, no calls: 1 point each.
    enter(&mut log, &k.scorer, 2, normal([B, D], 121)).unwrap();
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    assert_eq!(l.replay.list.rows.len(), 2);
    assert_eq!(l.replay.list.rows[0].delta, alone.record.points);
    let want: Vec<i32> = [A, B, C, D]
        .iter()
        .map(|s| alone.record.points[s] + if *s == B || *s == D { 1 } else { 0 })
        .collect();
    assert_eq!(totals(&t).to_vec(), want);
    // Game 2 was dealt by whoever follows game 1's dealer.
    assert_eq!(l.replay.list.rows[1].dealer, g1.setup.dealer.next(4));
}

#[test]
fn every_finished_card_game_of_the_recorded_round_scores_the_same_as_its_list_entry_6_2() {
    // The fixture's 16 games, each re-entered as the list writes it (parties, eyes,
    // announcements, Sonderpunkte read off the played game), give the same points.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/doko/round16");
    let games: Vec<RecordedGame> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/events.json")).unwrap())
            .unwrap();
    let p = Profile::eppstein_2001();
    let mut compared = 0;
    for rg in &games {
        let g = Game::replay(rg.setup.clone(), p.clone(), &rg.events).unwrap();
        let r = g.result().unwrap();
        let (Some(kind), Some(score)) = (r.kind, r.score.as_ref()) else {
            continue;
        };
        if !r.penalties.is_empty()
            || r.announcements.records.iter().any(|a| !a.legal)
            || g.tricks.len() != 12
        {
            continue;
        }
        // The eyes and tricks of Re, as the list's scorer counts them.
        let (mut re_eyes, mut re_tricks) = (0u16, 0u8);
        for t in &g.tricks {
            if t.winner().and_then(|w| r.parties.get(&w)) == Some(&Party::Re) {
                re_eyes += t.eyes();
                re_tricks += 1;
            }
        }
        let re: Vec<Seat> = r
            .parties
            .iter()
            .filter(|(_, p)| **p == Party::Re)
            .map(|(s, _)| *s)
            .collect();
        let entry = ListGame {
            dealer: Some(rg.setup.dealer),
            kind,
            re: if kind == GameKind::Normal { re } else { vec![] },
            re_eyes,
            re_tricks: Some(re_tricks),
            calls: r
                .announcements
                .records
                .iter()
                .map(|a| ListCall {
                    seat: a.seat,
                    level: a.level,
                })
                .collect(),
            sonderpunkte: score
                .sonderpunkte
                .iter()
                .filter(|s| s.kind != SonderpunktKind::GegenDieKreuzDamen)
                .copied()
                .collect(),
        };
        let out = tdlog::doko::entry::score(&entry, g.players, &p)
            .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        assert_eq!(out.points, r.record.points, "{kind:?}");
        assert_eq!(out.value.value, r.record.value, "{kind:?}");
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} games compared");
}

#[test]
fn rule_1_4_4_a_normal_game_needs_two_re_players() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let mut g = normal([A, A], 130);
    g.re = vec![A];
    let e = refusal(enter(&mut log, &k.scorer, 1, g));
    assert_eq!(e.rule(), "1.4.4", "{e}");
    assert!(tables(&log).entries.is_empty(), "nothing is signed");
}

#[test]
fn rule_1_2_2_more_than_240_eyes_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let e = refusal(enter(&mut log, &k.scorer, 1, normal([A, B], 241)));
    assert_eq!(e.rule(), "1.2.2", "{e}");
}

#[test]
fn rule_6_2_3_sonderpunkte_only_in_a_normal_game_and_as_the_cards_allow() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let fuchs = Sonderpunkt {
        kind: SonderpunktKind::FuchsGefangen,
        party: Party::Re,
        trick: None,
    };
    let mut s = solo(B, 185);
    s.sonderpunkte = vec![fuchs];
    assert_eq!(refusal(enter(&mut log, &k.scorer, 1, s)).rule(), "6.2.3");
    let mut g = normal([A, C], 130);
    g.sonderpunkte = vec![fuchs; 3];
    let e = refusal(enter(&mut log, &k.scorer, 1, g));
    assert!(e.to_string().contains("two Füchse"), "{e}");
    // Three Doppelkopf tricks (40+ eyes each) need at least 120 eyes.
    let mut g = normal([A, C], 100);
    g.sonderpunkte = vec![
        Sonderpunkt {
            kind: SonderpunktKind::Doppelkopf,
            party: Party::Re,
            trick: None
        };
        3
    ];
    assert_eq!(refusal(enter(&mut log, &k.scorer, 1, g)).rule(), "6.2.3");
    // DDV has no Fuchs am Ende.
    let d2 = tempfile::tempdir().unwrap();
    let (_, mut ddv, k2) = new_log(d2.path(), "ddv");
    let mut g = normal([A, C], 130);
    g.sonderpunkte = vec![Sonderpunkt {
        kind: SonderpunktKind::FuchsLetzterStich,
        party: Party::Re,
        trick: None,
    }];
    let e = refusal(enter(&mut ddv, &k2.scorer, 1, g));
    assert!(e.to_string().contains("no Sonderpunkt"), "{e}");
}

#[test]
fn rule_3_3_1_a_lustsolo_only_after_the_players_pflichtsolo() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let mut g = solo(C, 150);
    g.kind = GameKind::Lustsolo {
        soloist: C,
        solo: SoloType::Bubensolo,
    };
    assert_eq!(
        refusal(enter(&mut log, &k.scorer, 1, g.clone())).rule(),
        "3.3.1"
    );
    enter(&mut log, &k.scorer, 1, solo(C, 150)).unwrap();
    // A second Pflichtsolo by C is a Lustsolo.
    assert_eq!(
        refusal(enter(&mut log, &k.scorer, 2, solo(C, 150))).rule(),
        "3.3.1"
    );
    enter(&mut log, &k.scorer, 2, g).unwrap();
}

/// Twelve normal games: the dealer rotates A, B, C, D, ...
fn twelve_normal(log: &mut Log, k: &DeviceKey) {
    for n in 1..=12 {
        enter(log, k, n, normal([A, B], 130)).unwrap();
    }
}

#[test]
fn rule_3_2_3_an_outstanding_pflichtsolo_is_vorgefuehrt_and_no_other_game_is_entered() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    twelve_normal(&mut log, &k.scorer);
    // Four games left, four Pflichtsoli owed: game 13 is vorgeführt, dealt by A (after
    // twelve deals), played by B, the first owing player from the dealer's left.
    let e = refusal(enter(&mut log, &k.scorer, 13, normal([A, C], 130)));
    assert_eq!(e.rule(), "3.2.3", "{e}");
    assert!(e.to_string().contains('B'), "{e}");
    let mut s = solo(B, 130);
    s.kind = GameKind::Pflichtsolo {
        soloist: B,
        solo: SoloType::Trumpfsolo,
        vorgefuehrt: true,
    };
    enter(&mut log, &k.scorer, 13, s).unwrap();
    let l = tables(&log).list(1, 1).unwrap();
    let RowKind::Game { label, .. } = &l.replay.list.rows[12].kind else {
        panic!()
    };
    assert!(label.contains("vorgeführt"), "{label}");
}

#[test]
fn rule_3_4_3_schmeissen_is_dealt_again_by_the_same_dealer_and_uses_no_game() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    enter_entry(
        &mut log,
        &k.scorer,
        1,
        ListEntry::Schmeissen {
            dealer: None,
            schmeisser: C,
        },
    )
    .unwrap();
    enter(&mut log, &k.scorer, 2, normal([A, B], 121)).unwrap();
    let l = tables(&log).list(1, 1).unwrap();
    let rows = &l.replay.list.rows;
    assert!(matches!(rows[0].kind, RowKind::Redeal { .. }));
    assert_eq!((rows[0].game_no, rows[1].game_no), (None, Some(1)));
    assert_eq!((rows[0].dealer, rows[1].dealer), (A, A));
    // DDV has no Schmeißen (§3.4 not in the profile).
    let d2 = tempfile::tempdir().unwrap();
    let (_, mut ddv, k2) = new_log(d2.path(), "ddv");
    let e = refusal(enter_entry(
        &mut ddv,
        &k2.scorer,
        1,
        ListEntry::Schmeissen {
            dealer: None,
            schmeisser: C,
        },
    ));
    assert_eq!(e.rule(), "3.4", "{e}");
}

#[test]
fn rule_2_2_7_the_dealer_of_a_five_table_sits_out_and_cannot_be_in_a_party() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let seating: BTreeMap<Seat, String> = [A, B, C, D, E]
        .iter()
        .zip(["Anna", "Bert", "Cleo", "Dora", "Emil"])
        .map(|(s, n)| (*s, n.to_string()))
        .collect();
    log.append(
        &k.scorer,
        Payload::DokoSeating(DokoSeating {
            round: 1,
            table: 1,
            seating,
        }),
    )
    .unwrap();
    // A deals game 1 and sits out.
    let e = refusal(enter(&mut log, &k.scorer, 1, normal([A, C], 130)));
    assert_eq!(e.rule(), "1.1", "{e}");
    enter(&mut log, &k.scorer, 1, normal([E, C], 130)).unwrap();
    let l = tables(&log).list(1, 1).unwrap();
    assert_eq!(l.replay.list.seats.len(), 5);
    assert_eq!(l.replay.list.totals[&E], 1);
    assert_eq!(l.replay.list.totals[&A], 0);
}

#[test]
fn rule_6_3_5_the_list_is_written_game_by_game_and_a_game_once() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    assert_eq!(
        refusal(enter(&mut log, &k.scorer, 2, normal([A, B], 130))).rule(),
        "6.3.5"
    );
    enter(&mut log, &k.scorer, 1, normal([A, B], 130)).unwrap();
    let e = refusal(enter(&mut log, &k.scorer, 1, normal([A, C], 130)));
    assert_eq!(e.rule(), "8.2", "{e}");
}

#[test]
fn rule_5_an_announcement_repeated_by_the_same_player_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let mut g = normal([A, C], 130);
    g.calls = vec![
        ListCall {
            seat: A,
            level: Level::Ansage,
        },
        ListCall {
            seat: A,
            level: Level::Ansage,
        },
    ];
    assert_eq!(refusal(enter(&mut log, &k.scorer, 1, g)).rule(), "5");
}

#[test]
fn a_refusal_names_its_rule_in_german_english_and_danish() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    let e = refusal(enter(&mut log, &k.scorer, 1, solo(C, 150)).and_then(|_| {
        let mut g = solo(C, 150);
        g.kind = GameKind::Pflichtsolo {
            soloist: C,
            solo: SoloType::Damensolo,
            vorgefuehrt: false,
        };
        enter(&mut log, &k.scorer, 2, g)
    }));
    let en = doko_refusal(Lang::En, &e);
    let de = doko_refusal(Lang::De, &e);
    let da = doko_refusal(Lang::Da, &e);
    assert!(en.contains("3.3.1"), "{en}");
    assert!(
        de.starts_with("Doppelkopf §3.3.1: ein Lustsolo erst nach"),
        "{de}"
    );
    assert!(da.starts_with("Doppelkopf §3.3.1: en lystsolo"), "{da}");
}

// --- §8.2: corrections and strikes -------------------------------------------------------

fn correct(
    log: &mut Log,
    k: &DeviceKey,
    game: u32,
    rule: &str,
    correction: CorrectionAction,
) -> Result<(), DokoAppendError> {
    append_checked(
        log,
        k,
        vec![Payload::DokoCorrection(Box::new(DokoCorrection {
            at: at(game),
            rule: rule.into(),
            correction,
            reason: "Re-Augen falsch notiert".into(),
        }))],
        common::T0 + 3_600_000,
    )
    .map(|_| ())
}

/// A complete round: four Pflichtsoli by A..D (all dealt by A), then twelve normal games.
fn full_round(log: &mut Log, k: &DeviceKey) {
    for (n, s) in [A, B, C, D].into_iter().enumerate() {
        enter(log, k, n as u32 + 1, solo(s, 130)).unwrap();
    }
    for n in 5..=16 {
        enter(log, k, n, normal([A, B], 130)).unwrap();
    }
}

#[test]
fn rule_8_2_1_during_the_round_the_scorer_corrects_a_game_the_table_agrees_on() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    enter(&mut log, &k.scorer, 1, normal([A, B], 130)).unwrap();
    enter(&mut log, &k.scorer, 2, normal([A, B], 130)).unwrap();
    assert_eq!(totals(&tables(&log)), [2, 2, 0, 0]);
    // Game 1 was Re A+C with 100 eyes: Kontra (B, D) won: gewonnen 1 + gegen die Alten 1
    // (Eppstein §6.2.2(a)) = 2 each; game 2 still gives A and B 1.
    correct(
        &mut log,
        &k.scorer,
        1,
        "8.2.1",
        CorrectionAction::Correct {
            entry: ListEntry::Game(normal([A, C], 100)),
        },
    )
    .unwrap();
    let t = tables(&log);
    assert_eq!(totals(&t), [1, 3, 0, 2]);
    let l = t.list(1, 1).unwrap();
    let RowKind::Game { label, .. } = &l.replay.list.rows[0].kind else {
        panic!()
    };
    assert!(
        label.contains("berichtigt §8.2.1: Re-Augen falsch notiert"),
        "{label}"
    );
    assert_eq!(l.corrections.len(), 1);
    assert_eq!(l.corrections[0].by, "Listenführer");
}

#[test]
fn rule_8_2_1_a_struck_game_is_replaced_by_the_next_game_dealt_by_its_dealer() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    for n in 1..=3 {
        enter(&mut log, &k.scorer, n, normal([A, B], 130)).unwrap();
    }
    // Game 2 (dealer B) is disputed: struck; the replacement must be game 4.
    let e = refusal(correct(
        &mut log,
        &k.scorer,
        2,
        "8.2.1",
        CorrectionAction::Strike {
            replacement: Some(7),
        },
    ));
    assert_eq!(e.rule(), "8.2.1", "{e}");
    let e = refusal(correct(
        &mut log,
        &k.scorer,
        2,
        "8.2.1",
        CorrectionAction::Strike { replacement: None },
    ));
    assert_eq!(e.rule(), "8.2.1", "{e}");
    correct(
        &mut log,
        &k.scorer,
        2,
        "8.2.1",
        CorrectionAction::Strike {
            replacement: Some(4),
        },
    )
    .unwrap();
    enter(&mut log, &k.scorer, 4, normal([C, D], 130)).unwrap();
    enter(&mut log, &k.scorer, 5, normal([C, D], 130)).unwrap();
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    let rows = &l.replay.list.rows;
    assert!(
        matches!(&rows[1].kind, RowKind::Struck { label } if label.contains("gestrichen §8.2.1"))
    );
    // The replacement (game 4) is dealt by B, who dealt the struck game; then the rotation
    // goes on with D, who would have dealt next (A27).
    assert_eq!(rows[3].dealer, B);
    assert_eq!(rows[4].dealer, D);
    // Counted: games 1, 3, 4, 5: A, B 2; C, D 2.
    assert_eq!(totals(&t), [2, 2, 2, 2]);
    assert_eq!(l.replay.state.games_counted, 4);
}

#[test]
fn rule_8_2_2_after_the_round_is_closed_only_the_td_strikes_without_replacement() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    full_round(&mut log, &k.scorer);
    let t = tables(&log);
    assert!(
        t.list(1, 1).unwrap().closed,
        "16 games and every Pflichtsolo: closed"
    );
    let before = totals(&t);
    // The scorer may no longer correct, under either rule.
    let strike = CorrectionAction::Strike { replacement: None };
    let e = refusal(correct(&mut log, &k.scorer, 6, "8.2.2", strike.clone()));
    assert_eq!(e.rule(), "8.2.2", "{e}");
    let e = refusal(correct(
        &mut log,
        &k.scorer,
        6,
        "8.2.1",
        CorrectionAction::Strike {
            replacement: Some(17),
        },
    ));
    assert_eq!(e.rule(), "8.2.2", "{e}");
    // The Schiedsrichter strikes game 6 (A and B had 1 each) without replacement.
    correct(&mut log, &k.td, 6, "8.2.2", strike).unwrap();
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    assert_eq!(
        totals(&t),
        [before[0] - 1, before[1] - 1, before[2], before[3]]
    );
    assert_eq!(l.corrections[0].role, Role::Td);
    assert!(l.replay.list.rows.iter().all(|r| r.game_no != Some(16)));
}

#[test]
fn rule_8_2_2_a_scorers_late_correction_merged_from_another_device_is_not_applied() {
    // A hostile or outdated device signs a scorer's §8.2.2 strike without the check: the
    // fold refuses it, names the rule, and the list is unchanged.
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    full_round(&mut log, &k.scorer);
    let before = totals(&tables(&log));
    log.append(
        &k.scorer,
        Payload::DokoCorrection(Box::new(DokoCorrection {
            at: at(6),
            rule: "8.2.2".into(),
            correction: CorrectionAction::Strike { replacement: None },
            reason: "unilateral".into(),
        })),
    )
    .unwrap();
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    assert_eq!(totals(&t), before);
    assert!(l.corrections[0]
        .refused
        .as_deref()
        .is_some_and(|r| r.starts_with("§8.2.2")));
}

#[test]
fn a_result_signed_without_the_check_is_listed_as_refused_and_counts_nothing() {
    let d = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(d.path(), "eppstein-2001");
    enter(&mut log, &k.scorer, 1, normal([A, B], 130)).unwrap();
    log.append(
        &k.scorer,
        Payload::DokoResult(DokoResult {
            at: at(2),
            entry: ListEntry::Game(normal([A, C], 300)),
        }),
    )
    .unwrap();
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    assert_eq!(totals(&t), [1, 1, 0, 0]);
    assert_eq!(l.refused.len(), 1);
    assert!(
        l.refused[0].reason.contains("§1.2.2"),
        "{}",
        l.refused[0].reason
    );
}

#[test]
fn rule_3_2_3_a_setup_naming_a_vorgefuehrt_solo_not_yet_due_is_flagged_in_a_sentence() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/doko/round16");
    let mut games: Vec<RecordedGame> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/events.json")).unwrap())
            .unwrap();
    // Game 14 (B's vorgeführt Pflichtsolo) recorded right after game 12: with four games
    // left and three solos owed nothing is vorgeführt yet.
    let g14 = games[13].clone();
    games.truncate(12);
    games.push(g14);
    let t = tdlog::doko::table::replay_table(
        &games,
        tdlog::doko::round::TableConfig::new(4).unwrap(),
        &Profile::eppstein_2001(),
    )
    .unwrap();
    let flags: Vec<String> = t
        .notes
        .iter()
        .map(|n| n.text(tdlog::i18n::Lang::En))
        .collect();
    let i = flags.iter().position(|f| f.starts_with("3.2.3")).unwrap();
    assert_eq!(
        flags[i],
        "3.2.3: deal 13: the setup makes B play a vorgeführt Pflichtsolo, but none is due yet"
    );
    assert!(flags
        .iter()
        .all(|f| !f.contains("None") && !f.contains("Some(")));
    assert_eq!(
        t.notes[i].text(Lang::De),
        "3.2.3: Spiel 13: die Spielaufnahme lässt B ein Pflichtsolo vorgeführt spielen, es ist aber noch keines fällig"
    );
    assert!(t.notes[i].text(Lang::Da).starts_with("3.2.3: spil 13:"));
}
