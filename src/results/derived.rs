//! Table results derived by the bridge rules engine from the recorded auction and play
//! (`bridge.auction`, `bridge.play`, `bridge.ruling`): when a board at a table is complete,
//! its contract, declarer, tricks (after Law 64) and Law 77 score become the table result,
//! exactly as if a scorer had recorded them; a later event that changes the derivation (a
//! ruling on a claim, a Law 64B finding) changes it again, with the event in the history.

use super::tournament::{Outcome, Tournament};
use crate::keys::KeyInfo;
use crate::log::CheckedEvent;

impl Tournament {
    /// Folds the event into the boards played on the log and sets every table result it
    /// completed or changed.
    pub(crate) fn fold_bridge(&mut self, e: &CheckedEvent, signer: &KeyInfo) {
        for slot in self.bridge.fold(e, signer) {
            let Some(board) = self.bridge.board(&slot) else {
                continue;
            };
            let derived = board.derived_result();
            let Some(d) = derived else {
                if self.derived.remove(&slot).is_some() {
                    let msg = format!(
                        "board {} round {} table {}: the recorded auction and play no longer \
                         give a complete result; the last derived result stands until the board \
                         is complete again",
                        slot.board, slot.round, slot.table
                    );
                    self.warn(e, msg);
                }
                continue;
            };
            if self.derived.get(&slot) == Some(&d.result) {
                continue;
            }
            let Some(t) = self
                .tables
                .get(&(slot.section.clone(), slot.round, slot.table))
                .cloned()
            else {
                let msg = format!(
                    "board {} round {} table {}: no structure.table says who sat there; the \
                     derived result {} is not scored",
                    slot.board, slot.round, slot.table, d.result.contract
                );
                self.warn(e, msg);
                continue;
            };
            self.derived.insert(slot.clone(), d.result.clone());
            let outcome = Outcome::Played {
                contract: d.result.contract.clone(),
                declarer: d.result.declarer,
                tricks: d.result.tricks,
                score_ns: d.score.ns,
            };
            self.set(e, signer, &slot, &t.ns, &t.ew, outcome, None, None);
        }
    }
}
