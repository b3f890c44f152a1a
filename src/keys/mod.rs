//! Device keys and roles. One Ed25519 key per device, kept in a file only the user can
//! read, optionally sealed with a passphrase; never in the log, never copied.

mod file;
mod role;

pub use file::{default_key_path, KeyFileError};
pub use role::Role;

use crate::log::Hash32;
use ed25519_dalek::{Signer, SigningKey};

/// This device's signing key. The secret never leaves this type except into the key file.
pub struct DeviceKey {
    signing: SigningKey,
}

impl DeviceKey {
    /// A fresh key from the operating system's random source.
    pub fn generate() -> DeviceKey {
        DeviceKey {
            signing: SigningKey::generate(&mut rand_core::OsRng),
        }
    }

    /// A key from a 32-byte seed: deterministic keys for tests and conformance vectors only.
    pub fn from_seed(seed: [u8; 32]) -> DeviceKey {
        DeviceKey {
            signing: SigningKey::from_bytes(&seed),
        }
    }

    pub fn public(&self) -> Hash32 {
        Hash32(self.signing.verifying_key().to_bytes())
    }

    pub fn sign(&self, msg: &[u8]) -> [u8; 64] {
        self.signing.sign(msg).to_bytes()
    }

    pub(crate) fn secret_bytes(&self) -> zeroize::Zeroizing<[u8; 32]> {
        zeroize::Zeroizing::new(self.signing.to_bytes())
    }
}

/// A key's fingerprint as a person reads it aloud to the chief TD: the public key in
/// groups of four hex digits.
pub fn fingerprint(key: &Hash32) -> String {
    let h = key.to_hex();
    h.as_bytes()
        .chunks(4)
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ")
}

mod state;
pub use state::{KeyInfo, KeyState, Revocation};
