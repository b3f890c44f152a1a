//! Worked examples E1–E25 of doppelkopf.md §2 (Eppstein defaults, flag variants where the
//! case gives them). Each test is named after the case and the rule section.
use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};
use tdlog::doko::announce::{evaluate, AnnounceContext, AnnounceIssue, AnnouncementInput, Level};
use tdlog::doko::cards::Card;
use tdlog::doko::determination::{
    determine, DeterminationFlag, DeterminationInput, Outcome, QueryEntry, Statement, Vorbehaltsart,
};
use tdlog::doko::game_type::{GameKind, SoloType};
use tdlog::doko::input::{score, GameInput, ScoreOutput};
use tdlog::doko::list::{project, RowKind};
use tdlog::doko::penalty::{distribute, Classification, GameEffect, PenaltyContext, Ruling};
use tdlog::doko::profile::{FarbsoloStyle, Profile};
use tdlog::doko::ranking::Ranking;
use tdlog::doko::round::{fold, DealResult, GameRecord, PenaltyRow, TableConfig};
use tdlog::doko::seat::{Party, Players, Seat};
use tdlog::doko::sonderpunkte::{from_tricks, CompletedTrick, SonderpunktKind};
use tdlog::doko::trick::{winning_index, Play};
use tdlog::doko::value::{already_won, credit, Tally};

const SEATS: [Seat; 4] = [Seat::A, Seat::B, Seat::C, Seat::D];

fn run(v: Value) -> ScoreOutput {
    let g: GameInput = serde_json::from_value(v).expect("valid game JSON");
    score(&g).expect("scorable game")
}

fn pts(o: &ScoreOutput) -> [i32; 4] {
    SEATS.map(|s| o.points[&s])
}

fn map(xs: [i32; 4]) -> BTreeMap<Seat, i32> {
    SEATS.into_iter().zip(xs).collect()
}

fn call(seat: &str, c: &str, h: u8) -> Value {
    json!({"seat": seat, "call": c, "cards_in_hand": h})
}

fn normal(re: [&str; 2], calls: Vec<Value>, re_eyes: u16) -> Value {
    json!({
        "kind": {"kind": "Normal"},
        "re": re,
        "announcements": calls,
        "eyes": {"re": re_eyes, "kontra": 240 - re_eyes}
    })
}

fn with_profile(mut v: Value, f: impl FnOnce(&mut Profile)) -> Value {
    let mut p = Profile::eppstein_2001();
    f(&mut p);
    v["profile"] = serde_json::to_value(p).unwrap();
    v
}

fn parties(re: &[Seat]) -> BTreeMap<Seat, Party> {
    SEATS
        .into_iter()
        .map(|s| {
            (
                s,
                if re.contains(&s) {
                    Party::Re
                } else {
                    Party::Kontra
                },
            )
        })
        .collect()
}

fn record(dealer: Seat, kind: GameKind, value: u32, points: [i32; 4]) -> GameRecord {
    GameRecord {
        dealer,
        result: DealResult::Played { kind },
        value,
        points: map(points),
        penalties: vec![],
        struck: false,
        replaces: None,
    }
}

fn four() -> TableConfig {
    TableConfig::new(4).unwrap()
}

#[test]
fn e01_seed_list_example_running_totals_6_3_7() {
    // Game 1: seats 1+2 (Re, "Re" announced) win 150:90 → 2. Game 2: seats 1+3 take every
    // trick without announcements → 1 + unter 90/60/30 + schwarz = 5.
    let g1 = run(normal(["A", "B"], vec![call("A", "Re", 12)], 150));
    let g2 = run(json!({
        "kind": {"kind": "Normal"}, "re": ["A", "C"],
        "eyes": {"re": 240, "kontra": 0}
    }));
    assert_eq!(pts(&g1), [2, 2, 0, 0]);
    assert_eq!(pts(&g2), [5, 0, 5, 0]);
    let recs = vec![
        record(Seat::A, GameKind::Normal, g1.value.value, pts(&g1)),
        record(Seat::B, GameKind::Normal, g2.value.value, pts(&g2)),
    ];
    let list = project(&recs, four());
    assert_eq!(list.rows[0].totals, map([2, 2, 0, 0]));
    assert_eq!(list.rows[1].totals, map([7, 2, 5, 0]));
    assert_eq!(
        list.rows.iter().map(|r| r.value).collect::<Vec<_>>(),
        vec![2, 5]
    );
}

#[test]
fn e02a_re_wins_with_121_6_1_2() {
    assert_eq!(pts(&run(normal(["A", "C"], vec![], 121))), [1, 0, 1, 0]);
}

#[test]
fn e02b_120_all_goes_to_kontra_with_kreuz_damen_point_6_1_3() {
    let o = run(normal(["A", "C"], vec![], 120));
    assert_eq!(o.value.winner, Some(Party::Kontra));
    assert_eq!(pts(&o), [0, 2, 0, 2]);
}

#[test]
fn e03_only_kontra_lets_re_win_with_120_6_1_2() {
    let o = run(normal(["A", "C"], vec![call("B", "Kontra", 11)], 120));
    assert_eq!(pts(&o), [2, 0, 2, 0]);
}

#[test]
fn e04a_re_150_not_under_90_6_2_2() {
    assert_eq!(
        pts(&run(normal(["A", "C"], vec![call("A", "Re", 12)], 150))),
        [2, 0, 2, 0]
    );
}

#[test]
fn e04b_re_151_unter_90_6_2_2() {
    assert_eq!(
        pts(&run(normal(["A", "C"], vec![call("A", "Re", 12)], 151))),
        [4, 0, 4, 0]
    );
}

#[test]
fn e05_re_and_kontra_quadruple_6_2_2_c() {
    let o = run(normal(
        ["A", "C"],
        vec![call("A", "Re", 12), call("B", "Kontra", 11)],
        185,
    ));
    assert_eq!(o.value.multiplier, 4);
    assert_eq!(pts(&o), [12, 0, 12, 0]);
}

#[test]
fn e06_kontra_reaches_90_against_keine_90_6_1_3() {
    let o = run(normal(
        ["A", "C"],
        vec![call("A", "Re", 12), call("A", "keine 90", 12)],
        145,
    ));
    assert_eq!(pts(&o), [0, 6, 0, 6]);
}

#[test]
fn e07_kontra_as_erwiderung_quadruples_5_5_4_6_2_2() {
    let o = run(normal(
        ["A", "C"],
        vec![call("A", "keine 90", 12), call("B", "Kontra", 9)],
        160,
    ));
    assert!(o.announcements[1].legal && o.announcements[1].erwiderung);
    assert_eq!(pts(&o), [12, 0, 12, 0]);
}

#[test]
fn e08a_no_winner_only_sonderpunkte_6_1_4() {
    let mut v = normal(
        ["A", "C"],
        vec![call("A", "keine 90", 12), call("B", "keine 90", 12)],
        140,
    );
    v["sonderpunkte"] = json!([{"kind": "FuchsGefangen", "party": "Re"}]);
    let o = run(v);
    assert_eq!(o.value.winner, None);
    assert_eq!(pts(&o), [1, 0, 1, 0]);
}

#[test]
fn e08b_no_winner_unter_90_not_multiplied_a8() {
    let v = normal(
        ["A", "C"],
        vec![call("A", "keine 60", 12), call("B", "keine 90", 12)],
        175,
    );
    let o = run(v.clone());
    assert_eq!(o.value.winner, None);
    assert_eq!(pts(&o), [1, 0, 1, 0]);
    let o = run(with_profile(v, |p| p.no_winner_multiplier = true));
    assert_eq!(pts(&o), [4, 0, 4, 0]);
}

#[test]
fn e09_sonderpunkte_each_party_its_own_6_2_3_a12() {
    let mut v = normal(["A", "C"], vec![], 130);
    v["sonderpunkte"] = json!([
        {"kind": "Doppelkopf", "party": "Re"},
        {"kind": "FuchsGefangen", "party": "Re"},
        {"kind": "KarlchenLetzterStich", "party": "Kontra"}
    ]);
    assert_eq!(pts(&run(v.clone())), [3, 1, 3, 1]);
    let netted = run(with_profile(v, |p| p.sonderpunkte_netting = true));
    assert_eq!(pts(&netted), [2, 0, 2, 0]);
}

#[test]
fn e10_fuchs_wins_last_trick_and_is_caught_4_4_2_6_2_3() {
    let p = Profile::eppstein_2001();
    let rk = Ranking::new(
        tdlog::doko::game_type::GameType::Normal,
        FarbsoloStyle::PureSuit,
    );
    let pl = |s: Seat, c: &str| Play {
        seat: s,
        card: c.parse().unwrap(),
    };
    // Eleven zero-eye tricks of nines stand in for the earlier play.
    let filler = vec![
        pl(Seat::A, "♠9"),
        pl(Seat::B, "♠9"),
        pl(Seat::C, "♣9"),
        pl(Seat::D, "♣9"),
    ];
    let mut tricks: Vec<CompletedTrick> = (0..11)
        .map(|_| CompletedTrick {
            winner_index: winning_index(&filler, &rk, p.h10_second_beats_first),
            plays: filler.clone(),
        })
        .collect();
    let last = vec![
        pl(Seat::B, "♦A"),
        pl(Seat::C, "♦A"),
        pl(Seat::D, "♠9"),
        pl(Seat::A, "♣K"),
    ];
    let wi = winning_index(&last, &rk, p.h10_second_beats_first);
    assert_eq!(last[wi].seat, Seat::B, "first of two equal cards");
    tricks.push(CompletedTrick {
        plays: last,
        winner_index: wi,
    });
    let par = parties(&[Seat::A, Seat::C]);
    let sp = from_tricks(&tricks, &par, &p.special_points);
    let kinds: BTreeSet<_> = sp.iter().map(|s| (s.kind, s.party)).collect();
    assert_eq!(
        kinds,
        BTreeSet::from([
            (SonderpunktKind::FuchsLetzterStich, Party::Kontra),
            (SonderpunktKind::FuchsGefangen, Party::Kontra)
        ])
    );
    let t = Tally::new(125, 115, 6, 6).unwrap();
    let s = credit(
        &par,
        None,
        &t,
        &Default::default(),
        &Default::default(),
        sp,
        &p,
    );
    assert_eq!(SEATS.map(|x| s.points[&x]), [1, 2, 1, 2]);
}

#[test]
fn e11a_re_schwarz_jump_at_11_cards_5_5_3() {
    let mut v = normal(["A", "C"], vec![call("A", "schwarz", 11)], 240);
    v["tricks_won"] = json!({"re": 12, "kontra": 0});
    let o = run(v);
    assert!(o.announcements[0].legal);
    assert_eq!(o.announcements[0].added.len(), 5);
    assert_eq!(pts(&o), [18, 0, 18, 0]);
}

#[test]
fn e11b_kontra_wins_with_first_trick_against_schwarz_6_1_3() {
    let mut v = normal(["A", "C"], vec![call("A", "schwarz", 11)], 240);
    v["tricks_won"] = json!({"re": 11, "kontra": 1});
    let o = run(v);
    assert_eq!(o.value.winner, Some(Party::Kontra));
    assert_eq!(pts(&o), [0, 12, 0, 12]);
}

fn query(seat: Seat, art: Option<Vorbehaltsart>) -> QueryEntry {
    QueryEntry {
        seat,
        statement: if art.is_some() {
            Statement::Vorbehalt
        } else {
            Statement::Gesund
        },
        art,
        correction: None,
    }
}

#[test]
fn e12_pflichtsolo_soloist_leads_and_same_dealer_again_3_2_2_2_2_1() {
    let players = Players::for_dealer(Seat::C, 4);
    let d = determine(
        &DeterminationInput {
            players,
            hands: None,
            owes_pflichtsolo: SEATS.into_iter().collect(),
            vorgefuehrt: None,
            query: vec![
                query(Seat::D, None),
                query(Seat::A, None),
                query(Seat::B, Some(Vorbehaltsart::Solo(SoloType::Damensolo))),
                query(Seat::C, None),
            ],
        },
        &Profile::eppstein_2001(),
    )
    .unwrap();
    let kind = GameKind::Pflichtsolo {
        soloist: Seat::B,
        solo: SoloType::Damensolo,
        vorgefuehrt: false,
    };
    assert_eq!(
        d.outcome,
        Outcome::Play {
            kind,
            leader: Seat::B
        }
    );
    let o = run(json!({
        "kind": kind, "eyes": {"re": 140, "kontra": 100}
    }));
    assert_eq!(pts(&o), [0, 3, 0, 0]);
    let recs = vec![
        record(Seat::A, GameKind::Normal, 1, [1, 0, 1, 0]),
        record(Seat::B, GameKind::Normal, 1, [1, 0, 1, 0]),
        record(Seat::C, kind, 1, pts(&o)),
    ];
    let st = fold(&recs, four(), &Profile::eppstein_2001(), None);
    assert_eq!(
        st.next_dealer,
        Seat::C,
        "4.2.5: the same dealer deals again"
    );
    assert!(!st.owes_pflichtsolo.contains(&Seat::B));
    let list = project(&recs, four());
    assert!(matches!(
        list.rows[2].kind,
        RowKind::Game {
            pflichtsolo: true,
            ..
        }
    ));
}

#[test]
fn e13_lustsolo_soloist_leads_kontra_wins_at_120_3_3_1_6_1_3() {
    let mut owes: BTreeSet<Seat> = SEATS.into_iter().collect();
    owes.remove(&Seat::C);
    let input = DeterminationInput {
        players: Players::for_dealer(Seat::D, 4),
        hands: None,
        owes_pflichtsolo: owes,
        vorgefuehrt: None,
        query: vec![
            query(Seat::A, None),
            query(Seat::B, None),
            query(Seat::C, Some(Vorbehaltsart::Solo(SoloType::Bubensolo))),
            query(Seat::D, None),
        ],
    };
    let kind = GameKind::Lustsolo {
        soloist: Seat::C,
        solo: SoloType::Bubensolo,
    };
    let d = determine(&input, &Profile::eppstein_2001()).unwrap();
    assert_eq!(
        d.outcome,
        Outcome::Play {
            kind,
            leader: Seat::C
        }
    );
    let d = determine(&input, &Profile::ddv()).unwrap();
    assert_eq!(
        d.outcome,
        Outcome::Play {
            kind,
            leader: Seat::A
        },
        "DDV: Vorhand"
    );
    let o = run(json!({
        "kind": kind,
        "announcements": [call("C", "Re", 12), call("A", "Kontra", 12)],
        "eyes": {"re": 110, "kontra": 130}
    }));
    assert_eq!(pts(&o), [4, 4, 0, 4]);
    let recs = vec![
        record(Seat::A, GameKind::Normal, 1, [1, 0, 1, 0]),
        record(Seat::B, kind, 4, pts(&o)),
    ];
    assert_eq!(
        fold(&recs, four(), &Profile::eppstein_2001(), None).next_dealer,
        Seat::C
    );
}

#[test]
fn e14_farbsolo_herz_pure_suit_re_keine_90_6_2_4() {
    let o = run(json!({
        "kind": {"kind": "Lustsolo", "soloist": "A", "solo": {"Farbsolo": "Herz"}},
        "announcements": [call("A", "keine 90", 12)],
        "eyes": {"re": 200, "kontra": 40}
    }));
    assert_eq!(o.value.value, 8);
    assert_eq!(pts(&o), [24, 0, 0, 0]);
}

#[test]
fn e15_soloist_reaches_90_against_kontra_keine_90_6_1_2() {
    let o = run(json!({
        "kind": {"kind": "Lustsolo", "soloist": "D", "solo": "Trumpfsolo"},
        "announcements": [call("B", "keine 90", 12)],
        "eyes": {"re": 95, "kontra": 145}
    }));
    assert_eq!(pts(&o), [0, 0, 0, 12]);
}

#[test]
fn e16_hochzeit_klaerung_in_trick_2_shifts_kontra_to_10_cards_5_5_2() {
    let mk = |h: u8| {
        json!({
            "kind": {"kind": "Hochzeit", "hochzeiter": "A", "partner": "C", "klaerungsstich": 2},
            "announcements": [{"seat": "B", "call": "Kontra", "cards_in_hand": h, "tricks_completed": 2}],
            "eyes": {"re": 100, "kontra": 140}
        })
    };
    let o = run(mk(10));
    assert!(o.announcements[0].legal);
    assert_eq!(pts(&o), [0, 4, 0, 4]);
    let late = run(mk(9));
    assert!(!late.announcements[0].legal, "at 9 cards Kontra is late");
}

#[test]
fn e17_hochzeit_becomes_trumpfsolo_no_sonderpunkte_3_5_3_b_6_2_4() {
    let kind = GameKind::Hochzeit {
        hochzeiter: Seat::A,
        partner: None,
        klaerungsstich: Some(3),
    };
    let o = run(json!({
        "kind": kind,
        "announcements": [{"seat": "A", "call": "Re", "cards_in_hand": 9, "tricks_completed": 3}],
        "eyes": {"re": 150, "kontra": 90},
        "sonderpunkte": [{"kind": "Doppelkopf", "party": "Re", "trick": 2}]
    }));
    assert!(o.announcements[0].legal);
    assert!(o.sonderpunkte.is_empty());
    assert_eq!(pts(&o), [6, 0, 0, 0]);
    let recs = vec![record(Seat::A, kind, 2, pts(&o))];
    let list = project(&recs, four());
    assert!(matches!(
        list.rows[0].kind,
        RowKind::Game {
            pflichtsolo: false,
            ..
        }
    ));
    assert_eq!(
        fold(&recs, four(), &Profile::eppstein_2001(), None).next_dealer,
        Seat::B
    );
}

#[test]
fn e18_stille_hochzeit_scored_as_solo_3_5_5_a7() {
    let mk = |re: u16| {
        json!({
            "kind": {"kind": "StilleHochzeit", "soloist": "D"},
            "eyes": {"re": re, "kontra": 240 - re}
        })
    };
    assert_eq!(pts(&run(mk(121))), [0, 0, 0, 3]);
    assert_eq!(pts(&run(mk(119))), [1, 1, 1, 0]);
    let o = run(with_profile(mk(119), |p| {
        p.against_club_queens_in_solo = true
    }));
    assert_eq!(pts(&o), [2, 2, 2, 0]);
}

#[test]
fn e19_simultaneous_re_with_unclear_partnership_implies_keine_90_5_5_7_b() {
    let mut c = call("C", "Re", 11);
    c["simultaneous"] = json!(true);
    let o = run(normal(["A", "C"], vec![call("A", "Re", 11), c], 140));
    assert_eq!(o.announcements[1].implied, Some(Level::Keine90));
    assert_eq!(pts(&o), [0, 6, 0, 6]);
}

#[test]
fn e20_repeated_keine_90_when_clear_is_geringfuegig_5_5_8_a_8_4_2() {
    let mut c = call("C", "keine 90", 10);
    c["partnership_clear"] = json!(true);
    let o = run(normal(["A", "C"], vec![call("A", "keine 90", 12), c], 160));
    assert_eq!(
        o.announcements[1].issues,
        vec![AnnounceIssue::RepeatedWhenClear]
    );
    assert_eq!(o.value.absagen, 1, "valid once");
    let pen = distribute(
        &PenaltyContext {
            parties: o.parties.clone(),
            soloist: None,
        },
        &Ruling {
            offender: Seat::C,
            classification: Classification::Geringfuegig,
            can_hurt_soloist: None,
            decided_for: None,
            opponent_absagen: 0,
        },
    )
    .unwrap();
    let total: Vec<i32> = SEATS
        .iter()
        .map(|s| o.points[s] + pen.credits.get(s).copied().unwrap_or(0))
        .collect();
    assert_eq!(total, vec![7, 1, 6, 1]);
}

fn solo_ctx(soloist: Seat) -> PenaltyContext {
    PenaltyContext {
        parties: parties(&[soloist]),
        soloist: Some(soloist),
    }
}

fn ruling(offender: Seat, c: Classification, hurt: Option<bool>, n: u8) -> Ruling {
    Ruling {
        offender,
        classification: c,
        can_hurt_soloist: hurt,
        decided_for: None,
        opponent_absagen: n,
    }
}

#[test]
fn e21_geringfuegig_in_a_solo_three_variants_8_4_3() {
    let o = run(json!({
        "kind": {"kind": "Pflichtsolo", "soloist": "B", "solo": "Bubensolo", "vorgefuehrt": false},
        "eyes": {"re": 130, "kontra": 110}
    }));
    assert_eq!(pts(&o), [0, 3, 0, 0]);
    let ctx = solo_ctx(Seat::B);
    let total = |r: Ruling| {
        let p = distribute(&ctx, &r).unwrap();
        assert_eq!(p.strafpunkte, 3);
        SEATS.map(|s| o.points[&s] + p.credits.get(&s).copied().unwrap_or(0))
    };
    assert_eq!(
        total(ruling(Seat::B, Classification::Geringfuegig, None, 0)),
        [1, 3, 1, 1]
    );
    assert_eq!(
        total(ruling(Seat::A, Classification::Geringfuegig, Some(true), 0)),
        [0, 6, 0, 0]
    );
    assert_eq!(
        total(ruling(
            Seat::A,
            Classification::Geringfuegig,
            Some(false),
            0
        )),
        [0, 4, 1, 1]
    );
    assert!(distribute(
        &ctx,
        &ruling(Seat::A, Classification::Geringfuegig, None, 0)
    )
    .is_err());
}

#[test]
fn e22_schwerwiegend_in_normal_game_12_plus_3_per_absage_8_6_2_1() {
    let par = parties(&[Seat::A, Seat::C]);
    let ann = [AnnouncementInput {
        seat: Seat::B,
        level: Level::Keine60,
        cards_in_hand: 12,
        stated_party: None,
        simultaneous: false,
        tricks_completed: 0,
        partnership_clear: None,
        void: false,
    }];
    let sum = evaluate(
        &ann,
        &par,
        false,
        &AnnounceContext::plain(&Profile::eppstein_2001()),
    );
    let n = sum.absagen_before(Party::Kontra, 1);
    assert_eq!(n, 2, "a jump to keine 60 is two Absagen");
    let p = distribute(
        &PenaltyContext {
            parties: par,
            soloist: None,
        },
        &ruling(Seat::A, Classification::Schwerwiegend, None, n),
    )
    .unwrap();
    assert_eq!(p.strafpunkte, 18);
    assert_eq!(
        p.credits,
        BTreeMap::from([(Seat::B, 6), (Seat::C, 6), (Seat::D, 6)])
    );
    assert_eq!(p.effect, GameEffect::NotPlayed);
}

#[test]
fn e23a_schwerwiegend_by_kontra_in_solo_goes_to_soloist_8_6_2_2() {
    let p = distribute(
        &solo_ctx(Seat::B),
        &ruling(Seat::C, Classification::Schwerwiegend, None, 2),
    )
    .unwrap();
    assert_eq!(p.credits, BTreeMap::from([(Seat::B, 18)]));
    assert_eq!(p.effect, GameEffect::SoloCountsAsPlayed);
}

#[test]
fn e23b_schwerwiegend_by_soloist_voids_pflichtsolo_still_owed_8_6_2_2_a25() {
    let p = distribute(
        &solo_ctx(Seat::B),
        &ruling(Seat::B, Classification::Schwerwiegend, None, 0),
    )
    .unwrap();
    assert_eq!(
        p.credits,
        BTreeMap::from([(Seat::A, 4), (Seat::C, 4), (Seat::D, 4)])
    );
    assert_eq!(p.effect, GameEffect::NotPlayed);
    let kind = GameKind::Pflichtsolo {
        soloist: Seat::B,
        solo: SoloType::Trumpfsolo,
        vorgefuehrt: false,
    };
    let recs = vec![GameRecord {
        dealer: Seat::A,
        result: DealResult::NotPlayed { kind },
        value: 0,
        points: BTreeMap::new(),
        penalties: vec![PenaltyRow {
            rule: p.rule.clone(),
            credits: p.credits.clone(),
        }],
        struck: false,
        replaces: None,
    }];
    let st = fold(&recs, four(), &Profile::eppstein_2001(), None);
    assert!(st.owes_pflichtsolo.contains(&Seat::B));
    assert_eq!(st.games_counted, 1);
    assert_eq!(st.next_dealer, Seat::B);
    assert_eq!(project(&recs, four()).totals, map([4, 0, 4, 4]));
}

#[test]
fn e24_decided_game_aborted_rest_to_opponents_8_5() {
    let par = parties(&[Seat::A, Seat::C]);
    let calls = evaluate(
        &[AnnouncementInput {
            seat: Seat::A,
            level: Level::Ansage,
            cards_in_hand: 12,
            stated_party: None,
            simultaneous: false,
            tricks_completed: 0,
            partnership_clear: None,
            void: false,
        }],
        &par,
        false,
        &AnnounceContext::plain(&Profile::eppstein_2001()),
    );
    let decided = already_won(125, 60, 6, 2, &calls.re, &calls.kontra);
    assert_eq!(decided, Some(Party::Re));
    let mut r = ruling(Seat::B, Classification::Schwerwiegend, None, 0);
    r.decided_for = decided;
    let pen = distribute(
        &PenaltyContext {
            parties: par.clone(),
            soloist: None,
        },
        &r,
    )
    .unwrap();
    assert_eq!(
        pen.effect,
        GameEffect::Aborted {
            remaining_to: Party::Re
        }
    );
    // Tricks 9–12 (55 eyes) go to Re.
    let t = Tally::new(125 + 55, 60, 10, 2).unwrap();
    let s = credit(
        &par,
        None,
        &t,
        &calls.re,
        &calls.kontra,
        vec![],
        &Profile::eppstein_2001(),
    );
    let total = SEATS.map(|x| s.points[&x] + pen.credits.get(&x).copied().unwrap_or(0));
    assert_eq!(total, [5, 0, 5, 1]);
}

fn cards(xs: &[&str]) -> Vec<Card> {
    xs.iter().map(|c| c.parse().unwrap()).collect()
}

#[test]
fn e25_schmeissen_valid_and_false_3_4_2_8_6() {
    let fehl = ["♣A", "♣A", "♣10", "♣10", "♠A", "♠A", "♠10", "♠10"];
    let mut a_hand = cards(&["♦A", "♦A", "♥10", "♠B"]);
    a_hand.extend(cards(&fehl));
    let mut b_hand = cards(&["♦A", "♥D", "♣B", "♦9"]);
    b_hand.extend(cards(&fehl));
    let det = |hand: Vec<Card>| {
        determine(
            &DeterminationInput {
                players: Players::for_dealer(Seat::B, 4),
                hands: Some(BTreeMap::from([(Seat::C, hand)])),
                owes_pflichtsolo: SEATS.into_iter().collect(),
                vorgefuehrt: None,
                query: vec![
                    query(Seat::C, Some(Vorbehaltsart::Schmeissen)),
                    query(Seat::D, None),
                    query(Seat::A, None),
                    query(Seat::B, None),
                ],
            },
            &Profile::eppstein_2001(),
        )
        .unwrap()
    };
    let a = det(a_hand);
    assert_eq!(
        a.outcome,
        Outcome::Redeal {
            schmeisser: Seat::C,
            valid: true
        }
    );
    assert!(a.flags.is_empty());
    let b = det(b_hand);
    assert_eq!(
        b.flags,
        vec![DeterminationFlag::FalseSchmeissen { seat: Seat::C }]
    );
    let pen = distribute(
        &PenaltyContext {
            parties: parties(&[Seat::A, Seat::B]),
            soloist: None,
        },
        &ruling(Seat::C, Classification::Schwerwiegend, None, 0),
    )
    .unwrap();
    assert_eq!(
        pen.credits,
        BTreeMap::from([(Seat::A, 4), (Seat::B, 4), (Seat::D, 4)])
    );
    // B redeals; no game is used (A25 exception before the first card).
    let recs = vec![
        record(Seat::A, GameKind::Normal, 1, [1, 0, 1, 0]),
        GameRecord {
            dealer: Seat::B,
            result: DealResult::Schmeissen {
                schmeisser: Seat::C,
                valid: false,
            },
            value: 0,
            points: BTreeMap::new(),
            penalties: vec![PenaltyRow {
                rule: pen.rule,
                credits: pen.credits,
            }],
            struck: false,
            replaces: None,
        },
    ];
    let st = fold(&recs, four(), &Profile::eppstein_2001(), None);
    assert_eq!((st.next_dealer, st.games_counted), (Seat::B, 1));
    assert_eq!(project(&recs, four()).totals, map([5, 4, 1, 4]));
}
