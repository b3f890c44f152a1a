//! The Board screen: hand diagram, dealer and vulnerability (Law 2), the auction box, the
//! play trick by trick, the contract and derived result, and the traveller (every result of
//! the board with its score, from the results projection).
use super::text;
use super::{Replayed, ViewError};
use crate::bridge::auction::Status;
use crate::bridge::board::{dealer as law2_dealer, Deal};
use crate::bridge::card::{Card, Suit};
use crate::bridge::seat::Seat;
use crate::bridge::tables::{BoardAtTable, DerivedResult};
use crate::bridge::vulnerability::Vulnerability;
use crate::events::Slot;
use crate::i18n::{Lang, Msg};
use crate::results::{Outcome, ResultRow};
use serde::Serialize;

/// Everything the Board screen shows for one board at one table.
#[derive(Debug, Clone, Serialize)]
pub struct BoardScreen {
    pub slot: Slot,
    /// The contestants at this table in this round, from the movement (a board recorded
    /// live has no traveller row yet, and a ruling drafted from it names them all the same).
    pub ns: Option<String>,
    pub ew: Option<String>,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    /// False when no `structure.board` recorded the cards: no hand diagram.
    pub deal_known: bool,
    /// False for a board nothing is recorded for yet at this table (no call, card or
    /// result): the TD opens it to record its first call.
    pub recorded: bool,
    /// Whose call or card it is now (the dealer first on an empty board, Law 17A), if
    /// anyone's: the Board screen preselects this seat.
    pub turn: Option<Seat>,
    /// N, E, S, W; each hand by suit (spades first), cards high to low.
    pub hands: Vec<Hand>,
    pub auction: AuctionBox,
    pub tricks: Vec<TrickRow>,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    pub declarer_tricks: u8,
    pub defender_tricks: u8,
    pub complete: bool,
    /// How play ended (13 tricks, a claim agreed or settled, a pass-out) and the law that
    /// ended it: the screen shows the result and takes no more cards (Law 68D).
    pub ended: Option<crate::bridge::play_end::Ended>,
    /// Contract, declarer, tricks and Law 77 score once the board is complete.
    pub result: Option<DerivedResult>,
    /// The irregularities on this board (law and title); details on the incident screen.
    pub irregularities: Vec<IrregularityFlag>,
    /// The claim or concession (Laws 68-71), with its status (pending, agreed, ruled).
    pub claim: Option<crate::bridge::play::Claim>,
    /// Penalty cards on the table (Law 50).
    pub penalty_cards: Vec<crate::bridge::play::PenaltyCard>,
    /// Revokes (Laws 61-64), numbered from 0 as a correction names them.
    pub revokes: Vec<crate::bridge::play::Revoke>,
    pub traveller: Vec<TravellerRow>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Hand {
    pub seat: Seat,
    pub suits: Vec<Holding>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Holding {
    pub suit: Suit,
    pub cards: Vec<CardCell>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CardCell {
    pub card: Card,
    pub rank: char,
    /// The trick (1-based) the card was played to, if it has been played.
    pub played_in: Option<usize>,
}

/// The auction box: columns start with the dealer; a new row starts whenever a call's seat
/// is not to the right of the previous one (so calls out of rotation stay visible).
#[derive(Debug, Clone, Serialize)]
pub struct AuctionBox {
    pub columns: [Seat; 4],
    pub rows: Vec<[Option<CallCell>; 4]>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CallCell {
    /// Call number (0-based, as rulings name it).
    pub index: usize,
    pub seat: Seat,
    pub call: String,
    pub status: Status,
    /// The law of the irregularity this call is, if any.
    pub law: Option<String>,
    pub pending: bool,
    /// Inserted by the engine (Laws 28A, 37B, 38B).
    pub forced_by: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TrickRow {
    /// 1-based.
    pub number: usize,
    pub leader: Seat,
    pub cards: Vec<PlayedCard>,
    pub winner: Option<Seat>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayedCard {
    pub seat: Seat,
    pub card: Card,
}

#[derive(Debug, Clone, Serialize)]
pub struct IrregularityFlag {
    pub phase: &'static str,
    pub at: usize,
    pub law: String,
    pub title: Msg,
    pub offender: Seat,
    pub branch: Option<String>,
    pub pending: bool,
}

/// One line of the traveller (and of the Scores screen): the scored row of `tdlog results`
/// with the contract parts, and what a person reads in the language asked for.
#[derive(Debug, Clone, Serialize)]
pub struct TravellerRow {
    /// The row as `tdlog results --json` has it (English, the engine's codes).
    #[serde(flatten)]
    pub row: ResultRow,
    pub ns_name: Option<String>,
    pub ew_name: Option<String>,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    pub tricks: Option<u8>,
    /// Law cited when the TD adjusted the score.
    pub law: Option<String>,
    /// The result in the reader's language, contracts with suit symbols (`4♠X, Alleinspieler
    /// Süd, 10 Stiche, NS +590`; an adjusted or weighted score as a sentence).
    pub result_text: String,
    /// Why the score is missing or special, in the reader's language (the row's `note` is
    /// its English): the reasons one by one (key, values, text), and as one line.
    pub reasons: Vec<Msg>,
    pub note_text: Option<String>,
}

/// The Board screen for `slot`. The hand diagram comes from the recorded deal, the auction
/// and play from `bridge::tables`, the traveller from the results projection.
pub fn board(r: &Replayed, slot: &Slot, lang: Lang) -> Result<BoardScreen, ViewError> {
    let at_table = r.tables.board(slot);
    let facts = r
        .tables
        .facts(&slot.section, slot.board)
        .or_else(|| r.tournament.boards.get(&(slot.section.clone(), slot.board)));
    let traveller = traveller(r, &slot.section, slot.board, lang);
    // An empty board opens (the TD records its first call at the table); only a slot that
    // cannot exist is refused: boards, rounds and tables count from 1.
    if slot.board == 0 || slot.round == 0 || slot.table == 0 || slot.section.is_empty() {
        return Err(ViewError::NoSuchBoard(slot.clone()));
    }
    let deal = facts
        .and_then(|f| f.deal.as_deref())
        .and_then(|d| Deal::parse_checked(d).ok());
    let view = at_table.map(BoardAtTable::view);
    let tricks: Vec<TrickRow> = view
        .as_ref()
        .map(|v| {
            v.tricks
                .iter()
                .enumerate()
                .map(|(i, t)| TrickRow {
                    number: i + 1,
                    leader: t.leader,
                    cards: t
                        .cards
                        .iter()
                        .map(|(seat, card)| PlayedCard {
                            seat: *seat,
                            card: *card,
                        })
                        .collect(),
                    winner: t.winner,
                })
                .collect()
        })
        .unwrap_or_default();
    let dealer = view.as_ref().map(|v| v.dealer).unwrap_or_else(|| {
        facts
            .and_then(|f| f.dealer)
            .unwrap_or_else(|| law2_dealer(slot.board))
    });
    let vulnerable = view
        .as_ref()
        .map(|v| v.vulnerable)
        .unwrap_or_else(|| r.tournament.vulnerability(&slot.section, slot.board));
    let seated = super::incident::pairs_at(r, slot).ok();
    Ok(BoardScreen {
        slot: slot.clone(),
        ns: seated.as_ref().map(|s| s.0.clone()),
        ew: seated.map(|s| s.1),
        dealer,
        vulnerable,
        deal_known: deal.is_some(),
        recorded: at_table.is_some()
            || traveller
                .iter()
                .any(|t| t.row.round == slot.round && t.row.table == slot.table),
        turn: match &view {
            Some(v) => v.turn,
            None => Some(dealer),
        },
        hands: deal.as_ref().map(|d| hands(d, &tricks)).unwrap_or_default(),
        auction: auction_box(dealer, at_table),
        contract: view.as_ref().and_then(|v| v.contract.clone()),
        declarer: view.as_ref().and_then(|v| v.declarer),
        declarer_tricks: view.as_ref().map_or(0, |v| v.declarer_tricks),
        defender_tricks: view.as_ref().map_or(0, |v| v.defender_tricks),
        complete: view.as_ref().is_some_and(|v| v.complete),
        ended: at_table.and_then(|b| b.ended()),
        result: view.as_ref().and_then(|v| v.result.clone()),
        irregularities: view
            .as_ref()
            .map(|v| {
                v.irregularities
                    .iter()
                    .map(|x| IrregularityFlag {
                        phase: x.phase,
                        at: x.at,
                        law: x.law.clone(),
                        title: text::irregularity_title(lang, x.phase, &x.law, &x.title),
                        offender: x.offender,
                        branch: x.branch.clone(),
                        pending: x.pending,
                    })
                    .collect()
            })
            .unwrap_or_default(),
        claim: view.as_ref().and_then(|v| v.claim),
        penalty_cards: view
            .as_ref()
            .map(|v| v.penalty_cards.clone())
            .unwrap_or_default(),
        revokes: view.as_ref().map(|v| v.revokes.clone()).unwrap_or_default(),
        tricks,
        traveller,
    })
}

fn hands(deal: &Deal, tricks: &[TrickRow]) -> Vec<Hand> {
    let played = |c: Card| {
        tricks
            .iter()
            .find(|t| t.cards.iter().any(|p| p.card == c))
            .map(|t| t.number)
    };
    Seat::ALL
        .into_iter()
        .map(|seat| Hand {
            seat,
            suits: Suit::ALL
                .into_iter()
                .rev()
                .map(|suit| {
                    let mut cards: Vec<Card> = deal
                        .hand(seat)
                        .iter()
                        .copied()
                        .filter(|c| c.suit == suit)
                        .collect();
                    cards.sort_by_key(|c| std::cmp::Reverse(c.rank));
                    Holding {
                        suit,
                        cards: cards
                            .into_iter()
                            .map(|card| CardCell {
                                card,
                                rank: card.rank.letter(),
                                played_in: played(card),
                            })
                            .collect(),
                    }
                })
                .collect(),
        })
        .collect()
}

fn auction_box(dealer: Seat, b: Option<&BoardAtTable>) -> AuctionBox {
    let columns = [dealer, dealer.lho(), dealer.partner(), dealer.rho()];
    let mut rows: Vec<[Option<CallCell>; 4]> = Vec::new();
    let mut last: Option<usize> = None;
    for (index, e) in b
        .map(|b| b.auction.entries.as_slice())
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let col = columns.iter().position(|s| *s == e.seat).unwrap_or(0);
        if last.is_none_or(|l| col <= l) {
            rows.push(Default::default());
        }
        last = Some(col);
        if let Some(row) = rows.last_mut() {
            row[col] = Some(CallCell {
                index,
                seat: e.seat,
                call: e.call.to_string(),
                status: e.status.clone(),
                law: e.irregularity.as_ref().map(|i| i.law.clone()),
                pending: e.status == Status::Pending,
                forced_by: e.forced_by.clone(),
            });
        }
    }
    AuctionBox { columns, rows }
}

/// Every result of the board, as the results projection scores it (same rows, same order as
/// `tdlog results`), with the contract parts and the contestants' names; each result and
/// each reason in the reader's language.
pub fn traveller(r: &Replayed, section: &str, board: u32, lang: Lang) -> Vec<TravellerRow> {
    r.results
        .iter()
        .filter(|row| row.section == section && row.board == board)
        .map(|row| scored_row(r, row, lang))
        .collect()
}

/// Every scored row of the log (what `tdlog results` lists, in its order), each with its
/// result and reasons in the reader's language: the Scores screen.
pub fn scores(r: &Replayed, lang: Lang) -> Vec<TravellerRow> {
    r.results
        .iter()
        .map(|row| scored_row(r, row, lang))
        .collect()
}

fn scored_row(r: &Replayed, row: &ResultRow, lang: Lang) -> TravellerRow {
    let t = &r.tournament;
    let name = |id: &str| {
        t.contestants
            .get(&(row.section.clone(), id.to_string()))
            .map(|c| c.name.clone())
    };
    let slot = Slot {
        section: row.section.clone(),
        round: row.round,
        table: row.table,
        board: row.board,
    };
    let outcome = t.slots.get(&slot).map(|s| s.outcome());
    let (contract, declarer, tricks, law) = match outcome {
        Some(Outcome::Played {
            contract,
            declarer,
            tricks,
            ..
        }) => (Some(contract.clone()), *declarer, *tricks, None),
        Some(Outcome::Adjusted { law, .. }) => (None, None, None, Some(law.clone())),
        _ => (None, None, None, None),
    };
    TravellerRow {
        ns_name: name(&row.ns),
        ew_name: name(&row.ew),
        result_text: outcome.map_or_else(|| row.result.clone(), |o| o.describe_in(lang)),
        reasons: row.reasons.iter().map(|x| x.msg(lang)).collect(),
        note_text: crate::results::note::say(&row.reasons, lang),
        row: row.clone(),
        contract,
        declarer,
        tricks,
        law,
    }
}
