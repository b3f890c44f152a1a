//! The SQLite store: one file per tournament, WAL, `synchronous=FULL`, STRICT tables,
//! append-only triggers. This is the IO edge of the log; everything it reads is verified by
//! [`super::verify`] before anything is folded from it.

use super::envelope::Envelope;
use super::event::{sign_event, RawEvent};
use super::fault::VerifyError;
use super::hash::Hash32;
use super::verify::{verify, Declared, Input, Progress, Verified};
use crate::events::{spec, Genesis, Payload, PayloadError};
use crate::keys::{DeviceKey, KeyState};
use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

mod genesis;
mod heads;
mod read_only;
mod rows;
use rows::for_each_batch;
pub mod schema_check;
pub use read_only::ReadOnlyLog;

/// `PRAGMA application_id` of a tdlog log: "TDLG".
pub const APPLICATION_ID: i64 = 0x5444_4C47;
/// `PRAGMA user_version` this tdlog writes and reads.
pub const SCHEMA_VERSION: i64 = 1;
const SCHEMA_SQL: &str = include_str!("../../schema/log.sql");

#[derive(Debug, Error)]
pub enum LogError {
    #[error("{0} does not exist")]
    Missing(PathBuf),
    #[error("{0} already exists; a new tournament needs a new file")]
    Exists(PathBuf),
    #[error("{path} is not a tdlog log ({why})")]
    NotALog { path: PathBuf, why: String },
    #[error("{path} has schema version {found}; this tdlog reads version 1")]
    SchemaVersion { path: PathBuf, found: i64 },
    /// The file's SQLite catalogue is not the one tdlog creates (see `log::store::schema_check`).
    #[error("{path} was altered outside tdlog and is refused: {detail}. Do not record in this file; keep it as evidence and continue from another device's copy of the log")]
    SchemaTampered { path: PathBuf, detail: String },
    /// Not a regular file (a FIFO, a directory, a device), refused before SQLite opens it.
    #[error(transparent)]
    File(#[from] crate::io_safe::FileError),
    #[error("the disk is full; nothing was written and the log is as it was")]
    DiskFull,
    #[error("the log is locked by another program (timed out waiting)")]
    Busy,
    #[error("database error: {0}")]
    Sql(rusqlite::Error),
    /// Boxed: a verification failure carries the whole fault, and every `Result` of the store
    /// should stay small.
    #[error("log does not verify: {0}")]
    Verify(Box<VerifyError>),
    #[error("{0}")]
    Payload(#[from] PayloadError),
    #[error("refused: {0}")]
    Refused(String),
    #[error(transparent)]
    Seen(#[from] super::seen::SeenError),
    #[error(transparent)]
    Cache(#[from] super::cache::CacheMismatch),
}

impl From<VerifyError> for LogError {
    fn from(e: VerifyError) -> Self {
        LogError::Verify(Box::new(e))
    }
}

impl From<rusqlite::Error> for LogError {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => LogError::DiskFull,
            Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => LogError::Busy,
            _ => LogError::Sql(e),
        }
    }
}

/// The head of one author's chain: what the next event of this device names.
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
struct Head {
    seq: u64,
    id: Hash32,
    lamport: u64,
    wall_ms: i64,
}

/// What an append needs to know, cached between appends and rebuilt (by a full verify)
/// whenever another connection has written to the file. With a verified-state cache it is
/// also kept in the device's data dir (a snapshot), valid while the stored rows are exactly
/// the ones the cache holds.
#[derive(serde::Serialize, serde::Deserialize)]
struct AppendState {
    #[serde(skip)]
    data_version: i64,
    log_id: Hash32,
    keys: KeyState,
    /// Heads of standing events, per author.
    heads: BTreeMap<Hash32, Head>,
    /// Highest stored sequence per author (standing or not): the next seq is above it.
    stored_seq: BTreeMap<Hash32, u64>,
    pending_forks: Vec<(Hash32, u64, Vec<Hash32>)>,
    /// Per author, the newest standing event dated no later than the clock (plus tolerance)
    /// when the state was built: what a dep names when the head itself is dated ahead.
    safe_heads: BTreeMap<Hash32, Head>,
    /// The signed clock tolerance (`config.appeals`), in milliseconds.
    tolerance_ms: i64,
    /// Per author, the first of its stored events that does not stand, and why: such a
    /// key's chain cannot be continued (an append would not verify).
    unstood: BTreeMap<Hash32, (u64, String)>,
    /// Every author's newest stored event (standing or not): the device record's head set.
    stored_heads: BTreeMap<Hash32, (u64, Hash32)>,
}

/// An open tournament log.
pub struct Log {
    conn: Connection,
    path: PathBuf,
    state: Option<AppendState>,
    /// Clock for signed times (ms since the epoch, UTC); replaceable in tests.
    clock: Box<dyn Fn() -> i64 + Send>,
    /// This device's record of what it has seen of the log (rollback detection).
    seen: Option<super::seen::SeenStore>,
    /// This device's verified-state cache: rows whose signatures it checked before.
    cache: Option<super::cache::VerifiedCache>,
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn configure(conn: &Connection) -> Result<(), LogError> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "trusted_schema", "OFF")?;
    #[cfg(target_os = "macos")]
    {
        conn.pragma_update(None, "fullfsync", "ON")?;
        conn.pragma_update(None, "checkpoint_fullfsync", "ON")?;
    }
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)?;
    Ok(())
}

impl Log {
    /// Creates a new log file whose first event is the genesis signed by `chief`.
    pub fn create(path: &Path, chief: &DeviceKey, genesis: Genesis) -> Result<Log, LogError> {
        if path.exists() {
            return Err(LogError::Exists(path.to_owned()));
        }
        let payload = Payload::Genesis(genesis).encode()?;
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        configure(&conn)?;
        conn.execute_batch(&format!("BEGIN IMMEDIATE; {SCHEMA_SQL}"))?;
        let env = Envelope {
            log_id: None,
            author: chief.public(),
            seq: 1,
            prev: None,
            deps: vec![],
            lamport: 1,
            wall_ms: now_ms(),
            kind: <Genesis as crate::events::EventPayload>::KIND.into(),
            v: 1,
            payload_hash: Hash32::default(),
            payload_len: 0,
        };
        let raw = sign_event(chief, env, payload);
        insert(&conn, "event", &raw)?;
        conn.execute_batch("COMMIT")?;
        let mut log = Log {
            conn,
            path: path.to_owned(),
            state: None,
            clock: Box::new(now_ms),
            seen: None,
            cache: None,
        };
        log.refresh(None)?;
        Ok(log)
    }

    /// Opens an existing log, checking that it is one (application id, schema version).
    pub fn open(path: &Path) -> Result<Log, LogError> {
        if !path.exists() {
            return Err(LogError::Missing(path.to_owned()));
        }
        crate::io_safe::require_regular_file(path)?;
        let not_a_log = |why: String| LogError::NotALog {
            path: path.to_owned(),
            why,
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        let app: i64 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|e| match e.sqlite_error_code() {
                Some(ErrorCode::NotADatabase) => not_a_log("not an SQLite database".into()),
                _ => LogError::from(e),
            })?;
        if app != APPLICATION_ID {
            return Err(not_a_log(format!(
                "application id {app:#x}, expected {APPLICATION_ID:#x}: a file of another program"
            )));
        }
        let ver: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if ver != SCHEMA_VERSION {
            return Err(LogError::SchemaVersion {
                path: path.to_owned(),
                found: ver,
            });
        }
        read_only::check_schema(&conn, path)?;
        configure(&conn)?;
        Ok(Log {
            conn,
            path: path.to_owned(),
            state: None,
            clock: Box::new(now_ms),
            seen: None,
            cache: None,
        })
    }

    /// Caps the database size in pages: lets tests make the disk "full" without a real one.
    #[doc(hidden)]
    pub fn limit_pages_for_test(&self, pages: i64) -> Result<(), LogError> {
        self.conn.pragma_update(None, "max_page_count", pages)?;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Replaces the clock used for signed times (tests: a fake clock).
    pub fn set_clock(&mut self, clock: impl Fn() -> i64 + Send + 'static) {
        self.clock = Box::new(clock);
    }

    /// Every stored row (events, then fork proofs), exactly as stored.
    pub fn read_inputs(&self) -> Result<Vec<Input>, LogError> {
        let mut out = Vec::new();
        for_each_batch(&self.conn, |batch| {
            out.extend(batch);
            Ok(true)
        })?;
        Ok(out)
    }

    /// One stored event row by id (`None` if there is none).
    pub fn read_row(&self, id: &Hash32) -> Result<Option<Input>, LogError> {
        Ok(self
            .conn
            .prepare_cached("SELECT id, author, seq, body, sig, payload FROM event WHERE id = ?1")?
            .query_row([id.0.as_slice()], stored_row)
            .optional()?)
    }

    /// Number of stored events (fork proofs not counted).
    pub fn count(&self) -> Result<u64, LogError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM event", [], |r| r.get::<_, i64>(0))? as u64)
    }

    /// Uses this device's verified-state cache (in its data dir) for every later verify:
    /// signatures are checked only for rows this device has not verified before.
    pub fn attach_cache(&mut self, cache: super::cache::VerifiedCache) {
        self.cache = Some(cache);
    }

    /// Checks this log against the device's record of what it has seen (refusing a log
    /// that lost events this device saw, naming them), and keeps the record up to date
    /// from then on. Cheap: reads only the recorded heads, no signatures.
    pub fn attach_seen(&mut self, store: super::seen::SeenStore) -> Result<(), LogError> {
        if let Some(log_id) = self.stored_log_id()? {
            let has = |_: &Hash32, _: u64, id: &Hash32| -> bool {
                self.conn
                    .query_row(
                        "SELECT 1 FROM event WHERE id = ?1 UNION ALL SELECT 1 FROM fork_proof WHERE id = ?1",
                        params![id.0.as_slice()],
                        |_| Ok(()),
                    )
                    .is_ok()
            };
            let have_seq = |a: &Hash32| -> u64 {
                self.conn
                    .query_row(
                        "SELECT coalesce(max(seq), 0) FROM event WHERE author = ?1",
                        params![a.0.as_slice()],
                        |r| r.get::<_, i64>(0),
                    )
                    .map_or(0, |s| s.max(0) as u64)
            };
            store.check(&log_id, have_seq, has)?;
        }
        self.seen = Some(store);
        Ok(())
    }

    /// The log id as the stored genesis row says it (unverified: for the device record).
    pub fn stored_log_id(&self) -> Result<Option<Hash32>, LogError> {
        // Each author's first event, found author by author along the primary key (a plain
        // `WHERE seq = 1` read every row of a big log, and SQLite planned a recursive CTE of
        // the same seeks as a scan too).
        let mut first = self
            .conn
            .prepare_cached("SELECT id, body FROM event WHERE author = ?1 AND seq = 1")?;
        let mut found = None;
        self.each_author(|author| {
            let row = first
                .query_row([author], |r| {
                    Ok((r.get::<_, Vec<u8>>(0)?, r.get::<_, Vec<u8>>(1)?))
                })
                .optional()?;
            if let Some((id, body)) = row {
                if Envelope::decode(&body).is_ok_and(|e| e.log_id.is_none()) {
                    found = <[u8; 32]>::try_from(id.as_slice()).ok().map(Hash32);
                }
            }
            Ok(found.is_none())
        })?;
        Ok(found)
    }

    /// Records a verified state as the newest this device has seen (after checking it
    /// still contains the previous record).
    fn note_seen(&self, v: &Verified) -> Result<(), LogError> {
        let Some(store) = &self.seen else {
            return Ok(());
        };
        let now = super::digest::HeadSet::of(v);
        let ids: std::collections::HashSet<Hash32> = v
            .events
            .iter()
            .map(|e| e.id)
            .chain(v.excluded.iter().map(|x| x.id))
            .collect();
        let have = |a: &Hash32| now.heads.get(a).map_or(0, |h| h.0);
        store.check(&v.log_id, have, |_, _, id| ids.contains(id))?;
        let holder = |a: &Hash32| v.keys.get(a).map(|k| k.holder.clone());
        store.record(&v.log_id, &now, holder, now_ms())?;
        Ok(())
    }

    /// SQLite's `PRAGMA data_version`: changes when another connection commits to the file
    /// (never for this connection's own commits), so a live state knows to catch up.
    pub fn data_version(&self) -> Result<i64, LogError> {
        Ok(self
            .conn
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |r| r.get(0))?)
    }

    /// Rebuilds the append state from a full verify if anyone else wrote since.
    fn refresh(&mut self, progress: Option<Progress<'_>>) -> Result<(), LogError> {
        let dv = self.data_version()?;
        if self.state.as_ref().is_some_and(|s| s.data_version == dv) {
            return Ok(());
        }
        if self.refresh_from_snapshot(dv)? {
            return Ok(());
        }
        tracing::debug!(path = %self.path.display(), "log changed on disk; verifying to rebuild append state");
        let v = self.verify(progress)?;
        tracing::info!(
            events = v.events.len(),
            excluded = v.excluded.len(),
            forks = v.pending_forks.len(),
            "log verified"
        );
        self.state = Some(self.state_of(&v, dv)?);
        self.save_snapshot(None)?;
        Ok(())
    }

    /// Takes the append state from a log verified elsewhere (the app verifies through a
    /// read-only connection with progress, then appends through this one), if the stored
    /// rows are still exactly the verified ones: every author's newest stored sequence
    /// number and the row count agree (rows are append-only and chains contiguous).
    /// Returns whether it did; if not, the first append verifies again.
    pub fn adopt(&mut self, v: &Verified) -> Result<bool, LogError> {
        let dv = self.data_version()?;
        let mut want: BTreeMap<Hash32, u64> = BTreeMap::new();
        let mut rows = 0u64;
        for (a, s) in v
            .events
            .iter()
            .map(|e| (e.env.author, e.env.seq))
            .chain(v.excluded.iter().map(|x| (x.author, x.seq)))
        {
            rows += 1;
            let m = want.entry(a).or_insert(s);
            *m = (*m).max(s);
        }
        // Every stored row (a fork's second side is in `fork_proof`) is a verified event,
        // standing or excluded.
        let stored_forks: i64 =
            self.conn
                .query_row("SELECT count(*) FROM fork_proof", [], |r| r.get(0))?;
        if self.count()? + stored_forks as u64 != rows {
            return Ok(false);
        }
        let mut st = self
            .conn
            .prepare("SELECT author, max(seq) FROM event GROUP BY author")?;
        let stored: BTreeMap<Hash32, u64> = st
            .query_map([], |r| Ok((r.get::<_, Vec<u8>>(0)?, r.get::<_, i64>(1)?)))?
            .filter_map(|row| {
                let (a, s) = row.ok()?;
                Some((Hash32(<[u8; 32]>::try_from(a.as_slice()).ok()?), s as u64))
            })
            .collect();
        drop(st);
        if stored != want || v.log_id != self.stored_log_id()?.unwrap_or_default() {
            return Ok(false);
        }
        self.state = Some(self.state_of(v, dv)?);
        self.save_snapshot(None)?;
        Ok(true)
    }

    /// The append state of a verified log: heads, stored sequence numbers, keys, forks.
    fn state_of(&self, v: &Verified, dv: i64) -> Result<AppendState, LogError> {
        let tolerance_ms = tolerance_of(v);
        let limit = (self.clock)().saturating_add(tolerance_ms);
        let mut heads = BTreeMap::new();
        let mut safe_heads = BTreeMap::new();
        for e in &v.events {
            if e.env.wall_ms <= limit {
                safe_heads.insert(
                    e.env.author,
                    Head {
                        seq: e.env.seq,
                        id: e.id,
                        lamport: e.env.lamport,
                        wall_ms: e.env.wall_ms,
                    },
                );
            }
            heads.insert(
                e.env.author,
                Head {
                    seq: e.env.seq,
                    id: e.id,
                    lamport: e.env.lamport,
                    wall_ms: e.env.wall_ms,
                },
            );
        }
        let mut stored_seq = BTreeMap::new();
        let mut st = self
            .conn
            .prepare("SELECT author, max(seq) FROM event GROUP BY author")?;
        let rows = st.query_map([], |r| Ok((r.get::<_, Vec<u8>>(0)?, r.get::<_, i64>(1)?)))?;
        for row in rows {
            let (a, s) = row?;
            if let Ok(a) = <[u8; 32]>::try_from(a.as_slice()) {
                stored_seq.insert(Hash32(a), s as u64);
            }
        }
        drop(st);
        let mut unstood: BTreeMap<Hash32, (u64, String)> = BTreeMap::new();
        for x in &v.excluded {
            let slot = unstood.entry(x.author).or_insert((x.seq, x.reason.clone()));
            if x.seq < slot.0 {
                *slot = (x.seq, x.reason.clone());
            }
        }
        Ok(AppendState {
            stored_heads: super::digest::HeadSet::of(v).heads,
            unstood,
            safe_heads,
            tolerance_ms,
            data_version: dv,
            log_id: v.log_id,
            keys: v.keys.clone(),
            heads,
            stored_seq,
            pending_forks: v
                .pending_forks
                .iter()
                .map(|f| (f.author, f.seq, f.ids.clone()))
                .collect(),
        })
    }

    /// With a verified-state cache: if every stored row is one the cache holds, unchanged,
    /// and none is new, the append state comes from the snapshot saved with the cache (no
    /// signature, no decode, no fold). Returns whether it did.
    fn refresh_from_snapshot(&mut self, dv: i64) -> Result<bool, LogError> {
        let (Some(cache), Some(log_id)) = (self.cache.clone(), self.stored_log_id()?) else {
            return Ok(false);
        };
        let known = cache.load(&log_id)?;
        let mut present = std::collections::HashSet::with_capacity(known.rows.len());
        let mut fresh = Vec::new();
        for_each_batch(&self.conn, |batch| {
            super::cache::compare_batch(&log_id, &known, &batch, &mut present, &mut fresh)?;
            Ok(fresh.is_empty())
        })?;
        if !fresh.is_empty() {
            return Ok(false);
        }
        super::cache::check_gone(&log_id, &known, &present)?;
        let Some(bytes) = cache.load_snapshot(&log_id, &known)? else {
            return Ok(false);
        };
        let Ok(mut state) = serde_json::from_slice::<AppendState>(&bytes) else {
            return Ok(false);
        };
        if state.log_id != log_id {
            return Ok(false);
        }
        state.data_version = dv;
        self.note_seen_heads(&state)?;
        self.state = Some(state);
        tracing::debug!("append state from the verified-state cache");
        Ok(true)
    }

    /// Saves the append state as the snapshot of the cache, after adding `fresh` rows (the
    /// events this device just appended) to it.
    fn save_snapshot(&self, fresh: Option<&[Input]>) -> Result<(), LogError> {
        let (Some(cache), Some(state)) = (&self.cache, &self.state) else {
            return Ok(());
        };
        let log_id = state.log_id;
        let add: Vec<(Hash32, [u8; 32])> = fresh
            .unwrap_or_default()
            .iter()
            .map(|i| (i.raw.id(), super::cache::row_hash(i)))
            .collect();
        let tip = cache.add_rows(&log_id, &add)?;
        let bytes = serde_json::to_vec(state).map_err(|e| LogError::Refused(e.to_string()))?;
        cache.save_snapshot_at(&log_id, tip, &bytes)?;
        Ok(())
    }

    /// Saves the append state of `v` as the snapshot of the cache as it is now (`known`), so
    /// the next append after a verify that changed the cache needs no second verify.
    fn snapshot_of(
        &self,
        cache: &super::cache::VerifiedCache,
        known: &super::cache::Known,
        v: &Verified,
    ) -> Result<(), LogError> {
        let state = self.state_of(v, self.data_version()?)?;
        let bytes = serde_json::to_vec(&state).map_err(|e| LogError::Refused(e.to_string()))?;
        cache.save_snapshot(&v.log_id, known, &bytes)?;
        Ok(())
    }

    /// Checks and moves on the device record from an append state (no verify).
    fn note_seen_heads(&self, state: &AppendState) -> Result<(), LogError> {
        let Some(store) = &self.seen else {
            return Ok(());
        };
        let now = super::digest::HeadSet {
            heads: state.stored_heads.clone(),
        };
        let ids: std::collections::HashSet<Hash32> =
            state.stored_heads.values().map(|(_, id)| *id).collect();
        let stored = &state.stored_heads;
        let have = |a: &Hash32| stored.get(a).map_or(0, |h| h.0);
        // A recorded head is held if it is this author's stored head or older than it, or
        // one side of a fork still stored (the head set names only one side).
        store.check(&state.log_id, have, |a, seq, id| {
            ids.contains(id)
                || stored.get(a).is_some_and(|h| h.0 > seq)
                || state
                    .pending_forks
                    .iter()
                    .any(|(fa, fs, fids)| fa == a && *fs == seq && fids.contains(id))
        })?;
        let holder = |a: &Hash32| state.keys.get(a).map(|k| k.holder.clone());
        store.record(&state.log_id, &now, holder, now_ms())?;
        Ok(())
    }

    /// The log id (the genesis event's id).
    pub fn log_id(&mut self) -> Result<Hash32, LogError> {
        self.refresh(None)?;
        Ok(self.state.as_ref().map(|s| s.log_id).unwrap_or_default())
    }

    /// Key state after the last stored event.
    pub fn keys(&mut self) -> Result<KeyState, LogError> {
        self.refresh(None)?;
        Ok(self
            .state
            .as_ref()
            .map(|s| s.keys.clone())
            .unwrap_or_default())
    }

    /// The signed time this device's next event would carry at clock time `now_ms`: never
    /// earlier than what it follows, and never dragged forward by an event dated ahead of
    /// the clock beyond the tolerance (such an event is not named as a dep).
    pub fn next_wall_ms(&mut self, author: &Hash32, now_ms: i64) -> Result<i64, LogError> {
        self.refresh(None)?;
        let Some(state) = self.state.as_ref() else {
            return Ok(now_ms);
        };
        let limit = now_ms.saturating_add(state.tolerance_ms);
        let mut wall = now_ms;
        let first = !state.heads.contains_key(author);
        for (a, h) in &state.heads {
            let h = if first || a == author || h.wall_ms <= limit {
                Some(*h)
            } else {
                state
                    .safe_heads
                    .get(a)
                    .copied()
                    .filter(|s| s.wall_ms <= limit)
            };
            if let Some(h) = h {
                wall = wall.max(h.wall_ms);
            }
        }
        Ok(wall)
    }

    /// Signs and durably stores one event; returns its id once it is committed.
    pub fn append(&mut self, key: &DeviceKey, payload: Payload) -> Result<Hash32, LogError> {
        Ok(self.append_batch(key, vec![payload])?[0])
    }

    /// Signs and stores several events of this device in one transaction (all or none).
    pub fn append_batch(
        &mut self,
        key: &DeviceKey,
        payloads: Vec<Payload>,
    ) -> Result<Vec<Hash32>, LogError> {
        self.conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
        match self.append_locked(key, payloads) {
            Ok(ids) => Ok(ids),
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                self.state = None;
                Err(e)
            }
        }
    }

    /// The body of [`Log::append_batch`], run while holding the write lock.
    fn append_locked(
        &mut self,
        key: &DeviceKey,
        payloads: Vec<Payload>,
    ) -> Result<Vec<Hash32>, LogError> {
        // Inside the write lock: if another process appended, rebuild what we know.
        let dv = self.data_version()?;
        if self.state.as_ref().is_none_or(|s| s.data_version != dv) {
            self.state = None;
            self.refresh(None)?;
        }
        let state = self
            .state
            .as_mut()
            .ok_or_else(|| LogError::Refused("no state".into()))?;
        let me = key.public();
        let mut ids = Vec::with_capacity(payloads.len());
        let mut rows = Vec::with_capacity(payloads.len());
        let mut staged = StagedState::new(state, me);
        for p in payloads {
            let seq = staged.next_seq;
            check_append(state, &staged, &me, seq, &p)?;
            let bytes = p.encode()?;
            let now = (self.clock)();
            let limit = now.saturating_add(state.tolerance_ms);
            // Another author's event dated ahead of this clock (beyond the tolerance) is
            // not named: it must not drag this event's signed time forward. Its author's
            // newest event dated in time is named instead.
            let preds: Vec<Head> = state
                .heads
                .iter()
                .filter(|(a, _)| **a != me)
                .filter_map(|(a, h)| {
                    // A key's first event names every head: its enrolment must be in its
                    // causal past whatever this clock says.
                    if h.wall_ms <= limit || staged.prev.is_none() {
                        Some(*h)
                    } else {
                        state
                            .safe_heads
                            .get(a)
                            .copied()
                            .filter(|s| s.wall_ms <= limit)
                    }
                })
                .collect();
            if let Some(own) = staged.prev.filter(|h| h.wall_ms > limit) {
                return Err(LogError::Refused(format!(
                    "this device's last event is dated {}, {} min ahead of this device's clock (tolerance {} min); nothing was signed: check the clock",
                    rfc3339(own.wall_ms),
                    (own.wall_ms - now) / 60_000,
                    state.tolerance_ms / 60_000
                )));
            }
            let mut deps: Vec<Hash32> = preds.iter().map(|h| h.id).collect();
            deps.sort();
            let (mut lamport, mut wall) = (0u64, i64::MIN);
            for h in preds.iter().copied().chain(staged.prev) {
                lamport = lamport.max(h.lamport);
                wall = wall.max(h.wall_ms);
            }
            // Signed time never runs backwards against what the event follows.
            let wall_ms = now.max(wall);
            let env = Envelope {
                log_id: Some(state.log_id),
                author: me,
                seq,
                prev: staged.prev.map(|h| h.id),
                deps,
                lamport: lamport + 1,
                wall_ms,
                kind: p.kind().into(),
                v: p.current_version(),
                payload_hash: Hash32::default(),
                payload_len: 0,
            };
            let raw = sign_event(key, env.clone(), bytes);
            let id = raw.id();
            staged.apply(
                state,
                &p,
                Head {
                    seq,
                    id,
                    lamport: env.lamport,
                    wall_ms,
                },
            );
            ids.push(id);
            rows.push((env, raw));
        }
        for (env, raw) in &rows {
            insert_env(&self.conn, "event", env, raw)?;
        }
        self.conn.prepare_cached("COMMIT")?.execute([])?;
        tracing::debug!(events = ids.len(), "appended");
        // Our own commit does not change data_version for this connection.
        let state = self
            .state
            .as_mut()
            .ok_or_else(|| LogError::Refused("no state".into()))?;
        let rules_keys = staged.rules_keys;
        staged.commit(state);
        for (env, raw) in &rows {
            state.stored_heads.insert(env.author, (env.seq, raw.id()));
        }
        if rules_keys {
            // A revocation or fork ruling can change which stored events stand: rebuild.
            self.state = None;
        } else if self.cache.is_some() {
            let fresh: Vec<Input> = rows
                .into_iter()
                .map(|(env, raw)| Input {
                    declared: Some(Declared {
                        id: raw.id().0.to_vec(),
                        author: env.author.0.to_vec(),
                        seq: env.seq as i64,
                    }),
                    raw,
                })
                .collect();
            self.save_snapshot(Some(&fresh))?;
            if let Some(state) = &self.state {
                self.note_seen_heads(state)?;
            }
        }
        Ok(ids)
    }

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
        incoming: Vec<RawEvent>,
        key: &DeviceKey,
    ) -> Result<MergeReport, LogError> {
        let mut r = self.merge_report(incoming)?;
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
        Ok(r)
    }

    /// [`Log::merge`] with what was received, and the events dated ahead of this clock.
    pub fn merge_report(&mut self, incoming: Vec<RawEvent>) -> Result<MergeReport, LogError> {
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        let mut inputs = {
            let mut all = Vec::new();
            for table in ["event", "fork_proof"] {
                let mut st = tx.prepare(&format!(
                    "SELECT id, author, seq, body, sig, payload FROM {table} ORDER BY author, seq, id"
                ))?;
                let rows = st.query_map([], stored_row)?;
                for row in rows {
                    all.push(row?);
                }
            }
            all
        };
        let known: std::collections::HashSet<Hash32> = inputs.iter().map(|i| i.raw.id()).collect();
        let fresh: Vec<RawEvent> = {
            let mut seen = std::collections::HashSet::new();
            incoming
                .into_iter()
                .filter(|r| !known.contains(&r.id()) && seen.insert(r.id()))
                .collect()
        };
        inputs.extend(fresh.iter().cloned().map(|raw| Input {
            raw,
            declared: None,
        }));
        // With the verified-state cache, only rows this device has not verified before (the
        // incoming ones among them) have their signatures checked; a cached row that changed
        // is refused as in `verify`.
        // A cached row missing from this file is no error here: merging is how a copy
        // that lacks events (another file of the same log, or one rolled back) gets them
        // back; that merge checks every signature and leaves the cache alone.
        let cached = match (&self.cache, self.stored_log_id()?) {
            (Some(cache), Some(log_id)) => {
                let known = cache.load(&log_id)?;
                match cache.compare(&log_id, &known, &inputs) {
                    Ok(cmp) => Some((cache.clone(), log_id, known, cmp)),
                    Err(super::cache::CacheMismatch::Gone { .. }) => None,
                    Err(e) => return Err(e.into()),
                }
            }
            _ => None,
        };
        let verified = match &cached {
            Some((_, _, _, cmp)) => {
                super::verify::verify_trusting(inputs, None, Some(&cmp.trusted))?
            }
            None => verify(inputs, None)?,
        };
        let limit = (self.clock)().saturating_add(tolerance_of(&verified));
        let mut verified_rows: Vec<(Hash32, [u8; 32])> = Vec::new();
        let (mut added, mut forks) = (0, 0);
        let mut ranges: BTreeMap<Hash32, (u64, u64)> = BTreeMap::new();
        let mut future = Vec::new();
        // Insert in causal order so a reader never sees a dangling reference.
        let mut fresh = fresh;
        fresh.sort_by_key(|r| {
            Envelope::decode(&r.body)
                .map(|e| (e.lamport, e.author, e.seq))
                .unwrap_or_default()
        });
        for raw in &fresh {
            let env = Envelope::decode(&raw.body).map_err(|e| LogError::Refused(e.to_string()))?;
            let taken: bool = tx.query_row(
                "SELECT count(*) FROM event WHERE author = ?1 AND seq = ?2",
                params![env.author.0.as_slice(), env.seq as i64],
                |r| r.get::<_, i64>(0),
            )? > 0;
            if taken {
                insert(&tx, "fork_proof", raw)?;
                forks += 1;
            } else {
                insert(&tx, "event", raw)?;
                added += 1;
                if cached.is_some() {
                    let row = Input {
                        declared: Some(Declared {
                            id: raw.id().0.to_vec(),
                            author: env.author.0.to_vec(),
                            seq: env.seq as i64,
                        }),
                        raw: raw.clone(),
                    };
                    verified_rows.push((raw.id(), super::cache::row_hash(&row)));
                }
                let r = ranges.entry(env.author).or_insert((env.seq, env.seq));
                r.0 = r.0.min(env.seq);
                r.1 = r.1.max(env.seq);
                if env.wall_ms > limit {
                    future.push(FutureArrival {
                        id: raw.id(),
                        author: env.author,
                        seq: env.seq,
                        kind: env.kind.to_string(),
                        wall_ms: env.wall_ms,
                    });
                }
            }
        }
        tx.commit()?;
        self.state = None;
        if let Some((cache, log_id, mut known, cmp)) = cached {
            if verified.log_id == log_id {
                verified_rows.extend(cmp.fresh);
                cache.add(&log_id, &mut known, &verified_rows)?;
            }
        }
        // The union just verified is exactly what is stored now: the next append starts from
        // it (and so does the next open, from the snapshot), with no second verify. The
        // device record moves on with it.
        let dv = self.data_version()?;
        self.note_seen(&verified)?;
        let state = self.state_of(&verified, dv)?;
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
            received: ranges
                .into_iter()
                .map(|(author, (from_seq, to_seq))| crate::events::Received {
                    author,
                    from_seq,
                    to_seq,
                })
                .collect(),
            future,
            receipt: None,
        })
    }
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

/// The effect of events staged in the current transaction, applied to the cache on commit.
struct StagedState {
    me: Hash32,
    next_seq: u64,
    prev: Option<Head>,
    /// Only cloned once a staged key event changes it.
    keys: Option<KeyState>,
    resolved: Vec<(Hash32, u64)>,
    /// A staged revocation or fork ruling: the append state is rebuilt after commit.
    rules_keys: bool,
}

impl StagedState {
    fn new(state: &AppendState, me: Hash32) -> Self {
        StagedState {
            me,
            next_seq: state.stored_seq.get(&me).copied().unwrap_or(0) + 1,
            prev: state.heads.get(&me).copied(),
            keys: None,
            resolved: vec![],
            rules_keys: false,
        }
    }

    /// The key state as of the staged events (the committed one until a key event).
    fn keys<'a>(&'a self, state: &'a AppendState) -> &'a KeyState {
        self.keys.as_ref().unwrap_or(&state.keys)
    }

    fn apply(&mut self, state: &AppendState, p: &Payload, head: Head) {
        self.next_seq = head.seq + 1;
        self.prev = Some(head);
        self.rules_keys |= matches!(p, Payload::KeyRevoked(_) | Payload::ForkResolved(_));
        // Key events were checked by check_append; fold them for the next staged event.
        if matches!(p, Payload::KeyEnrolled(_) | Payload::KeyRevoked(_)) && self.keys.is_none() {
            self.keys = Some(state.keys.clone());
        }
        let keys = self.keys.as_mut();
        match (p, keys) {
            (Payload::KeyEnrolled(k), Some(keys)) => {
                keys.keys.insert(
                    k.key,
                    crate::keys::KeyInfo {
                        key: k.key,
                        role: k.role,
                        holder: k.holder.clone(),
                        enrolled_by: head.id,
                        revoked: None,
                    },
                );
            }
            (Payload::KeyRevoked(r), Some(keys)) => {
                if let Some(info) = keys.keys.get_mut(&r.key) {
                    info.revoked = Some(crate::keys::Revocation {
                        event: head.id,
                        last_valid_seq: r.last_valid_seq,
                        reason: r.reason.clone(),
                    });
                }
            }
            (Payload::ForkResolved(f), _) => self.resolved.push((f.key, f.seq)),
            _ => {}
        }
    }

    fn commit(self, state: &mut AppendState) {
        if let Some(h) = self.prev {
            state.heads.insert(self.me, h);
            state.stored_seq.insert(self.me, h.seq);
        }
        if let Some(k) = self.keys {
            state.keys = k;
        }
        state
            .pending_forks
            .retain(|(a, s, _)| !self.resolved.contains(&(*a, *s)));
    }
}

/// Refuses an append the log would not accept: unenrolled or revoked signer, a role the
/// catalogue does not allow, a key blocked by a fork, an impossible key event.
fn check_append(
    state: &AppendState,
    staged: &StagedState,
    me: &Hash32,
    seq: u64,
    p: &Payload,
) -> Result<(), LogError> {
    let refuse = |m: String| Err(LogError::Refused(m));
    let role = staged
        .keys(state)
        .may_sign(me, seq)
        .map_err(|m| LogError::Refused(format!("this device's key cannot sign: {m}")))?;
    if staged
        .keys(state)
        .get(me)
        .is_some_and(|k| k.revoked.is_some())
    {
        return refuse("this device's key has been revoked".into());
    }
    if let Some((_, s, _)) = state.pending_forks.iter().find(|(a, _, _)| a == me) {
        if !matches!(p, Payload::ForkResolved(_)) {
            return refuse(format!(
                "this device's key is blocked: it signed two different events at seq {s} (fork); the chief TD must rule first"
            ));
        }
    }
    // The chain this key would continue does not stand (a fork ruled against this device,
    // or events excluded): a new event could only follow a void one and would not verify.
    if let Some((from, why)) = state.unstood.get(me) {
        if staged.prev.is_none_or(|h| h.seq < seq - 1) {
            return refuse(format!(
                "this device's events from seq {from} on do not stand ({why}); nothing was signed. This key cannot sign in this log any more: make a new device key (tdlog key new) and ask the chief TD to enrol it"
            ));
        }
    }
    let sp = spec(p.kind(), p.current_version())
        .ok_or_else(|| LogError::Refused(format!("unknown type {}", p.kind())))?;
    if !sp.roles.contains(&role) {
        return refuse(format!(
            "role {role} may not sign `{}` (allowed: {})",
            p.kind(),
            sp.roles
                .iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    match p {
        Payload::Genesis(_) => refuse("a log has exactly one genesis event".into()),
        Payload::KeyEnrolled(k) => match staged.keys(state).get(&k.key) {
            Some(old) => refuse(format!(
                "key {} is already enrolled as {}{}",
                k.key.short(),
                old.role,
                if old.revoked.is_some() {
                    " (revoked; make a new device key)"
                } else {
                    ""
                }
            )),
            None => Ok(()),
        },
        Payload::KeyRevoked(r) if r.key == *me && r.last_valid_seq < seq => refuse(format!(
            "a key cannot revoke itself before this event (last valid seq {} < {seq}): the revocation would void itself",
            r.last_valid_seq
        )),
        Payload::KeyRevoked(r) => match staged.keys(state).get(&r.key) {
            None => refuse(format!("key {} is not enrolled", r.key.short())),
            Some(k) if k.revoked.is_some() => {
                refuse(format!("key {} is already revoked", r.key.short()))
            }
            Some(_) => Ok(()),
        },
        Payload::ForkResolved(f) => {
            match state
                .pending_forks
                .iter()
                .find(|(a, s, _)| *a == f.key && *s == f.seq)
            {
                None => refuse(format!(
                    "no pending fork of key {} at seq {}",
                    f.key.short(),
                    f.seq
                )),
                Some((_, _, ids)) if !ids.contains(&f.kept) => refuse(format!(
                    "event {} is not one side of the fork",
                    f.kept.short()
                )),
                Some(_) => Ok(()),
            }
        }
        // Domain events: the log only checks who may sign them; their meaning is judged by
        // the projections that fold them ("record first, judge later").
        _ => Ok(()),
    }
}

fn rfc3339(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_else(|| ms.to_string())
}

/// The clock tolerance the log's latest standing `config.appeals` sets.
fn tolerance_of(v: &Verified) -> i64 {
    v.events
        .iter()
        .rev()
        .find_map(|e| match &e.payload {
            Payload::AppealSettings(s) => Some(s.clock_tolerance_ms()),
            _ => None,
        })
        .unwrap_or(super::time::DEFAULT_TOLERANCE_MS)
}

/// A stored row (`SELECT id, author, seq, body, sig, payload`) as the input to verification.
fn stored_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Input> {
    Ok(Input {
        declared: Some(Declared {
            id: r.get(0)?,
            author: r.get(1)?,
            seq: r.get(2)?,
        }),
        raw: RawEvent {
            body: r.get(3)?,
            sig: r.get(4)?,
            payload: r.get(5)?,
        },
    })
}

fn insert(conn: &Connection, table: &str, raw: &RawEvent) -> Result<(), LogError> {
    let env = Envelope::decode(&raw.body).map_err(|e| LogError::Refused(e.to_string()))?;
    insert_env(conn, table, &env, raw)
}

/// Inserts a row whose envelope the caller has already decoded (or built).
fn insert_env(
    conn: &Connection,
    table: &str,
    env: &Envelope,
    raw: &RawEvent,
) -> Result<(), LogError> {
    let sql = if table == "event" {
        "INSERT INTO event (author, seq, id, body, sig, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
    } else {
        "INSERT INTO fork_proof (author, seq, id, body, sig, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
    };
    conn.prepare_cached(sql)?.execute(params![
        env.author.0.as_slice(),
        env.seq as i64,
        raw.id().0.as_slice(),
        raw.body,
        raw.sig,
        raw.payload
    ])?;
    Ok(())
}
