//! Adjusted-score arithmetic (Law 12C, Law 86, DBV fn C) and deadlines (Laws 79C, 92B, 92D):
//! worked examples W23, W24 and W25(a)-(c) of bridge-laws.md §9.
use chrono::{TimeZone, Utc};
use tdlog::bridge::adjust::{
    artificial_imps, artificial_pairs, dbv_unplayed, knockout_average, weighted_imps_on_points,
    weighted_imps_per_component, ArtificialConfig, Fault, UnplayedScore,
};
use tdlog::bridge::deadline::{appeal_consent_ok, Consent, EventKind, Periods};

#[test]
fn law_12c2c_w23_session_percentage_rule() {
    let cfg = ArtificialConfig::default();
    // N-S not at fault, 64 % on the other boards: their own 64 %.
    assert_eq!(artificial_pairs(Fault::NotAtFault, 64.0, &cfg), 64.0);
    // E-W at fault, 35 %: the original wording gives 35 %.
    assert_eq!(artificial_pairs(Fault::AtFault, 35.0, &cfg), 35.0);
    assert_eq!(artificial_pairs(Fault::AtFault, 55.0, &cfg), 40.0);
    assert_eq!(artificial_pairs(Fault::NotAtFault, 52.0, &cfg), 60.0);
    assert_eq!(artificial_pairs(Fault::PartlyAtFault, 70.0, &cfg), 50.0);
    // The German 000 wording (configuration switch): the offender keeps 40 %; a NOS below
    // 40 % would get its own percentage.
    let german = ArtificialConfig {
        original_12c2c: false,
        ..cfg
    };
    assert_eq!(artificial_pairs(Fault::AtFault, 35.0, &german), 40.0);
    assert_eq!(artificial_pairs(Fault::NotAtFault, 35.0, &german), 35.0);
    assert_eq!(artificial_pairs(Fault::NotAtFault, 64.0, &german), 64.0);
}

#[test]
fn law_12c2b_w23_imp_events_plus_minus_three() {
    let cfg = ArtificialConfig::default();
    assert_eq!(artificial_imps(Fault::NotAtFault, &cfg), 3);
    assert_eq!(artificial_imps(Fault::AtFault, &cfg), -3);
    assert_eq!(artificial_imps(Fault::PartlyAtFault, &cfg), 0);
}

#[test]
fn law_12c2a_configured_averages_must_stay_within_the_law() {
    assert!(ArtificialConfig::default().validate().is_ok());
    let bad = ArtificialConfig {
        average_minus_pct: 45.0,
        ..Default::default()
    };
    assert!(bad
        .validate()
        .unwrap_err()
        .to_string()
        .contains("at most 40"));
    let bad = ArtificialConfig {
        average_plus_pct: 55.0,
        ..Default::default()
    };
    assert!(bad
        .validate()
        .unwrap_err()
        .to_string()
        .contains("at least 60"));
}

#[test]
fn law_12c2d_dbv_fn_c_w23_more_than_two_unplayed_boards() {
    assert_eq!(dbv_unplayed(1, false), UnplayedScore::Artificial);
    assert_eq!(dbv_unplayed(2, true), UnplayedScore::Artificial);
    assert_eq!(dbv_unplayed(3, false), UnplayedScore::SessionAverage);
    assert_eq!(dbv_unplayed(4, false), UnplayedScore::SessionAverage);
    assert_eq!(dbv_unplayed(3, true), UnplayedScore::NotPlayed);
    assert_eq!(dbv_unplayed(4, true), UnplayedScore::NotPlayed);
}

#[test]
fn law_12c1c_w24a_weighted_score_two_methods() {
    // Other table: team A -620. Here: 60 % of 4S made (+620), 40 % of 4S down one (-100).
    let comps = [(620, 0.6), (-100, 0.4)];
    let m1 = weighted_imps_per_component(&comps, -620).unwrap();
    assert!((m1 - (-4.8)).abs() < 1e-9, "{m1}");
    assert_eq!(weighted_imps_on_points(&comps, -620).unwrap(), -7);
    assert!(
        weighted_imps_on_points(&[(620, 0.5)], -620).is_err(),
        "weights must sum to 1"
    );
}

#[test]
fn law_12c4_w24b_knockout_non_balancing_scores_are_averaged() {
    assert_eq!(knockout_average(6.0, -2.0), (4.0, -4.0));
}

#[test]
fn law_79c_92b_w25ab_correction_and_appeal_deadlines() {
    let published = Utc.with_ymd_and_hms(2026, 5, 1, 22, 0, 0).unwrap();
    let p = Periods::default();
    assert_eq!(
        p.correction_ends(published),
        Utc.with_ymd_and_hms(2026, 5, 1, 22, 30, 0).unwrap()
    );
    assert!(p.scoring_correction_in_time(
        published,
        Utc.with_ymd_and_hms(2026, 5, 1, 22, 20, 0).unwrap()
    ));
    assert!(!p.appeal_in_time(
        published,
        Utc.with_ymd_and_hms(2026, 5, 1, 22, 31, 0).unwrap()
    ));
    // Separate settings: an organizer may extend one without the other.
    let later = Periods {
        correction_minutes: 30,
        appeal_minutes: 45,
    };
    assert!(later.appeal_in_time(
        published,
        Utc.with_ymd_and_hms(2026, 5, 1, 22, 31, 0).unwrap()
    ));
    assert!(!later.scoring_correction_in_time(
        published,
        Utc.with_ymd_and_hms(2026, 5, 1, 22, 31, 0).unwrap()
    ));
}

#[test]
fn law_92d_w25c_appeal_consent() {
    let one = Consent {
        appellant: true,
        partner: false,
        captain: false,
    };
    let both = Consent {
        appellant: true,
        partner: true,
        captain: false,
    };
    assert!(!appeal_consent_ok(EventKind::Pairs, one));
    assert!(appeal_consent_ok(EventKind::Pairs, both));
    assert!(!appeal_consent_ok(EventKind::Teams, both));
    assert!(appeal_consent_ok(
        EventKind::Teams,
        Consent {
            captain: true,
            ..one
        }
    ));
    assert!(appeal_consent_ok(EventKind::Individual, one));
}
