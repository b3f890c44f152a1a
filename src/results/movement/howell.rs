//! Howell movements, played the way the published ones are (Ian McKinnon, *Bridge Movements*,
//! "Producing Howell movements", "Reduced Howell"; EBU table cards): each stationary pair
//! keeps its seat, every other pair moves to the seat the pair numbered one below it held
//! (pair 1 to the seat of the highest moving pair), and the boards move down one table, on
//! and off relays. A movement is therefore its first round: [`super::howell_tables`] holds
//! those lines as data; [`expand`] plays them out.
//!
//! With m moving pairs and m board sets, every moving pair sits once in every moving seat, so
//! it meets each stationary pair once and plays each board set once exactly when the seats'
//! `set - seat` values are all different modulo m; two moving pairs meet once at most when
//! the differences of the seats at each table (both signs) are all different. A complete
//! Howell has one stationary pair and m = 2t - 1 (every pair meets every other); a
//! three-quarter Howell has s = 2t - m stationary pairs (they do not meet each other).

use super::howell_tables::{starter, Starter, STARTERS};
use super::mitchell::list;
use super::{
    check_boards, set_boards, Movement, MovementError, MovementKind, MovementRound, MovementSpec,
    Seating,
};
use crate::events::Form;
use crate::i18n::{Lang, Msg};
use std::collections::BTreeMap;

/// Rounds of a three-quarter Howell when the TD names none: three quarters of the complete
/// Howell's 2t - 1, rounded up (5 tables: 7, 6: 9, 7: 10, 8: 12).
pub fn three_quarter_rounds(tables: u32) -> u32 {
    (3 * (2 * tables - 1)).div_ceil(4)
}

pub(super) fn complete(spec: &MovementSpec) -> Result<Movement, MovementError> {
    let kind = MovementKind::Howell;
    let (t, phantom) = size(spec, &kind, 4)?;
    let rounds = 2 * t - 1;
    if spec.rounds.is_some_and(|r| r != rounds) {
        return Err(MovementError::HowellRounds { tables: t, rounds });
    }
    let s = starter(t, rounds).ok_or_else(|| not_tabled(&kind, t, rounds))?;
    expand(spec, kind, s, phantom)
}

pub(super) fn three_quarter(spec: &MovementSpec) -> Result<Movement, MovementError> {
    let kind = MovementKind::ThreeQuarterHowell;
    let (t, phantom) = size(spec, &kind, 7)?;
    let (min, max) = (t + 1, 2 * t - 2);
    let rounds = spec.rounds.unwrap_or_else(|| three_quarter_rounds(t));
    if rounds < min || rounds > max {
        return Err(MovementError::Rounds {
            kind,
            tables: t,
            min,
            max,
            got: rounds,
        });
    }
    let s = starter(t, rounds).ok_or_else(|| not_tabled(&kind, t, rounds))?;
    expand(spec, kind, s, phantom)
}

/// Tables and phantom for `spec`'s pairs, within what the tables hold.
fn size(
    spec: &MovementSpec,
    kind: &MovementKind,
    min: u32,
) -> Result<(u32, Option<u32>), MovementError> {
    let c = spec.contestants;
    let max = 2 * STARTERS.iter().map(|s| s.tables).max().unwrap_or(0);
    if c < min {
        return Err(MovementError::TooFew {
            kind: kind.clone(),
            min,
            got: c,
        });
    }
    if c > max {
        return Err(MovementError::TooMany {
            kind: kind.clone(),
            max,
            got: c,
        });
    }
    let t = c.div_ceil(2);
    Ok((t, (!c.is_multiple_of(2)).then_some(2 * t)))
}

fn not_tabled(kind: &MovementKind, t: u32, rounds: u32) -> MovementError {
    let have: Vec<String> = STARTERS
        .iter()
        .filter(|s| s.tables == t)
        .map(|s| s.rounds.to_string())
        .collect();
    MovementError::NotTabled {
        kind: kind.clone(),
        tables: t,
        rounds,
        have: if have.is_empty() {
            "-".into()
        } else {
            have.join(", ")
        },
    }
}

/// Plays a first round out over all its rounds (see the module comment).
pub fn expand(
    spec: &MovementSpec,
    kind: MovementKind,
    s: &Starter,
    phantom: Option<u32>,
) -> Result<Movement, MovementError> {
    let m = s.rounds;
    check_boards(spec, m)?;
    let step = |x: u32, r: u32| (x - 1 + r - 1) % m + 1;
    let mover = |p: u32, r: u32| if p <= m { step(p, r) } else { p };
    let mut out = Vec::with_capacity(m as usize);
    for r in 1..=m {
        let mut tables = vec![];
        let mut sit_out = vec![];
        for (i, &(ns, ew, set)) in s.first_round.iter().enumerate() {
            let table = i as u32 + 1;
            let (ns, ew, set) = (mover(ns, r), mover(ew, r), step(set, r));
            if phantom == Some(ns) {
                sit_out.push(ew);
            } else if phantom == Some(ew) {
                sit_out.push(ns);
            }
            let shares_with = s
                .first_round
                .iter()
                .enumerate()
                .find(|(j, x)| *j != i && step(x.2, r) == set)
                .map(|(j, _)| j as u32 + 1);
            tables.push(Seating {
                table,
                ns,
                ew,
                boards: set_boards(spec.first_board, spec.boards_per_round, set),
                set,
                arrow_switch: false,
                shares_with,
            });
        }
        let idle_sets = (1..=m)
            .filter(|x| tables.iter().all(|t| t.set != *x))
            .collect();
        out.push(MovementRound {
            round: r,
            tables,
            sit_out,
            idle_sets,
        });
    }
    let en = |key: &str, p: &[(&str, String)]| Msg::new(Lang::En, key, p);
    let t = s.first_round.len() as u32;
    let stationary: Vec<u32> = (m + 1..=2 * t).collect();
    let standard = match s.source {
        Some(src) => en(
            "movement.standard.howell_published",
            &[("source", src.to_string())],
        ),
        None if kind == MovementKind::Howell => en("movement.standard.howell", &[]),
        None => en("movement.standard.three_quarter_howell", &[]),
    };
    let mut notes = vec![en(
        "movement.note.howell_moves",
        &[("stationary", list(&stationary)), ("last", m.to_string())],
    )];
    for (set, between) in relays(s) {
        notes.push(en(
            "movement.note.relay_set",
            &[
                ("set", set.to_string()),
                ("after", between.0.to_string()),
                ("before", between.1.to_string()),
            ],
        ));
    }
    let mut shared = std::collections::BTreeSet::new();
    for r in &out[..1] {
        for x in &r.tables {
            if let Some(o) = x.shares_with {
                shared.insert((x.table.min(o), x.table.max(o)));
            }
        }
    }
    for (a, b) in shared {
        notes.push(en(
            "movement.note.share",
            &[("a", a.to_string()), ("b", b.to_string())],
        ));
    }
    if let Some(p) = phantom {
        let table = s
            .first_round
            .iter()
            .position(|x| x.0 == p || x.1 == p)
            .map_or(0, |i| i + 1);
        notes.push(en(
            "movement.note.phantom_stationary",
            &[("phantom", p.to_string()), ("table", table.to_string())],
        ));
    }
    let mut mv = Movement {
        kind,
        form: Form::Pairs,
        tables: t,
        contestants: spec.contestants,
        phantom,
        rounds: out,
        rounds_planned: m,
        boards_per_round: spec.boards_per_round,
        first_board: spec.first_board,
        sets: m,
        boards: m * spec.boards_per_round,
        standard,
        notes,
    };
    let b = balance(&mv);
    mv.notes.push(en(
        "movement.note.balance",
        &[("min", b.min.to_string()), ("max", b.max.to_string())],
    ));
    Ok(mv)
}

/// Where each set not in play in round 1 waits: on a relay between the table holding the
/// next lower set and the one holding the next higher (boards move down, so from `before` to
/// the relay to `after`).
fn relays(s: &Starter) -> Vec<(u32, (u32, u32))> {
    let m = s.rounds;
    let at: BTreeMap<u32, u32> = s
        .first_round
        .iter()
        .enumerate()
        .map(|(i, x)| (x.2, i as u32 + 1))
        .collect();
    (1..=m)
        .filter(|x| !at.contains_key(x))
        .map(|set| {
            let lower = (1..m)
                .map(|k| (set + m - 1 - k) % m + 1)
                .find_map(|x| at.get(&x).copied())
                .unwrap_or(0);
            let higher = (1..m)
                .map(|k| (set - 1 + k) % m + 1)
                .find_map(|x| at.get(&x).copied())
                .unwrap_or(0);
            (set, (lower, higher))
        })
        .collect()
}

/// How evenly a movement compares pairs: for every two contestants, the board sets both play
/// in the same direction without meeting (their scores are then compared directly). A
/// perfectly balanced movement gives every two pairs the same count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balance {
    pub min: u32,
    pub max: u32,
}

/// The comparison counts of every two contestants (phantom included: the design's own
/// balance), as (a, b) with a < b.
pub fn comparisons(m: &Movement) -> BTreeMap<(u32, u32), u32> {
    // (pair, set) -> (N-S?, opponent)
    let mut seat: BTreeMap<(u32, u32), (bool, u32)> = BTreeMap::new();
    for r in &m.rounds {
        for s in &r.tables {
            seat.insert((s.ns, s.set), (true, s.ew));
            seat.insert((s.ew, s.set), (false, s.ns));
        }
    }
    let numbers = m.numbers();
    let mut out = BTreeMap::new();
    for (i, &a) in numbers.iter().enumerate() {
        for &b in &numbers[i + 1..] {
            let n = (1..=m.sets)
                .filter(|&set| match (seat.get(&(a, set)), seat.get(&(b, set))) {
                    (Some(x), Some(y)) => x.1 != b && x.0 == y.0,
                    _ => false,
                })
                .count() as u32;
            out.insert((a, b), n);
        }
    }
    out
}

/// The smallest and largest comparison count over all two contestants.
pub fn balance(m: &Movement) -> Balance {
    let c = comparisons(m);
    Balance {
        min: c.values().copied().min().unwrap_or(0),
        max: c.values().copied().max().unwrap_or(0),
    }
}
