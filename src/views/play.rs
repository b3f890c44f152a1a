//! The play on the Board screen: a card as played at the table (`bridge.play`, recorded and
//! flagged, never refused, as `tdlog bridge play`) and the choices the play waits for under
//! Laws 50-57 (declarer's option after a lead out of turn, a premature play, a defender's
//! major penalty card): which choices are open now, and the `bridge.play` payload of the one
//! taken, dry-run through the play engine first. The CLI and the desktop app build both here.
use super::{Replayed, ViewError};
use crate::bridge::card::{Card, Suit};
use crate::bridge::events::PlayEvent;
use crate::bridge::play::{LeadOutOfTurnChoice, PenaltyLeadChoice, PrematureChoice};
use crate::bridge::seat::Seat;
use crate::bridge::tables::BridgeTables;
use crate::events::{BridgePlay, Payload, Slot};
use serde::Serialize;

/// One choice the play is waiting for: its id (what the UI sends back), the law that gives
/// it, and whether a suit must be named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayChoice {
    pub id: &'static str,
    pub law: &'static str,
    pub needs_suit: bool,
}

const fn c(id: &'static str, law: &'static str, needs_suit: bool) -> PlayChoice {
    PlayChoice {
        id,
        law,
        needs_suit,
    }
}

/// The choices open under the law the play waits for (`option_due`: `54`, `55`, `56`,
/// `57A`, `50D2`). A faced opening lead out of turn: declarer accepts (54B), spreads his hand
/// (54A) or refuses it (54D: a major penalty card, Law 50D); a defender's later lead out of
/// turn: declarer accepts (53A) or requires its retraction (56: a major penalty card);
/// declarer's lead out of turn: the defenders accept (55A) or require its retraction (55B).
pub fn play_choices(due: &str) -> Vec<PlayChoice> {
    match due {
        "54" => vec![
            c("accept", "54B", false),
            c("spread", "54A", false),
            c("refuse", "54D", false),
        ],
        "56" => vec![c("accept", "53A", false), c("refuse", "56", false)],
        "55" => vec![c("accept", "55A", false), c("refuse", "55B", false)],
        "57A" => vec![
            c("highest", "57A1", false),
            c("lowest", "57A2", false),
            c("require_suit", "57A3", true),
            c("forbid_suit", "57A4", true),
        ],
        "50D2" => vec![
            c("require", "50D2(a)", true),
            c("forbid", "50D2(a)", true),
            c("neither", "50D2(b)", false),
        ],
        _ => Vec::new(),
    }
}

/// The `bridge.play` payload of a card played at `slot`. The hand it came from is `seat`, or
/// whoever holds the card in the recorded deal (dummy's cards: dummy's seat). An illegal
/// card is still recorded: the engine flags it when the log is folded.
pub fn card_payload(
    tables: &BridgeTables,
    slot: &Slot,
    card: &str,
    seat: Option<Seat>,
) -> Result<Payload, ViewError> {
    let card: Card = card
        .trim()
        .parse()
        .map_err(|_| ViewError::InvalidCard(card.to_string()))?;
    let seat = match seat {
        Some(s) => s,
        None => tables
            .facts(&slot.section, slot.board)
            .and_then(|f| f.deal.as_deref())
            .and_then(|d| crate::bridge::board::Deal::parse_checked(d).ok())
            .ok_or(ViewError::NoDeal { board: slot.board })?
            .holder(card)
            .ok_or_else(|| ViewError::CardNotInDeal(card.to_string()))?,
    };
    let p = Payload::BridgePlay(BridgePlay {
        slot: slot.clone(),
        event: PlayEvent::Card { seat, card },
    });
    p.encode()?;
    Ok(p)
}

fn suit_of(s: Option<&str>) -> Option<Suit> {
    let s = s?.trim();
    let mut ch = s.chars();
    let first = ch.next()?;
    ch.next().is_none().then_some(())?;
    Suit::from_char(first.to_ascii_uppercase())
}

/// The `bridge.play` payload of the choice `choice` (an id of [`play_choices`]) the play is
/// waiting for at `slot`, with its suit where the choice names one. Refused, naming the law,
/// unless that choice is due now and the play engine can apply it.
pub fn option_payload(
    r: &Replayed,
    slot: &Slot,
    choice: &str,
    suit: Option<&str>,
) -> Result<Payload, ViewError> {
    let b = r
        .tables
        .board(slot)
        .ok_or_else(|| ViewError::NoSuchBoard(slot.clone()))?;
    let play = b.play.as_ref();
    let due = play.and_then(|p| p.option_due());
    let open = due.map(play_choices).unwrap_or_default();
    let Some(ch) = open.iter().find(|c| c.id == choice) else {
        return Err(ViewError::ChoiceNotDue {
            choice: choice.to_string(),
            due: due.unwrap_or("none").to_string(),
        });
    };
    let s = suit_of(suit);
    if ch.needs_suit && s.is_none() {
        return Err(ViewError::ChoiceNeedsSuit {
            law: ch.law.to_string(),
        });
    }
    let s = s.unwrap_or(Suit::S);
    let event = match choice {
        "accept" => PlayEvent::LeadOutOfTurn {
            choice: LeadOutOfTurnChoice::Accept,
        },
        "spread" => PlayEvent::LeadOutOfTurn {
            choice: LeadOutOfTurnChoice::Spread,
        },
        "refuse" => PlayEvent::LeadOutOfTurn {
            choice: LeadOutOfTurnChoice::Refuse,
        },
        "highest" => PlayEvent::Premature {
            choice: PrematureChoice::Highest,
        },
        "lowest" => PlayEvent::Premature {
            choice: PrematureChoice::Lowest,
        },
        "require_suit" => PlayEvent::Premature {
            choice: PrematureChoice::RequireSuit(s),
        },
        "forbid_suit" => PlayEvent::Premature {
            choice: PrematureChoice::ForbidSuit(s),
        },
        "require" => PlayEvent::PenaltyLead {
            choice: PenaltyLeadChoice::Require(s),
        },
        "forbid" => PlayEvent::PenaltyLead {
            choice: PenaltyLeadChoice::Forbid(s),
        },
        _ => PlayEvent::PenaltyLead {
            choice: PenaltyLeadChoice::Neither,
        },
    };
    let mut dry = play.cloned().ok_or(ViewError::NoSuchBoard(slot.clone()))?;
    dry.apply(&event)
        .map_err(|e| ViewError::ChoiceNotApplicable {
            law: ch.law.to_string(),
            reason: e.to_string(),
        })?;
    let p = Payload::BridgePlay(BridgePlay {
        slot: slot.clone(),
        event,
    });
    p.encode()?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_due_law_offers_its_choices() {
        let ids = |d| play_choices(d).iter().map(|c| c.id).collect::<Vec<_>>();
        assert_eq!(ids("54"), ["accept", "spread", "refuse"]);
        assert_eq!(ids("56"), ["accept", "refuse"]);
        assert_eq!(ids("55"), ["accept", "refuse"]);
        let law = |d, id| {
            play_choices(d)
                .into_iter()
                .find(|c| c.id == id)
                .unwrap()
                .law
        };
        assert_eq!(law("54", "refuse"), "54D");
        assert_eq!(law("56", "refuse"), "56");
        assert_eq!(law("55", "refuse"), "55B");
        assert_eq!(ids("57A").len(), 4);
        assert_eq!(ids("50D2"), ["require", "forbid", "neither"]);
        assert!(ids("12").is_empty());
    }

    #[test]
    fn a_suit_is_one_letter() {
        assert_eq!(suit_of(Some("h")), Some(Suit::H));
        assert_eq!(suit_of(Some("HS")), None);
        assert_eq!(suit_of(None), None);
    }

    #[test]
    fn a_card_needs_a_deal_unless_the_seat_is_given() {
        let t = BridgeTables::default();
        let slot = Slot {
            section: "A".into(),
            round: 1,
            table: 1,
            board: 1,
        };
        assert_eq!(
            card_payload(&t, &slot, "SA", None),
            Err(ViewError::NoDeal { board: 1 })
        );
        assert_eq!(
            card_payload(&t, &slot, "Z9", Some(Seat::N)),
            Err(ViewError::InvalidCard("Z9".into()))
        );
        assert!(card_payload(&t, &slot, "SA", Some(Seat::W)).is_ok());
    }
}
