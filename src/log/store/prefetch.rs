//! Reading a log file ahead of a full verify, so a first open from disk waits for the disk
//! once, at its sequential speed, and not page by page.
//!
//! A verify reads the rows in key order, which is not the file's order: from a cold page
//! cache every page the reader asks for is a small random read, and the cores that check
//! signatures wait for it (3.3 s of a 36 s first open of a million events, where reading
//! the whole 685 MB file in order takes 0.5 s). A thread reading the file from start to end
//! beside the verify brings its pages in ahead of the reader. It only reads: what the verify
//! checks is still what SQLite reads, and a file that changes meanwhile changes nothing here.

use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Bytes per read: large enough that the disk streams, small enough to stop soon.
const STEP: usize = 4 << 20;

/// Reads `path` (and its write-ahead log) from start to end until `stop` is set, at most
/// [`budget`] bytes in all: more than the memory free would push out pages read before,
/// including the ones the verify is about to ask for. Errors (a file that cannot be
/// opened, say) end the reading: the verify reads the file itself and reports them.
pub(super) fn read_ahead(path: &Path, stop: &AtomicBool) {
    let read = read_within(path, stop, budget());
    tracing::debug!(read, "log file read ahead");
}

/// [`read_ahead`] within `limit` bytes; returns the bytes read.
fn read_within(path: &Path, stop: &AtomicBool, limit: u64) -> u64 {
    let mut left = limit;
    let mut buf = vec![0u8; STEP];
    let wal = super::read_only::sidecar(path, "-wal");
    for file in [path, wal.as_path()] {
        let Ok(mut f) = std::fs::File::open(file) else {
            continue;
        };
        while left > 0 && !stop.load(Ordering::Relaxed) {
            let want = STEP.min(usize::try_from(left).unwrap_or(STEP));
            match f.read(&mut buf[..want]) {
                Ok(0) | Err(_) => break,
                Ok(n) => left = left.saturating_sub(n as u64),
            }
        }
    }
    limit - left
}

/// Half the memory available now (Linux: `MemAvailable`), or 1 GiB where that cannot be
/// read.
fn budget() -> u64 {
    available_memory().map_or(1 << 30, |m| m / 2)
}

#[cfg(target_os = "linux")]
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(not(target_os = "linux"))]
fn available_memory() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole file and its write-ahead log are read, no more than the limit, nothing once
    /// told to stop, and nothing of a file that is not there.
    #[test]
    fn reading_ahead_reads_the_file_within_the_limit_until_told_to_stop() {
        let dir = std::env::temp_dir().join(format!("tdlog-prefetch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("log.tdlog");
        std::fs::write(&file, vec![7u8; STEP + 5]).unwrap();
        let go = AtomicBool::new(false);
        assert_eq!(read_within(&file, &go, u64::MAX), STEP as u64 + 5);
        std::fs::write(dir.join("log.tdlog-wal"), [1u8; 10]).unwrap();
        assert_eq!(read_within(&file, &go, u64::MAX), STEP as u64 + 15);
        assert_eq!(read_within(&file, &go, 100), 100);
        assert_eq!(read_within(&file, &AtomicBool::new(true), u64::MAX), 0);
        assert_eq!(read_within(&dir.join("missing.tdlog"), &go, u64::MAX), 0);
        assert!(budget() > 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
