//! Hand records: a dealing program's PBN (deals only: `Board`, `Dealer`, `Vulnerable`,
//! `Deal`) attached to a section's boards as `structure.board` events, shown before anything
//! is signed. The board screen, the adjustment assistant and the reports read the deal from
//! there. A dealer or vulnerability that is Law 2's for the board number is not repeated in
//! the event (Law 2 gives it); a non-conforming one is recorded, as the board says it.
use super::Replayed;
use crate::bridge::board::{dealer as law2_dealer, vulnerability as law2_vulnerability, Deal};
use crate::bridge::pbn::PbnRecord;
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::{BoardFacts, Payload};
use serde::Serialize;
use std::collections::BTreeSet;

/// What attaching one board's deal does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandStatus {
    /// The board has no deal yet: it gets this one.
    New,
    /// The log already holds this very deal: nothing is signed for it.
    Same,
    /// The log holds another deal for the board: this one replaces it (the board screen
    /// and the assistant then show the new cards; the TD checks it is the right file).
    Differs,
}

/// One board of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandRow {
    pub board: u32,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    /// PBN deal string, North first.
    pub deal: String,
    pub status: HandStatus,
    /// The movement plays this board in the section.
    pub in_movement: bool,
}

/// What the file would sign.
#[derive(Debug, Clone, Serialize)]
pub struct HandRecordsPreview {
    pub section: String,
    pub boards: Vec<HandRow>,
    /// Boards the movement plays that the file has no deal for.
    pub missing: Vec<u32>,
    /// Records the file has that are no deal (a line each, in English as the reader says it).
    pub problems: Vec<String>,
    /// `structure.board` events that signing would make (new and replaced deals).
    pub events: usize,
}

/// The preview of attaching the deals of `records` to `section`, and the payloads it signs.
pub fn hand_records(
    r: &Replayed,
    records: &[PbnRecord],
    section: &str,
) -> (HandRecordsPreview, Vec<Payload>) {
    let t = &r.tournament;
    let played: BTreeSet<u32> = t
        .tables
        .iter()
        .filter(|((s, _, _), _)| s == section)
        .flat_map(|(_, a)| a.boards.iter().copied())
        .collect();
    let (mut rows, mut payloads, mut problems) = (vec![], vec![], vec![]);
    let mut seen = BTreeSet::new();
    for rec in records {
        let Some(board) = rec.tag("Board").and_then(|b| b.trim().parse::<u32>().ok()) else {
            if rec.tag("Deal").is_some() {
                problems.push(format!("line {}: a deal without a board number", rec.line));
            }
            continue;
        };
        let Some(text) = rec.tag("Deal") else {
            problems.push(format!("line {} (board {board}): no deal", rec.line));
            continue;
        };
        if board == 0 || !seen.insert(board) {
            problems.push(format!(
                "line {} (board {board}): {}",
                rec.line,
                if board == 0 {
                    "board numbers start at 1"
                } else {
                    "the board's deal is in the file twice"
                }
            ));
            continue;
        }
        let deal = match Deal::parse_checked(text) {
            Ok(d) => d,
            Err(e) => {
                problems.push(format!("line {} (board {board}): {e}", rec.line));
                continue;
            }
        };
        let dealer = rec
            .tag("Dealer")
            .and_then(|d| d.trim().parse::<Seat>().ok())
            .unwrap_or_else(|| law2_dealer(board));
        let vulnerable = rec
            .tag("Vulnerable")
            .and_then(|v| v.trim().parse::<Vulnerability>().ok())
            .unwrap_or_else(|| law2_vulnerability(board));
        let pbn = deal.to_pbn(Seat::N);
        let held = r.tables.facts(section, board);
        let same = |f: &BoardFacts| {
            f.deal
                .as_deref()
                .and_then(|d| Deal::parse_checked(d).ok())
                .is_some_and(|d| d.to_pbn(Seat::N) == pbn)
                && f.dealer.unwrap_or_else(|| law2_dealer(board)) == dealer
                && f.vulnerable
                    .as_deref()
                    .and_then(|v| v.parse::<Vulnerability>().ok())
                    .unwrap_or_else(|| law2_vulnerability(board))
                    == vulnerable
        };
        let status = match held {
            Some(f) if same(f) => HandStatus::Same,
            Some(f) if f.deal.is_some() => HandStatus::Differs,
            _ => HandStatus::New,
        };
        if status != HandStatus::Same {
            payloads.push(Payload::BoardFacts(BoardFacts {
                section: section.to_string(),
                board,
                dealer: (dealer != law2_dealer(board)).then_some(dealer),
                vulnerable: (vulnerable != law2_vulnerability(board))
                    .then(|| vulnerable.to_string()),
                deal: Some(pbn.clone()),
            }));
        }
        rows.push(HandRow {
            board,
            dealer,
            vulnerable,
            deal: pbn,
            status,
            in_movement: played.contains(&board),
        });
    }
    rows.sort_by_key(|x| x.board);
    let missing = played
        .iter()
        .copied()
        .filter(|b| !seen.contains(b))
        .collect();
    let preview = HandRecordsPreview {
        section: section.to_string(),
        events: payloads.len(),
        boards: rows,
        missing,
        problems,
    };
    (preview, payloads)
}
