//! Double-dummy tables for the adjustment assistant (`cargo bench --bench double_dummy`, or
//! `bash benches/double_dummy.sh`, which first installs the peer): tdlog's
//! `bridge::double_dummy` (DDS 3 through `dds-bridge`) against endplay (PyPI, DDS 2.9) on the
//! same deals, in one run, as ratios. The deals are the RealBridge file's ten boards in
//! `fixtures/pbn/`, repeated to a 27-board set (boards 11-20, 11-20, 11-17). Measured: one
//! deal's table (the solver warm, as the app's panel finds it after its first deal), the set's
//! tables and par one deal after another (what a TD's session of 27 boards costs), and the set
//! as one batch (each library's own parallel call). Rounds alternate tdlog and the peer; each
//! figure is the median of the rounds. The peer's tables and par are checked equal to
//! tdlog's before anything is timed. Writes the `dd-bench` section of `docs/benchmarks.md`.
//!
//! The peer runs from `DD_PEER_PYTHON` (default `target/dd-peer/venv/bin/python`, where the
//! script installs it); without it only tdlog's times are written, and the section says so.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use tdlog::bridge::board::Deal;
use tdlog::bridge::call::Strain;
use tdlog::bridge::double_dummy::{par, solve_many, solve_uncached};
use tdlog::bridge::pbn;
use tdlog::bridge::seat::Seat;
use tdlog::bridge::vulnerability::Vulnerability;

const ROUNDS: usize = 5;
const SET: usize = 27;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The RealBridge boards' deals in board order, each once, with its vulnerability.
fn realbridge() -> Vec<(String, Vulnerability)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(root.join("fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn"))
            .unwrap();
    let mut out: Vec<(u32, String, Vulnerability)> = vec![];
    for r in pbn::parse(&text).unwrap() {
        let board: u32 = r.tag("Board").unwrap().parse().unwrap();
        if out.iter().any(|(b, ..)| *b == board) {
            continue;
        }
        let vul = r.tag("Vulnerable").unwrap().parse().unwrap();
        out.push((board, r.tag("Deal").unwrap().to_string(), vul));
    }
    out.sort_by_key(|(b, ..)| *b);
    out.into_iter().map(|(_, d, v)| (d, v)).collect()
}

fn vul_name(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "none",
        Vulnerability::NS => "ns",
        Vulnerability::EW => "ew",
        Vulnerability::Both => "both",
    }
}

struct Times {
    one: f64,
    set: f64,
    batch: f64,
}

/// tdlog's times in ms, the solver of this thread warmed by one solve first (as the peer).
fn ours(one: &Deal, set: &[(Deal, Vulnerability)]) -> Times {
    let _ = solve_uncached(one).unwrap();
    let t = Instant::now();
    std::hint::black_box(solve_uncached(one).unwrap());
    let one_ms = t.elapsed().as_secs_f64() * 1000.0;
    let t = Instant::now();
    for (d, v) in set {
        let table = solve_uncached(d).unwrap();
        std::hint::black_box(par(&table, *v));
    }
    let set_ms = t.elapsed().as_secs_f64() * 1000.0;
    let deals: Vec<Deal> = set.iter().map(|(d, _)| d.clone()).collect();
    let t = Instant::now();
    std::hint::black_box(solve_many(&deals).unwrap());
    let batch_ms = t.elapsed().as_secs_f64() * 1000.0;
    Times {
        one: one_ms,
        set: set_ms,
        batch: batch_ms,
    }
}

fn peer_python() -> Option<PathBuf> {
    let p = std::env::var_os("DD_PEER_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("target/dd-peer/venv/bin/python")
        });
    p.exists().then_some(p)
}

/// One run of the peer: its output JSON.
fn theirs(python: &Path, deals: &Path, out: &Path) -> serde_json::Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/double_dummy_peer.py");
    let st = Command::new(python)
        .arg(&script)
        .arg(deals)
        .arg(out)
        .status()
        .expect("run the endplay peer");
    assert!(st.success(), "endplay peer failed: {st}");
    serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap()
}

fn main() {
    let board_deals = realbridge();
    assert_eq!(board_deals.len(), 10, "the RealBridge file's ten boards");
    let set: Vec<(String, Vulnerability)> = board_deals.iter().cycle().take(SET).cloned().collect();
    let parsed: Vec<(Deal, Vulnerability)> = set
        .iter()
        .map(|(d, v)| (Deal::parse_checked(d).unwrap(), *v))
        .collect();
    let one = parsed[0].0.clone();

    let dir = tempfile::tempdir().unwrap();
    let deals_json = dir.path().join("deals.json");
    let out_json = dir.path().join("out.json");
    let spec = serde_json::json!({
        "one": set[0].0,
        "set": set.iter().map(|(d, v)| serde_json::json!([d, vul_name(*v)])).collect::<Vec<_>>(),
    });
    std::fs::write(&deals_json, spec.to_string()).unwrap();

    let python = peer_python();
    let version = python.as_ref().and_then(|p| {
        let o = Command::new(p)
            .args(["-c", "import endplay; print(endplay.__version__)"])
            .output()
            .ok()?;
        o.status
            .success()
            .then(|| String::from_utf8_lossy(&o.stdout).trim().to_string())
    });
    // The same work: the peer's tables and par equal ours on every deal of the set.
    if let (Some(py), Some(_)) = (&python, &version) {
        let v = theirs(py, &deals_json, &out_json);
        for (i, (d, vul)) in parsed.iter().enumerate() {
            let t = solve_uncached(d).unwrap();
            for (p, seat) in Seat::ALL.iter().enumerate() {
                for (s, strain) in Strain::ALL.iter().enumerate() {
                    assert_eq!(
                        v["tables"][i][p][s].as_u64(),
                        Some(t.tricks(*seat, *strain) as u64),
                        "deal {i} {seat} {strain:?}"
                    );
                }
            }
            assert_eq!(
                v["pars"][i].as_i64(),
                Some(par(&t, *vul).0.score as i64),
                "par of deal {i}"
            );
        }
    }

    let (mut o1, mut os, mut ob, mut t1, mut ts, mut tb) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for _ in 0..ROUNDS {
        let m = ours(&one, &parsed);
        o1.push(m.one);
        os.push(m.set);
        ob.push(m.batch);
        if let (Some(py), Some(_)) = (&python, &version) {
            let v = theirs(py, &deals_json, &out_json);
            t1.push(v["one_ms"].as_f64().unwrap());
            ts.push(v["set_ms"].as_f64().unwrap());
            tb.push(v["batch_ms"].as_f64().unwrap());
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut md = format!(
        "## Double-dummy tables for the adjustment assistant (Law 12C1) against endplay\n\n\
         Written by `bash benches/double_dummy.sh` (`cargo bench --bench double_dummy`, release; \
         the RealBridge file's 10 deals, repeated to a set of {SET}; median of {ROUNDS} alternating \
         rounds, each library warmed by one solve; {cores} cores; machine load {}).\n\n",
        load()
    );
    match (&python, &version) {
        (Some(_), Some(ver)) => {
            md += &format!(
                "| measurement | tdlog (dds-bridge 0.21, DDS 3.1) | endplay {ver} (DDS 2.9) | ratio tdlog / endplay |\n|---|---:|---:|---:|\n"
            );
            for (what, a, b) in [
                (
                    "one deal: its DD table (5 denominations x 4 declarers)",
                    median(o1),
                    median(t1),
                ),
                (
                    "27 deals: each one's DD table and par, one after another",
                    median(os),
                    median(ts),
                ),
                (
                    "27 deals: DD tables in one batch (each library's own threads)",
                    median(ob),
                    median(tb),
                ),
            ] {
                md += &format!("| {what} | {a:.0} ms | {b:.0} ms | {:.2} |\n", a / b);
            }
            md += "\nBoth libraries' tables and par were checked equal on all 27 deals first. \
                   The assistant solves one deal when its panel opens (then the deal is cached \
                   for the session), on a worker thread. The set repeats the 10 deals: a batch that \
                   reuses work across repeated deals gains from it.\n";
        }
        _ => {
            md += "| measurement | tdlog (dds-bridge 0.21, DDS 3.1) |\n|---|---:|\n";
            md += &format!("| one deal: its DD table | {:.0} ms |\n", median(o1));
            md += &format!(
                "| 27 deals: tables and par, one after another | {:.0} ms |\n",
                median(os)
            );
            md += &format!("| 27 deals: tables in one batch | {:.0} ms |\n", median(ob));
            md += "\nendplay was not found (run `bash benches/double_dummy.sh`, which installs it \
                   into `target/dd-peer/`): no ratios.\n";
        }
    }
    print!("{md}");
    common::write_section("dd-bench", &md);
}
