//! A merge that only extends the verified log (issue 32: a sync in O(new)).
//!
//! A `--watch` round or a sync after a break brings a few events onto a log of hundreds of
//! thousands. The full merge reads every stored row, hashes it, asks the verified-state
//! cache about it and settles the whole causal graph again: seconds a round on a session
//! recorded card by card. When this connection's append state is current (no other writer
//! since it was built: `PRAGMA data_version`, read inside the write lock) and every new row
//! continues a chain whose key stands, the verify of the union can only come out as the
//! stored log plus these rows, standing, after it. Each such row is then checked exactly as
//! the full verify checks it (signature, envelope, payload; its place in its chain; its deps
//! stored or incoming, of other authors; its Lamport counter and signed time against what it
//! names; its signer's role in force), reading only the rows it names.
//!
//! Anything the append state cannot decide is left to the full merge, which gives the same
//! answer or names the fault: a key event, a setting that moves the clock tolerance, a key
//! that is new here, revoked, blocked by a fork or has events that do not stand, a place
//! already taken (a fork), a dep that is not a stored event, an event dated ahead of the
//! clock beyond the tolerance (here or incoming), a merge as big as the log (a join: the
//! full merge writes while it verifies). `tests/log_merge_extend.rs` runs each
//! hostile case through both paths and requires the same outcome.

use super::*;
use crate::log::event::CheckedEvent;
use crate::log::verify::replay_key;

/// New rows that extend the log, checked, in replay order.
pub(super) struct Extension {
    /// (index into the incoming rows, the checked event), in replay order.
    pub(super) events: Vec<(usize, CheckedEvent)>,
}

/// What a predecessor contributes to the checks of the event that names it.
#[derive(Clone, Copy)]
struct Pred {
    author: Hash32,
    lamport: u64,
    wall_ms: i64,
}

/// Plans the merge of `incoming` as an extension of `state`, or says it cannot (`None`):
/// the full merge then decides. Reads only the stored rows the new ones name. `dv` is the
/// file's data version read inside the write lock.
pub(super) fn plan(
    conn: &Connection,
    state: Option<&AppendState>,
    dv: i64,
    limit: i64,
    incoming: &[(Hash32, RawEvent)],
) -> Result<Option<Extension>, LogError> {
    let Some(state) = state.filter(|s| s.data_version == dv) else {
        return Ok(None);
    };
    // Every head dated within the clock's tolerance (`limit`), before and after: then each
    // author's newest event dated within it is its head, as a full verify would find it
    // (`safe_heads`). An event dated ahead is rare, and is left to the full merge, which
    // also reports it.
    if state.heads.values().any(|h| h.wall_ms > limit) {
        return Ok(None);
    }
    let stored: u64 = state.stored_seq.values().sum();
    if incoming.len() as u64 > stored {
        return Ok(None);
    }
    // The rows this file does not hold yet, each once.
    let mut held = conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM event WHERE id = ?1) OR EXISTS (SELECT 1 FROM fork_proof WHERE id = ?1)",
    )?;
    let mut new: Vec<usize> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, (id, _)) in incoming.iter().enumerate() {
        if seen.insert(*id) && !held.query_row([id.0.as_slice()], |r| r.get::<_, bool>(0))? {
            new.push(i);
        }
    }
    // Each new row on its own, on every core, as the full verify checks it.
    let checked: Option<Vec<(usize, CheckedEvent)>> = {
        use rayon::prelude::*;
        new.par_iter()
            .map(|&i| {
                let (id, raw) = &incoming[i];
                raw.check().ok().filter(|e| e.id == *id).map(|e| (i, e))
            })
            .collect()
    };
    let Some(mut events) = checked else {
        return Ok(None);
    };
    for (_, e) in &events {
        if !stands_like_the_rest(state, e) || e.env.wall_ms > limit {
            return Ok(None);
        }
    }
    // Chains: each author's new rows continue its stored chain, one place after another.
    events.sort_by_key(|(_, e)| (e.env.author, e.env.seq));
    let mut by_id: HashMap<Hash32, Pred> = HashMap::new();
    let mut last: Option<(Hash32, u64, Hash32)> = None;
    for (_, e) in &events {
        let (author, seq) = (e.env.author, e.env.seq);
        let (before_seq, before_id) = match last.filter(|l| l.0 == author) {
            Some((_, s, id)) => (s, id),
            None => match (state.stored_heads.get(&author), state.heads.get(&author)) {
                // The newest stored event is the newest standing one: nothing of this key
                // is void (checked above: no events that do not stand, no fork).
                (Some(&(s, id)), Some(h)) if h.id == id && h.seq == s => (s, id),
                _ => return Ok(None),
            },
        };
        if seq != before_seq + 1 || e.env.prev != Some(before_id) {
            return Ok(None);
        }
        last = Some((author, seq, e.id));
        by_id.insert(
            e.id,
            Pred {
                author,
                lamport: e.env.lamport,
                wall_ms: e.env.wall_ms,
            },
        );
    }
    // Deps: stored events or incoming ones, of other authors; Lamport counters and signed
    // times follow every causal link.
    let mut stored_row = conn.prepare_cached("SELECT body FROM event WHERE id = ?1")?;
    let mut lookup = |id: &Hash32| -> Result<Option<Pred>, LogError> {
        if let Some(p) = by_id.get(id) {
            return Ok(Some(*p));
        }
        let body: Option<Vec<u8>> = stored_row
            .query_row([id.0.as_slice()], |r| r.get(0))
            .optional()?;
        // A stored row was verified when the state was built and nobody wrote since.
        Ok(body
            .and_then(|b| Envelope::decode_known(&b).ok())
            .map(|env| Pred {
                author: env.author,
                lamport: env.lamport,
                wall_ms: env.wall_ms,
            }))
    };
    for (_, e) in &events {
        let mut max_lamport = 0;
        let own = e.env.prev.iter().map(|p| (p, true));
        for (p, is_prev) in own.chain(e.env.deps.iter().map(|d| (d, false))) {
            let Some(pred) = lookup(p)? else {
                return Ok(None);
            };
            // A dep of its own author is refused by the full verify (`OwnDep`).
            if (pred.author == e.env.author) != is_prev || pred.wall_ms > e.env.wall_ms {
                return Ok(None);
            }
            max_lamport = max_lamport.max(pred.lamport);
        }
        if e.env.lamport != max_lamport + 1 {
            return Ok(None);
        }
    }
    events.sort_by_key(|(_, e)| replay_key(e));
    Ok(Some(Extension { events }))
}

/// Would this event stand, and change nothing about which others stand, in a full verify
/// of the union? Its key is in force here with events of its own already stored, none of
/// them void; it is no key event and no setting of the clock tolerance; its type exists
/// and its signer's role may sign it; and it belongs to this log.
fn stands_like_the_rest(state: &AppendState, e: &CheckedEvent) -> bool {
    let author = &e.env.author;
    if e.env.log_id != Some(state.log_id)
        || e.env.kind.starts_with("key.")
        || matches!(
            e.payload,
            Payload::Genesis(_)
                | Payload::KeyEnrolled(_)
                | Payload::KeyRevoked(_)
                | Payload::ForkResolved(_)
                | Payload::AppealSettings(_)
        )
        || state.unstood.contains_key(author)
        || state.pending_forks.iter().any(|(a, _, _)| a == author)
        || !state.stored_seq.contains_key(author)
    {
        return false;
    }
    let Some(info) = state.keys.get(author) else {
        return false;
    };
    if info.revoked.is_some() {
        return false;
    }
    spec(&e.env.kind, e.env.v).is_some_and(|s| s.roles.contains(&info.role))
}

use std::collections::HashMap;
