//! The Mitchell: N-S pairs stay at their table, E-W pairs move up one table and the boards down
//! one each round. With an odd number of tables every E-W pair meets every N-S pair and every
//! board set once. With an even number, E-W would meet boards they have played after half
//! the rounds; the two standard cures (Ian McKinnon, *Bridge Movements*, "Skip Mitchell" and
//! "Even table Mitchell organisation"; EBU practice):
//!
//! - **skip** (E. T. Baker): after round t/2 the E-W pairs move up two tables; at most t-1
//!   rounds (a t-th would be the "revenge round" against the first opponents); may be cut
//!   short anywhere, every board set is played equally often;
//! - **relay and bye-stand**: tables 1 and t share a board set, a bye-stand between tables
//!   t/2 and t/2+1 holds the set not in play (boards go from table t/2+1 to the stand, then to
//!   table t/2); all t rounds, never cut short.
//!
//! Arrow-switch (one winner): the last rounds, about one in eight (J. R. Manning's analysis,
//! EBU: "ideal number of rounds to be arrow-switched is about one-eighth", most clubs switching
//! one round of three or more boards), at least one.

use super::{
    check_boards, set_boards, EvenTables, Movement, MovementError, MovementKind, MovementRound,
    MovementSpec, Seating,
};
use crate::events::Form;
use crate::i18n::{Lang, Msg};

/// The most tables one Mitchell section takes (beyond that, split the field).
pub const MAX_TABLES: u32 = 60;

/// How the even-table case is played, once decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Even {
    None,
    Skip,
    Relay,
}

/// Rounds arrow-switched in a Mitchell of `rounds` rounds: about one in eight (Manning), at
/// least one, rounded half up; the last ones.
pub fn switched_rounds(rounds: u32) -> Vec<u32> {
    let k = ((rounds + 4) / 8).max(1).min(rounds);
    (rounds - k + 1..=rounds).collect()
}

/// The board position of `table` in a relay-and-bye-stand Mitchell of `t` tables: tables 1
/// and t share position 0; the bye-stand is position t/2.
fn relay_position(table: u32, t: u32) -> u32 {
    if table == t {
        0
    } else if table <= t / 2 {
        table - 1
    } else {
        table
    }
}

pub(super) fn generate(
    spec: &MovementSpec,
    arrow_switch: bool,
    even: EvenTables,
) -> Result<Movement, MovementError> {
    let kind = MovementKind::Mitchell { arrow_switch, even };
    let c = spec.contestants;
    if c < 5 {
        return Err(MovementError::TooFew {
            kind,
            min: 5,
            got: c,
        });
    }
    if c > 2 * MAX_TABLES {
        return Err(MovementError::TooMany {
            kind,
            max: 2 * MAX_TABLES,
            got: c,
        });
    }
    let t = c.div_ceil(2);
    let phantom = (!c.is_multiple_of(2)).then_some(2 * t);
    let wanted = spec.rounds;
    let mode = match (t % 2, even) {
        (1, _) => Even::None,
        (_, EvenTables::Skip) => Even::Skip,
        (_, EvenTables::RelayByeStand) => Even::Relay,
        (_, EvenTables::Auto) => match wanted {
            Some(r) if r < t => Even::Skip,
            _ => Even::Relay,
        },
    };
    let max = if mode == Even::Skip { t - 1 } else { t };
    let rounds = wanted.unwrap_or(max);
    if rounds == 0 || rounds > max {
        return Err(MovementError::Rounds {
            kind,
            tables: t,
            min: 1,
            max,
            got: rounds,
        });
    }
    if mode == Even::Relay && rounds < t {
        return Err(MovementError::RelayCurtailed { tables: t });
    }
    check_boards(spec, t)?;
    let switched = if arrow_switch {
        switched_rounds(rounds)
    } else {
        vec![]
    };
    let mut out = Vec::with_capacity(rounds as usize);
    for r in 1..=rounds {
        let skip = u32::from(mode == Even::Skip && r > t / 2);
        let turn = switched.contains(&r);
        let mut tables = Vec::with_capacity(t as usize);
        let mut sit_out = vec![];
        for table in 1..=t {
            // The E-W pair that started at table `start` is at `start + (r-1) + skip`.
            let start = (table + 2 * t - (r - 1) % t - skip - 1) % t + 1;
            let (ns, ew) = (table, t + start);
            let pos = if mode == Even::Relay {
                relay_position(table, t)
            } else {
                table - 1
            };
            let set = (pos + r - 1) % t + 1;
            if phantom == Some(ew) {
                sit_out.push(ns);
            }
            let shares_with = match (mode, table) {
                (Even::Relay, 1) => Some(t),
                (Even::Relay, x) if x == t => Some(1),
                _ => None,
            };
            let (ns, ew) = if turn { (ew, ns) } else { (ns, ew) };
            tables.push(Seating {
                table,
                ns,
                ew,
                boards: set_boards(spec.first_board, spec.boards_per_round, set),
                set,
                arrow_switch: turn,
                shares_with,
            });
        }
        let idle_sets = if mode == Even::Relay {
            vec![(t / 2 + r - 1) % t + 1]
        } else {
            vec![]
        };
        out.push(MovementRound {
            round: r,
            tables,
            sit_out,
            idle_sets,
        });
    }
    let en = |key: &str, p: &[(&str, String)]| Msg::new(Lang::En, key, p);
    let standard = match mode {
        Even::None => en("movement.standard.mitchell", &[]),
        Even::Skip => en("movement.standard.mitchell_skip", &[]),
        Even::Relay => en("movement.standard.mitchell_relay", &[]),
    };
    let mut notes = vec![];
    match mode {
        Even::Skip if rounds > t / 2 => {
            notes.push(en("movement.note.skip", &[("round", (t / 2).to_string())]))
        }
        Even::Relay => notes.push(en(
            "movement.note.relay",
            &[
                ("last", t.to_string()),
                ("before", (t / 2).to_string()),
                ("after", (t / 2 + 1).to_string()),
            ],
        )),
        _ => {}
    }
    if let Some(p) = phantom {
        notes.push(en(
            "movement.note.phantom_moving",
            &[("phantom", p.to_string())],
        ));
    }
    if arrow_switch {
        notes.push(en(
            "movement.note.arrow_switch",
            &[("rounds", list(&switched))],
        ));
    } else {
        notes.push(en("movement.note.two_winners", &[]));
    }
    Ok(Movement {
        kind,
        form: Form::Pairs,
        tables: t,
        contestants: c,
        phantom,
        rounds: out,
        rounds_planned: rounds,
        boards_per_round: spec.boards_per_round,
        first_board: spec.first_board,
        sets: t,
        boards: t * spec.boards_per_round,
        standard,
        notes,
    })
}

/// `1, 2, 3` for the notes.
pub(super) fn list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}
