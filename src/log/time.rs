//! Signed time that deadlines can rely on.
//!
//! A signed time (`wall_ms`) is what the author's clock said; a hostile device can put any
//! time there. What it cannot forge is another device's receipt: when a device merges events
//! it signs a `log.receipt` naming what it received, with its own clock. So:
//! - an event's **arrival** is the time of the earliest receipt covering it from a device other
//!   than its author's; an event no receipt covers arrived when it was signed (it was appended
//!   where this log lives; a row that appears in the file on its own gets the finding
//!   device's receipt, `log::seen`);
//! - a receipt covers only events in its **causal past** (its deps name them or what follows
//!   them): a receipt cannot say when an event reached its signer before the event existed,
//!   or for one it did not hold (issue 29: a TD key's receipt naming the chief TD's sequence
//!   numbers not yet signed, dated early, flagged the chief's honest events as future-dated).
//!   One exception keeps future-dated events visible: a device that merges an event dated
//!   ahead of its clock does not name it (it would drag the receipt's own time forward), so
//!   a receipt by a **chief TD key** also covers the events it names that are dated more
//!   than the tolerance ahead of it (the chief TD is trusted for time: it accepts late
//!   arrivals too);
//! - an event is **future-dated** when its signed time is ahead of its arrival by more than the
//!   clock tolerance (a signed setting, 5 minutes by default);
//! - a deadline-sensitive step whose arrival is later than its deadline plus the tolerance is a
//!   **late arrival** (`appeals`): it waits for the chief TD's `time.accepted`.
//!
//! Two colluding keys can vouch for each other's times (one signs a receipt for the other's
//! backdated step, which it holds); that is in the threat model as detected only by the other
//! devices' receipts, which name the same events later.

use super::event::CheckedEvent;
use super::hash::Hash32;
use super::verify::Verified;
use crate::events::{Payload, Received};
use serde::Serialize;
use std::collections::HashMap;

/// The clock tolerance when the organiser has not set one: 5 minutes.
pub const DEFAULT_TOLERANCE_MS: i64 = 5 * 60_000;

/// One receipt as the log holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReceiptRec {
    pub event: Hash32,
    pub author: Hash32,
    pub wall_ms: i64,
    pub received: Vec<Received>,
    /// Per entry of `received`, the newest sequence number of its author in the receipt's
    /// causal past: the receipt covers that author's events up to there.
    #[serde(skip)]
    pub known: Vec<u64>,
    /// Signed by a chief TD key: it also covers the events it names that are dated ahead of
    /// it beyond the tolerance (the future-dated flag).
    #[serde(skip)]
    pub chief: bool,
}

impl ReceiptRec {
    /// Does this receipt say when event `seq` of `author`, signed at `wall_ms`, reached its
    /// signer?
    fn covers(&self, author: &Hash32, seq: u64, wall_ms: i64, tolerance_ms: i64) -> bool {
        self.author != *author
            && self.received.iter().zip(&self.known).any(|(x, known)| {
                x.author == *author
                    && (x.from_seq..=x.to_seq).contains(&seq)
                    && (seq <= *known
                        || (self.chief && wall_ms > self.wall_ms.saturating_add(tolerance_ms)))
            })
    }
}

/// Every receipt of a log (or of its first part, for a fold up to an event).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Receipts {
    pub list: Vec<ReceiptRec>,
}

/// When an event first reached another device, and the receipt that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Arrival {
    pub ms: i64,
    pub receipt: Hash32,
    pub by: Hash32,
}

impl Receipts {
    /// The receipts of a verified log, each with what its causal past holds of the authors
    /// it names.
    pub fn from_verified(v: &Verified) -> Receipts {
        let found: Vec<(usize, &crate::events::LogReceipt)> = v
            .events
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match &e.payload {
                Payload::LogReceipt(r) => Some((i, r)),
                _ => None,
            })
            .collect();
        if found.is_empty() {
            return Receipts::default();
        }
        let past = Past::new(v, found.iter().map(|(i, _)| *i));
        let list = found
            .into_iter()
            .map(|(i, r)| {
                let e = &v.events[i];
                ReceiptRec {
                    event: e.id,
                    author: e.env.author,
                    wall_ms: e.env.wall_ms,
                    known: r
                        .received
                        .iter()
                        .map(|x| past.newest_in_past(i, &x.author, x.from_seq, x.to_seq))
                        .collect(),
                    received: r.received.clone(),
                    chief: v
                        .keys
                        .get(&e.env.author)
                        .is_some_and(|k| k.role == crate::keys::Role::ChiefTd),
                }
            })
            .collect();
        Receipts { list }
    }

    /// The earliest receipt by another device that covers event `e`.
    pub fn arrival(&self, e: &CheckedEvent, tolerance_ms: i64) -> Option<Arrival> {
        self.list
            .iter()
            .filter(|r| r.covers(&e.env.author, e.env.seq, e.env.wall_ms, tolerance_ms))
            .map(|r| Arrival {
                ms: r.wall_ms,
                receipt: r.event,
                by: r.author,
            })
            .min_by_key(|a| (a.ms, a.receipt))
    }

    /// Is this step a late arrival for `deadline_ms`: first received (by another device)
    /// later than the deadline plus the tolerance?
    pub fn late(&self, e: &CheckedEvent, deadline_ms: i64, tolerance_ms: i64) -> Option<Arrival> {
        self.arrival(e, tolerance_ms)
            .filter(|a| a.ms > deadline_ms.saturating_add(tolerance_ms))
    }
}

/// What the causal past of a receipt holds of an author, for [`Receipts::from_verified`].
/// The common receipt (signed right after a merge) names the author's newest event among
/// its deps: one lookup. Only otherwise is the graph searched (ancestry is a prefix of the
/// author's chain, so by bisection), with the index built once.
struct Past<'a> {
    v: &'a Verified,
    /// (author, seq) of every event a receipt names as a predecessor.
    named: HashMap<Hash32, (Hash32, u64)>,
    index: std::cell::OnceCell<Index>,
}

struct Index {
    by_id: crate::log::hash::IdMap<usize>,
    by_place: HashMap<(Hash32, u64), usize>,
}

impl<'a> Past<'a> {
    fn new(v: &'a Verified, receipts: impl Iterator<Item = usize>) -> Past<'a> {
        let wanted: std::collections::HashSet<Hash32> = receipts
            .flat_map(|i| v.events[i].env.preds().copied().collect::<Vec<_>>())
            .collect();
        let named = v
            .events
            .iter()
            .filter(|e| wanted.contains(&e.id))
            .map(|e| (e.id, (e.env.author, e.env.seq)))
            .collect();
        Past {
            v,
            named,
            index: Default::default(),
        }
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| Index {
            by_id: self
                .v
                .events
                .iter()
                .enumerate()
                .map(|(i, e)| (e.id, i))
                .collect(),
            by_place: self
                .v
                .events
                .iter()
                .enumerate()
                .map(|(i, e)| ((e.env.author, e.env.seq), i))
                .collect(),
        })
    }

    /// The newest of `author`'s events `from..=to` in the causal past of event `r` (or
    /// `from - 1` if none).
    fn newest_in_past(&self, r: usize, author: &Hash32, from: u64, to: u64) -> u64 {
        let e = &self.v.events[r];
        let direct = e
            .env
            .preds()
            .filter_map(|p| self.named.get(p))
            .filter(|(a, _)| a == author)
            .map(|(_, s)| *s)
            .max()
            .unwrap_or(0);
        if direct >= to {
            return to;
        }
        // Bisection over (lo, hi]: lo is in the past (or below `from`), above hi is not.
        let (mut lo, mut hi) = (direct.max(from.saturating_sub(1)), to);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.is_ancestor(author, mid, r) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Is `author`'s event `seq` in the causal past of event `r`? Depth-first over the
    /// predecessors, pruned by Lamport counter and signed time (both fall along every edge).
    fn is_ancestor(&self, author: &Hash32, seq: u64, r: usize) -> bool {
        let ix = self.index();
        let Some(&target) = ix.by_place.get(&(*author, seq)) else {
            return false; // not signed (or not standing)
        };
        let t = &self.v.events[target].env;
        let mut stack = vec![r];
        let mut seen = std::collections::HashSet::new();
        while let Some(i) = stack.pop() {
            if i == target {
                return true;
            }
            let env = &self.v.events[i].env;
            if env.lamport <= t.lamport || env.wall_ms < t.wall_ms || !seen.insert(i) {
                continue;
            }
            stack.extend(env.preds().filter_map(|p| ix.by_id.get(p).copied()));
        }
        false
    }
}

/// An event whose signed time is ahead of the clock of the device that first received it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FutureDated {
    pub event: Hash32,
    pub author: Hash32,
    pub seq: u64,
    pub kind: String,
    pub wall_ms: i64,
    /// When another device first received it (its receipt's signed time).
    pub received_ms: i64,
    pub receipt: Hash32,
    pub ahead_ms: i64,
}

/// Every standing event dated more than `tolerance_ms` ahead of its arrival.
pub fn future_dated(v: &Verified, receipts: &Receipts, tolerance_ms: i64) -> Vec<FutureDated> {
    // Only a receipt by a chief TD key can date an event's arrival before the event's own
    // time (any other covers only its causal past, dated no earlier than what it follows).
    if !receipts.list.iter().any(|r| r.chief) {
        return vec![];
    }
    let mut by_author: HashMap<Hash32, Vec<usize>> = HashMap::new();
    for (i, e) in v.events.iter().enumerate() {
        by_author.entry(e.env.author).or_default().push(i);
    }
    let mut first: HashMap<usize, Arrival> = HashMap::new();
    for r in &receipts.list {
        for x in &r.received {
            let Some(chain) = by_author.get(&x.author) else {
                continue;
            };
            let start = chain.partition_point(|&i| v.events[i].env.seq < x.from_seq);
            for &i in &chain[start..] {
                let e = &v.events[i];
                if e.env.seq > x.to_seq {
                    break;
                }
                if !r.covers(&e.env.author, e.env.seq, e.env.wall_ms, tolerance_ms) {
                    continue;
                }
                let a = Arrival {
                    ms: r.wall_ms,
                    receipt: r.event,
                    by: r.author,
                };
                let slot = first.entry(i).or_insert(a);
                if (a.ms, a.receipt) < (slot.ms, slot.receipt) {
                    *slot = a;
                }
            }
        }
    }
    let mut out: Vec<FutureDated> = first
        .into_iter()
        .filter_map(|(i, a)| {
            let e = &v.events[i];
            let ahead = e.env.wall_ms.saturating_sub(a.ms);
            (ahead > tolerance_ms).then(|| FutureDated {
                event: e.id,
                author: e.env.author,
                seq: e.env.seq,
                kind: e.env.kind.to_string(),
                wall_ms: e.env.wall_ms,
                received_ms: a.ms,
                receipt: a.receipt,
                ahead_ms: ahead,
            })
        })
        .collect();
    out.sort_by_key(|f| (f.author, f.seq));
    out
}
