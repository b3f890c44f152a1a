//! Boards at tables, folded from the signed log: every `bridge.auction`, `bridge.play` and
//! `bridge.ruling` event of a (section, round, table, board) goes through the auction and
//! play engines in replay order, with the deal, dealer and vulnerability of
//! `structure.board` (Law 2 when none is recorded).
//!
//! Record first, judge later: an irregular call or card is applied as the table made it and
//! flagged at the moment it is recorded, with its law and decision tree (options, who
//! chooses, effects). An event the engines cannot apply (a card its player does not hold, a
//! ruling on a call that is not irregular) stays in the board's history with the reason.
//! Cards recorded before the auction has ended, or before the deal is known, wait and are
//! played when the play can begin.
use crate::bridge::auction::{Auction, Outcome, Status};
use crate::bridge::board::{dealer as law2_dealer, vulnerability as law2_vulnerability, Deal};
use crate::bridge::call::Call;
use crate::bridge::card::Card;
use crate::bridge::contract::{Contract, ContractOrPass};
use crate::bridge::events::{AuctionEvent, PlayEvent};
use crate::bridge::irregularity::{self, Branch, Decider, DecisionTree};
use crate::bridge::play::{Play, PlayResult};
use crate::bridge::score::{board_score, BoardScore};
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::{BoardFacts, BoardRuling, Payload, Slot, TableResult};
use crate::keys::{KeyInfo, Role};
use crate::log::{CheckedEvent, Hash32, Projection};
use serde::Serialize;
use std::collections::BTreeMap;

/// One engine event of a board, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardEvent {
    Auction(AuctionEvent),
    Play(PlayEvent),
}

/// What the engine made of one recorded event, at the moment it was recorded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recorded {
    pub event: Hash32,
    pub kind: &'static str,
    pub signer: String,
    pub role: Role,
    /// Signed UTC time, RFC 3339.
    pub time: String,
    pub what: BoardEvent,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The irregularity this event is, if any: law and what it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detected: Option<Detected>,
    /// Earlier irregularities this event settled by a player's act (e.g. LHO calling over an
    /// insufficient bid accepts it, Law 27A1): (call number, branch).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub settled: Vec<(usize, String)>,
    /// Why the engine could not apply it (the event stands in the log all the same).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_applied: Option<String>,
}

/// An irregularity as detected when recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Detected {
    pub law: String,
    pub seat: Seat,
    pub description: String,
}

/// One board at one table and everything recorded on it.
#[derive(Debug, Clone, Serialize)]
pub struct BoardAtTable {
    pub slot: Slot,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    /// False while no `structure.board` gave the deal: the play cannot be followed.
    pub deal_known: bool,
    pub auction: Auction,
    pub play: Option<Play>,
    pub history: Vec<Recorded>,
    #[serde(skip)]
    deal: Option<Deal>,
    /// The contract and declarer the play was started from (Law 54A may later make
    /// declarer's partner the declarer of the play).
    #[serde(skip)]
    play_from: Option<(Contract, Seat)>,
}

/// An irregularity with its decision tree: the law, which branch applies (once known),
/// the options and who chooses among them.
#[derive(Debug, Clone, Serialize)]
pub struct Irregularity {
    pub phase: &'static str,
    /// Call number in the auction (0-based, as rulings name it) or trick number in the play.
    pub at: usize,
    pub law: String,
    pub title: String,
    pub offender: Seat,
    /// The call or card(s) concerned.
    pub action: String,
    pub description: String,
    /// The branch applied (by a ruling, a player's act, or the engine), if settled.
    pub branch: Option<String>,
    pub pending: bool,
    /// Who chooses among the options (from the tree).
    pub chosen_by: Vec<Decider>,
    pub options: Vec<Branch>,
}

/// The result the table obtained, derived from the recorded auction and play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DerivedResult {
    pub result: TableResult,
    pub score: BoardScore,
    /// Tricks for declarer's side at the table, before Law 64 transfers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_tricks: Option<u8>,
    /// Law 64 transfers applied: (revoke number, tricks, law).
    pub transfers: Vec<(usize, u8, String)>,
    pub claimed: bool,
}

impl BoardAtTable {
    fn new(slot: Slot, facts: Option<&BoardFacts>) -> BoardAtTable {
        let dealer = facts
            .and_then(|f| f.dealer)
            .unwrap_or_else(|| law2_dealer(slot.board));
        let vulnerable = facts
            .and_then(|f| f.vulnerable.as_deref())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| law2_vulnerability(slot.board));
        let deal = facts
            .and_then(|f| f.deal.as_deref())
            .and_then(|d| Deal::parse_checked(d).ok());
        BoardAtTable {
            slot,
            dealer,
            vulnerable,
            deal_known: deal.is_some(),
            auction: Auction::new(dealer),
            play: None,
            history: Vec::new(),
            deal,
            play_from: None,
        }
    }

    /// The contract (with declarer) once the auction has ended, or `None`.
    pub fn contract(&self) -> Option<(Contract, Seat)> {
        match self.auction.outcome() {
            Outcome::Contract {
                contract, declarer, ..
            } => Some((contract, declarer)),
            _ => None,
        }
    }

    /// Applies the event at `index` of the history to the engines, filling in its report.
    fn step(&mut self, index: usize) {
        let what = self.history[index].what.clone();
        let (mut detected, mut settled, mut not_applied) = (None, Vec::new(), None);
        match &what {
            BoardEvent::Auction(AuctionEvent::Call { seat, call }) => {
                let rep = self.auction.record(*seat, *call);
                detected = rep.irregularity.map(|i| Detected {
                    law: i.law.clone(),
                    seat: *seat,
                    description: describe_kind(&i.kind),
                });
                settled = rep.settled;
            }
            BoardEvent::Auction(AuctionEvent::CardsExposed {
                seat,
                cards,
                prematurely_led,
            }) => {
                let branch = self.auction.expose(*seat, cards.clone(), *prematurely_led);
                detected = Some(Detected {
                    law: "24".into(),
                    seat: *seat,
                    description: format!(
                        "{} exposed during the auction ({branch})",
                        cards_text(cards)
                    ),
                });
            }
            BoardEvent::Auction(e @ AuctionEvent::Ruling { .. }) => {
                if let Err(err) = self.auction.apply(e) {
                    not_applied = Some(err.to_string());
                }
            }
            BoardEvent::Play(p) => {
                let r = self.play_step(p);
                detected = r.0;
                not_applied = r.1;
            }
        }
        let h = &mut self.history[index];
        h.detected = detected;
        h.settled = settled;
        h.not_applied = not_applied;
        if matches!(what, BoardEvent::Auction(_)) {
            self.follow_auction(index + 1);
        }
    }

    /// One play event: the irregularity it is, or why it could not be applied (yet).
    fn play_step(&mut self, p: &PlayEvent) -> (Option<Detected>, Option<String>) {
        let Some(play) = self.play.as_mut() else {
            let why = if !self.deal_known {
                format!(
                    "waiting: no deal recorded for board {} (structure.board)",
                    self.slot.board
                )
            } else {
                "waiting: the auction has not ended (a card shown during the auction is \
                 recorded as cards exposed, Law 24)"
                    .to_string()
            };
            return (None, Some(why));
        };
        match p {
            PlayEvent::Card { seat, card } => match play.play(*seat, *card) {
                Ok(rep) => (
                    rep.irregularity.map(|i| Detected {
                        law: i.law,
                        seat: *seat,
                        description: format!("trick {}: {}", i.trick, i.description),
                    }),
                    None,
                ),
                Err(e) => (None, Some(e.to_string())),
            },
            other => match play.apply(other) {
                Ok(()) => (None, None),
                Err(e) => (None, Some(e.to_string())),
            },
        }
    }

    /// After an auction event: start the play when the auction has ended with a contract
    /// (and the deal is known), or restart it if a ruling changed the contract. Waiting play
    /// events up to `upto` are applied in order.
    fn follow_auction(&mut self, upto: usize) {
        let contract = self.contract();
        if contract == self.play_from {
            return;
        }
        self.play = None;
        self.play_from = contract;
        let (Some((c, declarer)), Some(deal)) = (contract, self.deal.as_ref()) else {
            return;
        };
        let mut play = Play::new(deal, c, declarer);
        for (seat, card, major) in self.auction.penalty_cards_from_exposures(declarer) {
            let _ = play.add_penalty_card(seat, card, major);
        }
        self.play = Some(play);
        for j in 0..upto.min(self.history.len()) {
            if let BoardEvent::Play(p) = self.history[j].what.clone() {
                let (d, n) = self.play_step(&p);
                self.history[j].detected = d;
                self.history[j].not_applied = n;
            }
        }
    }

    /// Folds the whole history again (after the board's facts changed).
    fn rebuild(&mut self, facts: Option<&BoardFacts>) {
        let history = std::mem::take(&mut self.history);
        let mut fresh = BoardAtTable::new(self.slot.clone(), facts);
        fresh.history = history;
        for i in 0..fresh.history.len() {
            fresh.step(i);
        }
        *self = fresh;
    }

    /// Is the board finished: passed out, all 13 tricks played, or a claim agreed or ruled?
    pub fn is_complete(&self) -> bool {
        self.ended().is_some()
    }

    /// The table result the bridge engine derives from the recorded auction and play, once
    /// the board is complete: contract, declarer, tricks after Law 64, and the Law 77 score.
    pub fn derived_result(&self) -> Option<DerivedResult> {
        if !self.is_complete() {
            return None;
        }
        let Some((contract, auction_declarer)) = self.contract() else {
            return Some(DerivedResult {
                result: TableResult {
                    contract: "Pass".into(),
                    declarer: None,
                    tricks: None,
                },
                score: BoardScore { ns: 0, ew: 0 },
                table_tricks: None,
                transfers: Vec::new(),
                claimed: false,
            });
        };
        let play = self.play.as_ref()?;
        // After Law 54A the declarer's partner played the contract: same side, same score.
        let declarer = if play.declarer.side() == auction_declarer.side() {
            play.declarer
        } else {
            auction_declarer
        };
        let r: PlayResult = play.result();
        let score = board_score(
            ContractOrPass::Contract(contract),
            declarer,
            self.vulnerable,
            r.declarer_tricks,
        )
        .ok()?;
        Some(DerivedResult {
            result: TableResult {
                contract: contract.to_string(),
                declarer: Some(declarer),
                tricks: Some(r.declarer_tricks),
            },
            score,
            table_tricks: Some(r.table_tricks),
            transfers: r
                .transfers
                .iter()
                .map(|(i, t)| (*i, t.tricks, t.law.clone()))
                .collect(),
            claimed: play.completed_tricks() < 13,
        })
    }

    /// Every irregularity recorded on the board, with its decision tree.
    pub fn irregularities(&self) -> Vec<Irregularity> {
        let mut out = Vec::new();
        for (i, e) in self.auction.entries.iter().enumerate() {
            let Some(irr) = &e.irregularity else { continue };
            let tree = irregularity::auction_tree(&irr.law);
            let branch = self
                .auction
                .rulings
                .iter()
                .rev()
                .find(|(k, _)| *k == i)
                .map(|(_, b)| b.clone());
            out.push(with_tree(
                Irregularity {
                    phase: "auction",
                    at: i,
                    law: irr.law.clone(),
                    title: String::new(),
                    offender: irr.offender,
                    action: e.call.to_string(),
                    description: describe_kind(&irr.kind),
                    pending: e.status == Status::Pending,
                    branch,
                    chosen_by: Vec::new(),
                    options: Vec::new(),
                },
                tree,
            ));
        }
        for (i, x) in self.auction.exposures.iter().enumerate() {
            out.push(with_tree(
                Irregularity {
                    phase: "auction",
                    at: i,
                    law: "24".into(),
                    title: String::new(),
                    offender: x.seat,
                    action: cards_text(&x.cards),
                    description: "cards exposed during the auction".into(),
                    branch: Some(x.branch.clone()),
                    pending: false,
                    chosen_by: Vec::new(),
                    options: Vec::new(),
                },
                irregularity::auction_tree("24"),
            ));
        }
        if let Some(play) = &self.play {
            let due = play.option_due();
            for x in &play.irregularities {
                let tree = play_tree(&x.law);
                let awaiting = match (due, x.law.as_str()) {
                    (Some(due @ ("54" | "55" | "56")), law) if due == law => {
                        play.pending_lead == Some((x.seat, x.card))
                    }
                    (Some("57A"), "57") => play.pending_premature == Some((x.seat, x.card)),
                    _ => false,
                };
                out.push(with_tree(
                    Irregularity {
                        phase: "play",
                        at: x.trick,
                        law: x.law.clone(),
                        title: String::new(),
                        offender: x.seat,
                        action: x.card.to_string(),
                        description: x.description.clone(),
                        pending: x.branch.is_none() && awaiting,
                        branch: x.branch.clone(),
                        chosen_by: Vec::new(),
                        options: Vec::new(),
                    },
                    tree,
                ));
            }
        }
        out
    }
}

fn with_tree(mut irr: Irregularity, tree: Option<DecisionTree>) -> Irregularity {
    if let Some(t) = tree {
        irr.title = t.title.to_string();
        for b in &t.branches {
            if !irr.chosen_by.contains(&b.decided_by) {
                irr.chosen_by.push(b.decided_by);
            }
        }
        irr.options = t.branches;
    }
    irr
}

/// The play decision tree for a law number the play engine flags.
pub fn play_tree(law: &str) -> Option<DecisionTree> {
    Some(match law {
        "24" => irregularity::law24(),
        "50" | "51" => irregularity::law50(),
        "52" => irregularity::law52(),
        "53" | "54" | "55" | "56" => irregularity::law53_56(),
        "57" => irregularity::law57(),
        "58" => irregularity::law58(),
        l if l.starts_with("61")
            || l.starts_with("62")
            || l.starts_with("63")
            || l.starts_with("64") =>
        {
            irregularity::law61_64()
        }
        l if l.starts_with("67") => irregularity::law67(),
        l if l.starts_with("68")
            || l.starts_with("69")
            || l.starts_with("70")
            || l.starts_with("71") =>
        {
            irregularity::law68_71()
        }
        _ => return None,
    })
}

fn describe_kind(k: &crate::bridge::auction::Kind) -> String {
    use crate::bridge::auction::{Kind, TurnOf};
    match k {
        Kind::CallAfterFinalPass => "call after the final pass".into(),
        Kind::BidAboveSeven => "bid of more than seven".into(),
        Kind::InadmissibleDouble => "inadmissible double or redouble".into(),
        Kind::CallWhileBarred => "call by a player obliged to pass".into(),
        Kind::InsufficientBid => "insufficient bid".into(),
        Kind::OutOfRotation { correct, turn_of } => {
            let whose = match turn_of {
                TurnOf::Rho => "RHO's",
                TurnOf::Partner => "partner's",
                TurnOf::LhoBeforeOffenderCalled => "LHO's (offender had not called)",
                TurnOf::LhoAfterOffenderCalled => "LHO's (a change of call)",
            };
            format!("call out of rotation: it was {correct}'s turn, {whose}")
        }
    }
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every board at every table, folded from the log.
#[derive(Debug, Clone, Default, Serialize)]
pub struct BridgeTables {
    pub rule_profile: String,
    #[serde(serialize_with = "boards_in_order")]
    pub tables: BTreeMap<Slot, BoardAtTable>,
    #[serde(skip)]
    facts: BTreeMap<(String, u32), BoardFacts>,
}

/// The boards as a list in slot order (JSON object keys must be strings).
fn boards_in_order<S: serde::Serializer>(
    t: &BTreeMap<Slot, BoardAtTable>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(t.values())
}

impl BridgeTables {
    pub fn board(&self, slot: &Slot) -> Option<&BoardAtTable> {
        self.tables.get(slot)
    }

    /// The board's facts as recorded (`structure.board`), if any.
    pub fn facts(&self, section: &str, board: u32) -> Option<&BoardFacts> {
        self.facts.get(&(section.to_string(), board))
    }

    /// Every complete board's derived table result, in slot order: what the results
    /// projection scores as the table result "derived from the recorded auction and play".
    pub fn derived_results(&self) -> Vec<(&Slot, DerivedResult)> {
        self.tables
            .iter()
            .filter_map(|(s, b)| b.derived_result().map(|r| (s, r)))
            .collect()
    }

    /// Folds one event; returns the slots whose boards it touched.
    pub fn fold(&mut self, e: &CheckedEvent, signer: &KeyInfo) -> Vec<Slot> {
        let (slot, what, reason) = match &e.payload {
            Payload::Genesis(g) => {
                self.rule_profile = g.rule_profile.clone();
                return Vec::new();
            }
            Payload::BoardFacts(f) => {
                self.facts.insert((f.section.clone(), f.board), f.clone());
                let touched: Vec<Slot> = self
                    .tables
                    .keys()
                    .filter(|s| s.section == f.section && s.board == f.board)
                    .cloned()
                    .collect();
                for s in &touched {
                    if let Some(b) = self.tables.get_mut(s) {
                        b.rebuild(Some(f));
                    }
                }
                return touched;
            }
            Payload::BridgeAuction(a) => (&a.slot, BoardEvent::Auction(a.event.clone()), None),
            Payload::BridgePlay(p) => (&p.slot, BoardEvent::Play(p.event.clone()), None),
            Payload::BridgeRuling(r) => (
                &r.slot,
                match &r.ruling {
                    BoardRuling::Auction(a) => BoardEvent::Auction(a.clone()),
                    BoardRuling::Play(p) => BoardEvent::Play(p.clone()),
                },
                r.reason.clone(),
            ),
            _ => return Vec::new(),
        };
        let facts = self.facts.get(&(slot.section.clone(), slot.board));
        let board = self
            .tables
            .entry(slot.clone())
            .or_insert_with(|| BoardAtTable::new(slot.clone(), facts));
        board.history.push(Recorded {
            event: e.id,
            kind: e.payload.kind(),
            signer: signer.holder.clone(),
            role: signer.role,
            time: chrono::DateTime::from_timestamp_millis(e.env.wall_ms)
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
                .unwrap_or_default(),
            what,
            reason,
            detected: None,
            settled: Vec::new(),
            not_applied: None,
        });
        let i = board.history.len() - 1;
        board.step(i);
        vec![slot.clone()]
    }
}

impl Projection for BridgeTables {
    fn apply(&mut self, e: &CheckedEvent, signer: &KeyInfo) {
        self.fold(e, signer);
    }
}

/// The call number (0-based, as rulings name it) of the last call recorded by `seat`.
pub fn last_call_by(auction: &Auction, seat: Seat, call: Option<Call>) -> Option<usize> {
    auction
        .entries
        .iter()
        .enumerate()
        .rev()
        .find(|(_, e)| e.seat == seat && e.forced_by.is_none() && call.is_none_or(|c| e.call == c))
        .map(|(i, _)| i)
}

/// A board at a table as `tdlog bridge state` shows it: the auction, the contract, the play,
/// the tricks, every irregularity with its law and options, and the derived result.
#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    pub slot: Slot,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub deal_known: bool,
    /// Every call as recorded: seat, call, status (standing, pending, cancelled by which law).
    pub calls: Vec<crate::bridge::auction::Entry>,
    pub auction: Outcome,
    /// Whose call or card it is now, if anyone's.
    pub turn: Option<Seat>,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    pub bars: Vec<crate::bridge::auction::Bar>,
    pub flags: Vec<crate::bridge::auction::Flag>,
    pub tricks: Vec<crate::bridge::play::Trick>,
    /// Tricks won so far by declarer's side and by the defenders.
    pub declarer_tricks: u8,
    pub defender_tricks: u8,
    pub penalty_cards: Vec<crate::bridge::play::PenaltyCard>,
    pub revokes: Vec<crate::bridge::play::Revoke>,
    pub claim: Option<crate::bridge::play::Claim>,
    /// A choice the play waits for, with its law (53-56, 57A, 50D2).
    pub option_due: Option<&'static str>,
    pub irregularities: Vec<Irregularity>,
    pub complete: bool,
    pub result: Option<DerivedResult>,
    pub history: Vec<Recorded>,
}

impl BoardAtTable {
    pub fn view(&self) -> BoardView {
        let contract = self.contract();
        let (mut dt, mut ot) = (0u8, 0u8);
        if let Some(p) = &self.play {
            for t in &p.tricks {
                match t.winner {
                    Some(w) if w.side() == p.declarer.side() => dt += 1,
                    Some(_) => ot += 1,
                    None => {}
                }
            }
        }
        let turn = match (self.auction.turn(), &self.play) {
            (Some(t), _) => Some(t),
            (None, Some(p)) => p.turn(),
            (None, None) => None,
        };
        BoardView {
            slot: self.slot.clone(),
            dealer: self.dealer,
            vulnerable: self.vulnerable,
            deal_known: self.deal_known,
            calls: self.auction.entries.clone(),
            auction: self.auction.outcome(),
            turn,
            contract: contract.map(|(c, _)| c.to_string()),
            declarer: contract.map(|(_, d)| d),
            bars: self.auction.bars.clone(),
            flags: self.auction.flags.clone(),
            tricks: self
                .play
                .as_ref()
                .map(|p| p.tricks.clone())
                .unwrap_or_default(),
            declarer_tricks: dt,
            defender_tricks: ot,
            penalty_cards: self
                .play
                .as_ref()
                .map(|p| p.penalty_cards.clone())
                .unwrap_or_default(),
            revokes: self
                .play
                .as_ref()
                .map(|p| p.revokes.clone())
                .unwrap_or_default(),
            claim: self.play.as_ref().and_then(|p| p.claim),
            option_due: self.play.as_ref().and_then(|p| p.option_due()),
            irregularities: self.irregularities(),
            complete: self.is_complete(),
            result: self.derived_result(),
            history: self.history.clone(),
        }
    }
}
