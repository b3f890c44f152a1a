//! The adjustment assistant (Law 12C1) in the app: the engine's view model
//! (`tdlog::views::adjust`) over the open log, for the panel on the Rulings screen and the
//! appeal form. The double-dummy analysis takes a moment for a deal not seen yet, so the
//! command runs it on a worker thread; nothing is signed.

use crate::error::AppError;
use crate::session::Opened;
use tdlog::events::Weighted;
use tdlog::views::{self, AdjustAt, AdjustScreen};

/// The assistant for a board: `outcomes` is the weighted score being built (may be empty).
pub fn show(
    o: &Opened,
    at: &AdjustAt,
    outcomes: &[Weighted],
    lang: &str,
) -> Result<AdjustScreen, AppError> {
    Ok(views::adjust(
        &o.replayed,
        at,
        outcomes,
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
        let v = show(&o, &at, &outcomes, "de").unwrap();
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
}
