//! Doppelkopf tables folded from the signed log: every `doko.game`, `doko.event`,
//! `doko.ruling` and `doko.schiedsgericht` event goes to its (round, table, game) in replay
//! order; a table's Spielliste is [`replay_table`] over its games under the profile of the
//! tournament's genesis (`eppstein-2001` or `ddv`).
//!
//! Record first: an event for a game whose setup is not (yet) recorded is kept and listed
//! as a warning; an unfinished last game is shown as in progress, not as an error.
use std::collections::BTreeMap;

use serde::Serialize;

use super::error::DokoError;
use super::game::{Game, GameEvent, GameSetup};
use super::profile::Profile;
use super::round::TableConfig;
use super::seat::Seat;
use super::standings::{standings, Standing, TableRound};
use super::table::{replay_table, RecordedGame, TableReplay};
use crate::events::{DokoGameRef, Payload};
use crate::keys::KeyInfo;
use crate::log::{CheckedEvent, Hash32, Projection};

/// One game as recorded on the log.
#[derive(Debug, Clone, Default, Serialize)]
pub struct LoggedGame {
    pub setup: Option<GameSetup>,
    pub events: Vec<GameEvent>,
    /// The signed events behind the game, in order (setup first).
    pub sources: Vec<Hash32>,
    /// Signed time of each event (parallel to `events`).
    #[serde(skip)]
    pub walls: Vec<i64>,
}

/// A problem the fold noticed (the events stand).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Warning {
    pub event: Hash32,
    pub message: String,
}

/// Every Doppelkopf table of the tournament, as the log says.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DokoTables {
    /// The rule profile named by the genesis (the tournament's configuration).
    pub rule_profile: String,
    pub is_doppelkopf: bool,
    #[serde(skip)]
    pub games: BTreeMap<DokoGameRef, LoggedGame>,
    /// Seating plan per (round, table): the latest `doko.seating` stands.
    #[serde(skip)]
    pub seatings: BTreeMap<(u32, u32), BTreeMap<Seat, String>>,
    pub warnings: Vec<Warning>,
}

/// The standings over every table and round (A30: sum of round totals, shared places),
/// from the finished games; tables without a seating plan are listed, not counted.
#[derive(Debug, Clone, Serialize)]
pub struct Standings {
    pub profile: String,
    pub standings: Vec<Standing>,
    /// (round, table) with games but no `doko.seating`.
    pub unseated: Vec<(u32, u32)>,
}

/// A table's list from the log: the profile it was computed under, the replayed games,
/// and the game still being played, if any.
#[derive(Debug, Clone, Serialize)]
pub struct TableList {
    pub round: u32,
    pub table: u32,
    pub profile: String,
    pub replay: TableReplay,
    /// Number of a game begun but not finished (not in the list yet).
    pub in_progress: Option<u32>,
    /// Events on the log the game could not take, with the rule that refused them.
    pub refused: Vec<Refused>,
}

/// A recorded game event the engine did not apply (it stays on the log).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refused {
    pub game: u32,
    /// The signed event (when the game's setup preceded it on the log).
    pub event: Option<Hash32>,
    pub reason: String,
}

impl DokoTables {
    /// The profile of the tournament (genesis), `eppstein-2001` if none was named.
    pub fn profile(&self) -> Result<Profile, DokoError> {
        if self.rule_profile.is_empty() {
            return Ok(Profile::default());
        }
        self.rule_profile.parse()
    }

    /// The (round, table) pairs with recorded games.
    pub fn tables(&self) -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = self.games.keys().map(|g| (g.round, g.table)).collect();
        v.dedup();
        v
    }

    /// Rounds in which `table` has recorded games.
    pub fn rounds_of(&self, table: u32) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .games
            .keys()
            .filter(|g| g.table == table)
            .map(|g| g.round)
            .collect();
        v.dedup();
        v
    }

    /// A table's Spielliste for one round, folded from its games in number order.
    pub fn list(&self, round: u32, table: u32) -> Result<TableList, DokoError> {
        let profile = self.profile()?;
        let games: Vec<(&DokoGameRef, &LoggedGame)> = self
            .games
            .iter()
            .filter(|(g, _)| g.round == round && g.table == table)
            .collect();
        if games.is_empty() {
            return Err(DokoError::Round(format!(
                "no games recorded at table {table} in round {round}"
            )));
        }
        let mut recorded = Vec::new();
        let mut refused = Vec::new();
        for (n, (g, lg)) in games.iter().enumerate() {
            if g.game as usize != n + 1 {
                return Err(DokoError::Round(format!(
                    "table {table} round {round}: game {} is recorded but game {} is not",
                    g.game,
                    n + 1
                )));
            }
            let setup = lg.setup.clone().ok_or_else(|| {
                DokoError::Round(format!(
                    "table {table} round {round}: game {} has events but no doko.game setup",
                    g.game
                ))
            })?;
            // Record first: an event the game cannot take (an objection after play went
            // on, a card not in the hand) stays on the log and is listed; the rest is folded.
            let mut game = Game::new(setup.clone(), profile.clone());
            let mut events = Vec::new();
            for (i, e) in lg.events.iter().enumerate() {
                match game.apply(e) {
                    Ok(()) => events.push(e.clone()),
                    Err(err) => refused.push(Refused {
                        game: g.game,
                        event: lg.sources.get(i + 1).copied(),
                        reason: err.to_string(),
                    }),
                }
            }
            recorded.push((g.game, RecordedGame { setup, events }));
        }
        let size = recorded[0].1.setup.table_size;
        // The last game may still be in play: list the finished ones.
        let mut in_progress = None;
        if let Some((n, last)) = recorded.last() {
            let finished = Game::replay(last.setup.clone(), profile.clone(), &last.events)
                .ok()
                .is_some_and(|g| g.result().is_ok());
            if !finished {
                in_progress = Some(*n);
                recorded.pop();
            }
        }
        let games: Vec<RecordedGame> = recorded.into_iter().map(|(_, g)| g).collect();
        let replay = replay_table(&games, TableConfig::new(size)?, &profile)?;
        Ok(TableList {
            round,
            table,
            profile: profile.name.clone(),
            replay,
            in_progress,
            refused,
        })
    }

    /// The seating of a table in a round, if recorded.
    pub fn seating(&self, round: u32, table: u32) -> BTreeMap<Seat, String> {
        self.seatings
            .get(&(round, table))
            .cloned()
            .unwrap_or_default()
    }

    /// Standings over all tables and rounds.
    pub fn standings(&self) -> Result<Standings, DokoError> {
        let mut rounds = Vec::new();
        let mut unseated = Vec::new();
        for (round, table) in self.tables() {
            let Some(seating) = self.seatings.get(&(round, table)) else {
                unseated.push((round, table));
                continue;
            };
            let l = self.list(round, table)?;
            rounds.push(TableRound {
                round: u16::try_from(round).unwrap_or(u16::MAX),
                table: u16::try_from(table).unwrap_or(u16::MAX),
                seating: seating.clone(),
                list: l.replay.list,
            });
        }
        Ok(Standings {
            profile: self.profile()?.name,
            standings: standings(&rounds),
            unseated,
        })
    }

    fn warn(&mut self, e: &CheckedEvent, message: String) {
        self.warnings.push(Warning {
            event: e.id,
            message,
        });
    }
}

impl Projection for DokoTables {
    fn apply(&mut self, e: &CheckedEvent, _signer: &KeyInfo) {
        let (at, event) = match &e.payload {
            Payload::Genesis(g) => {
                self.rule_profile = g.rule_profile.clone();
                self.is_doppelkopf = g.game == crate::events::Game::Doppelkopf;
                return;
            }
            Payload::DokoSeating(x) => {
                self.seatings.insert((x.round, x.table), x.seating.clone());
                return;
            }
            Payload::DokoGame(g) => {
                let entry = self.games.entry(g.at).or_default();
                if entry.setup.is_some() {
                    let msg = format!(
                        "round {} table {} game {}: a second setup; the first stands",
                        g.at.round, g.at.table, g.at.game
                    );
                    self.warn(e, msg);
                    return;
                }
                entry.setup = Some(g.setup.clone());
                entry.sources.insert(0, e.id);
                return;
            }
            Payload::DokoEvent(x) => (x.at, x.event.clone()),
            Payload::DokoRuling(x) => (x.at, x.event.clone()),
            Payload::DokoSchiedsgericht(x) => (x.at, x.event.clone()),
            _ => return,
        };
        let entry = self.games.entry(at).or_default();
        // An objection made before play resumed, though replayed after a concurrent card
        // signed later (§8.8.7: judged by signed time), goes before that play; the appeals
        // workflow's guard judges the same way, so the list and the workflow agree.
        let mut pos = entry.events.len();
        if matches!(event, GameEvent::Appealed { .. }) {
            while pos > 0
                && entry.events[pos - 1].resumes_play()
                && entry.walls.get(pos - 1).is_some_and(|w| *w > e.env.wall_ms)
            {
                pos -= 1;
            }
        }
        entry.events.insert(pos, event);
        entry.walls.insert(pos, e.env.wall_ms);
        let src = if entry.setup.is_some() { pos + 1 } else { pos };
        entry.sources.insert(src.min(entry.sources.len()), e.id);
        if entry.setup.is_none() {
            let msg = format!(
                "round {} table {} game {}: an event before the game's setup (kept)",
                at.round, at.table, at.game
            );
            self.warn(e, msg);
        }
    }
}
