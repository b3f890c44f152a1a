//! A new log file started from a genesis signed elsewhere: how a device joins a log it does
//! not hold yet (`tdlog sync --join`, issue 17). Exactly the genesis bytes are stored, after
//! their signature and shape are checked; everything after it arrives by merge, which
//! verifies the union before writing.

use super::{configure, insert, Log, SCHEMA_SQL};
use crate::log::{LogError, RawEvent};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

impl Log {
    /// Creates `path` holding only `genesis` (a `tournament.genesis`, sequence 1, signed by
    /// its author). Refused if the file exists or the bytes are no such event.
    pub fn create_from_genesis(path: &Path, genesis: &RawEvent) -> Result<Log, LogError> {
        if path.exists() {
            return Err(LogError::Exists(path.to_owned()));
        }
        let e = genesis
            .clone()
            .check()
            .map_err(|e| LogError::Refused(format!("the genesis does not verify: {e}")))?;
        if e.env.kind != "tournament.genesis" || e.env.seq != 1 || e.env.log_id.is_some() {
            return Err(LogError::Refused(format!(
                "event {} is no genesis (a {} at seq {})",
                e.id.short(),
                e.env.kind,
                e.env.seq
            )));
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        configure(&conn)?;
        conn.execute_batch(&format!("BEGIN IMMEDIATE; {SCHEMA_SQL}"))?;
        insert(&conn, "event", genesis)?;
        conn.execute_batch("COMMIT")?;
        drop(conn);
        Log::open(path)
    }

    /// For a file no other process has open yet (a join, right after
    /// [`Log::create_from_genesis`]): the merges that fill it are written once, into the
    /// file, with a rollback journal, where the WAL would take every page twice (into the
    /// WAL, then into the file by the checkpoint: 1.3 GB of writes for a million events).
    /// Still atomic and durable per transaction. Returns whether the file switched (not if
    /// another connection has it open: it stays in WAL). [`Log::end_fill`] switches back.
    pub fn begin_fill(&mut self) -> Result<bool, LogError> {
        let mode: String =
            self.conn
                .pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get(0))?;
        Ok(mode.eq_ignore_ascii_case("delete"))
    }

    /// Back to WAL, as every open configures a log (readers beside the writer).
    pub fn end_fill(&mut self) -> Result<(), LogError> {
        let mode: String = self
            .conn
            .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
        if mode.eq_ignore_ascii_case("wal") {
            Ok(())
        } else {
            Err(LogError::Refused(format!(
                "the joined file stayed in journal mode {mode}, not WAL"
            )))
        }
    }
}
