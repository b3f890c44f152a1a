//! Which factoring rule would reconcile a board whose published matchpoints differ from
//! ours (issue 30): NZ Scorer scales some boards of a three-quarter Howell linearly to whole
//! matchpoints and Neuberg-factors the rest, so a comparison that only says "Policy" leaves
//! the scorer to guess. Each board with a matchpoint or percentage disagreement (not a data
//! one) is scored again under each candidate rule for that board alone; each that
//! reproduces every published matchpoint and percentage of the board is named, with the
//! `factoring_rules` entry the chief TD would sign. Pure: nothing is signed or changed.

use super::published::{Cause, Comparison, Published};
use super::score::board_rows;
use super::Tournament;
use crate::events::FactoringRule;
use crate::scoring::policy::{MatchpointFactoring, Rounding, RoundingMode};
use std::collections::BTreeSet;

/// The rules that reproduce a board's published matchpoints (often several: a field of
/// three scaled to whole matchpoints reads the same pro rata or Neuberg).
#[derive(Debug, Clone, PartialEq)]
pub struct Reconciliation {
    pub section: String,
    pub board: u32,
    pub rules: Vec<FactoringRule>,
}

/// A rule in a few words: `pro_rata, 0 decimal(s), down`.
pub fn rule_words(r: &FactoringRule) -> String {
    let factoring = match r.factoring {
        MatchpointFactoring::Neuberg => "neuberg",
        MatchpointFactoring::ProRata => "pro_rata",
        MatchpointFactoring::None => "none",
    };
    let mode = match r.mp_rounding.mode {
        RoundingMode::HalfAwayFromZero => "half away from zero",
        RoundingMode::Down => "down",
        RoundingMode::HalfEven => "half to even",
    };
    format!(
        "{factoring}, {} decimal(s), {mode}",
        r.mp_rounding.decimals.unwrap_or(0)
    )
}

impl std::fmt::Display for Reconciliation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self.rules.iter().map(rule_words).collect();
        write!(
            f,
            "{} board {}: reproduced by {} (factoring_rules entry: {})",
            self.section,
            self.board,
            words.join("; "),
            self.rules
                .first()
                .and_then(|r| serde_json::to_string(r).ok())
                .unwrap_or_default()
        )
    }
}

/// The candidate rules, most common first: Neuberg and pro rata to 0-2 decimals, rounded
/// to nearest or down, and no factoring.
fn candidates(board: u32) -> Vec<FactoringRule> {
    let mut out = vec![];
    for factoring in [MatchpointFactoring::Neuberg, MatchpointFactoring::ProRata] {
        for mode in [RoundingMode::HalfAwayFromZero, RoundingMode::Down] {
            for decimals in [1, 0, 2] {
                out.push(FactoringRule {
                    boards: vec![board],
                    min_field: None,
                    max_field: None,
                    factoring,
                    mp_rounding: Rounding {
                        decimals: Some(decimals),
                        mode,
                    },
                });
            }
        }
    }
    out.push(FactoringRule {
        boards: vec![board],
        min_field: None,
        max_field: None,
        factoring: MatchpointFactoring::None,
        mp_rounding: Rounding::to(1),
    });
    out
}

/// For each board with a matchpoint or percentage disagreement that is not a data one, every
/// candidate rule under which each published value of the board agrees within `tolerance`.
/// Boards no candidate reconciles are left out.
pub fn factoring_rules(
    t: &Tournament,
    published: &Published,
    comparison: &Comparison,
    tolerance: f64,
) -> Vec<Reconciliation> {
    let boards: BTreeSet<(String, u32)> = comparison
        .disagreements
        .iter()
        .filter(|d| {
            d.cause != Cause::Data && (d.what.starts_with("mp_") || d.what.starts_with("pct_"))
        })
        .filter_map(|d| Some((d.section.clone(), d.board?)))
        .collect();
    let mut out = vec![];
    for (section, board) in boards {
        let (policy, id) = t.policy(&section);
        let lines: Vec<_> = published
            .lines
            .iter()
            .filter(|l| l.section == section && l.board == board)
            .collect();
        let mut rules = vec![];
        for rule in candidates(board) {
            let mut p = policy.clone();
            p.factoring_rules.insert(0, rule.clone());
            let mut what_if = t.clone();
            what_if
                .policies
                .insert(section.clone(), (p, id.unwrap_or_default()));
            let rows = board_rows(&what_if, &section, board);
            let agrees = lines.iter().all(|l| {
                let Some(r) = rows.iter().find(|r| r.ns == l.ns && r.ew == l.ew) else {
                    return false;
                };
                [
                    (l.mp_ns, r.mp_ns),
                    (l.mp_ew, r.mp_ew),
                    (l.pct_ns, r.pct_ns),
                    (l.pct_ew, r.pct_ew),
                ]
                .iter()
                .all(|(theirs, ours)| match (theirs, ours) {
                    (None, _) => true,
                    (Some(a), Some(b)) => (a - b).abs() <= tolerance + 1e-9,
                    (Some(_), None) => false,
                })
            });
            if agrees {
                rules.push(rule);
            }
        }
        if !rules.is_empty() {
            out.push(Reconciliation {
                section,
                board,
                rules,
            });
        }
    }
    out
}
