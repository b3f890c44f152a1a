//! Rankings from totals (Law 78D: the conditions of contest say how winners are determined and
//! how ties are broken). Higher totals rank first. Equal totals share a place unless the policy
//! breaks ties by keys; the listed order of equal contestants is by contestant id, so the output
//! never depends on input order.
use super::policy::{PlaceStyle, RankingPolicy, TieBreak};
use super::ScoringError;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt::{self, Display};

/// A contestant's total, with tie-break keys (higher is better), used with [`TieBreak::Keys`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing<Id> {
    pub id: Id,
    pub total: f64,
    pub keys: Vec<f64>,
}

impl<Id> Standing<Id> {
    pub fn new(id: Id, total: f64) -> Self {
        Standing {
            id,
            total,
            keys: Vec::new(),
        }
    }
}

/// A place, possibly shared: `first..=last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    pub first: u32,
    pub last: u32,
}

impl Place {
    pub fn is_shared(self) -> bool {
        self.first != self.last
    }

    /// "3", or for a shared place "3-4" ([`PlaceStyle::Range`]) or "3=" ([`PlaceStyle::Equals`]).
    pub fn label(self, style: PlaceStyle) -> String {
        match (self.is_shared(), style) {
            (false, _) => self.first.to_string(),
            (true, PlaceStyle::Range) => format!("{}-{}", self.first, self.last),
            (true, PlaceStyle::Equals) => format!("{}=", self.first),
        }
    }
}

/// One line of a ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ranked<Id> {
    pub id: Id,
    pub total: f64,
    pub place: Place,
    /// The place as printed, by the policy's style.
    pub label: String,
}

/// Rank the standings. Totals are compared after rounding to `compare_decimals` (what is
/// published). Errors on a non-finite total or key, a duplicate id, or (with
/// [`TieBreak::Keys`]) contestants with different numbers of keys.
pub fn rank<Id>(
    standings: &[Standing<Id>],
    policy: &RankingPolicy,
) -> Result<Vec<Ranked<Id>>, ScoringError>
where
    Id: Ord + Clone + Display,
{
    for s in standings {
        if !s.total.is_finite() {
            return Err(ScoringError::BadTotal(s.total));
        }
        if let Some(k) = s.keys.iter().find(|k| !k.is_finite()) {
            return Err(ScoringError::BadTotal(*k));
        }
    }
    let use_keys = policy.tie_break != TieBreak::SharedPlace;
    if use_keys
        && standings
            .windows(2)
            .any(|w| w[0].keys.len() != w[1].keys.len())
    {
        return Err(ScoringError::TieBreakKeys);
    }
    let cmp_total = |x: f64| match policy.compare_decimals {
        Some(d) => super::round_half_away(x, d) + 0.0,
        None => x + 0.0,
    };
    let mut order: Vec<&Standing<Id>> = standings.iter().collect();
    order.sort_by(|a, b| a.id.cmp(&b.id));
    if let Some(w) = order.windows(2).find(|w| w[0].id == w[1].id) {
        return Err(ScoringError::DuplicateContestant(w[0].id.to_string()));
    }
    // Equal under the policy: same compared total and (with keys) same keys.
    let standing_cmp = |a: &Standing<Id>, b: &Standing<Id>| -> Ordering {
        let t = cmp_total(b.total).total_cmp(&cmp_total(a.total));
        if t != Ordering::Equal || !use_keys {
            return t;
        }
        for (ka, kb) in a.keys.iter().zip(&b.keys) {
            let k = (kb + 0.0).total_cmp(&(ka + 0.0));
            if k != Ordering::Equal {
                return k;
            }
        }
        Ordering::Equal
    };
    // Stable sort on an id-sorted list: equal standings stay in id order.
    order.sort_by(|a, b| standing_cmp(a, b));
    let mut out = Vec::with_capacity(order.len());
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && standing_cmp(order[i], order[j]) == Ordering::Equal {
            j += 1;
        }
        let place = Place {
            first: i as u32 + 1,
            last: j as u32,
        };
        for s in &order[i..j] {
            out.push(Ranked {
                id: s.id.clone(),
                total: s.total,
                place,
                label: place.label(policy.place_style),
            });
        }
        i = j;
    }
    Ok(out)
}

impl Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label(PlaceStyle::Range))
    }
}
