//! A Doppelkopf table on the signed log (issue 7): the recorded 16-game round of
//! `fixtures/doko/round16` appended to a real SQLite log as signed events (the table's
//! events by a scorer, the Schiedsrichter's ruling by a TD, the Schiedsgericht's decision by
//! a committee key) replays to the independently computed list in `expected_list.json`,
//! under the profile the genesis names (§6.3, §7.1.1, §8.8.7).

mod common;
use common::tdlog_cmd;

use common::key;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tdlog::doko::game::GameEvent;
use tdlog::doko::seat::Seat;
use tdlog::doko::table::RecordedGame;
use tdlog::doko::tables::DokoTables;
use tdlog::events::{DokoGame, DokoGameRef, Game, Genesis, KeyEnrolled, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{replay, Log, LogError};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/doko/round16");

#[derive(Debug, PartialEq, Deserialize)]
struct ExpectedRow {
    game_no: Option<u8>,
    dealer: Seat,
    value: u32,
    delta: BTreeMap<Seat, i32>,
    totals: BTreeMap<Seat, i32>,
}

fn games() -> Vec<RecordedGame> {
    serde_json::from_str(&std::fs::read_to_string(format!("{DIR}/events.json")).unwrap()).unwrap()
}

struct Keys {
    chief: DeviceKey,
    td: DeviceKey,
    scorer: DeviceKey,
    committee: DeviceKey,
}

fn enrol(k: &DeviceKey, role: Role, holder: &str) -> Payload {
    Payload::KeyEnrolled(KeyEnrolled {
        key: k.public(),
        role,
        holder: holder.into(),
    })
}

fn new_log(dir: &Path, profile: &str) -> (PathBuf, Log, Keys) {
    let p = dir.join("doko.tdlog");
    let k = Keys {
        chief: key(1),
        td: key(2),
        scorer: key(3),
        committee: key(4),
    };
    let mut log = Log::create(
        &p,
        &k.chief,
        Genesis {
            name: "Doko-Turnier".into(),
            game: Game::Doppelkopf,
            organiser: "tdlog test club".into(),
            rule_profile: profile.into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    log.append(&k.chief, enrol(&k.td, Role::Td, "Schiedsrichter"))
        .unwrap();
    log.append(&k.chief, enrol(&k.scorer, Role::Scorer, "Listenführer"))
        .unwrap();
    log.append(
        &k.chief,
        enrol(&k.committee, Role::Committee, "Schiedsgericht"),
    )
    .unwrap();
    (p, log, k)
}

/// Appends the games, each event signed by the key whose role records it.
fn append_games(log: &mut Log, k: &Keys, round: u32, table: u32, games: &[RecordedGame]) -> usize {
    let mut n = 0;
    for (i, g) in games.iter().enumerate() {
        let at = DokoGameRef {
            round,
            table,
            game: i as u32 + 1,
        };
        let mut batch = vec![Payload::DokoGame(DokoGame {
            at,
            setup: g.setup.clone(),
        })];
        for e in &g.events {
            let p = at.payload(e.clone());
            let signer = match &p {
                Payload::DokoRuling(_) => &k.td,
                Payload::DokoSchiedsgericht(_) => &k.committee,
                _ => &k.scorer,
            };
            if std::ptr::eq(signer, &k.scorer) {
                batch.push(p);
            } else {
                n += batch.len() + 1;
                log.append_batch(&k.scorer, std::mem::take(&mut batch))
                    .unwrap();
                log.append(signer, p).unwrap();
            }
        }
        n += batch.len();
        log.append_batch(&k.scorer, batch).unwrap();
    }
    n
}

fn fold(p: &Path) -> DokoTables {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = DokoTables::default();
    replay(&v, &mut t);
    t
}

#[test]
fn the_recorded_round_as_signed_events_replays_to_the_expected_list_6_3() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path(), "eppstein-2001");
    let games = games();
    let n = append_games(&mut log, &k, 1, 3, &games);
    assert!(n > 800, "every card is its own signed event ({n})");
    drop(log);

    let t = fold(&p);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
    let l = t.list(1, 3).unwrap();
    assert_eq!(
        l.profile, "eppstein-2001",
        "the profile comes from the genesis"
    );
    assert_eq!(l.in_progress, None);
    let expected: Vec<ExpectedRow> = serde_json::from_str(
        &std::fs::read_to_string(format!("{DIR}/expected_list.json")).unwrap(),
    )
    .unwrap();
    let list = &l.replay.list;
    assert_eq!(list.rows.len(), expected.len());
    for (row, exp) in list.rows.iter().zip(&expected) {
        let got = ExpectedRow {
            game_no: row.game_no,
            dealer: row.dealer,
            value: row.value,
            delta: row
                .delta
                .iter()
                .filter(|(_, d)| **d != 0)
                .map(|(s, d)| (*s, *d))
                .collect(),
            totals: row.totals.clone(),
        };
        assert_eq!(&got, exp, "row of record {}", row.record);
    }

    // The appeal path is on the log: a TD signed the ruling, the committee the decision.
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let kinds: Vec<&str> = v.events.iter().map(|e| e.env.kind.as_ref()).collect();
    assert!(kinds.contains(&"doko.ruling"));
    assert!(kinds.contains(&"doko.schiedsgericht"));

    // `tdlog doko list` prints the same list, and shows the profile.
    let out = tdlog_cmd()
        .args(["doko", "list"])
        .arg(&p)
        .args(["--table", "3", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["profile"], "eppstein-2001");
    assert_eq!(j["list"], serde_json::to_value(list).unwrap());
    let text = tdlog_cmd()
        .args(["doko", "list"])
        .arg(&p)
        .args(["--table", "3"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("eppstein-2001"), "{text}");
}

#[test]
fn only_a_td_signs_the_schiedsrichter_ruling_and_only_the_committee_the_decision_7_1_1() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(dir.path(), "eppstein-2001");
    let games = games();
    let (ruling, decision) =
        games
            .iter()
            .flat_map(|g| g.events.iter())
            .fold((None, None), |(r, d), e| match e {
                GameEvent::Ruled { .. } => (Some(e.clone()), d),
                GameEvent::TribunalDecided { .. } => (r, Some(e.clone())),
                _ => (r, d),
            });
    let at = DokoGameRef {
        round: 1,
        table: 1,
        game: 5,
    };
    for (e, refused_for) in [(ruling.unwrap(), &k.scorer), (decision.unwrap(), &k.td)] {
        match log.append(refused_for, at.payload(e)) {
            Err(LogError::Refused(m)) => assert!(m.contains("doko."), "{m}"),
            other => panic!("must be refused by role, got {other:?}"),
        }
    }
}

#[test]
fn an_unfinished_game_is_in_progress_and_the_ddv_profile_is_read_from_the_genesis() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path(), "ddv");
    let mut games: Vec<RecordedGame> = games().into_iter().take(3).collect();
    let half = games[2].events.len() / 2;
    games[2].events.truncate(half);
    append_games(&mut log, &k, 2, 1, &games);
    drop(log);
    let t = fold(&p);
    let l = t.list(2, 1).unwrap();
    assert_eq!(l.profile, "ddv");
    assert_eq!(l.in_progress, Some(3));
    assert_eq!(l.replay.records.len(), 2);
    // No games at another table: a clear error, no panic.
    assert!(t.list(2, 9).is_err());
}

#[test]
fn standings_add_each_players_round_totals_over_tables_a30() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path(), "eppstein-2001");
    let games = games();
    append_games(&mut log, &k, 1, 1, &games);
    append_games(&mut log, &k, 1, 2, &games[..4]);
    let seat = |round, table, names: [&str; 4]| {
        Payload::DokoSeating(tdlog::events::DokoSeating {
            round,
            table,
            seating: ["A", "B", "C", "D"]
                .iter()
                .zip(names)
                .map(|(s, n)| {
                    (
                        serde_json::from_value(serde_json::json!(s)).unwrap(),
                        n.to_string(),
                    )
                })
                .collect(),
        })
    };
    log.append(&k.scorer, seat(1, 1, ["Anna", "Bert", "Cleo", "Dora"]))
        .unwrap();
    // A player sitting twice is refused before it is signed.
    assert!(log
        .append(&k.scorer, seat(1, 2, ["Emil", "Emil", "Gabi", "Hans"]))
        .is_err());
    drop(log);
    let t = fold(&p);
    let s = t.standings().unwrap();
    assert_eq!(
        s.unseated,
        vec![(1, 2)],
        "a table without seating is listed, not counted"
    );
    let list = t.list(1, 1).unwrap().replay.list;
    for (seat, name) in t.seating(1, 1) {
        let line = s.standings.iter().find(|l| l.player == name).unwrap();
        assert_eq!(line.total, i64::from(list.totals[&seat]));
    }
    assert!(s.standings.windows(2).all(|w| w[0].total >= w[1].total));
}

#[test]
fn record_first_an_event_the_game_refuses_stays_on_the_log_and_is_listed_8_8_7() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path(), "eppstein-2001");
    let clean: Vec<RecordedGame> = games().into_iter().take(2).collect();
    let mut games = clean.clone();
    // An objection where there is no ruling to object to, recorded all the same.
    games[0].events.push(GameEvent::Appealed { violation: 7 });
    append_games(&mut log, &k, 1, 1, &games);
    drop(log);
    let t = fold(&p);
    let l = t.list(1, 1).unwrap();
    assert_eq!(l.replay.records.len(), 2, "both games are in the list");
    assert_eq!(l.refused.len(), 1);
    assert_eq!(l.refused[0].game, 1);
    assert!(l.refused[0].event.is_some());
    // The list is the one the two games give without the refused event.
    let want = tdlog::doko::table::replay_table(
        &clean,
        tdlog::doko::round::TableConfig::new(4).unwrap(),
        &tdlog::doko::profile::Profile::eppstein_2001(),
    )
    .unwrap();
    assert_eq!(want.list, l.replay.list);
}
