//! Law 93 through the `tdlog` command line: a mixed appeal routed and decided in parts
//! (Law 93B1/B2), and a referred appeal closed by the regulating authority's answer (93C2).

#[path = "common/cli.rs"]
mod cli;
#[path = "common/device.rs"]
mod device;
use cli::*;

#[test]
fn law_93b1_b2_a_mixed_appeal_is_routed_and_decided_in_parts_through_the_cli() {
    let t = tempfile::tempdir().unwrap();
    let log = t.path().join("t.tdlog").to_str().unwrap().to_string();
    let (chief, _) = new_key(t.path(), "chief");
    let (td, td_pub) = new_key(t.path(), "td");
    let (ac1, ac1_pub) = new_key(t.path(), "ac1");
    ok(&[
        "init",
        &log,
        "--name",
        "Club Pairs",
        "--game",
        "bridge",
        "--key",
        &chief,
    ]);
    for (public, role, holder) in [
        (&td_pub, "td", "Tom TD"),
        (&ac1_pub, "committee", "Karl Kohl"),
    ] {
        ok(&[
            "key", "enrol", &log, public, "--role", role, "--holder", holder, "--key", &chief,
        ]);
    }
    organiser_settings(
        t.path(),
        &log,
        &chief,
        r#"{"quorum": 1, "reason": "Club evening: Karl Kohl is the club's committee of one"}"#,
    );
    let ruling = event_id(&ok(&[
        "ruling",
        "give",
        &log,
        "--round",
        "1",
        "--table",
        "3",
        "--board",
        "7",
        "--ns",
        "5",
        "--ew",
        "9",
        "--facts",
        "Hesitation; lead out of turn accepted",
        "--law",
        "16B1,54A",
        "--category",
        "judgement",
        "--decision",
        "Adjusted to 3S+1",
        "--adjustment",
        r#"{"kind":"assigned","contract":"3S","declarer":"S","tricks":10}"#,
        "--notice",
        "--key",
        &td,
    ]));
    let filed = ok(&[
        "appeal",
        "file",
        &log,
        "--ruling",
        &ruling[..10],
        "--appellant",
        "9",
        "--grounds",
        "Law 54A misapplied; no hesitation",
        "--signed-by",
        "Cara",
        "--signed-by",
        "Dan",
        "--key",
        &td,
    ]);
    let appeal = filed.trim().rsplit(' ').next().unwrap().to_string();
    let a = &appeal[..8];
    // The chief TD routes the law part to himself (93B1) and the judgement part to the
    // committee (93B2).
    ok(&[
        "appeal", "route", &log, a, "--to", "chief-td", "--part", "law", "--key", &chief,
    ]);
    // The law part cannot go to the committee first (93B1).
    let o = tdlog(&[
        "appeal",
        "route",
        &log,
        a,
        "--to",
        "committee",
        "--part",
        "law",
        "--key",
        &chief,
    ]);
    assert!(
        !o.status.success() && text(&o).contains("Law 93"),
        "{}",
        text(&o)
    );
    ok(&[
        "appeal",
        "route",
        &log,
        a,
        "--to",
        "committee",
        "--part",
        "judgement",
        "--key",
        &chief,
    ]);
    ok(&[
        "appeal",
        "convene",
        &log,
        a,
        "--member",
        &ac1_pub,
        "--chair",
        &ac1_pub,
        "--part",
        "judgement",
        "--key",
        &chief,
    ]);
    // A decision that does not name its part is refused (Law 93B).
    let o = tdlog(&[
        "appeal",
        "decide",
        &log,
        a,
        "--decision",
        "upheld",
        "--reasoning",
        "x",
        "--key",
        &ac1,
    ]);
    assert!(
        !o.status.success() && text(&o).contains("Law 93B: this appeal is heard in parts"),
        "{}",
        text(&o)
    );
    ok(&[
        "appeal",
        "decide",
        &log,
        a,
        "--part",
        "judgement",
        "--decision",
        "changed",
        "--adjustment",
        r#"{"kind":"assigned","contract":"4S","declarer":"S","tricks":10}"#,
        "--law",
        "16B1",
        "--reasoning",
        "No logical alternative",
        "--key",
        &ac1,
    ]);
    let j: serde_json::Value =
        serde_json::from_str(ok(&["appeals", &log, "--json"]).trim()).unwrap();
    // One part decided, the other still with the chief TD: the appeal is not decided.
    assert_eq!(j["appeals"][0]["state"], "in_parts", "{j}");
    ok(&[
        "appeal",
        "decide",
        &log,
        a,
        "--part",
        "law",
        "--decision",
        "upheld",
        "--law",
        "54A",
        "--reasoning",
        "Lead accepted correctly",
        "--key",
        &chief,
    ]);
    let j: serde_json::Value =
        serde_json::from_str(ok(&["appeals", &log, "--json"]).trim()).unwrap();
    assert_eq!(j["appeals"][0]["state"], "decided", "{j}");
    let parts = j["appeals"][0]["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2);
    assert!(parts.iter().all(|p| p["state"] == "decided"), "{j}");
    // The law part goes on to the committee (93B1), which may only recommend (93B3).
    ok(&[
        "appeal",
        "route",
        &log,
        a,
        "--to",
        "committee",
        "--part",
        "law",
        "--key",
        &chief,
    ]);
    ok(&[
        "appeal", "convene", &log, a, "--member", &ac1_pub, "--chair", &ac1_pub, "--part", "law",
        "--key", &chief,
    ]);
    let o = tdlog(&[
        "appeal",
        "decide",
        &log,
        a,
        "--part",
        "law",
        "--decision",
        "upheld",
        "--reasoning",
        "x",
        "--key",
        &ac1,
    ]);
    assert!(
        !o.status.success() && text(&o).contains("Law 93B3"),
        "{}",
        text(&o)
    );
    ok(&[
        "appeal",
        "decide",
        &log,
        a,
        "--part",
        "law",
        "--decision",
        "recommendation-only",
        "--reasoning",
        "We would read 54A otherwise",
        "--key",
        &ac1,
    ]);
    let j: serde_json::Value =
        serde_json::from_str(ok(&["appeals", &log, "--json"]).trim()).unwrap();
    assert_eq!(j["appeals"][0]["state"], "decided", "{j}");
    let audit = ok(&["audit", &log, "--board", "7"]);
    assert!(audit.contains("assigned 4S by S, 10 tricks"), "{audit}");
}

#[test]
fn law_93c2_a_referred_appeal_is_closed_by_the_authoritys_answer_through_the_cli() {
    let t = tempfile::tempdir().unwrap();
    let log = t.path().join("t.tdlog").to_str().unwrap().to_string();
    let (chief, _) = new_key(t.path(), "chief");
    let (td, td_pub) = new_key(t.path(), "td");
    let (org, org_pub) = new_key(t.path(), "org");
    ok(&[
        "init",
        &log,
        "--name",
        "Club Pairs",
        "--game",
        "bridge",
        "--key",
        &chief,
    ]);
    for (public, role, holder) in [
        (&td_pub, "td", "Tom TD"),
        (&org_pub, "organiser", "Olga Organiser"),
    ] {
        ok(&[
            "key", "enrol", &log, public, "--role", role, "--holder", holder, "--key", &chief,
        ]);
    }
    let ruling = event_id(&ok(&[
        "ruling",
        "give",
        &log,
        "--round",
        "1",
        "--table",
        "3",
        "--board",
        "7",
        "--ns",
        "5",
        "--ew",
        "9",
        "--facts",
        "Alert not given",
        "--law",
        "40B",
        "--category",
        "law",
        "--decision",
        "Result stands",
        "--notice",
        "--key",
        &td,
    ]));
    let filed = ok(&[
        "appeal",
        "file",
        &log,
        "--ruling",
        &ruling[..10],
        "--appellant",
        "9",
        "--grounds",
        "The alert regulation says otherwise",
        "--signed-by",
        "Cara",
        "--signed-by",
        "Dan",
        "--key",
        &td,
    ]);
    let appeal = filed.trim().rsplit(' ').next().unwrap().to_string();
    let a = &appeal[..8];
    ok(&[
        "appeal",
        "route",
        &log,
        a,
        "--to",
        "chief-td",
        "--law-only",
        "--key",
        &chief,
    ]);
    ok(&[
        "appeal",
        "refer",
        &log,
        a,
        "--to",
        "DBV",
        "--reason",
        "Reading of the alert rules",
        "--key",
        &chief,
    ]);
    let answer = |key: &str, authority: &str| {
        tdlog(&[
            "appeal",
            "answer",
            &log,
            a,
            "--authority",
            authority,
            "--decision",
            "upheld",
            "--law",
            "40B",
            "--reasoning",
            "The alert rules were applied correctly",
            "--document",
            "DBV letter 2026/17",
            "--key",
            key,
        ])
    };
    // A TD does not sign for the authority (the role table: organiser or chief TD).
    let o = answer(&td, "DBV");
    assert!(
        !o.status.success() && text(&o).contains("Law 93C2: recording the regulating authority's answer is for the chief director or organiser"),
        "{}",
        text(&o)
    );
    let o = answer(&org, "WBF");
    assert!(
        !o.status.success() && text(&o).contains("Law 93C2"),
        "{}",
        text(&o)
    );
    let o = answer(&org, "DBV");
    assert!(o.status.success(), "{}", text(&o));
    let j: serde_json::Value =
        serde_json::from_str(ok(&["appeals", &log, "--json"]).trim()).unwrap();
    assert_eq!(j["appeals"][0]["state"], "closed", "{j}");
    assert_eq!(
        j["appeals"][0]["authority"][0]["document"], "DBV letter 2026/17",
        "{j}"
    );
    let html = ok(&["report", "appeal", &log, a, "--lang", "de"]);
    assert!(
        html.contains("Antwort des verantwortlichen Verbands")
            && html.contains("DBV letter 2026/17"),
        "{html}"
    );
}
