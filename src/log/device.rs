//! The device's data dir as several processes share it (issue 29): the app and the CLI, or
//! two CLI commands, on one log at once.
//!
//! What the device keeps about a log outside the file (its record of what it has seen,
//! `log::seen`, and its verified-state cache, `log::cache`) is read and rewritten under one
//! lock per data dir (`<data dir>/lock`, an advisory file lock): a reader never sees half a
//! segment, and a writer always adds to the file as it is now, not as it was when it last
//! read it. Within one process the lock is re-entrant per thread, so a step that holds it
//! may call another that takes it.
//!
//! A record or cache that fails its own check (a damaged signature, a cut-short file, a
//! missing state key) is derived data gone bad, never a reason to refuse the log: it is
//! **set aside** (renamed `<name>.set-aside-<time>`, kept as evidence), named in a warning,
//! and rebuilt by the next full verify. What the two are for stays: each alone still
//! refuses a log that lost events this device saw (see `Log::verify_all`).

use super::seen_error::SeenError;
use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// How long a process waits for another to release the data dir before giving up: the
/// longest step under the lock rewrites a million-row cache (under a second).
const WAIT: Duration = Duration::from_secs(60);

struct Held {
    owner: ThreadId,
    depth: usize,
    /// The locked file (`None` while the owner is still waiting for it).
    file: Option<File>,
}

static HELD: Mutex<BTreeMap<PathBuf, Held>> = Mutex::new(BTreeMap::new());
static FREED: Condvar = Condvar::new();

fn held() -> MutexGuard<'static, BTreeMap<PathBuf, Held>> {
    HELD.lock().unwrap_or_else(|e| e.into_inner())
}

/// The data dir held by this thread; released when dropped.
#[must_use = "the lock is released when this is dropped"]
pub struct DirLock {
    dir: PathBuf,
}

/// Takes the lock of the data dir `dir` (creating the dir), waiting for other processes
/// and threads; re-entrant within one thread.
pub fn lock(dir: &Path) -> Result<DirLock, SeenError> {
    let key = dir.to_path_buf();
    let me = std::thread::current().id();
    let mut h = held();
    loop {
        match h.get_mut(&key) {
            Some(x) if x.owner == me => {
                x.depth += 1;
                return Ok(DirLock { dir: key });
            }
            Some(_) => h = FREED.wait(h).unwrap_or_else(|e| e.into_inner()),
            None => break,
        }
    }
    h.insert(
        key.clone(),
        Held {
            owner: me,
            depth: 1,
            file: None,
        },
    );
    drop(h);
    match file_lock(dir) {
        Ok(f) => {
            if let Some(x) = held().get_mut(&key) {
                x.file = Some(f);
            }
            Ok(DirLock { dir: key })
        }
        Err(e) => {
            held().remove(&key);
            FREED.notify_all();
            Err(e)
        }
    }
}

impl Drop for DirLock {
    fn drop(&mut self) {
        let mut h = held();
        let last = h.get_mut(&self.dir).is_some_and(|x| {
            x.depth -= 1;
            x.depth == 0
        });
        if last {
            // Dropping the file releases the advisory lock.
            h.remove(&self.dir);
            FREED.notify_all();
        }
    }
}

fn file_lock(dir: &Path) -> Result<File, SeenError> {
    let io = |path: &Path, err| SeenError::Io {
        path: path.to_owned(),
        err,
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let p = dir.join("lock");
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    let f = opts.open(&p).map_err(|e| io(&p, e))?;
    let started = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match f.try_lock() {
            Ok(()) => return Ok(f),
            Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < WAIT => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(SeenError::Busy { path: p });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(&p, e)),
        }
    }
}

/// A record of the data dir as this device keeps them (its record of what it has seen, its
/// archive index): `body`, a line, and the hex signature by the device's state key over
/// `domain` and `body`.
pub(crate) fn seal(key: &crate::keys::DeviceKey, domain: &[u8], body: Vec<u8>) -> Vec<u8> {
    let sig = key.sign(&[domain, &body].concat());
    let mut text = body;
    text.push(b'\n');
    text.extend_from_slice(hex::encode(sig).as_bytes());
    text.push(b'\n');
    text
}

/// The body of a record [`seal`]ed in `text`, its signature checked with the state key of
/// `dir` (strictly, over the stored bytes); why not, if not (`what` names the record).
pub(crate) fn unseal<'a>(
    dir: &Path,
    domain: &[u8],
    text: &'a [u8],
    what: &str,
) -> Result<&'a [u8], String> {
    let key = match state_key(dir, false) {
        Ok(Some(k)) => k,
        Ok(None) => return Err("the device's state key (state.key) is missing".into()),
        Err(e) => return Err(e.to_string()),
    };
    let split = text
        .iter()
        .position(|&b| b == b'\n')
        .ok_or("no signature line")?;
    let (body, sig) = (&text[..split], &text[split + 1..]);
    let sig = hex::decode(String::from_utf8_lossy(sig).trim())
        .ok()
        .and_then(|b| <[u8; 64]>::try_from(b.as_slice()).ok())
        .ok_or("the signature line is not a signature")?;
    let vk =
        ed25519_dalek::VerifyingKey::from_bytes(&key.public().0).map_err(|_| "bad state key")?;
    vk.verify_strict(
        &[domain, body].concat(),
        &ed25519_dalek::Signature::from_bytes(&sig),
    )
    .map_err(|_| format!("the signature does not match the {what}"))?;
    Ok(body)
}

/// The device's state key (`state.key`, 0600), which signs its record and its cache; made
/// on first use when `create`. A state key that cannot be read is set aside (the record and
/// cache it signed then fail their checks and are set aside in turn). Call with the data
/// dir's lock held.
pub(crate) fn state_key(
    dir: &Path,
    create: bool,
) -> Result<Option<crate::keys::DeviceKey>, SeenError> {
    let p = dir.join("state.key");
    if p.exists() {
        match crate::keys::DeviceKey::load(&p, None) {
            Ok(k) => return Ok(Some(k)),
            Err(e) => {
                set_aside(&p, "this device's state key", &e.to_string());
            }
        }
    }
    if !create {
        return Ok(None);
    }
    std::fs::create_dir_all(dir).map_err(|err| SeenError::Io {
        path: dir.to_owned(),
        err,
    })?;
    let k = crate::keys::DeviceKey::generate();
    k.save(&p, None).map_err(|e| SeenError::Tampered {
        log: "-".into(),
        path: p.clone(),
        why: e.to_string(),
    })?;
    Ok(Some(k))
}

static WARNINGS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Notes a warning for the person (the CLI prints them on stderr, `verify --json` lists
/// them, the app can show them): something was repaired that they should know about.
pub fn warn(message: String) {
    tracing::info!("{message}");
    WARNINGS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(message);
}

/// The warnings noted so far in this process, taken (each is reported once).
pub fn take_warnings() -> Vec<String> {
    std::mem::take(&mut *WARNINGS.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Sets a file of the data dir aside that failed its check: renamed next to itself as
/// `<name>.set-aside-<UTC time>` (kept as evidence), with a warning naming both. Returns
/// the new name, or `None` if the file could not be renamed (it is then removed, so that a
/// damaged file cannot block the log). Call with the data dir's lock held.
pub fn set_aside(path: &Path, what: &str, why: &str) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ");
    let mut target = path.with_file_name(format!("{name}.set-aside-{stamp}"));
    let mut n = 1;
    while target.exists() {
        target = path.with_file_name(format!("{name}.set-aside-{stamp}-{n}"));
        n += 1;
    }
    match std::fs::rename(path, &target) {
        Ok(()) => {
            warn(format!(
                "{what} {} failed its check ({why}); set aside as {} and rebuilt by a full verify",
                path.display(),
                target.display()
            ));
            Some(target)
        }
        Err(e) => {
            let _ = std::fs::remove_file(path);
            warn(format!(
                "{what} {} failed its check ({why}) and could not be set aside ({e}); removed and rebuilt by a full verify",
                path.display()
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_is_reentrant_in_one_thread_and_exclusive_between_threads() {
        let d = tempfile::tempdir().unwrap();
        let outer = lock(d.path()).unwrap();
        let inner = lock(d.path()).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let dir = d.path().to_owned();
        let other = std::thread::spawn(move || {
            let _l = lock(&dir).unwrap();
            tx.send(()).unwrap();
        });
        drop(inner);
        assert!(
            rx.recv_timeout(Duration::from_millis(200)).is_err(),
            "still held by the outer lock"
        );
        drop(outer);
        rx.recv_timeout(Duration::from_secs(10)).unwrap();
        other.join().unwrap();
    }

    #[test]
    fn a_file_set_aside_is_kept_and_named() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("x.seen");
        std::fs::write(&p, b"damaged").unwrap();
        let to = set_aside(&p, "the record", "bad signature").unwrap();
        assert!(!p.exists());
        assert_eq!(std::fs::read(&to).unwrap(), b"damaged");
        assert!(to
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("x.seen.set-aside-"));
        let w = take_warnings();
        assert!(
            w.iter()
                .any(|m| m.contains("x.seen") && m.contains("set aside")),
            "{w:?}"
        );
    }
}
