//! Bundles: the signed events of a log as one JSON file, for moving events between devices
//! (`tdlog export` / `tdlog merge`), for the federation archive and for conformance vectors.
//! A bundle is verifiable without trusting any SQLite file: it carries exactly the stored
//! bytes (hex), nothing derived.

use super::event::RawEvent;
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;

pub const FORMAT: &str = "tdlog-bundle/1";

#[derive(Debug, Error)]
pub enum BundleError {
    #[error("cannot read bundle {0}: {1}")]
    Io(String, std::io::Error),
    #[error("{0} is not a tdlog bundle: {1}")]
    Format(String, String),
    /// A FIFO, directory or device: refused before it is opened (opening a FIFO blocks).
    #[error(transparent)]
    NotAFile(crate::io_safe::FileError),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BundleFile {
    format: String,
    events: Vec<BundleEvent>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BundleEvent {
    body: String,
    sig: String,
    payload: String,
}

/// Serialises events as a bundle (one event per line, so a person can read and diff it).
pub fn to_bytes(events: &[RawEvent]) -> Vec<u8> {
    let mut out = format!("{{\"format\":\"{FORMAT}\",\"events\":[\n").into_bytes();
    for (i, e) in events.iter().enumerate() {
        let line = serde_json::to_string(&BundleEvent {
            body: hex::encode(&e.body),
            sig: hex::encode(&e.sig),
            payload: hex::encode(&e.payload),
        })
        .unwrap_or_default();
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(if i + 1 < events.len() { b",\n" } else { b"\n" });
    }
    out.extend_from_slice(b"]}\n");
    out
}

/// Parses a bundle. Hex must decode; everything else is checked by verification.
pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Vec<RawEvent>, BundleError> {
    let f: BundleFile = serde_json::from_slice(bytes)
        .map_err(|e| BundleError::Format(name.into(), e.to_string()))?;
    if f.format != FORMAT {
        return Err(BundleError::Format(
            name.into(),
            format!("format {:?}, expected {FORMAT:?}", f.format),
        ));
    }
    f.events
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let h = |field: &str, s: &str| {
                hex::decode(s).map_err(|err| {
                    BundleError::Format(
                        name.into(),
                        format!("event {i}: {field} is not hex: {err}"),
                    )
                })
            };
            Ok(RawEvent {
                body: h("body", &e.body)?,
                sig: h("sig", &e.sig)?,
                payload: h("payload", &e.payload)?,
            })
        })
        .collect()
}

/// True if the file starts like a bundle (JSON) rather than an SQLite database.
pub fn looks_like_bundle(path: &Path) -> bool {
    use std::io::Read;
    if !crate::io_safe::is_regular_file(path) {
        return false; // never open a FIFO or a device to look at it
    }
    let mut head = [0u8; 16];
    match std::fs::File::open(path).and_then(|mut f| f.read(&mut head)) {
        Ok(n) => head[..n].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{'),
        Err(_) => false,
    }
}

pub fn read(path: &Path) -> Result<Vec<RawEvent>, BundleError> {
    let name = path.display().to_string();
    let bytes = match crate::io_safe::read_input(path, crate::io_safe::MAX_BUNDLE_INPUT) {
        Ok(b) => b,
        Err(crate::io_safe::FileError::Io(_, e)) => return Err(BundleError::Io(name, e)),
        Err(e) => return Err(BundleError::NotAFile(e)),
    };
    from_bytes(&name, &bytes)
}
