//! Knobs of issue 30 that reproduce what Compscore3 publishes: two winners in a Mitchell
//! (`ranking.fields: by_direction`), a board played fewer times factored to the full top in
//! the totals only (`matchpoints.totals: full_top`) and totals rounded half to even
//! (`ranking.total_rounding`). Each is a signed `scoring.policy` field left out of the payload
//! at its default, so policies signed before keep their bytes and their rankings.

mod common;

use common::*;
use std::path::Path;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Contestant, Form, Payload, PolicySet, ResultRecorded, Section, Slot, TableAssignment,
    TableResult,
};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{ranking, results, Standing, Tournament};

/// Tables as (round, table, N-S, E-W, boards); results as (round, table, board, N-S score
/// made by a contract at North: 4S making `tricks`).
fn session(
    p: &Path,
    tables: &[(u32, u32, &str, &str, &[u32])],
    played: &[(u32, u32, u32, u8)],
    policy: Option<&str>,
) -> Tournament {
    let (chief, scorer) = (key(1), key(3));
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(p, &chief, g).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "Section A".into(),
    })];
    let mut ids: Vec<&str> = tables.iter().flat_map(|t| [t.2, t.3]).collect();
    ids.sort();
    ids.dedup();
    for id in ids {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.into(),
            name: format!("Pair {id}"),
            members: vec![],
            captain: None,
            phantom: false,
        })));
    }
    for &(round, table, ns, ew, boards) in tables {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round,
            table,
            ns: ns.into(),
            ew: ew.into(),
            boards: boards.to_vec(),
        }));
    }
    for &(round, table, board, tricks) in played {
        let t = tables
            .iter()
            .find(|t| t.0 == round && t.1 == table)
            .unwrap();
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: Slot {
                section: "A".into(),
                round,
                table,
                board,
            },
            ns: t.2.into(),
            ew: t.3.into(),
            result: TableResult {
                contract: "4S".into(),
                declarer: Some(Seat::N),
                tricks: Some(tricks),
            },
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    if let Some(json) = policy {
        let p: PolicySet = serde_json::from_str(json).unwrap();
        log.append(&chief, Payload::PolicySet(Box::new(p))).unwrap();
    }
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

/// (contestant, place, field) in ranking order.
fn places(s: &[Standing]) -> Vec<(String, String, Option<String>)> {
    s.iter()
        .map(|x| (x.contestant.clone(), x.place.clone(), x.field.clone()))
        .collect()
}

fn owned(v: &[(&str, &str, Option<&str>)]) -> Vec<(String, String, Option<String>)> {
    v.iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.map(str::to_string)))
        .collect()
}

const TWO_WINNERS: &str = r#"{"method": "matchpoints", "scoring": {"ranking": {"fields": "by_direction"}}, "note": "two winners"}"#;

#[test]
fn two_winners_rank_a_mitchell_by_direction_and_the_default_ranks_one_field() {
    // Three tables, one board: 1, 2, 3 sit N-S, 4, 5, 6 E-W. N-S scores 420, 450, 480.
    let tables: &[(u32, u32, &str, &str, &[u32])] = &[
        (1, 1, "1", "4", &[1]),
        (1, 2, "2", "5", &[1]),
        (1, 3, "3", "6", &[1]),
    ];
    let played = [(1, 1, 1, 10), (1, 2, 1, 11), (1, 3, 1, 12)];
    let dir = tempfile::tempdir().unwrap();
    let one = session(&dir.path().join("1.tdlog"), tables, &played, None);
    let r = ranking(&one, &results(&one));
    assert_eq!(
        places(&r.standings),
        owned(&[
            ("3", "1-2", None),
            ("4", "1-2", None),
            ("2", "3-4", None),
            ("5", "3-4", None),
            ("1", "5-6", None),
            ("6", "5-6", None),
        ])
    );
    let two = session(
        &dir.path().join("2.tdlog"),
        tables,
        &played,
        Some(TWO_WINNERS),
    );
    let r = ranking(&two, &results(&two));
    assert_eq!(
        places(&r.standings),
        owned(&[
            ("3", "1", Some("NS")),
            ("2", "2", Some("NS")),
            ("1", "3", Some("NS")),
            ("4", "1", Some("EW")),
            ("5", "2", Some("EW")),
            ("6", "3", Some("EW")),
        ])
    );
    // The JSON of a one-field ranking is as before: no `field`.
    let json = serde_json::to_string(&ranking(&one, &results(&one))).unwrap();
    assert!(!json.contains("\"field\""), "{json}");
}

#[test]
fn two_winners_leave_a_howell_with_a_stationary_pair_one_field() {
    // Pair 1 stays N-S, the others change direction: not a Mitchell, so one field.
    let tables: &[(u32, u32, &str, &str, &[u32])] = &[
        (1, 1, "1", "2", &[1]),
        (1, 2, "3", "4", &[1]),
        (2, 1, "1", "3", &[2]),
        (2, 2, "4", "2", &[2]),
    ];
    let played = [(1, 1, 1, 10), (1, 2, 1, 11), (2, 1, 2, 11), (2, 2, 2, 10)];
    let dir = tempfile::tempdir().unwrap();
    let t = session(
        &dir.path().join("h.tdlog"),
        tables,
        &played,
        Some(TWO_WINNERS),
    );
    let r = ranking(&t, &results(&t));
    assert!(r.standings.iter().all(|s| s.field.is_none()));
    assert_eq!(r.standings.len(), 4);
}

#[test]
fn full_top_totals_factor_a_short_board_in_the_totals_only_and_scale_a_short_card() {
    // Board 1 at three tables (top 4), board 2 only at tables 1 and 2 (top 2): the movement
    // as a rebuilt one expects it twice, so its lines keep their matchpoints as played.
    let tables: &[(u32, u32, &str, &str, &[u32])] = &[
        (1, 1, "1", "4", &[1, 2]),
        (1, 2, "2", "5", &[1, 2]),
        (1, 3, "3", "6", &[1]),
    ];
    // Board 1: N-S 450, 420, 480; board 2: N-S 450, 420.
    let played = [
        (1, 1, 1, 11),
        (1, 2, 1, 10),
        (1, 3, 1, 12),
        (1, 1, 2, 11),
        (1, 2, 2, 10),
    ];
    let policy = r#"{"method": "matchpoints",
        "scoring": {"matchpoints": {"totals": "full_top"}, "ranking": {"fields": "by_direction"}},
        "note": "Compscore3"}"#;
    let dir = tempfile::tempdir().unwrap();
    let t = session(&dir.path().join("f.tdlog"), tables, &played, Some(policy));
    let rows = results(&t);
    let b2: Vec<(Option<f64>, Option<f64>)> = rows
        .iter()
        .filter(|r| r.board == 2)
        .map(|r| (r.mp_ns, r.mp_top))
        .collect();
    assert_eq!(b2, [(Some(2.0), Some(2.0)), (Some(0.0), Some(2.0))]);
    let r = ranking(&t, &rows);
    let s = |id: &str| r.standings.iter().find(|s| s.contestant == id).unwrap();
    // Pair 1: 2 of 4 on board 1, and board 2's top (2 of 2) is Neuberg's 3.5 of 4:
    // 5.5 of 8 = 68.75 % (as played it would be 4 of 6, 66.67 %).
    assert_eq!(
        (s("1").mp, s("1").mp_top, s("1").total),
        (Some(5.5), Some(8.0), 68.75)
    );
    // Pair 2: 0 + 0.5 of 8.
    assert_eq!((s("2").mp, s("2").total), (Some(0.5), 6.25));
    // Pair 3 played one board (4 of 4): its total is scaled to its field's two boards.
    assert_eq!(
        (s("3").mp, s("3").mp_top, s("3").total),
        (Some(8.0), Some(8.0), 100.0)
    );
    // The default counts board 2 as played.
    let d = session(&dir.path().join("d.tdlog"), tables, &played, None);
    let r = ranking(&d, &results(&d));
    let p1 = r.standings.iter().find(|s| s.contestant == "1").unwrap();
    assert_eq!((p1.mp, p1.mp_top, p1.total), (Some(4.0), Some(6.0), 66.67));
}

#[test]
fn ranking_totals_round_half_to_even_when_the_policy_says() {
    // Two boards at three tables (top 4 each). Board 1: N-S 420, 420, 480 (1, 1, 4);
    // board 2: 420, 450, 480 (0, 2, 4). Pair 1: 1 of 8 = 12.5 %, pair 4 (its E-W) 87.5 %,
    // pair 2: 37.5 %, pair 5: 62.5 %.
    let tables: &[(u32, u32, &str, &str, &[u32])] = &[
        (1, 1, "1", "4", &[1, 2]),
        (1, 2, "2", "5", &[1, 2]),
        (1, 3, "3", "6", &[1, 2]),
    ];
    let played = [
        (1, 1, 1, 10),
        (1, 2, 1, 10),
        (1, 3, 1, 12),
        (1, 1, 2, 10),
        (1, 2, 2, 11),
        (1, 3, 2, 12),
    ];
    let whole = |mode: &str| {
        format!(
            r#"{{"method": "matchpoints",
            "scoring": {{"ranking": {{"total_rounding": {{"decimals": 0, "mode": "{mode}"}}}}}},
            "note": "whole percentages"}}"#
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let pct = |t: &Tournament| {
        let r = ranking(t, &results(t));
        ["1", "4", "2", "5"].map(|id| {
            r.standings
                .iter()
                .find(|s| s.contestant == id)
                .unwrap()
                .total
        })
    };
    let even = session(
        &dir.path().join("e.tdlog"),
        tables,
        &played,
        Some(&whole("half_even")),
    );
    assert_eq!(pct(&even), [12.0, 88.0, 38.0, 62.0]);
    let away = session(
        &dir.path().join("a.tdlog"),
        tables,
        &played,
        Some(&whole("half_away_from_zero")),
    );
    assert_eq!(pct(&away), [13.0, 88.0, 38.0, 63.0]);
    // Unset: 2 decimals, as before.
    let d = session(&dir.path().join("d.tdlog"), tables, &played, None);
    assert_eq!(pct(&d), [12.5, 87.5, 37.5, 62.5]);
}
