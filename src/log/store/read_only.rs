//! Read-only opens: what `verify`, `log`, `export`, the reports and the app's screens use.
//!
//! Reading a log must not change it or leave anything next to it: a log handed over on a
//! read-only medium, a fixture, or evidence kept for an appeal. A read-write open switches
//! the journal mode and leaves `-wal`/`-shm` files, and a plain `SQLITE_OPEN_READONLY`
//! connection to a WAL-mode file still creates (and cannot remove) them. So:
//!
//! - **No `-wal` next to the file**: everything committed is in the file itself (SQLite
//!   removes the write-ahead log only after copying it back). It is read with
//!   `immutable=1`: no locks, no journal, nothing created; this also works in a read-only
//!   directory. Because such a connection does not see other writers, the file's size,
//!   modification time and inode are noted at open and compared after every read: if a
//!   writer touched the file meanwhile, the read is done again through SQLite's locking.
//! - **A `-wal` next to the file** (a writer is active, or one crashed): committed events
//!   may be in it, so the file is read through SQLite's locking (`SQLITE_OPEN_READONLY`),
//!   which uses the files that are already there. Likewise for a `-journal`.
//! - **A `-wal` and no `-shm`** (no writer has the file open: an evidence copy, or a writer
//!   that crashed): a read-only connection would create the `-shm` and leave it behind. The
//!   file is opened with an exclusive lock instead, which keeps the WAL index in memory, with
//!   no checkpoint on close (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`) and `query_only`: the WAL is
//!   read, and the file, the WAL and the directory stay as they were. Where the file cannot
//!   be opened for writing (a read-only medium) it is read read-only as above.
//!
//! Either way the connection is `query_only`, and the file is checked exactly as
//! `Log::open` checks it (regular file, application id, schema version, the whole schema).

use super::{now_ms, Log, LogError, APPLICATION_ID};
use crate::log::verify::{Input, Progress, Verified};
use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::{Path, PathBuf};

/// A log opened for reading only. It has no way to append: every read path takes `&self`.
pub struct ReadOnlyLog {
    log: Log,
    /// Set when read without locks (`immutable=1`): the file as it was at open.
    stamp: Option<Stamp>,
}

/// What changes when anyone writes the file.
#[derive(Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    inode: (u64, u64),
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        let m = std::fs::metadata(path).ok()?;
        Some(Stamp {
            len: m.len(),
            modified: m.modified().ok(),
            #[cfg(unix)]
            inode: {
                use std::os::unix::fs::MetadataExt;
                (m.dev(), m.ino())
            },
        })
    }
}

/// `path` with `suffix` appended to its file name (`t.tdlog` → `t.tdlog-wal`).
fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// An SQLite URI for `path` that opens it immutable and read-only.
fn immutable_uri(path: &Path) -> String {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = {
        let s = path.to_string_lossy().replace('\\', "/");
        if s.as_bytes().get(1) == Some(&b':') {
            format!("/{s}").into_bytes()
        } else {
            s.into_bytes()
        }
    };
    let mut uri = String::from("file:");
    for b in bytes {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?mode=ro&immutable=1");
    uri
}

/// Refuses a file whose SQLite catalogue is not exactly tdlog's.
pub(super) fn check_schema(conn: &Connection, path: &Path, version: i64) -> Result<(), LogError> {
    let diffs = super::schema_check::differences(conn, version)?;
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(LogError::SchemaTampered {
            path: path.to_owned(),
            detail: diffs.join("; "),
        })
    }
}

/// How a read-only log reads the file (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `immutable=1`: no locks, nothing created.
    Immutable,
    /// Through SQLite's locking, with the files that are there.
    Locking,
    /// An exclusive lock with the WAL index in memory: a `-wal` without a `-shm`.
    Exclusive,
}

/// A read-only, query-only connection to a checked tdlog log.
fn connect(path: &Path, mode: Mode) -> Result<Log, LogError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = match mode {
        Mode::Immutable => {
            Connection::open_with_flags(immutable_uri(path), flags | OpenFlags::SQLITE_OPEN_URI)?
        }
        Mode::Locking => Connection::open_with_flags(path, flags)?,
        Mode::Exclusive => {
            let c = Connection::open_with_flags(
                path,
                OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )?;
            c.set_db_config(
                rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
                true,
            )?;
            // Before the first read: the WAL index is then kept in memory, never in a -shm.
            c.query_row("PRAGMA locking_mode = EXCLUSIVE", [], |r| {
                r.get::<_, String>(0)
            })?;
            c.pragma_update(None, "query_only", true)?;
            c
        }
    };
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "trusted_schema", "OFF")?;
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)?;
    let not_a_log = |why: String| LogError::NotALog {
        path: path.to_owned(),
        why,
    };
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
    if !super::schema_check::reads(ver) {
        return Err(LogError::SchemaVersion {
            path: path.to_owned(),
            found: ver,
        });
    }
    check_schema(&conn, path, ver)?;
    conn.pragma_update(None, "query_only", true)?;
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

impl Log {
    /// Opens an existing log for reading only: nothing is written, the journal mode is left
    /// as it is, and no `-wal`/`-shm` file is left behind (see the module documentation).
    /// The file is checked as [`Log::open`] checks it.
    pub fn open_read_only(path: &Path) -> Result<ReadOnlyLog, LogError> {
        if !path.exists() {
            return Err(LogError::Missing(path.to_owned()));
        }
        crate::io_safe::require_regular_file(path)?;
        // A rollback journal left by a crash (a log is WAL, but a copy may not be) must be
        // seen by SQLite too: an unlocked read would ignore it.
        let (wal, shm) = (
            sidecar(path, "-wal").exists(),
            sidecar(path, "-shm").exists(),
        );
        if wal && !shm && !sidecar(path, "-journal").exists() {
            // No writer has it open: read the WAL without leaving a -shm (or, on a medium
            // that cannot be written, read-only as usual).
            let log = match connect(path, Mode::Exclusive) {
                Err(LogError::Sql(_) | LogError::Busy) => connect(path, Mode::Locking)?,
                other => other?,
            };
            return Ok(ReadOnlyLog { log, stamp: None });
        }
        if wal || sidecar(path, "-journal").exists() {
            return Ok(ReadOnlyLog {
                log: connect(path, Mode::Locking)?,
                stamp: None,
            });
        }
        let stamp = Stamp::of(path);
        Ok(ReadOnlyLog {
            log: connect(path, Mode::Immutable)?,
            stamp,
        })
    }
}

impl ReadOnlyLog {
    pub fn path(&self) -> &Path {
        &self.log.path
    }

    /// True if the file was read without locks and someone wrote to it since it was opened.
    fn changed(&self) -> bool {
        self.stamp
            .as_ref()
            .is_some_and(|s| Stamp::of(&self.log.path).as_ref() != Some(s))
            || (self.stamp.is_some() && sidecar(&self.log.path, "-wal").exists())
    }

    /// The same log through SQLite's locking, with the same device record and cache: used
    /// when a writer touched the file during a read without locks.
    fn relocked(&self) -> Result<Log, LogError> {
        tracing::debug!(path = %self.log.path.display(), "log written while read without locks; reading again with locking");
        let mut log = connect(&self.log.path, Mode::Locking)?;
        log.seen = self.log.seen.clone();
        log.cache = self.log.cache.clone();
        Ok(log)
    }

    /// Every stored row (events, then fork proofs), exactly as stored; a consistent
    /// snapshot even if another program appends meanwhile.
    pub fn read_inputs(&self) -> Result<Vec<Input>, LogError> {
        let first = self.log.read_inputs();
        if self.changed() {
            return self.relocked()?.read_inputs();
        }
        first
    }

    /// Number of stored events (fork proofs not counted).
    pub fn count(&self) -> Result<u64, LogError> {
        let first = self.log.count();
        if self.changed() {
            return self.relocked()?.count();
        }
        first
    }

    /// Checks the log against this device's record of what it has seen, as
    /// [`Log::attach_seen`] does; the record (kept outside the log file) follows every verify.
    pub fn attach_seen(&mut self, store: crate::log::seen::SeenStore) -> Result<(), LogError> {
        self.log.attach_seen(store)
    }

    /// Uses this device's verified-state cache (kept outside the log file), as
    /// [`Log::attach_cache`] does.
    pub fn attach_cache(&mut self, cache: crate::log::cache::VerifiedCache) {
        self.log.attach_cache(cache);
    }

    /// Verification as [`Log::verify`] (cache, device record), on a consistent snapshot.
    pub fn verify(&self, progress: Option<Progress<'_>>) -> Result<Verified, LogError> {
        let first = self.log.verify(progress);
        if self.changed() {
            return self.relocked()?.verify(progress);
        }
        first
    }

    /// Every signature, as [`Log::verify_all`] (`tdlog verify`), on a consistent snapshot.
    pub fn verify_all(&self, progress: Option<Progress<'_>>) -> Result<Verified, LogError> {
        let first = self.log.verify_all(progress);
        if self.changed() {
            return self.relocked()?.verify_all(progress);
        }
        first
    }
}

impl LogError {
    /// The reason code `tdlog verify` gives for this failure (`docs/cli.md`), if it has one.
    pub fn reason_code(&self) -> Option<&'static str> {
        match self {
            LogError::Verify(v) => Some(v.fault.code()),
            LogError::SchemaTampered { .. } => Some("schema_tampered"),
            LogError::File(crate::io_safe::FileError::NotAFile { .. }) => Some("not_a_file"),
            LogError::Seen(crate::log::seen::SeenError::RolledBack { .. }) => Some("rolled_back"),
            // A row this device verified is gone from the file: deleted, as a rollback.
            LogError::Cache(crate::log::cache::CacheMismatch::Gone { .. }) => Some("rolled_back"),
            LogError::Cache(crate::log::cache::CacheMismatch::Changed { .. }) => {
                Some("cache_mismatch")
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_immutable_uri_escapes_what_sqlite_would_read_as_syntax() {
        assert_eq!(
            immutable_uri(Path::new("/tmp/a b/t?1#%.tdlog")),
            "file:/tmp/a%20b/t%3F1%23%25.tdlog?mode=ro&immutable=1"
        );
    }
}
