//! Card ranking per game type (§1.3.4–1.3.9): which class a card belongs to (trump or a
//! Fehl suit, which also governs following suit) and its power within that class.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::cards::{Card, Rank, Suit};
use super::game_type::{GameType, SoloType};
use super::profile::FarbsoloStyle;

/// The class a card follows: trump, or the Fehl suit it belongs to in this game type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum CardClass {
    Trump,
    Fehl(Suit),
}

/// A game type together with the profile reading of Farbsolo that shapes its ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Ranking {
    pub game_type: GameType,
    pub farbsolo_style: FarbsoloStyle,
}

/// Normal-game trumps (also Trumpfsolo): ♥10, the Damen, the Buben, then ♦ A 10 K 9.
fn normal_trump_power(c: Card) -> Option<u8> {
    match (c.suit, c.rank) {
        (Suit::Herz, Rank::Zehn) => Some(30),
        (s, Rank::Dame) => Some(20 + s.order()),
        (s, Rank::Bube) => Some(10 + s.order()),
        (Suit::Karo, r) => Some(r.plain_order()),
        _ => None,
    }
}

/// Normal-game Fehl order A 10 K 9 (Damen and Buben are trumps there).
fn normal_fehl_power(r: Rank) -> u8 {
    r.plain_order()
}

impl Ranking {
    pub fn new(game_type: GameType, farbsolo_style: FarbsoloStyle) -> Ranking {
        Ranking {
            game_type,
            farbsolo_style,
        }
    }

    /// Class of `c` in this game (§1.3; decides Bedienpflicht, §4.2.2).
    pub fn class(&self, c: Card) -> CardClass {
        if self.is_trump(c) {
            CardClass::Trump
        } else {
            CardClass::Fehl(c.suit)
        }
    }

    pub fn is_trump(&self, c: Card) -> bool {
        match self.game_type {
            GameType::Normal | GameType::Solo(SoloType::Trumpfsolo) => {
                normal_trump_power(c).is_some()
            }
            GameType::Solo(SoloType::Damensolo) => c.rank == Rank::Dame,
            GameType::Solo(SoloType::Bubensolo) => c.rank == Rank::Bube,
            GameType::Solo(SoloType::Farbsolo(s)) => match self.farbsolo_style {
                FarbsoloStyle::PureSuit => c.suit == s,
                FarbsoloStyle::DdvStyle => {
                    c == Card::HERZ_ZEHN
                        || c.rank == Rank::Dame
                        || c.rank == Rank::Bube
                        || c.suit == s
                }
            },
            GameType::Solo(SoloType::Fleischloser) => false,
        }
    }

    /// Power of `c` within its class; higher beats lower (equal faces: see `trick`).
    pub fn power(&self, c: Card) -> u8 {
        let trump = self.is_trump(c);
        match self.game_type {
            GameType::Normal | GameType::Solo(SoloType::Trumpfsolo) => {
                normal_trump_power(c).unwrap_or_else(|| normal_fehl_power(c.rank))
            }
            GameType::Solo(SoloType::Damensolo) | GameType::Solo(SoloType::Bubensolo) => {
                if trump {
                    c.suit.order()
                } else {
                    c.rank.plain_order()
                }
            }
            GameType::Solo(SoloType::Farbsolo(_)) => match self.farbsolo_style {
                FarbsoloStyle::PureSuit => c.rank.plain_order(),
                FarbsoloStyle::DdvStyle => {
                    if trump {
                        match (c.suit, c.rank) {
                            (Suit::Herz, Rank::Zehn) => 30,
                            (s, Rank::Dame) => 20 + s.order(),
                            (s, Rank::Bube) => 10 + s.order(),
                            (_, r) => r.plain_order(),
                        }
                    } else {
                        c.rank.plain_order()
                    }
                }
            },
            GameType::Solo(SoloType::Fleischloser) => c.rank.plain_order(),
        }
    }

    /// True if ♥10 is the highest trump of this game (the `TopTrumpOnly` reading of A17).
    pub fn h10_is_top_trump(&self) -> bool {
        match self.game_type {
            GameType::Normal | GameType::Solo(SoloType::Trumpfsolo) => true,
            GameType::Solo(SoloType::Farbsolo(_)) => self.farbsolo_style == FarbsoloStyle::DdvStyle,
            _ => false,
        }
    }

    /// Number of trumps in the 48-card deck for this game (26, 8, 12 or 0 in Eppstein).
    pub fn trump_count(&self) -> usize {
        super::cards::deck()
            .into_iter()
            .filter(|&c| self.is_trump(c))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(gt: GameType) -> Ranking {
        Ranking::new(gt, FarbsoloStyle::PureSuit)
    }

    #[test]
    fn trump_counts_1_3() {
        assert_eq!(r(GameType::Normal).trump_count(), 26);
        assert_eq!(r(GameType::Solo(SoloType::Trumpfsolo)).trump_count(), 26);
        assert_eq!(r(GameType::Solo(SoloType::Damensolo)).trump_count(), 8);
        assert_eq!(r(GameType::Solo(SoloType::Bubensolo)).trump_count(), 8);
        for s in Suit::ALL {
            assert_eq!(r(GameType::Solo(SoloType::Farbsolo(s))).trump_count(), 12);
        }
        assert_eq!(r(GameType::Solo(SoloType::Fleischloser)).trump_count(), 0);
        let ddv = Ranking::new(
            GameType::Solo(SoloType::Farbsolo(Suit::Herz)),
            FarbsoloStyle::DdvStyle,
        );
        assert_eq!(ddv.trump_count(), 24);
    }

    #[test]
    fn normal_trump_order_1_3_4() {
        let n = r(GameType::Normal);
        let order = [
            "♥10", "♣D", "♠D", "♥D", "♦D", "♣B", "♠B", "♥B", "♦B", "♦A", "♦10", "♦K", "♦9",
        ];
        for w in order.windows(2) {
            let a: Card = w[0].parse().unwrap();
            let b: Card = w[1].parse().unwrap();
            assert!(n.power(a) > n.power(b), "{a} above {b}");
        }
        assert_eq!(n.class("♥A".parse().unwrap()), CardClass::Fehl(Suit::Herz));
        assert_eq!(n.class(Card::HERZ_ZEHN), CardClass::Trump);
    }
}
