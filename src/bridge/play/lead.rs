//! Leads out of turn (Laws 53-56), penalty cards and declarer's options (Laws 50-52),
//! premature and simultaneous plays (Laws 57-58), Law 26 lead restrictions.
use super::*;

impl Play {
    pub(crate) fn accept_pending_lead(&mut self, off: Seat, card: Card, branch: &str) {
        self.pending_lead = None;
        let t = self.tricks.last_mut();
        if let Some(t) = t {
            t.leader = off;
            t.cards.push((off, card));
        }
        if let Some(irr) = self
            .irregularities
            .iter_mut()
            .rev()
            .find(|i| i.card == card)
        {
            irr.branch = Some(branch.to_string());
        }
    }

    /// The entitled player's decision on a faced lead out of turn (Laws 53-56).
    pub fn rule_lead_out_of_turn(
        &mut self,
        choice: LeadOutOfTurnChoice,
    ) -> Result<String, PlayError> {
        let (off, card) = self.pending_lead.ok_or(PlayError::NoPendingLead)?;
        let opening = self.trick_number() == 1 && self.completed_tricks() == 0;
        let defender = self.is_defender(off);
        let branch = match (choice, opening && defender, defender) {
            (LeadOutOfTurnChoice::Accept, true, _) => {
                self.accept_pending_lead(off, card, "54B");
                "54B"
            }
            (LeadOutOfTurnChoice::Spread, true, _) => {
                // Law 54A: declarer spreads and becomes dummy; the lead is now in turn.
                self.declarer = self.declarer.partner();
                self.accept_pending_lead(off, card, "54A");
                "54A"
            }
            (LeadOutOfTurnChoice::Refuse, true, _) | (LeadOutOfTurnChoice::Refuse, false, true) => {
                let b = if opening { "54D" } else { "56" };
                self.pending_lead = None;
                self.penalty_cards.push(PenaltyCard {
                    seat: off,
                    card,
                    major: true,
                });
                self.hands[off.index()].push(card);
                self.mark_branch(card, b);
                b
            }
            (LeadOutOfTurnChoice::Accept, false, _) | (LeadOutOfTurnChoice::Spread, false, _) => {
                let b = if defender { "53A" } else { "55A" };
                self.accept_pending_lead(off, card, b);
                b
            }
            (LeadOutOfTurnChoice::Refuse, false, false) => {
                self.pending_lead = None;
                self.hands[off.index()].push(card);
                self.mark_branch(card, "55B");
                "55B"
            }
        };
        Ok(branch.to_string())
    }

    pub(crate) fn mark_branch(&mut self, card: Card, branch: &str) {
        if let Some(irr) = self
            .irregularities
            .iter_mut()
            .rev()
            .find(|i| i.card == card)
        {
            irr.branch = Some(branch.to_string());
        }
    }

    /// Law 50D2 / 51B: the partner of a defender with major penalty cards is on lead; declarer
    /// chooses. Require or forbid picks the penalty cards of that suit up.
    pub fn choose_penalty_lead(&mut self, choice: PenaltyLeadChoice) -> Result<String, PlayError> {
        let leader = self.turn().ok_or(PlayError::Ended)?;
        let owner = leader.partner();
        match choice {
            PenaltyLeadChoice::Require(suit) => {
                self.penalty_cards
                    .retain(|p| !(p.seat == owner && p.card.suit == suit));
                self.restrictions.push(Restriction::RequireLead {
                    seat: leader,
                    suit,
                    law: LeadLaw::L50D2,
                });
                Ok("50D2a-require".to_string())
            }
            PenaltyLeadChoice::Forbid(suit) => {
                self.penalty_cards
                    .retain(|p| !(p.seat == owner && p.card.suit == suit));
                self.restrictions.push(Restriction::ForbidLead {
                    seat: leader,
                    suit,
                    law: LeadLaw::L50D2,
                });
                Ok("50D2a-forbid".to_string())
            }
            PenaltyLeadChoice::Neither => {
                self.neither_chosen_at = Some(self.trick_number());
                Ok("50D2b".to_string())
            }
        }
    }

    /// Law 57A: declarer's option after a defender's premature lead or play.
    pub fn choose_premature(&mut self, choice: PrematureChoice) -> Result<String, PlayError> {
        let (off, _) = self
            .pending_premature
            .take()
            .ok_or(PlayError::NoPremature)?;
        let partner = off.partner();
        let (r, b) = match choice {
            PrematureChoice::Highest => (Restriction::PlayHighest { seat: partner }, "57A1"),
            PrematureChoice::Lowest => (Restriction::PlayLowest { seat: partner }, "57A2"),
            PrematureChoice::RequireSuit(suit) => (
                Restriction::RequirePlay {
                    seat: partner,
                    suit,
                },
                "57A3",
            ),
            PrematureChoice::ForbidSuit(suit) => (
                Restriction::ForbidPlay {
                    seat: partner,
                    suit,
                },
                "57A4",
            ),
        };
        self.restrictions.push(r);
        Ok(b.to_string())
    }

    /// Which choice the engine is waiting for before play can go on, with its law: a lead out
    /// of turn, by the law of its offence (54: the opening lead, declarer chooses; 56: a
    /// defender's later lead, declarer chooses; 55: declarer's lead, the defenders choose),
    /// a premature play (57A), or the partner of a defender with a major penalty card being
    /// on lead (50D2: declarer's choice comes before that lead).
    pub fn option_due(&self) -> Option<&'static str> {
        if let Some((off, _)) = self.pending_lead {
            return Some(if !self.is_defender(off) {
                "55"
            } else if self.trick_number() == 1 && self.completed_tricks() == 0 {
                "54"
            } else {
                "56"
            });
        }
        if self.pending_premature.is_some() {
            return Some("57A");
        }
        let turn = self.turn()?;
        let leading = self.current().cards.is_empty();
        let partner_has_major = self
            .penalty_cards
            .iter()
            .any(|p| p.major && p.seat == turn.partner() && self.is_defender(p.seat));
        let chosen = self.restrictions.iter().any(|r| {
            matches!(r, Restriction::RequireLead { seat, law: LeadLaw::L50D2, .. }
                | Restriction::ForbidLead { seat, law: LeadLaw::L50D2, .. } if *seat == turn)
        });
        (leading && partner_has_major && !chosen && !self.penalty_choice_made_for_lead())
            .then_some("50D2")
    }

    pub(crate) fn penalty_choice_made_for_lead(&self) -> bool {
        self.neither_chosen_at == Some(self.trick_number())
    }

    /// Law 58B: several cards from one hand at once. With one face visible that card is
    /// played and the others go back; with more than one visible the offender has chosen
    /// `played`, and a defender's other visible cards become penalty cards.
    pub fn simultaneous_cards(
        &mut self,
        seat: Seat,
        visible: &[Card],
        played: Card,
    ) -> Result<String, PlayError> {
        if !visible.contains(&played) {
            return Err(PlayError::BadCorrection {
                card: played,
                reason: "the card played must be one of the visible cards (Law 58B)".to_string(),
            });
        }
        let branch = if visible.len() <= 1 { "58B1" } else { "58B2" };
        if visible.len() > 1 && self.is_defender(seat) {
            for &c in visible.iter().filter(|c| **c != played) {
                self.add_penalty_card(seat, c, c.rank.is_honour())?;
            }
        }
        self.play(seat, played)?;
        Ok(branch.to_string())
    }

    /// Law 26B: declarer forbids the offender's partner to lead `suit` while he keeps the lead.
    pub fn forbid_lead_law26(&mut self, seat: Seat, suit: Suit) {
        self.restrictions.push(Restriction::ForbidLead {
            seat,
            suit,
            law: LeadLaw::L26B,
        });
    }

    /// Put a defender's exposed card on the table as a penalty card (Laws 49, 50B, 24E).
    /// Two or more penalty cards make them all major (Law 50B).
    pub fn add_penalty_card(
        &mut self,
        seat: Seat,
        card: Card,
        major: bool,
    ) -> Result<(), PlayError> {
        if !self.hands[seat.index()].contains(&card) {
            return Err(PlayError::NotInHand { seat, card });
        }
        self.penalty_cards.push(PenaltyCard { seat, card, major });
        if self.penalty_cards.iter().filter(|p| p.seat == seat).count() >= 2 {
            for p in self.penalty_cards.iter_mut().filter(|p| p.seat == seat) {
                p.major = true;
            }
        }
        Ok(())
    }

    /// Law 52B: a defender led or played another card instead of a major penalty card
    /// (revoke `index`, flagged under Law 52). Declarer accepts it (B1; he must if he has
    /// played since), or requires the penalty card (B2): the wrong card goes back and becomes
    /// a major penalty card. Either way there is no trick transfer (Law 64B3).
    pub fn rule_penalty_card_failure(
        &mut self,
        index: usize,
        accept: bool,
    ) -> Result<String, PlayError> {
        let r = self
            .revokes
            .get(index)
            .cloned()
            .ok_or(PlayError::NoSuchRevoke(index))?;
        if !r.penalty_card_failure {
            return Err(PlayError::NoSuchRevoke(index));
        }
        if accept {
            return Ok("52B1".to_string());
        }
        let pen = self
            .penalty_cards
            .iter()
            .find(|p| p.seat == r.seat && p.major)
            .map(|p| p.card)
            .ok_or(PlayError::NoSuchRevoke(index))?;
        let trump = self.trump();
        let t = self
            .tricks
            .get_mut(r.trick - 1)
            .ok_or(PlayError::NoSuchTrick(r.trick))?;
        let slot = t
            .cards
            .iter_mut()
            .find(|(s, c)| *s == r.seat && *c == r.card)
            .ok_or(PlayError::NoSuchTrick(r.trick))?;
        slot.1 = pen;
        if t.cards.len() == 4 {
            t.winner = trick_winner(&t.cards, trump);
        }
        let hand = &mut self.hands[r.seat.index()];
        hand.retain(|c| *c != pen);
        hand.push(r.card);
        self.penalty_cards
            .retain(|p| !(p.seat == r.seat && p.card == pen));
        self.penalty_cards.push(PenaltyCard {
            seat: r.seat,
            card: r.card,
            major: true,
        });
        self.revokes.remove(index);
        Ok("52B2".to_string())
    }
}
