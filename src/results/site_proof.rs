//! What a results site's board page carries so that a player's browser can check it without
//! trusting the publisher (issue 33): the stored bytes of every signed event behind the
//! board's lines, of every key event (so each signer traces to the tournament's genesis),
//! and of the publication, each with its inclusion proof in the publication's tree
//! (RFC 9162, `log::tree`); and the signed tree heads of that publication (the publisher's
//! and every witness's), which are after it and so outside its tree. The page's verifier
//! (`site/verify.js`) checks the signatures, the key chain and the proofs against the
//! signed head. Every earlier publication the page's one saw comes with its tree and the
//! consistency proof to this one (RFC 9162 §2.1.4), and the board's events added since: a
//! player who kept an earlier page sees that this one only added to it, and what.
//! Pure: a verified log and its stored bytes in, one JSON text per board out.

use super::tournament::Tournament;
use crate::events::Payload;
use crate::log::hash::{Hash32, IdMap};
use crate::log::tree::{self, Prover, TreeError};
use crate::log::{RawEvent, Verified};
use std::collections::{BTreeMap, BTreeSet};

/// One event as the page carries it: its stored bytes (hex) and, when it is in the tree,
/// its leaf index and audit path.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct PageEvent {
    pub(crate) body: String,
    pub(crate) sig: String,
    pub(crate) payload: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) index: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) path: Option<Vec<Hash32>>,
}

/// A board page's proof document (what `site_check` reads back).
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct PageProof {
    pub(crate) log_id: Hash32,
    pub(crate) publication: Hash32,
    pub(crate) tree: tree::TreeHead,
    /// The board's own events (results, rulings, corrections, decisions), by id.
    pub(crate) board: Vec<Hash32>,
    /// The events the board's comparison depends on, by id: the section's form, every
    /// scoring policy, the board's facts and any Law 87 fouling, the movement's tables that
    /// schedule it and who sits out (a phantom, an absence). With them the page recomputes
    /// the board's scores (`site/score.js`) instead of trusting the HTML.
    #[serde(default)]
    pub(crate) context: Vec<Hash32>,
    pub(crate) events: Vec<PageEvent>,
    pub(crate) heads: Vec<PageEvent>,
    /// Every earlier publication this one saw: its tree, the consistency proof from it to
    /// this tree, and what was added since (how many events; the board's own, by id).
    #[serde(default)]
    pub(crate) earlier: Vec<Earlier>,
}

/// An earlier publication as a board page carries it (RFC 9162 §2.1.4).
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Earlier {
    pub(crate) publication: Hash32,
    pub(crate) signed_at: String,
    pub(crate) tree: tree::TreeHead,
    pub(crate) path: Vec<Hash32>,
    pub(crate) added: u64,
    /// This board's events added since (their bytes are among the page's events).
    pub(crate) board_added: Vec<Hash32>,
}

/// The proof document of every board of `t` with a line on the site, as JSON, keyed by
/// (section, board); the events are those of `publication`'s tree. `raw` holds the stored
/// bytes of the log's events by id.
pub fn board_proofs(
    v: &Verified,
    raw: &IdMap<RawEvent>,
    t: &Tournament,
    publication: Hash32,
) -> Result<BTreeMap<(String, u32), String>, TreeError> {
    let prover = Prover::new(v, publication)?;
    // Every key event (there are few): with them all, the page knows every enrolment and
    // revocation the publication's tree holds.
    let keys: Vec<Hash32> = v
        .events
        .iter()
        .filter(|e| {
            matches!(
                e.payload,
                Payload::Genesis(_) | Payload::KeyEnrolled(_) | Payload::KeyRevoked(_)
            ) && prover.path(&e.id).is_some()
        })
        .map(|e| e.id)
        .collect();
    let heads: Vec<PageEvent> = tree::signed_heads(v)
        .into_iter()
        .filter(|h| h.publication == publication)
        .filter_map(|h| page_event(raw, &h.event, None))
        .collect();
    // Earlier publications this one saw, each with its consistency proof (a concurrent one,
    // which this publication did not see, has none and is left out).
    let earlier: Vec<(tree::Consistency, String)> = v
        .events
        .iter()
        .filter(|e| e.env.kind == "results.published" && e.id != publication)
        .filter(|e| prover.path(&e.id).is_some())
        .filter_map(|e| {
            tree::consistency(v, e.id, publication)
                .ok()
                .map(|c| (c, crate::appeals::clocks::rfc3339(e.env.wall_ms)))
        })
        .collect();
    let mut by_board: BTreeMap<(String, u32), BTreeSet<Hash32>> = BTreeMap::new();
    for (slot, s) in &t.slots {
        let ids = by_board
            .entry((slot.section.clone(), slot.board))
            .or_default();
        ids.extend(s.history.iter().map(|c| c.event));
    }
    let context = Context::new(v, &prover);
    let by_id: std::collections::HashMap<Hash32, &crate::log::CheckedEvent> =
        v.events.iter().map(|e| (e.id, e)).collect();
    let mut out = BTreeMap::new();
    for (board, ids) in by_board {
        // Only what the publication's tree holds: a line changed after it is not on it.
        let own: Vec<Hash32> = ids
            .into_iter()
            .filter(|id| prover.path(id).is_some())
            .collect();
        let mut context = context.of(&board.0, board.1);
        // An appeal decision's appeal and the ruling appealed, which name its table: a
        // ruling made before the table had a result is in no line's history.
        for id in &own {
            let appeal = match by_id.get(id).map(|e| &e.payload) {
                Some(Payload::AppealDecided(d)) => d.appeal,
                Some(Payload::AuthorityAnswered(x)) => x.appeal,
                _ => continue,
            };
            if let Some(Payload::AppealFiled(f)) = by_id.get(&appeal).map(|e| &e.payload) {
                for x in [appeal, f.ruling] {
                    if prover.path(&x).is_some() && !context.contains(&x) {
                        context.push(x);
                    }
                }
            }
        }
        let mut all: Vec<Hash32> = keys.clone();
        all.extend(own.iter().copied());
        all.extend(context.iter().filter(|id| !own.contains(id)).copied());
        all.push(publication);
        let events = all
            .iter()
            .filter_map(|id| page_event(raw, id, prover.path(id)))
            .collect();
        let earlier_here = earlier
            .iter()
            .map(|(c, at)| Earlier {
                publication: c.earlier,
                signed_at: at.clone(),
                tree: c.old,
                path: c.path.clone(),
                added: c.added.len() as u64,
                board_added: c
                    .added
                    .iter()
                    .filter(|id| own.contains(id))
                    .copied()
                    .collect(),
            })
            .collect();
        let doc = PageProof {
            log_id: v.log_id,
            publication,
            tree: prover.head,
            earlier: earlier_here,
            board: own,
            context,
            events,
            heads: heads.clone(),
        };
        // Hex and ids only: nothing in it can close the page's script element.
        if let Ok(json) = serde_json::to_string(&doc) {
            out.insert(board, json);
        }
    }
    Ok(out)
}

/// One version of a movement's table: its event and the boards it schedules.
type Version = (Hash32, Vec<u32>);

/// The events a board's comparison depends on, gathered once for every board (each in the
/// publication's tree).
struct Context {
    /// Events of a whole section, or of every section (key ""): forms, policies, who sits out.
    section: BTreeMap<String, Vec<Hash32>>,
    /// Events of one board: its facts and fouling.
    board: BTreeMap<(String, u32), Vec<Hash32>>,
    /// The movement's tables by (section, round, table), every version, with their boards.
    tables: BTreeMap<(String, u32, u32), Vec<Version>>,
}

impl Context {
    fn new(v: &Verified, prover: &Prover) -> Context {
        let mut c = Context {
            section: BTreeMap::new(),
            board: BTreeMap::new(),
            tables: BTreeMap::new(),
        };
        // Contestants who were ever a phantom: every version of them counts.
        let phantoms: BTreeSet<(String, String)> = v
            .events
            .iter()
            .filter_map(|e| match &e.payload {
                Payload::Contestant(x) if x.phantom => Some((x.section.clone(), x.id.clone())),
                _ => None,
            })
            .collect();
        for e in v.events.iter().filter(|e| prover.path(&e.id).is_some()) {
            let mut to_section = |s: &str| c.section.entry(s.to_string()).or_default().push(e.id);
            match &e.payload {
                Payload::Section(x) => to_section(&x.section),
                Payload::PolicySet(x) => to_section(x.section.as_deref().unwrap_or("")),
                Payload::Attendance(x) => to_section(&x.section),
                Payload::Contestant(x) if phantoms.contains(&(x.section.clone(), x.id.clone())) => {
                    to_section(&x.section)
                }
                Payload::BoardFacts(x) => c
                    .board
                    .entry((x.section.clone(), x.board))
                    .or_default()
                    .push(e.id),
                Payload::BoardFouled(x) => c
                    .board
                    .entry((x.section.clone(), x.board))
                    .or_default()
                    .push(e.id),
                Payload::TableAssignment(x) => c
                    .tables
                    .entry((x.section.clone(), x.round, x.table))
                    .or_default()
                    .push((e.id, x.boards.clone())),
                _ => {}
            }
        }
        c
    }

    /// The context of one board: its section's and the event-wide events, its own, and
    /// every version of each table that ever scheduled it (a later version that drops it
    /// changes the count).
    fn of(&self, section: &str, board: u32) -> Vec<Hash32> {
        let mut out: Vec<Hash32> = ["", section]
            .iter()
            .flat_map(|s| self.section.get(*s).into_iter().flatten().copied())
            .collect();
        out.extend(
            self.board
                .get(&(section.to_string(), board))
                .into_iter()
                .flatten()
                .copied(),
        );
        let key = section.to_string();
        for versions in self
            .tables
            .range((key.clone(), 0, 0)..=(key, u32::MAX, u32::MAX))
            .map(|(_, v)| v)
            .filter(|v| v.iter().any(|(_, b)| b.contains(&board)))
        {
            out.extend(versions.iter().map(|(id, _)| *id));
        }
        out.sort();
        out.dedup();
        out
    }
}

fn page_event(
    raw: &IdMap<RawEvent>,
    id: &Hash32,
    proof: Option<(u64, Vec<Hash32>)>,
) -> Option<PageEvent> {
    let r = raw.get(id)?;
    let (index, path) = match proof {
        Some((i, p)) => (Some(i), Some(p)),
        None => (None, None),
    };
    Some(PageEvent {
        body: hex::encode(&r.body),
        sig: hex::encode(&r.sig),
        payload: hex::encode(&r.payload),
        index,
        path,
    })
}

/// The event types of the board's events added since an earlier publication, each with its
/// name in `lang` (`event.<type>`), for the page to name the ruling or correction that moved
/// a score.
pub(crate) fn added_types(
    proof: &str,
    lang: crate::i18n::Lang,
) -> serde_json::Map<String, serde_json::Value> {
    let mut out = serde_json::Map::new();
    let Ok(doc) = serde_json::from_str::<PageProof>(proof) else {
        return out;
    };
    let added: BTreeSet<Hash32> = doc
        .earlier
        .iter()
        .flat_map(|e| e.board_added.iter().copied())
        .collect();
    for e in &doc.events {
        let (Ok(body), Ok(sig)) = (hex::decode(&e.body), hex::decode(&e.sig)) else {
            continue;
        };
        if !added.contains(&Hash32::digest(&[&body, &sig])) {
            continue;
        }
        if let Ok(env) = crate::log::Envelope::decode(&body) {
            let kind = env.kind.to_string();
            let name = crate::i18n::lookup(lang, &format!("event.{kind}")).unwrap_or(&kind);
            out.insert(kind.clone(), serde_json::Value::String(name.to_string()));
        }
    }
    out
}
