//! Folding the verified log into projections. Scores, rankings, deadlines and appeal
//! states are projections: rebuilt from the events in replay order, never stored as truth.

use super::event::CheckedEvent;
use super::hash::Hash32;
use super::verify::Verified;
use crate::keys::KeyInfo;

/// A read model built by folding events in replay order. Implementations are pure: the
/// same events give the same state on every machine.
pub trait Projection {
    /// Folds one standing event; `signer` is the key that signed it, as enrolled.
    fn apply(&mut self, event: &CheckedEvent, signer: &KeyInfo);
}

/// Folds every standing event of a verified log into `p`, in replay order.
pub fn replay<P: Projection + ?Sized>(log: &Verified, p: &mut P) {
    // An event's signer is one of the few devices at the event: they are looked up in a
    // short list first (a million lookups in the key map were a tenth of a fold).
    let mut recent: Vec<(Hash32, Option<&KeyInfo>)> = Vec::new();
    for e in &log.events {
        let a = e.env.author;
        let k = match recent.iter().find(|(r, _)| *r == a) {
            Some(&(_, k)) => k,
            None => {
                let k = log.keys.get(&a);
                if recent.len() < 16 {
                    recent.push((a, k));
                }
                k
            }
        };
        if let Some(k) = k {
            p.apply(e, k);
        }
    }
}

/// The simplest projection: how many events of each type, and by whom. Used by the shell
/// and as a smoke test of the fold.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Census {
    pub events: u64,
    pub by_type: std::collections::BTreeMap<String, u64>,
    pub by_role: std::collections::BTreeMap<String, u64>,
}

impl Projection for Census {
    fn apply(&mut self, event: &CheckedEvent, signer: &KeyInfo) {
        self.events += 1;
        *self.by_type.entry(event.env.kind.to_string()).or_default() += 1;
        *self.by_role.entry(signer.role.to_string()).or_default() += 1;
    }
}
