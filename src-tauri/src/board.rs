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
use tdlog::log::Hash32;
use tdlog::views::{self, BoardScreen, IncidentScreen, PlayChoice, ViewError};

impl From<ViewError> for AppError {
    fn from(e: ViewError) -> Self {
        let code = match &e {
            ViewError::NoSuchBoard(_) | ViewError::NoSuchTraveller { .. } => "no_such_board",
            ViewError::NoSuchTable(_) => "no_such_table",
            ViewError::NoSuchCall { .. } => "no_such_call",
            ViewError::NotIrregular { .. } => "not_irregular",
            ViewError::NotRuledByBranch { .. }
            | ViewError::BranchNotInTree { .. }
            | ViewError::NotApplicable { .. } => "branch_not_applicable",
            ViewError::InvalidCard(_) => "invalid_card",
            ViewError::NoDeal { .. } | ViewError::CardNotInDeal(_) => "card_not_in_deal",
            ViewError::ChoiceNotDue { .. }
            | ViewError::ChoiceNeedsSuit { .. }
            | ViewError::ChoiceNotApplicable { .. } => "choice_not_applicable",
            ViewError::Payload(_) | ViewError::BadEventId(_) => "invalid",
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
    /// The choices the play waits for (Laws 50D2, 53-56, 57A), empty when none is due.
    pub choices: Vec<PlayChoice>,
}

pub fn show(o: &Opened, slot: &Slot, l: &str) -> Result<BoardAndIncident, AppError> {
    let board = views::board(&o.replayed, slot, lang(l))?;
    let incident = match views::incident(&o.replayed, slot, lang(l)) {
        Ok(i) => Some(i),
        Err(ViewError::NoSuchBoard(_)) => None,
        Err(e) => return Err(e.into()),
    };
    let choices = incident
        .as_ref()
        .and_then(|i| i.option_due)
        .map(views::play_choices)
        .unwrap_or_default();
    Ok(BoardAndIncident {
        board,
        incident,
        choices,
    })
}

/// A call as made at the table, legal or not: recorded first, judged by the engine's flags.
pub fn call_payload(slot: Slot, seat: &str, call: &str) -> Result<Payload, AppError> {
    let seat: Seat = seat.parse().map_err(|_| {
        AppError::new(
            "invalid_seat",
            format!("{seat:?} is not a seat (N, E, S or W)"),
        )
        .with("seat", seat)
    })?;
    let call: Call = call
        .trim()
        .parse()
        .map_err(|e: tdlog::bridge::call::CallError| {
            AppError::new("invalid_call", e.to_string()).with("call", call.trim())
        })?;
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

/// A card as played at the table (as `tdlog bridge play`): the hand is the one holding it in
/// the recorded deal; an illegal card is recorded and flagged, not refused.
pub fn card_payload(o: &Opened, slot: &Slot, card: &str) -> Result<Payload, AppError> {
    Ok(views::card_payload(&o.replayed.tables, slot, card, None)?)
}

/// The choice the play waits for (Laws 50D2, 53-56, 57A), checked by the play engine.
pub fn option_payload(
    o: &Opened,
    slot: &Slot,
    choice: &str,
    suit: Option<&str>,
) -> Result<Payload, AppError> {
    Ok(views::option_payload(&o.replayed, slot, choice, suit)?)
}

/// The path-based append the shell's tests use (the app appends through the live state).
#[cfg_attr(not(test), allow(dead_code))]
/// Signs and appends a board event with `key` (the catalogue's roles decide who may).
/// Signs and stores `p` on the log opened as this device (`data_dir`: its record of what it
/// has seen).
pub fn append(
    path: &Path,
    data_dir: &Path,
    key: &DeviceKey,
    p: Payload,
) -> Result<Hash32, AppError> {
    Ok(crate::session::open_log(path, data_dir)?.append(key, p)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests_support::*;
    fn append(p: &Path, key: &DeviceKey, payload: Payload) -> Result<Hash32, AppError> {
        super::append(p, &device_dir(p), key, payload)
    }

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
        // D2: a bad call reads as a sentence, never as Rust debug text.
        let bad = call_payload(slot(), "W", "9Z").unwrap_err();
        assert_eq!(bad.params["call"], "9Z");
        assert!(
            !bad.message.contains('{') && !bad.message.contains("BadStrain"),
            "{}",
            bad.message
        );
        assert_eq!(
            call_payload(slot(), "Q", "1C").unwrap_err().code,
            "invalid_seat"
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

    /// D1: on the shipped demo (nothing recorded for any board), a board opens empty and
    /// its first call is recorded with the dealer (Law 2) as the seat; the turn advances.
    #[test]
    fn law_2_an_empty_board_of_the_shipped_demo_opens_and_takes_its_first_call() {
        let p = demo();
        let td1 = demo_key("td1");
        let s = Slot {
            section: "A".into(),
            round: 1,
            table: 4,
            board: 9,
        };
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &s, "de").unwrap();
        assert!(!v.board.recorded && v.incident.is_none());
        assert_eq!(v.board.turn, Some(Seat::N));
        let first = v.board.turn.unwrap().to_string();
        append(&p, &td1, call_payload(s.clone(), &first, "1C").unwrap()).unwrap();
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &s, "en").unwrap();
        assert!(v.board.recorded);
        assert_eq!(v.board.turn, Some(Seat::E));
    }

    fn first_card(v: &BoardAndIncident, seat: Seat) -> String {
        let h = v.board.hands.iter().find(|h| h.seat == seat).unwrap();
        h.suits
            .iter()
            .flat_map(|s| &s.cards)
            .find(|c| c.played_in.is_none())
            .unwrap()
            .card
            .to_string()
    }

    #[test]
    fn law_53a_lead_out_of_turn_accepted_by_declarer_then_the_play_goes_on() {
        let p = demo_with_results();
        let td1 = demo_key("td1");
        for (seat, call) in [("S", "1NT"), ("W", "Pass"), ("N", "Pass"), ("E", "Pass")] {
            append(&p, &td1, call_payload(slot(), seat, call).unwrap()).unwrap();
        }
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "en").unwrap();
        assert!(v.choices.is_empty());
        assert_eq!(
            card_payload(&o, &slot(), "X1").unwrap_err().code,
            "invalid_card"
        );
        // East leads although West is on lead: recorded and flagged, declarer's option due.
        let east = first_card(&v, Seat::E);
        append(&p, &td1, card_payload(&o, &slot(), &east).unwrap()).unwrap();
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "de").unwrap();
        let ids: Vec<_> = v.choices.iter().map(|c| c.id).collect();
        assert_eq!(ids, ["accept", "spread", "refuse"]);
        let inc = v.incident.as_ref().unwrap();
        assert_eq!(inc.option_due, Some("54"));
        assert!(inc
            .irregularities
            .iter()
            .any(|x| x.recorded_as == "play_option"));
        assert_eq!(
            option_payload(&o, &slot(), "highest", None)
                .unwrap_err()
                .code,
            "choice_not_applicable"
        );
        append(
            &p,
            &td1,
            option_payload(&o, &slot(), "accept", None).unwrap(),
        )
        .unwrap();
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "en").unwrap();
        assert!(v.choices.is_empty());
        assert_eq!(v.board.tricks[0].cards.len(), 1);
        // South (declarer, next after East) follows from his hand.
        let south = first_card(&v, Seat::S);
        append(&p, &td1, card_payload(&o, &slot(), &south).unwrap()).unwrap();
        let o = open(&p, &|_| {}).unwrap();
        assert_eq!(
            show(&o, &slot(), "en").unwrap().board.tricks[0].cards.len(),
            2
        );
    }
}
