//! Tournament structure as data: phantoms and sit-outs, individual events (Law 12C3 / 89),
//! teams with captains.

mod common;

use common::*;
use std::path::Path;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Adjustment, Artificial, Contestant, Form, Payload, ResultRecorded, ScoreAdjusted, Section,
    Slot, TableAssignment, TableResult,
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

fn slot(table: u32, board: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

/// A one-round section of `form`; `people` = (id, phantom); `seats[t]` = (N-S, E-W) at
/// table t+1, board 1 everywhere; `played` = (table, contract by North, tricks).
fn section(
    p: &Path,
    form: Form,
    people: &[(&str, bool)],
    seats: &[(&str, &str)],
    played: &[(u32, &str, u8)],
) -> Log {
    let (chief, scorer) = (key(1), key(3));
    let mut log = Log::create(p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue"))
        .unwrap();
    log.append(&chief, enrol(&key(2), Role::Td, "Tom TD"))
        .unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form,
        title: "A".into(),
    })];
    for (id, phantom) in people {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.to_string(),
            name: format!("Player {id}"),
            members: vec![],
            captain: None,
            phantom: *phantom,
        })));
    }
    for (i, (ns, ew)) in seats.iter().enumerate() {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: i as u32 + 1,
            ns: ns.to_string(),
            ew: ew.to_string(),
            boards: vec![1],
        }));
    }
    for &(table, contract, tricks) in played {
        let (ns, ew) = seats[table as usize - 1];
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(table, 1),
            ns: ns.into(),
            ew: ew.into(),
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
fn a_phantom_table_is_a_sit_out_not_scheduled_and_the_phantom_is_not_ranked() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    let people: Vec<(String, bool)> = (1..=8).map(|n| (n.to_string(), n == 8)).collect();
    let people: Vec<(&str, bool)> = people.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    section(
        &p,
        Form::Pairs,
        &people,
        &[("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")],
        &[(1, "4S", 11), (2, "4S", 10), (3, "4S", 9)],
    );
    let t = fold(&p);
    assert_eq!(
        t.expected("A", 1),
        Some(3),
        "the phantom's table is not scheduled"
    );
    let rows = results(&t);
    // Three results of three expected: plain matchpoints on a top of 4, nothing factored.
    let mp: Vec<f64> = rows.iter().map(|r| r.mp_ns.unwrap()).collect();
    assert_eq!(mp, vec![4.0, 2.0, 0.0]);
    assert!(rows
        .iter()
        .all(|r| r.mp_top == Some(4.0) && r.note.is_none()));
    let r = ranking(&t, &rows);
    assert!(r.standings.iter().all(|s| s.contestant != "8"));
    let seven = r.standings.iter().find(|s| s.contestant == "7").unwrap();
    assert_eq!(seven.boards, 0, "pair 7 sat out");
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
}

#[test]
fn law_12c3_an_individual_side_score_counts_for_both_players() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("i.tdlog");
    let ids: Vec<String> = (1..=12).map(|n| n.to_string()).collect();
    let people: Vec<(&str, bool)> = ids.iter().map(|x| (x.as_str(), false)).collect();
    let mut log = section(
        &p,
        Form::Individual,
        &people,
        &[("1+2", "3+4"), ("5+6", "7+8"), ("9+10", "11+12")],
        &[(1, "4S", 11), (2, "4S", 10), (3, "4S", 9)],
    );
    let t = fold(&p);
    assert!(
        t.warnings.is_empty(),
        "every player is known: {:?}",
        t.warnings
    );
    let r = ranking(&t, &results(&t));
    let pct = |r: &tdlog::results::Ranking, id: &str| {
        let s = r.standings.iter().find(|s| s.contestant == id).unwrap();
        (s.place.clone(), s.total)
    };
    assert_eq!(r.standings.len(), 12, "each player ranked on its own");
    // N-S +450, +420, -50: players 1-2 and (E-W at table 3) 11-12 have 100 %.
    for id in ["1", "2", "11", "12"] {
        assert_eq!(pct(&r, id), ("1-4".into(), 100.0), "player {id}");
    }
    for id in ["3", "4", "9", "10"] {
        assert_eq!(pct(&r, id), ("9-12".into(), 0.0), "player {id}");
    }
    // An artificial score at table 3 applies to both players of each side.
    log.append(
        &key(2),
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(3, 1),
            ns: "9+10".into(),
            ew: "11+12".into(),
            law: "12C2".into(),
            adjustment: Adjustment::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            },
            reason: "board fouled at the table".into(),
        })),
    )
    .unwrap();
    let t = fold(&p);
    let r = ranking(&t, &results(&t));
    for id in ["9", "10"] {
        assert_eq!(pct(&r, id).1, 60.0, "player {id}");
    }
    for id in ["11", "12"] {
        assert_eq!(pct(&r, id).1, 40.0, "player {id}");
    }
}

#[test]
fn teams_have_captains_and_a_result_naming_an_unknown_contestant_is_kept_and_flagged() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let mut log = section(
        &p,
        Form::Teams,
        &[("A", false), ("B", false)],
        &[("A", "B"), ("B", "A")],
        &[(1, "4S", 10)],
    );
    log.append(
        &key(3),
        Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: "A".into(),
            name: "Team A".into(),
            members: vec!["Ann".into(), "Bob".into(), "Cy".into(), "Di".into()],
            captain: Some("Ann".into()),
            phantom: false,
        })),
    )
    .unwrap();
    // Record first, judge later: a result for a team the structure does not know.
    log.append(
        &key(3),
        Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(2, 1),
            ns: "B".into(),
            ew: "Z".into(),
            result: TableResult {
                contract: "4S".into(),
                declarer: Some(Seat::N),
                tricks: Some(9),
            },
        })),
    )
    .unwrap();
    let t = fold(&p);
    let a = &t.contestants[&("A".to_string(), "A".to_string())];
    assert_eq!(a.captain.as_deref(), Some("Ann"));
    assert_eq!(a.members.len(), 4);
    let msgs: Vec<&str> = t.warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(
        msgs.iter().any(|m| m.contains("Z is not a contestant")),
        "{msgs:?}"
    );
    assert!(
        msgs.iter().any(|m| m.contains("the movement says B v A")),
        "{msgs:?}"
    );
    assert_eq!(results(&t).len(), 2, "the result is kept");
}

fn attendance(log: &mut Log, id: &str, presence: tdlog::events::Presence, reason: &str) {
    log.append(
        &key(3),
        Payload::Attendance(tdlog::events::Attendance {
            section: "A".into(),
            contestant: id.into(),
            presence,
            reason: reason.into(),
        }),
    )
    .unwrap();
}

#[test]
fn an_absent_pair_makes_its_table_a_sit_out_and_a_late_pair_is_flagged() {
    use tdlog::events::Presence;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    let people: Vec<(String, bool)> = (1..=8).map(|n| (n.to_string(), false)).collect();
    let people: Vec<(&str, bool)> = people.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    let mut log = section(
        &p,
        Form::Pairs,
        &people,
        &[("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")],
        &[(1, "4S", 11), (2, "4S", 10), (3, "4S", 9)],
    );
    // Table 4 has no result: 3 of 4 expected, Neuberg-factored.
    let t = fold(&p);
    assert_eq!(t.expected("A", 1), Some(4));
    assert_eq!(results(&t)[0].mp_top, Some(6.0));
    attendance(
        &mut log,
        "8",
        Presence::Absent,
        "withdrew before the session",
    );
    attendance(&mut log, "1", Presence::Late { from_round: 2 }, "traffic");
    let t = fold(&p);
    assert_eq!(
        t.expected("A", 1),
        Some(3),
        "the absent pair's table is a sit-out"
    );
    let rows = results(&t);
    assert!(
        rows.iter().all(|r| r.mp_top == Some(4.0)),
        "nothing to factor now"
    );
    let r = ranking(&t, &rows);
    let eight = r.standings.iter().find(|s| s.contestant == "8").unwrap();
    assert_eq!(eight.place, "-");
    assert!(eight.note.as_deref().unwrap().contains("absent (withdrew"));
    assert_eq!(
        r.standings.last().unwrap().contestant,
        "8",
        "listed after the ranked"
    );
    let one = r.standings.iter().find(|s| s.contestant == "1").unwrap();
    assert!(one
        .note
        .as_deref()
        .unwrap()
        .contains("late: plays from round 2"));
    // Pair 1's round-1 result was recorded before the late record: the fold does not warn
    // about the past, but a result recorded now for round 1 is flagged.
    log.append(
        &key(3),
        Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(1, 1),
            ns: "1".into(),
            ew: "2".into(),
            result: TableResult {
                contract: "4S".into(),
                declarer: Some(Seat::N),
                tricks: Some(10),
            },
        })),
    )
    .unwrap();
    let t = fold(&p);
    assert!(
        t.warnings.iter().any(|w| w
            .message
            .contains("1 has a result in round 1 but is recorded as late")),
        "{:?}",
        t.warnings
    );
    // Present after all: the pair is ranked again and the table scheduled.
    attendance(&mut log, "8", Presence::Present, "arrived");
    let t = fold(&p);
    assert_eq!(t.expected("A", 1), Some(4));
    assert!(!t.attendance.contains_key(&("A".into(), "8".into())));
}

#[test]
fn the_overall_ranking_of_two_sessions_weighs_each_by_its_tops() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("two.tdlog");
    let (chief, scorer) = (key(1), key(3));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue"))
        .unwrap();
    let mut ps = vec![];
    // Session 1: one board; session 2: two boards. Same three tables, same pairs.
    type Board = (u32, [(&'static str, u8); 3]);
    let sessions: [(&str, Vec<Board>); 2] = [
        ("S1", vec![(1, [("4S", 11), ("4S", 10), ("4S", 9)])]),
        (
            "S2",
            vec![
                (1, [("4S", 9), ("4S", 10), ("4S", 11)]),
                (2, [("4S", 9), ("4S", 10), ("4S", 11)]),
            ],
        ),
    ];
    for (sec, boards) in &sessions {
        ps.push(Payload::Section(Section {
            section: sec.to_string(),
            form: Form::Pairs,
            title: format!("Session {sec}"),
        }));
        for n in 1..=6 {
            ps.push(Payload::Contestant(Box::new(Contestant {
                section: sec.to_string(),
                id: n.to_string(),
                name: format!("Pair {n}"),
                members: vec![],
                captain: None,
                phantom: false,
            })));
        }
        for table in 1..=3u32 {
            ps.push(Payload::TableAssignment(TableAssignment {
                section: sec.to_string(),
                round: 1,
                table,
                ns: (2 * table - 1).to_string(),
                ew: (2 * table).to_string(),
                boards: boards.iter().map(|b| b.0).collect(),
            }));
        }
        for (board, res) in boards {
            for (i, (contract, tricks)) in res.iter().enumerate() {
                let table = i as u32 + 1;
                ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
                    slot: Slot {
                        section: sec.to_string(),
                        round: 1,
                        table,
                        board: *board,
                    },
                    ns: (2 * table - 1).to_string(),
                    ew: (2 * table).to_string(),
                    result: TableResult {
                        contract: contract.to_string(),
                        declarer: Some(Seat::N),
                        tricks: Some(*tricks),
                    },
                })));
            }
        }
    }
    log.append_batch(&scorer, ps).unwrap();
    let t = fold(&p);
    let r = ranking(&t, &results(&t));
    let o = tdlog::results::overall::overall(&t, &r, &["S1".into(), "S2".into()]).unwrap();
    let got: Vec<(String, String, f64)> = o
        .iter()
        .map(|s| (s.place.clone(), s.contestant.clone(), s.total))
        .collect();
    // Pair 5: 0 of 4, then 8 of 8 = 8 of 12; pair 1: 4 of 4, then 0 of 8 = 4 of 12.
    let want = [
        ("1-2", "2", 66.67),
        ("1-2", "5", 66.67),
        ("3-4", "3", 50.0),
        ("3-4", "4", 50.0),
        ("5-6", "1", 33.33),
        ("5-6", "6", 33.33),
    ];
    let want: Vec<(String, String, f64)> = want
        .iter()
        .map(|(p, c, x)| (p.to_string(), c.to_string(), *x))
        .collect();
    assert_eq!(got, want);
    assert_eq!(
        (o[0].mp, o[0].mp_top, o[0].boards),
        (Some(8.0), Some(12.0), 3)
    );
    assert!(tdlog::results::overall::overall(&t, &r, &["S3".into()]).is_err());
}

#[test]
fn incremental_scores_follow_structure_entered_after_the_results() {
    use tdlog::events::{Attendance, PolicySet, Presence};
    use tdlog::log::Projection;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("late-structure.tdlog");
    let (chief, scorer, td) = (key(1), key(3), key(2));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue"))
        .unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    let seats = [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")];
    // A teams section at first: entered by mistake, corrected below.
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Teams,
        title: "A".into(),
    })];
    // Results first (boards 1-2 at tables 1-3) ...
    for board in 1..=2u32 {
        for (i, tricks) in [11u8, 10, 9].into_iter().enumerate() {
            let (ns, ew) = seats[i];
            ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
                slot: Slot {
                    section: "A".into(),
                    round: 1,
                    table: i as u32 + 1,
                    board,
                },
                ns: ns.into(),
                ew: ew.into(),
                result: TableResult {
                    contract: "4S".into(),
                    declarer: Some(Seat::N),
                    tricks: Some(tricks + board as u8 - 1),
                },
            })));
        }
    }
    // ... then the movement (four tables: the field is factored for table 4) ...
    for (i, (ns, ew)) in seats.iter().enumerate() {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: i as u32 + 1,
            ns: ns.to_string(),
            ew: ew.to_string(),
            boards: vec![1, 2],
        }));
    }
    // ... the section (its form decides the comparison) ...
    ps.push(Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "A".into(),
    }));
    // ... then the contestants, pair 8 a phantom (table 4 a sit-out: nothing to factor).
    for n in 1..=8 {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: n.to_string(),
            name: format!("Pair {n}"),
            members: vec![],
            captain: None,
            phantom: n == 8,
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    log.append(
        &td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(1, 2),
            ns: "1".into(),
            ew: "2".into(),
            law: "12C2".into(),
            adjustment: Adjustment::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            },
            reason: "no result obtainable".into(),
        })),
    )
    .unwrap();
    log.append(
        &scorer,
        Payload::Attendance(Attendance {
            section: "A".into(),
            contestant: "7".into(),
            presence: Presence::Absent,
            reason: "ill".into(),
        }),
    )
    .unwrap();
    log.append(
        &chief,
        Payload::PolicySet(Box::new(PolicySet {
            dbv_footnote_c: true,
            ..Default::default()
        })),
    )
    .unwrap();
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    let mut scores = tdlog::results::Scores::default();
    for (i, e) in v.events.iter().enumerate() {
        t.apply(e, v.keys.get(&e.env.author).unwrap());
        scores.update(&mut t);
        assert_eq!(scores.rows(), results(&t), "after event {i}");
        assert_eq!(
            ranking(&t, scores.iter()),
            ranking(&t, &results(&t)),
            "ranking after event {i}"
        );
    }
    // The end state: three of three scheduled tables, nothing factored, pair 1's artificial
    // score by its session (Law 12C2(c)).
    let rows = results(&t);
    assert!(rows.iter().all(|r| r.mp_top == Some(4.0)), "{rows:#?}");
    assert!(row_pct(&rows, 1, 2) >= 60.0);
}

fn row_pct(rows: &[tdlog::results::ResultRow], table: u32, board: u32) -> f64 {
    rows.iter()
        .find(|r| r.table == table && r.board == board)
        .and_then(|r| r.pct_ns)
        .unwrap()
}
