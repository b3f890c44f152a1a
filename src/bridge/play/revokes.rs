//! Revokes after the fact: correction (Law 62), late attention (64B4/B5), defective tricks
//! (Law 67), and the Law 64 transfers in the result of play.
use super::*;

impl Play {
    /// Law 62: correct a revoke before it is established (or on trick 12, Law 62D) with `card`.
    pub fn correct_revoke(&mut self, index: usize, card: Card) -> Result<String, PlayError> {
        let r = self
            .revokes
            .get(index)
            .cloned()
            .ok_or(PlayError::NoSuchRevoke(index))?;
        // Law 62C3: both sides revoked in the same trick and only one side has played to the
        // next trick: both revokes are corrected.
        let both_sides_same_trick = self.revokes.iter().enumerate().any(|(j, o)| {
            j != index
                && o.trick == r.trick
                && o.seat.side() != r.seat.side()
                && !(o.established && r.established)
        });
        if r.established && r.trick != 12 && !both_sides_same_trick {
            return Err(PlayError::Established(index));
        }
        if card.suit != r.suit {
            return Err(PlayError::BadCorrection {
                card,
                reason: format!("it is not a {:?}", r.suit),
            });
        }
        let trump = self.trump();
        let ti = r.trick - 1;
        // The correcting card is in the hand, or (trick 12) was played to trick 13.
        if let Some(pos) = self.hands[r.seat.index()].iter().position(|c| *c == card) {
            self.hands[r.seat.index()].remove(pos);
            self.hands[r.seat.index()].push(r.card);
        } else if let Some(t13) = self.tricks.get_mut(ti + 1) {
            let slot = t13
                .cards
                .iter_mut()
                .find(|(s, c)| *s == r.seat && *c == card);
            match slot {
                Some(slot) => slot.1 = r.card,
                None => {
                    return Err(PlayError::BadCorrection {
                        card,
                        reason: format!("{} does not hold it", r.seat),
                    })
                }
            }
            let w = trick_winner(&t13.cards, trump);
            if t13.cards.len() == 4 {
                t13.winner = w;
            }
        } else {
            return Err(PlayError::BadCorrection {
                card,
                reason: format!("{} does not hold it", r.seat),
            });
        }
        let t = &mut self.tricks[ti];
        if let Some(slot) = t
            .cards
            .iter_mut()
            .find(|(s, c)| *s == r.seat && *c == r.card)
        {
            slot.1 = card;
        }
        if t.cards.len() == 4 {
            t.winner = trick_winner(&t.cards, trump);
            // The next trick's leader follows the corrected winner if it has not started.
            let w = t.winner;
            if let (Some(w), Some(next)) = (w, self.tricks.get_mut(ti + 1)) {
                if next.cards.is_empty() {
                    next.leader = w;
                }
            }
        }
        let branch = if r.trick == 12 && r.established {
            "62D"
        } else if both_sides_same_trick {
            // Any card a defender takes back becomes a penalty card.
            if self.is_defender(r.seat) && self.hands[r.seat.index()].contains(&r.card) {
                self.penalty_cards.push(PenaltyCard {
                    seat: r.seat,
                    card: r.card,
                    major: true,
                });
            }
            "62C3"
        } else if self.is_defender(r.seat) && r.seat != self.dummy() {
            // Law 62B1: from a defender's unfaced hand: a major penalty card.
            if self.hands[r.seat.index()].contains(&r.card) {
                self.penalty_cards.push(PenaltyCard {
                    seat: r.seat,
                    card: r.card,
                    major: true,
                });
            }
            "62B1"
        } else {
            "62B2"
        };
        self.revokes[index].corrected = true;
        Ok(branch.to_string())
    }

    /// Record when attention was first drawn to a revoke, where it matters (Law 64B4/B5).
    pub fn late_attention(&mut self, index: usize, case: NoTransfer) -> Result<(), PlayError> {
        let r = self
            .revokes
            .get_mut(index)
            .ok_or(PlayError::NoSuchRevoke(index))?;
        r.late_attention = Some(case);
        Ok(())
    }

    /// Law 67: a defective trick (a hand did not play to it). Noticed before a player of each
    /// side has played to the next trick (67A), the offender adds a card he may legally play
    /// and the trick is judged with it. Later (67B1) he adds a card of the suit led if he has
    /// one, ownership of the trick does not change, and it counts as a revoke (one trick at
    /// most, Law 64A2). Returns the branch.
    pub fn defective_trick(
        &mut self,
        trick: usize,
        seat: Seat,
        card: Card,
    ) -> Result<String, PlayError> {
        let t = self
            .tricks
            .get(trick.wrapping_sub(1))
            .ok_or(PlayError::NoSuchTrick(trick))?;
        let led = t
            .cards
            .first()
            .map(|(_, c)| c.suit)
            .ok_or(PlayError::NoSuchTrick(trick))?;
        let winner = t.winner;
        let hand = &self.hands[seat.index()];
        if !hand.contains(&card) {
            return Err(PlayError::NotInHand { seat, card });
        }
        if card.suit != led && hand.iter().any(|c| c.suit == led) {
            return Err(PlayError::BadCorrection {
                card,
                reason: format!("Law 67B1(a): {seat} holds the suit led"),
            });
        }
        let in_time = self.tricks.get(trick).is_none_or(|next| {
            !(next.cards.iter().any(|(s, _)| s.side() == Side::NS)
                && next.cards.iter().any(|(s, _)| s.side() == Side::EW))
        });
        self.remove_from_hand(seat, card)?;
        let trump = self.trump();
        let branch = if in_time { "67A" } else { "67B1" };
        if let Some(t) = self.tricks.get_mut(trick - 1) {
            t.cards.push((seat, card));
            t.winner = if in_time {
                trick_winner(&t.cards, trump)
            } else {
                winner
            };
        }
        if !in_time {
            self.revokes.push(Revoke {
                seat,
                card,
                trick,
                suit: led,
                established: true,
                corrected: false,
                late_attention: None,
                penalty_card_failure: false,
            });
        }
        self.irregularities.push(PlayIrregularity {
            law: "67".to_string(),
            seat,
            card,
            trick,
            description: "defective trick: a card added".to_string(),
            branch: Some(branch.to_string()),
        });
        Ok(branch.to_string())
    }

    /// Law 67B2: a hand played more than one card to a trick; the TD has identified the extra
    /// `card`, which goes back into the hand (a defender's exposed extra card becomes a
    /// penalty card, fn 20). Ownership of the trick does not change.
    pub fn defective_extra_card(
        &mut self,
        trick: usize,
        seat: Seat,
        card: Card,
        exposed: bool,
    ) -> Result<String, PlayError> {
        let t = self
            .tricks
            .get_mut(trick.wrapping_sub(1))
            .ok_or(PlayError::NoSuchTrick(trick))?;
        let pos = t
            .cards
            .iter()
            .position(|(s, c)| *s == seat && *c == card)
            .ok_or(PlayError::NoSuchTrick(trick))?;
        t.cards.remove(pos);
        self.hands[seat.index()].push(card);
        if exposed && self.is_defender(seat) {
            self.add_penalty_card(seat, card, true)?;
        }
        Ok("67B2".to_string())
    }

    /// Law 64 transfers for every established revoke, in order.
    pub fn transfers(&self) -> Vec<(usize, Transfer)> {
        let established: Vec<(usize, &Revoke)> = self
            .revokes
            .iter()
            .enumerate()
            .filter(|(_, r)| r.established && !r.corrected)
            .collect();
        let both_sides = established.iter().any(|(_, r)| r.seat.side() == Side::NS)
            && established.iter().any(|(_, r)| r.seat.side() == Side::EW);
        let mut out = Vec::new();
        for (k, &(i, r)) in established.iter().enumerate() {
            let Some(winner) = self.tricks.get(r.trick - 1).and_then(|t| t.winner) else {
                continue;
            };
            let repeated = established[..k]
                .iter()
                .any(|(_, p)| p.seat == r.seat && p.suit == r.suit && p.trick < r.trick);
            let excluded = if r.penalty_card_failure || r.seat == self.dummy() {
                Some(NoTransfer::B3PenaltyCardOrDummy)
            } else if repeated {
                Some(NoTransfer::B2RepeatedSameSuit)
            } else if let Some(late) = r.late_attention {
                Some(late)
            } else if r.trick == 12 {
                Some(NoTransfer::B6TrickTwelve)
            } else if both_sides {
                Some(NoTransfer::B7BothSides)
            } else {
                None
            };
            let facts = RevokeFacts {
                offender: r.seat,
                revoke_trick_winner: winner,
                offenders_tricks_after: self.side_tricks(r.seat.side(), r.trick),
            };
            out.push((i, revoke::law64(&facts, excluded)));
        }
        out
    }

    /// Tricks at the table and after Law 64 transfers. A transfer never takes more tricks than
    /// the offending side won from the revoke trick on.
    pub fn result(&self) -> PlayResult {
        let ds = self.declarer.side();
        let table = self.side_tricks(ds, 0);
        let transfers = self.transfers();
        let mut tricks = table as i32;
        let mut capped = false;
        for side in [Side::NS, Side::EW] {
            let mine: Vec<&(usize, Transfer)> = transfers
                .iter()
                .filter(|(i, _)| self.revokes[*i].seat.side() == side)
                .collect();
            let Some(first) = mine.iter().map(|(i, _)| self.revokes[*i].trick).min() else {
                continue;
            };
            let total: u8 = mine.iter().map(|(_, t)| t.tricks).sum();
            // Several revokes by one side: never more than that side won from the first
            // revoke trick on (bridge-laws.md §10 open point 5; flagged for the TD).
            let available = self.side_tricks(side, first - 1);
            if total > available {
                capped = true;
            }
            let moved = total.min(available) as i32;
            if side == ds {
                tricks -= moved;
            } else {
                tricks += moved;
            }
        }
        PlayResult {
            table_tricks: table,
            transfers,
            declarer_tricks: tricks.clamp(0, 13) as u8,
            transfers_capped: capped,
        }
    }
}
