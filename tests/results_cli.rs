//! The results commands on real SQLite logs, through the `tdlog` binary: two devices that
//! record rulings concurrently and exchange bundles with `tdlog export` / `tdlog merge` in
//! either order give byte-identical `results` and `ranking`; the ranking diff between two
//! points of the log; the audit of a team's total.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Output;
use tdlog::bridge::seat::Seat;
use tdlog::events::{Adjustment, Artificial, Payload, ScoreAdjusted, Slot, TableResult};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::Log;

/// Each log file here stands for a device of its own (four devices exchanging bundles), so
/// each gets its own device record.
fn tdlog(args: &[&str]) -> Output {
    let mut c = tdlog_cmd();
    if let Some(log) = args.iter().find(|a| a.ends_with(".tdlog")) {
        c.env("TDLOG_DATA_DIR", format!("{log}.device"));
    }
    let o = c.args(args).output().unwrap();
    assert!(
        o.status.success(),
        "tdlog {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn genesis_payload() -> tdlog::events::Genesis {
    match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

/// The chief's log with a TD device enrolled and the RealBridge file imported by the CLI.
fn tournament(dir: &Path) -> (PathBuf, DeviceKey, DeviceKey) {
    let p = dir.join("chief.tdlog");
    let (chief, td) = (key(1), key(2));
    let mut log = Log::create(&p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    drop(log);
    let kf = dir.join("chief.key");
    chief.save(&kf, None).unwrap();
    let pbn = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn");
    tdlog(&["import", "pbn", s(&pbn), "--log", s(&p), "--key", s(&kf)]);
    (p, chief, td)
}

/// The players recorded at a table of the RealBridge match (N-S, E-W).
fn seats(p: &Path, board: u32, table: u32) -> (String, String) {
    let o = tdlog(&["results", s(p), "--json"]);
    let rows: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let r = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["board"] == board && r["table"] == table)
        .unwrap();
    (
        r["ns"].as_str().unwrap().to_string(),
        r["ew"].as_str().unwrap().to_string(),
    )
}

fn ruling(log: &Path, k: &DeviceKey, board: u32, table: u32, adjustment: Adjustment) -> String {
    let (ns, ew) = seats(log, board, table);
    Log::open(log)
        .unwrap()
        .append(
            k,
            Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
                slot: Slot {
                    section: "A".into(),
                    round: 1,
                    table,
                    board,
                },
                ns,
                ew,
                law: "12C1(e)".into(),
                adjustment,
                reason: "misinformation".into(),
            })),
        )
        .unwrap()
        .to_hex()
}

fn assigned(contract: &str, tricks: u8) -> Adjustment {
    Adjustment::Assigned {
        result: TableResult {
            contract: contract.into(),
            declarer: Some(Seat::S),
            tricks: Some(tricks),
        },
    }
}

#[test]
fn merged_in_any_order_and_replayed_twice_gives_byte_identical_results_and_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let (a, chief, td) = tournament(dir.path());
    // Device B (the TD's) starts from a copy; a third and fourth device hold only the import.
    let b = dir.path().join("td.tdlog");
    let c = dir.path().join("c.tdlog");
    let d = dir.path().join("d.tdlog");
    for x in [&b, &c, &d] {
        std::fs::copy(&a, x).unwrap();
    }
    // Concurrent rulings on both devices, neither seeing the other's.
    ruling(&a, &chief, 12, 5, assigned("3NT", 9));
    ruling(&b, &td, 15, 2, assigned("4S", 10));
    ruling(
        &b,
        &td,
        13,
        3,
        Adjustment::Artificial {
            ns: Artificial::AveragePlus,
            ew: Artificial::AverageMinus,
        },
    );
    let (ba, bb) = (dir.path().join("a.bundle"), dir.path().join("b.bundle"));
    tdlog(&["export", s(&a), s(&ba)]);
    tdlog(&["export", s(&b), s(&bb)]);
    tdlog(&["merge", s(&a), s(&bb)]);
    tdlog(&["merge", s(&b), s(&ba)]);
    tdlog(&["merge", s(&c), s(&ba)]);
    tdlog(&["merge", s(&c), s(&bb)]);
    tdlog(&["merge", s(&d), s(&bb)]);
    tdlog(&["merge", s(&d), s(&ba)]);
    for what in ["results", "ranking"] {
        let first = tdlog(&[what, s(&a), "--json"]).stdout;
        assert!(first.len() > 1000);
        assert_eq!(
            first,
            tdlog(&[what, s(&a), "--json"]).stdout,
            "{what}: replayed twice"
        );
        for x in [&b, &c, &d] {
            assert!(
                first == tdlog(&[what, s(x), "--json"]).stdout,
                "{what} of {} differs",
                x.display()
            );
        }
        let text = tdlog(&[what, s(&a)]).stdout;
        assert_eq!(text, tdlog(&[what, s(&d)]).stdout, "{what}: text output");
    }
    // All three rulings are in, with their flags.
    let rows: serde_json::Value =
        serde_json::from_slice(&tdlog(&["results", s(&c), "--json"]).stdout).unwrap();
    let adjusted = rows
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["adjusted"] == true);
    assert_eq!(adjusted.clone().count(), 3);
    assert_eq!(adjusted.filter(|r| r["artificial"] == true).count(), 1);
}

#[test]
fn results_json_has_the_documented_fields_by_method() {
    let dir = tempfile::tempdir().unwrap();
    let (a, _, _) = tournament(dir.path());
    let rows: serde_json::Value =
        serde_json::from_slice(&tdlog(&["results", s(&a), "--json"]).stdout).unwrap();
    let played = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["imp_ns"].is_number())
        .unwrap();
    for f in [
        "section",
        "board",
        "round",
        "table",
        "ns",
        "ew",
        "result",
        "score_ns",
        "imp_ns",
        "imp_ew",
        "artificial",
        "weighted",
        "adjusted",
        "events",
    ] {
        assert!(!played[f].is_null(), "teams row lacks {f}: {played}");
    }
    assert!(played["mp_ns"].is_null() && played["pct_ns"].is_null());
    // The same log scored as pairs matchpoints (cross-section check of the other fields).
    let pol = dir.path().join("mp.json");
    std::fs::write(&pol, r#"{"method": "matchpoints"}"#).unwrap();
    let kf = dir.path().join("chief.key");
    tdlog(&["policy", "set", s(&a), s(&pol), "--key", s(&kf)]);
    let rows: serde_json::Value =
        serde_json::from_slice(&tdlog(&["results", s(&a), "--json"]).stdout).unwrap();
    let r = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["mp_ns"].is_number())
        .unwrap();
    for f in ["mp_ns", "mp_ew", "mp_top", "pct_ns", "pct_ew", "score_ns"] {
        assert!(r[f].is_number(), "matchpoint row lacks {f}: {r}");
    }
    let ranking: serde_json::Value =
        serde_json::from_slice(&tdlog(&["ranking", s(&a), "--json"]).stdout).unwrap();
    assert_eq!(ranking["policies"][0]["policy"]["method"], "matchpoints");
    let first = &ranking["standings"][0];
    for f in [
        "section",
        "place",
        "contestant",
        "name",
        "total",
        "unit",
        "mp",
        "mp_top",
        "boards",
    ] {
        assert!(!first[f].is_null(), "standing lacks {f}: {first}");
    }
}

#[test]
fn policy_file_without_method_keeps_the_method_of_the_form_of_contest() {
    let dir = tempfile::tempdir().unwrap();
    let (a, _, _) = tournament(dir.path());
    let pol = dir.path().join("p.json");
    std::fs::write(&pol, r#"{"dbv_footnote_c": true, "note": "DBV-TO §11(3)"}"#).unwrap();
    let kf = dir.path().join("chief.key");
    let o = tdlog(&["policy", "set", s(&a), s(&pol), "--key", s(&kf)]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("TeamsImps"));
    let o = tdlog(&["policy", "show", s(&a)]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v[0]["policy"]["method"], "teams_imps");
    assert_eq!(v[0]["policy"]["dbv_footnote_c"], true);
    assert_eq!(v[0]["policy"]["note"], "DBV-TO §11(3)");
}

#[test]
fn ranking_diff_between_two_points_of_the_log_and_the_audit_of_a_team_total() {
    let dir = tempfile::tempdir().unwrap();
    let (a, chief, td) = tournament(dir.path());
    let v = Log::open(&a).unwrap().verify(None).unwrap();
    let imported = v.events.last().unwrap().id.to_hex();
    let (ns, ew) = seats(&a, 12, 5);
    let first = ruling(
        &a,
        &td,
        12,
        5,
        Adjustment::Artificial {
            ns: Artificial::AveragePlus,
            ew: Artificial::AverageMinus,
        },
    );
    let second = ruling(&a, &chief, 12, 5, assigned("4H", 11));
    // The diff from the import to the first ruling names both teams of the match, each with
    // its place and total before and after.
    let o = tdlog(&[
        "ranking",
        s(&a),
        "--diff",
        &imported,
        "--at",
        &first,
        "--json",
    ]);
    let d: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let changed: Vec<&str> = d["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["contestant"].as_str().unwrap())
        .collect();
    assert!(
        changed.contains(&ns.as_str()) && changed.contains(&ew.as_str()),
        "{changed:?}"
    );
    for c in d["changes"].as_array().unwrap() {
        assert_ne!(c["before"], c["after"]);
        assert!(c["before"]["total"].is_number() && c["after"]["place"].is_string());
    }
    // Nothing changes between a point and itself.
    let o = tdlog(&["ranking", s(&a), "--diff", &second, "--json"]);
    let d: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(d["changes"].as_array().unwrap().len(), 0);
    // The audit of the N-S team's total lists its results and both rulings, in log order,
    // each with the total before and after; the last one ends at the current total.
    let o = tdlog(&["audit", s(&a), "--pair", &ns, "--json"]);
    let h: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let h = h.as_array().unwrap();
    let ids: Vec<&str> = h.iter().map(|c| c["event"].as_str().unwrap()).collect();
    let (i1, i2) = (
        ids.iter().position(|x| *x == first).unwrap(),
        ids.iter().position(|x| *x == second).unwrap(),
    );
    assert!(i1 < i2);
    assert_eq!(h[i1]["law"], "12C1(e)");
    assert_eq!(h[i1]["signer"], "Tom TD");
    assert_eq!(h[i2]["before"], h[i1]["after"]);
    let ranking: serde_json::Value =
        serde_json::from_slice(&tdlog(&["ranking", s(&a), "--json"]).stdout).unwrap();
    let now = ranking["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["contestant"] == ns.as_str())
        .unwrap();
    assert_eq!(h.last().unwrap()["after"]["total"], now["total"]);
    assert!(
        h.windows(2)
            .all(|w| w[0]["after"]["total"] == w[1]["before"]["total"]),
        "a continuous chain of totals"
    );
    let played = h.iter().filter(|c| c["what"] == "result.recorded").count();
    assert!(played >= 10, "its table results are in the audit: {played}");
}

#[test]
fn import_pbn_says_how_rooms_were_numbered_and_a_scoring_tag_the_signed_policy_overrules() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("cup.tdlog");
    let chief = key(1);
    Log::create(&p, &chief, genesis_payload()).unwrap();
    let kf = dir.path().join("chief.key");
    chief.save(&kf, None).unwrap();
    // The organiser's signed policy says matchpoints; the file says IMP.
    let pol = dir.path().join("p.json");
    std::fs::write(
        &pol,
        r#"{"method": "matchpoints", "scoring": {"ranking": {"tie_break": "head_to_head_then_imp_quotient"}}}"#,
    )
    .unwrap();
    tdlog(&["policy", "set", s(&p), s(&pol), "--key", s(&kf)]);
    let pbn = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pbn/two-rooms-one-table.pbn");
    let o = tdlog(&["import", "pbn", s(&pbn), "--log", s(&p), "--key", s(&kf)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("warning:") && err.contains("Open room is table 2T-1"),
        "{err}"
    );
    assert!(
        err.contains("Scoring \"IMP\" disagrees with the signed scoring policy (matchpoints)"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("imported 4 records (0 skipped)"));
    // The ranking names the tie rule of the policy in force.
    let o = tdlog(&["ranking", s(&p)]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("ties: head-to-head, then IMP quotient"),
        "{out}"
    );
}
