//! The Board and Record-an-incident screens: the engine's view models (`tdlog::views`) over
//! the open log, and the two appends a TD makes there: a call as made at the table
//! (`bridge.auction`, as `tdlog bridge call`) and the branch of the law's decision tree
//! (`bridge.ruling`, built and checked by `views::ruling_payload`, as `tdlog bridge rule`).

use crate::error::AppError;
use crate::session::Opened;
use serde::Serialize;
use std::path::Path;
use tdlog::bridge::call::Call;
use tdlog::bridge::events::AuctionEvent;
use tdlog::bridge::seat::Seat;
use tdlog::events::{BridgeAuction, Payload, Slot};
use tdlog::i18n::Lang;
use tdlog::keys::DeviceKey;
use tdlog::log::{Hash32, Log};
use tdlog::views::{self, BoardScreen, IncidentScreen, ViewError};

impl From<ViewError> for AppError {
    fn from(e: ViewError) -> Self {
        let code = match &e {
            ViewError::NoSuchBoard(_) => "no_such_board",
            ViewError::NoSuchTable(_) => "no_such_table",
            ViewError::NoSuchCall { .. } => "no_such_call",
            ViewError::NotIrregular { .. } => "not_irregular",
            ViewError::NotRuledByBranch { .. }
            | ViewError::BranchNotInTree { .. }
            | ViewError::NotApplicable { .. } => "branch_not_applicable",
            ViewError::Payload(_) => "invalid",
        };
        AppError::new(code, e.to_string())
    }
}

fn lang(l: &str) -> Lang {
    l.parse().unwrap_or_default()
}

/// What the Board screen shows for a board at a table: the board (hands, auction box, play,
/// traveller) and, once anything was recorded there, the incident view (each irregularity
/// with its law, who chooses, the options and their consequences).
#[derive(Debug, Serialize)]
pub struct BoardAndIncident {
    pub board: BoardScreen,
    pub incident: Option<IncidentScreen>,
}

pub fn show(o: &Opened, slot: &Slot, l: &str) -> Result<BoardAndIncident, AppError> {
    let board = views::board(&o.replayed, slot, lang(l))?;
    let incident = match views::incident(&o.replayed, slot, lang(l)) {
        Ok(i) => Some(i),
        Err(ViewError::NoSuchBoard(_)) => None,
        Err(e) => return Err(e.into()),
    };
    Ok(BoardAndIncident { board, incident })
}

/// A call as made at the table, legal or not: recorded first, judged by the engine's flags.
pub fn call_payload(slot: Slot, seat: &str, call: &str) -> Result<Payload, AppError> {
    let seat: Seat = seat
        .parse()
        .map_err(|e| AppError::new("invalid", format!("seat {seat:?}: {e:?}")))?;
    let call: Call = call
        .trim()
        .parse()
        .map_err(|e| AppError::new("invalid_call", format!("call {call:?}: {e:?}")))?;
    Ok(Payload::BridgeAuction(BridgeAuction {
        slot,
        event: AuctionEvent::Call { seat, call },
    }))
}

/// The TD's choice of branch for the irregular call number `call`, checked by the engine.
pub fn ruling_payload(
    o: &Opened,
    slot: &Slot,
    call: usize,
    branch: &str,
    reason: Option<String>,
) -> Result<Payload, AppError> {
    Ok(views::ruling_payload(
        &o.replayed,
        slot,
        call,
        branch,
        reason,
    )?)
}

/// Signs and appends a board event with `key` (the catalogue's roles decide who may).
pub fn append(path: &Path, key: &DeviceKey, p: Payload) -> Result<Hash32, AppError> {
    Ok(Log::open(path)?.append(key, p)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{open, tests_support::*};

    fn slot() -> Slot {
        Slot {
            section: "A".into(),
            round: 1,
            table: 5,
            board: 11,
        }
    }

    #[test]
    fn law_27_insufficient_bid_is_flagged_and_the_td_rules_27b1a() {
        let p = demo_with_results();
        let td1 = demo_key("td1");
        let o = open(&p, &|_| {}).unwrap();
        let before = show(&o, &slot(), "en").unwrap();
        assert!(before.board.deal_known);
        assert!(before.incident.is_none());
        for (seat, call) in [("S", "1NT"), ("W", "1S")] {
            append(&p, &td1, call_payload(slot(), seat, call).unwrap()).unwrap();
        }
        assert_eq!(
            call_payload(slot(), "W", "1Z").unwrap_err().code,
            "invalid_call"
        );
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "de").unwrap();
        let inc = v.incident.unwrap();
        let irr = &inc.irregularities[0];
        assert_eq!((irr.law.as_str(), irr.at, irr.pending), ("27", 1, true));
        assert_eq!(irr.recorded_as, "ruling");
        assert!(irr.options.iter().any(|x| x.id == "27B1a"));
        assert_eq!(
            ruling_payload(&o, &slot(), 0, "27B1a", None)
                .unwrap_err()
                .code,
            "not_irregular"
        );
        let r = ruling_payload(&o, &slot(), 1, "27B1a", Some("same denomination".into())).unwrap();
        append(&p, &td1, r).unwrap();
        append(&p, &td1, call_payload(slot(), "W", "2S").unwrap()).unwrap();
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "en").unwrap();
        let irr = &v.incident.unwrap().irregularities[0];
        assert_eq!((irr.branch.as_deref(), irr.pending), (Some("27B1a"), false));
        let calls: Vec<_> = v
            .board
            .auction
            .rows
            .iter()
            .flatten()
            .flatten()
            .map(|c| c.call.clone())
            .collect();
        assert_eq!(calls, vec!["1NT", "1S", "2S"]);
    }
}
