//! IMP scoring (Law 78B): teams IMPs (W10), weighted scores in teams (W24, Law 12C1(c)),
//! cross-IMPs and Butler (bridge-software-landscape.md §4).
use tdlog::bridge::adjust::{
    artificial_imps, weighted_imps_per_component, ArtificialConfig, Fault,
};
use tdlog::scoring::imps::{
    butler, cross_imps, datum, datum_drop_count, match_total, teams_board, BoardImps, ImpEntry,
    TableResult,
};
use tdlog::scoring::policy::{
    ButlerPolicy, CrossImpDivisor, CrossImpFactoring, CrossImpPolicy, DatumDrop, DatumRounding,
    Rounding, WeightedImpMethod,
};
use tdlog::scoring::{Outcome, ScoringError, Weight};

const EACH: WeightedImpMethod = WeightedImpMethod::ImpEachOutcome;
const POINTS: WeightedImpMethod = WeightedImpMethod::WeightPoints;

fn results(s: &[i32]) -> Vec<ImpEntry> {
    s.iter()
        .map(|&x| ImpEntry::Result(TableResult::Score(x)))
        .collect()
}

fn ns(b: &BoardImps) -> Vec<f64> {
    b.entries.iter().map(|e| e.unwrap().imp_ns).collect()
}

fn ew(b: &BoardImps) -> Vec<f64> {
    b.entries.iter().map(|e| e.unwrap().imp_ew).collect()
}

fn w24_table() -> TableResult {
    TableResult::Weighted(vec![
        Outcome::new(Weight::Decimal(0.6), 620),
        Outcome::new(Weight::Decimal(0.4), -100),
    ])
}

#[test]
fn law_78b_w10_teams_620_and_100_is_12_imps() {
    // Board 13, both vulnerable. Table 1: team A N-S +620. Table 2: team A E-W defeats 4♠ by
    // one, N-S −100. Net +720 → 12 IMPs to team A.
    let r = teams_board(&TableResult::Score(620), &TableResult::Score(-100), EACH).unwrap();
    assert_eq!(r, (12.0, -12.0));
    let r = teams_board(&TableResult::Score(-100), &TableResult::Score(620), EACH).unwrap();
    assert_eq!(r, (-12.0, 12.0));
    let r = teams_board(&TableResult::Score(420), &TableResult::Score(420), EACH).unwrap();
    assert_eq!(r, (0.0, 0.0));
}

#[test]
fn law_12c1c_w24_imp_each_outcome_minus_4_8() {
    // Team A N-S at this table: 60 % of +620, 40 % of −100. Other table: 4♠ made by the
    // opponents, N-S +620 (−620 for team A).
    let (a, b) = teams_board(&w24_table(), &TableResult::Score(620), EACH).unwrap();
    assert!(
        (a + 4.8).abs() < 1e-12 && (b - 4.8).abs() < 1e-12,
        "{a} {b}"
    );
    // The crate's adjust.rs method 1 agrees.
    let adj = weighted_imps_per_component(&[(620, 0.6), (-100, 0.4)], -620).unwrap();
    assert_eq!(a, adj);
}

#[test]
fn law_12c1c_w24_weight_points_minus_7() {
    // 0.6·620 + 0.4·(−100) = 332; 332 − 620 = −288 → −7 IMPs.
    let r = teams_board(&w24_table(), &TableResult::Score(620), POINTS).unwrap();
    assert_eq!(r, (-7.0, 7.0));
}

#[test]
fn law_12c1c_split_weighting_in_teams_need_not_balance() {
    let t1 = TableResult::SplitWeighted {
        ns: vec![
            Outcome::new(Weight::Fraction(1, 2), 620),
            Outcome::new(Weight::Fraction(1, 2), -100),
        ],
        ew: vec![Outcome::new(Weight::Fraction(1, 1), 620)],
    };
    let (home, away) = teams_board(&t1, &TableResult::Score(620), EACH).unwrap();
    assert_eq!((home, away), (-6.0, 0.0));
}

#[test]
fn cross_imps_divide_by_comparisons() {
    // 620: 0 + 10 + 12 = 22; 170: −10 −10 + 7 = −13; −100: −12 −12 −7 = −31; divided by 3.
    let b = cross_imps(
        &results(&[620, 620, 170, -100]),
        None,
        &CrossImpPolicy::default(),
        EACH,
    )
    .unwrap();
    assert_eq!(ns(&b), [7.33, 7.33, -4.33, -10.33]);
    assert_eq!(ew(&b), [-7.33, -7.33, 4.33, 10.33]);
    assert!(!b.factored);
}

#[test]
fn cross_imps_factoring_and_divisors_for_a_missing_result() {
    // Raw sums 22, −3, −19 for 3 results of 4 expected.
    let mut e = results(&[620, 170, -100]);
    e.push(ImpEntry::NotPlayed);
    let run = |divisor, factoring| {
        let p = CrossImpPolicy {
            divisor,
            factoring,
            rounding: Rounding::to(2),
            artificial_per_comparison: false,
        };
        let b = cross_imps(&e, None, &p, EACH).unwrap();
        assert_eq!(b.entries[3], None);
        b.entries[..3]
            .iter()
            .map(|x| x.unwrap().imp_ns)
            .collect::<Vec<_>>()
    };
    use CrossImpDivisor as D;
    use CrossImpFactoring as F;
    // ×4/3, then ÷3 (N−1) [S49].
    assert_eq!(run(D::Comparisons, F::Proportional), [9.78, -1.33, -8.44]);
    // ×3/2, then ÷3: the plain average over the 2 comparisons made.
    assert_eq!(run(D::Comparisons, F::Comparisons), [11.0, -1.5, -9.5]);
    assert_eq!(run(D::Comparisons, F::None), [11.0, -1.5, -9.5]);
    assert_eq!(run(D::Results, F::None), [7.33, -1.0, -6.33]);
    assert_eq!(run(D::Results, F::Proportional), [7.33, -1.0, -6.33]);
    assert_eq!(run(D::None, F::Proportional), [29.33, -4.0, -25.33]);
    assert_eq!(run(D::None, F::None), [22.0, -3.0, -19.0]);
}

#[test]
fn law_12c2b_artificial_imps_pass_through_cross_imps() {
    let cfg = ArtificialConfig::default();
    let mut e = results(&[620, 170, -100]);
    e.push(ImpEntry::Artificial {
        ns_imps: artificial_imps(Fault::NotAtFault, &cfg) as f64,
        ew_imps: artificial_imps(Fault::AtFault, &cfg) as f64,
    });
    let b = cross_imps(&e, None, &CrossImpPolicy::default(), EACH).unwrap();
    assert!(b.factored);
    assert_eq!(ns(&b), [9.78, -1.33, -8.44, 3.0]);
    assert_eq!(b.entries[3].unwrap().imp_ew, -3.0);
    let bad = [ImpEntry::Artificial {
        ns_imps: f64::NAN,
        ew_imps: 0.0,
    }];
    let err = cross_imps(&bad, None, &CrossImpPolicy::default(), EACH).unwrap_err();
    assert!(err.to_string().starts_with("Law 12C2(b)"));
}

#[test]
fn cross_imps_with_a_weighted_score_by_both_methods() {
    let half = Weight::Fraction(1, 2);
    let e = vec![
        ImpEntry::Result(TableResult::Score(620)),
        ImpEntry::Result(TableResult::Weighted(vec![
            Outcome::new(half, 620),
            Outcome::new(half, -100),
        ])),
        ImpEntry::Result(TableResult::Score(-100)),
    ];
    let none = CrossImpPolicy {
        divisor: CrossImpDivisor::None,
        ..Default::default()
    };
    let b = cross_imps(&e, None, &none, EACH).unwrap();
    assert_eq!(ns(&b), [18.0, 0.0, -18.0]);
    // Weighted points 260: 620 − 260 = 360 → 8.
    let b = cross_imps(&e, None, &none, POINTS).unwrap();
    assert_eq!(ns(&b), [20.0, 0.0, -20.0]);
}

#[test]
fn butler_datum_drops_extremes_and_rounds_to_10() {
    // Five results; bridge-scorer drops one from each end: mean of 170, 420, 620 = 403.3 → 400.
    let b = butler(
        &results(&[620, 620, 170, -100, 420]),
        None,
        &ButlerPolicy::default(),
        EACH,
    )
    .unwrap();
    assert_eq!(b.datum, Some(400.0));
    assert_eq!(ns(&b), [6.0, 6.0, -6.0, -11.0, 1.0]);
    assert_eq!(ew(&b), [-6.0, -6.0, 6.0, 11.0, -1.0]);
    let all = ButlerPolicy {
        drop: DatumDrop::None,
        ..Default::default()
    };
    // Mean 346 → 350.
    let b = butler(&results(&[620, 620, 170, -100, 420]), None, &all, EACH).unwrap();
    assert_eq!(b.datum, Some(350.0));
}

#[test]
fn butler_trailing_5_rules() {
    let pol = |rounding| ButlerPolicy {
        drop: DatumDrop::None,
        rounding,
    };
    use DatumRounding as R;
    let d = |v: &[f64], r| datum(v, &pol(r)).unwrap();
    // ACBLscore: a trailing 5 to even [S1].
    assert_eq!(d(&[100.0, 150.0], R::HalfEven), 120.0);
    assert_eq!(d(&[120.0, 150.0], R::HalfEven), 140.0);
    assert_eq!(d(&[-100.0, -150.0], R::HalfEven), -120.0);
    assert_eq!(d(&[100.0, 150.0], R::HalfAwayFromZero), 130.0);
    assert_eq!(d(&[-100.0, -150.0], R::HalfAwayFromZero), -130.0);
    assert_eq!(d(&[100.0, 150.0], R::HalfUp), 130.0);
    assert_eq!(d(&[-100.0, -150.0], R::HalfUp), -120.0);
    assert_eq!(d(&[100.0, 150.0, 200.0], R::None), 150.0);
    assert_eq!(d(&[100.0, 110.0, 110.0], R::HalfEven), 110.0); // 106.7
    assert_eq!(datum(&[], &ButlerPolicy::default()), None);
    // Drop rules: ACBLscore 5 % from each end, rounded down; a fixed count.
    assert_eq!(datum_drop_count(40, DatumDrop::Percent(5.0)), 2);
    assert_eq!(datum_drop_count(19, DatumDrop::Percent(5.0)), 0);
    assert_eq!(datum_drop_count(11, DatumDrop::FieldSize), 2);
}

#[test]
fn butler_weighted_score_by_both_methods() {
    // Field 620, 620, {0.6: 620, 0.4: −100} (mean 332), 170: datum (1742/4 = 435.5) → 440.
    let e = vec![
        ImpEntry::Result(TableResult::Score(620)),
        ImpEntry::Result(TableResult::Score(620)),
        ImpEntry::Result(w24_table()),
        ImpEntry::Result(TableResult::Score(170)),
    ];
    let all = ButlerPolicy {
        drop: DatumDrop::None,
        ..Default::default()
    };
    let b = butler(&e, None, &all, EACH).unwrap();
    assert_eq!(b.datum, Some(440.0));
    // 0.6·IMP(180) + 0.4·IMP(−540) = 0.6·5 − 0.4·11 = −1.4.
    let w = b.entries[2].unwrap();
    assert!((w.imp_ns + 1.4).abs() < 1e-12 && (w.imp_ew - 1.4).abs() < 1e-12);
    let b = butler(&e, None, &all, POINTS).unwrap();
    assert_eq!(b.entries[2].unwrap().imp_ns, -3.0); // 332 − 440 = −108
}

#[test]
fn a_match_total_sums_the_boards() {
    let boards: Vec<(f64, f64)> = [(620, -100), (-100, -100), (420, -50), (-1430, 100)]
        .iter()
        .map(|&(a, b)| teams_board(&TableResult::Score(a), &TableResult::Score(b), EACH).unwrap())
        .collect();
    // +12, 0, +10 (470), −17 (1530).
    assert_eq!(match_total(&boards), (5.0, -5.0));
}

#[test]
fn invalid_weights_are_refused() {
    let t = TableResult::Weighted(vec![Outcome::new(Weight::Decimal(0.6), 620)]);
    let err = teams_board(&t, &TableResult::Score(0), EACH).unwrap_err();
    assert!(matches!(err, ScoringError::WeightsNotOne(_)));
    let err = cross_imps(&results(&[1, 2]), Some(1), &CrossImpPolicy::default(), EACH).unwrap_err();
    assert!(matches!(err, ScoringError::ExpectedTooFew { .. }));
}
