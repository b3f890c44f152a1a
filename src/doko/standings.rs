//! Tournament standings over rounds and tables. The seed has no rule for this (A30); the
//! default is the sum of each player's round totals, ties sharing a place. Players are named
//! by the tournament's own ids; the seating plan maps them to seats per round and table.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::list::GameList;
use super::seat::Seat;

/// One table in one round: who sat where, and the table's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TableRound {
    pub round: u16,
    pub table: u16,
    pub seating: BTreeMap<Seat, String>,
    pub list: GameList,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Standing {
    /// 1-based; players with equal totals share the place.
    pub place: usize,
    pub player: String,
    pub total: i64,
    /// Total per round, in round order.
    pub rounds: BTreeMap<u16, i64>,
}

/// Sum the players' totals over all tables and rounds (A30 default).
pub fn standings(tables: &[TableRound]) -> Vec<Standing> {
    let mut per: BTreeMap<String, BTreeMap<u16, i64>> = BTreeMap::new();
    for t in tables {
        for (seat, player) in &t.seating {
            let pts = t.list.totals.get(seat).copied().unwrap_or(0);
            *per.entry(player.clone())
                .or_default()
                .entry(t.round)
                .or_insert(0) += i64::from(pts);
        }
    }
    let mut lines: Vec<Standing> = per
        .into_iter()
        .map(|(player, rounds)| Standing {
            place: 0,
            total: rounds.values().sum(),
            player,
            rounds,
        })
        .collect();
    lines.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].place = if i > 0 && lines[i].total == lines[i - 1].total {
            lines[i - 1].place
        } else {
            i + 1
        };
    }
    lines
}
