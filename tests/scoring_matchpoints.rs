//! Matchpoints (Law 78A), Neuberg factoring, weighted (Law 12C1(c)) and artificial (Law 12C2)
//! scores on a board: worked example W11, the EBU Neuberg example and W23 of bridge-laws.md §9,
//! bridge-software-landscape.md §4.
use tdlog::bridge::adjust::{artificial_pairs, ArtificialConfig, Fault};
use tdlog::scoring::matchpoints::{certain, neuberg, score_board, BoardMp, Entry};
use tdlog::scoring::policy::{MatchpointFactoring, MatchpointPolicy, Rounding, RoundingMode};
use tdlog::scoring::{Outcome, ScoringError, Weight};

fn scores(s: &[i32]) -> Vec<Entry> {
    s.iter().map(|&x| Entry::Score(x)).collect()
}

fn mp_ns(b: &BoardMp) -> Vec<f64> {
    b.entries.iter().map(|e| e.unwrap().mp_ns).collect()
}

fn mp_ew(b: &BoardMp) -> Vec<f64> {
    b.entries.iter().map(|e| e.unwrap().mp_ew).collect()
}

fn unrounded() -> MatchpointPolicy {
    MatchpointPolicy {
        mp_rounding: Rounding::NONE,
        pct_rounding: Rounding::NONE,
        ..Default::default()
    }
}

#[test]
fn law_78a_matchpoints_two_per_beat() {
    // W11: five N-S results +650, +620, +620, +170, −100; top 8.
    let b = score_board(
        &scores(&[650, 620, 620, 170, -100]),
        None,
        &MatchpointPolicy::default(),
    )
    .unwrap();
    assert_eq!(b.top, 8.0);
    assert!(!b.factored);
    assert_eq!(mp_ns(&b), [8.0, 5.0, 5.0, 2.0, 0.0]);
    assert_eq!(mp_ew(&b), [0.0, 3.0, 3.0, 6.0, 8.0]);
    let pct: Vec<f64> = b.entries.iter().map(|e| e.unwrap().pct_ns).collect();
    assert_eq!(pct, [100.0, 62.5, 62.5, 25.0, 0.0]);
    let pct_ew: Vec<f64> = b.entries.iter().map(|e| e.unwrap().pct_ew).collect();
    assert_eq!(pct_ew, [0.0, 37.5, 37.5, 75.0, 100.0]);
}

#[test]
fn neuberg_ebu_example_sole_top_19_9() {
    // 10 results, 11 expected; the sole top scores 18 of 18, factored (18+1)·11/10 − 1 = 19.9
    // of 20 [S41][S13].
    let field = [990, 690, 660, 650, 630, 620, 600, 170, 100, -100];
    let mut e = scores(&field);
    e.push(Entry::NotPlayed);
    let b = score_board(&e, None, &MatchpointPolicy::default()).unwrap();
    assert_eq!((b.comparable, b.expected, b.top), (10, 11, 20.0));
    assert!(b.factored);
    let top = b.entries[0].unwrap();
    assert_eq!(top.mp_ns, 19.9);
    assert_eq!(top.pct_ns, 99.5);
    // Sole bottom: (0+1)·1.1 − 1 = 0.1; E-W of the top table likewise.
    assert_eq!(b.entries[9].unwrap().mp_ns, 0.1);
    assert_eq!(top.mp_ew, 0.1);
    assert_eq!(b.entries[10], None);
    // The same board given its expected count instead of a not-played entry.
    let b2 = score_board(&scores(&field), Some(11), &MatchpointPolicy::default()).unwrap();
    assert_eq!(b2.entries[0].unwrap().mp_ns, 19.9);
    assert_eq!(b2.entries[..10], b.entries[..10]);
}

#[test]
fn neuberg_reduces_to_plain_matchpoints_when_nothing_is_missing() {
    assert!((neuberg(18.0, 10, 11) - 19.9).abs() < 1e-12);
    for mp in 0..=18 {
        assert_eq!(neuberg(mp as f64, 10, 10), mp as f64);
    }
}

#[test]
fn law_12c2_artificial_not_compared_others_neuberg_factored() {
    // Four comparable results and one artificial 60/40 (Law 12C2(a)): the four are
    // Neuberg-factored from n = 4 to N = 5 (data set 4, board 17), top 8.
    let mut e = scores(&[620, 420, 170, -100]);
    e.push(Entry::Artificial {
        ns_pct: 60.0,
        ew_pct: 40.0,
    });
    let b = score_board(&e, None, &MatchpointPolicy::default()).unwrap();
    assert_eq!((b.comparable, b.expected, b.top), (4, 5, 8.0));
    // Sole top of 4: (6+1)·5/4 − 1 = 7.75 → 7.8 (1 decimal, half away from zero).
    assert_eq!(b.entries[0].unwrap().mp_ns, 7.8);
    assert_eq!(b.entries[0].unwrap().pct_ns, 96.88);
    // (4+1)·5/4 − 1 = 5.25; (2+1)·5/4 − 1 = 2.75; (0+1)·5/4 − 1 = 0.25.
    assert_eq!(mp_ns(&b)[1..4], [5.3, 2.8, 0.3]);
    let a = b.entries[4].unwrap();
    assert_eq!(
        (a.mp_ns, a.mp_ew, a.pct_ns, a.pct_ew),
        (4.8, 3.2, 60.0, 40.0)
    );
}

#[test]
fn law_12c2c_w23_session_percentages_enter_the_board() {
    // W23: E-W late (at fault). N-S 64 % on the other boards, E-W 35 %: N-S get 64 %, E-W
    // 35 % (original wording). The scores do not balance.
    let cfg = ArtificialConfig::default();
    let ns = artificial_pairs(Fault::NotAtFault, 64.0, &cfg);
    let ew = artificial_pairs(Fault::AtFault, 35.0, &cfg);
    let mut e = scores(&[400, 420, 450, 100, 50, -50, 420]);
    e.push(Entry::Artificial {
        ns_pct: ns,
        ew_pct: ew,
    });
    let b = score_board(&e, None, &MatchpointPolicy::default()).unwrap();
    let a = b.entries[7].unwrap();
    assert_eq!(b.top, 14.0);
    assert_eq!((a.pct_ns, a.pct_ew), (64.0, 35.0));
    assert_eq!((a.mp_ns, a.mp_ew), (9.0, 4.9)); // 8.96 and 4.9 of 14
}

#[test]
fn law_12c1c_weighted_score_each_outcome_compared_then_weighted() {
    // Table 3 assigned ½ of +620 and ½ of +170 in a field +650, +620, +170, −100.
    let half = Weight::Fraction(1, 2);
    let e = vec![
        Entry::Score(650),
        Entry::Score(620),
        Entry::Weighted(vec![Outcome::new(half, 620), Outcome::new(half, 170)]),
        Entry::Score(170),
        Entry::Score(-100),
    ];
    let b = score_board(&e, None, &unrounded()).unwrap();
    // Weighted table: +620 beats 170, −100 and ties 620 → 5; +170 beats −100, ties 170 → 3.
    // Others against it: 650 gets 2; 620 gets ½·1 + ½·2 = 1.5; 170 gets ½·0 + ½·1 = 0.5;
    // −100 gets 0.
    assert_eq!(mp_ns(&b), [8.0, 5.5, 4.0, 2.5, 0.0]);
    assert_eq!(mp_ns(&b).iter().sum::<f64>(), 20.0);
    assert_eq!(mp_ew(&b), [0.0, 2.5, 4.0, 5.5, 8.0]);
    assert_eq!(b.entries[2].unwrap().pct_ns, 50.0);
}

#[test]
fn law_12c1c_split_weighting_ebl_2009_each_direction_sums_to_n_n_minus_1() {
    // EBL 2009 [S39]: N-S get 30 % of 6♦−1 and 70 % of 6♦=, E-W get 1/3 and 2/3
    // (N-S declaring, not vulnerable: −50 or +920).
    let e = vec![
        Entry::SplitWeighted {
            ns: vec![
                Outcome::new(Weight::Decimal(0.3), -50),
                Outcome::new(Weight::Decimal(0.7), 920),
            ],
            ew: vec![
                Outcome::new(Weight::Fraction(1, 3), -50),
                Outcome::new(Weight::Fraction(2, 3), 920),
            ],
        },
        Entry::Score(920),
        Entry::Score(420),
        Entry::Score(-50),
    ];
    let b = score_board(&e, None, &unrounded()).unwrap();
    let ns: f64 = mp_ns(&b).iter().sum();
    let ew: f64 = mp_ew(&b).iter().sum();
    assert!((ns - 12.0).abs() < 1e-12 && (ew - 12.0).abs() < 1e-12);
    let t = b.entries[0].unwrap();
    // N-S: 0.3·(0 + 0 + 1) + 0.7·(1 + 2 + 2) = 3.8; E-W: 1/3·(2+2+1) + 2/3·(1+0+0) = 7/3.
    assert!((t.mp_ns - 3.8).abs() < 1e-12);
    assert!((t.mp_ew - 7.0 / 3.0).abs() < 1e-12);
    assert!(
        t.mp_ns + t.mp_ew != 6.0,
        "a split weighting need not balance"
    );
}

#[test]
fn weighted_entry_of_weight_one_is_the_plain_score() {
    let plain = score_board(&scores(&[100, 140, 140, -50]), None, &unrounded()).unwrap();
    let e = vec![
        Entry::Score(100),
        certain(140),
        Entry::Score(140),
        Entry::Weighted(vec![Outcome::new(Weight::Decimal(1.0), -50)]),
    ];
    assert_eq!(score_board(&e, None, &unrounded()).unwrap(), plain);
}

#[test]
fn factoring_policies_pro_rata_none_and_rounding_down() {
    // 3 results of 4 expected; sole top has MP 4 of 4.
    let e = scores(&[200, 100, 0]);
    let neu = score_board(&e, Some(4), &MatchpointPolicy::default()).unwrap();
    assert_eq!(mp_ns(&neu), [5.7, 3.0, 0.3]); // 17/3, 3, 1/3
    let down = MatchpointPolicy {
        mp_rounding: Rounding {
            decimals: Some(1),
            mode: RoundingMode::Down,
        },
        ..Default::default()
    };
    let nz = score_board(&e, Some(4), &down).unwrap();
    assert_eq!(mp_ns(&nz), [5.6, 3.0, 0.3]);
    let pr = MatchpointPolicy {
        factoring: MatchpointFactoring::ProRata,
        ..Default::default()
    };
    let p = score_board(&e, Some(4), &pr).unwrap();
    assert_eq!((mp_ns(&p), p.top), (vec![6.0, 3.0, 0.0], 6.0));
    let none = MatchpointPolicy {
        factoring: MatchpointFactoring::None,
        ..Default::default()
    };
    let n = score_board(&e, Some(4), &none).unwrap();
    assert_eq!(
        (mp_ns(&n), n.top, n.factored),
        (vec![4.0, 2.0, 0.0], 4.0, false)
    );
    assert_eq!(n.entries[0].unwrap().pct_ns, 100.0);
}

#[test]
fn a_sole_result_is_an_average() {
    let b = score_board(&[Entry::Score(420), Entry::NotPlayed], None, &unrounded()).unwrap();
    let e = b.entries[0].unwrap();
    assert_eq!((e.mp_ns, e.pct_ns, b.top), (1.0, 50.0, 2.0));
    let alone = score_board(&[Entry::Score(420)], None, &unrounded()).unwrap();
    assert_eq!(alone.entries[0].unwrap().pct_ns, 50.0);
}

#[test]
fn errors_name_the_law() {
    let bad = vec![
        Entry::Score(1),
        Entry::Weighted(vec![
            Outcome::new(Weight::Fraction(1, 3), 1),
            Outcome::new(Weight::Fraction(1, 3), 2),
        ]),
    ];
    let err = score_board(&bad, None, &MatchpointPolicy::default()).unwrap_err();
    assert_eq!(err, ScoringError::WeightsNotOne("2/3".into()));
    assert!(err.to_string().starts_with("Law 12C1(c)"));
    let art = vec![Entry::Artificial {
        ns_pct: 120.0,
        ew_pct: 40.0,
    }];
    let err = score_board(&art, None, &MatchpointPolicy::default()).unwrap_err();
    assert_eq!(err, ScoringError::ArtificialPercent(120.0));
    assert!(err.to_string().starts_with("Law 12C2(a)"));
    let err = score_board(&scores(&[1, 2, 3]), Some(2), &MatchpointPolicy::default()).unwrap_err();
    assert_eq!(
        err,
        ScoringError::ExpectedTooFew {
            expected: 2,
            present: 3
        }
    );
    assert!(err.to_string().starts_with("Law 78A"));
}

#[test]
fn entries_round_trip_through_json() {
    let e = vec![
        Entry::Score(620),
        Entry::Weighted(vec![
            Outcome::new(Weight::Fraction(3, 5), 620),
            Outcome::new(Weight::Decimal(0.4), -100),
        ]),
        Entry::Artificial {
            ns_pct: 60.0,
            ew_pct: 40.0,
        },
        Entry::NotPlayed,
    ];
    let j = serde_json::to_string(&e).unwrap();
    assert_eq!(serde_json::from_str::<Vec<Entry>>(&j).unwrap(), e);
    assert!(j.contains(r#"{"fraction":[3,5]}"#), "{j}");
}
