//! Adjusted-score arithmetic (Law 12C, Law 86, DBV footnote C). The TD decides *that* a score
//! is adjusted and who was at fault (a ruling event); this module does the sums.
use crate::bridge::score::imps;
use serde::{Deserialize, Serialize};

/// Responsibility for the irregularity that stopped the board (Law 12C2(a)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fault {
    /// Directly at fault: average minus.
    AtFault,
    /// Partly at fault: average.
    PartlyAtFault,
    /// In no way at fault: average plus.
    NotAtFault,
}

/// Configuration of artificial scores (Law 12C2; regulation, DBV fn B).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ArtificialConfig {
    pub average_minus_pct: f64,
    pub average_pct: f64,
    pub average_plus_pct: f64,
    pub imps: i32,
    /// Law 12C2(c) as in the WBF original (NOS above 60 %, OS below 40 %: own session %).
    /// `false` reads the German 000 text (NOS above 60 % or below 40 %). bridge-laws.md §6.3.
    pub original_12c2c: bool,
}

impl Default for ArtificialConfig {
    fn default() -> Self {
        ArtificialConfig {
            average_minus_pct: 40.0,
            average_pct: 50.0,
            average_plus_pct: 60.0,
            imps: 3,
            original_12c2c: true,
        }
    }
}

/// A configuration outside the bounds Law 12C2(a) fixes.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AdjustError {
    #[error("average minus must be at most 40 % (Law 12C2(a)), got {0}")]
    AverageMinus(f64),
    #[error("average plus must be at least 60 % (Law 12C2(a)), got {0}")]
    AveragePlus(f64),
    #[error("weights must be positive and sum to 1, got {0}")]
    Weights(f64),
}

impl ArtificialConfig {
    pub fn validate(&self) -> Result<(), AdjustError> {
        if self.average_minus_pct > 40.0 {
            return Err(AdjustError::AverageMinus(self.average_minus_pct));
        }
        if self.average_plus_pct < 60.0 {
            return Err(AdjustError::AveragePlus(self.average_plus_pct));
        }
        Ok(())
    }
}

/// Law 12C2(a)/(c): artificial score in a pairs event, in percent. `session_pct` is the
/// contestant's own percentage on the other boards of the session.
pub fn artificial_pairs(fault: Fault, session_pct: f64, cfg: &ArtificialConfig) -> f64 {
    match (fault, cfg.original_12c2c) {
        (Fault::PartlyAtFault, _) => cfg.average_pct,
        (Fault::NotAtFault, true) => session_pct.max(cfg.average_plus_pct),
        (Fault::AtFault, true) => session_pct.min(cfg.average_minus_pct),
        (Fault::NotAtFault, false) if !(40.0..=60.0).contains(&session_pct) => session_pct,
        (Fault::NotAtFault, false) => cfg.average_plus_pct,
        (Fault::AtFault, false) => cfg.average_minus_pct,
    }
}

/// Law 12C2(b): artificial score in an IMP event.
pub fn artificial_imps(fault: Fault, cfg: &ArtificialConfig) -> i32 {
    match fault {
        Fault::AtFault => -cfg.imps,
        Fault::PartlyAtFault => 0,
        Fault::NotAtFault => cfg.imps,
    }
}

/// How an unplayed board is scored under DBV footnote C (Law 12C2(d)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnplayedScore {
    /// Law 12C2(a)/(b) artificial score.
    Artificial,
    /// Pairs, from the third unplayed board in a session: the session average.
    SessionAverage,
    /// Teams, from the third unplayed board: scored as not played.
    NotPlayed,
}

/// DBV fn C: the `nth` (1-based) board in a session a contestant did not play and got an
/// artificial score for.
pub fn dbv_unplayed(nth: u32, teams: bool) -> UnplayedScore {
    match (nth, teams) {
        (0..=2, _) => UnplayedScore::Artificial,
        (_, true) => UnplayedScore::NotPlayed,
        (_, false) => UnplayedScore::SessionAverage,
    }
}

fn check_weights(components: &[(i32, f64)]) -> Result<(), AdjustError> {
    let sum: f64 = components.iter().map(|(_, w)| w).sum();
    if (sum - 1.0).abs() > 1e-9 || components.iter().any(|(_, w)| *w <= 0.0) {
        return Err(AdjustError::Weights(sum));
    }
    Ok(())
}

/// Law 12C1(c), method 1: IMP each weighted component against the team's score at the other
/// table, then weight the IMPs. (The method is configuration; bridge-laws.md §6.2.)
pub fn weighted_imps_per_component(
    components: &[(i32, f64)],
    other_table: i32,
) -> Result<f64, AdjustError> {
    check_weights(components)?;
    Ok(components
        .iter()
        .map(|(s, w)| w * imps((s + other_table) as i64) as f64)
        .sum())
}

/// Law 12C1(c), method 2: weight the points, then IMP the net difference.
pub fn weighted_imps_on_points(
    components: &[(i32, f64)],
    other_table: i32,
) -> Result<i32, AdjustError> {
    check_weights(components)?;
    let points: f64 = components.iter().map(|(s, w)| *s as f64 * w).sum();
    Ok(imps(points.round() as i64 + other_table as i64))
}

/// Law 12C4: in a knockout match with non-balancing adjusted scores, both contestants get
/// the average of the two separate assessments (A's view; B gets the negation).
pub fn knockout_average(a: f64, b: f64) -> (f64, f64) {
    let avg = (a - b) / 2.0;
    (avg, -avg)
}
