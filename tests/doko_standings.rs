//! The standings' tie rule as a signed club setting (the rules give none, A30), and the
//! standings and a table's Spielliste in print in German, English and Danish (issue 16), as
//! HTML and as PDF read back by `pdftotext` and `pdffonts` (issue 35).

mod common;

use common::key;
use common::pdf::{assert_fonts_embedded, page_size, text};
use std::collections::BTreeMap;

use tdlog::appeals::doko_append::append_checked;
use tdlog::doko::announce::Level;
use tdlog::doko::entry::{ListCall, ListEntry, ListGame};
use tdlog::doko::game_type::GameKind;
use tdlog::doko::seat::Seat;
use tdlog::doko::standings::TieRule;
use tdlog::doko::tables::DokoTables;
use tdlog::events::{
    CorrectionAction, DokoCorrection, DokoGameRef, DokoResult, DokoSeating, DokoStandingsRule,
    Game, Genesis, Payload,
};
use tdlog::i18n::Lang;
use tdlog::log::{replay, Log};
use tdlog::views::doko_print::{html_page, list_blocks, standings_blocks};

fn game(table: u32, n: u32, re: [Seat; 2], calls: Vec<ListCall>) -> Payload {
    Payload::DokoResult(DokoResult {
        at: DokoGameRef {
            round: 1,
            table,
            game: n,
        },
        entry: ListEntry::Game(ListGame {
            dealer: None,
            kind: GameKind::Normal,
            re: re.to_vec(),
            re_eyes: 130,
            re_tricks: None,
            calls,
            sonderpunkte: vec![],
        }),
    })
}

fn seating(table: u32, names: [&str; 4]) -> Payload {
    Payload::DokoSeating(DokoSeating {
        round: 1,
        table,
        seating: [Seat::A, Seat::B, Seat::C, Seat::D]
            .into_iter()
            .zip(names.map(String::from))
            .collect::<BTreeMap<_, _>>(),
    })
}

/// Anna wins two games of 1 at table 1 (2 points); Gabi and Hans one game of 2 at table 2
/// ("Re" said doubles it): three players on 2 points.
fn evening(dir: &std::path::Path) -> (Log, tdlog::keys::DeviceKey) {
    let chief = key(1);
    let mut log = Log::create(
        &dir.join("s.tdlog"),
        &chief,
        Genesis {
            name: "Clubabend".into(),
            game: Game::Doppelkopf,
            organiser: "Doko-Club".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    let re = vec![ListCall {
        seat: Seat::C,
        level: Level::Ansage,
    }];
    append_checked(
        &mut log,
        &chief,
        vec![
            seating(1, ["Anna", "Bert", "Cleo", "Dora"]),
            seating(2, ["Emil", "Fritz", "Gabi", "Hans"]),
            game(1, 1, [Seat::A, Seat::B], vec![]),
            game(1, 2, [Seat::A, Seat::C], vec![]),
            game(2, 1, [Seat::C, Seat::D], re),
        ],
        common::T0,
    )
    .unwrap();
    (log, chief)
}

fn tables(log: &Log) -> DokoTables {
    let v = log.verify(None).unwrap();
    let mut t = DokoTables::default();
    replay(&v, &mut t);
    t
}

fn places(log: &Log) -> Vec<(usize, String)> {
    tables(log)
        .standings()
        .unwrap()
        .standings
        .into_iter()
        .filter(|l| l.total == 2)
        .map(|l| (l.place, l.player))
        .collect()
}

fn set(log: &mut Log, k: &tdlog::keys::DeviceKey, tie: TieRule) {
    log.append(k, Payload::DokoStandingsRule(DokoStandingsRule { tie }))
        .unwrap();
}

#[test]
fn a30_equal_totals_share_the_place_unless_the_club_signed_a_tie_rule() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief) = evening(d.path());
    let p = |a: usize, b: usize, c: usize| {
        vec![
            (a, "Anna".to_string()),
            (b, "Gabi".to_string()),
            (c, "Hans".to_string()),
        ]
    };
    let sorted = |mut v: Vec<(usize, String)>| {
        v.sort_by(|x, y| x.1.cmp(&y.1));
        v
    };
    assert_eq!(sorted(places(&log)), p(1, 1, 1));
    set(&mut log, &chief, TieRule::MostGamesWon);
    assert_eq!(sorted(places(&log)), p(1, 2, 2), "Anna won two games");
    set(&mut log, &chief, TieRule::BestSingleGame);
    assert_eq!(
        sorted(places(&log)),
        p(3, 1, 1),
        "Gabi and Hans had a game of 2"
    );
    set(&mut log, &chief, TieRule::BestRound);
    assert_eq!(sorted(places(&log)), p(1, 1, 1), "one round: still equal");
    assert_eq!(tables(&log).standings().unwrap().tie, TieRule::BestRound);
}

#[test]
fn the_standings_print_in_german_english_and_danish_naming_the_tie_rule() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief) = evening(d.path());
    set(&mut log, &chief, TieRule::MostGamesWon);
    let s = tables(&log).standings().unwrap();
    let de = html_page(&standings_blocks(&s, Lang::De), Lang::De);
    let en = html_page(&standings_blocks(&s, Lang::En), Lang::En);
    let da = html_page(&standings_blocks(&s, Lang::Da), Lang::Da);
    assert!(de.contains("<html lang=\"de\">") && de.contains("<h1>Gesamtwertung</h1>"));
    assert!(
        de.contains("Bei Punktgleichheit</b>: mehr gewonnene Spiele vorn"),
        "{de}"
    );
    assert!(en.contains("<h1>Standings</h1>") && en.contains("more games won first"));
    assert!(da.contains("<h1>Stilling</h1>") && da.contains("flest vundne spil"));
    assert!(
        de.contains("<td class=\"r\">1.</td><td>Anna</td><td class=\"r\">2</td>"),
        "{de}"
    );
    let pdf = tdlog::report::pdf::render(&standings_blocks(&s, Lang::De));
    assert!(pdf.starts_with(b"%PDF"));
    assert_eq!(
        pdf,
        tdlog::report::pdf::render(&standings_blocks(&s, Lang::De))
    );
}

/// Game 1 of table 1 struck under §8.2.1 and replaced by a game of 3.
fn strike_game_1(log: &mut Log, chief: &tdlog::keys::DeviceKey) {
    append_checked(
        log,
        chief,
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
}

#[test]
fn rule_6_3_the_list_and_the_standings_print_as_pdf_in_three_languages() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief) = evening(d.path());
    strike_game_1(&mut log, &chief);
    set(&mut log, &chief, TieRule::MostGamesWon);
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    let names = t.seating(1, 1);
    let s = t.standings().unwrap();
    for (lang, list, standings) in [
        (
            Lang::De,
            &[
                "Spielliste (Profil eppstein-2001)",
                "Nr Geber Anna Bert Cleo Dora PS Punkte dieses Spiels und Art des Spiels",
                "gestrichen: Normalspiel",
                "Berichtigungen (§8.2)",
                "Spiel 1: §8.2.1 — Augen strittig",
            ][..],
            &[
                "Gesamtwertung",
                "Bei Punktgleichheit: mehr gewonnene Spiele vorn",
                "Platz Spieler Runde 1 Gesamt",
                "1. Gabi 2 2 1. Hans 2 2 3. Anna 1 1",
            ][..],
        ),
        (
            Lang::En,
            &[
                "Game list (Profile eppstein-2001)",
                "No Dealer Anna Bert Cleo Dora CS Points of this game and kind of game",
                "struck: normal game",
                "Corrections (§8.2)",
            ][..],
            &[
                "Standings",
                "more games won first",
                "Place Player Round 1 Total",
                "1. Gabi 2 2 1. Hans 2 2 3. Anna 1 1",
            ][..],
        ),
        (
            Lang::Da,
            &[
                "Spilleliste (Profil eppstein-2001)",
                "Nr Giver Anna Bert Cleo Dora PS Point for dette spil og spillets art",
                "slettet: normalspil",
                "Rettelser (§8.2)",
            ][..],
            &[
                "Stilling",
                "flest vundne spil",
                "Plads Spiller Runde 1 I alt",
                "1. Gabi 2 2 1. Hans 2 2 3. Anna 1 1",
            ][..],
        ),
    ] {
        for (what, blocks, want) in [
            ("list", list_blocks(&l, &names, lang), list),
            ("standings", standings_blocks(&s, lang), standings),
        ] {
            let pdf = tdlog::report::pdf::render(&blocks);
            assert_fonts_embedded(&pdf, &format!("{what} ({lang:?})"));
            assert_eq!(page_size(&pdf), (595.0, 842.0), "{what} ({lang:?})");
            let got = text(&pdf);
            for w in want {
                assert!(got.contains(w), "{what} ({lang:?}): {w:?} not in\n{got}");
            }
        }
    }
}

#[test]
fn rule_6_3_the_table_list_prints_with_its_corrections_in_three_languages() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief) = evening(d.path());
    strike_game_1(&mut log, &chief);
    let t = tables(&log);
    let l = t.list(1, 1).unwrap();
    let names = t.seating(1, 1);
    let de = html_page(&list_blocks(&l, &names, Lang::De), Lang::De);
    let en = html_page(&list_blocks(&l, &names, Lang::En), Lang::En);
    let da = html_page(&list_blocks(&l, &names, Lang::Da), Lang::Da);
    assert!(de.contains("Spielliste (Profil eppstein-2001)") && de.contains("<th>Geber</th>"));
    assert!(de.contains("gestrichen: Normalspiel"), "{de}");
    assert!(de.contains("<h2>Berichtigungen (§8.2)</h2>"));
    assert!(de.contains("Spiel 1: §8.2.1 — Augen strittig"), "{de}");
    assert!(en.contains("Game list (Profile eppstein-2001)") && en.contains("<th>Dealer</th>"));
    assert!(da.contains("Spilleliste") && da.contains("<th>Giver</th>"));
    // The kind of game in the print's language (§6.3), not the engine's German.
    assert!(en.contains("struck: normal game"), "{en}");
    assert!(da.contains("slettet: normalspil"), "{da}");
    assert!(!en.contains("Normalspiel") && !da.contains("Normalspiel"));
    assert!(de.contains("<th>Anna</th>"));
}
