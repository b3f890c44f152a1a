//! Merging another device's signed events: a set union, verified before anything is
//! written, with this device's receipt for what arrived.

use super::*;

/// Rows to merge, each with its id (SHA-256 of body ‖ sig): hashed here on every core, by
/// a caller that has just checked each id against its bytes (a sync round checks what the
/// hub served), or filed: the source's word for each row's id, author and sequence number,
/// checked by the merge with the signatures before anything is committed (a joining device
/// hashes a million rows once).
pub struct Identified {
    pub(super) rows: Vec<(Hash32, RawEvent)>,
    /// For filed rows, each one's author and sequence number as its source filed it.
    pub(super) filed: Option<Vec<(Hash32, u64)>>,
}

impl From<Vec<RawEvent>> for Identified {
    fn from(rows: Vec<RawEvent>) -> Self {
        use rayon::prelude::*;
        Identified {
            rows: rows.into_par_iter().map(|r| (r.id(), r)).collect(),
            filed: None,
        }
    }
}

impl Identified {
    /// Rows whose ids the caller computed from these very bytes.
    pub(crate) fn hashed(rows: Vec<(Hash32, RawEvent)>) -> Self {
        debug_assert!(rows.iter().all(|(id, r)| *id == r.id()));
        Identified { rows, filed: None }
    }

    /// Rows as a source filed them, `(id, author, seq, bytes)`, none of it checked yet: a
    /// row that is not the event it is filed as fails the merge with
    /// [`LogError::NotAsFiled`], and nothing is stored.
    pub fn filed(rows: Vec<(Hash32, Hash32, u64, RawEvent)>) -> Self {
        let mut places = Vec::with_capacity(rows.len());
        let rows = rows
            .into_iter()
            .map(|(id, author, seq, raw)| {
                places.push((author, seq));
                (id, raw)
            })
            .collect();
        Identified {
            rows,
            filed: Some(places),
        }
    }
}

/// The first of `rows` that is not the event its source filed it as (`filed`, row by row),
/// as the refusal that names it.
pub(super) fn first_not_as_filed(
    rows: &[(Hash32, RawEvent)],
    filed: &[(Hash32, u64)],
) -> Result<(), LogError> {
    match first_altered(rows.len(), |i| {
        (&rows[i].1, &rows[i].0, &filed[i].0, filed[i].1)
    }) {
        Some(i) => Err(LogError::NotAsFiled {
            author: filed[i].0,
            seq: filed[i].1,
        }),
        None => Ok(()),
    }
}

/// The position of the first of `n` rows, each `(bytes, id, author, seq)` as filed, whose
/// bytes are not the event it is filed as (checked on every core).
pub(super) fn first_altered<'a>(
    n: usize,
    row: impl Fn(usize) -> (&'a RawEvent, &'a Hash32, &'a Hash32, u64) + Sync,
) -> Option<usize> {
    use rayon::prelude::*;
    (0..n).into_par_iter().position_first(|i| {
        let (raw, id, author, seq) = row(i);
        !raw.is_filed_as(id, author, seq)
    })
}

impl Log {
    /// Merges signed events from another device: set union, idempotent. Verifies the union
    /// first; if it does not verify, nothing is written. Returns (new events, new forks).
    pub fn merge(&mut self, incoming: Vec<RawEvent>) -> Result<(usize, usize), LogError> {
        let r = self.merge_report(incoming)?;
        Ok((r.added, r.forks))
    }

    /// Merges, then signs this device's receipt for what it received (`log.receipt`, with
    /// this device's clock), so every later reader can tell when each step first reached a
    /// device other than its author's. No receipt when nothing new arrived.
    pub fn merge_with_receipt(
        &mut self,
        incoming: impl Into<Identified>,
        key: &DeviceKey,
    ) -> Result<MergeReport, LogError> {
        let mut r = self.merge_report(incoming)?;
        self.sign_receipt(&mut r, key)?;
        Ok(r)
    }

    /// This device's receipt for what a merge (`r`) received from other authors, signed and
    /// stored; none when nothing new arrived.
    pub fn sign_receipt(&mut self, r: &mut MergeReport, key: &DeviceKey) -> Result<(), LogError> {
        let received: Vec<crate::events::Received> = r
            .received
            .iter()
            .filter(|x| x.author != key.public())
            .cloned()
            .collect();
        if !received.is_empty() {
            let id = self.append(
                key,
                Payload::LogReceipt(crate::events::LogReceipt {
                    received,
                    events: r.added as u64,
                }),
            )?;
            r.receipt = Some(id);
        }
        Ok(())
    }

    /// [`Log::merge`] with what was received, and the events dated ahead of this clock.
    pub fn merge_report(
        &mut self,
        incoming: impl Into<Identified>,
    ) -> Result<MergeReport, LogError> {
        let Identified {
            rows: incoming,
            filed,
        } = incoming.into();
        // Filed rows are checked first, all of them: an altered one is named whatever else
        // the union holds (a stream names the first batch with a fault instead).
        if let Some(filed) = filed {
            first_not_as_filed(&incoming, &filed)?;
        }
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        rows::check_fork_proofs(&tx)?;
        // Read inside the write lock: equal to the append state's, nobody wrote since.
        let dv = self.data_version()?;
        let extension = match (self.extend_merges, &self.state) {
            (true, Some(state)) => {
                let limit = (self.clock)().saturating_add(state.tolerance_ms);
                super::extend::plan(&tx, Some(state), dv, limit, &incoming)?
            }
            _ => None,
        };
        if let Some(ext) = extension {
            for (i, e) in &ext.events {
                insert_env(&tx, "event", &e.env, &e.id, &incoming[*i].1)?;
            }
            tx.commit()?;
            return self.extended(&incoming, ext);
        }
        let Stored {
            mut inputs,
            known,
            stored_before,
        } = read_stored(&tx)?;
        let stored_rows = inputs.len();
        // The rows new to this file (each once), moved in after the stored ones: the verify
        // reads them there while the writes below take their bytes from the same place.
        let mut ids = Vec::new();
        {
            let mut seen = IdSet::with_capacity_and_hasher(incoming.len(), Default::default());
            ids.reserve(incoming.len());
            inputs.reserve(incoming.len());
            for (id, raw) in incoming {
                if !known.contains(&id) && seen.insert(id) {
                    ids.push(id);
                    inputs.push(Input {
                        raw,
                        declared: None,
                    });
                }
            }
        }
        drop(known);
        let cached = self.compare_cache(&inputs[..stored_rows])?;
        let trusted = cached.as_ref().map(|(_, _, _, cmp)| &cmp.trusted);
        let check = move |inputs: &[Input]| {
            let inputs: Vec<&Input> = inputs.iter().collect();
            crate::log::verify::verify_trusting(inputs, None, trusted)
        };
        // Each row decoded once (on every core). A row that is no envelope: the verify
        // alone names its fault.
        let decoded: Option<Vec<(Envelope, Hash32, &RawEvent)>> = {
            use rayon::prelude::*;
            inputs[stored_rows..]
                .par_iter()
                .zip(ids.par_iter())
                .map(|(i, id)| Some((Envelope::decode(&i.raw.body).ok()?, *id, &i.raw)))
                .collect()
        };
        let Some(mut fresh) = decoded else {
            check(&inputs)?;
            return Err(LogError::Refused("an incoming row is no event".into()));
        };
        // Inserted in one transaction, so no reader sees a dangling reference whatever the
        // order: by place, so each chain is appended where it ends (a joining device stores
        // a whole log here). At a place two incoming events share (a fork), the one earlier
        // in causal order is the event and the other the fork proof.
        // A hub serves rows in place order already.
        if !fresh.is_sorted_by_key(place) {
            fresh.sort_by_key(place);
        }
        write_cache_for(&tx, fresh.len())?;
        // The rows are written while the union is verified (the signatures on every core):
        // the transaction is committed only once it verifies, and rolled back otherwise.
        let (verified, inserted) = std::thread::scope(|s| {
            let v = s.spawn(|| check(&inputs));
            let rows = fresh.iter().map(|(e, id, raw)| (e, id, *raw));
            let ins = insert_fresh(&tx, rows, &stored_before);
            if ins.is_ok() && fresh.len() >= WRITE_AHEAD_ROWS {
                write_ahead(&tx);
            }
            (v.join(), ins)
        });
        let verified = match verified {
            Ok(v) => v?,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        let (stored, forks) = inserted?;
        let rows: Vec<(&Envelope, Hash32)> =
            stored.iter().map(|&i| (&fresh[i].0, fresh[i].1)).collect();
        let row_hashes = || {
            use rayon::prelude::*;
            stored
                .par_iter()
                .map(|&i| {
                    let (env, id, raw) = &fresh[i];
                    (*id, row_hash(env, id, raw))
                })
                .collect()
        };
        let done = self.commit_merge(tx, &verified, &rows, forks, cached, row_hashes)?;
        drop(rows);
        let report = self.after_merge(done, &verified, &stored_before)?;
        // What a joining device merged is a million rows and their checked events: freed
        // on a thread of their own, not before the receipt and the head claim go out.
        drop(fresh);
        free_later(move || drop((inputs, verified)));
        Ok(report)
    }
}

/// Each author's newest stored place first, then the sequence number, then causal order:
/// the order a full merge inserts its rows in.
pub(super) fn place(row: &(Envelope, Hash32, &RawEvent)) -> (Hash32, u64, u64) {
    (row.0.author, row.0.seq, row.0.lamport)
}

pub(super) type IdSet = std::collections::HashSet<Hash32, foldhash::fast::RandomState>;

/// What a full merge reads before the incoming rows (inside its write lock).
pub(super) struct Stored {
    /// Every stored row (events, then fork proofs), as the verify takes it.
    pub(super) inputs: Vec<Input>,
    /// Their ids.
    pub(super) known: IdSet,
    /// Each author's newest stored row before the merge: what lies beyond the device
    /// record up to there appeared in the file on its own (no receipt of this merge).
    pub(super) stored_before: BTreeMap<Hash32, u64>,
}

pub(super) fn read_stored(tx: &rusqlite::Transaction<'_>) -> Result<Stored, LogError> {
    let mut inputs = Vec::new();
    for table in ["event", "fork_proof"] {
        let mut st = tx.prepare(&format!(
            "SELECT id, author, seq, body, sig, payload FROM {table} ORDER BY author, seq, id"
        ))?;
        let rows = st.query_map([], stored_row)?;
        for row in rows {
            inputs.push(row?);
        }
    }
    let known: IdSet = inputs.iter().map(|i| i.raw.id()).collect();
    let mut stored_before: BTreeMap<Hash32, u64> = BTreeMap::new();
    for i in &inputs {
        if let Some(d) = &i.declared {
            if let Ok(a) = <[u8; 32]>::try_from(d.author.as_slice()) {
                let slot = stored_before.entry(Hash32(a)).or_default();
                *slot = (*slot).max(d.seq.max(0) as u64);
            }
        }
    }
    Ok(Stored {
        inputs,
        known,
        stored_before,
    })
}

/// The verified-state cache's word on the stored rows, if this log has one.
pub(super) type Cached = Option<(
    crate::log::cache::VerifiedCache,
    Hash32,
    crate::log::cache::Known,
    crate::log::cache::Comparison,
)>;

/// The verified-state cache's hash of a row stored as an event at its envelope's place
/// (what a later open compares the stored row with).
pub(super) fn row_hash(env: &Envelope, id: &Hash32, raw: &RawEvent) -> [u8; 32] {
    let declared = (&id.0[..], &env.author.0[..], env.seq as i64);
    crate::log::cache::row_hash_of(Some(declared), raw)
}

/// A merge's page cache for what it writes: the id index takes the rows in random order,
/// and a transaction whose changed pages outgrow the page cache writes them out early
/// (about 1 KiB a row with its index entries; 64 MiB to 1 GiB).
pub(super) fn write_cache_for(tx: &rusqlite::Transaction<'_>, rows: usize) -> Result<(), LogError> {
    let kib = (rows as i64).clamp(65_536, 1_048_576);
    tx.pragma_update(None, "cache_size", -kib)?;
    Ok(())
}

/// Frees what a big merge held on a thread of its own (if none can be started, here).
pub(super) fn free_later(free: impl FnOnce() + Send + 'static) {
    let _ = std::thread::Builder::new()
        .name("merge-free".into())
        .spawn(free);
}

/// The cache's next file for a committed merge: the cache, the log, what it knew, the file
/// made while the merge committed, and the rows it adds.
type ToCache = (
    crate::log::cache::VerifiedCache,
    Hash32,
    crate::log::cache::Known,
    Result<crate::log::cache::Prepared, LogError>,
    Vec<(Hash32, [u8; 32])>,
);

/// A full merge, written and verified, committed: what is left to do after.
pub(super) struct Committed {
    added: usize,
    forks: usize,
    ranges: BTreeMap<Hash32, (u64, u64)>,
    future: Vec<FutureArrival>,
    to_cache: Option<ToCache>,
    dv: i64,
}

impl Log {
    /// The cache's comparison of the stored rows (incoming rows are not in it yet). A cached
    /// row missing from this file is no error here: merging is how a copy that lacks events
    /// (another file of the same log, or one rolled back) gets them back; that merge checks
    /// every signature and leaves the cache alone. A cached row that changed is refused as
    /// in `verify`.
    pub(super) fn compare_cache(&self, stored: &[Input]) -> Result<Cached, LogError> {
        match (&self.cache, self.stored_log_id()?) {
            (Some(cache), Some(log_id)) => {
                let known = cache.load(&log_id)?;
                match cache.compare(&log_id, &known, stored) {
                    Ok(cmp) => Ok(Some((cache.clone(), log_id, known, cmp))),
                    Err(crate::log::cache::CacheMismatch::Gone { .. }) => Ok(None),
                    Err(e) => Err(e.into()),
                }
            }
            _ => Ok(None),
        }
    }

    /// Commits a full merge whose union verified (`verified`) and whose new rows are written
    /// in `tx` (`stored`: the ones stored as events, with `forks` fork proofs).
    pub(super) fn commit_merge(
        &self,
        tx: rusqlite::Transaction<'_>,
        verified: &Verified,
        stored: &[(&Envelope, Hash32)],
        forks: usize,
        cached: Cached,
        row_hashes: impl FnOnce() -> Vec<(Hash32, [u8; 32])>,
    ) -> Result<Committed, LogError> {
        let limit = (self.clock)().saturating_add(tolerance_of(verified));
        let mut verified_rows: Vec<(Hash32, [u8; 32])> = Vec::new();
        let added = stored.len();
        let mut ranges: BTreeMap<Hash32, (u64, u64)> = BTreeMap::new();
        let mut future = Vec::new();
        for (env, id) in stored {
            let r = ranges.entry(env.author).or_insert((env.seq, env.seq));
            r.0 = r.0.min(env.seq);
            r.1 = r.1.max(env.seq);
            if env.wall_ms > limit {
                future.push(FutureArrival {
                    id: *id,
                    author: env.author,
                    seq: env.seq,
                    kind: env.kind.to_string(),
                    wall_ms: env.wall_ms,
                });
            }
        }
        if cached.is_some() {
            verified_rows = row_hashes();
        }
        let dv = self.data_version()?;
        // The cache's next file (a joining device's million rows sorted and signed) is made
        // while the transaction commits, which mostly waits on the disk; it is written only
        // once the rows are committed.
        let to_cache = cached
            .filter(|(_, log_id, _, _)| verified.log_id == *log_id)
            .map(|(cache, log_id, known, cmp)| {
                verified_rows.extend(cmp.fresh);
                (cache, log_id, known)
            });
        let (committed, prepared) = std::thread::scope(|s| {
            let prepared = s.spawn(|| {
                to_cache
                    .as_ref()
                    .map(|(cache, log_id, known)| cache.prepare(log_id, known, &verified_rows))
            });
            let committed = tx.commit();
            let prepared = prepared
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (committed, prepared)
        });
        committed?;
        Ok(Committed {
            added,
            forks,
            ranges,
            future,
            to_cache: to_cache
                .zip(prepared)
                .map(|((cache, log_id, known), prepared)| {
                    (
                        cache,
                        log_id,
                        known,
                        prepared.map_err(LogError::from),
                        verified_rows,
                    )
                }),
            dv,
        })
    }

    /// After a full merge committed: the cache, the device record, the append state and its
    /// snapshot move on to the union just verified.
    pub(super) fn after_merge(
        &mut self,
        done: Committed,
        verified: &Verified,
        stored_before: &BTreeMap<Hash32, u64>,
    ) -> Result<MergeReport, LogError> {
        let Committed {
            added,
            forks,
            ranges,
            future,
            to_cache,
            dv,
        } = done;
        self.conn.pragma_update(None, "cache_size", -2000)?;
        self.state = None;
        if let Some((cache, log_id, mut known, prepared, verified_rows)) = to_cache {
            if cache.commit(&log_id, &mut known, prepared?, &verified_rows)? {
                cache.remember(&log_id, &known);
            }
        }
        // The union just verified is exactly what is stored now: the next append starts from
        // it (and so does the next open, from the snapshot), with no second verify. The
        // device record moves on with it.
        self.note_seen(verified, crate::log::seen::Arrivals::Upto(stored_before))?;
        let state = self.state_of(verified, dv)?;
        self.state = Some(state);
        self.save_snapshot(None)?;
        tracing::info!(added, forks, "merged");
        if forks > 0 {
            tracing::warn!(
                forks,
                "fork proofs stored: the keys concerned are blocked until the chief TD rules"
            );
        }
        Ok(MergeReport {
            added,
            forks,
            received: received_of(ranges),
            future,
            receipt: None,
            extended: None,
        })
    }
}

impl Log {
    /// After a merge that only extended the log (`store::extend`), committed: the append
    /// state moves on by the new rows, as a full verify of the union would leave it, and so
    /// do the device record and the verified-state cache.
    fn extended(
        &mut self,
        incoming: &[(Hash32, RawEvent)],
        ext: super::extend::Extension,
    ) -> Result<MergeReport, LogError> {
        let state = self
            .state
            .as_mut()
            .ok_or_else(|| LogError::Refused("no state".into()))?;
        let stored_before = state.stored_seq.clone();
        let mut ranges: BTreeMap<Hash32, (u64, u64)> = BTreeMap::new();
        // In replay order: each author's rows come in the order of its chain.
        for (_, e) in &ext.events {
            let author = e.env.author;
            state.heads.insert(author, Head::of(e));
            state.stored_seq.insert(author, e.env.seq);
            state.stored_heads.insert(author, (e.env.seq, e.id));
            let r = ranges.entry(author).or_insert((e.env.seq, e.env.seq));
            r.0 = r.0.min(e.env.seq);
            r.1 = r.1.max(e.env.seq);
        }
        // Every head is dated within the tolerance (`extend::plan`): each is its author's
        // newest such event, as a full verify builds it (appends leave this map behind).
        state.safe_heads = state.heads.clone();
        let fresh: Vec<Input> = ext
            .events
            .iter()
            .map(|(i, e)| Input {
                raw: incoming[*i].1.clone(),
                declared: Some(Declared {
                    id: e.id.0.to_vec(),
                    author: e.env.author.0.to_vec(),
                    seq: e.env.seq as i64,
                }),
            })
            .collect();
        // The device record checked and moved on as after a full merge (a recorded head
        // counts only if the file holds that very event), then the cache; if either fails,
        // the next append verifies again, as after a full merge that failed there.
        let recorded = match &self.state {
            Some(state) => {
                let arrivals = crate::log::seen::Arrivals::Upto(&stored_before);
                self.note_seen_state(state, arrivals, &[], true)
                    .and_then(|()| self.save_snapshot(Some(&fresh)))
            }
            None => Ok(()),
        };
        if let Err(e) = recorded {
            self.state = None;
            return Err(e);
        }
        let added = ext.events.len();
        tracing::info!(added, "merged (the log extended)");
        Ok(MergeReport {
            added,
            forks: 0,
            received: received_of(ranges),
            future: vec![],
            receipt: None,
            extended: Some(ext.events.into_iter().map(|(_, e)| e).collect()),
        })
    }

    /// Off: every merge verifies the union in full (tests compare the two paths).
    #[doc(hidden)]
    pub fn set_extend_merges(&mut self, on: bool) {
        self.extend_merges = on;
    }
}

/// Per author, the range of sequence numbers a merge stored, as its report and receipt say.
fn received_of(ranges: BTreeMap<Hash32, (u64, u64)>) -> Vec<crate::events::Received> {
    ranges
        .into_iter()
        .map(|(author, (from_seq, to_seq))| crate::events::Received {
            author,
            from_seq,
            to_seq,
        })
        .collect()
}

/// A merge this big writes its pages out before the commit (a few MB; a `--watch` round's
/// handful of rows pays no extra fsync).
pub(super) const WRITE_AHEAD_ROWS: usize = 4096;

/// While the verify still runs: the transaction's pages written out and put on disk, so the
/// commit that follows a verify has little left to write (a join's million rows took 2 s
/// of fsync there). Safe as SQLite's own cache spill is (the rows count only once
/// committed; a rollback, or a crash, undoes them); an error here only leaves the work to
/// the commit, which meets it again.
pub(super) fn write_ahead(tx: &rusqlite::Transaction<'_>) {
    if tx.cache_flush().is_err() {
        return;
    }
    if let Some(path) = tx.path().filter(|p| !p.is_empty()) {
        for suffix in ["", "-wal"] {
            if let Ok(f) = std::fs::File::open(format!("{path}{suffix}")) {
                let _ = f.sync_data();
            }
        }
    }
}

/// `stored_before` is each author's highest stored place before the merge: a place above it
/// is taken only by an earlier row of this merge (the rows come in place order), so the file
/// is asked only about places at or below it (a joining device stores a whole log here).
pub(super) fn insert_fresh<'a>(
    tx: &rusqlite::Transaction<'_>,
    fresh: impl ExactSizeIterator<Item = (&'a Envelope, &'a Hash32, &'a RawEvent)>,
    stored_before: &BTreeMap<Hash32, u64>,
) -> Result<(Vec<usize>, usize), LogError> {
    let mut taken_at = tx.prepare_cached(PLACE_TAKEN)?;
    let mut insert_event = tx.prepare_cached(INSERT_EVENT)?;
    let (mut stored, mut forks) = (Vec::with_capacity(fresh.len()), 0);
    let mut last: Option<(Hash32, u64)> = None;
    for (i, (env, id, raw)) in fresh.enumerate() {
        let place = (env.author, env.seq);
        let taken = if env.seq > stored_before.get(&env.author).copied().unwrap_or(0) {
            last == Some(place)
        } else {
            taken_at.query_row(params![env.author.0.as_slice(), env.seq as i64], |r| {
                r.get(0)
            })?
        };
        if taken {
            insert_env(tx, "fork_proof", env, id, raw)?;
            forks += 1;
        } else {
            insert_row(&mut insert_event, place, id, raw)?;
            stored.push(i);
            last = Some(place);
        }
    }
    Ok((stored, forks))
}

/// What a merge did.
#[derive(Debug, Clone, Default)]
pub struct MergeReport {
    pub added: usize,
    pub forks: usize,
    /// Per author, the sequence numbers newly stored.
    pub received: Vec<crate::events::Received>,
    /// New events dated ahead of this device's clock by more than the tolerance.
    pub future: Vec<FutureArrival>,
    /// This device's receipt, if it signed one.
    pub receipt: Option<Hash32>,
    /// When the merge only extended the log (`store::extend`): the new events, checked and
    /// standing, in replay order, so a live state folds them without reading the log again.
    pub extended: Option<Vec<crate::log::event::CheckedEvent>>,
}

/// An event that arrived dated ahead of this device's clock.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FutureArrival {
    pub id: Hash32,
    pub author: Hash32,
    pub seq: u64,
    pub kind: String,
    pub wall_ms: i64,
}
