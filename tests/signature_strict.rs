//! `log::signature::StrictKey` against `ed25519_dalek::VerifyingKey::verify_strict`: every
//! signature one accepts the other accepts. Honest signatures, altered bytes, small-order
//! and mixed-order points, non-canonical encodings of R and s, weak keys.

use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT, EIGHT_TORSION};
use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::scalar::Scalar;
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use proptest::prelude::*;
use tdlog::log::signature::{decide_all, StrictKey};

mod common;
use common::{add_le, GROUP_ORDER as L};

/// Both verifiers' decisions on one (key, message, signature); `None` where the key bytes
/// are not a point (both refuse to build a key).
fn decisions(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> Option<(bool, bool)> {
    let dalek = VerifyingKey::from_bytes(key).ok();
    let ours = StrictKey::from_bytes(key);
    assert_eq!(dalek.is_some(), ours.is_some(), "key {key:02x?}");
    let (dalek, ours) = (dalek?, ours?);
    // The message in two parts, as an event's domain and body are hashed.
    let (a, b) = msg.split_at(msg.len() / 2);
    let alone = ours.verify(&[a, b], sig);
    assert_eq!(
        in_a_batch(&ours, &[a, b], sig),
        alone,
        "decided in a batch as alone"
    );
    Some((
        dalek
            .verify_strict(msg, &Signature::from_bytes(sig))
            .is_ok(),
        alone,
    ))
}

/// The decision on one signature when it is decided with others (`decide_all`, one field
/// inversion for all): between honest signatures, which must still verify.
fn in_a_batch(key: &StrictKey, parts: &[&[u8]], sig: &[u8; 64]) -> bool {
    let honest: Vec<_> = (0..3u8)
        .map(|i| {
            let msg = [i; 40];
            let (k, s) = signed([i + 100; 32], &msg);
            let key = StrictKey::from_bytes(&k).unwrap();
            key.recompute(&[&msg], &s).expect("an honest signature")
        })
        .collect();
    let Some(this) = key.recompute(parts, sig) else {
        return false;
    };
    let batch = [honest[0], this, honest[1], honest[2]];
    let verdicts = decide_all(batch.iter());
    assert_eq!(
        [verdicts[0], verdicts[2], verdicts[3]],
        [true; 3],
        "the honest ones"
    );
    verdicts[1]
}

fn agree(key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> Option<bool> {
    let (dalek, ours) = decisions(key, msg, sig)?;
    assert_eq!(dalek, ours, "key {key:02x?} sig {sig:02x?}");
    Some(dalek)
}

fn signed(seed: [u8; 32], msg: &[u8]) -> ([u8; 32], [u8; 64]) {
    let sk = SigningKey::from_bytes(&seed);
    (sk.verifying_key().to_bytes(), sk.sign(msg).to_bytes())
}

/// Every encoding of a small-order point: the eight points compressed, the same with the
/// sign bit flipped, and the non-canonical y + p of those whose y is below 19.
fn small_order_encodings() -> Vec<[u8; 32]> {
    let mut out = Vec::new();
    for t in EIGHT_TORSION {
        let c = t.compress().to_bytes();
        out.push(c);
        let mut flipped = c;
        flipped[31] ^= 0x80;
        out.push(flipped);
        if c[1..].iter().all(|&b| b & 0x7f == 0) && c[0] < 19 && c[31] & 0x7f == 0 {
            // y + p: p = 2^255 - 19, so the low byte is y - 19 + 256 and the rest are ones.
            let mut big = [0xffu8; 32];
            big[0] = c[0] + 0xed;
            big[31] = 0x7f | (c[31] & 0x80);
            out.push(big);
        }
    }
    out
}

#[test]
fn honest_signatures_verify_with_both() {
    for i in 0..64u8 {
        let msg = vec![i; i as usize * 7];
        let (key, sig) = signed([i; 32], &msg);
        assert_eq!(agree(&key, &msg, &sig), Some(true));
    }
}

#[test]
fn s_plus_l_is_the_same_scalar_and_refused_by_both() {
    let msg = b"tdlog/event/v1\0a body";
    let (key, sig) = signed([7; 32], msg);
    let mut s = [0u8; 32];
    s.copy_from_slice(&sig[32..]);
    let mut bad = sig;
    bad[32..].copy_from_slice(&add_le(&s, &L));
    assert_eq!(agree(&key, msg, &bad), Some(false));
}

#[test]
fn small_order_r_is_refused_by_both() {
    let msg = b"a ruling";
    let (key, sig) = signed([9; 32], msg);
    for r in small_order_encodings() {
        let mut bad = sig;
        bad[..32].copy_from_slice(&r);
        assert_eq!(agree(&key, msg, &bad), Some(false), "R {r:02x?}");
    }
}

/// A weak key (small order) with R = identity and s = 0: the cofactorless equation holds
/// for every message whose k times the key is the identity; both refuse it anyway.
#[test]
fn weak_keys_are_refused_by_both() {
    for a in small_order_encodings() {
        for r in small_order_encodings() {
            let mut sig = [0u8; 64];
            sig[..32].copy_from_slice(&r);
            for msg in [&b"x"[..], b"tdlog", b""] {
                if let Some(ok) = agree(&a, msg, &sig) {
                    assert!(!ok);
                }
            }
        }
    }
}

/// R = the identity with s = k·a (a the key's secret scalar): [s]B - [k]A is the identity,
/// so the equation holds for any message. Only the small-order check on R refuses it.
#[test]
fn the_identity_as_r_is_refused_by_both_though_the_equation_holds() {
    let a = Scalar::from_bytes_mod_order([6; 32]);
    let big_a = (ED25519_BASEPOINT_POINT * a).compress().to_bytes();
    let mut identity = [0u8; 32];
    identity[0] = 1;
    for msg in [&b"tdlog"[..], b"", b"a ruling under Law 12C1"] {
        let mut h = <sha2::Sha512 as sha2::Digest>::new();
        sha2::Digest::update(&mut h, identity);
        sha2::Digest::update(&mut h, big_a);
        sha2::Digest::update(&mut h, msg);
        let k = Scalar::from_bytes_mod_order_wide(&sha2::Digest::finalize(h).into());
        let mut sig = [0u8; 64];
        sig[..32].copy_from_slice(&identity);
        sig[32..].copy_from_slice((k * a).as_bytes());
        let point = ED25519_BASEPOINT_POINT * (k * a) - ED25519_BASEPOINT_POINT * a * k;
        assert_eq!(point.compress().to_bytes(), identity, "the equation holds");
        assert_eq!(agree(&big_a, msg, &sig), Some(false));
    }
}

/// A weak key with an R of prime order: for the identity as the key, R = [s]B satisfies
/// the cofactorless equation for every message (and for a key of order 2, 4 or 8 whenever k
/// is a multiple of it). Only the weak-key check refuses these.
#[test]
fn a_weak_key_with_a_prime_order_r_is_refused_by_both() {
    let s = Scalar::from_bytes_mod_order([42; 32]);
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&(ED25519_BASEPOINT_POINT * s).compress().to_bytes());
    sig[32..].copy_from_slice(s.as_bytes());
    for a in small_order_encodings() {
        for i in 0..32u8 {
            if let Some(ok) = agree(&a, &[i], &sig) {
                assert!(!ok, "weak key {a:02x?}");
            }
        }
    }
}

/// A mixed-order R (the honest R plus a torsion point) fails the cofactorless equation:
/// both refuse it, whichever torsion point is added.
#[test]
fn mixed_order_r_is_refused_by_both() {
    let msg = b"an appeal";
    let (key, sig) = signed([3; 32], msg);
    let r = CompressedEdwardsY(sig[..32].try_into().unwrap())
        .decompress()
        .unwrap();
    for t in EIGHT_TORSION.iter().skip(1) {
        let mut bad = sig;
        bad[..32].copy_from_slice(&(r + t).compress().to_bytes());
        assert_eq!(agree(&key, msg, &bad), Some(false));
    }
}

/// A mixed-order key (a prime-order key plus a torsion point) signing honestly with its
/// scalar: the equation holds exactly when k times the torsion part vanishes. The two must
/// agree on each message, whichever way it goes.
#[test]
fn mixed_order_keys_are_decided_alike() {
    let a = Scalar::from_bytes_mod_order([5; 32]);
    let mut accepted = 0;
    for t in EIGHT_TORSION.iter().skip(1) {
        let big_a = (ED25519_BASEPOINT_POINT * a + t).compress().to_bytes();
        for i in 0..64u8 {
            let msg = [i; 9];
            let r = Scalar::from_bytes_mod_order([i.wrapping_add(1); 32]);
            let big_r = (ED25519_BASEPOINT_POINT * r).compress().to_bytes();
            let mut h = <sha2::Sha512 as sha2::Digest>::new();
            sha2::Digest::update(&mut h, big_r);
            sha2::Digest::update(&mut h, big_a);
            sha2::Digest::update(&mut h, msg);
            let k = Scalar::from_bytes_mod_order_wide(&sha2::Digest::finalize(h).into());
            let s = r + k * a;
            let mut sig = [0u8; 64];
            sig[..32].copy_from_slice(&big_r);
            sig[32..].copy_from_slice(s.as_bytes());
            if agree(&big_a, &msg, &sig) == Some(true) {
                accepted += 1;
            }
        }
    }
    // Some of these do verify under the cofactorless equation (k ≡ 0 mod the torsion's
    // order): the test covers acceptance as well as refusal.
    assert!(accepted > 0);
}

/// R with y encoded as y + p: decompresses to the same point as a small y would, but no
/// compression ever gives it. Every such encoding with either sign is refused by both.
#[test]
fn non_canonical_r_is_refused_by_both() {
    let msg = b"a score correction";
    let (key, sig) = signed([11; 32], msg);
    for low in 0xedu8..=0xff {
        for top in [0x7f, 0xff] {
            let mut bad = sig;
            bad[..32].fill(0xff);
            bad[0] = low;
            bad[31] = top;
            let _ = agree(&key, msg, &bad);
        }
    }
}

/// Every kind of case above decided in one batch (refusals among acceptances, one field
/// inversion for all): each decision is `verify_strict`'s.
#[test]
fn a_batch_of_every_kind_of_case_is_decided_as_verify_strict_decides_each() {
    let mut cases: Vec<([u8; 32], Vec<u8>, [u8; 64])> = Vec::new();
    for i in 0..16u8 {
        let msg = vec![i; i as usize * 5];
        let (key, sig) = signed([i; 32], &msg);
        cases.push((key, msg.clone(), sig));
        let mut altered = sig;
        altered[i as usize * 4 % 64] ^= 1 << (i % 8);
        cases.push((key, msg.clone(), altered));
        let mut s = [0u8; 32];
        s.copy_from_slice(&sig[32..]);
        let mut plus_l = sig;
        plus_l[32..].copy_from_slice(&add_le(&s, &L));
        cases.push((key, msg.clone(), plus_l));
        let r = CompressedEdwardsY(sig[..32].try_into().unwrap())
            .decompress()
            .unwrap();
        let mut mixed = sig;
        mixed[..32].copy_from_slice(
            &(r + EIGHT_TORSION[1 + i as usize % 7])
                .compress()
                .to_bytes(),
        );
        cases.push((key, msg.clone(), mixed));
    }
    for r in small_order_encodings() {
        let (key, sig) = signed([1; 32], b"x");
        let mut bad = sig;
        bad[..32].copy_from_slice(&r);
        cases.push((key, b"x".to_vec(), bad));
    }
    let (mut keys, mut recomputed, mut expected) = (Vec::new(), Vec::new(), Vec::new());
    for (key, msg, sig) in &cases {
        let strict = VerifyingKey::from_bytes(key)
            .unwrap()
            .verify_strict(msg, &Signature::from_bytes(sig))
            .is_ok();
        let ours = StrictKey::from_bytes(key).unwrap();
        keys.push(strict);
        match ours.recompute(&[msg], sig) {
            Some(r) => {
                recomputed.push(r);
                expected.push(strict);
            }
            None => assert!(!strict, "refused before the batch"),
        }
    }
    assert_eq!(decide_all(recomputed.iter()), expected);
    assert_eq!(
        keys.iter().filter(|&&k| k).count(),
        16,
        "the honest ones only"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any one byte of the key, the message or the signature changed: both decide alike.
    #[test]
    fn an_altered_byte_is_decided_alike(
        seed in any::<[u8; 32]>(),
        msg in proptest::collection::vec(any::<u8>(), 0..300),
        which in 0..3u8,
        at in any::<usize>(),
        xor in 1..=255u8,
    ) {
        let (mut key, mut sig) = signed(seed, &msg);
        let mut msg = msg;
        match which {
            0 => key[at % 32] ^= xor,
            1 if !msg.is_empty() => { let n = msg.len(); msg[at % n] ^= xor }
            _ => sig[at % 64] ^= xor,
        }
        let _ = agree(&key, &msg, &sig);
    }

    /// Random bytes as a signature, random bytes as a key.
    #[test]
    fn random_bytes_are_decided_alike(
        key in any::<[u8; 32]>(),
        r in any::<[u8; 32]>(),
        s in any::<[u8; 32]>(),
        msg in proptest::collection::vec(any::<u8>(), 0..64),
    ) {
        let mut sig = [0u8; 64];
        sig[..32].copy_from_slice(&r);
        sig[32..].copy_from_slice(&s);
        let _ = agree(&key, &msg, &sig);
    }
}
