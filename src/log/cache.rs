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
//! state key (`state.key`, as for the device record), so a forged or edited cache is refused.
//! Losing it only costs time: it is rebuilt by the next full verify.

use super::hash::Hash32;
use super::seen::SeenError;
use super::verify::Input;
use crate::keys::DeviceKey;
use ed25519_dalek::{Signature, VerifyingKey};
use sha2::{Digest as _, Sha256};
use std::collections::HashSet;

mod rows;
pub use rows::Rows;
use rows::ENTRY;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Format 2: a segment's signature covers the SHA-256 of its rows (format 1 signed the rows
/// themselves, and checking 64 MB of a million-row cache with Ed25519's SHA-512 was a tenth of
/// a warm open).
const MAGIC: &[u8; 8] = b"TDLGVC02";
/// A cache of the format before: read as no cache (rebuilt by the next verify, costing time
/// only, as a lost cache does).
const MAGIC_FORMAT_1: &[u8; 8] = b"TDLGVC01";
const DOMAIN: &[u8] = b"tdlog/vcache/v1\0";
const SEGMENT_DOMAIN: &[u8] = b"tdlog/vcache/segment/v2\0";
/// Past this many segments the file is rewritten as one.
const MAX_SEGMENTS: usize = 256;

/// The hash of one stored row: every column, length-prefixed.
pub fn row_hash(input: &Input) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"tdlog/row/v1\0");
    if let Some(d) = &input.declared {
        h.update([1u8]);
        for part in [&d.id[..], &d.author[..]] {
            h.update((part.len() as u32).to_be_bytes());
            h.update(part);
        }
        h.update(d.seq.to_be_bytes());
    } else {
        h.update([0u8]);
    }
    for part in [&input.raw.body, &input.raw.sig, &input.raw.payload] {
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
    /// length and modification time are the ones it left: a long-lived log (the app, a
    /// benchmark's device) adds its own appends without reading the whole file each time.
    memo: std::sync::Arc<std::sync::Mutex<Option<Memo>>>,
    /// How many times this cache read its file (what the memo saves, counted for tests).
    reads: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

#[derive(Debug)]
struct Memo {
    log_id: Hash32,
    stamp: (u64, Option<std::time::SystemTime>),
    known: Known,
}

fn stamp(p: &Path) -> Option<(u64, Option<std::time::SystemTime>)> {
    std::fs::metadata(p)
        .ok()
        .map(|m| (m.len(), m.modified().ok()))
}

fn damaged(path: &Path, why: &str) -> SeenError {
    SeenError::Tampered {
        log: "-".into(),
        path: path.to_owned(),
        why: format!("verified-state cache: {why} (delete the file to rebuild it)"),
    }
}

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

    fn state_key(&self) -> Result<Option<DeviceKey>, SeenError> {
        let p = self.dir.join("state.key");
        if !p.exists() {
            return Ok(None);
        }
        DeviceKey::load(&p, None)
            .map(Some)
            .map_err(|e| damaged(&p, &e.to_string()))
    }

    fn state_key_or_new(&self) -> Result<DeviceKey, SeenError> {
        if let Some(k) = self.state_key()? {
            return Ok(k);
        }
        std::fs::create_dir_all(&self.dir).map_err(|err| SeenError::Io {
            path: self.dir.clone(),
            err,
        })?;
        let k = DeviceKey::generate();
        let p = self.dir.join("state.key");
        k.save(&p, None).map_err(|e| damaged(&p, &e.to_string()))?;
        Ok(k)
    }

    /// Reads the cache of `log_id`, checking every segment's signature (empty if none). What
    /// this process read or wrote last is reused while the file is unchanged.
    pub fn load(&self, log_id: &Hash32) -> Result<Known, SeenError> {
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
        if let (Some(st), Ok(mut memo)) = (now, self.memo.lock()) {
            *memo = Some(Memo {
                log_id: *log_id,
                stamp: st,
                known: known.clone(),
            });
        }
        Ok(known)
    }

    fn load_file(&self, log_id: &Hash32) -> Result<Known, SeenError> {
        let p = self.path(log_id);
        let bytes = match std::fs::read(&p) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Known::default()),
            Err(err) => return Err(SeenError::Io { path: p, err }),
        };
        self.reads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let Some(key) = self.state_key()? else {
            return Err(damaged(&p, "the device's state key is missing"));
        };
        let vk =
            VerifyingKey::from_bytes(&key.public().0).map_err(|_| damaged(&p, "bad state key"))?;
        if bytes.get(..8) == Some(&MAGIC_FORMAT_1[..]) {
            tracing::info!(path = %p.display(), "verified-state cache of an older format: rebuilt");
            return Ok(Known::default());
        }
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(damaged(&p, "not a cache file"));
        }
        let mut known = Known::default();
        // The segments first, then their signatures checked on every core (a big cache has
        // thousands), then their rows.
        // (rows, signature, the signature of the segment before)
        type Segment<'a> = (&'a [u8], [u8; 64], Option<[u8; 64]>);
        let mut segments: Vec<Segment<'_>> = Vec::new();
        let mut prev = None;
        let mut at = 8;
        while at < bytes.len() {
            let len = bytes
                .get(at..at + 4)
                .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
                .ok_or_else(|| damaged(&p, "cut short"))?;
            let body = bytes
                .get(at + 4..at + 4 + len)
                .ok_or_else(|| damaged(&p, "cut short"))?;
            let sig: [u8; 64] = bytes
                .get(at + 4 + len..at + 4 + len + 64)
                .and_then(|s| s.try_into().ok())
                .ok_or_else(|| damaged(&p, "cut short"))?;
            segments.push((body, sig, prev));
            prev = Some(sig);
            at += 4 + len + 64;
        }
        {
            use rayon::prelude::*;
            let all_good = segments.par_iter().all(|(body, sig, prev)| {
                let msg = segment_message(log_id, prev.as_ref(), body);
                vk.verify_strict(&msg, &Signature::from_bytes(sig)).is_ok()
            });
            if !all_good {
                return Err(damaged(&p, "a segment's signature does not match"));
            }
        }
        // The entries as stored (sorted by id but for the segments added since the file was
        // last rewritten), made the rows at once.
        let mut entries: Vec<[u8; ENTRY]> = Vec::with_capacity((bytes.len() - 8) / ENTRY);
        for (body, sig, _) in segments {
            if body.len() % ENTRY != 0 {
                return Err(damaged(&p, "a segment of the wrong size"));
            }
            entries.extend(body.chunks_exact(ENTRY).map(|e| {
                let mut a = [0u8; ENTRY];
                a.copy_from_slice(e);
                a
            }));
            known.last_sig = Some(sig);
            known.segments += 1;
        }
        known.rows = std::sync::Arc::new(Rows::from_entries(entries));
        Ok(known)
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
    pub fn add(
        &self,
        log_id: &Hash32,
        known: &mut Known,
        fresh: &[(Hash32, [u8; 32])],
    ) -> Result<(), SeenError> {
        if fresh.is_empty() {
            return Ok(());
        }
        let key = self.state_key_or_new()?;
        let p = self.path(log_id);
        let io = |err| SeenError::Io {
            path: p.clone(),
            err,
        };
        let rows = std::sync::Arc::make_mut(&mut known.rows);
        for (id, h) in fresh {
            rows.insert(*id, *h);
        }
        // Rewritten as one segment past MAX_SEGMENTS, or past one segment per 256 rows in a
        // big cache: a rewrite costs every row, so it comes ever more rarely (amortised O(1)
        // per added row) while a load still checks few segment signatures.
        let max_segments = MAX_SEGMENTS.max(rows.len() / 256);
        if known.segments == 0 || known.segments >= max_segments || !p.exists() {
            // One segment with every row sorted by id, in a fresh file.
            let entries = rows.compact();
            let mut body = Vec::with_capacity(entries.len() * ENTRY);
            for e in entries {
                body.extend_from_slice(e);
            }
            let sig = key.sign(&segment_message(log_id, None, &body));
            let mut out = MAGIC.to_vec();
            out.extend_from_slice(&(body.len() as u32).to_be_bytes());
            out.extend_from_slice(&body);
            out.extend_from_slice(&sig);
            std::fs::create_dir_all(p.parent().unwrap_or(&self.dir)).map_err(io)?;
            let tmp = p.with_extension(format!("tmp{}", std::process::id()));
            std::fs::write(&tmp, &out).map_err(io)?;
            std::fs::rename(&tmp, &p).map_err(io)?;
            known.last_sig = Some(sig);
            known.segments = 1;
        } else {
            let mut body = Vec::with_capacity(fresh.len() * ENTRY);
            for (id, h) in fresh {
                body.extend_from_slice(&id.0);
                body.extend_from_slice(h);
            }
            let sig = key.sign(&segment_message(log_id, known.last_sig.as_ref(), &body));
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(&p)
                .map_err(io)?;
            let mut seg = (body.len() as u32).to_be_bytes().to_vec();
            seg.extend_from_slice(&body);
            seg.extend_from_slice(&sig);
            f.write_all(&seg).map_err(io)?;
            known.last_sig = Some(sig);
            known.segments += 1;
        }
        Ok(())
    }

    /// Adds rows this process just verified (its own appends) through the memo: the file is
    /// read again only if something else changed it. Returns the new tip (for the snapshot).
    pub fn add_rows(
        &self,
        log_id: &Hash32,
        fresh: &[(Hash32, [u8; 32])],
    ) -> Result<Option<[u8; 64]>, SeenError> {
        let p = self.path(log_id);
        let mut memo = self
            .memo
            .lock()
            .map_err(|_| damaged(&p, "cache lock poisoned"))?;
        let now = stamp(&p);
        let fresh_memo = match memo.as_ref() {
            Some(m) => m.log_id != *log_id || Some(m.stamp) != now,
            None => true,
        };
        let m = match memo.as_mut() {
            Some(m) if !fresh_memo => m,
            _ => memo.insert(Memo {
                log_id: *log_id,
                stamp: now.unwrap_or((0, None)),
                known: self.load_file(log_id)?,
            }),
        };
        self.add(log_id, &mut m.known, fresh)?;
        m.stamp = stamp(&p).unwrap_or((0, None));
        Ok(m.known.last_sig)
    }

    /// How many times this cache (and its clones) read the cache file.
    pub fn file_reads(&self) -> usize {
        self.reads.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Remembers `known` as what this process last wrote of `log_id`'s cache (after
    /// [`add`](Self::add) outside [`add_rows`](Self::add_rows)): the first append after a
    /// verify that filled the cache then adds its row without reading the whole file again
    /// (after a first open of a million events, that read made the first recorded call take
    /// most of a second).
    pub fn remember(&self, log_id: &Hash32, known: &Known) {
        let Some(st) = stamp(&self.path(log_id)) else {
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
        if let Ok(mut m) = self.memo.lock() {
            *m = None;
        }
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
        let key = self.state_key_or_new()?;
        let p = self.snapshot_path(log_id);
        let mut body = tip.to_vec();
        body.extend_from_slice(state);
        let sig = key.sign(&signed_message(log_id, Some(&tip), &body));
        let mut out = (body.len() as u64).to_be_bytes().to_vec();
        out.extend_from_slice(&body);
        out.extend_from_slice(&sig);
        let io = |err| SeenError::Io {
            path: p.clone(),
            err,
        };
        let tmp = p.with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&tmp, &out).map_err(io)?;
        std::fs::rename(&tmp, &p).map_err(io)?;
        Ok(())
    }

    /// The snapshot saved for the cache as it is now (`None`: none, or one of another state
    /// of the cache). A snapshot whose signature does not match is refused.
    pub fn load_snapshot(
        &self,
        log_id: &Hash32,
        known: &Known,
    ) -> Result<Option<Vec<u8>>, SeenError> {
        let Some(tip) = known.last_sig else {
            return Ok(None);
        };
        let p = self.snapshot_path(log_id);
        let bytes = match std::fs::read(&p) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(SeenError::Io { path: p, err }),
        };
        let Some(key) = self.state_key()? else {
            return Ok(None);
        };
        let len = bytes
            .get(..8)
            .map(|b| u64::from_be_bytes(b.try_into().unwrap_or_default()) as usize)
            .ok_or_else(|| damaged(&p, "snapshot cut short"))?;
        let body = bytes
            .get(8..8 + len)
            .ok_or_else(|| damaged(&p, "snapshot cut short"))?;
        let sig: [u8; 64] = bytes
            .get(8 + len..8 + len + 64)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| damaged(&p, "snapshot cut short"))?;
        if body.len() < 64 || body[..64] != tip {
            return Ok(None); // a snapshot of an earlier state of the cache
        }
        let vk =
            VerifyingKey::from_bytes(&key.public().0).map_err(|_| damaged(&p, "bad state key"))?;
        vk.verify_strict(
            &signed_message(log_id, Some(&tip), body),
            &Signature::from_bytes(&sig),
        )
        .map_err(|_| damaged(&p, "the snapshot's signature does not match"))?;
        Ok(Some(body[64..].to_vec()))
    }
}

/// What a segment's signature covers: the log, the segment before (chaining them: none can be
/// dropped or reordered) and the SHA-256 of the segment's rows.
fn segment_message(log_id: &Hash32, prev: Option<&[u8; 64]>, body: &[u8]) -> Vec<u8> {
    let mut m = Vec::with_capacity(SEGMENT_DOMAIN.len() + 32 + 64 + 32);
    m.extend_from_slice(SEGMENT_DOMAIN);
    m.extend_from_slice(&log_id.0);
    m.extend_from_slice(prev.map_or(&[0u8; 64][..], |s| &s[..]));
    m.extend_from_slice(&Sha256::digest(body));
    m
}

fn signed_message(log_id: &Hash32, prev: Option<&[u8; 64]>, body: &[u8]) -> Vec<u8> {
    let mut m = Vec::with_capacity(DOMAIN.len() + 32 + 64 + body.len());
    m.extend_from_slice(DOMAIN);
    m.extend_from_slice(&log_id.0);
    m.extend_from_slice(prev.map_or(&[0u8; 64][..], |s| &s[..]));
    m.extend_from_slice(body);
    m
}

/// A stored row this device verified earlier is no longer the same: the file was altered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CacheMismatch {
    #[error("the stored bytes of event {} changed since this device verified them: the log file was altered (log {})", .id.short(), .log.short())]
    Changed { log: Hash32, id: Hash32 },
    #[error("event {} that this device verified is no longer in the log file: it was deleted (log {})", .id.short(), .log.short())]
    Gone { log: Hash32, id: Hash32 },
}
