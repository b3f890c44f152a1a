//! Victory points (Law 78D): the WBF 2013 continuous scale and the ACBL discrete scale
//! (bridge-software-landscape.md §4, [S42][S31]).
use tdlog::scoring::policy::{FractionalMargin, VpPolicy, VpScale};
use tdlog::scoring::vp::{acbl_cutoffs, blitz, vp, wbf_formula, wbf_table};
use tdlog::scoring::ScoringError;

fn wbf(margin: f64, boards: u32) -> (f64, f64) {
    vp(margin, boards, &VpPolicy::default()).unwrap()
}

#[test]
fn wbf_2013_vp_16_boards_check_values() {
    // B = 60. Values from the reference, computed with the rounding + concavity procedure.
    assert_eq!(blitz(16), 60.0);
    assert_eq!(wbf(0.0, 16), (10.0, 10.0));
    assert_eq!(wbf(1.0, 16), (10.31, 9.69));
    assert_eq!(wbf(5.0, 16), (11.48, 8.52));
    assert_eq!(wbf(10.0, 16), (12.8, 7.2));
    assert_eq!(wbf(20.0, 16), (15.0, 5.0));
    assert_eq!(wbf(40.0, 16), (18.09, 1.91));
    assert_eq!(wbf(60.0, 16), (20.0, 0.0));
    assert_eq!(wbf(-40.0, 16), (1.91, 18.09));
}

#[test]
fn wbf_2013_vp_10_boards_check_values() {
    // B = 15·√10 ≈ 47.43.
    assert_eq!(wbf(1.0, 10), (10.39, 9.61));
    assert_eq!(wbf(10.0, 10), (13.43, 6.57));
    assert_eq!(wbf(20.0, 10), (15.97, 4.03));
    assert_eq!(wbf_table(10).unwrap().blitz_margin(), 48);
}

#[test]
fn wbf_2013_concavity_correction_raises_the_rounded_formula() {
    // At 14 IMPs over 16 boards the formula rounds to 13.74, which would make the table
    // convex there (13.52, 13.74, 13.97); the correction raises it to 13.75.
    let raw = (wbf_formula(14.0, 16) * 100.0).round() / 100.0;
    assert_eq!(raw, 13.74);
    let t = wbf_table(16).unwrap();
    assert_eq!(
        [t.winner(13), t.winner(14), t.winner(15)],
        [13.52, 13.75, 13.97]
    );
    // The other corrected points of the 16-board table (raw + 0.01).
    for m in [27, 38, 46, 49, 55, 59] {
        let raw = (wbf_formula(m as f64, 16) * 100.0).round() as u32;
        assert_eq!(t.hundredths(m), raw + 1, "margin {m}");
    }
    for m in [27, 29, 31] {
        let raw = (wbf_formula(m as f64, 10) * 100.0).round() as u32;
        assert_eq!(wbf_table(10).unwrap().hundredths(m), raw + 1, "margin {m}");
    }
}

#[test]
fn wbf_tables_are_concave_monotone_and_reach_20_at_the_blitz() {
    for boards in 1..=64 {
        let t = wbf_table(boards).unwrap();
        let h = t.as_hundredths();
        assert_eq!(h[0], 1000);
        assert_eq!(*h.last().unwrap(), 2000);
        // 20.00 is reached at ⌈B⌉, or one IMP earlier when the formula rounds up to 20.00
        // there (41 boards: B = 96.05, 96 IMPs give 19.9996 → 20.00).
        let bm = t.blitz_margin() as f64;
        let b = blitz(boards);
        assert!(bm <= b.ceil() && bm >= b.ceil() - 1.0, "{boards} boards");
        for w in h.windows(2) {
            assert!(
                w[0] < w[1],
                "{boards} boards: strictly increasing to the blitz"
            );
        }
        for w in h.windows(3) {
            assert!(w[0] + w[2] <= 2 * w[1], "{boards} boards: concave");
        }
    }
}

#[test]
fn wbf_fractional_margins_by_policy() {
    let pol = |fractional| VpPolicy {
        scale: VpScale::WbfContinuous,
        fractional,
    };
    // Between 2 (10.61) and 3 (10.91) IMPs over 16 boards.
    assert_eq!(
        vp(2.5, 16, &pol(FractionalMargin::Interpolate)).unwrap(),
        (10.76, 9.24)
    );
    assert_eq!(
        vp(2.25, 16, &pol(FractionalMargin::Interpolate)).unwrap(),
        (10.69, 9.31) // 10.685 → 10.69
    );
    // `formula` uses the rounded formula for whole margins too, so it stays monotone: 16
    // boards, 14 IMPs gives 13.74 (the table, concavity-corrected, has 13.75); 22 boards,
    // 69 IMPs 19.91 like 69.011 IMPs (the table's 19.92 would exceed it; a proptest case).
    assert_eq!(
        vp(14.0, 16, &pol(FractionalMargin::Formula)).unwrap().0,
        13.74
    );
    let f69 = vp(69.0, 22, &pol(FractionalMargin::Formula)).unwrap().0;
    let f69x = vp(69.011_084_487_940_33, 22, &pol(FractionalMargin::Formula))
        .unwrap()
        .0;
    assert!(
        f69 <= f69x && wbf_table(22).unwrap().winner(69) == 19.92,
        "{f69} {f69x}"
    );
    // The formula at 2.5: 10.7642 → 10.76.
    assert_eq!(
        vp(2.5, 16, &pol(FractionalMargin::Formula)).unwrap(),
        (10.76, 9.24)
    );
    assert_eq!(
        vp(-2.5, 16, &pol(FractionalMargin::RoundMargin)).unwrap(),
        (9.09, 10.91)
    );
    assert_eq!(
        vp(59.5, 16, &pol(FractionalMargin::Interpolate)).unwrap(),
        (19.97, 0.03) // 19.965 → 19.97
    );
}

#[test]
fn acbl_discrete_scale() {
    let acbl = VpPolicy {
        scale: VpScale::AcblDiscrete,
        ..Default::default()
    };
    let v = |m: f64, b: u32| vp(m, b, &acbl).unwrap();
    // 16-20 boards: 2, 5, 9, 14, 19, 25, 32, 39, 47, 56.
    assert_eq!(v(1.0, 16), (10.0, 10.0));
    assert_eq!(v(2.0, 16), (11.0, 9.0));
    assert_eq!(v(13.9, 16), (13.0, 7.0));
    assert_eq!(v(14.0, 16), (14.0, 6.0));
    assert_eq!(v(-14.0, 16), (6.0, 14.0));
    assert_eq!(v(56.0, 16), (20.0, 0.0));
    assert_eq!(v(500.0, 16), (20.0, 0.0));
    assert_eq!(v(28.0, 8), (20.0, 0.0));
    assert_eq!(acbl_cutoffs(36).unwrap()[9], 85);
    let err = vp(3.0, 37, &acbl).unwrap_err();
    assert_eq!(err, ScoringError::AcblBoards(37));
    assert!(err.to_string().starts_with("Law 78D"));
}

#[test]
fn vp_errors_name_law_78d() {
    let p = VpPolicy::default();
    assert_eq!(vp(3.0, 0, &p).unwrap_err(), ScoringError::NoBoards);
    assert!(matches!(
        vp(f64::INFINITY, 16, &p),
        Err(ScoringError::BadMargin(_))
    ));
    assert!(wbf_table(0).unwrap_err().to_string().starts_with("Law 78D"));
}

#[test]
fn wbf_every_hundredth_of_an_imp_is_monotone_under_every_fractional_rule() {
    // Exhaustive over 1-40 boards and margins 0.00..=blitz+2 in steps of 0.01.
    for boards in 1..=40 {
        let t = wbf_table(boards).unwrap();
        let end = (blitz(boards).ceil() as u32 + 2) * 100;
        for rule in [
            FractionalMargin::Interpolate,
            FractionalMargin::Formula,
            FractionalMargin::RoundMargin,
        ] {
            let mut prev = 0;
            for c in 0..=end {
                let h = t.winner_hundredths(c as f64 / 100.0, rule);
                assert!(h >= prev, "{boards} boards, {rule:?}, {c}/100 IMPs");
                assert!((1000..=2000).contains(&h));
                prev = h;
            }
            assert_eq!(prev, 2000);
        }
    }
}
