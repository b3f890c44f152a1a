//! A Doppelkopf table's games on the log (issue 7): each game's setup, then every event of
//! the game as the engine's own [`GameEvent`] vocabulary, keyed by round, table and the
//! game's number in the table's round.
//!
//! Four types, because the catalogue authorises per type: the deal and setup
//! (`doko.game`) and what happens at the table (`doko.event`: query, cards, announcements,
//! claims, the objection) are recorded by a scorer or TD; the Schiedsrichter's ruling
//! (`doko.ruling`, §7.1.1) only by a TD; the Schiedsgericht's final decision and sanctions
//! (`doko.schiedsgericht`, §8.8.7, §8.7.2) by the chief TD or a committee key. The game list
//! is a projection (`doko::log`), never an event.

use super::EventPayload;
use crate::doko::game::{GameEvent, GameSetup};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which game of which table: `game` counts the deals of the table's round from 1.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub struct DokoGameRef {
    pub round: u32,
    pub table: u32,
    pub game: u32,
}

impl DokoGameRef {
    /// The payload a game event of this game is signed as: the Schiedsrichter's ruling and
    /// the Schiedsgericht's decision have their own types (and roles).
    pub fn payload(self, event: GameEvent) -> super::Payload {
        use super::Payload;
        match event {
            GameEvent::Ruled { .. } | GameEvent::PartnershipRuled { .. } => {
                Payload::DokoRuling(DokoRuling { at: self, event })
            }
            GameEvent::TribunalDecided { .. } | GameEvent::SanctionImposed { .. } => {
                Payload::DokoSchiedsgericht(DokoSchiedsgericht { at: self, event })
            }
            _ => Payload::DokoEvent(DokoEvent { at: self, event }),
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.round == 0 || self.table == 0 || self.game == 0 {
            return Err("round, table and game numbers start at 1".into());
        }
        Ok(())
    }
}

/// Who sits where at a table in a round (the seating plan): the tournament's player ids
/// per seat. The standings add each player's round totals (A30).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoSeating {
    pub round: u32,
    pub table: u32,
    pub seating: std::collections::BTreeMap<crate::doko::seat::Seat, String>,
}

impl EventPayload for DokoSeating {
    const KIND: &'static str = "doko.seating";
    fn check(&self) -> Result<(), String> {
        if self.round == 0 || self.table == 0 {
            return Err("round and table numbers start at 1".into());
        }
        if !(4..=5).contains(&self.seating.len()) {
            return Err(format!(
                "a table seats four or five players, not {} (§2.1)",
                self.seating.len()
            ));
        }
        for name in self.seating.values() {
            super::check_text("player", name, 200)?;
        }
        let mut names: Vec<&String> = self.seating.values().collect();
        names.sort();
        names.dedup();
        if names.len() != self.seating.len() {
            return Err("a player sits at one seat only".into());
        }
        Ok(())
    }
}

/// A game begins: who deals and the round facts the query needs (§2.2, §3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoGame {
    #[serde(flatten)]
    pub at: DokoGameRef,
    pub setup: GameSetup,
}

impl EventPayload for DokoGame {
    const KIND: &'static str = "doko.game";
    fn check(&self) -> Result<(), String> {
        self.at.check()?;
        if !(4..=5).contains(&self.setup.table_size) {
            return Err(format!(
                "a table has four or five players, not {} (§2.1)",
                self.setup.table_size
            ));
        }
        Ok(())
    }
}

/// Something that happened at the table during a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoEvent {
    #[serde(flatten)]
    pub at: DokoGameRef,
    pub event: GameEvent,
}

impl EventPayload for DokoEvent {
    const KIND: &'static str = "doko.event";
    fn check(&self) -> Result<(), String> {
        self.at.check()?;
        match &self.event {
            GameEvent::Ruled { .. } | GameEvent::PartnershipRuled { .. } => {
                Err("the Schiedsrichter's ruling is recorded as doko.ruling (§7.1.1)".into())
            }
            GameEvent::TribunalDecided { .. } | GameEvent::SanctionImposed { .. } => Err(
                "the Schiedsgericht's decision is recorded as doko.schiedsgericht (§8.8.7)".into(),
            ),
            _ => Ok(()),
        }
    }
}

/// The Schiedsrichter's ruling on a claimed violation, or on "Partnerschaft geklärt".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoRuling {
    #[serde(flatten)]
    pub at: DokoGameRef,
    pub event: GameEvent,
}

impl EventPayload for DokoRuling {
    const KIND: &'static str = "doko.ruling";
    fn check(&self) -> Result<(), String> {
        self.at.check()?;
        match &self.event {
            GameEvent::Ruled { .. } | GameEvent::PartnershipRuled { .. } => Ok(()),
            _ => Err("doko.ruling carries a Ruled or PartnershipRuled event".into()),
        }
    }
}

/// The Schiedsgericht's final decision on an objection, or its sanction (§8.7.2, §8.8.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoSchiedsgericht {
    #[serde(flatten)]
    pub at: DokoGameRef,
    pub event: GameEvent,
}

impl EventPayload for DokoSchiedsgericht {
    const KIND: &'static str = "doko.schiedsgericht";
    fn check(&self) -> Result<(), String> {
        self.at.check()?;
        match &self.event {
            GameEvent::TribunalDecided { .. } | GameEvent::SanctionImposed { .. } => Ok(()),
            _ => {
                Err("doko.schiedsgericht carries a TribunalDecided or SanctionImposed event".into())
            }
        }
    }
}

/// A game entered as the table's list writes it (§6.3): the result, no cards. Scored by the
/// same engine as a game played card by card; the two kinds mix in one list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoResult {
    #[serde(flatten)]
    pub at: DokoGameRef,
    pub entry: crate::doko::entry::ListEntry,
}

impl EventPayload for DokoResult {
    const KIND: &'static str = "doko.result";
    fn check(&self) -> Result<(), String> {
        self.at.check()
    }
}

/// What a correction does to a game of the list (§8.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum CorrectionAction {
    /// The game is struck: during the round a replacement follows (§8.2.1), after the
    /// round is closed none does (§8.2.2).
    Strike {
        /// The game number of the replacement (§8.2.1: the next game); `None` after close.
        #[serde(default)]
        replacement: Option<u32>,
    },
    /// The entry as it should have been written (agreed at the table during the round; an
    /// obvious arithmetic error corrected by the Schiedsrichter after it, §8.2.2).
    Correct {
        entry: crate::doko::entry::ListEntry,
    },
}

/// A signed correction or strike of a game: by the table's scorer before the round is
/// closed (§8.2.1), by a TD after it (§8.2.2), always with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoCorrection {
    #[serde(flatten)]
    pub at: DokoGameRef,
    /// "8.2.1" (during the round) or "8.2.2" (after it is closed).
    pub rule: String,
    pub correction: CorrectionAction,
    pub reason: String,
}

impl EventPayload for DokoCorrection {
    const KIND: &'static str = "doko.correction";
    fn check(&self) -> Result<(), String> {
        self.at.check()?;
        // §8.2: a correction or strike says why (the list shows it beside the game).
        super::check_text("reason", &self.reason, 2000).map_err(|e| format!("§8.2: {e}"))?;
        match (self.rule.as_str(), &self.correction) {
            ("8.2.1", _) => Ok(()),
            (
                "8.2.2",
                CorrectionAction::Strike {
                    replacement: Some(_),
                },
            ) => {
                Err("§8.2.2: after the round is closed a game is struck without replacement".into())
            }
            ("8.2.2", _) => Ok(()),
            (r, _) => Err(format!("a correction names §8.2.1 or §8.2.2, not {r:?}")),
        }
    }
}

/// The seat draw committed (§2.1): the SHA-256 of a secret seed, the field of players and
/// the rule for later rounds. Signed before the seed is revealed, so nobody can redraw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoDrawCommit {
    /// Hex SHA-256 of the seed's text (`doko::draw::seed_hash`).
    pub seed_hash: String,
    pub players: Vec<String>,
    pub later_rounds: crate::doko::draw::LaterRounds,
}

impl EventPayload for DokoDrawCommit {
    const KIND: &'static str = "doko.draw_commit";
    fn check(&self) -> Result<(), String> {
        if self.seed_hash.len() != 64 || !self.seed_hash.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("seed_hash is a hex SHA-256 (64 hex digits)".into());
        }
        if self.players.len() < 4 {
            return Err("§7.2.1: a draw needs at least four players".into());
        }
        for p in &self.players {
            super::check_text("player", p, 200)?;
        }
        let mut names: Vec<&String> = self.players.iter().collect();
        names.sort();
        names.dedup();
        if names.len() != self.players.len() {
            return Err("a player is in the field once".into());
        }
        Ok(())
    }
}

/// The seed of the committed draw revealed; the plan follows from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoDrawReveal {
    pub seed: String,
}

impl EventPayload for DokoDrawReveal {
    const KIND: &'static str = "doko.draw_reveal";
    fn check(&self) -> Result<(), String> {
        super::check_text("seed", &self.seed, 200)
    }
}

/// A late arrival (plays from `from_round`) or a departure (`present: false`, no longer from
/// `from_round`): the round plans seat the players present.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoPresence {
    #[serde(flatten)]
    pub presence: crate::doko::draw::Presence,
}

impl EventPayload for DokoPresence {
    const KIND: &'static str = "doko.presence";
    fn check(&self) -> Result<(), String> {
        super::check_text("player", &self.presence.player, 200)?;
        if self.presence.from_round == 0 {
            return Err("rounds start at 1".into());
        }
        Ok(())
    }
}

/// The standings' tie rule (a club's choice; the rules give none, A30). The latest applies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoStandingsRule {
    pub tie: crate::doko::standings::TieRule,
}

impl EventPayload for DokoStandingsRule {
    const KIND: &'static str = "doko.standings_rule";
}

/// The Schiedsrichter closes a table's round (§8.2.2): its list stands as played. Before it
/// a wrongly noted game is corrected or struck by the table's scorer (§8.2.1); after it only
/// a TD corrects an obvious error or strikes a game without replacement (§8.2.2), and no
/// further game is entered at that table in that round. A round whose list is complete
/// (§7.4.1) is closed without it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DokoRoundClosed {
    pub round: u32,
    pub table: u32,
}

impl EventPayload for DokoRoundClosed {
    const KIND: &'static str = "doko.round_closed";
    fn check(&self) -> Result<(), String> {
        if self.round == 0 || self.table == 0 {
            return Err("rounds and tables start at 1".into());
        }
        Ok(())
    }
}
