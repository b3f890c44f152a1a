//! SHA-256 hashes as a small value type (event ids, payload hashes, log ids).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use std::fmt;

/// A 32-byte SHA-256 digest. Shown and serialised as lower-case hex.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Hash32(pub [u8; 32]);

/// Hashed for maps by its first 8 bytes only: a SHA-256 digest or a public key is already
/// uniform, and a big log's open looks up a million ids in maps (`RandomState`, still keyed
/// per process, so an author cannot aim ids at one bucket; equal first 8 bytes take 2^32
/// work a pair). Equality still compares all 32 bytes.
impl std::hash::Hash for Hash32 {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut first = [0u8; 8];
        first.copy_from_slice(&self.0[..8]);
        state.write_u64(u64::from_le_bytes(first));
    }
}

/// A map keyed by event ids (or keys) with a fast hash, seeded per process (foldhash): for
/// the maps a big log's open fills with every id. Never iterated where order shows.
pub type IdMap<V> = std::collections::HashMap<Hash32, V, foldhash::fast::RandomState>;

impl Hash32 {
    /// SHA-256 over the concatenation of `parts`.
    pub fn digest(parts: &[&[u8]]) -> Hash32 {
        let mut h = Sha256::new();
        for p in parts {
            h.update(p);
        }
        Hash32(h.finalize().into())
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// The first 8 hex digits: enough for a person to tell events apart on screen.
    pub fn short(&self) -> String {
        hex::encode(&self.0[..4])
    }

    pub fn from_hex(s: &str) -> Result<Hash32, String> {
        let v = hex::decode(s.trim()).map_err(|e| format!("not hex: {e}"))?;
        let a: [u8; 32] = v
            .try_into()
            .map_err(|v: Vec<u8>| format!("expected 32 bytes (64 hex digits), got {}", v.len()))?;
        Ok(Hash32(a))
    }
}

impl fmt::Debug for Hash32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.short())
    }
}

impl fmt::Display for Hash32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl Serialize for Hash32 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Hash32 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s.len() != 64 || s.bytes().any(|b| b.is_ascii_uppercase()) {
            return Err(serde::de::Error::custom(
                "expected 64 lower-case hex digits",
            ));
        }
        Hash32::from_hex(&s).map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Hash32 {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Hash32".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[0-9a-f]{64}$",
            "description": "32 bytes as lower-case hex (a SHA-256 digest or an Ed25519 public key)"
        })
    }
}
