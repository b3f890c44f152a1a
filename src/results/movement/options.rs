//! What a TD can pick for a field: every movement tdlog generates for that many contestants,
//! with its tables, rounds, boards per round and boards in all, for a club session of
//! [`MIN_BOARDS`] to [`MAX_BOARDS`] boards. The app shows the list; picking one is a
//! [`MovementSpec`] for [`super::generate`].

use super::howell::three_quarter_rounds;
use super::howell_tables::STARTERS;
use super::teams::swiss_default_rounds;
use super::{generate, EvenTables, MovementKind, MovementSpec};
use crate::events::Form;
use crate::i18n::Msg;
use serde::Serialize;

/// The fewest and most boards a session offered is played on.
pub const MIN_BOARDS: u32 = 18;
pub const MAX_BOARDS: u32 = 36;

/// One movement that fits.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MovementOption {
    pub kind: MovementKind,
    /// The movement's name in English (`kind.name(lang)` for another language).
    pub name: String,
    pub spec: MovementSpec,
    pub tables: u32,
    pub rounds: u32,
    pub boards_per_round: u32,
    /// Boards played by each contestant (rounds x boards per round).
    pub boards_played: u32,
    /// Boards to be made (board sets in play x boards per round).
    pub boards: u32,
    /// Someone sits out each round (an odd count: a phantom).
    pub sit_out: bool,
    pub standard: Msg,
}

/// Every movement that fits `contestants` of `form`, each for every boards-per-round giving a
/// session of `MIN_BOARDS..=MAX_BOARDS` boards played (the one closest to that range when
/// none does). Individual events: none (their seating comes from a file).
pub fn options(form: Form, contestants: u32) -> Vec<MovementOption> {
    let t = contestants.div_ceil(2);
    let mut kinds: Vec<(MovementKind, Option<u32>)> = vec![];
    match form {
        Form::Pairs => {
            if STARTERS
                .iter()
                .any(|s| s.tables == t && s.rounds == 2 * t - 1)
            {
                kinds.push((MovementKind::Howell, None));
            }
            // The three-quarter length tdlog picks by default first, then the others.
            let mut short: Vec<u32> = STARTERS
                .iter()
                .filter(|s| s.tables == t && s.rounds < 2 * t - 1)
                .map(|s| s.rounds)
                .collect();
            short.sort_by_key(|&r| (r != three_quarter_rounds(t), r));
            kinds.extend(
                short
                    .into_iter()
                    .map(|r| (MovementKind::ThreeQuarterHowell, Some(r))),
            );
            for arrow_switch in [false, true] {
                kinds.push((
                    MovementKind::Mitchell {
                        arrow_switch,
                        even: EvenTables::Auto,
                    },
                    None,
                ));
                if t.is_multiple_of(2) {
                    kinds.push((
                        MovementKind::Mitchell {
                            arrow_switch,
                            even: EvenTables::Skip,
                        },
                        None,
                    ));
                }
            }
        }
        Form::Teams => {
            if contestants == 2 {
                kinds.push((MovementKind::KnockOut { segments: 4 }, None));
            }
            kinds.push((MovementKind::TeamsRoundRobin, None));
            kinds.push((MovementKind::Swiss, Some(swiss_default_rounds(contestants))));
        }
        Form::Individual => {}
    }
    let mut out = vec![];
    for (kind, rounds) in kinds {
        let spec = |bpr: u32| MovementSpec {
            kind: kind.clone(),
            contestants,
            boards_per_round: bpr,
            rounds,
            first_board: 1,
        };
        let Ok(probe) = generate(&spec(1)) else {
            continue;
        };
        let r = probe.rounds_planned.max(1);
        let fitting: Vec<u32> = (1..=MAX_BOARDS)
            .filter(|b| (MIN_BOARDS..=MAX_BOARDS).contains(&(b * r)))
            .collect();
        let fitting = if fitting.is_empty() {
            // Too many rounds for the range even at one board: one board a round.
            vec![if r > MAX_BOARDS { 1 } else { MAX_BOARDS / r }]
        } else {
            fitting
        };
        for bpr in fitting {
            let Ok(m) = generate(&spec(bpr)) else {
                continue;
            };
            out.push(MovementOption {
                name: kind.name(crate::i18n::Lang::En),
                kind: m.kind.clone(),
                spec: spec(bpr),
                tables: m.tables,
                rounds: m.rounds_planned,
                boards_per_round: bpr,
                boards_played: m.rounds_planned * bpr,
                boards: m.boards,
                sit_out: m.phantom.is_some(),
                standard: m.standard.clone(),
            });
        }
    }
    out
}
