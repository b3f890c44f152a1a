//! Swiss pairing: the next round's matches from the current standings, no two teams meeting
//! twice. The rule (top-down with backtracking, as the EBU and ACBL Swiss teams run it): take
//! the highest-placed team not yet paired and give it the highest-placed team below it that
//! it has not met; if the teams left can then not all be paired without a repeat, try its
//! next candidate, and if none works, go back to the team paired before it. Ties in the
//! standings keep the order given (the caller's tie-break or the seeding).

use super::MovementError;
use std::collections::{BTreeMap, BTreeSet};

/// The most teams the pairing takes (its search keeps the teams left as one 128-bit set).
pub const MAX_SWISS_TEAMS: usize = 128;

/// The next round's matches as (higher placed, lower placed), best-placed match first.
/// `standings` are (team, score) in any order; `played` the matches already played (either
/// order). An odd field needs a bye team in the standings (a phantom: its opponent sits
/// out); byes then rotate like any other match, never to the same team twice while avoidable.
pub fn swiss_round(
    standings: &[(String, f64)],
    played: &[(String, String)],
) -> Result<Vec<(String, String)>, MovementError> {
    if standings.len() > MAX_SWISS_TEAMS {
        return Err(MovementError::SwissTooMany {
            max: MAX_SWISS_TEAMS,
            got: standings.len(),
        });
    }
    if !standings.len().is_multiple_of(2) {
        return Err(MovementError::SwissOdd {
            got: standings.len(),
        });
    }
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, (team, _)) in standings.iter().enumerate() {
        if index.insert(team.as_str(), i).is_some() {
            return Err(MovementError::SwissDuplicate { team: team.clone() });
        }
    }
    let mut met = BTreeSet::new();
    for (a, b) in played {
        let ia = *index
            .get(a.as_str())
            .ok_or_else(|| MovementError::SwissUnknown { team: a.clone() })?;
        let ib = *index
            .get(b.as_str())
            .ok_or_else(|| MovementError::SwissUnknown { team: b.clone() })?;
        met.insert((ia.min(ib), ia.max(ib)));
    }
    // Places: score descending, ties in the order given (a stable sort).
    let mut order: Vec<usize> = (0..standings.len()).collect();
    order.sort_by(|&a, &b| standings[b].1.total_cmp(&standings[a].1));
    let pairs = pair_order(&order, &|a: usize, b: usize| {
        met.contains(&(a.min(b), a.max(b)))
    })?;
    Ok(pairs
        .into_iter()
        .map(|(a, b)| (standings[a].0.clone(), standings[b].0.clone()))
        .collect())
}

/// Pairs `order` (best placed first) top-down with backtracking, never two that `met`.
/// Generic over the team's handle (an index or a number).
pub(super) fn pair_order<T: Copy>(
    order: &[T],
    met: &dyn Fn(T, T) -> bool,
) -> Result<Vec<(T, T)>, MovementError> {
    let n = order.len();
    if n > MAX_SWISS_TEAMS {
        return Err(MovementError::SwissTooMany {
            max: MAX_SWISS_TEAMS,
            got: n,
        });
    }
    if !n.is_multiple_of(2) {
        return Err(MovementError::SwissOdd { got: n });
    }
    let all: u128 = if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    // Sets of places (bits) already known to admit no pairing: each is tried once.
    let mut dead: BTreeSet<u128> = BTreeSet::new();
    let mut out = Vec::with_capacity(n / 2);
    if pair_rest(order, met, all, &mut dead, &mut out) {
        Ok(out.into_iter().map(|(a, b)| (order[a], order[b])).collect())
    } else {
        Err(MovementError::SwissNoPairing { teams: n })
    }
}

/// Pairs the places in `left`; appends the matches (as places) to `out` on success.
fn pair_rest<T: Copy>(
    order: &[T],
    met: &dyn Fn(T, T) -> bool,
    left: u128,
    dead: &mut BTreeSet<u128>,
    out: &mut Vec<(usize, usize)>,
) -> bool {
    if left == 0 {
        return true;
    }
    if dead.contains(&left) {
        return false;
    }
    let top = left.trailing_zeros() as usize;
    let mut rest = left & !(1u128 << top);
    while rest != 0 {
        let cand = rest.trailing_zeros() as usize;
        rest &= !(1u128 << cand);
        if met(order[top], order[cand]) {
            continue;
        }
        out.push((top, cand));
        if pair_rest(
            order,
            met,
            left & !(1u128 << top) & !(1u128 << cand),
            dead,
            out,
        ) {
            return true;
        }
        out.pop();
    }
    dead.insert(left);
    false
}
