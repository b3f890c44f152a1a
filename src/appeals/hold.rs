//! Steps held back instead of applied: late arrivals (until the chief TD accepts them) and
//! concurrent competing steps (a conflict, until it is settled).

use super::*;

impl Workflow {
    /// The deadline a step must reach the log by, and its law.
    pub(super) fn arrival_deadline(&self, p: &Payload) -> Option<(i64, &'static str)> {
        match p {
            Payload::AppealFiled(f) => self
                .rulings
                .get(&f.ruling)
                .and_then(|r| self.appeal_deadline_of(r))
                .map(|d| (d, "92B")),
            Payload::Ruling(r) if r.corrects.is_none() => {
                self.request_deadline_of(&r.slot).map(|d| (d, "92B"))
            }
            Payload::ScoreCorrected(c) if c.late_consent.is_none() => {
                correction_deadline(&self.publications, &self.settings, &c.slot.section)
                    .map(|d| (d, "79C1"))
            }
            _ => None,
        }
    }

    /// Is `e` a late arrival: a deadline-sensitive step first received by another device
    /// after its deadline plus the clock tolerance?
    pub(super) fn late_arrival(&self, e: &CheckedEvent, k: &KeyInfo) -> Option<LateArrival> {
        let (d, law) = self.arrival_deadline(&e.payload)?;
        let a = self
            .receipts
            .late(e, d, self.settings.clock_tolerance_ms())?;
        Some(LateArrival {
            signed: Signed::of(e, k),
            law,
            deadline_ms: d,
            deadline: rfc3339(d),
            arrival_ms: a.ms,
            arrival: rfc3339(a.ms),
            receipt: a.receipt,
            received_by: self
                .keys
                .get(&a.by)
                .map_or_else(|| a.by.short(), |(_, h)| h.clone()),
            accepted: None,
        })
    }

    /// Held steps to apply now: a late arrival the chief TD has just accepted
    /// (`time.accepted` folded last), a step whose concurrent partners all failed their
    /// checks, the step a conflict's settlement says stands.
    pub(super) fn released(&mut self, p: &Payload) -> Vec<(CheckedEvent, KeyInfo)> {
        let mut out = vec![];
        if let Payload::TimeAccepted(t) = p {
            out.extend(self.held.remove(&t.event));
        }
        for id in std::mem::take(&mut self.release_queue) {
            out.extend(self.conflict_held.remove(&id));
        }
        out
    }

    /// A competing step folded (standing, held or refused): partners held waiting for it
    /// may now be released.
    pub(super) fn note_folded(&mut self, id: Hash32) {
        let Some(ps) = self.partners.get(&id).cloned() else {
            return;
        };
        self.excl_folded.insert(id);
        for p in ps {
            if let Some(n) = self.waiting.get_mut(&p) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    self.waiting.remove(&p);
                    self.bypass.insert(p);
                    self.release_queue.push(p);
                }
            }
        }
    }

    /// Holds a competing step that is concurrent with others in the log (a conflict, or
    /// one until its partners are folded). Returns whether it was held.
    pub(super) fn hold_conflicting(&mut self, e: &CheckedEvent, k: &KeyInfo) -> bool {
        if self.bypass.contains(&e.id) {
            return false;
        }
        let Some(ps) = self.partners.get(&e.id).cloned() else {
            return false;
        };
        let Some((appeal, _)) = conflict::exclusive(&e.payload) else {
            return false;
        };
        let held: Vec<Hash32> = ps
            .iter()
            .filter(|p| self.conflict_held.contains_key(p))
            .copied()
            .collect();
        let remaining = ps.iter().filter(|p| !self.excl_folded.contains(p)).count();
        if held.is_empty() && remaining == 0 {
            // Every partner failed its checks: nothing competes.
            self.note_folded(e.id);
            return false;
        }
        self.conflict_held.insert(e.id, (e.clone(), k.clone()));
        if held.is_empty() {
            self.waiting.insert(e.id, remaining);
        } else {
            let signed_of = |w: &Workflow, id: &Hash32| {
                w.conflict_held.get(id).map(|(he, hk)| Signed::of(he, hk))
            };
            let mut members: Vec<Signed> =
                held.iter().filter_map(|id| signed_of(self, id)).collect();
            members.push(Signed::of(e, k));
            for id in held.iter().chain([&e.id]) {
                self.waiting.remove(id);
            }
            if let Some(a) = self.appeals.get_mut(&appeal) {
                match a
                    .conflicts
                    .iter_mut()
                    .find(|c| c.is_open() && held.iter().any(|h| c.has(h)))
                {
                    Some(c) => {
                        for m in members {
                            if !c.has(&m.event) {
                                c.steps.push(m);
                            }
                        }
                    }
                    None => a.conflicts.push(conflict::Conflict {
                        steps: members,
                        resolved: None,
                    }),
                }
            }
        }
        self.note_folded(e.id);
        true
    }
}
