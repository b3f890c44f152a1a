//! The SQLite store: one file per tournament, WAL, `synchronous=FULL`, STRICT tables,
//! append-only triggers. This is the IO edge of the log; everything it reads is verified by
//! [`super::verify`] before anything is folded from it.

use super::envelope::Envelope;
use super::event::{sign_event, RawEvent};
use super::fault::VerifyError;
use super::hash::Hash32;
use super::verify::{Declared, Input, Progress, Verified};
use crate::events::{spec, Genesis, Payload, PayloadError};
use crate::keys::{DeviceKey, KeyState};
use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

mod append;
mod extend;
mod genesis;
mod heads;
mod merge;
mod merge_stream;
mod read_only;
mod rows;
mod state;
pub use merge::{FutureArrival, Identified, MergeReport};
pub use merge_stream::StreamError;
use rows::for_each_batch;
pub mod schema_check;
pub use read_only::ReadOnlyLog;

/// `PRAGMA application_id` of a tdlog log: "TDLG".
pub const APPLICATION_ID: i64 = 0x5444_4C47;
/// `PRAGMA user_version` this tdlog writes. It also reads and writes files of version 1,
/// each checked against its own catalogue (`schema_check`).
pub const SCHEMA_VERSION: i64 = 2;
const SCHEMA_SQL: &str = include_str!("../../schema/log.sql");

#[derive(Debug, Error)]
pub enum LogError {
    #[error("{0} does not exist")]
    Missing(PathBuf),
    #[error("{0} already exists; a new tournament needs a new file")]
    Exists(PathBuf),
    #[error("{path} is not a tdlog log ({why})")]
    NotALog { path: PathBuf, why: String },
    #[error("{path} has schema version {found}; this tdlog reads versions 1 and 2")]
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
    /// A row is not the event its source filed it as (its id, author, sequence number or
    /// payload differ from its bytes'): nothing was stored.
    #[error("refused: the row filed as author {}'s event {seq} is not that event (its bytes were changed); nothing was stored", author.short())]
    NotAsFiled { author: Hash32, seq: u64 },
    /// An event of the other game (`Game::of_kind`): nothing was signed.
    #[error("refused: `{kind}` is a {event_game} event and this is a {log_game} tournament (its genesis says so); nothing was signed")]
    WrongGame {
        kind: String,
        event_game: &'static str,
        log_game: &'static str,
    },
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

impl Head {
    fn of(e: &super::event::CheckedEvent) -> Head {
        Head {
            seq: e.env.seq,
            id: e.id,
            lamport: e.env.lamport,
            wall_ms: e.env.wall_ms,
        }
    }
}

impl AppendState {
    /// The head of `author` an event signed now names: its newest standing event, unless
    /// that is dated beyond `limit` (the clock plus the tolerance) and `always` is false;
    /// then the newest one dated within it, if any.
    fn nameable_head(
        &self,
        author: &Hash32,
        head: &Head,
        limit: i64,
        always: bool,
    ) -> Option<Head> {
        if always || head.wall_ms <= limit {
            Some(*head)
        } else {
            self.safe_heads
                .get(author)
                .copied()
                .filter(|s| s.wall_ms <= limit)
        }
    }
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
    /// The receipt the last append signed first (see [`Log::take_arrival_receipt`]).
    arrival_receipt: Option<Hash32>,
    /// Whether a merge that only extends the log is checked on its own rows
    /// (`store::extend`); off only to compare it with the full merge in tests.
    extend_merges: bool,
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
            arrival_receipt: None,
            extend_merges: true,
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
        if !schema_check::reads(ver) {
            return Err(LogError::SchemaVersion {
                path: path.to_owned(),
                found: ver,
            });
        }
        read_only::check_schema(&conn, path, ver)?;
        configure(&conn)?;
        Ok(Log {
            conn,
            path: path.to_owned(),
            state: None,
            clock: Box::new(now_ms),
            seen: None,
            cache: None,
            arrival_receipt: None,
            extend_merges: true,
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
            let has = |_: &Hash32, _: u64, id: &Hash32| self.holds(id).unwrap_or(false);
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

    /// Keeps the device's record of what it has seen up to date from now on, without
    /// checking the log against it first: `merge` and `sync` (merging is how a log that lost
    /// events gets them back; the record is checked once the merged events are in).
    pub fn keep_seen(&mut self, store: super::seen::SeenStore) {
        self.seen = Some(store);
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
    /// still contains the previous record). `arrivals`: which events beyond the record
    /// appeared in the file on their own (they wait for this device's receipt).
    fn note_seen(&self, v: &Verified, arrivals: super::seen::Arrivals<'_>) -> Result<(), LogError> {
        let Some(store) = &self.seen else {
            return Ok(());
        };
        let now = &v.heads;
        // The recorded heads are few: each is looked for among the events by its author's
        // head first, then in the file (one index lookup), and the set of every id (a
        // million inserts) is built only if neither has it. One not among the events may
        // have been appended by another process of this device after this one read the
        // log: it counts if the file holds it now (a new read sees it; a read-only log read
        // without locks reads again with locks when the file changed).
        let ids: std::cell::OnceCell<std::collections::HashSet<Hash32>> = Default::default();
        let have = |a: &Hash32| now.heads.get(a).map_or(0, |h| h.0);
        let has = |author: &Hash32, _: u64, id: &Hash32| {
            now.heads.get(author).is_some_and(|h| h.1 == *id)
                || self.holds(id).unwrap_or(false)
                || ids
                    .get_or_init(|| {
                        v.events
                            .iter()
                            .map(|e| e.id)
                            .chain(v.excluded.iter().map(|x| x.id))
                            .collect()
                    })
                    .contains(id)
        };
        let holder = |a: &Hash32| v.keys.get(a).map(|k| k.holder.clone());
        store.observe(
            &v.log_id,
            super::seen::Observed {
                heads: now,
                has: &has,
                have_seq: &have,
                holder: &holder,
                arrivals,
                receipted: &[],
                now_ms: now_ms(),
            },
        )?;
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
    insert_env(conn, table, &env, &raw.id(), raw)
}

/// Inserts a row whose envelope and id the caller has already decoded (or built) and hashed.
fn insert_env(
    conn: &Connection,
    table: &str,
    env: &Envelope,
    id: &Hash32,
    raw: &RawEvent,
) -> Result<(), LogError> {
    insert_at(conn, table, (env.author, env.seq), id, raw)
}

/// Inserts a row at its place (author, seq) under its id.
fn insert_at(
    conn: &Connection,
    table: &str,
    place: (Hash32, u64),
    id: &Hash32,
    raw: &RawEvent,
) -> Result<(), LogError> {
    let sql = if table == "event" {
        INSERT_EVENT
    } else {
        "INSERT INTO fork_proof (author, seq, id, body, sig, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
    };
    let mut st = conn.prepare_cached(sql)?;
    insert_row(&mut st, place, id, raw)
}

/// Whether an event holds a place (author, seq): a second row there is a fork proof.
const PLACE_TAKEN: &str = "SELECT EXISTS (SELECT 1 FROM event WHERE author = ?1 AND seq = ?2)";

/// Stores one row as an event.
const INSERT_EVENT: &str =
    "INSERT INTO event (author, seq, id, body, sig, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";

/// Runs an insert of one row (`INSERT_EVENT` or its `fork_proof` twin) prepared once: a
/// merge that writes a million rows holds the statement, not a cache lookup per row.
fn insert_row(
    st: &mut rusqlite::Statement<'_>,
    (author, seq): (Hash32, u64),
    id: &Hash32,
    raw: &RawEvent,
) -> Result<(), LogError> {
    st.execute(params![
        author.0.as_slice(),
        seq as i64,
        id.0.as_slice(),
        raw.body,
        raw.sig,
        raw.payload
    ])?;
    Ok(())
}
