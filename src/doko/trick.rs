//! Following suit (§4.2) and the trick winner (§4.4.2), including the second-♥10 rule.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::profile::H10Rule;
use super::ranking::{CardClass, Ranking};
use super::seat::Seat;

/// One card put to a trick by one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Play {
    pub seat: Seat,
    pub card: Card,
}

/// Does the ♥10 exception apply in this game under the profile's reading (A17)?
fn h10_rule_applies(rk: &Ranking, rule: H10Rule) -> bool {
    match rule {
        H10Rule::Always => true,
        H10Rule::TopTrumpOnly => rk.h10_is_top_trump(),
        H10Rule::Never => false,
    }
}

/// Index (in play order) of the card that wins these plays (§4.4.2).
///
/// Works on a partial trick too (the card currently winning). An empty slice yields 0.
pub fn winning_index(plays: &[Play], rk: &Ranking, rule: H10Rule) -> usize {
    let Some(first) = plays.first() else {
        return 0;
    };
    let lead = rk.class(first.card);
    let mut best = 0;
    for (i, p) in plays.iter().enumerate().skip(1) {
        let c = p.card;
        let b = plays[best].card;
        let cc = rk.class(c);
        let bc = rk.class(b);
        if cc != CardClass::Trump && cc != lead {
            continue; // a discard never wins
        }
        if bc != CardClass::Trump && cc == CardClass::Trump {
            best = i;
            continue;
        }
        if bc == CardClass::Trump && cc != CardClass::Trump {
            continue;
        }
        if rk.power(c) > rk.power(b) {
            best = i;
        } else if c == b && c == Card::HERZ_ZEHN && h10_rule_applies(rk, rule) {
            best = i; // the second ♥10 beats the first
        }
    }
    best
}

/// The seat that wins a complete or partial trick.
pub fn winner(plays: &[Play], rk: &Ranking, rule: H10Rule) -> Option<Seat> {
    plays.get(winning_index(plays, rk, rule)).map(|p| p.seat)
}

/// §4.2.2–4.2.3: may `card` be played from `hand` to a trick led with `lead`?
/// `hand` is the hand before playing and must contain `card`.
pub fn follows_suit(hand: &[Card], lead: Option<Card>, card: Card, rk: &Ranking) -> bool {
    let Some(lead) = lead else {
        return true; // the leader may play anything
    };
    let need = rk.class(lead);
    rk.class(card) == need || !hand.iter().any(|&h| rk.class(h) == need)
}

/// The cards of `hand` that may legally be played to a trick led with `lead`.
pub fn legal_cards(hand: &[Card], lead: Option<Card>, rk: &Ranking) -> Vec<Card> {
    hand.iter()
        .copied()
        .filter(|&c| follows_suit(hand, lead, c, rk))
        .collect()
}

/// Eyes in a set of plays.
pub fn eyes(plays: &[Play]) -> u16 {
    plays.iter().map(|p| p.card.eyes()).sum()
}
