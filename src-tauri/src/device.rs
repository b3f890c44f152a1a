//! This device: its data directory, its key file and its list of recent logs.
//!
//! The private key stays in `device.key` (0600, optionally sealed with a passphrase, see
//! `tdlog::keys`); the UI only ever receives the public key and its fingerprint.

use crate::error::AppError;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tdlog::keys::{fingerprint, DeviceKey};
use tdlog::log::Hash32;

const RECENT_MAX: usize = 8;

/// The public half of this device's key, as shown to the TD for enrolment.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DeviceKeyInfo {
    pub public: String,
    pub fingerprint: String,
    pub protected: bool,
    pub path: String,
}

pub fn key_path(data_dir: &Path) -> PathBuf {
    data_dir.join("device.key")
}

/// Reads only the public part of the key file (no passphrase needed).
pub fn read_public(data_dir: &Path) -> Result<Option<DeviceKeyInfo>, AppError> {
    let path = key_path(data_dir);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        AppError::new(
            "key_format",
            format!("{} is not a tdlog key file: {e}", path.display()),
        )
    })?;
    let public = v
        .get("public")
        .and_then(|p| p.as_str())
        .and_then(|p| Hash32::from_hex(p).ok())
        .ok_or_else(|| {
            AppError::new(
                "key_format",
                format!("{} has no valid public key", path.display()),
            )
        })?;
    Ok(Some(info(&path, public, v.get("sealed").is_some())))
}

fn info(path: &Path, public: Hash32, protected: bool) -> DeviceKeyInfo {
    DeviceKeyInfo {
        public: public.to_hex(),
        fingerprint: fingerprint(&public),
        protected,
        path: path.display().to_string(),
    }
}

/// Creates this device's key (refused if one exists: a device key is never overwritten).
pub fn create(data_dir: &Path, passphrase: Option<&str>) -> Result<DeviceKeyInfo, AppError> {
    let passphrase = passphrase.filter(|p| !p.is_empty());
    let path = key_path(data_dir);
    let k = DeviceKey::generate();
    k.save(&path, passphrase)?;
    Ok(info(&path, k.public(), passphrase.is_some()))
}

/// Loads the private key for one signing; it is dropped (and wiped) right after.
pub fn load(data_dir: &Path, passphrase: Option<&str>) -> Result<DeviceKey, AppError> {
    let passphrase = passphrase.filter(|p| !p.is_empty());
    Ok(DeviceKey::load(&key_path(data_dir), passphrase)?)
}

fn recent_path(data_dir: &Path) -> PathBuf {
    data_dir.join("recent.json")
}

/// Recent logs, newest first; `None` before the first log was ever opened (first start).
pub fn recent(data_dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(recent_path(data_dir)).ok()?;
    Some(serde_json::from_str(&text).unwrap_or_default())
}

/// Puts `log` at the top of the recent list.
pub fn remember(data_dir: &Path, log: &Path) -> Result<(), AppError> {
    let entry = log.display().to_string();
    let mut list = recent(data_dir).unwrap_or_default();
    list.retain(|p| p != &entry);
    list.insert(0, entry);
    list.truncate(RECENT_MAX);
    std::fs::create_dir_all(data_dir)?;
    let tmp = recent_path(data_dir).with_extension("partial");
    std::fs::write(&tmp, serde_json::to_vec_pretty(&list).unwrap_or_default())?;
    std::fs::rename(&tmp, recent_path(data_dir))?;
    Ok(())
}

/// The demo tournament as this device works on it: a copy of the shipped demo log in the
/// data directory (the shipped file is never written to).
pub fn demo_copy(data_dir: &Path, shipped: &Path) -> Result<PathBuf, AppError> {
    let copy = data_dir.join("demo").join("demo.tdlog");
    if !copy.exists() {
        if !shipped.exists() {
            return Err(AppError::new(
                "missing_file",
                format!("the demo tournament {} is missing", shipped.display()),
            ));
        }
        std::fs::create_dir_all(copy.parent().unwrap_or(data_dir))?;
        std::fs::copy(shipped, &copy)?;
    }
    Ok(copy)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tdlog-desktop-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn key_is_created_once_and_only_its_public_half_is_read() {
        let d = scratch("key");
        assert_eq!(read_public(&d).unwrap(), None);
        let k = create(&d, Some("correct horse")).unwrap();
        assert!(k.protected);
        assert_eq!(read_public(&d).unwrap(), Some(k.clone()));
        assert_eq!(create(&d, None).unwrap_err().code, "key_exists");
        assert_eq!(
            load(&d, None).err().map(|e| e.code),
            Some("need_passphrase")
        );
        assert_eq!(
            load(&d, Some("wrong")).err().map(|e| e.code),
            Some("wrong_passphrase")
        );
        assert_eq!(
            load(&d, Some("correct horse")).unwrap().public().to_hex(),
            k.public
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn recent_list_is_newest_first_without_duplicates() {
        let d = scratch("recent");
        assert_eq!(recent(&d), None);
        for p in ["a.tdlog", "b.tdlog", "a.tdlog"] {
            remember(&d, Path::new(p)).unwrap();
        }
        assert_eq!(recent(&d), Some(vec!["a.tdlog".into(), "b.tdlog".into()]));
        let _ = std::fs::remove_dir_all(&d);
    }
}
