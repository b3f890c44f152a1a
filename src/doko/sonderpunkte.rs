//! Sonderpunkte (§6.2.3): extra points in normal games only, never multiplied.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::cards::Card;
use super::profile::SpecialPoints;
use super::seat::{Party, Seat};
use super::trick::Play;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum SonderpunktKind {
    /// A trick of 40 eyes or more, for the party that wins it.
    Doppelkopf,
    /// A ♦A of one party in a trick won by the other.
    FuchsGefangen,
    /// ♣B is the winning card of trick 12.
    KarlchenLetzterStich,
    /// ♦A is the winning card of trick 12 (Eppstein only).
    FuchsLetzterStich,
    /// DDV: Kontra beat the Kreuz-Damen (a Sonderpunkt there, part of (a) in Eppstein).
    GegenDieKreuzDamen,
}

/// One earned Sonderpunkt. `trick` is 1-based where a trick earned it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Sonderpunkt {
    pub kind: SonderpunktKind,
    pub party: Party,
    #[serde(default)]
    pub trick: Option<u8>,
}

/// A completed trick: plays in order and the index of the winning play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CompletedTrick {
    pub plays: Vec<Play>,
    pub winner_index: usize,
}

impl CompletedTrick {
    pub fn winner(&self) -> Option<Seat> {
        self.plays.get(self.winner_index).map(|p| p.seat)
    }

    pub fn eyes(&self) -> u16 {
        super::trick::eyes(&self.plays)
    }
}

/// The Sonderpunkte earned in these tricks, judged with the final parties (also for the
/// tricks before a Hochzeit's Klärungsstich). `last_trick_played` is false when the game
/// ended early (§8.5: no further Sonderpunkte).
pub fn from_tricks(
    tricks: &[CompletedTrick],
    parties: &BTreeMap<Seat, Party>,
    sp: &SpecialPoints,
) -> Vec<Sonderpunkt> {
    let mut out = Vec::new();
    for (i, t) in tricks.iter().enumerate() {
        let n = (i + 1) as u8;
        let Some(win_seat) = t.winner() else { continue };
        let Some(&wp) = parties.get(&win_seat) else {
            continue;
        };
        if sp.doppelkopf && t.eyes() >= sp.doppelkopf_min_eyes {
            out.push(Sonderpunkt {
                kind: SonderpunktKind::Doppelkopf,
                party: wp,
                trick: Some(n),
            });
        }
        if sp.fuchs_gefangen {
            for p in &t.plays {
                if p.card == Card::FUCHS && parties.get(&p.seat).is_some_and(|&o| o != wp) {
                    out.push(Sonderpunkt {
                        kind: SonderpunktKind::FuchsGefangen,
                        party: wp,
                        trick: Some(n),
                    });
                }
            }
        }
        if n == 12 {
            let card = t.plays.get(t.winner_index).map(|p| p.card);
            if sp.karlchen_letzter_stich && card == Some(Card::KARLCHEN) {
                out.push(Sonderpunkt {
                    kind: SonderpunktKind::KarlchenLetzterStich,
                    party: wp,
                    trick: Some(n),
                });
            }
            if sp.fuchs_letzter_stich && card == Some(Card::FUCHS) {
                out.push(Sonderpunkt {
                    kind: SonderpunktKind::FuchsLetzterStich,
                    party: wp,
                    trick: Some(n),
                });
            }
        }
    }
    out
}
