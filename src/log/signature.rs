//! Ed25519 signature checks with exactly `verify_strict`'s decisions, made cheaper.
//!
//! `ed25519_dalek::VerifyingKey::verify_strict` accepts a signature `(R, s)` by key `A` on
//! message `M` iff: `s` is a canonical scalar; `R` decompresses to a point that is not of
//! small order; `A` is not of small order; and `compress([s]B - [k]A) == R` byte for byte,
//! with `k = SHA-512(R ‖ A ‖ M)`. Decompressing `R` and compressing the recomputed point
//! are each a field exponentiation: together a fifth of a check.
//!
//! Here `R` is never decompressed, and the recomputed points of many signatures are
//! compressed together with one field inversion (Montgomery's trick,
//! `EdwardsPoint::compress_batch_alloc`): a check is split in two halves,
//! [`StrictKey::recompute`] and [`decide_all`]. The decisions are the same:
//! - if `compress(E) == R`, then `R` is canonical (compression always is) and decompresses
//!   to `E`, so `R` is of small order exactly when `E` is, which is read off `E`'s
//!   encoding: it is one of the eight small-order points' (compression is one-to-one);
//! - if `compress(E) != R`, `verify_strict` refuses too, whether or not `R` decompresses.
//!
//! The curve is `curve25519-dalek` 5, the first version with batch compression (version 4
//! is still in the tree under `ed25519-dalek`, for signing). `tests/signature_strict.rs`
//! checks the decisions, one by one and in batches, against `verify_strict` itself, on
//! honest, altered, small-order, mixed-order and non-canonical signatures.

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

/// The first half of a check: the point `[s]B - [k]A` that `R` must encode, and `R`.
#[derive(Clone, Copy)]
pub struct Recomputed {
    point: EdwardsPoint,
    r: [u8; 32],
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
        self.recompute(parts, sig).is_some_and(|r| r.holds())
    }

    /// The first half of checking `sig` over `parts`: `None` when it is refused already
    /// (a weak key, a non-canonical `s`); otherwise the point [`decide_all`] compares with `R`.
    pub fn recompute(&self, parts: &[&[u8]], sig: &[u8; 64]) -> Option<Recomputed> {
        if self.weak {
            return None;
        }
        let mut r = [0u8; 32];
        r.copy_from_slice(&sig[..32]);
        let mut s_bytes = [0u8; 32];
        s_bytes.copy_from_slice(&sig[32..]);
        let s = Option::<Scalar>::from(Scalar::from_canonical_bytes(s_bytes))?;
        let mut h = Sha512::new();
        h.update(r);
        h.update(self.bytes);
        for part in parts {
            h.update(part);
        }
        let k = Scalar::from_bytes_mod_order_wide(&h.finalize().into());
        Some(Recomputed {
            point: EdwardsPoint::vartime_double_scalar_mul_basepoint(&k, &self.minus_a, &s),
            r,
        })
    }
}

impl Recomputed {
    /// The second half on its own (one inversion).
    pub fn holds(&self) -> bool {
        decides(&self.point.compress(), &self.r)
    }
}

/// The second halves of many checks, in order, with one field inversion for them all.
pub fn decide_all<'a>(checks: impl IntoIterator<Item = &'a Recomputed>) -> Vec<bool> {
    let (points, rs): (Vec<EdwardsPoint>, Vec<[u8; 32]>) =
        checks.into_iter().map(|c| (c.point, c.r)).unzip();
    EdwardsPoint::compress_batch_alloc(&points)
        .iter()
        .zip(&rs)
        .map(|(e, r)| decides(e, r))
        .collect()
}

/// `R` is the recomputed point's encoding, and that point is not of small order.
fn decides(e: &CompressedEdwardsY, r: &[u8; 32]) -> bool {
    e.as_bytes() == r && !small_order_encodings().contains(r)
}

/// The encodings of the eight points of small order (compressions, so canonical).
fn small_order_encodings() -> &'static [[u8; 32]; 8] {
    static ENCODINGS: std::sync::OnceLock<[[u8; 32]; 8]> = std::sync::OnceLock::new();
    ENCODINGS
        .get_or_init(|| curve25519_dalek::constants::EIGHT_TORSION.map(|p| p.compress().to_bytes()))
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
