//! Property tests of the scoring mathematics (issue 4 "Must show"): matchpoint sums (Law 78A),
//! Neuberg reducing to plain matchpoints, IMP and VP tables monotone and antisymmetric,
//! cross-IMPs summing to zero, weighted scores of one certain outcome equal to the plain score,
//! rankings independent of input order.
use proptest::prelude::*;
use tdlog::bridge::score::{imps, matchpoints};
use tdlog::scoring::imps::{butler, cross_imps, teams_board, ImpEntry, TableResult};
use tdlog::scoring::matchpoints::{neuberg, score_board, Entry};
use tdlog::scoring::policy::{
    ButlerPolicy, CrossImpDivisor, CrossImpPolicy, FractionalMargin, MatchpointFactoring,
    MatchpointPolicy, RankingPolicy, Rounding, VpPolicy, VpScale, WeightedImpMethod,
};
use tdlog::scoring::ranking::{rank, Standing};
use tdlog::scoring::vp::vp;
use tdlog::scoring::{imps_real, Outcome, Weight};

/// Realistic scores (so that ties happen) or any score in the Law 77 range.
fn score() -> impl Strategy<Value = i32> {
    prop_oneof![
        prop::sample::select(vec![
            -1100, -800, -500, -200, -100, -50, 0, 90, 110, 140, 170, 400, 420, 430, 450, 460, 620,
            630, 650, 660, 680, 690, 920, 990, 1430, 1440,
        ]),
        -7600i32..=7600,
    ]
}

/// A weighted score: 1-3 outcomes with fraction weights summing to 1.
fn weighted() -> impl Strategy<Value = Vec<Outcome>> {
    prop::collection::vec((1u32..=5, score()), 1..=3).prop_map(|parts| {
        let den: u32 = parts.iter().map(|p| p.0).sum();
        parts
            .into_iter()
            .map(|(n, s)| Outcome::new(Weight::Fraction(n, den), s))
            .collect()
    })
}

fn unrounded_mp() -> MatchpointPolicy {
    MatchpointPolicy {
        mp_rounding: Rounding::NONE,
        pct_rounding: Rounding::NONE,
        ..Default::default()
    }
}

fn plain(s: &[i32]) -> Vec<Entry> {
    s.iter().map(|&x| Entry::Score(x)).collect()
}

fn imp_results(s: &[i32]) -> Vec<ImpEntry> {
    s.iter()
        .map(|&x| ImpEntry::Result(TableResult::Score(x)))
        .collect()
}

const METHODS: [WeightedImpMethod; 2] = [
    WeightedImpMethod::ImpEachOutcome,
    WeightedImpMethod::WeightPoints,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn law_78a_each_direction_sums_to_n_n_minus_1(s in prop::collection::vec(score(), 1..24)) {
        let n = s.len() as f64;
        let b = score_board(&plain(&s), None, &MatchpointPolicy::default()).unwrap();
        let ns: f64 = b.entries.iter().map(|e| e.unwrap().mp_ns).sum();
        let ew: f64 = b.entries.iter().map(|e| e.unwrap().mp_ew).sum();
        prop_assert_eq!(ns, n * (n - 1.0));
        prop_assert_eq!(ew, n * (n - 1.0));
        for e in &b.entries {
            let e = e.unwrap();
            prop_assert_eq!(e.mp_ns + e.mp_ew, b.top);
        }
    }

    #[test]
    fn law_78a_sums_hold_with_weighted_scores(
        s in prop::collection::vec(score(), 1..12),
        w in prop::collection::vec(weighted(), 1..4),
    ) {
        let mut e = plain(&s);
        for (i, o) in w.into_iter().enumerate() {
            e.insert((i * 3).min(e.len()), Entry::Weighted(o));
        }
        let n = e.len() as f64;
        let b = score_board(&e, None, &unrounded_mp()).unwrap();
        let ns: f64 = b.entries.iter().map(|x| x.unwrap().mp_ns).sum();
        let ew: f64 = b.entries.iter().map(|x| x.unwrap().mp_ew).sum();
        prop_assert!((ns - n * (n - 1.0)).abs() < 1e-9, "{} vs {}", ns, n * (n - 1.0));
        prop_assert!((ew - n * (n - 1.0)).abs() < 1e-9);
    }

    #[test]
    fn neuberg_reduces_to_plain_matchpoints_when_nothing_is_missing(
        s in prop::collection::vec(score(), 1..24),
    ) {
        let law: Vec<f64> = matchpoints(&s).into_iter().map(f64::from).collect();
        for factoring in [MatchpointFactoring::Neuberg, MatchpointFactoring::ProRata] {
            let pol = MatchpointPolicy { factoring, ..unrounded_mp() };
            let b = score_board(&plain(&s), None, &pol).unwrap();
            prop_assert!(!b.factored);
            let got: Vec<f64> = b.entries.iter().map(|e| e.unwrap().mp_ns).collect();
            prop_assert_eq!(&got, &law);
        }
        let n = s.len();
        for mp in &law {
            prop_assert_eq!(neuberg(*mp, n, n), *mp);
        }
    }

    #[test]
    fn neuberg_keeps_the_field_average_at_50_percent(
        s in prop::collection::vec(score(), 1..16),
        missing in 1usize..5,
    ) {
        let mut e = plain(&s);
        e.extend(std::iter::repeat_n(Entry::NotPlayed, missing));
        let b = score_board(&e, None, &unrounded_mp()).unwrap();
        let (n, big_n) = (s.len() as f64, (s.len() + missing) as f64);
        let ns: f64 = b.entries.iter().flatten().map(|x| x.mp_ns).sum();
        // Σ ((MP+1)·N/n − 1) = n(N−1): the mean stays at half the top 2(N−1).
        prop_assert!((ns - n * (big_n - 1.0)).abs() < 1e-9);
        prop_assert_eq!(b.top, 2.0 * (big_n - 1.0));
        for x in b.entries.iter().flatten() {
            prop_assert!(x.mp_ns >= 0.0 && x.mp_ns <= b.top + 1e-9);
        }
    }

    #[test]
    fn law_78b_imp_table_is_monotone_and_antisymmetric(d in -9000i64..9000, step in 0i64..3000) {
        prop_assert_eq!(imps(-d), -imps(d));
        prop_assert!(imps(d + step) >= imps(d));
        prop_assert!(imps(d).abs() <= 24);
        let x = d as f64 / 7.0;
        prop_assert_eq!(imps_real(-x), -imps_real(x));
        prop_assert!(imps_real(x + step as f64 / 3.0) >= imps_real(x));
    }

    #[test]
    fn law_78d_vp_scales_are_monotone_and_antisymmetric(
        boards in 1u32..=40,
        m in 0.0f64..90.0,
        step in 0.0f64..12.0,
        whole in 0u32..90,
    ) {
        let mut policies = vec![];
        for fractional in [
            FractionalMargin::Interpolate,
            FractionalMargin::Formula,
            FractionalMargin::RoundMargin,
        ] {
            policies.push(VpPolicy { scale: VpScale::WbfContinuous, fractional });
        }
        if boards <= 36 {
            policies.push(VpPolicy { scale: VpScale::AcblDiscrete, ..Default::default() });
        }
        for p in &policies {
            for margin in [m, whole as f64] {
                let (w, l) = vp(margin, boards, p).unwrap();
                prop_assert_eq!(w + l, 20.0);
                prop_assert!((10.0..=20.0).contains(&w));
                prop_assert_eq!(vp(-margin, boards, p).unwrap(), (l, w));
                let (w2, _) = vp(margin + step, boards, p).unwrap();
                prop_assert!(w2 >= w, "{:?}: {} → {}, {} → {}", p, margin, w, margin + step, w2);
            }
        }
    }

    #[test]
    fn cross_imps_sum_to_zero_over_the_field(
        s in prop::collection::vec(score(), 2..16),
        w in prop::collection::vec(weighted(), 0..3),
    ) {
        let total = CrossImpPolicy {
            divisor: CrossImpDivisor::None,
            rounding: Rounding::NONE,
            ..Default::default()
        };
        let avg = CrossImpPolicy { rounding: Rounding::NONE, ..Default::default() };
        // Plain scores: exactly zero.
        let b = cross_imps(&imp_results(&s), None, &total, METHODS[0]).unwrap();
        let sum: f64 = b.entries.iter().map(|e| e.unwrap().imp_ns).sum();
        prop_assert_eq!(sum, 0.0);
        for e in &b.entries {
            let e = e.unwrap();
            prop_assert_eq!(e.imp_ew, -e.imp_ns);
        }
        // With weighted scores, by both methods, and averaged.
        let mut e = imp_results(&s);
        for o in w {
            e.push(ImpEntry::Result(TableResult::Weighted(o)));
        }
        for method in METHODS {
            for p in [&total, &avg] {
                let b = cross_imps(&e, None, p, method).unwrap();
                let ns: f64 = b.entries.iter().map(|x| x.unwrap().imp_ns).sum();
                let ew: f64 = b.entries.iter().map(|x| x.unwrap().imp_ew).sum();
                prop_assert!(ns.abs() < 1e-9 && ew.abs() < 1e-9, "{} {}", ns, ew);
            }
        }
    }

    #[test]
    fn law_12c1c_a_single_outcome_of_weight_1_equals_the_plain_score(
        s in prop::collection::vec(score(), 2..12),
        idx in 0usize..12,
        decimal in any::<bool>(),
    ) {
        let i = idx % s.len();
        let one = if decimal { Weight::Decimal(1.0) } else { Weight::Fraction(1, 1) };
        let certain = vec![Outcome::new(one, s[i])];
        // Matchpoints.
        let mut e = plain(&s);
        e[i] = Entry::Weighted(certain.clone());
        prop_assert_eq!(
            score_board(&e, None, &MatchpointPolicy::default()).unwrap(),
            score_board(&plain(&s), None, &MatchpointPolicy::default()).unwrap()
        );
        // Cross-IMPs and Butler, both methods.
        let mut e = imp_results(&s);
        e[i] = ImpEntry::Result(TableResult::Weighted(certain.clone()));
        for method in METHODS {
            let cp = CrossImpPolicy::default();
            prop_assert_eq!(
                cross_imps(&e, None, &cp, method).unwrap(),
                cross_imps(&imp_results(&s), None, &cp, method).unwrap()
            );
            let bp = ButlerPolicy::default();
            prop_assert_eq!(
                butler(&e, None, &bp, method).unwrap(),
                butler(&imp_results(&s), None, &bp, method).unwrap()
            );
            // Teams.
            let other = TableResult::Score(s[(i + 1) % s.len()]);
            let w = TableResult::Weighted(certain.clone());
            prop_assert_eq!(
                teams_board(&w, &other, method).unwrap(),
                teams_board(&TableResult::Score(s[i]), &other, method).unwrap()
            );
        }
    }

    #[test]
    fn teams_imps_are_antisymmetric(a in score(), b in score()) {
        let (x, y) = (TableResult::Score(a), TableResult::Score(b));
        let (h, w) = teams_board(&x, &y, METHODS[0]).unwrap();
        prop_assert_eq!(h, -w);
        prop_assert_eq!(h, imps(a as i64 - b as i64) as f64);
        prop_assert_eq!(teams_board(&y, &x, METHODS[1]).unwrap(), (w, h));
    }

    #[test]
    fn ranking_places_are_consistent_and_order_independent(
        totals in prop::collection::vec(prop::sample::select(vec![10.0, 12.5, 12.5, 30.0, 47.25]), 1..12),
        seed in any::<u64>(),
    ) {
        let s: Vec<Standing<u32>> = totals
            .iter()
            .enumerate()
            .map(|(i, &t)| Standing::new(i as u32 * 7 % 13, t))
            .collect();
        let r = rank(&s, &RankingPolicy::default()).unwrap();
        // A deterministic shuffle of the input.
        let mut shuffled = s.clone();
        let mut x = seed;
        for i in (1..shuffled.len()).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            shuffled.swap(i, (x >> 33) as usize % (i + 1));
        }
        prop_assert_eq!(&rank(&shuffled, &RankingPolicy::default()).unwrap(), &r);
        for (k, line) in r.iter().enumerate() {
            let k = k as u32 + 1;
            prop_assert!(line.place.first <= k && k <= line.place.last);
            let group = r.iter().filter(|o| o.total == line.total).count() as u32;
            prop_assert_eq!(line.place.last - line.place.first + 1, group);
        }
        for w in r.windows(2) {
            prop_assert!(w[0].total > w[1].total || (w[0].total == w[1].total && w[0].id < w[1].id));
        }
    }
}
