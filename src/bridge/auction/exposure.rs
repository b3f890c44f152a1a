//! Law 24: cards exposed or led during the auction, and what becomes of them (24D/24E).
use super::*;

impl Auction {
    /// Cards exposed during the auction (Law 24). `prematurely_led` per Law 24B.
    pub fn expose(&mut self, seat: Seat, cards: Vec<Card>, prematurely_led: bool) -> String {
        let branch = if cards.len() >= 2 {
            "24C"
        } else if prematurely_led || cards.iter().any(|c| c.rank.is_honour()) {
            "24B"
        } else {
            "24A"
        };
        if branch != "24A" {
            self.bars.push(Bar {
                seat: seat.partner(),
                length: BarLength::NextTurn,
                law: branch.to_string(),
                active: true,
            });
            self.flags.push(Flag::UnauthorisedInformation {
                offending_side: seat.side(),
                law: branch.to_string(),
            });
        }
        self.exposures.push(Exposure {
            seat,
            cards,
            prematurely_led,
            branch: branch.to_string(),
        });
        branch.to_string()
    }

    /// Law 24D/E once the auction has ended: cards exposed by a future defender become
    /// penalty cards (major if an honour, deliberately led, or two or more; Law 50B).
    pub fn penalty_cards_from_exposures(&self, declarer: Seat) -> Vec<(Seat, Card, bool)> {
        let mut out = Vec::new();
        for e in &self.exposures {
            if e.seat.side() == declarer.side() {
                continue; // 24D: back to the hand
            }
            let count = self
                .exposures
                .iter()
                .filter(|x| x.seat == e.seat)
                .map(|x| x.cards.len())
                .sum::<usize>();
            for &c in &e.cards {
                let major = c.rank.is_honour() || e.prematurely_led || count >= 2;
                out.push((e.seat, c, major));
            }
        }
        out
    }
}
