//! Tie-break rules of a ranking by policy (`scoring.ranking.tie_break`, Law 78D: the
//! conditions of contest say how ties are broken): shared place by default; for team
//! rankings head-to-head, the IMP quotient, or head-to-head then the IMP quotient. Each rule
//! is named on the report, and the keys of each tied contestant are shown.

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
use tdlog::results::{ranking, results, Ranking, Tournament};

/// Two rounds of two matches each: round 1 A v C, B v D; round 2 A v B, C v D. Home team
/// N-S at the odd table, E-W at the even one. `played` = (round, table, board, contract by
/// North or "Pass", tricks).
fn two_rounds(p: &Path, form: Form, boards: &[u32], played: &[(u32, u32, u32, &str, u8)]) -> Log {
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
        form,
        title: "Section A".into(),
    })];
    for id in ["A", "B", "C", "D"] {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.into(),
            name: format!("Team {id}"),
            members: vec![],
            captain: None,
            phantom: false,
        })));
    }
    let seats = |round: u32, table: u32| -> (&str, &str) {
        let (home, visit) = match (round, table) {
            (1, 1 | 2) => ("A", "C"),
            (1, _) => ("B", "D"),
            (_, 1 | 2) => ("A", "B"),
            _ => ("C", "D"),
        };
        if table % 2 == 1 {
            (home, visit)
        } else {
            (visit, home)
        }
    };
    for round in [1, 2] {
        for table in 1..=4 {
            let (ns, ew) = seats(round, table);
            ps.push(Payload::TableAssignment(TableAssignment {
                section: "A".into(),
                round,
                table,
                ns: ns.into(),
                ew: ew.into(),
                boards: boards.to_vec(),
            }));
        }
    }
    for &(round, table, board, contract, tricks) in played {
        let (ns, ew) = seats(round, table);
        let pass = contract == "Pass";
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: Slot {
                section: "A".into(),
                round,
                table,
                board,
            },
            ns: ns.into(),
            ew: ew.into(),
            result: TableResult {
                contract: contract.into(),
                declarer: (!pass).then_some(Seat::N),
                tricks: (!pass).then_some(tricks),
            },
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    log
}

fn set_policy(log: &mut Log, json: &str) {
    let p: PolicySet = serde_json::from_str(json).unwrap();
    log.append(&key(1), Payload::PolicySet(Box::new(p)))
        .unwrap();
}

fn fold(p: &Path) -> Ranking {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    ranking(&t, &results(&t))
}

fn places(r: &Ranking) -> Vec<(String, String)> {
    r.standings
        .iter()
        .map(|s| (s.place.clone(), s.contestant.clone()))
        .collect()
}

fn pl(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// IMP totals: A and C both +10. A beat C by 5 IMPs; A won 17 and lost 7 IMPs (2.43), C won
/// 15 and lost 5 (3.00). Boards 1 and 8 (neither side vulnerable).
fn imp_tie(p: &Path) -> Log {
    let mut log = two_rounds(
        p,
        Form::Teams,
        &[1, 8],
        &[
            // Round 1, A v C: board 1 +170 v pass-out = A +5; board 8 passed out twice.
            (1, 1, 1, "3S", 10),
            (1, 2, 1, "Pass", 0),
            (1, 1, 8, "Pass", 0),
            (1, 2, 8, "Pass", 0),
            // B v D: all passed out, 0 IMPs.
            (1, 3, 1, "Pass", 0),
            (1, 4, 1, "Pass", 0),
            (1, 3, 8, "Pass", 0),
            (1, 4, 8, "Pass", 0),
            // Round 2, A v B: +420 v −200 = A +12; +90 v +400 = A −7.
            (2, 1, 1, "4S", 10),
            (2, 2, 1, "4S", 6),
            (2, 1, 8, "1NT", 7),
            (2, 2, 8, "3NT", 9),
            // C v D: +990 v −200 = C +15; board 8 passed out twice.
            (2, 3, 1, "6NT", 12),
            (2, 4, 1, "4S", 6),
            (2, 3, 8, "Pass", 0),
            (2, 4, 8, "Pass", 0),
        ],
    );
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "team_totals": "imps"}"#,
    );
    log
}

#[test]
fn law_78d_tie_break_shared_place_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    imp_tie(&p);
    let r = fold(&p);
    assert_eq!(
        places(&r),
        pl(&[("1-2", "A"), ("1-2", "C"), ("3", "B"), ("4", "D")])
    );
    let totals: Vec<f64> = r.standings.iter().map(|s| s.total).collect();
    assert_eq!(totals, [10.0, 10.0, -5.0, -15.0]);
    assert!(r.standings.iter().all(|s| s.tie_break.is_none()));
}

#[test]
fn law_78d_tie_break_head_to_head_then_imp_quotient_for_teams() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = imp_tie(&p);
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "team_totals": "imps", "scoring": {"ranking": {"tie_break": "head_to_head_then_imp_quotient"}}}"#,
    );
    let r = fold(&p);
    // A beat C: head-to-head decides before the quotient (where C is better).
    assert_eq!(
        places(&r),
        pl(&[("1", "A"), ("2", "C"), ("3", "B"), ("4", "D")])
    );
    let shown = |id: &str| {
        r.standings
            .iter()
            .find(|s| s.contestant == id)
            .and_then(|s| s.tie_break.clone())
    };
    assert_eq!(
        shown("A").as_deref(),
        Some("head-to-head 5 IMP; IMP quotient 2.4286")
    );
    assert_eq!(
        shown("C").as_deref(),
        Some("head-to-head -5 IMP; IMP quotient 3")
    );
    assert_eq!(shown("B"), None, "B is not tied with anyone");
    // The rule is named on the report (the policy of the section, in the JSON).
    let json = serde_json::to_string(&r).unwrap();
    assert!(
        json.contains(r#""tie_break":"head_to_head_then_imp_quotient""#),
        "{json}"
    );
}

#[test]
fn law_78d_tie_break_imp_quotient_for_teams() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = imp_tie(&p);
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "team_totals": "imps", "scoring": {"ranking": {"tie_break": "imp_quotient"}}}"#,
    );
    let r = fold(&p);
    // C's 15/5 = 3 beats A's 17/7 = 2.43, though A won their match.
    assert_eq!(
        places(&r),
        pl(&[("1", "C"), ("2", "A"), ("3", "B"), ("4", "D")])
    );
}

/// VP totals: A +3 IMPs v C, A −3 v B, C +3 v D (one board each): A and C both 20 VP, each
/// with IMPs won = IMPs lost.
fn vp_tie(p: &Path) -> Log {
    two_rounds(
        p,
        Form::Teams,
        &[1],
        &[
            (1, 1, 1, "1NT", 7),
            (1, 2, 1, "Pass", 0),
            (1, 3, 1, "Pass", 0),
            (1, 4, 1, "Pass", 0),
            (2, 1, 1, "Pass", 0),
            (2, 2, 1, "1NT", 7),
            (2, 3, 1, "1NT", 7),
            (2, 4, 1, "Pass", 0),
        ],
    )
}

#[test]
fn law_78d_tie_break_head_to_head_in_victory_points() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = vp_tie(&p);
    let r = fold(&p);
    assert_eq!(
        places(&r),
        pl(&[("1", "B"), ("2-3", "A"), ("2-3", "C"), ("4", "D")])
    );
    let v3 = tdlog::scoring::vp::vp(3.0, 1, &Default::default())
        .unwrap()
        .0;
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "scoring": {"ranking": {"tie_break": "head_to_head"}}}"#,
    );
    let r = fold(&p);
    assert_eq!(
        places(&r),
        pl(&[("1", "B"), ("2", "A"), ("3", "C"), ("4", "D")])
    );
    let a = r.standings.iter().find(|s| s.contestant == "A").unwrap();
    assert_eq!(a.tie_break, Some(format!("head-to-head {v3} VP")));
}

#[test]
fn law_78d_tie_break_still_equal_after_every_key_shares_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = vp_tie(&p);
    // A and C each won as many IMPs as they lost: the quotient is 1 for both.
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "scoring": {"ranking": {"tie_break": "imp_quotient"}}}"#,
    );
    let r = fold(&p);
    assert_eq!(
        places(&r),
        pl(&[("1", "B"), ("2-3", "A"), ("2-3", "C"), ("4", "D")])
    );
    let a = r.standings.iter().find(|s| s.contestant == "A").unwrap();
    assert_eq!(a.tie_break.as_deref(), Some("IMP quotient 1"));
}

#[test]
fn law_78d_tie_break_pairs_share_the_place_under_a_team_rule() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    // Pairs, matchpoints: round 1 only, the same +90 at both tables of each board: 50 % all.
    let mut log = two_rounds(
        &p,
        Form::Pairs,
        &[1],
        &[
            (1, 1, 1, "1NT", 7),
            (1, 2, 1, "1NT", 7),
            (1, 3, 1, "1NT", 7),
            (1, 4, 1, "1NT", 7),
        ],
    );
    set_policy(
        &mut log,
        r#"{"method": "matchpoints", "scoring": {"ranking": {"tie_break": "head_to_head_then_imp_quotient"}}}"#,
    );
    let r = fold(&p);
    assert!(
        r.standings.iter().all(|s| s.place == "1-4"),
        "{:?}",
        places(&r)
    );
    assert!(r.standings.iter().all(|s| s.tie_break.is_none()));
}

#[test]
fn law_78d_tie_break_head_to_head_counts_only_when_every_two_tied_teams_met() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    // IMP totals A +5, B +5, C +5, D −15. A beat C by 5, A drew with B, B and C never met.
    let mut log = two_rounds(
        &p,
        Form::Teams,
        &[1],
        &[
            (1, 1, 1, "3S", 10), // A v C: +170 v pass-out, A +5
            (1, 2, 1, "Pass", 0),
            (1, 3, 1, "3S", 10), // B v D: B +5
            (1, 4, 1, "Pass", 0),
            (2, 1, 1, "Pass", 0), // A v B: 0
            (2, 2, 1, "Pass", 0),
            (2, 3, 1, "3NT", 10), // C v D: +430 v pass-out, C +10
            (2, 4, 1, "Pass", 0),
        ],
    );
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "team_totals": "imps", "scoring": {"ranking": {"tie_break": "head_to_head"}}}"#,
    );
    let r = fold(&p);
    // Counting only the matches played would put A first; the group did not all meet.
    assert_eq!(
        places(&r),
        pl(&[("1-3", "A"), ("1-3", "B"), ("1-3", "C"), ("4", "D")])
    );
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "team_totals": "imps", "scoring": {"ranking": {"tie_break": "head_to_head_then_imp_quotient"}}}"#,
    );
    let r = fold(&p);
    // Then the quotient: A and B lost no IMP, C won 10 and lost 5.
    assert_eq!(
        places(&r),
        pl(&[("1-2", "A"), ("1-2", "B"), ("3", "C"), ("4", "D")])
    );
    let a = r.standings.iter().find(|s| s.contestant == "A").unwrap();
    assert_eq!(
        a.tie_break.as_deref(),
        Some("head-to-head 0 IMP; IMP quotient (no IMP lost)")
    );
}
