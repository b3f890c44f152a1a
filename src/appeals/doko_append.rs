//! Signing a Doppelkopf step after the rules that make it final: a result must be the
//! table's next game and valid in its round, a correction must suit the round's state and
//! the signer's role (§8.2), a deduction must stay within §8.7.2(b); then the appeals
//! workflow's guards (§8.8.7, §7.1.1). Refused steps are never written.
use thiserror::Error;

use super::guard::GuardError;
use crate::doko::error::DokoError;
use crate::events::Payload;
use crate::keys::DeviceKey;
use crate::log::{Hash32, Log, LogError};

/// Why a Doppelkopf step was not signed.
#[derive(Debug, Error)]
pub enum DokoAppendError {
    /// The Doppelkopf rules refuse it; the error names the §.
    #[error("refused: {0}")]
    Rule(#[from] DokoError),
    /// The appeals workflow refuses it (§8.8.7, §7.1.1).
    #[error("refused: {0}")]
    Guard(#[from] GuardError),
    #[error(transparent)]
    Log(Box<LogError>),
}

impl From<LogError> for DokoAppendError {
    fn from(e: LogError) -> Self {
        DokoAppendError::Log(Box::new(e))
    }
}

/// Appends `payloads` signed by `key` at `now_ms`, each checked against the tables as they
/// stand with the ones before it; all or none are written.
pub fn append_checked(
    log: &mut Log,
    key: &DeviceKey,
    payloads: Vec<Payload>,
    now_ms: i64,
) -> Result<Vec<Hash32>, DokoAppendError> {
    let v = log.verify(None)?;
    let mut f = super::fold(&v, None);
    let wall = log.next_wall_ms(&key.public(), now_ms)?;
    let me = key.public();
    let signer = v.keys.signer(&me);
    for p in &payloads {
        f.doko.check_append(p, &signer)?;
        f.workflow.check(p, &signer, wall)?;
        f.doko.take_pending(p, &signer);
    }
    log.set_clock(move || wall);
    Ok(log.append_batch(key, payloads)?)
}
