//! Deadlines and guards that follow from recorded times (Laws 69, 79C, 92B, 92D). Pure: the
//! caller passes the times; nothing reads a clock.
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

/// The correction period (Law 79C1) and the appeal period (Law 92B) are separate settings
/// with the same 30-minute default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Periods {
    pub correction_minutes: i64,
    pub appeal_minutes: i64,
}

impl Default for Periods {
    fn default() -> Self {
        Periods {
            correction_minutes: 30,
            appeal_minutes: 30,
        }
    }
}

impl Periods {
    /// End of the correction period (Law 79C1).
    pub fn correction_ends(&self, published: DateTime<Utc>) -> DateTime<Utc> {
        published + Duration::minutes(self.correction_minutes)
    }

    /// End of the appeal period (Law 92B).
    pub fn appeal_ends(&self, published: DateTime<Utc>) -> DateTime<Utc> {
        published + Duration::minutes(self.appeal_minutes)
    }

    /// Law 79C1: an agreed scoring error may be corrected until the period ends.
    pub fn scoring_correction_in_time(&self, published: DateTime<Utc>, at: DateTime<Utc>) -> bool {
        at <= self.correction_ends(published)
    }

    /// Law 92B: an appeal (or request for a ruling) must be made before the deadline.
    pub fn appeal_in_time(&self, published: DateTime<Utc>, at: DateTime<Utc>) -> bool {
        at <= self.appeal_ends(published)
    }
}

/// Type of event, for the consent rule of Law 92D.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    Pairs,
    Teams,
    Individual,
}

/// Who has signed an appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Consent {
    pub appellant: bool,
    pub partner: bool,
    pub captain: bool,
}

/// Law 92D: pairs need both partners, teams the captain, individuals the player alone.
pub fn appeal_consent_ok(kind: EventKind, c: Consent) -> bool {
    match kind {
        EventKind::Pairs => c.appellant && c.partner,
        EventKind::Teams => c.captain,
        EventKind::Individual => c.appellant,
    }
}

/// Law 69A: acquiescence in a claim is established when the acquiescing side calls on the
/// next board or the round ends, whichever comes first (None while neither happened).
pub fn acquiescence_established(
    next_board_call: Option<DateTime<Utc>>,
    round_end: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    match (next_board_call, round_end) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Law 69B / Law 71: may agreement to a claim be withdrawn (or a concession cancelled) now?
/// `actually_won` is mechanical (the trick record); `probably_won` is a TD judgement (69B2).
/// Returns the branch ("69B1" or "69B2") if the board is to be rescored.
pub fn claim_agreement_withdrawal(
    periods: &Periods,
    published: DateTime<Utc>,
    at: DateTime<Utc>,
    actually_won: bool,
    probably_won: bool,
) -> Option<&'static str> {
    if !periods.scoring_correction_in_time(published, at) {
        return None;
    }
    if actually_won {
        Some("69B1")
    } else if probably_won {
        Some("69B2")
    } else {
        None
    }
}
