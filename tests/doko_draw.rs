//! The seat draw (§2.1) and the round plans (§7.2.1, §7.3.1), issue 16: the seed's hash committed
//! in one signed event and the seed revealed in a later one, so nobody can redraw; round 1
//! seated from the draw, later rounds by the draw's signed rule; tables of four and five;
//! late arrivals and departures.

mod common;

use common::key;
use sha2::{Digest, Sha256};
use std::path::Path;

use tdlog::appeals::doko_append::{append_checked, DokoAppendError};
use tdlog::doko::draw::{draw_order, seed_hash, table_sizes, LaterRounds, Presence};
use tdlog::doko::entry::{ListEntry, ListGame};
use tdlog::doko::game_type::GameKind;
use tdlog::doko::seat::Seat;
use tdlog::doko::tables::DokoTables;
use tdlog::events::{
    DokoDrawCommit, DokoDrawReveal, DokoGameRef, DokoPresence, DokoResult, DokoSeating, Game,
    Genesis, KeyEnrolled, Payload,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{replay, Log};

const SEED: &str = "5eed0f7e1c0ffee5eed0f7e1c0ffee5eed0f7e1c0ffee5eed0f7e1c0ffee0001";

fn field(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("P{i:02}")).collect()
}

fn new_log(dir: &Path) -> (Log, DeviceKey, DeviceKey) {
    let chief = key(1);
    let scorer = key(3);
    let mut log = Log::create(
        &dir.join("draw.tdlog"),
        &chief,
        Genesis {
            name: "Clubabend".into(),
            game: Game::Doppelkopf,
            organiser: "Doko-Club".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    log.append(
        &chief,
        Payload::KeyEnrolled(KeyEnrolled {
            key: scorer.public(),
            role: Role::Scorer,
            holder: "Listenführer".into(),
        }),
    )
    .unwrap();
    (log, chief, scorer)
}

fn sign(log: &mut Log, k: &DeviceKey, ps: Vec<Payload>) -> Result<(), DokoAppendError> {
    append_checked(log, k, ps, common::T0).map(|_| ())
}

fn commit(n: usize, later: LaterRounds) -> Payload {
    Payload::DokoDrawCommit(DokoDrawCommit {
        seed_hash: seed_hash(SEED),
        players: field(n),
        later_rounds: later,
    })
}

fn reveal(seed: &str) -> Payload {
    Payload::DokoDrawReveal(DokoDrawReveal { seed: seed.into() })
}

fn tables(log: &Log) -> DokoTables {
    let v = log.verify(None).unwrap();
    let mut t = DokoTables::default();
    replay(&v, &mut t);
    t
}

fn rule(r: Result<(), DokoAppendError>) -> String {
    match r {
        Err(DokoAppendError::Rule(e)) => e.rule(),
        other => panic!("expected a refusal by the rules, got {other:?}"),
    }
}

#[test]
fn rule_2_1_the_draw_is_the_seed_committed_before_it_is_revealed() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief, _) = new_log(d.path());
    // Revealing before any commit, or in the commit's own batch, is refused.
    assert_eq!(rule(sign(&mut log, &chief, vec![reveal(SEED)])), "2.1");
    assert_eq!(
        rule(sign(
            &mut log,
            &chief,
            vec![commit(16, LaterRounds::Random), reveal(SEED)]
        )),
        "2.1"
    );
    sign(&mut log, &chief, vec![commit(16, LaterRounds::Random)]).unwrap();
    assert!(tables(&log).plan(1).is_err(), "no plan before the reveal");
    // A seed that does not match the commit is refused: the director cannot swap in
    // another draw after seeing how the first falls.
    let other = "another seed";
    assert_eq!(rule(sign(&mut log, &chief, vec![reveal(other)])), "2.1");
    sign(&mut log, &chief, vec![reveal(SEED)]).unwrap();
    // Nobody redraws: a second reveal and a second commit are refused.
    assert_eq!(rule(sign(&mut log, &chief, vec![reveal(SEED)])), "2.1");
    assert_eq!(
        rule(sign(
            &mut log,
            &chief,
            vec![commit(16, LaterRounds::Random)]
        )),
        "2.1"
    );
    assert!(tables(&log).plan(1).is_ok());
}

#[test]
fn rule_7_3_1_the_plan_is_the_field_sorted_by_the_hash_of_seed_round_and_name() {
    // Worked by hand with SHA-256 here, independent of the engine's plan code.
    let players = field(8);
    let mut keyed: Vec<(Vec<u8>, String)> = players
        .iter()
        .map(|p| {
            let mut h = Sha256::new();
            h.update(SEED.as_bytes());
            h.update(1u32.to_be_bytes());
            h.update(p.as_bytes());
            (h.finalize().to_vec(), p.clone())
        })
        .collect();
    keyed.sort();
    let want: Vec<String> = keyed.into_iter().map(|(_, p)| p).collect();
    assert_eq!(draw_order(SEED, 1, &players), want);
    // The same seed on another device gives the same plan; round 2 is drawn anew.
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief, _) = new_log(d.path());
    sign(&mut log, &chief, vec![commit(8, LaterRounds::Random)]).unwrap();
    sign(&mut log, &chief, vec![reveal(SEED)]).unwrap();
    let t = tables(&log);
    let p1 = t.plan(1).unwrap();
    assert_eq!(p1.len(), 2);
    let seated: Vec<String> = p1.iter().flat_map(|t| t.values().cloned()).collect();
    assert_eq!(seated, want, "table 1 seats A-D, then table 2");
    assert_eq!(p1[0][&Seat::A], want[0]);
    assert_ne!(t.plan(2).unwrap(), p1);
}

#[test]
fn rule_7_2_1_tables_of_four_and_five_seat_every_player() {
    assert_eq!(table_sizes(16).unwrap(), vec![4, 4, 4, 4]);
    assert_eq!(table_sizes(17).unwrap(), vec![4, 4, 4, 5]);
    assert_eq!(table_sizes(19).unwrap(), vec![4, 5, 5, 5]);
    assert_eq!(table_sizes(20).unwrap(), vec![4, 4, 4, 4, 4]);
    for n in [3, 6, 7, 11] {
        let e = table_sizes(n).unwrap_err();
        assert_eq!(e.rule(), "7.2.1", "{n}: {e}");
    }
}

#[test]
fn late_arrivals_and_departures_change_the_plan_from_their_round_7_3_1() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief, scorer) = new_log(d.path());
    sign(&mut log, &chief, vec![commit(16, LaterRounds::Random)]).unwrap();
    sign(&mut log, &chief, vec![reveal(SEED)]).unwrap();
    let late = Payload::DokoPresence(DokoPresence {
        presence: Presence {
            player: "Zoe".into(),
            from_round: 2,
            present: true,
        },
    });
    let gone = |p: &str| {
        Payload::DokoPresence(DokoPresence {
            presence: Presence {
                player: p.into(),
                from_round: 3,
                present: false,
            },
        })
    };
    sign(&mut log, &scorer, vec![late]).unwrap();
    assert_eq!(rule(sign(&mut log, &scorer, vec![gone("Nobody")])), "7.3.1");
    sign(&mut log, &scorer, vec![gone("P01"), gone("Zoe")]).unwrap();
    let t = tables(&log);
    let sizes = |r: u32| -> Vec<usize> { t.plan(r).unwrap().iter().map(|x| x.len()).collect() };
    assert_eq!(sizes(1), vec![4, 4, 4, 4]);
    assert_eq!(sizes(2), vec![4, 4, 4, 5], "Zoe sits as a fifth player");
    assert_eq!(sizes(3), vec![5, 5, 5], "15 players: three tables of five");
    let in_round = |r: u32| -> Vec<String> {
        t.plan(r)
            .unwrap()
            .iter()
            .flat_map(|x| x.values().cloned())
            .collect()
    };
    assert!(!in_round(1).contains(&"Zoe".to_string()));
    assert!(in_round(2).contains(&"Zoe".to_string()));
    assert!(!in_round(3).contains(&"P01".to_string()));
}

#[test]
fn by_standings_the_leaders_of_round_1_sit_together_at_table_1_in_round_2() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief, scorer) = new_log(d.path());
    sign(&mut log, &chief, vec![commit(8, LaterRounds::ByStandings)]).unwrap();
    sign(&mut log, &chief, vec![reveal(SEED)]).unwrap();
    let plan = tables(&log).plan(1).unwrap();
    let mut ps = vec![];
    for (i, seating) in plan.iter().enumerate() {
        ps.push(Payload::DokoSeating(DokoSeating {
            round: 1,
            table: i as u32 + 1,
            seating: seating.clone(),
        }));
    }
    sign(&mut log, &scorer, ps).unwrap();
    // Table 1: A and B win one game (1 point each); table 2: C and D win two games.
    let g = |table: u32, game: u32, re: [Seat; 2]| {
        Payload::DokoResult(DokoResult {
            at: DokoGameRef {
                round: 1,
                table,
                game,
            },
            entry: ListEntry::Game(ListGame {
                dealer: None,
                kind: GameKind::Normal,
                re: re.to_vec(),
                re_eyes: 130,
                re_tricks: None,
                calls: vec![],
                sonderpunkte: vec![],
            }),
        })
    };
    sign(
        &mut log,
        &scorer,
        vec![
            g(1, 1, [Seat::A, Seat::B]),
            g(2, 1, [Seat::C, Seat::D]),
            g(2, 2, [Seat::C, Seat::D]),
        ],
    )
    .unwrap();
    let t = tables(&log);
    let r2 = t.plan(2).unwrap();
    let top: Vec<&String> = vec![
        &plan[1][&Seat::C],
        &plan[1][&Seat::D],
        &plan[0][&Seat::A],
        &plan[0][&Seat::B],
    ];
    let table1: Vec<&String> = r2[0].values().collect();
    assert_eq!(table1, top, "2, 2, 1, 1 points: the leaders at table 1");
}

/// The standings list the whole field (§2.1 and the arrivals of §7.3.1), not only who has a
/// game on a list: after round 1 a latecomer from round 2 stands with 0 and no game, marked
/// as not played; a player who left before round 1 is not listed.
#[test]
fn rule_7_3_1_the_standings_list_a_latecomer_who_has_not_played_yet() {
    let d = tempfile::tempdir().unwrap();
    let (mut log, chief, scorer) = new_log(d.path());
    sign(&mut log, &chief, vec![commit(16, LaterRounds::Random)]).unwrap();
    sign(&mut log, &chief, vec![reveal(SEED)]).unwrap();
    let presence = |p: &str, from_round: u32, present: bool| {
        Payload::DokoPresence(DokoPresence {
            presence: Presence {
                player: p.into(),
                from_round,
                present,
            },
        })
    };
    sign(
        &mut log,
        &scorer,
        vec![
            presence("Zoe", 2, true),
            presence("Yves", 1, true),
            presence("Yves", 1, false),
        ],
    )
    .unwrap();
    let plan = tables(&log).plan(1).unwrap();
    let mut ps: Vec<Payload> = plan
        .iter()
        .enumerate()
        .map(|(i, s)| {
            Payload::DokoSeating(DokoSeating {
                round: 1,
                table: i as u32 + 1,
                seating: s.clone(),
            })
        })
        .collect();
    ps.push(Payload::DokoResult(DokoResult {
        at: DokoGameRef {
            round: 1,
            table: 1,
            game: 1,
        },
        entry: ListEntry::Game(ListGame {
            dealer: None,
            kind: GameKind::Normal,
            re: vec![Seat::A, Seat::B],
            re_eyes: 130,
            re_tricks: None,
            calls: vec![],
            sonderpunkte: vec![],
        }),
    }));
    sign(&mut log, &chief, ps).unwrap();
    let s = tables(&log).standings().unwrap().standings;
    assert_eq!(s.len(), 17, "16 of round 1 and Zoe: {s:?}");
    let zoe = s.iter().find(|l| l.player == "Zoe").expect("Zoe is listed");
    assert_eq!((zoe.total, zoe.played, zoe.rounds.len()), (0, false, 0));
    assert!(
        s.iter().all(|l| l.player != "Yves"),
        "Yves left before he played"
    );
    let winners: Vec<_> = s.iter().filter(|l| l.total == 1).collect();
    assert_eq!(winners.len(), 2);
    assert!(winners.iter().all(|l| l.place == 1 && l.played));
    let table2 = &plan[1];
    assert!(
        table2
            .values()
            .all(|p| s.iter().any(|l| &l.player == p && l.total == 0)),
        "table 2 has no game yet"
    );
}
