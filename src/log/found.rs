//! A head set found in a verified log: the head set of the log as it stands
//! (`HeadSet::of`), and whether a written-down digest is still contained in it (`find`):
//! now, at a checkpoint, or right after or before one of its events. Apart from
//! `log::digest` (the head set and the digest as values), which `log::verify` uses, so that
//! neither imports the other.
use super::digest::{Digest, HeadSet};
use super::hash::Hash32;
use super::verify::Verified;
use crate::events::{HeadRef, Payload};
use std::collections::HashMap;

impl HeadSet {
    /// The head set of a verified log: its standing and its excluded events. (A settled
    /// log carries it: [`Verified::heads`].)
    pub fn of(v: &Verified) -> HeadSet {
        // Per author in a hash map first, sorted once at the end: a million events each
        // looked up in the ordered map by a 32-byte key took a tenth of a second.
        let mut m: crate::log::hash::IdMap<(u64, Hash32)> = Default::default();
        let all = v.events.iter().map(|e| (e.env.author, e.env.seq, e.id));
        for (author, seq, id) in all.chain(v.excluded.iter().map(|x| (x.author, x.seq, x.id))) {
            let slot = m.entry(author).or_insert((seq, id));
            if seq > slot.0 || (seq == slot.0 && id < slot.1) {
                *slot = (seq, id);
            }
        }
        HeadSet {
            heads: m.into_iter().collect(),
        }
    }
}

/// Where a digest was found in a log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The log as it is now.
    Now,
    /// A signed checkpoint commits to it.
    Checkpoint(Hash32),
    /// The log as it was right after this event (the event and its causal past).
    After(Hash32),
    /// The log as it was right before this event (its causal past without it: the state
    /// its signer held when it signed it).
    Before(Hash32),
}

/// Does `v` still contain a state whose digest is `d`? Tries the log as it is, its
/// checkpoints, then for every event its causal past with and without it: the state of the
/// device that signed it right after, and right before (an append names every head the
/// device holds, so that is the state it had, a merge without a receipt included).
pub fn find(v: &Verified, d: &Digest) -> Option<Found> {
    let now = HeadSet::of(v);
    if now.digest() == *d {
        return Some(Found::Now);
    }
    if d.events > now.events() {
        return None;
    }
    for e in &v.events {
        if let Payload::LogCheckpoint(c) = &e.payload {
            if HeadSet::from_refs(&c.heads).digest() == *d && contains(v, &c.heads) {
                return Some(Found::Checkpoint(e.id));
            }
        }
    }
    // Version vectors of every event's causal past (standing events only).
    let authors: Vec<Hash32> = now.heads.keys().copied().collect();
    let index: HashMap<Hash32, usize> = authors.iter().enumerate().map(|(i, a)| (*a, i)).collect();
    let mut at: HashMap<(usize, u64), Hash32> = HashMap::with_capacity(v.events.len());
    let mut vv: HashMap<Hash32, Vec<u64>> = HashMap::with_capacity(v.events.len());
    for e in &v.events {
        let a = index[&e.env.author];
        at.insert((a, e.env.seq), e.id);
        let mut mine = vec![0u64; authors.len()];
        for p in e.env.preds() {
            if let Some(pv) = vv.get(p) {
                for (m, x) in mine.iter_mut().zip(pv) {
                    *m = (*m).max(*x);
                }
            }
        }
        // The state right before `e`: what it follows (its own chain up to its previous
        // event included), as its signer held it when it signed.
        if matches_digest(&mine, &at, &authors, d) {
            return Some(Found::Before(e.id));
        }
        mine[a] = e.env.seq;
        if matches_digest(&mine, &at, &authors, d) {
            return Some(Found::After(e.id));
        }
        vv.insert(e.id, mine);
    }
    None
}

/// Is the state with these newest sequence numbers per author (`mine`, by author index) the
/// one whose digest is `d`?
fn matches_digest(
    mine: &[u64],
    at: &HashMap<(usize, u64), Hash32>,
    authors: &[Hash32],
    d: &Digest,
) -> bool {
    if mine.iter().sum::<u64>() != d.events {
        return false;
    }
    let mut h = HeadSet::default();
    let complete = mine
        .iter()
        .enumerate()
        .filter(|(_, s)| **s > 0)
        .all(|(i, s)| {
            at.get(&(i, *s))
                .map(|id| h.add(authors[i], *s, *id))
                .is_some()
        });
    complete && h.digest() == *d
}

/// Does `v` hold every event the head references name?
pub fn contains(v: &Verified, refs: &[HeadRef]) -> bool {
    let ids: std::collections::HashSet<Hash32> = v
        .events
        .iter()
        .map(|e| e.id)
        .chain(v.excluded.iter().map(|x| x.id))
        .collect();
    refs.iter().all(|r| ids.contains(&r.id))
}
