//! Deadlines from signed times: the correction period (Law 79C1, D1) and the appeal period
//! (Law 92B, D3), each from the publication of official results, by the organiser's settings
//! in force when the step is signed (so a later extension applies to open clocks).

use crate::events::{Anchor, AppealSettings, LateRulingAnchor};
use crate::log::Hash32;
use serde::Serialize;

/// One publication of official results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Publication {
    pub event: Hash32,
    pub wall_ms: i64,
    /// Empty = every section.
    pub sections: Vec<String>,
    pub session: Option<String>,
}

impl Publication {
    pub fn covers(&self, section: &str) -> bool {
        self.sections.is_empty() || self.sections.iter().any(|s| s == section)
    }
}

const MINUTE: i64 = 60_000;

/// The publication a deadline runs from: the first covering `section` at or after `since`,
/// or the latest when a republication restarts the clocks.
pub fn anchor<'a>(
    pubs: &'a [Publication],
    section: &str,
    since: i64,
    restarts: bool,
) -> Option<&'a Publication> {
    let mut it = pubs
        .iter()
        .filter(|p| p.covers(section) && p.wall_ms >= since);
    if restarts {
        it.next_back()
    } else {
        it.next()
    }
}

/// End of the Law 79C1 correction period for a board of `section` (`None`: not yet published).
pub fn correction_deadline(
    pubs: &[Publication],
    settings: &AppealSettings,
    section: &str,
) -> Option<i64> {
    anchor(pubs, section, i64::MIN, settings.republication_restarts)
        .map(|p| p.wall_ms + settings.correction_minutes as i64 * MINUTE)
}

/// End of the Law 92B appeal period for a ruling made at `ruling_ms` in `section`
/// (`None`: results not yet published, the period has not started).
pub fn appeal_deadline(
    pubs: &[Publication],
    settings: &AppealSettings,
    section: &str,
    ruling_ms: i64,
) -> Option<i64> {
    match settings.appeal_anchor {
        Anchor::Ruling => Some(ruling_ms + settings.appeal_minutes as i64 * MINUTE),
        Anchor::Publication => anchor(pubs, section, ruling_ms, settings.republication_restarts)
            .map(|p| p.wall_ms + settings.appeal_minutes as i64 * MINUTE),
    }
}

/// What a ruling's Law 92B period runs from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodFrom {
    /// The publication of the board's official score (Law 92B).
    Publication,
    /// The ruling itself: the organiser's `appeal_anchor: ruling`, or a ruling given after
    /// its board was published (`late_ruling_anchor: ruling`, the default).
    Ruling,
    /// The republication a late ruling caused (`late_ruling_anchor: republication`).
    Republication,
}

/// The publication in which the board's score was first made available before `ruling_ms`:
/// the first covering `section` at or after the board's first result (`board_ms`). A board
/// with no result on the log is not known to be published.
pub fn published_before<'a>(
    pubs: &'a [Publication],
    section: &str,
    board_ms: Option<i64>,
    ruling_ms: i64,
) -> Option<&'a Publication> {
    let b = board_ms?;
    pubs.iter()
        .find(|p| p.covers(section) && p.wall_ms >= b)
        .filter(|p| p.wall_ms < ruling_ms)
}

/// End of the Law 92B period of a ruling made at `ruling_ms` on a board whose first result
/// reached the log at `board_ms`, and what it runs from (`None`: not started yet).
pub fn ruling_appeal_deadline(
    pubs: &[Publication],
    settings: &AppealSettings,
    section: &str,
    board_ms: Option<i64>,
    ruling_ms: i64,
) -> Option<(i64, PeriodFrom)> {
    if settings.appeal_anchor == Anchor::Ruling {
        return appeal_deadline(pubs, settings, section, ruling_ms)
            .map(|d| (d, PeriodFrom::Ruling));
    }
    if published_before(pubs, section, board_ms, ruling_ms).is_none() {
        return appeal_deadline(pubs, settings, section, ruling_ms)
            .map(|d| (d, PeriodFrom::Publication));
    }
    let minutes = settings
        .late_ruling_minutes
        .unwrap_or(settings.appeal_minutes) as i64;
    match settings.late_ruling_anchor {
        LateRulingAnchor::Ruling => Some((ruling_ms + minutes * MINUTE, PeriodFrom::Ruling)),
        LateRulingAnchor::Republication => {
            anchor(pubs, section, ruling_ms, settings.republication_restarts)
                .map(|p| (p.wall_ms + minutes * MINUTE, PeriodFrom::Republication))
        }
    }
}

/// Law 92B: the end of the right to request a ruling on a board (the appeal period from the
/// publication of its score; `None`: not known to be published, or the organiser runs
/// periods from the ruling).
pub fn request_deadline(
    pubs: &[Publication],
    settings: &AppealSettings,
    section: &str,
    board_ms: Option<i64>,
) -> Option<i64> {
    if settings.appeal_anchor == Anchor::Ruling {
        return None;
    }
    anchor(pubs, section, board_ms?, settings.republication_restarts)
        .map(|p| p.wall_ms + settings.appeal_minutes as i64 * MINUTE)
}

/// RFC 3339 (UTC, seconds) of a signed time.
pub fn rfc3339(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_else(|| ms.to_string())
}
