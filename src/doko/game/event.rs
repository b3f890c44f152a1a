//! The payload types of a game's log events.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use crate::doko::announce::Level;
use crate::doko::cards::Card;
use crate::doko::determination::QueryEntry;
use crate::doko::penalty::{GameEffect, Ruling, Sanction};
use crate::doko::seat::{Party, Seat};

/// Who deals, at which table, and the round facts the query needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameSetup {
    pub dealer: Seat,
    pub table_size: u8,
    pub owes_pflichtsolo: BTreeSet<Seat>,
    #[serde(default)]
    pub vorgefuehrt: Option<Seat>,
}

/// The events of one game, as they happened (the payloads of signed log events).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event")]
pub enum GameEvent {
    Dealt {
        hands: BTreeMap<Seat, Vec<Card>>,
    },
    Query {
        entry: QueryEntry,
    },
    CardPlayed {
        seat: Seat,
        card: Card,
    },
    /// The player takes back his card in the unfinished trick and plays `card` instead:
    /// at once (Verwerfen, §4.2.5) or as the correction a ruling allowed (§4.1.3).
    CardCorrected {
        seat: Seat,
        card: Card,
    },
    Announced {
        seat: Seat,
        level: Level,
        #[serde(default)]
        stated_party: Option<Party>,
        #[serde(default)]
        simultaneous: bool,
    },
    /// A violation the engine cannot see (remarks, counting aloud, §8.1.3), recorded.
    ViolationReported {
        offender: Seat,
        description: String,
    },
    ClaimRaised {
        claimant: Seat,
        violation: usize,
    },
    PartnerConsulted {
        asker: Seat,
        partner: Seat,
        violation: usize,
        reklamation: bool,
    },
    /// The Schiedsrichter's ruling (§7.1.1).
    Ruled {
        violation: usize,
        ruling: Ruling,
    },
    /// Appeal against the ruling, only at once (§8.8.7).
    Appealed {
        violation: usize,
    },
    /// The Schiedsgericht's final decision.
    TribunalDecided {
        violation: usize,
        ruling: Ruling,
    },
    /// The Schiedsgericht's sanction for unsportsmanlike conduct (§8.7.2).
    SanctionImposed {
        seat: Seat,
        sanction: Sanction,
    },
    /// Director override of the computed "Partnerschaft geklärt" (A22).
    PartnershipRuled {
        clear: bool,
    },
    /// The query is over (§3.1.3/§3.1.7); needed when no card follows (Schmeißen).
    QueryClosed,
    /// The soloist abbreviates the game (§4.3).
    SoloAbbreviated {
        seat: Seat,
        abbreviation: Abbreviation,
    },
}

impl GameEvent {
    /// Play at the table: what ends the "immediately" of an objection (§8.8.7).
    pub fn resumes_play(&self) -> bool {
        matches!(
            self,
            GameEvent::CardPlayed { .. }
                | GameEvent::CardCorrected { .. }
                | GameEvent::Announced { .. }
                | GameEvent::SoloAbbreviated { .. }
        )
    }
}

/// How a soloist ends play early (§4.3.2–4.3.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "mode")]
pub enum Abbreviation {
    /// §4.3.3/4.3.4: cards laid open, claiming every remaining trick, with the order of play
    /// if one is needed. `holds` is the table's (or the Schiedsrichter's) finding; a wrong
    /// claim gives every remaining trick to Kontra and is no violation (§4.3.5).
    ClaimRest {
        holds: bool,
        #[serde(default)]
        order: Option<String>,
    },
    /// §4.3.6: cards handed to Kontra: Kontra takes the rest and the soloist loses the right
    /// to claim a Nichtbedienen.
    Concede,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum GameEnd {
    /// All 12 tricks played.
    Complete,
    /// Schmeißen: thrown in, redeal (§3.4.3).
    Thrown,
    /// Ended by the ruling on this violation (§8.5, §8.6).
    Ruled {
        violation: usize,
        effect: GameEffect,
    },
    /// The soloist abbreviated; every unfinished trick goes to `remaining_to` (§4.3).
    Abbreviated { remaining_to: Party },
}
