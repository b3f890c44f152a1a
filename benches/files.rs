//! Files benchmark (`cargo bench --bench files`): a 200-table pairs session (27 boards, every
//! board at every table: 5,400 table results) written by tdlog as PBN and as USEBIO, then
//! imported back (parse + import plan) and imported and scored (plan, sign into a fresh log,
//! verify, fold, score every board, rank). Every figure is a ratio to endplay's (PyPI) parse
//! of the same PBN file, timed inside Python in the same run (interpreter start excluded);
//! without python3 + endplay the ratios are left out and said so. Medians of 5 runs. The
//! section of `docs/benchmarks.md` between the `files-bench` markers is rewritten.

mod common;

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Contestant, Form, Game, Genesis, Payload, ResultRecorded, Section, Slot, TableAssignment,
    TableResult,
};
use tdlog::keys::DeviceKey;
use tdlog::log::{replay, Log};
use tdlog::results::{import, pbn_export, ranking, results, usebio, usebio_export, Tournament};

const TABLES: u32 = 200;
const BOARDS: u32 = 27;

fn genesis() -> Genesis {
    Genesis {
        name: "Files benchmark".into(),
        game: Game::Bridge,
        organiser: "bench".into(),
        rule_profile: "wbf-2017".into(),
        chief_td: "Chief".into(),
    }
}

fn session() -> Vec<Payload> {
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "Pairs".into(),
    })];
    for n in 1..=2 * TABLES {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: n.to_string(),
            name: format!("Pair {n}"),
            members: vec![format!("Player {n}a"), format!("Player {n}b")],
            captain: None,
            phantom: false,
        })));
    }
    let contracts = ["4S", "3NT", "4H", "2S", "5D"];
    for round in 1..=BOARDS {
        for table in 1..=TABLES {
            let (ns, ew) = (
                table.to_string(),
                (TABLES + 1 + (table + round) % TABLES).to_string(),
            );
            ps.push(Payload::TableAssignment(TableAssignment {
                section: "A".into(),
                round,
                table,
                ns: ns.clone(),
                ew: ew.clone(),
                boards: vec![round],
            }));
            let k = (table * 7 + round * 13) as usize;
            ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
                slot: Slot {
                    section: "A".into(),
                    round,
                    table,
                    board: round,
                },
                ns,
                ew,
                result: TableResult {
                    contract: contracts[k % contracts.len()].into(),
                    declarer: Some([Seat::N, Seat::S, Seat::E, Seat::W][k % 4]),
                    tricks: Some(7 + (k % 7) as u8),
                },
            })));
        }
    }
    ps
}

/// Signs `payloads` into a fresh log, verifies it, folds and scores it.
fn import_and_score(dir: &Path, n: usize, payloads: Vec<Payload>) -> usize {
    let key = DeviceKey::from_seed([1; 32]);
    let p = dir.join(format!("i{n}.tdlog"));
    let mut log = Log::create(&p, &key, genesis()).unwrap();
    log.append_batch(&key, payloads).unwrap();
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    let rows = results(&t);
    let r = ranking(&t, &rows);
    rows.len() + r.standings.len()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// endplay's parse of `file`, timed inside Python (seconds), or why not.
fn endplay(file: &Path, reps: usize) -> Result<f64, String> {
    let script = "import sys, time\nfrom endplay.parsers import pbn\nts = []\nfor _ in range(int(sys.argv[2])):\n    t = time.perf_counter()\n    with open(sys.argv[1]) as f:\n        b = pbn.load(f)\n    ts.append(time.perf_counter() - t)\nts.sort()\nprint(len(b), ts[len(ts) // 2])\n";
    let o = std::process::Command::new("python3")
        .args(["-c", script, file.to_str().unwrap(), &reps.to_string()])
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    if !o.status.success() {
        return Err(String::from_utf8_lossy(&o.stderr)
            .lines()
            .last()
            .unwrap_or("")
            .to_string());
    }
    let out = String::from_utf8_lossy(&o.stdout);
    let mut it = out.split_whitespace();
    let boards: usize = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
    assert_eq!(
        boards,
        (TABLES * BOARDS) as usize,
        "endplay read every record"
    );
    it.next()
        .and_then(|x| x.parse().ok())
        .ok_or_else(|| out.to_string())
}

fn main() {
    let reps = 5;
    let dir = tempfile::tempdir().unwrap();
    // The session, written by tdlog as PBN and USEBIO (set-up, not timed).
    let key = DeviceKey::from_seed([1; 32]);
    let src = dir.path().join("src.tdlog");
    let mut log = Log::create(&src, &key, genesis()).unwrap();
    log.append_batch(&key, session()).unwrap();
    let v = Log::open(&src).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    let rows = results(&t);
    let r = ranking(&t, &rows);
    let pbn = pbn_export::export(&t, &rows, &r, None, "bench");
    let xml = usebio_export::export(&t, &rows, &r.standings, "bench").unwrap();
    let pbn_file = dir.path().join("session.pbn");
    std::fs::write(&pbn_file, &pbn).unwrap();
    let (mut p_parse, mut p_full, mut u_parse, mut u_full) = (vec![], vec![], vec![], vec![]);
    for i in 0..reps {
        let t0 = Instant::now();
        let plan = import::plan(&tdlog::bridge::pbn::parse(&pbn).unwrap(), "A");
        p_parse.push(t0.elapsed().as_secs_f64());
        assert!(plan.problems.is_empty());
        let t0 = Instant::now();
        let plan = import::plan(&tdlog::bridge::pbn::parse(&pbn).unwrap(), "A");
        black_box(import_and_score(dir.path(), 2 * i, plan.payloads));
        p_full.push(t0.elapsed().as_secs_f64());
        let t0 = Instant::now();
        let plan = usebio::plan(&xml, "A").unwrap();
        u_parse.push(t0.elapsed().as_secs_f64());
        assert!(plan.problems.is_empty());
        let t0 = Instant::now();
        let plan = usebio::plan(&xml, "A").unwrap();
        black_box(import_and_score(dir.path(), 2 * i + 1, plan.payloads));
        u_full.push(t0.elapsed().as_secs_f64());
    }
    let base = endplay(&pbn_file, reps);
    let rows_md = [
        ("PBN: parse + import plan", median(p_parse)),
        (
            "PBN: import and score (plan, sign, verify, fold, score, rank)",
            median(p_full),
        ),
        ("USEBIO: parse + import plan", median(u_parse)),
        (
            "USEBIO: import and score (plan, sign, verify, fold, score, rank)",
            median(u_full),
        ),
    ];
    let mut body = format!(
        "## Files: a 200-table pairs session from PBN and USEBIO\n\nWritten by `cargo bench --bench files`. {} table results, 27 boards; PBN {} KB, USEBIO {} KB, both written by tdlog; median of {reps} runs. Ratio: tdlog's time over endplay's parse of the same PBN file (below 1: tdlog is faster).\n\n| measurement | time | ratio to endplay's PBN parse |\n|---|---:|---:|\n",
        TABLES * BOARDS,
        pbn.len() / 1024,
        xml.len() / 1024
    );
    for (what, s) in rows_md {
        let ratio = match &base {
            Ok(b) => format!("{:.3}", s / b),
            Err(_) => "-".into(),
        };
        body.push_str(&format!("| {what} | {:.1} ms | {ratio} |\n", s * 1000.0));
    }
    match base {
        Ok(b) => body.push_str(&format!(
            "| endplay `pbn.load` (baseline) | {:.1} ms | 1 |\n",
            b * 1000.0
        )),
        Err(e) => body.push_str(&format!("\nendplay not available ({e}): no ratios.\n")),
    }
    println!("{body}");
    common::write_section("files-bench", &body);
}
