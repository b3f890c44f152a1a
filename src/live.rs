//! A tournament kept live in memory (issue 12): the log is verified once (with the device's
//! verified-state cache, only rows this device has not verified before have their signatures
//! checked), folded once, and from then on every signed step is folded into the projections
//! as it is appended. The desktop app holds one of these per open log, so recording a call on
//! a log of a million events costs the call, not the log.
//!
//! What is folded incrementally is exactly what cannot change how earlier events fold: calls,
//! cards, director notes and rulings, results, adjusted scores and the appeal steps. Anything
//! else (key events, receipts, settings, structure, time acceptances) refolds the events
//! already in memory, and key events (which can change which stored events stand) verify
//! again through the cache. A property test (`tests/live_props.rs`) checks that the live
//! state always equals a fresh replay of the same log.
//!
//! IO edge: this owns a writable `Log`; the folds it calls are the pure core's.

use crate::appeals::{fold, AppendError, Folded, Workflow};
use crate::bridge::tables::BridgeTables;
use crate::doko::tables::DokoTables;
use crate::events::Payload;
use crate::keys::DeviceKey;
use crate::log::{Hash32, Log, LogError, Projection, Verified};
use crate::results::{ResultRow, Scores, Tournament};
use crate::views::Replayed;

/// How a new event reaches the live state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Absorbed {
    /// Folded on top of the state (the common case at the table).
    Incremental,
    /// The events in memory were folded again (a setting, the structure, a receipt).
    Refolded,
    /// The log was verified again through the cache (a key event can change what stands).
    Reverified,
}

/// The verified log with its projections, kept current append by append.
pub struct Live {
    /// `None`: opened read-only (a file this device may not write); appends are refused.
    /// In a mutex only so the state can be shared between threads (the app's views read it
    /// from several); every use goes through `&mut self`, so it is never contended.
    log: Option<std::sync::Mutex<Log>>,
    /// The log's `PRAGMA data_version` when the state was last brought up to date: another
    /// writer (the CLI on the same file) changes it, and the state is rebuilt.
    seen_version: i64,
    pub replayed: Replayed,
    pub workflow: Workflow,
    pub doko: DokoTables,
    scores: Scores,
    /// The head set of the events in memory, kept append by append: the app shows the head
    /// digest after every signed step, and recomputing it walked every event (tens of ms on
    /// a million).
    heads: crate::log::digest::HeadSet,
    /// How the last merge that brought events reached the state.
    merged: Option<Absorbed>,
    /// The events dated ahead of their arrival, computed once per state (they walk every
    /// event when the log holds receipts): (events, receipts, tolerance) they were made for.
    future: std::sync::Mutex<Option<FutureMemo>>,
}

type FutureMemo = ((usize, usize, i64), Vec<crate::log::time::FutureDated>);

/// Kinds folded incrementally: their fold only moves forward (no earlier event folds
/// differently because of them).
fn folds_forward(kind: &str) -> bool {
    matches!(
        kind,
        "bridge.auction"
            | "bridge.play"
            | "bridge.ruling"
            | "director.note"
            | "director.call"
            | "director.ruling"
            | "result.recorded"
            | "result.not_played"
            | "result.corrected"
            | "ruling.adjusted_score"
            | "ruling.fouled_board"
            | "results.published"
            | "organiser.late_correction_consent"
    ) || kind.starts_with("appeal.")
}

/// Kinds that can change key state or which stored events stand.
fn changes_keys(kind: &str) -> bool {
    kind.starts_with("key.")
}

impl Live {
    /// Verifies `log` (its cache and device record as attached) and folds it.
    pub fn open(
        log: Log,
        progress: Option<crate::log::verify::Progress<'_>>,
    ) -> Result<Live, LogError> {
        let v = log.verify(progress)?;
        Live::from_verified(Some(log), v)
    }

    /// A live state from a log verified elsewhere (the app verifies through a read-only
    /// connection, with progress). `log` is the writable log to append through (`None`:
    /// read-only); it adopts the verified state if its rows are still exactly those.
    pub fn from_verified(mut log: Option<Log>, v: Verified) -> Result<Live, LogError> {
        // The writable connection adopting the verified state and the fold read the same
        // events, neither changes them: on two cores at once.
        let (seen_version, parts) = rayon::join(
            || match log.as_mut() {
                // Rows changed since `v` was verified: the first append catches up first.
                // The version read before the rows are compared: a commit after it makes the
                // first append catch up (read after, it would be taken as part of `v`).
                Some(l) => {
                    let dv = l.data_version()?;
                    Ok::<i64, LogError>(if l.adopt(&v)? { dv } else { i64::MIN })
                }
                None => Ok(0),
            },
            || fold_parts(&v),
        );
        let seen_version = seen_version?;
        let heads = v.heads.clone();
        let (replayed, workflow, doko, scores) = assemble(v, parts);
        Ok(Live {
            log: log.map(std::sync::Mutex::new),
            seen_version,
            replayed,
            workflow,
            doko,
            scores,
            heads,
            merged: None,
            future: std::sync::Mutex::new(None),
        })
    }

    fn writable(&mut self) -> Result<&mut Log, LogError> {
        self.log
            .as_mut()
            .map(|m| m.get_mut().unwrap_or_else(|e| e.into_inner()))
            .ok_or_else(|| {
            LogError::Refused(
                "this log was opened read-only (the file cannot be written from this device): nothing was signed"
                    .into(),
            )
        })
    }

    /// Signs `payload` with `key` at `now_ms` after the Doppelkopf tables' rules and the
    /// workflow guards (the same guards as [`crate::appeals::append_checked`], checked against
    /// the state in memory), stores it and folds it. Returns the event id and how it was
    /// folded.
    pub fn append(
        &mut self,
        key: &DeviceKey,
        payload: Payload,
        now_ms: i64,
    ) -> Result<(Hash32, Absorbed), AppendError> {
        self.catch_up()?;
        let wall = self.writable()?.next_wall_ms(&key.public(), now_ms)?;
        let me = key.public();
        let signer = self.replayed.log.keys.signer(&me);
        self.doko.check_append(&payload, &signer)?;
        self.replayed.tables.check_append(&payload)?;
        self.workflow.check(&payload, &signer, wall)?;
        let log = self.writable()?;
        log.set_clock(move || wall);
        let id = log.append(key, payload)?;
        if log.take_arrival_receipt().is_some() {
            // The device's receipt for events that appeared in the file on their own came
            // first: the file holds more than this one event, so the state is rebuilt.
            self.reverify()?;
            return Ok((id, Absorbed::Reverified));
        }
        let how = self.absorb(id)?;
        Ok((id, how))
    }

    /// Signs several steps in one transaction (all or none): a session's set-up, an imported
    /// file, hand records. Each is checked against the state before any is signed (the same
    /// guards as [`Live::append`]); the state is then folded once, not once per step (a
    /// structure event refolds the events in memory, and a set-up is hundreds of them).
    pub fn append_batch(
        &mut self,
        key: &DeviceKey,
        payloads: Vec<Payload>,
        now_ms: i64,
    ) -> Result<Vec<Hash32>, AppendError> {
        if payloads.len() == 1 {
            let p = payloads
                .into_iter()
                .next()
                .map(|p| self.append(key, p, now_ms));
            return match p {
                Some(r) => r.map(|(id, _)| vec![id]),
                None => Ok(vec![]),
            };
        }
        self.catch_up()?;
        let wall = self.writable()?.next_wall_ms(&key.public(), now_ms)?;
        let me = key.public();
        let signer = self.replayed.log.keys.signer(&me);
        for p in &payloads {
            self.doko.check_append(p, &signer)?;
            self.replayed.tables.check_append(p)?;
            self.workflow.check(p, &signer, wall)?;
        }
        let log = self.writable()?;
        log.set_clock(move || wall);
        let ids = log.append_batch(key, payloads)?;
        self.absorb_batch(&ids)?;
        Ok(ids)
    }

    /// Merges events from another device (signing a receipt with `key` if given) and
    /// brings the state up to date. Returns what the store reported.
    pub fn merge(
        &mut self,
        incoming: impl Into<crate::log::Identified>,
        key: Option<&DeviceKey>,
    ) -> Result<crate::log::MergeReport, LogError> {
        let current = self.seen_version;
        let log = self.writable()?;
        // Our own commits leave the version as it is: equal before and after, and to the
        // state's, nobody else wrote and the state is the file's before the merge.
        let before = log.data_version()?;
        let merged = match key {
            Some(k) => log.merge_with_receipt(incoming, k),
            None => log.merge_report(incoming),
        };
        let mut r = match merged {
            Ok(r) => r,
            Err(e) => {
                // The rows may be stored and only the receipt (or the device record) have
                // failed: the next merge or catch-up verifies again.
                self.seen_version = i64::MIN;
                return Err(e);
            }
        };
        let after = log.data_version()?;
        if r.added > 0 || r.forks > 0 {
            self.merged = Some(match r.extended.take() {
                Some(events) if before == current && after == before => {
                    self.absorb_merged(events, r.receipt)?
                }
                _ => {
                    self.reverify()?;
                    Absorbed::Reverified
                }
            });
        }
        Ok(r)
    }

    /// How the last merge that brought events reached the state: folded on top, the events
    /// in memory folded again, or the log verified again.
    pub fn last_merge(&self) -> Option<Absorbed> {
        self.merged
    }

    /// Every stored row, exactly as stored (what a sync pushes; see `crate::sync`).
    pub fn read_inputs(&mut self) -> Result<Vec<crate::log::Input>, LogError> {
        self.writable()?.read_inputs()
    }

    /// Changes whenever the stored rows change, another writer's included.
    pub fn data_version(&mut self) -> Result<i64, LogError> {
        self.writable()?.data_version()
    }

    /// The stored log, for reads that need no state (a sync's index lookups, `crate::sync`).
    pub fn stored(&mut self) -> Result<&Log, LogError> {
        Ok(&*self.writable()?)
    }

    /// If another writer changed the file since, verifies again (through the cache: only
    /// the new rows' signatures) and refolds.
    pub fn catch_up(&mut self) -> Result<bool, LogError> {
        let Ok(log) = self.writable() else {
            return Ok(false);
        };
        if log.data_version()? == self.seen_version {
            return Ok(false);
        }
        self.reverify()?;
        Ok(true)
    }

    fn reverify(&mut self) -> Result<(), LogError> {
        let log = self.writable()?;
        // Read before the verify: another writer's commit during it makes the next call
        // catch up again (read after, that commit could be taken as folded).
        let version = log.data_version()?;
        let v = log.verify(None)?;
        // The writable connection takes the state just verified (if its rows are still
        // these): the next merge or append starts from it, with no verify of its own.
        log.adopt(&v)?;
        self.seen_version = version;
        self.refold(v);
        Ok(())
    }

    /// Folds `v` afresh into the state.
    fn refold(&mut self, v: Verified) {
        self.heads = v.heads.clone();
        (self.replayed, self.workflow, self.doko, self.scores) = fold_all(v);
    }

    /// The head set of the log as held (standing and excluded events), as
    /// [`crate::log::digest::HeadSet::of`] gives it for the verified log.
    pub fn head_set(&self) -> &crate::log::digest::HeadSet {
        &self.heads
    }

    /// Standing events dated more than the tolerance ahead of their first arrival
    /// ([`crate::log::time::future_dated`]), computed once for each state of the log.
    pub fn future_dated(&self) -> Vec<crate::log::time::FutureDated> {
        let v = &self.replayed.log;
        let receipts = &self.workflow.receipts;
        let tolerance = self.workflow.settings.clock_tolerance_ms();
        let key = (v.events.len(), receipts.list.len(), tolerance);
        let mut memo = self.future.lock().unwrap_or_else(|e| e.into_inner());
        match &*memo {
            Some((k, list)) if *k == key => list.clone(),
            _ => {
                let list = crate::log::time::future_dated(v, receipts, tolerance);
                *memo = Some((key, list.clone()));
                list
            }
        }
    }

    /// Folds the event this device just stored.
    fn absorb(&mut self, id: Hash32) -> Result<Absorbed, LogError> {
        let row = self
            .writable()?
            .read_row(&id)?
            .ok_or_else(|| LogError::Refused(format!("event {} was not stored", id.short())))?;
        let e = row
            .raw
            .check()
            .map_err(|e| LogError::Refused(format!("event {}: {e}", id.short())))?;
        // `seen_version` stays: this connection's own commit does not change the file's
        // version, and another writer's since the catch-up must make the next call catch up.
        if changes_keys(&e.env.kind) {
            self.reverify()?;
            return Ok(Absorbed::Reverified);
        }
        if !folds_forward(&e.env.kind) {
            let mut v = std::mem::replace(&mut self.replayed.log, empty_verified());
            v.push_standing(e);
            self.refold(v);
            return Ok(Absorbed::Refolded);
        }
        self.fold_forward(e);
        Ok(Absorbed::Incremental)
    }

    /// Folds a standing event that comes after every event held and folds forward.
    fn fold_forward(&mut self, e: crate::log::event::CheckedEvent) {
        // An unenrolled signer stands for nothing: the event is kept, nothing is folded.
        if let Some(k) = self.replayed.log.keys.get(&e.env.author).cloned() {
            let mut f = Folded {
                workflow: std::mem::take(&mut self.workflow),
                tournament: std::mem::take(&mut self.replayed.tournament),
                doko: std::mem::take(&mut self.doko),
            };
            f.apply(&e, &k);
            self.replayed.tables.apply(&e, &k);
            self.workflow = f.workflow;
            self.replayed.tournament = f.tournament;
            self.doko = f.doko;
            let boards = self.scores.update_boards(&mut self.replayed.tournament);
            if !boards.is_empty() {
                self.scores.refresh(&mut self.replayed.results, &boards);
            }
        }
        self.heads.add(e.env.author, e.env.seq, e.id);
        self.replayed.log.push_standing(e);
    }
}

impl Live {
    /// Brings the state up to date with a merge that only extended the log (the store
    /// checked the new events against the state: they stand, and change nothing about which
    /// others do) and the receipt this device signed for them: folded on top when they all
    /// come after the events held and fold forward; else put in their places in replay
    /// order and the events in memory folded again. The log is not read again.
    fn absorb_merged(
        &mut self,
        mut events: Vec<crate::log::event::CheckedEvent>,
        receipt: Option<Hash32>,
    ) -> Result<Absorbed, LogError> {
        if let Some(id) = receipt {
            let row = self.writable()?.read_row(&id)?.ok_or_else(|| {
                LogError::Refused(format!("receipt {} was not stored", id.short()))
            })?;
            events.push(
                row.raw
                    .check()
                    .map_err(|e| LogError::Refused(format!("event {}: {e}", id.short())))?,
            );
        }
        let key = crate::log::replay_key;
        let last = self.replayed.log.events.last().map(key);
        let after_all = events.first().map(key) > last && events.is_sorted_by_key(key);
        if after_all && events.iter().all(|e| folds_forward(&e.env.kind)) {
            for e in events {
                self.fold_forward(e);
            }
            return Ok(Absorbed::Incremental);
        }
        let mut v = std::mem::replace(&mut self.replayed.log, empty_verified());
        for e in events {
            v.heads.add(e.env.author, e.env.seq, e.id);
            v.events.push(e);
        }
        // Into replay order, as a fresh replay holds them (the sort is adaptive: the events
        // held are in order, the new ones a short run after them).
        v.events.sort_by_key(key);
        self.refold(v);
        Ok(Absorbed::Refolded)
    }

    /// Brings the state up to date with a batch this state appended: one refold (or one
    /// verify, when a key event is among them) for all of them.
    fn absorb_batch(&mut self, ids: &[Hash32]) -> Result<Absorbed, LogError> {
        let mut events = Vec::with_capacity(ids.len());
        for id in ids {
            let row = self
                .writable()?
                .read_row(id)?
                .ok_or_else(|| LogError::Refused(format!("event {} was not stored", id.short())))?;
            events.push(
                row.raw
                    .check()
                    .map_err(|e| LogError::Refused(format!("event {}: {e}", id.short())))?,
            );
        }
        self.seen_version = self.writable()?.data_version()?;
        if events.iter().any(|e| changes_keys(&e.env.kind)) {
            self.reverify()?;
            return Ok(Absorbed::Reverified);
        }
        let mut v = std::mem::replace(&mut self.replayed.log, empty_verified());
        for e in events {
            v.push_standing(e);
        }
        self.refold(v);
        Ok(Absorbed::Refolded)
    }
}

fn empty_verified() -> Verified {
    Verified {
        log_id: Hash32::default(),
        events: vec![],
        keys: Default::default(),
        excluded: vec![],
        pending_forks: vec![],
        heads: Default::default(),
    }
}

/// A fresh fold of a verified log: the boards at the tables, the workflow with the
/// tournament (as `tdlog results` folds it), the Doppelkopf tables and the scores.
fn fold_all(v: Verified) -> (Replayed, Workflow, DokoTables, Scores) {
    let parts = fold_parts(&v);
    assemble(v, parts)
}

/// The workflow's fold and the boards' replay of `v`: they read the same events
/// independently, so on two cores at once (each is a pass over every event).
fn fold_parts(v: &Verified) -> (Folded, BridgeTables) {
    rayon::join(
        || fold(v, None),
        || {
            let mut tables = BridgeTables::default();
            crate::log::replay(v, &mut tables);
            tables
        },
    )
}

/// The live state's parts from `v` and its fold ([`fold_parts`]).
fn assemble(
    v: Verified,
    (folded, tables): (Folded, BridgeTables),
) -> (Replayed, Workflow, DokoTables, Scores) {
    let mut tournament: Tournament = folded.tournament;
    let mut scores = Scores::default();
    scores.update(&mut tournament);
    let results: Vec<ResultRow> = scores.rows();
    (
        Replayed {
            log: v,
            tables,
            tournament,
            results,
        },
        folded.workflow,
        folded.doko,
        scores,
    )
}
