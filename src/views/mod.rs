//! View models of the desktop app's screens: pure functions from a verified, replayed log to
//! serde values. The Tauri shell stays thin: it opens and verifies the log (IO), builds one
//! [`Replayed`], calls these functions and hands their JSON to the UI; it never re-derives
//! a score, a law or a consequence. The CLI (`tdlog view`) prints the same values.
//!
//! Text a person reads comes as [`crate::i18n::Msg`]: a stable key, its parameters, and the
//! text in the language asked for.

pub mod adjust;
pub mod board;
pub mod correction;
pub mod dashboard;
pub mod doko;
pub mod doko_cards;
pub mod doko_print;
pub mod events;
pub mod export;
pub mod hand_print;
pub mod hand_records;
pub mod hub;
pub mod import;
pub mod incident;
pub mod overview;
pub mod play;
pub mod policy;
pub mod procedure;
pub mod rulings;
pub mod setup;
pub mod structure;
mod text;
pub mod traveller;

pub use adjust::{adjust, adjust_split, parse_outcomes, AdjustAt, AdjustScreen};
pub use board::{board, scores, BoardScreen, TravellerRow};
pub use correction::{correction_payload, table_result};
pub use dashboard::{dashboard, BoardState, Dashboard};
pub use events::{event_line, EventLine};
pub use hub::{hub_status, HubStatus, SyncState};
pub use incident::{
    adjusted_score_payload, incident, note_payload, ruling_payload, IncidentScreen,
};
pub use overview::{overview, Overview};
pub use play::{card_payload, option_payload, play_choices, PlayChoice};
pub use rulings::{rulings, RulingFilter, RulingRow};
pub use traveller::{check_line, line_payload, traveller, LineCheck, TravellerBy, TravellerView};

use crate::bridge::tables::BridgeTables;
use crate::events::{PayloadError, Slot};
use crate::log::{replay, Verified};
use crate::results::{results, ResultRow, Tournament};
use thiserror::Error;

/// The last line of every report (appeal form, casebook), in the CLI and the app alike: the
/// head digest of the log the report was made from and its event count, so a printed report
/// names the state of the log it shows (`tdlog verify --expect DIGEST` checks it later).
pub fn report_digest(v: &Verified, lang: crate::i18n::Lang) -> crate::report::Block {
    let d = crate::log::digest::HeadSet::of(v).digest();
    crate::report::Block::Para(format!(
        "{}: {} ({} {})",
        crate::i18n::tr(lang, "head_digest"),
        d,
        d.events,
        crate::i18n::tr(lang, "events_count")
    ))
}

/// A verified log folded once into every projection the screens read.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub log: Verified,
    pub tables: BridgeTables,
    pub tournament: Tournament,
    /// Every table result with its score (what `tdlog results` prints).
    pub results: Vec<ResultRow>,
}

impl Replayed {
    /// Folds the verified log's standing events into the boards, the tournament and the scores.
    /// The tournament goes through the appeals workflow (`appeals::fold`), as `tdlog results`
    /// does, so a refused step never reaches a score and a committee's changed score does.
    pub fn new(log: Verified) -> Replayed {
        let mut tables = BridgeTables::default();
        replay(&log, &mut tables);
        let tournament = crate::appeals::fold(&log, None).tournament;
        let results = results(&tournament);
        Replayed {
            log,
            tables,
            tournament,
            results,
        }
    }
}

/// Why a view or a payload builder cannot give what was asked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ViewError {
    #[error("nothing is recorded for board {} at round {} table {} (section {})", .0.board, .0.round, .0.table, .0.section)]
    NoSuchBoard(Slot),
    #[error("no pairs are seated at round {} table {} (section {}): record the movement (structure.table) first", .0.round, .0.table, .0.section)]
    NoSuchTable(Slot),
    #[error("board {board}: there is no call number {call} in the auction")]
    NoSuchCall { board: u32, call: usize },
    #[error("call number {call} is not an irregularity: there is nothing to rule on")]
    NotIrregular { call: usize },
    #[error("Law {law}: the branch is chosen by the table or the engine, not by a bridge.ruling on a call")]
    NotRuledByBranch { law: String },
    #[error("branch {branch:?} is not part of the Law {law} decision tree (options: {options})")]
    BranchNotInTree {
        law: String,
        branch: String,
        options: String,
    },
    #[error("the engine cannot apply branch {branch} to call {call}: {reason}")]
    NotApplicable {
        call: usize,
        branch: String,
        reason: String,
    },
    #[error("{0:?} is not a card (give the suit then the rank: SA, HT, C2)")]
    InvalidCard(String),
    #[error(
        "board {board} has no recorded deal (structure.board): name the hand the card came from"
    )]
    NoDeal { board: u32 },
    #[error("{0} is in no hand of the recorded deal")]
    CardNotInDeal(String),
    #[error("the play is not waiting for {choice:?} (choice due: {due}; Laws 50D2, 53-56, 57A)")]
    ChoiceNotDue { choice: String, due: String },
    #[error("Law {law}: the choice names a suit (C, D, H or S)")]
    ChoiceNeedsSuit { law: String },
    #[error("Law {law}: the play engine cannot apply the choice: {reason}")]
    ChoiceNotApplicable { law: String, reason: String },
    #[error("{0:?} is not an event id (64 hex digits)")]
    BadEventId(String),
    #[error("board {board} of section {section} is played at no table of the movement and has no result")]
    NoSuchTraveller { section: String, board: u32 },
    #[error(transparent)]
    Payload(#[from] PayloadError),
}
