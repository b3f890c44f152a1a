//! Tests of the Doppelkopf commands (`doko.rs`): payloads, views and refusals on a club
//! evening's log opened as the app opens it.
use super::*;
use crate::session::tests_support::{demo, demo_key, open};
use tdlog::doko::entry::ListGame;
use tdlog::events::{Game, Genesis};
use tdlog::live::Absorbed;

const PLAYERS: [&str; 9] = [
    "Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida",
];

/// A club evening's log with the demo chief TD as its chief TD, the seat draw committed
/// and revealed with a known seed, and round 1 seated (tables of 4 and 5, §7.2.1).
fn club_evening() -> (Opened, DeviceKey) {
    let p = demo().with_file_name("abend.tdlog");
    let chief = demo_key("chief");
    tdlog::log::Log::create(
        &p,
        &chief,
        Genesis {
            name: "Clubabend".into(),
            game: Game::Doppelkopf,
            organiser: "Doko-Club".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Anna Berg".into(),
        },
    )
    .unwrap();
    let mut o = open(&p, &|_| {}).unwrap();
    let seed = "00ff".repeat(16);
    for p in [
        Payload::DokoDrawCommit(DokoDrawCommit {
            seed_hash: tdlog::doko::draw::seed_hash(&seed),
            players: PLAYERS.iter().map(|s| s.to_string()).collect(),
            later_rounds: LaterRounds::Random,
        }),
        Payload::DokoDrawReveal(DokoDrawReveal { seed }),
    ] {
        append(&mut o, &chief, p).unwrap();
    }
    let plan = o.doko.plan(1).unwrap();
    for (i, seating) in plan.into_iter().enumerate() {
        append(
            &mut o,
            &chief,
            Payload::DokoSeating(DokoSeating {
                round: 1,
                table: i as u32 + 1,
                seating,
            }),
        )
        .unwrap();
    }
    (o, chief)
}

fn append(
    o: &mut Opened,
    key: &DeviceKey,
    p: Payload,
) -> Result<Absorbed, tdlog::appeals::AppendError> {
    let now = chrono::Utc::now().timestamp_millis();
    o.live.append(key, p, now).map(|(_, how)| how)
}

fn normal(re: [&str; 2], re_eyes: u16) -> ListEntry {
    ListEntry::Game(ListGame {
        dealer: None,
        kind: GameKind::Normal,
        re: re.iter().map(|s| seat(s).unwrap()).collect(),
        re_eyes,
        re_tricks: None,
        calls: vec![],
        sonderpunkte: vec![],
    })
}

#[test]
fn rule_6_3_a_result_is_the_tables_next_game_and_its_list_runs_on() {
    let (mut o, chief) = club_evening();
    let e = evening_view(&o);
    assert_eq!(e.dashboard.cells.len(), 2, "round 1: two tables");
    assert!(e.dashboard.draw_committed && e.dashboard.draw_revealed);
    assert_eq!(e.next_round, 2);
    // Table 1 seats four (§7.2.1: 9 players = one table of 4, one of 5).
    let sizes: Vec<usize> = e.dashboard.cells.iter().map(|c| c.seated).collect();
    assert_eq!(sizes, vec![4, 5]);
    // A seated table without games: an empty list, game 1 dealt by A.
    let empty = views::table_list(&o.doko, 1, 1, Lang::De).unwrap();
    assert!(empty.rows.is_empty());
    assert_eq!((empty.next_game, empty.players.len()), (1, 4));
    assert!(empty.next_dealer.is_some());
    // Re (A, B) wins with 130 eyes: 1 point each (plus-only list, §6.2).
    let p = result_payload(&o.doko, 1, 1, normal(["A", "B"], 130)).unwrap();
    append(&mut o, &chief, p).unwrap();
    let p = result_payload(&o.doko, 1, 1, normal(["A", "C"], 100)).unwrap();
    let Payload::DokoResult(r) = &p else { panic!() };
    assert_eq!(r.at.game, 2, "the table's next game");
    append(&mut o, &chief, p).unwrap();
    let l = views::table_list(&o.doko, 1, 1, Lang::De).unwrap();
    assert_eq!(l.rows.len(), 2);
    assert_eq!(l.rows[0].delta, vec![1, 1, 0, 0]);
    // Kontra (B, D) wins against 100 eyes: 2 each (gewonnen, gegen die Alten).
    assert_eq!(l.rows[1].delta, vec![0, 2, 0, 2]);
    assert_eq!(l.totals, vec![1, 3, 0, 2]);
    assert_eq!(l.next_game, 3);
    assert_eq!(evening_view(&o).dashboard.cells[0].games, 2);
}

fn evening_view(o: &Opened) -> EveningView {
    super::evening(o, None, Lang::En)
}

#[test]
fn rule_1_2_2_an_impossible_result_is_refused_naming_its_rule_in_german() {
    let (mut o, chief) = club_evening();
    let before = o.replayed.log.events.len();
    let p = result_payload(&o.doko, 1, 1, normal(["A", "B"], 250)).unwrap();
    let e = o
        .doko
        .check_append(&p, &signer(&o, &chief))
        .expect_err("250 eyes cannot be");
    let shown = refusal(&e, Lang::De);
    assert_eq!(shown.code, "doko_rule");
    assert_eq!(shown.params["rule"], "1.2.2");
    assert!(
        shown.params["reason"].starts_with("Doppelkopf §1.2.2"),
        "{shown:?}"
    );
    // The live append refuses it too, and nothing is signed.
    assert!(matches!(
        append(&mut o, &chief, p),
        Err(tdlog::appeals::AppendError::Doko(_))
    ));
    assert_eq!(o.replayed.log.events.len(), before);
}

#[test]
fn rule_8_2_1_a_game_struck_during_the_round_is_replaced_by_the_next() {
    let (mut o, chief) = club_evening();
    for re in [["A", "B"], ["A", "C"]] {
        let p = result_payload(&o.doko, 1, 1, normal(re, 130)).unwrap();
        append(&mut o, &chief, p).unwrap();
    }
    let at = DokoGameRef {
        round: 1,
        table: 1,
        game: 2,
    };
    assert_eq!(
        correction_payload(&o.doko, at, true, None, " ")
            .unwrap_err()
            .code,
        "doko_reason"
    );
    let p = correction_payload(&o.doko, at, true, None, "Augen strittig").unwrap();
    let Payload::DokoCorrection(c) = &p else {
        panic!()
    };
    assert_eq!(c.rule, "8.2.1");
    assert_eq!(
        c.correction,
        CorrectionAction::Strike {
            replacement: Some(3)
        }
    );
    append(&mut o, &chief, p).unwrap();
    let l = views::table_list(&o.doko, 1, 1, Lang::De).unwrap();
    assert!(l.rows[1].struck, "{:?}", l.rows[1]);
    assert_eq!(l.totals, vec![1, 1, 0, 0], "the struck game counts nothing");
    // A correction of game 1: Re lost with 100 eyes.
    let fix = DokoGameRef { game: 1, ..at };
    let p = correction_payload(
        &o.doko,
        fix,
        false,
        Some(normal(["A", "B"], 100)),
        "Re hatte nur 100",
    )
    .unwrap();
    append(&mut o, &chief, p).unwrap();
    let l = views::table_list(&o.doko, 1, 1, Lang::De).unwrap();
    assert_eq!(l.totals, vec![0, 0, 2, 2]);
    assert_eq!(l.corrections.len(), 2);
}

#[test]
fn rule_8_7_2_b_a_deduction_over_twelve_is_refused_when_recorded() {
    let (mut o, chief) = club_evening();
    let p = result_payload(&o.doko, 1, 1, normal(["A", "B"], 130)).unwrap();
    append(&mut o, &chief, p).unwrap();
    let at = DokoGameRef {
        round: 1,
        table: 1,
        game: 1,
    };
    let p = sanction_payload(at, "b", Some(13)).unwrap();
    let e = o.doko.check_append(&p, &signer(&o, &chief)).unwrap_err();
    assert_eq!(refusal(&e, Lang::En).params["rule"], "8.7.2(b)");
    let p = sanction_payload(at, "B", Some(6)).unwrap();
    append(&mut o, &chief, p).unwrap();
    let l = views::table_list(&o.doko, 1, 1, Lang::En).unwrap();
    assert_eq!(l.totals, vec![1, -5, 0, 0]);
    assert_eq!(evening_view(&o).dashboard.cells[0].penalties, 1);
}

#[test]
fn rule_8_8_7_a_decision_needs_a_schiedsrichter_ruling() {
    let (o, _) = club_evening();
    let at = DokoGameRef {
        round: 1,
        table: 1,
        game: 1,
    };
    let e = decision_payload(&o, at, 0, Classification::Geringfuegig, None).unwrap_err();
    assert_eq!(e.code, "doko_undecidable");
    assert!(evening_view(&o).rulings.is_empty());
}

#[test]
fn rule_2_1_nobody_redraws_and_7_3_1_the_plan_names_every_player_once() {
    let (o, chief) = club_evening();
    let again = Payload::DokoDrawCommit(DokoDrawCommit {
        seed_hash: "ab".repeat(32),
        players: PLAYERS.iter().map(|s| s.to_string()).collect(),
        later_rounds: LaterRounds::Random,
    });
    let e = o
        .doko
        .check_append(&again, &signer(&o, &chief))
        .unwrap_err();
    // The order is drawn by lot once (§2.1); the published plan seats every player (§7.3.1).
    assert_eq!(e.rule(), "2.1");
    let v = views::plan(&o.doko, 2, Lang::De);
    assert!(v.revealed && v.error.is_none());
    let mut seated: Vec<&str> = v.plan.iter().flatten().map(|(_, p)| p.as_str()).collect();
    seated.sort();
    assert_eq!(seated, PLAYERS.to_vec());
    assert!(v.seated.is_empty(), "round 2 is not seated yet");
    assert_eq!(views::plan(&o.doko, 1, Lang::De).seated, vec![1, 2]);
}

#[test]
fn the_seed_is_kept_per_log_in_the_data_dir() {
    let id = Hash32::default();
    let p = seed_path(std::path::Path::new("/data"), &id);
    assert!(p.starts_with("/data/doko-seeds"));
    assert!(p
        .to_string_lossy()
        .ends_with(&format!("{}.seed", id.to_hex())));
    assert_eq!(later("by_standings").unwrap(), LaterRounds::ByStandings);
    assert_eq!(later("x").unwrap_err().code, "doko_later");
}

#[test]
fn rule_8_2_2_the_schiedsrichter_closes_a_round_and_the_list_offers_no_next_game() {
    let (mut o, chief) = club_evening();
    for (game, re) in [(1, ["A", "B"]), (2, ["A", "C"])] {
        let p = result_payload(&o.doko, 1, 1, normal(re, 130)).unwrap();
        assert_eq!(p.kind(), "doko.result", "game {game}");
        append(&mut o, &chief, p).unwrap();
    }
    let open_list = views::table_list(&o.doko, 1, 1, Lang::De).unwrap();
    assert!(!open_list.closed && open_list.next_dealer.is_some());
    append(
        &mut o,
        &chief,
        Payload::DokoRoundClosed(tdlog::events::DokoRoundClosed { round: 1, table: 1 }),
    )
    .unwrap();
    let l = views::table_list(&o.doko, 1, 1, Lang::De).unwrap();
    assert!(l.closed && l.closed_by_td);
    assert_eq!(l.next_dealer, None, "no game is entered after the close");
    let cell = evening_view(&o).dashboard.cells[0].clone();
    assert!(cell.closed && cell.closed_by_td);
    // A strike now is the Schiedsrichter's, under §8.2.2, without replacement.
    let p = correction_payload(
        &o.doko,
        DokoGameRef {
            round: 1,
            table: 1,
            game: 2,
        },
        true,
        None,
        "doppelt",
    )
    .unwrap();
    let Payload::DokoCorrection(c) = &p else {
        panic!()
    };
    assert_eq!(c.rule, "8.2.2");
    assert_eq!(c.correction, CorrectionAction::Strike { replacement: None });
    // A further game is refused naming §8.2.2.
    let more = result_payload(&o.doko, 1, 1, normal(["B", "C"], 130)).unwrap();
    let e = o.doko.check_append(&more, &signer(&o, &chief)).unwrap_err();
    assert_eq!(e.rule(), "8.2.2");
}

#[test]
fn the_standings_print_from_the_app_in_the_uis_language_as_html_and_pdf() {
    let (mut o, chief) = club_evening();
    let p = result_payload(&o.doko, 1, 1, normal(["A", "B"], 130)).unwrap();
    append(&mut o, &chief, p).unwrap();
    let req = |format: &str, lang: &str| crate::reports::ReportRequest {
        kind: "doko-standings".into(),
        appeal: None,
        format: format.into(),
        lang: lang.into(),
        round: None,
        table: None,
    };
    let html = String::from_utf8(crate::reports::render(&o, &req("html", "de")).unwrap()).unwrap();
    assert!(html.contains("lang=\"de\""));
    let names = o.doko.seating(1, 1);
    for n in names.values() {
        assert!(html.contains(n.as_str()), "{n} is not printed");
    }
    assert!(html.contains("geteilter Platz"), "the tie rule is named");
    let en = String::from_utf8(crate::reports::render(&o, &req("html", "en")).unwrap()).unwrap();
    assert!(en.contains("lang=\"en\"") && !en.contains("geteilter Platz"));
    assert!(crate::reports::render(&o, &req("pdf", "da"))
        .unwrap()
        .starts_with(b"%PDF-"));
}

/// The fixture round's card-by-card games (fixtures/doko/round16, the CLI's import).
fn fixture_games() -> Vec<tdlog::doko::table::RecordedGame> {
    serde_json::from_str(include_str!("../../fixtures/doko/round16/events.json")).unwrap()
}

/// A fixture game as a TD types it in the app's form: the deal seat by seat, the query
/// (`gesund`, naming a Vorbehalt), a line per trick, an announcement on its own line.
fn typed(events: &[GameEvent]) -> (String, String) {
    use tdlog::doko::determination::Vorbehaltsart;
    use tdlog::doko::game_type::SoloType;
    let mut deal = String::new();
    let mut lines: Vec<String> = vec![];
    let mut query: Vec<String> = vec![];
    let mut cur = String::new();
    let mut cards = 0;
    let flush = |cur: &mut String, lines: &mut Vec<String>| {
        if !cur.is_empty() {
            lines.push(std::mem::take(cur));
        }
    };
    for e in events {
        match e {
            GameEvent::Dealt { hands } => {
                for (s, h) in hands {
                    let h: Vec<String> = h.iter().map(|c| c.to_string()).collect();
                    deal += &format!("{s}: {}\n", h.join(" "));
                }
            }
            GameEvent::Query { entry } => {
                if let Some(art) = entry.art {
                    let word = match art {
                        Vorbehaltsart::Solo(SoloType::Trumpfsolo) => "trumpfsolo",
                        Vorbehaltsart::Solo(SoloType::Damensolo) => "damensolo",
                        Vorbehaltsart::Solo(SoloType::Bubensolo) => "bubensolo",
                        other => panic!("not in the fixture: {other:?}"),
                    };
                    query.push(format!("{}:{word}", entry.seat));
                }
            }
            GameEvent::QueryClosed => lines.push(format!("gesund {}", query.join(" "))),
            GameEvent::Announced { seat, .. } => {
                flush(&mut cur, &mut lines);
                lines.push(format!("{seat} re"));
            }
            GameEvent::CardPlayed { seat, card } => {
                if cards % 4 == 0 {
                    flush(&mut cur, &mut lines);
                }
                if cur.is_empty() {
                    cur = seat.to_string();
                }
                cur += &format!(" {card}");
                cards += 1;
            }
            other => panic!("typed only up to the play: {other:?}"),
        }
    }
    flush(&mut cur, &mut lines);
    (deal, lines.join("\n"))
}

#[test]
fn rule_4_2_games_typed_card_by_card_are_the_steps_the_cli_signs_and_make_the_fixtures_list() {
    use crate::doko_cards::steps;
    let (mut o, chief) = club_evening();
    let games = fixture_games();
    let want: Vec<serde_json::Value> = serde_json::from_str(include_str!(
        "../../fixtures/doko/round16/expected_list.json"
    ))
    .unwrap();
    for (i, g) in games.iter().take(4).enumerate() {
        let (deal, play) = typed(&g.events);
        let (at, payloads) = steps(&o.doko, 1, 1, &deal, &play).unwrap();
        assert_eq!(at.game, i as u32 + 1);
        // Exactly the CLI's import of the same game: its setup as the round deals it, then
        // its events in order.
        let mut cli = vec![Payload::DokoGame(tdlog::events::DokoGame {
            at,
            setup: g.setup.clone(),
        })];
        cli.extend(g.events.iter().map(|e| at.payload(e.clone())));
        assert_eq!(payloads, cli, "game {}", i + 1);
        o.doko
            .check_game_steps(at, &payloads, &signer(&o, &chief))
            .unwrap();
        for p in payloads {
            append(&mut o, &chief, p).unwrap();
        }
    }
    // The engine scores them as the fixture's independent oracle lists them (§6.3).
    let l = views::table_list(&o.doko, 1, 1, Lang::En).unwrap();
    assert_eq!(l.rows.len(), 4);
    let totals: Vec<i32> = ["A", "B", "C", "D"]
        .iter()
        .map(|s| want[3]["totals"][s].as_i64().unwrap() as i32)
        .collect();
    assert_eq!(l.totals, totals);
    assert_eq!(l.next_game, 5);
}

#[test]
fn rule_4_2_a_card_not_in_the_hand_refuses_the_whole_typed_trick_and_nothing_is_signed() {
    use crate::doko_cards::steps;
    let (mut o, chief) = club_evening();
    let g = &fixture_games()[0];
    let (deal, play) = typed(&g.events);
    let mut lines = play.lines();
    let head = format!("{}\n{}", lines.next().unwrap(), lines.next().unwrap());
    let (at, payloads) = steps(&o.doko, 1, 1, &deal, &head).unwrap();
    for p in payloads {
        append(&mut o, &chief, p).unwrap();
    }
    let before = o.replayed.log.events.len();
    // The game goes on: the form shows it in progress with its first trick.
    let v = tdlog::views::doko_cards::card_game(&o.doko, 1, 1, Lang::De);
    assert!(v.in_progress && v.dealt);
    assert_eq!((v.game, v.tricks.len()), (1, 1));
    assert_eq!(v.hands.iter().map(|(_, h)| h.len()).sum::<usize>(), 44);
    // The next trick typed right, then a card B does not hold: refused, naming §4.2 in
    // German, and not even the good trick is signed.
    let next = lines.next().unwrap().to_owned();
    let b_holds = &v.hands.iter().find(|(s, _)| s == "B").unwrap().1;
    let absent = tdlog::doko::cards::faces()
        .into_iter()
        .map(|c| c.to_string())
        .find(|c| !b_holds.contains(c))
        .unwrap();
    let leader = v.players[0].0.clone();
    let bad = format!("{next}\n{leader} B:{absent}");
    let (_, payloads) = steps(&o.doko, 1, 1, "", &bad).unwrap();
    let e = o
        .doko
        .check_game_steps(at, &payloads, &signer(&o, &chief))
        .unwrap_err();
    assert_eq!(e.rule(), "4.2", "{e}");
    let shown = refusal(&e, Lang::De);
    assert!(
        shown.params["reason"].starts_with("Doppelkopf §4.2: jeder Spieler spielt"),
        "{shown:?}"
    );
    assert_eq!(o.replayed.log.events.len(), before);
    // A game in progress is not dealt again (§2.2).
    let e = steps(&o.doko, 1, 1, &deal, "").unwrap_err();
    assert_eq!(e.rule(), "2.2");
}

#[test]
fn rule_2_2_6_a_new_game_begins_with_a_deal_of_twelve_cards_to_each_player() {
    use crate::doko_cards::steps;
    let (o, chief) = club_evening();
    let e = steps(&o.doko, 1, 1, "", "gesund").unwrap_err();
    assert_eq!(e.rule(), "2.2");
    let (deal, _) = typed(&fixture_games()[0].events);
    // One card short in A's hand.
    let short: String = deal
        .lines()
        .map(|l| match l.strip_prefix("A: ") {
            Some(h) => format!("A: {}", h.split_once(' ').unwrap().1),
            None => l.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let (at, payloads) = steps(&o.doko, 1, 1, &short, "gesund").unwrap();
    let e = o
        .doko
        .check_game_steps(at, &payloads, &signer(&o, &chief))
        .unwrap_err();
    assert_eq!(e.rule(), "2.2.6", "{e}");
    assert!(refusal(&e, Lang::Da).params["reason"].starts_with("Doppelkopf §2.2.6"));
    // Not a card: refused as it is typed (§1.2).
    let e = steps(&o.doko, 1, 1, "A: ♥7", "").unwrap_err();
    assert_eq!(e.rule(), "1.2");
}

#[test]
fn rule_6_3_a_tables_list_prints_from_the_app_in_the_uis_language_as_html_and_pdf() {
    let (mut o, chief) = club_evening();
    let p = result_payload(&o.doko, 1, 1, normal(["A", "B"], 130)).unwrap();
    append(&mut o, &chief, p).unwrap();
    let req = |format: &str, lang: &str, table: u32| crate::reports::ReportRequest {
        kind: "doko-list".into(),
        appeal: None,
        format: format.into(),
        lang: lang.into(),
        round: Some(1),
        table: Some(table),
    };
    let de = String::from_utf8(crate::reports::render(&o, &req("html", "de", 1)).unwrap()).unwrap();
    assert!(de.contains("lang=\"de\""));
    for n in o.doko.seating(1, 1).values() {
        assert!(de.contains(n.as_str()), "{n} is not printed");
    }
    // The list's own words in the reader's language: the German dealer column, not the English.
    let en = String::from_utf8(crate::reports::render(&o, &req("html", "en", 1)).unwrap()).unwrap();
    let dealer = |l| tdlog::i18n::t(l, "doko.print.dealer");
    assert!(de.contains(dealer(Lang::De)) && en.contains(dealer(Lang::En)));
    assert_ne!(dealer(Lang::De), dealer(Lang::En));
    assert!(crate::reports::render(&o, &req("pdf", "da", 1))
        .unwrap()
        .starts_with(b"%PDF-"));
    // No round and table, no list; a table without games is refused naming the rule's words.
    let mut none = req("html", "de", 1);
    none.round = None;
    assert!(crate::reports::render(&o, &none).is_err());
    assert!(crate::reports::render(&o, &req("html", "en", 9)).is_err());
}
