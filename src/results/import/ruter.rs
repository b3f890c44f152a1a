//! Ruter's PBN shape: one record per board, the results in its `ScoreTable`.

use super::{read, score_check, Options, Plan, Problem, Rec};
use crate::bridge::contract::ContractOrPass;
use crate::bridge::pbn::PbnRecord;
use crate::bridge::seat::Seat;
use crate::events::TableResult;
use std::collections::BTreeMap;

/// Ruter writes one record per board, its own contract empty, and every table's result as a
/// `ScoreTable` row (`Table`, `Round`, `PairId_NS`, `PairId_EW`, `Contract`, `Declarer`,
/// `Result`, `Score_NS`/`Score_EW`): each row becomes a table result with the board's facts.
/// A row with an artificial score (`"A+"`) is a ruling the TD records: it is kept as not
/// played, with a warning that names it.
pub(super) fn ruter_rows(
    r: &PbnRecord,
    section: &str,
    teams: bool,
    opts: &Options,
    names: &BTreeMap<String, Vec<String>>,
    out: &mut Plan,
    recs: &mut Vec<Rec>,
) {
    let Some(t) = r.table("ScoreTable") else {
        return;
    };
    if t.column("PairId_NS").is_none() || t.column("Contract").is_none() {
        out.warnings.push(Problem {
            line: r.line,
            board: r.tag("Board").and_then(|b| b.trim().parse().ok()),
            message: "a ScoreTable without PairId_NS and Contract columns (Ruter's team match rows): its results are not imported".into(),
        });
        return;
    }
    // The board's facts (deal, dealer, vulnerability) checked as any record's.
    let mut shell = r.clone();
    shell.tags.retain(|(k, _)| {
        !["Contract", "Declarer", "Result", "Score", "Table"]
            .iter()
            .any(|x| k.eq_ignore_ascii_case(x))
    });
    shell.tags.push(("Contract".into(), "Pass".into()));
    shell.tags.push(("Score".into(), "0".into()));
    let base = match read(&shell, section, teams, false, opts) {
        Ok(b) => b,
        Err(errs) => {
            out.skipped += t.rows.len();
            let board = r.tag("Board").and_then(|b| b.trim().parse().ok());
            for m in errs {
                out.problems.push(Problem {
                    line: r.line,
                    board,
                    message: m,
                });
            }
            return;
        }
    };
    for row in &t.rows {
        let num = |c: &str| t.get(row, c).and_then(|v| v.trim().parse::<u32>().ok());
        let (Some(ns), Some(ew)) = (t.get(row, "PairId_NS"), t.get(row, "PairId_EW")) else {
            out.warnings.push(Problem {
                line: r.line,
                board: Some(base.board),
                message: format!(
                    "ScoreTable row {:?} names no two pairs (a bye): nothing to import",
                    row.join(" ")
                ),
            });
            continue;
        };
        let scores = [t.get(row, "Score_NS"), t.get(row, "Score_EW")];
        let contract = t.get(row, "Contract").unwrap_or("");
        let result = if scores.iter().flatten().any(|s| s.starts_with('A')) || contract.is_empty() {
            out.warnings.push(Problem {
                line: r.line,
                board: Some(base.board),
                message: format!("{ns} v {ew}: artificial score {:?} in the ScoreTable: imported as not played; the TD records the adjusted score (Law 12C2)", scores.iter().flatten().next().unwrap_or(&"-")),
            });
            Err(format!(
                "artificial score {} in the imported file",
                scores.iter().flatten().next().unwrap_or(&"-")
            ))
        } else {
            match contract.parse::<ContractOrPass>() {
                Ok(ContractOrPass::PassedOut) => Ok(TableResult {
                    contract: "Pass".into(),
                    declarer: None,
                    tricks: None,
                }),
                Ok(ContractOrPass::Contract(c)) => {
                    let d = t.get(row, "Declarer").map(str::parse::<Seat>);
                    let k = t.get(row, "Result").map(str::parse::<u8>);
                    match (d, k) {
                        (Some(Ok(d)), Some(Ok(k))) if k <= 13 => Ok(TableResult {
                            contract: c.to_string(),
                            declarer: Some(d),
                            tricks: Some(k),
                        }),
                        _ => {
                            out.skipped += 1;
                            out.problems.push(Problem { line: r.line, board: Some(base.board), message: format!("ScoreTable row {ns} v {ew}: contract {c} without a valid Declarer and Result") });
                            continue;
                        }
                    }
                }
                Err(e) => {
                    out.skipped += 1;
                    out.problems.push(Problem {
                        line: r.line,
                        board: Some(base.board),
                        message: format!("ScoreTable row {ns} v {ew}: {e}"),
                    });
                    continue;
                }
            }
        };
        let score_warning = match (&result, scores) {
            (Ok(res), [Some(s), _]) => score_check(
                res,
                &format!("NS {s}"),
                base.board,
                base.facts.vulnerable.as_deref(),
            ),
            (Ok(res), [None, Some(s)]) => score_check(
                res,
                &format!("EW {s}"),
                base.board,
                base.facts.vulnerable.as_deref(),
            ),
            _ => None,
        };
        let who = |id: &str| names.get(id).cloned().unwrap_or_default();
        recs.push(Rec {
            round: num("Round").unwrap_or(1),
            table: num("Table").unwrap_or(0),
            room: None,
            line: r.line,
            board: base.board,
            ns: ns.to_string(),
            ew: ew.to_string(),
            members_ns: who(ns),
            members_ew: who(ew),
            facts: base.facts.clone(),
            result: Some(result),
            ruling: None,
            pass: None,
            score_warning,
            has_table: num("Table").is_some(),
        });
    }
}
