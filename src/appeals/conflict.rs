//! Conflicts: two concurrent steps on one appeal that the workflow cannot both apply (two
//! decisions, a decision and a withdrawal, two routings). No order of the log may settle
//! them (replay order breaks ties by key bytes, which is arbitrary): both are held, the
//! appeal shows the conflict, no score changes, and only the chief TD or the chair of the
//! appeal's committee settles it (`appeal.conflict_resolved`).
//!
//! Which steps are concurrent is a property of the whole event set (neither is in the
//! other's causal past), computed before folding ([`partners`]), so every device holding
//! the same events holds the same steps.

use super::Signed;
use crate::events::{Part, Payload};
use crate::log::{CheckedEvent, Hash32};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// The appeal (and part) an exclusive step works on: a step that moves the appeal to a new
/// state, of which one only can follow another.
pub fn exclusive(p: &Payload) -> Option<(Hash32, Option<Part>)> {
    Some(match p {
        Payload::AppealDecided(d) => (d.appeal, d.part),
        Payload::AppealRouted(r) => (r.appeal, r.part),
        Payload::CommitteeConvened(c) => (c.appeal, c.part),
        Payload::AppealWithdrawn(w) => (w.appeal, None),
        Payload::AppealReferred(r) => (r.appeal, None),
        Payload::AppealFurther(f) => (f.appeal, None),
        _ => return None,
    })
}

/// Do two exclusive steps compete: the same appeal, and the same part or the whole appeal?
fn compete(a: &(Hash32, Option<Part>), b: &(Hash32, Option<Part>)) -> bool {
    a.0 == b.0 && (a.1 == b.1 || a.1.is_none() || b.1.is_none())
}

/// For each exclusive step, the competing steps concurrent with it in `events`.
pub fn partners(events: &[CheckedEvent]) -> HashMap<Hash32, Vec<Hash32>> {
    let steps: Vec<(usize, (Hash32, Option<Part>))> = events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| exclusive(&e.payload).map(|x| (i, x)))
        .collect();
    let mut out: HashMap<Hash32, Vec<Hash32>> = HashMap::new();
    // Pairs on one appeal only; the causal index is built only when there is a pair.
    let mut pairs = vec![];
    for (n, (i, a)) in steps.iter().enumerate() {
        for (j, b) in &steps[n + 1..] {
            if compete(a, b) {
                pairs.push((*i, *j));
            }
        }
    }
    if pairs.is_empty() {
        return out;
    }
    let index: HashMap<Hash32, usize> = events.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    for (i, j) in pairs {
        let (x, y) = (&events[i], &events[j]);
        if !before(events, &index, i, j) && !before(events, &index, j, i) {
            out.entry(x.id).or_default().push(y.id);
            out.entry(y.id).or_default().push(x.id);
        }
    }
    out
}

/// Is event `x` in the causal past of event `y`? A walk back from `y` over `prev` and
/// `deps`, never below `x`'s Lamport counter (nothing there can lead to `x`).
fn before(events: &[CheckedEvent], index: &HashMap<Hash32, usize>, x: usize, y: usize) -> bool {
    let target = events[x].id;
    let floor = events[x].env.lamport;
    let mut seen = HashSet::new();
    let mut stack = vec![y];
    while let Some(n) = stack.pop() {
        let e = &events[n];
        for p in e.env.prev.iter().chain(e.env.deps.iter()) {
            if *p == target {
                return true;
            }
            if let Some(&k) = index.get(p) {
                if events[k].env.lamport > floor && seen.insert(k) {
                    stack.push(k);
                }
            }
        }
    }
    false
}

/// A conflict on an appeal: the competing steps, held, and how it was settled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Conflict {
    /// The competing steps, in replay order (each passed the workflow's checks).
    pub steps: Vec<Signed>,
    pub resolved: Option<Resolution>,
}

impl Conflict {
    pub fn is_open(&self) -> bool {
        self.resolved.is_none()
    }
    pub fn has(&self, id: &Hash32) -> bool {
        self.steps.iter().any(|s| s.event == *id)
    }
}

/// The signed settlement of a conflict.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Resolution {
    /// The step that stands; the others are set aside.
    pub stands: Hash32,
    pub reason: String,
    pub signed: Signed,
}
