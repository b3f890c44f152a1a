//! View models of the Doppelkopf screens (issue 16): the evening's dashboard (tables ×
//! rounds, games entered, open objections and penalties), a table's list with running
//! totals and its corrections, and the standings with the tie rule. Pure functions of the
//! folded tables (`appeals::fold(...).doko`, so a refused objection never reaches a list);
//! the app's shell only serialises them.
use serde::Serialize;
use std::collections::BTreeMap;

use crate::doko::list::RowKind;
use crate::doko::seat::Seat;
use crate::doko::tables::{Correction, DokoTables};
use crate::i18n::{t, Lang, Msg};

/// One cell of the dashboard: a table in a round.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DashboardCell {
    pub round: u32,
    pub table: u32,
    /// Players seated (4 or 5; 0 without a seating plan).
    pub seated: usize,
    /// Games counted on the list, of the round's 16/20.
    pub games: u8,
    pub games_in_round: u8,
    /// A game played card by card and not finished.
    pub in_progress: Option<u32>,
    /// Penalty rows on the list (§8.4–8.7).
    pub penalties: usize,
    pub corrections: usize,
    /// Entries or events the rules refused (listed, not counted).
    pub refused: usize,
    /// Open objections at this table (§8.8.7: the Schiedsgericht has not decided).
    pub open_objections: usize,
    pub closed: bool,
    /// Closed by the Schiedsrichter's `doko.round_closed` (§8.2.2), not only complete.
    pub closed_by_td: bool,
    /// Why the list cannot be shown, if it cannot.
    pub error: Option<String>,
}

/// The evening at a glance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dashboard {
    pub profile: String,
    pub rounds: Vec<u32>,
    pub tables: Vec<u32>,
    pub cells: Vec<DashboardCell>,
    /// The seat draw: committed, revealed.
    pub draw_committed: bool,
    pub draw_revealed: bool,
    pub tie: Msg,
}

/// The dashboard: every (round, table) with a seating plan or games. `open` lists the
/// (round, table) of objections not yet decided (from the appeals workflow).
pub fn dashboard(t: &DokoTables, open: &[(u32, u32)], lang: Lang) -> Dashboard {
    let mut keys: Vec<(u32, u32)> = t.tables();
    keys.extend(t.seatings.keys().copied());
    keys.sort();
    keys.dedup();
    let cells: Vec<DashboardCell> = keys
        .iter()
        .map(|&(round, table)| {
            let seated = t.seatings.get(&(round, table)).map_or(0, |s| s.len());
            let open_objections = open.iter().filter(|x| **x == (round, table)).count();
            let mut c = DashboardCell {
                round,
                table,
                seated,
                games: 0,
                games_in_round: 0,
                in_progress: None,
                penalties: 0,
                corrections: 0,
                refused: 0,
                open_objections,
                closed: false,
                closed_by_td: false,
                error: None,
            };
            // A seated table without a game yet: its 16/20 from the profile and its size
            // (§7.4.1), so a five-table shows "0 of 20" before its first game.
            if let (Ok(p), 4 | 5) = (t.profile(), seated) {
                c.games_in_round = p.games_for_table(seated as u8);
            }
            if t.tables().contains(&(round, table)) {
                match t.list(round, table) {
                    Ok(l) => {
                        c.games = l.replay.state.games_counted;
                        c.games_in_round = l.replay.state.games_in_round;
                        c.in_progress = l.in_progress;
                        c.penalties = l
                            .replay
                            .list
                            .rows
                            .iter()
                            .filter(|r| matches!(r.kind, RowKind::Penalty { .. }))
                            .count();
                        c.corrections =
                            l.corrections.iter().filter(|c| c.refused.is_none()).count();
                        c.refused = l.refused.len();
                        c.closed = l.closed;
                        c.closed_by_td = l.closed_by_td;
                    }
                    Err(e) => c.error = Some(crate::i18n::doko_refusal(lang, &e)),
                }
            }
            c
        })
        .collect();
    let mut rounds: Vec<u32> = keys.iter().map(|k| k.0).collect();
    rounds.dedup();
    let mut tables: Vec<u32> = keys.iter().map(|k| k.1).collect();
    tables.sort();
    tables.dedup();
    Dashboard {
        profile: t.profile().map(|p| p.name).unwrap_or_default(),
        rounds,
        tables,
        cells,
        draw_committed: t.draw.seed_hash.is_some(),
        draw_revealed: t.draw.seed.is_some(),
        tie: Msg::new(lang, t.tie.key(), &[]),
    }
}

/// One row of a table's list as the screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListRowView {
    pub game_no: Option<u8>,
    pub dealer: String,
    /// "Punkte dieses Spiels" and the kind, a struck game, a penalty's rule, a redeal.
    pub text: String,
    pub pflichtsolo: bool,
    pub struck: bool,
    pub penalty: bool,
    pub delta: Vec<i32>,
    /// Running totals after this row, one per seat (§6.3.5).
    pub totals: Vec<i32>,
}

/// A table's list for the screen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableListView {
    pub round: u32,
    pub table: u32,
    pub profile: String,
    /// The players in seat order (names from the seating plan, else the seat letter).
    pub players: Vec<String>,
    pub rows: Vec<ListRowView>,
    pub totals: Vec<i32>,
    /// The next game's number and dealer, for entry.
    pub next_game: u32,
    pub next_dealer: Option<String>,
    /// Closed (by the Schiedsrichter or complete): corrections are a TD's (§8.2.2).
    pub closed: bool,
    /// Closed by the Schiedsrichter's `doko.round_closed`: no game is entered any more.
    pub closed_by_td: bool,
    pub flags: Vec<String>,
    pub corrections: Vec<Correction>,
    pub refused: Vec<String>,
}

/// A table's list with running totals, its corrections and what the rules refused.
pub fn table_list(
    t: &DokoTables,
    round: u32,
    table: u32,
    lang: Lang,
) -> Result<TableListView, String> {
    if !t.tables().contains(&(round, table)) {
        // Seated, no game yet: an empty list, game 1 dealt by seat A (§2.2).
        let names = t.seating(round, table);
        if !names.is_empty() {
            return Ok(TableListView {
                round,
                table,
                profile: t.profile().map(|p| p.name).unwrap_or_default(),
                totals: vec![0; names.len()],
                next_dealer: names.values().next().cloned(),
                players: names.into_values().collect(),
                rows: vec![],
                next_game: t.next_game(round, table),
                closed: false,
                closed_by_td: false,
                flags: vec![],
                corrections: vec![],
                refused: vec![],
            });
        }
    }
    let l = t
        .list(round, table)
        .map_err(|e| crate::i18n::doko_refusal(lang, &e))?;
    let names = t.seating(round, table);
    let seats: Vec<Seat> = l.replay.list.seats.clone();
    let name = |s: Seat| names.get(&s).cloned().unwrap_or_else(|| s.to_string());
    let per = |m: &BTreeMap<Seat, i32>| {
        seats
            .iter()
            .map(|s| m.get(s).copied().unwrap_or(0))
            .collect()
    };
    // The kind of game in the reader's language, from the deal the row records.
    let label = |r: &crate::doko::list::ListRow| crate::i18n::doko_row_label(lang, &l, r);
    let rows = l
        .replay
        .list
        .rows
        .iter()
        .map(|r| {
            let (text, pflichtsolo, struck, penalty) = match &r.kind {
                RowKind::Game { pflichtsolo, .. } => (
                    format!("{} {}", r.value, label(r)),
                    *pflichtsolo,
                    false,
                    false,
                ),
                RowKind::Struck { .. } => (
                    format!("{}: {}", t_(lang, "doko.print.struck"), label(r)),
                    false,
                    true,
                    false,
                ),
                RowKind::Penalty { rule } => (
                    format!("{} §{rule}", t_(lang, "doko.print.penalty")),
                    false,
                    false,
                    true,
                ),
                RowKind::Redeal { .. } => (label(r), false, false, false),
            };
            ListRowView {
                game_no: r.game_no,
                dealer: name(r.dealer),
                text,
                pflichtsolo,
                struck,
                penalty,
                delta: per(&r.delta),
                totals: per(&r.totals),
            }
        })
        .collect();
    let size =
        crate::doko::round::TableConfig::new(seats.len() as u8).map_err(|e| e.to_string())?;
    // A game struck during the round is replaced by the next game, dealt by its dealer
    // (§8.2.1).
    let next_game = t.next_game(round, table);
    let pending = l
        .corrections
        .iter()
        .filter(|c| c.refused.is_none())
        .find_map(|c| match c.correction {
            crate::events::CorrectionAction::Strike {
                replacement: Some(r),
            } if r == next_game => Some(c.game as usize - 1),
            _ => None,
        });
    let next_dealer =
        match crate::doko::round::next_deal(&l.replay.state, size, &l.replay.records, pending) {
            crate::doko::round::NextDeal::Deal { dealer, .. }
            | crate::doko::round::NextDeal::Replacement { dealer, .. } => Some(name(dealer)),
            crate::doko::round::NextDeal::RoundOver => None,
        };
    Ok(TableListView {
        round,
        table,
        profile: l.profile.clone(),
        players: seats.iter().map(|s| name(*s)).collect(),
        totals: per(&l.replay.list.totals),
        rows,
        next_game,
        next_dealer: if l.closed_by_td { None } else { next_dealer },
        closed: l.closed,
        closed_by_td: l.closed_by_td,
        flags: l.replay.notes.iter().map(|f| f.text(lang)).collect(),
        corrections: l.corrections.clone(),
        refused: l
            .refused
            .iter()
            .map(|r| format!("{}: {}", r.game, r.reason))
            .collect(),
    })
}

fn t_(lang: Lang, key: &str) -> &str {
    t(lang, key)
}

/// The (round, table) of every objection the Schiedsgericht has not decided yet (§8.8.7).
pub fn open_objections(w: &crate::appeals::Workflow) -> Vec<(u32, u32)> {
    w.appeals
        .values()
        .filter_map(|a| a.doko.as_ref())
        .filter(|d| d.decision.is_none())
        .map(|d| (d.at.round, d.at.table))
        .collect()
}

/// The standings for the screen: the engine's, with the tie rule named in `lang`.
#[derive(Debug, Clone, Serialize)]
pub struct StandingsView {
    pub standings: crate::doko::tables::Standings,
    pub tie: Msg,
    /// The tie rule was signed on this log (`doko.standings_rule`), not the default.
    pub tie_signed: bool,
}

pub fn standings(t: &DokoTables, lang: Lang) -> Result<StandingsView, String> {
    let s = t
        .standings()
        .map_err(|e| crate::i18n::doko_refusal(lang, &e))?;
    Ok(StandingsView {
        tie: Msg::new(lang, s.tie.key(), &[]),
        tie_signed: t.tie_signed,
        standings: s,
    })
}

/// The seat draw and one round's plan (§7.3.1): whether the draw is committed and revealed,
/// the field with its arrivals and departures, the plan the draw gives for `round` (or why
/// there is none yet), and whether that round is seated on the log.
#[derive(Debug, Clone, Serialize)]
pub struct PlanView {
    pub round: u32,
    pub committed: bool,
    pub revealed: bool,
    /// The seed's SHA-256 as committed (the seed itself only once revealed).
    pub seed_hash: Option<String>,
    pub field: Vec<String>,
    pub later_rounds: Option<crate::doko::draw::LaterRounds>,
    pub presence: Vec<crate::doko::draw::Presence>,
    /// The players of `round`: the field, plus arrivals, less departures.
    pub players: Vec<String>,
    /// One list of (seat, player) per table, from the draw.
    pub plan: Vec<Vec<(Seat, String)>>,
    /// Why the plan cannot be made yet (no reveal, a field that cannot be seated, §7.2.1).
    pub error: Option<String>,
    /// Tables of `round` with a signed seating.
    pub seated: Vec<u32>,
}

pub fn plan(t: &DokoTables, round: u32, lang: Lang) -> PlanView {
    let (plan, error) = match t.plan(round) {
        Ok(p) => (
            p.into_iter()
                .map(|table| table.into_iter().collect())
                .collect(),
            None,
        ),
        Err(e) => (vec![], Some(crate::i18n::doko_refusal(lang, &e))),
    };
    PlanView {
        round,
        committed: t.draw.seed_hash.is_some(),
        revealed: t.draw.seed.is_some(),
        seed_hash: t.draw.seed_hash.clone(),
        field: t.draw.players.clone(),
        later_rounds: t.draw.later_rounds,
        presence: t.draw.presence.clone(),
        players: t.draw.players_in(round),
        plan,
        error,
        seated: t
            .seatings
            .keys()
            .filter(|(r, _)| *r == round)
            .map(|(_, tb)| *tb)
            .collect(),
    }
}

/// A Schiedsrichter's ruling (§7.1.1) and where its objection stands (§8.8.7).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulingView {
    pub round: u32,
    pub table: u32,
    pub game: u32,
    pub violation: usize,
    /// The offender's seat and, from the seating plan, name.
    pub offender: String,
    pub ruling: crate::doko::penalty::Ruling,
    /// The objection's event id (the appeal's id), once filed.
    pub objection: Option<String>,
    /// The Schiedsgericht's final decision, once given.
    pub decision: Option<crate::doko::penalty::Ruling>,
}

/// Every Schiedsrichter ruling on the log, by table and game, with its objection and the
/// Schiedsgericht's decision (a refused step never reaches the workflow).
pub fn rulings(w: &crate::appeals::Workflow, t: &DokoTables) -> Vec<RulingView> {
    w.doko
        .rulings
        .values()
        .map(|r| {
            let names = t.seating(r.at.round, r.at.table);
            let seat = r.ruling.offender;
            let decision = r
                .appeal
                .and_then(|a| w.appeals.get(&a))
                .and_then(|a| a.doko.as_ref())
                .and_then(|d| d.decision.clone());
            RulingView {
                round: r.at.round,
                table: r.at.table,
                game: r.at.game,
                violation: r.violation,
                offender: match names.get(&seat) {
                    Some(n) => format!("{seat} {n}"),
                    None => seat.to_string(),
                },
                ruling: r.ruling.clone(),
                objection: r.appeal.map(|a| a.to_hex()),
                decision,
            }
        })
        .collect()
}
