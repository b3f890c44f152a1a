//! IMP scoring (Law 78B): cross-IMPs, Butler (datum) IMPs and teams IMPs for a pair of tables,
//! with weighted (Law 12C1(c)) and artificial (Law 12C2(b)) scores. The Law 78B table itself is
//! [`crate::bridge::score::imps`]; real-valued differences go through [`super::imps_real`].
use super::policy::{
    ButlerPolicy, CrossImpDivisor, CrossImpFactoring, CrossImpPolicy, DatumDrop, DatumRounding,
    WeightedImpMethod,
};
use super::{imps_real, validate_weights, Comparable, Outcome, ScoringError};
use crate::bridge::score::imps;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A comparable table result: what both tables of a teams board, and every comparable entry
/// of an IMP pairs board, hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableResult {
    /// N-S points (Law 77), or an assigned Law 12C1(a) score.
    Score(i32),
    /// Law 12C1(c) weighted score, the same weighting for both sides.
    Weighted(Vec<Outcome>),
    /// Different weightings for the two sides (outcomes in N-S points).
    SplitWeighted { ns: Vec<Outcome>, ew: Vec<Outcome> },
}

impl TableResult {
    fn validate(&self) -> Result<(), ScoringError> {
        match self {
            TableResult::Score(_) => Ok(()),
            TableResult::Weighted(o) => validate_weights(o),
            TableResult::SplitWeighted { ns, ew } => {
                validate_weights(ns)?;
                validate_weights(ew)
            }
        }
    }

    /// (weight, N-S points) of the N-S side's weighting.
    fn ns(&self) -> Vec<(f64, i32)> {
        match self {
            TableResult::Score(s) => vec![(1.0, *s)],
            TableResult::Weighted(o) | TableResult::SplitWeighted { ns: o, .. } => {
                o.iter().map(|o| (o.weight.value(), o.ns)).collect()
            }
        }
    }

    /// (weight, N-S points) of the E-W side's weighting.
    fn ew(&self) -> Vec<(f64, i32)> {
        match self {
            TableResult::SplitWeighted { ew, .. } => {
                ew.iter().map(|o| (o.weight.value(), o.ns)).collect()
            }
            _ => self.ns(),
        }
    }
}

/// One scheduled table's entry on an IMP pairs board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImpEntry {
    Result(TableResult),
    /// Law 12C2(b) artificial score in IMPs per side (±3 by default, from
    /// [`crate::bridge::adjust::artificial_imps`]), already in the board's unit. Not compared;
    /// the other results are factored as if it were missing.
    Artificial {
        ns_imps: f64,
        ew_imps: f64,
    },
    /// Scheduled but not played: no score.
    NotPlayed,
}

/// The IMPs of one entry.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ImpScore {
    pub imp_ns: f64,
    pub imp_ew: f64,
}

/// IMP scores of a board, one per input entry (`None` for not played).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BoardImps {
    /// n: comparable results.
    pub comparable: usize,
    /// N: expected results.
    pub expected: usize,
    /// Whether cross-IMPs were factored for missing results (n < N).
    pub factored: bool,
    /// Butler only: the datum the scores were IMPed against (N-S points).
    pub datum: Option<f64>,
    pub entries: Vec<Option<ImpScore>>,
}

/// IMPs to side `a` for its outcomes against side `b`'s outcomes (both in the points of the
/// side that `a` is: pass negated N-S points for E-W), Law 12C1(c) by `method`.
fn weighted_vs(a: &[(f64, i32)], b: &[(f64, i32)], method: WeightedImpMethod) -> f64 {
    match method {
        WeightedImpMethod::ImpEachOutcome => {
            let mut sum = 0.0;
            for &(wa, sa) in a {
                for &(wb, sb) in b {
                    sum += wa * wb * imps(sa as i64 - sb as i64) as f64;
                }
            }
            sum
        }
        WeightedImpMethod::WeightPoints => imps_real(mean(a) - mean(b)) as f64,
    }
}

fn mean(o: &[(f64, i32)]) -> f64 {
    if let [(w, s)] = o {
        if *w == 1.0 {
            return *s as f64;
        }
    }
    let mut p = 0.0;
    for &(w, s) in o {
        p += w * s as f64;
    }
    super::snap(p)
}

fn neg(o: &[(f64, i32)]) -> Vec<(f64, i32)> {
    o.iter().map(|&(w, s)| (w, -s)).collect()
}

/// Teams IMPs for one board (Law 78B): the home team sits N-S at table 1 and E-W at table 2.
/// Its net is table 1's N-S score minus table 2's N-S score (W10: +620 and −100 → +720 → 12).
/// Weighted scores by `method` (W24: −4.8 or −7). Returns (home, away); they balance unless a
/// split weighting makes them not.
pub fn teams_board(
    table1: &TableResult,
    table2: &TableResult,
    method: WeightedImpMethod,
) -> Result<(f64, f64), ScoringError> {
    table1.validate()?;
    table2.validate()?;
    // Home: N-S weighting at table 1 against the E-W weighting at table 2 (its own side).
    let home = weighted_vs(&table1.ns(), &table2.ew(), method);
    // Away: N-S at table 2 against its E-W weighting at table 1.
    let away = weighted_vs(&table2.ns(), &table1.ew(), method);
    Ok((home, away))
}

/// Sum of board results in board order (a match total).
pub fn match_total(boards: &[(f64, f64)]) -> (f64, f64) {
    let mut t = (0.0, 0.0);
    for b in boards {
        t.0 += b.0;
        t.1 += b.1;
    }
    t
}

struct Field {
    cmp: Vec<Comparable>,
    expected: usize,
}

fn field(entries: &[ImpEntry], expected: Option<usize>) -> Result<Field, ScoringError> {
    let mut scheduled = 0;
    let mut cmp = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        match e {
            ImpEntry::Result(r) => {
                r.validate()?;
                scheduled += 1;
                cmp.push((i, r.ns(), r.ew()));
            }
            ImpEntry::Artificial { ns_imps, ew_imps } => {
                for x in [*ns_imps, *ew_imps] {
                    if !x.is_finite() {
                        return Err(ScoringError::ArtificialImps(x));
                    }
                }
                scheduled += 1;
            }
            ImpEntry::NotPlayed => {}
        }
    }
    let big_n = expected.unwrap_or(entries.len());
    if big_n < scheduled {
        return Err(ScoringError::ExpectedTooFew {
            expected: big_n,
            present: scheduled,
        });
    }
    Ok(Field {
        cmp,
        expected: big_n,
    })
}

fn artificial_into(entries: &[ImpEntry], out: &mut [Option<ImpScore>]) {
    for (i, e) in entries.iter().enumerate() {
        if let ImpEntry::Artificial { ns_imps, ew_imps } = e {
            out[i] = Some(ImpScore {
                imp_ns: *ns_imps,
                imp_ew: *ew_imps,
            });
        }
    }
}

/// Cross-IMPs: each comparable result IMPed against every other, summed; factored for missing
/// results and divided by the policy. For n comparable of N expected:
/// `raw × f / d`, f = N/n (proportional), (N−1)/(n−1) (comparisons) or 1, and d = c−1, c or 1
/// with c = N when factoring, n when not. Nothing is factored when n = N.
pub fn cross_imps(
    entries: &[ImpEntry],
    expected: Option<usize>,
    policy: &CrossImpPolicy,
    method: WeightedImpMethod,
) -> Result<BoardImps, ScoringError> {
    let f = field(entries, expected)?;
    let n = f.cmp.len();
    let big_n = f.expected;
    let factored = n < big_n && n > 0 && policy.factoring != CrossImpFactoring::None;
    let count = if factored { big_n } else { n };
    let divisor = match policy.divisor {
        CrossImpDivisor::Comparisons => count.saturating_sub(1),
        CrossImpDivisor::Results => count,
        CrossImpDivisor::None => 1,
    } as f64;
    let finish = |raw: f64| -> f64 {
        let x = match (factored, policy.factoring) {
            (true, CrossImpFactoring::Proportional) => raw * big_n as f64 / n as f64,
            (true, CrossImpFactoring::Comparisons) if n > 1 => {
                raw * (big_n as f64 - 1.0) / (n as f64 - 1.0)
            }
            _ => raw,
        };
        let x = if divisor == 0.0 { 0.0 } else { x / divisor };
        policy.rounding.apply(x)
    };
    let mut out = vec![None; entries.len()];
    for (i, (idx, ns_i, ew_i)) in f.cmp.iter().enumerate() {
        let (mut ns, mut ew) = (0.0, 0.0);
        for (j, (_, ns_j, ew_j)) in f.cmp.iter().enumerate() {
            if i != j {
                ns += weighted_vs(ns_i, ns_j, method);
                ew += weighted_vs(&neg(ew_i), &neg(ew_j), method);
            }
        }
        out[*idx] = Some(ImpScore {
            imp_ns: finish(ns),
            imp_ew: finish(ew),
        });
    }
    artificial_into(entries, &mut out);
    if policy.artificial_per_comparison {
        // Per comparison, to the line's scale: (N−1) comparisons over the divisor for N.
        let d = match policy.divisor {
            CrossImpDivisor::Comparisons => big_n.saturating_sub(1),
            CrossImpDivisor::Results => big_n,
            CrossImpDivisor::None => 1,
        } as f64;
        let k = if d == 0.0 {
            0.0
        } else {
            big_n.saturating_sub(1) as f64 / d
        };
        for (e, o) in entries.iter().zip(out.iter_mut()) {
            if let (ImpEntry::Artificial { .. }, Some(o)) = (e, o) {
                o.imp_ns = policy.rounding.apply(o.imp_ns * k);
                o.imp_ew = policy.rounding.apply(o.imp_ew * k);
            }
        }
    }
    Ok(BoardImps {
        comparable: n,
        expected: big_n,
        factored,
        datum: None,
        entries: out,
    })
}

/// How many scores the datum drops from each end for `n` comparable results; never so many
/// that nothing is left.
pub fn datum_drop_count(n: usize, rule: DatumDrop) -> usize {
    let d = match rule {
        DatumDrop::None => 0,
        DatumDrop::Count(c) => c as usize,
        DatumDrop::Percent(p) => {
            if p.is_finite() && p > 0.0 {
                // floor(n·p/100), from exact-enough f64 (n and p are small).
                (n as f64 * p / 100.0 + 1e-9).floor() as usize
            } else {
                0
            }
        }
        DatumDrop::Median => n.saturating_sub(1) / 2,
        DatumDrop::MiddlePercent(p) => {
            let keep = if p.is_finite() && p > 0.0 {
                ((n as f64 * p / 100.0 + 0.5 + 1e-9).floor() as usize).clamp(1, n)
            } else {
                n
            };
            (n - keep) / 2
        }
        DatumDrop::FieldSize => {
            if n > 3 {
                // ⌈(n−10)/15⌉ + 1, in integers (ceil of a negative quotient toward zero).
                let k = n as i64 - 10;
                let c = if k > 0 { (k + 14) / 15 } else { -((-k) / 15) };
                (c + 1).max(0) as usize
            } else {
                0
            }
        }
    };
    d.min(n.saturating_sub(1) / 2)
}

/// The Butler datum: the mean of the values after dropping extremes, rounded to 10 by the
/// policy. `values` are N-S points (weighted entries at their weighted mean).
pub fn datum(values: &[f64], policy: &ButlerPolicy) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let d = datum_drop_count(v.len(), policy.drop);
    let kept = &v[d..v.len() - d];
    let mut sum = 0.0;
    for x in kept {
        sum += x;
    }
    let k = kept.len() as f64;
    // One division for the tens, so an exact trailing 5 is seen exactly.
    let q = sum / (10.0 * k);
    let tens = match policy.rounding {
        DatumRounding::None => return Some(sum / k),
        DatumRounding::HalfEven => {
            let t = q.trunc();
            if (q - t).abs() == 0.5 {
                if t % 2.0 == 0.0 {
                    t
                } else {
                    t + q.signum()
                }
            } else {
                q.round()
            }
        }
        DatumRounding::HalfAwayFromZero => q.round(),
        DatumRounding::HalfUp => (q + 0.5).floor(),
    };
    Some(tens * 10.0 + 0.0)
}

/// Butler IMPs: each comparable result IMPed against the datum (Law 78B on the difference);
/// weighted scores by `method`. Artificial entries pass through; missing results are not
/// factored (each result is compared with the datum only).
pub fn butler(
    entries: &[ImpEntry],
    expected: Option<usize>,
    policy: &ButlerPolicy,
    method: WeightedImpMethod,
) -> Result<BoardImps, ScoringError> {
    let f = field(entries, expected)?;
    let values: Vec<f64> = f.cmp.iter().map(|(_, ns, _)| mean(ns)).collect();
    let dat = datum(&values, policy);
    let mut out = vec![None; entries.len()];
    if let Some(dv) = dat {
        for (idx, ns, ew) in &f.cmp {
            let vs = |o: &[(f64, i32)]| -> f64 {
                match method {
                    WeightedImpMethod::ImpEachOutcome => {
                        let mut s = 0.0;
                        for &(w, p) in o {
                            s += w * imps_real(p as f64 - dv) as f64;
                        }
                        s
                    }
                    WeightedImpMethod::WeightPoints => imps_real(mean(o) - dv) as f64,
                }
            };
            out[*idx] = Some(ImpScore {
                imp_ns: vs(ns),
                imp_ew: -vs(ew) + 0.0,
            });
        }
    }
    artificial_into(entries, &mut out);
    Ok(BoardImps {
        comparable: f.cmp.len(),
        expected: f.expected,
        factored: false,
        datum: dat,
        entries: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_size_drop_counts() {
        let c = |n| datum_drop_count(n, DatumDrop::FieldSize);
        assert_eq!(
            [c(1), c(2), c(3), c(4), c(10), c(11), c(25), c(26)],
            [0, 0, 0, 1, 1, 2, 2, 3]
        );
        assert_eq!(datum_drop_count(20, DatumDrop::Percent(5.0)), 1);
        assert_eq!(datum_drop_count(39, DatumDrop::Percent(5.0)), 1);
        assert_eq!(datum_drop_count(40, DatumDrop::Percent(5.0)), 2);
        assert_eq!(datum_drop_count(3, DatumDrop::Count(5)), 1);
    }
}
