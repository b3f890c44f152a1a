//! A reader for BBO LIN records (`pn|..|md|..|mb|..|pc|..|`), one board per line.
//!
//! Trap: `md` starts with the dealer as a digit (1 = S, 2 = W, 3 = N, 4 = E) and then lists
//! the hands in the fixed order **South, West, North, East**, not from the dealer; the fourth
//! hand may be left out.
use crate::bridge::board::{Deal, DealError};
use crate::bridge::call::{Call, CallError};
use crate::bridge::card::{Card, CardError, Rank, Suit};
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;

/// One LIN board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinBoard {
    pub board: Option<u32>,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub deal: Deal,
    pub calls: Vec<Call>,
    pub cards: Vec<Card>,
    /// `mc`: tricks claimed by declarer in total.
    pub claim: Option<u8>,
}

/// What is wrong with a LIN line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinError {
    #[error("LIN line {0}: no md (deal) tag")]
    NoDeal(usize),
    #[error("LIN line {line}: md dealer {value:?} is not 1-4")]
    BadDealer { line: usize, value: String },
    #[error("LIN line {line}: bad hand {hand:?} in md")]
    BadHand { line: usize, hand: String },
    #[error("LIN line {line}: {source}")]
    Deal { line: usize, source: DealError },
    #[error("LIN line {line}: call {value:?}: {source}")]
    Call {
        line: usize,
        value: String,
        source: CallError,
    },
    #[error("LIN line {line}: card {value:?}: {source}")]
    Card {
        line: usize,
        value: String,
        source: CardError,
    },
    #[error("LIN line {line}: vulnerability {value:?} is not o, n, e or b")]
    BadVul { line: usize, value: String },
}

/// Seats in the order of `md` hands.
const MD_ORDER: [Seat; 4] = [Seat::S, Seat::W, Seat::N, Seat::E];

fn parse_hand(s: &str) -> Option<Vec<Card>> {
    let mut suit: Option<Suit> = None;
    let mut cards = Vec::new();
    for ch in s.chars() {
        if "SHDCshdc".contains(ch) {
            suit = Suit::from_char(ch);
        } else {
            let r = Rank::from_char(ch)?;
            cards.push(Card::new(suit?, r));
        }
    }
    Some(cards)
}

/// Parse one LIN line.
pub fn parse_line(text: &str, line: usize) -> Result<LinBoard, LinError> {
    let parts: Vec<&str> = text.trim().split('|').collect();
    let mut deal: Option<(Seat, Deal)> = None;
    let mut vul = Vulnerability::None;
    let mut board = None;
    let mut calls = Vec::new();
    let mut cards = Vec::new();
    let mut claim = None;
    let mut i = 0;
    while i + 1 < parts.len() {
        let (tag, value) = (parts[i], parts[i + 1]);
        i += 2;
        match tag {
            "md" => {
                let mut chars = value.chars();
                let d = chars.next().and_then(|c| c.to_digit(10));
                let dealer = match d {
                    Some(1) => Seat::S,
                    Some(2) => Seat::W,
                    Some(3) => Seat::N,
                    Some(4) => Seat::E,
                    _ => {
                        return Err(LinError::BadDealer {
                            line,
                            value: value.to_string(),
                        })
                    }
                };
                let mut hands: [Vec<Card>; 4] = Default::default();
                for (k, h) in chars.as_str().split(',').take(4).enumerate() {
                    if h.is_empty() {
                        continue;
                    }
                    let cs = parse_hand(h).ok_or_else(|| LinError::BadHand {
                        line,
                        hand: h.to_string(),
                    })?;
                    hands[MD_ORDER[k].index()] = cs;
                }
                let mut d = Deal { hands };
                d.complete_fourth();
                d.validate()
                    .map_err(|source| LinError::Deal { line, source })?;
                deal = Some((dealer, d));
            }
            "sv" => {
                vul = match value.to_ascii_lowercase().as_str() {
                    "o" | "0" | "" => Vulnerability::None,
                    "n" => Vulnerability::NS,
                    "e" => Vulnerability::EW,
                    "b" => Vulnerability::Both,
                    _ => {
                        return Err(LinError::BadVul {
                            line,
                            value: value.to_string(),
                        })
                    }
                }
            }
            "ah" => {
                board = value.trim().rsplit(' ').next().and_then(|n| n.parse().ok());
            }
            "mb" => {
                let v = value.trim_end_matches(['!', '?']);
                let c = match v.to_ascii_lowercase().as_str() {
                    "p" => Ok(Call::Pass),
                    "d" => Ok(Call::Double),
                    "r" => Ok(Call::Redouble),
                    _ => v.parse::<Call>(),
                }
                .map_err(|source| LinError::Call {
                    line,
                    value: value.to_string(),
                    source,
                })?;
                calls.push(c);
            }
            "pc" => {
                let c = value.parse::<Card>().map_err(|source| LinError::Card {
                    line,
                    value: value.to_string(),
                    source,
                })?;
                cards.push(c);
            }
            "mc" => claim = value.trim().parse().ok(),
            _ => {}
        }
    }
    let (dealer, deal) = deal.ok_or(LinError::NoDeal(line))?;
    Ok(LinBoard {
        board,
        dealer,
        vulnerable: vul,
        deal,
        calls,
        cards,
        claim,
    })
}

/// Parse every non-empty line of a LIN file.
pub fn parse(text: &str) -> Result<Vec<LinBoard>, LinError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| parse_line(l, n + 1))
        .collect()
}
