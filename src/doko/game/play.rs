//! Cards and tricks: turn order, following suit, the Klärungsstich (§4, §3.5.3).

use super::Game;
use crate::doko::cards::Card;
use crate::doko::determination::{hochzeit_condition, HochzeitCondition};
use crate::doko::error::DokoError;
use crate::doko::game_type::GameKind;
use crate::doko::ranking::{CardClass, Ranking};
use crate::doko::seat::Seat;
use crate::doko::sonderpunkte::CompletedTrick;
use crate::doko::trick::{self, Play};
use crate::doko::violation::ViolationKind;

impl Game {
    pub(super) fn play_card(&mut self, seat: Seat, card: Card) -> Result<(), DokoError> {
        self.seat_ok(seat)?;
        self.ensure_playing()?;
        let n = self.tricks.len() as u8 + 1;
        if self.current.iter().any(|p| p.seat == seat) {
            return Err(DokoError::BadTrick(format!(
                "{seat} already played to trick {n}"
            )));
        }
        let hand = self.hands.get(&seat).cloned().unwrap_or_default();
        let Some(pos) = hand.iter().position(|&c| c == card) else {
            return Err(DokoError::CardNotInHand {
                seat: seat.to_string(),
                card: card.to_string(),
            });
        };
        let rk = self.ranking();
        let leader = self.trick_leader();
        let expected = (0..4)
            .scan(leader, |s, _| {
                let cur = *s;
                *s = self.players.after(cur).unwrap_or(cur);
                Some(cur)
            })
            .find(|s| !self.current.iter().any(|p| p.seat == *s))
            .unwrap_or(leader);
        let lead = self.current.first().map(|p| p.card);
        self.notify_action(seat);
        // A pending revoke becomes noticeable when the offender shows the class he failed.
        let cls = rk.class(card);
        self.open_pending(|s, c| s == seat && c == cls);
        if seat != expected {
            self.flag(seat, ViolationKind::OutOfTurn { trick: n, expected }, true);
        }
        if !trick::follows_suit(&hand, lead, card, &rk) {
            if let Some(l) = lead {
                let led = rk.class(l);
                let i = self.flag(seat, ViolationKind::Nichtbedienen { trick: n, led }, false);
                self.pending_revokes.push((i, seat, led));
            }
        }
        if let Some(h) = self.hands.get_mut(&seat) {
            h.remove(pos);
        }
        self.current.push(Play { seat, card });
        self.last_play_event = Some(self.events);
        if self.current.len() == 4 {
            self.complete_trick(&rk);
        }
        Ok(())
    }

    pub(super) fn complete_trick(&mut self, rk: &Ranking) {
        let plays = std::mem::take(&mut self.current);
        let winner_index = trick::winning_index(&plays, rk, self.profile.h10_second_beats_first);
        let t = CompletedTrick {
            plays,
            winner_index,
        };
        let n = self.tricks.len() as u8 + 1;
        let win = t.winner();
        let lead_trump = t.plays.first().map(|p| rk.class(p.card)) == Some(CardClass::Trump);
        self.tricks.push(t);
        if let Some(GameKind::Hochzeit {
            hochzeiter,
            partner: None,
            klaerungsstich: None,
        }) = self.kind
        {
            let cond = hochzeit_condition(&self.query, hochzeiter);
            let qualifies = match cond {
                HochzeitCondition::ErsterFremderStich => true,
                HochzeitCondition::ErsterFehlstich => !lead_trump,
                HochzeitCondition::ErsterTrumpfstich => lead_trump,
            };
            if qualifies && win.is_some_and(|w| w != hochzeiter) {
                self.kind = Some(GameKind::Hochzeit {
                    hochzeiter,
                    partner: win,
                    klaerungsstich: Some(n),
                });
            } else if n >= self.profile.hochzeit_window {
                self.kind = Some(GameKind::Hochzeit {
                    hochzeiter,
                    partner: None,
                    klaerungsstich: Some(n),
                });
            }
        }
        if self.tricks.len() == 12 {
            self.open_pending(|_, _| true);
        }
    }
}
