//! The play (Laws 41-67), folded card by card: legal cards (Law 44 with the rectification
//! obligations of Laws 26, 50-52, 57, 59), trick winners, dummy, leads out of turn (53-56),
//! premature plays (57), penalty cards (50-52), revokes (61-64) and defective tricks (67).
//!
//! As in the auction, irregular leads and plays are recorded and flagged, not refused. Revoke
//! detection is advisory for the TD (bridge-laws.md §4.8.7): it is never shown to players.
use crate::bridge::board::Deal;
use crate::bridge::card::{Card, Suit};
use crate::bridge::contract::Contract;
use crate::bridge::revoke::{self, NoTransfer, RevokeFacts, Transfer};
use crate::bridge::seat::{Seat, Side};
use serde::{Deserialize, Serialize};

/// One trick: who led, the cards in order, and its winner once complete.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trick {
    pub leader: Seat,
    pub cards: Vec<(Seat, Card)>,
    pub winner: Option<Seat>,
}

/// Law 44E-F: the highest trump wins, else the highest card of the suit led.
pub fn trick_winner(cards: &[(Seat, Card)], trump: Option<Suit>) -> Option<Seat> {
    let led = cards.first()?.1.suit;
    let best = |suit: Suit| {
        cards
            .iter()
            .filter(|(_, c)| c.suit == suit)
            .max_by_key(|(_, c)| c.rank)
            .map(|(s, _)| *s)
    };
    trump.and_then(best).or_else(|| best(led))
}

/// A defender's penalty card (Law 50).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyCard {
    pub seat: Seat,
    pub card: Card,
    pub major: bool,
}

/// The law that imposed a lead restriction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeadLaw {
    /// Law 26B: a withdrawn call.
    L26B,
    /// Laws 50D2(a) / 51B: a major penalty card of partner.
    L50D2,
}

/// A lead or play restriction imposed as rectification (Laws 26B, 50D2, 51, 57A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Restriction {
    /// Must lead this suit (Law 50D2(a), 51B).
    RequireLead {
        seat: Seat,
        suit: Suit,
        law: LeadLaw,
    },
    /// Must not lead this suit while he keeps the lead (Laws 26B, 50D2(a), 51B).
    ForbidLead {
        seat: Seat,
        suit: Suit,
        law: LeadLaw,
    },
    /// Law 57A1/A2: highest or lowest of the suit led, to the current trick.
    PlayHighest {
        seat: Seat,
    },
    PlayLowest {
        seat: Seat,
    },
    /// Law 57A3/A4: a card of / no card of another named suit, to the current trick.
    RequirePlay {
        seat: Seat,
        suit: Suit,
    },
    ForbidPlay {
        seat: Seat,
        suit: Suit,
    },
}

impl Restriction {
    fn seat(&self) -> Seat {
        match *self {
            Restriction::RequireLead { seat, .. }
            | Restriction::ForbidLead { seat, .. }
            | Restriction::PlayHighest { seat }
            | Restriction::PlayLowest { seat }
            | Restriction::RequirePlay { seat, .. }
            | Restriction::ForbidPlay { seat, .. } => seat,
        }
    }
}

/// An irregularity detected in the play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayIrregularity {
    /// Law reference, e.g. "54", "55", "56", "57", "61", "52".
    pub law: String,
    pub seat: Seat,
    pub card: Card,
    /// Trick number, 1-based.
    pub trick: usize,
    pub description: String,
    /// The branch chosen or applied, once known.
    pub branch: Option<String>,
}

/// A revoke recorded by the engine (Law 61).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revoke {
    pub seat: Seat,
    pub card: Card,
    /// 1-based trick number.
    pub trick: usize,
    /// Suit the offender should have played.
    pub suit: Suit,
    pub established: bool,
    pub corrected: bool,
    /// Facts that only the TD can record: when attention was drawn (Law 64B4/B5).
    pub late_attention: Option<NoTransfer>,
    /// Failure to play a penalty card (Law 52; no transfer, Law 64B3).
    pub penalty_card_failure: bool,
}

/// Declarer's answer to a faced lead out of turn (Laws 53-56).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeadOutOfTurnChoice {
    /// Law 53A / 55A: accept the lead.
    Accept,
    /// Law 54A: declarer spreads his hand and becomes dummy.
    Spread,
    /// Law 54D / 56: refuse; a defender's card becomes a major penalty card.
    /// Law 55B: declarer's card goes back (from the wrong hand: he leads from the right one).
    Refuse,
}

/// Declarer's choice when the partner of a defender with a major penalty card has the lead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PenaltyLeadChoice {
    Require(Suit),
    Forbid(Suit),
    Neither,
}

/// Declarer's choice after a defender's premature lead or play (Law 57A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrematureChoice {
    Highest,
    Lowest,
    RequireSuit(Suit),
    ForbidSuit(Suit),
}

/// How a claim ended (Laws 68-71).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClaimStatus {
    Pending,
    /// Law 69A: all agreed.
    Agreed,
    /// Law 70: the TD fixed the claimer's side's remaining tricks.
    Ruled {
        remaining: u8,
    },
    /// Law 68D2(b): play continued with all four agreeing; the claim is void.
    Void,
}

/// A claim or concession (Law 68): the claimer's side's tricks among those not yet played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub claimer: Seat,
    pub remaining: u8,
    pub status: ClaimStatus,
    /// Tricks already completed when the claim was made.
    pub at_trick: usize,
}

/// Errors of fact: an action that cannot have happened with these cards.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{seat} does not hold {card}")]
    NotInHand { seat: Seat, card: Card },
    #[error("play has ended: all 13 tricks are complete or a claim stopped play")]
    Ended,
    #[error("no lead out of turn is waiting for a decision")]
    NoPendingLead,
    #[error("no revoke number {0}")]
    NoSuchRevoke(usize),
    #[error("revoke {0} is established and can no longer be corrected (Law 63B)")]
    Established(usize),
    #[error("{card} cannot correct the revoke: {reason}")]
    BadCorrection { card: Card, reason: String },
    #[error("no premature play is waiting for declarer's choice (Law 57A)")]
    NoPremature,
    #[error("a claim of {0} tricks is more than the {1} tricks left")]
    ClaimTooLarge(u8, u8),
    #[error("no claim has been made")]
    NoClaim,
    #[error("trick {0} does not exist or is not complete")]
    NoSuchTrick(usize),
}

/// The play of one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub contract: Contract,
    pub declarer: Seat,
    pub hands: [Vec<Card>; 4],
    pub tricks: Vec<Trick>,
    pub penalty_cards: Vec<PenaltyCard>,
    pub restrictions: Vec<Restriction>,
    pub revokes: Vec<Revoke>,
    pub irregularities: Vec<PlayIrregularity>,
    /// A faced lead out of turn waiting for the entitled player's decision.
    pub pending_lead: Option<(Seat, Card)>,
    /// A defender's premature card waiting for declarer's Law 57A choice.
    pub pending_premature: Option<(Seat, Card)>,
    pub claim: Option<Claim>,
    /// Cards played before their turn that count as played when the turn comes (Law 57C).
    pub held: Vec<(Seat, Card)>,
    /// Trick at which declarer chose "neither" under Law 50D2(b) (the option recurs later).
    pub neither_chosen_at: Option<usize>,
}

/// The result of play, with revoke transfers applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayResult {
    /// Tricks won by declarer's side at the table (played plus claimed).
    pub table_tricks: u8,
    pub transfers: Vec<(usize, Transfer)>,
    /// Tricks for declarer's side after Law 64 transfers.
    pub declarer_tricks: u8,
}

/// What happened when a card was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayReport {
    pub irregularity: Option<PlayIrregularity>,
    /// Revokes established by this play (Law 63A1), by index.
    pub established: Vec<usize>,
    /// The winner if this card completed a trick.
    pub trick_won_by: Option<Seat>,
}

impl Play {
    /// Start the play after the auction: the opening leader is declarer's LHO (Law 41A).
    pub fn new(deal: &Deal, contract: Contract, declarer: Seat) -> Play {
        Play {
            contract,
            declarer,
            hands: deal.hands.clone(),
            tricks: vec![Trick {
                leader: declarer.lho(),
                cards: Vec::new(),
                winner: None,
            }],
            penalty_cards: Vec::new(),
            restrictions: Vec::new(),
            revokes: Vec::new(),
            irregularities: Vec::new(),
            pending_lead: None,
            pending_premature: None,
            claim: None,
            held: Vec::new(),
            neither_chosen_at: None,
        }
    }

    pub fn dummy(&self) -> Seat {
        self.declarer.partner()
    }

    pub fn trump(&self) -> Option<Suit> {
        self.contract.strain.trump()
    }

    fn current(&self) -> &Trick {
        &self.tricks[self.tricks.len() - 1]
    }

    /// 1-based number of the trick being played.
    pub fn trick_number(&self) -> usize {
        self.tricks.len()
    }

    pub fn completed_tricks(&self) -> usize {
        self.tricks.iter().filter(|t| t.winner.is_some()).count()
    }

    fn is_over(&self) -> bool {
        self.completed_tricks() == 13
            || matches!(self.claim, Some(c) if c.status != ClaimStatus::Void)
    }

    /// The hand due to play next (Law 44), or `None` when play is over.
    pub fn turn(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        let t = self.current();
        Some(t.leader.plus(t.cards.len()))
    }

    fn is_defender(&self, seat: Seat) -> bool {
        seat.side() != self.declarer.side()
    }

    /// Cards `seat` may legally play now, applying the precedence of bridge-laws.md §4.2:
    /// follow suit; rectification restrictions; major penalty cards; minor penalty cards.
    /// Anything the player cannot comply with falls away (Law 59).
    pub fn legal_cards(&self, seat: Seat) -> Vec<Card> {
        let hand = &self.hands[seat.index()];
        let led = self.current().cards.first().map(|(_, c)| c.suit);
        let mut legal: Vec<Card> = match led {
            Some(s) if hand.iter().any(|c| c.suit == s) => {
                hand.iter().copied().filter(|c| c.suit == s).collect()
            }
            _ => hand.clone(),
        };
        legal = self.apply_restrictions(seat, led, legal);
        legal = self.apply_penalty_cards(seat, legal);
        legal
    }

    fn apply_restrictions(&self, seat: Seat, led: Option<Suit>, legal: Vec<Card>) -> Vec<Card> {
        let mut legal = legal;
        for r in self.restrictions.iter().filter(|r| r.seat() == seat) {
            let narrowed: Vec<Card> = match (*r, led) {
                (Restriction::RequireLead { suit, .. }, None)
                | (Restriction::RequirePlay { suit, .. }, Some(_)) => {
                    legal.iter().copied().filter(|c| c.suit == suit).collect()
                }
                (Restriction::ForbidLead { suit, .. }, None)
                | (Restriction::ForbidPlay { suit, .. }, Some(_)) => {
                    legal.iter().copied().filter(|c| c.suit != suit).collect()
                }
                (Restriction::PlayHighest { .. }, Some(s)) => legal
                    .iter()
                    .copied()
                    .filter(|c| c.suit == s)
                    .max_by_key(|c| c.rank)
                    .into_iter()
                    .collect(),
                (Restriction::PlayLowest { .. }, Some(s)) => legal
                    .iter()
                    .copied()
                    .filter(|c| c.suit == s)
                    .min_by_key(|c| c.rank)
                    .into_iter()
                    .collect(),
                _ => legal.clone(),
            };
            if !narrowed.is_empty() {
                legal = narrowed; // Law 59: if he cannot comply, any legal card
            }
        }
        legal
    }

    fn apply_penalty_cards(&self, seat: Seat, legal: Vec<Card>) -> Vec<Card> {
        let mine: Vec<&PenaltyCard> = self
            .penalty_cards
            .iter()
            .filter(|p| p.seat == seat)
            .collect();
        let majors: Vec<Card> = legal
            .iter()
            .copied()
            .filter(|c| mine.iter().any(|p| p.major && p.card == *c))
            .collect();
        if !majors.is_empty() {
            return majors; // Law 50D1: at the first legal opportunity (declarer picks among several)
        }
        // Law 50C: no other card below honour rank of a minor penalty card's suit before it
        // (an honour of that suit may be played instead).
        let allowed: Vec<Card> = legal
            .iter()
            .copied()
            .filter(|c| {
                !mine.iter().any(|p| {
                    !p.major && p.card.suit == c.suit && *c != p.card && !c.rank.is_honour()
                })
            })
            .collect();
        if allowed.is_empty() {
            legal // Law 59
        } else {
            allowed
        }
    }

    fn remove_from_hand(&mut self, seat: Seat, card: Card) -> Result<(), PlayError> {
        let hand = &mut self.hands[seat.index()];
        let pos = hand
            .iter()
            .position(|c| *c == card)
            .ok_or(PlayError::NotInHand { seat, card })?;
        hand.remove(pos);
        Ok(())
    }

    fn flag(&mut self, law: &str, seat: Seat, card: Card, description: &str) -> PlayIrregularity {
        let irr = PlayIrregularity {
            law: law.to_string(),
            seat,
            card,
            trick: self.trick_number(),
            description: description.to_string(),
            branch: None,
        };
        self.irregularities.push(irr.clone());
        irr
    }

    /// Record a card led or played from `seat`'s hand (declarer names dummy's cards: seat = dummy).
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<PlayReport, PlayError> {
        if self.is_over() {
            return Err(PlayError::Ended);
        }
        if !self.hands[seat.index()].contains(&card) {
            return Err(PlayError::NotInHand { seat, card });
        }
        let mut report = PlayReport {
            irregularity: None,
            established: Vec::new(),
            trick_won_by: None,
        };
        // Law 53A: the hand next in rotation after an irregular lead plays to it: accepted.
        // Law 53B: the correct leader, an opponent of the offender, simply leads: his lead
        // stands; the irregular lead is withdrawn (a defender's card is then a major penalty
        // card as under Law 56; declarer's goes back to his hand, Law 55B).
        if let Some((off, led)) = self.pending_lead {
            let correct = self.turn();
            if seat == off.lho() {
                self.accept_pending_lead(off, led, "53A");
            } else if Some(seat) == correct && seat.side() != off.side() {
                self.pending_lead = None;
                self.hands[off.index()].push(led);
                if self.is_defender(off) {
                    self.penalty_cards.push(PenaltyCard {
                        seat: off,
                        card: led,
                        major: true,
                    });
                }
                self.mark_branch(led, "53B");
            }
        }
        let Some(turn) = self.turn() else {
            return Err(PlayError::Ended);
        };
        let leading = self.current().cards.is_empty();
        if seat != turn {
            let irr = if leading {
                let (law, what) = if self.trick_number() == 1 && self.is_defender(seat) {
                    ("54", "faced opening lead out of turn")
                } else if self.trick_number() == 1 {
                    (
                        "24",
                        "declaring side attempted the opening lead (Law 54E: Law 24)",
                    )
                } else if self.is_defender(seat) {
                    ("56", "defender's lead out of turn")
                } else {
                    ("55", "declarer's lead out of turn")
                };
                let irr = self.flag(law, seat, card, what);
                if self.trick_number() == 13 || law == "24" {
                    // fn 17: a lead out of turn at trick 13 is simply taken back. Law 54E/24D:
                    // a declaring-side card exposed before the opening lead goes back to the hand.
                    return Ok(PlayReport {
                        irregularity: Some(irr),
                        ..report
                    });
                }
                self.remove_from_hand(seat, card)?;
                self.pending_lead = Some((seat, card));
                irr
            } else if !self.current().cards.iter().any(|(s, _)| *s == seat) {
                // A play to the current trick before one's turn.
                let both_played = [self.declarer, self.dummy()].iter().all(|d| {
                    self.current().cards.iter().any(|(s, _)| s == d)
                        || self.held.iter().any(|(s, _)| s == d)
                });
                if !self.is_defender(seat) {
                    // Law 57C3: declarer's premature play is a played card; it counts at his turn.
                    let irr = self.flag(
                        "57C",
                        seat,
                        card,
                        "declarer's premature play (a played card)",
                    );
                    self.remove_from_hand(seat, card)?;
                    self.held.push((seat, card));
                    irr
                } else if both_played {
                    // Law 57C1: declarer had already played from both hands: no rectification.
                    let irr = self.flag(
                        "57C",
                        seat,
                        card,
                        "defender's early play after declarer played both hands",
                    );
                    self.remove_from_hand(seat, card)?;
                    self.held.push((seat, card));
                    irr
                } else {
                    // Law 57A: a major penalty card (it stays in the hand, face up); declarer's option.
                    let irr =
                        self.flag("57", seat, card, "defender's premature play before partner");
                    self.add_penalty_card(seat, card, true)?;
                    self.pending_premature = Some((seat, card));
                    irr
                }
            } else {
                let irr = self.flag("57", seat, card, "premature lead to the next trick");
                if self.is_defender(seat) {
                    self.add_penalty_card(seat, card, true)?;
                    self.pending_premature = Some((seat, card));
                }
                // Declarer's cards never become penalty cards (Law 48A): it simply goes back.
                irr
            };
            report.irregularity = Some(irr);
            return Ok(report);
        }
        // In turn: is it legal?
        let legal = self.legal_cards(seat);
        let led = self.current().cards.first().map(|(_, c)| c.suit);
        if !legal.contains(&card) {
            let hand = &self.hands[seat.index()];
            let follow_failure =
                matches!(led, Some(s) if s != card.suit && hand.iter().any(|c| c.suit == s));
            // Excluded only by a penalty card (major or minor): Law 52, not a transfer revoke.
            let without_penalty_cards = {
                let base: Vec<Card> = match led {
                    Some(s) if hand.iter().any(|c| c.suit == s) => {
                        hand.iter().copied().filter(|c| c.suit == s).collect()
                    }
                    _ => hand.clone(),
                };
                self.apply_restrictions(seat, led, base)
            };
            let penalty_failure = !follow_failure && without_penalty_cards.contains(&card);
            let (law, what) = if follow_failure {
                ("61", "revoke: failure to follow suit")
            } else if penalty_failure {
                ("52", "failure to play a penalty card")
            } else {
                (
                    "61",
                    "revoke: failure to comply with a lead or play restriction",
                )
            };
            let irr = self.flag(law, seat, card, what);
            let suit = led.unwrap_or(legal.first().map_or(card.suit, |c| c.suit));
            self.revokes.push(Revoke {
                seat,
                card,
                trick: self.trick_number(),
                suit,
                established: false,
                corrected: false,
                late_attention: None,
                penalty_card_failure: penalty_failure,
            });
            report.irregularity = Some(irr);
        }
        // Law 63A1: a lead or play to the next trick by the offending side establishes a revoke.
        let now = self.trick_number();
        for (i, r) in self.revokes.iter_mut().enumerate() {
            if !r.established && !r.corrected && r.trick < now && r.seat.side() == seat.side() {
                r.established = true;
                report.established.push(i);
            }
        }
        self.remove_from_hand(seat, card)?;
        self.penalty_cards
            .retain(|p| !(p.seat == seat && p.card == card));
        // A lead ends lead restrictions of other suits once the lead is lost; play restrictions
        // of Law 57 last for the one trick.
        let trump = self.trump();
        let t = self.tricks.last_mut().ok_or(PlayError::Ended)?;
        t.cards.push((seat, card));
        if t.cards.len() == 4 {
            let w = trick_winner(&t.cards, trump);
            t.winner = w;
            report.trick_won_by = w;
            self.restrictions.retain(|r| {
                matches!(
                    r,
                    Restriction::RequireLead { .. } | Restriction::ForbidLead { .. }
                )
            });
            if let Some(w) = w {
                // Lead restrictions last only while that player keeps the lead.
                self.restrictions.retain(|r| r.seat() == w);
                if self.tricks.len() < 13 {
                    self.tricks.push(Trick {
                        leader: w,
                        cards: Vec::new(),
                        winner: None,
                    });
                }
            }
        } else if leading {
            // Require-lead obligations are used up by the lead itself.
            self.restrictions
                .retain(|r| !matches!(r, Restriction::RequireLead { seat: s, .. } if *s == seat));
        }
        // A card held under Law 57C is played when its owner's turn comes.
        if let Some(turn) = self.turn() {
            if let Some(pos) = self.held.iter().position(|(s, _)| *s == turn) {
                let (s, c) = self.held.remove(pos);
                self.hands[s.index()].push(c);
                let next = self.play(s, c)?;
                report.established.extend(next.established);
                if report.irregularity.is_none() {
                    report.irregularity = next.irregularity;
                }
            }
        }
        Ok(report)
    }

    fn accept_pending_lead(&mut self, off: Seat, card: Card, branch: &str) {
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

    fn mark_branch(&mut self, card: Card, branch: &str) {
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
    /// of turn (53-56), a premature play (57A), or the partner of a defender with a major
    /// penalty card being on lead (50D2: declarer's choice comes before that lead).
    pub fn option_due(&self) -> Option<&'static str> {
        if self.pending_lead.is_some() {
            return Some("53-56");
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

    fn penalty_choice_made_for_lead(&self) -> bool {
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

    /// Law 62: correct a revoke before it is established (or on trick 12, Law 62D) with `card`.
    pub fn correct_revoke(&mut self, index: usize, card: Card) -> Result<String, PlayError> {
        let r = self
            .revokes
            .get(index)
            .cloned()
            .ok_or(PlayError::NoSuchRevoke(index))?;
        if r.established && r.trick != 12 {
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

    /// Law 69B / 71: agreement to a claim withdrawn (or a concession cancelled) within the
    /// correction period: `tricks` tricks go back to the side `to` that agreed or conceded.
    pub fn withdraw_claim_agreement(&mut self, to: Side, tricks: u8) -> Result<(), PlayError> {
        let completed = self.completed_tricks();
        let c = self.claim.as_mut().ok_or(PlayError::NoClaim)?;
        let left = 13u8.saturating_sub(c.at_trick.min(completed) as u8);
        let mine = match c.status {
            ClaimStatus::Ruled { remaining } => remaining,
            _ => c.remaining,
        };
        let remaining = if c.claimer.side() == to {
            (mine + tricks).min(left)
        } else {
            mine.saturating_sub(tricks)
        };
        c.status = ClaimStatus::Ruled { remaining };
        Ok(())
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

    /// Law 68: a claim (or concession) of `remaining` of the tricks not yet played for the
    /// claimer's side. A claim by the offending side establishes its revokes (Law 63A3).
    pub fn claim(&mut self, claimer: Seat, remaining: u8) -> Result<(), PlayError> {
        let left = (13 - self.completed_tricks()) as u8;
        if remaining > left {
            return Err(PlayError::ClaimTooLarge(remaining, left));
        }
        for r in self.revokes.iter_mut() {
            if r.seat.side() == claimer.side() && !r.corrected {
                r.established = true;
            }
        }
        self.claim = Some(Claim {
            claimer,
            remaining,
            status: ClaimStatus::Pending,
            at_trick: self.completed_tricks(),
        });
        Ok(())
    }

    /// Settle the claim: agreed (69A), ruled by the TD (70) or voided by continued play (68D2b).
    pub fn settle_claim(&mut self, status: ClaimStatus) -> Result<(), PlayError> {
        let c = self.claim.as_mut().ok_or(PlayError::NoClaim)?;
        c.status = status;
        if status == ClaimStatus::Void {
            self.claim = None;
        }
        Ok(())
    }

    /// Tricks won by a side: complete tricks plus its share of a settled claim.
    fn side_tricks(&self, side: Side, from_trick: usize) -> u8 {
        let played = self
            .tricks
            .iter()
            .enumerate()
            .filter(|(i, t)| *i + 1 > from_trick && matches!(t.winner, Some(w) if w.side() == side))
            .count() as u8;
        let claimed = match self.claim {
            Some(c) => {
                let left = 13 - c.at_trick as u8;
                let mine = match c.status {
                    ClaimStatus::Agreed | ClaimStatus::Pending => c.remaining,
                    ClaimStatus::Ruled { remaining } => remaining,
                    ClaimStatus::Void => 0,
                };
                if c.claimer.side() == side {
                    mine
                } else {
                    left - mine.min(left)
                }
            }
            None => 0,
        };
        played + claimed
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
        for (i, t) in &transfers {
            let r = &self.revokes[*i];
            if r.seat.side() == ds {
                tricks -= t.tricks as i32;
            } else {
                tricks += t.tricks as i32;
            }
        }
        PlayResult {
            table_tricks: table,
            transfers,
            declarer_tricks: tricks.clamp(0, 13) as u8,
        }
    }
}
