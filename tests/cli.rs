//! The `tdlog` CLI as a person or a script uses it: set-up of a tournament, the demo
//! fixture, upcasting of old payloads, and one clear line for every kind of bad input.

#[path = "common/device.rs"]
mod device;
use device::tdlog_cmd;

use std::path::{Path, PathBuf};
use std::process::Output;

fn tdlog(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = tdlog_cmd();
    c.args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn the_demo_tournament_verifies_with_several_authors_and_a_revocation() {
    let demo = root().join("fixtures/demo/demo.tdlog");
    let tmp = tempfile::tempdir().unwrap();
    let copy = tmp.path().join("demo.tdlog");
    std::fs::copy(&demo, &copy).unwrap();
    // A fresh device: the shared test device may have seen this demo grow in another test.
    let device = tmp.path().join("device");
    let env = [("TDLOG_DATA_DIR", device.to_str().unwrap())];
    let o = tdlog(&["verify", "--json", copy.to_str().unwrap()], &env);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(j["keys"].as_u64().unwrap() >= 3);
    let log = tdlog(&["log", copy.to_str().unwrap()], &env);
    let lines: Vec<serde_json::Value> = String::from_utf8(log.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let authors: std::collections::HashSet<_> = lines.iter().map(|l| l["author"].clone()).collect();
    assert!(authors.len() >= 3, "{} authors", authors.len());
    assert!(lines.iter().any(|l| l["type"] == "key.revoked"));
    assert_eq!(lines.len() as u64, j["events"].as_u64().unwrap());
}

#[test]
fn a_tournament_from_scratch_through_the_cli() {
    let t = tempfile::tempdir().unwrap();
    let p = |s: &str| t.path().join(s).to_str().unwrap().to_string();
    let ok = |o: Output| {
        assert!(o.status.success(), "{}", text(&o));
        text(&o)
    };
    ok(tdlog(&["key", "new", "--key", &p("chief.key")], &[]));
    ok(tdlog(
        &["key", "new", "--key", &p("td.key"), "--protect"],
        &[("TDLOG_PASSPHRASE", "long enough secret")],
    ));
    ok(tdlog(
        &[
            "init",
            &p("t.tdlog"),
            "--name",
            "Club Teams",
            "--game",
            "bridge",
            "--profile",
            "dbv-2017",
            "--key",
            &p("chief.key"),
        ],
        &[],
    ));
    let td_pub = {
        let o = tdlog(
            &["key", "show", "--key", &p("td.key")],
            &[("TDLOG_PASSPHRASE", "long enough secret")],
        );
        text(&o)
            .lines()
            .next()
            .unwrap()
            .split_whitespace()
            .last()
            .unwrap()
            .to_string()
    };
    ok(tdlog(
        &[
            "key",
            "enrol",
            &p("t.tdlog"),
            &td_pub,
            "--role",
            "td",
            "--holder",
            "Tom",
            "--key",
            &p("chief.key"),
        ],
        &[],
    ));
    ok(tdlog(
        &[
            "note",
            &p("t.tdlog"),
            "--text",
            "hesitation at table 4",
            "--board",
            "9",
            "--key",
            &p("td.key"),
        ],
        &[("TDLOG_PASSPHRASE", "long enough secret")],
    ));
    let v = ok(tdlog(&["verify", &p("t.tdlog")], &[]));
    assert!(v.starts_with("ok: 3 events verified"), "{v}");
    // Export, then merge into a second copy: nothing new; merge is idempotent.
    ok(tdlog(&["export", &p("t.tdlog"), &p("b.json")], &[]));
    std::fs::copy(p("t.tdlog"), p("u.tdlog")).unwrap();
    let m = ok(tdlog(&["merge", &p("u.tdlog"), &p("b.json")], &[]));
    assert!(m.contains("0 new events"), "{m}");
    assert_eq!(ok(tdlog(&["verify", &p("b.json")], &[])), v);
}

#[test]
fn bad_input_gets_one_clear_line_and_changes_nothing() {
    let t = tempfile::tempdir().unwrap();
    let p = |s: &str| t.path().join(s).to_str().unwrap().to_string();
    tdlog(
        &["key", "new", "--key", &p("k.key"), "--protect"],
        &[("TDLOG_PASSPHRASE", "right passphrase")],
    );
    tdlog(&["key", "new", "--key", &p("c.key")], &[]);
    tdlog(
        &[
            "init",
            &p("t.tdlog"),
            "--name",
            "T",
            "--game",
            "doppelkopf",
            "--key",
            &p("c.key"),
        ],
        &[],
    );
    let before = std::fs::read(p("t.tdlog")).unwrap();
    type Case<'a> = (Vec<String>, Vec<(&'a str, &'a str)>, &'a str);
    let cases: Vec<Case> = vec![
        (
            vec!["key".into(), "show".into(), "--key".into(), p("k.key")],
            vec![("TDLOG_PASSPHRASE", "wrong passphrase")],
            "wrong passphrase",
        ),
        (
            vec!["key".into(), "show".into(), "--key".into(), p("k.key")],
            vec![],
            "protected by a passphrase",
        ),
        (
            vec!["key".into(), "new".into(), "--key".into(), p("c.key")],
            vec![],
            "never overwrites",
        ),
        (
            vec!["verify".into(), p("missing.tdlog")],
            vec![],
            "does not exist",
        ),
        (
            vec![
                "note".into(),
                p("t.tdlog"),
                "--text".into(),
                "x".into(),
                "--key".into(),
                p("k.key"),
            ],
            vec![("TDLOG_PASSPHRASE", "right passphrase")],
            "not enrolled",
        ),
        (
            vec![
                "key".into(),
                "enrol".into(),
                p("t.tdlog"),
                "abcd".into(),
                "--role".into(),
                "td".into(),
                "--holder".into(),
                "x".into(),
                "--key".into(),
                p("c.key"),
            ],
            vec![],
            "expected 32 bytes",
        ),
        (
            vec![
                "key".into(),
                "enrol".into(),
                p("t.tdlog"),
                "00".repeat(32),
                "--role".into(),
                "boss".into(),
                "--holder".into(),
                "x".into(),
                "--key".into(),
                p("c.key"),
            ],
            vec![],
            "unknown role",
        ),
        (
            vec![
                "init".into(),
                p("t.tdlog"),
                "--name".into(),
                "T".into(),
                "--game".into(),
                "bridge".into(),
                "--key".into(),
                p("c.key"),
            ],
            vec![],
            "already exists",
        ),
        (
            vec![
                "init".into(),
                p("u.tdlog"),
                "--name".into(),
                "T".into(),
                "--game".into(),
                "bridge".into(),
                "--profile".into(),
                "ddv".into(),
                "--key".into(),
                p("c.key"),
            ],
            vec![],
            "rule profile",
        ),
        (
            vec!["merge".into(), p("t.tdlog"), p("c.key")],
            vec![],
            "not a tdlog bundle",
        ),
    ];
    for (args, env, want) in cases {
        let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let o = tdlog(&a, &env);
        assert!(!o.status.success(), "{a:?} succeeded");
        let msg = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(msg.contains(want), "{a:?}: expected {want:?} in {msg:?}");
        assert!(!msg.contains("panicked"), "{msg}");
        assert!(msg.trim().lines().count() <= 4, "not short: {msg}");
    }
    assert!(!Path::new(&p("u.tdlog")).exists());
    assert_eq!(std::fs::read(p("t.tdlog")).unwrap(), before, "log changed");
    // Another program's SQLite file, and a file of junk.
    let other = p("other.db");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE x(y);")
        .unwrap();
    let o = tdlog(&["verify", &other], &[]);
    assert!(text(&o).contains("application id 0x0"), "{}", text(&o));
}

#[test]
fn old_payload_versions_upcast_as_the_golden_fixture_says() {
    let golden: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(root().join("fixtures/golden/upcast.json")).unwrap())
            .unwrap();
    for g in golden {
        let bytes = g["payload"].as_str().unwrap().as_bytes();
        let p = tdlog::events::Payload::decode(
            g["type"].as_str().unwrap(),
            g["v"].as_u64().unwrap() as u16,
            bytes,
        )
        .unwrap();
        assert_eq!(p.to_json(), g["upcast"], "{}", g["type"]);
        // The golden bytes are the ones signed in the conformance vector.
        let src = std::fs::read_to_string(
            root().join(g["source"].as_str().unwrap().split(' ').next().unwrap()),
        )
        .unwrap();
        assert!(src.contains(&hex::encode(bytes)));
    }
}
