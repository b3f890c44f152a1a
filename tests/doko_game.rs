//! The card-by-card fold (`doko::game`): Hochzeit Klärungsstich (§3.5.3), the shifted
//! deadlines (§5.5.2), stille Hochzeit (§3.5.5), flags for moves out of turn and irregular
//! announcements (§1.16), and events as serialisable log payloads.
use std::collections::BTreeMap;

use tdlog::doko::announce::{AnnounceIssue, Level};
use tdlog::doko::cards::Card;
use tdlog::doko::claim::ClaimStatus;
use tdlog::doko::determination::{QueryEntry, Statement, Vorbehaltsart};
use tdlog::doko::game::{Game, GameEvent, GameSetup};
use tdlog::doko::game_type::{GameKind, GameType, SoloType};
use tdlog::doko::profile::Profile;
use tdlog::doko::seat::{Party, Seat};
use tdlog::doko::violation::ViolationKind;

const SEATS: [Seat; 4] = [Seat::A, Seat::B, Seat::C, Seat::D];

fn cards(xs: &[&str]) -> Vec<Card> {
    xs.iter().map(|c| c.parse().unwrap()).collect()
}

/// A holds both ♣D.
fn deal() -> BTreeMap<Seat, Vec<Card>> {
    BTreeMap::from([
        (
            Seat::A,
            cards(&[
                "♥A", "♥A", "♠A", "♣9", "♠10", "♠K", "♣A", "♣D", "♦A", "♦10", "♦K", "♣D",
            ]),
        ),
        (
            Seat::B,
            cards(&[
                "♣K", "♣A", "♠9", "♣10", "♦9", "♠D", "♥D", "♦D", "♦B", "♦9", "♠A", "♥10",
            ]),
        ),
        (
            Seat::C,
            cards(&[
                "♥9", "♠10", "♥10", "♥K", "♠D", "♥D", "♣B", "♠B", "♥B", "♦A", "♦10", "♦D",
            ]),
        ),
        (
            Seat::D,
            cards(&[
                "♥9", "♠K", "♣9", "♥K", "♣10", "♣K", "♠9", "♣B", "♠B", "♥B", "♦K", "♦B",
            ]),
        ),
    ])
}

fn setup() -> GameSetup {
    GameSetup {
        dealer: Seat::D,
        table_size: 4,
        owes_pflichtsolo: SEATS.into_iter().collect(),
        vorgefuehrt: None,
    }
}

fn q(seat: Seat, art: Option<Vorbehaltsart>) -> GameEvent {
    GameEvent::Query {
        entry: QueryEntry {
            seat,
            statement: if art.is_some() {
                Statement::Vorbehalt
            } else {
                Statement::Gesund
            },
            art,
            correction: None,
        },
    }
}

fn card(s: Seat, c: &str) -> GameEvent {
    GameEvent::CardPlayed {
        seat: s,
        card: c.parse().unwrap(),
    }
}

fn announce(s: Seat, level: Level) -> GameEvent {
    GameEvent::Announced {
        seat: s,
        level,
        stated_party: None,
        simultaneous: false,
    }
}

fn hochzeit_start() -> Vec<GameEvent> {
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    vec![
        GameEvent::Dealt { hands: deal() },
        q(a, Some(Vorbehaltsart::Hochzeit(Default::default()))),
        q(b, None),
        q(c, None),
        q(d, None),
        card(a, "♥A"),
        card(b, "♣K"),
        card(c, "♥9"),
        card(d, "♥9"),
        card(a, "♠A"),
        card(b, "♠A"),
        card(c, "♠10"),
        card(d, "♠K"),
    ]
}

#[test]
fn hochzeit_klaerungsstich_in_trick_3_gives_partner_and_shift_2_3_5_3_a_5_5_2() {
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let mut ev = hochzeit_start();
    ev.push(announce(a, Level::Ansage)); // before the Klärungsstich: too early
    ev.extend([card(a, "♣9"), card(b, "♣10"), card(c, "♥10"), card(d, "♣9")]);
    ev.push(announce(b, Level::Ansage)); // 9 cards = 11 − 2: legal
    let g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    assert_eq!(
        g.kind,
        Some(GameKind::Hochzeit {
            hochzeiter: a,
            partner: Some(c),
            klaerungsstich: Some(3)
        })
    );
    assert_eq!(g.parties()[&c], Party::Re);
    assert!(g.partnership_clear());
    let sum = g.evaluate_announcements();
    assert_eq!(sum.records[0].issues, vec![AnnounceIssue::TooEarly]);
    assert!(sum.records[1].legal, "{:?}", sum.records[1]);
    assert_eq!(g.violations.len(), 1);
    assert_eq!(g.violations[0].offender, a);
}

#[test]
fn hochzeiter_winning_three_tricks_plays_trumpfsolo_3_5_3_b() {
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let mut ev = hochzeit_start();
    ev.extend([card(a, "♣A"), card(b, "♣10"), card(c, "♥K"), card(d, "♣9")]);
    ev.push(announce(a, Level::Ansage)); // 9 cards, s = 2: legal
    let g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    let kind = g.kind.unwrap();
    assert_eq!(kind.soloist(), Some(a));
    assert_eq!(kind.game_type(), GameType::Solo(SoloType::Trumpfsolo));
    assert_eq!(kind.announcement_shift(), 2);
    assert!(g.evaluate_announcements().records[0].legal);
    assert!(g.violations.is_empty());
}

#[test]
fn stille_hochzeit_is_a_silent_trumpfsolo_led_by_vorhand_3_5_5() {
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let mut ev = vec![GameEvent::Dealt { hands: deal() }];
    for s in SEATS {
        ev.push(q(s, None));
    }
    ev.extend([card(a, "♣D"), card(b, "♦9"), card(c, "♦10"), card(d, "♦K")]);
    let mut g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    assert_eq!(g.kind, Some(GameKind::StilleHochzeit { soloist: a }));
    assert!(!g.partnership_clear(), "it looks like a normal game");
    for e in [card(a, "♣D"), card(b, "♦9"), card(c, "♦A"), card(d, "♦B")] {
        g.apply(&e).unwrap();
    }
    assert!(g.partnership_clear(), "the second ♣D reveals the solo");
    // A late "Re" by the Hochzeiter: no shift in a stille Hochzeit (§3.5.6).
    g.apply(&announce(a, Level::Ansage)).unwrap();
    let v = g.violations.last().unwrap();
    assert!(matches!(v.kind, ViolationKind::Announcement { .. }));
    assert_eq!(v.window.status, ClaimStatus::Open);
    // The partnership is clear: only the opponents may claim (§8.8.1).
    assert_eq!(v.window.eligible, [b, c, d].into_iter().collect());
}

#[test]
fn card_out_of_turn_is_recorded_and_flagged_4_2_7() {
    let (a, b, c) = (Seat::A, Seat::B, Seat::C);
    let mut ev = vec![GameEvent::Dealt { hands: deal() }];
    for s in SEATS {
        ev.push(q(s, None));
    }
    ev.extend([card(a, "♥A"), card(c, "♥9")]);
    let g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    assert_eq!(g.current.len(), 2, "recorded first");
    assert_eq!(
        g.violations[0].kind,
        ViolationKind::OutOfTurn {
            trick: 1,
            expected: b
        }
    );
    // Playing a card one does not hold, or twice into the same trick, is an error.
    let mut h = g.clone();
    assert!(h.apply(&card(b, "♥A")).is_err());
    assert!(h.apply(&card(c, "♥K")).is_err());
    assert_eq!(h, g);
}

#[test]
fn game_events_round_trip_as_json_payloads_1_16() {
    let mut ev = hochzeit_start();
    ev.push(GameEvent::ClaimRaised {
        claimant: Seat::B,
        violation: 0,
    });
    let text = serde_json::to_string(&ev).unwrap();
    let back: Vec<GameEvent> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, ev);
    let g = Game::replay(setup(), Profile::default(), &ev[..ev.len() - 1]).unwrap();
    let state = serde_json::to_string(&g).unwrap();
    let g2: Game = serde_json::from_str(&state).unwrap();
    assert_eq!(g2, g);
}

#[test]
fn event_payloads_have_a_json_schema_for_the_log_catalogue() {
    let schema = schemars::schema_for!(GameEvent);
    let text = serde_json::to_string(&schema).unwrap();
    for name in [
        "CardPlayed",
        "Announced",
        "ClaimRaised",
        "Ruled",
        "TribunalDecided",
    ] {
        assert!(text.contains(name), "{name} missing");
    }
    let card = serde_json::to_value(schemars::schema_for!(Card)).unwrap();
    assert_eq!(card["type"], "string", "cards are strings such as \"♥10\"");
    let profile = serde_json::to_string(&schemars::schema_for!(Profile)).unwrap();
    assert!(profile.contains("h10_second_beats_first"));
}

fn solo_by_a() -> Vec<GameEvent> {
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    vec![
        GameEvent::Dealt { hands: deal() },
        q(a, Some(Vorbehaltsart::Solo(SoloType::Trumpfsolo))),
        q(b, None),
        q(c, None),
        q(d, None),
        card(a, "♥A"),
        card(b, "♣K"),
        card(c, "♥9"),
        card(d, "♥9"),
    ]
}

fn abbreviate(holds: Option<bool>) -> GameEvent {
    use tdlog::doko::game::Abbreviation;
    GameEvent::SoloAbbreviated {
        seat: Seat::A,
        abbreviation: match holds {
            Some(h) => Abbreviation::ClaimRest {
                holds: h,
                order: None,
            },
            None => Abbreviation::Concede,
        },
    }
}

#[test]
fn wrong_claim_gives_kontra_the_rest_and_kontra_may_still_announce_4_3_5_4_3_7() {
    let mut ev = solo_by_a();
    ev.push(abbreviate(Some(false)));
    let mut g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.score.as_ref().unwrap().value.winner, Some(Party::Kontra));
    // Re kept trick 1 (15 eyes): 1 + unter 90/60/30 = 4 for each opponent.
    assert_eq!(r.record.points[&Seat::B], 4);
    assert_eq!(r.record.points[&Seat::A], 0);
    assert!(
        g.apply(&card(Seat::A, "♠A")).is_err(),
        "no more cards after §4.3"
    );
    assert!(g.apply(&announce(Seat::A, Level::Keine90)).is_err());
    g.apply(&announce(Seat::B, Level::Ansage)).unwrap();
    let r = g.result().unwrap();
    assert!(
        r.announcements.records[0].legal,
        "11 cards frozen in B's hand"
    );
    assert_eq!(r.record.points[&Seat::C], 8);
}

#[test]
fn right_claim_gives_the_soloist_every_trick_4_3_3() {
    let mut ev = solo_by_a();
    ev.push(abbreviate(Some(true)));
    let g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        r.record.points[&Seat::A],
        15,
        "1 + unter 90/60/30 + schwarz, ×3"
    );
    assert!(matches!(
        r.kind,
        Some(GameKind::Pflichtsolo {
            soloist: Seat::A,
            ..
        })
    ));
}

#[test]
fn only_a_soloist_may_abbreviate_4_3_2() {
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let mut ev = vec![GameEvent::Dealt { hands: deal() }];
    for s in [b, c, d] {
        ev.push(q(s, None));
    }
    ev.push(q(a, Some(Vorbehaltsart::Hochzeit(Default::default()))));
    ev.push(GameEvent::SoloAbbreviated {
        seat: b,
        abbreviation: tdlog::doko::game::Abbreviation::Concede,
    });
    let g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    assert!(g.end().is_none());
    assert_eq!(g.violations.len(), 1);
    assert_eq!(g.violations[0].offender, b);
}

#[test]
fn false_schmeissen_is_flagged_schwerwiegend_and_redealt_3_4_3_8_6() {
    use tdlog::doko::penalty::{Classification, Ruling};
    use tdlog::doko::round::DealResult;
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    // B holds ♦9 ♦9 ♦D ♦B ♠D ♥D ♥10: seven trumps and three nines.
    let ev = vec![
        GameEvent::Dealt { hands: deal() },
        q(a, None),
        q(b, Some(Vorbehaltsart::Schmeissen)),
        q(c, None),
        q(d, None),
        GameEvent::QueryClosed,
    ];
    let mut g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    assert_eq!(g.violations.len(), 1);
    let v = &g.violations[0];
    assert_eq!(v.offender, b);
    assert_eq!(v.kind.prescribed(), Some(Classification::Schwerwiegend));
    assert!(g.apply(&card(a, "♥A")).is_err(), "thrown in");
    g.apply(&GameEvent::ClaimRaised {
        claimant: c,
        violation: 0,
    })
    .unwrap();
    g.apply(&GameEvent::Ruled {
        violation: 0,
        ruling: Ruling {
            offender: b,
            classification: Classification::Schwerwiegend,
            can_hurt_soloist: None,
            decided_for: None,
            opponent_absagen: 0,
        },
    })
    .unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        r.record.result,
        DealResult::Schmeissen {
            schmeisser: b,
            valid: false
        }
    );
    assert_eq!(
        r.record.penalties[0].credits,
        BTreeMap::from([(a, 4), (c, 4), (d, 4)])
    );
}

#[test]
fn a_claimed_late_announcement_is_void_an_unclaimed_one_stands_8_8_3() {
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let mut ev = vec![GameEvent::Dealt { hands: deal() }];
    for s in SEATS {
        ev.push(q(s, None));
    }
    ev.extend([card(a, "♥A"), card(b, "♣K"), card(c, "♥9"), card(d, "♥9")]);
    ev.extend([card(a, "♠A"), card(b, "♠A"), card(c, "♠10"), card(d, "♠K")]);
    ev.push(announce(b, Level::Ansage)); // 10 cards: late
    let g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    let s = g.evaluate_announcements();
    assert!(s.kontra.announced, "it stands while unclaimed");
    let mut claimed = g.clone();
    claimed
        .apply(&GameEvent::ClaimRaised {
            claimant: c,
            violation: 0,
        })
        .unwrap();
    let s = claimed.evaluate_announcements();
    assert!(!s.kontra.announced);
    assert!(!s.records[0].counted && !s.records[0].legal);
    // Nobody claims: once A, C and D have all played on, it is a valid move.
    let mut lapsed = g.clone();
    for e in [card(a, "♣9"), card(b, "♣10"), card(c, "♥10"), card(d, "♣9")] {
        lapsed.apply(&e).unwrap();
    }
    assert_eq!(lapsed.violations[0].window.status, ClaimStatus::BecameValid);
    assert!(lapsed.evaluate_announcements().kontra.announced);
}

#[test]
fn violation_before_the_klaerungsstich_takes_the_normal_rows_8_4_2_8_4_3() {
    use tdlog::doko::penalty::{Classification, Ruling};
    let (a, b, c, d) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let start = hochzeit_start();
    let mut ev: Vec<GameEvent> = start[..9].to_vec();
    ev.push(GameEvent::ViolationReported {
        offender: b,
        description: "8.1.4: a remark about the cards".into(),
    });
    ev.push(GameEvent::ClaimRaised {
        claimant: a,
        violation: 0,
    });
    ev.extend(start[9..].iter().cloned());
    ev.extend([card(a, "♣A"), card(b, "♣10"), card(c, "♥K"), card(d, "♣9")]);
    let mut g = Game::replay(setup(), Profile::default(), &ev).unwrap();
    assert_eq!(
        g.kind.unwrap().soloist(),
        Some(a),
        "the Hochzeit became a solo"
    );
    g.apply(&GameEvent::Ruled {
        violation: 0,
        ruling: Ruling {
            offender: b,
            classification: Classification::Geringfuegig,
            can_hurt_soloist: None,
            decided_for: None,
            opponent_absagen: 0,
        },
    })
    .unwrap();
    let p = g.violations[0].penalty.as_ref().unwrap();
    assert_eq!(p.rule, "8.4.2");
    assert_eq!(p.credits, BTreeMap::from([(a, 1), (c, 1), (d, 1)]));
}
