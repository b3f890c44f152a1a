//! Profiles (doppelkopf.md §1.16, §3): the same facts scored under `eppstein-2001` and `ddv`,
//! and the profile as an explicit, serialisable configuration.
use serde_json::json;
use tdlog::doko::input::score_json;
use tdlog::doko::profile::{H10Rule, ListMode, Profile, ScoringModel};
use tdlog::doko::seat::Seat;

fn points(v: serde_json::Value) -> [i32; 4] {
    let o = score_json(&v.to_string()).unwrap();
    [Seat::A, Seat::B, Seat::C, Seat::D].map(|s| o.points[&s])
}

#[test]
fn kontra_wins_with_160_is_6_eppstein_5_ddv_6_2_2() {
    let g = |profile: &str| {
        json!({
            "profile": profile,
            "kind": {"kind": "Normal"}, "re": ["A", "C"],
            "announcements": [{"seat": "B", "call": "Kontra", "cards_in_hand": 12}],
            "eyes": {"re": 80, "kontra": 160}
        })
    };
    assert_eq!(points(g("eppstein-2001")), [0, 6, 0, 6]);
    assert_eq!(points(g("ddv")), [-5, 5, -5, 5]);
}

#[test]
fn re_keine_60_ends_on_130_is_8_eppstein_7_ddv_6_1_3() {
    let g = |profile: &str| {
        json!({
            "profile": profile,
            "kind": {"kind": "Normal"}, "re": ["A", "C"],
            "announcements": [{"seat": "A", "call": "keine 60", "cards_in_hand": 12}],
            "eyes": {"re": 130, "kontra": 110}
        })
    };
    assert_eq!(points(g("eppstein-2001")), [0, 8, 0, 8]);
    assert_eq!(points(g("ddv")), [-7, 7, -7, 7]);
}

#[test]
fn ddv_solo_is_zero_sum_with_soloist_times_three_6_2_4() {
    let v = json!({
        "profile": "ddv",
        "kind": {"kind": "Lustsolo", "soloist": "B", "solo": "Damensolo"},
        "eyes": {"re": 140, "kontra": 100}
    });
    assert_eq!(points(v), [-1, 3, -1, -1]);
}

#[test]
fn profiles_are_explicit_and_round_trip_through_json_1_16() {
    for p in [Profile::eppstein_2001(), Profile::ddv()] {
        let s = serde_json::to_string(&p).unwrap();
        let back: Profile = serde_json::from_str(&s).unwrap();
        assert_eq!(back, p);
        assert_eq!(p.name.parse::<Profile>().unwrap(), p);
    }
    let e = Profile::default();
    assert_eq!(e.name, "eppstein-2001");
    assert_eq!(e.scoring_model, ScoringModel::MultiplicativeReKontra);
    assert_eq!(e.list_mode, ListMode::PlusOnly);
    assert_eq!(e.h10_second_beats_first, H10Rule::Always);
    assert_eq!(Profile::ddv().h10_second_beats_first, H10Rule::Never);
    assert!("skat".parse::<Profile>().is_err());
}

#[test]
fn deadlines_and_penalty_scale_are_profile_data_5_3_4_8_6_2() {
    use tdlog::doko::penalty::{distribute_on, Classification, PenaltyContext, Ruling};
    use tdlog::doko::seat::Party;
    let mut strict = Profile::eppstein_2001();
    strict.name = "strict-club".into();
    strict.announcement_min_cards = [12, 11, 10, 9, 8];
    strict.validate().unwrap();
    let mut v = json!({
        "kind": {"kind": "Normal"}, "re": ["A", "C"],
        "announcements": [{"seat": "A", "call": "Re", "cards_in_hand": 11}],
        "eyes": {"re": 130, "kontra": 110}
    });
    assert!(score_json(&v.to_string()).unwrap().announcements[0].legal);
    v["profile"] = serde_json::to_value(&strict).unwrap();
    let o = score_json(&v.to_string()).unwrap();
    assert!(
        !o.announcements[0].legal,
        "12 cards needed under this profile"
    );
    // A bad profile is refused.
    let mut bad = strict.clone();
    bad.penalties.geringfuegig = 4;
    v["profile"] = serde_json::to_value(&bad).unwrap();
    assert!(score_json(&v.to_string()).is_err());
    // The scale drives the distribution: 6 / 24 / +6.
    let mut scale = strict.penalties;
    scale.geringfuegig = 6;
    scale.schwerwiegend = 24;
    scale.per_absage = 6;
    let ctx = PenaltyContext {
        parties: [Seat::A, Seat::B, Seat::C, Seat::D]
            .into_iter()
            .map(|s| {
                (
                    s,
                    if s == Seat::A || s == Seat::C {
                        Party::Re
                    } else {
                        Party::Kontra
                    },
                )
            })
            .collect(),
        soloist: None,
    };
    let r = Ruling {
        offender: Seat::A,
        classification: Classification::Schwerwiegend,
        can_hurt_soloist: None,
        decided_for: None,
        opponent_absagen: 1,
    };
    let p = distribute_on(&ctx, &r, &scale).unwrap();
    assert_eq!(p.strafpunkte, 30);
    assert_eq!(p.credits[&Seat::B], 10);
}
