//! The Doppelkopf deck (§1.2): 48 cards, each of the 24 faces twice, 240 eyes in total.
//!
//! Cards serialise as short strings such as `"♥10"` or `"♣D"` so that log payloads stay
//! readable; the ASCII forms `H10`, `KD` (Kreuz), `PA` (Pik), `KaA` (Karo) are accepted too.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::error::DokoError;

/// The four suits, in the order used for ranking Damen and Buben (♣ ♠ ♥ ♦).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Suit {
    Kreuz,
    Pik,
    Herz,
    Karo,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Kreuz, Suit::Pik, Suit::Herz, Suit::Karo];

    pub fn symbol(self) -> &'static str {
        match self {
            Suit::Kreuz => "♣",
            Suit::Pik => "♠",
            Suit::Herz => "♥",
            Suit::Karo => "♦",
        }
    }

    /// Rank among suits for the trump Damen/Buben: ♣ highest (3) … ♦ lowest (0).
    pub fn order(self) -> u8 {
        match self {
            Suit::Kreuz => 3,
            Suit::Pik => 2,
            Suit::Herz => 1,
            Suit::Karo => 0,
        }
    }
}

/// The six ranks (§1.2.2). German names because they are the domain's words.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Rank {
    Neun,
    Bube,
    Dame,
    Koenig,
    Zehn,
    Ass,
}

impl Rank {
    pub const ALL: [Rank; 6] = [
        Rank::Ass,
        Rank::Zehn,
        Rank::Koenig,
        Rank::Dame,
        Rank::Bube,
        Rank::Neun,
    ];

    /// Eyes ("Augen") of the rank: A 11, 10 10, K 4, D 3, B 2, 9 0 (§1.2.2).
    pub fn eyes(self) -> u16 {
        match self {
            Rank::Ass => 11,
            Rank::Zehn => 10,
            Rank::Koenig => 4,
            Rank::Dame => 3,
            Rank::Bube => 2,
            Rank::Neun => 0,
        }
    }

    /// Plain order A 10 K D B 9 used by every side suit outside the normal game (5 = Ass).
    pub fn plain_order(self) -> u8 {
        match self {
            Rank::Ass => 5,
            Rank::Zehn => 4,
            Rank::Koenig => 3,
            Rank::Dame => 2,
            Rank::Bube => 1,
            Rank::Neun => 0,
        }
    }

    fn code(self) -> &'static str {
        match self {
            Rank::Ass => "A",
            Rank::Zehn => "10",
            Rank::Koenig => "K",
            Rank::Dame => "D",
            Rank::Bube => "B",
            Rank::Neun => "9",
        }
    }
}

/// One card. The two copies of a face are identical; only play order separates them (§4.4.2).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(try_from = "String", into = "String")]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    pub fn eyes(self) -> u16 {
        self.rank.eyes()
    }

    /// ♣D: the card that makes the Re party in a normal game (§1.4.4).
    pub const KREUZ_DAME: Card = Card::new(Suit::Kreuz, Rank::Dame);
    /// ♥10, the "Dulle" (§4.4.2 exception).
    pub const HERZ_ZEHN: Card = Card::new(Suit::Herz, Rank::Zehn);
    /// ♦A, the "Fuchs" (§6.2.3).
    pub const FUCHS: Card = Card::new(Suit::Karo, Rank::Ass);
    /// ♣B, "Karlchen" (§6.2.3).
    pub const KARLCHEN: Card = Card::new(Suit::Kreuz, Rank::Bube);
}

/// The 24 distinct faces, each once.
pub fn faces() -> Vec<Card> {
    Suit::ALL
        .iter()
        .flat_map(|&s| Rank::ALL.iter().map(move |&r| Card::new(s, r)))
        .collect()
}

/// The full 48-card deck (§1.2.1): every face twice, in a fixed order.
pub fn deck() -> Vec<Card> {
    let mut d = faces();
    d.extend(faces());
    d
}

/// Total eyes of a set of cards.
pub fn eyes_of(cards: &[Card]) -> u16 {
    cards.iter().map(|c| c.eyes()).sum()
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.symbol(), self.rank.code())
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for Card {
    type Error = DokoError;
    fn try_from(s: String) -> Result<Card, DokoError> {
        s.parse()
    }
}

impl FromStr for Card {
    type Err = DokoError;

    fn from_str(s: &str) -> Result<Card, DokoError> {
        let bad = || DokoError::BadCard(s.to_string());
        let t = s.trim();
        let (suit, rest) = if let Some(r) = t.strip_prefix('♣') {
            (Suit::Kreuz, r)
        } else if let Some(r) = t.strip_prefix('♠') {
            (Suit::Pik, r)
        } else if let Some(r) = t.strip_prefix('♥') {
            (Suit::Herz, r)
        } else if let Some(r) = t.strip_prefix('♦') {
            (Suit::Karo, r)
        } else if let Some(r) = t.strip_prefix("Ka") {
            (Suit::Karo, r)
        } else if let Some(r) = t.strip_prefix('K') {
            (Suit::Kreuz, r)
        } else if let Some(r) = t.strip_prefix('P') {
            (Suit::Pik, r)
        } else if let Some(r) = t.strip_prefix('H') {
            (Suit::Herz, r)
        } else {
            return Err(bad());
        };
        let rank = match rest {
            "A" => Rank::Ass,
            "10" => Rank::Zehn,
            "K" => Rank::Koenig,
            "D" => Rank::Dame,
            "B" => Rank::Bube,
            "9" => Rank::Neun,
            _ => return Err(bad()),
        };
        Ok(Card::new(suit, rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_48_cards_and_240_eyes_1_2() {
        let d = deck();
        assert_eq!(d.len(), 48);
        assert_eq!(eyes_of(&d), 240);
    }

    #[test]
    fn parse_and_display_round_trip() {
        for c in faces() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert_eq!("KaA".parse::<Card>().unwrap(), Card::FUCHS);
        assert_eq!("KB".parse::<Card>().unwrap(), Card::KARLCHEN);
        assert_eq!("H10".parse::<Card>().unwrap(), Card::HERZ_ZEHN);
        assert!("X9".parse::<Card>().is_err());
        assert!("♥7".parse::<Card>().is_err());
    }
}
