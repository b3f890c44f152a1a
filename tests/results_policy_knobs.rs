//! Every knob of the signed `scoring.policy` event, through the log: the Law 12C2(c)
//! session-percentage rule (WBF and German readings), DBV footnote C, the Law 12C1(c)
//! weighted-IMP method in both orders, the VP scale, the tie-break and the Neuberg rounding.
//! Each is switched by a signed policy event and named on the report.

mod common;

use common::*;
use std::path::Path;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Adjustment, Artificial, Contestant, Form, Payload, PolicySet, ResultNotPlayed, ResultRecorded,
    ScoreAdjusted, Section, Slot, TableAssignment, TableResult, Weighted,
};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{ranking, results, ResultRow, Tournament};

fn genesis_payload() -> tdlog::events::Genesis {
    match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

fn fold(p: &Path) -> Tournament {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

fn slot(table: u32, board: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

fn result(contract: &str, tricks: u8) -> TableResult {
    if contract == "Pass" {
        return TableResult {
            contract: contract.into(),
            declarer: None,
            tricks: None,
        };
    }
    TableResult {
        contract: contract.into(),
        declarer: Some(Seat::N),
        tricks: Some(tricks),
    }
}

/// A one-round section: `seats[t]` = (N-S, E-W) at table t+1, every table scheduled for
/// `boards`; `played` = (table, board, contract by North, tricks).
fn section_log(
    p: &Path,
    form: Form,
    seats: &[(&str, &str)],
    boards: &[u32],
    played: &[(u32, u32, &str, u8)],
) -> Log {
    let (chief, scorer, td) = (key(1), key(3), key(2));
    let mut log = Log::create(p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form,
        title: "Section A".into(),
    })];
    let mut ids: Vec<&str> = seats.iter().flat_map(|(a, b)| [*a, *b]).collect();
    ids.sort();
    ids.dedup();
    for id in ids {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.into(),
            name: format!("Contestant {id}"),
            members: vec![],
            captain: (form == Form::Teams).then(|| format!("Captain {id}")),
            phantom: false,
        })));
    }
    for (i, (ns, ew)) in seats.iter().enumerate() {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: i as u32 + 1,
            ns: ns.to_string(),
            ew: ew.to_string(),
            boards: boards.to_vec(),
        }));
    }
    for &(table, board, contract, tricks) in played {
        let (ns, ew) = seats[table as usize - 1];
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(table, board),
            ns: ns.into(),
            ew: ew.into(),
            result: result(contract, tricks),
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    log
}

fn set_policy(log: &mut Log, json: &str) -> tdlog::log::Hash32 {
    let p: PolicySet = serde_json::from_str(json).unwrap();
    log.append(&key(1), Payload::PolicySet(Box::new(p)))
        .unwrap()
}

fn artificial(
    log: &mut Log,
    seats: (&str, &str),
    table: u32,
    board: u32,
    ns: Artificial,
    ew: Artificial,
) {
    log.append(
        &key(2),
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(table, board),
            ns: seats.0.into(),
            ew: seats.1.into(),
            law: "12C2".into(),
            adjustment: Adjustment::Artificial { ns, ew },
            reason: "no result could be obtained".into(),
        })),
    )
    .unwrap();
}

fn not_played(log: &mut Log, seats: (&str, &str), table: u32, board: u32) {
    log.append(
        &key(3),
        Payload::ResultNotPlayed(Box::new(ResultNotPlayed {
            slot: slot(table, board),
            ns: seats.0.into(),
            ew: seats.1.into(),
            reason: "E-W arrived late".into(),
        })),
    )
    .unwrap();
}

fn row(rows: &[ResultRow], table: u32, board: u32) -> &ResultRow {
    rows.iter()
        .find(|r| r.table == table && r.board == board)
        .unwrap()
}

const PAIRS: [(&str, &str); 4] = [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")];

/// W23 in a session: pair 1 (N-S, table 1) has 16 of 18 matchpoints (88.89 %) on boards 1-3,
/// pair 2 (E-W) 2 of 18 (11.11 %); on board 4 the TD gives A+ to N-S and A- to E-W.
fn w23_session(p: &Path) -> Log {
    let mut log = section_log(
        p,
        Form::Pairs,
        &PAIRS,
        &[1, 2, 3, 4],
        &[
            (1, 1, "4S", 11), // +450: top
            (2, 1, "4S", 10),
            (3, 1, "3NT", 9),
            (4, 1, "4S", 9),
            (1, 2, "4S", 11), // +650: top
            (2, 2, "4S", 10),
            (3, 2, "4S", 10),
            (4, 2, "4S", 9),
            (1, 3, "4S", 10), // +420: 4 of 6
            (2, 3, "4S", 11),
            (3, 3, "3NT", 9),
            (4, 3, "4S", 9),
            (2, 4, "4S", 10),
            (3, 4, "4S", 9),
            (4, 4, "4S", 11),
        ],
    );
    artificial(
        &mut log,
        PAIRS[0],
        1,
        4,
        Artificial::AveragePlus,
        Artificial::AverageMinus,
    );
    log
}

#[test]
fn law_12c2c_w23_own_session_percentage_wbf_reading_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    w23_session(&p);
    let t = fold(&p);
    let rows = results(&t);
    let a = row(&rows, 1, 4);
    assert!(a.artificial);
    // Non-offender above 60 %: its own 88.89 %; offender below 40 %: its own 11.11 %.
    assert_eq!((a.pct_ns, a.pct_ew), (Some(88.89), Some(11.11)));
    assert_eq!((a.mp_ns, a.mp_ew), (Some(5.3), Some(0.7)), "of a top of 6");
    assert!(
        a.note.as_deref().unwrap().contains("Law 12C2(c)"),
        "{:?}",
        a.note
    );
    // The pair's total follows: (16 + 5.3) / 24.
    let r = ranking(&t, &rows);
    let one = r.standings.iter().find(|s| s.contestant == "1").unwrap();
    assert_eq!((one.mp, one.mp_top), (Some(21.3), Some(24.0)));
}

#[test]
fn law_12c2c_german_text_reading_by_policy() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    let mut log = w23_session(&p);
    let id = set_policy(&mut log, r#"{"artificial": {"session_rule": "dbv_text"}}"#);
    let t = fold(&p);
    let rows = results(&t);
    let a = row(&rows, 1, 4);
    // The German text: the non-offender outside 40-60 % keeps its own; the offender gets 40.
    assert_eq!((a.pct_ns, a.pct_ew), (Some(88.89), Some(40.0)));
    let r = ranking(&t, &rows);
    assert_eq!(r.policies[0].set_by, Some(id));
    assert_eq!(
        r.policies[0].policy.artificial.session_rule,
        tdlog::events::SessionRule::DbvText
    );
}

/// Table 1 (pairs 1 and 2) does not play boards 1-4 (E-W late, at fault: A+ / A-); boards
/// 5-6 are played everywhere. Pair 1 has 5 of 12 there (41.67 %), pair 2 7 of 12 (58.33 %).
fn late_pair_session(p: &Path) -> Log {
    let mut played = vec![];
    for b in 1..=4 {
        for t in 2..=4 {
            played.push((t, b, "4S", 8 + t as u8));
        }
    }
    played.extend([
        (1, 5, "4S", 10), // +620: 3 of 6
        (2, 5, "4S", 11),
        (3, 5, "4S", 9),
        (4, 5, "4S", 10),
        (1, 6, "4S", 10), // +420: 2 of 6
        (2, 6, "4S", 11),
        (3, 6, "4S", 11),
        (4, 6, "3NT", 9),
    ]);
    let mut log = section_log(p, Form::Pairs, &PAIRS, &[1, 2, 3, 4, 5, 6], &played);
    for b in 1..=4 {
        not_played(&mut log, PAIRS[0], 1, b);
        artificial(
            &mut log,
            PAIRS[0],
            1,
            b,
            Artificial::AveragePlus,
            Artificial::AverageMinus,
        );
    }
    log
}

#[test]
fn dbv_footnote_c_pairs_get_the_session_average_from_the_third_unplayed_board() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    let mut log = late_pair_session(&p);
    let pct = |rows: &[ResultRow], b| {
        let r = row(rows, 1, b);
        (r.pct_ns.unwrap(), r.pct_ew.unwrap())
    };
    // Without footnote C (WBF default): 60 / 40 on all four boards (41.67 % is not above 60,
    // 58.33 % not below 40, so Law 12C2(c) changes nothing).
    let rows = results(&fold(&p));
    for b in 1..=4 {
        assert_eq!(pct(&rows, b), (60.0, 40.0), "board {b}");
    }
    set_policy(&mut log, r#"{"dbv_footnote_c": true}"#);
    let rows = results(&fold(&p));
    assert_eq!(pct(&rows, 1), (60.0, 40.0));
    assert_eq!(pct(&rows, 2), (60.0, 40.0));
    for b in 3..=4 {
        assert_eq!(pct(&rows, b), (41.67, 58.33), "board {b}: session averages");
        assert!(row(&rows, 1, b)
            .note
            .as_deref()
            .unwrap()
            .contains("DBV footnote C"));
    }
}

const TEAMS: [(&str, &str); 2] = [("A", "B"), ("B", "A")];

#[test]
fn law_78b_w10_teams_board_in_the_log_is_12_imps() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    // Board 13, both vulnerable: team A N-S makes 4S (+620); at the other table team A E-W
    // defeats 4S by one (B N-S -100).
    section_log(
        &p,
        Form::Teams,
        &TEAMS,
        &[13],
        &[(1, 13, "4S", 10), (2, 13, "4S", 9)],
    );
    let rows = results(&fold(&p));
    assert_eq!(
        (row(&rows, 1, 13).imp_ns, row(&rows, 1, 13).imp_ew),
        (Some(12.0), Some(-12.0))
    );
    assert_eq!(row(&rows, 2, 13).imp_ns, Some(-12.0));
}

#[test]
fn law_12c1c_w24_weighted_imps_by_either_method_of_the_policy() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    // W24: at the other table team B (N-S) made 4S (+620, -620 for team A); at table 1 the
    // TD assigns team A (N-S) 60 % of 4S made and 40 % of 4S down one.
    let mut log = section_log(
        &p,
        Form::Teams,
        &TEAMS,
        &[13],
        &[(1, 13, "4S", 8), (2, 13, "4S", 10)],
    );
    log.append(
        &key(2),
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(1, 13),
            ns: "A".into(),
            ew: "B".into(),
            law: "12C1(c)".into(),
            adjustment: Adjustment::Weighted {
                ns: vec![
                    Weighted {
                        weight: 3,
                        result: result("4S", 10),
                    },
                    Weighted {
                        weight: 2,
                        result: result("4S", 9),
                    },
                ],
                ew: None,
            },
            reason: "misinformation; 4S would have been reached".into(),
        })),
    )
    .unwrap();
    let rows = results(&fold(&p));
    let a = row(&rows, 1, 13);
    assert!(a.weighted && a.adjusted);
    assert_eq!(
        a.imp_ns,
        Some(-4.8),
        "default: IMP each outcome, then weight"
    );
    assert_eq!(row(&rows, 2, 13).imp_ns, Some(4.8));
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "scoring": {"weighted_imps": "weight_points"}}"#,
    );
    let t = fold(&p);
    let rows = results(&t);
    assert_eq!(
        row(&rows, 1, 13).imp_ns,
        Some(-7.0),
        "weight the points, then IMP"
    );
    assert_eq!(row(&rows, 2, 13).imp_ns, Some(7.0));
    let r = ranking(&t, &rows);
    assert_eq!(
        r.policies[0].policy.scoring.weighted_imps,
        tdlog::scoring::policy::WeightedImpMethod::WeightPoints
    );
}

/// Two one-board matches: A beat B by 18 IMPs, C beat D by 15; both wins are 20-0 VPs.
fn two_matches(p: &Path) -> Log {
    let seats = [("A", "B"), ("B", "A"), ("C", "D"), ("D", "C")];
    section_log(
        p,
        Form::Teams,
        &seats,
        &[1],
        &[
            (1, 1, "7NT", 13), // +1520
            (2, 1, "7NT", 6),  // -350: A +1870, 18 IMPs
            (3, 1, "6NT", 12), // +990
            (4, 1, "3NT", 6),  // -150: C +1140, 15 IMPs
        ],
    )
}

#[test]
fn law_78d_tie_break_by_policy_shared_place_or_imp_difference() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = two_matches(&p);
    let places = |t: &Tournament| -> Vec<(String, String, f64)> {
        ranking(t, &results(t))
            .standings
            .into_iter()
            .map(|s| (s.place, s.contestant, s.total))
            .collect()
    };
    let t = fold(&p);
    assert_eq!(
        places(&t),
        vec![
            ("1-2".into(), "A".into(), 20.0),
            ("1-2".into(), "C".into(), 20.0),
            ("3-4".into(), "B".into(), 0.0),
            ("3-4".into(), "D".into(), 0.0),
        ]
    );
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "scoring": {"ranking": {"tie_break": "keys", "place_style": "equals"}}}"#,
    );
    let t = fold(&p);
    assert_eq!(
        places(&t),
        vec![
            ("1".into(), "A".into(), 20.0),
            ("2".into(), "C".into(), 20.0),
            ("3".into(), "D".into(), 0.0),
            ("4".into(), "B".into(), 0.0),
        ]
    );
}

#[test]
fn law_78d_vp_scale_by_policy_wbf_continuous_or_acbl_discrete() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    // One 1-board match: +420 and -50, A wins by 470 points, 10 IMPs.
    let mut log = section_log(
        &p,
        Form::Teams,
        &TEAMS,
        &[1],
        &[(1, 1, "4S", 10), (2, 1, "4S", 9)],
    );
    let vps = |t: &Tournament| -> Vec<f64> {
        let mut s = ranking(t, &results(t)).standings;
        s.sort_by(|a, b| a.contestant.cmp(&b.contestant));
        s.iter().map(|s| s.total).collect()
    };
    let t = fold(&p);
    let wbf = vps(&t);
    assert_eq!(wbf[0] + wbf[1], 20.0);
    let want = tdlog::scoring::vp::vp(10.0, 1, &Default::default()).unwrap();
    assert_eq!(
        (wbf[0], wbf[1]),
        want,
        "WBF continuous scale for a 1-board match"
    );
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "scoring": {"vp": {"scale": "acbl_discrete"}}}"#,
    );
    let acbl = vps(&fold(&p));
    let policy: tdlog::scoring::policy::VpPolicy =
        serde_json::from_str(r#"{"scale": "acbl_discrete"}"#).unwrap();
    assert_eq!(
        (acbl[0], acbl[1]),
        tdlog::scoring::vp::vp(10.0, 1, &policy).unwrap()
    );
    assert_eq!(acbl[0].fract(), 0.0, "the ACBL scale gives whole VPs");
    assert_ne!(acbl, wbf);
}

#[test]
fn neuberg_rounding_and_factoring_by_policy() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    // Board 1 scheduled at four tables, played at three: +450, +420, -50 (table 4 missing).
    let mut log = section_log(
        &p,
        Form::Pairs,
        &PAIRS,
        &[1],
        &[(1, 1, "4S", 11), (2, 1, "4S", 10), (3, 1, "4S", 9)],
    );
    let mps =
        |p: &Path| -> Vec<f64> { results(&fold(p)).iter().map(|r| r.mp_ns.unwrap()).collect() };
    // Neuberg, one decimal half away from zero: (MP + 1) * 4/3 - 1 of a top of 6.
    assert_eq!(mps(&p), vec![5.7, 3.0, 0.3]);
    set_policy(
        &mut log,
        r#"{"scoring": {"matchpoints": {"mp_rounding": {"decimals": 1, "mode": "down"}}}}"#,
    );
    assert_eq!(mps(&p), vec![5.6, 3.0, 0.3], "rounded down (NZ Scorer)");
    set_policy(
        &mut log,
        r#"{"scoring": {"matchpoints": {"factoring": "none"}}}"#,
    );
    assert_eq!(
        mps(&p),
        vec![4.0, 2.0, 0.0],
        "no factoring: the board's own top of 4"
    );
}

#[test]
fn dbv_footnote_c_teams_score_the_third_unplayed_board_as_not_played() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    // Team B arrives late: boards 1-4 are not played at table 1 (A+ for A, A- for B); the
    // other table played them. Board 5 (N-S vulnerable) is played at both: 4S= and 4S-1 (+620 / -100, 12 IMPs).
    let mut played: Vec<(u32, u32, &str, u8)> = (1..=4).map(|b| (2, b, "4S", 10)).collect();
    played.extend([(1, 5, "4S", 10), (2, 5, "4S", 9)]);
    let mut log = section_log(&p, Form::Teams, &TEAMS, &[1, 2, 3, 4, 5], &played);
    for b in 1..=4 {
        not_played(&mut log, TEAMS[0], 1, b);
        artificial(
            &mut log,
            TEAMS[0],
            1,
            b,
            Artificial::AveragePlus,
            Artificial::AverageMinus,
        );
    }
    let margin = |t: &Tournament| {
        let r = ranking(t, &results(t));
        r.standings
            .iter()
            .find(|s| s.contestant == "A")
            .unwrap()
            .imps
            .unwrap()
    };
    let t = fold(&p);
    let rows = results(&t);
    for b in 1..=4 {
        assert_eq!(row(&rows, 1, b).imp_ns, Some(3.0), "board {b}, table 1");
        assert_eq!(
            row(&rows, 2, b).imp_ns,
            Some(-3.0),
            "board {b}, B N-S at table 2"
        );
    }
    assert_eq!(margin(&t), 4.0 * 3.0 + 12.0);
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "dbv_footnote_c": true}"#,
    );
    let t = fold(&p);
    let rows = results(&t);
    for b in 1..=2 {
        assert_eq!(
            row(&rows, 1, b).imp_ns,
            Some(3.0),
            "board {b}: normal artificial score"
        );
    }
    for b in 3..=4 {
        for table in 1..=2 {
            let r = row(&rows, table, b);
            assert_eq!(
                (r.imp_ns, r.imp_ew),
                (None, None),
                "board {b} table {table}"
            );
            assert!(
                r.note.as_deref().unwrap().contains("DBV footnote C"),
                "{:?}",
                r.note
            );
        }
    }
    assert_eq!(margin(&t), 2.0 * 3.0 + 12.0);
}

#[test]
fn law_78b_butler_and_law_78c_total_points_by_policy() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    // Board 1 (none vulnerable): +450, +420, +400, -50.
    let mut log = section_log(
        &p,
        Form::Pairs,
        &PAIRS,
        &[1],
        &[
            (1, 1, "4S", 11),
            (2, 1, "4S", 10),
            (3, 1, "3NT", 9),
            (4, 1, "4S", 9),
        ],
    );
    let id = set_policy(&mut log, r#"{"method": "butler"}"#);
    let t = fold(&p);
    let rows = results(&t);
    // Four results: one dropped at each end, datum (420 + 400) / 2 = 410.
    let imps: Vec<f64> = rows.iter().map(|r| r.imp_ns.unwrap()).collect();
    assert_eq!(imps, vec![1.0, 0.0, 0.0, -10.0]);
    assert!(rows.iter().all(|r| r.note.as_deref() == Some("datum 410")));
    let r = ranking(&t, &rows);
    assert_eq!(r.policies[0].set_by, Some(id));
    let two = r.standings.iter().find(|s| s.contestant == "8").unwrap();
    assert_eq!((two.total, two.unit), (10.0, "IMP"));
    set_policy(&mut log, r#"{"method": "total_points"}"#);
    let t = fold(&p);
    let r = ranking(&t, &results(&t));
    let total = |id: &str| {
        r.standings
            .iter()
            .find(|s| s.contestant == id)
            .unwrap()
            .total
    };
    assert_eq!((total("1"), total("2"), total("8")), (450.0, -450.0, 50.0));
    assert!(r.standings.iter().all(|s| s.unit == "points"));
    assert_eq!(r.standings[0].contestant, "1");
}

#[test]
fn law_78d_a_match_the_vp_scale_cannot_convert_is_left_out_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    // A 37-board match: beyond the ACBL scale's 36 boards.
    let boards: Vec<u32> = (1..=37).collect();
    let mut log = section_log(
        &p,
        Form::Teams,
        &TEAMS,
        &boards,
        &[(1, 1, "4S", 10), (2, 1, "4S", 9)],
    );
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "scoring": {"vp": {"scale": "acbl_discrete"}}}"#,
    );
    let t = fold(&p);
    let r = ranking(&t, &results(&t));
    for s in &r.standings {
        assert_eq!(s.total, 0.0, "no silent 10-10");
        let note = s.note.as_deref().unwrap_or_default();
        assert!(
            note.contains("no VPs") && note.contains("Law 78D"),
            "{note}"
        );
    }
}
