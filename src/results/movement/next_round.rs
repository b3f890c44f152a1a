//! The next Swiss round of a section already on the log: its standings from the section's
//! scores (`results::ranking`, under the section's signed policy), the matches it has played
//! from its tables, and the boards numbered on from the last board it has played.

use super::swiss::swiss_round;
use super::teams::teams_round;
use super::{MovementError, MAX_BOARD};
use crate::events::TableAssignment;
use crate::results::{ranking, results, Tournament};
use std::collections::BTreeSet;

/// The `structure.table` events of the next round of Swiss section `section`, each match at
/// two tables on `boards_per_round` new boards. Teams sitting out (a phantom, an absent team)
/// are not paired, except one as the bye when the teams playing are odd in number.
pub fn swiss_next_round(
    t: &Tournament,
    section: &str,
    boards_per_round: u32,
) -> Result<Vec<TableAssignment>, MovementError> {
    if boards_per_round == 0 {
        return Err(MovementError::NoBoards);
    }
    let key = section.to_string();
    let tables: Vec<&TableAssignment> = t
        .tables
        .range((key.clone(), 0, 0)..=(key, u32::MAX, u32::MAX))
        .map(|(_, x)| x)
        .collect();
    let round = tables.iter().map(|x| x.round).max().unwrap_or(0) + 1;
    let first = tables
        .iter()
        .flat_map(|x| x.boards.iter().copied())
        .max()
        .unwrap_or(0)
        + 1;
    let last = u64::from(first) + u64::from(boards_per_round) - 1;
    if last > u64::from(MAX_BOARD) {
        return Err(MovementError::LastBoard { last });
    }
    let rows = results(t);
    let r = ranking(t, &rows);
    let mut standings: Vec<(String, f64)> = r
        .standings
        .iter()
        .filter(|s| s.section == section && !t.sits_out(section, &s.contestant))
        .map(|s| (s.contestant.clone(), s.total))
        .collect();
    let byes: BTreeSet<&str> = t
        .contestants
        .keys()
        .filter(|(s, id)| s == section && t.sits_out(section, id))
        .map(|(_, id)| id.as_str())
        .collect();
    if !standings.len().is_multiple_of(2) {
        if let Some(bye) = byes.iter().next() {
            standings.push((bye.to_string(), f64::NEG_INFINITY));
        }
    }
    let known: BTreeSet<&str> = standings.iter().map(|s| s.0.as_str()).collect();
    // Matches against a team no longer paired (absent now) do not constrain the pairing.
    let played: Vec<(String, String)> = tables
        .iter()
        .filter(|x| known.contains(x.ns.as_str()) && known.contains(x.ew.as_str()))
        .map(|x| (x.ns.clone(), x.ew.clone()))
        .collect();
    let matches = swiss_round(&standings, &played)?;
    // Number the teams by place for `teams_round`, then back to their ids.
    let ids: Vec<&str> = standings.iter().map(|s| s.0.as_str()).collect();
    let num = |id: &str| {
        ids.iter()
            .position(|x| *x == id)
            .map_or(0, |i| i as u32 + 1)
    };
    let numbered: Vec<(u32, u32)> = matches.iter().map(|(a, b)| (num(a), num(b))).collect();
    let phantom = standings
        .iter()
        .position(|s| byes.contains(s.0.as_str()))
        .map(|i| i as u32 + 1);
    let boards: Vec<u32> = (first..first + boards_per_round).collect();
    let mr = teams_round(round, &numbered, round, &boards, phantom);
    let id_of = |n: u32| {
        ids.get((n as usize).wrapping_sub(1))
            .map_or_else(String::new, |x| x.to_string())
    };
    Ok(mr
        .tables
        .into_iter()
        .map(|s| TableAssignment {
            section: section.to_string(),
            round,
            table: s.table,
            ns: id_of(s.ns),
            ew: id_of(s.ew),
            boards: s.boards,
        })
        .collect())
}
