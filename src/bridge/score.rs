//! Scoring: Law 77 (the duplicate table), Law 78A (matchpoints) and Law 78B (IMPs).
use crate::bridge::call::Strain;
use crate::bridge::contract::{Contract, ContractOrPass, Doubling};
use crate::bridge::seat::{Seat, Side};
use crate::bridge::vulnerability::Vulnerability;
use serde::{Deserialize, Serialize};

/// A tricks count outside 0..=13.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("tricks must be 0-13, got {0}")]
pub struct TricksError(pub i64);

/// Law 77 score for declarer's side (negative when the contract fails).
pub fn contract_score(c: Contract, vulnerable: bool, tricks: u8) -> Result<i32, TricksError> {
    if tricks > 13 {
        return Err(TricksError(tricks as i64));
    }
    let need = c.tricks_needed() as i32;
    let tricks = tricks as i32;
    let m = c.doubling.multiplier();
    if tricks >= need {
        let per = match c.strain {
            Strain::C | Strain::D => 20,
            _ => 30,
        };
        let level = c.level as i32;
        // Trick points: odd tricks bid and made; NT's first trick is 40 (10 more).
        let tp = per * level * m + if c.strain == Strain::NT { 10 * m } else { 0 };
        let over = tricks - need;
        let over_value = match c.doubling {
            Doubling::Undoubled => per,
            Doubling::Doubled => 100 * if vulnerable { 2 } else { 1 },
            Doubling::Redoubled => 200 * if vulnerable { 2 } else { 1 },
        };
        let game = if tp >= 100 {
            if vulnerable {
                500
            } else {
                300
            }
        } else {
            50
        };
        let slam = match (level, vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        let insult = match c.doubling {
            Doubling::Undoubled => 0,
            Doubling::Doubled => 50,
            Doubling::Redoubled => 100,
        };
        Ok(tp + over * over_value + game + slam + insult)
    } else {
        Ok(-undertrick_penalty(
            c.doubling,
            vulnerable,
            (need - tricks) as u32,
        ))
    }
}

/// Law 77 undertricks, cumulative, for `n` undertricks.
pub fn undertrick_penalty(d: Doubling, vulnerable: bool, n: u32) -> i32 {
    let n = n as i32;
    match d {
        Doubling::Undoubled => n * if vulnerable { 100 } else { 50 },
        Doubling::Doubled | Doubling::Redoubled => {
            let single: i32 = (1..=n)
                .map(|i| match (vulnerable, i) {
                    (true, 1) => 200,
                    (true, _) => 300,
                    (false, 1) => 100,
                    (false, 2..=3) => 200,
                    (false, _) => 300,
                })
                .sum();
            if d == Doubling::Redoubled {
                2 * single
            } else {
                single
            }
        }
    }
}

/// The score of a board for both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardScore {
    pub ns: i32,
    pub ew: i32,
}

/// Score a result for N-S and E-W. A pass-out scores 0 for both (Law 22B, Law 77).
pub fn board_score(
    contract: ContractOrPass,
    declarer: Seat,
    vul: Vulnerability,
    tricks: u8,
) -> Result<BoardScore, TricksError> {
    match contract {
        ContractOrPass::PassedOut => Ok(BoardScore { ns: 0, ew: 0 }),
        ContractOrPass::Contract(c) => {
            let side = declarer.side();
            let s = contract_score(c, vul.is_vulnerable(side), tricks)?;
            Ok(match side {
                Side::NS => BoardScore { ns: s, ew: -s },
                Side::EW => BoardScore { ns: -s, ew: s },
            })
        }
    }
}

/// Law 78B thresholds: the IMPs for a difference are how many of these it reaches.
const IMP_THRESHOLDS: [i64; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// Law 78B IMPs for a point difference, sign kept. Differences that are not multiples of 10
/// (weighted scores) use the threshold form: a project convention (bridge-laws.md §5.3).
pub fn imps(difference: i64) -> i32 {
    let d = difference.unsigned_abs();
    let n = IMP_THRESHOLDS.iter().filter(|&&t| d >= t as u64).count() as i32;
    if difference < 0 {
        -n
    } else {
        n
    }
}

/// Law 78A matchpoints, in half-matchpoint units: 2 per score beaten, 1 per equal score.
/// Returns one value per input score; the top is `2 * (n - 1)`.
pub fn matchpoints(scores: &[i32]) -> Vec<u32> {
    scores
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            scores
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &y)| match x.cmp(&y) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                })
                .sum()
        })
        .collect()
}
