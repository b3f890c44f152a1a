//! Doppelkopf entry benchmark (`cargo bench --bench doko`, issue 31): a whole club evening
//! as the app holds it (`live::Live`), 17 players in 3 rounds at 4 tables (a five-table from
//! round 2). Table 1 of round 1 is the card-by-card round of `fixtures/doko/round16` (every
//! card, announcement, claim and ruling signed: most of the evening's events); every game of
//! every other table is entered one by one as the one-line entry signs it:
//! the payload built from the table's list (`next_game`, the round's state), the rules
//! checked (`DokoTables::check_append`), signed, stored durably and folded (`Live::append`),
//! then what the evening screen redraws: the tables x rounds dashboard, the table's list and
//! the standings. Times are medians and worsts over the first and the last table of the
//! evening, and ratios to one bare signed append (sign + durable SQLite write, no fold)
//! measured in the same run; the section between the `doko-bench` markers of
//! `docs/benchmarks.md` is rewritten. The app's whole entry (keys, webview, IPC) is measured
//! by the e2e (`tests/e2e/doko.sh evening`) and noted under the same heading.
//!
//! `TDLOG_BENCH_QUICK=1` plays round 1 only (results are then not written).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;
use std::time::Instant;

use tdlog::doko::entry::{ListEntry, ListGame};
use tdlog::doko::game_type::{GameKind, SoloType};
use tdlog::doko::seat::Seat;
use tdlog::doko::table::TableFile;
use tdlog::events::{
    DirectorNote, DokoGame, DokoGameRef, DokoResult, DokoSeating, Game, Genesis, KeyEnrolled,
    Payload,
};
use tdlog::i18n::Lang;
use tdlog::keys::{DeviceKey, Role};
use tdlog::live::Live;
use tdlog::log::Log;

const PLAYERS: [&str; 17] = [
    "Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida", "Jan", "Karin", "Lutz",
    "Mia", "Nils", "Olga", "Paul", "Rita",
];

/// A table's games: (round, table, check to fold, redraw, whole) per game, in seconds.
type Timed = (u32, u32, Vec<f64>, Vec<f64>, Vec<f64>);

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn worst(v: &[f64]) -> f64 {
    v.iter().copied().fold(0.0, f64::max)
}

/// One table's round as the e2e plays it: a Pflichtsolo once a slot has come (games 3, 6,
/// 9, ...) by the first player of the game who still owes his, else Re (the first two
/// players) loses with 100 and wins with 130 alternately.
struct Table {
    size: u8,
    dealer: u8,
    owes: BTreeSet<u8>,
    counted: u32,
}

impl Table {
    fn new(size: u8) -> Table {
        Table {
            size,
            dealer: 0,
            owes: (0..size).collect(),
            counted: 0,
        }
    }

    fn left(&self) -> u32 {
        if self.size == 5 {
            20 - self.counted
        } else {
            16 - self.counted
        }
    }

    fn next(&mut self) -> ListEntry {
        let players: Vec<u8> = (1..=self.size)
            .map(|k| (self.dealer + k) % self.size)
            .filter(|&s| !(self.size == 5 && s == self.dealer))
            .collect();
        let due = (self.counted + 1) / 3;
        let played = u32::from(self.size) - self.owes.len() as u32;
        let seat = |s: u8| Seat::new(s).unwrap();
        let soloist = players.iter().copied().find(|s| self.owes.contains(s));
        self.counted += 1;
        let (kind, re, re_eyes) = match soloist {
            Some(s) if played < due => {
                self.owes.remove(&s);
                (
                    GameKind::Pflichtsolo {
                        soloist: seat(s),
                        solo: SoloType::Damensolo,
                        vorgefuehrt: false,
                    },
                    vec![],
                    130,
                )
            }
            _ => {
                let mut p = players.clone();
                p.sort();
                self.dealer = (self.dealer + 1) % self.size;
                let eyes = if self.counted % 2 == 1 { 100 } else { 130 };
                (GameKind::Normal, vec![seat(p[0]), seat(p[1])], eyes)
            }
        };
        ListEntry::Game(ListGame {
            dealer: None,
            kind,
            re,
            re_eyes,
            re_tricks: None,
            calls: vec![],
            sonderpunkte: vec![],
        })
    }
}

fn seating(round: u32, table: u32, names: &[&str]) -> Payload {
    Payload::DokoSeating(DokoSeating {
        round,
        table,
        seating: names
            .iter()
            .enumerate()
            .map(|(i, n)| (Seat::new(i as u8).unwrap(), n.to_string()))
            .collect::<BTreeMap<_, _>>(),
    })
}

/// Round 1, table 1: the fixture's sixteen games card by card.
fn card_by_card(live: &mut Live, key: &DeviceKey, court: &DeviceKey) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/doko/round16/events.json"
    );
    let games =
        match serde_json::from_str::<TableFile>(&std::fs::read_to_string(path).unwrap()).unwrap() {
            TableFile::Games(g) => g,
            TableFile::Full { games, .. } => games,
        };
    for (i, g) in games.into_iter().enumerate() {
        let at = DokoGameRef {
            round: 1,
            table: 1,
            game: i as u32 + 1,
        };
        // A step at a time, as the app's card-by-card form signs a trick's cards: the claim,
        // the ruling, the objection and the decision each after the one before is stored.
        let steps = std::iter::once(Payload::DokoGame(DokoGame { at, setup: g.setup }))
            .chain(g.events.into_iter().map(|e| at.payload(e)));
        for p in steps {
            let k = if matches!(p, Payload::DokoSchiedsgericht(_)) {
                court
            } else {
                key
            };
            live.append(k, p, now()).unwrap();
        }
    }
}

fn now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn main() {
    let quick = std::env::var_os("TDLOG_BENCH_QUICK").is_some();
    let rounds: u32 = if quick { 1 } else { 3 };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("abend.tdlog");
    let chief = DeviceKey::from_seed([1; 32]);
    let log = Log::create(
        &path,
        &chief,
        Genesis {
            name: "Doppelkopfabend".into(),
            game: Game::Doppelkopf,
            organiser: "Doppelkopfclub".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Karl".into(),
        },
    )
    .unwrap();
    let mut live = Live::open(log, None).unwrap();
    // The Schiedsgericht's key (§8.8.7: it decides objections, not the Schiedsrichter).
    let court = DeviceKey::from_seed([5; 32]);
    let enrol = KeyEnrolled {
        key: court.public(),
        role: Role::Committee,
        holder: "Schiedsgericht".into(),
    };
    live.append(&chief, Payload::KeyEnrolled(enrol), now())
        .unwrap();

    // The floor: a bare signed append (a note), signed and stored durably, in this run.
    let mut t_bare = vec![];
    for i in 0..20 {
        let t = Instant::now();
        let note = DirectorNote {
            text: format!("Tischkarte {i}"),
            board: None,
            table: None,
            round: None,
        };
        live.append(&chief, Payload::DirectorNote(note), now())
            .unwrap();
        t_bare.push(t.elapsed().as_secs_f64());
    }
    let bare = median(&mut t_bare);

    let mut per_table: Vec<Timed> = vec![];
    let mut games = 0;
    for round in 1..=rounds {
        let field: Vec<&str> = if round == 1 {
            PLAYERS[..16].to_vec()
        } else {
            PLAYERS.to_vec()
        };
        // A different seating each round: the field rotated by the round.
        let k = (round as usize * 5) % field.len();
        let order: Vec<&str> = field[k..]
            .iter()
            .chain(field[..k].iter())
            .copied()
            .collect();
        let sizes: &[usize] = if round == 1 {
            &[4, 4, 4, 4]
        } else {
            &[4, 4, 4, 5]
        };
        let mut at = 0;
        for (i, n) in sizes.iter().enumerate() {
            let p = seating(round, i as u32 + 1, &order[at..at + n]);
            live.append(&chief, p, now()).unwrap();
            at += n;
        }
        for (i, n) in sizes.iter().enumerate() {
            let table = i as u32 + 1;
            if round == 1 && table == 1 {
                card_by_card(&mut live, &chief, &court);
                continue;
            }
            let mut t = Table::new(*n as u8);
            let (mut enter, mut redraw, mut total) = (vec![], vec![], vec![]);
            while t.left() > 0 {
                let t0 = Instant::now();
                let entry = t.next();
                let game = live.doko.next_game(round, table);
                black_box(live.doko.list(round, table).ok().map(|l| l.replay.state));
                let p = Payload::DokoResult(DokoResult {
                    at: DokoGameRef { round, table, game },
                    entry,
                });
                let signer = live
                    .replayed
                    .log
                    .keys
                    .get(&chief.public())
                    .cloned()
                    .unwrap();
                live.doko.check_append(&p, &signer).unwrap();
                live.append(&chief, p, now()).unwrap();
                let t1 = t0.elapsed().as_secs_f64();
                let open = tdlog::views::doko::open_objections(&live.workflow);
                black_box(tdlog::views::doko::dashboard(&live.doko, &open, Lang::De));
                black_box(
                    tdlog::views::doko::table_list(&live.doko, round, table, Lang::De).unwrap(),
                );
                black_box(tdlog::views::doko::standings(&live.doko, Lang::De).unwrap());
                let t2 = t0.elapsed().as_secs_f64();
                enter.push(t1);
                redraw.push(t2 - t1);
                total.push(t2);
                games += 1;
            }
            per_table.push((round, table, enter, redraw, total));
        }
    }
    let events = live.replayed.log.events.len();
    let ms = |x: f64| x * 1e3;
    let row = |what: &str, v: &Timed| {
        let (r, tb, e, d, all) = v;
        format!(
            "| {what} (round {r}, table {tb}, {} games) | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {:.1} |\n",
            e.len(),
            ms(median(&mut e.clone())),
            ms(median(&mut d.clone())),
            ms(median(&mut all.clone())),
            ms(worst(all)),
            median(&mut all.clone()) / bare,
        )
    };
    // The first table entered by line (table 1 of round 1 is the card-by-card one).
    let first = &per_table[0];
    let last = per_table.last().unwrap();
    let end_worst = worst(&last.4);
    let target = if end_worst < 0.050 {
        "**met**"
    } else {
        "**not met**"
    };
    let md = format!(
        "## Doppelkopf: one game entered at the end of an evening\n\n\
         Written by `cargo bench --bench doko`. A club evening held in a `live::Live` as the app \
         holds it: 17 players, {rounds} rounds at 4 tables (a five-table from round 2), {games} \
         games entered one by one ({events} events at the end), each as the app signs a typed line: \
         the payload from the table's list, the rules checked (`check_append`), signed, stored \
         durably and folded (`Live::append`); then the evening screen's redraw: the tables x \
         rounds dashboard, the table's list and the standings. Baseline: one bare signed append \
         (a note: sign + durable SQLite write) in the same run, {:.2} ms (median of 20).\n\n\
         | table | check + sign + store + fold | redraw (dashboard, list, standings) | whole, median | whole, worst | median / bare append |\n\
         |---|---:|---:|---:|---:|---:|\n{}{}\n\
         Target (issue 31): the engine's part of a game under 50 ms at the end of an evening: \
         {target} (worst {:.1} ms at the last table).\n\n\
         The entry in the app (tests/e2e/doko.sh evening, WebDriver in Xvfb, debug build, one key \
         every 300 ms as a TD reads the paper list, from the first key to the row on the list): a \
         normal game (`ab 130` and Enter, 7 keys) 2.5 s, a Pflichtsolo (`c/d 130`, 8 keys) 2.8 s, \
         the evening's last game (the log at about 500 events) 2.5 s; 13 games typed in one go \
         3.1 s. Target: under 15 s a game: **met**; the typing itself is 2.1 s of it.\n",
        ms(bare),
        row("first table of the evening", first),
        row("last table of the evening", last),
        ms(end_worst),
    );
    print!("{md}");
    if !quick {
        common::write_section("doko-bench", &md);
    }
}
