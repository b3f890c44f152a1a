//! Property tests (proptest): eyes total 240, partners score alike in normal games, a solo
//! credits three times the value or once to each opponent, invalid input is a typed error,
//! and nothing panics, including arbitrary JSON fed to the `doko score` parser (fuzzing).
use std::collections::BTreeMap;

use proptest::prelude::*;
use serde_json::{json, Value};
use tdlog::doko::announce::{Level, PartyCalls};
use tdlog::doko::cards::{deck, Card, Suit};
use tdlog::doko::determination::{
    determine, DeterminationInput, Outcome, QueryEntry, Statement, Vorbehaltsart,
};
use tdlog::doko::error::DokoError;
use tdlog::doko::game::{Game, GameEvent, GameSetup};
use tdlog::doko::game_type::{GameKind, SoloType};
use tdlog::doko::input::score_json;
use tdlog::doko::penalty::{Classification, Ruling, Sanction};
use tdlog::doko::profile::{ListMode, Profile};
use tdlog::doko::ranking::Ranking;
use tdlog::doko::seat::{Party, Players, Seat};
use tdlog::doko::trick::legal_cards;
use tdlog::doko::value::{credit, Tally};

const SEATS4: [Seat; 4] = [Seat::A, Seat::B, Seat::C, Seat::D];

fn solo_type(i: u8) -> SoloType {
    match i % 8 {
        0 => SoloType::Trumpfsolo,
        1 => SoloType::Damensolo,
        2 => SoloType::Bubensolo,
        3 => SoloType::Fleischloser,
        k => SoloType::Farbsolo(Suit::ALL[(k - 4) as usize]),
    }
}

/// A random game: the deal, who deals, an optional forced solo, the card choices and
/// announcements as (after how many cards, seat index, level index).
#[derive(Clone, Debug)]
struct Plan {
    deal: Vec<Card>,
    dealer: u8,
    solo: Option<(u8, u8)>,
    picks: Vec<u8>,
    calls: Vec<(u8, u8, u8)>,
    /// The ♣D pair holder, if any, announces a Hochzeit (else plays a stille Hochzeit).
    hochzeit: bool,
}

fn plan() -> impl Strategy<Value = Plan> {
    (
        Just(deck()).prop_shuffle(),
        0u8..4,
        proptest::option::of((0u8..4, 0u8..8)),
        proptest::collection::vec(any::<u8>(), 48),
        proptest::collection::vec((0u8..48, 0u8..4, 0u8..5), 0..6),
        any::<bool>(),
    )
        .prop_map(|(deal, dealer, solo, picks, calls, hochzeit)| Plan {
            deal,
            dealer,
            solo,
            picks,
            calls,
            hochzeit,
        })
}

fn hands(players: &Players, deal: &[Card]) -> BTreeMap<Seat, Vec<Card>> {
    players
        .iter()
        .enumerate()
        .map(|(i, s)| (s, deal[i * 12..(i + 1) * 12].to_vec()))
        .collect()
}

/// Whose turn it is in the current trick.
fn to_play(g: &Game) -> Seat {
    let leader = match g.tricks.last() {
        Some(t) => t.winner().unwrap(),
        None => match &g.determination.as_ref().unwrap().outcome {
            Outcome::Play { leader, .. } => *leader,
            o => panic!("no play: {o:?}"),
        },
    };
    match g.current.last() {
        None => leader,
        Some(p) => g.players.after(p.seat).unwrap(),
    }
}

/// Play the plan out with legal cards only.
fn play(plan: &Plan, profile: &Profile) -> Game {
    let dealer = Seat::new(plan.dealer).unwrap();
    let players = Players::for_dealer(dealer, 4);
    let soloist = plan.solo.map(|(s, _)| players.0[s as usize]);
    let setup = GameSetup {
        dealer,
        table_size: 4,
        owes_pflichtsolo: SEATS4.into_iter().collect(),
        vorgefuehrt: soloist,
    };
    let mut g = Game::new(setup, profile.clone());
    g.apply(&GameEvent::Dealt {
        hands: hands(&players, &plan.deal),
    })
    .unwrap();
    for s in players.iter() {
        let pair = g.dealt[&s]
            .iter()
            .filter(|&&c| c == Card::KREUZ_DAME)
            .count()
            == 2;
        let art = match plan.solo {
            Some((_, t)) if Some(s) == soloist => Some(Vorbehaltsart::Solo(solo_type(t))),
            None if plan.hochzeit && pair => Some(Vorbehaltsart::Hochzeit(Default::default())),
            _ => None,
        };
        g.apply(&GameEvent::Query {
            entry: QueryEntry {
                seat: s,
                statement: if art.is_some() {
                    Statement::Vorbehalt
                } else {
                    Statement::Gesund
                },
                art,
                correction: None,
            },
        })
        .unwrap();
    }
    for n in 0..48u8 {
        for &(at, seat, level) in &plan.calls {
            if at == n {
                g.apply(&GameEvent::Announced {
                    seat: players.0[seat as usize],
                    level: Level::ALL[level as usize],
                    stated_party: None,
                    simultaneous: false,
                })
                .unwrap();
            }
        }
        let seat = if g.determination.is_some() {
            to_play(&g)
        } else {
            let d = determine(
                &DeterminationInput {
                    players,
                    hands: Some(g.dealt.clone()),
                    owes_pflichtsolo: g.setup.owes_pflichtsolo.clone(),
                    vorgefuehrt: g.setup.vorgefuehrt,
                    query: g.query.clone(),
                },
                profile,
            )
            .unwrap();
            match d.outcome {
                Outcome::Play { leader, .. } => leader,
                o => panic!("no play: {o:?}"),
            }
        };
        let rk = Ranking::new(
            g.kind
                .map(|k| k.game_type())
                .unwrap_or(tdlog::doko::game_type::GameType::Normal),
            profile.farbsolo_style,
        );
        let hand = g.hands[&seat].clone();
        let lead = g.current.first().map(|p| p.card);
        let legal = legal_cards(&hand, lead, &rk);
        let card = legal[plan.picks[n as usize] as usize % legal.len()];
        g.apply(&GameEvent::CardPlayed { seat, card }).unwrap();
    }
    g
}

/// The same game as `tdlog doko score` JSON: tricks with their cards, the announcements
/// with the hand counts the fold saw, and the kind without the Klärungsstich (the input
/// reads it off the tricks).
fn as_json(g: &Game) -> Value {
    let r = g.result().unwrap();
    let kind = match r.kind.unwrap() {
        GameKind::Hochzeit { hochzeiter, .. } => GameKind::Hochzeit {
            hochzeiter,
            partner: None,
            klaerungsstich: None,
        },
        k => k,
    };
    let tricks: Vec<Value> = g
        .tricks
        .iter()
        .map(|t| {
            json!({
                "leader": t.plays[0].seat,
                "cards": t.plays.iter().map(|p| p.card).collect::<Vec<_>>()
            })
        })
        .collect();
    let calls: Vec<Value> = g
        .announcements
        .iter()
        .map(|a| {
            let call = match a.level {
                Level::Ansage => match r.parties[&a.seat] {
                    Party::Re => "Re",
                    Party::Kontra => "Kontra",
                },
                Level::Keine90 => "keine 90",
                Level::Keine60 => "keine 60",
                Level::Keine30 => "keine 30",
                Level::Schwarz => "schwarz",
            };
            json!({
                "seat": a.seat, "call": call, "cards_in_hand": a.cards_in_hand,
                "simultaneous": a.simultaneous, "tricks_completed": a.tricks_completed,
                "partnership_clear": a.partnership_clear
            })
        })
        .collect();
    json!({
        "players": g.players.0,
        "kind": kind,
        "announcements": calls,
        "tricks": tricks
    })
}

fn no_sonderpunkte() -> Profile {
    let mut p = Profile::eppstein_2001();
    p.special_points.doppelkopf = false;
    p.special_points.fuchs_gefangen = false;
    p.special_points.karlchen_letzter_stich = false;
    p.special_points.fuchs_letzter_stich = false;
    p
}

fn calls() -> impl Strategy<Value = PartyCalls> {
    (any::<bool>(), 0u8..5).prop_map(|(announced, absagen)| PartyCalls {
        announced: announced || absagen > 0,
        absagen,
        first_timely: Some(true),
        last_required: None,
    })
}

fn tally() -> impl Strategy<Value = Tally> {
    (0u16..=240, 0u8..=12).prop_map(|(re, rt)| {
        let rt = if re == 0 { 0 } else { rt.max(1) };
        let kt = 12 - rt;
        let (re, rt, kt) = if kt == 0 && re < 240 {
            (240, 12, 0)
        } else {
            (re, rt, kt)
        };
        Tally::new(re, 240 - re, rt, kt).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn eyes_always_total_240_1_2_2(plan in plan()) {
        let g = play(&plan, &Profile::eppstein_2001());
        let r = g.result().unwrap();
        let s = r.score.unwrap();
        if s.value.winner.is_some() {
            prop_assert!(s.value.value >= 1);
        }
        let m = |b: bool| if b { 2 } else { 1 };
        prop_assert_eq!(s.value.multiplier, m(r.announcements.re.announced) * m(r.announcements.kontra.announced));
        prop_assert_eq!(s.value.absagen, u32::from(r.announcements.re.absagen + r.announcements.kontra.absagen));
        let t: u16 = g.tricks.iter().map(|t| t.eyes()).sum();
        prop_assert_eq!(t, 240);
        prop_assert_eq!(r.dealt_eyes, 240);
        prop_assert_eq!(g.tricks.len(), 12);
        // Only legal cards were played, so no Nichtbedienen may be flagged.
        let no_revoke = g.violations.iter().all(|v| !matches!(
            v.kind, tdlog::doko::violation::ViolationKind::Nichtbedienen { .. }
        ));
        prop_assert!(no_revoke);
    }

    #[test]
    fn normal_game_partners_score_alike_6_2_2(plan in plan()) {
        let mut plan = plan;
        plan.solo = None;
        let g = play(&plan, &no_sonderpunkte());
        let r = g.result().unwrap();
        let s = r.score.unwrap();
        if r.kind.and_then(|k| k.soloist()).is_none() {
            for p in [Party::Re, Party::Kontra] {
                let pts: Vec<i32> = r.parties.iter().filter(|(_, q)| **q == p).map(|(x, _)| s.points[x]).collect();
                prop_assert_eq!(pts.len(), 2);
                prop_assert_eq!(pts[0], pts[1]);
            }
        }
    }

    #[test]
    fn partners_alike_for_any_tally_and_calls_6_2_2(t in tally(), re in calls(), ko in calls(), ddv in any::<bool>()) {
        let p = if ddv { Profile::ddv() } else { no_sonderpunkte() };
        let parties: BTreeMap<Seat, Party> = SEATS4.into_iter().zip([Party::Re, Party::Kontra, Party::Re, Party::Kontra]).collect();
        let s = credit(&parties, None, &t, &re, &ko, vec![], &p);
        prop_assert_eq!(s.points[&Seat::A], s.points[&Seat::C]);
        prop_assert_eq!(s.points[&Seat::B], s.points[&Seat::D]);
    }

    #[test]
    fn solo_credits_three_times_or_once_each_6_2_4(t in tally(), re in calls(), ko in calls(), soloist in 0usize..4, ddv in any::<bool>()) {
        let p = if ddv { Profile::ddv() } else { Profile::eppstein_2001() };
        let sol = SEATS4[soloist];
        let parties: BTreeMap<Seat, Party> = SEATS4.into_iter().map(|s| (s, if s == sol { Party::Re } else { Party::Kontra })).collect();
        let s = credit(&parties, Some(sol), &t, &re, &ko, vec![], &p);
        let opp: Vec<i32> = SEATS4.iter().filter(|&&x| x != sol).map(|x| s.points[x]).collect();
        prop_assert!(opp.iter().all(|&o| o == opp[0]));
        let v = s.value.value as i32;
        match (p.list_mode, s.value.winner) {
            (ListMode::PlusOnly, Some(Party::Re)) => {
                prop_assert_eq!(s.points[&sol], 3 * v);
                prop_assert_eq!(opp[0], 0);
            }
            (ListMode::PlusOnly, Some(Party::Kontra)) => {
                prop_assert_eq!(s.points[&sol], 0);
                prop_assert_eq!(opp[0], v);
            }
            (ListMode::PlusMinus, _) => {
                prop_assert_eq!(s.points[&sol], -3 * opp[0]);
                prop_assert_eq!(s.points.values().sum::<i32>(), 0);
            }
            (ListMode::PlusOnly, None) => {
                prop_assert_eq!(s.points[&sol], 3 * s.value.no_winner_re as i32);
                prop_assert_eq!(opp[0], s.value.no_winner_kontra as i32);
            }
        }
    }

    #[test]
    fn solo_games_played_out_credit_per_6_2_4(plan in plan(), t in 0u8..8, who in 0u8..4) {
        let mut plan = plan;
        plan.solo = Some((who, t));
        let g = play(&plan, &Profile::eppstein_2001());
        let r = g.result().unwrap();
        let s = r.score.unwrap();
        let sol = r.kind.and_then(|k| k.soloist()).unwrap();
        let v = s.value.value as i32;
        let opp: Vec<i32> = r.parties.keys().filter(|&&x| x != sol).map(|x| s.points[x]).collect();
        match s.value.winner {
            Some(Party::Re) => { prop_assert_eq!(s.points[&sol], 3 * v); prop_assert!(opp.iter().all(|&o| o == 0)); }
            Some(Party::Kontra) => { prop_assert_eq!(s.points[&sol], 0); prop_assert!(opp.iter().all(|&o| o == v)); }
            None => prop_assert!(opp.iter().all(|&o| o == opp[0])),
        }
        prop_assert!(s.sonderpunkte.is_empty(), "no Sonderpunkte in a solo");
    }

    #[test]
    fn json_scoring_agrees_with_the_card_by_card_fold(plan in plan()) {
        let g = play(&plan, &Profile::eppstein_2001());
        let r = g.result().unwrap();
        let out = score_json(&as_json(&g).to_string()).unwrap();
        prop_assert_eq!(Some(out.kind), r.kind);
        prop_assert_eq!(&out.points, &r.record.points);
        prop_assert_eq!(out.value.value, r.record.value);
        // Play was legal and the Klärungsstich is read off the tricks: only announcement
        // flags (which the fold flags too) may appear.
        let structural: Vec<&String> = out.flags.iter().filter(|f| f.starts_with(|c: char| c.is_ascii_digit())).collect();
        prop_assert!(structural.is_empty(), "{:?}", structural);
        let fold_flags = g.violations.len();
        prop_assert_eq!(out.flags.len(), fold_flags);
    }

    #[test]
    fn thirteen_cards_in_a_hand_is_a_typed_error_2_2_9(deal in Just(deck()).prop_shuffle(), from in 0usize..4, to in 0usize..4) {
        prop_assume!(from != to);
        let players = Players::for_dealer(Seat::D, 4);
        let mut h = hands(&players, &deal);
        let c = h.get_mut(&SEATS4[from]).unwrap().pop().unwrap();
        h.get_mut(&SEATS4[to]).unwrap().push(c);
        let mut g = Game::new(GameSetup { dealer: Seat::D, table_size: 4, owes_pflichtsolo: Default::default(), vorgefuehrt: None }, Profile::default());
        let e = g.apply(&GameEvent::Dealt { hands: h }).unwrap_err();
        let ok = matches!(e, DokoError::HandSize { .. });
        prop_assert!(ok);
        prop_assert!(e.to_string().starts_with("§2.2"));
    }

    #[test]
    fn a_card_played_twice_is_refused_and_changes_nothing_4_2(plan in plan(), k in 1usize..40) {
        let mut plan = plan;
        plan.calls.clear();
        let g = play(&plan, &Profile::eppstein_2001());
        // Replay up to card k, then let the player of an earlier card play it again.
        let plays: Vec<_> = g.tricks.iter().flat_map(|t| t.plays.clone()).collect();
        let mut h = Game::new(g.setup.clone(), g.profile.clone());
        h.apply(&GameEvent::Dealt { hands: g.dealt.clone() }).unwrap();
        for e in g.query.iter() { h.apply(&GameEvent::Query { entry: e.clone() }).unwrap(); }
        for p in &plays[..k] { h.apply(&GameEvent::CardPlayed { seat: p.seat, card: p.card }).unwrap(); }
        let again = plays[k - 1];
        if !h.hands[&again.seat].contains(&again.card) {
            let before = h.clone();
            let e = h.apply(&GameEvent::CardPlayed { seat: again.seat, card: again.card }).unwrap_err();
            let ok = matches!(e, DokoError::CardNotInHand { .. } | DokoError::BadTrick(_));
            prop_assert!(ok);
            prop_assert_eq!(h, before);
        }
    }

    #[test]
    fn announcement_by_a_player_not_at_the_table_is_refused_1_1(deal in Just(deck()).prop_shuffle(), dealer in 0u8..5) {
        let dealer = Seat::new(dealer).unwrap();
        let players = Players::for_dealer(dealer, 5);
        let mut g = Game::new(GameSetup { dealer, table_size: 5, owes_pflichtsolo: Default::default(), vorgefuehrt: None }, Profile::default());
        g.apply(&GameEvent::Dealt { hands: hands(&players, &deal) }).unwrap();
        let e = g.apply(&GameEvent::Announced { seat: dealer, level: Level::Ansage, stated_party: None, simultaneous: false }).unwrap_err();
        let ok = matches!(e, DokoError::NotAtTable { .. });
        prop_assert!(ok);
        let e = g.apply(&GameEvent::CardPlayed { seat: dealer, card: deal[0] }).unwrap_err();
        let ok = matches!(e, DokoError::NotAtTable { .. });
        prop_assert!(ok);
    }
}

fn seat_str() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(vec!["A", "B", "C", "D", "E", "F", "", "1", "5"])
            .prop_map(|s| json!(s)),
        any::<i64>().prop_map(|n| json!(n)),
    ]
}

fn card_str() -> impl Strategy<Value = Value> {
    prop_oneof![
        (
            prop::sample::select(vec!["♣", "♠", "♥", "♦", "K", "P", "H", "Ka", "X"]),
            prop::sample::select(vec!["A", "10", "K", "D", "B", "9", "7", ""])
        )
            .prop_map(|(s, r)| json!(format!("{s}{r}"))),
        ".{0,4}".prop_map(|s| json!(s)),
    ]
}

fn kind() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({"kind": "Normal"})),
        (seat_str(), prop::sample::select(vec![json!("Trumpfsolo"), json!("Damensolo"), json!({"Farbsolo": "Herz"}), json!("Fleischloser"), json!("Quatsch")]), any::<bool>())
            .prop_map(|(s, t, v)| json!({"kind": "Pflichtsolo", "soloist": s, "solo": t, "vorgefuehrt": v})),
        (seat_str(), proptest::option::of(seat_str()), proptest::option::of(any::<u8>()))
            .prop_map(|(h, p, k)| json!({"kind": "Hochzeit", "hochzeiter": h, "partner": p, "klaerungsstich": k})),
        seat_str().prop_map(|s| json!({"kind": "StilleHochzeit", "soloist": s})),
        Just(json!({"kind": "Nonsense"})),
    ]
}

fn game_json() -> impl Strategy<Value = Value> {
    let call = (seat_str(), prop::sample::select(vec!["Re", "Kontra", "keine 90", "keine 60", "keine 30", "schwarz", "k45", ""]), any::<u8>(), any::<bool>(), proptest::option::of(any::<u8>()))
        .prop_map(|(s, c, h, sim, tc)| json!({"seat": s, "call": c, "cards_in_hand": h, "simultaneous": sim, "tricks_completed": tc}));
    let trick = (seat_str(), proptest::collection::vec(card_str(), 0..6))
        .prop_map(|(l, cs)| json!({"leader": l, "cards": cs}));
    let real_tricks = Just(deck()).prop_shuffle().prop_map(|d| {
        Value::Array(d.chunks(4).enumerate().map(|(i, c)| {
            let leader = ["A", "B", "C", "D"][i % 4];
            json!({"leader": leader, "cards": c.iter().map(|x| x.to_string()).collect::<Vec<_>>()})
        }).collect())
    });
    (
        kind(),
        proptest::option::of(proptest::collection::vec(seat_str(), 0..4)),
        proptest::collection::vec(call, 0..5),
        prop_oneof![
            proptest::collection::vec(trick, 0..14).prop_map(Value::Array),
            real_tricks,
            Just(Value::Null),
        ],
        proptest::option::of((any::<u16>(), any::<u16>())),
        proptest::option::of((any::<u8>(), any::<u8>())),
        prop_oneof![
            prop::sample::select(vec![
                json!(null),
                json!("ddv"),
                json!("eppstein-2001"),
                json!("x"),
                json!({"name": 3}),
            ]),
            (
                proptest::collection::vec(any::<u8>(), 5),
                any::<u8>(),
                any::<u8>(),
                any::<u8>()
            )
                .prop_map(|(d, g, f, w)| {
                    let mut p = serde_json::to_value(Profile::eppstein_2001()).unwrap();
                    p["announcement_min_cards"] = json!(d);
                    p["penalties"]["geringfuegig"] = json!(g);
                    p["solo_factor"] = json!(f);
                    p["hochzeit_window"] = json!(w);
                    p
                }),
        ],
    )
        .prop_map(|(k, re, calls, tricks, eyes, tw, profile)| {
            let mut v = json!({"kind": k, "announcements": calls});
            if let Some(re) = re {
                v["re"] = Value::Array(re);
            }
            if !tricks.is_null() {
                v["tricks"] = tricks;
            }
            if let Some((r, k)) = eyes {
                v["eyes"] = json!({"re": r, "kontra": k});
            }
            if let Some((r, k)) = tw {
                v["tricks_won"] = json!({"re": r, "kontra": k});
            }
            if !profile.is_null() {
                v["profile"] = profile;
            }
            v
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Fuzz: arbitrary text never panics the `doko score` parser and scorer.
    #[test]
    fn fuzz_arbitrary_text_never_panics(s in ".{0,200}") {
        let _ = score_json(&s);
    }

    /// Fuzz: structured but hostile game JSON never panics; it scores or gives a typed error.
    #[test]
    fn fuzz_game_json_never_panics(v in game_json()) {
        match score_json(&v.to_string()) {
            Ok(out) => {
                prop_assert_eq!(out.tally.re_eyes + out.tally.kontra_eyes, 240);
                prop_assert_eq!(out.points.len(), 4);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// Turn four random bytes into an event against the current state: mostly plausible moves,
/// sometimes nonsense, so that the fold is driven deep and also fed garbage.
fn fuzz_event(g: &Game, deal: &[Card], op: (u8, u8, u8, u8)) -> GameEvent {
    let (k, a, b, c) = op;
    let seat = Seat::new(a % 5).unwrap();
    let player = g.players.0[(a % 4) as usize];
    let level = Level::ALL[(b % 5) as usize];
    let card_of = |s: Seat| {
        g.hands
            .get(&s)
            .filter(|h| !h.is_empty() && c % 7 != 0)
            .map(|h| h[b as usize % h.len()])
            .unwrap_or(deal[c as usize % 48])
    };
    let ruling = Ruling {
        offender: player,
        classification: [
            Classification::Unerheblich,
            Classification::Geringfuegig,
            Classification::Schwerwiegend,
            Classification::Unsportlich,
        ][(b % 4) as usize],
        can_hurt_soloist: (c % 3 != 0).then_some(c % 2 == 0),
        decided_for: [None, Some(Party::Re), Some(Party::Kontra)][(c % 3) as usize],
        opponent_absagen: c % 6,
    };
    match k % 16 {
        0..=6 => {
            // Mostly the player to move, with a card from his hand.
            let s = g
                .current
                .last()
                .and_then(|p| g.players.after(p.seat))
                .or_else(|| g.tricks.last().and_then(|t| t.winner()))
                .unwrap_or(player);
            let s = if a % 6 == 0 { seat } else { s };
            GameEvent::CardPlayed {
                seat: s,
                card: card_of(s),
            }
        }
        7 => GameEvent::Announced {
            seat: if a % 6 == 0 { seat } else { player },
            level,
            stated_party: [None, Some(Party::Re), Some(Party::Kontra)][(c % 3) as usize],
            simultaneous: c % 2 == 0,
        },
        8 => GameEvent::ClaimRaised {
            claimant: seat,
            violation: (b % 4) as usize,
        },
        9 => GameEvent::Ruled {
            violation: (b % 4) as usize,
            ruling,
        },
        10 => GameEvent::Appealed {
            violation: (b % 4) as usize,
        },
        11 => GameEvent::TribunalDecided {
            violation: (b % 4) as usize,
            ruling,
        },
        12 => GameEvent::PartnerConsulted {
            asker: player,
            partner: Seat::new(b % 4).unwrap(),
            violation: (c % 4) as usize,
            reklamation: c % 2 == 0,
        },
        13 => GameEvent::SoloAbbreviated {
            seat: player,
            abbreviation: if c % 2 == 0 {
                tdlog::doko::game::Abbreviation::Concede
            } else {
                tdlog::doko::game::Abbreviation::ClaimRest {
                    holds: c % 3 == 0,
                    order: None,
                }
            },
        },
        14 => GameEvent::SanctionImposed {
            seat,
            sanction: Sanction::Punktabzug { points: c % 16 },
        },
        _ => [
            GameEvent::QueryClosed,
            GameEvent::PartnershipRuled { clear: c % 2 == 0 },
            GameEvent::ViolationReported {
                offender: player,
                description: "fuzz".into(),
            },
            GameEvent::CardCorrected {
                seat: g.current.last().map_or(player, |p| p.seat),
                card: card_of(g.current.last().map_or(player, |p| p.seat)),
            },
        ][(b % 4) as usize]
            .clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Fuzz the fold: random query, then a few hundred plausible or nonsensical events.
    /// Every event is applied or refused with a typed error; no query of the state panics.
    #[test]
    fn fuzz_game_fold_never_panics(
        deal in Just(deck()).prop_shuffle(),
        dealer in 0u8..5,
        five in any::<bool>(),
        query in proptest::collection::vec((0u8..3, 0u8..8), 4),
        ops in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()), 0..160),
    ) {
        let size = if five { 5 } else { 4 };
        let dealer = Seat::new(dealer % size).unwrap();
        let players = Players::for_dealer(dealer, size);
        let setup = GameSetup {
            dealer,
            table_size: size,
            owes_pflichtsolo: [Seat::A, Seat::C].into_iter().collect(),
            vorgefuehrt: None,
        };
        let mut g = Game::new(setup, Profile::eppstein_2001());
        g.apply(&GameEvent::Dealt { hands: hands(&players, &deal) }).unwrap();
        for (s, (st, t)) in players.iter().zip(query) {
            let art = match st {
                0 => None,
                1 => Some(Vorbehaltsart::Solo(solo_type(t))),
                _ => Some([Vorbehaltsart::Schmeissen, Vorbehaltsart::Hochzeit(Default::default())][(t % 2) as usize]),
            };
            let statement = if st == 0 { Statement::Gesund } else { Statement::Vorbehalt };
            let _ = g.apply(&GameEvent::Query { entry: QueryEntry { seat: s, statement, art, correction: None } });
        }
        for op in ops {
            let e = fuzz_event(&g, &deal, op);
            let before = g.clone();
            if g.apply(&e).is_err() {
                prop_assert_eq!(&g, &before, "a refused event changes nothing");
            }
            let _ = g.partnership_clear();
            let _ = g.evaluate_announcements();
            let _ = g.end();
        }
        let _ = g.result();
        for i in 0..g.violations.len() {
            let _ = g.decided_before(i);
        }
        let _ = serde_json::to_string(&g).unwrap();
    }
}
