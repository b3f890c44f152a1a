//! What this device has seen of each log, kept outside the log file.
//!
//! Anyone holding only the SQLite file can delete its newest events (an author's last
//! rulings, the chief TD's revocation of a stolen key, a whole publication nobody built on):
//! the rest still verifies. So each device keeps, in its data dir, a signed record of the
//! newest head set it has seen per log id (`seen/<log id>.seen`), and refuses a log that no
//! longer contains it, naming the missing events. Merging with a device that still holds
//! them restores the log.
//!
//! The record is signed with a key of the device's own (`state.key`, 0600), not a tournament
//! key: it needs no passphrase, and a copied log file brings no way to forge it. The file's
//! first line is the record's JSON, exactly as signed; the second its signature in hex.
//!
//! Several processes of one device share the record (the app and the CLI): it is checked and
//! rewritten under the data dir's lock (`log::device`), and it only ever moves forward (a
//! process whose verify read the log before another appended keeps the other's newer head).
//! A record that fails its own check is set aside and rebuilt; the verified-state cache still
//! refuses a log that lost events this device verified (`Log::verify_all`).
//!
//! The record also keeps the events that appeared in the file outside `merge` and this
//! device's own appends (`arrived`: a row inserted into the SQLite file by whoever can write
//! it): they arrived when this device first found them, and its next append signs its
//! receipt for them (`Log::append_batch`), so a step backdated that way is a late arrival.

use super::digest::HeadSet;
use super::hash::Hash32;
use crate::events::{HeadRef, Received};
use crate::keys::DeviceKey;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const DOMAIN: &[u8] = b"tdlog/seen/v1\0";
const FORMAT: &str = "tdlog-seen/1";

pub use super::seen_error::{Missing, SeenError};

/// One head as recorded, with the holder's name for messages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeenHead {
    pub author: Hash32,
    pub seq: u64,
    pub id: Hash32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<String>,
}

/// The signed record of one log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    pub log_id: Hash32,
    pub heads: Vec<SeenHead>,
    pub events: u64,
    pub digest: String,
    pub updated_ms: i64,
    /// Events that appeared in the file outside `merge` and this device's appends, not yet
    /// covered by a receipt of this device: they arrived when it found them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived: Vec<Received>,
}

impl Record {
    pub fn head_set(&self) -> HeadSet {
        HeadSet::from_refs(
            &self
                .heads
                .iter()
                .map(|h| HeadRef {
                    author: h.author,
                    seq: h.seq,
                    id: h.id,
                })
                .collect::<Vec<_>>(),
        )
    }
}

/// This device's records, in its data dir.
#[derive(Debug, Clone)]
pub struct SeenStore {
    dir: PathBuf,
}

pub use crate::io_safe::default_data_dir;

impl SeenStore {
    pub fn new(data_dir: &Path) -> SeenStore {
        SeenStore {
            dir: data_dir.to_owned(),
        }
    }

    /// The data dir this store keeps its records in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The store in [`default_data_dir`].
    pub fn default_for_device() -> SeenStore {
        SeenStore::new(&default_data_dir())
    }

    fn io(&self, path: &Path, err: std::io::Error) -> SeenError {
        SeenError::Io {
            path: path.to_owned(),
            err,
        }
    }

    fn path(&self, log_id: &Hash32) -> PathBuf {
        self.dir
            .join("seen")
            .join(format!("{}.seen", log_id.to_hex()))
    }

    fn key_path(&self) -> PathBuf {
        self.dir.join("state.key")
    }

    /// The device's state key, made on first use.
    fn state_key(&self, create: bool) -> Result<Option<DeviceKey>, SeenError> {
        super::device::state_key(&self.dir, create)
    }

    /// The record of `log_id`, its signature checked; `None` if this device never saw it,
    /// or if its record failed the check (then it is set aside, named in a warning).
    pub fn load(&self, log_id: &Hash32) -> Result<Option<Record>, SeenError> {
        let _lock = super::device::lock(&self.dir)?;
        self.load_locked(log_id)
    }

    fn load_locked(&self, log_id: &Hash32) -> Result<Option<Record>, SeenError> {
        let p = self.path(log_id);
        let text = match std::fs::read(&p) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.io(&p, e)),
        };
        match self.parse(log_id, &text) {
            Ok(r) => Ok(Some(r)),
            Err(why) => {
                super::device::set_aside(
                    &p,
                    "this device's record of what it saw of the log",
                    &why,
                );
                Ok(None)
            }
        }
    }

    /// The record in `text`, its signature checked; why not, if not.
    fn parse(&self, log_id: &Hash32, text: &[u8]) -> Result<Record, String> {
        let body = super::device::unseal(&self.dir, DOMAIN, text, "record")?;
        let r: Record = serde_json::from_slice(body).map_err(|e| format!("not a record: {e}"))?;
        if r.format != FORMAT || r.log_id != *log_id {
            return Err("the record is for another log".into());
        }
        Ok(r)
    }

    /// Refuses a log that lacks any head this device recorded. `has(author, seq, id)` says
    /// whether the log holds that event.
    pub fn check(
        &self,
        log_id: &Hash32,
        have_seq: impl Fn(&Hash32) -> u64,
        has: impl Fn(&Hash32, u64, &Hash32) -> bool,
    ) -> Result<Option<Record>, SeenError> {
        let _lock = super::device::lock(&self.dir)?;
        let Some(r) = self.load_locked(log_id)? else {
            return Ok(None);
        };
        refuse_missing(&r, &have_seq, &has)?;
        Ok(Some(r))
    }

    /// The events that appeared in the file outside `merge` and this device's appends and
    /// that no receipt of this device covers yet.
    pub fn arrived(&self, log_id: &Hash32) -> Result<Vec<Received>, SeenError> {
        Ok(self.load(log_id)?.map(|r| r.arrived).unwrap_or_default())
    }

    /// Checks the log against the record and moves the record on, in one step under the
    /// data dir's lock: refused (nothing written) if the log lacks a recorded head; else the
    /// record becomes, author by author, the newer of what it said and `seen.heads` (it never
    /// moves back: another process may have recorded more since this one read the log).
    pub fn observe(&self, log_id: &Hash32, seen: Observed<'_>) -> Result<(), SeenError> {
        let _lock = super::device::lock(&self.dir)?;
        let old = self.load_locked(log_id)?;
        if let Some(r) = &old {
            refuse_missing(r, seen.have_seq, seen.has)?;
        }
        let mut heads: BTreeMap<Hash32, (u64, Hash32)> = seen.heads.heads.clone();
        let mut arrived: Vec<Received> = Vec::new();
        if let Some(r) = &old {
            arrived = r.arrived.clone();
            for h in &r.heads {
                let newer = heads.get(&h.author).is_none_or(|(s, _)| *s < h.seq);
                if newer {
                    heads.insert(h.author, (h.seq, h.id));
                }
            }
            // What the log holds beyond the record, and did not come through this device's
            // appends or a merge, arrived now.
            for (a, (s, _)) in &seen.heads.heads {
                let known = r.heads.iter().find(|h| h.author == *a).map_or(0, |h| h.seq);
                let upto = match seen.arrivals {
                    Arrivals::None => 0,
                    Arrivals::All => *s,
                    Arrivals::Upto(m) => m.get(a).copied().unwrap_or(0).min(*s),
                };
                if upto > known {
                    add_range(&mut arrived, *a, known + 1, upto);
                }
            }
        }
        for r in seen.receipted {
            remove_range(&mut arrived, r);
        }
        let heads = HeadSet { heads };
        self.write_locked(log_id, &heads, seen.holder, seen.now_ms, arrived)
    }

    fn write_locked(
        &self,
        log_id: &Hash32,
        heads: &HeadSet,
        holder: &dyn Fn(&Hash32) -> Option<String>,
        now_ms: i64,
        arrived: Vec<Received>,
    ) -> Result<(), SeenError> {
        let key = self.state_key(true)?.ok_or_else(|| SeenError::Tampered {
            log: log_id.short(),
            path: self.key_path(),
            why: "no state key".into(),
        })?;
        let r = Record {
            format: FORMAT.into(),
            log_id: *log_id,
            heads: heads
                .heads
                .iter()
                .map(|(a, (s, id))| SeenHead {
                    author: *a,
                    seq: *s,
                    id: *id,
                    holder: holder(a),
                })
                .collect(),
            events: heads.events(),
            digest: heads.digest().to_string(),
            updated_ms: now_ms,
            arrived,
        };
        let body = serde_json::to_vec(&r).map_err(|e| SeenError::Tampered {
            log: log_id.short(),
            path: self.path(log_id),
            why: e.to_string(),
        })?;
        let text = super::device::seal(&key, DOMAIN, body);
        let p = self.path(log_id);
        let dir = p.parent().unwrap_or(&self.dir).to_owned();
        std::fs::create_dir_all(&dir).map_err(|e| self.io(&dir, e))?;
        let tmp = p.with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&tmp, &text).map_err(|e| self.io(&tmp, e))?;
        std::fs::rename(&tmp, &p).map_err(|e| self.io(&p, e))?;
        Ok(())
    }

    /// Forgets a log (an explicit reset, e.g. a fresh copy of the demo).
    pub fn forget(&self, log_id: &Hash32) -> Result<(), SeenError> {
        let _lock = super::device::lock(&self.dir)?;
        let p = self.path(log_id);
        match std::fs::remove_file(&p) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(self.io(&p, e)),
            _ => Ok(()),
        }
    }
}

/// What a process saw of a log, for [`SeenStore::observe`].
pub struct Observed<'a> {
    /// The head set of the state it verified or appended to.
    pub heads: &'a HeadSet,
    /// Does the log hold this event `(author, seq, id)` (in that state, or in the file now)?
    pub has: &'a dyn Fn(&Hash32, u64, &Hash32) -> bool,
    /// What the log holds of this author (for the message naming what is missing).
    pub have_seq: &'a dyn Fn(&Hash32) -> u64,
    pub holder: &'a dyn Fn(&Hash32) -> Option<String>,
    /// Which events beyond the record arrived outside `merge` and this device's appends.
    pub arrivals: Arrivals<'a>,
    /// Events a receipt of this device now covers (no longer waiting for one).
    pub receipted: &'a [Received],
    pub now_ms: i64,
}

/// Which of the events beyond the record appeared in the file on their own.
pub enum Arrivals<'a> {
    /// None: this device appended them, or merged them (a merge signs its own receipt).
    None,
    /// All of them (a verify found them in the file).
    All,
    /// Per author, those up to this sequence number (a merge: the rows stored before it).
    Upto(&'a BTreeMap<Hash32, u64>),
}

fn refuse_missing(
    r: &Record,
    have_seq: &dyn Fn(&Hash32) -> u64,
    has: &dyn Fn(&Hash32, u64, &Hash32) -> bool,
) -> Result<(), SeenError> {
    let missing: Vec<Missing> = r
        .heads
        .iter()
        .filter(|h| !has(&h.author, h.seq, &h.id))
        .map(|h| Missing {
            author: h.author,
            holder: h.holder.clone(),
            id: h.id,
            seq: h.seq,
            have_seq: have_seq(&h.author).min(h.seq.saturating_sub(1)),
        })
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(SeenError::RolledBack {
        seen_at: chrono::DateTime::from_timestamp_millis(r.updated_ms)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
            .unwrap_or_default(),
        missing,
    })
}

/// Adds `from..=to` of `author` to the ranges waiting for a receipt (one range per author:
/// chains are contiguous, and what waits starts where the record stopped).
fn add_range(arrived: &mut Vec<Received>, author: Hash32, from: u64, to: u64) {
    match arrived.iter_mut().find(|r| r.author == author) {
        Some(r) => {
            r.from_seq = r.from_seq.min(from);
            r.to_seq = r.to_seq.max(to);
        }
        None => arrived.push(Received {
            author,
            from_seq: from,
            to_seq: to,
        }),
    }
    arrived.sort_by_key(|r| r.author);
}

/// Removes what a receipt covered (what is left of a range on either side stays).
fn remove_range(arrived: &mut Vec<Received>, done: &Received) {
    let mut out = Vec::with_capacity(arrived.len() + 1);
    for r in arrived.drain(..) {
        if r.author != done.author || done.to_seq < r.from_seq || done.from_seq > r.to_seq {
            out.push(r);
            continue;
        }
        if r.from_seq < done.from_seq {
            out.push(Received {
                to_seq: done.from_seq - 1,
                ..r.clone()
            });
        }
        if done.to_seq < r.to_seq {
            out.push(Received {
                from_seq: done.to_seq + 1,
                ..r
            });
        }
    }
    *arrived = out;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(a: u8, from: u64, to: u64) -> Received {
        Received {
            author: Hash32([a; 32]),
            from_seq: from,
            to_seq: to,
        }
    }

    #[test]
    fn what_waits_for_a_receipt_is_one_range_per_author_until_a_receipt_covers_it() {
        let mut w = vec![];
        add_range(&mut w, Hash32([2; 32]), 4, 5);
        add_range(&mut w, Hash32([1; 32]), 1, 1);
        add_range(&mut w, Hash32([2; 32]), 6, 9);
        assert_eq!(w, vec![r(1, 1, 1), r(2, 4, 9)]);
        remove_range(&mut w, &r(2, 4, 6));
        assert_eq!(w, vec![r(1, 1, 1), r(2, 7, 9)]);
        remove_range(&mut w, &r(2, 8, 12));
        assert_eq!(w, vec![r(1, 1, 1), r(2, 7, 7)]);
        remove_range(&mut w, &r(1, 1, 1));
        remove_range(&mut w, &r(3, 1, 9));
        assert_eq!(w, vec![r(2, 7, 7)]);
        let mut w = vec![r(4, 1, 9)];
        remove_range(&mut w, &r(4, 3, 5));
        assert_eq!(w, vec![r(4, 1, 2), r(4, 6, 9)]);
    }
}
