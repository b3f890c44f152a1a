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
use crate::events::{HeadRef, Payload};
use sha2::{Digest as _, Sha256};
use std::collections::BTreeMap;
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

/// The digest a checkpoint event names, checked against its heads.
pub fn checkpoint_digest(e: &CheckedEvent) -> Option<Digest> {
    match &e.payload {
        Payload::LogCheckpoint(c) => Some(HeadSet::from_refs(&c.heads).digest()),
        _ => None,
    }
}
