//! The pull side of a sync round: what the hub serves, checked as it arrives (every row is
//! the event it is filed under, no chain has a hole, every head another device signed that
//! it holds is there) and handed on batch by batch. A round collects the batches and merges
//! them; a join merges each while the next is on its way.

use super::claim::{self, SignedClaim};
use super::hub::Hub;
use super::plan::{self, Served, ServedChecks, ServedFault, Summary};
use super::{ProgressFn, SyncError};
use crate::log::{Envelope, Hash32};
use std::collections::HashSet;

/// What the rows go to: the local log's answers, and where the checked batches go.
pub(super) trait Sink {
    /// Whether the local log stores an event with this id.
    fn holds(&mut self, id: &Hash32) -> Result<bool, SyncError>;
    /// A batch of checked rows (with the rows served so far and the total asked for).
    fn take(&mut self, rows: Vec<Served>, done: u64, total: u64) -> Result<(), SyncError>;
    /// Whether the sink checks every row it takes against how it was filed (id, author,
    /// sequence number, payload) before anything is stored, as a join's merge does with
    /// the signatures: then the pull notes only the rows' places, and each row is hashed
    /// once.
    fn checks_rows(&self) -> bool {
        false
    }
}

/// What a checked pull found besides the rows.
#[derive(Debug, Default)]
pub(super) struct Pulled {
    /// Head claims of other devices checked.
    pub claims: usize,
    /// Whether anything but receipts was served (a receipt is signed only for that).
    pub news: bool,
}

fn served_fault(f: ServedFault) -> SyncError {
    match f {
        ServedFault::Altered { author, seq } => SyncError::Altered {
            author: author.short(),
            seq,
        },
        ServedFault::Gap {
            author,
            after,
            next,
        } => SyncError::Withheld(format!(
            "it served author {}'s event {next} after {after}, without the ones between",
            author.short()
        )),
    }
}

/// Pulls what the hub holds above `local_now` into `sink`, checking it on the way; `have`
/// are the fork rows the local log holds. Nothing reaches the sink unchecked on its own;
/// the chains' continuity and the withheld heads are known only once the last row is in,
/// so a sink merges nothing for good until this returns `Ok`.
pub(super) fn pull_checked(
    hub: &mut Hub,
    log_id: &Hash32,
    local_now: &Summary,
    have: &HashSet<Hash32>,
    batch: usize,
    progress: &mut ProgressFn<'_>,
    sink: &mut dyn Sink,
) -> Result<Pulled, SyncError> {
    let mut out = Pulled::default();
    // The authors of what was served, each once (a hub serves a chain's rows together).
    let mut authors: HashSet<Hash32> = local_now.max_seq.keys().copied().collect();
    // Every id some valid claim names, and which of them were served.
    let mut claimed_ids: Option<HashSet<Hash32>> = None;
    let mut served_claimed: HashSet<Hash32> = HashSet::new();
    let mut checks = ServedChecks::default();
    let mut each = |rows: Vec<Served>, claims: &[SignedClaim], done: u64, total: u64| {
        let ids = claimed_ids.get_or_insert_with(|| {
            claims
                .iter()
                .filter_map(|c| claim::open(c, log_id).ok())
                .flat_map(|(_, heads)| heads.into_iter().map(|h| h.id))
                .collect()
        });
        let deferred = sink.checks_rows();
        if !deferred {
            checks.rows(&rows).map_err(served_fault)?;
        }
        // A fork row at or below the local chain may be the side this device already holds.
        let mut held = Vec::with_capacity(rows.len());
        for s in &rows {
            let below = s.seq <= local_now.max_seq.get(&s.author).copied().unwrap_or(0);
            held.push(below && sink.holds(&s.id)?);
        }
        if deferred {
            // The sink never sees the rows left out here: those are checked now (and, if
            // one is altered, the batch as a round checks it, naming the first).
            if rows
                .iter()
                .zip(&held)
                .any(|(s, h)| *h && !s.raw.is_filed_as(&s.id, &s.author, s.seq))
            {
                checks.rows(&rows).map_err(served_fault)?;
            } else {
                checks.places(&rows);
            }
        }
        let kept: Vec<Served> = rows
            .into_iter()
            .zip(held)
            .filter_map(|(s, h)| (!h).then_some(s))
            .collect();
        let mut last = None;
        for s in &kept {
            if last != Some(s.author) {
                authors.insert(s.author);
                last = Some(s.author);
            }
            if ids.contains(&s.id) {
                served_claimed.insert(s.id);
            }
        }
        out.news = out.news
            || kept
                .iter()
                .any(|s| Envelope::decode(&s.raw.body).is_ok_and(|e| e.kind != "log.receipt"));
        sink.take(kept, done, total)
    };
    let pulled = hub.pull_each(log_id, local_now, have, batch, progress, &mut each)?;
    // The continuity of every chain asked for, now that all of it is in.
    checks.finish(&pulled.asked).map_err(served_fault)?;
    let mut claimed = Vec::new();
    for c in &pulled.claims {
        // A claim by a key that signed nothing in this log cannot be told from the hub's
        // own invention: it is not evidence of anything.
        if !authors.contains(&c.device) {
            continue;
        }
        let (_, heads) = claim::open(c, log_id)?;
        claimed.extend(heads);
        out.claims += 1;
    }
    let mut missing = Vec::new();
    let mut fetched: Vec<Served> = Vec::new();
    for m in plan::withheld(&claimed, &served_claimed) {
        if sink.holds(&m.id)? {
            continue;
        }
        // Another event at a place this device's chain already covers: the author signed
        // two events there (a fork). Fetched by id; merged, it is kept as a fork proof, and
        // this device's side then goes to the hub as one.
        let covered = m.seq <= local_now.max_seq.get(&m.author).copied().unwrap_or(0);
        match covered.then(|| hub.row(log_id, &m.id)).transpose()? {
            Some(Some(raw)) if !fetched.iter().any(|s| s.id == m.id) => fetched.push(Served {
                author: m.author,
                seq: m.seq,
                id: m.id,
                raw,
            }),
            Some(Some(_)) => {}
            _ => missing.push(m),
        }
    }
    plan::check_served(&fetched, &[]).map_err(|f| match f {
        ServedFault::Altered { author, seq }
        | ServedFault::Gap {
            author, next: seq, ..
        } => SyncError::Altered {
            author: author.short(),
            seq,
        },
    })?;
    if let Some(m) = missing.first() {
        return Err(SyncError::Withheld(format!(
            "device {} signed that it holds author {}'s event {} ({}), and the hub did not serve it ({} such event(s) in all)",
            m.device.short(),
            m.author.short(),
            m.seq,
            m.id.short(),
            missing.len()
        )));
    }
    if !fetched.is_empty() {
        out.news = out.news
            || fetched
                .iter()
                .any(|s| Envelope::decode(&s.raw.body).is_ok_and(|e| e.kind != "log.receipt"));
        sink.take(fetched, 0, 0)?;
    }
    Ok(out)
}
