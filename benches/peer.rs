//! `tdlog results` against a peer scorer (`cargo bench --bench peer`, issue 12): the
//! bridge-scorer npm package scoring and matchpointing the same 200-table, 27-board session,
//! both as whole processes from reading the input to writing the results, measured
//! alternately in one run (median of 7 each). tdlog reads the signed log with this device's
//! verified-state cache warm (the state of a scorer's laptop during a session); the peer
//! reads a plain JSON file of the same results and checks nothing. A cold `tdlog results`
//! (a new device: every signature verified) is shown too. Both programs' matchpoints are
//! compared row by row before anything is timed, so the two do the same work.
//!
//! The peer is installed here (npm, into `target/peer/`), never by the test suite; without
//! node/npm the peer rows are left out and the section says so.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const REPS: usize = 7;

fn tdlog(device: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tdlog"));
    c.env("TDLOG_DATA_DIR", device);
    c
}

fn run(c: &mut Command) -> f64 {
    let t = Instant::now();
    let st = c.stdout(Stdio::null()).status().expect("spawn");
    let dt = t.elapsed().as_secs_f64();
    assert!(st.success(), "{c:?} failed: {st}");
    dt
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Installs bridge-scorer into `dir` unless it is there; its version, or why not.
fn install_peer(dir: &Path) -> Result<String, String> {
    let pkg = dir.join("node_modules/bridge-scorer/package.json");
    if !pkg.exists() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("package.json"), "{\"private\":true}\n")
            .map_err(|e| e.to_string())?;
        let st = Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                "bridge-scorer",
            ])
            .current_dir(dir)
            .status()
            .map_err(|e| format!("npm: {e}"))?;
        if !st.success() {
            return Err(format!("npm install bridge-scorer failed: {st}"));
        }
    }
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&pkg).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    Ok(v["version"].as_str().unwrap_or("?").to_owned())
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    // PEER_KEEP=DIR keeps the log and the device there, for profiling one run by hand.
    let kept = std::env::var_os("PEER_KEEP").map(PathBuf::from);
    let dir_path = kept.clone().unwrap_or_else(|| tmp.path().to_path_buf());
    std::fs::create_dir_all(&dir_path).unwrap();
    let dir = &dir_path;
    let log = dir.join("session.tdlog");
    drop(common::session::build(&log));
    let device = dir.join("device");
    let data = dir.join("session.json");
    std::fs::write(
        &data,
        serde_json::to_vec(&common::session::played()).unwrap(),
    )
    .unwrap();

    // Warm the cache: the auditor's full verify, as a scorer's device did when it opened the log.
    let verify = run(tdlog(&device).args(["verify", "--json"]).arg(&log));
    let out = tdlog(&device)
        .args(["results", "--json"])
        .arg(&log)
        .output()
        .unwrap();
    assert!(out.status.success());
    let ours: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();

    let peer_dir = root.join("target/peer");
    let peer = install_peer(&peer_dir);
    let script = root.join("benches/peer_scorer.mjs");
    let peer_out = dir.join("peer.json");
    let node = |c: &mut Command| {
        c.arg(&script).arg(&peer_dir).arg(&data).arg(&peer_out);
    };
    if peer.is_ok() {
        let mut c = Command::new("node");
        node(&mut c);
        run(&mut c);
        // Like for like: every row's N-S score and matchpoints agree.
        let theirs: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&peer_out).unwrap()).unwrap();
        let mut by_slot = std::collections::HashMap::new();
        for r in theirs["rows"].as_array().unwrap() {
            by_slot.insert((r["board"].as_u64(), r["table"].as_u64()), r.clone());
        }
        assert_eq!(by_slot.len(), ours.len(), "the same number of results");
        for r in &ours {
            let t = &by_slot[&(r["board"].as_u64(), r["table"].as_u64())];
            assert_eq!(
                r["score_ns"].as_i64(),
                t["score_ns"].as_i64(),
                "score of {r}"
            );
            assert_eq!(
                r["mp_ns"].as_f64(),
                t["mp_ns"].as_f64(),
                "matchpoints of {r}"
            );
        }
    }

    let (mut warm, mut cold, mut theirs) = (vec![], vec![], vec![]);
    for i in 0..REPS {
        warm.push(run(tdlog(&device).args(["results", "--json"]).arg(&log)));
        let fresh = dir.join(format!("cold-{i}"));
        cold.push(run(tdlog(&fresh).args(["results", "--json"]).arg(&log)));
        if peer.is_ok() {
            let mut c = Command::new("node");
            node(&mut c);
            theirs.push(run(&mut c));
        }
    }
    let (warm, cold) = (median(warm), median(cold));
    let mut md = format!(
        "## `tdlog results` against the bridge-scorer npm package\n\n\
         Written by `cargo bench --bench peer` ({} results, 27 boards, 200 per board; whole processes, \
         median of {REPS} alternating runs; machine load {}).\n\n\
         | measurement | time | ratio to the peer |\n|---|---:|---:|\n",
        ours.len(),
        load()
    );
    match &peer {
        Ok(v) => {
            let p = median(theirs);
            md += &format!(
                "| bridge-scorer {v} (node): read JSON, score contracts, matchpoint, total per pair | {:.0} ms | 1 |\n\
                 | `tdlog results --json`, cache warm (new rows' signatures, every row's hash, fold, score) | {:.0} ms | {:.2} |\n\
                 | `tdlog results --json`, new device (every signature verified) | {:.0} ms | {:.2} |\n\
                 | `tdlog verify` (every signature; fills the cache) | {:.0} ms | {:.2} |\n\n\
                 Target (issue 12): tdlog with the cache warm faster than the peer: **{}**. \
                 Both programs' N-S scores and matchpoints were checked equal on every row first.\n",
                p * 1e3,
                warm * 1e3,
                warm / p,
                cold * 1e3,
                cold / p,
                verify * 1e3,
                verify / p,
                if warm < p { "met" } else { "not met" }
            );
        }
        Err(why) => {
            md += &format!(
                "| `tdlog results --json`, cache warm | {:.0} ms | - |\n\
                 | `tdlog results --json`, new device | {:.0} ms | - |\n\n\
                 The peer was not measured: {why}.\n",
                warm * 1e3,
                cold * 1e3
            );
        }
    }
    print!("{md}");
    common::write_section("peer-bench", &md);
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
