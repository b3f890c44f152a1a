//! An imported file's artificial scores when the signer is no director.

use super::{Plan, Problem};
use crate::events::{Payload, ResultNotPlayed};

impl Plan {
    /// Law 12C2's artificial score is the TD's to award, so only a director's key signs a
    /// `ruling.adjusted_score`. For any other key each becomes a board not played, and one
    /// warning says how many, so the rest of the file still imports.
    pub fn without_adjusted_scores(&mut self) {
        let mut n = 0;
        for p in self.payloads.iter_mut() {
            if let Payload::ScoreAdjusted(a) = p {
                n += 1;
                *p = Payload::ResultNotPlayed(Box::new(ResultNotPlayed {
                    slot: a.slot.clone(),
                    ns: a.ns.clone(),
                    ew: a.ew.clone(),
                    reason: a.reason.clone(),
                }));
            }
        }
        if n > 0 {
            self.warnings.push(Problem {
                line: 0,
                board: None,
                message: format!("{n} artificial score(s) imported as not played: the signing key is no director's (Law 12C2: the TD awards them; import with a TD's key to sign them as ruling.adjusted_score)"),
            });
        }
    }
}
