//! A device's signed head claim: "I hold these heads of this log" (every author's newest
//! event it stores), signed with the device key after each sync. The hub keeps the newest
//! claim per device as bytes; another device that pulls checks that everything claimed is
//! in its log or among what the hub served, so a hub that keeps back an event a device
//! pushed (and said it holds) is caught: it cannot forge the claim, and dropping the claim
//! too only hides the claimer's newest state as a whole (see docs/ARCHITECTURE.md).
//!
//! Format (all integers big-endian): `"tdlog/hub-claim/v1\0"` as the signing context, then
//! `log_id (32) ‖ wall_ms (i64) ‖ n (u32) ‖ n × (author (32) ‖ seq (u64) ‖ id (32))`,
//! heads sorted by author. Ed25519 over context ‖ body, checked with `verify_strict`.

use super::plan::ClaimedHead;
use crate::keys::DeviceKey;
use crate::log::digest::HeadSet;
use crate::log::Hash32;

const CONTEXT: &[u8] = b"tdlog/hub-claim/v1\0";
const HEAD_LEN: usize = 32 + 8 + 32;

/// A claim as stored: the body and its signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedClaim {
    pub device: Hash32,
    pub body: Vec<u8>,
    pub sig: Vec<u8>,
}

/// Why a stored claim is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    #[error("the head claim of device {0} is not well formed")]
    Malformed(String),
    #[error("the head claim of device {0} does not carry that device's signature")]
    BadSignature(String),
    #[error("the head claim of device {0} is for another log")]
    OtherLog(String),
}

/// Signs the head set `heads` of `log_id` as `key`'s claim at `wall_ms`.
pub fn sign(key: &DeviceKey, log_id: &Hash32, wall_ms: i64, heads: &HeadSet) -> SignedClaim {
    let mut body = Vec::with_capacity(44 + heads.heads.len() * HEAD_LEN);
    body.extend_from_slice(&log_id.0);
    body.extend_from_slice(&wall_ms.to_be_bytes());
    body.extend_from_slice(&(heads.heads.len() as u32).to_be_bytes());
    for (a, (seq, id)) in &heads.heads {
        body.extend_from_slice(&a.0);
        body.extend_from_slice(&seq.to_be_bytes());
        body.extend_from_slice(&id.0);
    }
    let mut msg = CONTEXT.to_vec();
    msg.extend_from_slice(&body);
    SignedClaim {
        device: key.public(),
        sig: key.sign(&msg).to_vec(),
        body,
    }
}

/// Checks the signature and the log, and returns the claimed heads and the claim's time.
pub fn open(c: &SignedClaim, log_id: &Hash32) -> Result<(i64, Vec<ClaimedHead>), ClaimError> {
    let who = c.device.short();
    let malformed = || ClaimError::Malformed(who.clone());
    let vk = ed25519_dalek::VerifyingKey::from_bytes(&c.device.0).map_err(|_| malformed())?;
    let sig = ed25519_dalek::Signature::from_slice(&c.sig).map_err(|_| malformed())?;
    let mut msg = CONTEXT.to_vec();
    msg.extend_from_slice(&c.body);
    vk.verify_strict(&msg, &sig)
        .map_err(|_| ClaimError::BadSignature(who.clone()))?;
    let b = &c.body;
    if b.len() < 44 {
        return Err(malformed());
    }
    if b[..32] != log_id.0 {
        return Err(ClaimError::OtherLog(who));
    }
    let wall = i64::from_be_bytes(b[32..40].try_into().map_err(|_| malformed())?);
    let n = u32::from_be_bytes(b[40..44].try_into().map_err(|_| malformed())?) as usize;
    if b.len() != 44 + n * HEAD_LEN {
        return Err(malformed());
    }
    let heads = b[44..]
        .chunks_exact(HEAD_LEN)
        .map(|h| {
            let mut author = [0; 32];
            let mut id = [0; 32];
            author.copy_from_slice(&h[..32]);
            id.copy_from_slice(&h[40..]);
            ClaimedHead {
                device: c.device,
                author: Hash32(author),
                seq: u64::from_be_bytes(h[32..40].try_into().unwrap_or_default()),
                id: Hash32(id),
            }
        })
        .collect();
    Ok((wall, heads))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heads() -> HeadSet {
        let mut h = HeadSet::default();
        h.add(Hash32([1; 32]), 4, Hash32([7; 32]));
        h.add(Hash32([2; 32]), 9, Hash32([8; 32]));
        h
    }

    #[test]
    fn a_claim_opens_to_what_was_signed() {
        let k = DeviceKey::from_seed([3; 32]);
        let log = Hash32([5; 32]);
        let c = sign(&k, &log, 1234, &heads());
        let (wall, hs) = open(&c, &log).unwrap();
        assert_eq!(wall, 1234);
        assert_eq!(hs.len(), 2);
        assert_eq!(
            (hs[1].author, hs[1].seq, hs[1].id),
            (Hash32([2; 32]), 9, Hash32([8; 32]))
        );
    }

    #[test]
    fn an_altered_claim_or_another_logs_claim_is_refused() {
        let k = DeviceKey::from_seed([3; 32]);
        let log = Hash32([5; 32]);
        let mut c = sign(&k, &log, 1234, &heads());
        assert!(matches!(
            open(&c, &Hash32([6; 32])),
            Err(ClaimError::OtherLog(_))
        ));
        let last = c.body.len() - 1;
        c.body[last] ^= 1;
        assert!(matches!(open(&c, &log), Err(ClaimError::BadSignature(_))));
        let mut other = sign(&k, &log, 1, &heads());
        other.device = DeviceKey::from_seed([4; 32]).public();
        assert!(matches!(
            open(&other, &log),
            Err(ClaimError::BadSignature(_))
        ));
    }
}
