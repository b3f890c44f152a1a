//! `tdlog doko score` end to end on the fixtures in `fixtures/doko/`.

#[path = "common/device.rs"]
mod device;
use device::tdlog_cmd;

use tdlog::doko::cards::Card;
use tdlog::doko::determination::{QueryEntry, Statement};
use tdlog::doko::game::{Game, GameEvent, GameSetup};
use tdlog::doko::input::GameInput;
use tdlog::doko::profile::Profile;
use tdlog::doko::seat::{Players, Seat};

fn tdlog(args: &[&str]) -> (i32, String, String) {
    let out = tdlog_cmd()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json_points(stdout: &str) -> [i64; 4] {
    let v: serde_json::Value = serde_json::from_str(stdout).unwrap();
    ["A", "B", "C", "D"].map(|s| v["points"][s].as_i64().unwrap())
}

#[test]
fn score_e05_prints_each_seats_points_6_2_2() {
    let (code, out, _) = tdlog(&[
        "doko",
        "score",
        "fixtures/doko/e05_re_kontra.json",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json_points(&out), [12, 0, 12, 0]);
    let (code, table, _) = tdlog(&["doko", "score", "fixtures/doko/e05_re_kontra.json"]);
    assert_eq!(code, 0);
    assert!(
        table
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["A", "Re", "12"]),
        "{table}"
    );
}

#[test]
fn score_e13_lustsolo_and_profile_override_6_2_4() {
    let f = "fixtures/doko/e13_lustsolo_bubensolo.json";
    let (_, out, _) = tdlog(&["doko", "score", f, "--json"]);
    assert_eq!(json_points(&out), [4, 4, 0, 4]);
    let (_, out, _) = tdlog(&["doko", "score", f, "--json", "--profile", "ddv"]);
    // DDV: gewonnen 1 + Re 2 + Kontra 2 = 5, plus-minus, soloist ×3.
    assert_eq!(json_points(&out), [5, 5, -15, 5]);
}

#[test]
fn score_with_cards_agrees_with_the_card_by_card_fold_4_4_6_2() {
    let f = "fixtures/doko/normal_cards.json";
    let (code, out, _) = tdlog(&["doko", "score", f, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["tally"]["re_eyes"], 145,
        "Re = A+B (♣D) took 94 + 51 eyes"
    );
    assert_eq!(json_points(&out), [1, 1, 0, 0]);
    assert_eq!(v["flags"], serde_json::json!([]));
    // Replay the same cards through the fold: hands are what each seat plays.
    let g: GameInput = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
    let tricks = g.tricks.unwrap();
    let players = Players::for_dealer(Seat::D, 4);
    let mut hands = std::collections::BTreeMap::<Seat, Vec<Card>>::new();
    let mut events = vec![];
    for t in &tricks {
        let start = players.position(t.leader).unwrap();
        for (k, c) in t.cards.iter().enumerate() {
            let s = players.0[(start + k) % 4];
            hands.entry(s).or_default().push(*c);
            events.push(GameEvent::CardPlayed { seat: s, card: *c });
        }
    }
    let mut all = vec![GameEvent::Dealt { hands }];
    for s in players.iter() {
        all.push(GameEvent::Query {
            entry: QueryEntry {
                seat: s,
                statement: Statement::Gesund,
                art: None,
                correction: None,
            },
        });
    }
    all.extend(events);
    let setup = GameSetup {
        dealer: Seat::D,
        table_size: 4,
        owes_pflichtsolo: Default::default(),
        vorgefuehrt: None,
    };
    let game = Game::replay(setup, Profile::default(), &all).unwrap();
    let r = game.result().unwrap();
    let pts = [Seat::A, Seat::B, Seat::C, Seat::D].map(|s| i64::from(r.record.points[&s]));
    assert_eq!(pts, json_points(&out));
    assert!(game.violations.is_empty());
}

#[test]
fn invalid_input_gives_a_one_line_error_naming_the_rule() {
    let (code, _, err) = tdlog(&["doko", "score", "fixtures/doko/invalid_card_thrice.json"]);
    assert_eq!(code, 1);
    assert!(err.contains("§1.2.1") && err.contains("♦9"), "{err}");
    let (code, _, err) = tdlog(&[
        "doko",
        "score",
        "fixtures/doko/invalid_seat_not_at_table.json",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("E is not one of the four players"), "{err}");
    let (code, _, _) = tdlog(&["doko", "score", "fixtures/doko/does-not-exist.json"]);
    assert_eq!(code, 1);
}

#[test]
fn replay_prints_the_list_of_a_recorded_table_6_3() {
    let f = "fixtures/doko/round16/events.json";
    let (code, text, _) = tdlog(&["doko", "replay", f]);
    assert_eq!(code, 0);
    assert!(text.starts_with("Spielliste (Profil eppstein-2001)"));
    let expected: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("fixtures/doko/round16/expected_list.json").unwrap(),
    )
    .unwrap();
    let last = expected.as_array().unwrap().last().unwrap();
    let totals: Vec<String> = ["A", "B", "C", "D"]
        .iter()
        .map(|s| last["totals"][s].to_string())
        .collect();
    let row16 = text
        .lines()
        .find(|l| l.trim_start().starts_with("16 "))
        .unwrap();
    let cols: Vec<&str> = row16.split_whitespace().collect();
    assert_eq!(
        cols[2..6],
        totals.iter().map(String::as_str).collect::<Vec<_>>()[..]
    );
    let (code, json, _) = tdlog(&["doko", "replay", f, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["rows"].as_array().unwrap().len(), 17);
    let (code, html, _) = tdlog(&["doko", "replay", f, "--html"]);
    assert_eq!(code, 0);
    assert!(html.starts_with("<table"));
}
