//! The `tdlog bridge` command-line contract that scripts rely on (docs/cli.md).

#[path = "common/device.rs"]
mod device;
use device::tdlog_cmd;

fn tdlog(args: &[&str]) -> (i32, String, String) {
    let out = tdlog_cmd().args(args).output().expect("run tdlog");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = tdlog(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON output")
}

#[test]
fn law_77_cli_score_examples() {
    let v = json(&["bridge", "score", "4SX", "S", "Both", "7", "--json"]);
    assert_eq!(
        (v["ns"].as_i64(), v["ew"].as_i64()),
        (Some(-800), Some(800))
    );
    let (_, out, _) = tdlog(&["bridge", "score", "4SX", "S", "Both", "7", "--json"]);
    assert!(out.starts_with("{\"ns\":-800,\"ew\":800,"), "{out}");
    let v = json(&["bridge", "score", "1CXX", "N", "None", "9", "--json"]);
    assert_eq!(v["ns"].as_i64(), Some(630));
    let v = json(&["bridge", "score", "Pass", "-", "None", "0", "--json"]);
    assert_eq!((v["ns"].as_i64(), v["ew"].as_i64()), (Some(0), Some(0)));
    let v = json(&["bridge", "score", "Pass", "--json"]);
    assert_eq!((v["ns"].as_i64(), v["ew"].as_i64()), (Some(0), Some(0)));
    let (code, _, err) = tdlog(&["bridge", "score", "4S", "S", "None"]);
    assert_eq!(code, 1);
    assert!(err.contains("missing TRICKS"), "{err}");
    for vul in ["-", "Love", "All", "NS", "EW"] {
        json(&["bridge", "score", "3n", "E", vul, "9", "--json"]);
    }
    let v = json(&["bridge", "score", "4hx", "W", "All", "10", "--json"]);
    assert_eq!(v["ew"].as_i64(), Some(790));
}

#[test]
fn cli_errors_name_what_is_wrong() {
    let (code, _, err) = tdlog(&["bridge", "score", "4SQ", "S", "Both", "7"]);
    assert_eq!(code, 1);
    assert!(err.contains("contract \"4SQ\""), "{err}");
    let (code, _, err) = tdlog(&["bridge", "score", "4S", "S", "Both", "14"]);
    assert_eq!(code, 1);
    assert!(err.contains("tricks"), "{err}");
    let (_, _, err) = tdlog(&["bridge", "score", "4S", "Q", "Both", "7"]);
    assert!(err.contains("seat"), "{err}");
    let (_, _, err) = tdlog(&["bridge", "score", "4S", "S", "Maybe", "7"]);
    assert!(err.contains("vulnerability"), "{err}");
}

#[test]
fn law_2_cli_board() {
    let v = json(&["bridge", "board", "23", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({"board": 23, "dealer": "S", "vulnerable": "Both"})
    );
    let v = json(&["bridge", "board", "32", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({"board": 32, "dealer": "W", "vulnerable": "EW"})
    );
}

#[test]
fn law_78b_cli_imps_keep_the_sign() {
    assert_eq!(tdlog(&["bridge", "imps", "430"]).1.trim(), "10");
    assert_eq!(tdlog(&["bridge", "imps", "-430"]).1.trim(), "-10");
    assert_eq!(tdlog(&["bridge", "imps", "0"]).1.trim(), "0");
}

#[test]
fn cli_replay_pbn_and_lin() {
    let pbn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn"
    );
    let v = json(&["bridge", "replay", pbn, "--json"]);
    assert_eq!(v["summary"]["records"].as_u64(), Some(299));
    assert_eq!(v["summary"]["played"].as_u64(), Some(278));
    assert_eq!(v["summary"]["unplayed"].as_u64(), Some(20));
    assert_eq!(v["summary"]["passed_out"].as_u64(), Some(1));
    assert_eq!(v["summary"]["disagreements"].as_u64(), Some(0));
    let r = &v["records"][1];
    assert_eq!(
        (
            r["contract"].as_str(),
            r["declarer"].as_str(),
            r["tricks"].as_u64()
        ),
        (Some("1NT"), Some("N"), Some(8))
    );
    assert!(r["irregularities"].as_array().is_some());
    let lin = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/lin/bbo-example1.lin");
    let v = json(&["bridge", "replay", lin, "--json"]);
    assert_eq!(v["summary"]["played"].as_u64(), Some(8));
}
