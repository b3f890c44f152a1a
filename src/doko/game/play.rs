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

    /// Replace `seat`'s card in the unfinished trick (§4.1.3, §4.2.5). Allowed at once, before
    /// any other card or announcement (Verwerfen: recorded as its own violation), or after a
    /// ruling in this trick that let play continue ("regelgerechte Korrektur").
    pub(super) fn correct_card(&mut self, seat: Seat, card: Card) -> Result<(), DokoError> {
        self.seat_ok(seat)?;
        self.ensure_playing()?;
        let n = self.tricks.len() as u8 + 1;
        let Some(pos) = self.current.iter().position(|p| p.seat == seat) else {
            return Err(DokoError::BadTrick(format!(
                "4.1.3: {seat} has no card in the unfinished trick {n} to correct"
            )));
        };
        let immediate = pos + 1 == self.current.len()
            && self.last_play_event.is_some_and(|e| e + 1 == self.events);
        let ruled = self.violations.iter().any(|v| {
            v.offender == seat
                && v.tricks_before + 1 == n
                && v.ruling.as_ref().is_some_and(|r| r.in_force().is_some())
                && v.penalty
                    .as_ref()
                    .is_some_and(|p| matches!(p.effect, crate::doko::penalty::GameEffect::Continue))
        });
        if !immediate && !ruled {
            return Err(DokoError::BadTrick(format!(
                "4.1.3: a played card may not be taken back ({seat}, trick {n})"
            )));
        }
        let old = self.current[pos].card;
        let mut hand = self.hands.get(&seat).cloned().unwrap_or_default();
        hand.push(old);
        let Some(hpos) = hand.iter().position(|&c| c == card) else {
            return Err(DokoError::CardNotInHand {
                seat: seat.to_string(),
                card: card.to_string(),
            });
        };
        let rk = self.ranking();
        let lead = if pos == 0 {
            None
        } else {
            self.current.first().map(|p| p.card)
        };
        // The revoke being corrected: flagged as Verwerfen when corrected at once.
        let pending: Vec<usize> = self
            .pending_revokes
            .iter()
            .filter(|(_, s, _)| *s == seat)
            .map(|(i, _, _)| *i)
            .filter(|&i| {
                self.violations
                    .get(i)
                    .is_some_and(|v| v.tricks_before + 1 == n)
            })
            .collect();
        self.pending_revokes
            .retain(|(i, _, _)| !pending.contains(i));
        if immediate && !ruled && pending.is_empty() {
            // Taking back a card that followed suit is itself irregular (§4.1.3).
            self.flag(seat, ViolationKind::CardTakenBack { trick: n }, true);
        }
        if immediate {
            let parties = self.parties();
            let clear = self.partnership_clear();
            for i in pending {
                if let Some(v) = self.violations.get_mut(i) {
                    v.kind = ViolationKind::Verwerfen { trick: n };
                    v.window.open(&parties, clear);
                }
            }
        }
        if !trick::follows_suit(&hand, lead, card, &rk) {
            if let Some(l) = lead {
                let led = rk.class(l);
                let i = self.flag(seat, ViolationKind::Nichtbedienen { trick: n, led }, false);
                self.pending_revokes.push((i, seat, led));
            }
        }
        hand.remove(hpos);
        self.hands.insert(seat, hand);
        self.current[pos].card = card;
        self.last_play_event = Some(self.events);
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
