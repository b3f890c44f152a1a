//! What a sync needs of the stored log without reading it all (issue 17): each author's
//! newest event, the rows of one chain above a sequence number, the fork rows, whether an
//! event is held. Each is a few lookups in the `(author, seq)` key (or the `id` index), so a
//! sync costs what moved, not the log's length.

use super::Log;
use crate::log::{Envelope, Hash32, LogError, RawEvent};
use rusqlite::OptionalExtension;

fn h32(v: Vec<u8>) -> Result<Hash32, LogError> {
    v.try_into()
        .map(Hash32)
        .map_err(|_| LogError::Refused("a stored key column is not 32 bytes".into()))
}

fn raw(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawEvent> {
    Ok(RawEvent {
        body: r.get(0)?,
        sig: r.get(1)?,
        payload: r.get(2)?,
    })
}

impl Log {
    /// Every author's newest stored event `(author, seq, id)`, by author: found by skipping
    /// from one author to the next through the primary key (two lookups per author).
    pub fn chain_heads(&self) -> Result<Vec<(Hash32, u64, Hash32)>, LogError> {
        let mut head = self.conn.prepare_cached(
            "SELECT seq, id FROM event WHERE author = ?1 ORDER BY seq DESC LIMIT 1",
        )?;
        let mut out = Vec::new();
        self.each_author(|author| {
            let (seq, id) = head.query_row([author], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, Vec<u8>>(1)?))
            })?;
            out.push((h32(author.to_vec())?, seq as u64, h32(id)?));
            Ok(true)
        })?;
        Ok(out)
    }

    /// Calls `f` with each author that has a stored event, in key order, skipping from one
    /// author to the next through the primary key (one lookup each, never a scan), until
    /// `f` says stop.
    pub(super) fn each_author(
        &self,
        mut f: impl FnMut(&[u8]) -> Result<bool, LogError>,
    ) -> Result<(), LogError> {
        let mut next = self
            .conn
            .prepare_cached("SELECT author FROM event WHERE author > ?1 ORDER BY author LIMIT 1")?;
        let mut after: Vec<u8> = Vec::new();
        while let Some(author) = next
            .query_row([after.as_slice()], |r| r.get::<_, Vec<u8>>(0))
            .optional()?
        {
            if !f(&author)? {
                break;
            }
            after = author;
        }
        Ok(())
    }

    /// The events of `author` above `seq`, in order.
    pub fn chain_above(&self, author: &Hash32, seq: u64) -> Result<Vec<RawEvent>, LogError> {
        let mut st = self.conn.prepare_cached(
            "SELECT body, sig, payload FROM event WHERE author = ?1 AND seq > ?2 ORDER BY seq",
        )?;
        let rows = st.query_map(rusqlite::params![author.0.as_slice(), seq as i64], raw)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Both sides of every fork: the fork proofs and the events at their (author, seq).
    pub fn fork_rows(&self) -> Result<Vec<RawEvent>, LogError> {
        let mut st = self.conn.prepare_cached(
            // Driven by fork_proof (CROSS JOIN keeps it the outer loop): the event table is
            // only looked up by its key, never scanned.
            "SELECT body, sig, payload FROM fork_proof
             UNION ALL
             SELECT DISTINCT e.body, e.sig, e.payload FROM fork_proof f CROSS JOIN event e
             WHERE e.author = f.author AND e.seq = f.seq",
        )?;
        let rows = st.query_map([], raw)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Whether an event (or fork proof) with this id is stored.
    pub fn holds(&self, id: &Hash32) -> Result<bool, LogError> {
        let mut st = self.conn.prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM event WHERE id = ?1) OR EXISTS (SELECT 1 FROM fork_proof WHERE id = ?1)",
        )?;
        Ok(st.query_row([id.0.as_slice()], |r| r.get::<_, bool>(0))?)
    }

    /// Stored fork proofs (the second events at taken places).
    pub fn fork_proof_count(&self) -> Result<u64, LogError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM fork_proof", [], |r| {
                r.get::<_, i64>(0)
            })? as u64)
    }

    /// The log id as any stored event names it (unverified; one row read).
    pub fn any_log_id(&self) -> Result<Option<Hash32>, LogError> {
        let row = self
            .conn
            .query_row("SELECT id, body FROM event LIMIT 1", [], |r| {
                Ok((r.get::<_, Vec<u8>>(0)?, r.get::<_, Vec<u8>>(1)?))
            })
            .optional()?;
        let Some((id, body)) = row else {
            return Ok(None);
        };
        let id = h32(id)?;
        Ok(Envelope::decode(&body).ok().map(|e| e.log_id.unwrap_or(id)))
    }
}
