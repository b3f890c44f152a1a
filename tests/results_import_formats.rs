//! PBN files as other programs write them (issue 14): JFR Pary's one record per traveller
//! line without `Table`/`Round`, `Contract "Pass"` as a pass-out (PBN 2.1) beside the
//! RealBridge unplayed-match shape, `Section`/`Competition`, a `Score` that disagrees with
//! Law 77, and the producer's `ScoreTable`/`TotalScoreTable` kept as a comparison.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use tdlog::events::Payload;
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::import::{self, Options, PassReading};
use tdlog::results::{published, ranking, results, Tournament};

fn fixture(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/pbn")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

fn plan_with(text: &str, pass: PassReading) -> import::Plan {
    let opts = Options { pass_reading: pass };
    import::plan_with(&tdlog::bridge::pbn::parse(text).unwrap(), "A", &opts)
}

/// Imports a plan's payloads with a scorer's key and folds the tournament.
fn fold(dir: &Path, payloads: Vec<Payload>) -> Tournament {
    let p = dir.join("t.tdlog");
    let (chief, scorer) = (key(1), key(3));
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append_batch(&scorer, payloads).unwrap();
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

#[test]
fn jfr_pairs_records_without_table_are_identified_by_board_and_pairs() {
    let plan = plan_with(&fixture("jfr-pairs-shape.pbn"), PassReading::Auto);
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    assert_eq!((plan.imported, plan.skipped), (128, 0));
    let said = |s: &str| plan.warnings.iter().any(|w| w.message.contains(s));
    assert!(said(
        "no Table tags: each record is identified by its board and pairs"
    ));
    assert!(said(
        "3 record(s) with Contract \"Pass\" and no auction or Score read as passed out"
    ));
    // 16 pairs, a rebuilt movement: every pair at one table per round.
    let contestants = plan
        .payloads
        .iter()
        .filter(|p| matches!(p, Payload::Contestant(_)))
        .count();
    assert_eq!(contestants, 16);
    let mut per_round = std::collections::BTreeMap::<u32, Vec<String>>::new();
    for p in &plan.payloads {
        if let Payload::TableAssignment(t) = p {
            let v = per_round.entry(t.round).or_default();
            v.push(t.ns.clone());
            v.push(t.ew.clone());
        }
    }
    for (round, who) in per_round {
        let mut d = who.clone();
        d.sort();
        d.dedup();
        assert_eq!(d.len(), who.len(), "a pair twice in round {round}");
    }
}

#[test]
fn jfr_pairs_pass_out_scores_as_published() {
    let plan = plan_with(&fixture("jfr-pairs-shape.pbn"), PassReading::Auto);
    assert_eq!(plan.published.lines.len(), 128);
    assert_eq!(plan.published.totals.len(), 16);
    let dir = tempfile::tempdir().unwrap();
    let published = plan.published.clone();
    let t = fold(dir.path(), plan.payloads);
    let rows = results(&t);
    assert_eq!(rows.len(), 128);
    let r = ranking(&t, &rows);
    let c = published::compare(&published, &rows, &r.standings, 0.01);
    // Every traveller line: its score, N-S and E-W matchpoints and percentages; every total.
    assert_eq!(c.lines, 128);
    assert_eq!(c.values, 128 * 5 + 16);
    assert!(c.disagreements.is_empty(), "{:#?}", c.disagreements);
    assert_eq!(c.agree, c.values);
    // Board 5's two pass-outs score 0, tie with each other and beat four scores below zero:
    // 9 of 14, 64.29 %, as published (a pass-out is a result, not a board not played).
    let zeros: Vec<_> = rows
        .iter()
        .filter(|r| r.board == 5 && r.result.contains("Pass"))
        .collect();
    assert_eq!(
        zeros.len(),
        2,
        "{:?}",
        rows.iter()
            .filter(|r| r.board == 5)
            .map(|r| &r.result)
            .collect::<Vec<_>>()
    );
    for z in zeros {
        assert_eq!(z.score_ns, Some(0));
        assert_eq!((z.mp_ns, z.pct_ns), (Some(9.0), Some(64.29)));
    }
}

#[test]
fn pass_reading_not_played_is_the_old_reading_and_is_chosen_explicitly() {
    let text = fixture("jfr-pairs-shape.pbn");
    let plan = plan_with(&text, PassReading::NotPlayed);
    let not_played = plan
        .payloads
        .iter()
        .filter(|p| matches!(p, Payload::ResultNotPlayed(_)))
        .count();
    assert_eq!(not_played, 3);
    assert!(plan.warnings.iter().any(|w| w
        .message
        .contains("read as not played (--pass-reading not-played)")));
}

#[test]
fn realbridge_unplayed_match_keeps_importing_exactly_as_before_with_a_warning() {
    let text = fixture("realbridge-2021-online-qual-open-r2.pbn");
    let auto = plan_with(&text, PassReading::Auto);
    // The reading before issue 14 is `not-played` for every bare Pass: same payloads.
    let old = plan_with(&text, PassReading::NotPlayed);
    assert_eq!(
        format!("{:?}", auto.payloads),
        format!("{:?}", old.payloads)
    );
    assert_eq!(auto.warnings.len(), 1);
    assert!(auto.warnings[0]
        .message
        .starts_with("20 record(s) with Contract \"Pass\", no auction, no Score and a ScoreIMP tag (the RealBridge unplayed-match shape) read as not played"));
    // Chosen the other way, the 20 records become pass-outs.
    let po = plan_with(&text, PassReading::PassOut);
    let n = |p: &import::Plan| {
        p.payloads
            .iter()
            .filter(|x| matches!(x, Payload::ResultNotPlayed(_)))
            .count()
    };
    assert_eq!((n(&auto), n(&po)), (20, 0));
}

#[test]
fn pbn_score_disagreeing_with_law_77_is_a_warning_with_both_numbers() {
    let text =
        fixture("two-rooms-one-table.pbn").replacen("[Score \"NS 420\"]", "[Score \"NS 450\"]", 1);
    let plan = plan_with(&text, PassReading::Auto);
    assert!(plan.problems.is_empty());
    let w: Vec<_> = plan
        .warnings
        .iter()
        .filter(|w| w.message.contains("Law 77"))
        .collect();
    assert_eq!(w.len(), 1, "{:?}", plan.warnings);
    assert!(w[0].message.contains("N-S 450"));
    assert!(w[0].message.contains("scores N-S 420"));
    assert_eq!(w[0].board, Some(1));
}

#[test]
fn pbn_section_tag_makes_a_section_of_its_own() {
    let text = fixture("jfr-pairs-shape.pbn");
    // Boards 1-8 in section "B", the rest in the import's section "A".
    let mut out = String::new();
    for rec in text.split("\r\n\r\n") {
        let board: Option<u32> = rec
            .lines()
            .find_map(|l| l.strip_prefix("[Board \""))
            .and_then(|b| b.trim_end_matches("\"]").parse().ok());
        out.push_str(rec);
        if board.is_some_and(|b| b <= 8) {
            out.push_str("\r\n[Section \"B\"]");
        }
        out.push_str("\r\n\r\n");
    }
    let plan = plan_with(&out, PassReading::Auto);
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    let sections: Vec<_> = plan
        .payloads
        .iter()
        .filter_map(|p| match p {
            Payload::Section(s) => Some(s.section.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(sections, ["B", "A"]);
}

#[test]
fn ruter_one_record_per_board_imports_its_score_table_rows() {
    let plan = plan_with(&fixture("ruter-pairs-shape.pbn"), PassReading::Auto);
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    // 8 rows: 7 results and an artificial score, the TD's adjusted score (Law 12C2),
    // said in a warning.
    assert_eq!((plan.imported, plan.skipped), (8, 0));
    assert!(plan
        .warnings
        .iter()
        .any(|w| w.message.contains("artificial score A+/A+") && w.board == Some(2)));
    assert_eq!(
        plan.payloads
            .iter()
            .filter(|p| matches!(p, Payload::ScoreAdjusted(_)))
            .count(),
        1
    );
    // The name as the TotalScoreTable publishes it.
    let named = plan.payloads.iter().any(|p| {
        matches!(p, Payload::Contestant(c) if c.id == "5" && c.name == "Kaisa Kivi - Pekka Puro")
    });
    assert!(named);
    // Names from the TotalScoreTable, tables and rounds from the rows.
    let c = plan
        .payloads
        .iter()
        .find_map(|p| match p {
            Payload::Contestant(c) if c.id == "5" => Some(c.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(c.members, ["Kaisa Kivi", "Pekka Puro"]);
    let dir = tempfile::tempdir().unwrap();
    let published = plan.published.clone();
    let mut payloads = plan.payloads;
    // Ruter scaled board 2 (one artificial score) pro rata and prints whole percentages.
    payloads.insert(
        0,
        Payload::PolicySet(Box::new(
            serde_json::from_str(
                r#"{"scoring": {"matchpoints": {"factoring": "pro_rata", "pct_rounding": {"decimals": 0}}}}"#,
            )
            .unwrap(),
        )),
    );
    let t = fold_as_chief(dir.path(), payloads);
    let rows = results(&t);
    let r = ranking(&t, &rows);
    let c = published::compare(&published, &rows, &r.standings, 0.01);
    // Every played line agrees. The artificial line: N-S has Avg+ (60 %), 3.6 of the top
    // of 6 where the file prints 4; E-W has its own session percentage, 67 % (Law 12C2(c)),
    // where the file prints 60.
    assert_eq!(c.lines, 8);
    let d: Vec<_> = c
        .disagreements
        .iter()
        .map(|d| (d.board, d.ns.as_str(), d.what.as_str(), d.published, d.ours))
        .collect();
    assert_eq!(
        d,
        [
            (Some(2), "3", "mp_ns", Some(4.0), Some(3.6)),
            (Some(2), "3", "pct_ew", Some(60.0), Some(67.0))
        ]
    );
}

/// As `fold`, but signed by the chief TD (a policy in the batch).
fn fold_as_chief(dir: &Path, payloads: Vec<Payload>) -> Tournament {
    let p = dir.join("c.tdlog");
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &key(1), g).unwrap();
    log.append_batch(&key(1), payloads).unwrap();
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

#[test]
fn magic_contest_empty_deal_and_bye_rows_are_not_problems() {
    // Magic Contest writes `[Deal ""]` without a hand record and a bye as a row with pair
    // id `-` and scores "Bye".
    let text = fixture("ruter-pairs-shape.pbn")
        .replace(
            "[Deal \"N:AKQ2.K32.Q32.A32 J543.J54.J54.J54 T876.T76.T76.T76 9.AQ98.AK98.KQ98\"]",
            "[Deal \"\"]",
        )
        .replace(
            " 2  1  2  6 4S   N  9 C4       -   \"50\"  0  6   0 100",
            " 2  1  2  6 4S   N  9 C4       -   \"50\"  0  6   0 100\r\n 5  1  -  9 -    -  - -    \"Bye\"  \"Bye\"  -  -   -   -",
        );
    let plan = plan_with(&text, PassReading::Auto);
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    assert!(plan
        .warnings
        .iter()
        .any(|w| w.message.contains("(a bye): nothing to import")));
    let deal = plan.payloads.iter().find_map(|p| match p {
        Payload::BoardFacts(b) if b.board == 1 => Some(b.deal.clone()),
        _ => None,
    });
    assert_eq!(deal, Some(None));
}

/// Ruter's cross-IMP files number rounds `1.2` and give each row its `Section`: one field of
/// several sections (table T of the k-th section is table 100k+T), no duplicate, and the
/// published lines still compared with ours.
#[test]
fn ruter_score_table_section_column_and_dotted_rounds_make_one_field() {
    let mut text = String::new();
    for line in fixture("ruter-pairs-shape.pbn").lines() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let row = cells.len() > 4 && cells[0].parse::<u32>().is_ok() && line.contains('"');
        if line.starts_with("[ScoreTable ") {
            text.push_str("[Round \"1.2\"]\n");
            text.push_str(&line.replace(
                "[ScoreTable \"Table\\2R;Round\\2R;",
                "[ScoreTable \"Section\\1R;Table\\2R;Round\\3R;",
            ));
        } else if row && !line.contains("Ö-V") && !line.contains("N-S") {
            let t: u32 = cells[0].parse().unwrap();
            let (sec, t) = if t <= 2 { ("X", t) } else { ("Y", t - 2) };
            text.push_str(&format!("\"{sec}\" {t} 1.2 {}", cells[2..].join(" ")));
        } else {
            text.push_str(line);
        }
        text.push('\n');
    }
    let plan = plan_with(&text, PassReading::Auto);
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    assert_eq!((plan.imported, plan.skipped), (8, 0));
    let mut tables: Vec<(u32, u32)> = plan
        .payloads
        .iter()
        .filter_map(|p| match p {
            Payload::TableAssignment(a) => Some((a.round, a.table)),
            _ => None,
        })
        .collect();
    tables.sort();
    assert_eq!(tables, [(1, 101), (1, 102), (1, 201), (1, 202)]);
    let said: Vec<&str> = plan.warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(said
        .iter()
        .any(|w| w.contains("sections X, Y are compared and ranked as one field")));
    assert!(said.iter().any(|w| w.contains("1.2 → 1")));
    assert!(plan.published.lines.iter().all(|l| l.section == "A"));
    assert_eq!(plan.published.lines.len(), 8);
}

/// Law 12C2: only a director signs an artificial score. Ruter's `A+` row is the TD's adjusted
/// score, with no table result under it; the file is refused to a scorer before anything is
/// signed (as USEBIO's `A6040`), and a director signs it.
#[test]
fn law_12c2_ruter_artificial_score_needs_a_directors_key() {
    let plan = plan_with(&fixture("ruter-pairs-shape.pbn"), PassReading::Auto);
    let adjusted = plan
        .payloads
        .iter()
        .filter(|p| matches!(p, Payload::ScoreAdjusted(_)))
        .count();
    assert_eq!(adjusted, 1);
    let err = import::needs_director(&plan, Some(tdlog::keys::Role::Scorer)).unwrap_err();
    assert!(err.to_string().contains("Law 12C"), "{err}");
    assert!(import::needs_director(&plan, Some(tdlog::keys::Role::Td)).is_ok());
    // The ruling stands alone: the other 7 rows are table results, the A+ row none.
    let recorded = plan
        .payloads
        .iter()
        .filter(|p| matches!(p, Payload::ResultRecorded(_)))
        .count();
    assert_eq!(recorded, 7);
}

/// Ruter's `Cross2` total (each board's raw cross-IMP sum over its comparisons, averaged
/// over the boards played) is the comparison-averaged sum over the boards.
#[test]
fn cross2_total_is_the_comparison_average_per_board() {
    let text = fixture("ruter-pairs-shape.pbn").replace(
        " 3  1  3  7 -    -  - -     \"A+\"   \"A+\"  4  4  60  60",
        " 3  1  3  7 3N   N  9 S5   \"600\"      -  4  2  67  33",
    );
    let totals = |policy: &str| {
        let plan = plan_with(&text, PassReading::Auto);
        let mut payloads = plan.payloads;
        payloads.insert(
            0,
            Payload::PolicySet(Box::new(serde_json::from_str(policy).unwrap())),
        );
        let dir = tempfile::tempdir().unwrap();
        let t = fold_as_chief(dir.path(), payloads);
        let rows = results(&t);
        let r = ranking(&t, &rows);
        r.standings
            .iter()
            .map(|s| (s.contestant.clone(), s.total, s.boards))
            .collect::<Vec<_>>()
    };
    let cross2 = totals(
        r#"{"method": "cross_imps", "scoring": {"cross_imps": {"divisor": "none",
            "rounding": {"decimals": null}}, "ranking": {"imp_total": "per_comparison_per_board"}}}"#,
    );
    let averaged = totals(
        r#"{"method": "cross_imps", "scoring": {"cross_imps": {"rounding": {"decimals": null}}}}"#,
    );
    assert_eq!(cross2.len(), 8);
    assert!(cross2.iter().any(|c| c.1 != 0.0));
    for (c, a) in cross2.iter().zip(&averaged) {
        assert_eq!((&c.0, c.2), (&a.0, 2));
        assert!((c.1 - a.1 / 2.0).abs() < 0.006, "{c:?} {a:?}");
    }
}

/// A published total over more boards than the contestant played here (Ruter's `NrBoards`:
/// a total over several sessions) differs in its data, not in a policy.
#[test]
fn a_total_over_other_boards_is_a_data_difference_not_a_policy() {
    let run = |boards: u32| {
        let mut text = String::new();
        for line in fixture("ruter-pairs-shape.pbn").lines() {
            if line.starts_with("[TotalScoreTable ") {
                text.push_str(&line.replace(
                    "Names\\30L\"",
                    "Names\\30L;TotalPercentage\\5R;NrBoards\\2R\"",
                ));
            } else if line.contains("\"N-S\"") || line.contains("\"Ö-V\"") {
                text.push_str(&format!("{line} 12.34 {boards}"));
            } else {
                text.push_str(line);
            }
            text.push('\n');
        }
        let plan = plan_with(&text, PassReading::Auto);
        let published = plan.published.clone();
        let dir = tempfile::tempdir().unwrap();
        let t = fold_as_chief(dir.path(), plan.payloads);
        let rows = results(&t);
        let r = ranking(&t, &rows);
        let c = published::compare(&published, &rows, &r.standings, 0.01);
        c.disagreements
            .iter()
            .filter(|d| d.what == "pct")
            .map(|d| d.cause)
            .collect::<Vec<_>>()
    };
    let other = run(6);
    assert_eq!(other.len(), 8);
    assert!(other.iter().all(|c| *c == published::Cause::Data));
    let same = run(2);
    assert_eq!(same.len(), 8);
    assert!(same.iter().all(|c| *c == published::Cause::Policy));
}
