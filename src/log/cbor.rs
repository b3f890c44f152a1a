//! A deliberately tiny, strict CBOR (RFC 8949) subset for the event envelope.
//!
//! Why our own: the envelope is signed exactly as stored, so its encoding must be
//! deterministic and its parser must refuse anything it would not itself produce
//! (non-shortest integer heads, indefinite lengths, trailing bytes, unknown major types).
//! Only the items the envelope uses are supported: unsigned and negative integers,
//! byte strings, UTF-8 text, definite arrays and `null`.

use thiserror::Error;

/// Why a byte string is not a canonical envelope item.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CborError {
    #[error("truncated: needed {needed} more byte(s) at offset {at}")]
    Truncated { at: usize, needed: usize },
    #[error("non-canonical integer head at offset {at} (not the shortest form)")]
    NonShortest { at: usize },
    #[error("unsupported CBOR item (major type {major}, info {info}) at offset {at}")]
    Unsupported { at: usize, major: u8, info: u8 },
    #[error("expected {expected} at offset {at}")]
    Expected { at: usize, expected: &'static str },
    #[error("invalid UTF-8 text at offset {at}")]
    Utf8 { at: usize },
    #[error("{count} trailing byte(s) after the envelope")]
    Trailing { count: usize },
    #[error("integer out of range at offset {at}")]
    Range { at: usize },
}

/// Appends canonical CBOR items to a buffer.
#[derive(Default)]
pub struct Encoder {
    pub buf: Vec<u8>,
}

impl Encoder {
    pub fn with_capacity(n: usize) -> Self {
        Encoder {
            buf: Vec::with_capacity(n),
        }
    }

    fn head(&mut self, major: u8, v: u64) {
        let m = major << 5;
        if v < 24 {
            self.buf.push(m | v as u8);
        } else if v <= u8::MAX as u64 {
            self.buf.extend_from_slice(&[m | 24, v as u8]);
        } else if v <= u16::MAX as u64 {
            self.buf.push(m | 25);
            self.buf.extend_from_slice(&(v as u16).to_be_bytes());
        } else if v <= u32::MAX as u64 {
            self.buf.push(m | 26);
            self.buf.extend_from_slice(&(v as u32).to_be_bytes());
        } else {
            self.buf.push(m | 27);
            self.buf.extend_from_slice(&v.to_be_bytes());
        }
    }

    pub fn uint(&mut self, v: u64) {
        self.head(0, v);
    }

    pub fn int(&mut self, v: i64) {
        if v >= 0 {
            self.head(0, v as u64);
        } else {
            // CBOR negative integers encode -1 - n.
            self.head(1, (-1 - v) as u64);
        }
    }

    pub fn bytes(&mut self, b: &[u8]) {
        self.head(2, b.len() as u64);
        self.buf.extend_from_slice(b);
    }

    pub fn text(&mut self, s: &str) {
        self.head(3, s.len() as u64);
        self.buf.extend_from_slice(s.as_bytes());
    }

    pub fn array(&mut self, len: usize) {
        self.head(4, len as u64);
    }

    pub fn null(&mut self) {
        self.buf.push(0xf6);
    }
}

/// Reads canonical CBOR items from a byte slice, refusing anything non-canonical.
pub struct Decoder<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Decoder<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Decoder { data, pos: 0 }
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], CborError> {
        let end = self
            .pos
            .checked_add(n)
            .ok_or(CborError::Range { at: self.pos })?;
        if end > self.data.len() {
            return Err(CborError::Truncated {
                at: self.pos,
                needed: end - self.data.len(),
            });
        }
        let s = &self.data[self.pos..end];
        self.pos = end;
        Ok(s)
    }

    fn peek(&self) -> Result<u8, CborError> {
        self.data
            .get(self.pos)
            .copied()
            .ok_or(CborError::Truncated {
                at: self.pos,
                needed: 1,
            })
    }

    /// Reads a head of the given major type and returns its argument.
    fn head(&mut self, major: u8, expected: &'static str) -> Result<u64, CborError> {
        let at = self.pos;
        let b = self.peek()?;
        if b >> 5 != major {
            return Err(CborError::Expected { at, expected });
        }
        self.pos += 1;
        let info = b & 0x1f;
        let (v, min) = match info {
            0..=23 => return Ok(info as u64),
            24 => (self.take(1)?[0] as u64, 24u64),
            25 => {
                let s = self.take(2)?;
                (u16::from_be_bytes([s[0], s[1]]) as u64, 0x100)
            }
            26 => {
                let s = self.take(4)?;
                (
                    u32::from_be_bytes([s[0], s[1], s[2], s[3]]) as u64,
                    0x1_0000,
                )
            }
            27 => {
                let s = self.take(8)?;
                let mut a = [0u8; 8];
                a.copy_from_slice(s);
                (u64::from_be_bytes(a), 0x1_0000_0000)
            }
            _ => return Err(CborError::Unsupported { at, major, info }),
        };
        if v < min {
            return Err(CborError::NonShortest { at });
        }
        Ok(v)
    }

    pub fn uint(&mut self) -> Result<u64, CborError> {
        self.head(0, "unsigned integer")
    }

    pub fn int(&mut self) -> Result<i64, CborError> {
        let at = self.pos;
        let b = self.peek()?;
        if b >> 5 == 1 {
            let n = self.head(1, "integer")?;
            if n > i64::MAX as u64 {
                return Err(CborError::Range { at });
            }
            Ok(-1 - n as i64)
        } else {
            let n = self.head(0, "integer")?;
            i64::try_from(n).map_err(|_| CborError::Range { at })
        }
    }

    pub fn bytes(&mut self) -> Result<&'a [u8], CborError> {
        let n = self.head(2, "byte string")?;
        self.take(usize::try_from(n).map_err(|_| CborError::Range { at: self.pos })?)
    }

    /// A byte string of exactly `N` bytes.
    pub fn fixed<const N: usize>(&mut self) -> Result<[u8; N], CborError> {
        let at = self.pos;
        let b = self.bytes()?;
        b.try_into().map_err(|_| CborError::Expected {
            at,
            expected: "a 32-byte string",
        })
    }

    pub fn text(&mut self) -> Result<&'a str, CborError> {
        let n = self.head(3, "text string")?;
        let at = self.pos;
        let s = self.take(usize::try_from(n).map_err(|_| CborError::Range { at })?)?;
        std::str::from_utf8(s).map_err(|_| CborError::Utf8 { at })
    }

    pub fn array(&mut self) -> Result<u64, CborError> {
        self.head(4, "array")
    }

    /// `true` and consumes the byte if the next item is `null`.
    pub fn null(&mut self) -> Result<bool, CborError> {
        if self.peek()? == 0xf6 {
            self.pos += 1;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    pub fn finish(&self) -> Result<(), CborError> {
        if self.pos != self.data.len() {
            return Err(CborError::Trailing {
                count: self.data.len() - self.pos,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // RFC 8949 Appendix A vectors for the items we use.
    #[test]
    fn rfc8949_appendix_a_integers() {
        let cases: &[(i64, &str)] = &[
            (0, "00"),
            (1, "01"),
            (10, "0a"),
            (23, "17"),
            (24, "1818"),
            (25, "1819"),
            (100, "1864"),
            (1000, "1903e8"),
            (1000000, "1a000f4240"),
            (1000000000000, "1b000000e8d4a51000"),
            (-1, "20"),
            (-10, "29"),
            (-100, "3863"),
            (-1000, "3903e7"),
        ];
        for (v, hex) in cases {
            let mut e = Encoder::default();
            e.int(*v);
            assert_eq!(hex::encode(&e.buf), *hex, "encode {v}");
            let bytes = hex::decode(hex).unwrap();
            let mut d = Decoder::new(&bytes);
            assert_eq!(d.int().unwrap(), *v);
            d.finish().unwrap();
        }
    }

    #[test]
    fn non_shortest_heads_are_refused() {
        for hex in ["1817", "190017", "1a00000017", "1b0000000000000017", "5800"] {
            let b = hex::decode(hex).unwrap();
            let mut d = Decoder::new(&b);
            let r = if hex.starts_with('5') {
                d.bytes().map(|_| 0)
            } else {
                d.uint()
            };
            assert!(matches!(r, Err(CborError::NonShortest { .. })), "{hex}");
        }
    }

    #[test]
    fn indefinite_lengths_are_refused() {
        let b = [0x9f, 0xff];
        assert!(matches!(
            Decoder::new(&b).array(),
            Err(CborError::Unsupported { .. })
        ));
    }

    proptest! {
        #[test]
        fn ints_round_trip(v in any::<i64>()) {
            let mut e = Encoder::default();
            e.int(v);
            let mut d = Decoder::new(&e.buf);
            prop_assert_eq!(d.int().unwrap(), v);
            prop_assert!(d.finish().is_ok());
        }

        #[test]
        fn decoder_never_panics(data in proptest::collection::vec(any::<u8>(), 0..64)) {
            let mut d = Decoder::new(&data);
            let _ = d.array();
            let _ = d.bytes();
            let _ = d.text();
            let _ = d.int();
        }
    }
}
