//! Law 12C4 on the log: in a knock-out match (policy `knockout`), non-balancing adjusted
//! scores are assessed for each team separately, then both get the average (W24(b)).

mod common;

use common::*;
use std::path::Path;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Adjustment, Artificial, Contestant, Form, Payload, PolicySet, ResultRecorded, ScoreAdjusted,
    Section, Slot, TableAssignment, TableResult, Weighted,
};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{ranking, results, ResultRow, Tournament};

fn slot(table: u32, board: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

fn by_n(contract: &str, tricks: u8) -> TableResult {
    TableResult {
        contract: contract.into(),
        declarer: Some(Seat::N),
        tricks: Some(tricks),
    }
}

/// One match, TEAM A v TEAM B, boards 1 and 2 (A N-S at table 1, B N-S at table 2). Board 1:
/// +420 at table 2; at table 1 the TD assesses A's score as 5♠X by N making (+650) and B's as
/// 4♠ by N with 12 tricks (+480): A +230 → +6 IMPs, B −60 → −2 IMPs (W24(b)). Board 2:
/// 3NT by N making 9 at both tables (N-S vulnerable: +600), 0 IMPs.
fn ko_match(p: &Path) -> Log {
    let (chief, td, scorer) = (key(1), key(2), key(3));
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(p, &chief, g).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Teams,
        title: "Cup, round of 16".into(),
    })];
    for id in ["A", "B"] {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.into(),
            name: format!("Team {id}"),
            members: vec![],
            captain: None,
            phantom: false,
        })));
    }
    for (table, ns, ew) in [(1, "A", "B"), (2, "B", "A")] {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table,
            ns: ns.into(),
            ew: ew.into(),
            boards: vec![1, 2],
        }));
    }
    for (table, board, ns, ew, r) in [
        (1, 1, "A", "B", by_n("4S", 10)),
        (2, 1, "B", "A", by_n("4S", 10)),
        (1, 2, "A", "B", by_n("3NT", 9)),
        (2, 2, "B", "A", by_n("3NT", 9)),
    ] {
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(table, board),
            ns: ns.into(),
            ew: ew.into(),
            result: r,
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    log.append(
        &td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(1, 1),
            ns: "A".into(),
            ew: "B".into(),
            law: "12C1(e)".into(),
            adjustment: Adjustment::Weighted {
                ns: vec![Weighted {
                    weight: 1,
                    result: by_n("5SX", 11),
                }],
                ew: Some(vec![Weighted {
                    weight: 1,
                    result: by_n("4S", 12),
                }]),
            },
            reason: "each side assessed separately".into(),
        })),
    )
    .unwrap();
    log
}

fn set_policy(log: &mut Log, json: &str) {
    let p: PolicySet = serde_json::from_str(json).unwrap();
    log.append(&key(1), Payload::PolicySet(Box::new(p)))
        .unwrap();
}

fn fold(p: &Path) -> Tournament {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

fn row(rows: &[ResultRow], table: u32, board: u32) -> &ResultRow {
    rows.iter()
        .find(|r| r.table == table && r.board == board)
        .unwrap()
}

#[test]
fn law_12c4_w24b_knock_out_non_balancing_scores_are_averaged() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = ko_match(&p);
    // Not a knock-out: each team keeps its own assessment, +6 and −2.
    let t = fold(&p);
    let rows = results(&t);
    assert_eq!(
        (row(&rows, 1, 1).imp_ns, row(&rows, 1, 1).imp_ew),
        (Some(6.0), Some(-2.0))
    );
    set_policy(
        &mut log,
        r#"{"method": "teams_imps", "team_totals": "imps", "knockout": true}"#,
    );
    let t = fold(&p);
    let rows = results(&t);
    // Law 12C4: both get the average, A +4 and B −4, at both tables of the match.
    let r1 = row(&rows, 1, 1);
    assert_eq!((r1.imp_ns, r1.imp_ew), (Some(4.0), Some(-4.0)));
    assert!(
        r1.note.as_deref().unwrap_or_default().contains("Law 12C4"),
        "{:?}",
        r1.note
    );
    let r2 = row(&rows, 2, 1);
    assert_eq!((r2.imp_ns, r2.imp_ew), (Some(-4.0), Some(4.0)));
    // The match total is zero-sum again.
    let r = ranking(&t, &rows);
    let total = |id: &str| {
        r.standings
            .iter()
            .find(|s| s.contestant == id)
            .unwrap()
            .total
    };
    assert_eq!((total("A"), total("B")), (4.0, -4.0));
}

#[test]
fn law_12c4_a_balancing_board_is_not_touched() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = ko_match(&p);
    set_policy(&mut log, r#"{"method": "teams_imps", "knockout": true}"#);
    let rows = results(&fold(&p));
    let b2 = row(&rows, 1, 2);
    assert_eq!((b2.imp_ns, b2.imp_ew), (Some(0.0), Some(0.0)));
    assert!(b2.note.is_none());
}

#[test]
fn law_12c4_average_plus_to_both_teams_averages_to_zero_in_a_knock_out() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = ko_match(&p);
    // Board 2: neither side at fault, Average plus to both (Law 12C2(a)): +3 and +3.
    log.append(
        &key(2),
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(1, 2),
            ns: "A".into(),
            ew: "B".into(),
            law: "12C2(a)".into(),
            adjustment: Adjustment::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AveragePlus,
            },
            reason: "no result could be obtained, neither side at fault".into(),
        })),
    )
    .unwrap();
    let rows = results(&fold(&p));
    assert_eq!(
        (row(&rows, 1, 2).imp_ns, row(&rows, 1, 2).imp_ew),
        (Some(3.0), Some(3.0))
    );
    set_policy(&mut log, r#"{"method": "teams_imps", "knockout": true}"#);
    let rows = results(&fold(&p));
    for table in [1, 2] {
        let r = row(&rows, table, 2);
        assert_eq!(
            (r.imp_ns, r.imp_ew),
            (Some(0.0), Some(0.0)),
            "table {table}"
        );
    }
}

#[test]
fn law_12c4_knockout_is_left_out_of_a_policy_that_does_not_set_it() {
    // Policies signed before the knob keep their bytes: `knockout: false` is not written.
    let p: PolicySet = serde_json::from_str(r#"{"method": "teams_imps"}"#).unwrap();
    assert!(!p.knockout);
    assert!(!serde_json::to_string(&p).unwrap().contains("knockout"));
    let ko: PolicySet = serde_json::from_str(r#"{"knockout": true}"#).unwrap();
    assert!(serde_json::to_string(&ko)
        .unwrap()
        .contains(r#""knockout":true"#));
}
