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

mod claim;
mod lead;
mod revokes;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum PenaltyLeadChoice {
    Require(Suit),
    Forbid(Suit),
    Neither,
}

/// Declarer's choice after a defender's premature lead or play (Law 57A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum PrematureChoice {
    Highest,
    Lowest,
    RequireSuit(Suit),
    ForbidSuit(Suit),
}

/// How a claim ended (Laws 68-71).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
    /// Several revokes by one side would together have taken more tricks than that side won
    /// from its first revoke trick on; the total was capped (a point for the TD to confirm).
    pub transfers_capped: bool,
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

    pub(crate) fn current(&self) -> &Trick {
        &self.tricks[self.tricks.len() - 1]
    }

    /// 1-based number of the trick being played.
    pub fn trick_number(&self) -> usize {
        self.tricks.len()
    }

    pub fn completed_tricks(&self) -> usize {
        self.tricks.iter().filter(|t| t.winner.is_some()).count()
    }

    pub(crate) fn is_over(&self) -> bool {
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

    pub(crate) fn is_defender(&self, seat: Seat) -> bool {
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

    pub(crate) fn apply_restrictions(
        &self,
        seat: Seat,
        led: Option<Suit>,
        legal: Vec<Card>,
    ) -> Vec<Card> {
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

    pub(crate) fn apply_penalty_cards(&self, seat: Seat, legal: Vec<Card>) -> Vec<Card> {
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

    pub(crate) fn remove_from_hand(&mut self, seat: Seat, card: Card) -> Result<(), PlayError> {
        let hand = &mut self.hands[seat.index()];
        let pos = hand
            .iter()
            .position(|c| *c == card)
            .ok_or(PlayError::NotInHand { seat, card })?;
        hand.remove(pos);
        Ok(())
    }

    pub(crate) fn flag(
        &mut self,
        law: &str,
        seat: Seat,
        card: Card,
        description: &str,
    ) -> PlayIrregularity {
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
        // Law 50D2: the partner of a defender with a major penalty card must not lead before
        // declarer has chosen; if he does, the TD is needed (Law 49 for that card).
        if leading && self.option_due() == Some("50D2") {
            report.irregularity = Some(self.flag(
                "50D2",
                seat,
                card,
                "led before declarer chose under Law 50D2",
            ));
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
}
