//! The pack (Law 1): four suits of thirteen ranks. Cards serialize as `"SA"`, `"HT"`, `"C2"`.
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Suits in ascending rank order (clubs lowest, Law 1A); the order matters only for bidding.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Suit {
    C,
    D,
    H,
    S,
}

impl Suit {
    /// Ascending order: C, D, H, S.
    pub const ALL: [Suit; 4] = [Suit::C, Suit::D, Suit::H, Suit::S];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        match self {
            Suit::C => 'C',
            Suit::D => 'D',
            Suit::H => 'H',
            Suit::S => 'S',
        }
    }

    /// Parse a suit letter (`S H D C`, either case) or symbol.
    pub fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' | '♣' => Some(Suit::C),
            'D' | '♦' => Some(Suit::D),
            'H' | '♥' => Some(Suit::H),
            'S' | '♠' => Some(Suit::S),
            _ => None,
        }
    }
}

/// Card rank 2..=14 (ace high, Law 1A). Ten and above are honours (definitions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const TEN: Rank = Rank(10);
    pub const ACE: Rank = Rank(14);

    /// A rank from its number (2..=14, ace 14).
    pub fn new(n: u8) -> Option<Rank> {
        (2..=14).contains(&n).then_some(Rank(n))
    }

    pub fn value(self) -> u8 {
        self.0
    }

    /// Honours are A K Q J 10 (definitions; used by Laws 24 and 50).
    pub fn is_honour(self) -> bool {
        self.0 >= 10
    }

    pub fn letter(self) -> char {
        match self.0 {
            14 => 'A',
            13 => 'K',
            12 => 'Q',
            11 => 'J',
            10 => 'T',
            n => (b'0' + n) as char,
        }
    }

    pub fn from_char(c: char) -> Option<Rank> {
        let n = match c.to_ascii_uppercase() {
            'A' => 14,
            'K' => 13,
            'Q' => 12,
            'J' => 11,
            'T' => 10,
            d @ '2'..='9' => d as u8 - b'0',
            _ => return None,
        };
        Some(Rank(n))
    }
}

/// One card of the pack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    pub fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// 0..52, suit-major (clubs 2 = 0, spades ace = 51): a dense index for bitsets.
    pub fn index(self) -> usize {
        self.suit.index() * 13 + (self.rank.value() as usize - 2)
    }

    pub fn from_index(i: usize) -> Option<Card> {
        if i >= 52 {
            return None;
        }
        Some(Card {
            suit: Suit::ALL[i / 13],
            rank: Rank((i % 13) as u8 + 2),
        })
    }

    /// The full pack in index order.
    pub fn pack() -> Vec<Card> {
        (0..52).filter_map(Card::from_index).collect()
    }
}

/// Why a card string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("empty card")]
    Empty,
    #[error("card {card:?}: unknown suit {suit:?} (expected S, H, D or C)")]
    BadSuit { card: String, suit: char },
    #[error("card {card:?}: unknown rank {rank:?} (expected A K Q J T/10 9..2)")]
    BadRank { card: String, rank: String },
}

impl FromStr for Card {
    type Err = CardError;
    /// Accepts `SA`, `s10`, `HT`, `♥Q`; suit first as in PBN play sections and LIN.
    fn from_str(s: &str) -> Result<Card, CardError> {
        let t = s.trim();
        let mut chars = t.chars();
        let first = chars.next().ok_or(CardError::Empty)?;
        let suit = Suit::from_char(first).ok_or_else(|| CardError::BadSuit {
            card: t.to_string(),
            suit: first,
        })?;
        let rest: String = chars.collect();
        let rank = match rest.as_str() {
            "10" => Some(Rank::TEN),
            r if r.chars().count() == 1 => r.chars().next().and_then(Rank::from_char),
            _ => None,
        }
        .ok_or_else(|| CardError::BadRank {
            card: t.to_string(),
            rank: rest.clone(),
        })?;
        Ok(Card { suit, rank })
    }
}

impl TryFrom<String> for Card {
    type Error = CardError;
    fn try_from(s: String) -> Result<Card, CardError> {
        s.parse()
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), self.rank.letter())
    }
}

impl schemars::JsonSchema for Card {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Card".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[CDHS][2-9TJQKA]$",
            "description": "A card: suit C, D, H or S, then rank 2-9, T, J, Q, K or A; e.g. \"SA\", \"HT\""
        })
    }
}
