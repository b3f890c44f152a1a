//! The appeals workflow through the `tdlog` command line, as a director would type it:
//! keys of every role, a ruling with an adjusted score, publication, clocks, an appeal
//! routed to a convened committee and decided, the views and the reports.

#[path = "common/cli.rs"]
mod cli;
#[path = "common/device.rs"]
mod device;
use cli::*;

#[test]
fn an_appeal_from_ruling_to_decision_through_the_cli() {
    let t = tempfile::tempdir().unwrap();
    let log = t.path().join("t.tdlog").to_str().unwrap().to_string();
    let (chief, _) = new_key(t.path(), "chief");
    let (td, td_pub) = new_key(t.path(), "td");
    let (scorer, scorer_pub) = new_key(t.path(), "scorer");
    let (ac1, ac1_pub) = new_key(t.path(), "ac1");
    let (ac2, ac2_pub) = new_key(t.path(), "ac2");
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
        (&scorer_pub, "scorer", "Sue Scorer"),
        (&ac1_pub, "committee", "Karl Kohl"),
        (&ac2_pub, "committee", "Lena Lind"),
    ] {
        ok(&[
            "key", "enrol", &log, public, "--role", role, "--holder", holder, "--key", &chief,
        ]);
    }
    // A committee of two: the club's regulations say so (Law 93: a quorum below three
    // needs the organiser's reason).
    let o = {
        let file = t.path().join("short.json");
        std::fs::write(&file, r#"{"quorum": 2}"#).unwrap();
        let (org, org_pub) = new_key(t.path(), "org0");
        ok(&[
            "key",
            "enrol",
            &log,
            &org_pub,
            "--role",
            "organiser",
            "--holder",
            "Otto",
            "--key",
            &chief,
        ]);
        tdlog(&[
            "appeal",
            "settings",
            &log,
            file.to_str().unwrap(),
            "--key",
            &org,
        ])
    };
    assert!(
        !o.status.success()
            && text(&o).contains("Law 93: the regulations expect a committee of three"),
        "{}",
        text(&o)
    );
    organiser_settings(
        t.path(),
        &log,
        &chief,
        r#"{"quorum": 2, "reason": "Club regulations: a committee of two members"}"#,
    );
    let call = ok(&[
        "ruling",
        "call",
        &log,
        "--round",
        "1",
        "--table",
        "3",
        "--board",
        "7",
        "--attention-by",
        "E",
        "--called-by",
        "S",
        "--irregularity",
        "hesitation before pass",
        "--key",
        &td,
    ]);
    let call_id = call
        .split("event ")
        .nth(1)
        .unwrap()
        .trim_end_matches(|c: char| !c.is_ascii_hexdigit())
        .to_string();
    let r = ok(&[
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
        "Agreed hesitation by North",
        "--law",
        "16B1,12C1(e)",
        "--category",
        "judgement",
        "--decision",
        "Adjusted to 3S+1",
        "--adjustment",
        r#"{"kind":"assigned","contract":"3S","declarer":"S","tricks":10}"#,
        "--notice",
        "--call",
        &call_id,
        "--key",
        &td,
    ]);
    let ruling = r
        .split("event ")
        .nth(1)
        .unwrap()
        .trim_end_matches(|c: char| !c.is_ascii_hexdigit())
        .to_string();
    let p = ok(&["publish", &log, "--session", "1", "--key", &scorer]);
    assert!(p.contains("correction_period (Law 79C1)"), "{p}");
    let c = ok(&["clocks", &log]);
    assert!(
        c.contains("appeal_period") && c.contains("Law 92B") && c.contains("29m"),
        "{c}"
    );
    // A TD cannot route (the chief TD does, Law 93): the role table refuses.
    let filed = ok(&[
        "appeal",
        "file",
        &log,
        "--ruling",
        &ruling[..10],
        "--appellant",
        "9",
        "--grounds",
        "No hesitation",
        "--signed-by",
        "Cara",
        "--signed-by",
        "Dan",
        "--key",
        &td,
    ]);
    let appeal = filed.trim().rsplit(' ').next().unwrap().to_string();
    let o = tdlog(&[
        "appeal",
        "route",
        &log,
        &appeal[..8],
        "--to",
        "committee",
        "--key",
        &td,
    ]);
    assert!(
        !o.status.success()
            && text(&o).contains(
                "Law 93B1: routing an appeal is for the chief director; Tom TD signs as director"
            ),
        "{}",
        text(&o)
    );
    ok(&[
        "appeal",
        "route",
        &log,
        &appeal[..8],
        "--to",
        "committee",
        "--key",
        &chief,
    ]);
    ok(&[
        "appeal",
        "convene",
        &log,
        &appeal[..8],
        "--member",
        &ac1_pub,
        "--member",
        &ac2_pub,
        "--chair",
        &ac1_pub,
        "--key",
        &chief,
    ]);
    // The procedure (Law 93 and the regulations): the other side told of the appeal and the
    // hearing, the hearing's record with who attended.
    ok(&[
        "appeal",
        "notify",
        &log,
        &appeal[..8],
        "--party",
        "Anna (pair 5)",
        "--hearing-at",
        "2099-12-31 19:30",
        "--place",
        "Room 2",
        "--key",
        &td,
    ]);
    let o = tdlog(&[
        "appeal",
        "hearing",
        &log,
        &appeal[..8],
        "--place",
        "Room 2",
        "--appellant",
        "Cara",
        "--key",
        &td,
    ]);
    assert!(
        !o.status.success()
            && text(&o).contains("Law 93: recording the hearing of an appeal is for the"),
        "{}",
        text(&o)
    );
    ok(&[
        "appeal",
        "hearing",
        &log,
        &appeal[..8],
        "--place",
        "Room 2",
        "--appellant",
        "Cara",
        "--appellant",
        "Dan",
        "--respondent",
        "Anna",
        "--director",
        "Tom TD",
        "--key",
        &ac1,
    ]);
    ok(&[
        "appeal",
        "hear",
        &log,
        &appeal[..8],
        "--party",
        "appellant",
        "--by",
        "Cara",
        "--text",
        "We did not hesitate.",
        "--key",
        &td,
    ]);
    // The committee restores a different score.
    ok(&[
        "appeal",
        "decide",
        &log,
        &appeal[..8],
        "--decision",
        "changed",
        "--adjustment",
        r#"{"kind":"assigned","contract":"4S","declarer":"S","tricks":10}"#,
        "--law",
        "16B1",
        "--reasoning",
        "No logical alternative",
        "--deposit",
        "returned",
        "--key",
        &ac1,
    ]);
    // Signed by the chair alone it waits for the second member (Law 93B).
    let a = ok(&["appeals", &log, "--json"]);
    let j: serde_json::Value = serde_json::from_str(a.trim()).unwrap();
    assert_eq!(j["appeals"][0]["state"], "convened");
    let listing = ok(&["appeals", &log]);
    assert!(
        listing.contains("by Karl Kohl (chair): changed; 1 of 2 concurring; waiting"),
        "{listing}"
    );
    // Nothing stands yet: nothing is announced (Law 93B).
    let o = tdlog(&[
        "appeal",
        "announce",
        &log,
        &appeal[..8],
        "--party",
        "Cara",
        "--key",
        &td,
    ]);
    assert!(
        !o.status.success() && text(&o).contains("Law 93B: no decision on this appeal stands"),
        "{}",
        text(&o)
    );
    // Only the chair signs the decision; the other member co-signs it.
    let o = tdlog(&[
        "appeal",
        "decide",
        &log,
        &appeal[..8],
        "--decision",
        "upheld",
        "--reasoning",
        "x",
        "--key",
        &ac2,
    ]);
    assert!(
        !o.status.success() && text(&o).contains("signed by its chair (Karl Kohl)"),
        "{}",
        text(&o)
    );
    ok(&[
        "appeal",
        "cosign",
        &log,
        &appeal[..8],
        "--vote",
        "concur",
        "--reason",
        "No logical alternative to 4S",
        "--key",
        &ac2,
    ]);
    let listing = ok(&["appeals", &log]);
    assert!(
        listing.contains("2 of 2 concurring; takes effect")
            && listing.contains("concur by Lena Lind: No logical alternative to 4S"),
        "{listing}"
    );
    let a = ok(&["appeals", &log, "--json"]);
    let j: serde_json::Value = serde_json::from_str(a.trim()).unwrap();
    assert_eq!(j["appeals"][0]["state"], "decided");
    ok(&[
        "appeal",
        "announce",
        &log,
        &appeal[..8],
        "--party",
        "Cara",
        "--party",
        "Anna",
        "--key",
        &td,
    ]);
    let listing = ok(&["appeals", &log]);
    assert!(
        listing.contains("Parties notified (Tom TD, ")
            && listing.contains(": Anna (pair 5); hearing: 2099-12-31 19:30:00 UTC, Room 2")
            && listing.contains(
                "present: Cara (Appellant), Dan (Appellant), Anna (Respondent), Tom TD (Director)"
            )
            && listing.contains("Decision announced (Tom TD, "),
        "{listing}"
    );
    let a = ok(&["appeals", &log, "--json"]);
    let j: serde_json::Value = serde_json::from_str(a.trim()).unwrap();
    assert_eq!(j["appeals"][0]["hearings"][0]["place"], "Room 2");
    assert_eq!(j["appeals"][0]["announcements"][0]["parties"][1], "Anna");
    let audit = ok(&["audit", &log, "--board", "7"]);
    assert!(audit.contains("assigned 4S by S, 10 tricks"), "{audit}");
    let html = ok(&["report", "casebook", &log, "--lang", "da"]);
    assert!(
        html.contains("Appelsamling") && html.contains("Karl Kohl (formand)"),
        "{html}"
    );
    assert!(
        html.contains("Turneringsleder tilkaldt") && html.contains("hesitation before pass"),
        "{html}"
    );
    // Withdrawing after the decision is refused, naming the pipeline rule.
    let o = tdlog(&[
        "appeal",
        "withdraw",
        &log,
        &appeal[..8],
        "--reason",
        "x",
        "--key",
        &td,
    ]);
    assert!(
        !o.status.success() && text(&o).contains("Law 93 (pipeline)"),
        "{}",
        text(&o)
    );
}
