//! The adjustment assistant (Law 12C1): the board's double-dummy table and par, the field's
//! results, and a weighted score (Law 12C1(c)) with each outcome's matchpoints or IMPs and
//! the weighted result, scored under the event's own policy. Worked examples computed by
//! hand in the comments; the CLI (`tdlog adjust`) prints the same numbers.

#[path = "common/mod.rs"]
mod common;

use common::{enrol, genesis, key};
use std::path::{Path, PathBuf};
use tdlog::bridge::seat::Seat::{self, N, S};
use tdlog::events::{
    Adjustment, BoardFacts, Form, Payload, ResultRecorded, ScoreAdjusted, Section, Slot,
    TableAssignment, TableResult,
};
use tdlog::i18n::Lang;
use tdlog::keys::Role;
use tdlog::log::Log;
use tdlog::views::{self, parse_outcomes, AdjustAt, Replayed};

/// Board 11 of the RealBridge file (dealer S, nobody vulnerable; par NS +90 in 1NT).
const DEAL: &str = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";

fn result(contract: &str, declarer: Seat, tricks: u8) -> TableResult {
    TableResult {
        contract: contract.into(),
        declarer: Some(declarer),
        tricks: Some(tricks),
    }
}

/// A log with board 11 (the deal above) at the given tables of round 1 of section A, each
/// with its (N-S, E-W, result).
fn board_log(dir: &Path, form: Form, tables: &[(&str, &str, TableResult)]) -> PathBuf {
    let p = dir.join("adjust.tdlog");
    let (chief, scorer) = (key(1), key(3));
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let mut batch = vec![
        Payload::Section(Section {
            section: "A".into(),
            form,
            title: "A".into(),
        }),
        Payload::BoardFacts(BoardFacts {
            section: "A".into(),
            board: 11,
            dealer: None,
            vulnerable: None,
            deal: Some(DEAL.into()),
        }),
    ];
    for (i, (ns, ew, _)) in tables.iter().enumerate() {
        batch.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: i as u32 + 1,
            ns: ns.to_string(),
            ew: ew.to_string(),
            boards: vec![11],
        }));
    }
    for (i, (ns, ew, r)) in tables.iter().enumerate() {
        batch.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: Slot {
                section: "A".into(),
                round: 1,
                table: i as u32 + 1,
                board: 11,
            },
            ns: ns.to_string(),
            ew: ew.to_string(),
            result: r.clone(),
        })));
    }
    log.append_batch(&scorer, batch).unwrap();
    p
}

fn replayed(p: &Path) -> Replayed {
    Replayed::new(Log::open(p).unwrap().verify(None).unwrap())
}

fn at_table(table: u32) -> AdjustAt {
    AdjustAt {
        section: "A".into(),
        board: 11,
        round: Some(1),
        table: Some(table),
    }
}

/// Five pairs tables; table 1 is the one the TD adjusts (it recorded 3NT by S, one down).
fn pairs_log(dir: &Path) -> PathBuf {
    board_log(
        dir,
        Form::Pairs,
        &[
            ("1", "2", result("3NT", S, 8)), // NS -50 (under ruling)
            ("3", "4", result("4S", N, 10)), // NS +420
            ("5", "6", result("3NT", S, 9)), // NS +400
            ("7", "8", result("4S", N, 9)),  // NS -50
            ("9", "10", result("2S", N, 9)), // NS +140
        ],
    )
}

#[test]
fn law_12c1c_weighted_score_shows_each_outcomes_matchpoints_and_the_weighted_result() {
    let dir = tempfile::tempdir().unwrap();
    let r = replayed(&pairs_log(dir.path()));
    // The TD weighs 40 % of 4S made by N (+420) and 60 % of 4S one down (-50).
    let outcomes = parse_outcomes("4S= N 40%, 4S-1 N 60%").unwrap();
    let v = views::adjust(&r, &at_table(1), &outcomes, Lang::En).unwrap();
    assert_eq!(v.unit, "mp");
    assert_eq!((v.ns.as_deref(), v.ew.as_deref()), (Some("1"), Some("2")));
    assert_eq!(
        v.table_result.as_deref(),
        Some("3NT by S, 8 tricks, NS -50")
    );
    // The field: the four other tables, scored as the results score them now.
    let field: Vec<(u32, Option<i32>)> = v.field.iter().map(|f| (f.table, f.score_ns)).collect();
    assert_eq!(
        field,
        [
            (2, Some(420)),
            (3, Some(400)),
            (4, Some(-50)),
            (5, Some(140))
        ]
    );
    // Five results: top 2 x (5 - 1) = 8 MP.
    // +420 against 420 (tie, 1), 400, -50, 140 (beaten, 2 each): 7 MP = 87.5 %; E-W 1 MP.
    let a = &v.outcomes[0];
    assert_eq!((a.weight, a.share, a.score_ns), (40, 40.0, Some(420)));
    assert_eq!(a.text, "4♠ by N, 10 tricks");
    assert_eq!((a.scored.mp_ns, a.scored.mp_top), (Some(7.0), Some(8.0)));
    assert_eq!((a.scored.pct_ns, a.scored.pct_ew), (Some(87.5), Some(12.5)));
    assert_eq!(a.scored.text_ns.as_deref(), Some("7 of 8 MP, 87.5 %"));
    // -50 beats nothing and ties table 4's -50: 1 MP = 12.5 %; E-W 7 MP.
    let b = &v.outcomes[1];
    assert_eq!((b.weight, b.share, b.score_ns), (60, 60.0, Some(-50)));
    assert_eq!((b.scored.mp_ns, b.scored.mp_ew), (Some(1.0), Some(7.0)));
    // Weighted (Law 12C1(c)): 0.4 x 7 + 0.6 x 1 = 3.4 MP = 42.5 %; E-W 0.4 x 1 + 0.6 x 7
    // = 4.6 MP = 57.5 %.
    let w = v.weighted.as_ref().unwrap();
    assert_eq!((w.mp_ns, w.mp_ew), (Some(3.4), Some(4.6)));
    assert_eq!((w.pct_ns, w.pct_ew), (Some(42.5), Some(57.5)));
    assert_eq!(w.text_ns.as_deref(), Some("3.4 of 8 MP, 42.5 %"));
    // The adjustment the ruling would sign, as the results would score it once signed.
    let adj = serde_json::to_value(v.adjustment.as_ref().unwrap()).unwrap();
    assert_eq!(adj["kind"], "weighted");
    assert_eq!(adj["ns"][1]["tricks"], 9);
    // Double dummy and par of the deal (board 11 of the RealBridge file).
    let dd = v.double_dummy.as_ref().unwrap();
    assert_eq!(dd.pbn, "77667775576677566775");
    assert_eq!(dd.strains, ["NT", "S", "H", "D", "C"]);
    assert_eq!(dd.rows[0].tricks, [7, 7, 6, 6, 7]);
    assert_eq!((dd.par_ns.score, dd.par_ew.score), (90, -90));
    assert_eq!(dd.par_text, ["N-S +90: 1NT= by N, 1NT= by S"]);
}

#[test]
fn law_12c1c_the_two_sides_weighted_differently_are_each_scored_with_their_own_weights() {
    // Law 12C1(c)/(e): the non-offending N-S get the more favourable weighting (60 % of 4S
    // made), the offending E-W a less favourable one for them (80 % of 4S made).
    let dir = tempfile::tempdir().unwrap();
    let p = pairs_log(dir.path());
    let r = replayed(&p);
    let ns = parse_outcomes("4S= N 60%, 4S-1 N 40%").unwrap();
    let ew = parse_outcomes("4S= N 80%, 4S-1 N 20%").unwrap();
    let v = views::adjust_split(&r, &at_table(1), &ns, Some(&ew), Lang::En).unwrap();
    // Each E-W outcome as if assigned: -420 for E-W ties table 2's -420 (1 of 8 MP); +50
    // beats -420, -400 and -140 and ties table 4's +50 (7 of 8).
    let rows_ew = v.outcomes_ew.as_ref().unwrap();
    assert_eq!(rows_ew.len(), 2);
    assert_eq!((rows_ew[0].share, rows_ew[1].share), (80.0, 20.0));
    assert_eq!(
        (rows_ew[0].scored.mp_ew, rows_ew[1].scored.mp_ew),
        (Some(1.0), Some(7.0))
    );
    // N-S by their weights: 0.6 x 7 + 0.4 x 1 = 4.6 MP = 57.5 %. E-W by theirs:
    // 0.8 x 1 + 0.2 x 7 = 2.2 MP = 27.5 %. The scores do not balance (8 - 4.6 = 3.4 != 2.2).
    let w = v.weighted.as_ref().unwrap();
    assert_eq!((w.mp_ns, w.mp_ew), (Some(4.6), Some(2.2)));
    assert_eq!((w.pct_ns, w.pct_ew), (Some(57.5), Some(27.5)));
    let adj = v.adjustment.clone().unwrap();
    assert_eq!(
        adj,
        Adjustment::Weighted {
            ns: ns.clone(),
            ew: Some(ew.clone())
        }
    );
    assert_eq!(
        v.labels.outcomes_ew,
        "E-W weighted differently (Law 12C1(c))"
    );
    // `tdlog adjust --weights-ew` prints the same figures.
    let out = common::tdlog_cmd()
        .arg("adjust")
        .arg(&p)
        .args(["--round", "1", "--table", "1", "--board", "11"])
        .args(["--weights", "4S= N 60%, 4S-1 N 40%"])
        .args(["--weights-ew", "4S= N 80%, 4S-1 N 20%", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&cli["weighted"]["mp_ns"], &cli["weighted"]["mp_ew"]),
        (&serde_json::json!(4.6), &serde_json::json!(2.2))
    );
    assert_eq!(cli["adjustment"]["ew"][0]["weight"], 80);
    assert_eq!(cli["outcomes_ew"][1]["mp_ew"], 7.0);
    // Signed as the ruling's adjusted score, the results score it as the assistant showed.
    let (chief, td) = (key(1), key(2));
    let mut log = Log::open(&p).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(
        &td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: Slot {
                section: "A".into(),
                round: 1,
                table: 1,
                board: 11,
            },
            ns: "1".into(),
            ew: "2".into(),
            law: "12C1(c)".into(),
            adjustment: adj,
            reason: "misinformation; E-W's weighting resolves doubt in N-S's favour".into(),
        })),
    )
    .unwrap();
    let after = replayed(&p);
    let row = after
        .results
        .iter()
        .find(|x| x.board == 11 && x.table == 1)
        .unwrap();
    assert_eq!((row.mp_ns, row.mp_ew), (w.mp_ns, w.mp_ew));
    assert_eq!((row.pct_ns, row.pct_ew), (w.pct_ns, w.pct_ew));
    // An E-W list chosen but still empty: nothing to sign yet.
    let v = views::adjust_split(&r, &at_table(1), &ns, Some(&[]), Lang::En).unwrap();
    assert!(v.adjustment.is_none() && v.weighted.is_none());
    // Without E-W weights the view is the same-weights one.
    let v = views::adjust_split(&r, &at_table(1), &ns, None, Lang::En).unwrap();
    assert!(v.outcomes_ew.is_none());
    assert_eq!(v.weighted.as_ref().unwrap().mp_ew, Some(3.4));
}

#[test]
fn law_12c1c_teams_weighted_score_imps_each_outcome_against_the_other_table() {
    // A team match: home H sits N-S at table 1 (under ruling), E-W at table 2, where the
    // visitors V bid and made 4S by N: +420 for V, -420 for H.
    let dir = tempfile::tempdir().unwrap();
    let p = board_log(
        dir.path(),
        Form::Teams,
        &[
            ("H", "V", result("3NT", S, 8)),
            ("V", "H", result("4S", N, 10)),
        ],
    );
    let r = replayed(&p);
    let outcomes = parse_outcomes("4S= N 40%, 4S-1 N 60%").unwrap();
    let v = views::adjust(&r, &at_table(1), &outcomes, Lang::En).unwrap();
    assert_eq!(v.unit, "imp");
    // 4S made: +420 - 420 = 0 IMP. 4S one down: -50 - 420 = -470: 10 IMP (430-490).
    assert_eq!(v.outcomes[0].scored.imp_ns, Some(0.0));
    assert_eq!(v.outcomes[1].scored.imp_ns, Some(-10.0));
    assert_eq!(v.outcomes[1].scored.text_ns.as_deref(), Some("-10 IMP"));
    // The default policy IMPs each outcome, then weights: 0.4 x 0 + 0.6 x -10 = -6 IMP.
    assert_eq!(v.weighted.as_ref().unwrap().imp_ns, Some(-6.0));
    assert_eq!(v.field.len(), 1);
    assert_eq!(v.field[0].score_ns, Some(420));
    assert!(
        v.field[0].other_table,
        "the teammates' table is the comparison"
    );
}

#[test]
fn law_12c1_a_board_alone_shows_deal_par_and_field_in_the_readers_language() {
    let dir = tempfile::tempdir().unwrap();
    let r = replayed(&pairs_log(dir.path()));
    // No table named and no ruling on the board: the deal, par and field, nothing weighed.
    let board_only = AdjustAt {
        section: "A".into(),
        board: 11,
        round: None,
        table: None,
    };
    let v = views::adjust(&r, &board_only, &[], Lang::De).unwrap();
    assert!(v.slot.is_none() && v.weighted.is_none());
    assert_eq!(v.field.len(), 5);
    assert_eq!(v.title.text, "Hilfe zum berichtigten Score (§ 12 C 1)");
    assert_eq!(
        v.dealer_vul.text,
        "Teiler Süd, Gefahrenlage: niemand in Gefahr"
    );
    assert_eq!(v.labels.outcomes, "Gewichteter Score (§ 12 C 1 (c))");
    let dd = v.double_dummy.unwrap();
    assert_eq!(dd.strain_text, ["SA", "♠", "♥", "♦", "♣"]);
    let v = views::adjust(
        &r,
        &at_table(1),
        &parse_outcomes("4S= N 1").unwrap(),
        Lang::Da,
    )
    .unwrap();
    assert_eq!(v.outcomes[0].text, "4♠, spilfører Nord, 10 stik");
    assert_eq!(
        v.outcomes[0].scored.text_ns.as_deref(),
        Some("7 af 8 MP, 87.5 %")
    );
}

#[test]
fn law_12c1_without_a_table_the_assistant_opens_at_the_latest_ruling_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let p = pairs_log(dir.path());
    let (chief, td) = (key(1), key(2));
    let mut log = Log::open(&p).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(
        &td,
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: Slot {
                section: "A".into(),
                round: 1,
                table: 4,
                board: 11,
            },
            ns: "7".into(),
            ew: "8".into(),
            law: "12C1(b)".into(),
            adjustment: Adjustment::Assigned {
                result: result("4S", N, 10),
            },
            reason: "misinformation".into(),
        })),
    )
    .unwrap();
    let r = replayed(&p);
    let board_only = AdjustAt {
        section: "A".into(),
        board: 11,
        round: None,
        table: None,
    };
    let v = views::adjust(
        &r,
        &board_only,
        &parse_outcomes("4S-1 N 1").unwrap(),
        Lang::En,
    )
    .unwrap();
    assert_eq!(v.slot.as_ref().map(|s| s.table), Some(4));
    // The table's own result, under the score the ruling assigned.
    assert_eq!(v.table_result.as_deref(), Some("4♠ by N, 9 tricks, NS -50"));
    // -50 against 420, 400, 140 (0) and table 1's -50 (1): 1 of 8.
    assert_eq!(v.outcomes[0].scored.mp_ns, Some(1.0));
    assert_eq!(v.field.len(), 4);
}

#[test]
fn law_12c1c_tdlog_adjust_prints_the_same_numbers_in_each_language() {
    let dir = tempfile::tempdir().unwrap();
    let p = pairs_log(dir.path());
    let run = |lang: &str, json: bool, weights: &str| {
        let mut c = common::tdlog_cmd();
        c.arg("adjust")
            .arg(&p)
            .args(["--round", "1", "--table", "1", "--board", "11"])
            .args(["--weights", weights])
            .env("TDLOG_LANG", lang);
        if json {
            c.arg("--json");
        }
        c.output().unwrap()
    };
    let out = run("en", true, "4S= N 40%, 4S-1 N 60%");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // As the view computes it (law_12c1c_weighted_score_...): 7 and 1 of 8, weighted 3.4.
    assert_eq!(v["outcomes"][0]["mp_ns"], 7.0);
    assert_eq!(v["outcomes"][1]["mp_ns"], 1.0);
    assert_eq!(v["weighted"]["mp_ns"], 3.4);
    assert_eq!(v["weighted"]["pct_ew"], 57.5);
    assert_eq!(v["double_dummy"]["pbn"], "77667775576677566775");
    assert_eq!(v["double_dummy"]["par_ns"]["score"], 90);
    for (lang, said) in [
        (
            "en",
            [
                "Adjustment assistant (Law 12C1)",
                "Weighted result: N-S 3.4 of 8 MP, 42.5 %",
                "Double-dummy tricks (77667775576677566775)",
            ],
        ),
        (
            "de",
            [
                "Hilfe zum berichtigten Score (§ 12 C 1)",
                "Gewichtetes Ergebnis: NS 3.4 von 8 MP, 42.5 %",
                "4♠, Alleinspieler Nord, 10 Stiche",
            ],
        ),
        (
            "da",
            [
                "Hjælp til justeret score (§ 12C1)",
                "Vægtet resultat: NS 3.4 af 8 MP, 42.5 %",
                "4♠, spilfører Nord, 9 stik",
            ],
        ),
    ] {
        let out = run(lang, false, "4S= N 40%, 4S-1 N 60%");
        let text = String::from_utf8(out.stdout).unwrap();
        for s in said {
            assert!(text.contains(s), "{lang}: {s:?} not in\n{text}");
        }
    }
    // A weight missing: refused in the reader's language, naming Law 12C1(c).
    let out = run("de", false, "4S= N");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("positives Gewicht") && err.contains("§ 12 C 1 (c)"),
        "{err}"
    );
}
