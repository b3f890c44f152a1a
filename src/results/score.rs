//! Scores from the tournament projection, under the section's signed scoring policy: one row
//! per table result, with the comparison that produced its matchpoints or IMPs and an
//! explanation wherever no comparison was possible (rankings: `super::standings`).
//! Pure and deterministic: rows come out in (section, board, round, table) order.

use super::note::{scoring_error, Reason};
use super::row::knockout_imps;
use super::row::Basis;
pub(crate) use super::row::{artificial_imps, artificial_pct};
pub use super::row::{players, round, ResultRow};
use super::session;
use super::tournament::{Outcome, SlotState, Tournament};
use crate::events::{Adjustment, Artificial, Form, Method, PolicySet, TableResult, Weighted};
use crate::scoring::imps::{self as imp, ImpEntry};
use crate::scoring::matchpoints::{self as mp, Entry};
use crate::scoring::{Outcome as Weighting, Weight};
use std::collections::BTreeMap;

pub use super::standings::{ranking, Ranking, SectionPolicy, Standing};

/// The N-S points of a table result on a board (Law 77).
fn points(t: &Tournament, s: &SlotState, r: &TableResult) -> Option<i32> {
    t.score(&s.slot.section, s.slot.board, r).ok()
}

/// The table did not play the board (no table result, or one saying it was not played):
/// what DBV footnote C counts.
fn unplayed(s: &SlotState) -> bool {
    !matches!(s.table_result, Some(Outcome::Played { .. }))
}

/// Law 12C1(c) outcomes as exact fractions of the whole, in N-S points.
fn weighting(t: &Tournament, s: &SlotState, v: &[Weighted]) -> Option<Vec<Weighting>> {
    let total: u32 = v.iter().map(|w| w.weight).sum();
    v.iter()
        .map(|w| {
            Some(Weighting::new(
                Weight::Fraction(w.weight, total),
                points(t, s, &w.result)?,
            ))
        })
        .collect()
}

/// A slot as the scoring module sees it.
enum Side {
    Result(imp::TableResult),
    Artificial(Artificial, Artificial),
    None(Reason),
}

fn side(t: &Tournament, s: &SlotState) -> Side {
    match s.outcome() {
        Outcome::Played { score_ns, .. } => Side::Result(imp::TableResult::Score(*score_ns)),
        Outcome::NotPlayed { reason } => {
            Side::None(Reason::new("note.not_played").with("reason", reason))
        }
        Outcome::Adjusted { adjustment, .. } => match adjustment {
            Adjustment::Artificial { ns, ew } => Side::Artificial(*ns, *ew),
            Adjustment::Assigned { result } => match points(t, s, result) {
                Some(p) => Side::Result(imp::TableResult::Score(p)),
                None => Side::None(Reason::new("note.unscorable_assigned")),
            },
            Adjustment::Weighted { ns, ew } => {
                match (weighting(t, s, ns), ew.as_ref().map(|e| weighting(t, s, e))) {
                    (Some(ns), None) => Side::Result(imp::TableResult::Weighted(ns)),
                    (Some(ns), Some(Some(ew))) => {
                        Side::Result(imp::TableResult::SplitWeighted { ns, ew })
                    }
                    _ => Side::None(Reason::new("note.unscorable_weighted")),
                }
            }
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
        reasons: vec![],
        events: s.history.len(),
        policy: None,
        basis: None,
    }
}

/// Teams (Law 78B, Law 86): each board is IMPed against the other table of the same match,
/// where the same two teams sit the other way round.
fn teams_rows(t: &Tournament, slots: &[&SlotState], p: &PolicySet) -> Vec<ResultRow> {
    let mut rows = vec![];
    for s in slots {
        let mut row = base_row(s);
        let other = slots.iter().find(|o| {
            o.slot.round == s.slot.round
                && o.ns == s.ew
                && o.ew == s.ns
                && o.slot.table != s.slot.table
        });
        match (side(t, s), other.map(|o| side(t, o))) {
            (Side::Artificial(ns, ew), _) => {
                row.imp_ns = Some(artificial_imps(ns, p));
                row.imp_ew = Some(artificial_imps(ew, p));
                row.set_reasons(vec![Reason::new("note.artificial_match")]);
                row.basis = Some(Basis::new(ns, ew, unplayed(s), &row.reasons));
            }
            (_, Some(Side::Artificial(ns, ew))) => {
                // The other table's teams are swapped: its N-S team is our E-W team.
                row.imp_ns = Some(artificial_imps(ew, p));
                row.imp_ew = Some(artificial_imps(ns, p));
                row.set_reasons(vec![Reason::new("note.artificial_other_table")]);
                let o = other.expect("the other table's side was computed from it");
                row.basis = Some(Basis::new(ew, ns, unplayed(o), &row.reasons));
            }
            (Side::None(why), _) => row.set_reasons(vec![why, Reason::new("note.no_imps")]),
            (_, None) => row.set_reasons(vec![Reason::new("note.no_other_result")]),
            (_, Some(Side::None(why))) => {
                row.set_reasons(vec![Reason::new("note.other_table").because(why)])
            }
            (Side::Result(here), Some(Side::Result(there))) => {
                match imp::teams_board(&here, &there, p.scoring.weighted_imps) {
                    Ok((home, away)) => {
                        row.imp_ns = Some(round(home, 2));
                        row.imp_ew = Some(round(away, 2));
                    }
                    Err(e) => row.set_reasons(vec![scoring_error(&e)]),
                }
            }
        }
        if p.knockout {
            knockout_average(&mut row);
        }
        rows.push(row);
    }
    rows
}

/// Law 12C4: in a knock-out match, non-balancing adjusted scores (A+ to both sides, a split
/// weighting) are assessed for each team separately, then both get the average of the two:
/// +6 and −2 give +4 and −4 (W24(b)). A balancing board is left alone.
fn knockout_average(row: &mut ResultRow) {
    if let (Some(ns), Some(ew)) = (row.imp_ns, row.imp_ew) {
        let mut reasons = std::mem::take(&mut row.reasons);
        let (a, b) = knockout_imps(ns, ew, &mut reasons);
        row.set_reasons(reasons);
        row.imp_ns = Some(a);
        row.imp_ew = Some(b);
    }
}

/// Pairs and individuals: matchpoints (Law 78A, Neuberg by policy), cross-IMPs or Butler
/// (Law 78B), or total points (Law 78C). Artificial scores are not compared (Law 12C2).
fn pairs_rows(
    t: &Tournament,
    slots: &[&SlotState],
    p: &PolicySet,
    expected: Option<usize>,
) -> Vec<ResultRow> {
    let sides: Vec<Side> = slots.iter().map(|s| side(t, s)).collect();
    let mut rows: Vec<ResultRow> = slots.iter().map(|s| base_row(s)).collect();
    for ((row, sd), s) in rows.iter_mut().zip(&sides).zip(slots) {
        match sd {
            Side::None(why) => row.set_reasons(vec![why.clone()]),
            Side::Artificial(ns, ew) => {
                row.set_reasons(vec![Reason::new("note.artificial_not_compared")]);
                row.basis = Some(Basis::new(*ns, *ew, unplayed(s), &row.reasons));
            }
            Side::Result(_) => {}
        }
    }
    // Results beyond the movement's schedule (no movement recorded for them) count too.
    let expected = expected.map(|e| e.max(slots.len()));
    let fail = |rows: &mut Vec<ResultRow>, e: crate::scoring::ScoringError| {
        for r in rows.iter_mut() {
            r.set_reasons(vec![
                Reason::new("note.not_scored").because(scoring_error(&e))
            ]);
        }
    };
    match p.method {
        Method::Matchpoints | Method::TeamsImps => {
            let entries: Vec<Entry> = sides
                .iter()
                .map(|sd| match sd {
                    Side::Result(imp::TableResult::Score(x)) => Entry::Score(*x),
                    Side::Result(imp::TableResult::Weighted(o)) => Entry::Weighted(o.clone()),
                    Side::Result(imp::TableResult::SplitWeighted { ns, ew }) => {
                        Entry::SplitWeighted {
                            ns: ns.clone(),
                            ew: ew.clone(),
                        }
                    }
                    Side::Artificial(ns, ew) => Entry::Artificial {
                        ns_pct: artificial_pct(*ns, p),
                        ew_pct: artificial_pct(*ew, p),
                    },
                    Side::None(_) => Entry::NotPlayed,
                })
                .collect();
            // A factoring rule of the policy for this board or this size of field.
            let mut mpp = p.scoring.matchpoints;
            let board = slots.first().map_or(0, |s| s.slot.board);
            let field = expected.unwrap_or(slots.len());
            if let Some(rule) = p.factoring_rules.iter().find(|r| r.matches(board, field)) {
                mpp.factoring = rule.factoring;
                mpp.mp_rounding = rule.mp_rounding;
            }
            match mp::score_board(&entries, expected, &mpp) {
                Err(e) => fail(&mut rows, e),
                Ok(b) => {
                    for (row, e) in rows.iter_mut().zip(&b.entries) {
                        if let Some(e) = e {
                            row.mp_ns = Some(e.mp_ns);
                            row.mp_ew = Some(e.mp_ew);
                            row.mp_top = Some(b.top);
                            row.pct_ns = Some(e.pct_ns);
                            row.pct_ew = Some(e.pct_ew);
                        }
                        if b.factored && !row.artificial && row.mp_ns.is_some() {
                            row.set_reasons(vec![Reason::new("note.factored")
                                .with("comparable", b.comparable)
                                .with("expected", b.expected)
                                .with("method", format!("{:?}", mpp.factoring))]);
                        }
                    }
                    if b.comparable == 1 {
                        for row in rows
                            .iter_mut()
                            .filter(|r| r.mp_ns.is_some() && !r.artificial)
                        {
                            if row.reasons.is_empty() {
                                row.set_reasons(vec![Reason::new("note.only_result")]);
                            }
                        }
                    }
                }
            }
        }
        Method::CrossImps | Method::Butler => {
            let entries: Vec<ImpEntry> = sides
                .iter()
                .map(|sd| match sd {
                    Side::Result(r) => ImpEntry::Result(r.clone()),
                    Side::Artificial(ns, ew) => ImpEntry::Artificial {
                        ns_imps: artificial_imps(*ns, p),
                        ew_imps: artificial_imps(*ew, p),
                    },
                    Side::None(_) => ImpEntry::NotPlayed,
                })
                .collect();
            let r = if p.method == Method::CrossImps {
                imp::cross_imps(
                    &entries,
                    expected,
                    &p.scoring.cross_imps,
                    p.scoring.weighted_imps,
                )
            } else {
                imp::butler(
                    &entries,
                    expected,
                    &p.scoring.butler,
                    p.scoring.weighted_imps,
                )
            };
            match r {
                Err(e) => fail(&mut rows, e),
                Ok(b) => {
                    for (row, e) in rows.iter_mut().zip(&b.entries) {
                        if let Some(e) = e {
                            row.imp_ns = Some(e.imp_ns);
                            row.imp_ew = Some(e.imp_ew);
                        }
                        if let (Some(d), true) = (b.datum, row.reasons.is_empty()) {
                            row.set_reasons(vec![Reason::new("note.datum").with("datum", d)]);
                        }
                    }
                }
            }
        }
        Method::TotalPoints => {}
    }
    rows
}

/// The rows of one board: its table results compared as the section's policy says; on a
/// fouled board (Law 87) only within each group of tables that played the same cards.
pub fn board_rows(t: &Tournament, section: &str, board: u32) -> Vec<ResultRow> {
    board_rows_with(t, section, board, None)
}

/// The rows of a board as they would be if `what_if` stood at its table, everything else as
/// the log says: the adjustment assistant (Law 12C1) scores each outcome a TD weighs, and
/// the weighted score, against the field under the section's own policy before anything is
/// signed. Nothing is changed.
pub fn board_rows_if(t: &Tournament, what_if: &SlotState) -> Vec<ResultRow> {
    board_rows_with(t, &what_if.slot.section, what_if.slot.board, Some(what_if))
}

fn board_rows_with(
    t: &Tournament,
    section: &str,
    board: u32,
    what_if: Option<&SlotState>,
) -> Vec<ResultRow> {
    let (policy, set_by) = t.policy(section);
    let mut slots: Vec<&SlotState> = t
        .board_slots(section, board)
        .filter_map(|k| t.slots.get(k))
        .filter(|s| what_if.is_none_or(|w| w.slot != s.slot))
        .collect();
    slots.extend(what_if);
    slots.sort_by_key(|s| (s.slot.round, s.slot.table));
    let fouled = t.fouled.get(&(section.to_string(), board));
    let groups: Vec<Vec<&SlotState>> = match fouled {
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
    let teams = policy.method == Method::TeamsImps && t.form(section) == Form::Teams;
    let mut rows = vec![];
    for (i, g) in groups.into_iter().enumerate() {
        // A fouled board's groups are each compared on their own (no common schedule).
        let expected = if n_groups > 1 {
            None
        } else {
            t.expected(section, board)
        };
        let mut part = if teams {
            teams_rows(t, &g, &policy)
        } else {
            pairs_rows(t, &g, &policy, expected)
        };
        if n_groups > 1 {
            for r in &mut part {
                let fouled = Reason::new("note.fouled")
                    .with("group", i + 1)
                    .with("groups", n_groups);
                let mut reasons = vec![fouled];
                reasons.append(&mut r.reasons);
                r.set_reasons(reasons);
            }
        }
        rows.extend(part);
    }
    rows.sort_by_key(|r| (r.round, r.table));
    for r in &mut rows {
        r.policy = set_by;
    }
    rows
}

/// Every table result with its score, in (section, board, round, table) order.
/// Artificial scores that depend on the whole session (Law 12C2(c), DBV footnote C) are
/// settled once every board is scored.
pub fn results(t: &Tournament) -> Vec<ResultRow> {
    let mut rows: Vec<ResultRow> = t
        .boards_played()
        .flat_map(|(section, board)| board_rows(t, section, board))
        .collect();
    session::settle(t, rows.iter_mut());
    rows
}

/// Scores kept up to date incrementally: after new events are folded into the tournament,
/// only the boards they touched are recomputed (rankings are re-summed from the rows).
#[derive(Debug, Default, Clone)]
pub struct Scores {
    rows: BTreeMap<(String, u32), Vec<ResultRow>>,
}

impl Scores {
    /// Recomputes the boards changed since the last update; returns how many. Artificial
    /// scores that depend on the session (Law 12C2(c), DBV footnote C) are settled again,
    /// since a change on one board can move a contestant's session percentage.
    pub fn update(&mut self, t: &mut Tournament) -> usize {
        self.update_boards(t).len()
    }

    /// As [`Scores::update`], returning the boards recomputed as (section, board).
    pub fn update_boards(&mut self, t: &mut Tournament) -> Vec<(String, u32)> {
        let dirty = t.take_dirty();
        for (section, board) in &dirty {
            let rows = board_rows(t, section, *board);
            if rows.is_empty() {
                self.rows.remove(&(section.clone(), *board));
            } else {
                self.rows.insert((section.clone(), *board), rows);
            }
        }
        if !dirty.is_empty() {
            session::settle(t, self.rows.values_mut().flatten());
        }
        dirty
    }

    /// Every row, in the same order as [`results`].
    pub fn rows(&self) -> Vec<ResultRow> {
        self.iter().cloned().collect()
    }

    /// Brings `rows`, a copy of [`Scores::rows`] taken before the last
    /// [`Scores::update_boards`], up to date: the rows of the `boards` it recomputed are
    /// replaced, and any other row the session pass moved (Law 12C2(c), DBV fn C: an
    /// artificial score on any board) is copied again. Copying all 5,400 rows of a 200-table
    /// session after every result was most of the time a signed line took to fold.
    pub fn refresh(&self, rows: &mut Vec<ResultRow>, boards: &[(String, u32)]) {
        for (section, board) in boards {
            let at = (section.as_str(), *board);
            let lo = rows.partition_point(|r| (r.section.as_str(), r.board) < at);
            let hi = lo + rows[lo..].partition_point(|r| (r.section.as_str(), r.board) <= at);
            let new = self
                .rows
                .get(&(section.clone(), *board))
                .map_or(&[][..], Vec::as_slice);
            rows.splice(lo..hi, new.iter().cloned());
        }
        if rows.len() != self.rows.values().map(Vec::len).sum::<usize>() {
            // Not the copy this expects: start again from the scores.
            *rows = self.rows();
            return;
        }
        for (r, s) in rows.iter_mut().zip(self.iter()) {
            if r != s {
                r.clone_from(s);
            }
        }
    }

    /// Every row by reference (for a ranking without copying the rows).
    pub fn iter(&self) -> impl Iterator<Item = &ResultRow> {
        self.rows.values().flatten()
    }
}
