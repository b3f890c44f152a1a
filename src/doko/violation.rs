//! Violations the engine flags while folding a game (§1.16 "record first, judge later").
//! A flag opens a claim window; only a claim and a ruling turn it into penalty points.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::announce::AnnounceIssue;
use super::claim::{ClaimWindow, RulingStage};
use super::determination::DeterminationFlag;
use super::penalty::{Classification, PenaltyOutcome, Ruling};
use super::ranking::CardClass;
use super::seat::Seat;

/// What the engine noticed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "violation")]
pub enum ViolationKind {
    /// §4.2.4 Nichtbedienen: did not follow `led` although able to.
    Nichtbedienen { trick: u8, led: CardClass },
    /// §4.2.5 Verwerfen: did not follow and corrected it at once.
    Verwerfen { trick: u8 },
    /// §4.1.3: a card that followed suit was taken back.
    CardTakenBack { trick: u8 },
    /// §4.2.7 Vorwerfen / §4.1 lead out of turn. In the last trick: unerheblich (§4.1.4).
    OutOfTurn { trick: u8, expected: Seat },
    /// §5: an irregular announcement (it stands unless claimed).
    Announcement { issues: Vec<AnnounceIssue> },
    /// §3: an irregularity of the Vorbehaltsabfrage (false Schmeißen, late correction, …).
    Determination { flag: DeterminationFlag },
    /// Anything else the director records (e.g. §4.4.7, §8.1.3), described in words.
    Reported { description: String },
}

impl ViolationKind {
    /// Rule section named by the flag.
    pub fn rule(&self) -> &'static str {
        match self {
            ViolationKind::Nichtbedienen { .. } => "4.2.4",
            ViolationKind::Verwerfen { .. } => "4.2.5",
            ViolationKind::CardTakenBack { .. } => "4.1.3",
            ViolationKind::OutOfTurn { .. } => "4.2.7",
            ViolationKind::Announcement { .. } => "5",
            ViolationKind::Determination { flag } => match flag {
                DeterminationFlag::FalseSchmeissen { .. } => "3.4.3",
                DeterminationFlag::HochzeitWithoutClubQueens { .. } => "3.5.2",
                DeterminationFlag::VorbehaltNotNameable { .. } => "3.1.4",
                DeterminationFlag::LateCorrection { .. }
                | DeterminationFlag::CorrectionAfterPlay { .. } => "3.1.2",
            },
            ViolationKind::Reported { .. } => "8.3.1",
        }
    }

    /// The classification the seed itself prescribes, where it does; otherwise the
    /// Schiedsrichter decides (§8.3.1).
    pub fn prescribed(&self) -> Option<Classification> {
        match self {
            // §4.1.4: a lead out of turn to the last trick.
            ViolationKind::OutOfTurn { trick: 12, .. } => Some(Classification::Unerheblich),
            // §5.5.8(a): repetition once the partnership is clear.
            ViolationKind::Announcement { issues }
                if issues.contains(&AnnounceIssue::RepeatedWhenClear) =>
            {
                Some(Classification::Geringfuegig)
            }
            ViolationKind::Determination {
                flag: DeterminationFlag::FalseSchmeissen { .. },
            } => Some(Classification::Schwerwiegend),
            ViolationKind::Determination {
                flag:
                    DeterminationFlag::LateCorrection {
                        for_hochzeit: true, ..
                    },
            } => Some(Classification::Geringfuegig),
            _ => None,
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
