//! Files at the edge, handled so that a wrong path never hangs tdlog or destroys data.
//!
//! Two rules live here, shared by the CLI and the desktop shell:
//!
//! - **Only regular files are read.** A FIFO, a directory, a socket or a device given as a
//!   log, a bundle or a key file is refused from its metadata alone, before anything opens
//!   it: opening a FIFO for reading blocks until a writer appears, and a device can be
//!   endless.
//!   Every input is read through [`read_input`], which also caps its size: a file larger than
//!   any tournament's (or `/dev/zero` behind a link) is refused, never read until memory runs
//!   out.
//! - **Output never destroys input.** [`write_output`] refuses an existing path unless the
//!   person said `--force`, and refuses even then a tdlog log, a tdlog key file, one of the
//!   command's own inputs, a file of this device's data dir (its keys, its record of the logs
//!   it has seen, its cache: inputs of every command) or a symbolic link (no link is followed
//!   for an output): a mistyped argument (`tdlog export LOG LOG`) must not turn a tournament
//!   into a bundle or overwrite a private key. The bytes go to a temporary file in the same
//!   directory, are synced, and are renamed over the target, so a crash leaves either the old
//!   file or the new one, never half of each. A secret (the Doppelkopf draw's seed) is
//!   written 0600, like a key ([`write_private`]).

use std::fs::{FileType, Metadata};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The first 16 bytes of every SQLite database.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// `PRAGMA application_id` of a tdlog log ("TDLG"), at offset 68 of the SQLite header.
const TDLOG_APPLICATION_ID: u32 = 0x5444_4C47;
/// How much of a JSON file is read to tell whether it is a key file.
const KEY_SNIFF_BYTES: u64 = 64 * 1024;

#[derive(Debug, Error)]
pub enum FileError {
    #[error("{path} is a {kind}, not a regular file; tdlog reads and writes only regular files")]
    NotAFile { path: PathBuf, kind: &'static str },
    #[error("{0} already exists; give --force to replace it, or choose another file name")]
    Exists(PathBuf),
    #[error("{0} is a tdlog log; tdlog never writes over a log, even with --force (choose another file name)")]
    IsLog(PathBuf),
    #[error("{0} is a tdlog key file; tdlog never writes over a key, even with --force (choose another file name)")]
    IsKey(PathBuf),
    #[error("{0} is one of this command's own inputs; tdlog never writes over its input, even with --force (choose another file name)")]
    OwnInput(PathBuf),
    #[error("{0} is part of this device's data (its keys, its record of the logs it has seen, its cache); tdlog never writes over it, even with --force (choose another file name)")]
    DeviceData(PathBuf),
    #[error("{0} is a symbolic link; tdlog does not write through links, even with --force (choose another file name)")]
    Symlink(PathBuf),
    #[error("{path} is larger than {max} bytes ({size} bytes); no file tdlog reads is that large")]
    TooLarge { path: PathBuf, size: u64, max: u64 },
    #[error("cannot write {0}: {1}")]
    Io(PathBuf, std::io::Error),
}

/// What a file type is, in words a tournament director recognises.
fn kind_name(ft: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "FIFO (named pipe)";
        }
        if ft.is_socket() {
            return "socket";
        }
        if ft.is_char_device() {
            return "character device";
        }
        if ft.is_block_device() {
            return "block device";
        }
    }
    if ft.is_dir() {
        "directory"
    } else if ft.is_symlink() {
        "symbolic link"
    } else {
        "special file"
    }
}

/// The metadata of `path` (symbolic links followed) if it is a regular file; never opens it.
/// A missing file is an `Io` error with `NotFound`, so callers can keep their own message.
pub fn require_regular_file(path: &Path) -> Result<Metadata, FileError> {
    let meta = std::fs::metadata(path).map_err(|e| FileError::Io(path.to_owned(), e))?;
    if meta.file_type().is_file() {
        Ok(meta)
    } else {
        Err(FileError::NotAFile {
            path: path.to_owned(),
            kind: kind_name(meta.file_type()),
        })
    }
}

/// True if `path` is (a symbolic link to) a regular file.
pub fn is_regular_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// True if the regular file at `path` starts with the SQLite header of a tdlog log.
pub fn is_tdlog_log(path: &Path) -> bool {
    if !is_regular_file(path) {
        return false;
    }
    let mut head = [0u8; 72];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head));
    read.is_ok()
        && &head[..16] == SQLITE_MAGIC
        && u32::from_be_bytes([head[68], head[69], head[70], head[71]]) == TDLOG_APPLICATION_ID
}

/// True if `path` is a log's write-ahead log, shared-memory index or rollback journal: part
/// of the log as much as the log file itself.
fn is_log_sidecar(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    ["-wal", "-shm", "-journal"].iter().any(|suffix| {
        name.strip_suffix(suffix)
            .is_some_and(|base| !base.is_empty() && is_tdlog_log(&path.with_file_name(base)))
    })
}

/// True if the regular file at `path` looks like a tdlog key file (`"format":"tdlog-key/..."`).
pub fn is_key_file(path: &Path) -> bool {
    if !is_regular_file(path) {
        return false;
    }
    let mut bytes = Vec::new();
    let read =
        std::fs::File::open(path).and_then(|f| f.take(KEY_SNIFF_BYTES).read_to_end(&mut bytes));
    if read.is_err() {
        return false;
    }
    match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(v) => v["format"]
            .as_str()
            .is_some_and(|f| f.starts_with("tdlog-key/")),
        // Cut short or damaged: still a key file if it says so.
        Err(_) => bytes.windows(10).any(|w| w == b"tdlog-key/"),
    }
}

/// True if `a` and `b` name the same file (same device and inode, or the same canonical path).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            if x.dev() == y.dev() && x.ino() == y.ino() {
                return true;
            }
        }
    }
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(x), Ok(y)) if x == y
    )
}

/// The largest text file tdlog reads (a PBN or USEBIO file, settings, a seed): a club's
/// whole season of PBN is a few megabytes.
pub const MAX_TEXT_INPUT: u64 = 64 << 20;
/// The largest bundle tdlog reads: a million events in hex are about 2 GB.
pub const MAX_BUNDLE_INPUT: u64 = 4 << 30;

/// Reads an input file: a regular file (checked from its metadata, before it is opened) of
/// at most `max` bytes.
pub fn read_input(path: &Path, max: u64) -> Result<Vec<u8>, FileError> {
    let meta = require_regular_file(path)?;
    let too_large = |size| FileError::TooLarge {
        path: path.to_owned(),
        size,
        max,
    };
    if meta.len() > max {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| FileError::Io(path.to_owned(), e))?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64)); // it grew while read
    }
    Ok(bytes)
}

/// [`read_input`] of a UTF-8 text file of at most [`MAX_TEXT_INPUT`] bytes.
pub fn read_text_input(path: &Path) -> Result<String, FileError> {
    let bytes = read_input(path, MAX_TEXT_INPUT)?;
    String::from_utf8(bytes).map_err(|e| {
        FileError::Io(
            path.to_owned(),
            std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error()),
        )
    })
}

static PROTECTED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Counts `dir` (a device's data dir) as input of every command: no output is written into
/// it. The CLI's data dir (`TDLOG_DATA_DIR`, else the default) always counts; the app adds
/// its own.
pub fn protect_dir(dir: &Path) {
    let mut p = PROTECTED.lock().unwrap_or_else(|e| e.into_inner());
    let dir = dir.to_path_buf();
    if !p.contains(&dir) {
        p.push(dir);
    }
}

/// Is `target` inside a device data dir (by its canonical directory)?
fn in_device_data(target: &Path) -> bool {
    let parent = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let Ok(parent) = std::fs::canonicalize(parent) else {
        return false;
    };
    let mut dirs = PROTECTED.lock().unwrap_or_else(|e| e.into_inner()).clone();
    dirs.push(default_data_dir());
    dirs.iter()
        .filter_map(|d| std::fs::canonicalize(d).ok())
        .any(|d| parent.starts_with(&d))
}

/// Refuses an output path that would destroy something (see the module documentation).
/// `inputs` are the files the command reads. Call it before long work, so the refusal comes
/// first; [`write_output`] calls it again just before writing.
pub fn check_output(target: &Path, force: bool, inputs: &[&Path]) -> Result<(), FileError> {
    if inputs.iter().any(|i| same_file(target, i)) {
        return Err(FileError::OwnInput(target.to_owned()));
    }
    if std::fs::symlink_metadata(target).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(FileError::Symlink(target.to_owned()));
    }
    if in_device_data(target) {
        return Err(FileError::DeviceData(target.to_owned()));
    }
    if is_log_sidecar(target) {
        return Err(FileError::IsLog(target.to_owned()));
    }
    if std::fs::symlink_metadata(target).is_err() {
        return Ok(()); // nothing there: nothing to lose
    }
    if let Ok(meta) = std::fs::metadata(target) {
        if !meta.file_type().is_file() {
            return Err(FileError::NotAFile {
                path: target.to_owned(),
                kind: kind_name(meta.file_type()),
            });
        }
    }
    if is_tdlog_log(target) {
        return Err(FileError::IsLog(target.to_owned()));
    }
    if is_key_file(target) {
        return Err(FileError::IsKey(target.to_owned()));
    }
    if !force {
        return Err(FileError::Exists(target.to_owned()));
    }
    Ok(())
}

/// Writes `bytes` to `target` after [`check_output`]: into a temporary file in the same
/// directory, synced, then renamed over the target (and the directory synced on Unix).
pub fn write_output(
    target: &Path,
    bytes: &[u8],
    force: bool,
    inputs: &[&Path],
) -> Result<(), FileError> {
    write_mode(target, bytes, force, inputs, 0o666)
}

/// [`write_output`] of a secret: the file is created 0600, like a key.
pub fn write_private(
    target: &Path,
    bytes: &[u8],
    force: bool,
    inputs: &[&Path],
) -> Result<(), FileError> {
    write_mode(target, bytes, force, inputs, 0o600)
}

/// Writes a file of the device's own data (the app keeps the Doppelkopf draw's seed there):
/// 0600, a temporary file renamed over the target, never through a symbolic link. Not for
/// anything a person names: that goes through [`write_output`].
pub fn write_device_private(target: &Path, bytes: &[u8]) -> Result<(), FileError> {
    if std::fs::symlink_metadata(target).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(FileError::Symlink(target.to_owned()));
    }
    write_unchecked(target, bytes, 0o600)
}

fn write_mode(
    target: &Path,
    bytes: &[u8],
    force: bool,
    inputs: &[&Path],
    mode: u32,
) -> Result<(), FileError> {
    check_output(target, force, inputs)?;
    write_unchecked(target, bytes, mode)
}

fn write_unchecked(target: &Path, bytes: &[u8], mode: u32) -> Result<(), FileError> {
    let io = |e| FileError::Io(target.to_owned(), e);
    let name = target
        .file_name()
        .ok_or_else(|| io(std::io::Error::other("not a file name")))?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let (tmp, mut file) = temp_file(&dir, &name.to_string_lossy(), mode).map_err(io)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&tmp, target));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A new, hidden, uniquely named file in `dir` (created exclusively: never an existing one,
/// nor a link), with permissions `mode` (less the umask).
fn temp_file(dir: &Path, name: &str, mode: u32) -> std::io::Result<(PathBuf, std::fs::File)> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    loop {
        let tmp = dir.join(format!(
            ".{name}.{}.{}.tdlog-tmp",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.mode(mode);
        }
        #[cfg(not(unix))]
        let _ = mode;
        match opts.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The device's data dir: `TDLOG_DATA_DIR`, else `$XDG_DATA_HOME/tdlog`, else
/// `~/.local/share/tdlog` (where the default device key lives too).
pub fn default_data_dir() -> PathBuf {
    if let Some(p) = std::env::var_os("TDLOG_DATA_DIR") {
        return PathBuf::from(p);
    }
    std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tdlog")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_is_written_and_an_existing_one_needs_force() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("out.html");
        write_output(&p, b"one", false, &[]).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        assert!(matches!(
            write_output(&p, b"two", false, &[]),
            Err(FileError::Exists(_))
        ));
        write_output(&p, b"two", true, &[]).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let left: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file left behind");
    }

    #[test]
    fn a_key_file_and_an_input_are_never_overwritten() {
        let d = tempfile::tempdir().unwrap();
        let key = d.path().join("device.key");
        std::fs::write(
            &key,
            b"{\n  \"format\": \"tdlog-key/1\",\n  \"public\": \"00\"\n}",
        )
        .unwrap();
        assert!(matches!(
            write_output(&key, b"x", true, &[]),
            Err(FileError::IsKey(_))
        ));
        let input = d.path().join("in.txt");
        std::fs::write(&input, b"input").unwrap();
        let via_dot = d.path().join(".").join("in.txt");
        assert!(matches!(
            write_output(&via_dot, b"x", true, &[&input]),
            Err(FileError::OwnInput(_))
        ));
        assert_eq!(std::fs::read(&input).unwrap(), b"input");
    }

    #[test]
    fn a_directory_is_not_a_regular_file() {
        let d = tempfile::tempdir().unwrap();
        let e = require_regular_file(d.path()).unwrap_err().to_string();
        assert!(e.contains("is a directory, not a regular file"), "{e}");
        assert!(matches!(
            write_output(d.path(), b"x", true, &[]),
            Err(FileError::NotAFile { .. })
        ));
    }
}
