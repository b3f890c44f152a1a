//! A file's `Score` checked against Law 77's score of its contract (the contract decides).

use crate::bridge::board::vulnerability as law2_vulnerability;
use crate::bridge::contract::ContractOrPass;
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::TableResult;

/// The N-S points a PBN `Score` tag states: `"NS 420"`, `"EW -50"`, or a bare number (N-S).
fn stated_score(tag: &str) -> Option<i32> {
    let t = tag.trim();
    let (sign, rest) = match t.get(..3) {
        Some(p) if p.eq_ignore_ascii_case("NS ") => (1, &t[3..]),
        Some(p) if p.eq_ignore_ascii_case("EW ") => (-1, &t[3..]),
        _ => (1, t),
    };
    rest.trim()
        .trim_start_matches('+')
        .parse::<i32>()
        .ok()
        .map(|x| sign * x)
}

/// A `Score` that is not Law 77's score of the recorded contract is said, with both numbers;
/// the contract decides (the score is derived from it, never taken from the file).
pub(crate) fn score_check(
    res: &TableResult,
    tag: &str,
    board: u32,
    vul: Option<&str>,
) -> Option<String> {
    let stated = stated_score(tag)?;
    let c: ContractOrPass = res.contract.parse().ok()?;
    let v: Vulnerability = match vul {
        Some(v) => v.parse().ok()?,
        None => law2_vulnerability(board),
    };
    let law77 = crate::bridge::score::board_score(
        c,
        res.declarer.unwrap_or(Seat::N),
        v,
        res.tricks.unwrap_or(0),
    )
    .ok()?
    .ns;
    (law77 != stated).then(|| {
        format!(
            "Score {tag:?} (N-S {stated}) disagrees with Law 77: {} by {} with {} tricks scores N-S {law77}; tdlog scores the contract",
            res.contract,
            res.declarer.map_or("-".to_string(), |d| d.to_string()),
            res.tricks.unwrap_or(0)
        )
    })
}
