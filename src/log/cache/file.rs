//! The cache's files: the chain of signed segments (`<log id>.vcache`) and the signed
//! snapshot of the append state (`<log id>.state`). Bytes in, rows out, and why a file fails
//! its check; the caller holds the data dir's lock.

use super::rows::ENTRY;
use super::Known;
use crate::keys::DeviceKey;
use crate::log::hash::Hash32;
use crate::log::seen::SeenError;
use ed25519_dalek::{Signature, VerifyingKey};
use sha2::{Digest as _, Sha256};
use std::io::Write;
use std::path::Path;

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

pub(super) fn is_format_1(bytes: &[u8]) -> bool {
    bytes.get(..8) == Some(&MAGIC_FORMAT_1[..])
}

/// The file's length and its last 64 bytes (the last segment's signature): whether the file
/// is still the one a [`Known`] was read or written as.
pub(super) fn tail(p: &Path) -> Option<(u64, [u8; 64])> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = std::fs::File::open(p).ok()?;
    let len = f.metadata().ok()?.len();
    if len < 64 + 8 {
        return None;
    }
    f.seek(SeekFrom::Start(len - 64)).ok()?;
    let mut sig = [0u8; 64];
    f.read_exact(&mut sig).ok()?;
    Some((len, sig))
}

/// The rows of a cache file, every segment's signature checked; why not, if it fails.
pub(super) fn parse(log_id: &Hash32, vk: &VerifyingKey, bytes: &[u8]) -> Result<Known, String> {
    if bytes.len() < 8 || &bytes[..8] != MAGIC {
        return Err("not a cache file".into());
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
            .ok_or("cut short")?;
        let body = bytes.get(at + 4..at + 4 + len).ok_or("cut short")?;
        let sig: [u8; 64] = bytes
            .get(at + 4 + len..at + 4 + len + 64)
            .and_then(|s| s.try_into().ok())
            .ok_or("cut short")?;
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
            return Err("a segment's signature does not match".into());
        }
    }
    // The entries as stored (sorted by id but for the segments added since the file was
    // last rewritten), made the rows at once.
    let mut entries: Vec<[u8; ENTRY]> = Vec::with_capacity((bytes.len() - 8) / ENTRY);
    for (body, sig, _) in segments {
        if body.len() % ENTRY != 0 {
            return Err("a segment of the wrong size".into());
        }
        entries.extend(body.chunks_exact(ENTRY).map(|e| {
            let mut a = [0u8; ENTRY];
            a.copy_from_slice(e);
            a
        }));
        known.last_sig = Some(sig);
        known.segments += 1;
    }
    known.rows = std::sync::Arc::new(super::Rows::from_entries(entries));
    known.file_len = bytes.len() as u64;
    Ok(known)
}

/// A cache file's next state and the bytes that make it: worked out in memory (the rows
/// sorted, the segment signed) by [`prepare`], put on disk by [`write`]. A first open makes
/// it while the log settles, so a million rows' sort and signature wait on nothing.
pub(super) struct Pending {
    /// What the cache holds once the bytes are written.
    known: Known,
    bytes: Vec<u8>,
    /// The whole file anew (else one segment appended).
    rewrite: bool,
}

/// The cache `known` plus the rows of `fresh` it lacks (`None`: it lacks none). `exists`:
/// the cache file is there (else it is written anew).
pub(super) fn prepare(
    log_id: &Hash32,
    key: &DeviceKey,
    known: &Known,
    fresh: &[(Hash32, [u8; 32])],
    exists: bool,
) -> Option<Pending> {
    // Rows another process added since may be among them: only the new ones are written.
    let new: Vec<&(Hash32, [u8; 32])> = fresh
        .iter()
        .filter(|(id, _)| known.rows.get(id).is_none())
        .collect();
    if new.is_empty() {
        return None;
    }
    let mut next = known.clone();
    let rows = std::sync::Arc::make_mut(&mut next.rows);
    let anew = next.segments == 0 || !exists;
    if anew || new.len() >= rows.len() {
        // Sorted in with the rows, not put one by one into the map of added rows (a million
        // map inserts on a first open, or after a join that found only the genesis cached,
        // each growing the map into fresh memory).
        rows.extend(new.iter().map(|&&(id, h)| (id, h)));
    } else {
        for (id, h) in &new {
            rows.insert(*id, *h);
        }
    }
    // Rewritten as one segment past MAX_SEGMENTS, or past one segment per 256 rows in a
    // big cache: a rewrite costs every row, so it comes ever more rarely (amortised O(1)
    // per added row) while a load still checks few segment signatures.
    let max_segments = MAX_SEGMENTS.max(rows.len() / 256);
    if anew || next.segments >= max_segments {
        // One segment with every row sorted by id, in a fresh file.
        let entries = rows.compact();
        let mut out = Vec::with_capacity(MAGIC.len() + 4 + entries.len() * ENTRY + 64);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&((entries.len() * ENTRY) as u32).to_be_bytes());
        for e in entries {
            out.extend_from_slice(e);
        }
        let body = &out[MAGIC.len() + 4..];
        let sig = key.sign(&segment_message(log_id, None, body));
        out.extend_from_slice(&sig);
        next.last_sig = Some(sig);
        next.segments = 1;
        next.file_len = out.len() as u64;
        Some(Pending {
            known: next,
            bytes: out,
            rewrite: true,
        })
    } else {
        let mut seg = Vec::with_capacity(4 + new.len() * ENTRY + 64);
        seg.extend_from_slice(&((new.len() * ENTRY) as u32).to_be_bytes());
        for (id, h) in &new {
            seg.extend_from_slice(&id.0);
            seg.extend_from_slice(h);
        }
        let sig = key.sign(&segment_message(log_id, next.last_sig.as_ref(), &seg[4..]));
        seg.extend_from_slice(&sig);
        next.last_sig = Some(sig);
        next.segments += 1;
        next.file_len += seg.len() as u64;
        Some(Pending {
            known: next,
            bytes: seg,
            rewrite: false,
        })
    }
}

/// Puts `pending` on disk at `p` (a new file replaces the old whole; a segment is appended)
/// and returns what the cache then holds.
pub(super) fn write(dir: &Path, p: &Path, pending: Pending) -> Result<Known, SeenError> {
    let io = |err| SeenError::Io {
        path: p.to_owned(),
        err,
    };
    if pending.rewrite {
        std::fs::create_dir_all(p.parent().unwrap_or(dir)).map_err(io)?;
        let tmp = p.with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&tmp, &pending.bytes).map_err(io)?;
        std::fs::rename(&tmp, p).map_err(io)?;
    } else {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(p)
            .map_err(io)?;
        f.write_all(&pending.bytes).map_err(io)?;
    }
    Ok(pending.known)
}

/// Adds the rows of `fresh` the cache lacks to the file at `p` and to `known`.
pub(super) fn add(
    dir: &Path,
    p: &Path,
    log_id: &Hash32,
    key: &DeviceKey,
    known: &mut Known,
    fresh: &[(Hash32, [u8; 32])],
) -> Result<(), SeenError> {
    if let Some(pending) = prepare(log_id, key, known, fresh, p.exists()) {
        *known = write(dir, p, pending)?;
    }
    Ok(())
}

/// Writes the snapshot of the append state folded from the cache whose tip is `tip`.
pub(super) fn save_snapshot(
    p: &Path,
    log_id: &Hash32,
    key: &DeviceKey,
    tip: &[u8; 64],
    state: &[u8],
) -> Result<(), SeenError> {
    let mut body = tip.to_vec();
    body.extend_from_slice(state);
    let sig = key.sign(&signed_message(log_id, Some(tip), &body));
    let mut out = (body.len() as u64).to_be_bytes().to_vec();
    out.extend_from_slice(&body);
    out.extend_from_slice(&sig);
    let io = |err| SeenError::Io {
        path: p.to_owned(),
        err,
    };
    let tmp = p.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, &out).map_err(io)?;
    std::fs::rename(&tmp, p).map_err(io)?;
    Ok(())
}

/// The state in a snapshot file if it was saved for the cache whose tip is `tip` (`None`:
/// one of an earlier state of the cache); why not, if it fails its check.
pub(super) fn read_snapshot(
    log_id: &Hash32,
    key: &DeviceKey,
    tip: &[u8; 64],
    bytes: &[u8],
) -> Result<Option<Vec<u8>>, String> {
    let len = bytes
        .get(..8)
        .map(|b| u64::from_be_bytes(b.try_into().unwrap_or_default()) as usize)
        .ok_or("snapshot cut short")?;
    let body = bytes.get(8..8 + len).ok_or("snapshot cut short")?;
    let sig: [u8; 64] = bytes
        .get(8 + len..8 + len + 64)
        .and_then(|s| s.try_into().ok())
        .ok_or("snapshot cut short")?;
    if body.len() < 64 || body[..64] != tip[..] {
        return Ok(None); // a snapshot of an earlier state of the cache
    }
    let vk = VerifyingKey::from_bytes(&key.public().0).map_err(|_| "bad state key")?;
    vk.verify_strict(
        &signed_message(log_id, Some(tip), body),
        &Signature::from_bytes(&sig),
    )
    .map_err(|_| "the snapshot's signature does not match")?;
    Ok(Some(body[64..].to_vec()))
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
