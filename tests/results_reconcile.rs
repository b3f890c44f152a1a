//! Issue 30: where another program's published matchpoints differ from tdlog's, the import
//! comparison names the factoring rule that would reconcile the board (NZ Scorer scales some
//! boards linearly to whole matchpoints and Neuberg-factors the rest).

mod common;

use common::*;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Contestant, Form, Payload, ResultRecorded, Section, Slot, TableAssignment, TableResult,
};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::published::{compare, Published, PublishedLine};
use tdlog::results::reconcile::{factoring_rules, rule_words};
use tdlog::results::{ranking, results, Tournament};

const PAIRS: [(&str, &str); 4] = [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")];

/// Boards 1 and 2 scheduled at four tables, played at three: +450, +420, -50.
fn tournament(dir: &std::path::Path) -> Tournament {
    let p = dir.join("p.tdlog");
    let (chief, scorer) = (key(1), key(3));
    let mut log = Log::create(
        &p,
        &chief,
        match genesis() {
            Payload::Genesis(g) => g,
            _ => unreachable!(),
        },
    )
    .unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "A".into(),
    })];
    for (t, (ns, ew)) in PAIRS.iter().enumerate() {
        for id in [ns, ew] {
            ps.push(Payload::Contestant(Box::new(Contestant {
                section: "A".into(),
                id: id.to_string(),
                name: format!("Pair {id}"),
                members: vec![],
                captain: None,
                phantom: false,
            })));
        }
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: t as u32 + 1,
            ns: ns.to_string(),
            ew: ew.to_string(),
            boards: vec![1, 2],
        }));
    }
    for board in [1, 2] {
        for (table, tricks) in [(1u32, 11u8), (2, 10), (3, 9)] {
            let (ns, ew) = PAIRS[table as usize - 1];
            ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
                slot: Slot {
                    section: "A".into(),
                    round: 1,
                    table,
                    board,
                },
                ns: ns.into(),
                ew: ew.into(),
                result: TableResult {
                    contract: "4S".into(),
                    declarer: Some(Seat::N),
                    tricks: Some(tricks),
                },
            })));
        }
    }
    log.append_batch(&scorer, ps).unwrap();
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

#[test]
fn a_board_scaled_to_whole_matchpoints_is_named_with_the_rule_that_reproduces_it() {
    let dir = tempfile::tempdir().unwrap();
    let t = tournament(dir.path());
    // Published: board 1 Neuberg to 0.1 (as tdlog's default), board 2 pro rata MP·3/2 to
    // whole matchpoints (NZ Scorer's linear scaling).
    let line = |board, t: usize, mp_ns: f64, mp_ew: f64| PublishedLine {
        section: "A".into(),
        board,
        ns: PAIRS[t].0.into(),
        ew: PAIRS[t].1.into(),
        mp_ns: Some(mp_ns),
        mp_ew: Some(mp_ew),
        ..PublishedLine::default()
    };
    let published = Published {
        lines: vec![
            line(1, 0, 5.7, 0.3),
            line(1, 1, 3.0, 3.0),
            line(1, 2, 0.3, 5.7),
            line(2, 0, 6.0, 0.0),
            line(2, 1, 3.0, 3.0),
            line(2, 2, 0.0, 6.0),
        ],
        ..Published::default()
    };
    let rows = results(&t);
    let r = ranking(&t, &rows);
    let c = compare(&published, &rows, &r.standings, 0.01);
    assert_eq!((c.agree, c.values), (8, 12), "{c:?}");
    let found = factoring_rules(&t, &published, &c, 0.01);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].section.as_str(), found[0].board), ("A", 2));
    let words: Vec<String> = found[0].rules.iter().map(rule_words).collect();
    // Three results of four scaled to whole matchpoints: pro rata (NZ Scorer's linear
    // scaling) to 0-2 decimals, nearest or down, and Neuberg to whole matchpoints read alike;
    // Neuberg down (5, 3, 0) and no factoring do not.
    assert_eq!(
        words,
        [
            "neuberg, 0 decimal(s), half away from zero",
            "pro_rata, 1 decimal(s), half away from zero",
            "pro_rata, 0 decimal(s), half away from zero",
            "pro_rata, 2 decimal(s), half away from zero",
            "pro_rata, 1 decimal(s), down",
            "pro_rata, 0 decimal(s), down",
            "pro_rata, 2 decimal(s), down",
        ]
    );
    assert!(found[0].rules.iter().all(|r| r.boards == vec![2]));
    let text = found[0].to_string();
    assert!(
        text.starts_with("A board 2: reproduced by neuberg, 0 decimal(s)"),
        "{text}"
    );
    // A board no candidate reproduces (a wrong matchpoint) is not named.
    let mut wrong = published.clone();
    wrong.lines[3].mp_ns = Some(5.0);
    let c = compare(&wrong, &rows, &r.standings, 0.01);
    assert!(factoring_rules(&t, &wrong, &c, 0.01).is_empty());
}
