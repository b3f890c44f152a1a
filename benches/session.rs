//! A whole session recorded live (`cargo bench --bench session`, issue 12): 200 tables play
//! 27 boards (one board a round, as in the results benchmark) and every call and card is
//! appended, one durable signed event at a time, through the engine's append path
//! (`Log::append`) by the director device covering the table: four devices, each with its
//! own copy of the log, its own verified-state cache and device record. Every few minutes of
//! play (a fixed number of events across the room) each device pulls the other devices'
//! new events and merges them (`Log::merge_with_receipt`, which signs a receipt), as
//! `tdlog merge` does with bundles. Reports events/s sustained over the session (merges
//! included), append latency (median, 99th percentile, worst) and merge times, and checks
//! that the four devices end with the same events and the same head digest.
//!
//! `TDLOG_BENCH_QUICK=1` plays 8 tables and 3 boards (results are then not written).

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;
use tdlog::bridge::board::Deal;
use tdlog::bridge::call::Call;
use tdlog::bridge::events::{AuctionEvent, PlayEvent};
use tdlog::bridge::play::Play;
use tdlog::events::{
    BoardFacts, BridgeAuction, BridgePlay, Game, Genesis, KeyEnrolled, Payload, Slot,
    TableAssignment,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::cache::VerifiedCache;
use tdlog::log::event::RawEvent;
use tdlog::log::seen::SeenStore;
use tdlog::log::Log;

const DEVICES: usize = 4;

/// The calls of every auction: 16 calls, the dealer declares 3NT.
const AUCTION: [&str; 16] = [
    "1C", "P", "1D", "P", "1H", "P", "1S", "P", "1NT", "P", "2NT", "P", "3NT", "P", "P", "P",
];

/// A deterministic deal for `board` (a shuffled deck, dealt 13 each from North).
fn deal(board: u32) -> String {
    let mut deck: Vec<(usize, usize)> = (0..4).flat_map(|s| (0..13).map(move |r| (s, r))).collect();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15 ^ u64::from(board);
    for i in (1..deck.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        deck.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let ranks = b"AKQJT98765432";
    let hands: Vec<String> = deck
        .chunks(13)
        .map(|h| {
            (0..4)
                .map(|s| {
                    let mut rs: Vec<usize> = h.iter().filter(|c| c.0 == s).map(|c| c.1).collect();
                    rs.sort();
                    rs.iter().map(|&r| ranks[r] as char).collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    format!("N:{}", hands.join(" "))
}

/// Every event of one board at one table, in the order it happens.
fn board_events(round: u32, table: u32, board: u32) -> Vec<Payload> {
    let slot = Slot {
        section: "A".into(),
        round,
        table,
        board,
    };
    let dealer = tdlog::bridge::board::dealer(board);
    let mut out = vec![];
    let mut seat = dealer;
    for c in AUCTION {
        out.push(Payload::BridgeAuction(BridgeAuction {
            slot: slot.clone(),
            event: AuctionEvent::Call {
                seat,
                call: c.parse::<Call>().unwrap(),
            },
        }));
        seat = seat.lho();
    }
    let d = Deal::parse_checked(&deal(board)).unwrap();
    let mut play = Play::new(&d, "3NT".parse().unwrap(), dealer);
    while let Some(turn) = play.turn() {
        let card = play.legal_cards(turn)[0];
        play.play(turn, card).unwrap();
        out.push(Payload::BridgePlay(BridgePlay {
            slot: slot.clone(),
            event: PlayEvent::Card { seat: turn, card },
        }));
    }
    out
}

struct Device {
    log: Log,
    key: DeviceKey,
    path: PathBuf,
    /// Per other device: the last of its own events merged here.
    pulled: [u64; DEVICES],
}

/// The events `author` signed after `seq`, read from its device's file (what a sync sends).
fn own_events_after(path: &Path, author: &DeviceKey, seq: u64) -> Vec<RawEvent> {
    let c = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .unwrap();
    let mut st = c
        .prepare("SELECT body, sig, payload FROM event WHERE author = ?1 AND seq > ?2 ORDER BY seq")
        .unwrap();
    st.query_map(
        rusqlite::params![author.public().0.as_slice(), seq as i64],
        |r| {
            Ok(RawEvent {
                body: r.get(0)?,
                sig: r.get(1)?,
                payload: r.get(2)?,
            })
        },
    )
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let quick = std::env::var_os("TDLOG_BENCH_QUICK").is_some();
    let (tables, boards) = if quick { (8u32, 3u32) } else { (200, 27) };
    // "Every few minutes": at about 30 events a second across the room, 3 minutes.
    let sync_every = if quick { 300 } else { 5_400 };
    let dir = tempfile::tempdir().unwrap();
    let chief = DeviceKey::from_seed([1; 32]);
    let scorer = DeviceKey::from_seed([3; 32]);
    let tds: Vec<DeviceKey> = (0..DEVICES)
        .map(|i| DeviceKey::from_seed([20 + i as u8; 32]))
        .collect();

    // The structure, signed before play and copied to every device.
    let first = dir.path().join("device-0.tdlog");
    {
        let mut log = Log::create(
            &first,
            &chief,
            Genesis {
                name: "Session benchmark".into(),
                game: Game::Bridge,
                organiser: "bench".into(),
                rule_profile: "wbf-2017".into(),
                chief_td: "Chief".into(),
            },
        )
        .unwrap();
        let mut keys = vec![Payload::KeyEnrolled(KeyEnrolled {
            key: scorer.public(),
            role: Role::Scorer,
            holder: "Scorer".into(),
        })];
        for (i, k) in tds.iter().enumerate() {
            keys.push(Payload::KeyEnrolled(KeyEnrolled {
                key: k.public(),
                role: Role::Td,
                holder: format!("TD {}", i + 1),
            }));
        }
        log.append_batch(&chief, keys).unwrap();
        let mut ps = vec![];
        for b in 1..=boards {
            ps.push(Payload::BoardFacts(BoardFacts {
                section: "A".into(),
                board: b,
                dealer: None,
                vulnerable: None,
                deal: Some(deal(b)),
            }));
        }
        for round in 1..=boards {
            for table in 1..=tables {
                ps.push(Payload::TableAssignment(TableAssignment {
                    section: "A".into(),
                    round,
                    table,
                    ns: table.to_string(),
                    ew: (tables + 1 + (table + round) % tables).to_string(),
                    boards: vec![round],
                }));
            }
        }
        for chunk in ps.chunks(2000) {
            log.append_batch(&scorer, chunk.to_vec()).unwrap();
        }
    }
    let structure = Log::open(&first).unwrap().read_inputs().unwrap().len();
    let mut devs: Vec<Device> = (0..DEVICES)
        .map(|i| {
            let path = dir.path().join(format!("device-{i}.tdlog"));
            if i > 0 {
                std::fs::copy(&first, &path).unwrap();
            }
            let data = dir.path().join(format!("data-{i}"));
            let mut log = Log::open(&path).unwrap();
            log.attach_seen(SeenStore::new(&data)).unwrap();
            log.attach_cache(VerifiedCache::new(&data));
            log.verify_all(None).unwrap();
            Device {
                log,
                key: DeviceKey::from_seed([20 + i as u8; 32]),
                path,
                pulled: [0; DEVICES],
            }
        })
        .collect();

    let mut append_ms: Vec<f64> = vec![];
    let mut merge_ms: Vec<f64> = vec![];
    let mut merged_events = 0usize;
    let mut since_sync = 0usize;
    let started = Instant::now();
    for round in 1..=boards {
        let plays: Vec<Vec<Payload>> = (1..=tables)
            .map(|t| board_events(round, t, round))
            .collect();
        let steps = plays[0].len();
        for step in 0..steps {
            for (t, evs) in plays.iter().enumerate() {
                let d = &mut devs[t % DEVICES];
                let a = Instant::now();
                d.log.append(&d.key, evs[step].clone()).unwrap();
                append_ms.push(a.elapsed().as_secs_f64() * 1e3);
                since_sync += 1;
                if since_sync >= sync_every {
                    since_sync = 0;
                    for to in 0..DEVICES {
                        let mut incoming = vec![];
                        for from in (0..DEVICES).filter(|&f| f != to) {
                            let evs = own_events_after(
                                &devs[from].path,
                                &devs[from].key,
                                devs[to].pulled[from],
                            );
                            devs[to].pulled[from] += evs.len() as u64;
                            incoming.extend(evs);
                        }
                        merged_events += incoming.len();
                        let d = &mut devs[to];
                        let m = Instant::now();
                        d.log.merge_with_receipt(incoming, &d.key).unwrap();
                        merge_ms.push(m.elapsed().as_secs_f64() * 1e3);
                    }
                }
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let recorded = append_ms.len();
    // A last exchange, then every device holds the same events (the head digest agrees).
    for to in 0..DEVICES {
        let mut incoming = vec![];
        for from in (0..DEVICES).filter(|&f| f != to) {
            let evs = own_events_after(&devs[from].path, &devs[from].key, devs[to].pulled[from]);
            devs[to].pulled[from] += evs.len() as u64;
            incoming.extend(evs);
        }
        devs[to].log.merge_report(incoming).unwrap();
    }
    let digests: Vec<String> = devs
        .iter()
        .map(|d| {
            let v = d.log.verify(None).unwrap();
            tdlog::log::digest::HeadSet::of(&v).digest().to_string()
        })
        .collect();
    assert!(digests.iter().all(|d| *d == digests[0]), "{digests:?}");
    let total = Log::open(&devs[0].path)
        .unwrap()
        .read_inputs()
        .unwrap()
        .len();

    let appends = recorded as f64;
    let (p50, p99, worst) = (
        pct(&mut append_ms, 0.5),
        pct(&mut append_ms, 0.99),
        pct(&mut append_ms, 1.0),
    );
    let (m50, mworst) = if merge_ms.is_empty() {
        (0.0, 0.0)
    } else {
        (pct(&mut merge_ms, 0.5), pct(&mut merge_ms, 1.0))
    };
    let md = format!(
        "## A whole session recorded live: {tables} tables, {boards} boards, every call and card\n\n\
         Written by `cargo bench --bench session`. {recorded} calls and cards ({} per board at a table) \
         appended one durable signed event at a time by {DEVICES} director devices (each its own copy \
         of the log, verified-state cache and device record), after {structure} structure events; \
         every {sync_every} events across the room (about 3 minutes of a real session) each device \
         merges the others' new events and signs a receipt ({} merges, {merged_events} events merged). \
         Machine load {}.\n\n\
         | measurement | figure |\n|---|---:|\n\
         | calls and cards recorded per second, sustained (merges included) | {:.0} |\n\
         | session recorded in | {:.1} s |\n\
         | append latency: median / 99th percentile / worst | {:.2} / {:.2} / {:.1} ms |\n\
         | merge (verify new events, insert, receipt): median / worst | {:.0} / {:.0} ms |\n\
         | events in each device's log at the end (same head digest on all {DEVICES}) | {total} |\n\n\
         A real session records about 30 events a second across the room (390,000 in 3.5 hours), \
         so the sustained rate is {:.0}x what the room needs.\n",
        AUCTION.len() + 52,
        merge_ms.len(),
        load(),
        appends / elapsed,
        elapsed,
        p50,
        p99,
        worst,
        m50,
        mworst,
        appends / elapsed / 30.0,
    );
    print!("{md}");
    if !quick {
        common::write_section("session-bench", &md);
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
