//! Signed time that deadlines can rely on.
//!
//! A signed time (`wall_ms`) is what the author's clock said; a hostile device can put any
//! time there. What it cannot forge is another device's receipt: when a device merges events
//! it signs a `log.receipt` naming what it received, with its own clock. So:
//! - an event's **arrival** is the time of the earliest receipt covering it from a device other
//!   than its author's; an event no receipt covers arrived when it was signed (it was appended
//!   where this log lives);
//! - an event is **future-dated** when its signed time is ahead of its arrival by more than the
//!   clock tolerance (a signed setting, 5 minutes by default);
//! - a deadline-sensitive step whose arrival is later than its deadline plus the tolerance is a
//!   **late arrival** (`appeals`): it waits for the chief TD's `time.accepted`.
//!
//! Two colluding keys can vouch for each other's times (one signs a receipt for the other's
//! backdated step); that is in the threat model as detected only by the other devices'
//! receipts, which name the same events later.

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
    pub fn from_events<'a>(events: impl IntoIterator<Item = &'a CheckedEvent>) -> Receipts {
        let list = events
            .into_iter()
            .filter_map(|e| match &e.payload {
                Payload::LogReceipt(r) => Some(ReceiptRec {
                    event: e.id,
                    author: e.env.author,
                    wall_ms: e.env.wall_ms,
                    received: r.received.clone(),
                }),
                _ => None,
            })
            .collect();
        Receipts { list }
    }

    /// The earliest receipt by another device covering event `seq` of `author`.
    pub fn arrival(&self, author: &Hash32, seq: u64) -> Option<Arrival> {
        self.list
            .iter()
            .filter(|r| r.author != *author)
            .filter(|r| {
                r.received
                    .iter()
                    .any(|x| x.author == *author && (x.from_seq..=x.to_seq).contains(&seq))
            })
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
        self.arrival(&e.env.author, e.env.seq)
            .filter(|a| a.ms > deadline_ms.saturating_add(tolerance_ms))
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
    if receipts.list.is_empty() {
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
            if x.author == r.author {
                continue;
            }
            let start = chain.partition_point(|&i| v.events[i].env.seq < x.from_seq);
            for &i in &chain[start..] {
                if v.events[i].env.seq > x.to_seq {
                    break;
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
