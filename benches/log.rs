//! Log benchmarks (`cargo bench --bench log`): every target is a ratio between two things
//! measured in the same run on the same machine, written to `docs/benchmarks.md`.
//!
//! - durable single-event append vs a bare rusqlite insert of the same bytes, one event per
//!   transaction, same WAL + synchronous=FULL (target >= 0.8);
//! - batched append vs a bare batched insert of the same bytes;
//! - full verify-and-replay of 100k and 1M events vs bare `verify_strict` over the same
//!   signatures, on one core (target >= 0.7), and the same on all cores.
//!
//! `TDLOG_BENCH_QUICK=1` shrinks the sizes for a smoke run (results are then not written).

mod common;

use rayon::prelude::*;
use rusqlite::{params, Connection};
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;
use tdlog::events::{DirectorNote, Game, Genesis, KeyEnrolled, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::event::{RawEvent, SIG_DOMAIN};
use tdlog::log::fold::Census;
use tdlog::log::{replay, Envelope, Log};

fn note(i: usize) -> Payload {
    Payload::DirectorNote(DirectorNote {
        text: format!(
            "board {} table {}: director called, insufficient bid corrected",
            i % 27 + 1,
            i % 30 + 1
        ),
        board: Some((i % 27 + 1) as u32),
        table: Some((i % 30 + 1) as u32),
        round: Some((i / 810 + 1) as u32),
    })
}

fn genesis() -> Genesis {
    Genesis {
        name: "Benchmark Pairs".into(),
        game: Game::Bridge,
        organiser: "bench".into(),
        rule_profile: "wbf-2017".into(),
        chief_td: "Chief".into(),
    }
}

/// A log with a chief and `authors` TDs, and `n` events in total.
fn build(path: &Path, n: usize, authors: usize) -> Log {
    let chief = DeviceKey::from_seed([1; 32]);
    let tds: Vec<DeviceKey> = (0..authors)
        .map(|i| DeviceKey::from_seed([10 + i as u8; 32]))
        .collect();
    let mut log = Log::create(path, &chief, genesis()).expect("create");
    for (i, k) in tds.iter().enumerate() {
        log.append(
            &chief,
            Payload::KeyEnrolled(KeyEnrolled {
                key: k.public(),
                role: Role::Td,
                holder: format!("TD {i}"),
            }),
        )
        .expect("enrol");
    }
    let mut made = 1 + authors;
    let mut i = 0;
    while made < n {
        let k = &tds[i % authors];
        let batch = (n - made).min(5000);
        let ps: Vec<Payload> = (0..batch).map(|j| note(made + j)).collect();
        log.append_batch(k, ps).expect("batch");
        made += batch;
        i += 1;
    }
    log
}

fn bare_conn(path: &Path) -> Connection {
    let c = Connection::open(path).unwrap();
    c.pragma_update(None, "journal_mode", "WAL").unwrap();
    c.pragma_update(None, "synchronous", "FULL").unwrap();
    c.execute_batch(
        "CREATE TABLE event (author BLOB NOT NULL, seq INTEGER NOT NULL, id BLOB NOT NULL UNIQUE,
         body BLOB NOT NULL, sig BLOB NOT NULL, payload BLOB NOT NULL, PRIMARY KEY (author, seq)) STRICT, WITHOUT ROWID;",
    )
    .unwrap();
    c
}

fn bare_insert(c: &Connection, raws: &[RawEvent], per_tx: usize) -> f64 {
    let t = Instant::now();
    for chunk in raws.chunks(per_tx) {
        let tx = c.unchecked_transaction().unwrap();
        {
            let mut st = tx
                .prepare_cached("INSERT INTO event (author, seq, id, body, sig, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
                .unwrap();
            for r in chunk {
                let env = Envelope::decode(&r.body).unwrap();
                st.execute(params![
                    env.author.0.as_slice(),
                    env.seq as i64 + 1_000_000,
                    r.id().0.as_slice(),
                    r.body,
                    r.sig,
                    r.payload
                ])
                .unwrap();
            }
        }
        tx.commit().unwrap();
    }
    raws.len() as f64 / t.elapsed().as_secs_f64()
}

struct Row {
    what: String,
    ours: f64,
    base: f64,
    target: Option<f64>,
}

fn main() {
    let quick = std::env::var_os("TDLOG_BENCH_QUICK").is_some();
    let dir = tempfile::tempdir().unwrap();
    let mut rows: Vec<Row> = vec![];

    // 1. Durable single-event append.
    let n_single = std::env::var("TDLOG_BENCH_SINGLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 200 } else { 3000 });
    {
        // Interleaved in rounds so that load from elsewhere on the machine falls on both.
        let p = dir.path().join("single.tdlog");
        let mut log = build(&p, 10, 1);
        let td = DeviceKey::from_seed([10; 32]);
        let c = bare_conn(&dir.path().join("bare1.db"));
        let (mut t_ours, mut t_bare) = (0.0, 0.0);
        let round = 100;
        for r in 0..n_single / round {
            let t = Instant::now();
            let mut ids = std::collections::HashSet::new();
            for i in 0..round {
                ids.insert(black_box(log.append(&td, note(r * round + i)).unwrap()));
            }
            t_ours += t.elapsed().as_secs_f64();
            let fresh: Vec<RawEvent> = log
                .read_inputs()
                .unwrap()
                .into_iter()
                .map(|i| i.raw)
                .filter(|raw| ids.contains(&raw.id()))
                .collect();
            assert_eq!(fresh.len(), round);
            let fresh = &fresh[..];
            t_bare += round as f64 / bare_insert(&c, fresh, 1);
        }
        let n = (n_single / round * round) as f64;
        rows.push(Row { what: format!("durable append, 1 event per transaction ({n_single} events, interleaved rounds of {round})"), ours: n / t_ours, base: n / t_bare, target: Some(0.8) });
    }

    // 2. Batched append.
    let n_batch = if quick { 5_000 } else { 100_000 };
    {
        let p = dir.path().join("batch.tdlog");
        let mut log = build(&p, 10, 1);
        let td = DeviceKey::from_seed([10; 32]);
        let ps: Vec<Payload> = (0..n_batch).map(note).collect();
        let t = Instant::now();
        for chunk in ps.chunks(1000) {
            black_box(log.append_batch(&td, chunk.to_vec()).unwrap());
        }
        let ours = n_batch as f64 / t.elapsed().as_secs_f64();
        let raws: Vec<RawEvent> = log
            .read_inputs()
            .unwrap()
            .into_iter()
            .map(|i| i.raw)
            .collect();
        let c = bare_conn(&dir.path().join("bare2.db"));
        let base = bare_insert(&c, &raws[raws.len() - n_batch..], 1000);
        rows.push(Row { what: format!("batched append, 1000 events per transaction ({n_batch} events; signing included, bare insert has pre-signed bytes)"), ours, base, target: None });
    }

    // 3. Full verify and replay vs bare verify_strict.
    let sizes: &[usize] = if quick {
        &[20_000]
    } else {
        &[100_000, 1_000_000]
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let all = rayon::ThreadPoolBuilder::new().build().unwrap();
    for &n in sizes {
        let p = dir.path().join(format!("v{n}.tdlog"));
        let t = Instant::now();
        drop(build(&p, n, 4));
        eprintln!("built {n} events in {:.1}s", t.elapsed().as_secs_f64());
        let log = Log::open(&p).unwrap();
        // Bare: the same (key, message, signature) triples, prepared in memory.
        let raws: Vec<RawEvent> = log
            .read_inputs()
            .unwrap()
            .into_iter()
            .map(|i| i.raw)
            .collect();
        let triples: Vec<(
            ed25519_dalek::VerifyingKey,
            Vec<u8>,
            ed25519_dalek::Signature,
        )> = raws
            .iter()
            .map(|r| {
                let env = Envelope::decode(&r.body).unwrap();
                let vk = ed25519_dalek::VerifyingKey::from_bytes(&env.author.0).unwrap();
                let sig = ed25519_dalek::Signature::from_slice(&r.sig).unwrap();
                ([SIG_DOMAIN, &r.body].concat(), vk, sig)
            })
            .map(|(m, vk, s)| (vk, m, s))
            .collect();
        drop(raws);
        for (label, pool) in [
            ("1 core", &one),
            (&*format!("{} cores", all.current_num_threads()), &all),
        ] {
            let bare = || {
                let t = Instant::now();
                pool.install(|| {
                    triples.par_iter().for_each(|(vk, m, s)| {
                        vk.verify_strict(m, s).unwrap();
                    })
                });
                t.elapsed().as_secs_f64()
            };
            let ours = || {
                let t = Instant::now();
                let events = pool.install(|| {
                    let v = Log::open(&p).unwrap().verify(None).unwrap();
                    let mut c = Census::default();
                    replay(&v, &mut c);
                    c.events
                });
                assert_eq!(events as usize, n);
                t.elapsed().as_secs_f64()
            };
            // A-B-B-A, so that a change of load on the machine falls on both sides.
            let (b1, o1, o2, b2) = (bare(), ours(), ours(), bare());
            rows.push(Row {
                what: format!("verify + replay {n} events from SQLite, {label} (vs bare verify_strict, {label})"),
                ours: 2.0 * n as f64 / (o1 + o2),
                base: 2.0 * n as f64 / (b1 + b2),
                target: if label == "1 core" { Some(0.7) } else { None },
            });
        }
        let t = Instant::now();
        let v = all.install(|| Log::open(&p).unwrap().verify(None).unwrap());
        rows.push(Row {
            what: format!("verify {n} events, all cores vs the same on 1 core (parallel speed-up)"),
            ours: n as f64 / t.elapsed().as_secs_f64(),
            base: rows
                .iter()
                .rev()
                .find(|r| {
                    r.what.contains(&format!("replay {n} events")) && r.what.contains("1 core")
                })
                .map(|r| r.ours)
                .unwrap_or(1.0),
            target: None,
        });
        drop(v);
    }

    let mut md = String::from("## The log\n\nWritten by `cargo bench --bench log` (`benches/log.rs`); every ratio compares two rates measured in the same run on the same machine, so it carries over between machines better than the absolute numbers.\n\n");
    md.push_str(&format!(
        "Machine: {} cores, {}; run on {} UTC.\n\n| measurement | tdlog (events/s) | baseline (events/s) | ratio | target |\n|---|---:|---:|---:|---|\n",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        cpu_model(),
        chrono::Utc::now().format("%Y-%m-%d %H:%M")
    ));
    for r in &rows {
        let ratio = r.ours / r.base;
        let target = match r.target {
            Some(t) if ratio >= t => format!(">= {t}: met"),
            Some(t) => format!(">= {t}: NOT MET"),
            None => "-".into(),
        };
        md.push_str(&format!(
            "| {} | {:.0} | {:.0} | {:.2} | {} |\n",
            r.what, r.ours, r.base, ratio, target
        ));
    }
    md.push_str("\nNotes: the durable append does everything a real append does (refresh check, authorisation, signing, encoding, insert, commit with fsync); the bare insert writes the same pre-signed bytes into the same table in the same durability mode. Verify + replay reads every row from SQLite, decodes and re-encodes each envelope, checks payload hashes, canonical payloads and `verify_strict` signatures, then the chains, causal order, key playback and the fold; the baseline is `verify_strict` alone over the same messages held in memory.\n");
    print!("{md}");
    if !quick {
        common::write_section("log-bench", &md);
    }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}
