//! The hub's archive (issue 17, 32): tournaments listed, appeals found by law, each log
//! verified as read, and the reading device's index that answers from what it verified and
//! refuses an edited entry.

mod common;
#[path = "common/pg.rs"]
mod pg;
#[macro_use]
#[path = "sync_support/mod.rs"]
mod support;

use common::world::{pairs, ruling};
use common::*;
use pg::PgCluster;
use serde_json::json;
use support::*;
use tdlog::events::*;
use tdlog::log::Log;

/// The federation archive: three tournaments on one hub; `tdlog archive` lists them from
/// their verified genesis, and the casebook query "appeals under Law 16" finds the one
/// appeal on a Law 16B1 ruling, not the Law 12C1 one, and refuses the tournament whose row
/// the hub altered instead of folding it.
#[test]
fn archive_lists_tournaments_and_finds_appeals_by_law_verified_as_read() {
    let pg = cluster!();
    let dirs: Vec<_> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    let td = key(2);
    let mut h = hub(&pg);
    for (i, (name, law)) in [
        ("Spring Pairs", "16B1"),
        ("Summer Pairs", "12C1"),
        ("Autumn Pairs", "16B1"),
    ]
    .iter()
    .enumerate()
    {
        let p = tournament_named(dirs[i].path(), name);
        let mut log = open(&p);
        let mut r = ruling(1);
        if let Payload::Ruling(x) = &mut r {
            x.laws = vec![law.to_string()];
        }
        // Summer's ruling is Tina's, and its appeal is withdrawn.
        let ruled_by = if i == 1 { key(5) } else { key(2) };
        let rid = log.append(&ruled_by, r).unwrap();
        let aid = log
            .append(
                &td,
                Payload::AppealFiled(AppealFiled {
                    ruling: rid,
                    appellant: "1".into(),
                    grounds: "the hesitation suggested 3NT".into(),
                    consents: vec![],
                }),
            )
            .unwrap();
        if i == 1 {
            log.append(
                &td,
                Payload::AppealWithdrawn(AppealWithdrawn {
                    appeal: aid,
                    reason: "the appellant accepts the ruling".into(),
                }),
            )
            .unwrap();
        }
        drop(log);
        sync(&p, &mut h, &td).unwrap();
    }
    let autumn = log_id(&dirs[2].path().join("base.tdlog"));
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to(replace(convert_from(payload, 'UTF8'), 'Pair 4', 'Pair 5'), 'UTF8') WHERE log_id = $1",
            &[&autumn.0.as_slice()],
        )
        .unwrap();
    let run = |args: &[&str]| {
        let o = tdlog_cmd()
            .arg("archive")
            .args(["--hub", &pg.url(), "--json"])
            .args(args)
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (o.status.code(), v)
    };
    let (code, list) = run(&[]);
    assert_eq!(code, Some(0));
    let mut names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["Autumn Pairs", "Spring Pairs", "Summer Pairs"]);
    let (code, book) = run(&["--appeals", "--law", "16", "--since", "2020-01-01"]);
    assert_eq!(code, Some(2), "a tournament did not verify");
    let cases = book["appeals"].as_array().unwrap();
    assert_eq!(cases.len(), 1, "{book}");
    assert_eq!(cases[0]["tournament"], "Spring Pairs");
    assert_eq!(cases[0]["laws"], json!(["16B1"]));
    let refused = book["refused"].as_array().unwrap();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0]["log_id"], json!(autumn));
    assert_eq!(cases[0]["td"], "Tom TD");
    assert_eq!(cases[0]["outcome"], "open");
    assert_eq!(book["stats"]["by_outcome"], json!({"open": 1}));
    assert_eq!(book["stats"]["by_law"], json!([["16", 1]]));
    let (_, none) = run(&["--appeals", "--law", "16", "--since", "2999-01-01"]);
    assert_eq!(none["appeals"], json!([]));
    // By the director who ruled (part of the enrolled name, any case) and by outcome.
    let (_, tina) = run(&["--appeals", "--td", "tina"]);
    let cases = tina["appeals"].as_array().unwrap();
    assert_eq!(cases.len(), 1, "{tina}");
    assert_eq!(
        (
            &cases[0]["tournament"],
            &cases[0]["td"],
            &cases[0]["outcome"]
        ),
        (
            &json!("Summer Pairs"),
            &json!("Tina TD"),
            &json!("withdrawn")
        )
    );
    let (_, withdrawn) = run(&["--appeals", "--outcome", "withdrawn"]);
    assert_eq!(withdrawn["appeals"].as_array().unwrap().len(), 1);
    assert_eq!(withdrawn["stats"]["by_law"], json!([["12", 1]]));
    let (_, open) = run(&["--appeals", "--outcome", "open", "--td", "Tom"]);
    assert_eq!(open["appeals"].as_array().unwrap().len(), 1);
    assert_eq!(open["appeals"][0]["tournament"], "Spring Pairs");
    let o = tdlog_cmd()
        .args([
            "archive",
            "--hub",
            &pg.url(),
            "--appeals",
            "--outcome",
            "won",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--outcome \"won\": expected one of upheld, changed"),
        "{err}"
    );
}

/// The verified archive index on the reading device (issue 32): a second casebook query
/// reads no tournament the hub has no new rows of; one with a new appeal is read and
/// verified again; an index entry edited on the device (an appeal hidden) fails its check,
/// is set aside and rebuilt from the hub; a hub that alters a row it already served without
/// adding any changes nothing the index answers, and a forged row it adds is refused.
#[test]
fn archive_index_answers_from_what_this_device_verified_and_refuses_an_edited_entry() {
    use tdlog::sync::archive::{self, CaseFilter};
    use tdlog::sync::archive_index;
    use tdlog::sync::archive_index::ArchiveIndex;
    let pg = cluster!();
    let dirs: Vec<_> = (0..2).map(|_| tempfile::tempdir().unwrap()).collect();
    let data = tempfile::tempdir().unwrap();
    let td = key(2);
    let mut h = hub(&pg);
    let appeal = |log: &mut Log, table: u32| {
        let rid = log.append(&td, ruling(table)).unwrap();
        log.append(
            &td,
            Payload::AppealFiled(AppealFiled {
                ruling: rid,
                appellant: pairs(table).0,
                grounds: "the hesitation suggested 3NT".into(),
                consents: vec![],
            }),
        )
        .unwrap();
    };
    let mut paths = vec![];
    for (i, name) in ["Spring Pairs", "Summer Pairs"].iter().enumerate() {
        let p = tournament_named(dirs[i].path(), name);
        appeal(&mut open(&p), 1);
        sync(&p, &mut h, &td).unwrap();
        paths.push(p);
    }
    let all = CaseFilter::default();
    let query = || {
        let mut h = hub(&pg);
        let mut index = ArchiveIndex::new(data.path(), &h.target);
        let (cases, refused, used) =
            archive_index::casebook_indexed(&mut h, &all, &mut index).unwrap();
        (
            cases.len(),
            refused.len(),
            (used.from_index, used.verified_now),
            index.set_aside.len(),
        )
    };
    assert_eq!(query(), (2, 0, (0, 2), 0), "the first query verifies both");
    assert_eq!(query(), (2, 0, (2, 0), 0), "the second reads neither");
    // A new appeal in Spring Pairs: only Spring Pairs is read again.
    appeal(&mut open(&paths[0]), 2);
    sync(&paths[0], &mut hub(&pg), &td).unwrap();
    assert_eq!(query(), (3, 0, (1, 1), 0));
    // Attack on the device: Summer Pairs' entry edited to hide its appeal.
    let summer = log_id(&paths[1]);
    let idx = std::fs::read_dir(data.path().join("archive"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
        .join("v2")
        .join(format!("{}.idx", summer.to_hex()));
    let text = std::fs::read_to_string(&idx).unwrap();
    let (body, sig) = text.split_once('\n').unwrap();
    let mut entry: serde_json::Value = serde_json::from_str(body).unwrap();
    entry["cases"] = json!([]);
    std::fs::write(
        &idx,
        format!("{}\n{sig}", serde_json::to_string(&entry).unwrap()),
    )
    .unwrap();
    assert_eq!(
        query(),
        (3, 0, (1, 1), 1),
        "the edited entry is set aside and rebuilt"
    );
    assert_eq!(query(), (3, 0, (2, 0), 0));
    // Attack on the hub: a served row altered in place (no row added) is not believed, and a
    // query past the index refuses the tournament.
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to(replace(convert_from(payload, 'UTF8'), 'Pair 4', 'Pair 5'), 'UTF8') WHERE log_id = $1",
            &[&summer.0.as_slice()],
        )
        .unwrap();
    assert_eq!(query(), (3, 0, (2, 0), 0));
    let (cases, refused) = archive::casebook(&mut h, &all).unwrap();
    assert_eq!((cases.len(), refused.len()), (2, 1));
    // A forged row added to Summer Pairs: read again, it does not verify, refused.
    let forged = forged_note(summer, &key(9), 1, None);
    insert_at_hub(&pg, &summer, &forged);
    assert_eq!(query(), (2, 1, (1, 1), 0));
}
