//! A scored table result and the small pieces every scoring pass shares (a side's players,
//! rounding, the artificial scores of a policy): below `score`, `session` and `standings`,
//! so none of them imports another for these.

use super::note::Reason;
use crate::events::{Artificial, Form, PolicySet};
use crate::log::Hash32;
use serde::Serialize;

/// One table result with its score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultRow {
    pub section: String,
    pub board: u32,
    pub round: u32,
    pub table: u32,
    pub ns: String,
    pub ew: String,
    pub result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_ns: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ew: Option<f64>,
    /// Matchpoint top on this board: 2 × (results − 1), after factoring.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_top: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ew: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ew: Option<f64>,
    pub artificial: bool,
    pub weighted: bool,
    pub adjusted: bool,
    /// Why a score is missing or special, for a person reading the results: the English of
    /// [`ResultRow::reasons`] (set only through [`ResultRow::set_reasons`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The same reasons as keys and values, for a reader in another language
    /// (`results::note`).
    #[serde(skip)]
    pub reasons: Vec<Reason>,
    /// Number of signed events behind this result (see `tdlog audit`).
    pub events: usize,
    /// The `scoring.policy` event this row was scored under; absent: the defaults of the
    /// section's form (principle 3: every report names its policy).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<Hash32>,
    /// The artificial score behind this row, kept for the session pass (`results::session`).
    #[serde(skip)]
    pub(crate) basis: Option<Basis>,
}

impl ResultRow {
    /// The row's reasons, and its English `note` from them.
    pub(crate) fn set_reasons(&mut self, reasons: Vec<Reason>) {
        self.note = super::note::say(&reasons, crate::i18n::Lang::En);
        self.reasons = reasons;
    }
}

/// An artificial score as scored on a row, from the row's N-S side.
#[derive(Debug, Clone, PartialEq)]
pub struct Basis {
    pub(super) ns: Artificial,
    pub(super) ew: Artificial,
    /// The table did not play the board (DBV footnote C counts these).
    pub(super) unplayed: bool,
    pub(super) reasons: Vec<Reason>,
}

impl Basis {
    pub(crate) fn new(ns: Artificial, ew: Artificial, unplayed: bool, reasons: &[Reason]) -> Self {
        Basis {
            ns,
            ew,
            unplayed,
            reasons: reasons.to_vec(),
        }
    }
}

/// The contestants a side stands for. In an individual event a side is its two players
/// written `3+7`, and its score counts for both (Law 12C3, Law 89); otherwise the side is
/// the contestant.
pub fn players(form: Form, side: &str) -> impl Iterator<Item = &str> {
    // Without allocating: a non-individual side is split on nothing and kept as it is.
    let individual = form == Form::Individual;
    let mut parts = side.split(move |c| individual && c == '+');
    std::iter::from_fn(move || {
        parts.by_ref().find_map(|x| {
            let x = if individual { x.trim() } else { x };
            (!x.is_empty() || !individual).then_some(x)
        })
    })
}

/// Rounds to `d` decimals (IMPs from weighted scores are shown at this precision).
pub fn round(x: f64, d: i32) -> f64 {
    let f = 10f64.powi(d);
    (x * f).round() / f + 0.0
}

pub(crate) fn artificial_pct(a: Artificial, p: &PolicySet) -> f64 {
    match a {
        Artificial::AveragePlus => p.artificial.average_plus_pct,
        Artificial::Average => p.artificial.average_pct,
        Artificial::AverageMinus => p.artificial.average_minus_pct,
    }
}

pub(crate) fn artificial_imps(a: Artificial, p: &PolicySet) -> f64 {
    let i = p.artificial.imps_plus();
    match a {
        Artificial::AveragePlus => i,
        Artificial::Average => 0.0,
        Artificial::AverageMinus => -i,
    }
}

/// The Law 12C4 average of one board's two IMP assessments, said in the note when it
/// changes them.
pub(crate) fn knockout_imps(ns: f64, ew: f64, reasons: &mut Vec<Reason>) -> (f64, f64) {
    if round(ns + ew, 2) == 0.0 {
        return (ns, ew);
    }
    let (a, b) = crate::bridge::adjust::knockout_average(ns, ew);
    let (a, b) = (round(a, 2) + 0.0, round(b, 2) + 0.0);
    reasons.push(
        Reason::new("note.knockout")
            .with("ns", format!("{ns:+}"))
            .with("ew", format!("{ew:+}"))
            .with("a", format!("{a:+}"))
            .with("b", format!("{b:+}")),
    );
    (a, b)
}
