//! The adjustment assistant (Law 12C1) in the app: the engine's view model
//! (`tdlog::views::adjust`) over the open log, for the panel on the Rulings screen and the
//! appeal form. The double-dummy analysis takes a moment for a deal not seen yet, so the
//! command runs it on a worker thread; nothing is signed.

use crate::error::AppError;
use crate::session::Opened;
use tdlog::events::Weighted;
use tdlog::views::{self, AdjustAt, AdjustScreen};

/// The assistant for a board: `outcomes` is the weighted score being built (may be empty);
/// `ew`, when given, weighs E-W differently (Law 12C1(c)/(e)).
pub fn show(
    o: &Opened,
    at: &AdjustAt,
    outcomes: &[Weighted],
    ew: Option<&[Weighted]>,
    lang: &str,
) -> Result<AdjustScreen, AppError> {
    Ok(views::adjust_split(
        &o.replayed,
        at,
        outcomes,
        ew,
        lang.parse().unwrap_or_default(),
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests_support::*;

    #[test]
    fn the_assistant_scores_a_weighted_score_on_the_demo_as_the_cli_does() {
        let o = open(&demo_with_results(), &|_| {}).unwrap();
        // Board 13 of the RealBridge match, table 3 (LATVIA v GERMANY; GERMANY v LATVIA at
        // table 15 made 3D by N, +110).
        let at = AdjustAt {
            section: "A".into(),
            board: 13,
            round: Some(1),
            table: Some(3),
        };
        let outcomes = views::parse_outcomes("3NT= S 30%, 3NT-1 S 70%").unwrap();
        let v = show(&o, &at, &outcomes, None, "de").unwrap();
        let dd = v.double_dummy.as_ref().unwrap();
        assert_eq!(dd.pbn, "979a8979a84633546335");
        assert_eq!(dd.par_ns.score, 600);
        // All vulnerable. 3NT made: +600 - 110 = 490: 10 IMP; one down: -100 - 110 = -210:
        // -5 IMP; weighted (IMP each outcome): 0.3 x 10 + 0.7 x -5 = -0.5.
        assert_eq!(v.outcomes[0].scored.imp_ns, Some(10.0));
        assert_eq!(v.outcomes[1].scored.imp_ns, Some(-5.0));
        assert_eq!(v.weighted.as_ref().unwrap().imp_ns, Some(-0.5));
        assert!(v.field.iter().any(|f| f.other_table && f.table == 15));
        assert_eq!(v.labels.weighted, "Gewichtetes Ergebnis");
    }

    /// The ruling the Rulings screen signs with the assistant's weighted score: the JSON the
    /// UI sends to `ruling_give` (its `adjustment` taken as the assistant returned it),
    /// through the same workflow guards, then the results and the board's traveller.
    fn sign_from_assistant(ns: &str, ew: Option<&str>) -> (AdjustScreen, Opened) {
        let p = demo_with_results();
        let o = open(&p, &|_| {}).unwrap();
        let at = AdjustAt {
            section: "A".into(),
            board: 13,
            round: Some(1),
            table: Some(3),
        };
        let ns = views::parse_outcomes(ns).unwrap();
        let ew = ew.map(|e| views::parse_outcomes(e).unwrap());
        let v = show(&o, &at, &ns, ew.as_deref(), "en").unwrap();
        let shown = serde_json::to_value(&v).unwrap();
        let ruling = serde_json::json!({
            "section": "A", "round": 1, "table": 3, "board": 13,
            "ns": v.ns, "ew": v.ew, "offender": v.ew,
            "facts": "Misinformation about the 2D opening; N-S would have reached 3NT",
            "facts_agreed": true, "laws": ["21B3", "12C1(c)"], "category": "judgement",
            "decision": "weighted adjusted score", "adjustment": shown["adjustment"],
            "appeal_notice": true,
        });
        let ruling: tdlog::events::Ruling = serde_json::from_value(ruling).unwrap();
        let id = crate::workflow::append(
            &p,
            &device_dir(&p),
            &demo_key("td1"),
            tdlog::events::Payload::Ruling(Box::new(ruling)),
            4_102_444_800_000,
        )
        .unwrap();
        let after = open(&p, &|_| {}).unwrap();
        let signed = after
            .replayed
            .log
            .events
            .iter()
            .find(|e| e.id == id)
            .unwrap();
        match &signed.payload {
            tdlog::events::Payload::Ruling(r) => {
                assert_eq!(
                    r.adjustment, v.adjustment,
                    "the signed score is the assistant's"
                )
            }
            other => panic!("{other:?}"),
        }
        (v, after)
    }

    fn row_at(o: &Opened) -> tdlog::results::ResultRow {
        o.replayed
            .results
            .iter()
            .find(|x| (x.round, x.table, x.board) == (1, 3, 13))
            .unwrap()
            .clone()
    }

    #[test]
    fn law_12c1c_the_assistants_weighted_score_signed_in_a_ruling_scores_as_predicted() {
        let (v, o) = sign_from_assistant("3NT= S 30%, 3NT-1 S 70%", None);
        assert_eq!(
            serde_json::to_value(v.adjustment.as_ref().unwrap()).unwrap(),
            serde_json::json!({"kind": "weighted", "ns": [
                {"weight": 30, "contract": "3NT", "declarer": "S", "tricks": 9},
                {"weight": 70, "contract": "3NT", "declarer": "S", "tricks": 8},
            ]})
        );
        // As the assistant predicted: 0.3 x 10 + 0.7 x -5 = -0.5 IMP to N-S, +0.5 to E-W.
        let w = v.weighted.as_ref().unwrap();
        assert_eq!((w.imp_ns, w.imp_ew), (Some(-0.5), Some(0.5)));
        let row = row_at(&o);
        assert_eq!((row.imp_ns, row.imp_ew), (w.imp_ns, w.imp_ew));
        // The ruling is listed with its weighted score, and the board's traveller shows it.
        let listed = &crate::workflow::rulings(&o)[0].rec.ruling;
        assert_eq!(listed.adjustment, v.adjustment);
        let slot = tdlog::events::Slot {
            section: "A".into(),
            round: 1,
            table: 3,
            board: 13,
        };
        let b = crate::board::show(&o, &slot, "en").unwrap();
        let here = b.board.traveller.iter().find(|r| r.row.table == 3).unwrap();
        assert_eq!(here.law.as_deref(), Some("21B3, 12C1(c)"));
        assert_eq!(
            here.row.result,
            "adjusted under Law 21B3, 12C1(c): weighted 30/100 of 3NT by S, 9 tricks + 70/100 of 3NT by S, 8 tricks"
        );
    }

    #[test]
    fn law_12c1c_e_w_weighted_differently_is_signed_and_scored_side_by_side() {
        // The non-offending N-S get 50 % of 3NT made; the offending E-W are scored as if
        // 3NT made 80 % of the time.
        let (v, o) =
            sign_from_assistant("3NT= S 50%, 3NT-1 S 50%", Some("3NT= S 80%, 3NT-1 S 20%"));
        let adj = serde_json::to_value(v.adjustment.as_ref().unwrap()).unwrap();
        assert_eq!(adj["ew"][0]["weight"], 80);
        // N-S: 0.5 x 10 + 0.5 x -5 = +2.5 IMP. E-W: 0.8 x -10 + 0.2 x 5 = -7 IMP (no balance).
        let w = v.weighted.as_ref().unwrap();
        assert_eq!((w.imp_ns, w.imp_ew), (Some(2.5), Some(-7.0)));
        let ew_rows = v.outcomes_ew.as_ref().unwrap();
        assert_eq!(
            (ew_rows[0].scored.imp_ew, ew_rows[1].scored.imp_ew),
            (Some(-10.0), Some(5.0))
        );
        let row = row_at(&o);
        assert_eq!((row.imp_ns, row.imp_ew), (w.imp_ns, w.imp_ew));
    }
}
