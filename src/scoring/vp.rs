//! Victory points (Law 78D): the WBF 2013 continuous 20-VP scale and the ACBL discrete scale.
//!
//! VPs are kept in hundredths (integers) internally, so the loser's 20 − VP is exact and the
//! two always sum to 20.
use super::policy::{FractionalMargin, VpPolicy, VpScale};
use super::{det_exp, ScoringError};

/// ln τ for τ = (√5 − 1)/2: −ln φ = −0.48121182505960344749775891342436842313... (the golden
/// ratio's logarithm); the literal is the shortest one that parses to the nearest f64.
const LN_TAU: f64 = -0.481_211_825_059_603_47;

/// τ = (√5 − 1)/2 (`sqrt` is correctly rounded: the same on every machine).
pub fn tau() -> f64 {
    (5.0f64.sqrt() - 1.0) / 2.0
}

/// The blitz margin B = 15·√N for an N-board match (S42).
pub fn blitz(boards: u32) -> f64 {
    15.0 * (boards as f64).sqrt()
}

/// The WBF continuous formula, unrounded: for an IMP margin M ≥ 0,
/// VP = min(20, 10 + 10·(1 − τ^(3M/B)) / (1 − τ³)) (S42). τ^x is computed as e^(x·ln τ) with
/// [`det_exp`]. A negative margin is taken as its absolute value (the winner's VPs).
pub fn wbf_formula(margin: f64, boards: u32) -> f64 {
    let m = margin.abs();
    let b = blitz(boards);
    let t = tau();
    let t3 = t * t * t;
    let e = det_exp(3.0 * m / b * LN_TAU);
    let vp = 10.0 + 10.0 * (1.0 - e) / (1.0 - t3);
    vp.min(20.0)
}

/// The winner's VPs in hundredths from the formula, rounded to 2 decimals (a half away from
/// zero; values within 1e-9 of a half count as the half).
fn formula_hundredths(margin: f64, boards: u32) -> u32 {
    let h = super::round_half_away(wbf_formula(margin, boards) * 100.0, 0);
    (h as u32).min(2000)
}

/// The WBF table for one match length: the winner's VPs, in hundredths, for each whole IMP
/// margin from 0 up to the first margin worth 20 VPs (every larger margin is also 20).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WbfTable {
    pub boards: u32,
    hundredths: Vec<u32>,
}

impl WbfTable {
    /// Winner's VPs in hundredths for a whole margin.
    pub fn hundredths(&self, margin: u32) -> u32 {
        *self.hundredths.get(margin as usize).unwrap_or(&2000)
    }

    /// Winner's VPs for a whole margin.
    pub fn winner(&self, margin: u32) -> f64 {
        self.hundredths(margin) as f64 / 100.0
    }

    /// The smallest margin worth 20 VPs.
    pub fn blitz_margin(&self) -> u32 {
        self.hundredths.iter().position(|&h| h == 2000).unwrap() as u32
    }

    /// The winner's VPs in hundredths for a margin `m` ≥ 0 (its absolute value is taken),
    /// fractional margins by `fractional` (see [`vp`]).
    pub fn winner_hundredths(&self, m: f64, fractional: FractionalMargin) -> u32 {
        let m = m.abs();
        let whole = m.trunc();
        match fractional {
            FractionalMargin::Formula => formula_hundredths(m, self.boards),
            _ if m == whole => self.hundredths(whole as u32),
            FractionalMargin::Interpolate => {
                let lo = self.hundredths(whole as u32) as f64;
                let hi = self.hundredths(whole as u32 + 1) as f64;
                let v = lo + (m - whole) * (hi - lo);
                super::round_half_away(v, 0) as u32
            }
            FractionalMargin::RoundMargin => self.hundredths(super::round_half_away(m, 0) as u32),
        }
    }

    /// The table from margin 0 to [`Self::blitz_margin`], in hundredths.
    pub fn as_hundredths(&self) -> &[u32] {
        let end = self.blitz_margin() as usize;
        &self.hundredths[..=end]
    }
}

/// Build the WBF table for an N-board match: the formula rounded to 2 decimals for every whole
/// margin, then concavity enforced: scanning upward from 0 IMPs, wherever the second difference
/// of the rounded table is positive add 0.01 to the middle value; repeat until none (S42, S31).
/// (Values are updated in place during a scan; a full scan with no change ends it.)
pub fn wbf_table(boards: u32) -> Result<WbfTable, ScoringError> {
    if boards == 0 {
        return Err(ScoringError::NoBoards);
    }
    let last = blitz(boards).ceil() as u32 + 1;
    let mut t: Vec<u32> = (0..=last)
        .map(|m| formula_hundredths(m as f64, boards))
        .collect();
    loop {
        let mut changed = false;
        for i in 1..t.len() - 1 {
            if t[i - 1] + t[i + 1] > 2 * t[i] {
                t[i] += 1;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(WbfTable {
        boards,
        hundredths: t,
    })
}

/// ACBL discrete 20-VP scale: the minimum IMP margin for 11, 12, ..., 20 VPs (S31).
pub fn acbl_cutoffs(boards: u32) -> Result<[u32; 10], ScoringError> {
    Ok(match boards {
        1..=8 => [1, 3, 5, 8, 11, 14, 17, 20, 24, 28],
        9..=11 => [1, 3, 6, 10, 14, 18, 22, 26, 31, 36],
        12..=15 => [1, 4, 7, 11, 15, 20, 25, 30, 36, 42],
        16..=20 => [2, 5, 9, 14, 19, 25, 32, 39, 47, 56],
        21..=27 => [3, 7, 12, 18, 25, 33, 42, 51, 61, 72],
        28..=36 => [4, 9, 15, 22, 30, 39, 49, 60, 72, 85],
        _ => return Err(ScoringError::AcblBoards(boards)),
    })
}

/// Victory points for a match: `margin` is the first side's IMP margin (negative when it
/// lost). Returns (first side, second side); they sum to exactly 20.
///
/// WBF continuous: whole margins from [`wbf_table`], fractional margins by
/// [`FractionalMargin`]; with [`FractionalMargin::Formula`] every margin, whole or not, is the
/// rounded formula (monotone, but 0.01 below the table where concavity was corrected). ACBL discrete: 10 + the number of cut-offs the margin reaches
/// (a fractional margin must reach the cut-off).
pub fn vp(margin: f64, boards: u32, policy: &VpPolicy) -> Result<(f64, f64), ScoringError> {
    if !margin.is_finite() {
        return Err(ScoringError::BadMargin(margin));
    }
    if boards == 0 {
        return Err(ScoringError::NoBoards);
    }
    let m = margin.abs();
    let winner: u32 = match policy.scale {
        VpScale::AcblDiscrete => {
            let k = acbl_cutoffs(boards)?
                .iter()
                .filter(|&&c| m >= c as f64)
                .count() as u32;
            (10 + k) * 100
        }
        VpScale::WbfContinuous => wbf_table(boards)?.winner_hundredths(m, policy.fractional),
    };
    let loser = 2000 - winner;
    let (first, second) = if margin < 0.0 {
        (loser, winner)
    } else {
        (winner, loser)
    };
    Ok((first as f64 / 100.0, second as f64 / 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_tau_constant_matches_tau() {
        assert!((det_exp(LN_TAU) - tau()).abs() < 1e-15);
    }

    #[test]
    fn table_is_capped_and_ends_at_20() {
        let t = wbf_table(16).unwrap();
        assert_eq!(t.blitz_margin(), 60);
        assert_eq!(t.hundredths(59), 1993);
        assert_eq!(t.hundredths(1000), 2000);
    }
}
