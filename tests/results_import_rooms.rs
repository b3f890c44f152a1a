//! PBN import of a team match's two rooms (`Room` tag) and the `Scoring` tag, which is
//! reported against the signed policy and never used as it (Law 78D).

mod common;

use common::*;
use std::path::{Path, PathBuf};
use tdlog::events::{Form, Method, Payload, PolicySet};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{import, results, Tournament};

fn fixture(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/pbn")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

fn plan(text: &str) -> import::Plan {
    import::plan(&tdlog::bridge::pbn::parse(text).unwrap(), "A")
}

/// Imports a plan with a scorer's key and folds the tournament.
fn fold(dir: &Path, plan: import::Plan) -> Tournament {
    let p = dir.join("t.tdlog");
    let (chief, scorer) = (key(1), key(3));
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append_batch(&scorer, plan.payloads).unwrap();
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

#[test]
fn pbn_room_tag_home_team_sits_ns_in_the_open_room_and_ew_in_the_closed_room() {
    let plan = plan(&fixture("two-rooms-one-table.pbn"));
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    assert_eq!((plan.imported, plan.skipped), (4, 0));
    // The numbering is said, not hidden.
    assert!(plan
        .warnings
        .iter()
        .any(|w| w.message.contains("Open room is table 2T-1")));
    let dir = tempfile::tempdir().unwrap();
    let t = fold(dir.path(), plan);
    let rows = results(&t);
    assert_eq!(rows.len(), 4);
    let row = |board, table| {
        rows.iter()
            .find(|r| r.board == board && r.table == table)
            .unwrap_or_else(|| panic!("board {board} table {table}"))
    };
    // Open room = table 1 (home N-S), Closed room = table 2 (home E-W).
    for b in [1, 2] {
        assert_eq!(
            (row(b, 1).ns.as_str(), row(b, 1).ew.as_str()),
            ("NORTHSIDE", "EASTWOOD")
        );
        assert_eq!(
            (row(b, 2).ns.as_str(), row(b, 2).ew.as_str()),
            ("EASTWOOD", "NORTHSIDE")
        );
    }
    // Law 78B: board 1 +420 v +140 = 280 → 7 IMPs; board 2 −400 v −430 = 30 → 1 IMP.
    assert_eq!(
        (row(1, 1).imp_ns, row(1, 1).imp_ew),
        (Some(7.0), Some(-7.0))
    );
    assert_eq!(
        (row(1, 2).imp_ns, row(1, 2).imp_ew),
        (Some(-7.0), Some(7.0))
    );
    assert_eq!(
        (row(2, 1).imp_ns, row(2, 1).imp_ew),
        (Some(1.0), Some(-1.0))
    );
    assert_eq!(
        (row(2, 2).imp_ns, row(2, 2).imp_ew),
        (Some(-1.0), Some(1.0))
    );
    // The players are the team's: the home team's E-W of the Closed room are its members.
    let home = t
        .contestants
        .get(&("A".to_string(), "NORTHSIDE".to_string()))
        .unwrap();
    assert_eq!(home.members, ["Anna", "Bert", "Gina", "Hugo"]);
}

#[test]
fn pbn_without_room_tags_two_rooms_at_one_table_number_are_duplicates() {
    let text = fixture("two-rooms-one-table.pbn")
        .replace("[Room \"Open\"]\n", "")
        .replace("[Room \"Closed\"]\n", "");
    let plan = plan(&text);
    assert_eq!(plan.problems.len(), 2, "{:?}", plan.problems);
    assert!(plan
        .problems
        .iter()
        .all(|p| p.message.starts_with("duplicate: board")));
}

#[test]
fn pbn_room_closed_must_seat_the_teams_the_other_way_round() {
    // A file naming the N-S team as HomeTeam in both rooms (as RealBridge does per table)
    // while also tagging rooms: the Closed room would sit as the Open room, so it is refused.
    let text = fixture("two-rooms-one-table.pbn").replace(
        "[Room \"Closed\"]\n[Table \"1\"]\n[HomeTeam \"NORTHSIDE\"]\n[VisitTeam \"EASTWOOD\"]",
        "[Room \"Closed\"]\n[Table \"1\"]\n[HomeTeam \"EASTWOOD\"]\n[VisitTeam \"NORTHSIDE\"]",
    );
    let plan = plan(&text);
    assert_eq!(plan.problems.len(), 2, "{:?}", plan.problems);
    assert!(plan
        .problems
        .iter()
        .all(|p| p.message.contains("the other way round")));
    assert_eq!((plan.imported, plan.skipped), (2, 2));
}

#[test]
fn pbn_room_tag_must_be_open_or_closed_and_present_on_every_record_of_a_room_file() {
    let text = fixture("two-rooms-one-table.pbn")
        .replacen("[Room \"Closed\"]", "[Room \"Kitchen\"]", 1)
        .replacen("[Room \"Open\"]\n", "", 1);
    let plan = plan(&text);
    let msgs: Vec<_> = plan.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert!(msgs.iter().any(|m| m.starts_with("missing Room tag")));
    assert!(msgs.iter().any(|m| m.contains("\"Kitchen\" is neither")));
}

#[test]
fn pbn_scoring_tag_is_reported_against_the_signed_policy_never_used_as_it() {
    let plan = plan(&fixture("two-rooms-one-table.pbn"));
    assert_eq!(plan.scoring_tags.len(), 1);
    // "IMP" agrees with teams IMPs (the teams default): nothing to say.
    let teams = PolicySet::default_for(Form::Teams);
    assert!(import::scoring_warnings(&plan, &teams).is_empty());
    // A signed matchpoint policy disagrees: a warning naming both, and the policy applies.
    let mp = PolicySet {
        method: Method::Matchpoints,
        ..PolicySet::default_for(Form::Teams)
    };
    let w = import::scoring_warnings(&plan, &mp);
    assert_eq!(w.len(), 1);
    assert!(w[0]
        .message
        .contains("disagrees with the signed scoring policy (matchpoints)"));
    assert_eq!(w[0].line, plan.scoring_tags[0].1);
    // An unknown method is said so.
    let odd = self::plan(&fixture("two-rooms-one-table.pbn").replace("\"IMP\"", "\"Chicago\""));
    let w = import::scoring_warnings(&odd, &teams);
    assert_eq!(w.len(), 1);
    assert!(w[0].message.contains("not a method tdlog reads"));
    // The scores do not change with the tag: the plan's payloads are the same.
    assert_eq!(
        format!("{:?}", odd.payloads),
        format!(
            "{:?}",
            self::plan(&fixture("two-rooms-one-table.pbn")).payloads
        )
    );
}

#[test]
fn pbn_realbridge_scoring_imp_agrees_with_the_teams_default_and_has_no_rooms() {
    let plan = plan(&fixture("realbridge-2021-online-qual-open-r2.pbn"));
    assert!(plan.problems.is_empty());
    // No Room tags, no renumbering: the one warning says how the unplayed match was read.
    assert_eq!(plan.warnings.len(), 1, "{:?}", plan.warnings);
    assert!(plan.warnings[0]
        .message
        .contains("RealBridge unplayed-match shape"));
    assert_eq!(plan.scoring_tags.len(), 1);
    assert_eq!(plan.scoring_tags[0].0, "IMP");
    assert!(import::scoring_warnings(&plan, &PolicySet::default_for(Form::Teams)).is_empty());
}
