//! The verifiable results site at event scale (`cargo bench --bench site`, issue 33): the
//! 200-table, 27-board session of `benches/common/session.rs` (200 results a board) is
//! published (the chief TD signs the tree head) and written as a site; then every English
//! board page is opened from its file in headless Chromium (`tests/site/bench.mjs`, through
//! chromedriver, as the site test does) and timed from navigation to its verdict. Reports
//! each page's weight and the time to "verified", median and slowest, against the time the
//! CLI takes to write the whole site.

mod common;

use std::time::Instant;
use tdlog::events::{Payload, ResultsPublished, ResultsTreeHead};

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("session.tdlog");
    let (mut log, chief) = common::session::build(&p);
    log.append(
        &chief,
        Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: None,
        }),
    )
    .unwrap();
    let v = log.verify(None).unwrap();
    let publication = v.events.last().unwrap().id;
    let head = tdlog::log::tree::head(&v, publication).unwrap();
    log.append(
        &chief,
        Payload::ResultsTreeHead(ResultsTreeHead {
            publication,
            size: head.size,
            root: head.root,
        }),
    )
    .unwrap();
    drop(log);
    let site = dir.path().join("site");
    let t = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tdlog"))
        .env("TDLOG_DATA_DIR", dir.path().join("data"))
        .args([
            "publish-site",
            p.to_str().unwrap(),
            "--out",
            site.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let write_s = t.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/site/bench.mjs");
    let out = std::process::Command::new("node")
        .args([script, site.join("en").to_str().unwrap()])
        .output()
        .expect("node (scripts/deps.sh)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let kb = |x: &serde_json::Value| x.as_f64().unwrap() / 1024.0;
    let body = format!(
        "## Results site: a board page checked in the browser (issue 33)\n\n\
         Written by `cargo bench --bench site`. The 200-table, 27-board pairs session ({events} events, 200 results a board) published and written as a site by `tdlog publish-site` ({write_s:.2} s for the {pages} pages of three languages); each of the {n} English board pages opened from its file in headless Chromium {chromium} and timed from navigation to its verdict (every page said verified).\n\n\
         | | median | largest / slowest |\n|---|---|---|\n\
         | page weight | {w_med:.0} KiB | {w_max:.0} KiB |\n\
         | of it the proof document | {p_med:.0} KiB | {p_max:.0} KiB |\n\
         | time to verified | {t_med:.0} ms | {t_max:.0} ms |\n\n\
         A board page carries its 200 result events, the key events and the publication, and the board's context for recomputing its scores (the section, every table of the movement that schedules the board, any policy), each with its inclusion proof ({depth} hashes), and the signed tree head: the verifier checks {checked} Ed25519 signatures and about {depth} SHA-256 steps an event through WebCrypto, then folds the board and scores it (Law 77, matchpoints under the policy) and compares every line with the page ({scores}). \
         The time to verified is {ratio:.2}x the time the CLI takes to write the whole site.\n",
        events = head.size + 1,
        pages = std::fs::read_dir(site.join("en")).unwrap().count() * 3 + 1,
        n = r["pages"],
        chromium = r["browser"].as_str().unwrap_or(""),
        w_med = kb(&r["weight_median"]),
        w_max = kb(&r["weight_max"]),
        p_med = kb(&r["proof_median"]),
        p_max = kb(&r["proof_max"]),
        t_med = r["ms_median"].as_f64().unwrap(),
        t_max = r["ms_max"].as_f64().unwrap(),
        depth = 64 - (head.size - 1).leading_zeros(),
        scores = r["scores"]
            .as_object()
            .map(|m| {
                m.iter()
                    .map(|(k, v)| format!("{v} pages {k}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default(),
        checked = r["signatures"],
        ratio = r["ms_median"].as_f64().unwrap() / 1000.0 / write_s,
    );
    print!("{body}");
    common::write_section("site", &body);
}
