//! A club's Doppelkopf list through the command line (issue 16): games entered as results
//! (`tdlog doko result`), corrected and struck (`tdlog doko correct`, §8.2), a deduction
//! over §8.7.2(b) refused when it is recorded, and refusals naming their § in the reader's
//! language.
#[path = "common/cli.rs"]
mod cli;
#[path = "common/device.rs"]
mod device;
use cli::*;
use device::tdlog_cmd;

struct Club {
    _dir: tempfile::TempDir,
    log: String,
    chief: String,
    td: String,
    scorer: String,
}

fn club() -> Club {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("club.tdlog").to_str().unwrap().to_string();
    let (chief, _) = new_key(dir.path(), "chief");
    let (td, td_pub) = new_key(dir.path(), "td");
    let (scorer, scorer_pub) = new_key(dir.path(), "scorer");
    let (_, sg_pub) = new_key(dir.path(), "sg");
    ok(&[
        "init",
        &log,
        "--name",
        "Clubabend",
        "--game",
        "doppelkopf",
        "--profile",
        "eppstein-2001",
        "--key",
        &chief,
    ]);
    for (public, role, holder) in [
        (&td_pub, "td", "Schiedsrichter"),
        (&scorer_pub, "scorer", "Listenführer"),
        (&sg_pub, "committee", "Schiedsgericht"),
    ] {
        ok(&[
            "key", "enrol", &log, public, "--role", role, "--holder", holder, "--key", &chief,
        ]);
    }
    ok(&[
        "doko",
        "seat",
        &log,
        "--round",
        "1",
        "--table",
        "1",
        "--seats",
        "A=Anna,B=Bert,C=Cleo,D=Dora",
        "--key",
        &scorer,
    ]);
    Club {
        _dir: dir,
        log,
        chief,
        td,
        scorer,
    }
}

fn list_json(c: &Club) -> serde_json::Value {
    let out = tdlog_cmd()
        .args(["doko", "list", &c.log, "--table", "1", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn totals(c: &Club) -> [i64; 4] {
    let v = list_json(c);
    ["A", "B", "C", "D"].map(|s| v["list"]["totals"][s].as_i64().unwrap())
}

#[test]
fn rule_6_3_a_game_typed_from_the_paper_list_scores_and_prints_its_row() {
    let c = club();
    let r1 = "--round=1";
    let t1 = "--table=1";
    // Re A+C, 154 eyes (Kontra 86: unter 90), Re by A, keine 90 by C, a Doppelkopf for Re.
    // (a) gewonnen 1 + unter 90 1 + keine 90 angesagt 1 = 3; "Re" ×2 = 6; + Doppelkopf 1 = 7.
    let out = ok(&[
        "doko",
        "result",
        &c.log,
        r1,
        t1,
        "--re",
        "A,C",
        "--re-eyes",
        "154",
        "--calls",
        "A:re,C:k90",
        "--sp",
        "doppelkopf:re",
        "--key",
        &c.scorer,
    ]);
    assert!(out.contains("value 6"), "{out}");
    // A Damensolo by B, won with 125 eyes: 1 × 3 = 3 for B.
    ok(&[
        "doko",
        "result",
        &c.log,
        r1,
        t1,
        "--solo",
        "B:damen",
        "--re-eyes",
        "125",
        "--key",
        &c.scorer,
    ]);
    assert_eq!(totals(&c), [7, 3, 7, 0]);
    let v = list_json(&c);
    assert_eq!(
        v["list"]["rows"][1]["dealer"], "B",
        "the deal rotates after game 1"
    );
    // B's Pflichtsolo keeps the deal (§2.2.1): game 3 is B's again.
    ok(&[
        "doko",
        "result",
        &c.log,
        r1,
        t1,
        "--re",
        "A,B",
        "--re-eyes",
        "121",
        "--key",
        &c.scorer,
    ]);
    let v = list_json(&c);
    assert_eq!(v["list"]["rows"][2]["dealer"], "B");
    assert_eq!(totals(&c), [8, 4, 7, 0]);
    // Standings name the players of the seating.
    let s = ok(&["doko", "standings", &c.log]);
    let anna = s.lines().find(|l| l.contains("Anna")).unwrap();
    assert!(
        anna.trim_start().starts_with("1 ") && anna.ends_with(" 8"),
        "{s}"
    );
}

#[test]
fn rule_5_a_refused_entry_names_its_rule_in_german_english_and_danish() {
    let c = club();
    let bad = [
        "doko",
        "result",
        &c.log,
        "--round=1",
        "--table=1",
        "--re",
        "A",
        "--re-eyes",
        "130",
        "--key",
        &c.scorer,
    ];
    let en = refused("en", &bad);
    let de = refused("de", &bad);
    let da = refused("da", &bad);
    assert!(en.contains("§1.4") && en.contains("two Re players"), "{en}");
    assert!(
        de.contains("Doppelkopf §1.4.4: die Parteien des Spiels"),
        "{de}"
    );
    assert!(da.contains("Doppelkopf §1.4.4: spillets partier"), "{da}");
    assert_eq!(list_json_games(&c), 0, "nothing was signed");
}

fn list_json_games(c: &Club) -> usize {
    let out = tdlog_cmd()
        .args(["doko", "list", &c.log, "--table", "1", "--json"])
        .output()
        .unwrap();
    if !out.status.success() {
        return 0;
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["list"]["rows"].as_array().map_or(0, |r| r.len())
}

#[test]
fn rule_8_2_1_the_scorer_corrects_and_strikes_during_the_round_with_the_reason() {
    let c = club();
    for _ in 0..3 {
        ok(&[
            "doko",
            "result",
            &c.log,
            "--round=1",
            "--table=1",
            "--re",
            "A,B",
            "--re-eyes",
            "130",
            "--key",
            &c.scorer,
        ]);
    }
    assert_eq!(totals(&c), [3, 3, 0, 0]);
    // Game 1 was C+D's: they won 1 each.
    let out = ok(&[
        "doko",
        "correct",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "1",
        "--re",
        "C,D",
        "--re-eyes",
        "130",
        "--reason",
        "Parteien vertauscht",
        "--key",
        &c.scorer,
    ]);
    assert!(out.contains("§8.2.1"), "{out}");
    assert_eq!(totals(&c), [2, 2, 1, 1]);
    // Game 2 is disputed and struck; the next game replaces it.
    ok(&[
        "doko",
        "correct",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "2",
        "--strike",
        "--reason",
        "Augen strittig",
        "--key",
        &c.scorer,
    ]);
    assert_eq!(totals(&c), [1, 1, 1, 1]);
    let text = ok(&["doko", "list", &c.log, "--table", "1"]);
    assert!(text.contains("gestrichen §8.2.1: Augen strittig"), "{text}");
    assert!(
        text.contains("berichtigt §8.2.1: Parteien vertauscht"),
        "{text}"
    );
    // The replacement is dealt by B, who dealt the struck game.
    ok(&[
        "doko",
        "result",
        &c.log,
        "--round=1",
        "--table=1",
        "--re",
        "A,D",
        "--re-eyes",
        "130",
        "--key",
        &c.scorer,
    ]);
    let v = list_json(&c);
    assert_eq!(v["list"]["rows"][3]["dealer"], "B");
    // Each player's total shows the corrections behind it.
    let audit = ok(&["doko", "standings", &c.log, "--audit", "Cleo"]);
    assert!(
        audit.contains("round 1 table 1 seat C:     1 (3 games, 1 struck"),
        "{audit}"
    );
    assert!(
        audit.contains("game 2 struck under §8.2.1 by Listenführer: Augen strittig"),
        "{audit}"
    );
    assert!(
        audit.contains("game 1 corrected under §8.2.1 by Listenführer: Parteien vertauscht"),
        "{audit}"
    );
    // During the round the TD's correction is §8.2.1 too.
    let out = ok(&[
        "doko",
        "correct",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "4",
        "--re",
        "A,D",
        "--re-eyes",
        "80",
        "--reason",
        "Augen vertauscht",
        "--key",
        &c.td,
    ]);
    assert!(out.contains("§8.2.1"), "{out}");
}

#[test]
fn rule_8_7_2_b_a_13_point_deduction_is_refused_when_it_is_recorded() {
    let c = club();
    ok(&[
        "doko",
        "result",
        &c.log,
        "--round=1",
        "--table=1",
        "--re",
        "A,B",
        "--re-eyes",
        "130",
        "--key",
        &c.scorer,
    ]);
    let sanction = |points: u32| {
        format!(
            r#"{{"event":"SanctionImposed","seat":"C","sanction":{{"sanction":"Punktabzug","points":{points}}}}}"#
        )
    };
    let bad = sanction(13);
    let args = [
        "doko",
        "record",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "1",
        "--event",
        &bad,
        "--key",
        &c.chief,
    ];
    let de = refused("de", &args);
    assert!(
        de.contains("§8.7.2(b): ein Punktabzug von höchstens 12 Punkten"),
        "{de}"
    );
    let en = refused("en", &args);
    assert!(en.contains("at most 12 points, not 13"), "{en}");
    let good = sanction(12);
    ok(&[
        "doko",
        "record",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "1",
        "--event",
        &good,
        "--key",
        &c.chief,
    ]);
    assert_eq!(totals(&c), [1, 1, -12, 0]);
}

/// §8.7.2(b) deducts from the player ("ohne Gutschrift"); §8.2.1 strikes only the game's
/// notation. Striking the game the deduction was recorded on must not give the points back.
#[test]
fn rule_8_7_2_b_a_deduction_stays_when_its_game_is_struck_8_2_1() {
    let c = club();
    for _ in 0..2 {
        ok(&[
            "doko",
            "result",
            &c.log,
            "--round=1",
            "--table=1",
            "--re",
            "A,B",
            "--re-eyes",
            "130",
            "--key",
            &c.scorer,
        ]);
    }
    ok(&[
        "doko",
        "record",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "2",
        "--event",
        r#"{"event":"SanctionImposed","seat":"B","sanction":{"sanction":"Punktabzug","points":4}}"#,
        "--key",
        &c.chief,
    ]);
    assert_eq!(totals(&c), [2, -2, 0, 0]);
    ok(&[
        "doko",
        "correct",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "2",
        "--strike",
        "--reason",
        "falsch notiert",
        "--key",
        &c.scorer,
    ]);
    // Game 2's +1 each for A and B is gone; Bert's deduction of 4 stays.
    assert_eq!(totals(&c), [1, -3, 0, 0]);
    let text = ok(&["doko", "list", &c.log, "--table", "1"]);
    assert!(text.contains("8.7.2(b)"), "{text}");
}

#[test]
fn rule_8_2_a_correction_without_a_reason_is_refused_naming_8_2() {
    let c = club();
    ok(&[
        "doko",
        "result",
        &c.log,
        "--round=1",
        "--table=1",
        "--re",
        "A,B",
        "--re-eyes",
        "130",
        "--key",
        &c.scorer,
    ]);
    let args = [
        "doko",
        "correct",
        &c.log,
        "--round=1",
        "--table=1",
        "--game",
        "1",
        "--strike",
        "--reason",
        " ",
        "--key",
        &c.scorer,
    ];
    let en = refused("en", &args);
    assert!(en.contains("§8.2: reason must not be empty"), "{en}");
    assert_eq!(totals(&c), [1, 1, 0, 0]);
}
