//! Key playback: who may sign what, at each causal position of the log.

use super::Role;
use crate::log::Hash32;
use std::collections::BTreeMap;

/// One enrolled key as the log says it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeyInfo {
    pub key: Hash32,
    pub role: Role,
    pub holder: String,
    /// The event that enrolled the key (the genesis for the first chief TD).
    pub enrolled_by: Hash32,
    pub revoked: Option<Revocation>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Revocation {
    pub event: Hash32,
    pub last_valid_seq: u64,
    pub reason: String,
}

/// The key state folded from key events, in replay order.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct KeyState {
    pub keys: BTreeMap<Hash32, KeyInfo>,
}

impl KeyState {
    pub fn get(&self, key: &Hash32) -> Option<&KeyInfo> {
        self.keys.get(key)
    }

    /// The key as enrolled, for the guards that check what a signer may append; a key not
    /// enrolled is checked as a scorer under its short form (the least a key may do: the
    /// store's key playback refuses it anyway).
    pub fn signer(&self, key: &Hash32) -> KeyInfo {
        self.keys.get(key).cloned().unwrap_or(KeyInfo {
            key: *key,
            role: Role::Scorer,
            holder: key.short(),
            enrolled_by: Hash32::default(),
            revoked: None,
        })
    }

    /// The role a key signs with, if it is enrolled and may still sign event `seq`.
    pub fn may_sign(&self, key: &Hash32, seq: u64) -> Result<Role, String> {
        match self.keys.get(key) {
            None => Err("key is not enrolled in this log".into()),
            Some(k) => match &k.revoked {
                Some(r) if seq > r.last_valid_seq => Err(format!(
                    "key was revoked by event {} ({})",
                    r.event.short(),
                    r.reason
                )),
                _ => Ok(k.role),
            },
        }
    }
}
