//! Verification of a whole log (or bundle): every event on its own (in parallel), then
//! the chains, the causal graph, the replay order and key playback.
//!
//! Replay order is `(lamport, author, seq, id)`. Because every event's Lamport counter must
//! be exactly 1 + the largest among its predecessors, that order is a topological order of
//! the causal graph, identical on every machine that holds the same set of events (the id
//! orders the sides of a fork, which the rows' order in a file would not).

use super::envelope::Envelope;
use super::event::{CheckedEvent, RawEvent, SigCheck};
use super::fault::{EventRef, Fault, VerifyError};
use super::hash::Hash32;
use crate::events::Payload;
use crate::keys::KeyState;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};

/// Stored column values of a database row, compared with the signed envelope.
#[derive(Debug, Clone)]
pub struct Declared {
    pub id: Vec<u8>,
    pub author: Vec<u8>,
    pub seq: i64,
}

/// One event to verify, as read from a log or a bundle.
#[derive(Debug, Clone)]
pub struct Input {
    pub raw: RawEvent,
    pub declared: Option<Declared>,
}

/// An event that was signed but does not stand, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Excluded {
    pub id: Hash32,
    pub author: Hash32,
    pub seq: u64,
    pub reason: String,
}

/// A verified log: the events that stand, in replay order, and the final key state.
#[derive(Debug, Clone)]
pub struct Verified {
    pub log_id: Hash32,
    pub events: Vec<CheckedEvent>,
    pub keys: KeyState,
    /// Signed events that do not stand (void side of a resolved fork, a revoked key's
    /// events made without knowledge of its revocation), each with its reason.
    pub excluded: Vec<Excluded>,
    /// Forks the chief TD has not ruled on yet: `(author, seq, ids)`. A strict verify
    /// fails on the first one; appends tolerate them so the chief can rule.
    pub pending_forks: Vec<PendingFork>,
    /// Every author's newest stored event, standing or excluded (as
    /// [`crate::log::digest::HeadSet::of`] gives it): worked out once when the log settles,
    /// for the device record, the append state and the live state alike. Kept current by
    /// [`Verified::push_standing`].
    pub heads: crate::log::digest::HeadSet,
}

/// Two (or more) signed events of one key at one sequence number, not yet ruled on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PendingFork {
    pub author: Hash32,
    pub seq: u64,
    pub ids: Vec<Hash32>,
}

impl Verified {
    /// Adds an event that stands after the others (an append folded forward), keeping the
    /// head set current.
    pub fn push_standing(&mut self, e: CheckedEvent) {
        self.heads.add(e.env.author, e.env.seq, e.id);
        self.events.push(e);
    }

    /// Strict: a pending fork is a failure (the key is blocked until the chief TD rules).
    pub fn require_no_forks(&self) -> Result<(), VerifyError> {
        match self.pending_forks.first() {
            None => Ok(()),
            Some(f) => Err(fail(
                None,
                Fault::Fork {
                    author: f.author,
                    seq: f.seq,
                    a: f.ids[0],
                    b: f.ids[1],
                },
            )),
        }
    }
}

/// An event's place in replay order: `(lamport, author, seq, id)` (the module doc), by which
/// [`Verified::events`] is sorted.
pub fn replay_key(e: &CheckedEvent) -> (u64, Hash32, u64, Hash32) {
    (e.env.lamport, e.env.author, e.env.seq, e.id)
}

/// Progress callback: `(done, total)` events checked.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

pub(super) fn fail(at: Option<EventRef>, fault: Fault) -> VerifyError {
    VerifyError {
        at: at.map(Box::new),
        fault: Box::new(fault),
    }
}

pub(super) fn eref(position: usize, e: &CheckedEvent) -> Option<EventRef> {
    Some(EventRef {
        position,
        id: e.id,
        author: Some(e.env.author),
        seq: Some(e.env.seq),
        kind: Some(e.env.kind.to_string()),
    })
}

/// The first half of checking one input on its own (everything up to its signature's
/// decision, see [`RawEvent::open_check`]). A `trusted` input's signature was verified by
/// this device before and its stored bytes are unchanged (the verified-state cache compared
/// their hashes): everything but the signature is checked.
struct Opened {
    id: Hash32,
    env: Envelope,
    sig: SigCheck,
    /// Whether the signature is checked (then the payload is decoded in full).
    signature: bool,
}

fn open_one(position: usize, input: &Input, trusted: bool) -> Result<Opened, VerifyError> {
    // A trusted stored row: its declared id was checked against its bytes when this device
    // verified it, and the cache's row hash covers both (no hashing again).
    let known_id = match &input.declared {
        Some(d) if trusted => <[u8; 32]>::try_from(d.id.as_slice()).ok().map(Hash32),
        _ => None,
    };
    let id = known_id.unwrap_or_else(|| input.raw.id());
    let signature = !trusted;
    let (env, sig) = input
        .raw
        .open_check(signature, known_id.is_some())
        .map_err(|e| fail(bare(position, id), Fault::Event(e)))?;
    Ok(Opened {
        id,
        env,
        sig,
        signature,
    })
}

/// An event known only by its id and place (it did not decode).
fn bare(position: usize, id: Hash32) -> Option<EventRef> {
    Some(EventRef {
        position,
        id,
        author: None,
        seq: None,
        kind: None,
    })
}

/// The second half, once the signature is decided (`verdict`), including the stored
/// columns.
fn close_one(
    position: usize,
    input: &Input,
    opened: Opened,
    verdict: bool,
) -> Result<CheckedEvent, VerifyError> {
    let Opened {
        id, env, signature, ..
    } = opened;
    let ev = input
        .raw
        .close_check(id, env, signature, verdict)
        .map_err(|e| fail(bare(position, id), Fault::Event(e)))?;
    if let Some(d) = input.declared.as_ref() {
        let column = if d.id != ev.id.0 {
            Some("id")
        } else if d.author != ev.env.author.0 {
            Some("author")
        } else if u64::try_from(d.seq).ok() != Some(ev.env.seq) {
            Some("seq")
        } else {
            None
        };
        if let Some(column) = column {
            return Err(fail(eref(position, &ev), Fault::ColumnMismatch { column }));
        }
    }
    Ok(ev)
}

/// Checks a few inputs on their own, on one core, writing each checked event into its slot
/// or its failure into its place in `errors`: their signatures are decided together, with
/// one field inversion (`signature::decide_all`). `offset` is the first input's position.
fn check_group<I: std::borrow::Borrow<Input>>(
    offset: usize,
    inputs: &[I],
    trusted: &[bool],
    slots: &mut [std::mem::MaybeUninit<CheckedEvent>],
    errors: &mut [Option<VerifyError>],
) {
    let opened: Vec<Result<Opened, VerifyError>> = inputs
        .iter()
        .enumerate()
        .map(|(i, inp)| {
            let trusted = trusted.get(i).copied().unwrap_or(false);
            open_one(offset + i, inp.borrow(), trusted)
        })
        .collect();
    let verdicts = crate::log::signature::decide_all(opened.iter().filter_map(|o| match o {
        Ok(Opened {
            sig: SigCheck::Pending(r),
            ..
        }) => Some(r),
        _ => None,
    }));
    let mut verdicts = verdicts.into_iter();
    for (i, ((o, slot), err)) in opened
        .into_iter()
        .zip(slots.iter_mut())
        .zip(errors.iter_mut())
        .enumerate()
    {
        let checked = o.and_then(|o| {
            let verdict = o.sig.verdict(|_| verdicts.next().unwrap_or(false));
            close_one(offset + i, inputs[i].borrow(), o, verdict)
        });
        *err = match checked {
            Ok(e) => {
                slot.write(e);
                None
            }
            Err(e) => Some(e),
        };
    }
}

/// Verifies a set of events (`forks` are the stored fork proofs of a log; a bundle has
/// them inline). Uses every core for the per-event checks.
pub fn verify(inputs: Vec<Input>, progress: Option<Progress<'_>>) -> Result<Verified, VerifyError> {
    verify_trusting(inputs, progress, None)
}

/// [`verify`], skipping the signature check of events whose id is in `trusted` (events this
/// device verified before, whose stored bytes it has checked unchanged by hash).
///
/// The inputs may be owned or borrowed: a merge verifies the rows it writes meanwhile.
pub fn verify_trusting<I: std::borrow::Borrow<Input> + Send + Sync>(
    inputs: Vec<I>,
    progress: Option<Progress<'_>>,
    trusted: Option<&HashSet<Hash32>>,
) -> Result<Verified, VerifyError> {
    let mut events = Vec::with_capacity(inputs.len());
    Checker::default().check_all(inputs, progress, trusted, &mut events)?;
    settle(events)
}

/// Inputs checked on their own per batch: enough to keep every core busy, few enough that
/// the stored bytes of a whole log are never held at once (a log is read batch by batch).
pub const CHUNK: usize = 8192;

/// Inputs checked together on one core, their signatures' points compressed with one field
/// inversion: past a few dozen the inversion's share is gone (64: 16% less time a
/// signature than each compressed alone).
const GROUP: usize = 64;

/// Checks batches of inputs on their own (in parallel), appending them in order. Each event
/// is written once, by the core that checked it, straight into its place at the end of the
/// output: a buffer per batch, copied over after, had one core move every event again (and
/// the kernel zero as many pages again as the whole log's events take).
#[derive(Default)]
pub struct Checker {
    /// A batch's failures by input (kept across batches).
    errors: Vec<Option<VerifyError>>,
}

impl Checker {
    /// Checks `inputs` batch by batch (as [`verify_trusting`] does before it settles) and
    /// appends them to `events`; `trusted` as there. A merge fed in batches calls it once
    /// for the stored rows and once for each batch that arrives.
    pub fn check_all<I: std::borrow::Borrow<Input> + Send + Sync>(
        &mut self,
        inputs: Vec<I>,
        progress: Option<Progress<'_>>,
        trusted: Option<&HashSet<Hash32>>,
        events: &mut Vec<CheckedEvent>,
    ) -> Result<(), VerifyError> {
        let total = inputs.len();
        let start = events.len();
        let mut rest = inputs.into_iter();
        loop {
            let chunk: Vec<I> = rest.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                return Ok(());
            }
            let flags: Vec<bool> = match trusted {
                // Nothing trusted (a join's empty cache): no id hashed for the question.
                Some(t) if !t.is_empty() => chunk
                    .iter()
                    .map(|i| t.contains(&i.borrow().raw.id()))
                    .collect(),
                _ => vec![],
            };
            self.check_chunk(events.len(), chunk, &flags, events)?;
            if let Some(p) = progress {
                p(events.len() - start, total);
            }
        }
    }

    /// Checks one batch and appends it, in order, to `out`; `offset` is the position of the
    /// batch's first input. `trusted[i]` (when given) says input `i`'s signature was verified
    /// by this device before and its stored bytes are unchanged. The first failing input in
    /// order is the error, the same on every machine (`out` is then as it was).
    pub fn check_chunk<I: std::borrow::Borrow<Input> + Send + Sync>(
        &mut self,
        offset: usize,
        chunk: Vec<I>,
        trusted: &[bool],
        out: &mut Vec<CheckedEvent>,
    ) -> Result<(), VerifyError> {
        let n = chunk.len();
        out.reserve(n);
        let start = out.len();
        self.errors.clear();
        self.errors.resize_with(n, || None);
        let trusted_of = |g: usize| trusted.get(g * GROUP..).unwrap_or(&[]);
        out.spare_capacity_mut()[..n]
            .par_chunks_mut(GROUP)
            .zip(self.errors.par_chunks_mut(GROUP))
            .zip(chunk.par_chunks(GROUP))
            .enumerate()
            .for_each(|(g, ((slots, errors), inputs))| {
                check_group(offset + g * GROUP, inputs, trusted_of(g), slots, errors)
            });
        let Some((first, err)) = self
            .errors
            .iter_mut()
            .enumerate()
            .find_map(|(i, e)| e.take().map(|e| (i, e)))
        else {
            // SAFETY: the capacity was reserved above, and each of the `n` slots after `start`
            // was written just now (an input that did not fail wrote its own slot).
            unsafe { out.set_len(start + n) };
            return Ok(());
        };
        // A failing input: the events of this batch checked meanwhile are dropped.
        for (i, (slot, e)) in out.spare_capacity_mut()[..n]
            .iter_mut()
            .zip(&self.errors)
            .enumerate()
        {
            if i != first && e.is_none() {
                // SAFETY: an input that did not fail wrote its slot, which nothing owns yet
                // (the length was not moved on): it is dropped exactly once, here.
                unsafe { slot.assume_init_drop() };
            }
        }
        Err(err)
    }
}

/// Everything about a set of individually checked events together: the chains, the causal
/// graph, the replay order and key playback.
pub fn settle(events: Vec<CheckedEvent>) -> Result<Verified, VerifyError> {
    settle_trusting(events, Vec::new())
}

/// [`settle`], where `known[i]` says event `i` is a stored row this device verified before in
/// a log that settled, unchanged since (the verified-state cache compared its hash) and with
/// every cached row still present: its causal checks (prev, deps, Lamport counter, signed
/// time) read only its own bytes and its predecessors', which were in that log and are
/// unchanged too, so they are not repeated. Chains, key playback and the replay order are
/// always worked out afresh. `known` may be empty (nothing known).
pub fn settle_trusting(
    events: Vec<CheckedEvent>,
    known: Vec<bool>,
) -> Result<Verified, VerifyError> {
    if events.is_empty() {
        return Err(fail(None, Fault::Empty));
    }
    Graph::build(events, known)?.play()
}

/// Strict verification: [`verify`] and no pending fork.
pub fn verify_strict(
    inputs: Vec<Input>,
    progress: Option<Progress<'_>>,
) -> Result<Verified, VerifyError> {
    let v = verify(inputs, progress)?;
    v.require_no_forks()?;
    Ok(v)
}

/// The causal graph over checked events, before key playback.
pub(super) struct Graph {
    pub(super) events: Vec<CheckedEvent>,
    /// Input position of each event (for error messages).
    pub(super) positions: Vec<usize>,
    pub(super) by_id: crate::log::hash::IdMap<usize>,
    /// For each author, the events at each sequence number (more than one: a fork).
    pub(super) chains: BTreeMap<Hash32, Chain>,
    /// Index of each event's predecessor in its own chain (`u32::MAX`: none).
    pub(super) prev_of: Vec<u32>,
    pub(super) log_id: Hash32,
}

/// One author's events as `(seq, event index)`, sorted: two at one sequence number are a
/// fork. A flat vector (16 bytes an event), not a map of vectors: a big log holds one entry
/// per event.
#[derive(Default)]
pub(super) struct Chain(pub(super) Vec<(u64, usize)>);

impl Chain {
    /// The events at one sequence number (more than one: a fork).
    pub(super) fn at(&self, seq: u64) -> &[(u64, usize)] {
        let lo = self.0.partition_point(|e| e.0 < seq);
        let hi = self.0.partition_point(|e| e.0 <= seq);
        &self.0[lo..hi]
    }

    /// The events grouped by sequence number, in order.
    pub(super) fn groups(&self) -> impl Iterator<Item = &[(u64, usize)]> {
        self.0.chunk_by(|a, b| a.0 == b.0)
    }
}

/// Every event's index by id, if no id comes twice (`None`: deduplicate first).
fn id_map(events: &[CheckedEvent]) -> Option<crate::log::hash::IdMap<usize>> {
    let mut by_id =
        crate::log::hash::IdMap::with_capacity_and_hasher(events.len(), Default::default());
    for (i, e) in events.iter().enumerate() {
        if by_id.insert(e.id, i).is_some() {
            return None;
        }
    }
    Some(by_id)
}

/// Drops every event after the first with its id, in place: the id map, each kept event's
/// input position, and the `known` flags of the kept events.
fn dedup(
    events: &mut Vec<CheckedEvent>,
    known_in: &[bool],
) -> (crate::log::hash::IdMap<usize>, Vec<usize>, Vec<bool>) {
    let mut by_id =
        crate::log::hash::IdMap::with_capacity_and_hasher(events.len(), Default::default());
    let mut positions = Vec::with_capacity(events.len());
    let mut known = Vec::with_capacity(known_in.len());
    let mut pos = 0usize;
    events.retain(|e| {
        let first = match by_id.entry(e.id) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(positions.len());
                true
            }
            std::collections::hash_map::Entry::Occupied(_) => false,
        };
        if first {
            positions.push(pos);
            if let Some(&k) = known_in.get(pos) {
                known.push(k);
            }
        }
        pos += 1;
        first
    });
    (by_id, positions, known)
}

/// Each author's events as `(seq, index)`, sorted. Events come mostly in runs by one
/// author (a log is read by author and seq): a run is one map lookup.
fn chains_of(events: &[CheckedEvent]) -> BTreeMap<Hash32, Chain> {
    let mut chains: BTreeMap<Hash32, Chain> = BTreeMap::new();
    let mut i = 0;
    while i < events.len() {
        let a = events[i].env.author;
        let run = events[i..]
            .iter()
            .position(|e| e.env.author != a)
            .unwrap_or(events.len() - i);
        chains
            .entry(a)
            .or_default()
            .0
            .extend((i..i + run).map(|k| (events[k].env.seq, k)));
        i += run;
    }
    for chain in chains.values_mut() {
        chain.0.sort_unstable();
    }
    chains
}

impl Graph {
    fn build(all: Vec<CheckedEvent>, known_in: Vec<bool>) -> Result<Graph, VerifyError> {
        // Set semantics: the same event twice (same id) is one event. Most logs hold every
        // event once: the id map and the chains are then built side by side (two cores), and
        // only a log with an event twice is deduplicated first (in place: a million events are
        // held once, never copied).
        let mut events = all;
        let (once, chains) = rayon::join(|| id_map(&events), || chains_of(&events));
        let (by_id, positions, known, chains) = match once {
            Some(by_id) => {
                let positions = (0..events.len()).collect();
                (by_id, positions, known_in, chains)
            }
            None => {
                drop(chains);
                let (by_id, positions, known) = dedup(&mut events, &known_in);
                let chains = chains_of(&events);
                (by_id, positions, known, chains)
            }
        };
        let is_known = |i: usize| known.get(i).copied().unwrap_or(false);
        let at = |i: usize| eref(positions[i], &events[i]);

        // Exactly one genesis; everything else carries its id. (The candidates are found on
        // every core, then judged in order: the first fault in order is the error.)
        let candidates: Vec<usize> = events
            .par_iter()
            .enumerate()
            .filter(|(_, e)| e.env.log_id.is_none() || matches!(e.payload, Payload::Genesis(_)))
            .map(|(i, _)| i)
            .collect();
        let mut genesis = None;
        for i in candidates {
            let e = &events[i];
            let is_gen_kind = matches!(e.payload, Payload::Genesis(_));
            if e.env.log_id.is_some() || !is_gen_kind || e.env.seq != 1 {
                return Err(fail(at(i), Fault::BadGenesis));
            }
            if genesis.is_some() {
                return Err(fail(at(i), Fault::SecondGenesis));
            }
            genesis = Some(i);
        }
        let g = genesis.ok_or_else(|| fail(None, Fault::NoGenesis))?;
        let log_id = events[g].id;
        let wrong_log = events
            .par_iter()
            .enumerate()
            .find_map_first(|(i, e)| e.env.log_id.filter(|l| *l != log_id).map(|l| (i, l)));
        if let Some((i, found)) = wrong_log {
            return Err(fail(
                at(i),
                Fault::WrongLog {
                    expected: log_id,
                    found,
                },
            ));
        }

        // Chains: contiguous sequence numbers, each pointing at the one before.
        // Each event's predecessor in its own chain, by index (playback asks for every
        // event; `u32::MAX`: none).
        let mut prev_of = vec![u32::MAX; events.len()];
        for chain in chains.values() {
            let mut previous = 0u64;
            let mut before: &[(u64, usize)] = &[];
            for group in chain.groups() {
                let seq = group[0].0;
                if seq != previous + 1 {
                    return Err(fail(
                        at(group[0].1),
                        Fault::SeqGap {
                            previous,
                            seq,
                            missing: previous + 1,
                        },
                    ));
                }
                previous = seq;
                for &(_, i) in group {
                    if seq == 1 {
                        continue; // the envelope decoder already requires prev = null
                    }
                    // The one before in the chain (ids are unique: the same id is the same
                    // event), read next to this one rather than through the id map.
                    let prev = events[i]
                        .env
                        .prev
                        .and_then(|p| before.iter().find(|&&(_, k)| events[k].id == p));
                    match prev {
                        Some(&(_, k)) => prev_of[i] = k as u32,
                        None if is_known(i) => {}
                        None => return Err(fail(at(i), Fault::WrongPrev { seq })),
                    }
                }
                before = group;
            }
        }

        // Deps exist and name other authors; Lamport counters and signed times follow
        // the causal links. Each event is checked against the ones it names only: on every
        // core, the first fault in order is the error (as a loop in order would find it).
        let causal_fault = |i: usize, e: &CheckedEvent| -> Option<VerifyError> {
            let mut max_lamport = 0;
            for d in &e.env.deps {
                match by_id.get(d) {
                    None => return Some(fail(at(i), Fault::MissingDep(*d))),
                    Some(&j) if events[j].env.author == e.env.author => {
                        return Some(fail(at(i), Fault::OwnDep))
                    }
                    Some(_) => {}
                }
            }
            for p in e.env.preds() {
                let j = by_id[p];
                max_lamport = max_lamport.max(events[j].env.lamport);
                if events[j].env.wall_ms > e.env.wall_ms {
                    return Some(fail(
                        at(i),
                        Fault::TimeBackwards {
                            pred: *p,
                            pred_ms: events[j].env.wall_ms,
                            found_ms: e.env.wall_ms,
                        },
                    ));
                }
            }
            let expected = max_lamport + 1;
            (e.env.lamport != expected).then(|| {
                fail(
                    at(i),
                    Fault::Lamport {
                        expected,
                        found: e.env.lamport,
                    },
                )
            })
        };
        let fault = events
            .par_iter()
            .enumerate()
            .filter(|(i, _)| !is_known(*i))
            .find_map_first(|(i, e)| causal_fault(i, e));
        if let Some(f) = fault {
            return Err(f);
        }
        Ok(Graph {
            events,
            positions,
            by_id,
            chains,
            prev_of,
            log_id,
        })
    }

    /// Is `anc` in the causal past of `of` (or the same event)? Depth-first search over
    /// predecessors, pruned by Lamport counters, which fall strictly along every edge.
    pub(super) fn is_ancestor(&self, anc: usize, of: usize) -> bool {
        let target = self.events[anc].env.lamport;
        let mut stack = vec![of];
        let mut seen = HashSet::new();
        while let Some(i) = stack.pop() {
            if i == anc {
                return true;
            }
            if self.events[i].env.lamport <= target || !seen.insert(i) {
                continue;
            }
            for p in self.events[i].env.preds() {
                stack.push(self.by_id[p]);
            }
        }
        false
    }
}
