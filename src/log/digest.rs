//! The head digest: a short, readable-aloud commitment to everything a log holds.
//!
//! The **head set** of a log is, for every author, its newest stored event (sequence number
//! and id; of two events at one sequence number, the smaller id). Because chains are
//! contiguous and every event names its predecessor, the head set determines every stored
//! event, and its **digest** (`events-XXXX-XXXX-XXXX`: the number of events and 60 bits of
//! SHA-256 over the head set in Crockford base32) is something a TD can write down, read
//! aloud or print on a results sheet. `tdlog verify --expect DIGEST` later checks that the
//! log still contains everything that digest covered.

use super::event::CheckedEvent;
use super::hash::Hash32;
use super::verify::Verified;
use crate::events::{HeadRef, Payload};
use sha2::{Digest as _, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// Every author's newest event: author -> (seq, id).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeadSet {
    pub heads: BTreeMap<Hash32, (u64, Hash32)>,
}

impl HeadSet {
    /// Adds one stored event (standing or not).
    pub fn add(&mut self, author: Hash32, seq: u64, id: Hash32) {
        let slot = self.heads.entry(author).or_insert((seq, id));
        if seq > slot.0 || (seq == slot.0 && id < slot.1) {
            *slot = (seq, id);
        }
    }

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

    pub fn from_refs(refs: &[HeadRef]) -> HeadSet {
        let mut h = HeadSet::default();
        for r in refs {
            h.add(r.author, r.seq, r.id);
        }
        h
    }

    pub fn refs(&self) -> Vec<HeadRef> {
        self.heads
            .iter()
            .map(|(a, (s, id))| HeadRef {
                author: *a,
                seq: *s,
                id: *id,
            })
            .collect()
    }

    /// Events covered: chains are contiguous, so the sum of the newest sequence numbers.
    pub fn events(&self) -> u64 {
        self.heads.values().map(|(s, _)| *s).sum()
    }

    pub fn digest(&self) -> Digest {
        let mut h = Sha256::new();
        h.update(b"tdlog/heads/v1\0");
        for (a, (s, id)) in &self.heads {
            h.update(a.0);
            h.update(s.to_be_bytes());
            h.update(id.0);
        }
        let out: [u8; 32] = h.finalize().into();
        Digest {
            events: self.events(),
            bits: u64::from_be_bytes(out[..8].try_into().unwrap_or_default()) >> 4,
        }
    }

    /// The heads of `self` that `other` lacks (neither the same event nor a later one of
    /// that author): what is missing from `other`.
    pub fn missing_from(&self, has: impl Fn(&Hash32, u64, &Hash32) -> bool) -> Vec<HeadRef> {
        self.refs()
            .into_iter()
            .filter(|r| !has(&r.author, r.seq, &r.id))
            .collect()
    }
}

/// A head digest: the number of events and 60 bits of the head set's hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Digest {
    pub events: u64,
    /// The top 60 bits of SHA-256 over the head set.
    pub bits: u64,
}

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(14);
        for i in 0..12 {
            if i > 0 && i % 4 == 0 {
                s.push('-');
            }
            let v = (self.bits >> (55 - 5 * i)) & 31;
            s.push(CROCKFORD[v as usize] as char);
        }
        write!(f, "{}-{s}", self.events)
    }
}

impl std::str::FromStr for Digest {
    type Err = String;
    /// Reads a digest as written down: case, spaces and dashes do not matter, and the
    /// letters people confuse with digits (O, I, L) read as 0, 1, 1.
    fn from_str(s: &str) -> Result<Digest, String> {
        let bad = || format!("{s:?} is not a head digest (like 1234-7K2M-Q9XD-4HPA)");
        let (n, rest) = s.trim().split_once('-').ok_or_else(bad)?;
        let events: u64 = n.trim().parse().map_err(|_| bad())?;
        let mut bits = 0u64;
        let mut count = 0;
        for c in rest.chars().filter(|c| !c.is_whitespace() && *c != '-') {
            let c = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            let v = CROCKFORD
                .iter()
                .position(|&x| x as char == c)
                .ok_or_else(bad)?;
            bits = (bits << 5) | v as u64;
            count += 1;
        }
        if count != 12 {
            return Err(bad());
        }
        Ok(Digest { events, bits })
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

/// The digest a checkpoint event names, checked against its heads.
pub fn checkpoint_digest(e: &CheckedEvent) -> Option<Digest> {
    match &e.payload {
        Payload::LogCheckpoint(c) => Some(HeadSet::from_refs(&c.heads).digest()),
        _ => None,
    }
}
