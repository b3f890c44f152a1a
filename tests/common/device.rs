//! The `tdlog` binary as a device of its own for each test.
#![allow(dead_code)]

use std::path::PathBuf;

/// The data dir (the device's record of the logs it has seen) of the test running on this
/// thread: tests that make logs with the same fixed keys in the same millisecond (so with
/// the same log id) must not share a device.
pub fn test_device_dir() -> PathBuf {
    let base = std::env::var_os("TDLOG_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let name = std::thread::current()
        .name()
        .unwrap_or("main")
        .replace("::", "-");
    base.join(format!("{}-{name}", std::process::id()))
}

/// `tdlog` with this test's own device data dir.
pub fn tdlog_cmd() -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tdlog"));
    c.env("TDLOG_DATA_DIR", test_device_dir());
    c
}
