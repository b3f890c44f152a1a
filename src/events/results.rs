//! Tournament structure, table results and the TD's score rulings (Laws 12, 77, 86, 87).
//!
//! Identifiers are plain text a scorer uses: a section letter, a pair number ("12") or a
//! team name. Contracts are written as on a traveller (`4SX`, `3NT`, `Pass`) and checked by
//! the bridge engine, so a malformed one is refused before it is signed.

use super::{check_text, EventPayload};
use crate::bridge::contract::ContractOrPass;
use crate::bridge::seat::Seat;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Pairs, teams or individual: decides how contestants are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Form {
    Pairs,
    Teams,
    Individual,
}

/// A section of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub section: String,
    pub form: Form,
    pub title: String,
}

impl EventPayload for Section {
    const KIND: &'static str = "structure.section";
    fn check(&self) -> Result<(), String> {
        check_text("section", &self.section, 20)?;
        check_text("title", &self.title, 200)
    }
}

/// A pair, team or individual player in a section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Contestant {
    pub section: String,
    /// Pair number or team name, unique in the section.
    pub id: String,
    pub name: String,
    /// Players (pair: two; team: four or more; individual: one).
    pub members: Vec<String>,
    /// Team captain (Law 92D: the captain's consent is what an appeal needs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captain: Option<String>,
    /// A phantom or sit-out: boards against it are not played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub phantom: bool,
}

impl EventPayload for Contestant {
    const KIND: &'static str = "structure.contestant";
    fn check(&self) -> Result<(), String> {
        check_text("section", &self.section, 20)?;
        check_text("id", &self.id, 100)?;
        check_text("name", &self.name, 200)?;
        for m in &self.members {
            check_text("member", m, 200)?;
        }
        Ok(())
    }
}

/// Whether a contestant is there (the latest record for a contestant applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Presence {
    /// Playing as scheduled (withdraws an earlier late or absent record).
    Present,
    /// Arrives late: plays from this round on. The boards it misses are the TD's to rule on
    /// (Law 12C2, W23); until then they stay scheduled, so the field is factored for them.
    Late { from_round: u32 },
    /// Does not play at all: its tables are sit-outs, as against a phantom.
    Absent,
}

/// A late or absent contestant (or one present after all).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attendance {
    pub section: String,
    pub contestant: String,
    pub presence: Presence,
    pub reason: String,
}

impl EventPayload for Attendance {
    const KIND: &'static str = "structure.attendance";
    fn check(&self) -> Result<(), String> {
        check_text("section", &self.section, 20)?;
        check_text("contestant", &self.contestant, 100)?;
        if self.presence == (Presence::Late { from_round: 0 }) {
            return Err("round numbers start at 1".into());
        }
        check_text("reason", &self.reason, 2000)
    }
}

/// The movement as data: who sits N-S and E-W at a table in a round, and which boards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableAssignment {
    pub section: String,
    pub round: u32,
    pub table: u32,
    pub ns: String,
    pub ew: String,
    pub boards: Vec<u32>,
}

impl EventPayload for TableAssignment {
    const KIND: &'static str = "structure.table";
    fn check(&self) -> Result<(), String> {
        check_text("section", &self.section, 20)?;
        if self.ns == self.ew {
            return Err(format!("{} cannot play against itself", self.ns));
        }
        if self.boards.contains(&0) {
            return Err("board numbers start at 1".into());
        }
        Ok(())
    }
}

/// A board's facts: a non-conforming dealer or vulnerability (Law 2 override) and the deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardFacts {
    pub section: String,
    pub board: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub dealer: Option<Seat>,
    /// `None`, `NS`, `EW` or `Both`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vulnerable: Option<String>,
    /// PBN deal string, e.g. `N:KT8.A96.A95.7542 ...`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
}

impl EventPayload for BoardFacts {
    const KIND: &'static str = "structure.board";
    fn check(&self) -> Result<(), String> {
        if self.board == 0 {
            return Err("board numbers start at 1".into());
        }
        if let Some(v) = &self.vulnerable {
            v.parse::<crate::bridge::vulnerability::Vulnerability>()
                .map_err(|e| e.0)?;
        }
        if let Some(d) = &self.deal {
            crate::bridge::board::Deal::parse_checked(d).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Where a board was played: the key of a table result.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Slot {
    pub section: String,
    pub round: u32,
    pub table: u32,
    pub board: u32,
}

/// A contract, its declarer and the tricks won (Law 77 scores it). `Pass` has no declarer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableResult {
    /// As on a traveller: `4SX`, `3NT`, `1CXX`, `Pass`.
    pub contract: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub declarer: Option<Seat>,
    /// Tricks won by declarer's side (0-13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tricks: Option<u8>,
}

impl TableResult {
    pub fn check(&self) -> Result<(), String> {
        let c: ContractOrPass = self
            .contract
            .parse()
            .map_err(|e: crate::bridge::contract::ContractError| e.to_string())?;
        match (c, self.declarer, self.tricks) {
            (ContractOrPass::PassedOut, None, None) => Ok(()),
            (ContractOrPass::PassedOut, _, _) => {
                Err("a passed-out board has no declarer and no tricks".into())
            }
            (ContractOrPass::Contract(_), Some(_), Some(t)) if t <= 13 => Ok(()),
            (ContractOrPass::Contract(_), Some(_), Some(t)) => {
                Err(format!("{t} tricks: there are 13 tricks in a deal"))
            }
            (ContractOrPass::Contract(_), _, _) => {
                Err("a contract needs a declarer and the tricks won".into())
            }
        }
    }
}

/// A table result as the players agreed it (Law 79A), entered by a scorer or TD.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultRecorded {
    #[serde(flatten)]
    pub slot: Slot,
    pub ns: String,
    pub ew: String,
    #[serde(flatten)]
    pub result: TableResult,
}

impl EventPayload for ResultRecorded {
    const KIND: &'static str = "result.recorded";
    fn check(&self) -> Result<(), String> {
        check_text("section", &self.slot.section, 20)?;
        if self.ns == self.ew {
            return Err(format!("{} cannot play against itself", self.ns));
        }
        self.result.check()
    }
}

/// The board was not played at this table (late arrival, slow play, phantom...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultNotPlayed {
    #[serde(flatten)]
    pub slot: Slot,
    pub ns: String,
    pub ew: String,
    pub reason: String,
}

impl EventPayload for ResultNotPlayed {
    const KIND: &'static str = "result.not_played";
    fn check(&self) -> Result<(), String> {
        check_text("reason", &self.reason, 2000)
    }
}

/// An artificial adjusted score for one side (Law 12C2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Artificial {
    /// In no way at fault: average plus (at least 60 %, or +3 IMPs).
    AveragePlus,
    /// Partly at fault: average (50 %, 0 IMPs).
    Average,
    /// Directly at fault: average minus (at most 40 %, or −3 IMPs).
    AverageMinus,
}

/// One weighted outcome of a Law 12C1(c) ruling: `weight` parts of the whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weighted {
    pub weight: u32,
    #[serde(flatten)]
    pub result: TableResult,
}

/// What a TD's score ruling puts in place of the table result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Adjustment {
    /// Law 12C2: no result could be obtained; each side by its share of fault.
    Artificial { ns: Artificial, ew: Artificial },
    /// Law 12C1(b)/(e): an assigned result.
    Assigned {
        #[serde(flatten)]
        result: TableResult,
    },
    /// Law 12C1(c): weighted outcomes; the two sides may be weighted differently
    /// (`ew` absent: the same weights for E-W).
    Weighted {
        ns: Vec<Weighted>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ew: Option<Vec<Weighted>>,
    },
}

impl Adjustment {
    pub(crate) fn check(&self) -> Result<(), String> {
        let outcomes = |v: &Vec<Weighted>| -> Result<(), String> {
            if v.is_empty() || v.iter().any(|w| w.weight == 0) {
                return Err(
                    "a weighted score needs outcomes with positive weights (Law 12C1(c))".into(),
                );
            }
            v.iter().try_for_each(|w| w.result.check())
        };
        match self {
            Adjustment::Artificial { .. } => Ok(()),
            Adjustment::Assigned { result } => result.check(),
            Adjustment::Weighted { ns, ew } => {
                outcomes(ns)?;
                ew.as_ref().map_or(Ok(()), outcomes)
            }
        }
    }
}

/// A TD's ruling that replaces a table result with an adjusted score (Law 12), citing the
/// law. A later ruling on the same slot replaces it (the audit keeps both).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreAdjusted {
    #[serde(flatten)]
    pub slot: Slot,
    pub ns: String,
    pub ew: String,
    /// The law applied, e.g. `12C1(c)`, `16B3`, `27D`.
    pub law: String,
    pub adjustment: Adjustment,
    pub reason: String,
}

impl EventPayload for ScoreAdjusted {
    const KIND: &'static str = "ruling.adjusted_score";
    fn check(&self) -> Result<(), String> {
        check_text("law", &self.law, 40)?;
        check_text("reason", &self.reason, 5000)?;
        self.adjustment.check()
    }
}

/// Law 87: a fouled board. Results are compared only within each group of tables that
/// played the board in the same form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardFouled {
    pub section: String,
    pub board: u32,
    /// Each group lists `(round, table)` pairs that played the same cards.
    pub groups: Vec<Vec<(u32, u32)>>,
    pub reason: String,
}

impl EventPayload for BoardFouled {
    const KIND: &'static str = "ruling.fouled_board";
    fn check(&self) -> Result<(), String> {
        if self.groups.len() < 2 {
            return Err("a fouled board has at least two groups (Law 87A)".into());
        }
        check_text("reason", &self.reason, 5000)
    }
}
