//! The event envelope: a fixed-position CBOR array, stored verbatim and signed as stored.
//!
//! ```text
//! [ fmt=1, log_id: bytes32 | null (genesis only), author: bytes32, seq: uint >= 1,
//!   prev: bytes32 | null (seq 1 only), deps: [bytes32, ...] (sorted, unique, other authors),
//!   lamport: uint, wall_ms: int (UTC ms), type: text, v: uint16,
//!   payload_hash: bytes32 (SHA-256), payload_len: uint32 ]
//! ```
//! `fmt = 1` fixes SHA-256 and Ed25519; a new algorithm gets a new `fmt`.

use super::cbor::{CborError, Decoder, Encoder};
use super::hash::Hash32;
use thiserror::Error;

/// The only envelope format this version reads and writes.
pub const FORMAT_V1: u64 = 1;
/// Number of fields in a v1 envelope.
const FIELDS: u64 = 12;
/// Upper bound on one event's payload; a TD's event is small, a hostile one is not.
pub const MAX_PAYLOAD: u32 = 1 << 20;
/// Upper bound on the number of heads one event may name.
pub const MAX_DEPS: usize = 256;
/// Upper bound on the length of an event type name.
pub const MAX_TYPE_LEN: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// Id of the tournament's genesis event; `None` only in the genesis itself.
    pub log_id: Option<Hash32>,
    /// Ed25519 public key of the device that signed.
    pub author: Hash32,
    /// Per-author sequence number, 1 for the author's first event.
    pub seq: u64,
    /// Id of the author's previous event (`None` iff `seq == 1`).
    pub prev: Option<Hash32>,
    /// Heads of other authors' chains this device had seen, sorted and unique.
    pub deps: Vec<Hash32>,
    /// Lamport counter: 1 + the largest counter among `prev` and `deps`.
    pub lamport: u64,
    /// Signed UTC wall time in milliseconds; never earlier than anything it follows.
    pub wall_ms: i64,
    /// Event type, e.g. `key.enrolled`.
    /// Borrowed from the catalogue for every known type (no allocation per event).
    pub kind: std::borrow::Cow<'static, str>,
    /// Payload schema version of `kind`.
    pub v: u16,
    pub payload_hash: Hash32,
    pub payload_len: u32,
}

/// Why stored envelope bytes are not a valid v1 envelope.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EnvelopeError {
    #[error("envelope is not canonical CBOR: {0}")]
    Cbor(#[from] CborError),
    #[error("unknown envelope format {0} (this tdlog reads format 1)")]
    Format(u64),
    #[error("envelope has {0} fields, expected 12")]
    FieldCount(u64),
    #[error("sequence number 0 is not allowed (sequences start at 1)")]
    SeqZero,
    #[error("seq {seq} with{} a previous-event hash", if *.has_prev { "" } else { "out" })]
    PrevMismatch { seq: u64, has_prev: bool },
    #[error("deps are not sorted and unique")]
    DepsOrder,
    #[error("too many deps ({0}, at most 256)")]
    TooManyDeps(u64),
    #[error("payload version {0} out of range")]
    Version(u64),
    #[error("payload length {0} out of range (at most 1 MiB)")]
    PayloadLen(u64),
    #[error("event type {0:?} is not a valid type name")]
    TypeName(String),
    #[error("encoding does not round-trip byte for byte (non-canonical)")]
    NotCanonical,
}

impl Envelope {
    /// Canonical encoding: the bytes that are stored and signed.
    pub fn encode(&self) -> Vec<u8> {
        let mut e = Encoder::with_capacity(160 + 33 * self.deps.len() + self.kind.len());
        e.array(FIELDS as usize);
        e.uint(FORMAT_V1);
        match &self.log_id {
            Some(h) => e.bytes(&h.0),
            None => e.null(),
        }
        e.bytes(&self.author.0);
        e.uint(self.seq);
        match &self.prev {
            Some(h) => e.bytes(&h.0),
            None => e.null(),
        }
        e.array(self.deps.len());
        for d in &self.deps {
            e.bytes(&d.0);
        }
        e.uint(self.lamport);
        e.int(self.wall_ms);
        e.text(&self.kind);
        e.uint(self.v as u64);
        e.bytes(&self.payload_hash.0);
        e.uint(self.payload_len as u64);
        e.buf
    }

    /// Strict decode: refuses anything that [`Envelope::encode`] would not produce.
    pub fn decode(body: &[u8]) -> Result<Envelope, EnvelopeError> {
        Envelope::decode_inner(body, true)
    }

    /// The strict decoder without the final re-encode and compare: only for stored bytes
    /// that passed [`Envelope::decode`] on this device before and are unchanged since (the
    /// verified-state cache's row hash); the decoder's own checks still run.
    pub fn decode_known(body: &[u8]) -> Result<Envelope, EnvelopeError> {
        Envelope::decode_inner(body, false)
    }

    fn decode_inner(body: &[u8], re_encode: bool) -> Result<Envelope, EnvelopeError> {
        let mut d = Decoder::new(body);
        let n = d.array()?;
        if n != FIELDS {
            return Err(EnvelopeError::FieldCount(n));
        }
        let fmt = d.uint()?;
        if fmt != FORMAT_V1 {
            return Err(EnvelopeError::Format(fmt));
        }
        let log_id = if d.null()? {
            None
        } else {
            Some(Hash32(d.fixed()?))
        };
        let author = Hash32(d.fixed()?);
        let seq = d.uint()?;
        if seq == 0 {
            return Err(EnvelopeError::SeqZero);
        }
        let prev = if d.null()? {
            None
        } else {
            Some(Hash32(d.fixed()?))
        };
        if (seq == 1) == prev.is_some() {
            return Err(EnvelopeError::PrevMismatch {
                seq,
                has_prev: prev.is_some(),
            });
        }
        let ndeps = d.array()?;
        if ndeps > MAX_DEPS as u64 {
            return Err(EnvelopeError::TooManyDeps(ndeps));
        }
        let mut deps = Vec::with_capacity(ndeps as usize);
        for _ in 0..ndeps {
            deps.push(Hash32(d.fixed()?));
        }
        if deps.windows(2).any(|w| w[0] >= w[1]) {
            return Err(EnvelopeError::DepsOrder);
        }
        let lamport = d.uint()?;
        let wall_ms = d.int()?;
        let text = d.text()?;
        if !valid_type_name(text) {
            return Err(EnvelopeError::TypeName(text.to_owned()));
        }
        let kind = match crate::events::known_kind(text) {
            Some(k) => std::borrow::Cow::Borrowed(k),
            None => std::borrow::Cow::Owned(text.to_owned()),
        };
        let v = d.uint()?;
        let v = u16::try_from(v).map_err(|_| EnvelopeError::Version(v))?;
        let payload_hash = Hash32(d.fixed()?);
        let len = d.uint()?;
        if len > MAX_PAYLOAD as u64 {
            return Err(EnvelopeError::PayloadLen(len));
        }
        d.finish()?;
        let env = Envelope {
            log_id,
            author,
            seq,
            prev,
            deps,
            lamport,
            wall_ms,
            kind,
            v,
            payload_hash,
            payload_len: len as u32,
        };
        // Belt and braces: the decoder is strict, but the rule is "decode, re-encode,
        // compare bytes", so nothing non-canonical can slip through a decoder bug.
        if re_encode && env.encode() != body {
            return Err(EnvelopeError::NotCanonical);
        }
        Ok(env)
    }

    /// All causal predecessors: the previous own event and the heads of other chains.
    pub fn preds(&self) -> impl Iterator<Item = &Hash32> {
        self.prev.iter().chain(self.deps.iter())
    }
}

/// Type names are short lower-case dotted words, e.g. `appeal.filed`.
fn valid_type_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_TYPE_LEN
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Envelope {
        Envelope {
            log_id: Some(Hash32([7; 32])),
            author: Hash32([1; 32]),
            seq: 2,
            prev: Some(Hash32([2; 32])),
            deps: vec![Hash32([3; 32]), Hash32([4; 32])],
            lamport: 300,
            wall_ms: 1_700_000_000_000,
            kind: "key.enrolled".into(),
            v: 1,
            payload_hash: Hash32([5; 32]),
            payload_len: 77,
        }
    }

    #[test]
    fn round_trip() {
        let e = sample();
        assert_eq!(Envelope::decode(&e.encode()).unwrap(), e);
    }

    #[test]
    fn trailing_byte_refused() {
        let mut b = sample().encode();
        b.push(0);
        assert!(matches!(
            Envelope::decode(&b),
            Err(EnvelopeError::Cbor(CborError::Trailing { .. }))
        ));
    }

    #[test]
    fn unsorted_deps_refused() {
        let mut e = sample();
        e.deps.reverse();
        assert_eq!(Envelope::decode(&e.encode()), Err(EnvelopeError::DepsOrder));
    }

    #[test]
    fn every_truncation_refused() {
        let b = sample().encode();
        for n in 0..b.len() {
            assert!(
                Envelope::decode(&b[..n]).is_err(),
                "prefix of {n} bytes accepted"
            );
        }
    }
}
