//! Teams: a match is two tables in one round with the same boards, the teams sitting the other
//! way round at the second (what `results::score` compares for IMPs). Round robin by the
//! Berger tables (FIDE Handbook C.05, Annex 1: team n fixed, the others' numbers increased by
//! n/2 modulo n-1 from round to round, team n alternating sides), a Swiss first round by
//! seeding, and knock-out matches of k-board segments.

use super::mitchell::list;
use super::swiss::pair_order;
use super::{
    check_boards, set_boards, Movement, MovementError, MovementKind, MovementRound, MovementSpec,
    Seating,
};
use crate::events::Form;
use crate::i18n::{Lang, Msg};

/// The most teams a round robin or Swiss section takes.
pub const MAX_TEAMS: u32 = 128;

/// The Berger table for `n` teams (n even): per round, the matches as (home, away), home
/// first as the table lists it (White in chess; here the team sitting N-S at the match's
/// first table).
pub fn berger(n: u32) -> Vec<Vec<(u32, u32)>> {
    if n < 2 || !n.is_multiple_of(2) {
        return vec![];
    }
    let half = n / 2;
    let next = |x: u32| {
        if x == n {
            n
        } else {
            (x - 1 + half) % (n - 1) + 1
        }
    };
    let mut round: Vec<(u32, u32)> = (1..=half).map(|i| (i, n + 1 - i)).collect();
    let mut out = vec![round.clone()];
    for r in 2..n {
        round = round
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                let (a, b) = (next(a), next(b));
                if i == 0 {
                    // Team n alternates: second in odd rounds, first in even ones.
                    let other = if a == n { b } else { a };
                    if r.is_multiple_of(2) {
                        (n, other)
                    } else {
                        (other, n)
                    }
                } else {
                    (a, b)
                }
            })
            .collect();
        out.push(round.clone());
    }
    out
}

/// One round of team matches: match k at tables 2k-1 (home N-S) and 2k (away N-S), both on
/// board set `set`; a match against the phantom is put last and its team sits out.
pub fn teams_round(
    round: u32,
    matches: &[(u32, u32)],
    set: u32,
    boards: &[u32],
    phantom: Option<u32>,
) -> MovementRound {
    let is_bye = |m: &&(u32, u32)| phantom.is_some_and(|p| m.0 == p || m.1 == p);
    let ordered: Vec<&(u32, u32)> = matches
        .iter()
        .filter(|m| !is_bye(m))
        .chain(matches.iter().filter(is_bye))
        .collect();
    let mut tables = vec![];
    let mut sit_out = vec![];
    for (k, &&(home, away)) in ordered.iter().enumerate() {
        let open = 2 * k as u32 + 1;
        for (table, ns, ew) in [(open, home, away), (open + 1, away, home)] {
            tables.push(Seating {
                table,
                ns,
                ew,
                boards: boards.to_vec(),
                set,
                arrow_switch: false,
                shares_with: Some(if table == open { open + 1 } else { open }),
            });
        }
        if phantom == Some(home) {
            sit_out.push(away);
        } else if phantom == Some(away) {
            sit_out.push(home);
        }
    }
    MovementRound {
        round,
        tables,
        sit_out,
        idle_sets: vec![],
    }
}

/// Teams `3..=MAX_TEAMS`, and the phantom of an odd count.
fn field(
    spec: &MovementSpec,
    kind: &MovementKind,
    min: u32,
) -> Result<(u32, Option<u32>), MovementError> {
    let c = spec.contestants;
    if c < min {
        return Err(MovementError::TooFew {
            kind: kind.clone(),
            min,
            got: c,
        });
    }
    if c > MAX_TEAMS {
        return Err(MovementError::TooMany {
            kind: kind.clone(),
            max: MAX_TEAMS,
            got: c,
        });
    }
    let n = c + c % 2;
    Ok((n, (!c.is_multiple_of(2)).then_some(n)))
}

fn en(key: &str, p: &[(&str, String)]) -> Msg {
    Msg::new(Lang::En, key, p)
}

/// A movement whose rounds are team matches, one board set per round.
fn teams_movement(
    spec: &MovementSpec,
    kind: MovementKind,
    phantom: Option<u32>,
    rounds: Vec<MovementRound>,
    planned: u32,
    standard: Msg,
    mut notes: Vec<Msg>,
) -> Movement {
    if let Some(p) = phantom {
        notes.push(en("movement.note.bye", &[("phantom", p.to_string())]));
    }
    let tables = rounds
        .iter()
        .map(|r| r.tables.len() as u32)
        .max()
        .unwrap_or(0);
    Movement {
        kind,
        form: Form::Teams,
        tables,
        contestants: spec.contestants,
        phantom,
        rounds,
        rounds_planned: planned,
        boards_per_round: spec.boards_per_round,
        first_board: spec.first_board,
        sets: planned,
        boards: planned * spec.boards_per_round,
        standard,
        notes,
    }
}

pub(super) fn round_robin(spec: &MovementSpec) -> Result<Movement, MovementError> {
    let kind = MovementKind::TeamsRoundRobin;
    let (n, phantom) = field(spec, &kind, 3)?;
    let full = n - 1;
    let rounds = spec.rounds.unwrap_or(full);
    if rounds == 0 || rounds > full {
        return Err(MovementError::Rounds {
            kind,
            tables: n,
            min: 1,
            max: full,
            got: rounds,
        });
    }
    check_boards(spec, rounds)?;
    let table = berger(n);
    let out = table
        .iter()
        .take(rounds as usize)
        .enumerate()
        .map(|(i, m)| {
            let r = i as u32 + 1;
            teams_round(
                r,
                m,
                r,
                &set_boards(spec.first_board, spec.boards_per_round, r),
                phantom,
            )
        })
        .collect();
    let mut notes = vec![en("movement.note.teams_boards", &[])];
    if rounds < full {
        notes.push(en(
            "movement.note.round_robin_short",
            &[("rounds", rounds.to_string()), ("full", full.to_string())],
        ));
    }
    Ok(teams_movement(
        spec,
        kind,
        phantom,
        out,
        rounds,
        en("movement.standard.round_robin", &[]),
        notes,
    ))
}

/// Rounds of a Swiss when the TD names none: every other team once at most, seven at most.
pub fn swiss_default_rounds(teams: u32) -> u32 {
    (teams + teams % 2 - 1).min(7)
}

pub(super) fn swiss_first(spec: &MovementSpec) -> Result<Movement, MovementError> {
    let kind = MovementKind::Swiss;
    let (n, phantom) = field(spec, &kind, 4)?;
    let full = n - 1;
    let planned = spec.rounds.unwrap_or_else(|| swiss_default_rounds(n));
    if planned == 0 || planned > full {
        return Err(MovementError::Rounds {
            kind,
            tables: n,
            min: 1,
            max: full,
            got: planned,
        });
    }
    check_boards(spec, planned)?;
    // Round 1: everyone on 0, no history: the pairing rule gives 1 v 2, 3 v 4, ... by seed.
    let seeds: Vec<u32> = (1..=n).collect();
    let matches = pair_order(&seeds, &|_, _| false)?;
    let first = teams_round(
        1,
        &matches,
        1,
        &set_boards(spec.first_board, spec.boards_per_round, 1),
        phantom,
    );
    Ok(teams_movement(
        spec,
        kind,
        phantom,
        vec![first],
        planned,
        en("movement.standard.swiss", &[]),
        vec![
            en("movement.note.teams_boards", &[]),
            en(
                "movement.note.swiss_later",
                &[("rounds", planned.to_string())],
            ),
        ],
    ))
}

pub(super) fn knock_out(spec: &MovementSpec, segments: u32) -> Result<Movement, MovementError> {
    let kind = MovementKind::KnockOut { segments };
    if spec.contestants != 2 {
        return Err(MovementError::KnockOutTeams {
            got: spec.contestants,
        });
    }
    if segments == 0 {
        return Err(MovementError::Segments);
    }
    if let Some(r) = spec.rounds.filter(|&r| r != segments) {
        return Err(MovementError::Rounds {
            kind,
            tables: 2,
            min: segments,
            max: segments,
            got: r,
        });
    }
    check_boards(spec, segments)?;
    let out = (1..=segments)
        .map(|r| {
            teams_round(
                r,
                &[(1, 2)],
                r,
                &set_boards(spec.first_board, spec.boards_per_round, r),
                None,
            )
        })
        .collect();
    let segs: Vec<u32> = (1..=segments).collect();
    Ok(teams_movement(
        spec,
        kind,
        None,
        out,
        segments,
        en("movement.standard.knock_out", &[]),
        vec![en(
            "movement.note.knock_out",
            &[
                ("segments", list(&segs)),
                ("boards", spec.boards_per_round.to_string()),
            ],
        )],
    ))
}
