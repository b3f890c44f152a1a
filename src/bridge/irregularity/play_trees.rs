//! Decision trees for the play irregularities and claims (Laws 50-71).
use super::*;

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
                "62C3",
                "both sides revoked in the same trick, only one side has played to the next: both corrected",
                Engine,
                None,
                vec![CorrectRevoke, PenaltyCard { major: true }, NoTransfer],
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
