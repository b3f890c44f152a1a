//! Files at the edge (issue 29): every path tdlog writes goes through the safe writer (no
//! symlink followed for an output, an existing file only with `--force`, the device's data
//! dir counted as input), every input is a regular file of bounded size and depth, secrets
//! are written 0600, reading a log leaves nothing behind, and what a terminal shows of a
//! signed text cannot drive the terminal.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

struct Scratch {
    dir: tempfile::TempDir,
    device: PathBuf,
    log: String,
    key: String,
}

/// A new log whose chief TD key is this scratch's key.
fn scratch() -> Scratch {
    let dir = tempfile::tempdir().unwrap();
    let device = dir.path().join("device");
    let log = dir.path().join("t.tdlog");
    let key = dir.path().join("chief.key").to_str().unwrap().to_string();
    let s = Scratch {
        log: log.to_str().unwrap().to_string(),
        dir,
        device,
        key,
    };
    ok(&s, &["key", "new", "--key", &s.key]);
    ok(
        &s,
        &[
            "init",
            &s.log,
            "--name",
            "Club pairs",
            "--game",
            "bridge",
            "--key",
            &s.key,
        ],
    );
    s
}

fn cmd(s: &Scratch, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tdlog"));
    c.args(args)
        .env("TDLOG_DATA_DIR", &s.device)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env_remove("TDLOG_LANG");
    c
}

fn tdlog(s: &Scratch, args: &[&str]) -> Output {
    cmd(s, args).output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn ok(s: &Scratch, args: &[&str]) -> String {
    let o = tdlog(s, args);
    assert!(o.status.success(), "tdlog {args:?}: {}", text(&o));
    text(&o)
}

/// Runs `args` with a deadline and at most 1 GB of address space: an input that makes
/// tdlog read for ever or recurse without end fails here instead of taking the machine.
fn bounded(s: &Scratch, args: &[&str], limit: Duration) -> (Option<i32>, String, Duration) {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg("ulimit -v 1000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_tdlog"))
        .args(args)
        .env("TDLOG_DATA_DIR", &s.device)
        .env_remove("TDLOG_KEY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = c.spawn().unwrap();
    loop {
        if let Some(_status) = child.try_wait().unwrap() {
            let o = child.wait_with_output().unwrap();
            return (o.status.code(), text(&o), started.elapsed());
        }
        if started.elapsed() > limit {
            child.kill().unwrap();
            let o = child.wait_with_output().unwrap();
            return (
                None,
                format!("still running after {limit:?}: {}", text(&o)),
                started.elapsed(),
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(unix)]
fn symlink(target: &str, link: &Path) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// `publish-site` into a directory where a page is a symbolic link to the device key and
/// another to the log: refused, both untouched (it wrote through the links with
/// `fs::write`).
#[cfg(unix)]
#[test]
fn attack_publish_site_through_symlinks_overwrites_neither_key_nor_log() {
    let s = scratch();
    let out = s.dir.path().join("site");
    std::fs::create_dir(&out).unwrap();
    symlink(&s.key, &out.join("index.html"));
    let (key_before, log_before) = (
        std::fs::read(&s.key).unwrap(),
        std::fs::read(&s.log).unwrap(),
    );
    for force in [false, true] {
        let mut args = vec![
            "publish-site",
            s.log.as_str(),
            "--out",
            out.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        let o = tdlog(&s, &args);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        assert!(text(&o).contains("symbolic link"), "{}", text(&o));
        assert_eq!(std::fs::read(&s.key).unwrap(), key_before);
    }
    std::fs::remove_file(out.join("index.html")).unwrap();
    symlink(&s.log, &out.join("index.html"));
    let o = tdlog(
        &s,
        &[
            "publish-site",
            &s.log,
            "--out",
            out.to_str().unwrap(),
            "--force",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(std::fs::read(&s.log).unwrap(), log_before);
}

/// A second `publish-site` into the same directory replaces its pages only with `--force`.
#[test]
fn publish_site_replaces_existing_pages_only_with_force() {
    let s = scratch();
    let out = s.dir.path().join("site");
    let out = out.to_str().unwrap();
    ok(&s, &["publish-site", &s.log, "--out", out]);
    let page = Path::new(out).join("index.html");
    std::fs::write(&page, "kept").unwrap();
    let o = tdlog(&s, &["publish-site", &s.log, "--out", out]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("--force"), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "kept");
    ok(&s, &["publish-site", &s.log, "--out", out, "--force"]);
    assert_ne!(std::fs::read_to_string(&page).unwrap(), "kept");
}

/// `export LOG <data dir>/seen/<log id>.seen --force`: the device record is part of the
/// device's data, never an output.
#[test]
fn attack_export_over_the_device_record_is_refused() {
    let s = scratch();
    let o = tdlog(&s, &["verify", "--json", &s.log]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let record = s
        .device
        .join("seen")
        .join(format!("{}.seen", j["log_id"].as_str().unwrap()));
    let before = std::fs::read(&record).unwrap();
    let o = tdlog(&s, &["export", &s.log, record.to_str().unwrap(), "--force"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("device"), "{}", text(&o));
    assert_eq!(std::fs::read(&record).unwrap(), before);
}

fn nested(open: &str, close: &str, depth: usize) -> String {
    let mut x = String::from("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">");
    x.push_str(&open.repeat(depth));
    x.push_str(&close.repeat(depth));
    x.push_str("</USEBIO>");
    x
}

/// USEBIO with 200,000 nested `SESSION` elements, or a million nested unknown ones: refused
/// with a clear error (each aborted the process with a stack overflow).
#[test]
fn usebio_nested_beyond_any_real_file_is_refused_not_a_crash() {
    let s = scratch();
    for (name, xml) in [
        ("sessions.xml", nested("<SESSION>", "</SESSION>", 200_000)),
        ("unknown.xml", nested("<X>", "</X>", 1_000_000)),
    ] {
        let f = s.dir.path().join(name);
        std::fs::write(&f, xml).unwrap();
        let (code, out, _) = bounded(
            &s,
            &[
                "import",
                "usebio",
                f.to_str().unwrap(),
                "--log",
                &s.log,
                "--key",
                &s.key,
            ],
            Duration::from_secs(60),
        );
        assert_eq!(code, Some(1), "{name}: {out}");
        assert!(out.contains("nested"), "{name}: {out}");
    }
}

/// `import pbn /dev/zero` is refused from the file's metadata (it read until memory ran
/// out); a file larger than any tournament's is refused from its size.
#[cfg(unix)]
#[test]
fn import_of_a_device_or_a_huge_file_is_refused_at_once() {
    let s = scratch();
    let (code, out, took) = bounded(
        &s,
        &[
            "import",
            "pbn",
            "/dev/zero",
            "--log",
            &s.log,
            "--key",
            &s.key,
        ],
        Duration::from_secs(60),
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("character device"), "{out}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    let big = s.dir.path().join("big.pbn");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    let (code, out, _) = bounded(
        &s,
        &[
            "import",
            "pbn",
            big.to_str().unwrap(),
            "--log",
            &s.log,
            "--key",
            &s.key,
        ],
        Duration::from_secs(60),
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("larger than"), "{out}");
}

/// `import usebio` of a FIFO is refused at once (it waited for a writer for ever).
#[cfg(unix)]
#[test]
fn import_of_a_fifo_is_refused_at_once() {
    let s = scratch();
    let f = s.dir.path().join("pipe.xml");
    assert!(Command::new("mkfifo").arg(&f).status().unwrap().success());
    let (code, out, _) = bounded(
        &s,
        &[
            "import",
            "usebio",
            f.to_str().unwrap(),
            "--log",
            &s.log,
            "--key",
            &s.key,
        ],
        Duration::from_secs(20),
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FIFO"), "{out}");
}

/// A note whose text carries terminal escapes (set the window title, clear the screen):
/// `view rulings` shows them as visible escapes, never raw.
#[test]
fn control_characters_in_a_signed_note_are_not_printed_raw() {
    let s = scratch();
    let evil = "table 3 \u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m red";
    ok(&s, &["note", &s.log, "--text", evil, "--key", &s.key]);
    let o = tdlog(&s, &["view", "rulings", &s.log]);
    assert!(o.status.success(), "{}", text(&o));
    let shown = String::from_utf8_lossy(&o.stdout);
    assert!(shown.contains("table 3"), "{shown}");
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown:?}"
    );
    assert!(shown.contains("\\u{1b}]0;pwned"), "{shown:?}");
}

/// The Doppelkopf seat draw's secret seed is written 0600, like a key (it was 0644).
#[cfg(unix)]
#[test]
fn the_doppelkopf_draw_seed_file_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let s = scratch();
    let log = s.dir.path().join("evening.tdlog");
    ok(
        &s,
        &[
            "init",
            log.to_str().unwrap(),
            "--name",
            "Evening",
            "--game",
            "doppelkopf",
            "--key",
            &s.key,
        ],
    );
    let seed = s.dir.path().join("draw.seed");
    ok(
        &s,
        &[
            "doko",
            "draw",
            "commit",
            log.to_str().unwrap(),
            "--players",
            "A,B,C,D,E,F,G,H",
            "--seed-file",
            seed.to_str().unwrap(),
            "--key",
            &s.key,
        ],
    );
    let mode = std::fs::metadata(&seed).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");
}

/// `verify` of a log whose last commits are still in its `-wal` (an evidence copy, no
/// writer) sees them and leaves no `-shm` behind: reading changes nothing.
#[test]
fn verify_of_a_log_with_a_write_ahead_log_leaves_nothing_behind() {
    let s = scratch();
    let live = s.dir.path().join("live");
    std::fs::create_dir(&live).unwrap();
    let src = live.join("t.tdlog");
    std::fs::copy(&s.log, &src).unwrap();
    let key = tdlog::keys::DeviceKey::load(Path::new(&s.key), None).unwrap();
    let mut writer = tdlog::log::Log::open(&src).unwrap();
    writer
        .append(&key, common::note("only in the write-ahead log"))
        .unwrap();
    let copy = s.dir.path().join("evidence");
    std::fs::create_dir(&copy).unwrap();
    std::fs::copy(&src, copy.join("t.tdlog")).unwrap();
    std::fs::copy(live.join("t.tdlog-wal"), copy.join("t.tdlog-wal")).unwrap();
    drop(writer);
    let names = || {
        let mut v: Vec<String> = std::fs::read_dir(&copy)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    let before = names();
    let log = copy.join("t.tdlog");
    let o = tdlog(&s, &["verify", "--json", log.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["events"], 2, "the event in the -wal is seen: {j}");
    assert_eq!(names(), before, "nothing left behind");
}

/// A negative number is a value where one is expected (`bridge score ... -1` says what is
/// wrong with it), and any usage error is one line with exit 1 (it was several lines of
/// usage and exit 2).
#[test]
fn a_negative_number_is_a_value_and_a_usage_error_is_one_line() {
    let s = scratch();
    let o = tdlog(&s, &["bridge", "score", "4S", "S", "None", "-1"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(err.contains("invalid tricks \"-1\""), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    let o = tdlog(&s, &["note", &s.log, "--no-such-flag"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    let o = tdlog(&s, &["--help"]);
    assert_eq!(o.status.code(), Some(0), "help is not an error");
}
