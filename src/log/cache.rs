//! The verified-state cache: which stored rows this device has already verified, so that
//! opening, appending and every query check signatures only for rows it has not seen.
//!
//! For every verified row the cache keeps the SHA-256 of the row's stored bytes (every
//! column). On the next open each row is hashed again (cheap: no signatures): a row whose
//! hash is unchanged skips its signature check, a new row is fully verified, and a cached row
//! that changed or disappeared is a hard error naming it, never silently re-verified into a
//! new truth. `tdlog verify` ignores the cache and checks every signature.
//!
//! The cache lives in the device's data dir (`cache/<log id>.vcache`), where a holder of the
//! log file alone cannot reach it; it is a chain of segments each signed with the device's
//! state key (`state.key`, as for the device record), so a forged or edited cache is never
//! believed. It is read and added to under the data dir's lock (`log::device`), and a writer
//! adds to the file as it is now (another process may have added since it read it). A cache
//! that fails its own check is set aside (kept, named in a warning): losing it only costs
//! time, it is rebuilt by the next full verify. What it knows still counts: a full verify
//! refuses a log that lost rows the cache holds (`Log::verify_all`).

use super::hash::Hash32;
use super::seen::SeenError;
use super::verify::Input;
use crate::keys::DeviceKey;
use ed25519_dalek::VerifyingKey;
use sha2::{Digest as _, Sha256};
use std::collections::HashSet;

mod file;
mod rows;
pub use rows::Rows;
use std::path::{Path, PathBuf};

/// The hash of one stored row: every column, length-prefixed.
pub fn row_hash(input: &Input) -> [u8; 32] {
    row_hash_of(
        input
            .declared
            .as_ref()
            .map(|d| (&d.id[..], &d.author[..], d.seq)),
        &input.raw,
    )
}

/// [`row_hash`] of a row from its parts (declared id, author and seq; the raw bytes), for
/// a writer that holds them without an [`Input`] (a merge hashing what it just stored).
pub fn row_hash_of(declared: Option<(&[u8], &[u8], i64)>, raw: &crate::log::RawEvent) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"tdlog/row/v1\0");
    if let Some((id, author, seq)) = declared {
        h.update([1u8]);
        for part in [id, author] {
            h.update((part.len() as u32).to_be_bytes());
            h.update(part);
        }
        h.update(seq.to_be_bytes());
    } else {
        h.update([0u8]);
    }
    for part in [&raw.body, &raw.sig, &raw.payload] {
        h.update((part.len() as u32).to_be_bytes());
        h.update(part);
    }
    h.finalize().into()
}

/// Compares one batch of stored rows with the cache (hashing them on every core): for each
/// row, whether its signature was verified before and its bytes are unchanged. New rows are
/// added to `fresh` (to add once they verify), every stored id to `present` (for
/// [`check_gone`]). A cached row that changed is an error naming it.
pub fn compare_batch(
    log_id: &Hash32,
    known: &Known,
    batch: &[Input],
    present: &mut Presence,
    fresh: &mut Vec<(Hash32, [u8; 32])>,
) -> Result<Vec<bool>, CacheMismatch> {
    use rayon::prelude::*;
    // Hashed and looked up on every core (each lookup is a cache miss or two).
    type Looked = Option<(Hash32, [u8; 32], Option<([u8; 32], u32)>)>;
    let id_of = |inp: &Input| {
        inp.declared
            .as_ref()
            .and_then(|d| <[u8; 32]>::try_from(d.id.as_slice()).ok())
            .map(Hash32)
    };
    let hashed: Vec<Looked> = batch
        .par_chunks(32)
        .flat_map_iter(|rows| {
            // The lookups of 32 rows fetched together, then each row hashed and looked up.
            for inp in rows {
                if let Some(id) = id_of(inp) {
                    known.rows.prefetch(&id);
                }
            }
            rows.iter().map(move |inp| {
                let id = id_of(inp)?;
                Some((id, row_hash(inp), known.rows.get(&id)))
            })
        })
        .collect();
    let mut flags = Vec::with_capacity(batch.len());
    for row in hashed {
        let Some((id, h, cached)) = row else {
            flags.push(false);
            continue;
        };
        match cached {
            Some((k, at)) if k == h => {
                present.found_at(at as usize, known);
                flags.push(true)
            }
            Some(_) => return Err(CacheMismatch::Changed { log: *log_id, id }),
            None => {
                fresh.push((id, h));
                flags.push(false);
            }
        }
    }
    Ok(flags)
}

/// After every batch: a row the cache holds that is no longer stored is an error naming it.
pub fn check_gone(log_id: &Hash32, known: &Known, present: &Presence) -> Result<(), CacheMismatch> {
    if present.found == known.rows.len() {
        return Ok(()); // every cached row was found once, unchanged
    }
    if let Some((id, _)) = known
        .rows
        .places()
        .find(|(_, at)| !present.seen.get(*at as usize).copied().unwrap_or(false))
    {
        return Err(CacheMismatch::Gone { log: *log_id, id });
    }
    Ok(())
}

/// Which of the cached rows were found, unchanged, among the stored rows read so far (for
/// [`check_gone`]): a flag per cached row by its place in the cache, not a set of a million
/// ids. A row stored twice (in both tables) is found once.
#[derive(Debug, Default)]
pub struct Presence {
    seen: Vec<bool>,
    found: usize,
}

impl Presence {
    /// Notes that the row `id` is stored (if the cache holds it).
    pub fn note(&mut self, id: &Hash32, known: &Known) {
        if let Some((_, at)) = known.rows.get(id) {
            self.found_at(at as usize, known);
        }
    }

    fn found_at(&mut self, at: usize, known: &Known) {
        if self.seen.len() < known.rows.len() {
            self.seen.resize(known.rows.len(), false);
        }
        if let Some(s) = self.seen.get_mut(at) {
            if !*s {
                *s = true;
                self.found += 1;
            }
        }
    }
}

/// What the cache says about a log's stored rows.
#[derive(Debug, Default, Clone)]
pub struct Known {
    /// Row id -> (hash of the row as verified, the row's place in the cache: 0, 1, 2...).
    /// Shared with the memo: a load that adds nothing never copies it.
    pub rows: std::sync::Arc<Rows>,
    /// Signature of the last segment (the next one chains to it).
    last_sig: Option<[u8; 64]>,
    segments: usize,
    /// The file's length when read or written (with `last_sig`: is the file still this?).
    file_len: u64,
}

/// Is the file at `p` still what `known` was read or written as (its length and last
/// signature; no file for a cache that holds nothing yet)? Call with the lock held.
fn is_current(p: &Path, known: &Known) -> bool {
    match (file::tail(p), known.last_sig) {
        (Some((len, sig)), Some(last)) => len == known.file_len && sig == last,
        (None, None) => !p.exists(),
        _ => false,
    }
}

/// A cache's next state made in memory by [`VerifiedCache::prepare`], for
/// [`VerifiedCache::commit`].
pub struct Prepared {
    pending: Option<file::Pending>,
    /// The file `known` was read as (length, last signature), and whether it was there.
    base: (u64, Option<[u8; 64]>),
    exists: bool,
}

/// The outcome of comparing the stored rows with the cache.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Ids of rows verified before and unchanged: their signatures need no check.
    pub trusted: HashSet<Hash32>,
    /// New rows: (id, hash), to add once they verify.
    pub fresh: Vec<(Hash32, [u8; 32])>,
}

/// The cache of one device (its data dir).
#[derive(Debug, Clone)]
pub struct VerifiedCache {
    dir: PathBuf,
    /// What this process last read or wrote of one log's cache file, valid while the file's
    /// length, time and inode are the ones it left: a long-lived log (the app, a benchmark's
    /// device) adds its own appends without reading the whole file each time.
    memo: std::sync::Arc<std::sync::Mutex<Option<Memo>>>,
    /// How many times this cache read its file (what the memo saves, counted for tests).
    reads: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

#[derive(Debug)]
struct Memo {
    log_id: Hash32,
    stamp: Stamp,
    known: Known,
}

/// What changes when anyone writes or replaces the file: length, time, and (a rewrite is a
/// new file renamed over the old) its inode.
type Stamp = (u64, Option<std::time::SystemTime>, u64);

fn stamp(p: &Path) -> Option<Stamp> {
    std::fs::metadata(p).ok().map(|m| {
        #[cfg(unix)]
        let ino = std::os::unix::fs::MetadataExt::ino(&m);
        #[cfg(not(unix))]
        let ino = 0;
        (m.len(), m.modified().ok(), ino)
    })
}

const WHAT: &str = "this device's verified-state cache";

impl VerifiedCache {
    pub fn new(data_dir: &Path) -> VerifiedCache {
        VerifiedCache {
            dir: data_dir.to_owned(),
            memo: Default::default(),
            reads: Default::default(),
        }
    }

    fn path(&self, log_id: &Hash32) -> PathBuf {
        self.dir
            .join("cache")
            .join(format!("{}.vcache", log_id.to_hex()))
    }

    fn state_key(&self, create: bool) -> Result<Option<DeviceKey>, SeenError> {
        super::device::state_key(&self.dir, create)
    }

    fn state_key_or_new(&self) -> Result<DeviceKey, SeenError> {
        self.state_key(true)?.ok_or_else(|| SeenError::Tampered {
            log: "-".into(),
            path: self.dir.join("state.key"),
            why: "no state key".into(),
        })
    }

    fn forget_memo(&self) {
        if let Ok(mut m) = self.memo.lock() {
            *m = None;
        }
    }

    /// Sets the cache of `log_id` aside (its snapshot, bound to it, is removed).
    fn set_aside(&self, log_id: &Hash32, why: &str) {
        self.forget_memo();
        super::device::set_aside(&self.path(log_id), WHAT, why);
        let _ = std::fs::remove_file(self.snapshot_path(log_id));
    }

    /// Reads the cache of `log_id`, checking every segment's signature (empty if none; a
    /// cache that fails its check is set aside and read as empty). What this process read or
    /// wrote last is reused while the file is unchanged.
    pub fn load(&self, log_id: &Hash32) -> Result<Known, SeenError> {
        let _lock = super::device::lock(&self.dir)?;
        let p = self.path(log_id);
        let now = stamp(&p);
        if let Ok(memo) = self.memo.lock() {
            if let Some(m) = memo.as_ref() {
                if m.log_id == *log_id && Some(m.stamp) == now {
                    return Ok(m.known.clone());
                }
            }
        }
        let known = self.load_file(log_id)?;
        if let (Some(st), Ok(mut memo)) = (stamp(&p), self.memo.lock()) {
            *memo = Some(Memo {
                log_id: *log_id,
                stamp: st,
                known: known.clone(),
            });
        }
        Ok(known)
    }

    /// Reads the file (with the lock held); a file that fails its check is set aside and
    /// read as empty.
    fn load_file(&self, log_id: &Hash32) -> Result<Known, SeenError> {
        let p = self.path(log_id);
        let bytes = match std::fs::read(&p) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Known::default()),
            Err(err) => return Err(SeenError::Io { path: p, err }),
        };
        self.reads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if file::is_format_1(&bytes) {
            tracing::info!(path = %p.display(), "verified-state cache of an older format: rebuilt");
            return Ok(Known::default());
        }
        let checked = match self.state_key(false)? {
            None => Err("the device's state key is missing".to_string()),
            Some(key) => VerifyingKey::from_bytes(&key.public().0)
                .map_err(|_| "bad state key".to_string())
                .and_then(|vk| file::parse(log_id, &vk, &bytes)),
        };
        match checked {
            Ok(known) => Ok(known),
            Err(why) => {
                self.set_aside(log_id, &why);
                Ok(Known::default())
            }
        }
    }

    /// Compares the stored rows with what this device verified before. A cached row that
    /// changed or is gone is an error naming it.
    pub fn compare(
        &self,
        log_id: &Hash32,
        known: &Known,
        inputs: &[Input],
    ) -> Result<Comparison, CacheMismatch> {
        let mut c = Comparison::default();
        let mut present = Presence::default();
        let flags = compare_batch(log_id, known, inputs, &mut present, &mut c.fresh)?;
        for (inp, trusted) in inputs.iter().zip(flags) {
            if trusted {
                c.trusted.insert(inp.raw.id());
            }
        }
        check_gone(log_id, known, &present)?;
        Ok(c)
    }

    /// Adds verified rows (appends one signed segment; rewrites the file when it has many).
    /// Another process may have added rows since `known` was read: then the file is read
    /// again and the rows added to it as it is now. Returns whether `known` is now exactly
    /// what it held before plus `fresh` (no other process's rows came in with it: only then
    /// may a snapshot of the caller's state be bound to it).
    pub fn add(
        &self,
        log_id: &Hash32,
        known: &mut Known,
        fresh: &[(Hash32, [u8; 32])],
    ) -> Result<bool, SeenError> {
        if fresh.is_empty() {
            return Ok(true);
        }
        let _lock = super::device::lock(&self.dir)?;
        let p = self.path(log_id);
        let current = is_current(&p, known);
        let mut exact = true;
        if !current {
            let now = self.load_file(log_id)?;
            exact = now.rows.len() == known.rows.len();
            *known = now;
        }
        let key = self.state_key_or_new()?;
        file::add(&self.dir, &p, log_id, &key, known, fresh)?;
        Ok(exact)
    }

    /// What [`add`](Self::add) would write, worked out in memory (rows sorted, segment
    /// signed) before it is known whether the rows may be added: a first open prepares
    /// while the log settles and [`commits`](Self::commit) only once it settled, so a row of
    /// a log that did not settle is never cached.
    pub fn prepare(
        &self,
        log_id: &Hash32,
        known: &Known,
        fresh: &[(Hash32, [u8; 32])],
    ) -> Result<Prepared, SeenError> {
        let (key, exists) = {
            let _lock = super::device::lock(&self.dir)?;
            (self.state_key_or_new()?, self.path(log_id).exists())
        };
        Ok(Prepared {
            pending: file::prepare(log_id, &key, known, fresh, exists),
            base: (known.file_len, known.last_sig),
            exists,
        })
    }

    /// [`add`](Self::add) with what [`prepare`](Self::prepare) made of the same `known` and
    /// `fresh`: written as it is while the file is still what `known` was read as, else
    /// added afresh to the file as it is now.
    pub fn commit(
        &self,
        log_id: &Hash32,
        known: &mut Known,
        prepared: Prepared,
        fresh: &[(Hash32, [u8; 32])],
    ) -> Result<bool, SeenError> {
        if fresh.is_empty() {
            return Ok(true);
        }
        let _lock = super::device::lock(&self.dir)?;
        let p = self.path(log_id);
        if is_current(&p, known)
            && p.exists() == prepared.exists
            && prepared.base == (known.file_len, known.last_sig)
        {
            if let Some(pending) = prepared.pending {
                *known = file::write(&self.dir, &p, pending)?;
            }
            return Ok(true);
        }
        self.add(log_id, known, fresh)
    }

    /// Adds rows this process just verified (its own appends) through the memo: the file is
    /// read again only if something else changed it. Returns the new tip, for the snapshot
    /// (`None` if another process's rows came in with them: no snapshot then).
    pub fn add_rows(
        &self,
        log_id: &Hash32,
        fresh: &[(Hash32, [u8; 32])],
    ) -> Result<Option<[u8; 64]>, SeenError> {
        let _lock = super::device::lock(&self.dir)?;
        let p = self.path(log_id);
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        let now = stamp(&p);
        let stale = match memo.as_ref() {
            Some(m) => m.log_id != *log_id || Some(m.stamp) != now,
            None => true,
        };
        let m = match memo.as_mut() {
            Some(m) if !stale => m,
            _ => {
                let known = self.load_file(log_id)?;
                memo.insert(Memo {
                    log_id: *log_id,
                    stamp: stamp(&p).unwrap_or((0, None, 0)),
                    known,
                })
            }
        };
        // With a stale memo the file may hold rows the state being saved lacks.
        let exact = self.add(log_id, &mut m.known, fresh)? && !stale;
        m.stamp = stamp(&p).unwrap_or((0, None, 0));
        Ok(m.known.last_sig.filter(|_| exact))
    }

    /// How many times this cache (and its clones) read the cache file.
    pub fn file_reads(&self) -> usize {
        self.reads.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Remembers `known` as what this process last wrote of `log_id`'s cache (after
    /// [`add`](Self::add) outside [`add_rows`](Self::add_rows)): the first append after a
    /// verify that filled the cache then adds its row without reading the whole file again
    /// (after a first open of a million events, that read made the first recorded call take
    /// most of a second). Only while the file is still what `known` was written as.
    pub fn remember(&self, log_id: &Hash32, known: &Known) {
        let Ok(_lock) = super::device::lock(&self.dir) else {
            return;
        };
        let p = self.path(log_id);
        let current = file::tail(&p)
            .is_some_and(|(len, sig)| len == known.file_len && Some(sig) == known.last_sig);
        let Some(st) = stamp(&p).filter(|_| current) else {
            return;
        };
        if let Ok(mut memo) = self.memo.lock() {
            *memo = Some(Memo {
                log_id: *log_id,
                stamp: st,
                known: known.clone(),
            });
        }
    }

    /// Forgets a log's cache (a rebuild starts from a full verify).
    pub fn forget(&self, log_id: &Hash32) {
        let Ok(_lock) = super::device::lock(&self.dir) else {
            return;
        };
        self.forget_memo();
        let _ = std::fs::remove_file(self.path(log_id));
        let _ = std::fs::remove_file(self.snapshot_path(log_id));
    }

    fn snapshot_path(&self, log_id: &Hash32) -> PathBuf {
        self.dir
            .join("cache")
            .join(format!("{}.state", log_id.to_hex()))
    }

    /// Saves what was folded from exactly the rows the cache holds now (`known`): the next
    /// open that finds every row unchanged and none new uses it instead of folding again.
    pub fn save_snapshot(
        &self,
        log_id: &Hash32,
        known: &Known,
        state: &[u8],
    ) -> Result<(), SeenError> {
        self.save_snapshot_at(log_id, known.last_sig, state)
    }

    /// As [`save_snapshot`](Self::save_snapshot), for the cache whose last segment has
    /// signature `tip` (from [`add_rows`](Self::add_rows)).
    pub fn save_snapshot_at(
        &self,
        log_id: &Hash32,
        tip: Option<[u8; 64]>,
        state: &[u8],
    ) -> Result<(), SeenError> {
        let Some(tip) = tip else {
            return Ok(());
        };
        let _lock = super::device::lock(&self.dir)?;
        let key = self.state_key_or_new()?;
        file::save_snapshot(&self.snapshot_path(log_id), log_id, &key, &tip, state)
    }

    /// The snapshot saved for the cache as it is now (`None`: none, or one of another state
    /// of the cache; a snapshot that fails its check is set aside, costing a fold).
    pub fn load_snapshot(
        &self,
        log_id: &Hash32,
        known: &Known,
    ) -> Result<Option<Vec<u8>>, SeenError> {
        let Some(tip) = known.last_sig else {
            return Ok(None);
        };
        let _lock = super::device::lock(&self.dir)?;
        let p = self.snapshot_path(log_id);
        let bytes = match std::fs::read(&p) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(SeenError::Io { path: p, err }),
        };
        let Some(key) = self.state_key(false)? else {
            return Ok(None);
        };
        match file::read_snapshot(log_id, &key, &tip, &bytes) {
            Ok(state) => Ok(state),
            Err(why) => {
                super::device::set_aside(&p, "this device's snapshot of the append state", &why);
                Ok(None)
            }
        }
    }
}

/// A stored row this device verified earlier is no longer the same: the file was altered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CacheMismatch {
    #[error("the stored bytes of event {} changed since this device verified them: the log file was altered (log {})", .id.short(), .log.short())]
    Changed { log: Hash32, id: Hash32 },
    #[error("event {} that this device verified is no longer in the log file: it was deleted (log {})", .id.short(), .log.short())]
    Gone { log: Hash32, id: Hash32 },
}
