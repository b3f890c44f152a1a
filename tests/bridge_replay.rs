//! Replaying real data written by other programs: the RealBridge PBN export (Laws 17-22, 44,
//! 68-69, 77, 78B) and BBO LIN records. The fixtures are copies in `fixtures/` (see their
//! READMEs for provenance); nothing is read from outside the project.
use std::collections::HashMap;
use tdlog::bridge::replay::{replay_lin, replay_pbn, ReplayRecord, ReplayStatus};
use tdlog::bridge::score::imps;
use tdlog::bridge::seat::Seat;
use tdlog::bridge::{lin, pbn};

const PBN: &str = include_str!("../fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn");
const LIN: &str = include_str!("../fixtures/lin/bbo-example1.lin");

fn pbn_replay() -> (Vec<pbn::PbnRecord>, Vec<ReplayRecord>) {
    let recs = pbn::parse(PBN).expect("fixture parses");
    let out = replay_pbn(&recs);
    (recs, out)
}

#[test]
fn law_22_77_pbn_replay_reproduces_every_contract_declarer_result_and_score() {
    let (recs, out) = pbn_replay();
    assert_eq!(recs.len(), 299);
    let played: Vec<&ReplayRecord> = out
        .iter()
        .filter(|r| r.status == ReplayStatus::Played)
        .collect();
    assert_eq!(played.len(), 278);
    for r in &played {
        assert_eq!(
            r.agrees.contract,
            Some(true),
            "record {} contract {:?} vs {:?}",
            r.record,
            r.contract,
            r.recorded.contract
        );
        assert_eq!(
            r.agrees.declarer,
            Some(true),
            "record {} declarer",
            r.record
        );
        assert_eq!(
            r.agrees.result,
            Some(true),
            "record {} result {:?} vs {:?}",
            r.record,
            r.tricks,
            r.recorded.result
        );
        assert_eq!(
            r.agrees.score,
            Some(true),
            "record {} score {:?} vs {:?}",
            r.record,
            r.score,
            r.recorded.score_ns
        );
        assert!(
            r.irregularities.is_empty(),
            "record {}: {:?}",
            r.record,
            r.irregularities
        );
        assert!(r.error.is_none());
    }
    // Play that stopped at a claim takes the recorded total; complete play must match exactly.
    let claimed = played.iter().filter(|r| r.claimed).count();
    let complete = played.iter().filter(|r| r.tricks_played == 13).count();
    assert_eq!(claimed + complete, 278);
    assert!(complete > 0 && claimed > 0);
    assert!(out.iter().all(|r| r.status != ReplayStatus::Error));
}

#[test]
fn law_22b_pbn_pass_out_scores_zero_and_unplayed_match_is_not_a_pass_out() {
    let (_, out) = pbn_replay();
    let passed: Vec<&ReplayRecord> = out
        .iter()
        .filter(|r| r.status == ReplayStatus::PassedOut)
        .collect();
    assert_eq!(passed.len(), 1);
    assert_eq!(passed[0].score.map(|s| (s.ns, s.ew)), Some((0, 0)));
    assert_eq!(passed[0].agrees.score, Some(true));
    assert_eq!(passed[0].agrees.contract, Some(true));
    let unplayed: Vec<&ReplayRecord> = out
        .iter()
        .filter(|r| r.status == ReplayStatus::Unplayed)
        .collect();
    assert_eq!(unplayed.len(), 20, "WALES v ITALY: 10 boards x 2 tables");
    for r in unplayed {
        assert_eq!(r.recorded.contract.as_deref(), Some("Pass"));
        assert!(r.recorded.result.is_none());
        assert!(r.score.is_none(), "no score for an unplayed board");
        assert!(r.notes.iter().any(|n| n.contains("not a pass-out")));
        let teams = [r.home_team.as_deref(), r.visit_team.as_deref()];
        assert!(teams.contains(&Some("WALES")) && teams.contains(&Some("ITALY")));
    }
}

#[test]
fn law_78b_pbn_score_imp_matches_the_other_table() {
    let (recs, out) = pbn_replay();
    // Key: (board, home, visit) -> N-S score derived by the engine.
    let mut ns: HashMap<(u32, String, String), i32> = HashMap::new();
    for r in &out {
        if let (Some(b), Some(h), Some(v), Some(s)) =
            (r.board, &r.home_team, &r.visit_team, r.score)
        {
            ns.insert((b, h.clone(), v.clone()), s.ns);
        }
    }
    let mut checked = 0;
    for (rec, r) in recs.iter().zip(&out) {
        let Some(tag) = rec.tag("ScoreIMP") else {
            continue;
        };
        let want: i32 = tag
            .split_whitespace()
            .nth(1)
            .and_then(|v| v.parse().ok())
            .expect("ScoreIMP NS value");
        let (Some(b), Some(h), Some(v), Some(here)) =
            (r.board, &r.home_team, &r.visit_team, r.score)
        else {
            continue;
        };
        let Some(&there) = ns.get(&(b, v.clone(), h.clone())) else {
            continue;
        };
        assert_eq!(imps((here.ns - there) as i64), want, "board {b} {h} v {v}");
        checked += 1;
    }
    assert!(checked >= 270, "checked {checked}");
}

#[test]
fn lin_replay_with_the_md_seat_order_trap() {
    let boards = lin::parse(LIN).expect("fixture parses");
    assert_eq!(boards.len(), 8);
    // md lists South first (dealer digit 3 = N on board 1): South holds the SK.
    assert_eq!(boards[0].dealer, Seat::N);
    assert_eq!(boards[0].deal.holder("SK".parse().unwrap()), Some(Seat::S));
    let out = replay_lin(&boards);
    let got: Vec<(String, Seat, u8)> = out
        .iter()
        .map(|r| {
            (
                r.contract.clone().unwrap(),
                r.declarer.unwrap(),
                r.tricks.unwrap(),
            )
        })
        .collect();
    let want = [
        ("5H", Seat::S, 12),
        ("2S", Seat::W, 10),
        ("2H", Seat::S, 9),
        ("4H", Seat::S, 10),
        ("3NT", Seat::S, 10),
        ("3H", Seat::S, 9),
        ("4S", Seat::S, 11),
        ("3NT", Seat::S, 8),
    ];
    for (g, w) in got.iter().zip(want) {
        assert_eq!((g.0.as_str(), g.1, g.2), w);
    }
    assert!(out
        .iter()
        .all(|r| r.irregularities.is_empty() && r.notes.is_empty()));
    assert!(out[2].claimed, "board 3 ends with mc|9");
}

/// A synthetic record with an insufficient bid (accepted) and a revoke: replay lists both and
/// applies the Law 64A transfer.
#[test]
fn law_27a1_64a1_replay_reports_irregularities_and_transfers() {
    let text = r#"[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:5432..6543.65432 6.65432.9872.987 AKQJT.AKQ.AK.AKQ 987.JT987.QJT.JT"]
[Contract "4S"]
[Declarer "S"]
[Result "8"]
[Auction "N"]
Pass Pass 2S 1H
4S Pass Pass Pass
[Play "W"]
CJ C2 C7 CA
CT C3 C8 CK
DT C4 C9 CQ
DJ D3 D2 DA
S9 D4 H2 HA
DQ D5 D7 DK
*
"#;
    let recs = pbn::parse(text).unwrap();
    let out = replay_pbn(&recs);
    let r = &out[0];
    let laws: Vec<&str> = r.irregularities.iter().map(|i| i.law.as_str()).collect();
    assert_eq!(laws, vec!["27", "61"]);
    assert_eq!(r.contract.as_deref(), Some("4S"));
    assert!(r.claimed);
    assert_eq!(r.table_tricks, Some(8), "the recorded total at the claim");
    assert_eq!(r.agrees.result, Some(true));
    assert_eq!(r.tricks, Some(10), "plus 2 tricks transferred");
    assert_eq!(r.score.map(|s| s.ns), Some(420));
    assert!(r.notes.iter().any(|n| n.contains("64A1")));
}

#[test]
fn malformed_pbn_records_report_errors_not_panics() {
    let bad =
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AK.Q\"]\n[Auction \"N\"]\n1C Pass Pass Pass\n";
    let out = replay_pbn(&pbn::parse(bad).unwrap());
    assert_eq!(out[0].status, ReplayStatus::Error);
    assert!(out[0].error.as_deref().unwrap_or("").contains("deal"));
    let bad_call = "[Board \"1\"]\n[Deal \"N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96\"]\n[Auction \"N\"]\n1Z Pass\n";
    let out = replay_pbn(&pbn::parse(bad_call).unwrap());
    assert!(out[0]
        .error
        .as_deref()
        .unwrap_or("")
        .contains("unknown denomination"));
    assert!(pbn::parse("[Board 1]\n")
        .unwrap_err()
        .to_string()
        .contains("malformed tag"));
    assert!(lin::parse("md|9SAK|")
        .unwrap_err()
        .to_string()
        .contains("dealer"));
}
