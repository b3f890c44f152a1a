//! The tournament dashboard, the app's home screen: the movement as a grid (rounds x tables
//! of each section), each cell with the state of its boards, and what waits for the TD now:
//! director calls not yet answered by a ruling, boards whose irregularity waits for the
//! TD's branch, the open clocks (Laws 79C, 92B) and the appeals waiting for a step.
//!
//! The state of a board at a table, most urgent first: an incident open (an irregularity
//! pending, a play choice due, a director call not answered), an appeal pending, in play,
//! a ruling given, completed, not started.
use super::Replayed;
use crate::appeals::{OpenClock, Workflow};
use crate::events::Slot;
use crate::i18n::{Lang, Msg};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// What a board at a table is, for the TD glancing at the movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardState {
    NotStarted,
    Completed,
    RulingGiven,
    /// An appeal against the ruling was decided (N16: not "ruling given" any more).
    AppealDecided,
    InPlay,
    AppealPending,
    IncidentOpen,
}

impl BoardState {
    pub fn key(self) -> &'static str {
        match self {
            BoardState::NotStarted => "not_started",
            BoardState::Completed => "completed",
            BoardState::RulingGiven => "ruling_given",
            BoardState::AppealDecided => "appeal_decided",
            BoardState::InPlay => "in_play",
            BoardState::AppealPending => "appeal_pending",
            BoardState::IncidentOpen => "incident_open",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Dashboard {
    pub sections: Vec<SectionGrid>,
    /// Director calls (Law 9) with no ruling at that table and board yet, and boards whose
    /// irregularity or play choice waits: oldest first.
    pub calls: Vec<Waiting>,
    pub clocks: Vec<OpenClock>,
    /// Appeals not yet finished, with the status and the deadline if any.
    pub appeals: Vec<AppealDue>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SectionGrid {
    pub section: String,
    pub rounds: Vec<u32>,
    pub tables: Vec<u32>,
    /// Row-major: for each round, each table (a cell with no pairs seated has no boards).
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    pub round: u32,
    pub table: u32,
    pub ns: Option<String>,
    pub ew: Option<String>,
    pub boards: Vec<BoardCell>,
    /// The most urgent state of its boards (all completed: completed).
    pub state: BoardState,
    pub state_text: Msg,
}

#[derive(Debug, Clone, Serialize)]
pub struct BoardCell {
    pub board: u32,
    pub state: BoardState,
    /// The board's score at this table as the results score it (an adjusted score and a
    /// committee's new score included), once it has one: the TD sees a ruling land.
    pub score: Option<BoardScore>,
}

/// A board's score at a table, for N-S, in the units of the section's scoring.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardScore {
    pub score_ns: Option<i32>,
    pub imp_ns: Option<f64>,
    pub pct_ns: Option<f64>,
    pub adjusted: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Waiting {
    pub slot: Slot,
    /// `director_call`, `irregularity` or `play_choice`.
    pub kind: &'static str,
    /// The law, when the engine names one.
    pub law: Option<String>,
    /// As reported at the table (a director call), else empty.
    pub text: String,
    pub time: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct AppealDue {
    pub id: String,
    pub slot: Slot,
    pub appellant: String,
    pub status: &'static str,
    pub deadline_ms: Option<i64>,
}

/// The dashboard at `now_ms`.
pub fn dashboard(r: &Replayed, wf: &Workflow, now_ms: i64, lang: Lang) -> Dashboard {
    let t = &r.tournament;
    // Every slot the log knows: the movement, recorded results, boards played on the log.
    let mut slots: BTreeSet<Slot> = BTreeSet::new();
    for a in t.tables.values() {
        for &board in &a.boards {
            slots.insert(Slot {
                section: a.section.clone(),
                round: a.round,
                table: a.table,
                board,
            });
        }
    }
    slots.extend(t.slots.keys().cloned());
    slots.extend(r.tables.tables.keys().cloned());
    for c in wf.calls.values() {
        slots.insert(c.0.slot.clone());
    }

    let open_appeals: BTreeMap<&Slot, Vec<&crate::appeals::Appeal>> =
        wf.appeals.values().fold(BTreeMap::new(), |mut m, a| {
            if is_open(wf.status(a, now_ms)) {
                m.entry(&a.slot).or_default().push(a);
            }
            m
        });
    let ruled: BTreeSet<&Slot> = wf.rulings.values().map(|x| &x.ruling.slot).collect();
    // Boards whose appeal was decided (or answered by the regulating authority).
    let decided: BTreeSet<&Slot> = wf
        .appeals
        .values()
        .filter(|a| a.decisions.iter().any(|d| d.effective) || a.authority.is_some())
        .map(|a| &a.slot)
        .collect();
    let answered = |call_ms: i64, s: &Slot| {
        wf.rulings
            .values()
            .any(|x| &x.ruling.slot == s && x.signed.wall_ms >= call_ms)
    };

    let mut calls: Vec<Waiting> = vec![];
    let mut waiting_slots: BTreeSet<Slot> = BTreeSet::new();
    for (c, signed) in wf.calls.values() {
        if !answered(signed.wall_ms, &c.slot) {
            waiting_slots.insert(c.slot.clone());
            calls.push(Waiting {
                slot: c.slot.clone(),
                kind: "director_call",
                law: None,
                text: c.irregularity.clone(),
                time: Some(signed.time.clone()),
            });
        }
    }
    for (slot, b) in &r.tables.tables {
        let v = b.view();
        if let Some(x) = v.irregularities.iter().find(|x| x.pending) {
            waiting_slots.insert(slot.clone());
            calls.push(Waiting {
                slot: slot.clone(),
                kind: "irregularity",
                law: Some(x.law.clone()),
                text: String::new(),
                time: None,
            });
        } else if let Some(law) = v.option_due {
            waiting_slots.insert(slot.clone());
            calls.push(Waiting {
                slot: slot.clone(),
                kind: "play_choice",
                law: Some(law.to_string()),
                text: String::new(),
                time: None,
            });
        }
    }

    let state_of = |s: &Slot| -> BoardState {
        if waiting_slots.contains(s) {
            return BoardState::IncidentOpen;
        }
        if open_appeals.contains_key(s) {
            return BoardState::AppealPending;
        }
        let at_table = r.tables.board(s);
        let complete = t.slots.contains_key(s) || at_table.is_some_and(|b| b.is_complete());
        if at_table.is_some() && !complete {
            return BoardState::InPlay;
        }
        if decided.contains(s) {
            return BoardState::AppealDecided;
        }
        if ruled.contains(s) {
            return BoardState::RulingGiven;
        }
        if complete {
            BoardState::Completed
        } else {
            BoardState::NotStarted
        }
    };

    let scored: BTreeMap<(&str, u32, u32, u32), &crate::results::ResultRow> = r
        .results
        .iter()
        .map(|x| ((x.section.as_str(), x.round, x.table, x.board), x))
        .collect();
    let score_of = |s: &Slot| {
        scored
            .get(&(s.section.as_str(), s.round, s.table, s.board))
            .map(|x| BoardScore {
                score_ns: x.score_ns,
                imp_ns: x.imp_ns,
                pct_ns: x.pct_ns,
                adjusted: x.adjusted,
            })
    };

    let mut by_section: BTreeMap<String, BTreeMap<(u32, u32), Vec<BoardCell>>> = BTreeMap::new();
    for s in &slots {
        by_section
            .entry(s.section.clone())
            .or_default()
            .entry((s.round, s.table))
            .or_default()
            .push(BoardCell {
                board: s.board,
                state: state_of(s),
                score: score_of(s),
            });
    }
    let sections = by_section
        .into_iter()
        .map(|(section, cells)| {
            let rounds: Vec<u32> = cells
                .keys()
                .map(|k| k.0)
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let tables: Vec<u32> = cells
                .keys()
                .map(|k| k.1)
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let mut grid = vec![];
            for &round in &rounds {
                for &table in &tables {
                    let boards = cells.get(&(round, table)).cloned().unwrap_or_default();
                    let seated = t.tables.get(&(section.clone(), round, table));
                    let state = cell_state(&boards);
                    grid.push(Cell {
                        round,
                        table,
                        ns: seated.map(|a| a.ns.clone()),
                        ew: seated.map(|a| a.ew.clone()),
                        state_text: Msg::new(lang, &format!("board_state.{}", state.key()), &[]),
                        state,
                        boards,
                    });
                }
            }
            SectionGrid {
                section,
                rounds,
                tables,
                cells: grid,
            }
        })
        .collect();

    let mut appeals: Vec<AppealDue> = wf
        .appeals
        .values()
        .filter_map(|a| {
            let status = wf.status(a, now_ms);
            is_open(status).then(|| AppealDue {
                id: a.id.to_hex(),
                slot: a.slot.clone(),
                appellant: a.appellant.clone(),
                status,
                deadline_ms: a.deadline_ms,
            })
        })
        .collect();
    appeals.sort_by(|a, b| a.slot.cmp(&b.slot).then(a.id.cmp(&b.id)));
    calls.sort_by(|a, b| a.time.cmp(&b.time).then(a.slot.cmp(&b.slot)));
    Dashboard {
        sections,
        calls,
        clocks: wf.clocks(now_ms),
        appeals,
    }
}

/// An appeal still to be heard or decided.
fn is_open(status: &str) -> bool {
    !matches!(
        status,
        "decided" | "withdrawn" | "not_heard" | "final" | "closed" | "recommendation"
    )
}

/// A cell's state: the most urgent of its boards; completed only when every board is.
fn cell_state(boards: &[BoardCell]) -> BoardState {
    let worst = boards
        .iter()
        .map(|b| b.state)
        .max()
        .unwrap_or(BoardState::NotStarted);
    let some_done = boards.iter().any(|b| {
        matches!(
            b.state,
            BoardState::Completed | BoardState::RulingGiven | BoardState::AppealDecided
        )
    });
    let some_open = boards.iter().any(|b| b.state == BoardState::NotStarted);
    match worst {
        BoardState::Completed | BoardState::RulingGiven | BoardState::AppealDecided
            if some_open =>
        {
            BoardState::InPlay
        }
        BoardState::NotStarted if some_done => BoardState::InPlay,
        w => w,
    }
}
