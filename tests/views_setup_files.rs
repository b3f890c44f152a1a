//! Files read into what they would sign, shown before anything is signed (issue 28): another
//! program's results file (PBN, USEBIO) through the import preview, and a dealing program's
//! hand records attached to a session's boards.

#[path = "views_support/mod.rs"]
mod support;

use support::*;
use tdlog::events::{Form, Payload};
use tdlog::keys::Role;
use tdlog::views::hand_records::{hand_records, HandStatus};
use tdlog::views::import::{import_preview, read_plan, Blocked, FileKind};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/pbn");

fn text(name: &str) -> String {
    std::fs::read_to_string(format!("{FIXTURES}/{name}")).unwrap()
}

/// The RealBridge teams file: 30 teams, their matches at 30 tables, boards 11-20, with two
/// captains given; shown before signing, then refused a second time (the section exists).
#[test]
fn law_92d_an_import_shows_its_teams_without_a_captain_before_anything_is_signed() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    let _ = &mut log;
    let pbn = text("realbridge-2021-online-qual-open-r2.pbn");
    let caps = [("SWEDEN".to_string(), "Ola Rimstedt".to_string())];
    let plan = read_plan(&pbn, FileKind::guess("r2.pbn", &pbn), "B", &caps).unwrap();
    let r = replayed(&p);
    let v = import_preview(&r, &plan, FileKind::Pbn, Some(Role::Scorer));
    assert_eq!(v.form, Some(Form::Teams));
    assert_eq!(v.section, "B");
    assert_eq!(v.contestants, 30);
    assert_eq!(v.boards, 10);
    assert!(v.deals >= 10);
    assert!(v.results > 0 && v.not_played > 0, "{v:?}");
    assert!(!v.teams_without_captain.contains(&"SWEDEN".to_string()));
    assert_eq!(v.teams_without_captain.len(), 29);
    assert_eq!(v.blocked, None, "{v:?}");
    assert_eq!(v.events, plan.payloads.len());
    // Signed: the same file into the same section is refused (every result twice).
    log.append_batch(&k.scorer, plan.payloads).unwrap();
    let plan = read_plan(&pbn, FileKind::Pbn, "B", &[]).unwrap();
    let v = import_preview(&replayed(&p), &plan, FileKind::Pbn, Some(Role::Scorer));
    assert_eq!(v.blocked, Some(Blocked::SectionExists));
    // A captain for a team the file does not have is an error naming it.
    let e = read_plan(&pbn, FileKind::Pbn, "C", &[("NARNIA".into(), "X".into())]).unwrap_err();
    assert!(e.to_string().contains("NARNIA"), "{e}");
}

/// Law 2: a dealing program's deals become the boards' `structure.board` facts (dealer and
/// vulnerability only when they are not Law 2's); attached twice, nothing new is signed; a
/// different deal for a board is shown as replacing the one held.
#[test]
fn law_2_hand_records_attach_the_deals_to_the_movements_boards() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    let records = tdlog::bridge::pbn::parse(&text("club-evening-hands.pbn")).unwrap();
    let r = replayed(&p);
    let (v, payloads) = hand_records(&r, &records, "A");
    assert_eq!(v.boards.len(), 27);
    assert!(v.problems.is_empty(), "{:?}", v.problems);
    // Every deal conforms to Law 2: no dealer or vulnerability is repeated in the event.
    for pl in &payloads {
        match pl {
            Payload::BoardFacts(f) => {
                assert!(f.dealer.is_none() && f.vulnerable.is_none(), "{f:?}");
            }
            other => panic!("{other:?}"),
        }
    }
    // The world's board 11 (the only one its movement plays) already has a deal: the file's
    // differs from it; the others are new.
    let b11 = v.boards.iter().find(|b| b.board == 11).unwrap();
    assert_eq!(b11.status, HandStatus::Differs);
    assert!(b11.in_movement);
    assert!(v
        .boards
        .iter()
        .filter(|b| b.board != 11)
        .all(|b| b.status == HandStatus::New && !b.in_movement));
    assert_eq!(v.events, 27);
    assert!(v.missing.is_empty());
    log.append_batch(&k.scorer, payloads).unwrap();
    let r = replayed(&p);
    let (again, payloads) = hand_records(&r, &records, "A");
    assert!(again.boards.iter().all(|b| b.status == HandStatus::Same));
    assert!(payloads.is_empty());
    // The board screen shows the attached cards.
    let d = r.tables.facts("A", 2).and_then(|f| f.deal.clone()).unwrap();
    assert_eq!(d, again.boards[1].deal);
}
