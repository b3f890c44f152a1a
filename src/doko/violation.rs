//! Violations the engine flags while folding a game (§1.16 "record first, judge later").
//! A flag opens a claim window; only a claim and a ruling turn it into penalty points.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::announce::AnnounceIssue;
use super::claim::{ClaimWindow, RulingStage};
use super::penalty::{PenaltyOutcome, Ruling};
use super::ranking::CardClass;
use super::seat::Seat;

/// What the engine noticed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "violation")]
pub enum ViolationKind {
    /// §4.2.4 Nichtbedienen: did not follow `led` although able to.
    Nichtbedienen { trick: u8, led: CardClass },
    /// §4.2.7 Vorwerfen / §4.1 lead out of turn. In the last trick: unerheblich (§4.1.4).
    OutOfTurn { trick: u8, expected: Seat },
    /// §5: an irregular announcement (it stands unless claimed).
    Announcement { issues: Vec<AnnounceIssue> },
    /// Anything else the director records (e.g. §4.4.7, §8.1.3), described in words.
    Reported { description: String },
}

impl ViolationKind {
    /// Rule section named by the flag.
    pub fn rule(&self) -> &'static str {
        match self {
            ViolationKind::Nichtbedienen { .. } => "4.2.4",
            ViolationKind::OutOfTurn { .. } => "4.2.7",
            ViolationKind::Announcement { .. } => "5",
            ViolationKind::Reported { .. } => "8.3.1",
        }
    }
}

/// One flagged violation with its claim window and, once claimed, its ruling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Violation {
    pub offender: Seat,
    pub kind: ViolationKind,
    /// Index of the game event that committed it.
    pub at_event: usize,
    /// Completed tricks when it was committed (for §8.5 "only completed tricks count").
    pub tricks_before: u8,
    /// Announcements made before it (for n of §8.6.2).
    pub announcements_before: usize,
    pub window: ClaimWindow,
    pub ruling: Option<RulingStage<Ruling>>,
    /// Event index of the Schiedsrichter's ruling (an appeal must follow at once).
    pub ruled_at: Option<usize>,
    /// The penalty of the ruling in force.
    pub penalty: Option<PenaltyOutcome>,
}
