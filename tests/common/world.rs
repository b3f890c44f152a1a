//! A small bridge tournament that several suites play on (the live state's properties, the
//! hub's sync): a chief TD (key 1), a TD (key 2), a scorer (key 3), a second TD (key 5) and
//! an organiser (key 8); one section of four pairs at two tables playing board 1.

use serde_json::json;
use std::path::Path;
use tdlog::events::*;
use tdlog::keys::Role;
use tdlog::log::Log;

/// Board 1 at `table` of round 1, section A.
pub fn slot(table: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board: 1,
    }
}

/// The pairs sitting N-S and E-W at `table`.
pub fn pairs(table: u32) -> (String, String) {
    ((2 * table - 1).to_string(), (2 * table).to_string())
}

/// The tournament `name` at `p`, signed by the chief TD (enrolments) and the scorer (the
/// section, board 1's deal, four pairs, two tables).
pub fn pairs_at_two_tables(p: &Path, name: &str) {
    let (chief, td, scorer) = (super::key(1), super::key(2), super::key(3));
    let g = match super::genesis() {
        Payload::Genesis(mut g) => {
            g.name = name.into();
            g
        }
        _ => unreachable!(),
    };
    let mut log = Log::create(p, &chief, g).unwrap();
    log.append(&chief, super::enrol(&td, Role::Td, "Tom TD"))
        .unwrap();
    log.append(&chief, super::enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append(&chief, super::enrol(&super::key(5), Role::Td, "Tina TD"))
        .unwrap();
    log.append(
        &chief,
        super::enrol(&super::key(8), Role::Organiser, "Olga Organiser"),
    )
    .unwrap();
    let mut s = vec![
        Payload::Section(Section {
            section: "A".into(),
            form: Form::Pairs,
            title: "Pairs".into(),
        }),
        Payload::BoardFacts(BoardFacts {
            section: "A".into(),
            board: 1,
            dealer: None,
            vulnerable: None,
            deal: Some(
                "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96".into(),
            ),
        }),
    ];
    for n in 1..=4 {
        s.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: n.to_string(),
            name: format!("Pair {n}"),
            members: vec![],
            captain: None,
            phantom: false,
        })));
    }
    for table in 1..=2 {
        let (ns, ew) = pairs(table);
        s.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table,
            ns,
            ew,
            boards: vec![1],
        }));
    }
    log.append_batch(&scorer, s).unwrap();
}

/// The TD's ruling at `table` (Law 16B1, result stands, appeal notice given).
pub fn ruling(table: u32) -> Payload {
    let (ns, ew) = pairs(table);
    let mut v = serde_json::to_value(slot(table)).unwrap();
    let m = v.as_object_mut().unwrap();
    for (k, x) in [
        ("ns", json!(ns)),
        ("ew", json!(ew)),
        ("facts", json!("hesitation before 3NT")),
        ("facts_agreed", json!(true)),
        ("laws", json!(["16B1"])),
        ("category", json!("judgement")),
        ("decision", json!("result stands")),
        ("appeal_notice", json!(true)),
    ] {
        m.insert(k.into(), x);
    }
    Payload::Ruling(Box::new(serde_json::from_value(v).unwrap()))
}
