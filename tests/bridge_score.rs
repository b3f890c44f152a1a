//! Law 77 scoring, Law 78 matchpoints and IMPs: worked examples W2-W11 of bridge-laws.md §9,
//! every quick value under them, and property tests.
use proptest::prelude::*;
use tdlog::bridge::contract::{Contract, ContractOrPass, Doubling};
use tdlog::bridge::score::{board_score, contract_score, imps, matchpoints, undertrick_penalty};
use tdlog::bridge::seat::Seat;
use tdlog::bridge::vulnerability::Vulnerability;

fn s(contract: &str, vul: bool, tricks: u8) -> i32 {
    let c: Contract = contract.parse().expect("valid contract in test");
    contract_score(c, vul, tricks).expect("valid tricks in test")
}

#[test]
fn law_77_w2_four_spades_doubled_vulnerable_down_three() {
    assert_eq!(s("4SX", true, 7), -800);
    let b = board_score("4SX".parse().unwrap(), Seat::S, Vulnerability::Both, 7).unwrap();
    assert_eq!((b.ns, b.ew), (-800, 800));
}

#[test]
fn law_77_w3_three_notrump_with_overtrick() {
    assert_eq!(s("3NT", false, 10), 430);
    assert_eq!(s("3NT", true, 10), 630);
}

#[test]
fn law_77_w4_slams() {
    assert_eq!(s("6S", true, 12), 1430);
    assert_eq!(s("7NT", false, 13), 1520);
}

#[test]
fn law_77_w5_doubled_and_redoubled_into_game() {
    assert_eq!(s("2HX", false, 8), 470);
    assert_eq!(s("1NTXX", true, 7), 760);
    assert_eq!(s("1NTXX", true, 8), 1160);
}

#[test]
fn law_77_w6_one_club_redoubled_is_only_a_partscore() {
    assert_eq!(s("1CXX", false, 9), 630);
}

#[test]
fn law_77_w7_doubled_undertricks_and_the_largest_penalty() {
    assert_eq!(s("3NTX", false, 5), -800);
    assert_eq!(s("3NTX", true, 5), -1100);
    assert_eq!(s("7NTXX", true, 0), -7600);
}

#[test]
fn law_77_w8_partscore_undoubled_undertrick_and_pass_out() {
    assert_eq!(s("1NT", false, 8), 120);
    assert_eq!(s("5C", true, 10), -100);
    let b = board_score(ContractOrPass::PassedOut, Seat::N, Vulnerability::Both, 0).unwrap();
    assert_eq!((b.ns, b.ew), (0, 0));
}

#[test]
fn law_78b_w9_imp_conversions() {
    let cases = [
        (10, 0),
        (20, 1),
        (420, 9),
        (430, 10),
        (2250, 20),
        (3990, 23),
        (4000, 24),
        (7600, 24),
    ];
    for (d, i) in cases {
        assert_eq!(imps(d), i, "difference {d}");
        assert_eq!(imps(-d), -i, "difference -{d}");
    }
}

#[test]
fn law_78b_full_table_boundaries() {
    // Each row of the Law 78B table: (lowest difference, highest difference, IMPs).
    let rows = [
        (0, 10, 0),
        (20, 40, 1),
        (50, 80, 2),
        (90, 120, 3),
        (130, 160, 4),
        (170, 210, 5),
        (220, 260, 6),
        (270, 310, 7),
        (320, 360, 8),
        (370, 420, 9),
        (430, 490, 10),
        (500, 590, 11),
        (600, 740, 12),
        (750, 890, 13),
        (900, 1090, 14),
        (1100, 1290, 15),
        (1300, 1490, 16),
        (1500, 1740, 17),
        (1750, 1990, 18),
        (2000, 2240, 19),
        (2250, 2490, 20),
        (2500, 2990, 21),
        (3000, 3490, 22),
        (3500, 3990, 23),
        (4000, 9990, 24),
    ];
    for (lo, hi, i) in rows {
        assert_eq!(imps(lo), i, "{lo}");
        assert_eq!(imps(hi), i, "{hi}");
    }
}

#[test]
fn law_78b_w10_teams_board_thirteen_twelve_imps() {
    // Table 1: team A N-S, 4S made vulnerable; table 2: team A E-W defeats 4S by one.
    let t1 = board_score("4S".parse().unwrap(), Seat::N, Vulnerability::Both, 10).unwrap();
    let t2 = board_score("4S".parse().unwrap(), Seat::N, Vulnerability::Both, 9).unwrap();
    assert_eq!(t1.ns, 620);
    assert_eq!(t2.ew, 100);
    assert_eq!(imps((t1.ns + t2.ew) as i64), 12);
}

#[test]
fn law_78a_w11_matchpoints_five_results() {
    let ns = matchpoints(&[650, 620, 620, 170, -100]);
    assert_eq!(ns, vec![8, 5, 5, 2, 0]);
    let top = 2 * (5 - 1);
    let ew: Vec<u32> = ns.iter().map(|m| top - m).collect();
    assert_eq!(ew, vec![0, 3, 3, 6, 8]);
    let pct: Vec<f64> = ns.iter().map(|&m| 100.0 * m as f64 / top as f64).collect();
    assert_eq!(pct, vec![100.0, 62.5, 62.5, 25.0, 0.0]);
}

#[test]
fn law_77_quick_values() {
    let cases: [(&str, bool, u8, i32); 17] = [
        ("4S", true, 10, 620),
        ("4S", false, 10, 420),
        ("6NT", false, 12, 990),
        ("6NT", true, 12, 1440),
        ("7NT", true, 13, 2220),
        ("7SXX", true, 13, 2940),
        ("5DX", true, 11, 750),
        ("3CX", false, 10, 570),
        ("2NTX", false, 8, 490),
        ("1SXX", false, 7, 520),
        ("4SX", true, 10, 790),
        ("4SX", true, 11, 990),
        ("1NTX", false, 7, 180),
        ("1NTX", false, 8, 280),
        ("4C", false, 10, 130),
        ("5C", false, 11, 400),
        ("4HX", false, 7, -500),
    ];
    for (c, v, t, want) in cases {
        assert_eq!(s(c, v, t), want, "{c} vul={v} tricks={t}");
    }
}

#[test]
fn law_77_cumulative_undertrick_table() {
    // bridge-laws.md §5.1, columns NV undbl, V undbl, NV X, V X, NV XX, V XX.
    let table: [[i32; 6]; 13] = [
        [50, 100, 100, 200, 200, 400],
        [100, 200, 300, 500, 600, 1000],
        [150, 300, 500, 800, 1000, 1600],
        [200, 400, 800, 1100, 1600, 2200],
        [250, 500, 1100, 1400, 2200, 2800],
        [300, 600, 1400, 1700, 2800, 3400],
        [350, 700, 1700, 2000, 3400, 4000],
        [400, 800, 2000, 2300, 4000, 4600],
        [450, 900, 2300, 2600, 4600, 5200],
        [500, 1000, 2600, 2900, 5200, 5800],
        [550, 1100, 2900, 3200, 5800, 6400],
        [600, 1200, 3200, 3500, 6400, 7000],
        [650, 1300, 3500, 3800, 7000, 7600],
    ];
    let cols = [
        (Doubling::Undoubled, false),
        (Doubling::Undoubled, true),
        (Doubling::Doubled, false),
        (Doubling::Doubled, true),
        (Doubling::Redoubled, false),
        (Doubling::Redoubled, true),
    ];
    for (n, row) in table.iter().enumerate() {
        for (k, (d, v)) in cols.iter().enumerate() {
            assert_eq!(
                undertrick_penalty(*d, *v, n as u32 + 1),
                row[k],
                "n={} col={k}",
                n + 1
            );
        }
    }
}

#[test]
fn law_77_game_thresholds() {
    // Game bonus appears exactly at 100 trick points (bridge-laws.md §5.1 notes).
    assert_eq!(s("2HX", false, 8) - 120 - 50, 300); // 120 trick points: game
    assert_eq!(s("1CXX", false, 7), 80 + 50 + 100); // 80: partscore
    assert_eq!(s("2CXX", false, 8), 160 + 300 + 100);
    assert_eq!(s("3NT", false, 9), 400);
    assert_eq!(s("5D", false, 11), 400);
    assert_eq!(s("4D", false, 10), 130);
}

#[test]
fn contract_strings_accept_x_xx_nt_n_any_case() {
    for (a, b) in [
        ("4Sx", "4SX"),
        ("1cxx", "1CXX"),
        ("3N", "3NT"),
        ("3nt", "3NT"),
        ("2hX", "2HX"),
    ] {
        assert_eq!(
            a.parse::<Contract>().unwrap(),
            b.parse::<Contract>().unwrap()
        );
    }
    assert_eq!(
        "Pass".parse::<ContractOrPass>().unwrap(),
        ContractOrPass::PassedOut
    );
}

fn any_contract() -> impl Strategy<Value = Contract> {
    (1u8..=7, 0usize..5, 0usize..3).prop_map(|(l, s, d)| {
        Contract::new(
            l,
            tdlog::bridge::call::Strain::ALL[s],
            [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled][d],
        )
    })
}

proptest! {
    /// The score of a contract is the negation for the other side, whoever declares.
    #[test]
    fn law_77_score_is_negated_for_the_other_side(c in any_contract(), seat in 0usize..4, v in 0usize..4, t in 0u8..=13) {
        let vul = [Vulnerability::None, Vulnerability::NS, Vulnerability::EW, Vulnerability::Both][v];
        let b = board_score(ContractOrPass::Contract(c), Seat::from_index(seat), vul, t).unwrap();
        prop_assert_eq!(b.ns, -b.ew);
        let partner = board_score(ContractOrPass::Contract(c), Seat::from_index(seat + 2), vul, t).unwrap();
        prop_assert_eq!(b, partner);
    }

    /// More tricks never score less; made contracts are positive, failed ones negative.
    #[test]
    fn law_77_monotone_in_tricks(c in any_contract(), vul: bool, t in 0u8..13) {
        let a = contract_score(c, vul, t).unwrap();
        let b = contract_score(c, vul, t + 1).unwrap();
        prop_assert!(b > a);
        prop_assert_eq!(a > 0, t >= c.tricks_needed());
    }

    /// IMPs are odd in the difference and never exceed 24.
    #[test]
    fn law_78b_imps_symmetric_and_bounded(d in -10000i64..10000) {
        prop_assert_eq!(imps(d), -imps(-d));
        prop_assert!(imps(d).abs() <= 24);
    }
}
