//! What the interop tests of issue 30 share: the real files read in place from
//! `../shared/data/interop/` (not MIT, never copied; under `CI` a missing folder fails), and a
//! log in a temporary directory with the `tdlog` binary run against it, as a TD types it.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The folder `name` of the real files; `None` (the test passes, saying so) when it is not
/// here and `CI` is not set.
pub fn interop(name: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/interop")
        .join(name);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing: CI must have the real files of issue 30",
        dir.display()
    );
    eprintln!("skipped: {} is not here (not under CI)", dir.display());
    None
}

/// A log in a temporary directory, and the `tdlog` binary run against it.
pub struct Log {
    tmp: tempfile::TempDir,
}

impl Log {
    pub fn new(name: &str) -> Log {
        let log = Log {
            tmp: tempfile::tempdir().unwrap(),
        };
        log.run(&["key", "new", "--key", &log.key()]);
        log.run(&[
            "init",
            "--name",
            name,
            "--game",
            "bridge",
            "--key",
            &log.key(),
            &log.log(),
        ]);
        log
    }
    pub fn key(&self) -> String {
        self.tmp.path().join("td.key").display().to_string()
    }
    pub fn log(&self) -> String {
        self.tmp.path().join("club.tdlog").display().to_string()
    }
    pub fn run(&self, args: &[&str]) -> String {
        let o = Command::new(env!("CARGO_BIN_EXE_tdlog"))
            .args(args)
            .env("TDLOG_DATA_DIR", self.tmp.path().join("device"))
            .env_remove("TDLOG_KEY")
            .env_remove("TDLOG_PASSPHRASE")
            .env_remove("TDLOG_LANG")
            .output()
            .unwrap();
        let out = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(o.status.success(), "tdlog {args:?}: {out}");
        out
    }
    pub fn json(&self, args: &[&str]) -> Value {
        let o = Command::new(env!("CARGO_BIN_EXE_tdlog"))
            .args(args)
            .env("TDLOG_DATA_DIR", self.tmp.path().join("device"))
            .output()
            .unwrap();
        assert!(o.status.success(), "tdlog {args:?}");
        serde_json::from_slice(&o.stdout).unwrap()
    }
    /// Signs `policy` (JSON) as the chief TD would, with `tdlog policy set`.
    pub fn policy(&self, policy: &str) {
        let file = self.tmp.path().join("policy.json");
        std::fs::write(&file, policy).unwrap();
        let key = self.key();
        self.run(&[
            "policy",
            "set",
            &self.log(),
            file.to_str().unwrap(),
            "--key",
            &key,
        ]);
    }
}
