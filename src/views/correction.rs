//! A score correction from the desktop app (`result.corrected`, Law 79C): the table result as
//! corrected, with the pairs (or teams) taken from the movement so the UI never types them,
//! and, after the correction period, the organiser's consent it relies on (Law 79C2). The
//! workflow guards (`appeals::append_checked`) decide at append time whether the period is
//! still open or the consent fits; this only builds and checks the payload.
use super::incident::pairs_at;
use super::{Replayed, ViewError};
use crate::bridge::seat::Seat;
use crate::events::{Payload, ScoreCorrected, Slot, TableResult};
use crate::log::Hash32;

/// The `result.corrected` payload for `slot`: `contract` (e.g. `4S`, `3NTX`, `Pass`), its
/// declarer and tricks, the reason, and the id of the organiser's late-correction consent.
pub fn correction_payload(
    r: &Replayed,
    slot: &Slot,
    result: TableResult,
    reason: &str,
    late_consent: Option<&str>,
) -> Result<Payload, ViewError> {
    let (ns, ew) = pairs_at(r, slot)?;
    let late_consent = late_consent
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Hash32::from_hex(s).map_err(|_| ViewError::BadEventId(s.to_string())))
        .transpose()?;
    let p = Payload::ScoreCorrected(Box::new(ScoreCorrected {
        slot: slot.clone(),
        ns,
        ew,
        result,
        reason: reason.to_string(),
        late_consent,
    }));
    p.encode()?;
    Ok(p)
}

/// A table result from the form's fields; declarer and tricks only for a contract played.
pub fn table_result(contract: &str, declarer: Option<Seat>, tricks: Option<u8>) -> TableResult {
    TableResult {
        contract: contract.trim().to_string(),
        declarer,
        tricks,
    }
}
