//! Law 68D: once play has ended (the 13th trick quitted, a claim agreed under Law 69A or
//! settled by the director under Law 70, or the board passed out) no card is played. The
//! rest of the engine records first and judges later, but a card after the end is no
//! irregularity the laws rectify: it is a slip of the recorder's finger, and signing it would
//! leave a `bridge.play` in the log that no fold applies. So it is refused before it is
//! signed. What can still follow the end is kept: a director's finding (`bridge.ruling`:
//! Law 69B, 64B, 70), a defective trick found later (Law 67) and the settlement of a claim.

use super::events::PlayEvent;
use super::tables::{BoardAtTable, BridgeTables};
use crate::bridge::play::ClaimStatus;
use crate::events::{Payload, Slot};
use serde::Serialize;

/// How play on a board ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ended {
    /// All four passed (Law 22A): there is no play.
    PassedOut,
    /// The 13th trick was quitted.
    ThirteenTricks,
    /// A claim (or concession) agreed by the other side (Law 69A).
    ClaimAgreed,
    /// A contested claim settled by the director (Law 70).
    ClaimRuled,
}

impl Ended {
    /// The law that ended play, as the refusal cites it.
    pub fn law(self) -> &'static str {
        match self {
            Ended::PassedOut => "22A",
            Ended::ThirteenTricks => "68D",
            Ended::ClaimAgreed => "69A",
            Ended::ClaimRuled => "70",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Ended::PassedOut => "the board was passed out",
            Ended::ThirteenTricks => "all 13 tricks have been played",
            Ended::ClaimAgreed => "a claim was agreed",
            Ended::ClaimRuled => "the director settled a claim",
        }
    }
}

/// A step at the table refused before anything is signed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum TableRefusal {
    #[error("Law 68D: play on board {board} at table {table} (round {round}) has ended: {} (Law {}); nothing was signed", ended.describe(), ended.law())]
    PlayEnded {
        round: u32,
        table: u32,
        board: u32,
        ended: Ended,
    },
}

impl TableRefusal {
    /// The law the refusal rests on.
    pub fn law(&self) -> &'static str {
        match self {
            TableRefusal::PlayEnded { .. } => "68D",
        }
    }
}

impl BoardAtTable {
    /// How play on this board ended, if it has.
    pub fn ended(&self) -> Option<Ended> {
        use crate::bridge::auction::Outcome;
        match self.auction.outcome() {
            Outcome::PassedOut => Some(Ended::PassedOut),
            Outcome::InProgress { .. } => None,
            Outcome::Contract { .. } => {
                let play = self.play.as_ref()?;
                match play.claim.map(|c| c.status) {
                    Some(ClaimStatus::Agreed) => Some(Ended::ClaimAgreed),
                    Some(ClaimStatus::Ruled { .. }) => Some(Ended::ClaimRuled),
                    _ if play.completed_tricks() == 13 => Some(Ended::ThirteenTricks),
                    _ => None,
                }
            }
        }
    }
}

/// Is this a step of play itself (a card, a lead, a claim, a player's option), which the
/// end of play rules out? Findings after the end are not.
fn is_play(e: &PlayEvent) -> bool {
    !matches!(
        e,
        PlayEvent::ClaimSettled { .. }
            | PlayEvent::ClaimWithdrawn { .. }
            | PlayEvent::LateAttention { .. }
            | PlayEvent::PenaltyCardFailure { .. }
            | PlayEvent::DefectiveTrick { .. }
    )
}

impl BridgeTables {
    /// Law 68D: refuses a step of play on a board whose play has ended.
    pub fn check_append(&self, p: &Payload) -> Result<(), TableRefusal> {
        let Payload::BridgePlay(bp) = p else {
            return Ok(());
        };
        if !is_play(&bp.event) {
            return Ok(());
        }
        let Slot {
            round,
            table,
            board,
            ..
        } = bp.slot;
        match self.board(&bp.slot).and_then(BoardAtTable::ended) {
            Some(ended) => Err(TableRefusal::PlayEnded {
                round,
                table,
                board,
                ended,
            }),
            None => Ok(()),
        }
    }
}
