//! Law 2 boards, deals, and the parsers: worked example W1, every row of the 16-board cycle,
//! per-board overrides, clear errors for malformed input, and proptest fuzzing (no panics).
use proptest::prelude::*;
use tdlog::bridge::board::{board_info, dealer, vulnerability, BoardOverride, Deal, DealError};
use tdlog::bridge::call::Call;
use tdlog::bridge::card::Card;
use tdlog::bridge::contract::{Contract, ContractOrPass};
use tdlog::bridge::seat::Seat;
use tdlog::bridge::vulnerability::Vulnerability;
use tdlog::bridge::{lin, pbn};

#[test]
fn law_2_w1_boards_17_23_32_36() {
    assert_eq!(
        (dealer(17), vulnerability(17)),
        (Seat::N, Vulnerability::None)
    );
    assert_eq!(
        (dealer(23), vulnerability(23)),
        (Seat::S, Vulnerability::Both)
    );
    assert_eq!(
        (dealer(32), vulnerability(32)),
        (Seat::W, Vulnerability::EW)
    );
    assert_eq!(
        (dealer(36), vulnerability(36)),
        (Seat::W, Vulnerability::Both)
    );
}

#[test]
fn law_2_sixteen_board_cycle_as_transcribed() {
    use Vulnerability::*;
    let rows = [
        (Seat::N, None),
        (Seat::E, NS),
        (Seat::S, EW),
        (Seat::W, Both),
        (Seat::N, NS),
        (Seat::E, EW),
        (Seat::S, Both),
        (Seat::W, None),
        (Seat::N, EW),
        (Seat::E, Both),
        (Seat::S, None),
        (Seat::W, NS),
        (Seat::N, Both),
        (Seat::E, None),
        (Seat::S, NS),
        (Seat::W, EW),
    ];
    for (i, (d, v)) in rows.iter().enumerate() {
        let n = i as u32 + 1;
        for board in [n, n + 16, n + 32, n + 160] {
            assert_eq!(dealer(board), *d, "board {board}");
            assert_eq!(vulnerability(board), *v, "board {board}");
        }
    }
}

#[test]
fn law_2_non_conforming_board_override_applies_to_that_board_only() {
    let o = vec![BoardOverride {
        board: 5,
        dealer: Seat::W,
        vulnerable: Vulnerability::None,
        reason: "board marked W / none in this set".to_string(),
    }];
    let b5 = board_info(5, &o);
    assert_eq!((b5.dealer, b5.vulnerable), (Seat::W, Vulnerability::None));
    let b6 = board_info(6, &o);
    assert_eq!((b6.dealer, b6.vulnerable), (Seat::E, Vulnerability::EW));
}

const DEAL: &str = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";

#[test]
fn law_1_pbn_deal_is_52_distinct_cards_13_each() {
    let d = Deal::parse_checked(DEAL).unwrap();
    assert_eq!(d.hand(Seat::E).len(), 13);
    assert_eq!(d.holder("SK".parse().unwrap()), Some(Seat::N));
    assert_eq!(d.holder("CJ".parse().unwrap()), Some(Seat::W));
    assert_eq!(d.to_pbn(Seat::N), DEAL);
    // The same deal written from East.
    let e = Deal::parse_checked(&format!("E:{}", {
        let parts: Vec<&str> = DEAL[2..].split(' ').collect();
        format!("{} {} {} {}", parts[1], parts[2], parts[3], parts[0])
    }))
    .unwrap();
    assert_eq!(e, d);
}

#[test]
fn laws_13_14_malformed_deals_are_named() {
    let dup = "N:KT8.A96.A95.7542 K5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";
    assert_eq!(
        Deal::parse_checked(dup),
        Err(DealError::Duplicate {
            card: "SK".parse().unwrap(),
            first: Seat::N,
            second: Seat::E
        })
    );
    let short = "N:KT8.A96.A95.754 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";
    assert!(matches!(
        Deal::parse_checked(short),
        Err(DealError::CardCount {
            seat: Seat::N,
            count: 12
        })
    ));
    assert!(matches!(
        Deal::parse_checked("KT8.A96"),
        Err(DealError::NoFirstSeat(_))
    ));
    assert!(matches!(
        Deal::parse_checked("X:a b c d"),
        Err(DealError::BadFirstSeat(_))
    ));
    assert!(matches!(
        Deal::parse_checked("N:a b c"),
        Err(DealError::HandCount(3))
    ));
    assert!(matches!(
        Deal::parse_checked("N:KT8.A96.A95 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"),
        Err(DealError::SuitCount {
            seat: Seat::N,
            suits: 3,
            ..
        })
    ));
    let bad = Deal::parse_checked(
        "N:KZ8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96",
    );
    assert_eq!(
        bad.unwrap_err().to_string(),
        "deal: hand of N: unknown rank 'Z'"
    );
}

#[test]
fn malformed_card_call_contract_errors_name_the_problem() {
    assert_eq!(
        "ZA".parse::<Card>().unwrap_err().to_string(),
        "card \"ZA\": unknown suit 'Z' (expected S, H, D or C)"
    );
    assert!("S1"
        .parse::<Card>()
        .unwrap_err()
        .to_string()
        .contains("unknown rank \"1\""));
    assert_eq!(
        "S10".parse::<Card>().unwrap(),
        "ST".parse::<Card>().unwrap()
    );
    assert!("0H"
        .parse::<Call>()
        .unwrap_err()
        .to_string()
        .contains("level"));
    assert!("2Q"
        .parse::<Call>()
        .unwrap_err()
        .to_string()
        .contains("unknown denomination \"Q\""));
    assert!(matches!("8S".parse::<Call>(), Ok(Call::Bid(b)) if b.level == 8));
    assert!("8S"
        .parse::<Contract>()
        .unwrap_err()
        .to_string()
        .contains("Law 38A"));
    assert!("4SXXX"
        .parse::<Contract>()
        .unwrap_err()
        .to_string()
        .contains("unexpected \"XXX\""));
    assert!(""
        .parse::<ContractOrPass>()
        .unwrap_err()
        .to_string()
        .contains("empty"));
    assert!("Maybe"
        .parse::<Vulnerability>()
        .unwrap_err()
        .to_string()
        .contains("None, NS, EW or Both"));
    for v in ["-", "Love", "None"] {
        assert_eq!(v.parse::<Vulnerability>().unwrap(), Vulnerability::None);
    }
    assert_eq!("All".parse::<Vulnerability>().unwrap(), Vulnerability::Both);
}

#[test]
fn cards_calls_contracts_round_trip_through_serde() {
    let c: Card = "HT".parse().unwrap();
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"HT\"");
    assert_eq!(serde_json::from_str::<Card>("\"HT\"").unwrap(), c);
    let k: Call = "1NT".parse().unwrap();
    assert_eq!(serde_json::to_string(&k).unwrap(), "\"1NT\"");
    assert!(serde_json::from_str::<Call>("\"9Z\"").is_err());
    let ct: Contract = "4SX".parse().unwrap();
    assert_eq!(
        serde_json::from_str::<Contract>(&serde_json::to_string(&ct).unwrap()).unwrap(),
        ct
    );
}

proptest! {
    // Fuzzing the parsers (recorded in docs/laws.md): arbitrary strings never panic; they
    // either parse or return an error with a message.
    #[test]
    fn fuzz_card_parser(s in ".{0,6}") {
        if let Err(e) = s.parse::<Card>() { prop_assert!(!e.to_string().is_empty()); }
    }

    #[test]
    fn fuzz_call_and_contract_parsers(s in "[0-9A-Za-z*\\-♠♥ ]{0,8}") {
        if let Err(e) = s.parse::<Call>() { prop_assert!(!e.to_string().is_empty()); }
        if let Err(e) = s.parse::<ContractOrPass>() { prop_assert!(!e.to_string().is_empty()); }
        let _ = s.parse::<Vulnerability>();
        let _ = s.parse::<Seat>();
    }

    #[test]
    fn fuzz_deal_parser(s in "[NESW:]{0,2}[AKQJT2-9. xZ-]{0,70}") {
        if let Err(e) = Deal::parse_checked(&s) { prop_assert!(!e.to_string().is_empty()); }
    }

    #[test]
    fn fuzz_pbn_and_lin_readers(s in "(\\[[A-Za-z]{1,6} \"[^\"\\n]{0,10}\"\\]\\n|[^\\n]{0,20}\\n|\\n){0,12}") {
        let _ = pbn::parse(&s);
        let _ = lin::parse(&s);
    }

    /// Any shuffle written as PBN reads back as the same valid deal.
    #[test]
    fn law_1_shuffled_deals_round_trip(perm in Just((0..52usize).collect::<Vec<_>>()).prop_shuffle(), first in 0usize..4) {
        let pack: Vec<Card> = perm.iter().filter_map(|&i| Card::from_index(i)).collect();
        let hands: [Vec<Card>; 4] = [pack[0..13].to_vec(), pack[13..26].to_vec(), pack[26..39].to_vec(), pack[39..52].to_vec()];
        let d = Deal { hands };
        prop_assert!(d.validate().is_ok());
        let s = d.to_pbn(Seat::from_index(first));
        let back = Deal::parse_checked(&s).unwrap();
        for seat in Seat::ALL {
            let mut a = back.hand(seat).to_vec(); a.sort();
            let mut b = d.hand(seat).to_vec(); b.sort();
            prop_assert_eq!(a, b);
        }
    }
}
