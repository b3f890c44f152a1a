//! The Rulings list and the Tournament overview: director activity with signer, role, time
//! and law, filtered by board, table, round, role and law; the demo tournament's keys and
//! the revoked one.

#[path = "views_support/mod.rs"]
mod support;

use std::path::Path;
use support::*;
use tdlog::bridge::seat::Seat::W;
use tdlog::events::{DirectorNote, Payload};
use tdlog::i18n::Lang;
use tdlog::keys::Role;
use tdlog::log::Log;
use tdlog::views::{self, note_payload, RulingFilter, ViewError};

/// The board log with the TD's 27B1a ruling, the results, and three notes.
fn activity(dir: &Path) -> std::path::PathBuf {
    let (p, mut log, k) = log_with_insufficient_bid(dir);
    log.append(
        &k.td,
        note_payload(
            "Director called to table 1: insufficient bid",
            Some(11),
            Some(1),
            Some(1),
        )
        .unwrap(),
    )
    .unwrap();
    log.append(&k.scorer, call(1, W, "2H")).unwrap();
    let r = replayed(&p);
    log.append(
        &k.td,
        views::ruling_payload(&r, &slot(1), 1, "27B1a", Some("same denomination".into())).unwrap(),
    )
    .unwrap();
    finish_board(&mut log, &k);
    log.append(
        &k.chief,
        note_payload("Round 2 starts ten minutes late", None, None, Some(2)).unwrap(),
    )
    .unwrap();
    p
}

fn kinds(rows: &[views::RulingRow]) -> Vec<&'static str> {
    rows.iter().map(|r| r.kind).collect()
}

#[test]
fn the_rulings_list_shows_every_director_act_with_signer_role_time_and_law() {
    let dir = tempfile::tempdir().unwrap();
    let p = activity(dir.path());
    let r = replayed(&p);
    let all = views::rulings(&r, &RulingFilter::default(), Lang::En);
    assert_eq!(
        kinds(&all),
        [
            "director.note",
            "bridge.ruling",
            "ruling.adjusted_score",
            "director.note"
        ]
    );
    let ruling = &all[1];
    assert_eq!((ruling.signer.as_str(), ruling.role), ("Tom TD", Role::Td));
    assert_eq!(ruling.role_text.text, "director");
    assert_eq!(
        ruling.law.as_deref(),
        Some("27"),
        "the law of the call's tree"
    );
    assert_eq!(ruling.branch.as_deref(), Some("27B1a"));
    assert_eq!(ruling.text.as_deref(), Some("same denomination"));
    assert_eq!(
        (ruling.board, ruling.table, ruling.round),
        (Some(11), Some(1), Some(1))
    );
    assert!(
        ruling.time.ends_with('Z') && ruling.time.len() == 20,
        "{}",
        ruling.time
    );
    assert_eq!(all[2].law.as_deref(), Some("12C2"));
    assert_eq!(all[3].signer, "Chief");
    assert_eq!(all[3].role, Role::ChiefTd);
    // Each row is a signed event of the log.
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    for row in &all {
        let e = v.events.iter().find(|e| e.id == row.event).unwrap();
        assert_eq!(e.payload.kind(), row.kind);
        assert_eq!(e.payload.to_json(), row.payload);
    }
    let de = views::rulings(&r, &RulingFilter::default(), Lang::De);
    assert_eq!(de[1].title.text, "Turnierleiterentscheidung");
    assert_eq!(de[3].role_text.text, "Hauptturnierleiter");
}

#[test]
fn the_rulings_list_filters_by_board_table_round_role_and_law() {
    let dir = tempfile::tempdir().unwrap();
    let p = activity(dir.path());
    let r = replayed(&p);
    let f = |filter: RulingFilter| kinds(&views::rulings(&r, &filter, Lang::En));
    assert_eq!(
        f(RulingFilter {
            board: Some(11),
            ..Default::default()
        }),
        ["director.note", "bridge.ruling", "ruling.adjusted_score"]
    );
    assert_eq!(
        f(RulingFilter {
            table: Some(1),
            ..Default::default()
        }),
        ["director.note", "bridge.ruling"]
    );
    assert_eq!(
        f(RulingFilter {
            table: Some(3),
            ..Default::default()
        }),
        ["ruling.adjusted_score"]
    );
    assert_eq!(
        f(RulingFilter {
            round: Some(2),
            ..Default::default()
        }),
        ["director.note"]
    );
    assert_eq!(
        f(RulingFilter {
            role: Some(Role::ChiefTd),
            ..Default::default()
        }),
        ["director.note"]
    );
    assert_eq!(
        f(RulingFilter {
            role: Some(Role::Scorer),
            ..Default::default()
        }),
        Vec::<&str>::new()
    );
    assert_eq!(
        f(RulingFilter {
            law: Some("27".into()),
            ..Default::default()
        }),
        ["bridge.ruling"]
    );
    assert_eq!(
        f(RulingFilter {
            law: Some("12".into()),
            board: Some(11),
            ..Default::default()
        }),
        ["ruling.adjusted_score"]
    );
    assert_eq!(
        f(RulingFilter {
            law: Some("12C1".into()),
            ..Default::default()
        }),
        Vec::<&str>::new()
    );

    // The CLI applies the same filters.
    let out = tdlog()
        .args(["view", "rulings"])
        .arg(&p)
        .args(["--role", "td", "--table", "1", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let k: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["kind"].as_str().unwrap())
        .collect();
    assert_eq!(k, ["director.note", "bridge.ruling"]);
}

#[test]
fn law_12_an_adjusted_score_payload_takes_the_pairs_from_the_movement() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _log, _k) = log_with_insufficient_bid(dir.path());
    let r = replayed(&p);
    let adj = || tdlog::events::Adjustment::Artificial {
        ns: tdlog::events::Artificial::AveragePlus,
        ew: tdlog::events::Artificial::AverageMinus,
    };
    let x =
        views::adjusted_score_payload(&r, &slot(3), "12C2", adj(), "no result could be obtained")
            .unwrap();
    match x {
        Payload::ScoreAdjusted(s) => {
            assert_eq!(
                (s.ns.as_str(), s.ew.as_str(), s.law.as_str()),
                ("5", "6", "12C2")
            );
            assert_eq!(s.slot, slot(3));
        }
        other => panic!("expected ruling.adjusted_score, got {other:?}"),
    }
    let mut nowhere = slot(3);
    nowhere.table = 9;
    assert_eq!(
        views::adjusted_score_payload(&r, &nowhere, "12C2", adj(), "x").unwrap_err(),
        ViewError::NoSuchTable(nowhere)
    );
    assert!(matches!(
        views::adjusted_score_payload(&r, &slot(3), "12C2", adj(), " "),
        Err(ViewError::Payload(_))
    ));
}

#[test]
fn a_director_call_note_payload_is_checked_as_the_log_checks_it() {
    let p = note_payload("Slow play at table 7", None, Some(7), Some(1)).unwrap();
    assert_eq!(
        p,
        Payload::DirectorNote(DirectorNote {
            text: "Slow play at table 7".into(),
            board: None,
            table: Some(7),
            round: Some(1),
        })
    );
    assert!(matches!(
        note_payload("   ", None, None, None),
        Err(ViewError::Payload(_))
    ));
}

#[test]
fn the_overview_of_the_demo_tournament_lists_its_eight_keys_and_the_revoked_one() {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/demo/demo.tdlog");
    let r = views::Replayed::new(Log::open(&demo).unwrap().verify(None).unwrap());
    let o = views::overview(&r, Lang::En);
    assert_eq!(o.name, "Demo Club Pairs, 22 November 2026");
    assert_eq!(o.organiser, "Demo Bridge Club");
    assert_eq!(o.rule_profile, "wbf-2017");
    assert_eq!(o.chief_td, "Anna Berg (chief TD)");
    assert_eq!(o.keys.len(), 8);
    assert_eq!(
        o.keys[0].role,
        Role::ChiefTd,
        "the genesis signer comes first"
    );
    let revoked: Vec<&str> = o
        .keys
        .iter()
        .filter(|k| k.state == "revoked")
        .map(|k| k.holder.as_str())
        .collect();
    assert_eq!(revoked, ["Klaus Meyer, laptop 3"]);
    let klaus = o.keys.iter().find(|k| k.state == "revoked").unwrap();
    assert!(klaus.revoked.is_some());
    assert_eq!(klaus.events, 1, "his note before the revocation stands");
    assert_eq!(o.keys.iter().filter(|k| k.state == "enrolled").count(), 7);
    let roles = |role: Role| o.keys.iter().filter(|k| k.role == role).count();
    assert_eq!(
        (
            roles(Role::Td),
            roles(Role::Committee),
            roles(Role::Scorer),
            roles(Role::Organiser)
        ),
        (2, 3, 1, 1)
    );
    assert!(o.verification.verified && o.verification.strict);
    assert_eq!(o.verification.standing, r.log.events.len());
    assert!(o.verification.excluded.is_empty());
    let da = views::overview(&r, Lang::Da);
    assert_eq!(da.keys[2].state_text.text, "tilbagekaldt");

    // The CLI prints the same value.
    let out = tdlog()
        .args(["view", "overview"])
        .arg(&demo)
        .args(["--json"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n", serde_json::to_string_pretty(&o).unwrap())
    );
}

#[test]
fn the_overview_lists_sections_rounds_tables_and_boards_present() {
    let dir = tempfile::tempdir().unwrap();
    let p = activity(dir.path());
    let o = views::overview(&replayed(&p), Lang::En);
    assert_eq!(o.name, "Conformance Pairs");
    assert_eq!(o.keys.len(), 3);
    assert_eq!(o.sections.len(), 1);
    let a = &o.sections[0];
    assert_eq!(a.section, "A");
    assert_eq!(a.boards, [11]);
    assert_eq!(a.rounds.len(), 1);
    assert_eq!(a.rounds[0].tables, [1, 2, 3]);
    assert_eq!(a.rounds[0].boards, [11]);
}
