//! The traveller grid: every table that plays a board in a section (or every board of one
//! table in one round), with the result typed back as a line in the user's language, the
//! Law 77 score, the matchpoints or IMPs and percentages exactly as `results` scores them,
//! the marks a scorer needs (adjusted, artificial, weighted, not played, corrected, played
//! card by card, late, absent, phantom, sit-out) and the event behind each result; then how
//! many rows are still empty and which one is next.

use super::uses_imps;
use crate::events::{Adjustment, Form, Presence, Slot};
use crate::i18n::{t, Lang, Msg};
use crate::results::traveller::{entry_of, format_line};
use crate::results::{Outcome, ResultRow, SlotState, Tournament};
use crate::views::{Replayed, ViewError};
use serde::{Deserialize, Serialize};

/// Which traveller: one board across the section, or one table's boards in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum TravellerBy {
    Board {
        section: String,
        board: u32,
    },
    Table {
        section: String,
        round: u32,
        table: u32,
    },
}

/// A localised column heading.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Column {
    pub key: &'static str,
    pub text: String,
}

/// A mark on a row: its stable key and its text in the user's language.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mark {
    pub key: &'static str,
    pub text: String,
}

/// One table's line of the traveller.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TravellerRow {
    pub slot: Slot,
    pub ns: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ns_name: Option<String>,
    pub ew: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ew_name: Option<String>,
    /// What stands, typed back as a line in the user's language (`parse_line` reads it);
    /// `None` for an empty row, or an assigned or weighted score no line can say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// What stands in words, in the user's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_ns: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_ew: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ew: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ew: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ew: Option<f64>,
    pub marks: Vec<Mark>,
    /// The latest signed event behind the result (hex): the row's audit starts there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// How many signed events stand behind the result.
    pub events: usize,
    /// No result yet.
    pub empty: bool,
    /// A phantom or an absent contestant sits there: no result is expected.
    pub sits_out: bool,
}

/// The traveller screen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TravellerView {
    pub by: TravellerBy,
    pub title: String,
    /// `mp` (matchpoints and percentages) or `imp`, as the section's policy scores.
    pub units: &'static str,
    pub columns: Vec<Column>,
    pub rows: Vec<TravellerRow>,
    /// Rows still without a result where one is expected (sit-outs are not counted).
    pub missing: usize,
    pub missing_text: String,
    /// The first row still without a result: where the cursor goes after Enter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_empty: Option<Slot>,
    /// By board, once this board is complete: the next board of the movement still waiting
    /// for a result (after this one, then from the first); `None` when every one is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_board: Option<u32>,
    /// The `scoring.policy` event the scores are under (hex); `None`: the defaults.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
}

/// The traveller `by` board or by table, in `lang`.
pub fn traveller(r: &Replayed, by: TravellerBy, lang: Lang) -> Result<TravellerView, ViewError> {
    let t = &r.tournament;
    let (section, slots) = match &by {
        TravellerBy::Board { section, board } => (section, board_slots(t, section, *board)),
        TravellerBy::Table {
            section,
            round,
            table,
        } => (section, table_slots(t, section, *round, *table)),
    };
    if slots.is_empty() {
        return Err(match &by {
            TravellerBy::Board { section, board } => ViewError::NoSuchTraveller {
                section: section.clone(),
                board: *board,
            },
            TravellerBy::Table {
                section,
                round,
                table,
            } => ViewError::NoSuchTable(Slot {
                section: section.clone(),
                round: *round,
                table: *table,
                board: 0,
            }),
        });
    }
    let imps = uses_imps(t, section);
    let rows: Vec<TravellerRow> = slots
        .into_iter()
        .map(|(slot, ns, ew)| row(t, &r.results, slot, ns, ew, lang))
        .collect();
    let waiting = |x: &&TravellerRow| x.empty && !x.sits_out;
    let missing = rows.iter().filter(waiting).count();
    let next_empty = rows.iter().find(waiting).map(|x| x.slot.clone());
    let title = match &by {
        TravellerBy::Board { section, board } => Msg::text(
            lang,
            "traveller.title.board",
            &[("board", board.to_string()), ("section", section.clone())],
        ),
        TravellerBy::Table {
            section,
            round,
            table,
        } => Msg::text(
            lang,
            "traveller.title.table",
            &[
                ("round", round.to_string()),
                ("table", table.to_string()),
                ("section", section.clone()),
            ],
        ),
    };
    let by_board = matches!(by, TravellerBy::Board { .. });
    // Only once this board is complete, so a line's Enter costs one board until then.
    let next_board = match &by {
        TravellerBy::Board { board, .. } if missing == 0 => next_waiting_board(t, section, *board),
        _ => None,
    };
    let missing_text = if by_board && missing == 0 && next_board.is_none() {
        Msg::text(lang, "traveller.all_in", &[("section", section.clone())])
    } else {
        Msg::text(lang, "traveller.missing", &[("count", missing.to_string())])
    };
    Ok(TravellerView {
        title,
        units: if imps { "imp" } else { "mp" },
        columns: columns(by_board, imps, lang),
        missing,
        missing_text,
        next_empty,
        next_board,
        policy: t.policy(section).1.map(|h| h.to_hex()),
        rows,
        by,
    })
}

/// Every table the movement has play `board` in `section`, and any table with a result for
/// it the movement does not list: (slot, N-S, E-W), by round and table.
fn board_slots(t: &Tournament, section: &str, board: u32) -> Vec<(Slot, String, String)> {
    let key = section.to_string();
    let mut out: Vec<(Slot, String, String)> = t
        .tables
        .range((key.clone(), 0, 0)..=(key, u32::MAX, u32::MAX))
        .filter(|(_, a)| a.boards.contains(&board))
        .map(|(_, a)| {
            let slot = Slot {
                section: section.to_string(),
                round: a.round,
                table: a.table,
                board,
            };
            (slot, a.ns.clone(), a.ew.clone())
        })
        .collect();
    let listed: std::collections::BTreeSet<(u32, u32)> =
        out.iter().map(|(s, ..)| (s.round, s.table)).collect();
    for s in t.board_slots(section, board) {
        if !listed.contains(&(s.round, s.table)) {
            if let Some(st) = t.slots.get(s) {
                out.push((s.clone(), st.ns.clone(), st.ew.clone()));
            }
        }
    }
    out.sort_by_key(|a| (a.0.round, a.0.table));
    out
}

/// The movement's next board after `board` (then from the first) with a row still waiting
/// for a result; `None` when the section is complete.
fn next_waiting_board(t: &Tournament, section: &str, board: u32) -> Option<u32> {
    let key = section.to_string();
    let boards: std::collections::BTreeSet<u32> = t
        .tables
        .range((key.clone(), 0, 0)..=(key, u32::MAX, u32::MAX))
        .flat_map(|(_, a)| a.boards.iter().copied())
        .collect();
    let waiting = |b: u32| {
        board_slots(t, section, b).iter().any(|(slot, ns, ew)| {
            !t.slots.contains_key(slot)
                && !attendance_marks(t, slot, ns, ew, Lang::En, &mut Vec::new())
        })
    };
    let after = boards.range(board.saturating_add(1)..);
    let before = boards.range(..board);
    after.chain(before).copied().find(|&b| waiting(b))
}

/// The boards the movement gives one table in one round, and any board with a result there
/// it does not list: (slot, N-S, E-W), by board.
fn table_slots(
    t: &Tournament,
    section: &str,
    round: u32,
    table: u32,
) -> Vec<(Slot, String, String)> {
    let at = |board| Slot {
        section: section.to_string(),
        round,
        table,
        board,
    };
    let mut out: Vec<(Slot, String, String)> = t
        .tables
        .get(&(section.to_string(), round, table))
        .map(|a| {
            a.boards
                .iter()
                .map(|&b| (at(b), a.ns.clone(), a.ew.clone()))
                .collect()
        })
        .unwrap_or_default();
    for (s, st) in t.slots.range(at(0)..=at(u32::MAX)) {
        if !out.iter().any(|(x, ..)| x == s) {
            out.push((s.clone(), st.ns.clone(), st.ew.clone()));
        }
    }
    out.sort_by_key(|x| x.0.board);
    out
}

/// The scored row of `slot` in `results` (in `results` order: section, board, round,
/// table), found by bisection.
fn scored<'a>(results: &'a [ResultRow], slot: &Slot) -> Option<&'a ResultRow> {
    results
        .binary_search_by(|r| {
            (r.section.as_str(), r.board, r.round, r.table).cmp(&(
                slot.section.as_str(),
                slot.board,
                slot.round,
                slot.table,
            ))
        })
        .ok()
        .map(|i| &results[i])
}

fn name(t: &Tournament, section: &str, side: &str) -> Option<String> {
    let one = |id: &str| {
        t.contestants
            .get(&(section.to_string(), id.to_string()))
            .map(|c| c.name.clone())
    };
    one(side).or_else(|| {
        // An individual event's side is its two players, `3+7`.
        if t.form(section) != Form::Individual {
            return None;
        }
        let names: Option<Vec<String>> = crate::results::score::players(Form::Individual, side)
            .map(one)
            .collect();
        names.map(|n| n.join(" + "))
    })
}

fn row(
    t: &Tournament,
    results: &[ResultRow],
    slot: Slot,
    ns: String,
    ew: String,
    lang: Lang,
) -> TravellerRow {
    let state = t.slots.get(&slot);
    let scored = state.and_then(|_| scored(results, &slot));
    let mut marks = state.map(|s| result_marks(s, lang)).unwrap_or_default();
    let in_movement = t
        .tables
        .get(&(slot.section.clone(), slot.round, slot.table))
        .is_some_and(|a| a.boards.contains(&slot.board));
    if !in_movement {
        marks.push(mark(lang, "outside_movement", &[]));
    }
    let sits_out = attendance_marks(t, &slot, &ns, &ew, lang, &mut marks);
    // Law 87: a fouled board's row says which group of tables it is compared within.
    if let Some(f) = t.fouled.get(&(slot.section.clone(), slot.board)) {
        if let Some(g) = f
            .groups
            .iter()
            .position(|g| g.contains(&(slot.round, slot.table)))
        {
            marks.push(mark(
                lang,
                "fouled",
                &[
                    ("law", crate::i18n::cite(lang, "87")),
                    ("group", (g + 1).to_string()),
                    ("groups", f.groups.len().to_string()),
                ],
            ));
        }
    }
    let score_ns = state.and_then(|s| match s.outcome() {
        Outcome::Played { score_ns, .. } => Some(*score_ns),
        _ => None,
    });
    TravellerRow {
        ns_name: name(t, &slot.section, &ns),
        ew_name: name(t, &slot.section, &ew),
        line: state
            .and_then(|s| entry_of(s.outcome()))
            .map(|e| format_line(&e, lang)),
        result: state.map(|s| s.outcome().describe_in(lang)),
        score_ns,
        score_ew: score_ns.map(|x| -x),
        mp_ns: scored.and_then(|r| r.mp_ns),
        mp_ew: scored.and_then(|r| r.mp_ew),
        imp_ns: scored.and_then(|r| r.imp_ns),
        imp_ew: scored.and_then(|r| r.imp_ew),
        pct_ns: scored.and_then(|r| r.pct_ns),
        pct_ew: scored.and_then(|r| r.pct_ew),
        marks,
        event: state
            .and_then(|s| s.history.last())
            .map(|h| h.event.to_hex()),
        events: state.map_or(0, |s| s.history.len()),
        empty: state.is_none(),
        sits_out,
        slot,
        ns,
        ew,
    }
}

fn mark(lang: Lang, key: &'static str, params: &[(&str, String)]) -> Mark {
    Mark {
        key,
        text: Msg::text(lang, &format!("traveller.mark.{key}"), params),
    }
}

/// What the row's result went through: a ruling (adjusted, artificial or weighted, with its
/// law), a board not played, a Law 79C correction, a board played card by card on the log.
fn result_marks(s: &SlotState, lang: Lang) -> Vec<Mark> {
    let mut out = vec![];
    if let Some(Outcome::Adjusted { law, adjustment }) = &s.ruling {
        let key = match adjustment {
            Adjustment::Artificial { .. } => "artificial",
            Adjustment::Weighted { .. } => "weighted",
            Adjustment::Assigned { .. } => "adjusted",
        };
        out.push(mark(lang, key, &[("law", law.clone())]));
    }
    if matches!(s.table_result, Some(Outcome::NotPlayed { .. })) {
        out.push(mark(lang, "not_played", &[]));
    }
    if let Some(c) = s.history.iter().rfind(|h| h.what == "result.corrected") {
        let law = c.law.clone().unwrap_or_else(|| "79C".into());
        out.push(mark(lang, "corrected", &[("law", law)]));
    }
    if s.history.iter().any(|h| h.what.starts_with("bridge.")) {
        out.push(mark(lang, "played_on_log", &[]));
    }
    out
}

/// Marks the contestants' attendance (late for this round, absent, phantom); returns whether
/// the table sits out (a phantom or an absent contestant).
fn attendance_marks(
    t: &Tournament,
    slot: &Slot,
    ns: &str,
    ew: &str,
    lang: Lang,
    marks: &mut Vec<Mark>,
) -> bool {
    let form = t.form(&slot.section);
    let mut sits_out = false;
    let players =
        crate::results::score::players(form, ns).chain(crate::results::score::players(form, ew));
    for c in players {
        let key = (slot.section.clone(), c.to_string());
        let who = [("contestant", c.to_string())];
        if t.contestants.get(&key).is_some_and(|x| x.phantom) {
            marks.push(mark(lang, "phantom", &who));
            sits_out = true;
        }
        match t.attendance.get(&key).map(|a| a.presence) {
            Some(Presence::Absent) => {
                marks.push(mark(lang, "absent", &who));
                sits_out = true;
            }
            Some(Presence::Late { from_round }) if slot.round < from_round => {
                let p = [who[0].clone(), ("from", from_round.to_string())];
                marks.push(mark(lang, "late", &p));
            }
            _ => {}
        }
    }
    if sits_out {
        marks.push(mark(lang, "sit_out", &[]));
    }
    sits_out
}

fn columns(by_board: bool, imps: bool, lang: Lang) -> Vec<Column> {
    let mut keys: Vec<&'static str> = if by_board {
        vec!["round", "table"]
    } else {
        vec!["board"]
    };
    keys.extend(["ns", "ew", "result", "score_ns", "score_ew"]);
    if imps {
        keys.extend(["imp_ns", "imp_ew"]);
    } else {
        keys.extend(["mp_ns", "mp_ew", "pct_ns", "pct_ew"]);
    }
    keys.extend(["marks", "event"]);
    keys.into_iter()
        .map(|key| Column {
            key,
            text: t(lang, &format!("traveller.col.{key}")).to_string(),
        })
        .collect()
}
