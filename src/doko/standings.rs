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

/// How players with equal totals are placed: a signed club setting (`doko.standings_rule`),
/// since the rules give no tie-break (A30).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// Equal totals share the place.
    #[default]
    SharedPlace,
    /// More games won (a positive entry in a counted game) first.
    MostGamesWon,
    /// The higher best single game first.
    BestSingleGame,
    /// The higher best round total first.
    BestRound,
}

/// What a tie rule compares, per player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TieStats {
    pub games_won: u32,
    pub best_game: i32,
}

impl TieRule {
    pub const ALL: [TieRule; 4] = [
        TieRule::SharedPlace,
        TieRule::MostGamesWon,
        TieRule::BestSingleGame,
        TieRule::BestRound,
    ];

    /// The rule's key in `i18n` (`doko.tie.*`).
    pub fn key(self) -> &'static str {
        match self {
            TieRule::SharedPlace => "doko.tie.shared_place",
            TieRule::MostGamesWon => "doko.tie.most_games_won",
            TieRule::BestSingleGame => "doko.tie.best_single_game",
            TieRule::BestRound => "doko.tie.best_round",
        }
    }

    fn value(self, s: &Standing, stats: &BTreeMap<String, TieStats>) -> i64 {
        let st = stats.get(&s.player).copied().unwrap_or_default();
        match self {
            TieRule::SharedPlace => 0,
            TieRule::MostGamesWon => i64::from(st.games_won),
            TieRule::BestSingleGame => i64::from(st.best_game),
            TieRule::BestRound => s.rounds.values().copied().max().unwrap_or(0),
        }
    }
}

/// Standings under a tie rule: by total, then the rule's value; still equal, shared.
/// `field`: every player the draw and the arrivals put in some round (§2.1, §7.3.1). One
/// without a table yet (a latecomer before his round) is listed with 0 and `played: false`,
/// so nobody of the field is missing from a standings list read out between rounds.
pub fn rank(
    tables: &[TableRound],
    tie: TieRule,
    stats: &BTreeMap<String, TieStats>,
    field: &[String],
) -> Vec<Standing> {
    let mut lines = standings(tables);
    let seen: std::collections::BTreeSet<String> = lines.iter().map(|l| l.player.clone()).collect();
    let absent: std::collections::BTreeSet<&String> =
        field.iter().filter(|p| !seen.contains(*p)).collect();
    lines.extend(absent.into_iter().map(|p| Standing {
        place: 0,
        player: p.clone(),
        total: 0,
        rounds: BTreeMap::new(),
        played: false,
    }));
    let key = |s: &Standing| (s.total, tie.value(s, stats));
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then_with(|| a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].place = if i > 0 && key(&lines[i]) == key(&lines[i - 1]) {
            lines[i - 1].place
        } else {
            i + 1
        };
    }
    lines
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
    /// At a table with a list in some round; false for a player of the field who has not
    /// played yet (listed with 0).
    pub played: bool,
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
            played: true,
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
