//! A board played at a table, call by call and card by card (issue 3 on the log).
//!
//! The payloads carry the bridge engine's own event vocabulary ([`AuctionEvent`],
//! [`PlayEvent`]) with the slot (section, round, table, board) they belong to. The deal,
//! dealer and vulnerability come from `structure.board` (Law 2). Three types, because the
//! catalogue authorises per type: what happened at the table (`bridge.auction`,
//! `bridge.play`: a scorer, TD or chief TD records it) and what only a Director decides
//! (`bridge.ruling`: the branch of a decision tree, a contested claim, Law 64B facts).
//!
//! Record first: a call or card is never refused for being irregular; the projection
//! (`bridge::tables`) flags it with the law, the options and who chooses.

use super::{check_text, EventPayload, Slot};
use crate::bridge::events::{AuctionEvent, PlayEvent};
use crate::bridge::play::ClaimStatus;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A call or cards exposed during the auction (Laws 17-39, 24).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BridgeAuction {
    #[serde(flatten)]
    pub slot: Slot,
    /// `call` or `cards_exposed`; a TD's ruling is a `bridge.ruling`.
    pub event: AuctionEvent,
}

impl EventPayload for BridgeAuction {
    const KIND: &'static str = "bridge.auction";
    fn check(&self) -> Result<(), String> {
        check_slot(&self.slot)?;
        match &self.event {
            AuctionEvent::Ruling { .. } => {
                Err("a Director's ruling is recorded as bridge.ruling, not bridge.auction".into())
            }
            AuctionEvent::CardsExposed { cards, .. } if cards.is_empty() => {
                Err("cards_exposed names at least one card (Law 24)".into())
            }
            _ => Ok(()),
        }
    }
}

/// A card played, a player's option after an irregularity (Laws 50-58), a claim and its
/// agreement (Laws 68-69).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BridgePlay {
    #[serde(flatten)]
    pub slot: Slot,
    pub event: PlayEvent,
}

impl EventPayload for BridgePlay {
    const KIND: &'static str = "bridge.play";
    fn check(&self) -> Result<(), String> {
        check_slot(&self.slot)?;
        if director_only(&self.event) {
            return Err(
                "a contested claim (Law 70), a withdrawn agreement (Law 69B) and the timing of \
                 attention to a revoke (Law 64B4/B5) are Director's findings: record them as \
                 bridge.ruling"
                    .into(),
            );
        }
        check_play(&self.event)
    }
}

/// What a Director decides on a board: which branch of an auction decision tree applies
/// (`{"auction": {"type": "ruling", "call": 3, "branch": "27B1b"}}`), or a play finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BoardRuling {
    Auction(AuctionEvent),
    Play(PlayEvent),
}

/// The TD's ruling on a board at a table: the branch chosen in an irregularity's decision
/// tree (Laws 24-39) or a finding in the play (Laws 50-71).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BridgeRuling {
    #[serde(flatten)]
    pub slot: Slot,
    pub ruling: BoardRuling,
    /// The TD's reasons, as told to the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl EventPayload for BridgeRuling {
    const KIND: &'static str = "bridge.ruling";
    fn check(&self) -> Result<(), String> {
        check_slot(&self.slot)?;
        if let Some(r) = &self.reason {
            check_text("reason", r, 5000)?;
        }
        match &self.ruling {
            BoardRuling::Auction(AuctionEvent::Ruling { branch, .. }) => {
                check_text("branch", branch, 20)
            }
            BoardRuling::Auction(_) => {
                Err("an auction ruling names a call and a branch (type \"ruling\")".into())
            }
            BoardRuling::Play(PlayEvent::Card { .. }) => {
                Err("a card played is recorded as bridge.play".into())
            }
            BoardRuling::Play(p) => check_play(p),
        }
    }
}

/// Play findings only a Director may sign.
fn director_only(e: &PlayEvent) -> bool {
    matches!(
        e,
        PlayEvent::LateAttention { .. }
            | PlayEvent::ClaimWithdrawn { .. }
            | PlayEvent::ClaimSettled {
                status: ClaimStatus::Ruled { .. }
            }
    )
}

fn check_play(e: &PlayEvent) -> Result<(), String> {
    match e {
        PlayEvent::Claim { remaining, .. } if *remaining > 13 => Err(format!(
            "a claim of {remaining} tricks: there are 13 tricks in a deal"
        )),
        PlayEvent::ClaimSettled {
            status: ClaimStatus::Pending,
        } => Err("a claim is settled as agreed, ruled or void".into()),
        PlayEvent::ClaimSettled {
            status: ClaimStatus::Ruled { remaining },
        } if *remaining > 13 => Err(format!("{remaining} tricks: there are 13 tricks in a deal")),
        PlayEvent::ClaimWithdrawn { tricks, .. } if *tricks > 13 => {
            Err(format!("{tricks} tricks: there are 13 tricks in a deal"))
        }
        _ => Ok(()),
    }
}

fn check_slot(s: &Slot) -> Result<(), String> {
    check_text("section", &s.section, 20)?;
    if s.board == 0 {
        return Err("board numbers start at 1".into());
    }
    Ok(())
}
