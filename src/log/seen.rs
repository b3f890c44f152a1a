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

use super::digest::HeadSet;
use super::hash::Hash32;
use crate::events::HeadRef;
use crate::keys::DeviceKey;
use ed25519_dalek::{Signature, VerifyingKey};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

const DOMAIN: &[u8] = b"tdlog/seen/v1\0";
const FORMAT: &str = "tdlog-seen/1";

#[derive(Debug, Error)]
pub enum SeenError {
    #[error("this log no longer contains events this device saw on {seen_at}: {}. Events were deleted from the file (or it is an older copy). Merge a bundle from a device that has them (tdlog merge) to restore them", describe(.missing))]
    RolledBack {
        seen_at: String,
        missing: Vec<Missing>,
    },
    #[error("this device's record of log {log} ({path}) was altered or is damaged: {why}")]
    Tampered {
        log: String,
        path: PathBuf,
        why: String,
    },
    #[error("device data dir {path}: {err}")]
    Io { path: PathBuf, err: std::io::Error },
}

/// Events of one author this device saw and the log no longer has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Missing {
    pub author: Hash32,
    pub holder: Option<String>,
    /// The newest event seen, and its sequence number.
    pub id: Hash32,
    pub seq: u64,
    /// What the log holds of this author now (0: nothing).
    pub have_seq: u64,
}

fn describe(m: &[Missing]) -> String {
    m.iter()
        .map(|x| {
            format!(
                "{} seq {}..={} (newest {})",
                x.holder
                    .clone()
                    .unwrap_or_else(|| format!("key {}", x.author.short())),
                x.have_seq + 1,
                x.seq,
                x.id.short()
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

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

/// The device's data dir: `TDLOG_DATA_DIR`, else `$XDG_DATA_HOME/tdlog`, else
/// `~/.local/share/tdlog` (where the default device key lives too).
pub fn default_data_dir() -> PathBuf {
    if let Some(p) = std::env::var_os("TDLOG_DATA_DIR") {
        return PathBuf::from(p);
    }
    std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tdlog")
}

impl SeenStore {
    pub fn new(data_dir: &Path) -> SeenStore {
        SeenStore {
            dir: data_dir.to_owned(),
        }
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
        let p = self.key_path();
        if p.exists() {
            return DeviceKey::load(&p, None)
                .map(Some)
                .map_err(|e| SeenError::Tampered {
                    log: "-".into(),
                    path: p.clone(),
                    why: e.to_string(),
                });
        }
        if !create {
            return Ok(None);
        }
        std::fs::create_dir_all(&self.dir).map_err(|e| self.io(&self.dir, e))?;
        let k = DeviceKey::generate();
        k.save(&p, None).map_err(|e| SeenError::Tampered {
            log: "-".into(),
            path: p.clone(),
            why: e.to_string(),
        })?;
        Ok(Some(k))
    }

    /// The record of `log_id`, its signature checked; `None` if this device never saw it.
    pub fn load(&self, log_id: &Hash32) -> Result<Option<Record>, SeenError> {
        let p = self.path(log_id);
        let text = match std::fs::read(&p) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.io(&p, e)),
        };
        let tampered = |why: &str| SeenError::Tampered {
            log: log_id.short(),
            path: p.clone(),
            why: why.into(),
        };
        let key = self
            .state_key(false)?
            .ok_or_else(|| tampered("the device's state key (state.key) is missing; remove the seen/ folder to start afresh"))?;
        let split = text
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| tampered("no signature line"))?;
        let (body, sig) = (&text[..split], &text[split + 1..]);
        let sig = hex::decode(String::from_utf8_lossy(sig).trim())
            .ok()
            .and_then(|b| <[u8; 64]>::try_from(b.as_slice()).ok())
            .ok_or_else(|| tampered("the signature line is not a signature"))?;
        let vk =
            VerifyingKey::from_bytes(&key.public().0).map_err(|_| tampered("bad state key"))?;
        vk.verify_strict(&[DOMAIN, body].concat(), &Signature::from_bytes(&sig))
            .map_err(|_| tampered("the signature does not match the record"))?;
        let r: Record =
            serde_json::from_slice(body).map_err(|e| tampered(&format!("not a record: {e}")))?;
        if r.format != FORMAT || r.log_id != *log_id {
            return Err(tampered("the record is for another log"));
        }
        Ok(Some(r))
    }

    /// Refuses a log that lacks any head this device recorded. `has(author, seq, id)` says
    /// whether the log holds that event.
    pub fn check(
        &self,
        log_id: &Hash32,
        have_seq: impl Fn(&Hash32) -> u64,
        has: impl Fn(&Hash32, u64, &Hash32) -> bool,
    ) -> Result<Option<Record>, SeenError> {
        let Some(r) = self.load(log_id)? else {
            return Ok(None);
        };
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
            Ok(Some(r))
        } else {
            Err(SeenError::RolledBack {
                seen_at: chrono::DateTime::from_timestamp_millis(r.updated_ms)
                    .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
                    .unwrap_or_default(),
                missing,
            })
        }
    }

    /// Records `heads` as the newest this device has seen of `log_id` (written atomically).
    pub fn record(
        &self,
        log_id: &Hash32,
        heads: &HeadSet,
        holder: impl Fn(&Hash32) -> Option<String>,
        now_ms: i64,
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
        };
        let body = serde_json::to_vec(&r).map_err(|e| SeenError::Tampered {
            log: log_id.short(),
            path: self.path(log_id),
            why: e.to_string(),
        })?;
        let sig = key.sign(&[DOMAIN, &body].concat());
        let mut text = body;
        text.push(b'\n');
        text.extend_from_slice(hex::encode(sig).as_bytes());
        text.push(b'\n');
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
        let p = self.path(log_id);
        match std::fs::remove_file(&p) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(self.io(&p, e)),
            _ => Ok(()),
        }
    }
}
