//! Matchpoints for one board (Law 78A), with the factoring the Laws leave to regulation
//! (Neuberg), weighted scores (Law 12C1(c)) and artificial scores (Law 12C2).
//!
//! Scale: 2 per score beaten, 1 per equal score (half-matchpoint units), top 2(n−1) for n
//! comparable results; percent = MP / top. When a board has fewer comparable results n than
//! expected N (a result missing, artificial scores, a fouled-board group) the comparable
//! results are factored to the top 2(N−1) of a full board by the policy.
use super::policy::{MatchpointFactoring, MatchpointPolicy};
use super::{validate_weights, Comparable, Outcome, ScoringError, Weight};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// One scheduled table's entry on a board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// The table result (or an assigned Law 12C1(a) score), N-S points (Law 77).
    Score(i32),
    /// Law 12C1(c) weighted score, the same weighting for both sides: each outcome is compared
    /// with the other results and the matchpoints are weighted.
    Weighted(Vec<Outcome>),
    /// Law 12C1(c)/(e) with different weightings for the two sides (EBL 2009: N-S 30 %/70 %,
    /// E-W 33.3 %/66.7 %). Outcomes are N-S points. N-S are compared with the other N-S
    /// results using `ns`, E-W with the other E-W results using `ew`. A non-balancing split
    /// score (Law 12C1(e)) is two single outcomes.
    SplitWeighted { ns: Vec<Outcome>, ew: Vec<Outcome> },
    /// Law 12C2(a) artificial adjusted score, in percent for each side (values from
    /// [`crate::bridge::adjust::artificial_pairs`]). Not compared: the comparable results on the
    /// board are factored as if this table's result were missing.
    Artificial { ns_pct: f64, ew_pct: f64 },
    /// Scheduled but not played and not scored (DBV fn C for teams, a late-play never made):
    /// no score, and the other results are factored for it.
    NotPlayed,
}

/// The score of one entry.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EntryMp {
    /// N-S matchpoints on the 2-per-beat scale (top [`BoardMp::top`]), rounded by policy.
    pub mp_ns: f64,
    pub mp_ew: f64,
    /// Percentages of the top, rounded by policy.
    pub pct_ns: f64,
    pub pct_ew: f64,
}

/// The scores of a board, one per input entry (`None` for [`Entry::NotPlayed`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BoardMp {
    /// The top the matchpoints are on: 2(N−1) when factored, else 2(n−1).
    pub top: f64,
    /// n: comparable results (scores and weighted scores).
    pub comparable: usize,
    /// N: the number of times the board was expected to be played.
    pub expected: usize,
    /// Whether the comparable results were factored (n < N and a factoring policy).
    pub factored: bool,
    pub entries: Vec<Option<EntryMp>>,
}

/// Neuberg: MP′ = (MP + 1)·N/n − 1, on the 2-per-beat scale, for n comparable results of N
/// expected (S13, S41). Evaluated in this order: ((MP + 1)·N)/n − 1.
pub fn neuberg(mp: f64, n: usize, expected: usize) -> f64 {
    (mp + 1.0) * expected as f64 / n as f64 - 1.0
}

/// ASE pro rata factoring to the full top: MP·(N−1)/(n−1); a sole result gets the average
/// N−1 (S22).
pub fn pro_rata(mp: f64, n: usize, expected: usize) -> f64 {
    if n <= 1 {
        (expected as f64 - 1.0).max(0.0)
    } else {
        mp * (expected as f64 - 1.0) / (n as f64 - 1.0)
    }
}

/// Score one board. `expected` is N, the number of times the board should have been played
/// (default: the number of entries; give it when a movement fixes a common top, or for a
/// fouled-board group, Law 87B, scored on its own). Entries keep their order in the output.
pub fn score_board(
    entries: &[Entry],
    expected: Option<usize>,
    policy: &MatchpointPolicy,
) -> Result<BoardMp, ScoringError> {
    validate(entries)?;
    let scheduled = entries
        .iter()
        .filter(|e| !matches!(e, Entry::NotPlayed))
        .count();
    let big_n = expected.unwrap_or(entries.len());
    if big_n < scheduled {
        return Err(ScoringError::ExpectedTooFew {
            expected: big_n,
            present: scheduled,
        });
    }
    // Comparable entries, with their N-S and E-W weightings.
    let cmp: Vec<Comparable> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let w = |o: &[Outcome]| o.iter().map(|o| (o.weight.value(), o.ns)).collect();
            match e {
                Entry::Score(s) => Some((i, vec![(1.0, *s)], vec![(1.0, *s)])),
                Entry::Weighted(o) => Some((i, w(o), w(o))),
                Entry::SplitWeighted { ns, ew } => Some((i, w(ns), w(ew))),
                _ => None,
            }
        })
        .collect();
    let n = cmp.len();
    let plain = entries
        .iter()
        .all(|e| !matches!(e, Entry::Weighted(_) | Entry::SplitWeighted { .. }));
    let raw = raw_matchpoints(&cmp, plain);

    let factored = n < big_n && n > 0 && policy.factoring != MatchpointFactoring::None;
    let top_units = if factored || policy.factoring != MatchpointFactoring::None {
        big_n.max(1) - 1
    } else {
        n.max(1) - 1
    };
    let top = 2.0 * top_units as f64;
    let factor = |mp: f64| match (factored, policy.factoring) {
        (false, _) | (_, MatchpointFactoring::None) => mp,
        (true, MatchpointFactoring::Neuberg) => neuberg(mp, n, big_n),
        (true, MatchpointFactoring::ProRata) => pro_rata(mp, n, big_n),
    };
    let pct = |mp: f64| {
        if top == 0.0 {
            50.0
        } else {
            mp * 100.0 / top
        }
    };
    let mut out: Vec<Option<EntryMp>> = vec![None; entries.len()];
    for ((i, _, _), (ns, ew)) in cmp.iter().zip(raw) {
        let (ns, ew) = (factor(ns), factor(ew));
        out[*i] = Some(EntryMp {
            mp_ns: policy.mp_rounding.apply(ns),
            mp_ew: policy.mp_rounding.apply(ew),
            pct_ns: policy.pct_rounding.apply(pct(ns)),
            pct_ew: policy.pct_rounding.apply(pct(ew)),
        });
    }
    for (i, e) in entries.iter().enumerate() {
        if let Entry::Artificial { ns_pct, ew_pct } = e {
            out[i] = Some(EntryMp {
                mp_ns: policy.mp_rounding.apply(ns_pct * top / 100.0),
                mp_ew: policy.mp_rounding.apply(ew_pct * top / 100.0),
                pct_ns: policy.pct_rounding.apply(*ns_pct),
                pct_ew: policy.pct_rounding.apply(*ew_pct),
            });
        }
    }
    Ok(BoardMp {
        top,
        comparable: n,
        expected: big_n,
        factored,
        entries: out,
    })
}

fn validate(entries: &[Entry]) -> Result<(), ScoringError> {
    for e in entries {
        match e {
            Entry::Weighted(o) => validate_weights(o)?,
            Entry::SplitWeighted { ns, ew } => {
                validate_weights(ns)?;
                validate_weights(ew)?;
            }
            Entry::Artificial { ns_pct, ew_pct } => {
                for p in [*ns_pct, *ew_pct] {
                    if !(0.0..=100.0).contains(&p) {
                        return Err(ScoringError::ArtificialPercent(p));
                    }
                }
            }
            Entry::Score(_) | Entry::NotPlayed => {}
        }
    }
    Ok(())
}

/// Law 78A units for one comparison: 2 for a better score, 1 for an equal one.
fn units(a: i32, b: i32) -> u32 {
    match a.cmp(&b) {
        Ordering::Greater => 2,
        Ordering::Equal => 1,
        Ordering::Less => 0,
    }
}

/// Unfactored (N-S, E-W) matchpoints of each comparable entry. No weighted entry (`plain`): the crate's
/// Law 78A count ([`crate::bridge::score::matchpoints`]); E-W get top − N-S. Otherwise every
/// pair of outcomes is compared and weighted by the product of the weights, in input order.
fn raw_matchpoints(cmp: &[Comparable], plain: bool) -> Vec<(f64, f64)> {
    let n = cmp.len();
    if plain {
        let scores: Vec<i32> = cmp.iter().map(|(_, ns, _)| ns[0].1).collect();
        let top = 2 * (n as u32).saturating_sub(1);
        return crate::bridge::score::matchpoints(&scores)
            .into_iter()
            .map(|mp| (mp as f64, (top - mp) as f64))
            .collect();
    }
    let side = |i: usize, j: usize, ns_side: bool| -> f64 {
        let (a, b) = if ns_side {
            (&cmp[i].1, &cmp[j].1)
        } else {
            (&cmp[i].2, &cmp[j].2)
        };
        let mut sum = 0.0;
        for &(wa, sa) in a {
            for &(wb, sb) in b {
                // E-W's score is the negation of the N-S points.
                let u = if ns_side {
                    units(sa, sb)
                } else {
                    units(sb, sa)
                };
                sum += wa * wb * u as f64;
            }
        }
        sum
    };
    (0..n)
        .map(|i| {
            let mut ns = 0.0;
            let mut ew = 0.0;
            for j in (0..n).filter(|&j| j != i) {
                ns += side(i, j, true);
                ew += side(i, j, false);
            }
            (ns, ew)
        })
        .collect()
}

/// A single plain score as a weighted entry of weight 1 (for callers building entries).
pub fn certain(ns: i32) -> Entry {
    Entry::Weighted(vec![Outcome::new(Weight::Fraction(1, 1), ns)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::policy::Rounding;

    #[test]
    fn neuberg_percent_form_agrees() {
        // P′ = (P − 50)·((n−1)/n)·(N/(N−1)) + 50 [S41].
        let (n, big_n) = (7usize, 9usize);
        for mp in 0..=12 {
            let p = mp as f64 * 100.0 / 12.0;
            let p2 =
                (p - 50.0) * ((n as f64 - 1.0) / n as f64) * (big_n as f64 / (big_n as f64 - 1.0))
                    + 50.0;
            let via_mp = neuberg(mp as f64, n, big_n) * 100.0 / 16.0;
            assert!((p2 - via_mp).abs() < 1e-9);
        }
    }

    #[test]
    fn unrounded_policy_keeps_precision() {
        let pol = MatchpointPolicy {
            mp_rounding: Rounding::NONE,
            pct_rounding: Rounding::NONE,
            ..Default::default()
        };
        let mut e: Vec<Entry> = (0..3).map(Entry::Score).collect();
        e.push(Entry::NotPlayed);
        let b = score_board(&e, None, &pol).unwrap();
        // sole top of 3 (MP 4) of 4 expected: 5·4/3 − 1 = 17/3.
        assert_eq!(b.entries[2].unwrap().mp_ns, 5.0 * 4.0 / 3.0 - 1.0);
        assert_eq!(b.top, 6.0);
    }
}
