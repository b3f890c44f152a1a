//! The scoring policy as a signed event: Neuberg when results are missing (Law 78A and
//! regulations), the method switched by the chief TD, team VPs (Law 78D), who may set it.

mod common;

use common::*;
use std::path::Path;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Contestant, Form, Method, Payload, PolicySet, ResultRecorded, Section, Slot, TableAssignment,
    TableResult,
};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{ranking, results, Tournament};

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

/// Four tables scheduled to play board 1; only tables 1-3 have results.
fn pairs_log(p: &Path) -> Log {
    let (chief, scorer, organiser) = (key(1), key(3), key(5));
    let mut log = Log::create(p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue"))
        .unwrap();
    log.append(&chief, enrol(&organiser, Role::Organiser, "Club"))
        .unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "Pairs".into(),
    })];
    for n in 1..=8 {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: n.to_string(),
            name: format!("Pair {n}"),
            members: vec![],
            captain: None,
            phantom: false,
        })));
    }
    for table in 1..=4u32 {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table,
            ns: (2 * table - 1).to_string(),
            ew: (2 * table).to_string(),
            boards: vec![1],
        }));
    }
    for (table, contract, tricks) in [(1u32, "4S", 10u8), (2, "4S", 9), (3, "4S", 11)] {
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: Slot {
                section: "A".into(),
                round: 1,
                table,
                board: 1,
            },
            ns: (2 * table - 1).to_string(),
            ew: (2 * table).to_string(),
            result: TableResult {
                contract: contract.into(),
                declarer: Some(Seat::N),
                tricks: Some(tricks),
            },
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    log
}

#[test]
fn law_78a_neuberg_factors_a_board_with_a_missing_result() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    pairs_log(&p);
    let rows = results(&fold(&p));
    // 3 of 4 results: MP' = (MP + 1) * 4/3 - 1 on a top of 6, one decimal (default policy).
    let mp: Vec<f64> = rows.iter().map(|r| r.mp_ns.unwrap()).collect();
    assert_eq!(mp, vec![3.0, 0.3, 5.7]);
    assert!(rows.iter().all(|r| r.mp_top == Some(6.0)));
    assert!(rows[0]
        .note
        .as_deref()
        .unwrap()
        .contains("3 of 4 expected results"));
}

#[test]
fn a_signed_policy_switches_the_method_and_every_report_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    let mut log = pairs_log(&p);
    let t = fold(&p);
    let rows = results(&t);
    assert!(rows.iter().all(|r| r.policy.is_none()));
    let r = ranking(&t, &rows);
    assert_eq!(r.policies[0].set_by, None, "defaults until a policy event");
    assert_eq!(r.standings[0].unit, "%");
    // A TD may not set the policy; the organiser may.
    let e = log
        .append(
            &key(3),
            Payload::PolicySet(Box::new(PolicySet {
                method: Method::CrossImps,
                ..Default::default()
            })),
        )
        .unwrap_err();
    assert!(
        e.to_string().contains("may not sign `scoring.policy`"),
        "{e}"
    );
    let id = log
        .append(
            &key(5),
            Payload::PolicySet(Box::new(PolicySet {
                method: Method::CrossImps,
                note: "IMP pairs by regulation".into(),
                ..Default::default()
            })),
        )
        .unwrap();
    let t = fold(&p);
    let rows = results(&t);
    assert!(rows.iter().all(|r| r.imp_ns.is_some() && r.mp_ns.is_none()));
    assert!(
        rows.iter().all(|r| r.policy == Some(id)),
        "each row names its policy"
    );
    let sum: f64 = rows.iter().map(|r| r.imp_ns.unwrap()).sum();
    assert!(
        sum.abs() < 1e-9,
        "cross-IMPs sum to zero over the field: {sum}"
    );
    let r = ranking(&t, &rows);
    assert_eq!(r.policies[0].set_by, Some(id));
    assert_eq!(r.policies[0].policy.note, "IMP pairs by regulation");
    assert!(r.standings.iter().all(|s| s.unit == "IMP"));
}

#[test]
fn law_78d_team_ranking_in_victory_points_sums_to_twenty_per_match() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let (chief, scorer) = (key(1), key(3));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue"))
        .unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn"),
    )
    .unwrap();
    let plan = tdlog::results::import::plan(&tdlog::bridge::pbn::parse(&text).unwrap(), "A");
    log.append_batch(&scorer, plan.payloads).unwrap();
    let t = fold(&p);
    let r = ranking(&t, &results(&t));
    assert!(r.standings.iter().all(|s| s.unit == "VP"));
    let total: f64 = r.standings.iter().map(|s| s.total).sum();
    // 14 matches played (the WALES v ITALY match was not: no VPs without a ruling).
    assert!((total - 14.0 * 20.0).abs() < 1e-6, "{total}");
    let wales = r
        .standings
        .iter()
        .find(|s| s.contestant == "WALES")
        .unwrap();
    assert_eq!((wales.total, wales.boards), (0.0, 0));
    // IMPs and VPs agree in order: the VP winner of each match had the IMP lead.
    let top = &r.standings[0];
    assert!(top.imps.unwrap() > 0.0 && top.total > 10.0);
}

#[test]
fn a_policy_that_would_not_read_back_is_refused_at_append_and_the_log_stays_valid() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    let mut log = pairs_log(&p);
    let before = log.count().unwrap();
    // JSON has no NaN: serde_json writes it as null, which no f64 field reads back.
    let mut bad = PolicySet::default();
    bad.artificial.average_plus_pct = f64::NAN;
    let e = log
        .append(&key(1), Payload::PolicySet(Box::new(bad)))
        .unwrap_err();
    assert!(e.to_string().contains("scoring.policy"), "{e}");
    assert_eq!(log.count().unwrap(), before, "nothing written");
    Log::open(&p).unwrap().verify(None).unwrap();
}
