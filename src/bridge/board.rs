//! Duplicate boards (Law 2) and deals (Laws 1, 6, 13-14): dealer and vulnerability by board
//! number, a recorded override for a non-conforming board, and checked 52-card deals.
use crate::bridge::card::{Card, CardError, Rank, Suit};
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use serde::{Deserialize, Serialize};

/// Dealer and vulnerability in force for one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardInfo {
    pub board: u32,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
}

/// A board whose markings differ from Law 2. Law 2: if such a board is used, what is marked
/// on it applies for the session; the reason is kept for the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardOverride {
    pub board: u32,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub reason: String,
}

/// Law 2 dealer: N, E, S, W on boards 1, 2, 3, 4, repeating every four boards.
/// Board 0 is treated like board 16 (the cycle is modulo 16).
pub fn dealer(board: u32) -> Seat {
    let i = (board as usize + 15) % 16;
    Seat::from_index(i % 4)
}

/// Law 2 vulnerability, 16-board cycle: `[None, NS, EW, Both][(i + i/4) mod 4]`, i = board-1 mod 16.
pub fn vulnerability(board: u32) -> Vulnerability {
    let i = (board as usize + 15) % 16;
    [
        Vulnerability::None,
        Vulnerability::NS,
        Vulnerability::EW,
        Vulnerability::Both,
    ][(i + i / 4) % 4]
}

/// Dealer and vulnerability for `board`, taking a recorded override for that board if any.
pub fn board_info(board: u32, overrides: &[BoardOverride]) -> BoardInfo {
    match overrides.iter().rev().find(|o| o.board == board) {
        Some(o) => BoardInfo {
            board,
            dealer: o.dealer,
            vulnerable: o.vulnerable,
        },
        None => BoardInfo {
            board,
            dealer: dealer(board),
            vulnerable: vulnerability(board),
        },
    }
}

/// Four hands of thirteen cards, indexed by seat (N, E, S, W).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub hands: [Vec<Card>; 4],
}

/// What is wrong with a deal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("deal {0:?}: missing first-seat prefix such as \"N:\"")]
    NoFirstSeat(String),
    #[error("deal: first seat {0:?} is not N, E, S or W")]
    BadFirstSeat(String),
    #[error("deal: {0} hands given, expected 4")]
    HandCount(usize),
    #[error("deal: hand of {seat} {hand:?} has {suits} suits, expected 4 separated by '.'")]
    SuitCount {
        seat: Seat,
        hand: String,
        suits: usize,
    },
    #[error("deal: hand of {seat}: unknown rank {rank:?}")]
    BadRank { seat: Seat, rank: char },
    #[error("deal: card {card} appears more than once (in {first} and {second})")]
    Duplicate {
        card: Card,
        first: Seat,
        second: Seat,
    },
    #[error("deal: hand of {seat} has {count} cards, expected 13 (Laws 13-14)")]
    CardCount { seat: Seat, count: usize },
    #[error("deal: {0}")]
    Card(#[from] CardError),
}

impl Deal {
    /// Parse a PBN deal string `"N:KT8.A96.A95.7542 Q5.KJ52... ..."`: hands clockwise from the
    /// named seat, suits S.H.D.C. A `-` hand is unknown and is left empty (then `validate`
    /// fails, but a three-hand deal can still be completed with `complete_fourth`).
    pub fn from_pbn(s: &str) -> Result<Deal, DealError> {
        let t = s.trim();
        let (first, rest) = t
            .split_once(':')
            .ok_or_else(|| DealError::NoFirstSeat(t.to_string()))?;
        let first: Seat = first
            .parse()
            .map_err(|_| DealError::BadFirstSeat(first.to_string()))?;
        let parts: Vec<&str> = rest.split_whitespace().collect();
        if parts.len() != 4 {
            return Err(DealError::HandCount(parts.len()));
        }
        let mut hands: [Vec<Card>; 4] = Default::default();
        for (k, part) in parts.iter().enumerate() {
            let seat = first.plus(k);
            if *part == "-" {
                continue;
            }
            let suits: Vec<&str> = part.split('.').collect();
            if suits.len() != 4 {
                return Err(DealError::SuitCount {
                    seat,
                    hand: part.to_string(),
                    suits: suits.len(),
                });
            }
            let order = [Suit::S, Suit::H, Suit::D, Suit::C];
            for (suit, ranks) in order.iter().zip(suits) {
                for c in ranks.chars() {
                    let rank = Rank::from_char(c).ok_or(DealError::BadRank { seat, rank: c })?;
                    hands[seat.index()].push(Card::new(*suit, rank));
                }
            }
        }
        Ok(Deal { hands })
    }

    /// Law 1 / Laws 13-14: 52 distinct cards, 13 in each hand.
    pub fn validate(&self) -> Result<(), DealError> {
        let mut owner: [Option<Seat>; 52] = [None; 52];
        for seat in Seat::ALL {
            for &c in &self.hands[seat.index()] {
                if let Some(first) = owner[c.index()] {
                    return Err(DealError::Duplicate {
                        card: c,
                        first,
                        second: seat,
                    });
                }
                owner[c.index()] = Some(seat);
            }
        }
        for seat in Seat::ALL {
            let count = self.hands[seat.index()].len();
            if count != 13 {
                return Err(DealError::CardCount { seat, count });
            }
        }
        Ok(())
    }

    /// Parse and validate in one step.
    pub fn parse_checked(s: &str) -> Result<Deal, DealError> {
        let d = Deal::from_pbn(s)?;
        d.validate()?;
        Ok(d)
    }

    /// Give an empty hand the 13 cards nobody else holds (LIN and PBN may omit one hand).
    pub fn complete_fourth(&mut self) {
        let empty: Vec<usize> = (0..4).filter(|&i| self.hands[i].is_empty()).collect();
        if empty.len() != 1 {
            return;
        }
        let held: Vec<Card> = self.hands.iter().flatten().copied().collect();
        self.hands[empty[0]] = Card::pack()
            .into_iter()
            .filter(|c| !held.contains(c))
            .collect();
    }

    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat.index()]
    }

    /// Who holds `card`, if anyone.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.hands[s.index()].contains(&card))
    }

    /// PBN form, starting at `first`.
    pub fn to_pbn(&self, first: Seat) -> String {
        let mut out = format!("{}:", first.letter());
        for k in 0..4 {
            let seat = first.plus(k);
            if k > 0 {
                out.push(' ');
            }
            let hand = &self.hands[seat.index()];
            let suits: Vec<String> = [Suit::S, Suit::H, Suit::D, Suit::C]
                .iter()
                .map(|&s| {
                    let mut cs: Vec<&Card> = hand.iter().filter(|c| c.suit == s).collect();
                    cs.sort_by_key(|c| std::cmp::Reverse(c.rank));
                    cs.iter().map(|c| c.rank.letter()).collect()
                })
                .collect();
            out.push_str(&suits.join("."));
        }
        out
    }
}
