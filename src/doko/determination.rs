//! Game determination (§3): the Vorbehaltsabfrage, precedence Pflichtsolo > Lustsolo >
//! Schmeißen > Hochzeit, Schmeißen conditions, announced and stille Hochzeit, and who leads.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use super::cards::{Card, Rank, Suit};
use super::error::DokoError;
use super::game_type::{GameKind, SoloType};
use super::profile::{Profile, SchmeissenRule};
use super::seat::{Players, Seat};

/// What a player says in the query (§3.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Statement {
    Gesund,
    Vorbehalt,
}

/// The condition that finds the Hochzeiter's partner (§3.5.3(a), A20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum HochzeitCondition {
    /// The first trick won by another player (default).
    #[default]
    ErsterFremderStich,
    /// The first trick with a Fehl lead won by another player.
    ErsterFehlstich,
    /// The first trick with a trump lead won by another player.
    ErsterTrumpfstich,
}

/// What a Vorbehalt is named ("getauft", §3.1.4). Pflicht or Lust is not chosen: it
/// follows from whether the player still owes his Pflichtsolo (§3.3.1, §7.5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Vorbehaltsart {
    Solo(SoloType),
    Schmeissen,
    Hochzeit(#[serde(default)] HochzeitCondition),
}

/// A change of one's statement and when it came (§3.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Correction {
    pub to: Statement,
    /// The next player in the query had already spoken (for position 4: always false).
    pub after_next_spoke: bool,
    /// A card was already led or an announcement made.
    pub after_play_began: bool,
}

/// One player's part of the query, in query order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct QueryEntry {
    pub seat: Seat,
    pub statement: Statement,
    /// What he names when asked (only for a Vorbehalt).
    #[serde(default)]
    pub art: Option<Vorbehaltsart>,
    #[serde(default)]
    pub correction: Option<Correction>,
}

/// Irregularities found while determining the game, each for the director.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "flag")]
pub enum DeterminationFlag {
    /// §3.4.3 → §8.6: Schmeißen without the §3.4.2 conditions (schwerwiegend).
    FalseSchmeissen { seat: Seat },
    /// §3.5.2: Hochzeit named without both ♣D.
    HochzeitWithoutClubQueens { seat: Seat },
    /// A21: a Vorbehalt that cannot be named.
    VorbehaltNotNameable { seat: Seat },
    /// §3.1.2: a correction after the next player spoke (for a Hochzeit: geringfügig, §8.4).
    LateCorrection { seat: Seat, for_hochzeit: bool },
    /// §3.1.2: a correction after play began; ignored.
    CorrectionAfterPlay { seat: Seat },
}

impl DeterminationFlag {
    /// The player the flag concerns.
    pub fn seat(&self) -> Seat {
        match *self {
            DeterminationFlag::FalseSchmeissen { seat }
            | DeterminationFlag::HochzeitWithoutClubQueens { seat }
            | DeterminationFlag::VorbehaltNotNameable { seat }
            | DeterminationFlag::LateCorrection { seat, .. }
            | DeterminationFlag::CorrectionAfterPlay { seat } => seat,
        }
    }
}

/// The result of the query.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "outcome")]
pub enum Outcome {
    /// A game is played.
    Play { kind: GameKind, leader: Seat },
    /// Schmeißen (§3.4.3): the same dealer redeals; the game is not counted.
    Redeal { schmeisser: Seat, valid: bool },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Determination {
    pub outcome: Outcome,
    pub flags: Vec<DeterminationFlag>,
}

/// The input of the query for one deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DeterminationInput {
    pub players: Players,
    /// Hands if known: needed to check Schmeißen and find a stille Hochzeit.
    #[serde(default)]
    pub hands: Option<BTreeMap<Seat, Vec<Card>>>,
    /// Players who have not yet played their Pflichtsolo this round.
    pub owes_pflichtsolo: BTreeSet<Seat>,
    /// A player vorgeführt by §3.2.3; the query cannot take the game from him.
    #[serde(default)]
    pub vorgefuehrt: Option<Seat>,
    pub query: Vec<QueryEntry>,
}

/// Normal-game trumps without the Füchse (A19), for the Schmeißen test.
fn trumps_excl_fuchs(hand: &[Card]) -> usize {
    hand.iter()
        .filter(|c| {
            **c == Card::HERZ_ZEHN
                || c.rank == Rank::Dame
                || c.rank == Rank::Bube
                || (c.suit == Suit::Karo && c.rank != Rank::Ass)
        })
        .count()
}

/// §3.4.2: may this hand schmeißen?
pub fn may_schmeissen(hand: &[Card], rule: &SchmeissenRule) -> bool {
    let nines = hand.iter().filter(|c| c.rank == Rank::Neun).count();
    nines >= rule.min_nines as usize || trumps_excl_fuchs(hand) < rule.trumps_excl_fuchs_lt as usize
}

/// The holder of both ♣D, if one player has them (§1.4.4).
pub fn club_queens_pair(hands: &BTreeMap<Seat, Vec<Card>>) -> Option<Seat> {
    hands.iter().find_map(|(&s, h)| {
        (h.iter().filter(|&&c| c == Card::KREUZ_DAME).count() == 2).then_some(s)
    })
}

/// Who leads trick 1 (§4.1.1, §3.2.2, §3.3.1 with A5).
pub fn leader(kind: &GameKind, players: &Players, profile: &Profile) -> Seat {
    match *kind {
        GameKind::Pflichtsolo { soloist, .. } => soloist,
        GameKind::Lustsolo { soloist, .. } if profile.lustsolo_soloist_leads => soloist,
        _ => players.vorhand(),
    }
}

/// Run the query (§3.1) and name the game.
pub fn determine(
    input: &DeterminationInput,
    profile: &Profile,
) -> Result<Determination, DokoError> {
    let players = &input.players;
    let mut flags = Vec::new();
    for e in &input.query {
        if !players.contains(e.seat) {
            return Err(DokoError::NotAtTable {
                seat: e.seat.to_string(),
            });
        }
    }
    let play = |kind: GameKind, flags: Vec<DeterminationFlag>| Determination {
        outcome: Outcome::Play {
            leader: leader(&kind, players, profile),
            kind,
        },
        flags,
    };
    // §3.2.3: a vorgeführter player plays his Pflichtsolo; nobody can take it over.
    if let Some(v) = input.vorgefuehrt {
        let solo = input
            .query
            .iter()
            .find(|e| e.seat == v)
            .and_then(|e| match e.art {
                Some(Vorbehaltsart::Solo(t)) => Some(t),
                _ => None,
            })
            .ok_or_else(|| {
                DokoError::Determination(format!(
                    "3.2.3: {v} is vorgeführt and must name the type of his Pflichtsolo"
                ))
            })?;
        let kind = GameKind::Pflichtsolo {
            soloist: v,
            solo,
            vorgefuehrt: true,
        };
        return Ok(play(kind, flags));
    }
    // Effective statements after corrections, in query order from Vorhand.
    let mut entries: Vec<&QueryEntry> = input.query.iter().collect();
    entries.sort_by_key(|e| players.position(e.seat));
    let mut vorbehalte: Vec<(Seat, Option<Vorbehaltsart>)> = Vec::new();
    for e in &entries {
        let mut st = e.statement;
        if let Some(c) = e.correction {
            if c.after_play_began {
                flags.push(DeterminationFlag::CorrectionAfterPlay { seat: e.seat });
            } else {
                if c.after_next_spoke {
                    let for_hochzeit = matches!(e.art, Some(Vorbehaltsart::Hochzeit(_)));
                    flags.push(DeterminationFlag::LateCorrection {
                        seat: e.seat,
                        for_hochzeit,
                    });
                }
                st = c.to;
            }
        }
        if st == Statement::Vorbehalt {
            vorbehalte.push((e.seat, e.art));
        }
    }
    let owes = |s: Seat| input.owes_pflichtsolo.contains(&s);
    // §3.1.6: ask for Pflichtsolo, then Lustsolo, then Schmeißen; first "yes" wins.
    for pflicht in [true, false] {
        for &(s, art) in &vorbehalte {
            if let Some(Vorbehaltsart::Solo(solo)) = art {
                if owes(s) == pflicht {
                    let kind = if pflicht {
                        GameKind::Pflichtsolo {
                            soloist: s,
                            solo,
                            vorgefuehrt: false,
                        }
                    } else {
                        GameKind::Lustsolo { soloist: s, solo }
                    };
                    return Ok(play(kind, flags));
                }
            }
        }
    }
    for &(s, art) in &vorbehalte {
        if art == Some(Vorbehaltsart::Schmeissen) {
            let Some(rule) = profile.schmeissen else {
                flags.push(DeterminationFlag::VorbehaltNotNameable { seat: s });
                continue;
            };
            let valid = match input.hands.as_ref().and_then(|h| h.get(&s)) {
                Some(hand) => may_schmeissen(hand, &rule),
                None => true, // nobody disputed the open hand
            };
            if !valid {
                flags.push(DeterminationFlag::FalseSchmeissen { seat: s });
            }
            return Ok(Determination {
                outcome: Outcome::Redeal {
                    schmeisser: s,
                    valid,
                },
                flags,
            });
        }
    }
    let pair = input.hands.as_ref().and_then(club_queens_pair);
    // §3.5.2: a Hochzeit only comes when it is the only Vorbehalt (§3.1.6).
    if let [(s, Some(Vorbehaltsart::Hochzeit(_)))] = vorbehalte.as_slice() {
        if pair.is_some_and(|p| p != *s) || (input.hands.is_some() && pair.is_none()) {
            flags.push(DeterminationFlag::HochzeitWithoutClubQueens { seat: *s });
        }
        let kind = GameKind::Hochzeit {
            hochzeiter: *s,
            partner: None,
            klaerungsstich: None,
        };
        return Ok(play(kind, flags));
    }
    for &(s, art) in &vorbehalte {
        let hochzeit = matches!(art, Some(Vorbehaltsart::Hochzeit(_)));
        if art.is_none() || (hochzeit && vorbehalte.len() > 1 && Some(s) != pair) {
            flags.push(DeterminationFlag::VorbehaltNotNameable { seat: s });
        }
    }
    // §3.5.5: the ♣D pair without a Hochzeit coming through plays a stille Hochzeit.
    let kind = match pair {
        Some(s) => GameKind::StilleHochzeit { soloist: s },
        None => GameKind::Normal,
    };
    Ok(play(kind, flags))
}

/// The Hochzeit condition of the named Vorbehalt, if any.
pub fn hochzeit_condition(query: &[QueryEntry], hochzeiter: Seat) -> HochzeitCondition {
    query
        .iter()
        .find(|e| e.seat == hochzeiter)
        .and_then(|e| match e.art {
            Some(Vorbehaltsart::Hochzeit(c)) => Some(c),
            _ => None,
        })
        .unwrap_or_default()
}
