//! Ed25519 signature checks with exactly `verify_strict`'s decisions, made cheaper.
//!
//! `ed25519_dalek::VerifyingKey::verify_strict` accepts a signature `(R, s)` by key `A` on
//! message `M` iff: `s` is a canonical scalar; `R` decompresses to a point that is not of
//! small order; `A` is not of small order; and `compress([s]B - [k]A) == R` byte for byte,
//! with `k = SHA-512(R ‖ A ‖ M)`. The last step is a field inversion (an eighth of a check).
//!
//! Here the recomputed point is compared with the decompressed `R` in projective
//! coordinates (no inversion), plus a check that `R`'s y is canonically encoded. The two
//! tests accept the same signatures:
//! - if `compress(E) == R`, then `R` is canonical (compression always is) and decompresses
//!   to `E`;
//! - if `E` equals the point `P` that `R` decompresses to and `R`'s y is canonical, then
//!   `compress(P)` gives `R`'s y and `R`'s sign bit, because decompression picks the root
//!   whose sign is that bit; the only point where it cannot (x = 0, sign bit 1) has y = ±1,
//!   of small order, and was refused before.
//!
//! `tests/signature_strict.rs` checks the decisions against `verify_strict` itself, on
//! honest, altered, small-order and non-canonical signatures.

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use sha2::{Digest, Sha512};

/// An author's key made ready for checks: its bytes as given (they are hashed into `k`),
/// its point negated, and whether it is of small order (then no signature by it verifies).
#[derive(Clone, Copy)]
pub struct StrictKey {
    bytes: [u8; 32],
    minus_a: EdwardsPoint,
    weak: bool,
}

impl StrictKey {
    /// `None` when the bytes are not a curve point (`VerifyingKey::from_bytes` refuses them).
    pub fn from_bytes(bytes: &[u8; 32]) -> Option<StrictKey> {
        let a = CompressedEdwardsY(*bytes).decompress()?;
        Some(StrictKey {
            bytes: *bytes,
            minus_a: -a,
            weak: a.is_small_order(),
        })
    }

    /// Whether `sig` signs the message `parts` concatenated, with `verify_strict`'s
    /// decision. The parts are hashed in place (no copy of the message is made).
    pub fn verify(&self, parts: &[&[u8]], sig: &[u8; 64]) -> bool {
        if self.weak {
            return false;
        }
        let mut r_bytes = [0u8; 32];
        r_bytes.copy_from_slice(&sig[..32]);
        let mut s_bytes = [0u8; 32];
        s_bytes.copy_from_slice(&sig[32..]);
        let Some(s) = Option::<Scalar>::from(Scalar::from_canonical_bytes(s_bytes)) else {
            return false;
        };
        let Some(r) = CompressedEdwardsY(r_bytes).decompress() else {
            return false;
        };
        if r.is_small_order() || !canonical_y(&r_bytes) {
            return false;
        }
        let mut h = Sha512::new();
        h.update(r_bytes);
        h.update(self.bytes);
        for part in parts {
            h.update(part);
        }
        let k = Scalar::from_hash(h);
        EdwardsPoint::vartime_double_scalar_mul_basepoint(&k, &self.minus_a, &s) == r
    }
}

/// Whether an encoded point's y (its low 255 bits) is below p = 2^255 - 19. The nineteen
/// encodings from p to 2^255 - 1 decompress (reduced mod p) but never come out of a
/// compression, so `verify_strict`'s byte comparison refuses them.
pub fn canonical_y(encoded: &[u8; 32]) -> bool {
    !(encoded[31] & 0x7f == 0x7f && encoded[1..31].iter().all(|&b| b == 0xff) && encoded[0] >= 0xed)
}

#[cfg(test)]
mod tests {
    use super::canonical_y;

    /// y = p - 1 is the largest canonical value; p .. 2^255 - 1 are the non-canonical ones,
    /// with either sign bit.
    #[test]
    fn the_nineteen_encodings_at_or_above_p_are_not_canonical() {
        let mut e = [0xffu8; 32];
        e[31] = 0x7f;
        e[0] = 0xec;
        assert!(canonical_y(&e), "p - 1");
        for low in 0xed..=0xff {
            for sign in [0x7f, 0xff] {
                e[0] = low;
                e[31] = sign;
                assert!(!canonical_y(&e), "p + {}", low - 0xed);
            }
        }
        e[0] = 0xff;
        e[30] = 0xfe;
        e[31] = 0x7f;
        assert!(canonical_y(&e), "below p in a middle byte");
        assert!(canonical_y(&[0u8; 32]));
    }
}
