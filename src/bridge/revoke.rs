//! Law 64: automatic trick transfer after an established revoke, exactly as the 2017 text
//! says (A1: one or two tricks, A2: at most one; dummy's tricks are not declarer's, fn 19),
//! and the eight cases of Law 64B where nothing is transferred.
use crate::bridge::seat::Seat;
use serde::{Deserialize, Serialize};

/// The Law 64B case that stops an automatic transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum NoTransfer {
    /// B1: the offending side won neither the revoke trick nor any later trick.
    B1OffendersWonNothing,
    /// B2: a later revoke in the same suit by the same player, after the first was established.
    B2RepeatedSameSuit,
    /// B3: failure to play a penalty card, or any revoke by dummy.
    B3PenaltyCardOrDummy,
    /// B4: attention first drawn after a member of the non-offending side called on the next board.
    B4AfterNextBoardCall,
    /// B5: attention first drawn after the round ended.
    B5AfterRoundEnded,
    /// B6: a revoke on trick 12 (it must be corrected, Law 62D).
    B6TrickTwelve,
    /// B7: both sides revoked on the board and both revokes were established.
    B7BothSides,
    /// B8: the revoke was corrected under Law 62C3.
    B8Corrected,
}

impl NoTransfer {
    pub fn law(self) -> &'static str {
        match self {
            NoTransfer::B1OffendersWonNothing => "64B1",
            NoTransfer::B2RepeatedSameSuit => "64B2",
            NoTransfer::B3PenaltyCardOrDummy => "64B3",
            NoTransfer::B4AfterNextBoardCall => "64B4",
            NoTransfer::B5AfterRoundEnded => "64B5",
            NoTransfer::B6TrickTwelve => "64B6",
            NoTransfer::B7BothSides => "64B7",
            NoTransfer::B8Corrected => "64B8",
        }
    }
}

/// The facts Law 64A needs about one established revoke.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevokeFacts {
    /// The seat that revoked (dummy and declarer are different seats here).
    pub offender: Seat,
    /// Winner of the revoke trick, seat by seat.
    pub revoke_trick_winner: Seat,
    /// Tricks the offending side won after the revoke trick, including tricks credited to it
    /// by an agreed or ruled claim.
    pub offenders_tricks_after: u8,
}

/// The outcome for one revoke: how many tricks go to the non-offending side, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub tricks: u8,
    /// "64A1", "64A2" or a "64Bn" law.
    pub law: String,
}

/// Law 64A for one established revoke not excluded by Law 64B cases 2-8.
pub fn law64a(f: &RevokeFacts) -> Transfer {
    let os_won_trick = f.revoke_trick_winner.side() == f.offender.side();
    let later = f.offenders_tricks_after >= 1;
    if f.revoke_trick_winner == f.offender {
        // A1: the revoke trick itself, plus one more if the OS won any later trick.
        Transfer {
            tricks: 1 + u8::from(later),
            law: "64A1".to_string(),
        }
    } else if os_won_trick || later {
        // A2: one trick, the OS having won the revoke trick (through partner or dummy) or a later one.
        Transfer {
            tricks: 1,
            law: "64A2".to_string(),
        }
    } else {
        Transfer {
            tricks: 0,
            law: NoTransfer::B1OffendersWonNothing.law().to_string(),
        }
    }
}

/// Law 64 in full: a Law 64B case (other than B1, which [`law64a`] finds itself) stops it.
pub fn law64(f: &RevokeFacts, excluded: Option<NoTransfer>) -> Transfer {
    match excluded {
        Some(b) => Transfer {
            tricks: 0,
            law: b.law().to_string(),
        },
        None => law64a(f),
    }
}
