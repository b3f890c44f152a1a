//! Decision trees for the auction irregularities (Laws 24-39).
use super::*;

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
