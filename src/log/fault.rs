//! What can be wrong with a log, each with a stable code (used by the conformance vectors,
//! so another implementation can prove it rejects exactly the same logs).

use super::event::EventError;
use super::hash::Hash32;
use crate::keys::Role;
use std::fmt;
use thiserror::Error;

/// Where in the log a fault was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRef {
    /// Position in the input (stored order in a log, list order in a bundle).
    pub position: usize,
    /// SHA-256 over the stored body and signature (what the event id would be).
    pub id: Hash32,
    pub author: Option<Hash32>,
    pub seq: Option<u64>,
    pub kind: Option<String>,
}

impl fmt::Display for EventRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event #{} {}", self.position, self.id.short())?;
        if let (Some(a), Some(s)) = (&self.author, self.seq) {
            write!(f, " (author {}, seq {}", a.short(), s)?;
            if let Some(k) = &self.kind {
                write!(f, ", {k}")?;
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

/// A reason a log does not verify.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Fault {
    #[error("{0}")]
    Event(EventError),
    #[error("stored column `{column}` does not match the signed envelope")]
    ColumnMismatch { column: &'static str },
    #[error("the log is empty (no genesis event)")]
    Empty,
    #[error("no genesis event (the event that creates the tournament)")]
    NoGenesis,
    #[error("a second genesis event; a log has exactly one")]
    SecondGenesis,
    #[error("event belongs to another log (log id {found}, this log is {expected})")]
    WrongLog { expected: Hash32, found: Hash32 },
    #[error("genesis must be `tournament.genesis` with sequence 1 and no log id")]
    BadGenesis,
    #[error("sequence gap: this author's previous sequence number is {previous}, so {seq} skips {missing}")]
    SeqGap {
        previous: u64,
        seq: u64,
        missing: u64,
    },
    #[error("wrong previous hash: seq {seq} does not point to this author's event at seq {}", seq - 1)]
    WrongPrev { seq: u64 },
    #[error("fork: key {author} signed two different events at seq {seq} ({a} and {b}); the key is blocked until the chief TD rules (key.fork_resolved)")]
    Fork {
        author: Hash32,
        seq: u64,
        a: Hash32,
        b: Hash32,
    },
    #[error("depends on event {0}, which is not in the log")]
    MissingDep(Hash32),
    #[error("deps must name other authors' heads, not the author's own events")]
    OwnDep,
    #[error("Lamport counter is {found}, expected {expected} (1 + the largest of its predecessors): events are out of causal order")]
    Lamport { expected: u64, found: u64 },
    #[error("reordered chain: signed time {found_ms} is earlier than {pred_ms} of the event it follows ({pred})")]
    TimeBackwards {
        pred: Hash32,
        pred_ms: i64,
        found_ms: i64,
    },
    #[error("signer {0} is not enrolled at this point of the log")]
    Unenrolled(Hash32),
    #[error("signer {author} was revoked (events after seq {last_valid_seq} are invalid; revocation {revocation})")]
    Revoked {
        author: Hash32,
        last_valid_seq: u64,
        revocation: Hash32,
    },
    #[error("role {role} may not sign `{kind}` (allowed: {allowed})")]
    RoleNotAllowed {
        role: Role,
        kind: String,
        allowed: String,
    },
    #[error("invalid key event: {0}")]
    KeyEvent(String),
    #[error("database: {0}")]
    Database(String),
    /// A stored fork proof whose place `(author, seq)` holds no event: a fork proof is the
    /// second event at a taken place, so its partner was moved or deleted.
    #[error("fork proof {id} (key {author}, seq {seq}) has no event at its place in the log: a row was moved out of the event table (the file was altered)")]
    ForkProofAlone {
        author: Hash32,
        seq: u64,
        id: Hash32,
    },
}

impl Fault {
    /// Stable machine-readable reason, e.g. `bad_signature`.
    pub fn code(&self) -> &'static str {
        use super::envelope::EnvelopeError as E;
        match self {
            Fault::Event(e) => match e {
                EventError::Envelope(E::NotCanonical)
                | EventError::Envelope(E::Cbor(super::cbor::CborError::NonShortest { .. }))
                | EventError::Envelope(E::DepsOrder) => "non_canonical",
                EventError::Envelope(E::Cbor(super::cbor::CborError::Truncated { .. })) => {
                    "truncated"
                }
                EventError::Envelope(_) => "bad_envelope",
                EventError::SigLength(_) => "truncated",
                EventError::BadAuthorKey | EventError::BadSignature => "bad_signature",
                EventError::PayloadLength { .. } => "truncated",
                EventError::PayloadHash => "payload_hash",
                EventError::Payload(crate::events::PayloadError::NotCanonical { .. }) => {
                    "non_canonical"
                }
                EventError::Payload(_) => "bad_payload",
            },
            Fault::ColumnMismatch { .. } => "column_mismatch",
            Fault::Empty | Fault::NoGenesis | Fault::SecondGenesis | Fault::BadGenesis => "genesis",
            Fault::WrongLog { .. } => "wrong_log",
            Fault::SeqGap { .. } => "seq_gap",
            Fault::WrongPrev { .. } => "wrong_prev",
            Fault::Fork { .. } => "fork",
            Fault::MissingDep(_) | Fault::OwnDep => "missing_dep",
            Fault::Lamport { .. } => "lamport",
            Fault::TimeBackwards { .. } => "reordered_chain",
            Fault::Unenrolled(_) => "unenrolled",
            Fault::Revoked { .. } => "revoked",
            Fault::RoleNotAllowed { .. } => "role",
            Fault::KeyEvent(_) => "key_event",
            Fault::Database(_) => "database",
            Fault::ForkProofAlone { .. } => "fork_proof_alone",
        }
    }
}

/// The first fault found, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct VerifyError {
    pub at: Option<Box<EventRef>>,
    pub fault: Box<Fault>,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Some(at) => write!(f, "{at}: {} [{}]", self.fault, self.fault.code()),
            None => write!(f, "{} [{}]", self.fault, self.fault.code()),
        }
    }
}
