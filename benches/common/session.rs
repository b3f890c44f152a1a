//! The 200-table, 27-board pairs session shared by `benches/results.rs`, `benches/peer.rs` and
//! `benches/traveller.rs`:
//! every board played at every table (5,400 table results, 200 per board), signed by a scorer.
#![allow(dead_code)]

use std::path::Path;
use tdlog::bridge::seat::Seat;
use tdlog::events::{
    Contestant, Form, Game, Genesis, KeyEnrolled, Payload, ResultRecorded, Section, Slot,
    TableAssignment, TableResult,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::Log;

pub const TABLES: u32 = 200;
pub const BOARDS: u32 = 27;

/// One table result of the session, as a scorer's input file would hold it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Played {
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub ns: String,
    pub ew: String,
    pub contract: &'static str,
    pub declarer: char,
    pub tricks: u8,
}

/// Every result of the session, in round and table order (board = round).
pub fn played() -> Vec<Played> {
    let contracts = ["4S", "3NT", "4H", "2S", "5D"];
    let mut out = vec![];
    for round in 1..=BOARDS {
        for table in 1..=TABLES {
            let k = (table * 7 + round * 13) as usize;
            out.push(Played {
                round,
                table,
                board: round,
                ns: table.to_string(),
                ew: (TABLES + 1 + (table + round) % TABLES).to_string(),
                contract: contracts[k % 5],
                declarer: if k.is_multiple_of(2) { 'N' } else { 'E' },
                tricks: 7 + (k % 6) as u8,
            });
        }
    }
    out
}

/// The scorer's key that signs the session's structure and results.
pub fn scorer() -> DeviceKey {
    DeviceKey::from_seed([3; 32])
}

/// Writes the session to a new log at `path`; returns it with the chief TD's key.
pub fn build(path: &Path) -> (Log, DeviceKey) {
    build_leaving_out(path, |_| false)
}

/// The session with the results `leave_out` picks not recorded (their tables are in the
/// movement): what a scorer still has to enter.
pub fn build_leaving_out(path: &Path, leave_out: impl Fn(&Played) -> bool) -> (Log, DeviceKey) {
    let chief = DeviceKey::from_seed([1; 32]);
    let scorer = scorer();
    let mut log = Log::create(
        path,
        &chief,
        Genesis {
            name: "Results benchmark".into(),
            game: Game::Bridge,
            organiser: "bench".into(),
            rule_profile: "wbf-2017".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    log.append(
        &chief,
        Payload::KeyEnrolled(KeyEnrolled {
            key: scorer.public(),
            role: Role::Scorer,
            holder: "Scorer".into(),
        }),
    )
    .unwrap();
    let mut ps = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "Pairs".into(),
    })];
    for n in 1..=2 * TABLES {
        ps.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: n.to_string(),
            name: format!("Pair {n}"),
            members: vec![],
            captain: None,
            phantom: false,
        })));
    }
    for g in played() {
        ps.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: g.round,
            table: g.table,
            ns: g.ns.clone(),
            ew: g.ew.clone(),
            boards: vec![g.board],
        }));
        if leave_out(&g) {
            continue;
        }
        ps.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: Slot {
                section: "A".into(),
                round: g.round,
                table: g.table,
                board: g.board,
            },
            ns: g.ns,
            ew: g.ew,
            result: TableResult {
                contract: g.contract.into(),
                declarer: Some(if g.declarer == 'N' { Seat::N } else { Seat::E }),
                tricks: Some(g.tricks),
            },
        })));
    }
    for chunk in ps.chunks(2000) {
        log.append_batch(&scorer, chunk.to_vec()).unwrap();
    }
    (log, chief)
}
