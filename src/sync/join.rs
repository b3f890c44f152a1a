//! Joining a log from the hub: a device that does not hold a log yet creates its local copy
//! from the hub's events for that log id. Nothing is taken on trust: the genesis must be the
//! event whose hash is the log id (so the hub cannot swap the tournament), its signature is
//! checked before the file is written, and everything else arrives through [`super::sync_once`]
//! (checked as served, then merged as `tdlog merge` merges: the union verified before it is
//! stored). A join that fails leaves no file behind.
//!
//! The first round streams (issue 32: a join at the verification limit): the hub's log is
//! pulled on a thread of its own, and each batch is written and checked on every core
//! while the next one is on its way ([`Log::merge_stream`]): each row against the id,
//! author and sequence number the hub filed it under, and its signature, in one pass (a
//! row is hashed once; one that is not what it is filed as is named as a round names it). The union is committed only once the last row is in, the
//! pull's own checks passed (chains without holes, no claimed head withheld) and it
//! verifies: what a round would have refused, the stream refuses. A second round then pushes
//! the receipt and leaves this device's head claim.

use super::plan::Served;
use super::pull::{self, Sink};
use super::{sync_once, Hub, Local, Options, Phase, ProgressFn, Report, SyncError};
use crate::keys::DeviceKey;
use crate::log::{Envelope, Hash32, Identified, Log, LogError, MergeReport, StreamError};
use std::collections::HashSet;
use std::path::Path;
use std::sync::mpsc::{sync_channel, SyncSender};

/// The log on the hub that `id` names: the full log id (64 hex digits), or a prefix of at
/// least 8 that exactly one of its logs has (as `tdlog archive` prints them).
pub fn resolve_id(hub: &mut Hub, id: &str) -> Result<Hash32, SyncError> {
    let id = id.trim().to_ascii_lowercase();
    if let Ok(h) = Hash32::from_hex(&id) {
        return Ok(h);
    }
    if id.len() < 8 || !id.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(SyncError::UnknownLog(format!(
            "{id:?} is no log id (64 hex digits, or a prefix of at least 8)"
        )));
    }
    let found: Vec<Hash32> = hub
        .logs()?
        .into_iter()
        .map(|l| l.log_id)
        .filter(|l| l.to_hex().starts_with(&id))
        .collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(SyncError::UnknownLog(format!(
            "no log on the hub starts with {id}"
        ))),
        more => Err(SyncError::UnknownLog(format!(
            "{} logs on the hub start with {id}: give more digits",
            more.len()
        ))),
    }
}

/// Creates `path` as this device's copy of the hub's log `log_id`, and syncs it. With
/// `data` (the device's data dir), its record and verified-state cache follow the join as
/// they follow a verify: the first open after it is a warm one, with no second cold verify.
pub fn join(
    path: &Path,
    hub: &mut Hub,
    log_id: &Hash32,
    key: Option<&DeviceKey>,
    opts: &Options,
    progress: &mut ProgressFn<'_>,
    data: Option<&Path>,
) -> Result<(Log, Report), SyncError> {
    if path.exists() {
        return Err(SyncError::Log(LogError::Exists(path.to_owned())));
    }
    let genesis = hub.row(log_id, log_id)?.ok_or_else(|| {
        SyncError::UnknownLog(format!(
            "the hub holds no log {} (`tdlog archive` lists the ones it holds)",
            log_id.short()
        ))
    })?;
    if genesis.id() != *log_id {
        let author = Envelope::decode(&genesis.body)
            .map(|e| e.author.short())
            .unwrap_or_default();
        return Err(SyncError::Altered { author, seq: 1 });
    }
    let mut log = Log::create_from_genesis(path, &genesis).map_err(|e| match e {
        LogError::Refused(_) | LogError::Verify(_) => SyncError::Rejected(Box::new(e)),
        other => SyncError::Log(other),
    })?;
    if let Some(dir) = data {
        log.keep_seen(crate::log::seen::SeenStore::new(dir));
        log.attach_cache(crate::log::cache::VerifiedCache::new(dir));
    }
    // Nobody else knows the new file yet: the log it receives is written into it once.
    let filled = match log.begin_fill() {
        Ok(switched) => {
            let r = first_round(&mut log, hub, log_id, key, opts, progress).and_then(|first| {
                let mut r = sync_once(&mut log, hub, key, opts, progress)?;
                r.merged = combined(first.merged, r.merged);
                r.claims = r.claims.max(first.claims);
                Ok(r)
            });
            if switched {
                // Not fatal: every open of a log switches it to WAL again.
                if let Err(e) = log.end_fill() {
                    tracing::warn!(error = %e, "the joined file stays in its journal mode until opened");
                }
            }
            r
        }
        Err(e) => Err(SyncError::Log(e)),
    };
    match filled {
        Ok(r) => Ok((log, r)),
        Err(e) => {
            drop(log);
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let mut p = path.as_os_str().to_owned();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
            Err(e)
        }
    }
}

/// What the first round of a join did.
struct First {
    merged: MergeReport,
    claims: usize,
}

/// Why the stream of batches stopped before its end.
#[derive(Debug)]
enum Stop {
    /// The pull failed (its thread returns why).
    Pull,
    /// The progress callback asked to stop.
    Interrupted,
}

/// A checked batch (with the rows served so far and the total), the end of a pull that
/// passed every check (`None`), or the pull's failure.
type Message = Result<Option<(Vec<Served>, u64, u64)>, Stop>;

/// The pull's end of the stream: a joining device holds only the genesis.
struct ToMerge {
    genesis: Hash32,
    to: SyncSender<Message>,
}

impl Sink for ToMerge {
    fn holds(&mut self, id: &Hash32) -> Result<bool, SyncError> {
        Ok(*id == self.genesis)
    }
    fn take(&mut self, rows: Vec<Served>, done: u64, total: u64) -> Result<(), SyncError> {
        // The merge stopped (at a fault it names, or interrupted): so does the pull.
        self.to
            .send(Ok(Some((rows, done, total))))
            .map_err(|_| SyncError::Interrupted)
    }
    fn checks_rows(&self) -> bool {
        // The merge checks each row against how it was filed, with its signature.
        true
    }
}

/// Pulls the hub's log into `log` (holding only the genesis) as a stream, merged by
/// [`Log::merge_stream`], and signs this device's receipt as a round's merge would.
fn first_round(
    log: &mut Log,
    hub: &mut Hub,
    log_id: &Hash32,
    key: Option<&DeviceKey>,
    opts: &Options,
    progress: &mut ProgressFn<'_>,
) -> Result<First, SyncError> {
    let (local_now, forks) = super::local_summary(log)?;
    let have: HashSet<Hash32> = forks.iter().map(|r| r.id).collect();
    // Whether this key may sign is asked before the merge, as a round asks it.
    let signer = key.filter(|k| opts.receipts && Local::may_sign(log, k));
    let batch = opts.batch;
    // What the hub says it holds: room for that many rows (a hint, not trusted).
    let hub_now = hub.summary(log_id)?;
    let expected: u64 = super::plan::to_pull(&local_now, &hub_now)
        .iter()
        .map(|(a, from)| {
            hub_now
                .max_seq
                .get(a)
                .copied()
                .unwrap_or(0)
                .saturating_sub(*from)
        })
        .sum();
    let expected = usize::try_from(expected).unwrap_or(usize::MAX);
    let (to, arriving) = sync_channel::<Message>(4);
    let (merged, pulled) = std::thread::scope(|s| {
        let (local_now, have) = (&local_now, &have);
        let puller = s.spawn(move || {
            let mut sink = ToMerge {
                genesis: *log_id,
                to,
            };
            let r = pull::pull_checked(
                hub,
                log_id,
                local_now,
                have,
                batch,
                &mut |_, _, _| true,
                &mut sink,
            );
            // Only once every check of the pull passed does the stream end (a pull that
            // stops any other way, a panic included, is a failure): until then nothing can
            // be committed.
            let end = if r.is_ok() { Ok(None) } else { Err(Stop::Pull) };
            let _ = sink.to.send(end);
            r
        });
        // The receiving end goes with the stream: a merge that stops early drops it, and
        // the pull, finding no one to take its next batch, stops too.
        let progress = &mut *progress;
        let source = std::iter::from_fn(move || {
            let (rows, done, total) = match arriving.recv() {
                Ok(Ok(Some(batch))) => batch,
                Ok(Ok(None)) => return None,
                Ok(Err(stop)) => return Some(Err(stop)),
                Err(_) => return Some(Err(Stop::Pull)),
            };
            if total > 0 && !progress(Phase::Pull, done, total) {
                return Some(Err(Stop::Interrupted));
            }
            // As the hub filed them: the merge hashes each row once, checks it against
            // that and its signature, and stores nothing if one is not what it is filed as.
            Some(Ok(Identified::filed(
                rows.into_iter()
                    .map(|s| (s.id, s.author, s.seq, s.raw))
                    .collect(),
            )))
        });
        let merged = log.merge_stream(source, expected);
        let pulled = puller
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (merged, pulled)
    });
    match merged {
        Ok(mut merged) => {
            let pulled = pulled?;
            if let Some(k) = signer.filter(|_| pulled.news) {
                log.sign_receipt(&mut merged, k).map_err(SyncError::Log)?;
            }
            Ok(First {
                merged,
                claims: pulled.claims,
            })
        }
        Err(StreamError::Log(LogError::NotAsFiled { author, seq })) => Err(SyncError::Altered {
            author: author.short(),
            seq,
        }),
        Err(StreamError::Log(e)) => Err(match e {
            LogError::Verify(_) | LogError::Refused(_) => SyncError::Rejected(Box::new(e)),
            other => SyncError::Log(other),
        }),
        Err(StreamError::Source(Stop::Interrupted)) => Err(SyncError::Interrupted),
        Err(StreamError::Source(Stop::Pull)) => Err(pulled.err().unwrap_or(SyncError::Interrupted)),
    }
}

/// The merges of a join's two rounds as one (the second usually merges nothing).
fn combined(first: MergeReport, second: MergeReport) -> MergeReport {
    if second.added + second.forks == 0 && second.receipt.is_none() {
        return first;
    }
    let mut m = first;
    m.added += second.added;
    m.forks += second.forks;
    m.received.extend(second.received);
    m.future.extend(second.future);
    m.receipt = second.receipt.or(m.receipt);
    m.extended = None;
    m
}
