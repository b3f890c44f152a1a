//! Live sync through an untrusted hub (issue 17): a PostgreSQL database holding exactly the
//! signed bytes of many logs (`schema/hub.sql`). A device pushes the events the hub lacks and
//! pulls the others; what it pulls is checked (every row is the event it is filed under, no
//! chain has a hole, every head another device signed that it holds is there) and then
//! merged by the same code as `tdlog merge`, which verifies the union before writing. So a
//! hub that alters, forges or keeps back events is caught, and the local log is unchanged.
//!
//! Layout: `plan` (pure: what to push and pull, what a served answer must satisfy), `claim`
//! (pure: the signed head claims), `hub` (IO edge: PostgreSQL), `conn` (where the hub is and
//! how to log in). [`sync_once`] is the engine API: the CLI calls it for a `Log`, the
//! desktop app for its `live::Live` (both implement [`Local`]); [`watch`] keeps going.

pub mod archive;
pub mod archive_index;
pub mod claim;
pub mod conn;
pub mod hub;
pub mod join;
pub mod plan;
mod pull;
pub mod tls;

use crate::keys::DeviceKey;
use crate::live::Live;
use crate::log::digest::HeadSet;
use crate::log::{Envelope, Hash32, Log, LogError, MergeReport, RawEvent};
use plan::Row;
use std::collections::HashSet;
use std::time::Duration;
use thiserror::Error;

pub use conn::HubConfig;
pub use hub::Hub;

/// Which part of a sync the progress is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Push,
    Pull,
}

/// Progress: (phase, done, total) events; return false to stop (the sync ends with
/// [`SyncError::Interrupted`] between two batches, and the next one resumes).
pub type ProgressFn<'a> = dyn FnMut(Phase, u64, u64) -> bool + 'a;

/// Why a sync failed. The hostile-hub cases leave the local log unchanged.
#[derive(Debug, Error)]
pub enum SyncError {
    #[error("the hub cannot be reached or refused the request: {0}. Nothing local changed; sync again to resume")]
    Hub(#[source] postgres::Error),
    #[error("hub connection: {0}")]
    Config(String),
    #[error("TLS with the hub: {0}")]
    Tls(String),
    #[error("{0}")]
    UnknownLog(String),
    #[error(
        "the hub served a malformed row ({0}). Nothing was merged; the local log is unchanged"
    )]
    Malformed(String),
    #[error("sync interrupted; sync again to resume")]
    Interrupted,
    #[error("the hub altered the event it files as author {author} seq {seq}: the bytes are not that event. Nothing was merged; the local log is unchanged. The hub is not trusted: keep this log and tell the chief TD")]
    Altered { author: String, seq: u64 },
    #[error("the hub withholds events: {0}. Nothing was merged; the local log is unchanged. The hub is not trusted: keep this log and tell the chief TD")]
    Withheld(String),
    #[error("the hub served events that do not verify (altered or forged): {0}. Nothing was merged; the local log is unchanged. The hub is not trusted: keep this log and tell the chief TD")]
    Rejected(Box<LogError>),
    #[error("{0}. Nothing was merged; the local log is unchanged. The hub is not trusted: keep this log and tell the chief TD")]
    Claim(#[from] claim::ClaimError),
    #[error(transparent)]
    Log(LogError),
}

impl SyncError {
    pub(crate) fn hub(e: postgres::Error) -> SyncError {
        SyncError::Hub(e)
    }

    /// The hub could not be reached or dropped the connection: the one case `--watch` says
    /// "hub away" and retries.
    pub fn is_away(&self) -> bool {
        matches!(self, SyncError::Hub(_) | SyncError::Interrupted)
    }

    /// The hub misbehaved (as opposed to being away): `--watch` stops instead of retrying.
    pub fn is_hostile(&self) -> bool {
        matches!(
            self,
            SyncError::Malformed(_)
                | SyncError::Altered { .. }
                | SyncError::Withheld(_)
                | SyncError::Rejected(_)
                | SyncError::Claim(_)
        )
    }
}

/// A local copy of a log that can be synced: the CLI's `Log`, the app's `Live`.
pub trait Local {
    /// Every stored row, exactly as stored (events and fork proofs).
    fn rows(&mut self) -> Result<Vec<RawEvent>, LogError>;
    /// `tdlog merge`'s merge (verify the union, then store), with a receipt by `key`.
    fn merge(
        &mut self,
        incoming: crate::log::Identified,
        key: Option<&DeviceKey>,
    ) -> Result<MergeReport, LogError>;
    /// Changes whenever the stored rows change (another writer included).
    fn version(&mut self) -> Result<i64, LogError>;
    /// Whether `key` may sign in this log now (receipts, head claims).
    fn may_sign(&mut self, key: &DeviceKey) -> bool;

    // What a sync reads: by default worked out from every row; a `Log` answers each with a
    // few index lookups, so a sync reads only what is new (see `log::store::heads`).

    /// Every author's newest stored event `(author, seq, id)`.
    fn heads(&mut self) -> Result<Vec<(Hash32, u64, Hash32)>, LogError> {
        let mut h = HeadSet::default();
        for r in rows_of_raw(self.rows()?) {
            h.add(r.author, r.seq, r.id);
        }
        Ok(h.heads.into_iter().map(|(a, (s, id))| (a, s, id)).collect())
    }
    /// The events of `author` above `seq`.
    fn chain_above(&mut self, author: &Hash32, seq: u64) -> Result<Vec<RawEvent>, LogError> {
        Ok(rows_of_raw(self.rows()?)
            .into_iter()
            .filter(|r| r.author == *author && r.seq > seq)
            .map(|r| r.raw)
            .collect())
    }
    /// Both sides of every fork.
    fn fork_rows(&mut self) -> Result<Vec<RawEvent>, LogError> {
        let rows = rows_of_raw(self.rows()?);
        let forked = plan::summarise(&rows).fork_ids;
        Ok(rows
            .into_iter()
            .filter(|r| forked.contains(&r.id))
            .map(|r| r.raw)
            .collect())
    }
    /// Whether an event with this id is stored.
    fn holds(&mut self, id: &Hash32) -> Result<bool, LogError> {
        Ok(self.rows()?.iter().any(|r| r.id() == *id))
    }
    /// The log id (`None` for a log without events).
    fn stored_log_id(&mut self) -> Result<Option<Hash32>, LogError> {
        let rows = rows_of_raw(self.rows()?);
        Ok(log_id_of(&rows).ok())
    }
}

fn rows_of_raw(raws: Vec<RawEvent>) -> Vec<Row> {
    raws.into_iter().filter_map(Row::of).collect()
}

impl Local for Log {
    fn rows(&mut self) -> Result<Vec<RawEvent>, LogError> {
        Ok(self.read_inputs()?.into_iter().map(|i| i.raw).collect())
    }
    fn merge(
        &mut self,
        incoming: crate::log::Identified,
        key: Option<&DeviceKey>,
    ) -> Result<MergeReport, LogError> {
        match key {
            Some(k) => self.merge_with_receipt(incoming, k),
            None => self.merge_report(incoming),
        }
    }
    fn version(&mut self) -> Result<i64, LogError> {
        self.data_version()
    }
    fn may_sign(&mut self, key: &DeviceKey) -> bool {
        self.keys()
            .is_ok_and(|ks| ks.may_sign(&key.public(), u64::MAX).is_ok())
    }
    fn heads(&mut self) -> Result<Vec<(Hash32, u64, Hash32)>, LogError> {
        self.chain_heads()
    }
    fn chain_above(&mut self, author: &Hash32, seq: u64) -> Result<Vec<RawEvent>, LogError> {
        Log::chain_above(self, author, seq)
    }
    fn fork_rows(&mut self) -> Result<Vec<RawEvent>, LogError> {
        Log::fork_rows(self)
    }
    fn holds(&mut self, id: &Hash32) -> Result<bool, LogError> {
        Log::holds(self, id)
    }
    fn stored_log_id(&mut self) -> Result<Option<Hash32>, LogError> {
        self.any_log_id()
    }
}

impl Local for Live {
    fn rows(&mut self) -> Result<Vec<RawEvent>, LogError> {
        Ok(self.read_inputs()?.into_iter().map(|i| i.raw).collect())
    }
    fn merge(
        &mut self,
        incoming: crate::log::Identified,
        key: Option<&DeviceKey>,
    ) -> Result<MergeReport, LogError> {
        Live::merge(self, incoming, key)
    }
    fn version(&mut self) -> Result<i64, LogError> {
        self.data_version()
    }
    fn may_sign(&mut self, key: &DeviceKey) -> bool {
        self.replayed
            .log
            .keys
            .may_sign(&key.public(), u64::MAX)
            .is_ok()
    }
    fn heads(&mut self) -> Result<Vec<(Hash32, u64, Hash32)>, LogError> {
        self.stored()?.chain_heads()
    }
    fn chain_above(&mut self, author: &Hash32, seq: u64) -> Result<Vec<RawEvent>, LogError> {
        self.stored()?.chain_above(author, seq)
    }
    fn fork_rows(&mut self) -> Result<Vec<RawEvent>, LogError> {
        self.stored()?.fork_rows()
    }
    fn holds(&mut self, id: &Hash32) -> Result<bool, LogError> {
        self.stored()?.holds(id)
    }
    fn stored_log_id(&mut self) -> Result<Option<Hash32>, LogError> {
        self.stored()?.any_log_id()
    }
}

/// How a sync runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// Rows per transaction (push) and per query (pull).
    pub batch: usize,
    /// Sign a `log.receipt` for what arrived (as `tdlog merge` does), when the key may sign.
    pub receipts: bool,
    /// The clock of the head claim (ms since the epoch).
    pub now_ms: fn() -> i64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            batch: 5_000,
            receipts: true,
            now_ms: || chrono::Utc::now().timestamp_millis(),
        }
    }
}

/// What one sync did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub log_id: Hash32,
    /// Rows sent to the hub (events and fork proofs it lacked).
    pub pushed: u64,
    /// What merging the pulled rows did.
    pub merged: MergeReport,
    /// Head claims of other devices checked.
    pub claims: usize,
    /// Events in the local log afterwards (fork proofs included).
    pub local_rows: usize,
    /// The local head digest afterwards (`events-XXXX-XXXX-XXXX`): devices that show the
    /// same digest hold the same events.
    pub digest: String,
}

fn log_id_of(rows: &[Row]) -> Result<Hash32, SyncError> {
    rows.iter()
        .find_map(|r| {
            let env = Envelope::decode(&r.raw.body).ok()?;
            Some(env.log_id.unwrap_or(r.id))
        })
        .ok_or_else(|| SyncError::Log(LogError::Refused("the log holds no events".into())))
}

/// One sync: push what the hub lacks, pull the rest (checked, then merged as `tdlog merge`
/// merges), push the receipt that merge signed, and leave this device's signed head claim.
/// Idempotent; cut off anywhere, the next call resumes.
pub fn sync_once(
    local: &mut dyn Local,
    hub: &mut Hub,
    key: Option<&DeviceKey>,
    opts: &Options,
    progress: &mut ProgressFn<'_>,
) -> Result<Report, SyncError> {
    let log_id = local
        .stored_log_id()
        .map_err(SyncError::Log)?
        .ok_or_else(|| SyncError::Log(LogError::Refused("the log holds no events".into())))?;
    let mut report = Report {
        log_id,
        ..Report::default()
    };
    let (local_now, forks) = local_summary(local)?;
    // 1. Push first: what this device signed is safe at the hub before anything else.
    let hub_now = hub.summary(&log_id)?;
    let candidates = push_candidates(local, &local_now, &hub_now, &forks)?;
    let push = plan::to_push(&candidates, &hub_now);
    hub.push(&log_id, &push, opts.batch, progress)?;
    report.pushed += push.len() as u64;

    // 2. Pull, and check what was served before anything is merged.
    let have: HashSet<Hash32> = forks.iter().map(|r| r.id).collect();
    let mut collected = Collect {
        local: &mut *local,
        served: Vec::new(),
    };
    let pulled = pull::pull_checked(
        hub,
        &log_id,
        &local_now,
        &have,
        opts.batch,
        progress,
        &mut collected,
    )?;
    let served = collected.served;
    report.claims += pulled.claims;

    // 3. Merge (verifies the union; nothing is written if it does not verify).
    if !served.is_empty() {
        // A receipt only for something other than receipts: two devices never sign
        // receipts of each other's receipts for ever.
        let signer = key.filter(|k| opts.receipts && pulled.news && local.may_sign(k));
        // Every id was checked against its bytes above (`check_served`): not hashed again.
        let incoming =
            crate::log::Identified::hashed(served.into_iter().map(|s| (s.id, s.raw)).collect());
        report.merged = local.merge(incoming, signer).map_err(|e| match e {
            LogError::Verify(_) | LogError::Refused(_) => SyncError::Rejected(Box::new(e)),
            other => SyncError::Log(other),
        })?;
    }

    // 4. The receipt just signed (and whatever else this device stored since the summary),
    //    and the head claim: of the state summarised last, every row of which the hub holds
    //    now (another process of this device may append meanwhile: what it adds after the
    //    summary is neither pushed nor claimed this round, or the hub would seem to withhold
    //    it from the other devices).
    let merged = report.merged.added + report.merged.forks > 0 || report.merged.receipt.is_some();
    let (local_now, forks) = if merged {
        local_summary(local)?
    } else {
        (local_now, forks)
    };
    if merged {
        let hub_now = hub.summary(&log_id)?;
        let candidates = push_candidates(local, &local_now, &hub_now, &forks)?;
        let push = plan::to_push(&candidates, &hub_now);
        hub.push(&log_id, &push, opts.batch, progress)?;
        report.pushed += push.len() as u64;
    }
    let heads = head_set_of(&local_now, &forks, local)?;
    // Chains are contiguous: the events stored are the sum of the newest sequence numbers.
    let proofs = forks.len().saturating_sub(fork_positions(&forks));
    report.local_rows = heads.events() as usize + proofs;
    report.digest = heads.digest().to_string();
    if let Some(k) = key {
        if local_now.max_seq.contains_key(&k.public()) {
            let c = claim::sign(k, &log_id, (opts.now_ms)(), &heads);
            hub.put_claim(&log_id, &c)?;
        }
    }
    Ok(report)
}

/// A round's pull: the checked rows kept, to merge once all are in.
struct Collect<'a> {
    local: &'a mut dyn Local,
    served: Vec<plan::Served>,
}

impl pull::Sink for Collect<'_> {
    fn holds(&mut self, id: &Hash32) -> Result<bool, SyncError> {
        self.local.holds(id).map_err(SyncError::Log)
    }
    fn take(&mut self, rows: Vec<plan::Served>, _: u64, _: u64) -> Result<(), SyncError> {
        self.served.extend(rows);
        Ok(())
    }
}

/// The local summary (per-author maxima, fork ids) and the fork rows, without reading the
/// whole log.
fn local_summary(local: &mut dyn Local) -> Result<(plan::Summary, Vec<Row>), SyncError> {
    let mut s = plan::Summary::default();
    for (a, seq, _) in local.heads().map_err(SyncError::Log)? {
        s.max_seq.insert(a, seq);
    }
    let forks = rows_of_raw(local.fork_rows().map_err(SyncError::Log)?);
    s.fork_ids = plan::summarise(&forks).fork_ids;
    Ok((s, forks))
}

/// The local rows the hub may lack: every chain above the hub's maximum (all of it where the
/// hub's copy has a hole), and the fork rows. Each row once.
fn push_candidates(
    local: &mut dyn Local,
    local_now: &plan::Summary,
    hub_now: &plan::Summary,
    forks: &[Row],
) -> Result<Vec<Row>, SyncError> {
    let mut out = Vec::new();
    for (a, &mine) in &local_now.max_seq {
        let from = if hub_now.holes.contains(a) {
            0
        } else {
            hub_now.max_seq.get(a).copied().unwrap_or(0)
        };
        if mine > from || hub_now.holes.contains(a) {
            out.extend(rows_of_raw(
                local.chain_above(a, from).map_err(SyncError::Log)?,
            ));
        }
    }
    let mut seen: HashSet<Hash32> = out.iter().map(|r| r.id).collect();
    out.extend(forks.iter().filter(|r| seen.insert(r.id)).cloned());
    Ok(out)
}

/// The head set of the state `local_now` summarises: each chain's event at the summary's
/// newest sequence number, and the fork rows (a fork at the head counts its smallest id, as
/// `HeadSet::add` keeps it). Another process of this device (the app, a CLI command) may have
/// appended since the summary was read (issue 29's soak found a debug assertion that said
/// otherwise): its events are left for the next round.
fn head_set_of(
    local_now: &plan::Summary,
    forks: &[Row],
    local: &mut dyn Local,
) -> Result<HeadSet, SyncError> {
    let mut h = HeadSet::default();
    for (a, seq, id) in local.heads().map_err(SyncError::Log)? {
        let Some(&summarised) = local_now.max_seq.get(&a) else {
            continue; // a chain begun since
        };
        if seq == summarised {
            h.add(a, seq, id);
        } else if let Some(raw) = local
            .chain_above(&a, summarised.saturating_sub(1))
            .map_err(SyncError::Log)?
            .first()
        {
            h.add(a, summarised, raw.id());
        }
    }
    for r in forks {
        h.add(r.author, r.seq, r.id);
    }
    Ok(h)
}

/// Distinct (author, seq) places among the fork rows (one row each is in the event table).
fn fork_positions(forks: &[Row]) -> usize {
    forks
        .iter()
        .map(|r| (r.author, r.seq))
        .collect::<std::collections::BTreeSet<_>>()
        .len()
}

/// `--watch`: syncs, then waits for the hub's notification about this log (or a local
/// change, checked every `interval`) and syncs again, until `stop()`. A hub that is away is
/// retried (offline work goes on locally and is pushed when it is back); a hub that
/// misbehaves ends the watch with its error.
pub fn watch(
    local: &mut dyn Local,
    cfg: &HubConfig,
    key: Option<&DeviceKey>,
    opts: &Options,
    interval: Duration,
    stop: &dyn Fn() -> bool,
    on_round: &mut dyn FnMut(Result<&Report, &SyncError>),
) -> Result<(), SyncError> {
    let mut hub: Option<Hub> = None;
    let mut backoff = interval;
    while !stop() {
        if hub.as_ref().is_none_or(|h| h.is_closed()) {
            match Hub::connect(cfg).and_then(|mut h| h.listen().map(|_| h)) {
                Ok(h) => hub = Some(h),
                Err(e) => {
                    on_round(Err(&e));
                    // A refused certificate or a bad address does not mend by waiting.
                    if !e.is_away() {
                        return Err(e);
                    }
                    std::thread::sleep(backoff);
                    backoff = (backoff * 2).min(Duration::from_secs(10));
                    continue;
                }
            }
        }
        let Some(h) = hub.as_mut() else { continue };
        let res = sync_once(local, h, key, opts, &mut |_, _, _| !stop());
        match &res {
            Ok(r) => {
                backoff = interval;
                on_round(Ok(r));
            }
            Err(e) => {
                on_round(Err(e));
                // Only a hub that is away is retried; a hostile hub, the local log or a
                // refused connection ends the watch with its error.
                if !e.is_away() {
                    return res.map(|_| ());
                }
                hub = None;
                std::thread::sleep(backoff);
                continue;
            }
        }
        let log_id = res.map(|r| r.log_id).unwrap_or_default();
        let seen = local.version().map_err(SyncError::Log)?;
        // Wait for news from the hub or from this device.
        loop {
            if stop() {
                return Ok(());
            }
            match h.wait(&log_id, interval) {
                Ok(true) => break,
                Ok(false) => {
                    if local.version().map_err(SyncError::Log)? != seen {
                        break;
                    }
                }
                Err(e) => {
                    on_round(Err(&e));
                    hub = None;
                    break;
                }
            }
        }
    }
    Ok(())
}

/// One signing key's newest event in a log: what a status bar shows per peer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Peer {
    pub key: Hash32,
    /// The holder as enrolled ("Tom TD"), else the key's short form.
    pub holder: String,
    pub last_seq: u64,
    pub last_kind: String,
    /// The newest event's signed time (ms since the epoch, UTC).
    pub last_wall_ms: i64,
}

/// Every author's newest standing event in `v`, newest first (for the app's status bar:
/// a peer that has gone quiet, or that the hub keeps frozen, shows as such).
pub fn peers(v: &crate::log::Verified) -> Vec<Peer> {
    let mut last: std::collections::BTreeMap<Hash32, &crate::log::CheckedEvent> =
        std::collections::BTreeMap::new();
    for e in &v.events {
        let slot = last.entry(e.env.author).or_insert(e);
        if e.env.seq > slot.env.seq {
            *slot = e;
        }
    }
    let mut out: Vec<Peer> = last
        .into_iter()
        .map(|(k, e)| Peer {
            key: k,
            holder: v
                .keys
                .get(&k)
                .map(|i| i.holder.clone())
                .unwrap_or_else(|| k.short()),
            last_seq: e.env.seq,
            last_kind: e.env.kind.to_string(),
            last_wall_ms: e.env.wall_ms,
        })
        .collect();
    out.sort_by_key(|p| (std::cmp::Reverse(p.last_wall_ms), p.key));
    out
}
