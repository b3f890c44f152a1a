//! The event catalogue: every payload type, its versions, who may sign it, and how old
//! versions are upcast on read.
//!
//! Payloads are canonical JSON: exactly the bytes `serde_json::to_vec` writes for the typed
//! struct. Decoding is strict (unknown fields refused) and checked by re-encoding, so an
//! encoding that does not round-trip byte for byte never enters a log. Stored bytes are
//! never rewritten; an old `(type, v)` is decoded by its own struct and upcast by a pure
//! function to the current one (see `docs/events.md`).

mod keys;
mod note;
mod tournament;

pub use keys::{ForkResolved, KeyEnrolled, KeyRevoked};
pub use note::{DirectorNote, DirectorNoteV1};
pub use tournament::{Game, Genesis};

use crate::keys::Role;
use serde::{de::DeserializeOwned, Serialize};
use thiserror::Error;

/// Why payload bytes are not a valid payload of the type the envelope names.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PayloadError {
    #[error("unknown event type {kind:?} version {v} (written by a newer tdlog?)")]
    Unknown { kind: String, v: u16 },
    #[error("payload of {kind} v{v} is not valid: {reason}")]
    Invalid {
        kind: &'static str,
        v: u16,
        reason: String,
    },
    #[error("payload of {kind} v{v} is not in canonical form (does not round-trip byte for byte)")]
    NotCanonical { kind: &'static str, v: u16 },
}

/// Every event this version of tdlog knows, in its current version.
#[derive(Debug, Clone, PartialEq)]
pub enum Payload {
    Genesis(Genesis),
    KeyEnrolled(KeyEnrolled),
    KeyRevoked(KeyRevoked),
    ForkResolved(ForkResolved),
    DirectorNote(DirectorNote),
}

/// One row of the catalogue: a type and version that can appear in a log.
pub struct Spec {
    pub kind: &'static str,
    pub v: u16,
    /// The version appends write; older versions are read and upcast only.
    pub current: bool,
    /// Roles whose keys may sign this type.
    pub roles: &'static [Role],
    pub summary: &'static str,
    pub schema: fn() -> schemars::Schema,
}

const CHIEF: &[Role] = &[Role::ChiefTd];
const DIRECTORS: &[Role] = &[Role::ChiefTd, Role::Td];

/// The catalogue. `docs/events.md` and `schema/events/*.json` are generated from it.
pub static CATALOGUE: &[Spec] = &[
    Spec {
        kind: Genesis::KIND,
        v: 1,
        current: true,
        roles: CHIEF,
        summary: "Creates the tournament; its event id is the log id. Its signer is the chief TD.",
        schema: || schemars::schema_for!(Genesis),
    },
    Spec {
        kind: KeyEnrolled::KIND,
        v: 1,
        current: true,
        roles: CHIEF,
        summary: "Enrols a device key with one role.",
        schema: || schemars::schema_for!(KeyEnrolled),
    },
    Spec {
        kind: KeyRevoked::KIND,
        v: 1,
        current: true,
        roles: CHIEF,
        summary: "Revokes a device key; its events after `last_valid_seq` are invalid.",
        schema: || schemars::schema_for!(KeyRevoked),
    },
    Spec {
        kind: ForkResolved::KIND,
        v: 1,
        current: true,
        roles: CHIEF,
        summary: "The chief TD's ruling on a fork proof: which of two events at one sequence number stands.",
        schema: || schemars::schema_for!(ForkResolved),
    },
    Spec {
        kind: DirectorNote::KIND,
        v: 1,
        current: false,
        roles: DIRECTORS,
        summary: "A director-call note (version 1: text only). Upcast to version 2.",
        schema: || schemars::schema_for!(DirectorNoteV1),
    },
    Spec {
        kind: DirectorNote::KIND,
        v: 2,
        current: true,
        roles: DIRECTORS,
        summary: "A director-call note for matters the engine cannot classify, optionally tied to board, table and round.",
        schema: || schemars::schema_for!(DirectorNote),
    },
];

/// The catalogue row for `(kind, v)`.
pub fn spec(kind: &str, v: u16) -> Option<&'static Spec> {
    CATALOGUE.iter().find(|s| s.kind == kind && s.v == v)
}

/// Implemented by every payload struct: its name and content checks.
pub trait EventPayload: Serialize + DeserializeOwned {
    const KIND: &'static str;
    /// Content rules beyond the types (non-empty names, sane lengths).
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Strict decode of one payload struct: typed, content-checked, canonical.
fn strict<T: EventPayload>(kind: &'static str, v: u16, bytes: &[u8]) -> Result<T, PayloadError> {
    let inv = |reason: String| PayloadError::Invalid { kind, v, reason };
    let t: T = serde_json::from_slice(bytes).map_err(|e| inv(e.to_string()))?;
    let again = serde_json::to_vec(&t).map_err(|e| inv(e.to_string()))?;
    if again != bytes {
        return Err(PayloadError::NotCanonical { kind, v });
    }
    t.check().map_err(inv)?;
    Ok(t)
}

impl Payload {
    /// Decodes the payload an envelope names, upcasting old versions.
    pub fn decode(kind: &str, v: u16, bytes: &[u8]) -> Result<Payload, PayloadError> {
        Ok(match (kind, v) {
            (Genesis::KIND, 1) => Payload::Genesis(strict(Genesis::KIND, 1, bytes)?),
            (KeyEnrolled::KIND, 1) => Payload::KeyEnrolled(strict(KeyEnrolled::KIND, 1, bytes)?),
            (KeyRevoked::KIND, 1) => Payload::KeyRevoked(strict(KeyRevoked::KIND, 1, bytes)?),
            (ForkResolved::KIND, 1) => Payload::ForkResolved(strict(ForkResolved::KIND, 1, bytes)?),
            (DirectorNote::KIND, 1) => {
                Payload::DirectorNote(note::upcast_v1(strict::<DirectorNoteV1>(
                    DirectorNote::KIND,
                    1,
                    bytes,
                )?))
            }
            (DirectorNote::KIND, 2) => Payload::DirectorNote(strict(DirectorNote::KIND, 2, bytes)?),
            _ => {
                return Err(PayloadError::Unknown {
                    kind: kind.to_owned(),
                    v,
                })
            }
        })
    }

    /// The type name written into the envelope.
    pub fn kind(&self) -> &'static str {
        match self {
            Payload::Genesis(_) => Genesis::KIND,
            Payload::KeyEnrolled(_) => KeyEnrolled::KIND,
            Payload::KeyRevoked(_) => KeyRevoked::KIND,
            Payload::ForkResolved(_) => ForkResolved::KIND,
            Payload::DirectorNote(_) => DirectorNote::KIND,
        }
    }

    /// The version appends write for this type.
    pub fn current_version(&self) -> u16 {
        CATALOGUE
            .iter()
            .find(|s| s.kind == self.kind() && s.current)
            .map(|s| s.v)
            .unwrap_or(1)
    }

    /// Canonical bytes of the current version, after the same content checks as decode.
    pub fn encode(&self) -> Result<Vec<u8>, PayloadError> {
        let kind = self.kind();
        let v = self.current_version();
        let inv = |reason: String| PayloadError::Invalid { kind, v, reason };
        let (bytes, check) = match self {
            Payload::Genesis(p) => (serde_json::to_vec(p), p.check()),
            Payload::KeyEnrolled(p) => (serde_json::to_vec(p), p.check()),
            Payload::KeyRevoked(p) => (serde_json::to_vec(p), p.check()),
            Payload::ForkResolved(p) => (serde_json::to_vec(p), p.check()),
            Payload::DirectorNote(p) => (serde_json::to_vec(p), p.check()),
        };
        check.map_err(inv)?;
        bytes.map_err(|e| inv(e.to_string()))
    }

    /// The payload as a JSON value, for `tdlog log` and the UI.
    pub fn to_json(&self) -> serde_json::Value {
        let r = match self {
            Payload::Genesis(p) => serde_json::to_value(p),
            Payload::KeyEnrolled(p) => serde_json::to_value(p),
            Payload::KeyRevoked(p) => serde_json::to_value(p),
            Payload::ForkResolved(p) => serde_json::to_value(p),
            Payload::DirectorNote(p) => serde_json::to_value(p),
        };
        r.unwrap_or(serde_json::Value::Null)
    }
}

/// A text field must be non-empty after trimming and at most `max` characters.
pub(crate) fn check_text(field: &str, s: &str, max: usize) -> Result<(), String> {
    if s.trim().is_empty() {
        return Err(format!("{field} must not be empty"));
    }
    if s.chars().count() > max {
        return Err(format!("{field} is longer than {max} characters"));
    }
    Ok(())
}
