//! Traveller entry the way club scorers do it (issue 28): one typed line per result, checked
//! against its slot as it is typed, signed on Enter, scored and ranked at once. A club
//! evening of section A: 4 tables, 3 rounds, N-S pairs 1-4 stay, E-W pairs 5-8 move up a
//! table each round, two boards a round (board 1: nobody vulnerable, board 2: N-S, board 3:
//! E-W, board 4: both, Law 2).

mod common;

use common::*;
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use tdlog::bridge::call::Strain;
use tdlog::bridge::contract::{Contract, Doubling};
use tdlog::bridge::seat::Seat;
use tdlog::events::*;
use tdlog::i18n::Lang;
use tdlog::keys::{DeviceKey, Role};
use tdlog::live::Live;
use tdlog::log::Log;
use tdlog::results::traveller::{format_line, parse_line, TravellerEntry};
use tdlog::views::{check_line, line_payload, traveller, Replayed, TravellerBy};

struct Keys {
    chief: DeviceKey,
    td: DeviceKey,
    scorer: DeviceKey,
}

fn at(round: u32, table: u32, board: u32) -> Slot {
    Slot {
        section: "A".into(),
        round,
        table,
        board,
    }
}

/// The E-W pair at `table` in `round`.
fn ew(round: u32, table: u32) -> u32 {
    5 + (table - 1 + round - 1) % 4
}

/// The evening's structure, signed by the scorer; nothing played yet.
fn evening(dir: &Path) -> (PathBuf, Keys) {
    let p = dir.join("club.tdlog");
    let k = Keys {
        chief: key(1),
        td: key(2),
        scorer: key(3),
    };
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &k.chief, g).unwrap();
    log.append(&k.chief, enrol(&k.td, Role::Td, "Tom TD"))
        .unwrap();
    log.append(&k.chief, enrol(&k.scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let mut s = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "Club pairs".into(),
    })];
    let names = [
        "Meier / Schulz",
        "Berg / Lund",
        "Hansen / Holm",
        "Weber / Roth",
        "Nielsen / Krog",
        "Fischer / Lang",
        "Jensen / Dahl",
        "Wolf / Stein",
    ];
    for (i, name) in names.iter().enumerate() {
        s.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: (i + 1).to_string(),
            name: name.to_string(),
            members: vec![],
            captain: None,
            phantom: false,
        })));
    }
    for round in 1..=3 {
        for table in 1..=4 {
            s.push(Payload::TableAssignment(TableAssignment {
                section: "A".into(),
                round,
                table,
                ns: table.to_string(),
                ew: ew(round, table).to_string(),
                boards: vec![2 * round - 1, 2 * round],
            }));
        }
    }
    log.append_batch(&k.scorer, s).unwrap();
    (p, k)
}

fn replayed(p: &Path) -> Replayed {
    Replayed::new(Log::open(p).unwrap().verify(None).unwrap())
}

fn live(p: &Path) -> Live {
    Live::open(Log::open(p).unwrap(), None).unwrap()
}

/// Checks `line` at `slot` as the scorer, signs it with `k`.
fn sign(l: &mut Live, k: &DeviceKey, slot: &Slot, line: &str, lang: Lang) -> String {
    let p = line_payload(&l.replayed, slot, line, lang).unwrap();
    let (id, _) = l.append(k, p, T0 + 3_600_000).unwrap();
    id.to_hex()
}

#[test]
fn law_77_three_nt_making_not_vulnerable_scores_400() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = evening(dir.path());
    let r = replayed(&p);
    let c = check_line(&r, &at(1, 1, 1), "3NT N =", Lang::En, Some(Role::Scorer));
    assert!(c.ok, "{c:?}");
    assert_eq!((c.score_ns, c.score_ew), (Some(400), Some(-400)));
    assert_eq!(c.kind, Some("result.recorded"));
    assert_eq!((c.ns.as_deref(), c.ew.as_deref()), (Some("1"), Some("5")));
    assert_eq!(
        c.understood.as_deref(),
        Some("3NT by N, 9 tricks: NS +400, EW -400 (vulnerable: none, Law 2; Law 77)")
    );
    // Board 2 (N-S vulnerable, Law 2): the same line scores 600; by E-W on board 4, 600 for E-W.
    let c = check_line(&r, &at(1, 1, 2), "3NT N =", Lang::En, None);
    assert_eq!(c.score_ns, Some(600));
    let c = check_line(&r, &at(2, 1, 4), "3NT E =", Lang::En, None);
    assert_eq!((c.score_ns, c.score_ew), (Some(-600), Some(600)));
    // Doubled down two vulnerable (Law 77: 200 + 300).
    let c = check_line(&r, &at(2, 1, 4), "4SX E -2", Lang::En, None);
    assert_eq!(c.score_ns, Some(500));
    let c = check_line(&r, &at(1, 2, 1), "pass", Lang::En, None);
    assert_eq!((c.ok, c.score_ns), (true, Some(0)));
}

#[test]
fn law_79c_a_duplicate_is_refused_naming_the_result_there_and_its_event() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let id = sign(&mut l, &k.scorer, &at(1, 1, 1), "3NT N =", Lang::En);
    let c = check_line(&l.replayed, &at(1, 1, 1), "4S E -1", Lang::En, None);
    assert!(!c.ok);
    assert_eq!(c.code, Some("duplicate"));
    assert_eq!(c.law.as_deref(), Some("79C"));
    assert_eq!(c.duplicate_of.as_deref(), Some(id.as_str()));
    let e = c.error.unwrap();
    assert!(e.contains("3NT by N, 9 tricks, NS +400"), "{e}");
    assert!(e.contains(&id[..8]) && e.ends_with("(Law 79C)"), "{e}");
    let de = check_line(&l.replayed, &at(1, 1, 1), "4S E -1", Lang::De, None);
    assert!(de.error.unwrap().ends_with("(§ 79 C)"));
    let da = check_line(&l.replayed, &at(1, 1, 1), "4S E -1", Lang::Da, None);
    assert!(da.error.unwrap().ends_with("(§ 79C)"));
    // Enter signs nothing.
    let err = line_payload(&l.replayed, &at(1, 1, 1), "4S E -1", Lang::En).unwrap_err();
    assert_eq!(err.law(), Some("79C"));
}

#[test]
fn law_79a_impossible_tricks_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = evening(dir.path());
    let r = replayed(&p);
    for (line, tricks) in [("7NT N +1", "14"), ("1C N -8", "-1"), ("4S N 14", "14")] {
        let c = check_line(&r, &at(1, 1, 1), line, Lang::En, None);
        assert_eq!(
            (c.ok, c.code, c.law.as_deref()),
            (false, Some("impossible_tricks"), Some("79A")),
            "{line}"
        );
        let e = c.error.unwrap();
        assert!(e.contains(&format!("{tricks} tricks is impossible")), "{e}");
        assert!(e.ends_with("(Law 79A)"), "{e}");
    }
    let de = check_line(&r, &at(1, 1, 1), "7SA N +1", Lang::De, None);
    assert_eq!(
        de.error.as_deref(),
        Some("7SA +1: 14 Stiche sind unmöglich, ein Board hat 13 (§ 79 A)")
    );
    // A line still being typed is incomplete, not wrong.
    let c = check_line(&r, &at(1, 1, 1), "3NT N", Lang::En, None);
    assert!(!c.ok && c.incomplete, "{c:?}");
    assert_eq!(c.code, Some("missing_result"));
    // A declarer for a pass-out (Law 77).
    let c = check_line(&r, &at(1, 1, 1), "pass N", Lang::En, None);
    assert_eq!(
        (c.code, c.law.as_deref()),
        (Some("pass_with_declarer"), Some("77"))
    );
}

#[test]
fn german_lines_read_sans_atout_pik_coeur_karo_treff_and_ost() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let c = check_line(&l.replayed, &at(1, 1, 1), "3SA N =", Lang::De, None);
    assert_eq!(c.score_ns, Some(400));
    assert_eq!(
        c.understood.as_deref(),
        Some("3SA, Alleinspieler Nord, 9 Stiche: NS +400, OW -400 (Gefahrenlage: niemand in Gefahr, § 2; § 77)")
    );
    let c = check_line(&l.replayed, &at(1, 2, 1), "4PX O -2", Lang::De, None);
    assert_eq!(
        (c.score_ns, c.line.as_deref()),
        (Some(300), Some("4PX O -2"))
    );
    // C is Coeur in German (hearts); English S, D and E are read too.
    let c = check_line(&l.replayed, &at(1, 3, 1), "4C S =", Lang::De, None);
    assert_eq!((c.score_ns, c.line.as_deref()), (Some(420), Some("4H S =")));
    let c = check_line(&l.replayed, &at(1, 3, 1), "4S E =", Lang::De, None);
    assert_eq!(
        (c.score_ns, c.line.as_deref()),
        (Some(-420), Some("4P O ="))
    );
    sign(&mut l, &k.scorer, &at(1, 4, 1), "5K W +1", Lang::De);
    sign(&mut l, &k.scorer, &at(1, 3, 1), "2T Süd 8", Lang::De);
    let v = traveller(
        &l.replayed,
        TravellerBy::Board {
            section: "A".into(),
            board: 1,
        },
        Lang::De,
    )
    .unwrap();
    let lines: Vec<Option<&str>> = v.rows.iter().map(|r| r.line.as_deref()).collect();
    assert_eq!(lines, [None, None, Some("2T S ="), Some("5K W +1")]);
    assert_eq!(v.title, "Board 1, Gruppe A");
    assert_eq!(v.missing_text, "2 Ergebnisse fehlen");
}

#[test]
fn danish_lines_read_uden_trumf_spar_hjerter_ruder_kloer_and_oest_vest() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let c = check_line(&l.replayed, &at(1, 1, 1), "3UT N =", Lang::Da, None);
    assert_eq!(
        c.understood.as_deref(),
        Some("3UT, spilfører Nord, 9 stik: NS +400, ØV -400 (zone: ingen i zonen, § 2; § 77)")
    );
    let c = check_line(&l.replayed, &at(1, 1, 1), "2K V =", Lang::Da, None);
    assert_eq!((c.score_ns, c.line.as_deref()), (Some(-90), Some("2K V =")));
    let c = check_line(&l.replayed, &at(1, 1, 1), "2R o =", Lang::Da, None);
    assert_eq!((c.score_ns, c.line.as_deref()), (Some(-90), Some("2R Ø =")));
    sign(&mut l, &k.scorer, &at(1, 1, 1), "4S Ø -1", Lang::Da);
    let c = check_line(&l.replayed, &at(1, 1, 1), "pas", Lang::Da, None);
    assert!(c.error.unwrap().ends_with("(§ 79C)"));
    let c = check_line(&l.replayed, &at(1, 2, 1), "7UT N +1", Lang::Da, None);
    assert_eq!(
        c.error.as_deref(),
        Some("7UT +1: 14 stik er umuligt, et spil har 13 (§ 79A)")
    );
}

#[test]
fn law_12c2_a_plus_a_minus_is_an_artificial_adjusted_score_results_score_60_40() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    // A scorer cannot sign it: the check says a director's key is needed (Law 12C2).
    let c = check_line(
        &l.replayed,
        &at(1, 1, 1),
        "A+/A-",
        Lang::En,
        Some(Role::Scorer),
    );
    assert!(!c.ok && c.needs_td, "{c:?}");
    assert_eq!((c.code, c.law.as_deref()), (Some("needs_td"), Some("12C2")));
    assert_eq!(c.kind, Some("ruling.adjusted_score"));
    assert_eq!((c.pct_ns, c.pct_ew), (Some(60.0), Some(40.0)));
    let c = check_line(&l.replayed, &at(1, 1, 1), "A+/A-", Lang::En, Some(Role::Td));
    assert!(c.ok && c.needs_td, "{c:?}");
    assert_eq!(
        c.understood.as_deref(),
        Some("artificial adjusted score: NS A+ (60 %), EW A- (40 %) under the scoring policy (Law 12C2)")
    );
    let payload = line_payload(&l.replayed, &at(1, 1, 1), "A+/A-", Lang::En).unwrap();
    match &payload {
        Payload::ScoreAdjusted(a) => {
            assert_eq!(
                (a.law.as_str(), a.ns.as_str(), a.ew.as_str()),
                ("12C2", "1", "5")
            );
            assert_eq!(
                a.adjustment,
                Adjustment::Artificial {
                    ns: Artificial::AveragePlus,
                    ew: Artificial::AverageMinus
                }
            );
        }
        other => panic!("{other:?}"),
    }
    // The log refuses it from the scorer's key too; from the TD's, results score it 60/40.
    assert!(l
        .append(&k.scorer, payload.clone(), T0 + 3_600_000)
        .is_err());
    l.append(&k.td, payload, T0 + 3_600_000).unwrap();
    sign(&mut l, &k.scorer, &at(1, 2, 1), "3NT N =", Lang::En);
    let row = l
        .replayed
        .results
        .iter()
        .find(|r| r.board == 1 && r.table == 1)
        .unwrap();
    assert_eq!(
        (row.pct_ns, row.pct_ew, row.artificial),
        (Some(60.0), Some(40.0), true)
    );
    let v = traveller(
        &l.replayed,
        TravellerBy::Board {
            section: "A".into(),
            board: 1,
        },
        Lang::En,
    )
    .unwrap();
    assert_eq!(v.rows[0].line.as_deref(), Some("A+/A-"));
    assert_eq!(v.rows[0].marks[0].text, "artificial (Law 12C2)");
}

#[test]
fn law_12c2_percentages_are_read_only_as_the_signed_policy_gives_them() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let r = replayed(&p);
    let c = check_line(&r, &at(1, 1, 1), "40/60", Lang::En, Some(Role::Td));
    assert!(c.ok, "{c:?}");
    assert_eq!(
        c.entry,
        Some(TravellerEntry::Artificial {
            ns: Artificial::AverageMinus,
            ew: Artificial::AveragePlus,
            reason: String::new()
        })
    );
    let c = check_line(&r, &at(1, 1, 1), "70/30", Lang::En, Some(Role::Td));
    assert_eq!(
        (c.code, c.law.as_deref()),
        (Some("percentage"), Some("12C2"))
    );
    assert_eq!(
        c.error.as_deref(),
        Some("70 % for N-S is no artificial score of the scoring policy (defaults) (average plus 60 %, average 50 %, average minus 40 %; Law 12C2)")
    );
    // The organiser's policy gives 65 / 50 / 35: 65/35 is read, 60/40 refused naming it.
    let mut log = Log::open(&p).unwrap();
    let mut policy = PolicySet::default_for(Form::Pairs);
    policy.artificial.average_plus_pct = 65.0;
    policy.artificial.average_minus_pct = 35.0;
    policy.note = "club regulations".into();
    let pid = log
        .append(&k.chief, Payload::PolicySet(Box::new(policy)))
        .unwrap();
    let r = replayed(&p);
    let c = check_line(&r, &at(1, 1, 1), "65/35", Lang::En, None);
    assert!(c.ok, "{c:?}");
    let c = check_line(&r, &at(1, 1, 1), "60/40", Lang::De, None);
    let e = c.error.unwrap();
    assert!(
        e.contains(&pid.to_hex()[..8])
            && e.ends_with(
                "(Plusdurchschnitt 65 %, Durchschnitt 50 %, Minusdurchschnitt 35 %; § 12 C 2)"
            ),
        "{e}"
    );
}

#[test]
fn not_played_is_signed_as_result_not_played_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let c = check_line(
        &l.replayed,
        &at(1, 1, 1),
        "not played: slow play",
        Lang::En,
        Some(Role::Scorer),
    );
    assert!(c.ok);
    assert_eq!(c.kind, Some("result.not_played"));
    assert_eq!(c.understood.as_deref(), Some("not played (slow play)"));
    sign(
        &mut l,
        &k.scorer,
        &at(1, 1, 1),
        "not played: slow play",
        Lang::En,
    );
    sign(&mut l, &k.scorer, &at(1, 1, 2), "nicht gespielt", Lang::De);
    let s = &l.replayed.tournament.slots;
    assert_eq!(
        s[&at(1, 1, 1)].outcome(),
        &tdlog::results::Outcome::NotPlayed {
            reason: "slow play".into()
        }
    );
    assert_eq!(
        s[&at(1, 1, 2)].outcome(),
        &tdlog::results::Outcome::NotPlayed {
            reason: "ohne Angabe eines Grundes".into()
        }
    );
    let v = traveller(
        &l.replayed,
        TravellerBy::Table {
            section: "A".into(),
            round: 1,
            table: 1,
        },
        Lang::En,
    )
    .unwrap();
    assert_eq!(v.rows[0].line.as_deref(), Some("not played: slow play"));
    assert_eq!(v.rows[0].marks[0].key, "not_played");
    assert_eq!((v.missing, v.next_empty.clone()), (0, None));
}

#[test]
fn law_8a_a_slot_outside_the_movement_and_law_12c2_a_late_pair_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let r = replayed(&p);
    let c = check_line(&r, &at(4, 1, 7), "3NT N =", Lang::En, None);
    assert_eq!(
        (c.code, c.law.as_deref()),
        (Some("not_in_movement"), Some("8A"))
    );
    let c = check_line(&r, &at(1, 1, 3), "3NT N =", Lang::En, None);
    assert_eq!(c.code, Some("board_not_at_table"));
    assert_eq!(
        c.error.as_deref(),
        Some("board 3 is not played at table 1 in round 1 (boards there: 1, 2; Law 8A)")
    );
    // Pair 6 arrives for round 2; pair 8 is a phantom.
    let mut log = Log::open(&p).unwrap();
    log.append(
        &k.scorer,
        Payload::Attendance(Attendance {
            section: "A".into(),
            contestant: "6".into(),
            presence: Presence::Late { from_round: 2 },
            reason: "train".into(),
        }),
    )
    .unwrap();
    log.append(
        &k.scorer,
        Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: "8".into(),
            name: "phantom".into(),
            members: vec![],
            captain: None,
            phantom: true,
        })),
    )
    .unwrap();
    let r = replayed(&p);
    // Round 1: pair 6 plays E-W at table 2, pair 8 at table 4.
    let c = check_line(&r, &at(1, 2, 1), "3NT N =", Lang::En, None);
    assert_eq!((c.code, c.law.as_deref()), (Some("late"), Some("12C2")));
    let c = check_line(&r, &at(1, 2, 1), "A/A", Lang::En, Some(Role::Td));
    assert!(c.ok, "the TD scores a late pair's board: {c:?}");
    let c = check_line(&r, &at(1, 4, 1), "3NT N =", Lang::En, None);
    assert_eq!(c.code, Some("phantom"));
    let v = traveller(
        &r,
        TravellerBy::Board {
            section: "A".into(),
            board: 1,
        },
        Lang::En,
    )
    .unwrap();
    let t2 = &v.rows[1];
    assert_eq!(t2.marks[0].text, "6 late, from round 2");
    let t4 = &v.rows[3];
    assert!(t4.sits_out && t4.marks.iter().any(|m| m.key == "sit_out"));
    // The phantom's table is not missing; the late pair's is (the TD scores it).
    assert_eq!(v.missing, 3);
}

#[test]
fn a_line_signed_on_enter_is_scored_and_ranked_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let by = TravellerBy::Board {
        section: "A".into(),
        board: 1,
    };
    let v = traveller(&l.replayed, by.clone(), Lang::En).unwrap();
    assert_eq!((v.missing, v.next_empty.clone()), (4, Some(at(1, 1, 1))));
    assert_eq!(v.rows[0].ns_name.as_deref(), Some("Meier / Schulz"));
    assert_eq!(v.units, "mp");
    // One line per table, each signed on Enter; the next empty row moves on.
    let lines = ["3NT N =", "3NT N +1", "4S E -1", "2H S +1"];
    for (i, line) in lines.iter().enumerate() {
        let slot = v.rows[i].slot.clone();
        sign(&mut l, &k.scorer, &slot, line, Lang::En);
        let now = traveller(&l.replayed, by.clone(), Lang::En).unwrap();
        assert_eq!(now.missing, 3 - i);
        assert_eq!(now.next_empty, now.rows.get(i + 1).map(|r| r.slot.clone()));
    }
    let v = traveller(&l.replayed, by, Lang::En).unwrap();
    // 430 > 400 > 140 > 50 for N-S: matchpoints as `results` gives them.
    let pct: Vec<f64> = v.rows.iter().map(|r| r.pct_ns.unwrap()).collect();
    let scores: Vec<i32> = v.rows.iter().map(|r| r.score_ns.unwrap()).collect();
    assert_eq!(scores, [400, 430, 50, 140]);
    assert_eq!(pct, [66.67, 100.0, 0.0, 33.33]);
    assert!(v.rows.iter().all(|r| r.event.is_some() && r.events == 1));
    // The ranking the live state gives is that of a fresh replay of the log.
    let live_rank = tdlog::results::ranking(&l.replayed.tournament, &l.replayed.results);
    let fresh = replayed(&p);
    let fresh_rank = tdlog::results::ranking(&fresh.tournament, &fresh.results);
    assert_eq!(
        serde_json::to_string(&live_rank).unwrap(),
        serde_json::to_string(&fresh_rank).unwrap()
    );
    let top = &live_rank.standings[0];
    assert_eq!((top.contestant.as_str(), top.total), ("2", 100.0));
}

#[test]
fn tdlog_result_signs_a_line_and_refuses_a_duplicate_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let kf = dir.path().join("scorer.key");
    k.scorer.save(&kf, None).unwrap();
    let (log, key) = (p.to_str().unwrap(), kf.to_str().unwrap());
    let slot = ["--round", "1", "--table", "1", "--board", "1"];
    let mut args = vec!["result", log];
    args.extend(slot);
    let out = ok(&[&args[..], &["3NT N =", "--key", key]].concat());
    assert!(out.starts_with("3NT by N, 9 tricks: NS +400"), "{out}");
    assert!(out.contains("Meier / Schulz"), "{out}");
    let e = refused("de", &[&args[..], &["4P O -1", "--key", key]].concat());
    assert!(
        e.contains("hat schon ein Ergebnis") && e.contains("(§ 79 C)"),
        "{e}"
    );
    let c = tdlog_in(
        None,
        &[&args[..], &["A+/A-", "--check", "--key", key]].concat(),
    );
    assert!(!c.status.success());
    assert!(text(&c).contains("hat schon") || text(&c).contains("already has a result"));
    let grid = ok(&["traveller", log, "--board", "1", "--lang", "da"]);
    assert!(
        grid.contains("3UT N =") && grid.contains("3 resultater mangler"),
        "{grid}"
    );
    let json = ok(&["traveller", log, "--round", "1", "--table", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["rows"][0]["score_ns"], 400);
    assert_eq!(v["next_empty"]["board"], 2);
}

/// `tdlog` with this test's device, in `lang` (`None`: English), no key from the environment.
fn tdlog_in(lang: Option<&str>, args: &[&str]) -> std::process::Output {
    let mut c = tdlog_cmd();
    c.args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env_remove("TDLOG_LANG");
    if let Some(l) = lang {
        c.env("TDLOG_LANG", l);
    }
    c.output().unwrap()
}

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn ok(args: &[&str]) -> String {
    let o = tdlog_in(None, args);
    assert!(o.status.success(), "tdlog {args:?}: {}", text(&o));
    text(&o)
}

fn refused(lang: &str, args: &[&str]) -> String {
    let o = tdlog_in(Some(lang), args);
    assert!(
        !o.status.success(),
        "tdlog {args:?} was accepted: {}",
        text(&o)
    );
    text(&o)
}

fn strain(i: usize) -> Strain {
    Strain::ALL[i]
}

proptest! {
    /// Every legal contract, declarer and number of tricks: the line the grid prints back
    /// in English, German and Danish reads as the same entry.
    #[test]
    fn the_printed_line_reads_back_as_the_same_entry(
        level in 1u8..=7,
        s in 0usize..5,
        d in 0usize..3,
        seat in 0usize..4,
        tricks in 0u8..=13,
        lang in 0usize..3,
    ) {
        let doubling = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled][d];
        let c = Contract::new(level, strain(s), doubling);
        let e = TravellerEntry::Result(TableResult {
            contract: c.to_string(),
            declarer: Some(Seat::ALL[seat]),
            tricks: Some(tricks),
        });
        let lang = Lang::ALL[lang];
        let line = format_line(&e, lang);
        prop_assert_eq!(parse_line(&line, lang), Ok(e.clone()), "{}", line);
        // Without spaces too, as fast typists enter it.
        let tight: String = line.chars().filter(|c| *c != ' ').collect();
        prop_assert_eq!(parse_line(&tight, lang), Ok(e), "{}", tight);
    }

    /// Pass-outs, artificial scores and boards not played read back too.
    #[test]
    fn other_lines_read_back(a in 0usize..3, b in 0usize..3, lang in 0usize..3, reason in "[a-zA-Zäöüøæå ]{0,20}") {
        let lang = Lang::ALL[lang];
        let art = [Artificial::AveragePlus, Artificial::Average, Artificial::AverageMinus];
        let reason = reason.trim().to_string();
        for e in [
            TravellerEntry::PassedOut,
            TravellerEntry::Artificial { ns: art[a], ew: art[b], reason: reason.clone() },
            TravellerEntry::NotPlayed { reason: reason.clone() },
        ] {
            let line = format_line(&e, lang);
            prop_assert_eq!(parse_line(&line, lang), Ok(e), "{}", line);
        }
    }
}

#[test]
fn a_complete_board_names_the_next_board_still_waiting_and_the_last_says_all_are_in() {
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let by = |board| TravellerBy::Board {
        section: "A".into(),
        board,
    };
    let fill = |l: &mut Live, board: u32| {
        let v = traveller(&l.replayed, by(board), Lang::En).unwrap();
        for r in v.rows {
            sign(l, &k.scorer, &r.slot, "3NT N =", Lang::En);
        }
    };
    // Not complete: no next board yet (the cursor stays on this one).
    assert_eq!(
        traveller(&l.replayed, by(1), Lang::En).unwrap().next_board,
        None
    );
    fill(&mut l, 1);
    assert_eq!(
        traveller(&l.replayed, by(1), Lang::En).unwrap().next_board,
        Some(2)
    );
    // The last board of the movement goes on from the first still waiting.
    fill(&mut l, 6);
    assert_eq!(
        traveller(&l.replayed, by(6), Lang::En).unwrap().next_board,
        Some(2)
    );
    for b in 2..=5 {
        fill(&mut l, b);
    }
    let v = traveller(&l.replayed, by(5), Lang::De).unwrap();
    assert_eq!((v.missing, v.next_board), (0, None));
    assert_eq!(v.missing_text, "Alle Ergebnisse der Gruppe A sind erfasst");
}

#[test]
fn law_12c2_a_pair_late_from_round_2_is_recorded_from_the_grid_and_marked() {
    use tdlog::views::traveller::acts::{attendance_payload, ActError, AttendanceRequest};
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let late = |from| AttendanceRequest {
        section: "A".into(),
        contestant: "5".into(),
        status: "late".into(),
        from_round: Some(from),
        reason: "traffic".into(),
    };
    // The movement has 3 rounds: round 4 is refused, naming the law.
    let err = attendance_payload(&l.replayed.tournament, &late(4)).unwrap_err();
    assert_eq!(err, ActError::Round { rounds: 3, got: 4 });
    assert!(err.to_string().contains("Law 12C2"));
    let p5 = attendance_payload(&l.replayed.tournament, &late(2)).unwrap();
    l.append(&k.td, p5, T0 + 3_600_000).unwrap();
    // Pair 5 sits E-W at table 1 in round 1 (board 1): its row is marked late.
    let v = traveller(
        &l.replayed,
        TravellerBy::Board {
            section: "A".into(),
            board: 1,
        },
        Lang::En,
    )
    .unwrap();
    let row = v.rows.iter().find(|r| r.ew == "5").unwrap();
    assert!(row.marks.iter().any(|m| m.key == "late"), "{:?}", row.marks);
    let none = AttendanceRequest {
        contestant: "99".into(),
        ..late(2)
    };
    assert!(matches!(
        attendance_payload(&l.replayed.tournament, &none),
        Err(ActError::NoContestant { .. })
    ));
}

#[test]
fn law_87_a_fouled_board_from_the_grid_is_scored_within_each_group() {
    use tdlog::views::traveller::acts::{fouled_payload, ActError, FouledRequest};
    let dir = tempfile::tempdir().unwrap();
    let (p, k) = evening(dir.path());
    let mut l = live(&p);
    let by = TravellerBy::Board {
        section: "A".into(),
        board: 1,
    };
    for (i, line) in ["3NT N =", "3NT N +1", "4S E -1", "2H S +1"]
        .iter()
        .enumerate()
    {
        sign(&mut l, &k.scorer, &at(1, i as u32 + 1, 1), line, Lang::En);
    }
    let req = |tables: Vec<(u32, u32, u32)>| FouledRequest {
        section: "A".into(),
        board: 1,
        tables,
        reason: "two cards swapped between N and S after round 1 table 2".into(),
    };
    let t = &l.replayed.tournament;
    // Every table that played the board in one group, at least two groups (Law 87A).
    assert_eq!(
        fouled_payload(t, &req(vec![(1, 1, 1), (1, 2, 1), (1, 3, 1), (1, 4, 1)])),
        Err(ActError::Groups)
    );
    assert_eq!(
        fouled_payload(t, &req(vec![(1, 1, 1), (1, 2, 1), (1, 3, 2)])),
        Err(ActError::Groups)
    );
    assert_eq!(
        fouled_payload(t, &req(vec![(2, 1, 1), (1, 2, 1)])),
        Err(ActError::NotAtTable {
            round: 2,
            table: 1,
            board: 1
        })
    );
    let f = fouled_payload(t, &req(vec![(1, 1, 1), (1, 2, 1), (1, 3, 2), (1, 4, 2)])).unwrap();
    l.append(&k.td, f, T0 + 3_700_000).unwrap();
    // Two results a group: 430 beats 400, 140 beats 50, each on a top of one comparison.
    let v = traveller(&l.replayed, by, Lang::En).unwrap();
    let pct: Vec<f64> = v.rows.iter().map(|r| r.pct_ns.unwrap()).collect();
    assert_eq!(pct, [0.0, 100.0, 0.0, 100.0]);
    let marks: Vec<String> = v
        .rows
        .iter()
        .flat_map(|r| {
            r.marks
                .iter()
                .filter(|m| m.key == "fouled")
                .map(|m| m.text.clone())
        })
        .collect();
    assert_eq!(
        marks,
        [
            "fouled board (Law 87): group 1 of 2",
            "fouled board (Law 87): group 1 of 2",
            "fouled board (Law 87): group 2 of 2",
            "fouled board (Law 87): group 2 of 2"
        ]
    );
}
