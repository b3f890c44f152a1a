//! Files benchmark (`cargo bench --bench files`): a 200-table pairs session (27 boards, every
//! board at every table: 5,400 table results) written by tdlog as PBN and as USEBIO, then
//! imported back (parse + import plan) and imported and scored (plan, sign into a fresh log,
//! verify, fold, score every board, rank). Every figure is a ratio to endplay's (PyPI) parse
//! of the same PBN file, timed inside Python in the same run (interpreter start excluded);
//! without python3 + endplay the ratios are left out and said so. Then the largest real files
//! (Ruter's `sm1.pbn`, Compscore3's `mp_pairs_mitchell.xml`), read where they are and never
//! copied (not MIT), against endplay's parse of `sm1.pbn`; absent files are said so. Medians
//! of 5 runs. The section of `docs/benchmarks.md` between the `files-bench` markers is
//! rewritten.

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

/// The python with endplay: the venv `scripts/deps.sh` makes (`TDLOG_PY`, default
/// `$HOME/.cache/tdlog/py`), else `python3`.
fn python() -> String {
    let venv = std::env::var("TDLOG_PY").ok().or_else(|| {
        std::env::var("HOME")
            .ok()
            .map(|h| format!("{h}/.cache/tdlog/py"))
    });
    venv.map(|v| format!("{v}/bin/python"))
        .filter(|p| Path::new(p).exists())
        .unwrap_or_else(|| "python3".into())
}

/// endplay's parse of `file` (read as `encoding`), timed inside Python (seconds), with the
/// number of records it read, or why not.
fn endplay(file: &Path, reps: usize, encoding: &str) -> Result<(usize, f64), String> {
    let script = "import sys, time\nfrom endplay.parsers import pbn\nts = []\nfor _ in range(int(sys.argv[2])):\n    t = time.perf_counter()\n    with open(sys.argv[1], encoding=sys.argv[3]) as f:\n        b = pbn.load(f)\n    ts.append(time.perf_counter() - t)\nts.sort()\nprint(len(b), ts[len(ts) // 2])\n";
    let o = std::process::Command::new(python())
        .args([
            "-c",
            script,
            file.to_str().unwrap(),
            &reps.to_string(),
            encoding,
        ])
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
    let secs = it
        .next()
        .and_then(|x| x.parse().ok())
        .ok_or_else(|| out.to_string())?;
    Ok((boards, secs))
}

/// The real files of other scorers, read where they are (`TDLOG_INTEROP`, default
/// `../shared/data/interop` beside the repository, as the tests read them): not MIT, never
/// copied into the repository.
fn interop_dir() -> std::path::PathBuf {
    std::env::var_os("TDLOG_INTEROP")
        .map(Into::into)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/interop")
        })
}

/// A file's text as the CLI reads it: UTF-8, else ISO-8859-1 byte for byte.
fn latin1_or_utf8(bytes: Vec<u8>) -> (String, &'static str) {
    match String::from_utf8(bytes) {
        Ok(s) => (s, "utf-8"),
        Err(e) => (
            e.into_bytes().iter().map(|&b| b as char).collect(),
            "latin-1",
        ),
    }
}

/// The largest real files: Ruter's `sm1.pbn` (import against endplay's parse of the same
/// file, in this run) and Compscore3's `mp_pairs_mitchell.xml` (USEBIO: endplay reads no
/// USEBIO, so its time is given against endplay's parse of `sm1.pbn`). Rows of the table,
/// or a line saying what is absent.
fn real_files(dir: &Path, reps: usize) -> String {
    let base = interop_dir();
    let pbn_path = base.join("ruter-magic-pbn/sm1.pbn");
    let xml_path = base.join("compscore3-usebio/mp_pairs_mitchell.xml");
    let mut out = String::from("\n### The largest real files, read in place\n\n");
    let (Ok(pbn_bytes), Ok(xml_bytes)) = (std::fs::read(&pbn_path), std::fs::read(&xml_path))
    else {
        out.push_str(&format!(
            "Not measured: {} or {} is absent on this machine (the real files are not in the repository: not MIT).\n",
            pbn_path.display(),
            xml_path.display()
        ));
        return out;
    };
    let (pbn, enc) = latin1_or_utf8(pbn_bytes);
    let (xml, _) = latin1_or_utf8(xml_bytes);
    let (mut p_parse, mut p_full, mut u_parse, mut u_full) = (vec![], vec![], vec![], vec![]);
    let mut records = 0;
    for i in 0..reps {
        let t0 = Instant::now();
        let recs = tdlog::bridge::pbn::parse(&pbn).unwrap();
        let plan = import::plan(&recs, "A");
        p_parse.push(t0.elapsed().as_secs_f64());
        records = recs.len();
        let t0 = Instant::now();
        let plan2 = import::plan(&tdlog::bridge::pbn::parse(&pbn).unwrap(), "A");
        black_box(import_and_score(dir, 100 + 2 * i, plan2.payloads));
        p_full.push(t0.elapsed().as_secs_f64());
        black_box(plan);
        let t0 = Instant::now();
        let plan = usebio::plan(&xml, "A").unwrap();
        u_parse.push(t0.elapsed().as_secs_f64());
        let t0 = Instant::now();
        let plan2 = usebio::plan(&xml, "A").unwrap();
        black_box(import_and_score(dir, 101 + 2 * i, plan2.payloads));
        u_full.push(t0.elapsed().as_secs_f64());
        black_box(plan);
    }
    let theirs = endplay(&pbn_path, reps, enc);
    out.push_str(&format!(
        "Ruter (Magic Contest) `sm1.pbn`: {} KB, {records} records; Compscore3 `mp_pairs_mitchell.xml`: {} KB. Read where they are on the measuring machine (`TDLOG_INTEROP`), never copied into the repository (not MIT). Median of {reps} runs; ratio: tdlog's time over endplay's parse of `sm1.pbn` in the same run.\n\n| measurement | time | ratio to endplay's parse of sm1.pbn |\n|---|---:|---:|\n",
        pbn.len() / 1024,
        xml.len() / 1024
    ));
    let rows = [
        ("sm1.pbn: parse + import plan", median(p_parse)),
        ("sm1.pbn: import and score", median(p_full)),
        (
            "mp_pairs_mitchell.xml: parse + import plan",
            median(u_parse),
        ),
        ("mp_pairs_mitchell.xml: import and score", median(u_full)),
    ];
    for (what, secs) in rows {
        let ratio = match &theirs {
            Ok((_, b)) => format!("{:.3}", secs / b),
            Err(_) => "-".into(),
        };
        out.push_str(&format!("| {what} | {:.1} ms | {ratio} |\n", secs * 1000.0));
    }
    match theirs {
        Ok((n, b)) => out.push_str(&format!(
            "| endplay `pbn.load` of sm1.pbn ({n} boards read) | {:.1} ms | 1 |\n",
            b * 1000.0
        )),
        Err(e) => out.push_str(&format!("\nendplay not available ({e}): no ratios.\n")),
    }
    out
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
    // Export: the scored session written as PBN and as USEBIO (what `write-results` does
    // after the fold; the scores themselves are the fold's, timed in "import and score").
    let (mut p_out, mut u_out) = (vec![], vec![]);
    for _ in 0..reps {
        let t0 = Instant::now();
        black_box(pbn_export::export(&t, &rows, &r, None, "bench"));
        p_out.push(t0.elapsed().as_secs_f64());
        let t0 = Instant::now();
        black_box(usebio_export::export(&t, &rows, &r.standings, "bench").unwrap());
        u_out.push(t0.elapsed().as_secs_f64());
    }
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
    let base = endplay(&pbn_file, reps, "utf-8").map(|(n, secs)| {
        assert_eq!(n, (TABLES * BOARDS) as usize, "endplay read every record");
        secs
    });
    let rows_md = [
        ("PBN: parse + import plan", median(p_parse)),
        (
            "PBN: import and score (plan, sign, verify, fold, score, rank)",
            median(p_full),
        ),
        ("PBN: export of the scored session", median(p_out)),
        ("USEBIO: export of the scored session", median(u_out)),
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
    body.push_str(&real_files(dir.path(), reps));
    println!("{body}");
    common::write_section("files-bench", &body);
}
