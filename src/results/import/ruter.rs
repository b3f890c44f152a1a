//! Ruter's PBN shape: one record per board, the results in its `ScoreTable`.

use super::{read, score_check, Options, Plan, Problem, Rec};
use crate::bridge::contract::ContractOrPass;
use crate::bridge::pbn::{PbnRecord, PbnTable};
use crate::bridge::seat::Seat;
use crate::events::{Adjustment, Artificial, TableResult};
use std::collections::{BTreeMap, BTreeSet};

/// What Ruter says once per file: the contestants' names (`TotalScoreTable`), the sections
/// and the rounds its score tables number.
#[derive(Debug, Default)]
pub(super) struct Context {
    /// Contestant id → (its name as published, its players).
    names: BTreeMap<String, (String, Vec<String>)>,
    /// The score tables' `Section` values, sorted: with more than one, section k (from 1)
    /// plays at tables 100k + t of one field (Ruter ranks and compares them together).
    sections: Vec<String>,
    /// Rounds written as `1.2` (not whole numbers), numbered 1, 2, ... in their order.
    rounds: BTreeMap<String, u32>,
}

/// "1.2" → [1, 2]: the order of Ruter's dotted rounds.
fn dotted(v: &str) -> Vec<u32> {
    v.split('.')
        .map(|x| x.trim().parse().unwrap_or(0))
        .collect()
}

impl Context {
    pub(super) fn of(records: &[PbnRecord]) -> Context {
        let mut c = Context::default();
        let people = |n: &str| -> Vec<String> {
            n.split(" - ")
                .map(super::player)
                .filter(|x| !x.is_empty())
                .collect()
        };
        let mut sections = BTreeSet::new();
        let mut rounds = BTreeSet::new();
        for r in records {
            if let Some(t) = r.table("TotalScoreTable") {
                for row in &t.rows {
                    let id = t
                        .get(row, "PairId")
                        .or_else(|| t.get(row, "PlayerId"))
                        .or_else(|| t.get(row, "TeamId"));
                    let name = t
                        .get(row, "Names")
                        .or_else(|| t.get(row, "Name"))
                        .or_else(|| t.get(row, "TeamName"));
                    if let (Some(id), Some(n)) = (id, name) {
                        let players = people(t.get(row, "Roster").unwrap_or(n));
                        c.names
                            .insert(id.to_string(), (n.trim().to_string(), players));
                    }
                }
            }
            if let Some(t) = r.table("ScoreTable") {
                for row in &t.rows {
                    if let Some(s) = t.get(row, "Section") {
                        sections.insert(s.trim().to_string());
                    }
                    if let Some(v) = t.get(row, "Round") {
                        rounds.insert(v.trim().to_string());
                    }
                }
            }
        }
        c.sections = sections.into_iter().collect();
        if rounds.iter().any(|v| v.parse::<u32>().is_err()) {
            let mut v: Vec<String> = rounds.into_iter().collect();
            v.sort_by_key(|x| dotted(x));
            c.rounds = v.into_iter().zip(1..).collect();
        }
        c
    }

    /// The contestant's name as the file publishes it.
    pub(super) fn name(&self, id: &str) -> Option<&str> {
        self.names.get(id).map(|(n, _)| n.as_str())
    }

    /// The contestant's players.
    pub(super) fn members(&self, id: &str) -> Vec<String> {
        self.names
            .get(id)
            .map(|(_, p)| p.clone())
            .unwrap_or_default()
    }

    /// The table of a row: its `Table`, moved to 100k + t in section k when the file's
    /// score tables have more than one `Section`.
    fn table(&self, t: &PbnTable, row: &[String]) -> Option<u32> {
        let n: u32 = t.get(row, "Table")?.trim().parse().ok()?;
        let k = t
            .get(row, "Section")
            .filter(|_| self.sections.len() > 1)
            .and_then(|s| self.sections.iter().position(|x| x == s.trim()));
        Some(k.map_or(n, |k| 100 * (k as u32 + 1) + n))
    }

    fn round(&self, t: &PbnTable, row: &[String]) -> Option<u32> {
        let v = t.get(row, "Round")?.trim();
        v.parse().ok().or_else(|| self.rounds.get(v).copied())
    }

    /// The warnings a file's numbering needs: sections made one field, dotted rounds.
    pub(super) fn warnings(&self, line: usize) -> Vec<Problem> {
        let mut out = vec![];
        if self.sections.len() > 1 {
            out.push(Problem {
                line,
                board: None,
                message: format!(
                    "ScoreTable Section column: sections {} are compared and ranked as one field (as Ruter does); table T of the k-th section is table 100k+T",
                    self.sections.join(", ")
                ),
            });
        }
        if !self.rounds.is_empty() {
            let list: Vec<String> = self
                .rounds
                .iter()
                .map(|(k, v)| format!("{k} → {v}"))
                .collect();
            out.push(Problem {
                line,
                board: None,
                message: format!(
                    "ScoreTable rounds that are not whole numbers, numbered in their order: {}",
                    list.join(", ")
                ),
            });
        }
        out
    }
}

/// One match of a teams file that has only match rows (Ruter's league: `TeamId_Home`,
/// `TeamId_Away`, IMPs and VPs, no board results).
pub(super) struct Match {
    pub round: u32,
    pub table: u32,
    pub home: String,
    pub away: String,
}

/// Ruter's artificial scores: `A+`, `A=`/`A`, `A-` (Law 12C2(a)).
fn artificial(s: &str) -> Option<Artificial> {
    match s.trim() {
        "A+" => Some(Artificial::AveragePlus),
        "A" | "A=" | "A0" => Some(Artificial::Average),
        "A-" => Some(Artificial::AverageMinus),
        _ => None,
    }
}

fn mirror(a: Artificial) -> Artificial {
    match a {
        Artificial::AveragePlus => Artificial::AverageMinus,
        Artificial::AverageMinus => Artificial::AveragePlus,
        Artificial::Average => Artificial::Average,
    }
}

/// Ruter writes one record per board, its own contract empty, and every table's result as a
/// `ScoreTable` row (`Table`, `Round`, `PairId_NS`, `PairId_EW`, or in an individual
/// `PlayerId_North`..`PlayerId_West`; `Contract`, `Declarer`, `Result`, `Score_NS`/`Score_EW`):
/// each row becomes a table result with the board's facts. A row with an artificial score
/// (`"A+"`) is the TD's adjusted score (Law 12C2). A teams file with match rows only gives
/// its matches.
#[allow(clippy::too_many_arguments)]
pub(super) fn ruter_rows(
    r: &PbnRecord,
    section: &str,
    teams: bool,
    opts: &Options,
    ctx: &Context,
    out: &mut Plan,
    recs: &mut Vec<Rec>,
    matches: &mut Vec<Match>,
) {
    let Some(t) = r.table("ScoreTable") else {
        return;
    };
    let board = r.tag("Board").and_then(|b| b.trim().parse().ok());
    let individual = t.column("PlayerId_North").is_some();
    if t.column("TeamId_Home").is_some() && t.column("Contract").is_none() {
        for row in &t.rows {
            let num = |c: &str| t.get(row, c).and_then(|v| v.trim().parse::<u32>().ok());
            if let (Some(round), Some(table), Some(home), Some(away)) = (
                num("Round"),
                num("Table"),
                t.get(row, "TeamId_Home"),
                t.get(row, "TeamId_Away"),
            ) {
                matches.push(Match {
                    round,
                    table,
                    home: home.trim().to_string(),
                    away: away.trim().to_string(),
                });
            }
        }
        out.warnings.push(Problem {
            line: r.line,
            board,
            message: format!("a ScoreTable of {} team match rows (IMPs and VPs per match) without board results: the teams and the matches are imported, no result; tdlog scores a match from its boards, so the published VPs are compared with none", t.rows.len()),
        });
        return;
    }
    if (t.column("PairId_NS").is_none() && !individual) || t.column("Contract").is_none() {
        out.warnings.push(Problem {
            line: r.line,
            board,
            message: "a ScoreTable without pair or player ids and a Contract column: its results are not imported".into(),
        });
        return;
    }
    // The board's facts (deal, dealer, vulnerability) checked as any record's; its round
    // (`"1.2"`) and table are the rows'.
    let mut shell = r.clone();
    shell.tags.retain(|(k, _)| {
        !["Contract", "Declarer", "Result", "Score", "Table", "Round"]
            .iter()
            .any(|x| k.eq_ignore_ascii_case(x))
    });
    shell.tags.push(("Contract".into(), "Pass".into()));
    shell.tags.push(("Score".into(), "0".into()));
    let base = match read(&shell, section, teams, false, opts) {
        Ok(b) => b,
        Err(errs) => {
            out.skipped += t.rows.len();
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
        let sides = if individual {
            let p = |c: &str| t.get(row, c).map(str::trim);
            match (
                p("PlayerId_North"),
                p("PlayerId_South"),
                p("PlayerId_East"),
                p("PlayerId_West"),
            ) {
                (Some(n), Some(s), Some(e), Some(w)) => {
                    Some((format!("{n}+{s}"), format!("{e}+{w}")))
                }
                _ => None,
            }
        } else {
            t.get(row, "PairId_NS")
                .zip(t.get(row, "PairId_EW"))
                .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        };
        let Some((ns, ew)) = sides else {
            out.warnings.push(Problem {
                line: r.line,
                board: Some(base.board),
                message: format!(
                    "ScoreTable row {:?} names no two sides (a bye): nothing to import",
                    row.join(" ")
                ),
            });
            continue;
        };
        let scores = [t.get(row, "Score_NS"), t.get(row, "Score_EW")];
        let contract = t.get(row, "Contract").unwrap_or("");
        let mut adjusted = None;
        let result = if scores.iter().flatten().any(|s| s.starts_with('A')) || contract.is_empty() {
            let code: Vec<&str> = scores.iter().flatten().copied().collect();
            let code = if code.is_empty() {
                "-".to_string()
            } else {
                code.join("/")
            };
            let [a, b] = scores.map(|s| s.and_then(artificial));
            adjusted = match (a, b) {
                (Some(a), Some(b)) => Some((a, b, code.clone())),
                (Some(a), None) => Some((a, mirror(a), code.clone())),
                (None, Some(b)) => Some((mirror(b), b, code.clone())),
                (None, None) => None,
            };
            out.warnings.push(Problem {
                line: r.line,
                board: Some(base.board),
                message: if adjusted.is_some() {
                    format!("{ns} v {ew}: artificial score {code} in the ScoreTable: signed as the TD's adjusted score (ruling.adjusted_score, Law 12C2: a director's key signs it)")
                } else {
                    format!("{ns} v {ew}: no result ({code}) in the ScoreTable: imported as not played")
                },
            });
            Err(format!("artificial score {code} in the imported file"))
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
        let table = ctx.table(&t, row);
        recs.push(Rec {
            round: ctx.round(&t, row).unwrap_or(1),
            table: table.unwrap_or(0),
            room: None,
            line: r.line,
            board: base.board,
            members_ns: ctx.members(&ns),
            members_ew: ctx.members(&ew),
            ns,
            ew,
            facts: base.facts.clone(),
            // An artificial score stands alone: the TD's ruling, no table result under it.
            result: adjusted.is_none().then_some(result),
            ruling: adjusted.map(|(ns_a, ew_a, code)| {
                (
                    "12C2".to_string(),
                    Adjustment::Artificial { ns: ns_a, ew: ew_a },
                    format!("artificial score {code} in the imported file"),
                )
            }),
            pass: None,
            score_warning,
            has_table: table.is_some(),
        });
    }
}
