//! Reading a log changes nothing (issue 11, item 7): `verify` and every command that only
//! reads open the file read-only, leave no `-wal`/`-shm` next to it (also in a read-only
//! directory), and a FIFO, a directory or a device given as a log, a bundle or a key file is
//! refused at once instead of hanging.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};
use tdlog::keys::Role;
use tdlog::log::Log;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Runs the CLI, killing it (and failing the test) if it is still running after 20 s: a
/// command that blocks on a FIFO must show up as a failure, not hang the test suite.
/// This test binary's own device (data dir): the device record of what it has seen of each
/// log (`log::seen`) must not depend on what other test binaries did to copies of the demo.
fn device_dir() -> &'static Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

fn tdlog(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tdlog"))
        .args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env("TDLOG_DATA_DIR", device_dir())
        .env_remove("TDLOG_LANG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tdlog {args:?} hung (killed after 20 s)");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn sidecars(log: &Path) -> Vec<String> {
    ["-wal", "-shm", "-journal"]
        .iter()
        .map(|s| format!("{}{s}", log.display()))
        .filter(|p| Path::new(p).exists())
        .collect()
}

fn state(p: &Path) -> (Vec<u8>, SystemTime) {
    (
        std::fs::read(p).unwrap(),
        std::fs::metadata(p).unwrap().modified().unwrap(),
    )
}

#[cfg(unix)]
fn chmod(p: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// The demo log as a read-only file in a read-only directory (restored for clean-up on drop).
struct ReadOnlyCopy {
    dir: tempfile::TempDir,
    log: PathBuf,
}

impl ReadOnlyCopy {
    fn new() -> ReadOnlyCopy {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("medium");
        std::fs::create_dir(&sub).unwrap();
        let log = sub.join("demo.tdlog");
        std::fs::copy(root().join("fixtures/demo/demo.tdlog"), &log).unwrap();
        #[cfg(unix)]
        {
            chmod(&log, 0o444);
            chmod(&sub, 0o555);
        }
        ReadOnlyCopy { dir, log }
    }
}

impl Drop for ReadOnlyCopy {
    fn drop(&mut self) {
        #[cfg(unix)]
        chmod(&self.dir.path().join("medium"), 0o755);
    }
}

#[test]
fn verify_on_a_read_only_copy_in_a_read_only_directory_changes_nothing() {
    let ro = ReadOnlyCopy::new();
    let l = ro.log.to_str().unwrap();
    let before = state(&ro.log);
    let o = tdlog(&["verify", "--json", l]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(sidecars(&ro.log).is_empty(), "{:?}", sidecars(&ro.log));
    assert_eq!(state(&ro.log), before, "bytes and mtime unchanged");
}

/// As a user who really cannot write the directory (tests often run as root, for whom
/// permission bits do not apply: then the CLI runs as `nobody` through `setpriv`).
#[cfg(unix)]
#[test]
fn verify_works_for_a_user_who_cannot_write_the_directory() {
    use std::os::unix::fs::PermissionsExt;
    let ro = ReadOnlyCopy::new();
    // SAFETY: geteuid has no preconditions and cannot fail.
    let root_user = unsafe { libc::geteuid() } == 0;
    let setpriv = Path::new("/usr/bin/setpriv");
    if root_user && !setpriv.exists() {
        eprintln!("skipped: running as root without setpriv, permissions cannot be enforced");
        return;
    }
    std::fs::set_permissions(ro.dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let device = ro.dir.path().join("device");
    std::fs::create_dir(&device).unwrap();
    std::fs::set_permissions(&device, std::fs::Permissions::from_mode(0o777)).unwrap();
    let before = state(&ro.log);
    let mut c = if root_user {
        let mut c = Command::new(setpriv);
        c.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_tdlog"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_tdlog"))
    };
    let o = c
        .args(["verify", "--json"])
        .arg(&ro.log)
        .env("TDLOG_DATA_DIR", &device)
        .output()
        .unwrap();
    if root_user && !o.status.success() && text(&o).contains("Permission denied") {
        eprintln!(
            "skipped: nobody cannot run the test binary here: {}",
            text(&o)
        );
        return;
    }
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(sidecars(&ro.log).is_empty(), "{:?}", sidecars(&ro.log));
    assert_eq!(state(&ro.log), before);
}

#[test]
fn every_reading_command_leaves_a_read_only_log_as_it_was() {
    let ro = ReadOnlyCopy::new();
    let out = tempfile::tempdir().unwrap();
    let l = ro.log.to_str().unwrap();
    let bundle = out.path().join("b.json");
    let casebook = out.path().join("c.html");
    let before = state(&ro.log);
    let commands: Vec<Vec<&str>> = vec![
        vec!["verify", l],
        vec!["log", l],
        vec!["export", l, bundle.to_str().unwrap()],
        vec!["results", l],
        vec!["ranking", l],
        vec!["clocks", l],
        vec!["appeals", l],
        vec!["report", "casebook", l, "-o", casebook.to_str().unwrap()],
        vec!["view", "overview", l],
        vec!["view", "rulings", l],
        vec!["key", "list", l],
    ];
    for args in &commands {
        let o = tdlog(args);
        assert_eq!(o.status.code(), Some(0), "tdlog {args:?}: {}", text(&o));
        assert!(
            sidecars(&ro.log).is_empty(),
            "tdlog {args:?} left {:?}",
            sidecars(&ro.log)
        );
        assert_eq!(state(&ro.log), before, "tdlog {args:?} changed the log");
    }
    // The bundle verifies on its own and holds the same events.
    let o = tdlog(&["verify", bundle.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

fn small_log(path: &Path) -> (tdlog::keys::DeviceKey, tdlog::keys::DeviceKey) {
    let (chief, td) = (key(1), key(2));
    let tdlog::events::Payload::Genesis(g) = genesis() else {
        unreachable!()
    };
    let mut log = Log::create(path, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&td, note("first note")).unwrap();
    (chief, td)
}

#[test]
fn a_read_only_open_of_a_normal_file_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    small_log(&p);
    assert!(sidecars(&p).is_empty(), "a closed log has no sidecars");
    let before = state(&p);
    let ro = Log::open_read_only(&p).unwrap();
    assert_eq!(ro.count().unwrap(), 3);
    assert_eq!(ro.verify(None).unwrap().events.len(), 3);
    drop(ro);
    assert!(sidecars(&p).is_empty(), "{:?}", sidecars(&p));
    assert_eq!(state(&p), before);
}

#[test]
fn a_read_only_open_sees_events_still_in_the_write_ahead_log() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let (_, td) = small_log(&p);
    // A writer that stays open: its commits are in the -wal, not yet in the file.
    let mut writer = Log::open(&p).unwrap();
    writer.append(&td, note("only in the WAL")).unwrap();
    assert!(Path::new(&format!("{}-wal", p.display())).exists());
    let ro = Log::open_read_only(&p).unwrap();
    assert_eq!(ro.verify(None).unwrap().events.len(), 4);
}

#[test]
fn a_writer_during_an_unlocked_read_is_noticed_and_the_read_done_again() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.tdlog");
    let (_, td) = small_log(&p);
    let ro = Log::open_read_only(&p).unwrap(); // no -wal: read without locks
    assert_eq!(ro.verify(None).unwrap().events.len(), 3); // pages now cached
    {
        let mut w = Log::open(&p).unwrap();
        w.append(&td, note("written after the read-only open"))
            .unwrap();
    } // closing checkpoints into the file itself
    assert_eq!(
        ro.verify(None).unwrap().events.len(),
        4,
        "the new event is seen, not a torn or stale file"
    );
}

#[test]
fn a_read_only_log_is_refused_like_any_other_if_it_is_not_a_log() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.tdlog");
    std::fs::write(&junk, vec![0x42u8; 8192]).unwrap();
    let e = Log::open_read_only(&junk).err().unwrap().to_string();
    assert!(e.contains("not an SQLite database"), "{e}");
    let e = Log::open_read_only(&dir.path().join("nope.tdlog"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.ends_with("does not exist"), "{e}");
}

// ---- a FIFO, a directory or a device given as a file ----

#[cfg(unix)]
fn fifo(dir: &Path, name: &str) -> String {
    let p = dir.join(name);
    let st = Command::new("mkfifo").arg(&p).status().unwrap();
    assert!(st.success());
    p.to_str().unwrap().to_string()
}

#[cfg(unix)]
#[test]
fn verify_of_a_fifo_is_refused_at_once_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let f = fifo(dir.path(), "pipe.tdlog");
    let o = tdlog(&["verify", "--json", &f]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["reason"], "not_a_file", "{j}");
    assert!(
        j["message"].as_str().unwrap().contains("FIFO (named pipe)"),
        "{j}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_as_log_bundle_or_key_is_refused_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let f = fifo(dir.path(), "pipe");
    let log = dir.path().join("demo.tdlog");
    std::fs::copy(root().join("fixtures/demo/demo.tdlog"), &log).unwrap();
    let l = log.to_str().unwrap();
    let key = dir.path().join("k.key");
    let k = key.to_str().unwrap();
    assert!(tdlog(&["key", "new", "--key", k]).status.success());
    for args in [
        vec!["log", f.as_str()],
        vec!["results", f.as_str()],
        vec!["note", f.as_str(), "--text", "x", "--key", k],
        vec!["merge", l, f.as_str()],
        vec!["note", l, "--text", "x", "--key", f.as_str()],
        vec!["key", "show", "--key", f.as_str()],
    ] {
        let o = tdlog(&args);
        assert_eq!(o.status.code(), Some(1), "tdlog {args:?}: {}", text(&o));
        assert!(
            text(&o).contains("is a FIFO (named pipe), not a regular file"),
            "tdlog {args:?}: {}",
            text(&o)
        );
    }
}

#[test]
fn a_directory_given_as_a_log_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let o = tdlog(&["verify", "--json", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["reason"], "not_a_file", "{j}");
    assert!(
        j["message"].as_str().unwrap().contains("is a directory"),
        "{j}"
    );
}

#[cfg(unix)]
#[test]
fn a_device_given_as_a_log_or_a_key_is_refused() {
    let o = tdlog(&["verify", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("character device"), "{}", text(&o));
    let o = tdlog(&["key", "show", "--key", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("character device"), "{}", text(&o));
}
