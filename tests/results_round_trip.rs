//! Round trips through the `tdlog` binary (issue 30): a session with played results, a
//! pass-out, a board not played, an artificial (Law 12C2) and a weighted (12C1(c)) adjusted
//! score goes out with `write-results pbn|usebio` and comes back with `import` into a new
//! log: `tdlog results --json` and `ranking --json` give the same bytes. A ruling in a file
//! is a director's to sign: a scorer's key imports nothing and is told why.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Output;
use tdlog::bridge::seat::Seat;
use tdlog::events::{Adjustment, Artificial, Payload, ScoreAdjusted, Slot, TableResult, Weighted};
use tdlog::log::Log;
use tdlog::results::import;

fn tdlog(args: &[&str]) -> Output {
    tdlog_cmd().args(args).output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Two tables, one round, boards 1-5: 1 v 2 at table 1, 3 v 4 at table 2.
fn record(board: u32, table: u32, result: &str) -> String {
    let (ns, ew) = if table == 1 { ("1", "2") } else { ("3", "4") };
    format!(
        "[Event \"Round trip\"]\n[Board \"{board}\"]\n[Section \"A\"]\n[Round \"1\"]\n[Table \"{table}\"]\n[PairNS \"{ns}\"]\n[PairEW \"{ew}\"]\n[Scoring \"MP\"]\n[Competition \"Pairs\"]\n{result}\n"
    )
}

fn played(contract: &str, by: &str, tricks: u8) -> String {
    format!("[Declarer \"{by}\"]\n[Contract \"{contract}\"]\n[Result \"{tricks}\"]")
}

/// The session's table results as PBN (our own text, MIT).
fn session_pbn(usebio_only: bool) -> String {
    let not_played =
        "[Declarer \"\"]\n[Contract \"\"]\n[Result \"\"]\n[NotPlayed \"late arrival\"]";
    let mut recs = vec![
        record(1, 1, &played("4S", "S", 10)),
        record(1, 2, &played("4S", "S", 9)),
        record(
            2,
            1,
            "[Declarer \"\"]\n[Contract \"Pass\"]\n[Result \"\"]\n[Score \"NS 0\"]",
        ),
        record(2, 2, &played("3NT", "N", 9)),
        record(3, 2, &played("2H", "E", 8)),
        record(4, 2, &played("3NT", "N", 9)),
        record(5, 1, &played("1NT", "S", 7)),
        record(5, 2, &played("1NT", "S", 8)),
    ];
    if !usebio_only {
        recs.push(record(3, 1, not_played));
        recs.push(record(4, 1, &played("3NT", "N", 10)));
    }
    recs.join("\n")
}

fn slot(board: u32, table: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

fn adjusted(board: u32, table: u32, law: &str, adjustment: Adjustment) -> Payload {
    let (ns, ew) = if table == 1 { ("1", "2") } else { ("3", "4") };
    Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
        slot: slot(board, table),
        ns: ns.into(),
        ew: ew.into(),
        law: law.into(),
        adjustment,
        reason: "the TD's ruling".into(),
    }))
}

fn four_spades(tricks: u8, weight: u32) -> Weighted {
    Weighted {
        weight,
        result: TableResult {
            contract: "4S".into(),
            declarer: Some(Seat::S),
            tricks: Some(tricks),
        },
    }
}

/// The original log, signed by the chief TD: the table results, an artificial score on top
/// of board 4's table result at table 1, and a weighted score on board 5 at table 1. With
/// `usebio_only`, only what USEBIO 1.2 can carry (no board not played, no weighted score,
/// no table result under a ruling).
fn original(path: &Path, usebio_only: bool) {
    let plan = import::plan(
        &tdlog::bridge::pbn::parse(&session_pbn(usebio_only)).unwrap(),
        "A",
    );
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    let mut payloads = plan.payloads;
    if usebio_only {
        // USEBIO carries one score per line: the artificial score stands alone, as
        // Compscore writes it (board 4 at table 1 has no table result under it).
        for p in &mut payloads {
            if let Payload::TableAssignment(t) = p {
                if t.table == 1 {
                    t.boards.push(4);
                    t.boards.sort_unstable();
                }
            }
        }
    }
    payloads.push(adjusted(
        4,
        1,
        "12C2",
        Adjustment::Artificial {
            ns: Artificial::AveragePlus,
            ew: Artificial::AverageMinus,
        },
    ));
    if !usebio_only {
        payloads.push(adjusted(
            5,
            1,
            "12C1(c)",
            Adjustment::Weighted {
                ns: vec![four_spades(10, 2), four_spades(9, 1)],
                ew: None,
            },
        ));
    }
    let chief = key(1);
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(path, &chief, g).unwrap();
    log.append_batch(&chief, payloads).unwrap();
}

struct Keys {
    chief: PathBuf,
    scorer: PathBuf,
    scorer_public: String,
}

fn keys(dir: &Path) -> Keys {
    let (chief, scorer) = (dir.join("chief.key"), dir.join("scorer.key"));
    ok(&tdlog(&["key", "new", "--key", s(&chief)]));
    let out = ok(&tdlog(&["key", "new", "--key", s(&scorer)]));
    let scorer_public = out
        .lines()
        .find_map(|l| l.strip_prefix("public key:"))
        .unwrap()
        .trim()
        .to_string();
    Keys {
        chief,
        scorer,
        scorer_public,
    }
}

/// A new log with the original's name, its chief TD's key file, and a scorer enrolled.
fn new_log(path: &Path, k: &Keys) {
    ok(&tdlog(&[
        "init",
        "--name",
        "Conformance Pairs",
        "--game",
        "bridge",
        "--key",
        s(&k.chief),
        s(path),
    ]));
    ok(&tdlog(&[
        "key",
        "enrol",
        s(path),
        &k.scorer_public,
        "--role",
        "scorer",
        "--holder",
        "Sue Scorer",
        "--key",
        s(&k.chief),
    ]));
}

/// `tdlog results --json` and `ranking --json` of a log.
fn scores(log: &Path) -> (String, String) {
    (
        ok(&tdlog(&["results", s(log), "--json"])),
        ok(&tdlog(&["ranking", s(log), "--json"])),
    )
}

/// Writes `log` as `fmt`, imports the file into a new log with the chief TD's key: the same
/// results and ranking bytes. Returns the file's text.
fn round_trip(dir: &Path, fmt: &str, usebio_only: bool) -> String {
    let k = keys(dir);
    let (first, file, second) = (
        dir.join("first.tdlog"),
        dir.join(format!("out.{fmt}")),
        dir.join("second.tdlog"),
    );
    original(&first, usebio_only);
    ok(&tdlog(&[
        "write-results",
        fmt,
        s(&first),
        "--out",
        s(&file),
    ]));
    new_log(&second, &k);
    let out = ok(&tdlog(&[
        "import",
        fmt,
        s(&file),
        "--log",
        s(&second),
        "--key",
        s(&k.chief),
    ]));
    assert!(out.contains("imported"), "{out}");
    let (r1, k1) = scores(&first);
    let (r2, k2) = scores(&second);
    assert_eq!(r1, r2, "results --json");
    assert_eq!(k1, k2, "ranking --json");
    std::fs::read_to_string(&file).unwrap()
}

#[test]
fn pbn_round_trip_keeps_played_passed_out_not_played_and_adjusted_scores() {
    let dir = tempfile::tempdir().unwrap();
    let pbn = round_trip(dir.path(), "pbn", false);
    assert_eq!(pbn.matches("[Board ").count(), 10);
    assert!(pbn.contains("[Contract \"Pass\"]"));
    assert!(pbn.contains("[NotPlayed \"late arrival\"]"));
    // The table result stays under the ruling; the ruling is the engine's line.
    assert!(
        pbn.contains("[Contract \"3NT\"]\n[Result \"10\"]\n[Score \"NS 630\"]\n[Adjusted \"adjusted under Law 12C2: artificial NS A+ / EW A-\"]"),
        "{pbn}"
    );
    assert!(pbn.contains(
        "[Adjusted \"adjusted under Law 12C1(c): weighted 2/3 of 4S by S, 10 tricks + 1/3 of 4S by S, 9 tricks\"]"
    ));
}

#[test]
fn usebio_round_trip_keeps_played_passed_out_and_artificial_scores() {
    let dir = tempfile::tempdir().unwrap();
    let xml = round_trip(dir.path(), "usebio", true);
    assert!(xml.contains("<CONTRACT>PASS</CONTRACT>"));
    assert!(xml.contains("<SCORE>A6040</SCORE>"));
    assert_eq!(xml.matches("<TRAVELLER_LINE>").count(), 9);
}

#[test]
fn a_scorer_importing_a_pbn_with_an_adjusted_score_signs_nothing_and_is_told_law_12c() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let k = keys(d);
    let (first, file, second) = (
        d.join("first.tdlog"),
        d.join("out.pbn"),
        d.join("second.tdlog"),
    );
    original(&first, false);
    ok(&tdlog(&[
        "write-results",
        "pbn",
        s(&first),
        "--out",
        s(&file),
    ]));
    new_log(&second, &k);
    let before = std::fs::read(&second).unwrap();
    let o = tdlog(&[
        "import",
        "pbn",
        s(&file),
        "--log",
        s(&second),
        "--key",
        s(&k.scorer),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Law 12C"), "{err}");
    assert!(err.contains("role scorer may not sign them"), "{err}");
    assert!(err.contains("2 adjusted score(s)"), "{err}");
    assert_eq!(std::fs::read(&second).unwrap(), before, "nothing signed");
    assert_eq!(ok(&tdlog(&["results", s(&second), "--json"])).trim(), "[]");
}

#[test]
fn usebio_export_says_each_result_usebio_cannot_carry() {
    let dir = tempfile::tempdir().unwrap();
    let (first, file) = (dir.path().join("first.tdlog"), dir.path().join("out.xml"));
    original(&first, false);
    let o = tdlog(&["write-results", "usebio", s(&first), "--out", s(&file)]);
    ok(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    let warned: Vec<&str> = err.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(warned.len(), 3, "{err}");
    assert!(
        warned[0].contains("board 3 round 1 table 1 (1 v 2): not played"),
        "{err}"
    );
    assert!(
        warned[1].contains(
            "board 4 round 1 table 1 (1 v 2): the table result under the artificial score"
        ),
        "{err}"
    );
    assert!(
        warned[2].contains("board 5 round 1 table 1 (1 v 2): adjusted under Law 12C1(c): weighted"),
        "{err}"
    );
    assert!(err.contains("no USEBIO 1.2 element for it"), "{err}");
}

/// A reader another project wrote is required under CI; elsewhere its absence is said loudly
/// and the test stops there.
fn missing(what: &str) -> bool {
    assert!(
        std::env::var_os("CI").is_none(),
        "{what} is missing under CI: bash scripts/deps.sh installs it"
    );
    eprintln!("\n*** SKIPPED: {what} is missing (bash scripts/deps.sh installs it) ***\n");
    true
}

/// The venv python with endplay (PyPI) that `scripts/deps.sh` makes, if it is there.
fn endplay_python() -> Option<PathBuf> {
    let base = std::env::var_os("TDLOG_PY")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/tdlog/py")))?;
    let py = base.join("bin/python");
    std::process::Command::new(&py)
        .args(["-c", "import endplay"])
        .output()
        .is_ok_and(|o| o.status.success())
        .then_some(py)
}

#[test]
fn endplay_reads_the_pbn_tdlog_writes_and_scores_every_line_as_tdlog_does() {
    let Some(py) = endplay_python() else {
        missing("endplay (PyPI) in the venv $HOME/.cache/tdlog/py");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (log, file) = (d.join("first.tdlog"), d.join("out.pbn"));
    original(&log, false);
    ok(&tdlog(&[
        "write-results",
        "pbn",
        s(&log),
        "--out",
        s(&file),
    ]));
    let (results, ranking) = scores(&log);
    let (rj, kj) = (d.join("results.json"), d.join("ranking.json"));
    std::fs::write(&rj, results).unwrap();
    std::fs::write(&kj, ranking).unwrap();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/endplay_check.py");
    let o = std::process::Command::new(&py)
        .args([s(&script), s(&file), s(&rj), s(&kj)])
        .output()
        .unwrap();
    let out = ok(&o);
    // 10 records; the not-played and the two adjusted lines have no score of their own for
    // endplay (the artificial one's table result stays under the ruling, unscored).
    assert!(
        out.starts_with("ok: 7 lines scored alike by endplay and tdlog (Law 77)"),
        "{out}"
    );
    assert!(
        out.contains("4 pairs' totals equal to tdlog's ranking"),
        "{out}"
    );
    // And every record is one endplay board, the ruling's tag kept.
    let count = "import sys\nfrom endplay.parsers import pbn\nbs = pbn.load(open(sys.argv[1]))\nprint(len(bs), sum(1 for b in bs if 'Adjusted' in b.info))\n";
    let out = ok(&std::process::Command::new(&py)
        .args(["-c", count, s(&file)])
        .output()
        .unwrap());
    assert_eq!(out.trim(), "10 2");
}

/// `xmllint` validates tdlog's USEBIO against the schema of what it writes (the EBU's DTD
/// is not available: see the schema's header).
fn xmllint_valid(xml: &str, dir: &Path, name: &str) {
    let f = dir.join(name);
    std::fs::write(&f, xml).unwrap();
    let xsd =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/usebio/tdlog-usebio-1.2.xsd");
    let o = std::process::Command::new("xmllint")
        .args(["--noout", "--schema", s(&xsd), s(&f)])
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("validates"));
}

#[test]
fn xmllint_validates_the_usebio_tdlog_writes_for_matchpoints_butler_cross_imps_and_two_winners() {
    let have = std::process::Command::new("xmllint")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        missing("xmllint (Debian libxml2-utils)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The round-trip session (matchpoints, a pass-out, an artificial score), through the CLI.
    let (log, file) = (d.join("first.tdlog"), d.join("out.xml"));
    original(&log, true);
    ok(&tdlog(&[
        "write-results",
        "usebio",
        s(&log),
        "--out",
        s(&file),
    ]));
    xmllint_valid(&std::fs::read_to_string(&file).unwrap(), d, "session.xml");
    // A file with hand sets and an artificial score, under each method tdlog writes.
    let fixture = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/usebio/compscore-shape-mp-mitchell.xml"),
    )
    .unwrap();
    for (name, policy) in [
        ("mp.xml", None),
        ("butler.xml", Some(r#"{"method": "butler"}"#)),
        ("cross.xml", Some(r#"{"method": "cross_imps"}"#)),
        // Two winners: WINNER_TYPE 2 and each pair's DIRECTION, as Compscore3 writes them.
        (
            "two_winners.xml",
            Some(
                r#"{"method": "matchpoints", "scoring": {"ranking": {"fields": "by_direction"}}}"#,
            ),
        ),
    ] {
        let plan = tdlog::results::usebio::plan(&fixture, "A").unwrap();
        let path = d.join(format!("{name}.tdlog"));
        let chief = key(1);
        let g = match genesis() {
            Payload::Genesis(g) => g,
            _ => unreachable!(),
        };
        let mut l = Log::create(&path, &chief, g).unwrap();
        if let Some(p) = policy {
            l.append(
                &chief,
                Payload::PolicySet(Box::new(serde_json::from_str(p).unwrap())),
            )
            .unwrap();
        }
        l.append_batch(&chief, plan.payloads).unwrap();
        let rp = tdlog::views::Replayed::new(Log::open(&path).unwrap().verify(None).unwrap());
        let f = tdlog::views::export::results_file(
            &rp,
            tdlog::views::export::ResultsFormat::Usebio,
            "test",
        )
        .unwrap();
        assert!(f.text.contains("<HANDSET>"), "{name}");
        assert!(f.text.contains("<SCORE>A6040</SCORE>"), "{name}");
        xmllint_valid(&f.text, d, name);
    }
}

/// The app's import preview (`views::import`) of a PBN tdlog wrote: the published scores
/// are compared with what tdlog would score before anything is signed, and the rulings in it
/// block a scorer (Law 12C) but not a TD.
#[test]
fn the_import_preview_compares_the_published_scores_before_signing_and_names_the_director() {
    use tdlog::keys::Role;
    use tdlog::views::import::{import_preview, read_plan, Blocked, FileKind};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (first, file) = (d.join("first.tdlog"), d.join("out.pbn"));
    original(&first, false);
    ok(&tdlog(&[
        "write-results",
        "pbn",
        s(&first),
        "--out",
        s(&file),
    ]));
    let text = std::fs::read_to_string(&file).unwrap();
    // A new, empty log to import into.
    let empty = d.join("empty.tdlog");
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    Log::create(&empty, &key(1), g).unwrap();
    let r = tdlog::views::Replayed::new(Log::open(&empty).unwrap().verify(None).unwrap());
    let plan = read_plan(&text, FileKind::Pbn, "A", &[]).unwrap();
    let td = import_preview(&r, &plan, FileKind::Pbn, Some(Role::Td));
    assert_eq!((td.records, td.adjusted, td.not_played), (10, 2, 1));
    assert_eq!(td.blocked, None);
    let c = td.comparison.expect("the file publishes scores");
    assert!(c.disagreements.is_empty(), "{:#?}", c.disagreements);
    assert_eq!(c.agree, c.values);
    assert!(c.values > 30, "{c:?}");
    let scorer = import_preview(&r, &plan, FileKind::Pbn, Some(Role::Scorer));
    assert_eq!(scorer.blocked, Some(Blocked::NeedsDirector));
}
