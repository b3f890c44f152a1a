//! The Doppelkopf screens' view models (issue 16): the evening's dashboard, a table's list
//! with running totals and corrections, the standings with the tie rule, from a signed log
//! folded through the appeals workflow.

mod common;

use common::key;
use std::collections::BTreeMap;

use tdlog::appeals::doko_append::append_checked;
use tdlog::doko::entry::{ListEntry, ListGame};
use tdlog::doko::game_type::GameKind;
use tdlog::doko::seat::Seat;
use tdlog::events::{
    CorrectionAction, DokoCorrection, DokoGameRef, DokoResult, DokoSeating, Game, Genesis, Payload,
};
use tdlog::i18n::Lang;
use tdlog::log::Log;
use tdlog::views::doko::{dashboard, open_objections, standings, table_list};

fn result(table: u32, game: u32, re: [Seat; 2], re_eyes: u16) -> Payload {
    Payload::DokoResult(DokoResult {
        at: DokoGameRef {
            round: 1,
            table,
            game,
        },
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

/// A new club evening (Eppstein rules) signed by `chief`.
fn club_log(path: &std::path::Path, chief: &tdlog::keys::DeviceKey) -> Log {
    Log::create(
        path,
        chief,
        Genesis {
            name: "Clubabend".into(),
            game: Game::Doppelkopf,
            organiser: "Doko-Club".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap()
}

#[test]
fn the_dashboard_the_table_list_and_the_standings_of_an_evening() {
    let d = tempfile::tempdir().unwrap();
    let chief = key(1);
    let mut log = club_log(&d.path().join("v.tdlog"), &chief);
    let seating = |table: u32, names: &[&str]| {
        Payload::DokoSeating(DokoSeating {
            round: 1,
            table,
            seating: names
                .iter()
                .enumerate()
                .map(|(i, n)| (Seat::new(i as u8).unwrap(), n.to_string()))
                .collect::<BTreeMap<_, _>>(),
        })
    };
    append_checked(
        &mut log,
        &chief,
        vec![
            seating(1, &["Anna", "Bert", "Cleo", "Dora"]),
            seating(2, &["Emil", "Fritz", "Gabi", "Hans", "Ida"]),
            seating(3, &["Jan", "Kai", "Lea", "Max", "Nina"]),
            result(1, 1, [Seat::A, Seat::B], 130),
            result(1, 2, [Seat::A, Seat::C], 100),
            result(2, 1, [Seat::B, Seat::C], 130),
        ],
        common::T0,
    )
    .unwrap();
    append_checked(
        &mut log,
        &chief,
        vec![Payload::DokoCorrection(Box::new(DokoCorrection {
            at: DokoGameRef {
                round: 1,
                table: 1,
                game: 1,
            },
            rule: "8.2.1".into(),
            correction: CorrectionAction::Strike {
                replacement: Some(3),
            },
            reason: "Augen strittig".into(),
        }))],
        common::T0,
    )
    .unwrap();
    let v = log.verify(None).unwrap();
    let f = tdlog::appeals::fold(&v, None);
    let open = open_objections(&f.workflow);
    assert!(open.is_empty());
    let dash = dashboard(&f.doko, &open, Lang::De);
    assert_eq!(dash.tables, vec![1, 2, 3]);
    // A five-table seated but without a game yet: 0 of its 20 games (§7.4.1), not "0 of –".
    let c3 = &dash.cells[2];
    assert_eq!((c3.seated, c3.games, c3.games_in_round), (5, 0, 20));
    assert_eq!(dash.rounds, vec![1]);
    let c1 = &dash.cells[0];
    assert_eq!(
        (c1.seated, c1.games, c1.games_in_round, c1.corrections),
        (4, 1, 16, 1)
    );
    let c2 = &dash.cells[1];
    assert_eq!((c2.seated, c2.games, c2.games_in_round), (5, 1, 20));
    assert_eq!(dash.tie.text, "geteilter Platz");

    // Table 1: game 1 struck; game 2 (B dealt): A+C lost with 100, Bert and Dora 2 each.
    let l = table_list(&f.doko, 1, 1, Lang::En).unwrap();
    assert_eq!(l.players, vec!["Anna", "Bert", "Cleo", "Dora"]);
    assert_eq!(l.totals, vec![0, 2, 0, 2]);
    assert!(l.rows[0].struck && l.rows[0].text.starts_with("struck:"));
    assert_eq!(l.rows[1].totals, vec![0, 2, 0, 2]);
    assert_eq!(l.next_game, 3);
    assert_eq!(
        l.next_dealer.as_deref(),
        Some("Anna"),
        "the replacement: game 1's dealer"
    );
    assert_eq!(l.corrections[0].reason, "Augen strittig");
    // The kind of game in the reader's language, not the engine's German (§6.3).
    assert_eq!(
        l.rows[0].text,
        "struck: normal game – struck §8.2.1: Augen strittig"
    );
    assert_eq!(l.rows[1].text, "2 normal game");
    let de = table_list(&f.doko, 1, 1, Lang::De).unwrap();
    assert_eq!(de.rows[1].text, "2 Normalspiel");
    let da = table_list(&f.doko, 1, 1, Lang::Da).unwrap();
    assert_eq!(
        da.rows[0].text,
        "slettet: normalspil – slettet §8.2.1: Augen strittig"
    );

    // Table 2 is a table of five: A dealt and sat out; B and C won 1 each.
    let s = standings(&f.doko, Lang::Da).unwrap();
    let total = |p: &str| {
        s.standings
            .standings
            .iter()
            .find(|l| l.player == p)
            .unwrap()
            .total
    };
    assert_eq!((total("Fritz"), total("Gabi"), total("Emil")), (1, 1, 0));
    assert_eq!((total("Bert"), total("Dora")), (2, 2));
    assert_eq!(s.tie.text, "delt placering");
    // No tie rule was signed (A30: the rules name none): the screen says it is the default.
    assert!(!s.tie_signed);
}

/// §6.3: the list's "Art des Spiels" for every kind of deal, in English, German and Danish.
#[test]
fn rule_6_3_the_kind_of_game_on_the_list_is_named_in_the_readers_language() {
    use tdlog::doko::cards::Suit;
    use tdlog::doko::game_type::SoloType;
    use tdlog::doko::round::DealResult;
    use tdlog::i18n::doko_result_label;
    let solo = DealResult::Played {
        kind: GameKind::Pflichtsolo {
            soloist: Seat::B,
            solo: SoloType::Farbsolo(Suit::Herz),
            vorgefuehrt: true,
        },
    };
    assert_eq!(
        doko_result_label(Lang::De, &solo),
        "Pflichtsolo Herzsolo B (vorgeführt)"
    );
    assert_eq!(
        doko_result_label(Lang::En, &solo),
        "compulsory solo, hearts solo B (forced, vorgeführt)"
    );
    assert_eq!(
        doko_result_label(Lang::Da, &solo),
        "pligtsolo, hjertersolo B (tvunget, vorgeführt)"
    );
    let lust = DealResult::NotPlayed {
        kind: GameKind::Lustsolo {
            soloist: Seat::A,
            solo: SoloType::Damensolo,
        },
    };
    assert_eq!(
        doko_result_label(Lang::En, &lust),
        "voluntary solo, queens solo A – not played (8.6.2.1)"
    );
    assert_eq!(
        doko_result_label(Lang::De, &lust),
        "Lustsolo Damensolo A – nicht gespielt (8.6.2.1)"
    );
    let schmeissen = DealResult::Schmeissen {
        schmeisser: Seat::C,
        valid: false,
    };
    assert_eq!(
        doko_result_label(Lang::De, &schmeissen),
        "Schmeißen C (falsch)"
    );
    assert_eq!(
        doko_result_label(Lang::Da, &schmeissen),
        "kastet af C (Schmeißen), ikke tilladt"
    );
    assert_eq!(
        doko_result_label(Lang::En, &DealResult::Redeal),
        "dealt again"
    );
    for lang in [Lang::En, Lang::Da] {
        for r in [&solo, &lust, &schmeissen, &DealResult::Redeal] {
            let l = doko_result_label(lang, r);
            assert!(
                !l.contains("doko.") && !l.contains("Damensolo") && !l.contains("neu gegeben"),
                "{lang:?}: {l}"
            );
        }
    }
}

/// §8.8 and §7.1.1 in the app's card-by-card form: a violation the engine flagged is shown
/// with its rule and who may claim it; once claimed, the Schiedsrichter's ruling is asked
/// for; once ruled, the form says so. Game 5 of the recorded round (fixtures/doko/round16)
/// is the worked example: B claims A's violation, the Schiedsrichter rules it.
#[test]
fn rule_8_8_the_card_form_shows_a_flagged_violation_its_claim_and_the_ruling() {
    use tdlog::doko::game::GameEvent;
    use tdlog::doko::table::RecordedGame;
    use tdlog::events::DokoGame;
    use tdlog::views::doko_cards::card_game;
    let d = tempfile::tempdir().unwrap();
    let chief = key(1);
    let mut log = club_log(&d.path().join("c.tdlog"), &chief);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/doko/round16");
    let games: Vec<RecordedGame> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/events.json")).unwrap())
            .unwrap();
    let at = |game| DokoGameRef {
        round: 1,
        table: 1,
        game,
    };
    let mut ps = vec![Payload::DokoSeating(DokoSeating {
        round: 1,
        table: 1,
        seating: ["Anna", "Bert", "Cleo", "Dora"]
            .iter()
            .enumerate()
            .map(|(i, n)| (Seat::new(i as u8).unwrap(), n.to_string()))
            .collect(),
    })];
    let g5 = &games[4].events;
    let claim = g5
        .iter()
        .position(|e| matches!(e, GameEvent::ClaimRaised { .. }))
        .unwrap();
    let GameEvent::ClaimRaised {
        claimant,
        violation,
    } = g5[claim].clone()
    else {
        unreachable!()
    };
    for (i, g) in games.iter().take(5).enumerate() {
        let n = i as u32 + 1;
        ps.push(Payload::DokoGame(DokoGame {
            at: at(n),
            setup: g.setup.clone(),
        }));
        let upto = if n == 5 { claim } else { g.events.len() };
        ps.extend(g.events[..upto].iter().map(|e| at(n).payload(e.clone())));
    }
    append_checked(&mut log, &chief, ps, common::T0).unwrap();
    let form = |log: &Log| {
        let v = log.verify(None).unwrap();
        let f = tdlog::appeals::fold(&v, None);
        card_game(&f.doko, 1, 1, Lang::De)
    };

    let v = form(&log);
    assert!(v.in_progress && v.game == 5, "{v:?}");
    let x = &v.violations[violation];
    assert_eq!(x.status, "open");
    assert!(x.may_claim.contains(&claimant.to_string()), "{x:?}");
    assert!(
        !x.may_claim.contains(&x.offender),
        "§8.8.1: not the offender"
    );
    assert!(!x.rule.is_empty() && !x.what.is_empty(), "{x:?}");

    append_checked(
        &mut log,
        &chief,
        vec![at(5).payload(g5[claim].clone())],
        common::T0,
    )
    .unwrap();
    let x = form(&log).violations[violation].clone();
    assert_eq!(x.status, "claimed");
    assert!(x.claimed_by.unwrap().starts_with(&claimant.to_string()));
    assert!(x.may_claim.is_empty(), "§8.8.6: one claim");

    let ruled = g5[claim..]
        .iter()
        .find(|e| matches!(e, GameEvent::Ruled { .. }))
        .unwrap()
        .clone();
    append_checked(&mut log, &chief, vec![at(5).payload(ruled)], common::T0).unwrap();
    assert_eq!(form(&log).violations[violation].status, "ruled");
}
