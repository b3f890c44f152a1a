//! What a results site's board page carries so that a player's browser can check it without
//! trusting the publisher (issue 33): the stored bytes of every signed event behind the
//! board's lines, of every key event (so each signer traces to the tournament's genesis),
//! and of the publication, each with its inclusion proof in the publication's tree
//! (RFC 9162, `log::tree`); and the signed tree heads of that publication (the publisher's
//! and every witness's), which are after it and so outside its tree. The page's verifier
//! (`site/verify.js`) checks the signatures, the key chain and the proofs against the
//! signed head. Pure: a verified log and its stored bytes in, one JSON text per board out.

use super::tournament::Tournament;
use crate::events::Payload;
use crate::log::hash::{Hash32, IdMap};
use crate::log::tree::{self, Prover, TreeError};
use crate::log::{RawEvent, Verified};
use std::collections::{BTreeMap, BTreeSet};

/// One event as the page carries it: its stored bytes (hex) and, when it is in the tree,
/// its leaf index and audit path.
#[derive(serde::Serialize, serde::Deserialize)]
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
    pub(crate) events: Vec<PageEvent>,
    pub(crate) heads: Vec<PageEvent>,
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
    let mut by_board: BTreeMap<(String, u32), BTreeSet<Hash32>> = BTreeMap::new();
    for (slot, s) in &t.slots {
        let ids = by_board
            .entry((slot.section.clone(), slot.board))
            .or_default();
        ids.extend(s.history.iter().map(|c| c.event));
    }
    let mut out = BTreeMap::new();
    for (board, ids) in by_board {
        // Only what the publication's tree holds: a line changed after it is not on it.
        let own: Vec<Hash32> = ids
            .into_iter()
            .filter(|id| prover.path(id).is_some())
            .collect();
        let mut all: Vec<Hash32> = keys.clone();
        all.extend(own.iter().copied());
        all.push(publication);
        let events = all
            .iter()
            .filter_map(|id| page_event(raw, id, prover.path(id)))
            .collect();
        let doc = PageProof {
            log_id: v.log_id,
            publication,
            tree: prover.head,
            board: own,
            events,
            heads: heads
                .iter()
                .map(|h| PageEvent {
                    body: h.body.clone(),
                    sig: h.sig.clone(),
                    payload: h.payload.clone(),
                    index: None,
                    path: None,
                })
                .collect(),
        };
        // Hex and ids only: nothing in it can close the page's script element.
        if let Ok(json) = serde_json::to_string(&doc) {
            out.insert(board, json);
        }
    }
    Ok(out)
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
