//! Doppelkopf tables folded from the signed log: every `doko.game`, `doko.event`,
//! `doko.ruling` and `doko.schiedsgericht` event goes to its (round, table, game) in replay
//! order; a table's Spielliste is [`replay_table`] over its games under the profile of the
//! tournament's genesis (`eppstein-2001` or `ddv`).
//!
//! Record first: an event for a game whose setup is not (yet) recorded is kept and listed
//! as a warning; an unfinished last game is shown as in progress, not as an error.
use std::collections::{BTreeMap, BTreeSet};

mod guard;

use serde::Serialize;

use super::draw::DrawState;
use super::entry::ListEntry;
use super::error::DokoError;
use super::game::{Game, GameEvent, GameSetup};
use super::list::RowKind;
use super::profile::Profile;
use super::round::TableConfig;
use super::round::{next_deal, NextDeal, PenaltyRow};
use super::seat::Seat;
use super::standings::{rank, Standing, TableRound, TieRule, TieStats};
use super::table::{replay_lenient, ListedGame, RecordedGame, TableGame, TableReplay};
use crate::events::{CorrectionAction, DokoGameRef, Payload};
use crate::keys::{KeyInfo, Role};
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
    /// Games entered as the list writes them (`doko.result`); the first per game stands.
    #[serde(skip)]
    pub entries: BTreeMap<DokoGameRef, (ListEntry, Hash32)>,
    /// Corrections and strikes per game (`doko.correction`), in log order (§8.2).
    #[serde(skip)]
    pub corrections: BTreeMap<DokoGameRef, Vec<Correction>>,
    /// The seat draw (§2.1), arrivals and departures (§7.3.1: the published plan).
    pub draw: DrawState,
    /// The standings' tie rule (`doko.standings_rule`; the latest applies).
    pub tie: TieRule,
    /// Whether a `doko.standings_rule` was signed (else `tie` is the default, shared places).
    #[serde(skip)]
    pub tie_signed: bool,
    /// (round, table) closed by the Schiedsrichter (`doko.round_closed`, §8.2.2).
    #[serde(skip)]
    pub closed_rounds: BTreeSet<(u32, u32)>,
    /// A commit taken in the batch being checked: its reveal must come in a later event.
    #[serde(skip)]
    commit_pending: bool,
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
    /// The tie rule the places were computed under.
    pub tie: TieRule,
    /// What the tie rule compared.
    pub tie_stats: BTreeMap<String, TieStats>,
    /// Where each player's total comes from: per round and table, the seat, the table's
    /// total for it, penalty rows and the corrections of §8.2 at that table.
    pub audit: BTreeMap<String, Vec<AuditLine>>,
}

/// One table's part of a player's total.
#[derive(Debug, Clone, Serialize)]
pub struct AuditLine {
    pub round: u32,
    pub table: u32,
    pub seat: Seat,
    pub total: i32,
    /// Points from penalty rows (§8.4–8.7) in that total.
    pub penalties: i32,
    /// Games counted and struck at the table.
    pub games: usize,
    pub struck: usize,
    /// The corrections and strikes applied at that table.
    pub corrections: Vec<Correction>,
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
    /// Corrections and strikes of this table's games (§8.2), applied or refused.
    pub corrections: Vec<Correction>,
    /// The game number (as entered) of each record of the replay, in order.
    pub record_games: Vec<u32>,
    /// The round is closed, by the Schiedsrichter's `doko.round_closed` or because its list
    /// is complete (§7.4.1): corrections are the TD's now (§8.2.2).
    pub closed: bool,
    /// Closed by the Schiedsrichter's `doko.round_closed` (not only complete).
    pub closed_by_td: bool,
}

/// A signed correction or strike of a game, as the list and the players' audit show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Correction {
    pub round: u32,
    pub table: u32,
    pub game: u32,
    pub rule: String,
    pub correction: CorrectionAction,
    pub reason: String,
    /// Holder of the key that signed it, and its role.
    pub by: String,
    pub role: Role,
    pub event: Hash32,
    /// Why the fold did not apply it (`None`: applied).
    pub refused: Option<String>,
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
        let mut v: Vec<(u32, u32)> = self
            .games
            .keys()
            .chain(self.entries.keys())
            .map(|g| (g.round, g.table))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Rounds in which `table` has recorded games.
    pub fn rounds_of(&self, table: u32) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .games
            .keys()
            .chain(self.entries.keys())
            .filter(|g| g.table == table)
            .map(|g| g.round)
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The game numbers recorded at a table in a round (card by card or as results).
    fn numbers(&self, round: u32, table: u32) -> Vec<DokoGameRef> {
        let mut v: Vec<DokoGameRef> = self
            .games
            .keys()
            .chain(self.entries.keys())
            .filter(|g| g.round == round && g.table == table)
            .copied()
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The next game number at a table in a round.
    pub fn next_game(&self, round: u32, table: u32) -> u32 {
        self.numbers(round, table).last().map_or(1, |g| g.game + 1)
    }

    /// A table's Spielliste for one round, folded from its games in number order: games
    /// played card by card and games entered as results, with the corrections of §8.2.
    pub fn list(&self, round: u32, table: u32) -> Result<TableList, DokoError> {
        let profile = self.profile()?;
        let numbers = self.numbers(round, table);
        if numbers.is_empty() {
            return Err(DokoError::Round(format!(
                "no games recorded at table {table} in round {round}"
            )));
        }
        let mut listed: Vec<ListedGame> = Vec::new();
        let mut refused = Vec::new();
        let mut size = None;
        let mut in_progress = None;
        for (n, g) in numbers.iter().enumerate() {
            if g.game as usize != n + 1 {
                return Err(DokoError::Round(format!(
                    "table {table} round {round}: game {} is recorded but game {} is not",
                    g.game,
                    n + 1
                )));
            }
            if let Some((e, _)) = self.entries.get(g) {
                size.get_or_insert(self.table_size(round, table));
                listed.push(ListedGame {
                    game: TableGame::Entry(e.clone()),
                    struck: false,
                    replaces: None,
                    penalties: self.entry_penalties(g, &profile, &mut refused),
                });
                continue;
            }
            let lg = &self.games[g];
            let setup = lg.setup.clone().ok_or_else(|| {
                DokoError::Round(format!(
                    "table {table} round {round}: game {} has events but no doko.game setup",
                    g.game
                ))
            })?;
            size.get_or_insert(setup.table_size);
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
            // The last game may still be in play: list the finished ones.
            if n + 1 == numbers.len() && game.result().is_err() {
                in_progress = Some(g.game);
                continue;
            }
            listed.push(ListedGame {
                game: TableGame::Cards(RecordedGame { setup, events }),
                struck: false,
                replaces: None,
                penalties: vec![],
            });
        }
        let size = match size {
            Some(s) => s,
            None => self.table_size(round, table),
        };
        let config = TableConfig::new(size)?;
        // §8.2: corrections, in log order; a scorer's after the close is refused.
        let mut corrections = Vec::new();
        for (g, cs) in self.corrections.range(
            DokoGameRef {
                round,
                table,
                game: 0,
            }..=DokoGameRef {
                round,
                table,
                game: u32::MAX,
            },
        ) {
            for c in cs {
                let mut c = c.clone();
                let idx = g.game as usize - 1;
                if c.refused.is_none() && idx >= listed.len() {
                    c.refused = Some(format!("§8.2: game {} is not on the list", g.game));
                }
                if c.refused.is_none() {
                    match &c.correction {
                        CorrectionAction::Strike { replacement } => {
                            listed[idx].struck = true;
                            if let Some(r) = replacement {
                                if let Some(x) = listed.get_mut(*r as usize - 1) {
                                    x.replaces = Some(idx);
                                }
                            }
                        }
                        CorrectionAction::Correct { entry } => {
                            listed[idx].game = TableGame::Entry(entry.clone());
                            listed[idx].struck = false;
                        }
                    }
                }
                corrections.push(c);
            }
        }
        let (mut replay, skipped) = replay_lenient(&listed, config, &profile)?;
        // Records follow the listed games in order, less the refused entries.
        let rec_games: Vec<u32> = (0..listed.len())
            .filter(|i| !skipped.iter().any(|(j, _)| j == i))
            .map(|i| i as u32 + 1)
            .collect();
        for (i, e) in skipped {
            let g = DokoGameRef {
                round,
                table,
                game: i as u32 + 1,
            };
            refused.push(Refused {
                game: g.game,
                event: self.entries.get(&g).map(|(_, id)| *id),
                reason: e.to_string(),
            });
        }
        // The list shows what a correction did (§6.3, §8.2).
        for row in &mut replay.list.rows {
            let Some(&game) = rec_games.get(row.record) else {
                continue;
            };
            let applied: Vec<&Correction> = corrections
                .iter()
                .filter(|c| c.game == game && c.refused.is_none())
                .collect();
            if let Some(c) = applied.last() {
                let mark = match c.correction {
                    CorrectionAction::Strike { .. } => {
                        format!(" – gestrichen §{}: {}", c.rule, c.reason)
                    }
                    CorrectionAction::Correct { .. } => {
                        format!(" – berichtigt §{}: {}", c.rule, c.reason)
                    }
                };
                match &mut row.kind {
                    RowKind::Game { label, .. }
                    | RowKind::Struck { label }
                    | RowKind::Redeal { label } => label.push_str(&mark),
                    RowKind::Penalty { .. } => {}
                }
            }
        }
        // Closed by the Schiedsrichter (`doko.round_closed`), or complete (§7.4.1).
        let closed = self.closed_rounds.contains(&(round, table))
            || matches!(
                next_deal(&replay.state, config, &replay.records, None),
                NextDeal::RoundOver
            ) && in_progress.is_none();
        Ok(TableList {
            round,
            table,
            profile: profile.name.clone(),
            replay,
            in_progress,
            refused,
            corrections,
            closed,
            closed_by_td: self.closed_rounds.contains(&(round, table)),
            record_games: rec_games,
        })
    }

    /// The Schiedsgericht's deductions on a game entered as a result (§8.7.2(b)); any other
    /// game event on such a game has no cards to apply to and is listed as refused.
    fn entry_penalties(
        &self,
        g: &DokoGameRef,
        profile: &Profile,
        refused: &mut Vec<Refused>,
    ) -> Vec<PenaltyRow> {
        let mut rows = Vec::new();
        let Some(lg) = self.games.get(g) else {
            return rows;
        };
        for (i, e) in lg.events.iter().enumerate() {
            let r = match e {
                GameEvent::SanctionImposed { seat, sanction } => {
                    super::penalty::sanction_delta(*seat, *sanction, profile)
                }
                _ => Err(DokoError::Round(
                    "6.3: this game was entered as a result; only a sanction of the Schiedsgericht (8.7.2) applies to it".into(),
                )),
            };
            match r {
                Ok(d) if d.is_empty() => {}
                Ok(d) => rows.push(PenaltyRow {
                    rule: "8.7.2(b)".into(),
                    credits: d,
                }),
                Err(err) => refused.push(Refused {
                    game: g.game,
                    event: lg.sources.get(i).copied(),
                    reason: err.to_string(),
                }),
            }
        }
        rows
    }

    /// The size of a table in a round: from its seating plan, else four.
    pub fn table_size(&self, round: u32, table: u32) -> u8 {
        match self.seatings.get(&(round, table)) {
            Some(s) if s.len() == 5 => 5,
            _ => 4,
        }
    }

    /// The seating of a table in a round, if recorded.
    pub fn seating(&self, round: u32, table: u32) -> BTreeMap<Seat, String> {
        self.seatings
            .get(&(round, table))
            .cloned()
            .unwrap_or_default()
    }

    /// Every player the draw and the arrivals put in some round up to the last one seated
    /// or announced (§2.1, §7.3.1); a player who left before playing is not in it.
    fn field(&self) -> Vec<String> {
        let last = self
            .seatings
            .keys()
            .map(|(r, _)| *r)
            .chain(self.draw.presence.iter().map(|p| p.from_round))
            .max()
            .unwrap_or(1)
            .max(1);
        let mut all = std::collections::BTreeSet::new();
        for r in 1..=last {
            all.extend(self.draw.players_in(r));
        }
        all.into_iter().collect()
    }

    /// Standings over all tables and rounds.
    pub fn standings(&self) -> Result<Standings, DokoError> {
        let mut rounds = Vec::new();
        let mut unseated = Vec::new();
        let mut audit: BTreeMap<String, Vec<AuditLine>> = BTreeMap::new();
        let mut stats: BTreeMap<String, TieStats> = BTreeMap::new();
        for (round, table) in self.tables() {
            let Some(seating) = self.seatings.get(&(round, table)) else {
                unseated.push((round, table));
                continue;
            };
            let l = self.list(round, table)?;
            let rows = &l.replay.list.rows;
            for (seat, player) in seating {
                let st = stats.entry(player.clone()).or_default();
                for r in rows.iter().filter(|r| r.game_no.is_some()) {
                    let d = r.delta.get(seat).copied().unwrap_or(0);
                    if d > 0 {
                        st.games_won += 1;
                    }
                    st.best_game = st.best_game.max(d);
                }
                audit.entry(player.clone()).or_default().push(AuditLine {
                    round,
                    table,
                    seat: *seat,
                    total: l.replay.list.totals.get(seat).copied().unwrap_or(0),
                    penalties: rows
                        .iter()
                        .filter(|r| matches!(r.kind, RowKind::Penalty { .. }))
                        .filter_map(|r| r.delta.get(seat))
                        .sum(),
                    games: rows.iter().filter(|r| r.game_no.is_some()).count(),
                    struck: rows
                        .iter()
                        .filter(|r| matches!(r.kind, RowKind::Struck { .. }))
                        .count(),
                    corrections: l
                        .corrections
                        .iter()
                        .filter(|c| c.refused.is_none())
                        .cloned()
                        .collect(),
                });
            }
            rounds.push(TableRound {
                round: u16::try_from(round).unwrap_or(u16::MAX),
                table: u16::try_from(table).unwrap_or(u16::MAX),
                seating: seating.clone(),
                list: l.replay.list,
            });
        }
        Ok(Standings {
            profile: self.profile()?.name,
            standings: rank(&rounds, self.tie, &stats, &self.field()),
            unseated,
            tie: self.tie,
            tie_stats: stats,
            audit,
        })
    }

    /// Takes a `doko.result` or `doko.correction` into the tables; a warning if it cannot.
    fn absorb(&mut self, p: &Payload, signer: &KeyInfo, id: Hash32) -> Option<String> {
        match p {
            Payload::DokoResult(x) => {
                if self.closed_rounds.contains(&(x.at.round, x.at.table)) {
                    return Some(format!(
                        "§8.2.2: round {} of table {} is closed; game {} is not entered",
                        x.at.round, x.at.table, x.at.game
                    ));
                }
                if self.entries.contains_key(&x.at) || self.games.contains_key(&x.at) {
                    return Some(format!(
                        "round {} table {} game {}: a second entry; the first stands (§8.2: correct it with doko.correction)",
                        x.at.round, x.at.table, x.at.game
                    ));
                }
                self.entries.insert(x.at, (x.entry.clone(), id));
                None
            }
            Payload::DokoDrawCommit(x) => {
                if self.draw.seed_hash.is_some() {
                    return Some(
                        "2.1: the seat draw was committed already; the first stands".into(),
                    );
                }
                self.draw.seed_hash = Some(x.seed_hash.to_lowercase());
                self.draw.players = x.players.clone();
                self.draw.later_rounds = Some(x.later_rounds);
                None
            }
            Payload::DokoDrawReveal(x) => match self.draw_reveal_error(&x.seed) {
                Some(e) => Some(e.to_string()),
                None => {
                    self.draw.seed = Some(x.seed.clone());
                    None
                }
            },
            Payload::DokoPresence(x) => {
                self.draw.presence.push(x.presence.clone());
                None
            }
            Payload::DokoRoundClosed(x) => {
                if !self.closed_rounds.insert((x.round, x.table)) {
                    return Some(format!(
                        "§8.2.2: round {} of table {} was closed already",
                        x.round, x.table
                    ));
                }
                None
            }
            Payload::DokoCorrection(x) => {
                let after_close = x.rule == "8.2.2";
                let closed_before = self.closed_rounds.contains(&(x.at.round, x.at.table));
                let refused = if after_close && signer.role == Role::Scorer {
                    Some("§8.2.2: after the round is closed only the Schiedsrichter (a TD) corrects or strikes a game".to_string())
                } else if closed_before && !after_close {
                    Some(
                        "§8.2.2: the Schiedsrichter closed the round before this §8.2.1 correction"
                            .to_string(),
                    )
                } else {
                    None
                };
                self.corrections.entry(x.at).or_default().push(Correction {
                    round: x.at.round,
                    table: x.at.table,
                    game: x.at.game,
                    rule: x.rule.clone(),
                    correction: x.correction.clone(),
                    reason: x.reason.clone(),
                    by: signer.holder.clone(),
                    role: signer.role,
                    event: id,
                    refused,
                });
                None
            }
            _ => None,
        }
    }

    /// Takes a step checked for a batch before it is signed, so the next step of the batch
    /// is checked against it (results and corrections; other steps change no list).
    pub fn take_pending(&mut self, p: &Payload, signer: &KeyInfo) {
        if matches!(p, Payload::DokoDrawCommit(_)) {
            self.commit_pending = true;
        }
        self.absorb(p, signer, Hash32::default());
    }

    /// Why a reveal of `seed` is not accepted: no commit, revealed already, or not the seed
    /// committed (§2.1: the order is drawn by lot, once).
    fn draw_reveal_error(&self, seed: &str) -> Option<DokoError> {
        let Some(h) = &self.draw.seed_hash else {
            return Some(DokoError::Round(
                "2.1: no seat draw is committed; commit the seed's hash first".into(),
            ));
        };
        if self.draw.seed.is_some() {
            return Some(DokoError::Round(
                "2.1: the seat draw is revealed already; nobody redraws".into(),
            ));
        }
        if super::draw::seed_hash(seed) != *h {
            return Some(DokoError::Round(
                "2.1: this seed does not match the committed hash; the draw stands as committed"
                    .into(),
            ));
        }
        None
    }

    /// The plan of a round from the revealed draw (§7.3.1), with the rule for later rounds:
    /// by standings it uses the totals of the rounds before.
    pub fn plan(&self, round: u32) -> Result<Vec<BTreeMap<Seat, String>>, DokoError> {
        let mut totals = BTreeMap::new();
        if round > 1 && self.draw.later_rounds == Some(super::draw::LaterRounds::ByStandings) {
            let s = self.standings()?;
            for line in s.standings {
                let t: i64 = line
                    .rounds
                    .iter()
                    .filter(|(r, _)| u32::from(**r) < round)
                    .map(|(_, t)| *t)
                    .sum();
                totals.insert(line.player, t);
            }
        }
        self.draw.plan(round, &totals)
    }

    /// Whether the table's round is closed: its list is complete (§7.4.1, §8.2.2).
    pub fn closed(&self, round: u32, table: u32) -> bool {
        self.list(round, table).is_ok_and(|l| l.closed)
    }

    fn warn(&mut self, e: &CheckedEvent, message: String) {
        self.warnings.push(Warning {
            event: e.id,
            message,
        });
    }
}

impl Projection for DokoTables {
    fn apply(&mut self, e: &CheckedEvent, signer: &KeyInfo) {
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
            Payload::DokoStandingsRule(x) => {
                self.tie = x.tie;
                self.tie_signed = true;
                return;
            }
            Payload::DokoGame(g) => {
                if self.closed_rounds.contains(&(g.at.round, g.at.table)) {
                    let msg = format!(
                        "§8.2.2: round {} of table {} is closed; game {} is not begun",
                        g.at.round, g.at.table, g.at.game
                    );
                    self.warn(e, msg);
                    return;
                }
                if self.entries.contains_key(&g.at) {
                    let msg = format!(
                        "round {} table {} game {}: entered as a result already; the result stands",
                        g.at.round, g.at.table, g.at.game
                    );
                    self.warn(e, msg);
                    return;
                }
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
            Payload::DokoResult(_)
            | Payload::DokoCorrection(_)
            | Payload::DokoDrawCommit(_)
            | Payload::DokoDrawReveal(_)
            | Payload::DokoPresence(_)
            | Payload::DokoRoundClosed(_) => {
                if let Some(msg) = self.absorb(&e.payload, signer, e.id) {
                    self.warn(e, msg);
                }
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
        if entry.setup.is_none() && !self.entries.contains_key(&at) {
            let msg = format!(
                "round {} table {} game {}: an event before the game's setup (kept)",
                at.round, at.table, at.game
            );
            self.warn(e, msg);
        }
    }
}
