//! Seats and parties. Seats are the tournament plan's positions 1..5, written A..E (§7.3.1).
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

use super::error::DokoError;

/// A seat at the table: A = position 1 (deals first) … E = position 5 (five-tables only).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(try_from = "String", into = "String")]
pub struct Seat(u8);

impl Seat {
    pub const A: Seat = Seat(0);
    pub const B: Seat = Seat(1);
    pub const C: Seat = Seat(2);
    pub const D: Seat = Seat(3);
    pub const E: Seat = Seat(4);

    /// Seat by zero-based index; only 0..5 exist.
    pub fn new(index: u8) -> Result<Seat, DokoError> {
        if index < 5 {
            Ok(Seat(index))
        } else {
            Err(DokoError::BadSeat(index.to_string()))
        }
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `size` (4 or 5).
    pub fn next(self, size: u8) -> Seat {
        Seat((self.0 + 1) % size.max(1))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", (b'A' + self.0) as char)
    }
}

impl From<Seat> for String {
    fn from(s: Seat) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Seat {
    type Error = DokoError;
    fn try_from(s: String) -> Result<Seat, DokoError> {
        match s.trim() {
            "A" | "1" => Ok(Seat::A),
            "B" | "2" => Ok(Seat::B),
            "C" | "3" => Ok(Seat::C),
            "D" | "4" => Ok(Seat::D),
            "E" | "5" => Ok(Seat::E),
            _ => Err(DokoError::BadSeat(s)),
        }
    }
}

/// The two parties of every game (§1.4.2). In a solo the soloist is Re.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Party {
    Re,
    Kontra,
}

impl Party {
    pub fn other(self) -> Party {
        match self {
            Party::Re => Party::Kontra,
            Party::Kontra => Party::Re,
        }
    }
}

/// The four players of one game in clockwise order, Vorhand (left of the dealer) first.
/// At a five-table the dealer is not among them (§2.2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Players(pub [Seat; 4]);

impl Players {
    /// The players of a game dealt by `dealer` at a table of `size` seats (4 or 5).
    pub fn for_dealer(dealer: Seat, size: u8) -> Players {
        let mut out = [Seat::A; 4];
        let mut s = dealer.next(size);
        for slot in out.iter_mut() {
            if size == 5 && s == dealer {
                s = s.next(size);
            }
            *slot = s;
            s = s.next(size);
        }
        Players(out)
    }

    pub fn contains(&self, s: Seat) -> bool {
        self.0.contains(&s)
    }

    /// Position 0..4 of a player, counted from Vorhand.
    pub fn position(&self, s: Seat) -> Option<usize> {
        self.0.iter().position(|&x| x == s)
    }

    /// The player after `s` in playing order.
    pub fn after(&self, s: Seat) -> Option<Seat> {
        self.position(s).map(|p| self.0[(p + 1) % 4])
    }

    pub fn vorhand(&self) -> Seat {
        self.0[0]
    }

    pub fn iter(&self) -> impl Iterator<Item = Seat> + '_ {
        self.0.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_table_dealer_sits_out_2_2_7() {
        let p = Players::for_dealer(Seat::C, 5);
        assert_eq!(p.0, [Seat::D, Seat::E, Seat::A, Seat::B]);
        let p = Players::for_dealer(Seat::D, 4);
        assert_eq!(p.0, [Seat::A, Seat::B, Seat::C, Seat::D]);
    }
}
