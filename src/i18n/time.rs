//! Signed times as a person reads them: in the event's time zone (`config.event`), with the
//! zone named, in the reader's language. Pure: the zone is the event's signed setting (UTC
//! without one), never the reading machine's, so every machine prints the same bytes.
//! JSON keeps the UTC RFC 3339 time.

use super::Lang;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;

/// `wall_ms` (ms since the epoch, UTC) in `zone` as `lang` writes a date and time, with the
/// zone named: "2026-11-26 14:05:09 CET" (en), "26.11.2026 14:05:09 CET" (de),
/// "26.11.2026 14.05.09 CET" (da). A zone without a letter abbreviation is named by its
/// offset and IANA name: "UTC+03 (Europe/Istanbul)".
pub fn local_time(lang: Lang, zone: Option<Tz>, wall_ms: i64) -> String {
    let Some(utc) = DateTime::<Utc>::from_timestamp_millis(wall_ms) else {
        return wall_ms.to_string();
    };
    let tz = zone.unwrap_or(chrono_tz::UTC);
    let t = utc.with_timezone(&tz);
    let (date, clock) = match lang {
        Lang::En => ("%Y-%m-%d", "%H:%M:%S"),
        Lang::De => ("%d.%m.%Y", "%H:%M:%S"),
        Lang::Da => ("%d.%m.%Y", "%H.%M.%S"),
    };
    format!(
        "{} {} {}",
        t.format(date),
        t.format(clock),
        zone_label(tz, &t.format("%Z").to_string())
    )
}

/// A zone as printed after a time: its abbreviation ("CET", "CEST", "UTC"), or, where the
/// zone has none ("+03"), the offset and the IANA name.
fn zone_label(tz: Tz, abbr: &str) -> String {
    if abbr.starts_with(['+', '-']) {
        format!("UTC{abbr} ({})", tz.name())
    } else {
        abbr.to_string()
    }
}

/// A time as a TD types it, read in the event's `zone` (UTC without one): RFC 3339 with its
/// own offset ("2026-11-26T19:30:00+01:00"), a local date and time ("2026-11-26 19:30",
/// "26.11.2026 19:30"), or a clock time alone ("19:30", "19.30") on the local date of
/// `reference_ms` (the signing time). Pure; a time a zone skips or repeats (the clock
/// change) is refused rather than guessed.
pub fn parse_local(s: &str, zone: Option<Tz>, reference_ms: i64) -> Result<i64, String> {
    use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
    let s = s.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(t.timestamp_millis());
    }
    let tz = zone.unwrap_or(chrono_tz::UTC);
    let clock = |c: &str| {
        ["%H:%M", "%H.%M", "%H:%M:%S"]
            .iter()
            .find_map(|f| NaiveTime::parse_from_str(c, f).ok())
    };
    let naive = if let Some(t) = clock(s) {
        let day = DateTime::<Utc>::from_timestamp_millis(reference_ms)
            .ok_or_else(|| format!("{reference_ms} is not a time"))?
            .with_timezone(&tz)
            .date_naive();
        Some(NaiveDateTime::new(day, t))
    } else {
        s.split_once([' ', 'T']).and_then(|(d, c)| {
            let date = ["%Y-%m-%d", "%d.%m.%Y"]
                .iter()
                .find_map(|f| NaiveDate::parse_from_str(d, f).ok())?;
            Some(NaiveDateTime::new(date, clock(c)?))
        })
    };
    let naive = naive
        .ok_or_else(|| format!("{s:?} is not a time (give 19:30, 2026-11-26 19:30 or RFC 3339)"))?;
    match tz.from_local_datetime(&naive) {
        chrono::LocalResult::Single(t) => Ok(t.timestamp_millis()),
        _ => Err(format!(
            "{s:?} does not name one moment in {} (the clock changes then)",
            tz.name()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_time_is_read_in_the_events_zone() {
        let cph: Tz = "Europe/Copenhagen".parse().unwrap();
        // 19:30 CET on the local date of 2026-11-26T13:05:09Z is 18:30 UTC.
        let want = 1_795_717_800_000;
        assert_eq!(parse_local("19:30", Some(cph), WINTER), Ok(want));
        assert_eq!(parse_local("19.30", Some(cph), WINTER), Ok(want));
        assert_eq!(parse_local("2026-11-26 19:30", Some(cph), 0), Ok(want));
        assert_eq!(parse_local("26.11.2026 19:30", Some(cph), 0), Ok(want));
        assert_eq!(parse_local("2026-11-26T18:30:00Z", Some(cph), 0), Ok(want));
        assert_eq!(parse_local("2026-11-26 18:30", None, 0), Ok(want));
        assert!(parse_local("half past seven", Some(cph), 0).is_err());
        // 2026-03-29 02:30 does not exist in Copenhagen (clocks go from 02:00 to 03:00).
        assert!(parse_local("2026-03-29 02:30", Some(cph), 0).is_err());
    }

    // 2026-11-26T13:05:09Z and 2026-07-01T12:00:00Z.
    const WINTER: i64 = 1_795_698_309_000;
    const SUMMER: i64 = 1_782_907_200_000;

    #[test]
    fn a_time_is_printed_in_the_events_zone_with_the_zone_named() {
        let cph: Tz = "Europe/Copenhagen".parse().unwrap();
        assert_eq!(
            local_time(Lang::En, Some(cph), WINTER),
            "2026-11-26 14:05:09 CET"
        );
        assert_eq!(
            local_time(Lang::De, Some(cph), WINTER),
            "26.11.2026 14:05:09 CET"
        );
        assert_eq!(
            local_time(Lang::Da, Some(cph), WINTER),
            "26.11.2026 14.05.09 CET"
        );
        assert_eq!(
            local_time(Lang::En, Some(cph), SUMMER),
            "2026-07-01 14:00:00 CEST"
        );
    }

    #[test]
    fn without_a_zone_the_time_is_utc_and_says_so() {
        assert_eq!(
            local_time(Lang::En, None, WINTER),
            "2026-11-26 13:05:09 UTC"
        );
    }

    #[test]
    fn a_zone_without_an_abbreviation_is_named_by_offset_and_name() {
        let ist: Tz = "Europe/Istanbul".parse().unwrap();
        assert_eq!(
            local_time(Lang::En, Some(ist), WINTER),
            "2026-11-26 16:05:09 UTC+03 (Europe/Istanbul)"
        );
    }
}
