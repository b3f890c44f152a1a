//! One signed event: stored bytes, their signature, and the checks on a single event.
//!
//! The signature covers `"tdlog/event/v1\0" ‖ body`, where `body` is the stored envelope
//! bytes; the event id is `SHA-256(body ‖ sig)`. Nothing is re-serialised to verify.

use super::envelope::{Envelope, EnvelopeError};
use super::hash::Hash32;
use super::signature::{Recomputed, StrictKey};
use crate::events::{Payload, PayloadError};
use crate::keys::DeviceKey;
use thiserror::Error;

/// Domain separation: a signature over an event can never be mistaken for another message.
pub const SIG_DOMAIN: &[u8] = b"tdlog/event/v1\0";

/// An event exactly as stored in a log or carried in a bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawEvent {
    pub body: Vec<u8>,
    pub sig: Vec<u8>,
    pub payload: Vec<u8>,
}

/// An event whose bytes, signature and payload have been checked on their own. The stored
/// bytes are not kept: everything folded comes from the decoded envelope and payload, and a
/// log of a million events must fit in memory (bundles and exports read the rows again).
#[derive(Debug, Clone)]
pub struct CheckedEvent {
    pub id: Hash32,
    pub env: Envelope,
    pub payload: Payload,
}

/// Why one event fails on its own (before anything about the rest of the log is known).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EventError {
    #[error("{0}")]
    Envelope(#[from] EnvelopeError),
    #[error("signature is {0} bytes, expected 64")]
    SigLength(usize),
    #[error("author is not a valid Ed25519 public key")]
    BadAuthorKey,
    #[error("signature does not verify (bytes changed after signing, or signed by another key)")]
    BadSignature,
    #[error("payload is {actual} bytes but the envelope says {stated}")]
    PayloadLength { stated: u32, actual: usize },
    #[error("payload hash does not match the envelope (payload changed after signing)")]
    PayloadHash,
    #[error("{0}")]
    Payload(#[from] PayloadError),
}

/// Where an event's signature check stands between the halves of a check (see
/// [`RawEvent::open_check`]).
pub enum SigCheck {
    /// Not checked: this device verified the signature before (verified-state cache).
    Skipped,
    /// Refused already (a weak key, a non-canonical `s`).
    Refused,
    /// Decided by comparing this point's encoding with `R` (`signature::decide_all`).
    Pending(Recomputed),
}

impl SigCheck {
    /// The signature's decision, a pending one decided by `decide` (alone, or its place in
    /// a batch's decisions).
    pub fn verdict(&self, decide: impl FnOnce(&Recomputed) -> bool) -> bool {
        match self {
            SigCheck::Skipped => true,
            SigCheck::Refused => false,
            SigCheck::Pending(r) => decide(r),
        }
    }
}

impl RawEvent {
    pub fn id(&self) -> Hash32 {
        Hash32::digest(&[&self.body, &self.sig])
    }

    /// Whether these bytes are the event a source filed them as (a hub's row: its id,
    /// author and sequence number, and the payload its envelope commits to). Signatures are
    /// not this question's: a row can be the event it is filed as and still not verify.
    pub fn is_filed_as(&self, id: &Hash32, author: &Hash32, seq: u64) -> bool {
        Envelope::decode(&self.body).is_ok_and(|e| {
            e.author == *author
                && e.seq == seq
                && e.payload_len as usize == self.payload.len()
                && Hash32::digest(&[&self.payload]) == e.payload_hash
        }) && self.id() == *id
    }

    /// Checks this event on its own: canonical envelope, payload hash and length,
    /// strict Ed25519 signature over the stored bytes, payload decode (with upcast).
    pub fn check(&self) -> Result<CheckedEvent, EventError> {
        self.check_whole(self.id(), true, false)
    }

    /// [`RawEvent::check`] without the signature: for bytes whose signature this device
    /// verified before and whose unchanged hash it has just compared (verified-state cache).
    pub fn check_known_signature(&self) -> Result<CheckedEvent, EventError> {
        self.check_whole(self.id(), false, false)
    }

    /// [`RawEvent::check_known_signature`] for a stored row whose every column (the declared
    /// `id` included) hashes to what this device stored in its verified-state cache when it
    /// verified the row in full: its id and payload hash were checked then, over these very
    /// bytes, so they are not hashed again (a warm open of a big log hashed each row four
    /// times), and the envelope is not re-encoded to compare. The envelope and payload are
    /// still decoded.
    pub fn check_known_row(&self, id: Hash32) -> Result<CheckedEvent, EventError> {
        self.check_whole(id, false, true)
    }

    /// Both halves of a check, the signature decided on its own.
    fn check_whole(
        &self,
        id: Hash32,
        signature: bool,
        known_row: bool,
    ) -> Result<CheckedEvent, EventError> {
        let (env, sig) = self.open_check(signature, known_row)?;
        let verdict = sig.verdict(|r| r.holds());
        self.close_check(id, env, signature, verdict)
    }

    /// The first half of a check, up to the signature: the envelope (decoded, and compared
    /// with its canonical encoding unless `known_row`), the signature's length, the payload's
    /// length and hash (unless `known_row`), and, if `signature`, the point `R` must encode.
    /// A verify decides the signatures of many events at once (`signature::decide_all`),
    /// then closes each check in order: the first fault of an event is the same as in one
    /// pass.
    pub fn open_check(
        &self,
        signature: bool,
        known_row: bool,
    ) -> Result<(Envelope, SigCheck), EventError> {
        let env = if known_row {
            Envelope::decode_known(&self.body)?
        } else {
            Envelope::decode(&self.body)?
        };
        let sig: [u8; 64] = self
            .sig
            .as_slice()
            .try_into()
            .map_err(|_| EventError::SigLength(self.sig.len()))?;
        if self.payload.len() != env.payload_len as usize {
            return Err(EventError::PayloadLength {
                stated: env.payload_len,
                actual: self.payload.len(),
            });
        }
        if !known_row && Hash32::digest(&[&self.payload]) != env.payload_hash {
            return Err(EventError::PayloadHash);
        }
        let check = if signature {
            match verifying_key(&env.author)?.recompute(&[SIG_DOMAIN, &self.body], &sig) {
                Some(r) => SigCheck::Pending(r),
                None => SigCheck::Refused,
            }
        } else {
            SigCheck::Skipped
        };
        Ok((env, check))
    }

    /// The second half, once the signature is decided (`verdict`): refused if it does not
    /// verify, then the payload decoded. `id` is this event's (its bytes', or a known row's).
    pub fn close_check(
        &self,
        id: Hash32,
        env: Envelope,
        signature: bool,
        verdict: bool,
    ) -> Result<CheckedEvent, EventError> {
        if !verdict {
            return Err(EventError::BadSignature);
        }
        let payload = if signature {
            Payload::decode(&env.kind, env.v, &self.payload)?
        } else {
            Payload::decode_known(&env.kind, env.v, &self.payload)?
        };
        Ok(CheckedEvent { id, env, payload })
    }
}

/// The author's key as a curve point. Decompressing it is a field exponentiation, a tenth
/// of a signature check, and a log has a handful of authors for a million events: each
/// thread keeps the points it decompressed (the same bytes always give the same point, so
/// nothing is trusted that was not computed; a key that does not decompress is not kept).
fn verifying_key(author: &Hash32) -> Result<StrictKey, EventError> {
    use std::cell::RefCell;
    use std::collections::HashMap;
    /// Enough for every key of a federation's log; past it the cache starts afresh.
    const KEPT: usize = 1024;
    thread_local! {
        static POINTS: RefCell<HashMap<[u8; 32], StrictKey>> = RefCell::new(HashMap::new());
    }
    POINTS.with(|points| {
        let mut points = points.borrow_mut();
        if let Some(key) = points.get(&author.0) {
            return Ok(*key);
        }
        let key = StrictKey::from_bytes(&author.0).ok_or(EventError::BadAuthorKey)?;
        if points.len() >= KEPT {
            points.clear();
        }
        points.insert(author.0, key);
        Ok(key)
    })
}

/// Builds and signs an event: envelope fields from `env` (its payload hash and length are
/// filled in here), payload bytes as given.
pub fn sign_event(key: &DeviceKey, mut env: Envelope, payload: Vec<u8>) -> RawEvent {
    env.payload_hash = Hash32::digest(&[&payload]);
    env.payload_len = payload.len() as u32;
    env.author = key.public();
    let body = env.encode();
    let mut msg = Vec::with_capacity(SIG_DOMAIN.len() + body.len());
    msg.extend_from_slice(SIG_DOMAIN);
    msg.extend_from_slice(&body);
    let sig = key.sign(&msg).to_vec();
    RawEvent { body, sig, payload }
}
