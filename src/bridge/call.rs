//! Calls (definitions, Laws 18-19): bids, pass, double, redouble. Serialized as `"1NT"`,
//! `"Pass"`, `"X"`, `"XX"` so that call events read like a bidding sheet.
use crate::bridge::card::Suit;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Denomination of a bid, in ascending order C < D < H < S < NT (Law 18E).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Strain {
    C,
    D,
    H,
    S,
    NT,
}

impl Strain {
    pub const ALL: [Strain; 5] = [Strain::C, Strain::D, Strain::H, Strain::S, Strain::NT];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The trump suit, or `None` for notrump.
    pub fn trump(self) -> Option<Suit> {
        match self {
            Strain::C => Some(Suit::C),
            Strain::D => Some(Suit::D),
            Strain::H => Some(Suit::H),
            Strain::S => Some(Suit::S),
            Strain::NT => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Strain::C => "C",
            Strain::D => "D",
            Strain::H => "H",
            Strain::S => "S",
            Strain::NT => "NT",
        }
    }

    /// `C D H S`, `N`, `NT`, `SA` (German "Sans Atout"), `UT` (Danish "uden trumf": what
    /// the screens write, `i18n::cards`) or a suit symbol, any case.
    pub fn parse(s: &str) -> Option<Strain> {
        match s.to_ascii_uppercase().as_str() {
            "C" | "♣" => Some(Strain::C),
            "D" | "♦" => Some(Strain::D),
            "H" | "♥" => Some(Strain::H),
            "S" | "♠" => Some(Strain::S),
            "N" | "NT" | "SA" | "UT" => Some(Strain::NT),
            _ => None,
        }
    }
}

/// A bid. Levels above seven are representable so that Law 38 can be recorded and judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bid {
    pub level: u8,
    pub strain: Strain,
}

impl Bid {
    pub fn new(level: u8, strain: Strain) -> Bid {
        Bid { level, strain }
    }

    /// Position in the bidding ladder: 1C = 0 ... 7NT = 34 (Law 18B-D).
    pub fn rank(self) -> i32 {
        (self.level as i32 - 1) * 5 + self.strain.index() as i32
    }

    /// Law 18B: a bid supersedes another if it names more odd tricks, or as many in a
    /// higher denomination.
    pub fn is_sufficient_over(self, last: Bid) -> bool {
        self.rank() > last.rank()
    }
}

/// Any call (definitions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Call {
    Pass,
    Double,
    Redouble,
    Bid(Bid),
}

/// Why a call string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    #[error("empty call")]
    Empty,
    #[error("call {0:?}: level must be a digit 1-7 (8 or 9 are recorded as Law 38 bids)")]
    BadLevel(String),
    #[error("call {call:?}: unknown denomination {strain:?} (expected C, D, H, S or NT)")]
    BadStrain { call: String, strain: String },
}

impl FromStr for Call {
    type Err = CallError;
    /// Accepts `Pass`/`P`/`-`, `X`/`x`/`Dbl`, `XX`/`xx`/`Rdbl`, and bids such as `1NT`, `3n`, `4s`.
    fn from_str(s: &str) -> Result<Call, CallError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(CallError::Empty);
        }
        match t.to_ascii_uppercase().as_str() {
            "PASS" | "P" | "-" => return Ok(Call::Pass),
            "X" | "D" | "DBL" | "DOUBLE" => return Ok(Call::Double),
            "XX" | "R" | "RDBL" | "REDOUBLE" => return Ok(Call::Redouble),
            _ => {}
        }
        let mut chars = t.chars();
        let first = chars.next().ok_or(CallError::Empty)?;
        let level = match first.to_digit(10) {
            Some(d @ 1..=9) => d as u8,
            _ => return Err(CallError::BadLevel(t.to_string())),
        };
        let rest: String = chars.collect();
        let strain = Strain::parse(&rest).ok_or_else(|| CallError::BadStrain {
            call: t.to_string(),
            strain: rest.clone(),
        })?;
        Ok(Call::Bid(Bid { level, strain }))
    }
}

impl TryFrom<String> for Call {
    type Error = CallError;
    fn try_from(s: String) -> Result<Call, CallError> {
        s.parse()
    }
}

impl From<Call> for String {
    fn from(c: Call) -> String {
        c.to_string()
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain.as_str())
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(b) => write!(f, "{b}"),
        }
    }
}

impl schemars::JsonSchema for Call {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Call".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^(Pass|X|XX|[1-9](C|D|H|S|NT))$",
            "description": "A call: \"Pass\", \"X\" (double), \"XX\" (redouble) or a bid: level then C, D, H, S or NT, e.g. \"1H\", \"3NT\" (levels above 7 are recorded for Law 38)"
        })
    }
}
