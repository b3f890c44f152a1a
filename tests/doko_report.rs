//! The list in the layout of §6.3 and the standings over rounds (A30 default).
use std::collections::BTreeMap;

use tdlog::doko::game_type::{GameKind, SoloType};
use tdlog::doko::list::project;
use tdlog::doko::report::{render_html, render_text};
use tdlog::doko::round::{DealResult, GameRecord, TableConfig};
use tdlog::doko::seat::Seat;
use tdlog::doko::standings::{standings, TableRound};

const SEATS: [Seat; 4] = [Seat::A, Seat::B, Seat::C, Seat::D];

fn rec(dealer: Seat, kind: GameKind, value: u32, pts: [i32; 4]) -> GameRecord {
    GameRecord {
        dealer,
        result: DealResult::Played { kind },
        value,
        points: SEATS.into_iter().zip(pts).collect(),
        penalties: vec![],
        struck: false,
        replaces: None,
    }
}

fn names() -> BTreeMap<Seat, String> {
    BTreeMap::from([
        (Seat::A, "Anna".to_string()),
        (Seat::B, "Bernd".to_string()),
        (Seat::C, "Carla".to_string()),
        (Seat::D, "D<ieter>".to_string()),
    ])
}

#[test]
fn list_report_shows_running_totals_value_kind_dealer_and_profile_6_3_7() {
    let recs = vec![
        rec(Seat::A, GameKind::Normal, 2, [2, 2, 0, 0]),
        rec(Seat::B, GameKind::Normal, 5, [5, 0, 5, 0]),
        rec(
            Seat::C,
            GameKind::Pflichtsolo {
                soloist: Seat::D,
                solo: SoloType::Damensolo,
                vorgefuehrt: false,
            },
            1,
            [0, 0, 0, 3],
        ),
    ];
    let list = project(&recs, TableConfig::new(4).unwrap());
    let text = render_text(&list, "eppstein-2001", &names());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Spielliste (Profil eppstein-2001)");
    assert!(lines[1].contains("Anna") && lines[1].contains("Punkte dieses Spiels"));
    let cols = |l: &str| l.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    assert_eq!(cols(lines[2])[..7], ["1", "A", "2", "2", "0", "0", "2"]);
    assert_eq!(cols(lines[3])[..7], ["2", "B", "7", "2", "5", "0", "5"]);
    assert_eq!(
        cols(lines[4])[..8],
        ["3", "C", "7", "2", "5", "3", "P", "1"]
    );
    let html = render_html(&list, "ddv", &names());
    assert!(html.contains("data-profile=\"ddv\""));
    assert!(html.contains("D&lt;ieter&gt;"), "names are escaped");
    assert_eq!(html.matches("<tr>").count(), 4);
}

#[test]
fn standings_sum_round_totals_and_share_places_a30() {
    let list = |pts: [i32; 4]| {
        project(
            &[rec(Seat::A, GameKind::Normal, 1, pts)],
            TableConfig::new(4).unwrap(),
        )
    };
    let seating = |ps: [&str; 4]| -> BTreeMap<Seat, String> {
        SEATS.into_iter().zip(ps.map(String::from)).collect()
    };
    let tables = vec![
        TableRound {
            round: 1,
            table: 1,
            seating: seating(["p1", "p2", "p3", "p4"]),
            list: list([4, 0, 4, 0]),
        },
        TableRound {
            round: 2,
            table: 1,
            seating: seating(["p4", "p3", "p2", "p1"]),
            list: list([6, 0, 2, 0]),
        },
    ];
    let s = standings(&tables);
    let view: Vec<(usize, &str, i64)> = s
        .iter()
        .map(|x| (x.place, x.player.as_str(), x.total))
        .collect();
    assert_eq!(
        view,
        vec![(1, "p4", 6), (2, "p1", 4), (2, "p3", 4), (4, "p2", 2)]
    );
    assert_eq!(s[0].rounds, BTreeMap::from([(1, 0), (2, 6)]));
}
