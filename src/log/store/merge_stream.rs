//! A full merge fed in batches (issue 32: a device joins a million-event log at the
//! verification limit). The hub's log streams in; each batch is written into the merge's
//! transaction while the batch before it is checked (signatures on every core), so the pull,
//! the checks and the writes overlap instead of following one another. The union is settled
//! once the last batch is in, and nothing is committed unless it verifies: the outcome, the
//! stored rows and the error named are those of [`Log::merge_report`] given every batch at
//! once (`tests/log_merge_stream.rs` compares the two).

use super::merge::{
    first_altered, first_not_as_filed, free_later, insert_fresh, read_stored, row_hash,
    write_ahead, write_cache_for, IdSet, Stored, WRITE_AHEAD_ROWS,
};
use super::*;
use crate::log::event::CheckedEvent;
use crate::log::verify::Checker;
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

/// Why a merge fed in batches stopped.
#[derive(Debug)]
pub enum StreamError<E> {
    /// The log refused the union (or could not be written): nothing was stored.
    Log(LogError),
    /// The source of the batches failed: nothing was stored.
    Source(E),
}

impl<E> From<LogError> for StreamError<E> {
    fn from(e: LogError) -> Self {
        StreamError::Log(e)
    }
}

impl<E> From<rusqlite::Error> for StreamError<E> {
    fn from(e: rusqlite::Error) -> Self {
        StreamError::Log(e.into())
    }
}

/// Batches checked ahead of the writes (each a hub batch, 5,000 rows by default).
const QUEUED: usize = 4;

/// The page cache of a merge fed in batches (256 MiB: a million events' id index, and room).
const STREAM_CACHE_KIB: usize = 262_144;

/// The most rows room is kept for ahead (what a hub says is coming is not trusted with an
/// allocation any larger): a million events' checked list is grown once, not doubled up
/// to its size, each doubling a copy of it and a fresh set of pages.
pub const ROOM_AT_MOST: usize = 4_000_000;

impl Log {
    /// [`Log::merge_report`] with the incoming rows arriving in batches, in the order a
    /// single call would take them. Always the full merge (a stream is a join's whole log,
    /// never a few rows that extend it). The source is read on this thread; an error from it
    /// (the hub went away, served something altered, withheld a claimed event) stops the
    /// merge, and nothing is stored. `expected` is how many rows the source says will come
    /// (room is kept for them, up to [`ROOM_AT_MOST`]; more or fewer may come).
    pub fn merge_stream<E>(
        &mut self,
        batches: impl IntoIterator<Item = Result<Identified, E>>,
        expected: usize,
    ) -> Result<MergeReport, StreamError<E>> {
        let room = expected.min(ROOM_AT_MOST);
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        rows::check_fork_proofs(&tx)?;
        let Stored {
            inputs: stored,
            known,
            stored_before,
        } = read_stored(&tx)?;
        let cached = self.compare_cache(&stored)?;
        let stored_rows = stored.len();
        let trusted = cached.as_ref().map(|(_, _, _, cmp)| &cmp.trusted);
        // With a cache, each new row's cache hash is taken as the row is checked, while its
        // bytes are at hand: the rows are not read again at the end, and a batch is freed
        // once it is checked and written (its memory serves the next ones).
        let hash_rows = cached.is_some();
        // The id index takes the rows in random order and stays in the page cache; the
        // table's pages are written in order and never read again, so past this cache they
        // go to the file as the transaction runs (not held, a fresh page each, to the end).
        write_cache_for(&tx, STREAM_CACHE_KIB)?;
        // Rows that come out of place order are written again, sorted, from here.
        tx.execute_batch("SAVEPOINT merge_stream")?;
        // A join writes more rows than the file holds: its ids are indexed once, sorted, at
        // the end (inside the savepoint: going back to it brings the index back as it was).
        let mut id_index = IdIndex::drop_for(&tx, expected, stored_rows)?;
        // A batch goes to the checker before it is written, shared, so the checks never
        // wait on the writes; filed rows with how they were filed (id, author, seq).
        let (to_check, checking) = sync_channel::<(Arc<Vec<Input>>, Option<Vec<Filed>>)>(QUEUED);
        // How many new rows were written.
        let mut written_rows = 0usize;
        let mut seen = IdSet::with_capacity_and_hasher(room, Default::default());
        let mut writer = InPlaceOrder::new(&stored_before);
        // The batches from the first one a row of which came out of place order: all of
        // them are written again at the end (the rows written before it are read back).
        let mut kept: Vec<Arc<Vec<Input>>> = Vec::new();
        let mut first_kept: Option<usize> = None;
        // Rows handed to the checker and the writer before the current batch.
        let mut arrived = 0usize;
        let mut source_error = None;
        let mut write_error = None;
        let mut undecodable = false;
        // Set once the source ended cleanly: only then is the union settled (a source that
        // failed names its own fault, not the graph's).
        let whole = &std::sync::atomic::AtomicBool::new(false);
        // Prepared once for the whole stream (most rows are stored as events).
        let mut insert_event = tx.prepare(INSERT_EVENT)?;
        // The checker says when every batch is checked: the writes still in the page cache
        // go out then, beside the settling (part of which runs on one core), not while the
        // last batches' signatures want both.
        let (all_checked, checks_done) = sync_channel::<()>(1);
        let checked = std::thread::scope(|s| {
            // Stored rows first, then each batch as it comes: the order a single call
            // checks them in, so the first failing row is the same one.
            let checker = s.spawn(move || {
                let mut c = Checker::default();
                let mut events: Vec<CheckedEvent> = Vec::with_capacity(stored.len() + room);
                c.check_all(stored.iter().collect(), None, trusted, &mut events)?;
                // Each new row's envelope and id, from its checked event, in arrival order
                // (the room kept once: a million of them are not copied up to their size),
                // and its cache hash if the log has a cache.
                let mut envs: Vec<(Envelope, Hash32)> = Vec::with_capacity(room);
                let mut hashes: Vec<[u8; 32]> =
                    Vec::with_capacity(if hash_rows { room } else { 0 });
                for (batch, filed) in checking {
                    let offset = events.len();
                    let checked = c.check_all(batch.iter().collect(), None, None, &mut events);
                    if let Some(filed) = &filed {
                        as_filed(
                            &batch,
                            filed,
                            checked.as_ref().ok().map(|_| &events[offset..]),
                        )?;
                    }
                    checked?;
                    let new = &events[offset..];
                    envs.extend(new.iter().map(|e| (e.env.clone(), e.id)));
                    if hash_rows {
                        use rayon::prelude::*;
                        let mut h: Vec<[u8; 32]> = batch
                            .par_iter()
                            .zip(new.par_iter())
                            .map(|(input, e)| row_hash(&e.env, &e.id, &input.raw))
                            .collect();
                        hashes.append(&mut h);
                    }
                }
                let _ = all_checked.send(());
                let verified = if whole.load(std::sync::atomic::Ordering::SeqCst) {
                    Some(crate::log::verify::settle(events)?)
                } else {
                    None
                };
                Ok::<_, LogError>((verified, stored, envs, hashes))
            });
            for batch in batches {
                let (rows, filed) = match batch {
                    Ok(Identified { rows, filed }) => (rows, filed),
                    Err(e) => {
                        source_error = Some(e);
                        break;
                    }
                };
                let keep: Vec<bool> = rows
                    .iter()
                    .map(|(id, _)| !known.contains(id) && seen.insert(*id))
                    .collect();
                // A filed row left out here (its id is one already held or served) is never
                // checked with the signatures: it is checked now, and if it is altered, the
                // first altered row of the batch is named.
                if let Some(filed) = &filed {
                    let dropped_altered =
                        rows.iter()
                            .zip(filed)
                            .zip(&keep)
                            .any(|(((id, raw), (author, seq)), k)| {
                                !k && !raw.is_filed_as(id, author, *seq)
                            });
                    if dropped_altered {
                        write_error = first_not_as_filed(&rows, filed).err();
                        break;
                    }
                }
                let filed: Option<Vec<Filed>> = filed.map(|filed| {
                    rows.iter()
                        .zip(filed)
                        .zip(&keep)
                        .filter(|(_, k)| **k)
                        .map(|(((id, _), (author, seq)), _)| (*id, author, seq))
                        .collect()
                });
                let rows: Vec<(Hash32, RawEvent)> = rows
                    .into_iter()
                    .zip(keep)
                    .filter_map(|(r, k)| k.then_some(r))
                    .collect();
                if rows.is_empty() {
                    continue;
                }
                // The places to write at: as filed (checked with the signatures before
                // anything is committed), or from each envelope, decoded on every core
                // (`None`: a row that is no envelope).
                let places: Option<Vec<(Hash32, u64)>> = match &filed {
                    Some(filed) => Some(filed.iter().map(|(_, a, s)| (*a, *s)).collect()),
                    None => {
                        use rayon::prelude::*;
                        rows.par_iter()
                            .map(|(_, r)| Envelope::decode(&r.body).ok().map(|e| (e.author, e.seq)))
                            .collect()
                    }
                };
                let ids: Vec<Hash32> = rows.iter().map(|(id, _)| *id).collect();
                let batch: Arc<Vec<Input>> = Arc::new(
                    rows.into_iter()
                        .map(|(_, raw)| Input {
                            raw,
                            declared: None,
                        })
                        .collect(),
                );
                // The checker stopped at a fault: that fault is the merge's.
                if to_check.send((Arc::clone(&batch), filed)).is_err() {
                    break;
                }
                let Some(places) = places else {
                    // A row that is no envelope: the checks name its fault.
                    undecodable = true;
                    break;
                };
                let by_id = !id_index.dropped();
                let written = writer.batch(&tx, &mut insert_event, &batch, &places, &ids, by_id);
                if let Err(e) = written {
                    write_error = Some(e);
                    break;
                }
                if writer.out_of_order {
                    first_kept.get_or_insert(arrived);
                    kept.push(batch);
                }
                arrived += ids.len();
                written_rows += ids.len();
            }
            let clean = source_error.is_none() && write_error.is_none() && !undecodable;
            whole.store(clean, std::sync::atomic::Ordering::SeqCst);
            drop(to_check);
            // Once every batch is checked (both cores are the signatures' until then): the
            // id index is built, beside the settling, and the pages go out.
            if clean && !writer.out_of_order && checks_done.recv().is_ok() {
                if let Err(e) = id_index.build(&tx) {
                    write_error = Some(e);
                } else if written_rows >= WRITE_AHEAD_ROWS {
                    write_ahead(&tx);
                }
            }
            checker.join()
        });
        drop((known, insert_event));
        let (verified, inputs, envs, hashes) = match checked {
            Ok(Ok(done)) => done,
            Ok(Err(fault)) => return Err(StreamError::Log(fault)),
            Err(panic) => std::panic::resume_unwind(panic),
        };
        if let Some(e) = write_error {
            return Err(StreamError::Log(e));
        }
        if let Some(e) = source_error {
            return Err(StreamError::Source(e));
        }
        let Some(verified) = verified.filter(|_| !undecodable) else {
            return Err(StreamError::Log(LogError::Refused(
                "an incoming row is no event".into(),
            )));
        };

        let (mut stored, forks) = if writer.out_of_order {
            // Two rows at one place, or a chain served backwards: the rows are written
            // again in the order a single call writes them (by place, then causal order).
            // Those written before the first kept batch are read back first.
            let first_kept = first_kept.unwrap_or(envs.len());
            // The rows read back are found by id (going back to the savepoint then drops
            // this index with everything else written since).
            id_index.build(&tx)?;
            let early = read_back(&tx, envs[..first_kept].iter().map(|(_, id)| id))?;
            let late: Vec<&RawEvent> = kept.iter().flat_map(|b| b.iter().map(|i| &i.raw)).collect();
            let raw_of = |i: usize| {
                if i < first_kept {
                    &early[i]
                } else {
                    late[i - first_kept]
                }
            };
            tx.execute_batch("ROLLBACK TO merge_stream")?;
            let mut order: Vec<usize> = (0..envs.len()).collect();
            order.sort_by_key(|&i| {
                let e = &envs[i].0;
                (e.author, e.seq, e.lamport)
            });
            let rows = order.iter().map(|&i| (&envs[i].0, &envs[i].1, raw_of(i)));
            let (stored, forks) = insert_fresh(&tx, rows, &stored_before)?;
            (stored.into_iter().map(|k| order[k]).collect(), forks)
        } else {
            (writer.stored, writer.forks)
        };
        // In place order, as a single call lists them (the report's arrivals dated ahead).
        let key = |&i: &usize| (envs[i].0.author, envs[i].0.seq);
        if !stored.is_sorted_by_key(key) {
            stored.sort_by_key(key);
        }
        id_index.build(&tx)?;
        tx.execute_batch("RELEASE merge_stream")?;
        let rows: Vec<(&Envelope, Hash32)> =
            stored.iter().map(|&i| (&envs[i].0, envs[i].1)).collect();
        let row_hashes = || stored.iter().map(|&i| (envs[i].1, hashes[i])).collect();
        let done = self.commit_merge(tx, &verified, &rows, forks, cached, row_hashes)?;
        drop(rows);
        let report = self.after_merge(done, &verified, &stored_before)?;
        free_later(move || drop((envs, hashes, inputs, kept, verified)));
        Ok(report)
    }
}

/// The statement that makes the id index of a schema version 2 file, exactly as
/// `schema/log.sql` has it: dropped and made again by a join, it leaves the catalogue as
/// every open checks it.
pub(super) const ID_INDEX: &str = "CREATE UNIQUE INDEX event_id ON event (id)";

/// The id index of a merge fed in batches: kept as it is, or dropped at the start and owed
/// a build before the rows it indexes are looked up by id or committed.
///
/// Why: a whole log's ids arrive in random order (each is a hash). Kept row by row, every
/// insert lands at a random place in the index, and for a million events that is the
/// biggest part of what the writes cost beside the signature checks. Built at the end, the
/// index is made from the sorted ids in one pass. Only a file of schema version 2 has an
/// index that can be dropped (version 1 declares it on the column); the build makes it with
/// the same statement, so the catalogue is exactly as before, and a merge that fails goes
/// back to the savepoint or rolls back, with the index as it was.
pub(super) struct IdIndex {
    owed: bool,
}

impl IdIndex {
    /// Drops the index if the merge brings at least as many rows as the file holds (`new`
    /// is what the source says will come: a source that overstates it costs one build),
    /// and the file has the index as tdlog makes it.
    pub(super) fn drop_for(
        tx: &rusqlite::Transaction<'_>,
        new: usize,
        stored: usize,
    ) -> Result<IdIndex, LogError> {
        if new == 0 || new < stored {
            return Ok(IdIndex { owed: false });
        }
        let sql: Option<String> = tx
            .query_row(
                "SELECT sql FROM main.sqlite_master WHERE type = 'index' AND name = 'event_id'",
                [],
                |r| r.get(0),
            )
            .optional()?
            .flatten();
        if sql.as_deref() != Some(ID_INDEX) {
            return Ok(IdIndex { owed: false });
        }
        tx.execute_batch("DROP INDEX event_id")?;
        Ok(IdIndex { owed: true })
    }

    /// Whether the index is dropped and not built yet (rows written now are not indexed).
    pub(super) fn dropped(&self) -> bool {
        self.owed
    }

    /// Builds the index if it was dropped (once; the sorter may take one helper thread, the
    /// other core being busy with the settling).
    pub(super) fn build(&mut self, tx: &rusqlite::Transaction<'_>) -> Result<(), LogError> {
        if !std::mem::take(&mut self.owed) {
            return Ok(());
        }
        tx.pragma_update(None, "threads", 1)?;
        let built = tx.execute_batch(ID_INDEX);
        tx.pragma_update(None, "threads", 0)?;
        built?;
        Ok(())
    }
}

/// The bytes of rows this transaction wrote (each as an event or a fork proof), by id.
fn read_back<'a>(
    tx: &rusqlite::Transaction<'_>,
    ids: impl Iterator<Item = &'a Hash32>,
) -> Result<Vec<RawEvent>, LogError> {
    let mut st = tx.prepare(
        "SELECT body, sig, payload FROM event WHERE id = ?1
         UNION ALL SELECT body, sig, payload FROM fork_proof WHERE id = ?1",
    )?;
    ids.map(|id| {
        st.query_row([id.0.as_slice()], |r| {
            Ok(RawEvent {
                body: r.get(0)?,
                sig: r.get(1)?,
                payload: r.get(2)?,
            })
        })
        .map_err(LogError::from)
    })
    .collect()
}

/// A filed row's id, author and sequence number, as its source filed it.
type Filed = (Hash32, Hash32, u64);

/// Whether a batch of filed rows is what its source filed it as: its first altered row is
/// named if it has one, whatever else failed in it (as a round names what a hub altered
/// before it checks a signature). `checked` are the batch's checked events, if every one
/// passed: each must carry the id, author and sequence number its row was filed under.
fn as_filed(
    batch: &[Input],
    filed: &[Filed],
    checked: Option<&[CheckedEvent]>,
) -> Result<(), LogError> {
    let matches = |(e, (id, author, seq)): (&CheckedEvent, &Filed)| {
        e.id == *id && e.env.author == *author && e.env.seq == *seq
    };
    if checked.is_some_and(|c| c.len() == filed.len() && c.iter().zip(filed).all(matches)) {
        return Ok(());
    }
    let altered = first_altered(batch.len(), |i| {
        let (id, author, seq) = &filed[i];
        (&batch[i].raw, id, author, *seq)
    });
    // Events that passed every check and still differ from how they were filed: hashed
    // again above, so this cannot happen; if it did, the first is named all the same.
    let altered = altered.or_else(|| {
        let c = checked?;
        c.iter().zip(filed).position(|p| !matches(p))
    });
    match altered {
        Some(i) => Err(LogError::NotAsFiled {
            author: filed[i].1,
            seq: filed[i].2,
        }),
        None => Ok(()),
    }
}

/// Writes rows as they arrive while each author's rows come in rising sequence numbers,
/// as a hub serves a chain: then no two incoming rows share a place, and each is stored
/// exactly as the sorted writes of a single merge would store it (an event, or a fork proof
/// where a stored row already holds its place). Anything else sets `out_of_order`, and the
/// merge writes every row again, sorted.
struct InPlaceOrder<'a> {
    stored_before: &'a BTreeMap<Hash32, u64>,
    /// Each author's highest sequence number written so far.
    last: BTreeMap<Hash32, u64>,
    /// Arrival positions of the rows stored as events.
    stored: Vec<usize>,
    forks: usize,
    arrived: usize,
    out_of_order: bool,
}

impl<'a> InPlaceOrder<'a> {
    fn new(stored_before: &'a BTreeMap<Hash32, u64>) -> Self {
        InPlaceOrder {
            stored_before,
            last: BTreeMap::new(),
            stored: Vec::new(),
            forks: 0,
            arrived: 0,
            out_of_order: false,
        }
    }

    /// Writes one batch: where each row goes is decided in arrival order (an event, a fork
    /// proof, or nothing once a row came out of place order), and the rows are then
    /// inserted in id order if the id index is kept row by row (`by_id`). The index takes
    /// them near one another instead of at random places all over it (its pages are found
    /// in the cache still warm from the row before); the table takes a batch's rows at the
    /// end of their chains either way, and in arrival order one after another.
    fn batch(
        &mut self,
        tx: &rusqlite::Transaction<'_>,
        insert_event: &mut rusqlite::Statement<'_>,
        batch: &[Input],
        places: &[(Hash32, u64)],
        ids: &[Hash32],
        by_id: bool,
    ) -> Result<(), LogError> {
        let mut to_write: Vec<(usize, bool)> = Vec::with_capacity(batch.len());
        for (i, place) in places.iter().enumerate() {
            if let Some(fork) = self.place(tx, *place)? {
                to_write.push((i, fork));
            }
        }
        if by_id {
            to_write.sort_unstable_by_key(|&(i, _)| ids[i]);
        }
        for (i, fork) in to_write {
            if fork {
                insert_at(tx, "fork_proof", places[i], &ids[i], &batch[i].raw)?;
            } else {
                insert_row(insert_event, places[i], &ids[i], &batch[i].raw)?;
            }
        }
        Ok(())
    }

    /// Where the next arriving row goes: `Some(false)` an event, `Some(true)` a fork proof
    /// (a stored event holds its place), `None` nowhere (rows are out of place order).
    fn place(
        &mut self,
        tx: &rusqlite::Transaction<'_>,
        (author, seq): (Hash32, u64),
    ) -> Result<Option<bool>, LogError> {
        let at = self.arrived;
        self.arrived += 1;
        if self.out_of_order {
            return Ok(None);
        }
        let last = self.last.entry(author).or_insert(0);
        if seq <= *last {
            self.out_of_order = true;
            return Ok(None);
        }
        *last = seq;
        // Above the author's newest stored row a place is free (no earlier incoming row
        // took it: sequence numbers rise); at or below it, the file says.
        let taken = seq <= self.stored_before.get(&author).copied().unwrap_or(0)
            && tx
                .prepare_cached(PLACE_TAKEN)?
                .query_row(params![author.0.as_slice(), seq as i64], |r| r.get(0))?;
        if taken {
            self.forks += 1;
        } else {
            self.stored.push(at);
        }
        Ok(Some(taken))
    }
}
