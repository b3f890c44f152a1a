//! Results from the log: PBN import, team IMPs against a real scorer's file, adjusted scores
//! and their audit, rankings at two points of the log, and byte-identical output however the
//! log was assembled.

mod common;

use common::*;
use std::path::{Path, PathBuf};

use tdlog::bridge::seat::Seat;
use tdlog::events::{Adjustment, Artificial, Payload, ScoreAdjusted, Slot, TableResult, Weighted};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{import, results, Tournament};

fn pbn_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn")
}

fn genesis_payload() -> tdlog::events::Genesis {
    match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

/// A log with the RealBridge file imported by a scorer's key.
fn imported(dir: &Path) -> (PathBuf, tdlog::keys::DeviceKey, tdlog::keys::DeviceKey) {
    let p = dir.join("rb.tdlog");
    let (chief, td, scorer) = (key(1), key(2), key(3));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let text = std::fs::read_to_string(pbn_path()).unwrap();
    let plan = import::plan(&tdlog::bridge::pbn::parse(&text).unwrap(), "A");
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    log.append_batch(&scorer, plan.payloads).unwrap();
    (p, td, chief)
}

fn fold(p: &Path) -> Tournament {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

#[test]
fn law_78b_imported_pbn_reproduces_score_imp_on_every_comparable_table() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, _) = imported(dir.path());
    let t = fold(&p);
    let rows = results(&t);
    assert_eq!(
        rows.len(),
        299,
        "every record is a row, none silently dropped"
    );
    let text = std::fs::read_to_string(pbn_path()).unwrap();
    let records = tdlog::bridge::pbn::parse(&text).unwrap();
    let mut checked = 0;
    let mut explained = 0;
    for rec in &records {
        let board: u32 = rec.tag("Board").unwrap().parse().unwrap();
        let table: u32 = rec.tag("Table").unwrap().parse().unwrap();
        let row = rows
            .iter()
            .find(|r| r.board == board && r.table == table)
            .unwrap();
        match rec.tag("ScoreIMP") {
            Some(tag) if row.imp_ns.is_some() => {
                let want: f64 = tag.split_whitespace().nth(1).unwrap().parse().unwrap();
                assert_eq!(row.imp_ns, Some(want), "board {board} table {table}");
                assert_eq!(row.imp_ew, Some(-want));
                checked += 1;
            }
            _ => {
                let note = row.note.as_deref().unwrap_or_default();
                assert!(
                    note.contains("not played") || note.contains("no comparison"),
                    "board {board} table {table}: {note:?}"
                );
                explained += 1;
            }
        }
    }
    // 299 records: 20 of the unplayed match, 1 board played at one table only, 278 compared.
    assert_eq!(checked, 278, "{checked} tables compared");
    assert_eq!(checked + explained, 299);
    // The unplayed match (WALES v ITALY) is there, and says why it has no score.
    let unplayed: Vec<_> = rows
        .iter()
        .filter(|r| r.result.starts_with("not played"))
        .collect();
    assert_eq!(unplayed.len(), 20, "10 boards at both tables of the match");
    assert!(unplayed.iter().all(|r| r.ns == "WALES" || r.ns == "ITALY"));
    // The board with one table: shown with its score, no IMPs, and the reason.
    let lone: Vec<_> = rows
        .iter()
        .filter(|r| {
            r.note
                .as_deref()
                .is_some_and(|n| n.contains("the other table of this match has no result"))
        })
        .collect();
    assert_eq!(lone.len(), 1);
    assert_eq!((lone[0].board, lone[0].table), (20, 6));
    assert!(lone[0].score_ns.is_some() && lone[0].imp_ns.is_none());
    // The ranking says why Wales and Italy have no VPs.
    let r = tdlog::results::ranking(&t, &rows);
    for (team, other) in [("WALES", "ITALY"), ("ITALY", "WALES")] {
        let s = r.standings.iter().find(|s| s.contestant == team).unwrap();
        let note = s.note.as_deref().unwrap_or_default();
        assert!(
            note.contains(&format!("v {other}: no board scored")),
            "{note}"
        );
    }
    assert_eq!(r.standings.iter().filter(|s| s.note.is_some()).count(), 2);
}

#[test]
fn a_pbn_file_with_errors_imports_nothing_and_lists_every_problem_by_line() {
    let good = std::fs::read_to_string(pbn_path()).unwrap();
    // Take the first two records and break them in four ways.
    let recs: Vec<&str> = good.split("\n\n").collect();
    let mut bad = String::from("% PBN 2.1\n");
    bad.push_str(&recs[0].replace("[Deal \"N:KT8.A96.A95.7542", "[Deal \"N:KT8.A96.A95.754K"));
    bad.push_str("\n\n");
    bad.push_str(&recs[1].replace("[Contract \"", "[Contract \"8"));
    bad.push_str("\n\n");
    bad.push_str(&recs[1].replace("[Vulnerable \"None\"]", "[Vulnerable \"Both\"]"));
    bad.push_str("\n\n");
    bad.push_str(recs[1]);
    bad.push_str("\n\n");
    bad.push_str(recs[1]);
    bad.push('\n');
    let records = tdlog::bridge::pbn::parse(&bad).unwrap();
    let plan = import::plan(&records, "A");
    let msgs: Vec<String> = plan.problems.iter().map(|p| p.to_string()).collect();
    assert!(msgs.iter().any(|m| m.contains("bad deal")), "{msgs:#?}");
    assert!(
        msgs.iter().any(|m| m.contains("unknown contract")),
        "{msgs:#?}"
    );
    assert!(
        msgs.iter()
            .any(|m| m.contains("is wrong for board 11 (Law 2")),
        "{msgs:#?}"
    );
    assert!(msgs.iter().any(|m| m.contains("duplicate")), "{msgs:#?}");
    assert!(msgs.iter().all(|m| m.starts_with("line ")), "{msgs:#?}");

    // Through the CLI: nothing imported; with --lenient, the good records with warnings.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.pbn");
    std::fs::write(&f, &bad).unwrap();
    let k = dir.path().join("k.key");
    let run = |args: &[&str]| tdlog_cmd().args(args).output().unwrap();
    run(&["key", "new", "--key", k.to_str().unwrap()]);
    let log = dir.path().join("t.tdlog");
    run(&[
        "init",
        log.to_str().unwrap(),
        "--name",
        "T",
        "--game",
        "bridge",
        "--key",
        k.to_str().unwrap(),
    ]);
    let before = Log::open(&log).unwrap().count().unwrap();
    let o = run(&[
        "import",
        "pbn",
        f.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
        "--key",
        k.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("nothing imported"), "{err}");
    assert!(
        err.lines().filter(|l| l.contains(": line ")).count() >= 4,
        "{err}"
    );
    assert_eq!(Log::open(&log).unwrap().count().unwrap(), before);
    let o = run(&[
        "import",
        "pbn",
        f.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
        "--lenient",
        "--key",
        k.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("imported 1 records (4 skipped)"));
    // Each skipped record is named with its line, as a warning.
    let warn = String::from_utf8_lossy(&o.stderr);
    assert!(
        warn.lines()
            .filter(|l| l.starts_with("warning: skipped ") && l.contains(": line "))
            .count()
            >= 4,
        "{warn}"
    );
}

fn slot(board: u32, table: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

#[test]
fn law_12_adjusted_score_then_changed_shows_both_in_the_audit_and_moves_the_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let (p, td, chief) = imported(dir.path());
    let mut log = Log::open(&p).unwrap();
    let before_id = log.verify(None).unwrap().events.last().unwrap().id.to_hex();
    // Board 12 at table 5 (CROATIA N-S v SWEDEN E-W): the TD awards artificial scores...
    let t0 = fold(&p);
    let s = t0
        .slots
        .values()
        .find(|s| s.slot.board == 12 && s.slot.table == 5)
        .unwrap()
        .clone();
    log.append(
        &td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(12, 5),
            ns: s.ns.clone(),
            ew: s.ew.clone(),
            law: "12C2".into(),
            adjustment: Adjustment::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
            },
            reason: "board fouled at the table; no result obtainable".into(),
        })),
    )
    .unwrap();
    let mid_id = log.verify(None).unwrap().events.last().unwrap().id.to_hex();
    // ...then, on review, replaces them with a weighted score.
    log.append(
        &chief,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(12, 5),
            ns: s.ns.clone(),
            ew: s.ew.clone(),
            law: "12C1(c)".into(),
            adjustment: Adjustment::Weighted {
                ns: vec![
                    Weighted {
                        weight: 2,
                        result: TableResult {
                            contract: "4S".into(),
                            declarer: Some(Seat::N),
                            tricks: Some(10),
                        },
                    },
                    Weighted {
                        weight: 1,
                        result: TableResult {
                            contract: "4S".into(),
                            declarer: Some(Seat::N),
                            tricks: Some(9),
                        },
                    },
                ],
                ew: None,
            },
            reason: "review: the table result would likely have been 4S by North".into(),
        })),
    )
    .unwrap();
    let t = fold(&p);
    let st = t
        .slots
        .values()
        .find(|s| s.slot.board == 12 && s.slot.table == 5)
        .unwrap();
    assert_eq!(st.history.len(), 3, "recorded, adjusted, changed");
    assert_eq!(st.history[1].law.as_deref(), Some("12C2"));
    assert_eq!(st.history[2].law.as_deref(), Some("12C1(c)"));
    assert_eq!(st.history[2].before, Some(st.history[1].after.clone()));
    assert!(
        st.history[1].before.as_deref().unwrap().contains("NS"),
        "the table result before"
    );
    assert_eq!(st.history[1].signer, "Tom TD");
    assert_eq!(st.history[2].role, Role::ChiefTd);

    // Ranking at three points of the log: before, after the first ruling, now.
    let rank = |at: &str| {
        let o = tdlog_cmd()
            .args(["ranking", p.to_str().unwrap(), "--json", "--at", at])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["contestant"] == "SWEDEN")
            .map(|s| s["total"].as_f64().unwrap())
            .unwrap()
    };
    let (a, b) = (rank(&before_id), rank(&mid_id));
    assert_ne!(a, b, "the artificial score moves Sweden's total");
    // Audit through the CLI lists all three steps with signers and laws.
    let o = tdlog_cmd()
        .args([
            "audit",
            p.to_str().unwrap(),
            "--board",
            "12",
            "--pair",
            "SWEDEN",
        ])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Law 12C2") && out.contains("Law 12C1(c)") && out.contains("by Tom TD"),
        "{out}"
    );
    // The same audit as JSON: each step carries Sweden's ranking before and after it.
    let o = tdlog_cmd()
        .args([
            "audit",
            p.to_str().unwrap(),
            "--board",
            "12",
            "--pair",
            "SWEDEN",
            "--json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let h = v[0]["history"].as_array().unwrap();
    assert_eq!(h.len(), 3);
    assert_eq!(h[1]["ranking_before"]["total"].as_f64(), Some(a));
    assert_eq!(h[1]["ranking_after"]["total"].as_f64(), Some(b));
    assert_eq!(h[2]["ranking_before"], h[1]["ranking_after"]);
    let now = rank(&log.verify(None).unwrap().events.last().unwrap().id.to_hex());
    assert_eq!(h[2]["ranking_after"]["total"].as_f64(), Some(now));
    assert!(h[2]["ranking_after"]["place"].is_string());
}

#[test]
fn the_same_log_assembled_any_way_gives_byte_identical_results_and_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let (p, td, _) = imported(dir.path());
    // A second device adds a ruling; the two merge in both directions.
    let q = dir.path().join("copy.tdlog");
    std::fs::copy(&p, &q).unwrap();
    let mut b = Log::open(&q).unwrap();
    let t0 = fold(&q);
    let s = t0
        .slots
        .values()
        .find(|s| s.slot.board == 15 && s.slot.table == 2)
        .unwrap()
        .clone();
    b.append(
        &td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(15, 2),
            ns: s.ns,
            ew: s.ew,
            law: "12C1(e)".into(),
            adjustment: Adjustment::Assigned {
                result: TableResult {
                    contract: "3NT".into(),
                    declarer: Some(Seat::S),
                    tricks: Some(9),
                },
            },
            reason: "misinformation".into(),
        })),
    )
    .unwrap();
    let eb: Vec<_> = b
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect();
    Log::open(&p).unwrap().merge(eb).unwrap();
    let out = |log: &Path, what: &str| {
        tdlog_cmd()
            .args([what, log.to_str().unwrap(), "--json"])
            .output()
            .unwrap()
            .stdout
    };
    for what in ["results", "ranking"] {
        let (x, y) = (out(&p, what), out(&q, what));
        assert!(!x.is_empty());
        assert!(x == y, "{what} differs between the two devices");
        assert!(x == out(&p, what), "{what} differs between two replays");
    }
}

#[test]
fn incremental_scores_equal_a_full_recomputation_after_every_event() {
    let dir = tempfile::tempdir().unwrap();
    let (p, td, _) = imported(dir.path());
    let mut log = Log::open(&p).unwrap();
    let t0 = fold(&p);
    let s = t0
        .slots
        .values()
        .find(|s| s.slot.board == 13 && s.slot.table == 3)
        .unwrap()
        .clone();
    log.append(
        &td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(13, 3),
            ns: s.ns,
            ew: s.ew,
            law: "12C2".into(),
            adjustment: Adjustment::Artificial {
                ns: Artificial::Average,
                ew: Artificial::AveragePlus,
            },
            reason: "slow play, board not started".into(),
        })),
    )
    .unwrap();
    let v = log.verify(None).unwrap();
    let mut t = Tournament::default();
    let mut scores = tdlog::results::Scores::default();
    use tdlog::log::Projection;
    let mut recomputed = 0;
    for (i, e) in v.events.iter().enumerate() {
        t.apply(e, v.keys.get(&e.env.author).unwrap());
        recomputed += scores.update(&mut t);
        if i % 25 == 0 || i + 1 == v.events.len() {
            assert_eq!(scores.rows(), results(&t), "after event {i}");
        }
    }
    // The last event (one ruling) touched exactly one board.
    let mut t2 = t.clone();
    assert_eq!(scores.update(&mut t2), 0);
    assert!(recomputed < v.events.len() * 10);
}

#[test]
fn law_87_fouled_board_is_compared_only_within_its_groups() {
    use tdlog::events::{BoardFouled, Contestant, Form, ResultRecorded, Section, TableAssignment};
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("pairs.tdlog");
    let (chief, scorer) = (key(1), key(3));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue"))
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
    // Four tables play board 1; tables 1-2 had the cards right, 3-4 a fouled board.
    let tables = [(1, "4S", 10), (2, "4S", 9), (3, "3NT", 9), (4, "3NT", 10)];
    for (table, contract, tricks) in tables {
        let (ns, ew) = ((2 * table - 1).to_string(), (2 * table).to_string());
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table,
            ns: ns.clone(),
            ew: ew.clone(),
            boards: vec![1],
        }));
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: Slot {
                section: "A".into(),
                round: 1,
                table,
                board: 1,
            },
            ns,
            ew,
            result: TableResult {
                contract: contract.into(),
                declarer: Some(Seat::N),
                tricks: Some(tricks),
            },
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    let before = results(&fold(&p));
    // Unfouled: 3NT+1 (430) tops, 4S= (420) second.
    assert_eq!(
        before.iter().map(|r| r.mp_ns.unwrap()).collect::<Vec<_>>(),
        vec![4.0, 0.0, 2.0, 6.0]
    );
    log.append(
        &chief,
        Payload::BoardFouled(BoardFouled {
            section: "A".into(),
            board: 1,
            groups: vec![vec![(1, 1), (1, 2)], vec![(1, 3), (1, 4)]],
            reason: "two cards of board 1 were switched after round 1 table 2".into(),
        }),
    )
    .unwrap();
    let after = results(&fold(&p));
    assert_eq!(
        after.iter().map(|r| r.mp_ns.unwrap()).collect::<Vec<_>>(),
        vec![2.0, 0.0, 0.0, 2.0]
    );
    assert!(after
        .iter()
        .all(|r| r.note.as_deref().unwrap().contains("Law 87")));
}

/// Law 2: a board's vulnerability is what the board says. A `structure.board` signed after
/// the board's results (the scorer typed the travellers first, the hand records came later)
/// rescores them: every table result is the Law 77 score of its contract on the board's
/// vulnerability as the log says it now, not as it stood when the result was signed.
#[test]
fn law_2_a_board_record_signed_after_its_results_rescores_them() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("vul.tdlog");
    let chief = key(1);
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    let slot = Slot {
        section: "A".into(),
        round: 1,
        table: 1,
        board: 1,
    };
    log.append(
        &chief,
        Payload::ResultRecorded(Box::new(tdlog::events::ResultRecorded {
            slot: slot.clone(),
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
    // Board 1 is none vulnerable by Law 2's rotation: +420.
    let score = |t: &Tournament| results(t)[0].score_ns;
    assert_eq!(score(&fold(&p)), Some(420));
    log.append(
        &chief,
        Payload::BoardFacts(tdlog::events::BoardFacts {
            section: "A".into(),
            board: 1,
            dealer: None,
            vulnerable: Some("All".into()),
            deal: None,
        }),
    )
    .unwrap();
    // The board says both sides are vulnerable: +620, as if it had been recorded first.
    assert_eq!(score(&fold(&p)), Some(620));
}
