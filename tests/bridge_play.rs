//! The play (Laws 41-67) and claims (68-71): worked examples W18-W22 and W25(d) of
//! bridge-laws.md §9, one test per branch of every play decision tree, and property tests.
use proptest::prelude::*;
use tdlog::bridge::board::Deal;
use tdlog::bridge::card::{Card, Suit};
use tdlog::bridge::contract::{Contract, ContractOrPass};
use tdlog::bridge::irregularity;
use tdlog::bridge::play::{
    trick_winner, ClaimStatus, LeadOutOfTurnChoice, PenaltyLeadChoice, Play, PrematureChoice,
};
use tdlog::bridge::revoke::{law64a, NoTransfer, RevokeFacts};
use tdlog::bridge::score::board_score;
use tdlog::bridge::seat::Seat::{self, E, N, S, W};
use tdlog::bridge::vulnerability::Vulnerability;

/// D2: S has the spade tricks; N (dummy) is void in hearts.
const D2: &str = "N:5432..6543.65432 6.65432.9872.987 AKQJT.AKQ.AK.AKQ 987.JT987.QJT.JT";
/// D3: N holds the top cards, E has clubs Q T 9 4.
const D3: &str = "N:AKQJ.AKQJ.AKQJ.A 654.654.654.QT94 T987.T987.T987.K 32.32.32.J876532";
/// D4: as D3 with the spade king in E's hand.
const D4: &str = "N:AQJ4.AKQJ.AKQJ.A K65.654.654.QT94 T987.T987.T987.K 32.32.32.J876532";

fn card(s: &str) -> Card {
    s.parse().expect("valid card in test")
}

fn start(deal: &str, contract: &str, declarer: Seat) -> (Deal, Play) {
    let d = Deal::parse_checked(deal).expect("valid deal in test");
    let c: Contract = contract.parse().expect("valid contract");
    let p = Play::new(&d, c, declarer);
    (d, p)
}

/// Play cards in order, each from the hand that holds it; returns the laws flagged.
fn play(d: &Deal, p: &mut Play, cards: &str) -> Vec<String> {
    let mut laws = Vec::new();
    for t in cards.split_whitespace() {
        let c = card(t);
        let seat = d.holder(c).expect("card in deal");
        let rep = p.play(seat, c).unwrap_or_else(|e| panic!("{t}: {e}"));
        if let Some(i) = rep.irregularity {
            laws.push(i.law);
        }
    }
    laws
}

// ---------- Law 44: trick winner ----------

#[test]
fn law_44_trick_winner_trump_beats_suit_led() {
    let t = [
        (W, card("H2")),
        (N, card("HA")),
        (E, card("S2")),
        (S, card("HK")),
    ];
    assert_eq!(trick_winner(&t, Some(Suit::S)), Some(E));
    assert_eq!(trick_winner(&t, None), Some(N));
    assert_eq!(trick_winner(&t, Some(Suit::D)), Some(N));
}

#[test]
fn law_44c_must_follow_suit_when_able() {
    let (d, mut p) = start(D2, "4S", S);
    assert_eq!(p.turn(), Some(W), "Law 41A: declarer's LHO leads");
    play(&d, &mut p, "CJ");
    let legal = p.legal_cards(N);
    assert!(legal.iter().all(|c| c.suit == Suit::C) && legal.len() == 5);
}

// ---------- W18, Laws 63A1 / 64A1 ----------

#[test]
fn law_64a1_w18_two_trick_transfer_makes_four_spades() {
    let (d, mut p) = start(D2, "4S", S);
    assert!(play(
        &d,
        &mut p,
        "CJ C2 C7 CA  CK CT C3 C8  CQ DT C4 C9  DA DJ D3 D2"
    )
    .is_empty());
    // Trick 5: hearts led, W holds hearts but ruffs and wins.
    let laws = play(&d, &mut p, "HA S9 D4 H2");
    assert_eq!(laws, vec!["61"]);
    assert_eq!(p.tricks[4].winner, Some(W));
    assert!(!p.revokes[0].established);
    // W leads to trick 6: established (Law 63A1).
    let rep = p.play(W, card("DQ")).unwrap();
    assert_eq!(rep.established, vec![0]);
    play(&d, &mut p, "D5 D7 DK");
    // N-S have 5, E-W 1; declarer claims 3 of the last 7: 8 tricks at the table.
    p.claim(S, 3).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(r.table_tricks, 8);
    assert_eq!(r.transfers.len(), 1);
    assert_eq!(r.transfers[0].1.tricks, 2);
    assert_eq!(r.transfers[0].1.law, "64A1");
    assert_eq!(r.declarer_tricks, 10);
    let at_table = board_score(
        ContractOrPass::Contract(p.contract),
        S,
        Vulnerability::None,
        8,
    )
    .unwrap();
    let after = board_score(
        ContractOrPass::Contract(p.contract),
        S,
        Vulnerability::None,
        10,
    )
    .unwrap();
    assert_eq!((at_table.ns, after.ns), (-100, 420));
}

#[test]
fn law_64a_two_trick_transfer() {
    let t = law64a(&RevokeFacts {
        offender: W,
        revoke_trick_winner: W,
        offenders_tricks_after: 1,
    });
    assert_eq!((t.tricks, t.law.as_str()), (2, "64A1"));
    let t = law64a(&RevokeFacts {
        offender: W,
        revoke_trick_winner: W,
        offenders_tricks_after: 0,
    });
    assert_eq!((t.tricks, t.law.as_str()), (1, "64A1"));
}

// ---------- W19, Law 64A2 and footnote 19 ----------

#[test]
fn law_64a2_w19a_offender_did_not_win_one_trick_for_a_later_trick() {
    let (d, mut p) = start(D2, "4S", S);
    play(&d, &mut p, "CJ C2 C7 CA  CK CT C3 C8  DA DJ D3 D2");
    // Trick 4: W discards a heart holding diamonds; S wins.
    assert_eq!(play(&d, &mut p, "DK H7 D4 D7"), vec!["61"]);
    assert_eq!(p.tricks[3].winner, Some(S));
    play(&d, &mut p, "CQ DT C4 C9");
    assert!(p.revokes[0].established);
    // E-W win one later trick (credited by the claim): 1 trick.
    p.claim(S, 7).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(r.transfers[0].1.tricks, 1);
    assert_eq!(r.transfers[0].1.law, "64A2");
    assert_eq!((r.table_tricks, r.declarer_tricks), (12, 13));
}

#[test]
fn law_64a2_w19b_partner_won_the_revoke_trick() {
    let t = law64a(&RevokeFacts {
        offender: W,
        revoke_trick_winner: E,
        offenders_tricks_after: 0,
    });
    assert_eq!((t.tricks, t.law.as_str()), (1, "64A2"));
}

#[test]
fn law_64a2_fn19_w19c_dummy_won_declarers_revoke_trick_one_trick() {
    let (d, mut p) = start(D2, "4S", S);
    // W leads a heart, dummy ruffs, E follows, S discards a diamond holding hearts.
    assert_eq!(play(&d, &mut p, "HJ S2 H2 DA"), vec!["61"]);
    assert_eq!(p.tricks[0].winner, Some(N));
    play(&d, &mut p, "D3 D2 DK DT"); // N-S lead to trick 2: established
    p.claim(S, 11).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(
        (r.transfers[0].1.tricks, r.transfers[0].1.law.as_str()),
        (1, "64A2")
    );
    // Had S himself won the trick (over-ruffing with a heart in hand): two tricks.
    let (d, mut p) = start(D2, "4S", S);
    assert_eq!(play(&d, &mut p, "HJ S2 H2 SA"), vec!["61"]);
    assert_eq!(p.tricks[0].winner, Some(S));
    play(&d, &mut p, "CA CJ C2 C7");
    p.claim(S, 11).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    assert_eq!(p.result().transfers[0].1.tricks, 2);
}

// ---------- W20, Law 64B and Law 62D ----------

#[test]
fn law_64b1_w20a_offenders_won_nothing_from_the_revoke_trick() {
    let t = law64a(&RevokeFacts {
        offender: E,
        revoke_trick_winner: S,
        offenders_tricks_after: 0,
    });
    assert_eq!((t.tricks, t.law.as_str()), (0, "64B1"));
}

#[test]
fn law_64b3_w20b_dummys_revoke_no_transfer() {
    let (d, mut p) = start(D2, "4S", S);
    // W leads a diamond; dummy (holding diamonds) plays a club.
    assert_eq!(play(&d, &mut p, "DQ C2 D2 DA"), vec!["61"]);
    play(&d, &mut p, "CA CJ C3 C7");
    assert!(p.revokes[0].established);
    p.claim(S, 6).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(
        (r.transfers[0].1.tricks, r.transfers[0].1.law.as_str()),
        (0, "64B3")
    );
    assert_eq!(r.declarer_tricks, r.table_tricks);
}

fn w19a_established() -> (Deal, Play) {
    let (d, mut p) = start(D2, "4S", S);
    play(
        &d,
        &mut p,
        "CJ C2 C7 CA  CK CT C3 C8  DA DJ D3 D2  DK H7 D4 D7  CQ DT C4 C9",
    );
    (d, p)
}

#[test]
fn law_64b4_b5_w20c_attention_drawn_too_late() {
    for case in [
        NoTransfer::B4AfterNextBoardCall,
        NoTransfer::B5AfterRoundEnded,
    ] {
        let (_, mut p) = w19a_established();
        p.late_attention(0, case).unwrap();
        p.claim(S, 7).unwrap();
        p.settle_claim(ClaimStatus::Agreed).unwrap();
        let r = p.result();
        assert_eq!(r.transfers[0].1.tricks, 0);
        assert_eq!(r.transfers[0].1.law, case.law());
    }
}

/// Play the first legal card for every hand until `trick` begins (deterministic).
fn auto_until(p: &mut Play, trick: usize) {
    while p.trick_number() < trick {
        let Some(seat) = p.turn() else { return };
        let c = p.legal_cards(seat)[0];
        p.play(seat, c).expect("legal card");
    }
}

#[test]
fn law_62d_64b6_w20d_trick_twelve_revoke_corrected_no_transfer() {
    let mut found = 0;
    for (deal, contract) in [
        (D2, "4S"),
        (D2, "3NT"),
        (D3, "3NT"),
        (D3, "4H"),
        (D4, "2D"),
        (D2, "2C"),
    ] {
        for declarer in Seat::ALL {
            let (_, mut p) = start(deal, contract, declarer);
            auto_until(&mut p, 12);
            // Find a hand at trick 12 that can fail to follow suit.
            let mut revoked = None;
            while p.trick_number() == 12 {
                let Some(seat) = p.turn() else { break };
                let led = p.tricks[11].cards.first().map(|(_, c)| c.suit);
                let hand = p.hands[seat.index()].clone();
                let other = led.and_then(|l| {
                    hand.iter()
                        .any(|c| c.suit == l)
                        .then(|| hand.iter().find(|c| c.suit != l).copied())
                        .flatten()
                });
                match (revoked, other) {
                    (None, Some(c)) if seat != p.dummy() => {
                        p.play(seat, c).unwrap();
                        revoked = Some((seat, led.unwrap_or(c.suit)));
                    }
                    _ => {
                        let c = p.legal_cards(seat)[0];
                        p.play(seat, c).unwrap();
                    }
                }
            }
            let Some((seat, suit)) = revoked else {
                continue;
            };
            found += 1;
            auto_until(&mut p, 14);
            assert_eq!(p.completed_tricks(), 13);
            assert!(p.revokes[0].established, "trick 13 played: established");
            let before = p.result();
            assert_eq!(before.transfers[0].1.law, "64B6");
            assert_eq!(before.transfers[0].1.tricks, 0);
            // Law 62D: still corrected: the card of the suit led (now in trick 13) is swapped in.
            let fix = p.tricks[12]
                .cards
                .iter()
                .find(|(s, _)| *s == seat)
                .map(|(_, c)| *c)
                .unwrap();
            assert_eq!(fix.suit, suit);
            assert_eq!(p.correct_revoke(0, fix).unwrap(), "62D");
            assert!(p.tricks[11]
                .cards
                .iter()
                .any(|(s, c)| *s == seat && *c == fix));
            assert!(p.result().transfers.is_empty());
            let won: usize = p.tricks.iter().filter(|t| t.winner.is_some()).count();
            assert_eq!(won, 13);
        }
    }
    assert!(found > 0, "no trick-12 revoke could be set up");
}

// ---------- W21, Laws 50B-D: penalty cards ----------

#[test]
fn law_50c_w21a_minor_penalty_card_restricts_other_small_cards_only() {
    let (d, mut p) = start(D3, "3NT", S);
    p.add_penalty_card(E, card("C4"), false).unwrap();
    // W has no lead restriction.
    assert_eq!(p.legal_cards(W).len(), 13);
    play(&d, &mut p, "C2 CA");
    let mut legal = p.legal_cards(E);
    legal.sort();
    assert_eq!(
        legal,
        vec![card("C4"), card("CT"), card("CQ")],
        "no C9 before the C4; honours allowed"
    );
}

#[test]
fn law_52_failure_to_play_a_minor_penalty_card_first_is_not_a_transfer_revoke() {
    let (d, mut p) = start(D3, "3NT", S);
    p.add_penalty_card(E, card("C4"), false).unwrap();
    play(&d, &mut p, "C2 CA");
    assert_eq!(play(&d, &mut p, "C9"), vec!["52"]);
    assert!(p.revokes[0].penalty_card_failure);
}

#[test]
fn law_50d1_w21b_major_penalty_card_played_at_first_legal_opportunity() {
    let (d, mut p) = start(D3, "3NT", S);
    p.add_penalty_card(E, card("CQ"), true).unwrap();
    // Following suit comes first (L44C); discarding, the penalty card must go.
    play(&d, &mut p, "S2 SA");
    assert!(p.legal_cards(E).iter().all(|c| c.suit == Suit::S));
    play(&d, &mut p, "S4 S7");
    play(&d, &mut p, "SK S5 S8 S3 SQ S6 S9");
    // W void in spades? W had S32, both played. N leads SJ: E void in spades now: must play CQ.
    play(&d, &mut p, "C2");
    assert_eq!(p.legal_cards(E), vec![card("CQ")]);
}

#[test]
fn law_50d2_w21b_partner_on_lead_require_forbid_neither() {
    for (choice, branch) in [
        (PenaltyLeadChoice::Require(Suit::C), "50D2a-require"),
        (PenaltyLeadChoice::Forbid(Suit::C), "50D2a-forbid"),
        (PenaltyLeadChoice::Neither, "50D2b"),
    ] {
        let (_, mut p) = start(D3, "3NT", S);
        p.add_penalty_card(E, card("CQ"), true).unwrap();
        assert_eq!(p.turn(), Some(W));
        assert_eq!(p.choose_penalty_lead(choice).unwrap(), branch);
        let legal = p.legal_cards(W);
        match choice {
            PenaltyLeadChoice::Require(_) => {
                assert!(legal.iter().all(|c| c.suit == Suit::C));
                assert!(p.penalty_cards.is_empty(), "picked up");
            }
            PenaltyLeadChoice::Forbid(_) => {
                assert!(legal.iter().all(|c| c.suit != Suit::C));
                assert!(p.penalty_cards.is_empty(), "picked up");
            }
            PenaltyLeadChoice::Neither => {
                assert_eq!(legal.len(), 13);
                assert_eq!(p.penalty_cards.len(), 1, "stays a penalty card");
            }
        }
    }
}

#[test]
fn law_51a_two_penalty_cards_are_both_major_declarer_designates() {
    let (d, mut p) = start(D3, "3NT", S);
    p.add_penalty_card(E, card("C4"), false).unwrap();
    p.add_penalty_card(E, card("C9"), false).unwrap();
    assert!(p.penalty_cards.iter().all(|x| x.major));
    play(&d, &mut p, "C2 CA");
    let mut legal = p.legal_cards(E);
    legal.sort();
    assert_eq!(
        legal,
        vec![card("C4"), card("C9")],
        "declarer designates which (Law 51A)"
    );
}

#[test]
fn law_52_failure_to_play_a_penalty_card_accept_or_require() {
    let setup = || {
        let (d, mut p) = start(D3, "3NT", S);
        p.add_penalty_card(E, card("C9"), true).unwrap();
        play(&d, &mut p, "C2 CA");
        let laws = play(&d, &mut p, "CT");
        assert_eq!(laws, vec!["52"]);
        (d, p)
    };
    let (d, mut p) = setup();
    assert_eq!(p.rule_penalty_card_failure(0, true).unwrap(), "52B1");
    play(&d, &mut p, "CK");
    play(&d, &mut p, "S7 S2 SA S4");
    p.claim(N, 11).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(
        r.transfers[0].1.law, "64B3",
        "no transfer for a penalty-card failure"
    );
    let (_, mut p) = setup();
    assert_eq!(p.rule_penalty_card_failure(0, false).unwrap(), "52B2");
    assert!(p.tricks[0].cards.iter().any(|(_, c)| *c == card("C9")));
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.card == card("CT") && x.major));
    assert!(p.revokes.is_empty());
}

// ---------- W22, Laws 53-56: leads out of turn ----------

fn w22() -> (Deal, Play) {
    let (d, mut p) = start(D4, "4H", S);
    assert_eq!(p.turn(), Some(W));
    let rep = p.play(E, card("SK")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("54".to_string()));
    (d, p)
}

#[test]
fn law_54a_w22_declarer_spreads_and_becomes_dummy() {
    let (_, mut p) = w22();
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Spread)
            .unwrap(),
        "54A"
    );
    assert_eq!(p.declarer, N);
    assert_eq!(p.dummy(), S);
    assert_eq!(p.tricks[0].leader, E);
    assert_eq!(
        p.turn(),
        Some(S),
        "the lead is in turn for the new declarer N"
    );
}

#[test]
fn law_54b_w22_accept_second_card_from_declarers_hand() {
    let (_, mut p) = w22();
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Accept)
            .unwrap(),
        "54B"
    );
    assert_eq!(p.declarer, S);
    assert_eq!(p.turn(), Some(S));
}

#[test]
fn law_54c_w22_must_accept_is_a_td_finding_with_the_accept_effects() {
    let tree = irregularity::law53_56();
    let c = tree.branch("54C").unwrap();
    let b = tree.branch("54B").unwrap();
    assert!(c.judgement.is_some());
    assert_eq!(c.effects, b.effects);
}

#[test]
fn law_54d_w22_refuse_major_penalty_card_then_50d2() {
    let (_, mut p) = w22();
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Refuse)
            .unwrap(),
        "54D"
    );
    assert_eq!(p.turn(), Some(W));
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.seat == E && x.card == card("SK") && x.major));
    assert!(p.hands[E.index()].contains(&card("SK")));
    assert_eq!(
        p.choose_penalty_lead(PenaltyLeadChoice::Require(Suit::S))
            .unwrap(),
        "50D2a-require"
    );
    assert!(p.legal_cards(W).iter().all(|c| c.suit == Suit::S));
}

#[test]
fn law_53a_lead_out_of_turn_accepted_by_next_hand_playing() {
    let (d, mut p) = w22();
    // S (next in rotation after E) plays to it: accepted.
    let rep = p.play(S, card("S7")).unwrap();
    assert!(rep.irregularity.is_none());
    assert_eq!(p.tricks[0].leader, E);
    play(&d, &mut p, "S2 SA");
    assert_eq!(p.tricks[0].winner, Some(N));
    assert_eq!(p.irregularities[0].branch.as_deref(), Some("53A"));
}

#[test]
fn law_55_declarers_lead_out_of_turn_accept_or_retract() {
    let setup = || {
        let (d, mut p) = start(D4, "4H", S);
        play(&d, &mut p, "C2 CA C4 CK");
        assert_eq!(p.turn(), Some(N));
        // Declarer leads from his own hand instead of dummy.
        let rep = p.play(S, card("S7")).unwrap();
        assert_eq!(rep.irregularity.map(|i| i.law), Some("55".to_string()));
        p
    };
    let mut p = setup();
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Accept)
            .unwrap(),
        "55A"
    );
    assert_eq!(p.turn(), Some(W));
    let mut p = setup();
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Refuse)
            .unwrap(),
        "55B"
    );
    assert_eq!(p.turn(), Some(N));
    assert!(p.hands[S.index()].contains(&card("S7")));
    assert!(
        p.penalty_cards.is_empty(),
        "declarer's cards never become penalty cards"
    );
}

#[test]
fn law_56_defenders_lead_out_of_turn_refused_becomes_major_penalty_card() {
    let setup = || {
        let (d, mut p) = start(D4, "4H", S);
        play(&d, &mut p, "C2 CA C4 CK");
        assert_eq!(p.turn(), Some(N));
        let rep = p.play(E, card("D6")).unwrap();
        assert_eq!(rep.irregularity.map(|i| i.law), Some("56".to_string()));
        p
    };
    let mut p = setup();
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Refuse)
            .unwrap(),
        "56"
    );
    assert_eq!(p.turn(), Some(N));
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.seat == E && x.card == card("D6") && x.major));
    let mut p = setup();
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Accept)
            .unwrap(),
        "53A"
    );
    assert_eq!(p.turn(), Some(S));
}

#[test]
fn law_53b_correct_leader_simply_leads_his_lead_stands() {
    let (d, mut p) = start(D4, "4H", S);
    play(&d, &mut p, "C2 CA C4 CK");
    // N (dummy) is to lead; E leads out of turn; declarer leads from dummy anyway. (Had W,
    // N's RHO, led, N's card would be the next hand playing to it: accepted, Law 53A.)
    let rep = p.play(E, card("D6")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("56".to_string()));
    let rep = p.play(N, card("DA")).unwrap();
    assert!(rep.irregularity.is_none());
    assert_eq!(p.tricks[1].leader, N);
    assert_eq!(p.irregularities[0].branch.as_deref(), Some("53B"));
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.seat == E && x.card == card("D6") && x.major));
    assert!(p.hands[E.index()].contains(&card("D6")));
    assert_eq!(p.turn(), Some(E));
    // E must now play the penalty card at the first legal opportunity: it is a diamond.
    assert_eq!(p.legal_cards(E), vec![card("D6")]);
}

#[test]
fn law_54e_declaring_side_attempting_the_opening_lead_is_law_24() {
    let (_, mut p) = start(D4, "4H", S);
    let rep = p.play(N, card("SA")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("24".to_string()));
    assert!(p.pending_lead.is_none());
    assert!(
        p.hands[N.index()].contains(&card("SA")),
        "24D: back to the hand"
    );
    assert_eq!(p.turn(), Some(W));
}

#[test]
fn lead_out_of_turn_at_trick_13_is_simply_taken_back() {
    let (_, mut p) = start(D3, "3NT", S);
    auto_until(&mut p, 13);
    let leader = p.turn().unwrap();
    let other = leader.lho();
    let c = p.hands[other.index()][0];
    let rep = p.play(other, c).unwrap();
    assert!(rep.irregularity.is_some());
    assert!(p.pending_lead.is_none());
    assert!(p.hands[other.index()].contains(&c));
}

// ---------- Law 57: premature play ----------

fn premature() -> (Deal, Play) {
    // D3, 3NT by S. W leads C2, N wins CA... use trick 2: N leads, E's turn; W plays first.
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    assert_eq!(p.turn(), Some(N));
    play(&d, &mut p, "SA");
    assert_eq!(p.turn(), Some(E));
    let rep = p.play(W, card("S2")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("57".to_string()));
    (d, p)
}

#[test]
fn law_57a_premature_play_declarers_four_options() {
    let (_, mut p) = premature();
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.seat == W && x.card == card("S2") && x.major));
    assert_eq!(
        p.choose_premature(PrematureChoice::Highest).unwrap(),
        "57A1"
    );
    assert_eq!(p.legal_cards(E), vec![card("S6")]);
    let (_, mut p) = premature();
    assert_eq!(p.choose_premature(PrematureChoice::Lowest).unwrap(), "57A2");
    assert_eq!(p.legal_cards(E), vec![card("S4")]);
    // Requiring/forbidding another suit only bites when E cannot follow (Law 44C first).
    let (_, mut p) = premature();
    assert_eq!(
        p.choose_premature(PrematureChoice::RequireSuit(Suit::D))
            .unwrap(),
        "57A3"
    );
    assert!(p.legal_cards(E).iter().all(|c| c.suit == Suit::S));
    let (_, mut p) = premature();
    assert_eq!(
        p.choose_premature(PrematureChoice::ForbidSuit(Suit::D))
            .unwrap(),
        "57A4"
    );
    assert!(
        p.choose_premature(PrematureChoice::Lowest).is_err(),
        "one choice only"
    );
}

#[test]
fn law_57a3_a4_bite_when_partner_cannot_follow() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    play(&d, &mut p, "SA S4 S7 S2  SK S5 S8 S3  SQ S6 S9");
    // W is void in spades: N leads SJ, E (void too) — W plays before E.
    play(&d, &mut p, "C3");
    assert_eq!(p.turn(), Some(N));
    play(&d, &mut p, "SJ");
    let rep = p.play(W, card("C5")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("57".to_string()));
    p.choose_premature(PrematureChoice::RequireSuit(Suit::H))
        .unwrap();
    assert!(p.legal_cards(E).iter().all(|c| c.suit == Suit::H));
}

#[test]
fn law_57c_no_rectification_after_declarer_played_both_hands() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    // N leads; E's turn; S (declarer) plays early: a played card (57C3), held for his turn.
    play(&d, &mut p, "SA");
    let rep = p.play(S, card("S7")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("57C".to_string()));
    // Now declarer has played from both hands; W plays before his turn: no rectification.
    let rep = p.play(W, card("S2")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("57C".to_string()));
    assert!(p.penalty_cards.is_empty());
    play(&d, &mut p, "S4");
    // S's and W's held cards were played at their turns.
    assert_eq!(p.tricks[1].cards.len(), 4);
    assert_eq!(p.tricks[1].winner, Some(N));
}

// ---------- Law 58: simultaneous plays ----------

#[test]
fn law_58_simultaneous_cards() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA");
    // E drops C4 and C9 together, only the C4 face visible: C4 played, C9 back (58B1).
    assert_eq!(
        p.simultaneous_cards(E, &[card("C4")], card("C4")).unwrap(),
        "58B1"
    );
    assert!(p.penalty_cards.is_empty());
    assert!(p.hands[E.index()].contains(&card("C9")));
    // Both visible: E chooses the C9; the other visible card becomes a penalty card (58B2).
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA");
    assert_eq!(
        p.simultaneous_cards(E, &[card("C4"), card("C9")], card("C9"))
            .unwrap(),
        "58B2"
    );
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.card == card("C4") && !x.major));
    assert!(p.simultaneous_cards(S, &[card("CK")], card("D7")).is_err());
    // 58A: a card played at the same time as a legal play counts as played after it: the
    // engine records events in that order.
    let tree = irregularity::law58();
    assert_eq!(
        tree.branch("58A").unwrap().effects,
        vec![irregularity::Effect::NoFurtherRectification]
    );
}

#[test]
fn option_due_tells_what_the_engine_waits_for() {
    let (_, mut p) = w22();
    assert_eq!(p.option_due(), Some("54"));
    p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Refuse)
        .unwrap();
    assert_eq!(
        p.option_due(),
        Some("50D2"),
        "W to lead with E's major penalty card on the table"
    );
    p.choose_penalty_lead(PenaltyLeadChoice::Neither).unwrap();
    assert_eq!(p.option_due(), None);
    // Leading before declarer has chosen is flagged for the TD.
    let (_, mut q) = w22();
    q.rule_lead_out_of_turn(LeadOutOfTurnChoice::Refuse)
        .unwrap();
    let rep = q.play(W, card("H2")).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("50D2".to_string()));
    let (_, mut p) = premature();
    assert_eq!(p.option_due(), Some("57A"));
    p.choose_premature(PrematureChoice::Lowest).unwrap();
    assert_eq!(p.option_due(), None);
}

#[test]
fn law_26b_forbidden_suit_lasts_while_partner_keeps_the_lead() {
    let (d, mut p) = start(D3, "3NT", S);
    p.forbid_lead_law26(W, Suit::C);
    assert!(p.legal_cards(W).iter().all(|c| c.suit != Suit::C));
    play(&d, &mut p, "S2 SA S4 S7");
    assert!(p.restrictions.is_empty(), "W lost the lead: the ban ends");
    // Law 59: with only the forbidden suit left he may lead it.
    let (_, mut p) = start(D3, "3NT", S);
    p.hands[W.index()].retain(|c| c.suit == Suit::C);
    p.forbid_lead_law26(W, Suit::C);
    assert!(!p.legal_cards(W).is_empty());
}

// ---------- Law 62: correction before establishment ----------

#[test]
fn law_62b1_defenders_revoke_corrected_card_becomes_major_penalty_card() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA");
    assert_eq!(play(&d, &mut p, "S4"), vec!["61"], "E holds clubs");
    assert_eq!(p.correct_revoke(0, card("C9")).unwrap(), "62B1");
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.seat == E && x.card == card("S4") && x.major));
    assert!(p.tricks[0].cards.iter().any(|(_, c)| *c == card("C9")));
    play(&d, &mut p, "CK");
    assert!(p.result().transfers.is_empty());
}

#[test]
fn law_62b2_declarers_revoke_corrected_without_further_rectification() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4");
    assert_eq!(play(&d, &mut p, "S7"), vec!["61"], "S holds the CK");
    assert_eq!(p.correct_revoke(0, card("CK")).unwrap(), "62B2");
    assert!(p.penalty_cards.is_empty());
    assert!(p.hands[S.index()].contains(&card("S7")));
}

#[test]
fn law_63b_established_revoke_cannot_be_corrected() {
    let (_, mut p) = w19a_established();
    assert!(matches!(p.correct_revoke(0, card("DQ")), Err(e) if e.to_string().contains("63B")));
}

#[test]
fn law_64b2_repeated_revoke_same_suit_same_player() {
    let (d, mut p) = w19a_established();
    // N ruffs a heart, leads a diamond; W (still holding the DQ) discards again.
    play(&d, &mut p, "HA H8 S2 H2");
    assert_eq!(play(&d, &mut p, "D5 D8 HK H9"), vec!["61"]);
    assert_eq!(p.tricks[6].winner, Some(E));
    play(&d, &mut p, "H3"); // E leads to the next trick: the second revoke is established
    assert!(p.revokes[1].established);
    p.claim(S, 5).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(r.transfers.len(), 2);
    assert_eq!(
        (r.transfers[0].1.tricks, r.transfers[0].1.law.as_str()),
        (1, "64A2")
    );
    assert_eq!(
        (r.transfers[1].1.tricks, r.transfers[1].1.law.as_str()),
        (0, "64B2")
    );
}

#[test]
fn law_62c3_64b8_both_sides_revoke_in_one_trick_both_corrected() {
    let (d, mut p) = start(D2, "4S", S);
    // W leads a heart, dummy ruffs, E and S both fail to follow.
    assert_eq!(play(&d, &mut p, "HJ S2 D2 DA"), vec!["61", "61"]);
    assert_eq!(play(&d, &mut p, "D3"), Vec::<String>::new()); // N-S lead to trick 2
    assert!(p.revokes[1].established && !p.revokes[0].established);
    assert_eq!(p.correct_revoke(1, card("HQ")).unwrap(), "62C3");
    assert_eq!(p.correct_revoke(0, card("H2")).unwrap(), "62C3");
    assert!(p
        .penalty_cards
        .iter()
        .any(|x| x.seat == E && x.card == card("D2")));
    assert_eq!(p.tricks[0].winner, Some(N));
    assert!(
        p.result().transfers.is_empty(),
        "corrected: no transfer (Law 64B8)"
    );
}

#[test]
fn law_64b7_both_sides_revoked_and_established() {
    let (d, mut p) = start(D2, "4S", S);
    assert_eq!(play(&d, &mut p, "HJ S2 H2 DA"), vec!["61"]); // S revokes, N wins
    assert_eq!(play(&d, &mut p, "D3 D2 DK H7"), vec!["61"]); // W revokes (holds DQ JT? DQ)
    play(&d, &mut p, "SA S7 S3 S6");
    p.claim(S, 10).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(r.transfers.len(), 2);
    assert!(r
        .transfers
        .iter()
        .all(|(_, t)| t.tricks == 0 && t.law == "64B7"));
}

// ---------- Law 67: defective trick ----------

#[test]
fn law_67b1_defective_trick_card_added_counts_as_revoke_one_trick() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    // Found late: suppose trick 1 lacked W's card (modelled by removing it), W adds one now.
    let t = &mut p.tricks[0];
    t.cards.retain(|(s, _)| *s != W);
    p.hands[W.index()].push(card("C2"));
    play(&d, &mut p, "SA S4 S7 S2");
    assert!(
        matches!(p.defective_trick(1, W, card("D2")), Err(e) if e.to_string().contains("67B1(a)"))
    );
    assert_eq!(p.defective_trick(1, W, card("C3")).unwrap(), "67B1");
    assert_eq!(p.tricks[0].winner, Some(N), "ownership unchanged");
    assert_eq!(
        p.irregularities.last().unwrap().branch.as_deref(),
        Some("67B1")
    );
    p.claim(N, 8).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    let r = p.result();
    assert_eq!(
        (r.transfers[0].1.tricks, r.transfers[0].1.law.as_str()),
        (1, "64A2")
    );
}

#[test]
fn law_67a_defective_trick_noticed_in_time_no_revoke() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    p.tricks[0].cards.retain(|(s, _)| *s != W);
    p.hands[W.index()].push(card("C2"));
    // Only N has led to trick 2: not both sides yet.
    play(&d, &mut p, "SA");
    assert_eq!(p.defective_trick(1, W, card("C2")).unwrap(), "67A");
    assert!(p.revokes.is_empty());
}

#[test]
fn law_67b2_extra_card_goes_back_to_the_hand() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    // E's extra card found in trick 1: back to the hand, a penalty card (exposed defender).
    let extra = card("D6");
    p.hands[E.index()].retain(|c| *c != extra);
    p.tricks[0].cards.push((E, extra));
    assert_eq!(p.defective_extra_card(1, E, extra, true).unwrap(), "67B2");
    assert_eq!(p.tricks[0].cards.len(), 4);
    assert_eq!(p.tricks[0].winner, Some(N));
    assert!(p.hands[E.index()].contains(&extra));
    assert!(p.penalty_cards.iter().any(|x| x.card == extra && x.major));
}

// ---------- Laws 68-71: claims ----------

#[test]
fn law_71_concession_cancelled_for_a_trick_actually_won() {
    let (d, mut p) = start(D2, "4S", S);
    play(
        &d,
        &mut p,
        "CJ C2 C7 CA  CK CT C3 C8  CQ DT C4 C9  DA DJ D3 D2  DK DQ D4 D7",
    );
    play(&d, &mut p, "HA H7 S2 H2  C5 S6 HK H8");
    // E-W concede the rest, then find (within the correction period) they conceded a trick
    // they had actually won: the concession is cancelled for it.
    p.claim(E, 0).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    assert_eq!(p.result().declarer_tricks, 12);
    p.withdraw_claim_agreement(E.side(), 1).unwrap();
    assert_eq!(
        p.result().declarer_tricks,
        11,
        "rescored with the trick back to E-W"
    );
}

#[test]
fn law_69a_agreed_claim_scored_as_if_played() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    p.claim(N, 12).unwrap();
    assert_eq!(p.turn(), None, "play stops (Law 68D)");
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    assert_eq!(p.result().declarer_tricks, 13);
    assert!(
        matches!(Play::new(&d, p.contract, S).claim(S, 14), Err(e) if e.to_string().contains("14"))
    );
}

#[test]
fn law_70_disputed_claim_td_fixes_the_tricks() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA C4 CK");
    p.claim(N, 12).unwrap();
    p.settle_claim(ClaimStatus::Ruled { remaining: 10 })
        .unwrap();
    assert_eq!(p.result().declarer_tricks, 11);
}

#[test]
fn law_68d2b_and_68b2_play_continues_claim_void() {
    for _branch in ["68D2b", "68B2"] {
        let (d, mut p) = start(D3, "3NT", S);
        play(&d, &mut p, "C2 CA C4 CK");
        p.claim(W, 3).unwrap();
        p.settle_claim(ClaimStatus::Void).unwrap();
        assert_eq!(
            p.turn(),
            Some(N),
            "play continues; the result obtained stands"
        );
        auto_until(&mut p, 14);
        assert_eq!(p.completed_tricks(), 13);
    }
}

#[test]
fn law_63a3_claim_by_offending_side_establishes_revoke() {
    let (d, mut p) = start(D3, "3NT", S);
    play(&d, &mut p, "C2 CA");
    play(&d, &mut p, "S4");
    assert!(!p.revokes[0].established);
    p.claim(W, 0).unwrap();
    assert!(p.revokes[0].established);
}

#[test]
fn law_69b1_w25d_acquiescence_withdrawn_for_a_trick_actually_won() {
    use chrono::{TimeZone, Utc};
    use tdlog::bridge::deadline::{acquiescence_established, claim_agreement_withdrawal, Periods};
    // Declarer claimed "10 in total" at trick 9, counting trick 7 that E-W had won.
    let (d, mut p) = start(D2, "4S", S);
    let laws = play(
        &d,
        &mut p,
        "CJ C2 C7 CA  CK CT C3 C8  CQ DT C4 C9  DA DJ D3 D2  DK DQ D4 D7",
    );
    let laws2 = play(&d, &mut p, "HA H7 S2 H2  C5 S6 HK H8  H3 HQ H9 S3");
    assert!(laws.is_empty() && laws2.is_empty());
    assert_eq!(p.tricks[6].winner, Some(E), "trick 7 was won by E-W");
    let won = p.result().table_tricks;
    assert_eq!(won, 7);
    p.claim(S, 10 - won).unwrap();
    p.settle_claim(ClaimStatus::Agreed).unwrap();
    assert_eq!(p.result().declarer_tricks, 10);
    let published = Utc.with_ymd_and_hms(2026, 5, 1, 22, 0, 0).unwrap();
    let next_board = Utc.with_ymd_and_hms(2026, 5, 1, 21, 40, 0).unwrap();
    assert_eq!(
        acquiescence_established(Some(next_board), None),
        Some(next_board)
    );
    let at = Utc.with_ymd_and_hms(2026, 5, 1, 22, 15, 0).unwrap();
    let actually_won = p.tricks[6].winner.map(|w| w.side()) == Some(E.side());
    let periods = Periods::default();
    assert_eq!(
        claim_agreement_withdrawal(&periods, published, at, actually_won, false),
        Some("69B1")
    );
    p.withdraw_claim_agreement(E.side(), 1).unwrap();
    assert_eq!(
        p.result().declarer_tricks,
        9,
        "board rescored with the trick given back"
    );
    let late = Utc.with_ymd_and_hms(2026, 5, 1, 22, 31, 0).unwrap();
    assert_eq!(
        claim_agreement_withdrawal(&periods, published, late, true, false),
        None
    );
    assert_eq!(
        claim_agreement_withdrawal(&periods, published, at, false, true),
        Some("69B2")
    );
    assert_eq!(
        claim_agreement_withdrawal(&periods, published, at, false, false),
        None
    );
}

// ---------- Every play tree branch is tested ----------

#[test]
fn every_play_tree_branch_is_named_in_these_tests() {
    let src = include_str!("bridge_play.rs");
    for tree in [
        irregularity::law50(),
        irregularity::law52(),
        irregularity::law53_56(),
        irregularity::law57(),
        irregularity::law58(),
        irregularity::law61_64(),
        irregularity::law67(),
        irregularity::law68_71(),
    ] {
        for b in tree.branches {
            let named = src.contains(&format!("\"{}\"", b.id))
                || src.contains(&format!("law_{}", b.id.to_lowercase().replace('-', "_")));
            assert!(named, "branch {} of Law {} has no test", b.id, tree.law);
        }
    }
}

// ---------- Property tests ----------

fn deal_from(perm: &[usize]) -> Deal {
    let pack: Vec<Card> = perm.iter().filter_map(|&i| Card::from_index(i)).collect();
    Deal {
        hands: [
            pack[0..13].to_vec(),
            pack[13..26].to_vec(),
            pack[26..39].to_vec(),
            pack[39..52].to_vec(),
        ],
    }
}

fn any_deal() -> impl Strategy<Value = Deal> {
    Just((0..52usize).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(|p| deal_from(&p))
}

proptest! {
    /// Random legal play always gives 13 tricks, each won by the right card, with no irregularity.
    #[test]
    fn law_44_random_legal_play_gives_13_tricks(d in any_deal(), strain in 0usize..5, decl in 0usize..4, picks in proptest::collection::vec(any::<prop::sample::Index>(), 52)) {
        let c = Contract::new(4, tdlog::bridge::call::Strain::ALL[strain], tdlog::bridge::contract::Doubling::Undoubled);
        let mut p = Play::new(&d, c, Seat::from_index(decl));
        for pick in picks {
            let Some(seat) = p.turn() else { break };
            let legal = p.legal_cards(seat);
            // Independent follow-suit check.
            let hand = &p.hands[seat.index()];
            let led = p.tricks.last().and_then(|t| t.cards.first()).map(|(_, c)| c.suit);
            for c in &legal {
                if let Some(l) = led { if hand.iter().any(|h| h.suit == l) { prop_assert_eq!(c.suit, l); } }
            }
            let card = *pick.get(&legal);
            let rep = p.play(seat, card).unwrap();
            prop_assert!(rep.irregularity.is_none());
        }
        prop_assert_eq!(p.completed_tricks(), 13);
        prop_assert!(p.hands.iter().all(|h| h.is_empty()));
        let r = p.result();
        let ds = p.declarer.side();
        let def: usize = p.tricks.iter().filter(|t| t.winner.map(|w| w.side()) != Some(ds)).count();
        prop_assert_eq!(r.declarer_tricks as usize + def, 13);
        prop_assert!(r.transfers.is_empty());
    }

    /// Law 64A never transfers more than two tricks per revoke, nor a trick the offending side
    /// did not win from the revoke trick on.
    #[test]
    fn law_64a_transfer_bounds(d in any_deal(), strain in 0usize..5, decl in 0usize..4, revoke_at in 0usize..52, picks in proptest::collection::vec(any::<prop::sample::Index>(), 52)) {
        let c = Contract::new(3, tdlog::bridge::call::Strain::ALL[strain], tdlog::bridge::contract::Doubling::Undoubled);
        let mut p = Play::new(&d, c, Seat::from_index(decl));
        let mut revoked = false;
        for (n, pick) in picks.into_iter().enumerate() {
            let Some(seat) = p.turn() else { break };
            let led = p.tricks.last().and_then(|t| t.cards.first()).map(|(_, c)| c.suit);
            let hand = p.hands[seat.index()].clone();
            let other = led.filter(|l| hand.iter().any(|h| h.suit == *l)).and_then(|l| hand.iter().find(|h| h.suit != l).copied());
            let card = match other {
                Some(o) if !revoked && n >= revoke_at => { revoked = true; o }
                _ => *pick.get(&p.legal_cards(seat)),
            };
            p.play(seat, card).unwrap();
        }
        let r = p.result();
        for (i, t) in &r.transfers {
            let rv = &p.revokes[*i];
            prop_assert!(t.tricks <= 2);
            if t.law == "64A2" { prop_assert_eq!(t.tricks, 1); }
            let os_from: usize = p.tricks[rv.trick - 1..].iter().filter(|tr| tr.winner.map(|w| w.side()) == Some(rv.seat.side())).count();
            prop_assert!(t.tricks as usize <= os_from, "transfer {} > {} OS tricks", t.tricks, os_from);
        }
        prop_assert!(r.declarer_tricks <= 13);
    }
}

proptest! {
    /// Record-first fuzz: arbitrary cards from arbitrary hands, with arbitrary rulings mixed in,
    /// never panic; every refusal is an error of fact with a message.
    #[test]
    fn fuzz_play_engine_arbitrary_actions(d in any_deal(), decl in 0usize..4, actions in proptest::collection::vec((0u8..8, 0usize..4, 0usize..52, 0usize..4), 0..120)) {
        let c = Contract::new(2, tdlog::bridge::call::Strain::ALL[decl % 5], tdlog::bridge::contract::Doubling::Undoubled);
        let mut p = Play::new(&d, c, Seat::from_index(decl));
        for (kind, s, k, x) in actions {
            let seat = Seat::from_index(s);
            let card = Card::from_index(k).unwrap();
            let suit = Suit::ALL[x];
            let res: Result<(), tdlog::bridge::play::PlayError> = match kind {
                0..=2 => p.play(seat, card).map(|_| ()),
                3 => p.rule_lead_out_of_turn([LeadOutOfTurnChoice::Accept, LeadOutOfTurnChoice::Spread, LeadOutOfTurnChoice::Refuse][x % 3]).map(|_| ()),
                4 => p.correct_revoke(x, card).map(|_| ()),
                5 => p.choose_penalty_lead([PenaltyLeadChoice::Require(suit), PenaltyLeadChoice::Forbid(suit), PenaltyLeadChoice::Neither][k % 3]).map(|_| ()),
                6 => p.choose_premature([PrematureChoice::Highest, PrematureChoice::Lowest, PrematureChoice::RequireSuit(suit), PrematureChoice::ForbidSuit(suit)][k % 4]).map(|_| ()),
                _ => p.add_penalty_card(seat, card, x % 2 == 0),
            };
            if let Err(e) = res { prop_assert!(!e.to_string().is_empty()); }
            let _ = p.legal_cards(seat);
            let _ = p.option_due();
        }
        let r = p.result();
        prop_assert!(r.declarer_tricks <= 13);
    }
}

proptest! {
    /// Two revokes on a board: the transfers together never take more tricks from a side than
    /// it won from its first revoke trick on, and declarer's total stays within 0-13.
    #[test]
    fn law_64a_two_revokes_never_take_more_than_the_offenders_won(d in any_deal(), strain in 0usize..5, decl in 0usize..4, at in proptest::collection::vec(0usize..52, 2), picks in proptest::collection::vec(any::<prop::sample::Index>(), 52)) {
        let c = Contract::new(3, tdlog::bridge::call::Strain::ALL[strain], tdlog::bridge::contract::Doubling::Undoubled);
        let mut p = Play::new(&d, c, Seat::from_index(decl));
        let mut done = 0;
        for (n, pick) in picks.into_iter().enumerate() {
            let Some(seat) = p.turn() else { break };
            let led = p.tricks.last().and_then(|t| t.cards.first()).map(|(_, c)| c.suit);
            let hand = p.hands[seat.index()].clone();
            let other = led.filter(|l| hand.iter().any(|h| h.suit == *l)).and_then(|l| hand.iter().find(|h| h.suit != l).copied());
            let card = match other {
                Some(o) if done < 2 && n >= at[done] => { done += 1; o }
                _ => *pick.get(&p.legal_cards(seat)),
            };
            p.play(seat, card).unwrap();
        }
        let r = p.result();
        let ds = p.declarer.side();
        let table = r.table_tricks as i32;
        for side in [tdlog::bridge::seat::Side::NS, tdlog::bridge::seat::Side::EW] {
            let first = r.transfers.iter().filter(|(i, _)| p.revokes[*i].seat.side() == side).map(|(i, _)| p.revokes[*i].trick).min();
            let Some(first) = first else { continue };
            let won: i32 = p.tricks[first - 1..].iter().filter(|t| t.winner.map(|w| w.side()) == Some(side)).count() as i32;
            let moved = if side == ds { table - r.declarer_tricks as i32 } else { r.declarer_tricks as i32 - table };
            if r.transfers.iter().all(|(i, _)| p.revokes[*i].seat.side() == side) {
                prop_assert!(moved >= 0 && moved <= won, "moved {moved}, won {won}");
            }
        }
        prop_assert!(r.declarer_tricks <= 13);
    }
}

/// After the first trick: the player on lead, and a wrong hand of the side named (a defender,
/// or declarer's side) that leads instead.
fn after_trick_one() -> Play {
    let (_, mut p) = start(D4, "4H", S);
    for _ in 0..4 {
        let turn = p.turn().unwrap();
        let c = p.legal_cards(turn)[0];
        p.play(turn, c).unwrap();
    }
    p
}

#[test]
fn law_56_a_defenders_later_lead_out_of_turn_is_declarers_choice_53a_or_56() {
    let mut p = after_trick_one();
    let leader = p.turn().unwrap();
    // A defender who is not on lead leads.
    let off = [E, W].into_iter().find(|s| *s != leader).unwrap();
    let c = p.legal_cards(off)[0];
    let rep = p.play(off, c).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("56".to_string()));
    assert_eq!(p.option_due(), Some("56"));
    let ids: Vec<_> = tdlog::views::play_choices("56")
        .iter()
        .map(|c| (c.id, c.law))
        .collect();
    assert_eq!(ids, [("accept", "53A"), ("refuse", "56")]);
    assert_eq!(
        p.rule_lead_out_of_turn(LeadOutOfTurnChoice::Refuse)
            .unwrap(),
        "56"
    );
}

#[test]
fn law_55_declarers_lead_out_of_turn_is_the_defenders_choice_55a_or_55b() {
    let mut p = after_trick_one();
    let leader = p.turn().unwrap();
    // Declarer (South) or dummy leads although the other hand, or a defender, is on lead.
    let off = [S, N].into_iter().find(|s| *s != leader).unwrap();
    let c = p.legal_cards(off)[0];
    let rep = p.play(off, c).unwrap();
    assert_eq!(rep.irregularity.map(|i| i.law), Some("55".to_string()));
    assert_eq!(p.option_due(), Some("55"));
    let ids: Vec<_> = tdlog::views::play_choices("55")
        .iter()
        .map(|c| (c.id, c.law))
        .collect();
    assert_eq!(ids, [("accept", "55A"), ("refuse", "55B")]);
}
