//! Differential vectors for the results site's in-browser scorer (`src/results/site/score.js`):
//! small tournaments made of real signed events (pairs, teams and individuals; matchpoints
//! with every factoring, cross-IMPs, Butler, total points; artificial, assigned, weighted and
//! split-weighted adjusted scores; fouled boards; knock-out matches; Law 2 and recorded
//! vulnerabilities; and about a hundred pseudo-random boards from a fixed seed), folded into
//! the tournament projection and scored by `results::board_rows`. Each vector is one board:
//! `input`, what score.js's `board()` reads (the signed payloads as `tdlog log` prints them;
//! `input.policy` is an index into the file's `policies`, each payload written once), and
//! `expect`, the Rust rows, each an array of the file's `fields`; a last `true` (`settled`)
//! marks a row the session pass (`results::session::settle`, Law 12C2(c), DBV footnote C)
//! changed afterwards, which the scorer must then leave unchecked.
//! `tests/site/score.test.mjs` checks score.js against them. The file is
//! `tests/site/vectors/score.json`; regenerate with
//! `TDLOG_REGEN=1 cargo test --test site_score_vectors`.

mod common;

use common::{genesis, key, Forge};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Adjustment, Artificial, Attendance, BoardFacts, BoardFouled, Contestant, Form, Payload,
    PolicySet, Presence, ResultNotPlayed, ResultRecorded, ScoreAdjusted, Section, Slot,
    TableAssignment, TableResult, Weighted,
};
use tdlog::keys::DeviceKey;
use tdlog::log::{replay, verify, Input};
use tdlog::results::{board_rows, results, Outcome, ResultRow, Tournament};

include!("site_score_vectors/tournament.rs");
include!("site_score_vectors/random.rs");

// ---- The scenarios -----------------------------------------------------------------------

const POOL: &[&str] = &[
    "4S N 10",
    "4S N 11",
    "4S S 9",
    "3NT S 9",
    "3NTX E 7",
    "3NTX W 6",
    "7NTXX S 13",
    "6HXX N 11",
    "1NT N 8",
    "2HX W 8",
    "2SX N 8",
    "1CX S 7",
    "1CXX E 7",
    "Pass",
    "5DX N 8",
    "4HXX W 10",
    "3n S 10",
    "4sx N 10",
    "1nxx E 7",
    "2H* S 8",
    "3C** W 9",
    "4SR N 10",
    "p",
    "AP",
    "passed out",
    "4♠ N 10",
    "6C E 12",
    "7S W 13",
    "7H N 12",
    "2D S 8",
    "3DX E 9",
    "4CX N 10",
    "1S W 13",
    "5NTX S 11",
    "2NTXX E 8",
    "7CXX W 13",
    "1H N 0",
    "7NTX N 0",
    "7NTXX E 0",
    "4S N 10",
    "3NT S 9",
    "1NT N 8",
];

/// Law 77 across every vulnerability: 16 boards at six tables, doubled and redoubled
/// contracts made and failed, pass-outs, every contract spelling the log accepts. No policy.
fn law77() -> Sc {
    let mut sc = Sc::new("law77");
    sc.section("A", Form::Pairs);
    let rounds = sc.mitchell("A", 6, 8, 2);
    let mut k = 0;
    for (r, boards) in rounds.iter().enumerate() {
        for &b in boards {
            for t in 1..=6 {
                let spec = POOL[(k * 7 + t as usize * 5) % POOL.len()];
                sc.line("A", r as u32 + 1, t, b, spec);
            }
            k += 1;
        }
    }
    sc
}

/// Results missing under each factoring, artificial scores and factoring rules.
fn factoring() -> Sc {
    let mut sc = Sc::new("factoring");
    let policies = [
        ("N", json!({})),
        (
            "P",
            json!({"scoring": {"matchpoints": {"factoring": "pro_rata"}}}),
        ),
        (
            "Z",
            json!({"scoring": {"matchpoints": {"factoring": "none"}}}),
        ),
        (
            "R",
            json!({"artificial": {"average_pct": 45.0}, "factoring_rules": [
            {"boards": [2, 3], "factoring": "pro_rata", "mp_rounding": {"decimals": 0, "mode": "down"}},
            {"min_field": 6, "max_field": 6, "factoring": "none", "mp_rounding": {"decimals": null}}]}),
        ),
        (
            "D",
            json!({"scoring": {"matchpoints": {
            "mp_rounding": {"decimals": 2, "mode": "half_even"},
            "pct_rounding": {"decimals": 1, "mode": "down"}}}}),
        ),
        (
            "U",
            json!({"scoring": {"matchpoints": {
            "mp_rounding": {"decimals": null}, "pct_rounding": {"decimals": null}}}}),
        ),
    ];
    let mut rng = Rng(7);
    for (s, p) in policies {
        sc.section(s, Form::Pairs);
        let mut p = p;
        p["section"] = json!(s);
        sc.policy(p);
        let rounds = sc.mitchell(s, 6, 3, 2);
        for (r, boards) in rounds.iter().enumerate() {
            for &b in boards {
                for t in 1..=6u32 {
                    let spec = match (b, t) {
                        (2, 3) | (3, 1) | (3, 6) => continue,
                        (3, 4) | (6, 2) => "np".to_string(),
                        (4, 2) => "A+/A-".to_string(),
                        (4, 5) | (3, 5) => "np;A/A".to_string(),
                        (5, t) if t != 4 => continue,
                        (6, t) if t > 3 => continue,
                        _ => random_result(&mut rng),
                    };
                    sc.line(s, r as u32 + 1, t, b, &spec);
                }
            }
        }
    }
    sc
}

/// Artificial scores (Law 12C2) under the default values and others, both readings of
/// 12C2(c), DBV footnote C, and percentages the scoring refuses; in matchpoints and IMPs.
fn artificial_scores() -> Sc {
    let mut sc = Sc::new("artificial");
    let policies = [
        ("W", None),
        (
            "H",
            Some(
                json!({"artificial": {"average_minus_pct": 35.0, "average_pct": 50.0, "average_plus_pct": 65.0}}),
            ),
        ),
        (
            "G",
            Some(json!({"artificial": {"session_rule": "dbv_text"}})),
        ),
        ("F", Some(json!({"dbv_footnote_c": true}))),
        (
            "X",
            Some(json!({"artificial": {"average_plus_pct": 110.0}})),
        ),
        (
            "C",
            Some(json!({"method": "cross_imps", "dbv_footnote_c": true})),
        ),
        (
            "B",
            Some(json!({"method": "butler", "dbv_footnote_c": true, "artificial": {"imps": 2}})),
        ),
        (
            "T",
            Some(json!({"method": "total_points", "dbv_footnote_c": true})),
        ),
    ];
    let combos = [
        "A+/A-", "A/A", "A-/A+", "A+/A+", "A-/A-", "A/A+", "A+/A", "A-/A",
    ];
    for (i, (s, p)) in policies.into_iter().enumerate() {
        let mut rng = Rng(100 + i as u64);
        sc.section(s, Form::Pairs);
        if let Some(mut p) = p {
            p["section"] = json!(s);
            sc.policy(p);
        }
        let rounds = sc.mitchell(s, 5, 5, 1);
        for (r, boards) in rounds.iter().enumerate() {
            for &b in boards {
                for t in 1..=5u32 {
                    // Pair 1 (table 1, N-S) does not play boards 1, 2, 4 and 5: footnote C
                    // from its third (an average in section F: nothing but footnote C moves
                    // it). Pair 2 tops most boards it plays, pair 3 (table 3) is bottom on
                    // every board but the one where it gets average minus.
                    let spec = match (b, t) {
                        (1 | 2 | 4 | 5, 1) if s == "F" => "A/A".to_string(),
                        (1 | 2 | 4 | 5, 1) => "A+/A-".to_string(),
                        (3, 3) => "np;A-/A".to_string(),
                        (_, 3) => "7NTXX N 0".to_string(),
                        (_, 2) if b != 3 => "7NT N 13".to_string(),
                        (_, 4) => combos[(b as usize + i) % combos.len()].to_string(),
                        (3 | 5, 5) => "4S N 10;A/A".to_string(),
                        _ => random_result(&mut rng),
                    };
                    sc.line(s, r as u32 + 1, t, b, &spec);
                }
            }
        }
    }
    sc
}

/// Assigned, weighted and split-weighted scores (Law 12C1) in matchpoints, cross-IMPs and
/// Butler, with both methods of weighting IMPs.
fn adjusted() -> Sc {
    let mut sc = Sc::new("adjusted");
    let policies = [
        ("M", None),
        ("C", Some(json!({"method": "cross_imps"}))),
        ("B", Some(json!({"method": "butler"}))),
        (
            "Cw",
            Some(json!({"method": "cross_imps", "scoring": {"weighted_imps": "weight_points"}})),
        ),
        (
            "Bw",
            Some(json!({"method": "butler", "scoring": {"weighted_imps": "weight_points"}})),
        ),
        (
            "Mu",
            Some(json!({"scoring": {"matchpoints": {"mp_rounding": {"decimals": null}}}})),
        ),
    ];
    let lines: [&[&str]; 4] = [
        &[
            "4S N 10",
            "4S N 10",
            "4S N 11",
            "4S N 9",
            "@4S N 10",
            "w 1*4S N 10 + 2*4S N 9",
        ],
        &[
            "3NT S 9",
            "w 1*3NT S 9 + 1*3NT S 8 + 1*3NT S 10",
            "3NT S 8",
            "w 3*3NT S 10 + 7*3NT S 8",
            "3NT S 9",
            "2S E 8;@3NT S 9",
        ],
        &[
            "4H W 10",
            "w 1*4H W 10 + 1*4H W 9 | 1*4H W 10 + 3*4H W 9",
            "4H W 9",
            "w 2*4HX W 9 + 3*5DX N 8",
            "np",
            "4H W 10",
        ],
        &[
            "w 1*1NT N 7 + 3*1NT N 8",
            "w 1*6S S 12 | 1*6S S 11",
            "@Pass",
            "1NT N 7",
            "1NT N 8;w 1*2C N 8 + 1*Pass",
            "1NT N 8",
        ],
    ];
    for (s, p) in policies {
        sc.section(s, Form::Pairs);
        if let Some(mut p) = p {
            p["section"] = json!(s);
            sc.policy(p);
        }
        sc.mitchell(s, 6, 1, 4);
        for (i, specs) in lines.iter().enumerate() {
            for (t, spec) in specs.iter().enumerate() {
                sc.line(s, 1, t as u32 + 1, i as u32 + 1, spec);
            }
        }
    }
    sc
}

/// Cross-IMPs: every divisor with every factoring, artificial IMPs per comparison, rounding.
fn cross_imps() -> Sc {
    let mut sc = Sc::new("cross");
    let mut sections = vec![];
    for d in ["comparisons", "results", "none"] {
        for f in ["proportional", "comparisons", "none"] {
            sections.push((
                format!("{}{}", &d[..1], &f[..1]),
                json!({"divisor": d, "factoring": f}),
            ));
        }
    }
    sections.push((
        "apc".into(),
        json!({"divisor": "none", "artificial_per_comparison": true}),
    ));
    sections.push((
        "apr".into(),
        json!({"divisor": "results", "artificial_per_comparison": true}),
    ));
    sections.push((
        "r0".into(),
        json!({"rounding": {"decimals": 0, "mode": "half_even"}}),
    ));
    sections.push(("rn".into(), json!({"rounding": {"decimals": null}})));
    let mut rng = Rng(3);
    let boards: Vec<Vec<String>> = (0..3)
        .map(|b| {
            (1..=5)
                .map(|t| match (b, t) {
                    (1, 2) => "-".into(),
                    (2, 1 | 5) => "-".into(),
                    (2, 3) => "A+/A-".into(),
                    (2, 4) => "w 1*4S N 10 + 1*4S N 9".into(),
                    _ => random_result(&mut rng),
                })
                .collect()
        })
        .collect();
    for (s, cross) in sections {
        let s = s.as_str();
        sc.section(s, Form::Pairs);
        sc.policy(json!({"section": s, "method": "cross_imps", "scoring": {"cross_imps": cross}}));
        sc.mitchell(s, 5, 1, 3);
        // The full board 1 is factored by none of them: once per divisor is enough.
        let full = cross.get("factoring").is_none_or(|f| f == "proportional");
        for (b, specs) in boards.iter().enumerate().skip(if full { 0 } else { 1 }) {
            for (t, spec) in specs.iter().enumerate() {
                if spec != "-" {
                    sc.line(s, 1, t as u32 + 1, b as u32 + 1, spec);
                }
            }
        }
    }
    sc
}

/// Butler: every datum rule and every rounding of the datum, on datums ending in 5.
fn butler() -> Sc {
    let mut sc = Sc::new("butler");
    let drops = [
        ("fs", json!("field_size")),
        ("p20", json!({"percent": 20.0})),
        ("c1", json!({"count": 1})),
        ("c5", json!({"count": 5})),
        ("no", json!("none")),
        ("med", json!("median")),
        ("mid", json!({"middle_percent": 50.0})),
        ("mid0", json!({"middle_percent": 0.0})),
    ];
    let mut sections: Vec<(String, Value)> = drops
        .iter()
        .map(|(n, d)| (n.to_string(), json!({"drop": d})))
        .collect();
    for (n, r) in [
        ("raway", "half_away_from_zero"),
        ("rup", "half_up"),
        ("rnone", "none"),
    ] {
        sections.push((n.to_string(), json!({"drop": "none", "rounding": r})));
    }
    let mut rng = Rng(11);
    // Datums ending in 5, each rounding a different way IMPing differently: board 1, 140 and
    // 110 (125); board 2, −120 and −150 (−135); board 3, −110 and −140 (−125). Boards 4 and
    // 5: a field with holes and adjusted scores.
    let mut boards: Vec<Vec<String>> = vec![
        [
            "2H N 9", "2D N 9", "2H S 9", "2D S 9", "2H N 9", "2D N 9", "-", "-",
        ]
        .map(String::from)
        .to_vec(),
        [
            "1NT E 8", "1NT W 9", "1NT W 8", "1NT E 9", "-", "-", "-", "-",
        ]
        .map(String::from)
        .to_vec(),
        [
            "2D E 9", "2H W 9", "2D W 9", "2H E 9", "2D E 9", "2H W 9", "-", "-",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for _ in 0..2 {
        boards.push(
            (1..=8)
                .map(|t| match t {
                    3 => "A+/A".into(),
                    5 => "w 1*4S N 10 + 2*4S N 9".into(),
                    7 => "-".into(),
                    _ => random_result(&mut rng),
                })
                .collect(),
        );
    }
    for (s, b) in sections {
        let s = s.as_str();
        sc.section(s, Form::Pairs);
        sc.policy(json!({"section": s, "method": "butler", "scoring": {"butler": b}}));
        sc.mitchell(s, 8, 1, 5);
        // The datum's rounding on boards 1-3 (with nothing dropped), its drop on 4 and 5.
        let rounding = b["drop"] == "none";
        for (i, specs) in boards.iter().enumerate() {
            if rounding != (i < 3) && i != 3 {
                continue;
            }
            for (t, spec) in specs.iter().enumerate() {
                if spec != "-" {
                    sc.line(s, 1, t as u32 + 1, i as u32 + 1, spec);
                }
            }
        }
    }
    sc
}

/// Teams: both tables of a match, an artificial score at one table or both, a missing or
/// unplayed other table, weighted and split scores, knock-out averaging (Law 12C4), DBV
/// footnote C, decimal artificial IMPs, and teams scored by matchpoints.
fn teams() -> Sc {
    let mut sc = Sc::new("teams");
    let policies = [
        ("T", Form::Teams, None),
        (
            "K",
            Form::Teams,
            Some(json!({"method": "teams_imps", "knockout": true})),
        ),
        (
            "F",
            Form::Teams,
            Some(json!({"method": "teams_imps", "dbv_footnote_c": true})),
        ),
        (
            "P",
            Form::Teams,
            Some(json!({"method": "teams_imps", "scoring": {"weighted_imps": "weight_points"}})),
        ),
        (
            "I",
            Form::Teams,
            Some(
                json!({"method": "teams_imps", "knockout": true, "artificial": {"imps_decimal": 1.2}}),
            ),
        ),
        ("M", Form::Teams, Some(json!({"method": "matchpoints"}))),
        ("Q", Form::Pairs, Some(json!({"method": "teams_imps"}))),
    ];
    // Per board: the lines at tables 1-4 (tables 1 and 2 one match, 3 and 4 the other).
    let boards: [[&str; 4]; 8] = [
        ["4S N 10", "4S N 9", "3NT S 9", "3NT E 9"],
        ["A+/A-", "4S N 10", "3NTX S 7", "A/A"],
        ["A-/A+", "A+/A+", "-", "3NT N 10"],
        ["A+/A-", "np", "np", "4H W 10"],
        [
            "A-/A+",
            "w 1*4S N 10 + 2*4S N 9",
            "w 1*4H E 10 + 1*4H E 9 | 1*4H E 10 + 3*4H E 9",
            "4H E 10",
        ],
        [
            "@4S N 10",
            "4S N 10;@4S N 11",
            "np;A+/A-",
            "w 1*3NT S 9 + 1*3NT S 8",
        ],
        ["w 1*6S N 12 | 1*6S N 11", "6S N 11", "1NT N 7", "Pass"],
        ["A+/A+", "A-/A-", "A/A+", "np"],
    ];
    for (s, form, p) in policies {
        sc.section(s, form);
        if let Some(mut p) = p {
            p["section"] = json!(s);
            sc.policy(p);
        }
        sc.teams(
            s,
            &[
                (&[("A", "B"), ("C", "D")], &[1, 2, 3, 4]),
                (&[("A", "C"), ("B", "D")], &[5, 6, 7, 8]),
            ],
        );
        for (i, specs) in boards.iter().enumerate() {
            let round = if i < 4 { 1 } else { 2 };
            for (t, spec) in specs.iter().enumerate() {
                if *spec != "-" {
                    sc.line(s, round, t as u32 + 1, i as u32 + 1, spec);
                }
            }
        }
    }
    sc
}

/// Fouled boards (Law 87): groups in matchpoints, cross-IMPs and teams; tables outside every
/// group; a group listing tables that did not play; a match split between groups.
fn fouled() -> Sc {
    let mut sc = Sc::new("fouled");
    let mut rng = Rng(21);
    for (s, p) in [
        ("P", None),
        ("C", Some(json!({"method": "cross_imps"}))),
        (
            "N",
            Some(json!({"scoring": {"matchpoints": {"factoring": "none"}}})),
        ),
    ] {
        sc.section(s, Form::Pairs);
        if let Some(mut p) = p {
            p["section"] = json!(s);
            sc.policy(p);
        }
        sc.mitchell(s, 8, 1, 4);
        sc.fouled(
            s,
            1,
            vec![vec![(1, 1), (1, 2), (1, 3)], vec![(1, 4), (1, 5), (1, 6)]],
        );
        sc.fouled(
            s,
            2,
            vec![
                vec![(1, 1)],
                vec![(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8)],
            ],
        );
        sc.fouled(
            s,
            3,
            vec![(1..=8).map(|t| (1, t)).collect(), vec![(2, 1), (9, 9)]],
        );
        for b in 1..=4 {
            for t in 1..=8 {
                let spec = match (b, t) {
                    (1, 5) => "A+/A-".to_string(),
                    (2, 8) => continue,
                    (3, 4) => "w 1*4S N 10 + 1*4S N 9".to_string(),
                    _ => random_result(&mut rng),
                };
                sc.line(s, 1, t, b, &spec);
            }
        }
    }
    sc.section("T", Form::Teams);
    sc.teams("T", &[(&[("A", "B"), ("C", "D")], &[1, 2])]);
    sc.fouled("T", 1, vec![vec![(1, 1), (1, 2)], vec![(1, 3), (1, 4)]]);
    sc.fouled("T", 2, vec![vec![(1, 1), (1, 3)], vec![(1, 2), (1, 4)]]);
    for b in 1..=2 {
        for t in 1..=4 {
            let spec = if (b, t) == (1, 3) {
                "A+/A-".to_string()
            } else {
                random_result(&mut rng)
            };
            sc.line("T", 1, t, b, &spec);
        }
    }
    sc
}

/// Total points (Law 78C), individuals (a side is two players), phantoms and absent pairs
/// (the expected count), results without a movement, and recorded vulnerabilities in every
/// spelling the log accepts.
fn other() -> Sc {
    let mut sc = Sc::new("other");
    let mut rng = Rng(31);
    // Total points.
    sc.section("TP", Form::Pairs);
    sc.policy(json!({"section": "TP", "method": "total_points"}));
    sc.mitchell("TP", 4, 1, 2);
    for b in 1..=2 {
        for t in 1..=4 {
            let spec = match (b, t) {
                (1, 2) => "A+/A-".to_string(),
                (2, 3) => "w 1*4S N 10 + 1*4S N 9".to_string(),
                (2, 4) => "3NT N 9;@3NT N 8".to_string(),
                _ => random_result(&mut rng),
            };
            sc.line("TP", 1, t, b, &spec);
        }
    }
    // A weighted mean that is an integer only once snapped (1/3 of −70 and 2/3 of −100 is
    // −89.99999999999999 in binary): −90 against a pass-out is 3 IMPs, at the threshold.
    for (s, m) in [("SC", "cross_imps"), ("SB", "butler"), ("ST", "teams_imps")] {
        sc.section(s, if s == "ST" { Form::Teams } else { Form::Pairs });
        sc.policy(
            json!({"section": s, "method": m, "scoring": {"weighted_imps": "weight_points"}}),
        );
        if s == "ST" {
            sc.teams(s, &[(&[("A", "B")], &[1])]);
        } else {
            sc.mitchell(s, 2, 1, 1);
        }
        sc.line(s, 1, 1, 1, "w 1*1C E 7 + 2*4S N 8");
        sc.line(s, 1, 2, 1, "Pass");
    }
    // Individuals.
    sc.section("IN", Form::Individual);
    let seats = [
        ("1+2", "3+4"),
        ("5+6", "7+8"),
        ("9+10", "11+12"),
        ("13+14", "15+16"),
    ];
    for (t, (ns, ew)) in seats.iter().enumerate() {
        sc.table("IN", 1, t as u32 + 1, ns, ew, &[1, 2, 3]);
    }
    for b in 1..=3 {
        for t in 1..=4 {
            let spec = match (b, t) {
                (1, 2) => "A+/A-".to_string(),
                (3, 1) => "np;A/A".to_string(),
                _ => random_result(&mut rng),
            };
            sc.line("IN", 1, t, b, &spec);
        }
    }
    // A phantom and an absent pair.
    sc.section("PH", Form::Pairs);
    for id in 1..=10 {
        sc.contestant("PH", &id.to_string(), id == 9);
    }
    sc.absent("PH", "2");
    let rounds = sc.mitchell("PH", 5, 3, 2);
    for (r, boards) in rounds.iter().enumerate() {
        for &b in boards {
            for t in 1..=5u32 {
                let (ns, ew, _) = sc.seats[&("PH".to_string(), r as u32 + 1, t)].clone();
                if ns == "9" || ew == "9" || (ns == "2" && b != 1) {
                    continue;
                }
                sc.line("PH", r as u32 + 1, t, b, &random_result(&mut rng));
            }
        }
    }
    // No movement recorded.
    sc.section("NM", Form::Pairs);
    for b in 1..=2 {
        for t in 1..=3 {
            let (ns, ew) = (t.to_string(), (t + 3).to_string());
            let spec = if (b, t) == (2, 2) {
                "A-/A+".to_string()
            } else {
                random_result(&mut rng)
            };
            sc.line_as("NM", 1, t, b, &ns, &ew, &spec);
        }
    }
    // Recorded vulnerabilities (Law 2 overridden), recorded before the results.
    sc.section("V", Form::Pairs);
    let spellings = [
        "All", "-", "Love", "n-s", "E/W", "b", "o", "NONE", "ew", "Both",
    ];
    sc.mitchell("V", 4, 1, spellings.len() as u32);
    for (i, v) in spellings.iter().enumerate() {
        sc.facts("V", i as u32 + 1, v);
    }
    for b in 1..=spellings.len() as u32 {
        for t in 1..=4 {
            let spec = match t {
                3 => "4SX N 9;@4SX N 10".to_string(),
                4 => "w 1*3NTX E 8 + 1*3NT E 9".to_string(),
                _ => POOL[(b as usize * 3 + t as usize) % POOL.len()].to_string(),
            };
            sc.line("V", 1, t, b, &spec);
        }
    }
    sc
}

/// How many random tournaments (about five boards each).
const RANDOM: u64 = 24;

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/site/vectors/score.json")
}

#[test]
fn site_score_vectors_are_current() {
    let mut scenarios = vec![
        law77(),
        factoring(),
        artificial_scores(),
        adjusted(),
        cross_imps(),
        butler(),
        teams(),
        fouled(),
        other(),
    ];
    scenarios.extend((0..RANDOM).map(random));
    let mut out = Vectors::default();
    for sc in &scenarios {
        vectors_of(sc, &mut out);
    }
    // One policy and one vector a line.
    let lines = |xs: &[Value]| -> String {
        let xs: Vec<String> = xs
            .iter()
            .map(|x| serde_json::to_string(x).unwrap())
            .collect();
        xs.join(",\n")
    };
    let text = format!(
        "{{\"fields\": {},\n\"policies\": [\n{}\n],\n\"vectors\": [\n{}\n]}}\n",
        json!(FIELDS),
        lines(&out.policies),
        lines(&out.vectors)
    );
    let path = path();
    if std::env::var_os("TDLOG_REGEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    } else {
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == text,
            "{} is stale; regenerate with TDLOG_REGEN=1 cargo test --test site_score_vectors",
            path.display()
        );
    }
}
