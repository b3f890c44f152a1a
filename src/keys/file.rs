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

/// Argon2id parameters a key file may ask for. A key file is read before anything else a
/// command does, and the file decides how much memory and time the derivation takes: without
/// bounds, one asking for 4 GiB aborts the process and one asking for 100000 passes hangs it.
/// tdlog writes m = 19 MiB, t = 2, p = 1; the bounds leave room for stronger settings and
/// refuse derivations too weak to protect a key.
pub const ARGON2_M_KIB: std::ops::RangeInclusive<u32> = 8 * 1024..=1024 * 1024;
pub const ARGON2_T: std::ops::RangeInclusive<u32> = 1..=10;
pub const ARGON2_P: std::ops::RangeInclusive<u32> = 1..=4;
/// Salt length in bytes (Argon2 needs at least 8; tdlog writes 16).
const SALT_LEN: std::ops::RangeInclusive<usize> = 8..=64;
/// No key file is larger: a bigger one is not read into memory.
const MAX_KEY_FILE_BYTES: u64 = 64 * 1024;

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
    #[error("key file {path} asks for Argon2id {what}, outside what tdlog accepts ({allowed}); it was not made by tdlog or has been altered, and was not used")]
    KdfParams {
        path: PathBuf,
        what: String,
        allowed: String,
    },
    #[error("key file {0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// A FIFO, directory or device: refused before it is opened (opening a FIFO blocks).
    #[error(transparent)]
    NotAFile(crate::io_safe::FileError),
}

/// Refuses Argon2id parameters outside [`ARGON2_M_KIB`], [`ARGON2_T`], [`ARGON2_P`] before
/// any memory is allocated or any time is spent.
fn check_kdf_params(path: &Path, s: &Sealed, salt_len: usize) -> Result<(), KeyFileError> {
    let bad = |what: String, allowed: String| {
        Err(KeyFileError::KdfParams {
            path: path.to_owned(),
            what,
            allowed,
        })
    };
    let r = |r: &std::ops::RangeInclusive<u32>| format!("{} to {}", r.start(), r.end());
    if !ARGON2_M_KIB.contains(&s.m_kib) {
        return bad(
            format!("memory m = {} KiB", s.m_kib),
            format!("{} KiB", r(&ARGON2_M_KIB)),
        );
    }
    if !ARGON2_T.contains(&s.t) {
        return bad(format!("t = {} passes", s.t), r(&ARGON2_T));
    }
    if !ARGON2_P.contains(&s.p) {
        return bad(format!("parallelism p = {}", s.p), r(&ARGON2_P));
    }
    if s.m_kib < 8 * s.p {
        return bad(
            format!("m = {} KiB for p = {}", s.m_kib, s.p),
            "at least 8 KiB per lane".into(),
        );
    }
    if !SALT_LEN.contains(&salt_len) {
        return bad(
            format!("a salt of {salt_len} bytes"),
            format!("{} to {} bytes", SALT_LEN.start(), SALT_LEN.end()),
        );
    }
    Ok(())
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
        if !meta.file_type().is_file() {
            if let Err(e) = crate::io_safe::require_regular_file(path) {
                return Err(KeyFileError::NotAFile(e));
            }
        }
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
        if meta.len() > MAX_KEY_FILE_BYTES {
            return Err(fmt(&format!(
                "{} bytes; a key file is well under {MAX_KEY_FILE_BYTES}",
                meta.len()
            )));
        }
        let bytes =
            Zeroizing::new(std::fs::read(path).map_err(|e| KeyFileError::Io(path.to_owned(), e))?);
        Self::parse(path, &bytes, passphrase)
    }

    /// Reads a key that is published on purpose (the demo tournament's keys, shipped readable
    /// by everyone in the repository and the package): no permission check, and only an
    /// unsealed key. Never for a real device's key.
    pub fn load_published(path: &Path) -> Result<DeviceKey, KeyFileError> {
        crate::io_safe::require_regular_file(path).map_err(KeyFileError::NotAFile)?;
        let bytes =
            Zeroizing::new(std::fs::read(path).map_err(|e| KeyFileError::Io(path.to_owned(), e))?);
        if bytes.len() as u64 > MAX_KEY_FILE_BYTES {
            return Err(KeyFileError::Format(
                path.to_owned(),
                "too long for a key file".into(),
            ));
        }
        Self::parse(path, &bytes, None)
    }

    /// A key file's bytes read into a key (after the caller's checks of the file itself).
    fn parse(
        path: &Path,
        bytes: &[u8],
        passphrase: Option<&str>,
    ) -> Result<DeviceKey, KeyFileError> {
        let fmt = |m: &str| KeyFileError::Format(path.to_owned(), m.to_owned());
        let file: KeyFile = serde_json::from_slice(bytes).map_err(|e| fmt(&e.to_string()))?;
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
                check_kdf_params(path, s, salt.len())?;
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

    /// A sealed key file with its Argon2 parameters rewritten, as an attacker could leave it.
    fn crafted(dir: &Path, name: &str, field: &str, value: serde_json::Value) -> PathBuf {
        let p = dir.join(format!("{name}.key"));
        DeviceKey::generate().save(&p, Some("pass")).unwrap();
        let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
        v["sealed"][field] = value;
        std::fs::remove_file(&p).unwrap();
        let mut f = std::fs::OpenOptions::new();
        f.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            f.mode(0o600);
        }
        f.open(&p)
            .unwrap()
            .write_all(&serde_json::to_vec(&v).unwrap())
            .unwrap();
        p
    }

    #[test]
    fn attack_key_file_asking_for_4_gib_of_argon2_memory_is_refused_without_allocating() {
        let dir = tempfile::tempdir().unwrap();
        let p = crafted(
            dir.path(),
            "greedy",
            "m_kib",
            serde_json::json!(4 * 1024 * 1024u32),
        );
        let started = std::time::Instant::now();
        let e = DeviceKey::load(&p, Some("pass")).err().unwrap();
        assert!(matches!(e, KeyFileError::KdfParams { .. }), "{e}");
        let msg = e.to_string();
        assert!(
            msg.contains("memory m = 4194304 KiB") && msg.contains("8192 to 1048576 KiB"),
            "{msg}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    #[test]
    fn attack_key_file_asking_for_100000_argon2_passes_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let p = crafted(dir.path(), "slow", "t", 100_000u32.into());
        let started = std::time::Instant::now();
        let e = DeviceKey::load(&p, Some("pass")).err().unwrap().to_string();
        assert!(
            e.contains("t = 100000 passes") && e.contains("1 to 10"),
            "{e}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    #[test]
    fn argon2_parameters_outside_the_bounds_are_refused_on_both_sides() {
        let dir = tempfile::tempdir().unwrap();
        for (i, (field, value, expect)) in [
            ("p", 64u32, "parallelism p = 64"),
            ("p", 0, "parallelism p = 0"),
            ("t", 0, "t = 0 passes"),
            ("m_kib", 7, "memory m = 7 KiB"),
            ("m_kib", 1024 * 1024 + 1, "memory m = 1048577 KiB"),
        ]
        .into_iter()
        .enumerate()
        {
            let p = crafted(dir.path(), &format!("k{i}"), field, value.into());
            let e = DeviceKey::load(&p, Some("pass")).err().unwrap().to_string();
            assert!(e.contains(expect), "{field}={value}: {e}");
        }
        let p = crafted(dir.path(), "salt", "salt", "0011".into());
        let e = DeviceKey::load(&p, Some("pass")).err().unwrap().to_string();
        assert!(e.contains("a salt of 2 bytes"), "{e}");
        // The bounds include what tdlog writes, so every key it made still opens.
        let p = crafted(dir.path(), "same", "kdf", "argon2id".into());
        assert!(DeviceKey::load(&p, Some("pass")).is_ok());
    }

    #[test]
    fn a_directory_or_a_huge_file_given_as_a_key_is_refused_without_reading_it() {
        let dir = tempfile::tempdir().unwrap();
        let e = DeviceKey::load(dir.path(), None).err().unwrap().to_string();
        assert!(e.contains("is a directory, not a regular file"), "{e}");
        let big = dir.path().join("big.key");
        let f = std::fs::File::create(&big).unwrap();
        f.set_len(1 << 30).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&big, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        let e = DeviceKey::load(&big, None).err().unwrap().to_string();
        assert!(e.contains("1073741824 bytes"), "{e}");
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
