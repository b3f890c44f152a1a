//! Serializable event payloads for one board, and the folds that rebuild the auction and the
//! play from them. These are what the signed event log will carry; applying the same events
//! in the same order always gives the same state (no clock, no IO).
use crate::bridge::auction::{Auction, RulingError};
use crate::bridge::board::Deal;
use crate::bridge::call::Call;
use crate::bridge::card::{Card, Suit};
use crate::bridge::contract::Contract;
use crate::bridge::play::{
    ClaimStatus, LeadOutOfTurnChoice, PenaltyLeadChoice, Play, PlayError, PrematureChoice,
};
use crate::bridge::revoke::NoTransfer;
use crate::bridge::seat::{Seat, Side};
use serde::{Deserialize, Serialize};

/// Something recorded during the auction period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AuctionEvent {
    /// A call made at the table, legal or not.
    Call { seat: Seat, call: Call },
    /// A TD ruling naming the branch of the call's decision tree (e.g. "27B2").
    Ruling { call: usize, branch: String },
    /// Cards exposed during the auction (Law 24).
    CardsExposed {
        seat: Seat,
        cards: Vec<Card>,
        prematurely_led: bool,
    },
}

/// Something recorded during the play period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PlayEvent {
    Card {
        seat: Seat,
        card: Card,
    },
    LeadOutOfTurn {
        choice: LeadOutOfTurnChoice,
    },
    PenaltyLead {
        choice: PenaltyLeadChoice,
    },
    Premature {
        choice: PrematureChoice,
    },
    PenaltyCard {
        seat: Seat,
        card: Card,
        major: bool,
    },
    PenaltyCardFailure {
        revoke: usize,
        accept: bool,
    },
    RevokeCorrected {
        revoke: usize,
        card: Card,
    },
    LateAttention {
        revoke: usize,
        case: NoTransfer,
    },
    DefectiveTrick {
        trick: usize,
        seat: Seat,
        card: Card,
    },
    Simultaneous {
        seat: Seat,
        visible: Vec<Card>,
        played: Card,
    },
    ForbidLead {
        seat: Seat,
        suit: Suit,
    },
    Claim {
        claimer: Seat,
        remaining: u8,
    },
    ClaimSettled {
        status: ClaimStatus,
    },
    ClaimWithdrawn {
        to: Side,
        tricks: u8,
    },
}

impl Auction {
    /// Apply one auction event.
    pub fn apply(&mut self, e: &AuctionEvent) -> Result<(), RulingError> {
        match e {
            AuctionEvent::Call { seat, call } => {
                self.record(*seat, *call);
                Ok(())
            }
            AuctionEvent::Ruling { call, branch } => self.rule(*call, branch),
            AuctionEvent::CardsExposed {
                seat,
                cards,
                prematurely_led,
            } => {
                self.expose(*seat, cards.clone(), *prematurely_led);
                Ok(())
            }
        }
    }
}

impl Play {
    /// Apply one play event.
    pub fn apply(&mut self, e: &PlayEvent) -> Result<(), PlayError> {
        match e {
            PlayEvent::Card { seat, card } => self.play(*seat, *card).map(|_| ()),
            PlayEvent::LeadOutOfTurn { choice } => self.rule_lead_out_of_turn(*choice).map(|_| ()),
            PlayEvent::PenaltyLead { choice } => self.choose_penalty_lead(*choice).map(|_| ()),
            PlayEvent::Premature { choice } => self.choose_premature(*choice).map(|_| ()),
            PlayEvent::PenaltyCard { seat, card, major } => {
                self.add_penalty_card(*seat, *card, *major)
            }
            PlayEvent::PenaltyCardFailure { revoke, accept } => {
                self.rule_penalty_card_failure(*revoke, *accept).map(|_| ())
            }
            PlayEvent::RevokeCorrected { revoke, card } => {
                self.correct_revoke(*revoke, *card).map(|_| ())
            }
            PlayEvent::LateAttention { revoke, case } => self.late_attention(*revoke, *case),
            PlayEvent::DefectiveTrick { trick, seat, card } => {
                self.defective_trick(*trick, *seat, *card).map(|_| ())
            }
            PlayEvent::Simultaneous {
                seat,
                visible,
                played,
            } => self.simultaneous_cards(*seat, visible, *played).map(|_| ()),
            PlayEvent::ForbidLead { seat, suit } => {
                self.forbid_lead_law26(*seat, *suit);
                Ok(())
            }
            PlayEvent::Claim { claimer, remaining } => self.claim(*claimer, *remaining),
            PlayEvent::ClaimSettled { status } => self.settle_claim(*status),
            PlayEvent::ClaimWithdrawn { to, tricks } => self.withdraw_claim_agreement(*to, *tricks),
        }
    }
}

/// Fold auction events from the dealer's first call.
pub fn fold_auction(dealer: Seat, events: &[AuctionEvent]) -> Result<Auction, RulingError> {
    let mut a = Auction::new(dealer);
    for e in events {
        a.apply(e)?;
    }
    Ok(a)
}

/// Fold play events for a contract.
pub fn fold_play(
    deal: &Deal,
    contract: Contract,
    declarer: Seat,
    events: &[PlayEvent],
) -> Result<Play, PlayError> {
    let mut p = Play::new(deal, contract, declarer);
    for e in events {
        p.apply(e)?;
    }
    Ok(p)
}
