//! What a scorer records from the traveller grid besides a result: a contestant arriving
//! late or absent (`structure.attendance`: its missed boards stay the TD's to rule on, Law
//! 12C2) and a fouled board (Law 87: `ruling.fouled_board`, the tables that played the same
//! cards scored as groups). Checked against the movement before anything is signed.
use crate::events::{Attendance, BoardFouled, Payload, Presence};
use crate::results::Tournament;
use serde::Deserialize;
use std::collections::BTreeSet;

/// Late from a round, absent, or present after all, as the grid's form sends it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct AttendanceRequest {
    pub section: String,
    pub contestant: String,
    /// `late`, `absent` or `present`.
    pub status: String,
    #[serde(default)]
    pub from_round: Option<u32>,
    pub reason: String,
}

/// A fouled board as the grid's form sends it: a group number for every table that played
/// the board (Law 87A: the tables of one group played the same cards).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct FouledRequest {
    pub section: String,
    pub board: u32,
    /// `(round, table, group)`.
    pub tables: Vec<(u32, u32, u32)>,
    pub reason: String,
}

/// Why the grid's form cannot be signed, naming the law where one applies.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ActError {
    #[error("{contestant} is not a contestant of section {section}")]
    NoContestant { section: String, contestant: String },
    #[error("{status:?} is not late, absent or present")]
    Status { status: String },
    #[error(
        "Law 12C2: a late arrival plays from a round of the movement (1 to {rounds}), not {got}"
    )]
    Round { rounds: u32, got: u32 },
    #[error("board {board} is not in the movement of section {section}")]
    NoBoard { section: String, board: u32 },
    #[error("round {round}, table {table} did not play board {board} in the movement")]
    NotAtTable { round: u32, table: u32, board: u32 },
    #[error("Law 87A: a fouled board has at least two groups of tables, each table in one")]
    Groups,
    #[error("say why (at most 2000 characters)")]
    Reason,
}

impl ActError {
    /// The code the app translates (`error.<code>`).
    pub fn code(&self) -> &'static str {
        match self {
            ActError::NoContestant { .. } => "act_no_contestant",
            ActError::Status { .. } => "act_status",
            ActError::Round { .. } => "act_round",
            ActError::NoBoard { .. } => "act_no_board",
            ActError::NotAtTable { .. } => "act_not_at_table",
            ActError::Groups => "act_groups",
            ActError::Reason => "act_reason",
        }
    }
}

fn reason(r: &str) -> Result<String, ActError> {
    let r = r.trim();
    if r.is_empty() || r.chars().count() > 2000 {
        return Err(ActError::Reason);
    }
    Ok(r.to_string())
}

fn rounds(t: &Tournament, section: &str) -> u32 {
    let key = section.to_string();
    t.tables
        .range((key.clone(), 0, 0)..=(key, u32::MAX, u32::MAX))
        .map(|((_, r, _), _)| *r)
        .max()
        .unwrap_or(0)
}

/// The `structure.attendance` of the grid's form.
pub fn attendance_payload(t: &Tournament, req: &AttendanceRequest) -> Result<Payload, ActError> {
    let section = req.section.trim();
    let contestant = req.contestant.trim();
    if !t
        .contestants
        .contains_key(&(section.to_string(), contestant.to_string()))
    {
        return Err(ActError::NoContestant {
            section: section.into(),
            contestant: contestant.into(),
        });
    }
    let presence = match req.status.as_str() {
        "present" => Presence::Present,
        "absent" => Presence::Absent,
        "late" => {
            let n = rounds(t, section);
            let from = req.from_round.unwrap_or(0);
            if from < 1 || from > n {
                return Err(ActError::Round {
                    rounds: n,
                    got: from,
                });
            }
            Presence::Late { from_round: from }
        }
        other => {
            return Err(ActError::Status {
                status: other.into(),
            })
        }
    };
    Ok(Payload::Attendance(Attendance {
        section: section.into(),
        contestant: contestant.into(),
        presence,
        reason: reason(&req.reason)?,
    }))
}

/// The `ruling.fouled_board` of the grid's form: every table of the movement that played
/// the board in exactly one group, and at least two groups (Law 87A).
pub fn fouled_payload(t: &Tournament, req: &FouledRequest) -> Result<Payload, ActError> {
    let section = req.section.trim();
    let key = section.to_string();
    let played: BTreeSet<(u32, u32)> = t
        .tables
        .range((key.clone(), 0, 0)..=(key, u32::MAX, u32::MAX))
        .filter(|(_, a)| a.boards.contains(&req.board))
        .map(|((_, r, tb), _)| (*r, *tb))
        .collect();
    if played.is_empty() {
        return Err(ActError::NoBoard {
            section: section.into(),
            board: req.board,
        });
    }
    let mut seen = BTreeSet::new();
    let mut groups: std::collections::BTreeMap<u32, Vec<(u32, u32)>> = Default::default();
    for &(round, table, group) in &req.tables {
        if !played.contains(&(round, table)) {
            return Err(ActError::NotAtTable {
                round,
                table,
                board: req.board,
            });
        }
        if !seen.insert((round, table)) || group == 0 {
            return Err(ActError::Groups);
        }
        groups.entry(group).or_default().push((round, table));
    }
    if seen != played || groups.len() < 2 {
        return Err(ActError::Groups);
    }
    Ok(Payload::BoardFouled(BoardFouled {
        section: section.into(),
        board: req.board,
        groups: groups.into_values().collect(),
        reason: reason(&req.reason)?,
    }))
}
