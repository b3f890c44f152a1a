//! Rectification decision trees (Laws 24-39 for the auction, 50-71 for the play) as data.
//!
//! Each tree lists its branches (leaves): when the branch applies, who decides it (a player's
//! option, a TD judgement recorded in a ruling event, or the engine), and what follows. The
//! auction engine applies a branch's [`Effect`]s when a ruling names it; the play engine maps
//! its typed options onto the same branch ids. Ids are law references such as `"27B2"`.
use serde::Serialize;

/// Who settles which branch applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Decider {
    /// Follows from the recorded calls and cards alone.
    Engine,
    /// A TD finding (judgement), carried by a ruling event.
    Director,
    /// The offender's LHO, by calling over the irregular call (acceptance).
    OffendersLho,
    /// The offender chooses his call or card.
    Offender,
    /// Declarer exercises an option (Laws 50-57).
    Declarer,
    /// The defenders (Law 55: the player next in turn if they disagree).
    Defenders,
}

/// Whose call is restricted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Who {
    Offender,
    Partner,
    BothOffenders,
}

/// How long a pass obligation lasts (bridge-laws.md §3.2(e)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum BarLength {
    NextTurn,
    RestOfAuction,
}

/// One consequence of a branch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// The irregular call stands as if legal.
    CallStands,
    /// The irregular call is cancelled.
    CancelCall,
    /// Every call after the irregular one is cancelled too.
    CancelLaterCalls,
    /// The irregular call is replaced by a pass for the offender.
    ReplaceWithPass,
    /// The call before the irregular one (the one changed) is cancelled: the substitute stands.
    CancelPreviousCall,
    /// The substitute is cancelled and the original call stands (Law 25B2).
    OriginalStands,
    /// The offender must repeat the out-of-rotation call at his turn (Laws 31A1, 32A1).
    OffenderMustRepeat,
    /// A player must pass.
    Bar {
        who: Who,
        length: BarLength,
    },
    /// An existing rest-of-auction bar on the offender stays (Law 37A).
    ExistingBarStays,
    /// Law 26B: declarer may forbid one suit the offender did not show, if he defends.
    LeadRestrictionMayApply,
    /// Law 26B explicitly does not apply.
    NoLeadRestriction,
    /// Law 16C: withdrawn call/card is authorised for the NOS, unauthorised for the OS.
    UnauthorisedForOffenders,
    /// A deferred TD review at the end of the board (Laws 23C, 27D, 72C, 64C, 50E4).
    ReviewAtEnd {
        law: &'static str,
    },
    /// Law 36C: score the contract as if the inadmissible call had not been made.
    ScoreAsIfNotMade,
    /// Law 24: exposed cards stay face up until the auction ends.
    CardsFaceUpUntilAuctionEnds,
    /// Law 24D: cards go back to the hand.
    CardsReturnToHand,
    /// A defender's card becomes a penalty card (major or minor per Law 50B).
    PenaltyCard {
        major: bool,
    },
    /// The irregular lead or play is accepted and play continues from it.
    AcceptLeadOrPlay,
    /// The card is taken back and the correct hand leads or plays.
    RetractCard,
    /// Law 54A: declarer spreads; his partner becomes declarer.
    DeclarerBecomesDummy,
    /// Law 54B: the second card to the trick comes from declarer's own hand.
    SecondCardFromDeclarersHand,
    /// Declarer requires the offender's partner to lead (or play) a suit.
    RequireSuit,
    /// Declarer forbids a suit for as long as the partner keeps the lead.
    ForbidSuit,
    /// Law 57A: partner must play his highest / lowest card of the suit led.
    PlayHighest,
    PlayLowest,
    /// The penalty card is picked up and is no longer a penalty card.
    PenaltyCardPickedUp,
    /// Law 62: the revoke is corrected with a legal card.
    CorrectRevoke,
    /// Law 64A: tricks are transferred at the end of play (count computed by the engine).
    TransferTricks {
        at_most: u8,
    },
    /// Law 64B: no automatic transfer.
    NoTransfer,
    /// Play stops; tricks are settled as agreed or ruled.
    PlayStops,
    /// The tricks are fixed by a TD ruling event.
    TricksByRuling,
    /// The result obtained at the table stands.
    ResultStands,
    /// The board is rescored with the trick given back.
    Rescore,
    /// Nothing further happens.
    NoFurtherRectification,
    /// A TD finding sends the case to another law's tree (Law 30C: Law 31 applies).
    RouteTo {
        law: &'static str,
    },
}

/// A leaf of a decision tree.
#[derive(Debug, Clone, Serialize)]
pub struct Branch {
    /// Law reference naming the branch, e.g. `"27B1a"`.
    pub id: &'static str,
    /// When this branch applies, in the law's words.
    pub when: &'static str,
    pub decided_by: Decider,
    /// The TD finding that selects this branch, if any (recorded in the ruling event).
    pub judgement: Option<&'static str>,
    pub effects: Vec<Effect>,
}

/// A rectification decision tree for one law.
#[derive(Debug, Clone, Serialize)]
pub struct DecisionTree {
    pub law: &'static str,
    pub title: &'static str,
    pub branches: Vec<Branch>,
}

impl DecisionTree {
    pub fn branch(&self, id: &str) -> Option<&Branch> {
        self.branches.iter().find(|b| b.id == id)
    }
}

mod auction_trees;
mod play_trees;
pub use auction_trees::*;
pub use play_trees::*;

pub(crate) fn b(
    id: &'static str,
    when: &'static str,
    decided_by: Decider,
    judgement: Option<&'static str>,
    effects: Vec<Effect>,
) -> Branch {
    Branch {
        id,
        when,
        decided_by,
        judgement,
        effects,
    }
}

use BarLength::*;
use Decider::*;
use Effect::*;
use Who::{BothOffenders, Partner};

pub(crate) fn bar(who: Who, length: BarLength) -> Effect {
    Bar { who, length }
}

pub(crate) const COMPARABLE: Option<&str> = Some("Is the offender's call comparable (Law 23A)?");

/// Every tree, for the law map and exhaustive tests.
pub fn all_trees() -> Vec<DecisionTree> {
    vec![
        law24(),
        law25(),
        law27(),
        law30(),
        law31(),
        law32(),
        law36(),
        law37(),
        law38(),
        law39(),
        law50(),
        law52(),
        law53_56(),
        law57(),
        law58(),
        law61_64(),
        law67(),
        law68_71(),
    ]
}

/// The auction tree for a law number (as used by [`crate::bridge::auction::AuctionIrregularity`]).
pub fn auction_tree(law: &str) -> Option<DecisionTree> {
    Some(match law {
        "24" => law24(),
        "25" => law25(),
        "27" => law27(),
        "30" => law30(),
        "31" => law31(),
        "32" => law32(),
        "36" => law36(),
        "37" => law37(),
        "38" => law38(),
        "39" => law39(),
        _ => return None,
    })
}
