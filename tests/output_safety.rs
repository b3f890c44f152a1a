//! Output never destroys input (issue 11, item 6). Every command that writes a file refuses
//! an existing path unless `--force`, and refuses even with `--force` a tdlog log, a key file
//! or one of its own inputs; the log and the key are left byte for byte as they were.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// This test binary's own device (data dir): the device record of what it has seen of each
/// log (`log::seen`) must not depend on what other test binaries did to copies of the demo.
fn device_dir() -> &'static Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

fn tdlog(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdlog"))
        .args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env("TDLOG_DATA_DIR", device_dir())
        .env_remove("TDLOG_LANG")
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A copy of the demo tournament and a fresh device key, in a scratch directory.
fn setup() -> (tempfile::TempDir, String, String) {
    let t = tempfile::tempdir().unwrap();
    let log = t.path().join("demo.tdlog");
    std::fs::copy(root().join("fixtures/demo/demo.tdlog"), &log).unwrap();
    let key = t.path().join("device.key");
    let o = tdlog(&["key", "new", "--key", key.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    (
        t,
        log.to_str().unwrap().to_string(),
        key.to_str().unwrap().to_string(),
    )
}

/// Runs `args` with and without `--force` and checks each is refused (exit 1, `expect` in
/// the message) and `victim` is unchanged.
fn refused_with_and_without_force(args: &[&str], victim: &str, expect: &str) {
    let before = std::fs::read(victim).unwrap();
    for force in [false, true] {
        let mut a = args.to_vec();
        if force {
            a.push("--force");
        }
        let o = tdlog(&a);
        assert_eq!(o.status.code(), Some(1), "tdlog {a:?}: {}", text(&o));
        let msg = text(&o);
        assert!(msg.contains(expect), "tdlog {a:?}: {msg}");
        assert!(msg.contains("even with --force"), "tdlog {a:?}: {msg}");
        assert_eq!(
            std::fs::read(victim).unwrap(),
            before,
            "tdlog {a:?} changed {victim}"
        );
    }
    let dir = Path::new(victim).parent().unwrap();
    let stray: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tdlog-tmp") || n.ends_with(".partial"))
        .collect();
    assert!(stray.is_empty(), "temporary files left: {stray:?}");
}

#[test]
fn export_refuses_to_overwrite_its_own_log() {
    let (_t, log, _) = setup();
    refused_with_and_without_force(&["export", &log, &log], &log, "own inputs");
    let o = tdlog(&["verify", &log]);
    assert!(o.status.success(), "the log still verifies: {}", text(&o));
}

#[test]
fn export_refuses_to_overwrite_another_log() {
    let (t, log, _) = setup();
    let other = t.path().join("other.tdlog");
    std::fs::copy(&log, &other).unwrap();
    refused_with_and_without_force(
        &["export", &log, other.to_str().unwrap()],
        other.to_str().unwrap(),
        "is a tdlog log",
    );
}

#[test]
fn export_refuses_to_overwrite_a_device_key() {
    let (_t, log, key) = setup();
    refused_with_and_without_force(&["export", &log, &key], &key, "is a tdlog key file");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the key keeps its private mode");
    }
}

#[test]
fn report_casebook_refuses_to_overwrite_its_own_log() {
    let (_t, log, _) = setup();
    refused_with_and_without_force(
        &["report", "casebook", &log, "-o", &log],
        &log,
        "own inputs",
    );
}

#[test]
fn report_refuses_to_overwrite_a_key_file() {
    let (_t, log, key) = setup();
    refused_with_and_without_force(
        &["report", "casebook", &log, "--format", "pdf", "-o", &key],
        &key,
        "is a tdlog key file",
    );
}

#[test]
fn output_refuses_a_logs_write_ahead_log() {
    let (_t, log, _) = setup();
    let wal = format!("{log}-wal");
    std::fs::write(&wal, b"").unwrap();
    refused_with_and_without_force(&["export", &log, &wal], &wal, "is a tdlog log");
}

#[test]
fn doko_list_pdf_refuses_to_overwrite_its_own_log() {
    // The refusal comes before the log is read, so the demo (a bridge log) shows it too.
    let (_t, log, _) = setup();
    refused_with_and_without_force(
        &["doko", "list", &log, "--table", "1", "--pdf", &log],
        &log,
        "own inputs",
    );
}

#[test]
fn an_existing_ordinary_file_needs_force_and_then_is_replaced() {
    let (t, log, _) = setup();
    let out = t.path().join("bundle.json");
    let o = tdlog(&["export", &log, out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let first = std::fs::read(&out).unwrap();
    assert!(first.starts_with(b"{\"format\":\"tdlog-bundle/1\""));

    let o = tdlog(&["export", &log, out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("already exists; give --force"),
        "{}",
        text(&o)
    );

    std::fs::write(&out, b"an old bundle").unwrap();
    let o = tdlog(&["export", &log, out.to_str().unwrap(), "--force"]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(std::fs::read(&out).unwrap(), first, "replaced whole");

    let html = t.path().join("casebook.html");
    std::fs::write(&html, b"yesterday's casebook").unwrap();
    let c = html.to_str().unwrap();
    let o = tdlog(&["report", "casebook", &log, "-o", c]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(std::fs::read(&html).unwrap(), b"yesterday's casebook");
    let o = tdlog(&["report", "casebook", &log, "-o", c, "--force"]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(std::fs::read_to_string(&html).unwrap().contains("<html"));
}

#[test]
fn output_into_a_directory_is_refused() {
    let (t, log, _) = setup();
    let o = tdlog(&["export", &log, t.path().to_str().unwrap(), "--force"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("is a directory, not a regular file"),
        "{}",
        text(&o)
    );
}
