//! Key playback: which signed events stand, and the key state they leave behind.
//!
//! The rules (threat model in `docs/ARCHITECTURE.md`):
//! - A key event (enrolment, revocation, fork ruling) takes effect only if its own event
//!   stands (not excluded, not void) and its signer may sign it at that point. An excluded
//!   event never changes key state.
//! - A revocation applies to every event of the revoked key above `last_valid_seq`, wherever
//!   that event falls in replay order: one that saw the revocation makes the log fail
//!   (`revoked`); one made without knowledge of it is excluded.
//! - Which revocations are in force is decided before playback, because a revoked key's
//!   concurrent events can come *earlier* in replay order (an author lowers its own Lamport
//!   counter by naming fewer deps). Candidates are taken in order of the signer's seniority
//!   (the genesis key first, then by the depth of the enrolment chain that made the signer a
//!   chief TD), then replay order. A revocation is in force if its signer is a chief TD key
//!   whose enrolment chain is in force and which no revocation in force cuts off at or before
//!   it. Of two chief TD keys revoking each other concurrently, the senior one stands.
//! - The assumption is then checked by playback itself: a revocation or fork ruling assumed
//!   in force whose event turns out not to stand is dropped and playback runs again (at most
//!   once per key event), so the result is a fixed point and the same on every machine.

use super::fault::{Fault, VerifyError};
use super::hash::{Hash32, IdMap};
use super::verify::{eref, fail, Excluded, Graph, PendingFork, Verified};
use crate::events::{spec, Payload};
use crate::keys::{KeyInfo, KeyState, Revocation, Role};
use std::collections::{HashMap, HashSet};

/// Key effects assumed to be in force before playback.
#[derive(Default)]
struct Assumed {
    /// Revoked key -> (revocation event, last valid seq): the lowest revocation in force.
    revoked: IdMap<(usize, u64)>,
    /// Every revocation event in force (two chiefs may revoke one key at once).
    revocations: HashSet<usize>,
    /// (key, seq) -> (ruling event, kept id): the fork ruling in force.
    resolutions: HashMap<(Hash32, u64), (usize, Hash32)>,
}

impl Assumed {
    fn events(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self.revocations.iter().copied().collect();
        v.extend(self.resolutions.values().map(|(i, _)| *i));
        v
    }
}

/// Seniority of a key: (depth of its enrolment chain, role, enrolling event).
type Ranks = IdMap<(u32, Role, usize)>;

/// The result of one playback pass.
struct Outcome {
    keys: KeyState,
    excluded: Vec<Excluded>,
    pending_forks: Vec<PendingFork>,
    void: Vec<bool>,
    /// Revocations and fork rulings whose events stood and took effect.
    applied: HashSet<usize>,
}

impl Graph {
    /// Replay order: `(lamport, author, seq, id)`, a topological order of the causal graph.
    fn replay_order(&self) -> Vec<usize> {
        // The sort keys side by side, not read through the events: a million events sorted
        // by reading their envelopes scattered in memory cost a cache miss a comparison.
        // Packed (24 bytes an event, held while every event is in memory): the author as its
        // place among the authors in key order (the chains are sorted by author), and the
        // sequence number in 32 bits, which it fits since chains run 1, 2, 3... without gaps.
        let mut keys: Vec<(u64, u64, u32)> = Vec::with_capacity(self.events.len());
        for (rank, chain) in self.chains.values().enumerate() {
            for &(seq, i) in &chain.0 {
                let author_seq = ((rank as u64) << 32) | (seq & u64::from(u32::MAX));
                keys.push((self.events[i].env.lamport, author_seq, i as u32));
            }
        }
        keys.sort_unstable();
        let mut order: Vec<usize> = keys.iter().map(|k| k.2 as usize).collect();
        // The sides of a fork can tie (same key, sequence number and Lamport counter): they
        // go in id order, never in the order the rows were read, which differs from device
        // to device (which side is in `event` and which in `fork_proof` is who arrived
        // first). In input order, which of two tied key events `assume` took first could
        // decide whether a fork ruling stood (found by `tests/key_playback_props.rs`).
        let mut start = 0;
        for tied in keys.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            let end = start + tied.len();
            order[start..end].sort_unstable_by_key(|&i| self.events[i].id);
            start = end;
        }
        order
    }

    /// Key playback in replay order, and the final list of standing events.
    pub(super) fn play(self) -> Result<Verified, VerifyError> {
        let order = self.replay_order();
        let key_events = order
            .iter()
            .filter(|&&i| is_ruling_key_event(&self.events[i].payload))
            .count();
        let ranks = self.ranks(&order);
        let mut banned = HashSet::new();
        for _ in 0..=key_events {
            let assumed = self.assume(&order, &ranks, &banned);
            let outcome = self.playback(&order, &assumed)?;
            let dropped: Vec<usize> = assumed
                .events()
                .into_iter()
                .filter(|i| !outcome.applied.contains(i))
                .collect();
            if dropped.is_empty() {
                return Ok(self.finish(order, outcome));
            }
            banned.extend(dropped);
        }
        Err(fail(
            None,
            Fault::KeyEvent("key playback did not settle".into()),
        ))
    }

    /// Seniority of every key reachable from the genesis by enrolments (first enrolment of
    /// a key in replay order; a second one is refused by playback).
    fn ranks(&self, order: &[usize]) -> Ranks {
        let mut ranks = Ranks::default();
        for &i in order {
            let e = &self.events[i];
            match &e.payload {
                Payload::Genesis(_) => {
                    ranks.entry(e.env.author).or_insert((0, Role::ChiefTd, i));
                }
                Payload::KeyEnrolled(k) => {
                    if let Some(&(r, _, _)) = ranks.get(&e.env.author) {
                        ranks.entry(k.key).or_insert((r + 1, k.role, i));
                    }
                }
                _ => {}
            }
        }
        ranks
    }

    /// Is `key` a chief TD key in force at its sequence number `seq`, given the revocations
    /// assumed so far (and so is every key of the chain that enrolled it)?
    fn chief_in_force(&self, key: Hash32, seq: u64, a: &Assumed, ranks: &Ranks) -> bool {
        let (mut key, mut seq) = (key, seq);
        for _ in 0..=ranks.len() {
            let Some(&(rank, role, enrolled_by)) = ranks.get(&key) else {
                return false;
            };
            if role != Role::ChiefTd {
                return false;
            }
            if a.revoked.get(&key).is_some_and(|&(_, last)| seq > last) {
                return false;
            }
            if rank == 0 {
                return true;
            }
            let en = &self.events[enrolled_by].env;
            (key, seq) = (en.author, en.seq);
        }
        false
    }

    /// Decides which revocations and fork rulings are in force (see the module doc).
    fn assume(&self, order: &[usize], ranks: &Ranks, banned: &HashSet<usize>) -> Assumed {
        // (rank, position in replay order, event): only the key events, not a map of every
        // event's position.
        let mut ranked: Vec<(u32, usize, usize)> = order
            .iter()
            .enumerate()
            .filter(|(_, i)| is_ruling_key_event(&self.events[**i].payload) && !banned.contains(*i))
            .map(|(p, &i)| {
                let rank = ranks
                    .get(&self.events[i].env.author)
                    .map_or(u32::MAX, |r| r.0);
                (rank, p, i)
            })
            .collect();
        ranked.sort_unstable();
        let mut candidates: Vec<usize> = ranked.into_iter().map(|r| r.2).collect();
        loop {
            let mut a = Assumed::default();
            for &i in &candidates {
                let env = &self.events[i].env;
                if self.chief_in_force(env.author, env.seq, &a, ranks) {
                    self.assume_one(i, &mut a);
                }
            }
            // A revocation accepted later (a junior key cutting off a senior one that did not
            // cut it off first) can take away the authority of one accepted earlier.
            let cut: Vec<usize> = a
                .events()
                .into_iter()
                .filter(|&i| {
                    let env = &self.events[i].env;
                    !self.chief_in_force(env.author, env.seq, &a, ranks)
                })
                .collect();
            if cut.is_empty() {
                return a;
            }
            candidates.retain(|i| !cut.contains(i));
        }
    }

    fn assume_one(&self, i: usize, a: &mut Assumed) {
        match &self.events[i].payload {
            Payload::KeyRevoked(r) => {
                a.revocations.insert(i);
                let slot = a.revoked.entry(r.key).or_insert((i, r.last_valid_seq));
                if r.last_valid_seq < slot.1 {
                    *slot = (i, r.last_valid_seq);
                }
            }
            Payload::ForkResolved(f) => {
                a.resolutions.entry((f.key, f.seq)).or_insert((i, f.kept));
            }
            _ => {}
        }
    }

    /// One playback pass under the assumed revocations and fork rulings.
    fn playback(&self, order: &[usize], assumed: &Assumed) -> Result<Outcome, VerifyError> {
        let n = self.events.len();
        let at = |i: usize| eref(self.positions[i], &self.events[i]);

        // Fork sides: the ruling in force decides. Until there is one, no side stands (and
        // nothing the key built on either side): which side arrived first differs from
        // device to device, and a forking key must not choose what counts.
        let mut fork_void: Vec<Option<String>> = vec![None; n];
        let mut pending_forks = Vec::new();
        for (author, chain) in &self.chains {
            for group in chain.groups().filter(|g| g.len() > 1) {
                let seq = &group[0].0;
                let idxs: Vec<usize> = group.iter().map(|&(_, j)| j).collect();
                let mut ids: Vec<Hash32> = idxs.iter().map(|&j| self.events[j].id).collect();
                ids.sort();
                let (kept, reason) = match assumed.resolutions.get(&(*author, *seq)) {
                    Some(&(_, k)) => (
                        Some(k),
                        format!("void side of a fork resolved in favour of {}", k.short()),
                    ),
                    None => (
                        None,
                        format!(
                            "one of {} events by this key at seq {seq}: void until the chief TD rules on the fork",
                            ids.len()
                        ),
                    ),
                };
                if kept.is_none() {
                    pending_forks.push(PendingFork {
                        author: *author,
                        seq: *seq,
                        ids,
                    });
                }
                for &j in &idxs {
                    if Some(self.events[j].id) != kept {
                        fork_void[j] = Some(reason.clone());
                    }
                }
            }
        }

        let mut keys = KeyState::default();
        let mut first_seen: IdMap<usize> = IdMap::default();
        let mut void: Vec<bool> = vec![false; n];
        let mut excluded = Vec::new();
        let mut enrol_event: IdMap<usize> = IdMap::default();
        // Keys whose enrolling event does not stand: their events are excluded, not fatal.
        let mut unstood_enrolment: IdMap<Hash32> = IdMap::default();
        let mut applied = HashSet::new();
        let exclude = |i: usize,
                       void: &mut Vec<bool>,
                       excluded: &mut Vec<Excluded>,
                       unstood: &mut IdMap<Hash32>,
                       reason: String| {
            let e = &self.events[i];
            void[i] = true;
            if let Payload::KeyEnrolled(k) = &e.payload {
                unstood.entry(k.key).or_insert(e.id);
            }
            excluded.push(Excluded {
                id: e.id,
                author: e.env.author,
                seq: e.env.seq,
                reason,
            });
        };

        for &i in order {
            let e = &self.events[i];
            let author = e.env.author;
            // Voidness follows the author's own chain only: another author who had merely
            // seen a void event (deps) made a valid event of its own.
            let prev = self.prev_of[i] as usize;
            if let Some(p) = e.env.prev.filter(|_| prev < n && void[prev]) {
                exclude(
                    i,
                    &mut void,
                    &mut excluded,
                    &mut unstood_enrolment,
                    format!("follows void event {} in its own chain", p.short()),
                );
                continue;
            }
            if let Some(reason) = &fork_void[i] {
                exclude(
                    i,
                    &mut void,
                    &mut excluded,
                    &mut unstood_enrolment,
                    reason.clone(),
                );
                continue;
            }
            let genesis = matches!(e.payload, Payload::Genesis(_));
            let role = if let Payload::Genesis(g) = &e.payload {
                keys.keys.insert(
                    author,
                    KeyInfo {
                        key: author,
                        role: Role::ChiefTd,
                        holder: g.chief_td.clone(),
                        enrolled_by: e.id,
                        revoked: None,
                    },
                );
                enrol_event.insert(author, i);
                Role::ChiefTd
            } else {
                let Some(info) = keys.get(&author) else {
                    if let Some(by) = unstood_enrolment.get(&author) {
                        let reason = format!(
                            "its key was enrolled by event {} which does not stand",
                            by.short()
                        );
                        exclude(i, &mut void, &mut excluded, &mut unstood_enrolment, reason);
                        continue;
                    }
                    return Err(fail(at(i), Fault::Unenrolled(author)));
                };
                // The enrolment must be in the causal past of the author's first event
                // (and so of all later ones).
                let first = *first_seen.entry(author).or_insert(i);
                if first == i && !self.is_ancestor(enrol_event[&author], i) {
                    return Err(fail(at(i), Fault::Unenrolled(author)));
                }
                info.role
            };
            // Who may sign what holds for every event of an enrolled key, including one
            // that is excluded below: a forged key event is refused, never just skipped.
            let sp = spec(&e.env.kind, e.env.v).ok_or_else(|| {
                fail(
                    at(i),
                    Fault::KeyEvent(format!("unknown type {}", e.env.kind)),
                )
            })?;
            if !sp.roles.contains(&role) {
                return Err(fail(
                    at(i),
                    Fault::RoleNotAllowed {
                        role,
                        kind: e.env.kind.to_string(),
                        allowed: sp
                            .roles
                            .iter()
                            .map(|r| r.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    },
                ));
            }
            if !genesis {
                if let Some(&(r, last)) = assumed.revoked.get(&author) {
                    if e.env.seq > last {
                        if self.is_ancestor(r, i) {
                            return Err(fail(
                                at(i),
                                Fault::Revoked {
                                    author,
                                    last_valid_seq: last,
                                    revocation: self.events[r].id,
                                },
                            ));
                        }
                        let reason = format!(
                            "signed after the key's last valid seq {last} (revoked by {}), without knowledge of the revocation",
                            self.events[r].id.short()
                        );
                        exclude(i, &mut void, &mut excluded, &mut unstood_enrolment, reason);
                        continue;
                    }
                }
            }
            self.apply_key_event(i, &mut keys, &mut enrol_event, assumed, &mut applied)?;
        }
        Ok(Outcome {
            keys,
            excluded,
            pending_forks,
            void,
            applied,
        })
    }

    /// Folds one standing key event into the key state, refusing what a chief TD cannot do.
    fn apply_key_event(
        &self,
        i: usize,
        keys: &mut KeyState,
        enrol_event: &mut IdMap<usize>,
        assumed: &Assumed,
        applied: &mut HashSet<usize>,
    ) -> Result<(), VerifyError> {
        let e = &self.events[i];
        let bad = |m: String| fail(eref(self.positions[i], e), Fault::KeyEvent(m));
        match &e.payload {
            Payload::KeyEnrolled(k) => {
                if let Some(old) = keys.get(&k.key) {
                    return Err(bad(format!(
                        "key {} is already enrolled (as {}{})",
                        k.key.short(),
                        old.role,
                        if old.revoked.is_some() {
                            ", revoked"
                        } else {
                            ""
                        }
                    )));
                }
                keys.keys.insert(
                    k.key,
                    KeyInfo {
                        key: k.key,
                        role: k.role,
                        holder: k.holder.clone(),
                        enrolled_by: e.id,
                        revoked: None,
                    },
                );
                enrol_event.insert(k.key, i);
            }
            Payload::KeyRevoked(r) => {
                let info = keys
                    .keys
                    .get_mut(&r.key)
                    .ok_or_else(|| bad(format!("key {} is not enrolled", r.key.short())))?;
                if assumed.revocations.contains(&i) {
                    // The lowest revocation in force is the key's revocation, whichever of
                    // two concurrent ones comes first in replay order.
                    let (ri, last) = assumed.revoked[&r.key];
                    let by = &self.events[ri];
                    let reason = match &by.payload {
                        Payload::KeyRevoked(x) => x.reason.clone(),
                        _ => r.reason.clone(),
                    };
                    info.revoked = Some(Revocation {
                        event: by.id,
                        last_valid_seq: last,
                        reason,
                    });
                    applied.insert(i);
                }
            }
            Payload::ForkResolved(f) => {
                let sides = self
                    .chains
                    .get(&f.key)
                    .map(|c| c.at(f.seq))
                    .filter(|v| v.len() > 1)
                    .ok_or_else(|| {
                        bad(format!("no fork of key {} at seq {}", f.key.short(), f.seq))
                    })?;
                if !sides.iter().any(|&(_, j)| self.events[j].id == f.kept) {
                    return Err(bad(format!(
                        "event {} is not one side of the fork",
                        f.kept.short()
                    )));
                }
                if assumed
                    .resolutions
                    .get(&(f.key, f.seq))
                    .is_some_and(|&(r, _)| r == i)
                {
                    applied.insert(i);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The standing events in replay order, with the outcome of the last pass.
    fn finish(self, order: Vec<usize>, o: Outcome) -> Verified {
        let log_id = self.log_id;
        let mut events = self.events;
        // Into replay order in place, then the void dropped: a million events are never
        // held twice.
        permute_in_place(&mut events, &order);
        if o.void.iter().any(|&v| v) {
            let mut k = 0;
            events.retain(|_| {
                let keep = !o.void[order[k]];
                k += 1;
                keep
            });
        }
        let mut v = Verified {
            log_id,
            events,
            keys: o.keys,
            excluded: o.excluded,
            pending_forks: o.pending_forks,
            heads: Default::default(),
        };
        v.heads = crate::log::digest::HeadSet::of(&v);
        v
    }
}

/// Puts `v` into the order `order` (position `j` takes the element at `order[j]`) in place,
/// moving each element once: each cycle of the permutation is walked with one element held
/// out (a hole), where swapping would move each twice. Events are a few hundred bytes and a
/// big log has a million: this halves the bytes moved at the end of every verify.
///
/// Panics (before moving anything) if `order` is not a permutation of `0..v.len()`.
fn permute_in_place<T>(v: &mut [T], order: &[usize]) {
    let n = v.len();
    assert_eq!(order.len(), n, "replay order covers every event");
    let mut done = vec![false; n];
    for &i in order {
        assert!(i < n && !done[i], "replay order is a permutation");
        done[i] = true;
    }
    done.fill(false);
    let base = v.as_mut_ptr();
    for start in 0..n {
        if done[start] || order[start] == start {
            continue;
        }
        // SAFETY: `order` is a permutation of `0..n` (checked above), so the cycle through
        // `start` visits distinct in-bounds positions and returns to `start`. The element at
        // `start` is read out once, each position of the cycle is then overwritten by the
        // element of the next (read exactly once, its old place overwritten in turn), and
        // the held element fills the last hole: every element ends in exactly one place,
        // none dropped or duplicated. Nothing in the loop can panic (the indexing is in
        // bounds by the check), so no half-moved state is ever observed or dropped.
        unsafe {
            let held = std::ptr::read(base.add(start));
            let mut j = start;
            loop {
                done[j] = true;
                let next = order[j];
                if next == start {
                    std::ptr::write(base.add(j), held);
                    break;
                }
                std::ptr::copy_nonoverlapping(base.add(next), base.add(j), 1);
                j = next;
            }
        }
    }
}

/// Key events whose effect reaches back over replay order: revocations and fork rulings.
fn is_ruling_key_event(p: &Payload) -> bool {
    matches!(p, Payload::KeyRevoked(_) | Payload::ForkResolved(_))
}

#[cfg(test)]
mod tests {
    use super::permute_in_place;
    use proptest::prelude::*;

    proptest! {
        /// Moving by cycles puts every element where a plain copy would, owned values
        /// included (each ends in one place: none dropped twice, none lost).
        #[test]
        fn permuting_in_place_equals_permuting_by_copy(
            order in (0usize..40).prop_flat_map(|n| Just((0..n).collect::<Vec<_>>()).prop_shuffle())
        ) {
            let items: Vec<String> = (0..order.len()).map(|i| format!("event {i}")).collect();
            let expected: Vec<String> = order.iter().map(|&i| items[i].clone()).collect();
            let mut v = items;
            permute_in_place(&mut v, &order);
            prop_assert_eq!(v, expected);
        }
    }

    #[test]
    #[should_panic(expected = "replay order is a permutation")]
    fn an_order_that_names_one_place_twice_moves_nothing() {
        let mut v = vec![String::from("a"), String::from("b")];
        permute_in_place(&mut v, &[1, 1]);
    }
}
