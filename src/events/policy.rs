//! `scoring.policy`: every scoring choice of an event as a signed, versioned configuration
//! event (principle 3: no hidden constants). The latest policy for a section applies, and
//! every report shows which one (and the event that set it).

use super::{check_text, EventPayload};
use crate::scoring::policy::ScoringPolicy;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How a section's results are compared (Law 78; regulations choose, Law 78D).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Law 78A: 2 per score beaten, 1 per tie.
    Matchpoints,
    /// Law 78B: each score IMPed against every other.
    CrossImps,
    /// Law 78B against a datum.
    Butler,
    /// Law 78B, each board against the other table of the match (Law 86 for adjustments).
    TeamsImps,
    /// Law 78C: the sum of the points.
    TotalPoints,
}

/// How a team ranking is made from matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TeamTotals {
    /// Victory points per match by the policy's VP scale (Law 78D).
    VictoryPoints,
    /// The sum of IMPs.
    Imps,
}

/// Which reading of Law 12C2(c) to apply (bridge-laws.md §6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionRule {
    /// WBF: a non-offender whose session is above 60 % gets its session percentage, an
    /// offender below 40 % its own.
    Wbf,
    /// The DBV text's reading (both conditions on the non-offending side).
    DbvText,
}

/// Artificial adjusted scores (Law 12C2(a), Law 86A).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ArtificialScores {
    /// At most 40 (Law 12C2(a)).
    pub average_minus_pct: f64,
    pub average_pct: f64,
    /// At least 60 (Law 12C2(a)).
    pub average_plus_pct: f64,
    /// Teams: IMPs for average plus (Law 86A: 3 unless the regulations say otherwise).
    pub imps: u32,
    pub session_rule: SessionRule,
    /// IMPs for average plus as a decimal, replacing `imps` when set (JFR gives ±1.2 IMP
    /// for Avg+/Avg−); average minus is its negative. Left out of the signed payload when
    /// unset, so policies signed before it keep their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imps_decimal: Option<f64>,
}

impl Default for ArtificialScores {
    fn default() -> Self {
        ArtificialScores {
            average_minus_pct: 40.0,
            average_pct: 50.0,
            average_plus_pct: 60.0,
            imps: 3,
            session_rule: SessionRule::Wbf,
            imps_decimal: None,
        }
    }
}

impl ArtificialScores {
    /// IMPs for average plus: `imps_decimal` when set, else `imps`.
    pub fn imps_plus(&self) -> f64 {
        self.imps_decimal.unwrap_or(self.imps as f64)
    }

    /// The bridge engine's form of the same settings.
    pub fn config(&self) -> crate::bridge::adjust::ArtificialConfig {
        crate::bridge::adjust::ArtificialConfig {
            average_minus_pct: self.average_minus_pct,
            average_pct: self.average_pct,
            average_plus_pct: self.average_plus_pct,
            imps: self.imps as i32,
            original_12c2c: self.session_rule == SessionRule::Wbf,
        }
    }
}

/// The scoring policy of one section (or of all sections when `section` is absent). Fields
/// left out of a policy file take the defaults below; the signed payload always has all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PolicySet {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    pub method: Method,
    pub team_totals: TeamTotals,
    pub artificial: ArtificialScores,
    /// DBV footnote C: from the third board a team did not play, scored as not played.
    pub dbv_footnote_c: bool,
    /// Law 12C4: the section's matches are knock-out matches, so a board whose two teams'
    /// adjusted IMPs do not balance gives both the average of the two assessments. Left out
    /// of the signed payload when off, so policies signed before it keep their bytes.
    #[serde(skip_serializing_if = "is_false")]
    pub knockout: bool,
    pub scoring: ScoringPolicy,
    /// Matchpoint factoring per board or per size of field, replacing
    /// `scoring.matchpoints.{factoring, mp_rounding}` where a rule matches (the first that
    /// matches applies). NZ Scorer scales some boards of a three-quarter Howell linearly to
    /// whole matchpoints and uses Neuberg on the others. Left out when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factoring_rules: Vec<FactoringRule>,
    /// Handicaps per contestant id, in percentage points: a matchpoint ranking adds half the
    /// handicap to the contestant's percentage (NZ handicap sessions: HANDICAP/2). Shown on
    /// the ranking. Left out when empty.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub handicaps: std::collections::BTreeMap<String, f64>,
    /// Why the organiser or chief TD set or changed it.
    pub note: String,
}

/// Which boards a factoring rule covers: listed boards and/or a range of field sizes (N,
/// the results the movement expects on the board). Unset parts match everything.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactoringRule {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_field: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_field: Option<u32>,
    /// `neuberg`, `pro_rata` (linear scaling: MP·(N−1)/(n−1)) or `none`.
    pub factoring: crate::scoring::policy::MatchpointFactoring,
    /// The rounding of factored matchpoints under this rule (e.g. 0 decimals, `down`:
    /// whole matchpoints).
    pub mp_rounding: crate::scoring::policy::Rounding,
}

impl FactoringRule {
    pub fn matches(&self, board: u32, field: usize) -> bool {
        (self.boards.is_empty() || self.boards.contains(&board))
            && self.min_field.is_none_or(|m| field >= m as usize)
            && self.max_field.is_none_or(|m| field <= m as usize)
    }
}

impl Default for PolicySet {
    fn default() -> Self {
        PolicySet {
            note: "set by the chief TD or organiser".into(),
            ..PolicySet::default_for(super::Form::Pairs)
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl PolicySet {
    /// The default a TD expects for a form of contest, when no policy event exists.
    pub fn default_for(form: super::Form) -> PolicySet {
        PolicySet {
            section: None,
            method: match form {
                super::Form::Teams => Method::TeamsImps,
                _ => Method::Matchpoints,
            },
            team_totals: TeamTotals::VictoryPoints,
            artificial: ArtificialScores::default(),
            dbv_footnote_c: false,
            knockout: false,
            scoring: ScoringPolicy::default(),
            factoring_rules: vec![],
            handicaps: Default::default(),
            note: "defaults (no scoring.policy event)".into(),
        }
    }
}

impl EventPayload for PolicySet {
    const KIND: &'static str = "scoring.policy";
    fn check(&self) -> Result<(), String> {
        check_text("note", &self.note, 2000)?;
        if let Some(i) = self.artificial.imps_decimal {
            if !i.is_finite() || i < 0.0 {
                return Err(format!(
                    "Law 12C2(b): artificial IMPs must be a finite non-negative number, not {i}"
                ));
            }
        }
        for (c, h) in &self.handicaps {
            if !h.is_finite() {
                return Err(format!("handicap of {c:?} is not a finite number"));
            }
        }
        self.artificial
            .config()
            .validate()
            .map_err(|e| e.to_string())
    }
}
