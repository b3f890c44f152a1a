//! Trick-winner cases T1–T9 of doppelkopf.md §2.2 (§1.3, §4.2, §4.4.2) and the
//! following-suit rule.
use tdlog::doko::cards::{Card, Suit};
use tdlog::doko::game_type::{GameType, SoloType};
use tdlog::doko::profile::{FarbsoloStyle, H10Rule};
use tdlog::doko::ranking::Ranking;
use tdlog::doko::seat::Seat;
use tdlog::doko::trick::{follows_suit, legal_cards, winner, Play};

fn plays(cards: [(&str, &str); 4]) -> Vec<Play> {
    cards
        .iter()
        .map(|(s, c)| Play {
            seat: Seat::try_from(s.to_string()).unwrap(),
            card: c.parse().unwrap(),
        })
        .collect()
}

fn win(gt: GameType, rule: H10Rule, cards: [(&str, &str); 4]) -> Seat {
    let rk = Ranking::new(gt, FarbsoloStyle::PureSuit);
    winner(&plays(cards), &rk, rule).unwrap()
}

const N: GameType = GameType::Normal;

#[test]
fn t1_second_herz_zehn_beats_first_4_4_2() {
    let t = [("A", "♥10"), ("B", "♣D"), ("C", "♥10"), ("D", "♦9")];
    assert_eq!(win(N, H10Rule::Always, t), Seat::C);
    assert_eq!(win(N, H10Rule::TopTrumpOnly, t), Seat::C);
    assert_eq!(win(N, H10Rule::Never, t), Seat::A, "DDV: first played wins");
}

#[test]
fn t2_over_ruff_4_4_2_item_4() {
    let t = [("A", "♠A"), ("B", "♦9"), ("C", "♦B"), ("D", "♠10")];
    assert_eq!(win(N, H10Rule::Always, t), Seat::C);
}

#[test]
fn t3_damensolo_herz_zehn_rule_by_flag_a17() {
    let gt = GameType::Solo(SoloType::Damensolo);
    let t = [("A", "♥10"), ("B", "♥K"), ("C", "♥10"), ("D", "♥9")];
    assert_eq!(win(gt, H10Rule::Always, t), Seat::C);
    assert_eq!(win(gt, H10Rule::TopTrumpOnly, t), Seat::A);
    assert_eq!(win(gt, H10Rule::Never, t), Seat::A);
}

#[test]
fn t4_farbsolo_pik_pure_suit_1_3_8() {
    let gt = GameType::Solo(SoloType::Farbsolo(Suit::Pik));
    let t = [("A", "♣D"), ("B", "♣9"), ("C", "♠9"), ("D", "♣A")];
    assert_eq!(win(gt, H10Rule::Always, t), Seat::C);
}

#[test]
fn t5_fleischloser_first_of_equal_cards_wins_4_4_2() {
    let gt = GameType::Solo(SoloType::Fleischloser);
    let t = [("A", "♦K"), ("B", "♦A"), ("C", "♠A"), ("D", "♦A")];
    assert_eq!(win(gt, H10Rule::Always, t), Seat::B);
}

#[test]
fn t6_normal_first_fuchs_wins_4_4_2() {
    let t = [("B", "♦A"), ("C", "♦A"), ("D", "♠9"), ("A", "♣K")];
    assert_eq!(win(N, H10Rule::Always, t), Seat::B);
}

#[test]
fn t7_farbsolo_herz_second_zehn_by_flag_a17() {
    let gt = GameType::Solo(SoloType::Farbsolo(Suit::Herz));
    let t = [("A", "♥10"), ("B", "♥10"), ("C", "♣9"), ("D", "♥9")];
    assert_eq!(win(gt, H10Rule::Always, t), Seat::B);
    assert_eq!(win(gt, H10Rule::TopTrumpOnly, t), Seat::A);
    assert_eq!(win(gt, H10Rule::Never, t), Seat::A);
}

#[test]
fn t8_trump_lead_answered_only_by_fehl_4_4_2_item_6() {
    let t = [("A", "♦9"), ("B", "♠A"), ("C", "♣A"), ("D", "♥A")];
    assert_eq!(win(N, H10Rule::Always, t), Seat::A);
}

#[test]
fn t9_bubensolo_dame_is_a_club_1_3_7() {
    let gt = GameType::Solo(SoloType::Bubensolo);
    let t = [("A", "♣A"), ("B", "♣D"), ("C", "♥B"), ("D", "♣10")];
    assert_eq!(win(gt, H10Rule::Always, t), Seat::C);
}

#[test]
fn following_suit_herz_zehn_does_not_follow_hearts_4_2_2() {
    let rk = Ranking::new(N, FarbsoloStyle::PureSuit);
    let hand: Vec<Card> = ["♥9", "♥10", "♣A"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let lead: Card = "♥A".parse().unwrap();
    assert_eq!(
        legal_cards(&hand, Some(lead), &rk),
        vec!["♥9".parse().unwrap()]
    );
    assert!(!follows_suit(&hand, Some(lead), Card::HERZ_ZEHN, &rk));
    // Without a heart, any card may be played (§4.2.3).
    let hand: Vec<Card> = ["♥10", "♣A"].iter().map(|c| c.parse().unwrap()).collect();
    assert_eq!(legal_cards(&hand, Some(lead), &rk).len(), 2);
}

#[test]
fn ddv_farbsolo_has_dulle_damen_buben_on_top_1_3_8() {
    let rk = Ranking::new(
        GameType::Solo(SoloType::Farbsolo(Suit::Pik)),
        FarbsoloStyle::DdvStyle,
    );
    let t = plays([("A", "♠A"), ("B", "♣D"), ("C", "♥10"), ("D", "♠10")]);
    assert_eq!(winner(&t, &rk, H10Rule::Never), Some(Seat::C));
}
