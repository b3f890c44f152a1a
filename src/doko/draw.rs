//! The seat draw (§2.1: the order of the players is drawn by lot) and the round plan (§7.2.1, §7.3.1): the Turnierplan that seats every
//! player, drawn so that nobody can redraw until he likes it. The director commits to a
//! secret seed by its SHA-256 (`doko.draw_commit`, with the field of players and the rule for
//! later rounds) and reveals the seed in a later event (`doko.draw_reveal`); a reveal that
//! does not match, a second commit or a second reveal is refused. The plan is a pure function
//! of the revealed seed, the field, the arrivals and departures, and (for a plan by
//! standings) the standings so far, so every device computes the same plan.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

use super::error::DokoError;
use super::seat::Seat;

/// How the rounds after the first are seated: the rules leave it to the Turnierplan
/// (§7.3.1), so it is a signed setting of the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LaterRounds {
    /// Every round drawn anew from the same seed (the round number mixed in).
    Random,
    /// By the standings after the previous rounds: the leaders together at table 1, and so
    /// on (ties in draw order).
    ByStandings,
}

/// The hex SHA-256 a commit names for `seed` (hex bytes of the secret).
pub fn seed_hash(seed: &str) -> String {
    hex::encode(Sha256::digest(seed.trim().as_bytes()))
}

/// The order of `players` the seed draws for `round`: each player keyed by
/// SHA-256(seed, round, player), sorted.
pub fn draw_order(seed: &str, round: u32, players: &[String]) -> Vec<String> {
    let mut keyed: Vec<([u8; 32], String)> = players
        .iter()
        .map(|p| {
            let mut h = Sha256::new();
            h.update(seed.trim().as_bytes());
            h.update(round.to_be_bytes());
            h.update(p.as_bytes());
            (h.finalize().into(), p.clone())
        })
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, p)| p).collect()
}

/// The sizes of the tables for `n` players: as many tables of four as possible, the rest
/// seated as fifth players at the last tables (§7.2.1: tables of 4, of 5 where needed).
pub fn table_sizes(n: usize) -> Result<Vec<u8>, DokoError> {
    let tables = n / 4;
    let fives = n % 4;
    if tables == 0 || fives > tables {
        return Err(DokoError::Round(format!(
            "7.2.1: {n} players cannot be seated at tables of four and five"
        )));
    }
    Ok((0..tables)
        .map(|i| if i >= tables - fives { 5 } else { 4 })
        .collect())
}

/// Seat `order` at tables: seats A, B, C, D (E) of table 1, then table 2, ...
pub fn seat_tables(order: &[String]) -> Result<Vec<BTreeMap<Seat, String>>, DokoError> {
    let sizes = table_sizes(order.len())?;
    let mut out = Vec::new();
    let mut it = order.iter();
    for size in sizes {
        let mut t = BTreeMap::new();
        for i in 0..size {
            if let Some(p) = it.next() {
                t.insert(Seat::new(i)?, p.clone());
            }
        }
        out.push(t);
    }
    Ok(out)
}

/// A late arrival or a departure: the player plays from `from_round` on, or no longer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Presence {
    pub player: String,
    pub from_round: u32,
    pub present: bool,
}

/// The draw as the log holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DrawState {
    pub seed_hash: Option<String>,
    pub players: Vec<String>,
    pub later_rounds: Option<LaterRounds>,
    pub seed: Option<String>,
    /// Arrivals and departures in log order.
    pub presence: Vec<Presence>,
}

impl DrawState {
    /// The players who play `round`: the field, plus arrivals, less departures, in order of
    /// their events (the latest for a player stands from its round on).
    pub fn players_in(&self, round: u32) -> Vec<String> {
        let mut here: BTreeMap<String, bool> =
            self.players.iter().map(|p| (p.clone(), true)).collect();
        let mut changes: Vec<&Presence> = self
            .presence
            .iter()
            .filter(|p| p.from_round <= round)
            .collect();
        changes.sort_by_key(|p| p.from_round);
        for p in changes {
            here.insert(p.player.clone(), p.present);
        }
        here.into_iter()
            .filter(|(_, h)| *h)
            .map(|(p, _)| p)
            .collect()
    }

    /// The plan of `round`. `standings`: players' totals after the rounds before it, for a
    /// plan by standings.
    pub fn plan(
        &self,
        round: u32,
        standings: &BTreeMap<String, i64>,
    ) -> Result<Vec<BTreeMap<Seat, String>>, DokoError> {
        let seed = self
            .seed
            .as_deref()
            .ok_or_else(|| DokoError::Round("7.3.1: the seat draw is not revealed yet".into()))?;
        let players = self.players_in(round);
        let order = match (round, self.later_rounds.unwrap_or(LaterRounds::Random)) {
            (1, _) | (_, LaterRounds::Random) => draw_order(seed, round, &players),
            (_, LaterRounds::ByStandings) => {
                let drawn = draw_order(seed, 1, &players);
                let mut o: Vec<(usize, String)> = drawn.into_iter().enumerate().collect();
                o.sort_by(|(ia, a), (ib, b)| {
                    let ta = standings.get(a).copied().unwrap_or(0);
                    let tb = standings.get(b).copied().unwrap_or(0);
                    tb.cmp(&ta).then(ia.cmp(ib))
                });
                o.into_iter().map(|(_, p)| p).collect()
            }
        };
        seat_tables(&order)
    }
}
