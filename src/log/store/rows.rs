//! Reading a whole log for verification: the stored rows batch by batch (a big log's bytes
//! are never all in memory), each batch checked on every core and compared with this
//! device's verified-state cache, then the whole log settled once.

use super::{stored_row, Log, LogError};
use crate::log::seen::Arrivals;
use crate::log::verify::{Input, Progress, Verified};
use crate::log::Hash32;
use rusqlite::{Connection, OptionalExtension};

impl Log {
    /// Full verification: every signature, chain, causal link and key; tolerates pending
    /// forks (see [`Verified::require_no_forks`]). With a device record attached, a log that
    /// verifies becomes the newest this device has seen.
    pub fn verify(&self, progress: Option<Progress<'_>>) -> Result<Verified, LogError> {
        let v = match (&self.cache, self.stored_log_id()?) {
            (Some(cache), Some(log_id)) => {
                let mut known = cache.load(&log_id)?;
                let mut present = crate::log::cache::Presence::default();
                let mut fresh = Vec::new();
                // Which rows are known (verified before, unchanged): in input order, as settled.
                let mut known_rows = Vec::new();
                let checked = self.check_batches(progress, room_for_live, |batch| {
                    let flags = crate::log::cache::compare_batch(
                        &log_id,
                        &known,
                        batch,
                        &mut present,
                        &mut fresh,
                    )?;
                    known_rows.extend_from_slice(&flags);
                    Ok(flags)
                })?;
                crate::log::cache::check_gone(&log_id, &known, &present)?;
                // The cache's next file is made while the log settles (a first open's
                // million rows sorted and signed on the core the settling leaves), and
                // written only if it settled.
                let (v, prepared) = rayon::join(
                    || crate::log::verify::settle_trusting(checked, known_rows),
                    || (!fresh.is_empty()).then(|| cache.prepare(&log_id, &known, &fresh)),
                );
                let v = v?;
                tracing::debug!(fresh = fresh.len(), "verified-state cache");
                if let (true, Some(prepared)) = (v.log_id == log_id, prepared) {
                    // Bound to the cache only if it holds exactly these rows now.
                    if cache.commit(&log_id, &mut known, prepared?, &fresh)? {
                        cache.remember(&log_id, &known);
                        self.snapshot_of(cache, &known, &v)?;
                    }
                }
                v
            }
            _ => {
                crate::log::verify::settle(
                    self.check_batches(progress, room_for_live, |_| Ok(vec![]))?,
                )?
            }
        };
        self.note_seen(&v, Arrivals::All)?;
        Ok(v)
    }

    /// Every signature, whatever this device's cache says (the auditor's check: `tdlog
    /// verify`). The device record is still checked and kept, and so is what the cache
    /// knows: a row this device verified that is gone from the file is refused (a rollback
    /// the record alone would miss if it was lost), one whose bytes changed too; the rows the
    /// cache lacks are added to it (an empty cache is built from them all).
    pub fn verify_all(&self, progress: Option<Progress<'_>>) -> Result<Verified, LogError> {
        let known = match (&self.cache, self.stored_log_id()?) {
            (Some(cache), Some(log_id)) => Some((log_id, cache.load(&log_id)?)),
            _ => None,
        };
        let mut present = crate::log::cache::Presence::default();
        // (id, row hash) of every row the cache does not hold yet.
        let mut fresh: Vec<(Hash32, [u8; 32])> = Vec::new();
        let mut changed = None;
        let checked = self.check_batches(
            progress,
            |_| 0,
            |batch| {
                let Some((log_id, known)) = &known else {
                    return Ok(vec![]);
                };
                use rayon::prelude::*;
                let hashed: Vec<Option<(Hash32, [u8; 32])>> = batch
                    .par_iter()
                    .map(|i| {
                        let id = <[u8; 32]>::try_from(i.declared.as_ref()?.id.as_slice()).ok()?;
                        Some((Hash32(id), crate::log::cache::row_hash(i)))
                    })
                    .collect();
                for (id, h) in hashed.into_iter().flatten() {
                    match known.rows.get(&id) {
                        Some((k, _)) if k == h => present.note(&id, known),
                        // Reported once every row is checked: the row's own fault (its
                        // signature, say) is the better answer, and comes first.
                        Some(_) => {
                            changed.get_or_insert(crate::log::cache::CacheMismatch::Changed {
                                log: *log_id,
                                id,
                            });
                        }
                        None => fresh.push((id, h)),
                    }
                }
                Ok(vec![])
            },
        )?;
        if let Some(e) = changed {
            return Err(e.into());
        }
        if let Some((log_id, known)) = &known {
            crate::log::cache::check_gone(log_id, known, &present)?;
        }
        let v = crate::log::verify::settle(checked)?;
        if let (Some(cache), Some((log_id, mut known))) = (&self.cache, known) {
            if v.log_id == log_id && cache.add(&log_id, &mut known, &fresh)? {
                cache.remember(&log_id, &known);
                self.snapshot_of(cache, &known, &v)?;
            }
        }
        self.note_seen(&v, Arrivals::All)?;
        Ok(v)
    }

    /// Checks every stored row on its own (events, then fork proofs), read and checked batch
    /// by batch so the stored bytes of a big log are never all held at once (the whole log
    /// is then settled by [`crate::log::verify::settle`]). `trust` sees each batch first and says
    /// which rows' signatures this device verified before (empty: none). `room(total)`: the
    /// spare places kept after the events (see [`room_for_live`]).
    fn check_batches(
        &self,
        progress: Option<Progress<'_>>,
        room: fn(usize) -> usize,
        mut trust: impl FnMut(&[Input]) -> Result<Vec<bool>, LogError> + Send,
    ) -> Result<Vec<crate::log::event::CheckedEvent>, LogError> {
        let total = self.expected_rows()?;
        // SQLite reads the next batch on this thread while the one before is checked on the
        // others: reading is a fifth of a warm open, and would otherwise leave the cores idle.
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Input>>(2);
        std::thread::scope(|s| {
            let worker = s.spawn(move || -> Result<_, LogError> {
                let mut events = Vec::with_capacity(total + room(total));
                let mut checker = crate::log::verify::Checker::default();
                for batch in rx {
                    let flags = trust(&batch)?;
                    checker.check_chunk(events.len(), batch, &flags, &mut events)?;
                    if let Some(p) = progress {
                        p(events.len(), total.max(events.len()));
                    }
                }
                Ok(events)
            });
            // A send fails once the worker stopped on an error: stop reading, report it.
            let read = for_each_batch(&self.conn, |batch| Ok(tx.send(batch).is_ok()));
            drop(tx);
            let events = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            read?;
            Ok(events)
        })
    }
}

impl Log {
    /// The rows a verify expects to read, for its list's capacity and its progress: each
    /// chain's newest sequence number, summed (chains run 1, 2, 3... in a log that
    /// verifies; found by seeks in the primary key), and the fork proofs. Not `count(*)`:
    /// that walks every page of an index before the first batch is read, which on a first
    /// open from disk is a read of the file with no check running beside it. Bounded by
    /// what the file can hold (a row takes more than 128 bytes), so a hostile sequence
    /// number cannot ask for a huge list.
    fn expected_rows(&self) -> Result<usize, LogError> {
        let chains = self
            .stored_seqs()?
            .values()
            .fold(0u64, |n, s| n.saturating_add(*s));
        let forks: i64 = self
            .conn
            .query_row("SELECT count(*) FROM fork_proof", [], |r| r.get(0))?;
        let (pages, page_size): (i64, i64) = self.conn.query_row(
            "SELECT page_count, page_size FROM pragma_page_count(), pragma_page_size()",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let most = (pages.max(0) as u64).saturating_mul(page_size.max(0) as u64) / 128;
        Ok(chains.saturating_add(forks.max(0) as u64).min(most) as usize)
    }
}

/// Room for the events recorded live after an open (the app pushes each onto the verified
/// ones): the first push onto a full vector moved every event to a new one, 0.2-0.4 s on a
/// million, and the first call recorded after an open waited. The auditor's full check
/// (`verify_all`, which nothing is appended after) keeps none: it would hold another 23 MiB
/// on a million events.
fn room_for_live(total: usize) -> usize {
    total / 16 + 1024
}

/// Every stored row (events, then fork proofs, each by author and seq), batch by batch of
/// [`crate::log::verify::CHUNK`] rows: a big log's bytes are never all in memory. `f` returns
/// whether to go on.
pub(super) fn for_each_batch(
    conn: &Connection,
    mut f: impl FnMut(Vec<Input>) -> Result<bool, LogError>,
) -> Result<(), LogError> {
    check_fork_proofs(conn)?;
    for table in ["event", "fork_proof"] {
        let mut st = conn.prepare_cached(&format!(
            "SELECT id, author, seq, body, sig, payload FROM {table} ORDER BY author, seq, id"
        ))?;
        let mut rows = st.query_map([], stored_row)?;
        loop {
            let batch = rows
                .by_ref()
                .take(crate::log::verify::CHUNK)
                .collect::<Result<Vec<Input>, _>>()?;
            if batch.is_empty() {
                break;
            }
            if !f(batch)? {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Refuses a stored fork proof whose place `(author, seq)` holds no event. A fork proof is
/// the second event at a taken place; alone, the rows of both tables would still make a
/// chain, and the next append by that key would take its sequence number again. The fork
/// proof table is small (one row per fork): a lookup each.
pub(super) fn check_fork_proofs(conn: &Connection) -> Result<(), LogError> {
    let alone = conn
        .prepare_cached(
            "SELECT f.author, f.seq, f.id FROM fork_proof f
             WHERE NOT EXISTS (SELECT 1 FROM event e WHERE e.author = f.author AND e.seq = f.seq)
             ORDER BY f.author, f.seq, f.id LIMIT 1",
        )?
        .query_row([], |r| {
            Ok((
                r.get::<_, Vec<u8>>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, Vec<u8>>(2)?,
            ))
        })
        .optional()?;
    let Some((author, seq, id)) = alone else {
        return Ok(());
    };
    let h = |v: Vec<u8>| {
        <[u8; 32]>::try_from(v.as_slice())
            .map(Hash32)
            .unwrap_or_default()
    };
    Err(crate::log::verify::fail(
        None,
        crate::log::Fault::ForkProofAlone {
            author: h(author),
            seq: seq.max(0) as u64,
            id: h(id),
        },
    )
    .into())
}
