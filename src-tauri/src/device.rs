//! This device: its data directory, its key file and its list of recent logs.
//!
//! The private key stays in `device.key` (0600, optionally sealed with a passphrase, see
//! `tdlog::keys`); the UI only ever receives the public key and its fingerprint.

use crate::error::AppError;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tdlog::keys::{fingerprint, DeviceKey};
use tdlog::log::seen::SeenStore;
use tdlog::log::{Hash32, Log, LogError};

const RECENT_MAX: usize = 8;

/// The public half of this device's key, as shown to the TD for enrolment.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DeviceKeyInfo {
    pub public: String,
    pub fingerprint: String,
    pub protected: bool,
    pub path: String,
    /// The QR code of the key for enrolment (`crate::qr`): what it says, and as SVG.
    pub qr_payload: String,
    pub qr_svg: String,
}

pub fn key_path(data_dir: &Path) -> PathBuf {
    data_dir.join("device.key")
}

/// Other key files this device may sign with: `<data dir>/keys/NAME.key` (for example the
/// published demo keys of other roles). Only their public halves are ever read for the UI.
pub fn keys_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("keys")
}

/// The key file that signs: `device.key`, or `keys/NAME.key` when "sign as NAME" is chosen.
pub fn signing_path(data_dir: &Path, sign_as: Option<&str>) -> Result<PathBuf, AppError> {
    match sign_as {
        None => Ok(key_path(data_dir)),
        Some(n) if valid_name(n) => Ok(keys_dir(data_dir).join(format!("{n}.key"))),
        Some(n) => Err(AppError::new(
            "key_missing",
            format!("{n:?} is not a key file name"),
        )),
    }
}

fn valid_name(n: &str) -> bool {
    !n.is_empty()
        && n.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A key file in `keys/`, public half only.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct KeyFile {
    pub name: String,
    pub key: DeviceKeyInfo,
}

/// Every readable key file in `keys/`, by name.
pub fn key_files(data_dir: &Path) -> Vec<KeyFile> {
    let Ok(dir) = std::fs::read_dir(keys_dir(data_dir)) else {
        return vec![];
    };
    let mut out: Vec<KeyFile> = dir
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let p = e.path();
            let name = p.file_stem()?.to_str()?.to_owned();
            if p.extension()? != "key" || !valid_name(&name) {
                return None;
            }
            let key = read_public_at(&p).ok().flatten()?;
            Some(KeyFile { name, key })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// Reads only the public part of the key file at `path` (no passphrase needed).
pub fn read_public_at(path: &Path) -> Result<Option<DeviceKeyInfo>, AppError> {
    let path = path.to_owned();
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
        qr_payload: crate::qr::payload(&public),
        qr_svg: crate::qr::svg(&public),
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
    load_at(&key_path(data_dir), passphrase)
}

/// Loads the private key at `path` for one signing.
pub fn load_at(path: &Path, passphrase: Option<&str>) -> Result<DeviceKey, AppError> {
    let passphrase = passphrase.filter(|p| !p.is_empty());
    Ok(DeviceKey::load(path, passphrase)?)
}

/// Imports the key file at `src` into `keys/` (mode 0600) under its own name, for "sign as".
/// Its public half is read first (a file that is no tdlog key file is refused); a name
/// already holding another key is refused (a key file is never overwritten); importing the
/// same key again is a no-op. The bytes go file to file in Rust, never through the webview.
pub fn import_key(data_dir: &Path, src: &Path) -> Result<KeyFile, AppError> {
    let key = read_public_at(src)?
        .ok_or_else(|| AppError::new("missing_file", format!("no file at {}", src.display())))?;
    let stem = src.file_stem().and_then(|s| s.to_str()).unwrap_or("key");
    let name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let name = if name.is_empty() {
        "key".to_string()
    } else {
        name
    };
    let dest = keys_dir(data_dir).join(format!("{name}.key"));
    if let Some(there) = read_public_at(&dest)? {
        if there.public == key.public {
            return Ok(KeyFile { name, key: there });
        }
        return Err(AppError::new(
            "key_exists",
            format!(
                "{} already holds another key ({})",
                dest.display(),
                there.fingerprint
            ),
        ));
    }
    let bytes = std::fs::read(src)?;
    std::fs::create_dir_all(keys_dir(data_dir))?;
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
    let mut f = opts.open(&dest)?;
    std::io::Write::write_all(&mut f, &bytes)?;
    f.sync_all()?;
    let key = read_public_at(&dest)?
        .ok_or_else(|| AppError::new("io", format!("{} vanished", dest.display())))?;
    Ok(KeyFile { name, key })
}

fn sign_as_path(data_dir: &Path) -> PathBuf {
    data_dir.join("sign-as.json")
}

/// The "sign as" choice kept across restarts (`None`: this device's own key). Only a name
/// whose key file is still there is given back; anything else falls back to `device.key`.
pub fn saved_sign_as(data_dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(sign_as_path(data_dir)).ok()?;
    let name: Option<String> = serde_json::from_str(&text).ok()?;
    let name = name?;
    let path = signing_path(data_dir, Some(&name)).ok()?;
    path.is_file().then_some(name)
}

/// Remembers the "sign as" choice for the next start.
pub fn remember_sign_as(data_dir: &Path, name: Option<&str>) -> Result<(), AppError> {
    std::fs::create_dir_all(data_dir)?;
    let tmp = sign_as_path(data_dir).with_extension("partial");
    std::fs::write(&tmp, serde_json::to_vec(&name).unwrap_or_default())?;
    std::fs::rename(&tmp, sign_as_path(data_dir))?;
    Ok(())
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

/// Where this device keeps its copy of the demo.
pub fn demo_copy_path(data_dir: &Path) -> PathBuf {
    data_dir.join("demo").join("demo.tdlog")
}

/// The demo tournament as this device works on it: a copy of the shipped demo log in the
/// data directory (the shipped file is never written to). A fresh copy is an explicit reset:
/// this device's record of what it saw of the demo log is forgotten first, so the new copy
/// (which lacks the events signed on the old one) is not refused as rolled back.
pub fn demo_copy(data_dir: &Path, shipped: &Path, fresh: bool) -> Result<PathBuf, AppError> {
    let copy = demo_copy_path(data_dir);
    if fresh {
        for ext in ["tdlog", "tdlog-wal", "tdlog-shm"] {
            let _ = std::fs::remove_file(copy.with_extension(ext));
        }
    }
    if !copy.exists() {
        if !shipped.exists() {
            return Err(AppError::new(
                "missing_file",
                format!("the demo tournament {} is missing", shipped.display()),
            ));
        }
        std::fs::create_dir_all(copy.parent().unwrap_or(data_dir))?;
        let tmp = copy.with_extension("partial");
        let _ = std::fs::remove_file(&tmp);
        match tdlog::demo::DemoSource::beside(shipped) {
            // The day signed now (N2): its periods run from the copy, not from the build.
            Some(src) => {
                let now = chrono::Utc::now().timestamp_millis();
                tdlog::demo::make_day(&src, &tmp, now)
                    .map_err(|e| AppError::new("demo", e.to_string()))?;
            }
            None => {
                std::fs::copy(shipped, &tmp)?;
            }
        }
        if let Some(id) = Log::open(&tmp)?.stored_log_id()? {
            SeenStore::new(data_dir)
                .forget(&id)
                .map_err(LogError::from)?;
            // A fresh copy is a reset: what this device verified of the old copy is gone too.
            tdlog::log::cache::VerifiedCache::new(data_dir).forget(&id);
        }
        std::fs::rename(&tmp, &copy)?;
    }
    Ok(copy)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_public(data_dir: &Path) -> Result<Option<DeviceKeyInfo>, AppError> {
        read_public_at(&key_path(data_dir))
    }

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
    fn key_files_are_listed_by_name_with_their_public_half_only() {
        let d = scratch("keyfiles");
        assert!(key_files(&d).is_empty());
        std::fs::create_dir_all(keys_dir(&d)).unwrap();
        let k = DeviceKey::generate();
        k.save(&keys_dir(&d).join("chief.key"), None).unwrap();
        std::fs::write(keys_dir(&d).join("notes.txt"), "x").unwrap();
        let list = key_files(&d);
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].name, "chief");
        assert_eq!(list[0].key.public, k.public().to_hex());
        let p = signing_path(&d, Some("chief")).unwrap();
        assert_eq!(load_at(&p, None).unwrap().public(), k.public());
        assert_eq!(
            signing_path(&d, Some("../device")).unwrap_err().code,
            "key_missing"
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    /// D9: the signer chosen with "sign as" is the signer after a restart; a key file that
    /// is gone falls back to this device's own key.
    #[test]
    fn sign_as_is_remembered_across_restarts() {
        let d = scratch("signas");
        assert_eq!(saved_sign_as(&d), None);
        std::fs::create_dir_all(keys_dir(&d)).unwrap();
        DeviceKey::generate()
            .save(&keys_dir(&d).join("chief.key"), None)
            .unwrap();
        remember_sign_as(&d, Some("chief")).unwrap();
        assert_eq!(saved_sign_as(&d).as_deref(), Some("chief"));
        remember_sign_as(&d, None).unwrap();
        assert_eq!(saved_sign_as(&d), None);
        remember_sign_as(&d, Some("chief")).unwrap();
        std::fs::remove_file(keys_dir(&d).join("chief.key")).unwrap();
        assert_eq!(saved_sign_as(&d), None);
        std::fs::write(sign_as_path(&d), "\"../device\"").unwrap();
        assert_eq!(saved_sign_as(&d), None);
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

    #[test]
    fn a_key_file_is_imported_into_keys_with_mode_0600_and_never_overwritten() {
        let d = scratch("import");
        let src = scratch("import-src");
        std::fs::create_dir_all(&src).unwrap();
        let chief = DeviceKey::generate();
        chief.save(&src.join("chief td.key"), None).unwrap();
        let f = import_key(&d, &src.join("chief td.key")).unwrap();
        assert_eq!(f.name, "chief_td");
        assert_eq!(f.key.public, chief.public().to_hex());
        assert_eq!(key_files(&d), vec![f.clone()]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(keys_dir(&d).join("chief_td.key"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let p = signing_path(&d, Some("chief_td")).unwrap();
        assert_eq!(load_at(&p, None).unwrap().public(), chief.public());
        // The same key again: nothing changes. Another key under that name: refused.
        assert_eq!(import_key(&d, &src.join("chief td.key")).unwrap(), f);
        let other = scratch("import-other");
        std::fs::create_dir_all(&other).unwrap();
        DeviceKey::generate()
            .save(&other.join("chief td.key"), None)
            .unwrap();
        assert_eq!(
            import_key(&d, &other.join("chief td.key"))
                .unwrap_err()
                .code,
            "key_exists"
        );
        std::fs::write(src.join("notes.key"), "not a key").unwrap();
        assert_eq!(
            import_key(&d, &src.join("notes.key")).unwrap_err().code,
            "key_format"
        );
        assert_eq!(
            import_key(&d, &src.join("none.key")).unwrap_err().code,
            "missing_file"
        );
        for x in [d, src, other] {
            let _ = std::fs::remove_dir_all(x);
        }
    }

    #[test]
    fn a_fresh_demo_copy_forgets_what_this_device_saw_of_the_demo() {
        let d = scratch("demo-reset");
        let shipped = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/demo/demo.tdlog"
        ));
        let copy = demo_copy(&d, shipped, false).unwrap();
        let td1 = crate::session::tests_support::demo_key("td1");
        let note = crate::session::NoteInput {
            text: "on the old copy".into(),
            board: None,
            table: None,
            round: None,
        };
        crate::session::append_note(&copy, &d, &td1, note).unwrap();
        crate::session::open(&copy, &d, &|_| {}).unwrap();
        // The demo is reset: its copy is removed and made again from the shipped file,
        // without the note this device saw. Not refused as rolled back.
        let again = demo_copy(&d, shipped, true).unwrap();
        let o = crate::session::open(&again, &d, &|_| {}).unwrap();
        assert!(crate::session::notes(&o)
            .iter()
            .all(|n| n.text != "on the old copy"));
        let _ = std::fs::remove_dir_all(&d);
    }

    /// N2: the shipped demo's day is signed when the copy is made, so its correction and
    /// appeal periods (Laws 79C1, 92B) run from then: a ruling can be appealed on the day
    /// the demo is opened, however old the build.
    #[test]
    fn law_92b_the_demo_copys_periods_run_from_the_copy() {
        let d = scratch("demo-fresh");
        let shipped = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/demo/demo.tdlog"
        ));
        let before = chrono::Utc::now().timestamp_millis();
        let copy = demo_copy(&d, shipped, false).unwrap();
        let o = crate::session::open(&copy, &d, &|_| {}).unwrap();
        let clocks = o.workflow.clocks(before);
        assert!(clocks.iter().any(|c| c.law == "92B"), "{clocks:?}");
        for c in &clocks {
            // 30 minutes from the publication signed just now.
            assert!(c.ends_ms >= before + 29 * 60_000, "{c:?}");
        }
        assert_eq!(
            o.workflow.appeals.len(),
            1,
            "the demo's appeal is at the committee"
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
