//! The director at the table (state machine B of `bridge-laws.md` §7.4): the call, the
//! facts, the options offered and chosen, and the ruling with its laws and category. The
//! category drives appeal routing (Law 93) and what cannot be appealed (Law 91).

use super::{check_text, Adjustment, EventPayload, Slot};
use crate::log::Hash32;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What kind of ruling this is; decides where an appeal goes (Laws 91, 93B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Only the Laws or regulations: the chief TD decides an appeal (Law 93B1).
    Law,
    /// Facts or judgement: the appeals committee decides (Law 93B2).
    Judgement,
    /// A procedural penalty (Law 90): reviewable by the committee.
    ProceduralPenalty,
    /// A disciplinary penalty (Law 91A): final, not appealable (Law 93B3).
    Disciplinary,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Law => "law",
            Category::Judgement => "judgement",
            Category::ProceduralPenalty => "procedural_penalty",
            Category::Disciplinary => "disciplinary",
        }
    }
}

/// Attention drawn and the director called to a table (Law 9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DirectorCall {
    #[serde(flatten)]
    pub slot: Slot,
    /// Who drew attention (a seat or a name).
    pub attention_drawn_by: String,
    /// Who called the director.
    pub called_by: String,
    /// The irregularity as reported.
    pub irregularity: String,
}

impl EventPayload for DirectorCall {
    const KIND: &'static str = "director.call";
    fn check(&self) -> Result<(), String> {
        check_text("attention_drawn_by", &self.attention_drawn_by, 200)?;
        check_text("called_by", &self.called_by, 200)?;
        check_text("irregularity", &self.irregularity, 5000)
    }
}

/// A director's ruling at a table (Laws 81-85): facts, options, laws, category, and the
/// rectification or adjusted score. A ruling with `corrects` replaces an earlier ruling of
/// the same director (Law 82C).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    #[serde(flatten)]
    pub slot: Slot,
    /// N-S and E-W contestants at the table.
    pub ns: String,
    pub ew: String,
    /// The `director.call` this answers, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<Hash32>,
    /// The offending seat(s) or contestant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offender: Option<String>,
    pub facts: String,
    /// Agreed facts (Law 84) or disputed and found on the balance of probabilities (Law 85).
    pub facts_agreed: bool,
    /// Every option the director explained (Law 10C1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options_offered: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_chosen: Option<String>,
    /// Who chose it (Law 10C2: the entitled player alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_by: Option<String>,
    /// Laws cited, e.g. `16B1`, `12C1(c)`.
    pub laws: Vec<String>,
    pub category: Category,
    /// The ruling as stated at the table.
    pub decision: String,
    /// An adjusted score in place of the table result (Law 12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjustment: Option<Adjustment>,
    /// Reviews deferred to the end of the board (e.g. `64C`, `16B3`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deferred_review: Vec<String>,
    /// The director told the contestants of their right to appeal (Law 83).
    pub appeal_notice: bool,
    /// The ruling this one corrects (Law 82C).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrects: Option<Hash32>,
}

impl EventPayload for Ruling {
    const KIND: &'static str = "director.ruling";
    fn check(&self) -> Result<(), String> {
        check_text("section", &self.slot.section, 20)?;
        check_text("facts", &self.facts, 10_000)?;
        check_text("decision", &self.decision, 10_000)?;
        if self.laws.is_empty() {
            return Err("a ruling cites at least one law".into());
        }
        for l in &self.laws {
            check_text("law", l, 40)?;
        }
        if self.ns == self.ew {
            return Err(format!("{} cannot play against itself", self.ns));
        }
        if self.option_chosen.is_some() && self.chosen_by.is_none() {
            return Err("an option chosen names who chose it (Law 10C2)".into());
        }
        Ok(())
    }
}
