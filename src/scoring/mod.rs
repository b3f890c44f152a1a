//! Tournament scoring mathematics (issue 4): matchpoints with Neuberg factoring, cross-IMPs,
//! Butler, teams IMPs, victory points and rankings, as pure functions.
//!
//! No IO and no clock: the same input gives bit-identical output on every machine. Floating
//! point is used only with the IEEE-754 basic operations (`+ - * /`, `sqrt`), which are
//! correctly rounded everywhere, in a fixed order; the one transcendental function the WBF VP
//! formula needs is computed by [`det_exp`] from those operations alone. Values are rounded only
//! where a policy says so ([`policy`]). `docs/scoring.md` lists every formula, its source and
//! the reading taken where scoring programs disagree.
//!
//! The Law 78A comparison and the Law 78B table live in [`crate::bridge::score`]; the artificial
//! adjusted score values (Law 12C2, DBV fn C) in [`crate::bridge::adjust`]. This module reuses
//! them and adds what a session's scores need on top.
pub mod imps;
pub mod matchpoints;
pub mod policy;
pub mod ranking;
pub mod vp;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Errors of the scoring functions. Each names the law or regulation the input breaks.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScoringError {
    #[error("Law 12C1(c): a weighted score needs at least one outcome")]
    EmptyWeighted,
    #[error("Law 12C1(c): every weight must be positive and finite, got {0}")]
    BadWeight(String),
    #[error("Law 12C1(c): the weights of a weighted score must sum to 1, got {0}")]
    WeightsNotOne(String),
    #[error("Law 12C2(a): an artificial score must be a percentage from 0 to 100, got {0}")]
    ArtificialPercent(f64),
    #[error("Law 12C2(b): an artificial IMP score must be a finite number, got {0}")]
    ArtificialImps(f64),
    #[error("Law 78A: the board was expected {expected} times but has {present} scheduled tables")]
    ExpectedTooFew { expected: usize, present: usize },
    #[error("Law 78D: a victory-point scale needs a match of at least one board")]
    NoBoards,
    #[error("Law 78D: the ACBL discrete VP scale covers matches of 1 to 36 boards, got {0}")]
    AcblBoards(u32),
    #[error("Law 78D: an IMP margin must be a finite number, got {0}")]
    BadMargin(f64),
    #[error("Law 78D: a ranking total must be a finite number, got {0}")]
    BadTotal(f64),
    #[error("Law 78D: contestant {0} appears twice in the ranking")]
    DuplicateContestant(String),
    #[error("Law 78D: every contestant needs the same number of tie-break keys")]
    TieBreakKeys,
}

/// The weight of one outcome of a Law 12C1(c) weighted score: an exact fraction (`1/3`) or a
/// decimal (`0.3`). Fractions are checked exactly to sum to 1; decimals to within 1e-9.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Weight {
    /// `num / den`, e.g. `{"fraction": [1, 3]}`.
    Fraction(u32, u32),
    /// A decimal weight, e.g. `{"decimal": 0.3}` for 30 %.
    Decimal(f64),
}

impl Weight {
    /// The weight as f64 (one division: deterministic).
    pub fn value(self) -> f64 {
        match self {
            Weight::Fraction(n, d) => n as f64 / d as f64,
            Weight::Decimal(x) => x,
        }
    }

    fn is_valid(self) -> bool {
        match self {
            Weight::Fraction(n, d) => n > 0 && d > 0 && n <= d,
            Weight::Decimal(x) => x.is_finite() && x > 0.0 && x <= 1.0,
        }
    }
}

/// (weight, N-S points) pairs of one side's weighting.
pub(crate) type Weighting = Vec<(f64, i32)>;

/// A comparable entry: its index in the input and the N-S and E-W sides' weightings.
pub(crate) type Comparable = (usize, Weighting, Weighting);

/// One outcome of a weighted score: its weight and the N-S points of that outcome.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub weight: Weight,
    /// Law 77 score from N-S's point of view.
    pub ns: i32,
}

impl Outcome {
    pub fn new(weight: Weight, ns: i32) -> Self {
        Outcome { weight, ns }
    }
}

/// Law 12C1(c): check that `outcomes` is a non-empty list of positive weights summing to 1.
/// All-fraction lists are checked exactly; any decimal weight makes the check |sum − 1| ≤ 1e-9.
pub fn validate_weights(outcomes: &[Outcome]) -> Result<(), ScoringError> {
    if outcomes.is_empty() {
        return Err(ScoringError::EmptyWeighted);
    }
    if let Some(bad) = outcomes.iter().find(|o| !o.weight.is_valid()) {
        return Err(ScoringError::BadWeight(format!("{:?}", bad.weight)));
    }
    let all_fractions = outcomes
        .iter()
        .all(|o| matches!(o.weight, Weight::Fraction(..)));
    if all_fractions {
        // Exact: sum of n_i/d_i == 1 with a running rational in i128.
        let (mut num, mut den): (i128, i128) = (0, 1);
        for o in outcomes {
            if let Weight::Fraction(n, d) = o.weight {
                num = num * d as i128 + n as i128 * den;
                den *= d as i128;
                let g = gcd(num, den);
                num /= g;
                den /= g;
            }
        }
        if num != den {
            return Err(ScoringError::WeightsNotOne(format!("{num}/{den}")));
        }
    } else {
        let sum: f64 = outcomes.iter().map(|o| o.weight.value()).sum();
        if (sum - 1.0).abs() > 1e-9 {
            return Err(ScoringError::WeightsNotOne(format!("{sum}")));
        }
    }
    Ok(())
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The weighted mean of the outcomes' N-S points, in list order. A mean within 1e-6 of an
/// integer is snapped to it, so that `1/3 · 300 + 2/3 · 600` is exactly 500 and the Law 78B
/// thresholds see the value the TD computed by hand (bridge points are integers; a true
/// weighted mean with weights of denominator up to 10^5 is either an integer or further away).
pub fn weighted_points(outcomes: &[Outcome]) -> f64 {
    let mut p = 0.0;
    for o in outcomes {
        p += o.weight.value() * o.ns as f64;
    }
    snap(p)
}

pub(crate) fn snap(x: f64) -> f64 {
    let r = x.round();
    if (x - r).abs() < 1e-6 {
        r
    } else {
        x
    }
}

/// Law 78B IMPs for a real-valued point difference (weighted or datum differences). The law
/// table is given for multiples of 10; for other differences the threshold form of
/// [`crate::bridge::score::imps`] applies (|d| ≥ threshold). The thresholds are integers, so
/// truncating toward zero first gives exactly that answer.
pub fn imps_real(diff: f64) -> i32 {
    crate::bridge::score::imps(snap(diff).trunc() as i64)
}

/// Round `x` to `decimals` places, a half away from zero (the way a TD rounds by hand). A value
/// within 1e-9 of a half (in units of the last place) counts as the half, so binary
/// representation error cannot move a printed value.
pub fn round_half_away(x: f64, decimals: u8) -> f64 {
    let f = pow10(decimals);
    let y = x * f;
    let r = y.round();
    let t = y.trunc();
    let frac = (y - t).abs();
    let v = if (frac - 0.5).abs() <= 1e-9 {
        t + y.signum()
    } else {
        r
    };
    v / f
}

/// Round `x` to `decimals` places, a half to the even neighbour (Compscore3: 12.65 → 12.6).
/// Within 1e-9 of a half (in units of the last place) counts as the half, as above.
pub fn round_half_even(x: f64, decimals: u8) -> f64 {
    let f = pow10(decimals);
    let y = x * f;
    let fl = y.floor();
    let v = if (y - fl - 0.5).abs() <= 1e-9 {
        if fl.rem_euclid(2.0) == 0.0 {
            fl
        } else {
            fl + 1.0
        }
    } else {
        y.round()
    };
    v / f
}

/// Round `x` down (toward −∞) to `decimals` places; within 1e-9 of the next step counts as it.
pub fn round_down(x: f64, decimals: u8) -> f64 {
    let f = pow10(decimals);
    let y = x * f;
    let c = y.ceil();
    let v = if c - y <= 1e-9 { c } else { y.floor() };
    v / f
}

fn pow10(decimals: u8) -> f64 {
    let mut f = 1.0;
    for _ in 0..decimals {
        f *= 10.0;
    }
    f
}

/// e^x from IEEE basic operations only, so that the result is bit-identical on every machine
/// (`f64::exp` and `f64::powf` call the platform's libm, whose last bit may differ).
/// Range reduction x = k·ln2 + r with |r| ≤ ln2/2 (ln2 split into a high part exact in 32
/// bits and a low part), a 22-term Taylor series for e^r in Horner form, and an exact scaling
/// by 2^k. Relative error below 1e-15 for |x| ≤ 700.
pub fn det_exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 709.0 {
        return f64::INFINITY;
    }
    if x < -745.0 {
        return 0.0;
    }
    // fdlibm's split of ln 2: a high part with trailing zero bits (k·LN2_HI is exact) and the
    // rest.
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
    const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
    const INV_LN2: f64 = std::f64::consts::LOG2_E;
    let k = (x * INV_LN2).round();
    let r = (x - k * LN2_HI) - k * LN2_LO;
    let mut sum = 1.0;
    for i in (1..=22).rev() {
        sum = 1.0 + sum * r / i as f64;
    }
    // 2^k exactly, in two steps so that subnormal results stay correct.
    let k = k as i64;
    let half = k / 2;
    sum * pow2(half) * pow2(k - half)
}

fn pow2(k: i64) -> f64 {
    // k in [-540, 540] here: a normal number, built from its bits.
    f64::from_bits(((k + 1023) as u64) << 52)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn det_exp_matches_libm_closely() {
        for i in -2000..=2000 {
            let x = i as f64 * 0.0173;
            let a = det_exp(x);
            let b = x.exp();
            assert!(((a - b) / b).abs() < 4e-15, "x={x} det={a} libm={b}");
        }
        assert_eq!(det_exp(0.0), 1.0);
    }

    #[test]
    fn rounding_halves_go_away_from_zero() {
        assert_eq!(round_half_away(62.5, 0), 63.0);
        assert_eq!(round_half_away(-62.5, 0), -63.0);
        assert_eq!(round_half_away(2.675, 2), 2.68);
        assert_eq!(round_half_away(19.900000000000002, 1), 19.9);
        assert_eq!(round_down(19.96, 1), 19.9);
        assert_eq!(round_down(0.3 * 3.0, 1), 0.9);
    }

    #[test]
    fn law_12c1c_weights_are_validated_exactly() {
        let third = Weight::Fraction(1, 3);
        let ok = [
            Outcome::new(third, 100),
            Outcome::new(Weight::Fraction(2, 3), 200),
        ];
        assert_eq!(validate_weights(&ok), Ok(()));
        let bad = [Outcome::new(third, 100), Outcome::new(third, 200)];
        assert_eq!(
            validate_weights(&bad),
            Err(ScoringError::WeightsNotOne("2/3".into()))
        );
        assert_eq!(validate_weights(&[]), Err(ScoringError::EmptyWeighted));
        let dec = [
            Outcome::new(Weight::Decimal(0.3), 1),
            Outcome::new(Weight::Decimal(0.7), 2),
        ];
        assert_eq!(validate_weights(&dec), Ok(()));
        let neg = [
            Outcome::new(Weight::Decimal(-0.3), 1),
            Outcome::new(Weight::Decimal(1.3), 2),
        ];
        assert!(matches!(
            validate_weights(&neg),
            Err(ScoringError::BadWeight(_))
        ));
        assert!((weighted_points(&ok) - 500.0 / 3.0).abs() < 1e-12);
        let ex = [
            Outcome::new(third, 300),
            Outcome::new(Weight::Fraction(2, 3), 600),
        ];
        assert_eq!(weighted_points(&ex), 500.0);
    }

    #[test]
    fn imps_real_uses_thresholds() {
        assert_eq!(imps_real(19.9), 0);
        assert_eq!(imps_real(20.0), 1);
        assert_eq!(imps_real(-288.0), -7);
        assert_eq!(imps_real(-49.99), -1);
        assert_eq!(imps_real(429.9999999), 10);
    }
}
