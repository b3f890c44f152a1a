//! Key events: enrolment, revocation and the ruling on a fork proof. All signed by a chief TD.

use super::{check_text, EventPayload};
use crate::keys::Role;
use crate::log::Hash32;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Enrols one device key with one role. A key is enrolled at most once per log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyEnrolled {
    /// The device's Ed25519 public key.
    pub key: Hash32,
    pub role: Role,
    /// Who holds the device (person and device), as shown in audits.
    pub holder: String,
}

impl EventPayload for KeyEnrolled {
    const KIND: &'static str = "key.enrolled";
    fn check(&self) -> Result<(), String> {
        check_text("holder", &self.holder, 200)
    }
}

/// Revokes a device key. Its events with `seq <= last_valid_seq` stand; later ones are
/// invalid. A revoked key cannot be enrolled again (a new device key is made instead).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyRevoked {
    pub key: Hash32,
    /// The last sequence number of this key that stands (0: none of its events).
    pub last_valid_seq: u64,
    pub reason: String,
}

impl EventPayload for KeyRevoked {
    const KIND: &'static str = "key.revoked";
    fn check(&self) -> Result<(), String> {
        check_text("reason", &self.reason, 2000)
    }
}

/// The chief TD's ruling on a fork proof (two signed events with the same author and
/// sequence number): `kept` stands, the other is void, and the key is unblocked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForkResolved {
    pub key: Hash32,
    pub seq: u64,
    /// Id of the event that stands.
    pub kept: Hash32,
    pub reason: String,
}

impl EventPayload for ForkResolved {
    const KIND: &'static str = "key.fork_resolved";
    fn check(&self) -> Result<(), String> {
        check_text("reason", &self.reason, 2000)
    }
}
