//! Event payloads round-trip through JSON and folding them rebuilds the same auction and
//! play: the engine is fold-friendly and deterministic, ready for the signed event log.
use tdlog::bridge::auction::Outcome;
use tdlog::bridge::board::Deal;
use tdlog::bridge::events::{fold_auction, fold_play, AuctionEvent, PlayEvent};
use tdlog::bridge::play::ClaimStatus;
use tdlog::bridge::seat::Seat::{self, E, N, S, W};

const D2: &str = "N:5432..6543.65432 6.65432.9872.987 AKQJT.AKQ.AK.AKQ 987.JT987.QJT.JT";

fn call(seat: Seat, c: &str) -> AuctionEvent {
    AuctionEvent::Call {
        seat,
        call: c.parse().unwrap(),
    }
}

#[test]
fn law_27b2_auction_events_round_trip_and_fold() {
    let events = vec![
        call(N, "1H"),
        call(E, "1S"),
        call(S, "1D"),
        call(S, "3NT"),
        AuctionEvent::Ruling {
            call: 2,
            branch: "27B2".to_string(),
        },
        call(W, "Pass"),
        call(N, "Pass"),
        call(E, "Pass"),
    ];
    let json = serde_json::to_string(&events).unwrap();
    assert!(
        json.contains(r#"{"type":"call","seat":"N","call":"1H"}"#),
        "{json}"
    );
    assert!(json.contains(r#"{"type":"ruling","call":2,"branch":"27B2"}"#));
    let back: Vec<AuctionEvent> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, events);
    let a = fold_auction(N, &back).unwrap();
    assert_eq!(a, fold_auction(N, &events).unwrap(), "deterministic");
    match a.outcome() {
        Outcome::Contract {
            contract, declarer, ..
        } => {
            assert_eq!(contract.to_string(), "3NT");
            assert_eq!(declarer, S);
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(
        a.lead_restriction_offenders(S),
        Vec::<Seat>::new(),
        "S declares: no Law 26"
    );
    assert_eq!(
        a.lead_restriction_offenders(E),
        vec![S],
        "had S defended, Law 26B could apply"
    );
    let bad = vec![
        call(N, "1H"),
        AuctionEvent::Ruling {
            call: 0,
            branch: "27B2".to_string(),
        },
    ];
    assert!(
        fold_auction(N, &bad).is_err(),
        "a ruling on a regular call is refused with a reason"
    );
}

#[test]
fn law_64a1_play_events_round_trip_and_fold() {
    let deal = Deal::parse_checked(D2).unwrap();
    let mut events: Vec<PlayEvent> =
        "CJ C2 C7 CA CK CT C3 C8 CQ DT C4 C9 DA DJ D3 D2 HA S9 D4 H2 DQ D5 D7 DK"
            .split_whitespace()
            .map(|t| {
                let card = t.parse().unwrap();
                PlayEvent::Card {
                    seat: deal.holder(card).unwrap(),
                    card,
                }
            })
            .collect();
    events.push(PlayEvent::Claim {
        claimer: S,
        remaining: 3,
    });
    events.push(PlayEvent::ClaimSettled {
        status: ClaimStatus::Agreed,
    });
    let json = serde_json::to_string(&events).unwrap();
    let back: Vec<PlayEvent> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, events);
    let p = fold_play(&deal, "4S".parse().unwrap(), S, &back).unwrap();
    let r = p.result();
    assert_eq!((r.table_tricks, r.declarer_tricks), (8, 10));
    // The whole play state serializes too (for snapshots).
    assert!(serde_json::to_string(&p).unwrap().contains("\"revokes\""));
    let wrong = vec![PlayEvent::Card {
        seat: W,
        card: "SA".parse().unwrap(),
    }];
    let err = fold_play(&deal, "4S".parse().unwrap(), S, &wrong).unwrap_err();
    assert_eq!(err.to_string(), "W does not hold SA");
}
