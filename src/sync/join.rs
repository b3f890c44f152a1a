//! Joining a log from the hub: a device that does not hold a log yet creates its local copy
//! from the hub's events for that log id. Nothing is taken on trust: the genesis must be the
//! event whose hash is the log id (so the hub cannot swap the tournament), its signature is
//! checked before the file is written, and everything else arrives through [`super::sync_once`]
//! (checked as served, then merged as `tdlog merge` merges: the union verified before it is
//! stored). A join that fails leaves no file behind.

use super::{sync_once, Hub, Options, ProgressFn, Report, SyncError};
use crate::keys::DeviceKey;
use crate::log::{Envelope, Hash32, Log, LogError};
use std::path::Path;

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
            let r = sync_once(&mut log, hub, key, opts, progress);
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
