//! The policy knobs real events use (issue 14): fractional artificial IMPs (JFR ±1.2),
//! matchpoint factoring per board or per size of field (NZ Scorer: linear scaling to whole
//! matchpoints on some boards, Neuberg on the others), Butler datum rules (median, mean of
//! the middle scores, unrounded), handicaps per pair (NZ: HANDICAP/2 on the percentage).
//! Each is a signed `scoring.policy` field, left out of the payload when unset, so policies
//! signed before keep their bytes.

mod common;

use common::*;
use std::path::Path;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Adjustment, Artificial, Contestant, Form, Payload, PolicySet, ResultRecorded, ScoreAdjusted,
    Section, Slot, TableAssignment, TableResult,
};
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{ranking, results, ResultRow, Tournament};

fn genesis_payload() -> tdlog::events::Genesis {
    match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

fn fold(p: &Path) -> Tournament {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

fn slot(table: u32, board: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

fn result(contract: &str, tricks: u8) -> TableResult {
    if contract == "Pass" {
        return TableResult {
            contract: contract.into(),
            declarer: None,
            tricks: None,
        };
    }
    TableResult {
        contract: contract.into(),
        declarer: Some(Seat::N),
        tricks: Some(tricks),
    }
}

/// A one-round section: `seats[t]` = (N-S, E-W) at table t+1, every table scheduled for
/// `boards`; `played` = (table, board, contract by North, tricks).
fn section_log(
    p: &Path,
    form: Form,
    seats: &[(&str, &str)],
    boards: &[u32],
    played: &[(u32, u32, &str, u8)],
) -> Log {
    let (chief, scorer, td) = (key(1), key(3), key(2));
    let mut log = Log::create(p, &chief, genesis_payload()).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form,
        title: "Section A".into(),
    })];
    let mut ids: Vec<&str> = seats.iter().flat_map(|(a, b)| [*a, *b]).collect();
    ids.sort();
    ids.dedup();
    for id in ids {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.into(),
            name: format!("Contestant {id}"),
            members: vec![],
            captain: (form == Form::Teams).then(|| format!("Captain {id}")),
            phantom: false,
        })));
    }
    for (i, (ns, ew)) in seats.iter().enumerate() {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: i as u32 + 1,
            ns: ns.to_string(),
            ew: ew.to_string(),
            boards: boards.to_vec(),
        }));
    }
    for &(table, board, contract, tricks) in played {
        let (ns, ew) = seats[table as usize - 1];
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(table, board),
            ns: ns.into(),
            ew: ew.into(),
            result: result(contract, tricks),
        })));
    }
    log.append_batch(&scorer, ps).unwrap();
    log
}

fn set_policy(log: &mut Log, json: &str) -> tdlog::log::Hash32 {
    let p: PolicySet = serde_json::from_str(json).unwrap();
    log.append(&key(1), Payload::PolicySet(Box::new(p)))
        .unwrap()
}

fn artificial(
    log: &mut Log,
    seats: (&str, &str),
    table: u32,
    board: u32,
    ns: Artificial,
    ew: Artificial,
) {
    log.append(
        &key(2),
        Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot: slot(table, board),
            ns: seats.0.into(),
            ew: seats.1.into(),
            law: "12C2".into(),
            adjustment: Adjustment::Artificial { ns, ew },
            reason: "no result could be obtained".into(),
        })),
    )
    .unwrap();
}
fn row(rows: &[ResultRow], table: u32, board: u32) -> &ResultRow {
    rows.iter()
        .find(|r| r.table == table && r.board == board)
        .unwrap()
}

const PAIRS: [(&str, &str); 4] = [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")];

const SIX: [(&str, &str); 6] = [
    ("1", "2"),
    ("3", "4"),
    ("5", "6"),
    ("7", "8"),
    ("9", "10"),
    ("11", "12"),
];

#[test]
fn old_policies_keep_their_bytes_and_new_knobs_are_left_out_when_unset() {
    let p = PolicySet::default();
    let json = serde_json::to_string(&p).unwrap();
    for k in ["imps_decimal", "factoring_rules", "handicaps"] {
        assert!(!json.contains(k), "{k} in {json}");
    }
    // A policy as signed before issue 14 decodes and re-encodes to the same bytes.
    let back: PolicySet = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}

#[test]
fn jfr_fractional_artificial_imps_avg_plus_is_1_2() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    let mut log = section_log(
        &p,
        Form::Pairs,
        &PAIRS,
        &[1],
        &[(1, 1, "4S", 10), (2, 1, "4S", 9), (3, 1, "3S", 10)],
    );
    artificial(
        &mut log,
        PAIRS[3],
        4,
        1,
        Artificial::AveragePlus,
        Artificial::AverageMinus,
    );
    let id = set_policy(
        &mut log,
        r#"{"method": "cross_imps", "artificial": {"imps_decimal": 1.2}}"#,
    );
    let t = fold(&p);
    let rows = results(&t);
    let r = row(&rows, 4, 1);
    assert_eq!((r.imp_ns, r.imp_ew), (Some(1.2), Some(-1.2)));
    // The policy is on the report, with the event that set it.
    let rk = ranking(&t, &rows);
    assert_eq!(rk.policies[0].set_by, Some(id));
    assert_eq!(rk.policies[0].policy.artificial.imps_decimal, Some(1.2));
    assert_eq!(
        tdlog::results::published::policy_knobs(&rk.policies[0].policy),
        ["artificial IMPs: +1.2 / -1.2 (Avg+ / Avg-)"]
    );
    // A negative value is refused at append.
    let bad: PolicySet = serde_json::from_str(r#"{"artificial": {"imps_decimal": -1.0}}"#).unwrap();
    assert!(log
        .append(&key(1), Payload::PolicySet(Box::new(bad)))
        .is_err());
}

#[test]
fn nz_factoring_per_board_linear_to_whole_matchpoints_neuberg_on_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tdlog");
    // Boards 1 and 2 scheduled at four tables, played at three: +450, +420, -50.
    let mut log = section_log(
        &p,
        Form::Pairs,
        &PAIRS,
        &[1, 2],
        &[
            (1, 1, "4S", 11),
            (2, 1, "4S", 10),
            (3, 1, "4S", 9),
            (1, 2, "4S", 11),
            (2, 2, "4S", 10),
            (3, 2, "4S", 9),
        ],
    );
    set_policy(
        &mut log,
        r#"{"factoring_rules": [{"boards": [2], "factoring": "pro_rata", "mp_rounding": {"decimals": 0, "mode": "half_away_from_zero"}}]}"#,
    );
    let rows = results(&fold(&p));
    let mps = |b: u32| -> Vec<f64> {
        rows.iter()
            .filter(|r| r.board == b)
            .map(|r| r.mp_ns.unwrap())
            .collect()
    };
    // Board 1: Neuberg (MP + 1)·4/3 − 1 to 0.1; board 2: MP·3/2 to whole matchpoints.
    assert_eq!(mps(1), vec![5.7, 3.0, 0.3]);
    assert_eq!(mps(2), vec![6.0, 3.0, 0.0]);
    assert!(row(&rows, 2, 2)
        .note
        .as_deref()
        .unwrap()
        .contains("ProRata"));
    // By field size: a rule for fields of at most 3 does not touch these boards of 4.
    set_policy(
        &mut log,
        r#"{"factoring_rules": [{"max_field": 3, "factoring": "none", "mp_rounding": {"decimals": 1, "mode": "half_away_from_zero"}}]}"#,
    );
    let rows = results(&fold(&p));
    assert_eq!(row(&rows, 1, 2).mp_ns, Some(5.7));
    set_policy(
        &mut log,
        r#"{"factoring_rules": [{"min_field": 4, "factoring": "none", "mp_rounding": {"decimals": 1, "mode": "half_away_from_zero"}}]}"#,
    );
    let rows = results(&fold(&p));
    assert_eq!(
        row(&rows, 1, 2).mp_ns,
        Some(4.0),
        "no factoring: own top of 4"
    );
}

fn butler_log(p: &Path) -> Log {
    // Six N-S scores on board 1 (none vulnerable): +450 +420 +420 +170 −50 −100.
    section_log(
        p,
        Form::Pairs,
        &SIX,
        &[1],
        &[
            (1, 1, "4S", 11),
            (2, 1, "4S", 10),
            (3, 1, "4S", 10),
            (4, 1, "3S", 10),
            (5, 1, "4S", 9),
            (6, 1, "4S", 8),
        ],
    )
}

#[test]
fn butler_datum_median_middle_mean_and_unrounded_by_policy() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("b.tdlog");
    let mut log = butler_log(&p);
    let datum = |p: &Path| -> String {
        let rows = results(&fold(p));
        rows[0].note.clone().unwrap()
    };
    // Default (field size: drop 1 each end): (420+420+170−50)/4 = 240, half-even → 240.
    set_policy(&mut log, r#"{"method": "butler"}"#);
    assert_eq!(datum(&p), "datum 240");
    // Median of six: (420 + 170)/2 = 295 → 300 (half-even: 29.5 → 30).
    set_policy(
        &mut log,
        r#"{"method": "butler", "scoring": {"butler": {"drop": "median"}}}"#,
    );
    assert_eq!(datum(&p), "datum 300");
    // The median unrounded.
    set_policy(
        &mut log,
        r#"{"method": "butler", "scoring": {"butler": {"drop": "median", "rounding": "none"}}}"#,
    );
    assert_eq!(datum(&p), "datum 295");
    // Mean of the middle 50 %: keep 3 of 6 (rounded), drop 1 each end, an odd remainder
    // keeps one more: (420+420+170−50)/4 = 240.
    set_policy(
        &mut log,
        r#"{"method": "butler", "scoring": {"butler": {"drop": {"middle_percent": 50.0}}}}"#,
    );
    assert_eq!(datum(&p), "datum 240");
    // Magic Contest's Butler-2: drop two each end: (420+170)/2 = 295 → 300.
    set_policy(
        &mut log,
        r#"{"method": "butler", "scoring": {"butler": {"drop": {"count": 2}}}}"#,
    );
    assert_eq!(datum(&p), "datum 300");
}

#[test]
fn nz_handicap_adds_half_the_handicap_to_the_percentage() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("h.tdlog");
    let mut log = section_log(
        &p,
        Form::Pairs,
        &PAIRS,
        &[1],
        &[
            (1, 1, "4S", 11),
            (2, 1, "4S", 10),
            (3, 1, "4S", 9),
            (4, 1, "4S", 8),
        ],
    );
    let before = ranking(&fold(&p), &results(&fold(&p)));
    let pct = |r: &tdlog::results::Ranking, c: &str| {
        r.standings
            .iter()
            .find(|s| s.contestant == c)
            .map(|s| (s.total, s.note.clone()))
            .unwrap()
    };
    assert_eq!(pct(&before, "7").0, 0.0);
    set_policy(&mut log, r#"{"handicaps": {"7": 6.0, "1": -4.0}}"#);
    let t = fold(&p);
    let after = ranking(&t, &results(&t));
    let (total, note) = pct(&after, "7");
    assert_eq!(total, 3.0, "0 % + 6/2");
    assert!(note.unwrap().contains("handicap 6"));
    assert_eq!(pct(&after, "1").0, 98.0, "100 % − 4/2");
    assert_eq!(after.policies[0].policy.handicaps["7"], 6.0);
    let shown = tdlog::results::published::policy_knobs(&after.policies[0].policy);
    assert_eq!(
        shown,
        ["handicaps (half added to the percentage): 1 -4, 7 6"]
    );
}
