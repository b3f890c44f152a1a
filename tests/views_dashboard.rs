//! The tournament dashboard (the app's home screen) on a real log: the movement as a grid,
//! each board's state, and what waits for the TD (an irregularity waiting for the TD's
//! branch, an unanswered director call).

#[path = "views_support/mod.rs"]
mod support;

use support::*;
use tdlog::events::{DirectorCall, Payload};
use tdlog::i18n::Lang;
use tdlog::views::{self, BoardState};

fn dash(p: &std::path::Path) -> views::Dashboard {
    let r = replayed(p);
    let wf = tdlog::appeals::fold(&r.log, None).workflow;
    views::dashboard(&r, &wf, 0, Lang::De)
}

#[test]
fn the_dashboard_shows_the_movement_and_the_state_of_every_board() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    let d = dash(&p);
    assert_eq!(d.sections.len(), 1);
    let a = &d.sections[0];
    assert_eq!(
        (a.rounds.clone(), a.tables.clone()),
        (vec![1], vec![1, 2, 3])
    );
    let cell = |d: &views::Dashboard, table: u32| {
        d.sections[0]
            .cells
            .iter()
            .find(|c| c.table == table)
            .cloned()
            .unwrap()
    };
    // Table 1: West's insufficient bid waits for the TD's branch (Law 27).
    let t1 = cell(&d, 1);
    assert_eq!(
        (t1.state, t1.ns.as_deref()),
        (BoardState::IncidentOpen, Some("1"))
    );
    assert_eq!(t1.state_text.text, "Regelwidrigkeit offen");
    assert!(d
        .calls
        .iter()
        .any(|w| w.slot == slot(1) && w.kind == "irregularity" && w.law.as_deref() == Some("27")));
    assert_eq!(cell(&d, 2).state, BoardState::NotStarted);

    // A director call at table 2 waits until a ruling answers it.
    log.append(
        &k.td,
        Payload::DirectorCall(Box::new(DirectorCall {
            slot: slot(2),
            attention_drawn_by: "N".into(),
            called_by: "E".into(),
            irregularity: "hesitation before the final pass".into(),
        })),
    )
    .unwrap();
    let d = dash(&p);
    assert_eq!(cell(&d, 2).state, BoardState::IncidentOpen);
    assert!(d
        .calls
        .iter()
        .any(|w| w.kind == "director_call" && w.slot == slot(2) && w.text.contains("hesitation")));

    // Table 1 played out after the 27B1a ruling: completed (no incident waits any more).
    log.append(&k.scorer, call(1, tdlog::bridge::seat::Seat::W, "2H"))
        .unwrap();
    let payload = views::ruling_payload(&replayed(&p), &slot(1), 1, "27B1a", None).unwrap();
    log.append(&k.td, payload).unwrap();
    finish_board(&mut log, &k);
    let d = dash(&p);
    let t1 = cell(&d, 1);
    assert_eq!(t1.state, BoardState::Completed, "{t1:?}");
    // Table 3: the TD's adjusted score is a completed board too.
    assert_eq!(cell(&d, 3).state, BoardState::Completed);
    assert!(!d.calls.iter().any(|w| w.slot == slot(1)));
}

/// A ruling lands on the dashboard: each board's score at its table is the one the results
/// list scores (the same row), none before a result, and Law 12C2's artificial score at
/// table 3 is marked adjusted.
#[test]
fn law_12c2_the_dashboard_shows_each_boards_score_as_the_results_score_it() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = log_with_insufficient_bid(dir.path());
    let score_at = |d: &views::Dashboard, table: u32| {
        d.sections[0]
            .cells
            .iter()
            .find(|c| c.table == table)
            .and_then(|c| c.boards.first())
            .and_then(|b| b.score.clone())
    };
    let d = dash(&p);
    assert_eq!(
        (score_at(&d, 1), score_at(&d, 2), score_at(&d, 3)),
        (None, None, None)
    );

    log.append(&k.scorer, call(1, tdlog::bridge::seat::Seat::W, "2H"))
        .unwrap();
    let payload = views::ruling_payload(&replayed(&p), &slot(1), 1, "27B1a", None).unwrap();
    log.append(&k.td, payload).unwrap();
    finish_board(&mut log, &k);
    let r = replayed(&p);
    let d = dash(&p);
    for table in 1..=3 {
        let row = r.results.iter().find(|x| x.table == table).unwrap();
        let s = score_at(&d, table).unwrap_or_else(|| panic!("table {table} has no score"));
        assert_eq!(
            (s.score_ns, s.imp_ns, s.pct_ns, s.adjusted),
            (row.score_ns, row.imp_ns, row.pct_ns, row.adjusted),
            "table {table}"
        );
    }
    // 3NT by South making nine tricks at table 2, nobody vulnerable: 400 (Law 77); the 60/40
    // at table 3 is adjusted.
    let t2 = score_at(&d, 2).unwrap();
    assert_eq!(t2.score_ns, Some(400), "{t2:?}");
    assert!(!t2.adjusted);
    assert!(score_at(&d, 3).unwrap().adjusted);
}

/// N16: a board whose appeal was decided shows as "appeal decided" on the dashboard, not
/// as "ruling given": on the demo's evening (signed now), LATVIA's appeal at board 13,
/// table 3 is convened with one member (the organiser's quorum of one) and upheld.
#[test]
fn law_93b_a_decided_appeal_shows_as_decided_not_as_a_ruling_given() {
    use tdlog::events::{AppealDecided, CommitteeConvened, Decision};
    let dir = tempfile::tempdir().unwrap();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/demo");
    let src = tdlog::demo::DemoSource::beside(&fixtures.join("demo.tdlog")).unwrap();
    let to = dir.path().join("day.tdlog");
    let now = chrono::Utc::now().timestamp_millis();
    let day = tdlog::demo::make_day(&src, &to, now).unwrap();
    let key = |n: &str| {
        tdlog::keys::DeviceKey::load_published(&fixtures.join(format!("keys/{n}.key"))).unwrap()
    };
    let board13 = |p: &std::path::Path| {
        let r = replayed(p);
        let wf = tdlog::appeals::fold(&r.log, None).workflow;
        let d = views::dashboard(&r, &wf, now + 60_000, Lang::En);
        d.sections[0]
            .cells
            .iter()
            .find(|c| c.round == 1 && c.table == 3)
            .and_then(|c| c.boards.iter().find(|b| b.board == 13).map(|b| b.state))
            .unwrap()
    };
    assert_eq!(board13(&to), BoardState::AppealPending);
    let member = key("committee1");
    let mut log = tdlog::log::Log::open(&to).unwrap();
    tdlog::appeals::append_checked(
        &mut log,
        &key("chief"),
        Payload::CommitteeConvened(CommitteeConvened {
            appeal: day.appeal,
            members: vec![member.public()],
            chair: member.public(),
            part: None,
        }),
        now + 10_000,
    )
    .unwrap();
    tdlog::appeals::append_checked(
        &mut log,
        &member,
        Payload::AppealDecided(Box::new(AppealDecided {
            appeal: day.appeal,
            decision: Decision::Upheld,
            adjustment: None,
            laws: vec!["16B1".into()],
            reasoning: "Pass was a logical alternative.".into(),
            deposit: None,
            penalty: None,
            part: None,
        })),
        now + 20_000,
    )
    .unwrap();
    assert_eq!(board13(&to), BoardState::AppealDecided);
}
