//! The auction (Laws 17-22) and its irregularities (Laws 24-39): worked examples W12-W17 of
//! bridge-laws.md §9, one test per branch of every auction decision tree, and property tests.
use proptest::prelude::*;
use tdlog::bridge::auction::{Auction, Flag, Kind, Outcome, Status, TurnOf};
use tdlog::bridge::call::{Bid, Call, Strain};
use tdlog::bridge::contract::Doubling;
use tdlog::bridge::irregularity::{self, BarLength};
use tdlog::bridge::seat::Seat::{self, E, N, S, W};

fn c(s: &str) -> Call {
    s.parse().expect("valid call in test")
}

/// Record calls in order; returns the auction.
fn auction(dealer: Seat, calls: &[(Seat, &str)]) -> Auction {
    let mut a = Auction::new(dealer);
    for (seat, call) in calls {
        a.record(*seat, c(call));
    }
    a
}

fn law_of(a: &Auction, i: usize) -> Option<String> {
    a.entries[i].irregularity.as_ref().map(|x| x.law.clone())
}

fn barred_rest(a: &Auction, seat: Seat) -> bool {
    a.bars
        .iter()
        .any(|b| b.active && b.seat == seat && b.length == BarLength::RestOfAuction)
}

fn barred_next(a: &Auction, seat: Seat) -> bool {
    a.bars
        .iter()
        .any(|b| b.active && b.seat == seat && b.length == BarLength::NextTurn)
}

fn has_lead_flag(a: &Auction, seat: Seat) -> bool {
    a.flags
        .iter()
        .any(|f| matches!(f, Flag::LeadRestriction { offender, .. } if *offender == seat))
}

fn has_review(a: &Auction, law: &str) -> bool {
    a.flags
        .iter()
        .any(|f| matches!(f, Flag::Review { law: l, .. } if l == law))
}

fn cancelled(a: &Auction, i: usize) -> bool {
    matches!(a.entries[i].status, Status::Cancelled { .. })
}

// ---------- Laws 17-22: the legal auction ----------

#[test]
fn law_22a_w14_auction_ends_contract_declarer_opening_leader() {
    let a = auction(
        N,
        &[
            (N, "1C"),
            (E, "Pass"),
            (S, "1H"),
            (W, "Pass"),
            (N, "2H"),
            (E, "Pass"),
            (S, "4H"),
            (W, "Pass"),
            (N, "Pass"),
            (E, "Pass"),
        ],
    );
    assert!(a.irregularities().is_empty());
    match a.outcome() {
        Outcome::Contract {
            contract,
            declarer,
            opening_leader,
        } => {
            assert_eq!(contract.to_string(), "4H");
            assert_eq!(declarer, S, "S first named hearts for N-S");
            assert_eq!(opening_leader, W);
        }
        o => panic!("expected a contract, got {o:?}"),
    }
    assert_eq!(a.turn(), None);
}

#[test]
fn law_22b_four_passes_pass_out() {
    let a = auction(S, &[(S, "Pass"), (W, "Pass"), (N, "Pass")]);
    assert_eq!(a.outcome(), Outcome::InProgress { turn: E });
    let a = auction(S, &[(S, "Pass"), (W, "Pass"), (N, "Pass"), (E, "Pass")]);
    assert_eq!(a.outcome(), Outcome::PassedOut);
}

#[test]
fn law_19_doubles_redoubles_and_law_19c_cancellation() {
    let a = auction(
        N,
        &[
            (N, "1H"),
            (E, "X"),
            (S, "XX"),
            (W, "Pass"),
            (N, "Pass"),
            (E, "Pass"),
        ],
    );
    assert!(a.irregularities().is_empty());
    match a.outcome() {
        Outcome::Contract {
            contract, declarer, ..
        } => {
            assert_eq!(contract.doubling, Doubling::Redoubled);
            assert_eq!(declarer, N);
        }
        o => panic!("{o:?}"),
    }
    // L19C: a later bid cancels the double.
    let a = auction(
        N,
        &[
            (N, "1H"),
            (E, "X"),
            (S, "1S"),
            (W, "Pass"),
            (N, "Pass"),
            (E, "Pass"),
        ],
    );
    match a.outcome() {
        Outcome::Contract { contract, .. } => assert_eq!(contract.to_string(), "1S"),
        o => panic!("{o:?}"),
    }
}

// ---------- W12, Law 27: insufficient bid ----------

fn w12() -> Auction {
    let mut a = auction(N, &[(N, "1H"), (E, "1S")]);
    let rep = a.record(S, c("1D"));
    assert_eq!(
        rep.irregularity.as_ref().map(|i| i.kind.clone()),
        Some(Kind::InsufficientBid)
    );
    a
}

#[test]
fn law_27a1_w12a_lho_calls_over_the_insufficient_bid_accepts_it() {
    let mut a = w12();
    let rep = a.record(W, c("Pass"));
    assert_eq!(rep.settled, vec![(2, "27A1".to_string())]);
    assert_eq!(a.entries[2].status, Status::Standing);
    assert!(a.bars.is_empty());
    assert_eq!(a.turn(), Some(N));
}

#[test]
fn law_27b1a_w12b_lowest_sufficient_bid_same_denomination_no_rectification() {
    let mut a = w12();
    a.record(S, c("2D"));
    a.rule(2, "27B1a").unwrap();
    assert!(cancelled(&a, 2));
    assert_eq!(a.entries[3].status, Status::Standing);
    assert!(a.bars.is_empty());
    assert!(!has_lead_flag(&a, S));
    assert!(has_review(&a, "27D"));
    assert_eq!(a.turn(), Some(W));
}

#[test]
fn law_27b1b_comparable_call_no_rectification() {
    let mut a = w12();
    a.record(S, c("Pass"));
    a.rule(2, "27B1b").unwrap();
    assert!(a.bars.is_empty());
    assert!(has_review(&a, "27D"));
}

#[test]
fn law_27b2_w12b_other_sufficient_bid_partner_passes_throughout() {
    let mut a = w12();
    a.record(S, c("3NT"));
    a.rule(2, "27B2").unwrap();
    assert!(barred_rest(&a, N));
    assert!(has_lead_flag(&a, S));
    a.record(W, c("Pass"));
    // N is obliged to pass: a bid is a Law 37 call.
    let rep = a.record(N, c("4H"));
    assert_eq!(rep.irregularity.map(|i| i.law), Some("37".to_string()));
}

#[test]
fn law_27b3_w12b_attempted_double_cancelled_offender_chooses_again() {
    let mut a = w12();
    a.record(S, c("X"));
    a.rule(2, "27B3").unwrap();
    assert!(cancelled(&a, 3), "the attempted double is cancelled");
    assert!(barred_rest(&a, N));
    assert_eq!(a.turn(), Some(S), "S must choose again");
    let rep = a.record(S, c("2D"));
    assert!(rep.irregularity.is_none());
}

#[test]
fn law_27b4_another_insufficient_bid() {
    let mut a = w12();
    let rep = a.record(S, c("1H"));
    assert_eq!(rep.irregularity.map(|i| i.law), Some("27".to_string()));
    a.rule(2, "27B4").unwrap();
    assert!(cancelled(&a, 3));
    assert!(barred_rest(&a, N));
    assert_eq!(a.turn(), Some(S));
}

#[test]
fn law_27a2_insufficient_bid_out_of_rotation_is_law_31() {
    let mut a = auction(N, &[(N, "1H"), (E, "1S")]);
    let rep = a.record(W, c("1D"));
    assert_eq!(rep.irregularity.map(|i| i.law), Some("31".to_string()));
}

// ---------- W13, Laws 19 / 35A / 36: inadmissible doubles ----------

#[test]
fn law_36_w13a_double_of_partners_bid_is_inadmissible() {
    let a = auction(N, &[(N, "1H"), (E, "Pass"), (S, "X")]);
    assert_eq!(law_of(&a, 2), Some("36".to_string()));
}

#[test]
fn law_36b_w13a_rectified_before_lho_calls() {
    let mut a = auction(N, &[(N, "1H"), (E, "Pass"), (S, "X")]);
    a.rule(2, "36B").unwrap();
    assert!(cancelled(&a, 2));
    assert!(barred_rest(&a, N));
    assert!(has_lead_flag(&a, S));
    assert_eq!(a.turn(), Some(S));
}

#[test]
fn law_36a_w13a_lho_called_first_cancels_later_calls_no_lead_restriction() {
    let mut a = auction(N, &[(N, "1H"), (E, "Pass"), (S, "X"), (W, "Pass")]);
    a.rule(2, "36A").unwrap();
    assert!(cancelled(&a, 2) && cancelled(&a, 3));
    assert!(a.bars.is_empty());
    assert!(!has_lead_flag(&a, S));
    assert_eq!(a.turn(), Some(S));
}

#[test]
fn law_36c_w13a_noticed_after_opening_lead_scored_as_if_not_made() {
    let mut a = auction(
        N,
        &[
            (N, "1H"),
            (E, "Pass"),
            (S, "X"),
            (W, "Pass"),
            (N, "Pass"),
            (E, "Pass"),
        ],
    );
    a.rule(2, "36C").unwrap();
    match a.outcome() {
        Outcome::Contract {
            contract, declarer, ..
        } => {
            assert_eq!(contract.to_string(), "1H");
            assert_eq!(declarer, N);
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn law_19b_w13b_redouble_of_partners_double_is_inadmissible() {
    let a = auction(N, &[(N, "1H"), (E, "X"), (S, "Pass"), (W, "XX")]);
    assert_eq!(law_of(&a, 3), Some("36".to_string()));
}

#[test]
fn law_19_w13c_w13d_legal_redouble_and_double_after_new_bid() {
    let a = auction(N, &[(N, "1H"), (E, "X"), (S, "XX")]);
    assert!(a.irregularities().is_empty());
    let a = auction(N, &[(N, "1H"), (E, "X"), (S, "1S"), (W, "X")]);
    assert!(a.irregularities().is_empty());
}

// ---------- W15, Laws 29 / 31: bid out of rotation ----------

fn w15() -> Auction {
    let mut a = Auction::new(N);
    let rep = a.record(E, c("1S"));
    let irr = rep.irregularity.expect("COOR");
    assert_eq!(irr.law, "31");
    assert_eq!(
        irr.kind,
        Kind::OutOfRotation {
            correct: N,
            turn_of: TurnOf::Rho
        }
    );
    a.rule(0, "31-29B").unwrap();
    assert_eq!(a.turn(), Some(N), "the auction returns to N");
    a
}

#[test]
fn law_31a1_w15_rho_passes_offender_must_repeat() {
    let mut a = w15();
    a.record(N, c("Pass"));
    a.rule(0, "31A1").unwrap();
    assert!(a
        .flags
        .iter()
        .any(|f| matches!(f, Flag::MustRepeat { seat: E, call, .. } if call.to_string() == "1S")));
    assert!(a.bars.is_empty());
    // E repeats 1S: nothing more. Had he bid anything else, the TD is told.
    let mut ok = a.clone();
    assert!(ok.record(E, c("1S")).irregularity.is_none());
    assert!(!ok
        .flags
        .iter()
        .any(|f| matches!(f, Flag::RepeatNotMade { .. })));
    let mut other = a.clone();
    other.record(E, c("2S"));
    assert!(other
        .flags
        .iter()
        .any(|f| matches!(f, Flag::RepeatNotMade { seat: E, .. })));
}

#[test]
fn law_31a2a_w15_comparable_call_nothing_more() {
    let mut a = w15();
    a.record(N, c("1H"));
    a.record(E, c("1S"));
    a.rule(0, "31A2a").unwrap();
    assert!(a.bars.is_empty());
    assert!(has_review(&a, "23C"));
}

#[test]
fn law_31a2b_w15_not_comparable_partner_passes_next_turn() {
    let mut a = w15();
    a.record(N, c("1H"));
    a.record(E, c("2C"));
    a.rule(0, "31A2b").unwrap();
    assert!(barred_next(&a, W));
    assert!(has_lead_flag(&a, E));
    a.record(S, c("2H"));
    a.record(W, c("Pass"));
    assert!(!barred_next(&a, W), "the bar lasts one turn");
}

#[test]
fn law_29a_coor_accepted_when_lho_calls_over_it() {
    let mut a = Auction::new(N);
    a.record(E, c("1S"));
    let rep = a.record(S, c("Pass"));
    assert_eq!(rep.settled, vec![(0, "31-29A".to_string())]);
    assert_eq!(a.entries[0].status, Status::Standing);
    assert_eq!(a.turn(), Some(W));
}

#[test]
fn law_28b_correct_player_calls_before_rectification() {
    let mut a = Auction::new(N);
    a.record(E, c("1S"));
    let rep = a.record(N, c("1H"));
    assert_eq!(rep.settled, vec![(0, "31-28B".to_string())]);
    assert!(rep.irregularity.is_none());
    assert!(cancelled(&a, 0));
    assert_eq!(a.turn(), Some(E));
}

#[test]
fn law_31b1_b2_bid_at_partners_turn() {
    // Dealer N; S bids at N's turn.
    let mut a = Auction::new(N);
    let irr = a.record(S, c("1NT")).irregularity.unwrap();
    assert_eq!(
        irr.kind,
        Kind::OutOfRotation {
            correct: N,
            turn_of: TurnOf::Partner
        }
    );
    a.rule(0, "31-29B").unwrap();
    a.rule(0, "31B1").unwrap();
    assert!(a
        .flags
        .iter()
        .any(|f| matches!(f, Flag::UnauthorisedInformation { .. })));
    a.record(N, c("1H"));
    a.record(E, c("Pass"));
    a.record(S, c("1NT"));
    a.rule(0, "31B2a").unwrap();
    assert!(a.bars.is_empty());
    a.rule(0, "31B2b").unwrap();
    assert!(barred_next(&a, N));
}

#[test]
fn law_31_lho_turn_before_offender_called_is_b_case() {
    // Dealer N; W (the fourth seat) bids at N's turn: N is W's LHO, W has not called.
    let mut a = Auction::new(N);
    let irr = a.record(W, c("1C")).irregularity.unwrap();
    assert_eq!(
        irr.kind,
        Kind::OutOfRotation {
            correct: N,
            turn_of: TurnOf::LhoBeforeOffenderCalled
        }
    );
}

// ---------- W16, Laws 30 / 17D3 / 34 ----------

#[test]
fn law_30a_w16a_pass_at_rhos_turn_offender_passes_next_turn() {
    let mut a = Auction::new(N);
    let irr = a.record(E, c("Pass")).irregularity.unwrap();
    assert_eq!(irr.law, "30");
    a.rule(0, "30A").unwrap();
    assert!(cancelled(&a, 0));
    assert!(barred_next(&a, E));
    assert_eq!(a.turn(), Some(N));
    a.record(N, c("1H"));
    let rep = a.record(E, c("1S"));
    assert_eq!(rep.irregularity.map(|i| i.law), Some("37".to_string()));
}

#[test]
fn law_17d3_w16b_skipped_player_keeps_right_to_call() {
    let mut a = auction(N, &[(N, "1H"), (E, "Pass")]);
    let irr = a.record(W, c("Pass")).irregularity.unwrap();
    assert_eq!(irr.law, "30");
    a.record(N, c("Pass"));
    // Three passes followed 1H, but S was skipped: not ended, back to S.
    assert_eq!(a.turn(), Some(S));
    assert!(cancelled(&a, 2) && cancelled(&a, 3));
    assert!(a
        .flags
        .iter()
        .any(|f| matches!(f, Flag::UnauthorisedInformation { law, .. } if law == "17D3")));
}

#[test]
fn law_30_branches_partners_turn_and_route_to_31() {
    let mut a = Auction::new(N);
    a.record(S, c("Pass"));
    for b in ["30-29B", "30B1a"] {
        a.rule(0, b).unwrap();
    }
    a.rule(0, "30B1bi").unwrap();
    assert!(a.bars.is_empty());
    a.rule(0, "30B1bii").unwrap();
    assert!(barred_next(&a, N));
    assert!(has_lead_flag(&a, S));
    // Law 30C: an artificial pass is a Law 31 case.
    let mut a = Auction::new(N);
    a.record(S, c("Pass"));
    a.rule(0, "30C").unwrap();
    assert_eq!(law_of(&a, 0), Some("31".to_string()));
    a.rule(0, "31B1").unwrap();
    // Acceptance and Law 28B for a pass out of rotation.
    let mut a = Auction::new(N);
    a.record(E, c("Pass"));
    assert_eq!(
        a.record(S, c("Pass")).settled,
        vec![(0, "30-29A".to_string())]
    );
    let mut a = Auction::new(N);
    a.record(E, c("Pass"));
    assert_eq!(
        a.record(N, c("Pass")).settled,
        vec![(0, "30-28B".to_string())]
    );
}

// ---------- Law 32: double or redouble out of rotation ----------

#[test]
fn law_32_double_out_of_rotation_branches() {
    // N 1H, E pass, then W doubles at S's turn (RHO's turn for W).
    let base = || {
        let mut a = auction(N, &[(N, "1H"), (E, "Pass")]);
        let irr = a.record(W, c("X")).irregularity.unwrap();
        assert_eq!(irr.law, "32");
        assert_eq!(
            irr.kind,
            Kind::OutOfRotation {
                correct: S,
                turn_of: TurnOf::Rho
            }
        );
        a
    };
    let mut a = base();
    assert_eq!(
        a.record(N, c("Pass")).settled,
        vec![(2, "32-29A".to_string())]
    );
    let mut a = base();
    assert_eq!(
        a.record(S, c("Pass")).settled,
        vec![(2, "32-28B".to_string())]
    );
    let mut a = base();
    a.rule(2, "32-29B").unwrap();
    assert_eq!(a.turn(), Some(S));
    a.record(S, c("Pass"));
    a.rule(2, "32A1").unwrap();
    assert!(a
        .flags
        .iter()
        .any(|f| matches!(f, Flag::MustRepeat { seat: W, .. })));
    let mut a = base();
    a.rule(2, "32-29B").unwrap();
    a.record(S, c("2H"));
    a.rule(2, "32A2a").unwrap();
    assert!(a.bars.is_empty());
    a.rule(2, "32A2b").unwrap();
    assert!(barred_next(&a, E));
    // At partner's turn: N 1H, E X at... W's partner is E; use E doubling at W's turn.
    let mut a = auction(N, &[(N, "1H"), (E, "Pass"), (S, "Pass")]);
    let irr = a.record(E, c("X")).irregularity.unwrap();
    assert_eq!(
        irr.kind,
        Kind::OutOfRotation {
            correct: W,
            turn_of: TurnOf::Partner
        }
    );
    a.rule(3, "32-29B").unwrap();
    a.rule(3, "32B1").unwrap();
    a.rule(3, "32B2a").unwrap();
    assert!(a.bars.is_empty());
    a.rule(3, "32B2b").unwrap();
    assert!(barred_next(&a, W));
}

// ---------- Law 25: change of call ----------

#[test]
fn law_25_change_of_call_branches() {
    let base = || {
        let mut a = auction(N, &[(N, "1H")]);
        let irr = a.record(N, c("1S")).irregularity.unwrap();
        assert_eq!(irr.law, "25");
        assert_eq!(
            irr.kind,
            Kind::OutOfRotation {
                correct: E,
                turn_of: TurnOf::LhoAfterOffenderCalled
            }
        );
        a
    };
    // 25A: unintended, corrected in time: the intended call stands, no Law 26.
    let mut a = base();
    a.rule(1, "25A").unwrap();
    assert!(cancelled(&a, 0));
    assert_eq!(a.entries[1].status, Status::Standing);
    assert!(!has_lead_flag(&a, N));
    // 25A too late: original stands.
    let mut a = base();
    a.rule(1, "25A-late").unwrap();
    assert!(cancelled(&a, 1));
    assert_eq!(a.entries[0].status, Status::Standing);
    // 25B1: LHO calls over the substitute: accepted; Law 26 may apply.
    let mut a = base();
    assert_eq!(
        a.record(E, c("Pass")).settled,
        vec![(1, "25B1".to_string())]
    );
    assert!(cancelled(&a, 0));
    assert_eq!(a.entries[1].status, Status::Standing);
    assert!(has_lead_flag(&a, N));
    match a.outcome() {
        Outcome::InProgress { turn } => assert_eq!(turn, S),
        o => panic!("{o:?}"),
    }
    // 25B2: not accepted: original stands.
    let mut a = base();
    a.rule(1, "25B2").unwrap();
    assert!(cancelled(&a, 1));
    assert_eq!(a.entries[0].status, Status::Standing);
    assert!(has_lead_flag(&a, N));
}

// ---------- Law 37: call by a player obliged to pass ----------

#[test]
fn law_37_branches() {
    let base = || {
        let mut a = Auction::new(N);
        a.record(E, c("Pass"));
        a.rule(0, "30A").unwrap();
        a.record(N, c("1H"));
        let irr = a.record(E, c("1S")).irregularity.unwrap();
        assert_eq!(irr.law, "37");
        a
    };
    let mut a = base();
    a.rule(2, "37B").unwrap();
    assert!(cancelled(&a, 2));
    assert_eq!(a.entries[3].call, Call::Pass);
    assert_eq!(a.entries[3].forced_by.as_deref(), Some("37B"));
    assert!(barred_rest(&a, E) && barred_rest(&a, W));
    assert_eq!(a.turn(), Some(S));
    let mut a = base();
    a.record(S, c("2H"));
    a.rule(2, "37A").unwrap();
    assert_eq!(a.entries[2].status, Status::Standing);
    assert!(!has_lead_flag(&a, E));
}

#[test]
fn law_28a_barred_players_pass_is_implied_when_lho_calls() {
    let mut a = w12();
    a.record(S, c("3NT"));
    a.rule(2, "27B2").unwrap();
    a.record(W, c("Pass"));
    // N (barred) does not call; E calls: N's pass is implied.
    let rep = a.record(E, c("Pass"));
    assert!(rep.irregularity.is_none());
    let forced = a
        .entries
        .iter()
        .find(|e| e.forced_by.as_deref() == Some("28A"))
        .unwrap();
    assert_eq!(forced.seat, N);
}

// ---------- W17, Law 38: bid of more than seven ----------

#[test]
fn law_38b_w17_eight_clubs_cancelled_both_offenders_pass() {
    let mut a = auction(N, &[(N, "7NT")]);
    let irr = a.record(E, c("8C")).irregularity.unwrap();
    assert_eq!(irr.law, "38");
    a.rule(1, "38B").unwrap();
    assert!(cancelled(&a, 1));
    assert!(barred_rest(&a, E) && barred_rest(&a, W));
    assert!(has_lead_flag(&a, E));
    a.record(S, c("Pass"));
    a.record(W, c("Pass"));
    a.record(N, c("Pass"));
    match a.outcome() {
        Outcome::Contract {
            contract, declarer, ..
        } => {
            assert_eq!(contract.to_string(), "7NT");
            assert_eq!(declarer, N);
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn law_38d_w17_lho_called_first_no_lead_restriction() {
    let mut a = auction(N, &[(N, "7NT"), (E, "8C")]);
    let rep = a.record(S, c("Pass"));
    assert_eq!(rep.settled, vec![(1, "38D".to_string())]);
    assert!(cancelled(&a, 1));
    assert!(
        cancelled(&a, rep.index),
        "S's call after 8C is cancelled too"
    );
    assert!(barred_rest(&a, E) && barred_rest(&a, W));
    assert!(!has_lead_flag(&a, E));
    assert_eq!(a.turn(), Some(S));
}

// ---------- Law 39: call after the final pass ----------

#[test]
fn law_39_calls_after_the_final_pass() {
    let done = || auction(N, &[(N, "1H"), (E, "Pass"), (S, "Pass"), (W, "Pass")]);
    let mut a = done();
    let rep = a.record(E, c("Pass"));
    assert_eq!(rep.irregularity.map(|i| i.law), Some("39".to_string()));
    assert_eq!(
        a.entries[4].status,
        Status::Cancelled {
            law: "39B".to_string()
        }
    );
    let mut a = done();
    a.record(S, c("2H"));
    assert_eq!(
        a.entries[4].status,
        Status::Cancelled {
            law: "39B".to_string()
        }
    );
    let mut a = done();
    a.record(E, c("X"));
    assert_eq!(
        a.entries[4].status,
        Status::Cancelled {
            law: "39C".to_string()
        }
    );
    assert!(has_lead_flag(&a, E));
    assert_eq!(a.lead_restriction_offenders(N), vec![E]);
    match a.outcome() {
        Outcome::Contract { contract, .. } => assert_eq!(contract.to_string(), "1H"),
        o => panic!("{o:?}"),
    }
}

// ---------- Law 24: cards exposed during the auction ----------

#[test]
fn law_24_exposed_card_branches() {
    let card = |s: &str| s.parse().unwrap();
    let mut a = Auction::new(N);
    assert_eq!(a.expose(E, vec![card("C4")], false), "24A");
    assert!(a.bars.is_empty());
    let mut a = Auction::new(N);
    assert_eq!(a.expose(E, vec![card("CQ")], false), "24B");
    assert!(barred_next(&a, W));
    let mut a = Auction::new(N);
    assert_eq!(a.expose(E, vec![card("C4")], true), "24B");
    let mut a = Auction::new(N);
    assert_eq!(a.expose(E, vec![card("C4"), card("D5")], false), "24C");
    assert!(barred_next(&a, W));
}

fn two_exposed_by_east() -> Auction {
    let mut a = Auction::new(N);
    a.expose(E, vec!["C4".parse().unwrap(), "D5".parse().unwrap()], false);
    a
}

#[test]
fn law_24d_offender_becomes_declarer_or_dummy_cards_go_back() {
    let a = two_exposed_by_east();
    assert!(a.penalty_cards_from_exposures(E).is_empty(), "E declares");
    assert!(a.penalty_cards_from_exposures(W).is_empty(), "E is dummy");
}

#[test]
fn law_24e_offender_becomes_a_defender_cards_are_penalty_cards() {
    let a = two_exposed_by_east();
    let pens = a.penalty_cards_from_exposures(N);
    assert_eq!(pens.len(), 2);
    assert!(
        pens.iter().all(|(s, _, major)| *s == E && *major),
        "two cards: all major (50B)"
    );
    let mut a = Auction::new(N);
    a.expose(E, vec!["C4".parse().unwrap()], false);
    assert_eq!(
        a.penalty_cards_from_exposures(S),
        vec![(E, "C4".parse().unwrap(), false)]
    );
    let mut a = Auction::new(N);
    a.expose(E, vec!["CQ".parse().unwrap()], false);
    assert_eq!(
        a.penalty_cards_from_exposures(S),
        vec![(E, "CQ".parse().unwrap(), true)]
    );
}

#[test]
fn every_auction_tree_branch_is_known_to_rule() {
    // rule() accepts exactly the branches of the entry's tree and names a wrong one.
    let mut a = w12();
    for b in irregularity::law27().branches {
        let mut x = a.clone();
        assert!(x.rule(2, b.id).is_ok(), "{}", b.id);
    }
    let err = a.rule(2, "31A1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "branch \"31A1\" is not part of the Law 27 decision tree"
    );
    assert!(a.rule(0, "27B2").is_err(), "call 0 is regular");
    assert!(a.rule(99, "27B2").is_err());
}

// ---------- Property tests ----------

/// Reference model of a legal auction, written independently of the engine.
fn legal_calls(calls: &[(Seat, Call)]) -> Vec<Call> {
    let mut out = vec![Call::Pass];
    let last_bid = calls.iter().rposition(|(_, c)| matches!(c, Call::Bid(_)));
    let next = |s: Seat| s;
    let _ = next;
    let me = match calls.last() {
        Some((s, _)) => s.lho(),
        None => return all_bids(None).into_iter().chain([Call::Pass]).collect(),
    };
    if let Some(i) = last_bid {
        let (bidder, bid) = match calls[i] {
            (s, Call::Bid(b)) => (s, b),
            _ => unreachable!(),
        };
        let after: Vec<&(Seat, Call)> = calls[i + 1..].iter().collect();
        let non_pass: Vec<&&(Seat, Call)> =
            after.iter().filter(|(_, c)| *c != Call::Pass).collect();
        if non_pass.is_empty() && bidder.side() != me.side() {
            out.push(Call::Double);
        }
        if non_pass.len() == 1 && non_pass[0].1 == Call::Double && non_pass[0].0.side() != me.side()
        {
            let dbl_pos = after.iter().position(|(_, c)| *c == Call::Double).unwrap();
            if after[dbl_pos + 1..].iter().all(|(_, c)| *c == Call::Pass) {
                out.push(Call::Redouble);
            }
        }
        out.extend(all_bids(Some(bid)));
    } else {
        out.extend(all_bids(None));
    }
    out
}

fn all_bids(above: Option<Bid>) -> Vec<Call> {
    let mut v = Vec::new();
    for level in 1..=7u8 {
        for strain in Strain::ALL {
            let b = Bid::new(level, strain);
            if above.is_none_or(|a| (b.level, b.strain) > (a.level, a.strain)) {
                v.push(Call::Bid(b));
            }
        }
    }
    v
}

fn reference_over(calls: &[(Seat, Call)]) -> bool {
    let n = calls.len();
    let any_bid = calls.iter().any(|(_, c)| matches!(c, Call::Bid(_)));
    if any_bid {
        n >= 4 && calls[n - 3..].iter().all(|(_, c)| *c == Call::Pass)
    } else {
        n == 4
    }
}

proptest! {
    /// Random legal auctions end exactly when the laws say, with the right contract and declarer.
    #[test]
    fn law_22_random_legal_auctions_end_correctly(dealer in 0usize..4, choices in proptest::collection::vec((0u8..100, any::<prop::sample::Index>()), 1..80)) {
        let dealer = Seat::from_index(dealer);
        let mut a = Auction::new(dealer);
        let mut calls: Vec<(Seat, Call)> = Vec::new();
        for (bias, pick) in choices {
            if reference_over(&calls) { break; }
            let seat = calls.last().map_or(dealer, |(s, _)| s.lho());
            let legal = legal_calls(&calls);
            let call = if bias < 55 { Call::Pass } else { *pick.get(&legal) };
            let rep = a.record(seat, call);
            prop_assert!(rep.irregularity.is_none(), "{call} by {seat} after {calls:?}");
            calls.push((seat, call));
            prop_assert_eq!(a.turn().is_none(), reference_over(&calls));
        }
        if reference_over(&calls) {
            match (a.outcome(), calls.iter().rposition(|(_, c)| matches!(c, Call::Bid(_)))) {
                (Outcome::PassedOut, None) => {}
                (Outcome::Contract { contract, declarer, opening_leader }, Some(i)) => {
                    let (bidder, bid) = match calls[i] { (s, Call::Bid(b)) => (s, b), _ => unreachable!() };
                    prop_assert_eq!(contract.bid(), bid);
                    let first = calls.iter().find(|(s, c)| s.side() == bidder.side() && matches!(c, Call::Bid(b) if b.strain == bid.strain)).map(|(s, _)| *s);
                    prop_assert_eq!(Some(declarer), first);
                    prop_assert_eq!(opening_leader, declarer.lho());
                    let tail = &calls[i + 1..];
                    let want = if tail.iter().any(|(_, c)| *c == Call::Redouble) { Doubling::Redoubled }
                        else if tail.iter().any(|(_, c)| *c == Call::Double) { Doubling::Doubled }
                        else { Doubling::Undoubled };
                    prop_assert_eq!(contract.doubling, want);
                }
                (o, _) => prop_assert!(false, "unexpected outcome {o:?}"),
            }
        }
    }

    /// Recording arbitrary calls by arbitrary seats never panics, and every irregular call is
    /// classified under one of the auction laws.
    #[test]
    fn fuzz_auction_arbitrary_calls(seq in proptest::collection::vec((0usize..4, 0usize..40), 0..40)) {
        let mut a = Auction::new(N);
        for (s, k) in seq {
            let call = match k { 0 => Call::Pass, 1 => Call::Double, 2 => Call::Redouble,
                n => Call::Bid(Bid::new(((n - 3) / 5 + 1) as u8, Strain::ALL[(n - 3) % 5])) };
            let rep = a.record(Seat::from_index(s), call);
            if let Some(irr) = rep.irregularity {
                prop_assert!(["25", "27", "30", "31", "32", "36", "37", "38", "39"].contains(&irr.law.as_str()));
            }
            let _ = a.outcome();
        }
    }
}

#[test]
fn every_auction_tree_branch_is_named_in_these_tests() {
    let src = include_str!("bridge_auction.rs");
    let mut missing = Vec::new();
    for tree in [
        irregularity::law24(),
        irregularity::law25(),
        irregularity::law27(),
        irregularity::law30(),
        irregularity::law31(),
        irregularity::law32(),
        irregularity::law36(),
        irregularity::law37(),
        irregularity::law38(),
        irregularity::law39(),
    ] {
        for b in tree.branches {
            let lit = format!("\"{}\"", b.id);
            let name = format!("law_{}", b.id.to_lowercase().replace('-', "_"));
            if !src.contains(&lit) && !src.contains(&name) {
                missing.push(b.id);
            }
        }
    }
    assert!(missing.is_empty(), "branches without a test: {missing:?}");
}
