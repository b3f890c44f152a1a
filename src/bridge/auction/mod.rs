//! The auction (Laws 17-22 and the irregularities of Laws 24-39), folded call by call.
//!
//! "Record first, judge later": every call is recorded. A call the laws call irregular is
//! flagged with the law that governs it and stays *pending* until a ruling names a branch of
//! that law's decision tree ([`crate::bridge::irregularity`]), or until a player's act settles it
//! (the offender's LHO calling over it accepts it, Laws 27A1, 29A, 25B1; the player whose turn
//! it was calling first disregards it, Law 28B). Pending calls count provisionally, so the
//! auction goes on as the table played it; exceptions are a change of call (the original call
//! counts until ruled), a bid above seven and a call after the final pass (never count).
use crate::bridge::call::{Bid, Call};
use crate::bridge::card::Card;
use crate::bridge::contract::{Contract, Doubling};
use crate::bridge::irregularity::{self, BarLength, Effect, Who};
use crate::bridge::seat::{Seat, Side};
use serde::{Deserialize, Serialize};

mod exposure;
mod ruling;

/// Status of a recorded call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Standing,
    /// Irregular and not yet ruled on.
    Pending,
    /// Cancelled or withdrawn, with the law (or branch) that did it.
    Cancelled {
        law: String,
    },
}

/// Where the player whose turn it was sits, seen from the offender (table in §3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnOf {
    Rho,
    Partner,
    LhoBeforeOffenderCalled,
    LhoAfterOffenderCalled,
}

/// What kind of irregularity a call is, in the precedence order of bridge-laws.md §3.1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// Law 39.
    CallAfterFinalPass,
    /// Law 38.
    BidAboveSeven,
    /// Law 36 (a double or redouble Law 19 does not allow).
    InadmissibleDouble,
    /// Law 37 (a bid, double or redouble by a player obliged to pass).
    CallWhileBarred,
    /// Laws 29-32; at LHO's turn after the offender has called it is a change of call (Law 25).
    OutOfRotation { correct: Seat, turn_of: TurnOf },
    /// Law 27.
    InsufficientBid,
}

/// A detected auction irregularity: the law whose decision tree applies, and the offender.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionIrregularity {
    /// Law number of the decision tree: "25", "27", "30", "31", "32", "36", "37", "38", "39".
    pub law: String,
    pub kind: Kind,
    pub offender: Seat,
}

/// One recorded call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub seat: Seat,
    pub call: Call,
    pub status: Status,
    pub irregularity: Option<AuctionIrregularity>,
    /// Set when the engine inserted this pass (Laws 28A, 37B, 38B).
    pub forced_by: Option<String>,
    /// Players who lost their turn because this out-of-rotation call stood (Law 17D3).
    pub skipped: Vec<Seat>,
}

/// An obligation to pass (bridge-laws.md §3.2(e)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bar {
    pub seat: Seat,
    pub length: BarLength,
    pub law: String,
    pub active: bool,
}

/// Consequences to carry to the play and the end of the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flag {
    /// Law 26B may apply if this offender becomes a defender.
    LeadRestriction { offender: Seat, law: String },
    /// Law 16C: the withdrawn action is unauthorised for this side.
    UnauthorisedInformation { offending_side: Side, law: String },
    /// A deferred TD review at the end of the board.
    Review { law: String, entry: usize },
    /// Law 36C: ignore this double/redouble for scoring.
    ScoreAsIfNotMade { entry: usize },
    /// Laws 31A1/32A1: the offender must repeat this call at his turn.
    MustRepeat { seat: Seat, call: Call, law: String },
    /// The offender did not repeat the call he had to repeat: for the TD.
    RepeatNotMade {
        seat: Seat,
        required: Call,
        made: Call,
        law: String,
    },
}

/// Cards exposed during the auction (Law 24).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exposure {
    pub seat: Seat,
    pub cards: Vec<Card>,
    pub prematurely_led: bool,
    /// "24A", "24B" or "24C".
    pub branch: String,
}

/// Where the auction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    InProgress {
        turn: Seat,
    },
    /// Four passes (Law 22B): score 0, no redeal.
    PassedOut,
    Contract {
        contract: Contract,
        declarer: Seat,
        opening_leader: Seat,
    },
}

/// Why a ruling could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulingError {
    #[error("no call number {0} in this auction")]
    NoSuchCall(usize),
    #[error("call number {0} is not irregular: there is nothing to rule on")]
    NotIrregular(usize),
    #[error("branch {branch:?} is not part of the Law {law} decision tree")]
    WrongBranch { law: String, branch: String },
}

/// What recording a call produced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallReport {
    pub index: usize,
    pub irregularity: Option<AuctionIrregularity>,
    /// Earlier pending calls this call settled: (call index, branch), e.g. (3, "27A1").
    pub settled: Vec<(usize, String)>,
}

/// The recorded auction of one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    pub dealer: Seat,
    pub entries: Vec<Entry>,
    pub bars: Vec<Bar>,
    pub flags: Vec<Flag>,
    pub exposures: Vec<Exposure>,
    /// Rulings applied: (call index, branch id).
    pub rulings: Vec<(usize, String)>,
    /// Seats that made a call they had to repeat (Laws 31A1, 32A1).
    #[serde(default)]
    pub repeats_made: Vec<Seat>,
}

/// The standing auction summarised (bridge-laws.md §3.1).
struct Standing {
    last_bid: Option<(usize, Seat, Bid)>,
    doubling: Doubling,
    doubler: Option<Seat>,
    /// Every call after the last bid (or after the double for redoubles) is a pass.
    passes_since_bid: bool,
    passes_since_double: bool,
    count: usize,
    last_seat: Option<Seat>,
    trailing_passes: usize,
}

impl Auction {
    pub fn new(dealer: Seat) -> Auction {
        Auction {
            dealer,
            entries: Vec::new(),
            bars: Vec::new(),
            flags: Vec::new(),
            exposures: Vec::new(),
            rulings: Vec::new(),
            repeats_made: Vec::new(),
        }
    }

    /// Does this entry count for rotation and the contract?
    pub(crate) fn counts(e: &Entry) -> bool {
        match e.status {
            Status::Standing => true,
            Status::Pending => !matches!(
                e.irregularity.as_ref().map(|i| i.law.as_str()),
                Some("25") | Some("38") | Some("39")
            ),
            Status::Cancelled { .. } => false,
        }
    }

    /// Calls that count, with their index.
    pub fn standing(&self) -> impl Iterator<Item = (usize, &Entry)> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| Auction::counts(e))
    }

    fn summary(&self) -> Standing {
        let mut s = Standing {
            last_bid: None,
            doubling: Doubling::Undoubled,
            doubler: None,
            passes_since_bid: true,
            passes_since_double: true,
            count: 0,
            last_seat: None,
            trailing_passes: 0,
        };
        for (i, e) in self.standing() {
            s.count += 1;
            s.last_seat = Some(e.seat);
            let ignored = self.flags.contains(&Flag::ScoreAsIfNotMade { entry: i });
            match e.call {
                Call::Bid(b) => {
                    s.last_bid = Some((i, e.seat, b));
                    s.doubling = Doubling::Undoubled;
                    s.doubler = None;
                    s.passes_since_bid = true;
                    s.passes_since_double = true;
                    s.trailing_passes = 0;
                }
                Call::Double | Call::Redouble if ignored => {
                    s.trailing_passes = 0;
                }
                Call::Double => {
                    s.doubling = Doubling::Doubled;
                    s.doubler = Some(e.seat);
                    s.passes_since_bid = false;
                    s.passes_since_double = true;
                    s.trailing_passes = 0;
                }
                Call::Redouble => {
                    s.doubling = Doubling::Redoubled;
                    s.doubler = Some(e.seat);
                    s.passes_since_bid = false;
                    s.passes_since_double = false;
                    s.trailing_passes = 0;
                }
                Call::Pass => s.trailing_passes += 1,
            }
        }
        s
    }

    /// Law 22: ended after a bid and three passes, or four initial passes.
    fn ended(s: &Standing) -> bool {
        match s.last_bid {
            Some(_) => s.trailing_passes >= 3,
            None => s.count >= 4,
        }
    }

    /// Whose turn it is (Law 17B/C), or `None` once the auction has ended.
    pub fn turn(&self) -> Option<Seat> {
        let s = self.summary();
        if Auction::ended(&s) {
            return None;
        }
        Some(s.last_seat.map_or(self.dealer, |l| l.lho()))
    }

    pub fn is_barred(&self, seat: Seat) -> bool {
        self.bars.iter().any(|b| b.active && b.seat == seat)
    }

    /// The outcome of the standing auction.
    pub fn outcome(&self) -> Outcome {
        let s = self.summary();
        if !Auction::ended(&s) {
            return Outcome::InProgress {
                turn: s.last_seat.map_or(self.dealer, |l| l.lho()),
            };
        }
        let Some((_, bidder, bid)) = s.last_bid else {
            return Outcome::PassedOut;
        };
        // Declarer: the first of the contracting side to name the denomination (definitions).
        let declarer = self
            .standing()
            .find_map(|(_, e)| match e.call {
                Call::Bid(b) if b.strain == bid.strain && e.seat.side() == bidder.side() => {
                    Some(e.seat)
                }
                _ => None,
            })
            .unwrap_or(bidder);
        Outcome::Contract {
            contract: Contract::new(bid.level.min(7), bid.strain, s.doubling),
            declarer,
            opening_leader: declarer.lho(),
        }
    }

    /// Classify a call against the standing auction, without recording it (§3.1 precedence).
    pub fn judge(&self, seat: Seat, call: Call) -> Option<AuctionIrregularity> {
        let s = self.summary();
        let irr = |law: &str, kind: Kind| {
            Some(AuctionIrregularity {
                law: law.to_string(),
                kind,
                offender: seat,
            })
        };
        if Auction::ended(&s) {
            return irr("39", Kind::CallAfterFinalPass);
        }
        if let Call::Bid(b) = call {
            if b.level > 7 {
                return irr("38", Kind::BidAboveSeven);
            }
        }
        let admissible = match call {
            // Law 19A1: only the last bid, by an opponent, with nothing but passes since.
            Call::Double => {
                matches!(s.last_bid, Some((_, by, _)) if by.side() != seat.side())
                    && s.doubling == Doubling::Undoubled
                    && s.passes_since_bid
            }
            // Law 19B1: only the last double, by an opponent, with nothing but passes since.
            Call::Redouble => {
                s.doubling == Doubling::Doubled
                    && matches!(s.doubler, Some(d) if d.side() != seat.side())
                    && s.passes_since_double
            }
            _ => true,
        };
        if !admissible {
            return irr("36", Kind::InadmissibleDouble);
        }
        if call != Call::Pass && self.is_barred(seat) {
            return irr("37", Kind::CallWhileBarred);
        }
        let turn = s.last_seat.map_or(self.dealer, |l| l.lho());
        let l28a = self.is_barred(turn) && seat == turn.lho();
        if seat != turn && !l28a {
            let has_called = self.standing().any(|(_, e)| e.seat == seat);
            let turn_of = if turn == seat.rho() {
                TurnOf::Rho
            } else if turn == seat.partner() {
                TurnOf::Partner
            } else if has_called {
                TurnOf::LhoAfterOffenderCalled
            } else {
                TurnOf::LhoBeforeOffenderCalled
            };
            let law = match (turn_of, call) {
                (TurnOf::LhoAfterOffenderCalled, _) => "25",
                (_, Call::Pass) => "30",
                (_, Call::Bid(_)) => "31",
                _ => "32",
            };
            return irr(
                law,
                Kind::OutOfRotation {
                    correct: turn,
                    turn_of,
                },
            );
        }
        if let (Call::Bid(b), Some((_, _, last))) = (call, s.last_bid) {
            if !b.is_sufficient_over(last) {
                return irr("27", Kind::InsufficientBid);
            }
        }
        None
    }

    /// Record a call made at the table.
    pub fn record(&mut self, seat: Seat, call: Call) -> CallReport {
        let mut settled = Vec::new();
        // Law 27B/C: the offender's next call straight after his own pending insufficient bid
        // replaces it; the TD then rules which branch of Law 27 the replacement falls under.
        if let Some(last) = self.entries.last_mut() {
            if last.seat == seat
                && last.status == Status::Pending
                && last.irregularity.as_ref().is_some_and(|i| i.law == "27")
            {
                last.status = Status::Cancelled {
                    law: "27C".to_string(),
                };
            }
        }
        // A player's act can settle pending irregularities (Laws 28B, 29A, 27A1, 25B1).
        for i in 0..self.entries.len() {
            let e = &self.entries[i];
            if e.status != Status::Pending {
                continue;
            }
            let Some(irr) = e.irregularity.clone() else {
                continue;
            };
            let offender = irr.offender;
            match (&irr.kind, irr.law.as_str()) {
                (Kind::OutOfRotation { correct, .. }, "30" | "31" | "32") if *correct == seat => {
                    let branch = format!("{}-28B", irr.law);
                    self.apply_branch(i, &branch);
                    settled.push((i, branch));
                }
                (_, "27" | "30" | "31" | "32" | "25") if seat == offender.lho() => {
                    let branch = match irr.law.as_str() {
                        "27" => "27A1".to_string(),
                        "25" => "25B1".to_string(),
                        l => format!("{l}-29A"),
                    };
                    self.apply_branch(i, &branch);
                    settled.push((i, branch));
                }
                (_, "38") if seat == offender.lho() => {
                    // Law 38B/D: the bid and all later calls are cancelled; so is this one.
                    self.apply_branch(i, "38D");
                    settled.push((i, "38D".to_string()));
                    self.entries.push(Entry {
                        seat,
                        call,
                        status: Status::Cancelled {
                            law: "38B".to_string(),
                        },
                        irregularity: None,
                        forced_by: None,
                        skipped: Vec::new(),
                    });
                    return CallReport {
                        index: self.entries.len() - 1,
                        irregularity: None,
                        settled,
                    };
                }
                _ => {}
            }
        }
        // Law 28A: the barred player's LHO calls; the barred player's pass is implied.
        if let Some(turn) = self.turn() {
            if seat != turn && seat == turn.lho() && self.is_barred(turn) {
                self.push_forced_pass(turn, "28A");
            }
        }
        let irregularity = self.judge(seat, call);
        let (status, skipped) = match &irregularity {
            None => (Status::Standing, Vec::new()),
            Some(irr) if irr.law == "39" => {
                let branch = if call == Call::Pass || self.is_declaring_side(seat) {
                    "39B"
                } else {
                    "39C"
                };
                (
                    Status::Cancelled {
                        law: branch.to_string(),
                    },
                    Vec::new(),
                )
            }
            Some(irr) => {
                let skipped = match irr.kind {
                    Kind::OutOfRotation { correct, .. } => (0..correct.distance_to(seat))
                        .map(|k| correct.plus(k))
                        .collect(),
                    _ => Vec::new(),
                };
                (Status::Pending, skipped)
            }
        };
        let index = self.entries.len();
        self.entries.push(Entry {
            seat,
            call,
            status,
            irregularity: irregularity.clone(),
            forced_by: None,
            skipped,
        });
        if let Some(Status::Cancelled { law }) = self.entries.last().map(|e| e.status.clone()) {
            if law == "39C" {
                self.flags.push(Flag::LeadRestriction {
                    offender: seat,
                    law,
                });
            }
            self.rulings.push((index, self.entry_law(index)));
        }
        if irregularity.is_none() && call == Call::Pass {
            self.consume_next_turn_bar(seat);
        }
        if irregularity.is_none() {
            self.check_repeat(seat, call);
        }
        self.check_retention_of_right_to_call();
        CallReport {
            index,
            irregularity,
            settled,
        }
    }

    pub(crate) fn entry_law(&self, index: usize) -> String {
        match &self.entries[index].status {
            Status::Cancelled { law } => law.clone(),
            _ => String::new(),
        }
    }

    /// Would this seat be on the declaring side if the auction ended now?
    pub(crate) fn is_declaring_side(&self, seat: Seat) -> bool {
        matches!(self.outcome(), Outcome::Contract { declarer, .. } if declarer.side() == seat.side())
    }

    /// Laws 31A1/32A1: the first call the offender makes in turn after the ruling must be the
    /// repeated call; anything else is flagged for the TD.
    fn check_repeat(&mut self, seat: Seat, call: Call) {
        let owed: Vec<(Call, String)> = self
            .flags
            .iter()
            .filter_map(|f| match f {
                Flag::MustRepeat { seat: s, call, law } if *s == seat => Some((*call, law.clone())),
                _ => None,
            })
            .collect();
        let settled = self
            .flags
            .iter()
            .filter(|f| matches!(f, Flag::RepeatNotMade { seat: s, .. } if *s == seat))
            .count()
            + self.repeats_made.iter().filter(|s| **s == seat).count();
        if let Some((required, law)) = owed.get(settled).cloned() {
            if required == call {
                self.repeats_made.push(seat);
            } else {
                self.flags.push(Flag::RepeatNotMade {
                    seat,
                    required,
                    made: call,
                    law,
                });
            }
        }
    }

    pub(crate) fn consume_next_turn_bar(&mut self, seat: Seat) {
        for b in self.bars.iter_mut() {
            if b.active && b.seat == seat && b.length == BarLength::NextTurn {
                b.active = false;
            }
        }
    }

    pub(crate) fn push_forced_pass(&mut self, seat: Seat, law: &str) {
        self.entries.push(Entry {
            seat,
            call: Call::Pass,
            status: Status::Standing,
            irregularity: None,
            forced_by: Some(law.to_string()),
            skipped: Vec::new(),
        });
        self.consume_next_turn_bar(seat);
    }

    /// Law 17D3 / Law 34: three passes that include one out of rotation which skipped a player
    /// do not end the auction; it returns to the skipped player.
    pub(crate) fn check_retention_of_right_to_call(&mut self) {
        let s = self.summary();
        if !Auction::ended(&s) || s.last_bid.is_none() {
            return;
        }
        let last3: Vec<usize> = self.standing().map(|(i, _)| i).collect();
        let tail = &last3[last3.len().saturating_sub(3)..];
        if let Some(&first_skip) = tail.iter().find(|&&i| !self.entries[i].skipped.is_empty()) {
            let offender = self.entries[first_skip].seat;
            for &i in tail.iter().filter(|&&i| i >= first_skip) {
                self.entries[i].status = Status::Cancelled {
                    law: "17D3".to_string(),
                };
            }
            self.flags.push(Flag::UnauthorisedInformation {
                offending_side: offender.side(),
                law: "17D3".to_string(),
            });
        }
    }

    /// Irregular calls recorded so far, with their index.
    pub fn irregularities(&self) -> Vec<(usize, &AuctionIrregularity)> {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.irregularity.as_ref().map(|x| (i, x)))
            .collect()
    }
}
