//! Scores from the tournament projection: one row per table result, with the comparison that
//! produced its matchpoints or IMPs, and an explanation wherever no comparison was possible.
//! Pure and deterministic: rows come out in (section, board, round, table) order.

use super::tournament::{Outcome, SlotState, Tournament};
use crate::bridge::adjust::ArtificialConfig;
use crate::bridge::score::imps;
use crate::events::{Adjustment, Artificial, Form, TableResult, Weighted};
use serde::Serialize;
use std::collections::BTreeMap;

/// One table result with its score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultRow {
    pub section: String,
    pub board: u32,
    pub round: u32,
    pub table: u32,
    pub ns: String,
    pub ew: String,
    pub result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_ns: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ew: Option<f64>,
    /// Matchpoint top on this board: 2 × (comparable results − 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_top: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ew: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ew: Option<f64>,
    pub artificial: bool,
    pub weighted: bool,
    pub adjusted: bool,
    /// Why a score is missing or special, for a person reading the results.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Number of signed events behind this result (see `tdlog audit`).
    pub events: usize,
}

/// Rounds to `d` decimals (results are shown and compared at this precision).
pub fn round(x: f64, d: i32) -> f64 {
    let f = 10f64.powi(d);
    (x * f).round() / f
}

/// The N-S points of a table result on a board (Law 77).
fn points(t: &Tournament, s: &SlotState, r: &TableResult) -> Option<i32> {
    t.score(&s.slot.section, s.slot.board, r).ok()
}

fn artificial_imps(a: Artificial, cfg: &ArtificialConfig) -> f64 {
    match a {
        Artificial::AveragePlus => cfg.imps as f64,
        Artificial::Average => 0.0,
        Artificial::AverageMinus => -(cfg.imps as f64),
    }
}

fn artificial_pct(a: Artificial, cfg: &ArtificialConfig) -> f64 {
    match a {
        Artificial::AveragePlus => cfg.average_plus_pct,
        Artificial::Average => cfg.average_pct,
        Artificial::AverageMinus => cfg.average_minus_pct,
    }
}

/// IMPs for a weighted side against a fixed score at the other table: each outcome IMPed,
/// then weighted (Law 12C1(c), the WBF method).
fn weighted_imps(t: &Tournament, s: &SlotState, outcomes: &[Weighted], there: i32) -> Option<f64> {
    let total: u32 = outcomes.iter().map(|w| w.weight).sum();
    let mut sum = 0.0;
    for w in outcomes {
        let p = points(t, s, &w.result)?;
        sum += w.weight as f64 * imps((p - there) as i64) as f64;
    }
    Some(sum / total as f64)
}

/// What one slot contributes to a comparison.
enum Side<'a> {
    Points(i32),
    Weighted(&'a [Weighted], &'a [Weighted]),
    Artificial(Artificial, Artificial),
    None(String),
}

fn side<'a>(t: &Tournament, s: &'a SlotState) -> Side<'a> {
    match s.outcome() {
        Outcome::Played { score_ns, .. } => Side::Points(*score_ns),
        Outcome::NotPlayed { reason } => Side::None(format!("not played: {reason}")),
        Outcome::Adjusted { adjustment, .. } => match adjustment {
            Adjustment::Artificial { ns, ew } => Side::Artificial(*ns, *ew),
            Adjustment::Assigned { result } => match points(t, s, result) {
                Some(p) => Side::Points(p),
                None => Side::None("assigned result cannot be scored".into()),
            },
            Adjustment::Weighted { ns, ew } => Side::Weighted(ns, ew.as_deref().unwrap_or(ns)),
        },
    }
}

fn base_row(s: &SlotState) -> ResultRow {
    let (artificial, weighted) = match s.outcome() {
        Outcome::Adjusted { adjustment, .. } => (
            matches!(adjustment, Adjustment::Artificial { .. }),
            matches!(adjustment, Adjustment::Weighted { .. }),
        ),
        _ => (false, false),
    };
    ResultRow {
        section: s.slot.section.clone(),
        board: s.slot.board,
        round: s.slot.round,
        table: s.slot.table,
        ns: s.ns.clone(),
        ew: s.ew.clone(),
        result: s.outcome().describe(),
        score_ns: match s.outcome() {
            Outcome::Played { score_ns, .. } => Some(*score_ns),
            _ => None,
        },
        mp_ns: None,
        mp_ew: None,
        mp_top: None,
        pct_ns: None,
        pct_ew: None,
        imp_ns: None,
        imp_ew: None,
        artificial,
        weighted,
        adjusted: s.ruling.is_some(),
        note: None,
        events: s.history.len(),
    }
}

/// Teams (Law 78B, Law 86): each board is IMPed against the other table of the same match,
/// where the same two teams sit the other way round.
fn teams_rows(t: &Tournament, slots: &[&SlotState], cfg: &ArtificialConfig) -> Vec<ResultRow> {
    let mut rows = vec![];
    for s in slots {
        let mut row = base_row(s);
        let other = slots.iter().find(|o| {
            o.slot.round == s.slot.round
                && o.ns == s.ew
                && o.ew == s.ns
                && o.slot.table != s.slot.table
        });
        let here = side(t, s);
        match (&here, other.map(|o| (o, side(t, o)))) {
            (Side::Artificial(ns, ew), _) => {
                row.imp_ns = Some(artificial_imps(*ns, cfg));
                row.imp_ew = Some(artificial_imps(*ew, cfg));
                row.note = Some("artificial adjusted score for the match (Law 12C2, Law 86A)".into());
            }
            (_, Some((_, Side::Artificial(ns, ew)))) => {
                // The other table's teams are swapped: its N-S team is our E-W team.
                row.imp_ns = Some(artificial_imps(ew, cfg));
                row.imp_ew = Some(artificial_imps(ns, cfg));
                row.note = Some("artificial adjusted score at the other table (Law 12C2, Law 86A)".into());
            }
            (Side::None(why), _) => row.note = Some(format!("{why}; no IMPs for this board")),
            (_, None) => {
                row.note = Some("no comparison: the other table of this match has no result for the board (the TD may assign an artificial score, Law 86)".into())
            }
            (_, Some((_, Side::None(why)))) => {
                row.note = Some(format!("no comparison: at the other table, {why}"))
            }
            (Side::Points(a), Some((_, Side::Points(b)))) => {
                let i = imps((a - b) as i64) as f64;
                row.imp_ns = Some(i);
                row.imp_ew = Some(-i);
            }
            (Side::Weighted(wns, wew), Some((_, Side::Points(b)))) => {
                row.imp_ns = weighted_imps(t, s, wns, b);
                row.imp_ew = weighted_imps(t, s, wew, b).map(|x| -x);
            }
            (Side::Points(a), Some((o, Side::Weighted(wns, wew)))) => {
                // Our N-S team is their E-W team: use the other table's E-W weights.
                row.imp_ns = weighted_imps(t, o, wew, *a).map(|x| -x);
                row.imp_ew = weighted_imps(t, o, wns, *a);
            }
            (Side::Weighted(..), Some((_, Side::Weighted(..)))) => {
                row.note = Some("both tables weighted: not computed (a TD should assign one table)".into())
            }
        }
        row.imp_ns = row.imp_ns.map(|x| round(x, 2));
        row.imp_ew = row.imp_ew.map(|x| round(x, 2));
        rows.push(row);
    }
    rows
}

/// Pairs (Law 78A): 2 matchpoints per comparable score beaten, 1 per tie; artificial
/// scores take their percentage and are not compared (Law 12C2).
fn pairs_rows(t: &Tournament, slots: &[&SlotState], cfg: &ArtificialConfig) -> Vec<ResultRow> {
    let scores: Vec<Option<i32>> = slots
        .iter()
        .map(|s| match side(t, s) {
            Side::Points(p) => Some(p),
            _ => None,
        })
        .collect();
    let comparable: Vec<i32> = scores.iter().flatten().copied().collect();
    let n = comparable.len();
    let top = 2.0 * (n.max(1) - 1) as f64;
    slots
        .iter()
        .zip(&scores)
        .map(|(s, sc)| {
            let mut row = base_row(s);
            match (side(t, s), sc) {
                (_, Some(p)) if n > 1 => {
                    let mp: f64 = comparable
                        .iter()
                        .map(|q| match p.cmp(q) {
                            std::cmp::Ordering::Greater => 2.0,
                            std::cmp::Ordering::Equal => 1.0,
                            std::cmp::Ordering::Less => 0.0,
                        })
                        .sum::<f64>()
                        - 1.0; // the score ties with itself
                    row.mp_ns = Some(round(mp, 2));
                    row.mp_ew = Some(round(top - mp, 2));
                    row.mp_top = Some(top);
                    row.pct_ns = Some(round(100.0 * mp / top, 2));
                    row.pct_ew = Some(round(100.0 * (top - mp) / top, 2));
                }
                (_, Some(_)) => {
                    row.note = Some("the only result on this board: nothing to compare".into())
                }
                (Side::Artificial(ns, ew), _) => {
                    row.pct_ns = Some(artificial_pct(ns, cfg));
                    row.pct_ew = Some(artificial_pct(ew, cfg));
                    if n > 1 {
                        row.mp_ns = Some(round(artificial_pct(ns, cfg) * top / 100.0, 2));
                        row.mp_ew = Some(round(artificial_pct(ew, cfg) * top / 100.0, 2));
                        row.mp_top = Some(top);
                    }
                    row.note = Some("artificial adjusted score (Law 12C2): not compared".into());
                }
                (Side::None(why), _) => row.note = Some(why),
                (Side::Weighted(..), _) => {
                    row.note = Some(
                        "weighted score: matchpointed by the scoring module (Law 12C1(c))".into(),
                    )
                }
                (Side::Points(_), None) => {}
            }
            row
        })
        .collect()
}

/// The rows of one board: its table results compared as the section's form says; on a
/// fouled board (Law 87) only within each group of tables that played the same cards.
pub fn board_rows(
    t: &Tournament,
    section: &str,
    board: u32,
    cfg: &ArtificialConfig,
) -> Vec<ResultRow> {
    let mut slots: Vec<&SlotState> = t
        .board_slots(section, board)
        .filter_map(|k| t.slots.get(k))
        .collect();
    slots.sort_by_key(|s| (s.slot.round, s.slot.table));
    let groups: Vec<Vec<&SlotState>> = match t.fouled.get(&(section.to_string(), board)) {
        None => vec![slots],
        Some(f) => {
            let mut gs: Vec<Vec<&SlotState>> = vec![vec![]; f.groups.len() + 1];
            for s in slots {
                let g = f
                    .groups
                    .iter()
                    .position(|g| g.contains(&(s.slot.round, s.slot.table)))
                    .unwrap_or(f.groups.len());
                gs[g].push(s);
            }
            gs.retain(|g| !g.is_empty());
            gs
        }
    };
    let n_groups = groups.len();
    let mut rows = vec![];
    for (i, g) in groups.into_iter().enumerate() {
        let mut part = match t.form(section) {
            Form::Teams => teams_rows(t, &g, cfg),
            Form::Pairs | Form::Individual => pairs_rows(t, &g, cfg),
        };
        if n_groups > 1 {
            for r in &mut part {
                let note = format!(
                    "fouled board (Law 87): compared within group {} of {n_groups}",
                    i + 1
                );
                r.note = Some(match r.note.take() {
                    Some(n) => format!("{note}; {n}"),
                    None => note,
                });
            }
        }
        rows.extend(part);
    }
    rows.sort_by_key(|r| (r.round, r.table));
    rows
}

/// Every table result with its score, in (section, board, round, table) order.
pub fn results(t: &Tournament, cfg: &ArtificialConfig) -> Vec<ResultRow> {
    t.boards_played()
        .flat_map(|(section, board)| board_rows(t, section, board, cfg))
        .collect()
}

/// Scores kept up to date incrementally: after new events are folded into the tournament,
/// only the boards they touched are recomputed (rankings are re-summed from the rows).
#[derive(Debug, Default, Clone)]
pub struct Scores {
    rows: BTreeMap<(String, u32), Vec<ResultRow>>,
}

impl Scores {
    /// Recomputes the boards changed since the last update; returns how many.
    pub fn update(&mut self, t: &mut Tournament, cfg: &ArtificialConfig) -> usize {
        let dirty = t.take_dirty();
        for (section, board) in &dirty {
            let rows = board_rows(t, section, *board, cfg);
            if rows.is_empty() {
                self.rows.remove(&(section.clone(), *board));
            } else {
                self.rows.insert((section.clone(), *board), rows);
            }
        }
        dirty.len()
    }

    /// Every row, in the same order as [`results`].
    pub fn rows(&self) -> Vec<ResultRow> {
        self.iter().cloned().collect()
    }

    /// Every row by reference (for a ranking without copying the rows).
    pub fn iter(&self) -> impl Iterator<Item = &ResultRow> {
        self.rows.values().flatten()
    }
}

/// One contestant's place and total.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub section: String,
    /// Shared places are written `3-4`.
    pub place: String,
    pub contestant: String,
    pub name: String,
    /// Total IMPs (teams) or matchpoints (pairs).
    pub total: f64,
    /// Pairs: percentage of the matchpoints available on the boards scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct: Option<f64>,
    pub boards: u32,
}

/// Rankings per section: totals over every scored row, ties share a place.
pub fn ranking<'a>(t: &Tournament, rows: impl IntoIterator<Item = &'a ResultRow>) -> Vec<Standing> {
    // (section, contestant) -> (total, max available, boards)
    let mut acc: BTreeMap<(String, String), (f64, f64, u32)> = BTreeMap::new();
    for (id, c) in &t.contestants {
        if !c.phantom {
            acc.entry(id.clone()).or_default();
        }
    }
    for r in rows {
        // Teams: a board's IMPs for a match appear at both of its tables (once as N-S, once
        // as E-W, same value); each team takes them where it sat N-S, so once per board.
        let teams = t.form(&r.section) == Form::Teams;
        let sides = if teams {
            vec![(&r.ns, r.imp_ns, None)]
        } else {
            vec![(&r.ns, None, r.mp_ns), (&r.ew, None, r.mp_ew)]
        };
        for (who, imp, mp) in sides {
            let e = acc.entry((r.section.clone(), who.clone())).or_default();
            match (imp, mp, r.mp_top) {
                (Some(v), _, _) => {
                    e.0 += v;
                    e.2 += 1;
                }
                (None, Some(v), Some(top)) => {
                    e.0 += v;
                    e.1 += top;
                    e.2 += 1;
                }
                _ => {}
            }
        }
    }
    let mut by_section: BTreeMap<String, Vec<(String, f64, f64, u32)>> = BTreeMap::new();
    for ((sec, who), (total, max, boards)) in acc {
        by_section
            .entry(sec)
            .or_default()
            .push((who, round(total, 2), max, boards));
    }
    let mut out = vec![];
    for (sec, mut list) in by_section {
        let pairs = t.form(&sec) != Form::Teams;
        list.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut i = 0;
        while i < list.len() {
            let j = list[i..].iter().take_while(|x| x.1 == list[i].1).count() + i;
            let place = if j - i > 1 {
                format!("{}-{}", i + 1, j)
            } else {
                format!("{}", i + 1)
            };
            for (who, total, max, boards) in &list[i..j] {
                let name = t
                    .contestants
                    .get(&(sec.clone(), who.clone()))
                    .map(|c| c.name.clone())
                    .unwrap_or_else(|| who.clone());
                out.push(Standing {
                    section: sec.clone(),
                    place: place.clone(),
                    contestant: who.clone(),
                    name,
                    total: *total,
                    pct: (pairs && *max > 0.0).then(|| round(100.0 * total / max, 2)),
                    boards: *boards,
                });
            }
            i = j;
        }
    }
    out
}
