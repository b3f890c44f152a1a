//! The game types of §1.3.3 and the kinds of game as the list records them (§3, §6.3).
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::cards::Suit;
use super::seat::Seat;

/// The solo types (§1.3.3); any may serve as Pflicht- or Lustsolo (§3.2.1, §3.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum SoloType {
    Trumpfsolo,
    Damensolo,
    Bubensolo,
    Farbsolo(Suit),
    Fleischloser,
}

/// The game type fixes the ranking (§1.3.3). Nine types, eight rankings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum GameType {
    Normal,
    Solo(SoloType),
}

impl GameType {
    pub fn is_solo(self) -> bool {
        matches!(self, GameType::Solo(_))
    }
}

/// How the game came about; decides list column, leader, deadlines and rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind")]
pub enum GameKind {
    /// Everyone "gesund" and the ♣D are split (§3.1.3).
    Normal,
    /// Announced Hochzeit (§3.5.2); `partner` once the Klärungsstich is known, `None`
    /// when the Hochzeiter won the whole window and plays a Trumpfsolo (§3.5.3(b)).
    Hochzeit {
        hochzeiter: Seat,
        partner: Option<Seat>,
        /// 1-based number of the Klärungsstich, once complete.
        klaerungsstich: Option<u8>,
    },
    /// Stille Hochzeit: the ♣D pair holder plays a silent Trumpfsolo (§3.5.5).
    StilleHochzeit { soloist: Seat },
    /// Pflichtsolo (§3.2); `vorgefuehrt` when forced by §3.2.3.
    Pflichtsolo {
        soloist: Seat,
        solo: SoloType,
        vorgefuehrt: bool,
    },
    /// Lustsolo (§3.3), only after one's Pflichtsolo.
    Lustsolo { soloist: Seat, solo: SoloType },
}

impl GameKind {
    /// The ranking in force, once the kind is settled.
    pub fn game_type(&self) -> GameType {
        match *self {
            GameKind::Normal => GameType::Normal,
            GameKind::Hochzeit {
                partner,
                klaerungsstich,
                ..
            } => {
                if klaerungsstich.is_some() && partner.is_none() {
                    GameType::Solo(SoloType::Trumpfsolo)
                } else {
                    GameType::Normal
                }
            }
            GameKind::StilleHochzeit { .. } => GameType::Solo(SoloType::Trumpfsolo),
            GameKind::Pflichtsolo { solo, .. } | GameKind::Lustsolo { solo, .. } => {
                GameType::Solo(solo)
            }
        }
    }

    /// The single Re player of a solo (including the Hochzeit that became one).
    pub fn soloist(&self) -> Option<Seat> {
        match *self {
            GameKind::StilleHochzeit { soloist }
            | GameKind::Pflichtsolo { soloist, .. }
            | GameKind::Lustsolo { soloist, .. } => Some(soloist),
            GameKind::Hochzeit {
                hochzeiter,
                partner: None,
                klaerungsstich: Some(_),
            } => Some(hochzeiter),
            _ => None,
        }
    }

    /// Scored as a solo (§6.2.4; §3.5.3(b); §3.5.5).
    pub fn scored_as_solo(&self) -> bool {
        self.soloist().is_some()
    }

    /// A solo publicly declared before play, so that penalties follow §8.4.3 from the
    /// start. A stille Hochzeit also takes the solo rows (§3.5.5 "auch für Strafpunkte").
    pub fn is_pflichtsolo(&self) -> bool {
        matches!(self, GameKind::Pflichtsolo { .. })
    }

    /// Hochzeit shift s of §5.5.2: 0, 1 or 2 cards, by the number of the Klärungsstich.
    pub fn announcement_shift(&self) -> u8 {
        match *self {
            GameKind::Hochzeit {
                klaerungsstich: Some(k),
                ..
            } => k.saturating_sub(1),
            _ => 0,
        }
    }
}
