//! The errors of this device's records in its data dir (`log::seen`, `log::device`,
//! `log::cache`): a rolled-back log, a damaged or altered record, IO, a busy lock. On their
//! own so that the data dir's lock (`log::device`) and the record (`log::seen`) both name
//! them without importing each other.
use super::hash::Hash32;
use serde::Serialize;
use std::path::PathBuf;
use thiserror::Error;

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
    #[error("this device's data dir is locked by another tdlog program ({path}); nothing was changed, try again")]
    Busy { path: PathBuf },
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
