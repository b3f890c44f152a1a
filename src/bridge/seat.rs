//! Seats and sides (Law 3/4): clockwise rotation drives every turn in the auction and play.
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A compass seat. The order N, E, S, W is the clockwise rotation (Law 17C, 44A).
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
pub enum Seat {
    N,
    E,
    S,
    W,
}

/// One of the two partnerships at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Side {
    NS,
    EW,
}

impl Seat {
    /// All seats in clockwise order from North.
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    /// 0..4 in clockwise order from North.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat with this clockwise index (taken modulo 4).
    pub fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// Left-hand opponent: the next player in rotation.
    pub fn lho(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    /// Partner: two places round the table.
    pub fn partner(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    /// Right-hand opponent: the previous player in rotation.
    pub fn rho(self) -> Seat {
        Seat::from_index(self.index() + 3)
    }

    /// The seat `n` places clockwise from this one.
    pub fn plus(self, n: usize) -> Seat {
        Seat::from_index(self.index() + n)
    }

    /// How many places clockwise `other` is from `self` (0..4).
    pub fn distance_to(self, other: Seat) -> usize {
        (other.index() + 4 - self.index()) % 4
    }

    pub fn side(self) -> Side {
        match self {
            Seat::N | Seat::S => Side::NS,
            Seat::E | Seat::W => Side::EW,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Seat::N => 'N',
            Seat::E => 'E',
            Seat::S => 'S',
            Seat::W => 'W',
        }
    }
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::NS => Side::EW,
            Side::EW => Side::NS,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::NS => "NS",
            Side::EW => "EW",
        })
    }
}

/// A seat string that is not one of N, E, S, W.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid seat {0:?}: expected N, E, S or W")]
pub struct SeatError(pub String);

impl FromStr for Seat {
    type Err = SeatError;
    fn from_str(s: &str) -> Result<Seat, SeatError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Ok(Seat::N),
            "E" | "EAST" => Ok(Seat::E),
            "S" | "SOUTH" => Ok(Seat::S),
            "W" | "WEST" => Ok(Seat::W),
            _ => Err(SeatError(s.to_string())),
        }
    }
}
