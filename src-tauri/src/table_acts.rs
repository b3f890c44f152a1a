//! What else happens at the table, recorded from the Board screen as `tdlog bridge claim`,
//! `bridge rule --claim-tricks` and `bridge record` record it: a claim or concession
//! (Law 68) and its agreement (69A), the TD's ruling on a contested claim (Law 70), a
//! penalty card (Law 50), and a revoke's correction (Law 62). Recorded first, judged by the
//! play engine (a card its player does not hold is flagged, not refused).

use crate::error::AppError;
use tdlog::bridge::card::Card;
use tdlog::bridge::events::PlayEvent;
use tdlog::bridge::play::ClaimStatus;
use tdlog::bridge::seat::Seat;
use tdlog::events::{BoardRuling, BridgePlay, BridgeRuling, Payload, Slot};

fn seat(s: &str) -> Result<Seat, AppError> {
    s.parse().map_err(|_| {
        AppError::new(
            "invalid_seat",
            format!("{s:?} is not a seat (N, E, S or W)"),
        )
        .with("seat", s)
    })
}

fn card(c: &str) -> Result<Card, AppError> {
    c.trim().to_uppercase().parse().map_err(|_| {
        AppError::new(
            "invalid_card",
            format!("{c:?} is not a card (give the suit then the rank: SA, HT, C2)"),
        )
        .with("card", c.trim())
    })
}

fn tricks(n: u8) -> Result<u8, AppError> {
    if n > 13 {
        return Err(
            AppError::new("bad_tricks", format!("{n} tricks: 0 to 13")).with("n", n.to_string())
        );
    }
    Ok(n)
}

fn play(slot: &Slot, event: PlayEvent) -> Payload {
    Payload::BridgePlay(BridgePlay {
        slot: slot.clone(),
        event,
    })
}

/// A claim (or concession) of `remaining` of the tricks not yet played by `claimer`'s side
/// (Law 68); with `agreed`, the agreement of all four (Law 69A) follows.
pub fn claim(
    slot: &Slot,
    claimer: &str,
    remaining: u8,
    agreed: bool,
) -> Result<Vec<Payload>, AppError> {
    let mut out = vec![play(
        slot,
        PlayEvent::Claim {
            claimer: seat(claimer)?,
            remaining: tricks(remaining)?,
        },
    )];
    if agreed {
        out.push(play(
            slot,
            PlayEvent::ClaimSettled {
                status: ClaimStatus::Agreed,
            },
        ));
    }
    Ok(out)
}

/// The TD's ruling on a contested claim (Law 70): the claimer's side's tricks of those not
/// played when the claim was made.
pub fn claim_ruling(
    slot: &Slot,
    remaining: u8,
    reason: Option<String>,
) -> Result<Payload, AppError> {
    Ok(Payload::BridgeRuling(BridgeRuling {
        slot: slot.clone(),
        ruling: BoardRuling::Play(PlayEvent::ClaimSettled {
            status: ClaimStatus::Ruled {
                remaining: tricks(remaining)?,
            },
        }),
        reason: reason.filter(|r| !r.trim().is_empty()),
    }))
}

/// A card that became a penalty card (Law 50): major or minor as the TD judged it.
pub fn penalty_card(slot: &Slot, at: &str, c: &str, major: bool) -> Result<Payload, AppError> {
    Ok(play(
        slot,
        PlayEvent::PenaltyCard {
            seat: seat(at)?,
            card: card(c)?,
            major,
        },
    ))
}

/// A revoke corrected before it is established (Law 62): revoke number `revoke` (from 0, as
/// the Board screen lists them) replaced by `c`.
pub fn revoke_corrected(slot: &Slot, revoke: usize, c: &str) -> Result<Payload, AppError> {
    Ok(play(
        slot,
        PlayEvent::RevokeCorrected {
            revoke,
            card: card(c)?,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{call_payload, show};
    use crate::session::tests_support::*;
    use std::path::Path;
    use tdlog::keys::DeviceKey;

    fn slot() -> Slot {
        Slot {
            section: "A".into(),
            round: 1,
            table: 5,
            board: 11,
        }
    }

    fn append(p: &Path, key: &DeviceKey, payload: Payload) {
        crate::board::append(p, &device_dir(p), key, payload).unwrap();
    }

    /// Laws 68-70 from the Board screen: a claim contested by the defenders, the TD rules
    /// the claimer's side's tricks; the board is complete with the ruled tricks.
    #[test]
    fn law_70_a_contested_claim_is_ruled_by_the_td_from_the_board_screen() {
        let p = demo_with_results();
        let td1 = demo_key("td1");
        for (s, c) in [("S", "1NT"), ("W", "Pass"), ("N", "Pass"), ("E", "Pass")] {
            append(&p, &td1, call_payload(slot(), s, c).unwrap());
        }
        for x in claim(&slot(), "S", 9, false).unwrap() {
            append(&p, &td1, x);
        }
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "en").unwrap();
        let c = v.board.claim.expect("a claim");
        assert_eq!(
            (c.claimer, c.remaining, c.status),
            (Seat::S, 9, ClaimStatus::Pending)
        );
        assert!(!v.board.complete);
        append(
            &p,
            &td1,
            claim_ruling(
                &slot(),
                7,
                Some("a defender's trump trick was not accounted for".into()),
            )
            .unwrap(),
        );
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "en").unwrap();
        assert_eq!(
            v.board.claim.unwrap().status,
            ClaimStatus::Ruled { remaining: 7 }
        );
        assert!(v.board.complete);
        assert_eq!(v.board.declarer_tricks + v.board.defender_tricks, 0);
        assert_eq!(
            claim(&slot(), "S", 14, false).unwrap_err().code,
            "bad_tricks"
        );
        assert_eq!(
            claim(&slot(), "Q", 1, false).unwrap_err().code,
            "invalid_seat"
        );
    }

    /// Law 50: a card exposed by a defender becomes a penalty card and is shown as one.
    #[test]
    fn law_50_a_penalty_card_is_recorded_from_the_board_screen() {
        let p = demo_with_results();
        let td1 = demo_key("td1");
        for (s, c) in [("S", "1NT"), ("W", "Pass"), ("N", "Pass"), ("E", "Pass")] {
            append(&p, &td1, call_payload(slot(), s, c).unwrap());
        }
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "en").unwrap();
        let east = v.board.hands.iter().find(|h| h.seat == Seat::E).unwrap();
        let c = east
            .suits
            .iter()
            .flat_map(|s| &s.cards)
            .next()
            .unwrap()
            .card
            .to_string();
        append(&p, &td1, penalty_card(&slot(), "E", &c, true).unwrap());
        let o = open(&p, &|_| {}).unwrap();
        let v = show(&o, &slot(), "de").unwrap();
        assert_eq!(v.board.penalty_cards.len(), 1);
        assert!(v.board.penalty_cards[0].major);
        assert_eq!(
            penalty_card(&slot(), "E", "Z9", true).unwrap_err().code,
            "invalid_card"
        );
        assert!(matches!(
            revoke_corrected(&slot(), 0, "SA").unwrap(),
            Payload::BridgePlay(BridgePlay {
                event: PlayEvent::RevokeCorrected { revoke: 0, .. },
                ..
            })
        ));
    }
}
