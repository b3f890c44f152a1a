//! The `tdlog` command line as the CLI tests type it: no key, passphrase or language from
//! the environment (English), the output as one text, a new key with its public half, and
//! the event id a recording command prints.
#![allow(dead_code)]

use crate::device::tdlog_cmd;
use std::path::Path;
use std::process::Output;

/// `tdlog` in English, with this test's own device.
pub fn tdlog(args: &[&str]) -> Output {
    tdlog_cmd()
        .args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env_remove("TDLOG_LANG")
        .output()
        .unwrap()
}

/// `tdlog` in `lang` (`TDLOG_LANG`).
pub fn tdlog_in(lang: &str, args: &[&str]) -> Output {
    tdlog_cmd()
        .args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env("TDLOG_LANG", lang)
        .output()
        .unwrap()
}

/// Standard output and standard error, in that order.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Runs a command that must succeed; its output.
pub fn ok(args: &[&str]) -> String {
    let o = tdlog(args);
    assert!(o.status.success(), "tdlog {args:?}: {}", text(&o));
    text(&o)
}

/// Runs a step that must be refused, in `lang`; the refusal.
pub fn refused(lang: &str, args: &[&str]) -> String {
    let o = tdlog_in(lang, args);
    assert!(
        !o.status.success(),
        "tdlog {args:?} was accepted: {}",
        text(&o)
    );
    text(&o)
}

/// A new key file `<name>.key` in `dir`: its path and its public key (hex).
pub fn new_key(dir: &Path, name: &str) -> (String, String) {
    let f = dir
        .join(format!("{name}.key"))
        .to_str()
        .unwrap()
        .to_string();
    ok(&["key", "new", "--key", &f]);
    let show = ok(&["key", "show", "--key", &f]);
    let public = show
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .last()
        .unwrap()
        .to_string();
    (f, public)
}

/// The event id a recording command prints ("... event <hex>").
pub fn event_id(out: &str) -> String {
    out.split("event ")
        .nth(1)
        .unwrap()
        .trim_end_matches(|c: char| !c.is_ascii_hexdigit())
        .to_string()
}

/// The organiser (a key enrolled for the purpose) signs the appeal settings `json`.
pub fn organiser_settings(dir: &Path, log: &str, chief: &str, json: &str) {
    let (org, org_pub) = new_key(dir, "organiser");
    ok(&[
        "key",
        "enrol",
        log,
        &org_pub,
        "--role",
        "organiser",
        "--holder",
        "Olga",
        "--key",
        chief,
    ]);
    let file = dir.join("settings.json");
    std::fs::write(&file, json).unwrap();
    ok(&[
        "appeal",
        "settings",
        log,
        file.to_str().unwrap(),
        "--key",
        &org,
    ]);
}
