//! The movement of results that name no table.

use std::collections::{BTreeMap, BTreeSet};

/// Rebuilds a movement for results that name no table (JFR Pary's PBN, USEBIO travellers):
/// each meeting of two pairs `(ns, ew)` is one table, in the first round where neither pair
/// already plays, numbered from 1 within its round. Deterministic (input order). Returns
/// each meeting's (round, table) and the number of rounds.
pub(crate) fn rebuild(meetings: &[(String, String)]) -> (Vec<(u32, u32)>, usize) {
    let mut known: BTreeMap<(&str, &str), (u32, u32)> = BTreeMap::new();
    let mut busy: Vec<BTreeSet<&str>> = vec![];
    let mut tables: Vec<u32> = vec![];
    let mut out = Vec::with_capacity(meetings.len());
    for (ns, ew) in meetings {
        let key = (ns.as_str(), ew.as_str());
        let rt = *known.entry(key).or_insert_with(|| {
            let i = busy
                .iter()
                .position(|b| !b.contains(ns.as_str()) && !b.contains(ew.as_str()))
                .unwrap_or_else(|| {
                    busy.push(BTreeSet::new());
                    tables.push(0);
                    busy.len() - 1
                });
            busy[i].insert(ns);
            busy[i].insert(ew);
            tables[i] += 1;
            (i as u32 + 1, tables[i])
        });
        out.push(rt);
    }
    (out, busy.len())
}
