//! A whole four-table round driven through the public API the log will use: `round::next_deal`
//! chooses dealer and forced solos, `game::Game` folds each game card by card, `Game::result`
//! yields the record, `list::project` the Spielliste. One late announcement is claimed, ruled,
//! appealed at once and decided by the Schiedsgericht (§2.2.1, §3.2, §5, §6.3, §7, §8.8).
use std::collections::BTreeMap;

use tdlog::doko::announce::Level;
use tdlog::doko::cards::{deck, Card};
use tdlog::doko::claim::RulingStage;
use tdlog::doko::determination::{Outcome, QueryEntry, Statement, Vorbehaltsart};
use tdlog::doko::game::{Game, GameEvent, GameSetup};
use tdlog::doko::game_type::{GameKind, GameType, SoloType};
use tdlog::doko::list::{project, RowKind};
use tdlog::doko::penalty::{Classification, Ruling};
use tdlog::doko::profile::Profile;
use tdlog::doko::ranking::Ranking;
use tdlog::doko::round::{fold, next_deal, GameRecord, NextDeal, TableConfig};
use tdlog::doko::seat::Seat;
use tdlog::doko::trick::legal_cards;
use tdlog::doko::violation::ViolationKind;

/// A small deterministic generator so the round is the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle(&mut self, d: &mut [Card]) {
        for i in (1..d.len()).rev() {
            let j = self.below(i + 1);
            d.swap(i, j);
        }
    }
}

fn to_play(g: &Game) -> Seat {
    let leader = match g.tricks.last() {
        Some(t) => t.winner().unwrap(),
        None => match &g.determination.as_ref().unwrap().outcome {
            Outcome::Play { leader, .. } => *leader,
            o => panic!("{o:?}"),
        },
    };
    match g.current.last() {
        None => leader,
        Some(p) => g.players.after(p.seat).unwrap(),
    }
}

fn solo_types() -> [SoloType; 4] {
    [
        SoloType::Trumpfsolo,
        SoloType::Damensolo,
        SoloType::Bubensolo,
        SoloType::Fleischloser,
    ]
}

#[test]
fn sixteen_games_card_by_card_with_a_claim_and_an_appeal_project_to_the_list() {
    let profile = Profile::eppstein_2001();
    let table = TableConfig::new(4).unwrap();
    let mut rng = Rng(0x5eed_d0c0);
    let mut records: Vec<GameRecord> = Vec::new();
    let mut trail = Vec::new();
    let mut appealed = false;
    while records.len() < 40 {
        let st = fold(&records, table, &profile, None);
        let (dealer, players, vorgefuehrt) = match next_deal(&st, table, &records, None) {
            NextDeal::RoundOver => break,
            NextDeal::Deal {
                dealer,
                players,
                vorgefuehrt,
            } => (dealer, players, vorgefuehrt),
            NextDeal::Replacement { .. } => unreachable!(),
        };
        trail.push((dealer, vorgefuehrt));
        let n = records.len();
        // Game 3: Vorhand volunteers his Pflichtsolo.
        let volunteer = (n == 2).then(|| players.vorhand());
        let soloist = vorgefuehrt.or(volunteer);
        let mut d = deck();
        rng.shuffle(&mut d);
        let hands: BTreeMap<Seat, Vec<Card>> = players
            .iter()
            .enumerate()
            .map(|(i, s)| (s, d[i * 12..i * 12 + 12].to_vec()))
            .collect();
        let setup = GameSetup {
            dealer,
            table_size: 4,
            owes_pflichtsolo: st.owes_pflichtsolo.clone(),
            vorgefuehrt,
        };
        let mut g = Game::new(setup, profile.clone());
        g.apply(&GameEvent::Dealt { hands }).unwrap();
        for s in players.iter() {
            let art = (Some(s) == soloist).then(|| Vorbehaltsart::Solo(solo_types()[rng.below(4)]));
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
        g.apply(&GameEvent::QueryClosed).unwrap();
        for k in 0..48 {
            // Game 5: a late "Re"/"Kontra" by Vorhand after trick 2; it is claimed, ruled
            // geringfügig, appealed at once, and the Schiedsgericht finds it unerheblich.
            if n == 4 && k == 8 {
                let who = players.vorhand();
                g.apply(&GameEvent::Announced {
                    seat: who,
                    level: Level::Ansage,
                    stated_party: None,
                    simultaneous: false,
                })
                .unwrap();
                let vi = g.violations.len() - 1;
                assert!(matches!(
                    g.violations[vi].kind,
                    ViolationKind::Announcement { .. }
                ));
                let claimant = *g.violations[vi].window.eligible.iter().next().unwrap();
                g.apply(&GameEvent::ClaimRaised {
                    claimant,
                    violation: vi,
                })
                .unwrap();
                let ruling = |c| Ruling {
                    offender: who,
                    classification: c,
                    can_hurt_soloist: Some(false),
                    decided_for: None,
                    opponent_absagen: 0,
                };
                g.apply(&GameEvent::Ruled {
                    violation: vi,
                    ruling: ruling(Classification::Geringfuegig),
                })
                .unwrap();
                g.apply(&GameEvent::Appealed { violation: vi }).unwrap();
                g.apply(&GameEvent::TribunalDecided {
                    violation: vi,
                    ruling: ruling(Classification::Unerheblich),
                })
                .unwrap();
                assert!(matches!(
                    g.violations[vi].ruling,
                    Some(RulingStage::Tribunal { .. })
                ));
                appealed = true;
            }
            let seat = to_play(&g);
            let gt = g.kind.map(|k| k.game_type()).unwrap_or(GameType::Normal);
            let rk = Ranking::new(gt, profile.farbsolo_style);
            let lead = g.current.first().map(|p| p.card);
            let legal = legal_cards(&g.hands[&seat], lead, &rk);
            let card = legal[rng.below(legal.len())];
            g.apply(&GameEvent::CardPlayed { seat, card }).unwrap();
        }
        let r = g.result().unwrap();
        assert_eq!(r.dealt_eyes, 240);
        records.push(r.record);
    }
    assert!(appealed);
    let st = fold(&records, table, &profile, None);
    assert_eq!(st.games_counted, 16);
    assert!(st.owes_pflichtsolo.is_empty());
    // Game 3 was a Pflichtsolo: game 4 is dealt by the same dealer.
    assert_eq!(trail[3].0, trail[2].0);
    assert!(matches!(
        records[2].result,
        tdlog::doko::round::DealResult::Played {
            kind: GameKind::Pflichtsolo {
                vorgefuehrt: false,
                ..
            }
        }
    ));
    let forced = trail.iter().filter(|t| t.1.is_some()).count();
    assert_eq!(forced, 3, "the other three are vorgeführt at the end");
    let list = project(&records, table);
    // The totals are the sum of every row's delta; game rows number 16; the Schiedsgericht's
    // "unerheblich" leaves no penalty row.
    let mut sum: BTreeMap<Seat, i32> = BTreeMap::new();
    for row in &list.rows {
        for (s, d) in &row.delta {
            *sum.entry(*s).or_insert(0) += d;
        }
    }
    for s in table.seats() {
        assert_eq!(list.totals[&s], sum.get(&s).copied().unwrap_or(0));
    }
    let games = list
        .rows
        .iter()
        .filter(|r| matches!(r.kind, RowKind::Game { .. }))
        .count();
    assert_eq!(games, 16);
    assert!(list
        .rows
        .iter()
        .all(|r| !matches!(r.kind, RowKind::Penalty { .. })));
    assert_eq!(
        list.rows.last().unwrap().game_no,
        Some(16),
        "game numbers run 1..=16"
    );
}
