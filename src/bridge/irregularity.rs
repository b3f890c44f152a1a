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

fn b(
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

fn bar(who: Who, length: BarLength) -> Effect {
    Bar { who, length }
}

const COMPARABLE: Option<&str> = Some("Is the offender's call comparable (Law 23A)?");

/// Law 24: card exposed or led during the auction.
pub fn law24() -> DecisionTree {
    DecisionTree {
        law: "24",
        title: "Card exposed or led during the auction",
        branches: vec![
            b(
                "24A",
                "a single card below honour rank, not prematurely led",
                Engine,
                Some("Could partner have seen it through the offender's fault?"),
                vec![CardsFaceUpUntilAuctionEnds, NoFurtherRectification],
            ),
            b(
                "24B",
                "a single honour, or any prematurely led card",
                Engine,
                None,
                vec![
                    CardsFaceUpUntilAuctionEnds,
                    bar(Partner, NextTurn),
                    UnauthorisedForOffenders,
                    ReviewAtEnd { law: "72C" },
                ],
            ),
            b(
                "24C",
                "two or more cards exposed",
                Engine,
                None,
                vec![
                    CardsFaceUpUntilAuctionEnds,
                    bar(Partner, NextTurn),
                    UnauthorisedForOffenders,
                    ReviewAtEnd { law: "72C" },
                ],
            ),
            b(
                "24D",
                "after the auction the offender is declarer or dummy",
                Engine,
                None,
                vec![CardsReturnToHand],
            ),
            b(
                "24E",
                "after the auction the offender is a defender",
                Engine,
                None,
                vec![PenaltyCard { major: true }],
            ),
        ],
    }
}

/// Law 25: changes of call. Also reached from a call out of rotation at LHO's turn after the
/// offender has already called (Laws 30B2, 31C, 32C).
pub fn law25() -> DecisionTree {
    DecisionTree {
        law: "25",
        title: "Change of call",
        branches: vec![
            b(
                "25A",
                "unintended call, corrected before partner called",
                Director,
                Some("Was the first call unintended (mechanical error or slip of the tongue)?"),
                vec![CancelPreviousCall, CallStands, NoLeadRestriction],
            ),
            b(
                "25A-late",
                "unintended call, but partner has already called",
                Director,
                Some("Was the first call unintended?"),
                vec![OriginalStands],
            ),
            b(
                "25B1",
                "intended change; the offender's LHO calls over the substitute",
                OffendersLho,
                None,
                vec![
                    CancelPreviousCall,
                    CallStands,
                    LeadRestrictionMayApply,
                    UnauthorisedForOffenders,
                ],
            ),
            b(
                "25B2",
                "intended change not accepted",
                Director,
                None,
                vec![
                    OriginalStands,
                    LeadRestrictionMayApply,
                    UnauthorisedForOffenders,
                ],
            ),
        ],
    }
}

/// Law 27: insufficient bid (in rotation; out of rotation it is Law 31, Law 27A2).
pub fn law27() -> DecisionTree {
    DecisionTree {
        law: "27",
        title: "Insufficient bid",
        branches: vec![
            b("27A1", "the offender's LHO calls over it: accepted", OffendersLho, None,
              vec![CallStands, NoFurtherRectification]),
            b("27B1a", "replaced by the lowest sufficient bid specifying the same denomination(s)", Director,
              Some("Does the replacement specify the same denomination(s) as the insufficient bid?"),
              vec![CancelCall, NoLeadRestriction, ReviewAtEnd { law: "27D" }]),
            b("27B1b", "replaced by a comparable call", Director, COMPARABLE,
              vec![CancelCall, NoLeadRestriction, ReviewAtEnd { law: "27D" }]),
            b("27B2", "replaced by any other sufficient bid or a pass", Director, None,
              vec![CancelCall, bar(Partner, RestOfAuction), LeadRestrictionMayApply, UnauthorisedForOffenders, ReviewAtEnd { law: "72C" }]),
            b("27B3", "the offender attempts a double or redouble that is not comparable", Director, None,
              vec![CancelCall, CancelLaterCalls, bar(Partner, RestOfAuction), LeadRestrictionMayApply, UnauthorisedForOffenders, ReviewAtEnd { law: "72C" }]),
            b("27B4", "the offender attempts another insufficient bid (not accepted)", Director, None,
              vec![CancelCall, CancelLaterCalls, bar(Partner, RestOfAuction), LeadRestrictionMayApply, UnauthorisedForOffenders, ReviewAtEnd { law: "72C" }]),
        ],
    }
}

/// Law 29 acceptance and Law 28B, shared by every call out of rotation.
fn coor_common(law: &'static str) -> Vec<Branch> {
    let accept_id = match law {
        "30" => "30-29A",
        "31" => "31-29A",
        _ => "32-29A",
    };
    let l29b = match law {
        "30" => "30-29B",
        "31" => "31-29B",
        _ => "32-29B",
    };
    let l28b = match law {
        "30" => "30-28B",
        "31" => "31-28B",
        _ => "32-28B",
    };
    vec![
        b(
            accept_id,
            "the offender's LHO calls over it: accepted (Law 29A)",
            OffendersLho,
            None,
            vec![CallStands, NoFurtherRectification],
        ),
        b(
            l28b,
            "the player whose turn it was calls before rectification (Law 28B)",
            Engine,
            None,
            vec![CancelCall, NoLeadRestriction, UnauthorisedForOffenders],
        ),
        b(
            l29b,
            "not accepted: cancelled, the auction reverts to the player whose turn it was (Law 29B)",
            Director,
            None,
            vec![CancelCall, UnauthorisedForOffenders],
        ),
    ]
}

/// Law 30: pass out of rotation.
pub fn law30() -> DecisionTree {
    let mut branches = coor_common("30");
    branches.extend([
        b(
            "30A",
            "at the offender's RHO's turn",
            Engine,
            None,
            vec![
                CancelCall,
                bar(Who::Offender, NextTurn),
                ReviewAtEnd { law: "72C" },
            ],
        ),
        b(
            "30B1a",
            "at partner's turn (or LHO's before the offender called); partner calls freely",
            Engine,
            None,
            vec![CancelCall, UnauthorisedForOffenders],
        ),
        b(
            "30B1bi",
            "the offender's later call is comparable",
            Director,
            COMPARABLE,
            vec![CancelCall, NoLeadRestriction, ReviewAtEnd { law: "23C" }],
        ),
        b(
            "30B1bii",
            "the offender's later call is not comparable",
            Director,
            COMPARABLE,
            vec![
                CancelCall,
                bar(Partner, NextTurn),
                LeadRestrictionMayApply,
                UnauthorisedForOffenders,
                ReviewAtEnd { law: "72C" },
            ],
        ),
        b(
            "30C",
            "an artificial pass, or a pass of an artificial call: Law 31 applies",
            Director,
            Some("Was the pass artificial, or a pass of an artificial call?"),
            vec![RouteTo { law: "31" }],
        ),
    ]);
    DecisionTree {
        law: "30",
        title: "Pass out of rotation",
        branches,
    }
}

/// Law 31: bid out of rotation.
pub fn law31() -> DecisionTree {
    let mut branches = coor_common("31");
    branches.extend([
        b(
            "31A1",
            "at RHO's turn; RHO passes: the offender must repeat his call",
            Engine,
            None,
            vec![CancelCall, OffenderMustRepeat],
        ),
        b(
            "31A2a",
            "RHO called; the offender's call is comparable",
            Director,
            COMPARABLE,
            vec![CancelCall, NoLeadRestriction, ReviewAtEnd { law: "23C" }],
        ),
        b(
            "31A2b",
            "RHO called; the offender's call is not comparable",
            Director,
            COMPARABLE,
            vec![
                CancelCall,
                bar(Partner, NextTurn),
                LeadRestrictionMayApply,
                UnauthorisedForOffenders,
                ReviewAtEnd { law: "72C" },
            ],
        ),
        b(
            "31B1",
            "at partner's turn (or LHO's before the offender called): partner calls freely",
            Engine,
            None,
            vec![CancelCall, UnauthorisedForOffenders],
        ),
        b(
            "31B2a",
            "the offender's later call is comparable",
            Director,
            COMPARABLE,
            vec![CancelCall, NoLeadRestriction, ReviewAtEnd { law: "23C" }],
        ),
        b(
            "31B2b",
            "the offender's later call is not comparable",
            Director,
            COMPARABLE,
            vec![
                CancelCall,
                bar(Partner, NextTurn),
                LeadRestrictionMayApply,
                UnauthorisedForOffenders,
                ReviewAtEnd { law: "72C" },
            ],
        ),
    ]);
    DecisionTree {
        law: "31",
        title: "Bid out of rotation",
        branches,
    }
}

/// Law 32: double or redouble out of rotation.
pub fn law32() -> DecisionTree {
    let mut branches = coor_common("32");
    branches.extend([
        b(
            "32A1",
            "at RHO's turn; RHO passes: the offender must repeat the double or redouble",
            Engine,
            None,
            vec![CancelCall, OffenderMustRepeat],
        ),
        b(
            "32A2a",
            "RHO called; the offender's call is comparable",
            Director,
            COMPARABLE,
            vec![CancelCall, NoLeadRestriction, ReviewAtEnd { law: "23C" }],
        ),
        b(
            "32A2b",
            "RHO called; the offender's call is not comparable",
            Director,
            COMPARABLE,
            vec![
                CancelCall,
                bar(Partner, NextTurn),
                LeadRestrictionMayApply,
                UnauthorisedForOffenders,
                ReviewAtEnd { law: "72C" },
            ],
        ),
        b(
            "32B1",
            "at partner's turn: partner calls freely",
            Engine,
            None,
            vec![CancelCall, UnauthorisedForOffenders],
        ),
        b(
            "32B2a",
            "the offender's later call is comparable",
            Director,
            COMPARABLE,
            vec![CancelCall, NoLeadRestriction, ReviewAtEnd { law: "23C" }],
        ),
        b(
            "32B2b",
            "the offender's later call is not comparable",
            Director,
            COMPARABLE,
            vec![
                CancelCall,
                bar(Partner, NextTurn),
                LeadRestrictionMayApply,
                UnauthorisedForOffenders,
                ReviewAtEnd { law: "72C" },
            ],
        ),
    ]);
    DecisionTree {
        law: "32",
        title: "Double or redouble out of rotation",
        branches,
    }
}

/// Law 36: inadmissible double or redouble (not permitted by Law 19).
pub fn law36() -> DecisionTree {
    DecisionTree {
        law: "36",
        title: "Inadmissible double or redouble",
        branches: vec![
            b(
                "36A",
                "the offender's LHO called before rectification",
                OffendersLho,
                None,
                vec![CancelCall, CancelLaterCalls, NoLeadRestriction],
            ),
            b(
                "36B",
                "rectified before LHO called: offender substitutes a legal call",
                Engine,
                None,
                vec![
                    CancelCall,
                    bar(Partner, RestOfAuction),
                    LeadRestrictionMayApply,
                    ReviewAtEnd { law: "72C" },
                ],
            ),
            b(
                "36C",
                "noticed only after the opening lead is faced",
                Engine,
                None,
                vec![ScoreAsIfNotMade],
            ),
        ],
    }
}

/// Law 37: action violating an obligation to pass.
pub fn law37() -> DecisionTree {
    DecisionTree {
        law: "37",
        title: "Call by a player obliged to pass",
        branches: vec![
            b(
                "37A",
                "the offender's LHO called before rectification: all calls stand",
                OffendersLho,
                None,
                vec![CallStands, ExistingBarStays, NoLeadRestriction],
            ),
            b(
                "37B",
                "otherwise: replaced by a pass, both offenders pass for the rest of the auction",
                Engine,
                None,
                vec![
                    ReplaceWithPass,
                    bar(BothOffenders, RestOfAuction),
                    LeadRestrictionMayApply,
                    ReviewAtEnd { law: "72C" },
                ],
            ),
        ],
    }
}

/// Law 38: bid of more than seven.
pub fn law38() -> DecisionTree {
    DecisionTree {
        law: "38",
        title: "Bid of more than seven",
        branches: vec![
            b(
                "38B",
                "rectified before LHO called",
                Engine,
                None,
                vec![
                    CancelLaterCalls,
                    ReplaceWithPass,
                    bar(BothOffenders, RestOfAuction),
                    LeadRestrictionMayApply,
                    ReviewAtEnd { law: "72C" },
                ],
            ),
            b(
                "38D",
                "the offender's LHO called before rectification",
                OffendersLho,
                None,
                vec![
                    CancelLaterCalls,
                    ReplaceWithPass,
                    bar(BothOffenders, RestOfAuction),
                    NoLeadRestriction,
                ],
            ),
        ],
    }
}

/// Law 39: call after the final pass.
pub fn law39() -> DecisionTree {
    DecisionTree {
        law: "39",
        title: "Call after the final pass",
        branches: vec![
            b(
                "39B",
                "LHO called, or a defender's pass, or any call by declarer or dummy",
                Engine,
                None,
                vec![CancelCall, NoFurtherRectification],
            ),
            b(
                "39C",
                "a defender's bid, double or redouble, LHO has not called",
                Engine,
                None,
                vec![CancelCall, LeadRestrictionMayApply],
            ),
        ],
    }
}

/// Laws 50-51: disposition of a penalty card.
pub fn law50() -> DecisionTree {
    DecisionTree {
        law: "50",
        title: "Penalty card",
        branches: vec![
            b(
                "50C",
                "minor: a single card below honour rank exposed unintentionally",
                Engine,
                Some("Was the card exposed unintentionally?"),
                vec![PenaltyCard { major: false }],
            ),
            b(
                "50D1",
                "major: must be played at the first legal opportunity",
                Engine,
                None,
                vec![PenaltyCard { major: true }],
            ),
            b(
                "50D2a-require",
                "partner on lead: declarer requires the suit",
                Declarer,
                None,
                vec![RequireSuit, PenaltyCardPickedUp],
            ),
            b(
                "50D2a-forbid",
                "partner on lead: declarer forbids the suit while partner keeps the lead",
                Declarer,
                None,
                vec![ForbidSuit, PenaltyCardPickedUp],
            ),
            b(
                "50D2b",
                "partner on lead: declarer chooses neither",
                Declarer,
                None,
                vec![PenaltyCard { major: true }],
            ),
            b(
                "51A",
                "two or more penalty cards playable: declarer designates which",
                Declarer,
                None,
                vec![PenaltyCard { major: true }],
            ),
        ],
    }
}

/// Law 52: failure to lead or play a penalty card.
pub fn law52() -> DecisionTree {
    DecisionTree {
        law: "52",
        title: "Failure to play a penalty card",
        branches: vec![
            b(
                "52B1",
                "declarer accepts the card played (must, if he has played since)",
                Declarer,
                None,
                vec![AcceptLeadOrPlay, NoTransfer],
            ),
            b(
                "52B2",
                "declarer requires the penalty card: the wrong card becomes a major penalty card",
                Declarer,
                None,
                vec![RetractCard, PenaltyCard { major: true }, NoTransfer],
            ),
        ],
    }
}

/// Laws 53-56: leads out of turn.
pub fn law53_56() -> DecisionTree {
    DecisionTree {
        law: "53-56",
        title: "Lead out of turn",
        branches: vec![
            b(
                "53A",
                "accepted by statement or by the next hand playing to it",
                Declarer,
                None,
                vec![AcceptLeadOrPlay],
            ),
            b(
                "53B",
                "the correct leader, an opponent of the offender, simply leads: his lead stands",
                Declarer,
                None,
                vec![RetractCard, UnauthorisedForOffenders],
            ),
            b(
                "54A",
                "opening lead out of turn: declarer spreads his hand",
                Declarer,
                None,
                vec![AcceptLeadOrPlay, DeclarerBecomesDummy],
            ),
            b(
                "54B",
                "opening lead out of turn: declarer accepts",
                Declarer,
                None,
                vec![AcceptLeadOrPlay, SecondCardFromDeclarersHand],
            ),
            b(
                "54C",
                "declarer could have seen dummy's cards: must accept",
                Director,
                Some("Could declarer have seen any of dummy's cards?"),
                vec![AcceptLeadOrPlay, SecondCardFromDeclarersHand],
            ),
            b(
                "54D",
                "opening lead out of turn refused",
                Declarer,
                None,
                vec![RetractCard, PenaltyCard { major: true }],
            ),
            b(
                "55A",
                "declarer's lead out of turn accepted by a defender",
                Defenders,
                None,
                vec![AcceptLeadOrPlay],
            ),
            b(
                "55B",
                "declarer's lead out of turn must be retracted",
                Defenders,
                None,
                vec![RetractCard, NoFurtherRectification],
            ),
            b(
                "56",
                "defender's lead out of turn not accepted",
                Declarer,
                None,
                vec![RetractCard, PenaltyCard { major: true }],
            ),
        ],
    }
}

/// Law 57: premature lead or play by a defender.
pub fn law57() -> DecisionTree {
    DecisionTree {
        law: "57",
        title: "Premature lead or play",
        branches: vec![
            b(
                "57A1",
                "declarer requires partner's highest card of the suit led",
                Declarer,
                None,
                vec![PenaltyCard { major: true }, PlayHighest],
            ),
            b(
                "57A2",
                "declarer requires partner's lowest card of the suit led",
                Declarer,
                None,
                vec![PenaltyCard { major: true }, PlayLowest],
            ),
            b(
                "57A3",
                "declarer requires a card of another named suit",
                Declarer,
                None,
                vec![PenaltyCard { major: true }, RequireSuit],
            ),
            b(
                "57A4",
                "declarer forbids another named suit",
                Declarer,
                None,
                vec![PenaltyCard { major: true }, ForbidSuit],
            ),
            b(
                "57C",
                "declarer had already played from both hands",
                Engine,
                None,
                vec![NoFurtherRectification],
            ),
        ],
    }
}

/// Law 58: simultaneous leads or plays.
pub fn law58() -> DecisionTree {
    DecisionTree {
        law: "58",
        title: "Simultaneous leads or plays",
        branches: vec![
            b("58A", "a card played at the same time as a legal play counts as played after it", Engine, None,
              vec![NoFurtherRectification]),
            b("58B1", "several cards from one hand, one face visible: that card is played", Engine, None,
              vec![RetractCard, NoFurtherRectification]),
            b("58B2", "several visible: the offender chooses; a defender's other visible cards are penalty cards", Offender, None,
              vec![PenaltyCard { major: false }]),
        ],
    }
}

/// Laws 61-64: revoke.
pub fn law61_64() -> DecisionTree {
    DecisionTree {
        law: "61-64",
        title: "Revoke",
        branches: vec![
            b(
                "62B1",
                "corrected before establishment; card from a defender's unfaced hand",
                Engine,
                None,
                vec![CorrectRevoke, PenaltyCard { major: true }],
            ),
            b(
                "62B2",
                "corrected before establishment; declarer's, dummy's or a faced card",
                Engine,
                None,
                vec![CorrectRevoke, NoFurtherRectification],
            ),
            b(
                "62D",
                "revoke on trick 12: corrected even if established",
                Engine,
                None,
                vec![CorrectRevoke, NoTransfer],
            ),
            b(
                "64A1",
                "established; the offender won the revoke trick",
                Engine,
                None,
                vec![TransferTricks { at_most: 2 }, ReviewAtEnd { law: "64C" }],
            ),
            b(
                "64A2",
                "established; the offender did not win the revoke trick",
                Engine,
                None,
                vec![TransferTricks { at_most: 1 }, ReviewAtEnd { law: "64C" }],
            ),
            b(
                "64B",
                "established, but one of the eight no-transfer cases",
                Engine,
                None,
                vec![NoTransfer, ReviewAtEnd { law: "64C" }],
            ),
        ],
    }
}

/// Law 67: defective trick.
pub fn law67() -> DecisionTree {
    DecisionTree {
        law: "67",
        title: "Defective trick",
        branches: vec![
            b(
                "67A",
                "noticed before both sides played to the next trick: offender adds a card",
                Engine,
                None,
                vec![NoFurtherRectification],
            ),
            b(
                "67B1",
                "noticed later; the offender did not play: he adds a card, treated as a revoke",
                Engine,
                None,
                vec![TransferTricks { at_most: 1 }],
            ),
            b(
                "67B2",
                "noticed later; the offender played more than one card: extra cards go back",
                Director,
                Some("Which card was faced to the trick?"),
                vec![NoFurtherRectification],
            ),
        ],
    }
}

/// Laws 68-71: claims and concessions.
pub fn law68_71() -> DecisionTree {
    DecisionTree {
        law: "68-71",
        title: "Claim or concession",
        branches: vec![
            b(
                "68B2",
                "a defender's concession, partner objects at once: no concession",
                Engine,
                None,
                vec![NoFurtherRectification],
            ),
            b(
                "69A",
                "all agree: scored as if played",
                Engine,
                None,
                vec![PlayStops],
            ),
            b(
                "68D2b",
                "play continues at the non-claimers' request, all four agree: claim void",
                Engine,
                None,
                vec![ResultStands],
            ),
            b(
                "70",
                "disputed: the TD rules the tricks",
                Director,
                Some("How many tricks does the claimer get (Law 70)?"),
                vec![PlayStops, TricksByRuling],
            ),
            b(
                "69B",
                "agreement withdrawn in the correction period for a trick actually or probably won",
                Director,
                Some("Was the trick actually won, or probably won (Law 69B2)?"),
                vec![Rescore],
            ),
            b(
                "71",
                "concession cancelled in the correction period",
                Director,
                Some("Was the trick actually won, or impossible to lose by normal play?"),
                vec![Rescore],
            ),
        ],
    }
}

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
