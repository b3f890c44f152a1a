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
