//! Procedural cases P1–P7 of doppelkopf.md §2.1: precedence, Pflichtsolo and "vorgeführt",
//! the time limit, claim eligibility, the appeal, unsportsmanship and struck games.
use std::collections::{BTreeMap, BTreeSet};

use tdlog::doko::cards::Card;
use tdlog::doko::claim::{ClaimStatus, RulingStage};
use tdlog::doko::determination::{
    determine, DeterminationInput, Outcome, QueryEntry, Statement, Vorbehaltsart,
};
use tdlog::doko::game::{Game, GameEvent, GameSetup};
use tdlog::doko::game_type::{GameKind, SoloType};
use tdlog::doko::list::project;
use tdlog::doko::penalty::{
    distribute, sanction_delta, Classification, GameEffect, PenaltyContext, Ruling, Sanction,
};
use tdlog::doko::profile::Profile;
use tdlog::doko::round::{
    fold, next_deal, DealResult, GameRecord, NextDeal, PenaltyRow, TableConfig,
};
use tdlog::doko::seat::{Party, Players, Seat};

const SEATS: [Seat; 4] = [Seat::A, Seat::B, Seat::C, Seat::D];

fn q(seat: Seat, art: Option<Vorbehaltsart>) -> QueryEntry {
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
fn p1_vorbehalt_precedence_pflicht_before_lust_before_hochzeit_3_1_5_3_1_6() {
    let solo = Vorbehaltsart::Solo(SoloType::Damensolo);
    let owes: BTreeSet<Seat> = [Seat::A, Seat::B, Seat::D].into_iter().collect();
    let mut input = DeterminationInput {
        players: Players::for_dealer(Seat::D, 4),
        hands: None,
        owes_pflichtsolo: owes,
        vorgefuehrt: None,
        query: vec![
            q(Seat::A, Some(Vorbehaltsart::Hochzeit(Default::default()))),
            q(Seat::B, None),
            q(Seat::C, Some(solo)),
            q(Seat::D, Some(solo)),
        ],
    };
    let p = Profile::eppstein_2001();
    let d = determine(&input, &p).unwrap();
    assert_eq!(
        d.outcome,
        Outcome::Play {
            kind: GameKind::Pflichtsolo {
                soloist: Seat::D,
                solo: SoloType::Damensolo,
                vorgefuehrt: false
            },
            leader: Seat::D
        }
    );
    // Variant: B also wants a Pflichtsolo; he sits further forward from Vorhand A.
    input.query[1] = q(Seat::B, Some(solo));
    let d = determine(&input, &p).unwrap();
    assert!(matches!(
        d.outcome,
        Outcome::Play {
            kind: GameKind::Pflichtsolo {
                soloist: Seat::B,
                ..
            },
            leader: Seat::B
        }
    ));
}

fn rec(dealer: Seat, kind: GameKind) -> GameRecord {
    GameRecord {
        dealer,
        result: DealResult::Played { kind },
        value: 1,
        points: BTreeMap::new(),
        penalties: vec![],
        struck: false,
        replaces: None,
    }
}

fn pflicht(s: Seat, vorgefuehrt: bool) -> GameKind {
    GameKind::Pflichtsolo {
        soloist: s,
        solo: SoloType::Trumpfsolo,
        vorgefuehrt,
    }
}

fn four() -> TableConfig {
    TableConfig::new(4).unwrap()
}

/// Play a round: `pick` chooses the game for each deal; returns the dealers and the
/// vorgeführt players in order.
fn play_round(
    table: TableConfig,
    time_called_after: Option<usize>,
    pick: impl Fn(usize, Seat) -> GameKind,
) -> (Vec<(Seat, Option<Seat>)>, Vec<GameRecord>) {
    play_round_with(&Profile::eppstein_2001(), table, time_called_after, pick)
}

fn play_round_with(
    p: &Profile,
    table: TableConfig,
    time_called_after: Option<usize>,
    pick: impl Fn(usize, Seat) -> GameKind,
) -> (Vec<(Seat, Option<Seat>)>, Vec<GameRecord>) {
    let mut recs = Vec::new();
    let mut trail = Vec::new();
    for _ in 0..40 {
        let st = fold(&recs, table, p, time_called_after);
        match next_deal(&st, table, &recs, None) {
            NextDeal::RoundOver => return (trail, recs),
            NextDeal::Deal {
                dealer,
                vorgefuehrt,
                ..
            } => {
                trail.push((dealer, vorgefuehrt));
                let kind = match vorgefuehrt {
                    Some(s) => pflicht(s, true),
                    None => pick(recs.len(), dealer),
                };
                recs.push(rec(dealer, kind));
            }
            NextDeal::Replacement { .. } => unreachable!(),
        }
    }
    panic!("round did not end");
}

#[test]
fn p2_pflichtsolo_repeat_deal_and_vorgefuehrt_2_2_1_3_2_3_3_2_5() {
    let (trail, recs) = play_round(four(), None, |i, _| {
        if i == 4 {
            pflicht(Seat::A, false)
        } else {
            GameKind::Normal
        }
    });
    #[allow(non_snake_case)]
    let (A, B, C, D) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let dealers: Vec<Seat> = trail.iter().map(|t| t.0).collect();
    assert_eq!(
        dealers,
        vec![A, B, C, D, A, A, B, C, D, A, B, C, D, A, B, C]
    );
    let forced: Vec<(usize, Seat)> = trail
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.1.map(|s| (i + 1, s)))
        .collect();
    assert_eq!(forced, vec![(14, B), (15, C), (16, D)]);
    let st = fold(&recs, four(), &Profile::eppstein_2001(), None);
    assert_eq!(st.games_counted, 16);
    assert!(st.owes_pflichtsolo.is_empty());
}

/// §7.4.1 against §2.2.1/§3.2.5: whether a Pflichtsolo is one of the 16 games is a setting
/// of the profile. Counted (the default): 16 games in all; beyond the count: 16 other games
/// and then the four Pflichtsoli, vorgeführt (§7.5.1).
#[test]
fn setting_7_4_1_pflichtsoli_inside_or_beyond_the_16_games() {
    let inside = play_round(four(), None, |_, _| GameKind::Normal).1;
    assert_eq!(inside.len(), 16);
    let vorgefuehrt = inside
        .iter()
        .filter(|r| {
            matches!(
                r.result,
                DealResult::Played {
                    kind: GameKind::Pflichtsolo { .. }
                }
            )
        })
        .count();
    assert_eq!(
        vorgefuehrt, 4,
        "the last four of the 16 are the Pflichtsoli"
    );
    let mut p = Profile::eppstein_2001();
    p.pflichtsoli_in_games_per_round = false;
    let (trail, beyond) = play_round_with(&p, four(), None, |_, _| GameKind::Normal);
    assert_eq!(beyond.len(), 20, "16 games and then 4 Pflichtsoli");
    let forced: Vec<usize> = trail
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.1.map(|_| i + 1))
        .collect();
    assert_eq!(forced, vec![17, 18, 19, 20]);
    let st = fold(&beyond, four(), &p, None);
    assert_eq!(st.games_counted, 16);
    assert!(st.owes_pflichtsolo.is_empty());
}

#[test]
fn p3_time_limit_strikes_normal_games_forces_pflichtsoli_7_4_1_7_5_1() {
    // A and B play their Pflichtsoli early; the end signal comes while game 12 is dealt.
    let (trail, recs) = play_round(four(), Some(12), |i, _| match i {
        0 => pflicht(Seat::A, false),
        2 => pflicht(Seat::B, false),
        _ => GameKind::Normal,
    });
    assert_eq!(trail.len(), 14, "12 games begun, then two forced solos");
    let forced: Vec<Option<Seat>> = trail[12..].iter().map(|t| t.1).collect();
    // Dealer per rotation; the soloist is the first owing player left of the dealer.
    let d13 = trail[12].0;
    let first = Players::for_dealer(d13, 4)
        .iter()
        .find(|s| *s == Seat::C || *s == Seat::D)
        .unwrap();
    assert_eq!(forced[0], Some(first));
    assert_eq!(forced.iter().flatten().collect::<BTreeSet<_>>().len(), 2);
    let st = fold(&recs, four(), &Profile::eppstein_2001(), Some(12));
    assert!(st.time_over && st.owes_pflichtsolo.is_empty());
    assert_eq!(st.games_counted, 14, "normal games 15 and 16 are struck");
}

fn cards(xs: &[&str]) -> Vec<Card> {
    xs.iter().map(|c| c.parse().unwrap()).collect()
}

/// A deal in which B can revoke in trick 2 and shows spades in trick 4 (see P4).
fn p4_deal() -> BTreeMap<Seat, Vec<Card>> {
    BTreeMap::from([
        (
            Seat::A,
            cards(&[
                "♥A", "♥A", "♠A", "♣9", "♠10", "♠K", "♣A", "♣D", "♦A", "♦10", "♦K", "♦9",
            ]),
        ),
        (
            Seat::B,
            cards(&[
                "♣K", "♣A", "♠9", "♣10", "♣D", "♠D", "♥D", "♦D", "♦B", "♦9", "♠A", "♥10",
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

fn p4_events() -> Vec<GameEvent> {
    let mut ev = vec![GameEvent::Dealt { hands: p4_deal() }];
    for s in SEATS {
        ev.push(GameEvent::Query { entry: q(s, None) });
    }
    let tricks = [
        [("A", "♥A"), ("B", "♣K"), ("C", "♥9"), ("D", "♥9")],
        [("A", "♠A"), ("B", "♣A"), ("C", "♠10"), ("D", "♠K")], // B revokes
        [("A", "♣9"), ("B", "♣10"), ("C", "♥10"), ("D", "♣9")],
        [("C", "♥K"), ("D", "♥K"), ("A", "♥A"), ("B", "♠9")], // B shows spades
    ];
    for t in tricks {
        for (s, c) in t {
            ev.push(card(s, c));
        }
    }
    ev
}

fn card(s: &str, c: &str) -> GameEvent {
    GameEvent::CardPlayed {
        seat: Seat::try_from(s.to_string()).unwrap(),
        card: c.parse().unwrap(),
    }
}

fn setup() -> GameSetup {
    GameSetup {
        dealer: Seat::D,
        table_size: 4,
        owes_pflichtsolo: SEATS.into_iter().collect(),
        vorgefuehrt: None,
    }
}

#[test]
fn p4_claim_eligibility_and_binding_partner_answer_8_8_1_8_8_3_8_8_4() {
    let p = Profile::eppstein_2001();
    let mut g = Game::replay(setup(), p.clone(), &p4_events()[..13]).unwrap();
    // After trick 2 the revoke is recorded but not yet noticeable.
    assert_eq!(g.violations.len(), 1);
    assert_eq!(g.violations[0].offender, Seat::B);
    assert_eq!(g.violations[0].window.status, ClaimStatus::Pending);
    for e in &p4_events()[13..] {
        g.apply(e).unwrap();
    }
    let w = &g.violations[0].window;
    assert_eq!(w.status, ClaimStatus::Open);
    assert_eq!(
        w.eligible,
        [Seat::A, Seat::C, Seat::D].into_iter().collect()
    );
    // A won trick 4 and leads trick 5 without claiming: he loses the right.
    g.apply(&card("A", "♣A")).unwrap();
    assert!(!g.violations[0].window.may_claim(Seat::A));
    assert!(g.violations[0].window.may_claim(Seat::C));
    assert!(g
        .apply(&GameEvent::ClaimRaised {
            claimant: Seat::A,
            violation: 0
        })
        .is_err());
    // C asks his partner D; "keine Reklamation" binds both: the revoke becomes valid.
    let mut h = g.clone();
    h.apply(&GameEvent::PartnerConsulted {
        asker: Seat::C,
        partner: Seat::D,
        violation: 0,
        reklamation: false,
    })
    .unwrap();
    assert_eq!(h.violations[0].window.status, ClaimStatus::BecameValid);
    // Otherwise D may still claim.
    g.apply(&GameEvent::ClaimRaised {
        claimant: Seat::D,
        violation: 0,
    })
    .unwrap();
    assert_eq!(
        g.violations[0].window.status,
        ClaimStatus::Claimed { by: Seat::D }
    );
}

fn ruling(c: Classification) -> Ruling {
    Ruling {
        offender: Seat::B,
        classification: c,
        can_hurt_soloist: None,
        decided_for: None,
        opponent_absagen: 0,
    }
}

#[test]
fn p5_appeal_at_once_suspends_play_tribunal_is_final_8_8_7_7_1_1() {
    let p = Profile::eppstein_2001();
    let mut ev = p4_events();
    ev.push(GameEvent::ClaimRaised {
        claimant: Seat::D,
        violation: 0,
    });
    ev.push(GameEvent::Ruled {
        violation: 0,
        ruling: ruling(Classification::Geringfuegig),
    });
    let g = Game::replay(setup(), p.clone(), &ev).unwrap();
    let pen = g.violations[0].penalty.clone().unwrap();
    assert_eq!(
        pen.credits,
        BTreeMap::from([(Seat::A, 1), (Seat::C, 1), (Seat::D, 1)])
    );
    // Appeal at once: play is suspended.
    let mut a = g.clone();
    a.apply(&GameEvent::Appealed { violation: 0 }).unwrap();
    assert!(
        a.apply(&card("A", "♣A")).is_err(),
        "suspended until the Schiedsgericht decides"
    );
    a.apply(&GameEvent::TribunalDecided {
        violation: 0,
        ruling: ruling(Classification::Schwerwiegend),
    })
    .unwrap();
    assert!(matches!(
        a.violations[0].ruling,
        Some(RulingStage::Tribunal { .. })
    ));
    assert!(
        a.apply(&GameEvent::Appealed { violation: 0 }).is_err(),
        "final"
    );
    let res = a.result().unwrap();
    assert_eq!(
        res.record.result,
        DealResult::NotPlayed {
            kind: GameKind::Normal
        }
    );
    assert_eq!(res.record.penalties.len(), 1);
    assert_eq!(
        res.record.penalties[0].credits,
        BTreeMap::from([(Seat::A, 4), (Seat::C, 4), (Seat::D, 4)])
    );
    assert!(res.record.points.values().all(|&v| v == 0));
    // An appeal after play resumed is out of time.
    let mut late = g.clone();
    late.apply(&card("A", "♣A")).unwrap();
    assert!(late.apply(&GameEvent::Appealed { violation: 0 }).is_err());
}

#[test]
fn p6_unsportsmanlike_conduct_goes_to_the_schiedsgericht_8_7_2() {
    let ctx = PenaltyContext {
        parties: SEATS
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
    let mut r = ruling(Classification::Unsportlich);
    r.offender = Seat::A;
    let out = distribute(&ctx, &r).unwrap();
    assert_eq!(out.effect, GameEffect::ReferToSchiedsgericht);
    assert!(out.credits.is_empty());
    let p = Profile::eppstein_2001();
    let d = sanction_delta(Seat::A, Sanction::Punktabzug { points: 6 }, &p).unwrap();
    assert_eq!(d, BTreeMap::from([(Seat::A, -6)]));
    assert!(sanction_delta(Seat::A, Sanction::Punktabzug { points: 13 }, &p).is_err());
    assert!(sanction_delta(Seat::A, Sanction::Verwarnung, &p)
        .unwrap()
        .is_empty());
    let mut g = rec(Seat::A, GameKind::Normal);
    g.points = BTreeMap::from([(Seat::A, 2), (Seat::C, 2)]);
    g.penalties.push(PenaltyRow {
        rule: "8.7.2(b)".into(),
        credits: d,
    });
    let list = project(&[g], four());
    assert_eq!(list.totals[&Seat::A], -4);
    assert_eq!(list.rows.len(), 2, "the deduction is its own row");
}

#[test]
fn p7_struck_game_replaced_by_its_dealer_rotation_resumes_8_2_1_a27() {
    #[allow(non_snake_case)]
    let (A, B, C, D) = (Seat::A, Seat::B, Seat::C, Seat::D);
    let p = Profile::eppstein_2001();
    let mut recs: Vec<GameRecord> = [A, B, C, D, A, B, C, D, A]
        .into_iter()
        .map(|d| {
            let mut r = rec(d, GameKind::Normal);
            r.points = BTreeMap::from([(A, 1), (C, 1)]);
            r
        })
        .collect();
    recs[6].struck = true; // game 7, dealt by C, disputed during game 9
    let st = fold(&recs, four(), &p, None);
    assert_eq!(st.games_counted, 8);
    match next_deal(&st, four(), &recs, Some(6)) {
        NextDeal::Replacement {
            dealer, replaces, ..
        } => assert_eq!((dealer, replaces), (C, 6)),
        other => panic!("expected a replacement, got {other:?}"),
    }
    let mut repl = rec(C, GameKind::Normal);
    repl.replaces = Some(6);
    recs.push(repl);
    let st = fold(&recs, four(), &p, None);
    assert_eq!(st.games_counted, 9);
    assert_eq!(st.next_dealer, B, "the dealer who would have dealt game 10");
    let list = project(&recs, four());
    assert_eq!(list.totals[&A], 8, "the struck game adds nothing");
}

#[test]
fn five_table_dealer_sits_out_twenty_games_2_2_7_7_4_1() {
    let table = TableConfig::new(5).unwrap();
    let (trail, recs) = play_round(table, None, |_, _| GameKind::Normal);
    let st = fold(&recs, table, &Profile::eppstein_2001(), None);
    assert_eq!(st.games_counted, 20);
    assert!(st.owes_pflichtsolo.is_empty());
    // Nobody volunteered: the last five deals are vorgeführt, each soloist in the game.
    let forced: Vec<(Seat, Seat)> = trail.iter().filter_map(|t| t.1.map(|s| (t.0, s))).collect();
    assert_eq!(forced.len(), 5);
    assert!(trail[..15].iter().all(|t| t.1.is_none()));
    for (d, s) in &forced {
        assert!(Players::for_dealer(*d, 5).contains(*s));
    }
    for (d, _) in &trail {
        assert!(!Players::for_dealer(*d, 5).contains(*d));
    }
    assert!(TableConfig::new(6).is_err());
}

#[test]
fn outstanding_pflichtsoli_are_played_even_past_the_16th_game_a25_3_2_3() {
    let p = Profile::eppstein_2001();
    // Fifteen recorded games in which only B played his Pflichtsolo (game 1) ...
    let mut recs: Vec<GameRecord> = Vec::new();
    for i in 0..15 {
        let st = fold(&recs, four(), &p, None);
        let kind = match i {
            0 => pflicht(Seat::B, false),
            _ => GameKind::Normal,
        };
        recs.push(rec(st.next_dealer, kind));
    }
    let st = fold(&recs, four(), &p, None);
    assert_eq!(st.games_counted, 15);
    // ... and B's solo is voided under §8.6.2.1: four Pflichtsoli owed, one game left.
    recs[0].result = DealResult::NotPlayed {
        kind: pflicht(Seat::B, false),
    };
    let st = fold(&recs, four(), &p, None);
    assert!(st.owes_pflichtsolo.contains(&Seat::B));
    let mut trail = vec![];
    for _ in 0..10 {
        let st = fold(&recs, four(), &p, None);
        match next_deal(&st, four(), &recs, None) {
            NextDeal::RoundOver => break,
            NextDeal::Deal {
                dealer,
                vorgefuehrt,
                ..
            } => {
                let s = vorgefuehrt.expect("only forced solos remain");
                trail.push(s);
                recs.push(rec(dealer, pflicht(s, true)));
            }
            NextDeal::Replacement { .. } => unreachable!(),
        }
    }
    assert!(trail.contains(&Seat::B));
    assert!(fold(&recs, four(), &p, None).owes_pflichtsolo.is_empty());
}

#[test]
fn simultaneous_claims_penalise_the_first_committed_and_a_schwerwiegend_ruling_ends_claims_8_8_6() {
    let p = Profile::eppstein_2001();
    let mut ev = p4_events();
    // C leads out of turn into trick 5 (A won trick 4): a second violation.
    ev.push(card("C", "♦A"));
    let mut g = Game::replay(setup(), p, &ev).unwrap();
    assert_eq!(g.violations.len(), 2);
    assert_eq!(
        g.simultaneous_claim_priority(&[1, 0]),
        Some(0),
        "B's revoke came first"
    );
    g.apply(&GameEvent::ClaimRaised {
        claimant: Seat::D,
        violation: 0,
    })
    .unwrap();
    g.apply(&GameEvent::Ruled {
        violation: 0,
        ruling: ruling(Classification::Schwerwiegend),
    })
    .unwrap();
    assert!(g
        .apply(&GameEvent::ClaimRaised {
            claimant: Seat::A,
            violation: 1,
        })
        .is_err());
}

#[test]
fn p6_sanction_in_the_fold_is_its_own_list_row_8_7_2() {
    let mut ev = p4_events();
    ev.push(GameEvent::ClaimRaised {
        claimant: Seat::D,
        violation: 0,
    });
    ev.push(GameEvent::Ruled {
        violation: 0,
        ruling: ruling(Classification::Schwerwiegend),
    });
    // B throws his cards in while waiting: the Schiedsgericht deducts 6 (§8.8.5, §8.7.2(b)).
    ev.push(GameEvent::SanctionImposed {
        seat: Seat::B,
        sanction: Sanction::Punktabzug { points: 6 },
    });
    let mut g = Game::replay(setup(), Profile::eppstein_2001(), &ev).unwrap();
    assert!(g
        .apply(&GameEvent::SanctionImposed {
            seat: Seat::B,
            sanction: Sanction::Punktabzug { points: 13 },
        })
        .is_err());
    let r = g.result().unwrap();
    let rules: Vec<&str> = r.record.penalties.iter().map(|p| p.rule.as_str()).collect();
    assert_eq!(rules, vec!["8.6.2.1", "8.7.2(b)"]);
    let list = project(&[r.record], four());
    assert_eq!(
        list.totals,
        BTreeMap::from([(Seat::A, 4), (Seat::B, -6), (Seat::C, 4), (Seat::D, 4)])
    );
}

#[test]
fn verwerfen_is_a_revoke_corrected_at_once_4_2_5_4_1_3() {
    use tdlog::doko::violation::ViolationKind;
    let mut ev: Vec<GameEvent> = p4_events()[..9].to_vec();
    ev.extend([card("A", "♠A"), card("B", "♣A")]); // B revokes ...
    let mut g = Game::replay(setup(), Profile::eppstein_2001(), &ev).unwrap();
    let corrected = GameEvent::CardCorrected {
        seat: Seat::B,
        card: "♠9".parse().unwrap(),
    };
    let mut late = g.clone();
    late.apply(&card("C", "♠10")).unwrap();
    assert!(
        late.apply(&corrected).is_err(),
        "too late once C has played"
    );
    g.apply(&corrected).unwrap(); // ... and corrects at once
    assert_eq!(g.violations.len(), 1);
    assert_eq!(g.violations[0].kind, ViolationKind::Verwerfen { trick: 2 });
    assert_eq!(g.violations[0].window.status, ClaimStatus::Open);
    assert!(g.hands[&Seat::B].contains(&"♣A".parse().unwrap()));
    assert_eq!(g.current[1].card, "♠9".parse().unwrap());
    // Taking back a card that followed suit is flagged too; the replacement ♥K revokes.
    g.apply(&card("C", "♠10")).unwrap();
    g.apply(&GameEvent::CardCorrected {
        seat: Seat::C,
        card: "♥K".parse().unwrap(),
    })
    .unwrap();
    assert_eq!(
        g.violations
            .iter()
            .map(|v| v.kind.rule())
            .collect::<Vec<_>>(),
        vec!["4.2.5", "4.1.3", "4.2.4"]
    );
}

#[test]
fn wrong_dealer_claimable_until_all_four_have_acted_2_2_11() {
    let ev = p4_events();
    let g = Game::replay(setup(), Profile::eppstein_2001(), &ev[..8]).unwrap();
    assert!(g.wrong_dealer_claimable(), "D has not acted yet");
    let g = Game::replay(setup(), Profile::eppstein_2001(), &ev[..9]).unwrap();
    assert!(!g.wrong_dealer_claimable());
}

#[test]
fn query_corrections_and_their_deadlines_3_1_2() {
    use tdlog::doko::determination::{Correction, DeterminationFlag};
    use tdlog::doko::violation::ViolationKind;
    let p = Profile::eppstein_2001();
    let corrected = |art, after_next_spoke, after_play_began| QueryEntry {
        seat: Seat::B,
        statement: Statement::Gesund,
        art: Some(art),
        correction: Some(Correction {
            to: Statement::Vorbehalt,
            after_next_spoke,
            after_play_began,
        }),
    };
    let input = |e: QueryEntry| DeterminationInput {
        players: Players::for_dealer(Seat::D, 4),
        hands: None,
        owes_pflichtsolo: SEATS.into_iter().collect(),
        vorgefuehrt: None,
        query: vec![q(Seat::A, None), e, q(Seat::C, None), q(Seat::D, None)],
    };
    let solo = Vorbehaltsart::Solo(SoloType::Bubensolo);
    // In time: the solo stands, no flag.
    let d = determine(&input(corrected(solo, false, false)), &p).unwrap();
    assert!(d.flags.is_empty());
    assert!(matches!(
        d.outcome,
        Outcome::Play {
            kind: GameKind::Pflichtsolo {
                soloist: Seat::B,
                ..
            },
            ..
        }
    ));
    // "gesund" → Hochzeit after C spoke: a geringfügiger Regelverstoß by rule.
    let hz = Vorbehaltsart::Hochzeit(Default::default());
    let d = determine(&input(corrected(hz, true, false)), &p).unwrap();
    let f = DeterminationFlag::LateCorrection {
        seat: Seat::B,
        for_hochzeit: true,
    };
    assert_eq!(d.flags, vec![f.clone()]);
    assert_eq!(
        ViolationKind::Determination { flag: f }.prescribed(),
        Some(Classification::Geringfuegig)
    );
    // After the first card: ignored and flagged; a normal game is played.
    let d = determine(&input(corrected(solo, false, true)), &p).unwrap();
    assert_eq!(
        d.flags,
        vec![DeterminationFlag::CorrectionAfterPlay { seat: Seat::B }]
    );
    assert!(matches!(
        d.outcome,
        Outcome::Play {
            kind: GameKind::Normal,
            ..
        }
    ));
}
