//! The device key file: JSON, mode 0600, created once and never overwritten.
//!
//! With a passphrase the secret is sealed with XChaCha20-Poly1305 under a key derived by
//! Argon2id (salted, parameters stored in the file), so a copied file alone is useless.

use super::DeviceKey;
use crate::log::Hash32;
use argon2::{Algorithm, Argon2, Params, Version};
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use rand_core::{OsRng, RngCore};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;
use zeroize::Zeroizing;

const FORMAT: &str = "tdlog-key/1";

#[derive(Debug, Error)]
pub enum KeyFileError {
    #[error("key file {0} does not exist (create one with `tdlog key new`)")]
    Missing(PathBuf),
    #[error("key file {0} already exists; tdlog never overwrites a device key")]
    Exists(PathBuf),
    #[error("key file {path} is readable by other users (mode {mode:o}); run `chmod 600 {path}`")]
    Permissions { path: PathBuf, mode: u32 },
    #[error("key file {0} is not a tdlog key file: {1}")]
    Format(PathBuf, String),
    #[error("key file {0} is protected by a passphrase; set TDLOG_PASSPHRASE")]
    NeedPassphrase(PathBuf),
    #[error("wrong passphrase for key file {0} (or the file is damaged)")]
    WrongPassphrase(PathBuf),
    #[error("key file {0}: {1}")]
    Io(PathBuf, std::io::Error),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyFile {
    format: String,
    public: Hash32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sealed: Option<Sealed>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sealed {
    kdf: String,
    m_kib: u32,
    t: u32,
    p: u32,
    salt: String,
    nonce: String,
    ciphertext: String,
}

/// Where the device key lives unless `--key` or `TDLOG_KEY` says otherwise.
pub fn default_key_path() -> PathBuf {
    if let Some(p) = std::env::var_os("TDLOG_KEY") {
        return PathBuf::from(p);
    }
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("tdlog").join("device.key")
}

fn derive(pass: &str, salt: &[u8], m: u32, t: u32, p: u32) -> Option<Zeroizing<[u8; 32]>> {
    let params = Params::new(m, t, p, Some(32)).ok()?;
    let mut out = Zeroizing::new([0u8; 32]);
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(pass.as_bytes(), salt, &mut *out)
        .ok()?;
    Some(out)
}

impl DeviceKey {
    /// Writes this key to a new file (mode 0600), sealed if a passphrase is given.
    pub fn save(&self, path: &Path, passphrase: Option<&str>) -> Result<(), KeyFileError> {
        let io = |e| KeyFileError::Io(path.to_owned(), e);
        let secret = self.secret_bytes();
        let mut file = KeyFile {
            format: FORMAT.into(),
            public: self.public(),
            secret: None,
            sealed: None,
        };
        match passphrase {
            None => file.secret = Some(hex::encode(*secret)),
            Some(pass) => {
                let (m, t, p) = (19 * 1024, 2, 1);
                let mut salt = [0u8; 16];
                let mut nonce = [0u8; 24];
                OsRng.fill_bytes(&mut salt);
                OsRng.fill_bytes(&mut nonce);
                let k = derive(pass, &salt, m, t, p).ok_or_else(|| {
                    KeyFileError::Format(path.to_owned(), "key derivation failed".into())
                })?;
                let ct = XChaCha20Poly1305::new((&*k).into())
                    .encrypt(XNonce::from_slice(&nonce), &secret[..])
                    .map_err(|_| KeyFileError::Format(path.to_owned(), "sealing failed".into()))?;
                file.sealed = Some(Sealed {
                    kdf: "argon2id".into(),
                    m_kib: m,
                    t,
                    p,
                    salt: hex::encode(salt),
                    nonce: hex::encode(nonce),
                    ciphertext: hex::encode(ct),
                });
            }
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.mode(0o600);
        }
        let mut f = opts.open(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                KeyFileError::Exists(path.to_owned())
            } else {
                io(e)
            }
        })?;
        let json = Zeroizing::new(serde_json::to_vec_pretty(&file).unwrap_or_default());
        f.write_all(&json).map_err(io)?;
        f.sync_all().map_err(io)?;
        Ok(())
    }

    /// Reads a key file, refusing files other users can read and wrong passphrases.
    pub fn load(path: &Path, passphrase: Option<&str>) -> Result<DeviceKey, KeyFileError> {
        let fmt = |m: &str| KeyFileError::Format(path.to_owned(), m.to_owned());
        let meta = std::fs::metadata(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                KeyFileError::Missing(path.to_owned())
            } else {
                KeyFileError::Io(path.to_owned(), e)
            }
        })?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                return Err(KeyFileError::Permissions {
                    path: path.to_owned(),
                    mode,
                });
            }
        }
        let _ = meta;
        let bytes =
            Zeroizing::new(std::fs::read(path).map_err(|e| KeyFileError::Io(path.to_owned(), e))?);
        let file: KeyFile = serde_json::from_slice(&bytes).map_err(|e| fmt(&e.to_string()))?;
        if file.format != FORMAT {
            return Err(fmt(&format!("unknown format {:?}", file.format)));
        }
        let secret: Zeroizing<Vec<u8>> = match (&file.secret, &file.sealed) {
            (Some(s), None) => {
                Zeroizing::new(hex::decode(s).map_err(|_| fmt("secret is not hex"))?)
            }
            (None, Some(s)) => {
                let pass =
                    passphrase.ok_or_else(|| KeyFileError::NeedPassphrase(path.to_owned()))?;
                if s.kdf != "argon2id" {
                    return Err(fmt("unknown key derivation"));
                }
                let salt = hex::decode(&s.salt).map_err(|_| fmt("salt is not hex"))?;
                let nonce = hex::decode(&s.nonce).map_err(|_| fmt("nonce is not hex"))?;
                let ct = hex::decode(&s.ciphertext).map_err(|_| fmt("ciphertext is not hex"))?;
                if nonce.len() != 24 {
                    return Err(fmt("nonce has the wrong length"));
                }
                let k = derive(pass, &salt, s.m_kib, s.t, s.p)
                    .ok_or_else(|| fmt("bad key-derivation parameters"))?;
                Zeroizing::new(
                    XChaCha20Poly1305::new((&*k).into())
                        .decrypt(XNonce::from_slice(&nonce), ct.as_slice())
                        .map_err(|_| KeyFileError::WrongPassphrase(path.to_owned()))?,
                )
            }
            _ => return Err(fmt("needs exactly one of `secret` and `sealed`")),
        };
        let seed: [u8; 32] = secret[..]
            .try_into()
            .map_err(|_| fmt("secret has the wrong length"))?;
        let key = DeviceKey::from_seed(seed);
        if key.public() != file.public {
            return Err(fmt("public key does not match the secret"));
        }
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_key_round_trip_and_wrong_passphrase() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("k.key");
        let k = DeviceKey::generate();
        k.save(&p, Some("correct horse")).unwrap();
        assert_eq!(
            DeviceKey::load(&p, Some("correct horse")).unwrap().public(),
            k.public()
        );
        assert!(matches!(
            DeviceKey::load(&p, Some("wrong")),
            Err(KeyFileError::WrongPassphrase(_))
        ));
        assert!(matches!(
            DeviceKey::load(&p, None),
            Err(KeyFileError::NeedPassphrase(_))
        ));
        assert!(matches!(k.save(&p, None), Err(KeyFileError::Exists(_))));
    }

    #[cfg(unix)]
    #[test]
    fn key_file_is_private_and_others_readable_file_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("k.key");
        DeviceKey::generate().save(&p, None).unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert!(matches!(
            DeviceKey::load(&p, None),
            Err(KeyFileError::Permissions { .. })
        ));
    }
}
