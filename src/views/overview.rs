//! The Tournament screen's header and state: the genesis facts (name, game, organiser, rule
//! profile, chief TD), every key with its holder, role and state, the verification state of
//! the log (standing and excluded events, pending forks, results warnings), and the sections,
//! rounds, tables and boards present.
use super::text;
use super::Replayed;
use crate::events::{Form, Game, Payload};
use crate::i18n::{Lang, Msg};
use crate::keys::{fingerprint, Revocation, Role};
use crate::log::{Excluded, Hash32, PendingFork};
use crate::results::Warning;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, Serialize)]
pub struct Overview {
    pub log_id: Hash32,
    pub name: String,
    pub game: Option<Game>,
    pub organiser: String,
    pub rule_profile: String,
    pub chief_td: String,
    pub keys: Vec<KeyRow>,
    pub verification: Verification,
    pub sections: Vec<SectionRow>,
}

#[derive(Debug, Clone, Serialize)]
pub struct KeyRow {
    pub key: Hash32,
    pub fingerprint: String,
    pub holder: String,
    pub role: Role,
    pub role_text: Msg,
    /// `enrolled`, `revoked` or `fork_blocked`.
    pub state: &'static str,
    pub state_text: Msg,
    pub revoked: Option<Revocation>,
    /// Standing events this key signed.
    pub events: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Verification {
    /// Every signature, chain, causal link and key checked (the log would not replay otherwise).
    pub verified: bool,
    /// Strict verification also passes (no fork awaiting the chief TD's ruling).
    pub strict: bool,
    pub standing: usize,
    pub excluded: Vec<Excluded>,
    pub pending_forks: Vec<PendingFork>,
    /// Things the results fold noticed for a TD or scorer to look at.
    pub warnings: Vec<Warning>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SectionRow {
    pub section: String,
    pub title: Option<String>,
    pub form: Option<Form>,
    pub rounds: Vec<RoundRow>,
    /// Every board of the section with a deal, a result or a recorded call or card.
    pub boards: Vec<u32>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RoundRow {
    pub round: u32,
    pub tables: Vec<u32>,
    pub boards: Vec<u32>,
}

/// The overview of the tournament.
pub fn overview(r: &Replayed, lang: Lang) -> Overview {
    let log = &r.log;
    let genesis = log.events.iter().find_map(|e| match &e.payload {
        Payload::Genesis(g) => Some(g),
        _ => None,
    });
    let mut signed: BTreeMap<Hash32, usize> = BTreeMap::new();
    for e in &log.events {
        *signed.entry(e.env.author).or_default() += 1;
    }
    let blocked: BTreeSet<Hash32> = log.pending_forks.iter().map(|f| f.author).collect();
    // Keys in the order they were enrolled (the chief TD of the genesis first).
    let position: BTreeMap<Hash32, usize> = log
        .events
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut enrolled: Vec<_> = log.keys.keys.values().collect();
    enrolled.sort_by_key(|k| (position.get(&k.enrolled_by).copied(), k.key));
    let keys = enrolled
        .into_iter()
        .map(|k| {
            let state = if blocked.contains(&k.key) {
                "fork_blocked"
            } else if k.revoked.is_some() {
                "revoked"
            } else {
                "enrolled"
            };
            KeyRow {
                key: k.key,
                fingerprint: fingerprint(&k.key),
                holder: k.holder.clone(),
                role: k.role,
                role_text: text::role(lang, k.role),
                state,
                state_text: Msg::new(lang, &format!("key.{state}"), &[]),
                revoked: k.revoked.clone(),
                events: signed.get(&k.key).copied().unwrap_or(0),
            }
        })
        .collect();
    Overview {
        log_id: log.log_id,
        name: genesis.map(|g| g.name.clone()).unwrap_or_default(),
        game: genesis.map(|g| g.game),
        organiser: genesis.map(|g| g.organiser.clone()).unwrap_or_default(),
        rule_profile: genesis.map(|g| g.rule_profile.clone()).unwrap_or_default(),
        chief_td: genesis.map(|g| g.chief_td.clone()).unwrap_or_default(),
        keys,
        verification: Verification {
            verified: true,
            strict: log.pending_forks.is_empty(),
            standing: log.events.len(),
            excluded: log.excluded.clone(),
            pending_forks: log.pending_forks.clone(),
            warnings: r.tournament.warnings.clone(),
        },
        sections: sections(r),
    }
}

/// Sections, rounds, tables and boards from the structure, the results and the boards played.
fn sections(r: &Replayed) -> Vec<SectionRow> {
    type Rounds = BTreeMap<u32, (BTreeSet<u32>, BTreeSet<u32>)>;
    let mut all: BTreeMap<String, (Rounds, BTreeSet<u32>)> = BTreeMap::new();
    let t = &r.tournament;
    for s in t.sections.keys() {
        all.entry(s.clone()).or_default();
    }
    for ((s, round, table), a) in &t.tables {
        let e = all.entry(s.clone()).or_default();
        let rr = e.0.entry(*round).or_default();
        rr.0.insert(*table);
        rr.1.extend(a.boards.iter().copied());
        e.1.extend(a.boards.iter().copied());
    }
    for (s, b) in t.boards.keys() {
        all.entry(s.clone()).or_default().1.insert(*b);
    }
    for slot in t.slots.keys().chain(r.tables.tables.keys()) {
        let e = all.entry(slot.section.clone()).or_default();
        let rr = e.0.entry(slot.round).or_default();
        rr.0.insert(slot.table);
        rr.1.insert(slot.board);
        e.1.insert(slot.board);
    }
    all.into_iter()
        .map(|(section, (rounds, boards))| SectionRow {
            title: t.sections.get(&section).map(|s| s.title.clone()),
            form: t.sections.get(&section).map(|s| s.form),
            section,
            rounds: rounds
                .into_iter()
                .map(|(round, (tables, boards))| RoundRow {
                    round,
                    tables: tables.into_iter().collect(),
                    boards: boards.into_iter().collect(),
                })
                .collect(),
            boards: boards.into_iter().collect(),
        })
        .collect()
}
