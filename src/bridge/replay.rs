//! Replay recorded games (PBN or LIN) through the engine: rebuild contract, declarer and
//! tricks from the calls and cards, score them, list every irregularity the engine detects,
//! and compare with what the file recorded. Pure: it takes parsed records.
use crate::bridge::auction::{Auction, Outcome};
use crate::bridge::board::Deal;
use crate::bridge::call::Call;
use crate::bridge::card::Card;
use crate::bridge::contract::{Contract, ContractOrPass};
use crate::bridge::lin::LinBoard;
use crate::bridge::pbn::PbnRecord;
use crate::bridge::play::{ClaimStatus, Play};
use crate::bridge::score::{board_score, BoardScore};
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use serde::Serialize;

/// What kind of record this was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ReplayStatus {
    /// Auction and play (to the end or to a claim).
    Played,
    /// Four passes (Law 22B): 0 for both sides.
    PassedOut,
    /// An auction without play.
    AuctionOnly,
    /// No auction at all: the board was not played at this table. PBN exporters write
    /// `Contract "Pass"` with an empty `Result` here; it is not a pass-out and has no score.
    Unplayed,
    /// The record could not be replayed; see `error`.
    Error,
}

/// One irregularity the engine detected while replaying.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Detected {
    pub phase: &'static str,
    pub law: String,
    pub seat: Seat,
    /// The call or card concerned.
    pub action: String,
    pub detail: String,
}

/// What the file itself recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Recorded {
    pub contract: Option<String>,
    pub declarer: Option<String>,
    pub result: Option<u8>,
    /// N-S score parsed from `Score "NS 120"` / `"EW 100"`.
    pub score_ns: Option<i32>,
}

/// Whether each derived value matches the recorded one (`None`: nothing to compare).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Agreement {
    pub contract: Option<bool>,
    pub declarer: Option<bool>,
    pub result: Option<bool>,
    pub score: Option<bool>,
}

impl Agreement {
    /// No comparison failed.
    pub fn all_agree(&self) -> bool {
        ![self.contract, self.declarer, self.result, self.score].contains(&Some(false))
    }
}

/// The replay of one record.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayRecord {
    /// 1-based position in the file.
    pub record: usize,
    pub board: Option<u32>,
    pub table: Option<String>,
    pub home_team: Option<String>,
    pub visit_team: Option<String>,
    pub status: ReplayStatus,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    /// Tricks for declarer's side (after a claim and Law 64 transfers).
    pub tricks: Option<u8>,
    /// Tricks for declarer's side at the table, before Law 64 transfers. The recorded
    /// `Result` is compared with this (a claim's total is what the table agreed).
    pub table_tricks: Option<u8>,
    /// Tricks completed before play stopped.
    pub tricks_played: usize,
    /// Play stopped at a claim; the recorded total was taken as the agreed claim.
    pub claimed: bool,
    pub score: Option<BoardScore>,
    pub recorded: Recorded,
    pub agrees: Agreement,
    pub irregularities: Vec<Detected>,
    pub notes: Vec<String>,
    pub error: Option<String>,
}

impl ReplayRecord {
    fn new(record: usize) -> ReplayRecord {
        ReplayRecord {
            record,
            board: None,
            table: None,
            home_team: None,
            visit_team: None,
            status: ReplayStatus::Error,
            contract: None,
            declarer: None,
            tricks: None,
            table_tricks: None,
            tricks_played: 0,
            claimed: false,
            score: None,
            recorded: Recorded::default(),
            agrees: Agreement::default(),
            irregularities: Vec::new(),
            notes: Vec::new(),
            error: None,
        }
    }
}

/// How the cards of a record are given.
enum Cards {
    /// PBN: one row per trick, one card (or none) per seat, columns from `first`.
    BySeat {
        first: Seat,
        rows: Vec<[Option<Card>; 4]>,
    },
    /// LIN: the cards in the order played.
    InOrder(Vec<Card>),
}

/// Parse an `NS 120` / `EW -100` / `NS 120 EW -120` score tag to the N-S score.
fn parse_score_tag(s: &str) -> Option<i32> {
    let t: Vec<&str> = s.split_whitespace().collect();
    match t.as_slice() {
        [side, v, ..] => {
            let v: i32 = v.parse().ok()?;
            match side.to_ascii_uppercase().as_str() {
                "NS" => Some(v),
                "EW" => Some(-v),
                _ => None,
            }
        }
        [v] => v.parse().ok(),
        _ => None,
    }
}

/// Calls of a PBN auction section: skips notes `=n=`, NAGs `$n`, `+`, `*`; expands `AP`.
fn auction_calls(tokens: &[String]) -> Result<(Vec<Call>, bool), String> {
    let mut calls = Vec::new();
    let mut all_pass = false;
    for t in tokens {
        let t = t.trim_end_matches(['!', '?']);
        if t.is_empty()
            || t.starts_with('=')
            || t.starts_with('$')
            || t == "+"
            || t == "*"
            || t == "-"
        {
            continue;
        }
        if t.eq_ignore_ascii_case("AP") {
            all_pass = true;
            break;
        }
        calls.push(t.parse::<Call>().map_err(|e| e.to_string())?);
    }
    Ok((calls, all_pass))
}

/// PBN play rows: four tokens per trick (`-` for none), `*` ends; notes and NAGs skipped.
fn play_rows(lines: &[String]) -> Result<Vec<[Option<Card>; 4]>, String> {
    let mut rows = Vec::new();
    for line in lines {
        let toks: Vec<&str> = line
            .split_whitespace()
            .filter(|t| !t.starts_with('=') && !t.starts_with('$'))
            .collect();
        if toks.first() == Some(&"*") || toks.is_empty() {
            continue;
        }
        let mut row = [None; 4];
        for (k, t) in toks.iter().take(4).enumerate() {
            if *t == "-" || *t == "*" || *t == "+" {
                continue;
            }
            row[k] = Some(
                t.trim_end_matches(['!', '?'])
                    .parse::<Card>()
                    .map_err(|e| e.to_string())?,
            );
        }
        rows.push(row);
    }
    Ok(rows)
}

/// Replay every PBN record.
pub fn replay_pbn(records: &[PbnRecord]) -> Vec<ReplayRecord> {
    records
        .iter()
        .enumerate()
        .map(|(i, r)| replay_pbn_record(i + 1, r))
        .collect()
}

fn replay_pbn_record(n: usize, r: &PbnRecord) -> ReplayRecord {
    let mut out = ReplayRecord::new(n);
    out.board = r.tag("Board").and_then(|b| b.trim().parse().ok());
    out.table = r.tag("Table").map(str::to_string);
    out.home_team = r.tag("HomeTeam").map(str::to_string);
    out.visit_team = r.tag("VisitTeam").map(str::to_string);
    out.recorded = Recorded {
        contract: r.tag("Contract").map(str::to_string),
        declarer: r.tag("Declarer").map(str::to_string),
        result: r.tag("Result").and_then(|v| v.trim().parse().ok()),
        score_ns: r.tag("Score").and_then(parse_score_tag),
    };
    let res = (|| -> Result<(), String> {
        let Some(auction_seat) = r.tag("Auction") else {
            out.status = ReplayStatus::Unplayed;
            out.notes.push(
                "no auction: the board was not played at this table (a recorded Contract \"Pass\" \
                 with an empty Result is not a pass-out); no score"
                    .to_string(),
            );
            return Ok(());
        };
        let dealer: Seat = auction_seat.parse().map_err(|e| format!("Auction: {e}"))?;
        if let Some(d) = r.tag("Dealer") {
            if d.parse::<Seat>().ok() != Some(dealer) {
                out.notes.push(format!(
                    "Dealer tag {d} differs from the auction's first seat {dealer}"
                ));
            }
        }
        let vul: Vulnerability = r
            .tag("Vulnerable")
            .unwrap_or("None")
            .parse()
            .map_err(|e| format!("Vulnerable: {e}"))?;
        let deal =
            Deal::parse_checked(r.tag("Deal").ok_or("no Deal tag")?).map_err(|e| e.to_string())?;
        let (calls, all_pass) = auction_calls(&r.section_tokens("Auction"))?;
        let cards = match r.tag("Play") {
            Some(first) if !r.section_lines("Play").is_empty() => Some(Cards::BySeat {
                first: first.parse().map_err(|e| format!("Play: {e}"))?,
                rows: play_rows(r.section_lines("Play"))?,
            }),
            _ => None,
        };
        let result = out.recorded.result;
        replay_game(
            &mut out, dealer, vul, &deal, &calls, all_pass, cards, result,
        );
        Ok(())
    })();
    if let Err(e) = res {
        out.status = ReplayStatus::Error;
        out.error = Some(e);
    }
    compare(&mut out);
    out
}

/// Replay LIN boards (no recorded score; `mc` gives a claimed total).
pub fn replay_lin(boards: &[LinBoard]) -> Vec<ReplayRecord> {
    boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut out = ReplayRecord::new(i + 1);
            out.board = b.board;
            let cards = (!b.cards.is_empty()).then(|| Cards::InOrder(b.cards.clone()));
            replay_game(
                &mut out,
                b.dealer,
                b.vulnerable,
                &b.deal,
                &b.calls,
                false,
                cards,
                b.claim,
            );
            out
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn replay_game(
    out: &mut ReplayRecord,
    dealer: Seat,
    vul: Vulnerability,
    deal: &Deal,
    calls: &[Call],
    all_pass: bool,
    cards: Option<Cards>,
    claimed_total: Option<u8>,
) {
    let mut auction = Auction::new(dealer);
    let mut seat = dealer;
    for &c in calls {
        let rep = auction.record(seat, c);
        if let Some(irr) = rep.irregularity {
            out.irregularities.push(Detected {
                phase: "auction",
                law: irr.law.clone(),
                seat,
                action: c.to_string(),
                detail: format!("{:?}", irr.kind),
            });
        }
        seat = seat.lho();
    }
    if all_pass {
        while let Some(t) = auction.turn() {
            auction.record(t, Call::Pass);
        }
    }
    let (contract, declarer): (Contract, Seat) = match auction.outcome() {
        Outcome::InProgress { turn } => {
            out.status = ReplayStatus::Error;
            out.error = Some(format!("the auction has not ended: {turn} to call"));
            return;
        }
        Outcome::PassedOut => {
            out.status = ReplayStatus::PassedOut;
            out.contract = Some("Pass".to_string());
            out.score = Some(BoardScore { ns: 0, ew: 0 });
            return;
        }
        Outcome::Contract {
            contract, declarer, ..
        } => (contract, declarer),
    };
    out.contract = Some(contract.to_string());
    out.declarer = Some(declarer);
    let Some(cards) = cards else {
        out.status = ReplayStatus::AuctionOnly;
        if let Some(t) = claimed_total {
            out.tricks = Some(t);
            out.table_tricks = Some(t);
            out.score = board_score(ContractOrPass::Contract(contract), declarer, vul, t).ok();
        }
        return;
    };
    out.status = ReplayStatus::Played;
    let mut play = Play::new(deal, contract, declarer);
    for (seat, card, major) in auction.penalty_cards_from_exposures(declarer) {
        let _ = play.add_penalty_card(seat, card, major);
    }
    let record_play = |play: &mut Play, seat: Seat, card: Card, out: &mut ReplayRecord| -> bool {
        match play.play(seat, card) {
            Ok(rep) => {
                if let Some(irr) = rep.irregularity {
                    out.irregularities.push(Detected {
                        phase: "play",
                        law: irr.law,
                        seat,
                        action: card.to_string(),
                        detail: format!("trick {}: {}", irr.trick, irr.description),
                    });
                }
                true
            }
            Err(e) => {
                out.notes.push(format!("play stopped: {e}"));
                false
            }
        }
    };
    match cards {
        Cards::BySeat { first, rows } => {
            if first != declarer.lho() {
                out.notes.push(format!(
                    "Play section starts at {first}, but the opening leader is {}",
                    declarer.lho()
                ));
            }
            'rows: for row in rows {
                let start = play.trick_number();
                while play.trick_number() == start {
                    let Some(turn) = play.turn() else { break 'rows };
                    let col = first.distance_to(turn);
                    let Some(card) = row[col] else {
                        break 'rows;
                    };
                    if !record_play(&mut play, turn, card, out) {
                        break 'rows;
                    }
                    if play.completed_tricks() == 13 {
                        break 'rows;
                    }
                }
            }
        }
        Cards::InOrder(list) => {
            for card in list {
                let Some(seat) = deal.holder(card) else {
                    out.notes
                        .push(format!("play stopped: {card} is in no hand"));
                    break;
                };
                if !record_play(&mut play, seat, card, out) {
                    break;
                }
            }
        }
    }
    out.tricks_played = play.completed_tricks();
    if play.completed_tricks() < 13 {
        let won = play.result().table_tricks;
        let left = 13 - play.completed_tricks() as u8;
        match claimed_total {
            Some(total) if total >= won && total <= won + left => {
                if play.claim(declarer, total - won).is_ok() {
                    let _ = play.settle_claim(ClaimStatus::Agreed);
                    out.claimed = true;
                }
            }
            Some(total) => out.notes.push(format!(
                "recorded total {total} is impossible: declarer had won {won} with {left} tricks left"
            )),
            None => out.notes.push("play incomplete and no result recorded".to_string()),
        }
    }
    if play.completed_tricks() == 13 || out.claimed {
        let result = play.result();
        for (i, t) in &result.transfers {
            out.notes.push(format!(
                "revoke {i}: {} trick(s) transferred ({})",
                t.tricks, t.law
            ));
        }
        out.tricks = Some(result.declarer_tricks);
        out.table_tricks = Some(result.table_tricks);
        out.score = board_score(
            ContractOrPass::Contract(contract),
            declarer,
            vul,
            result.declarer_tricks,
        )
        .ok();
    }
}

/// Fill in `agrees` from the derived and recorded values.
fn compare(out: &mut ReplayRecord) {
    if out.status == ReplayStatus::Unplayed || out.status == ReplayStatus::Error {
        return;
    }
    let rec = out.recorded.clone();
    out.agrees.contract = match (&rec.contract, &out.contract) {
        (Some(r), Some(d)) => {
            Some(r.parse::<ContractOrPass>().ok() == d.parse::<ContractOrPass>().ok())
        }
        _ => None,
    };
    out.agrees.declarer = match (&rec.declarer, out.declarer) {
        (Some(r), Some(d)) if !r.is_empty() => Some(r.parse::<Seat>().ok() == Some(d)),
        (Some(r), None) => Some(r.is_empty()),
        _ => None,
    };
    out.agrees.result = match (rec.result, out.table_tricks) {
        (Some(r), Some(t)) => Some(r == t),
        (Some(_), None) => Some(false),
        _ => None,
    };
    out.agrees.score = match (rec.score_ns, out.score) {
        (Some(r), Some(s)) => Some(r == s.ns),
        (Some(_), None) => Some(false),
        _ => None,
    };
}
