//! Reports from the app, as `tdlog report appeal|casebook|hands` and `tdlog stats`: the
//! appeal form (dossier) of one appeal, the casebook of the event and its statistics, the
//! session's hand records, and the Doppelkopf lists and standings, as HTML or PDF in the
//! chosen language, saved to a file the TD chose.

use crate::error::AppError;
use crate::session::Opened;
use std::path::Path;
use tdlog::appeals::{report, Folded};
use tdlog::i18n::Lang;

/// What to write: `appeal` (with its id), `casebook`, `stats`, `hands` (every section's
/// deals), `doko-standings` or `doko-list` (with its round and table); `html` or `pdf`.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct ReportRequest {
    pub kind: String,
    pub appeal: Option<String>,
    pub format: String,
    pub lang: String,
    /// The table's list to print (`doko-list`): its round and table.
    #[serde(default)]
    pub round: Option<u32>,
    #[serde(default)]
    pub table: Option<u32>,
}

/// The report's bytes.
pub fn render(o: &Opened, r: &ReportRequest) -> Result<Vec<u8>, AppError> {
    let lang: Lang = r.lang.parse().unwrap_or_default();
    let f = Folded {
        workflow: o.workflow.clone(),
        tournament: o.replayed.tournament.clone(),
        doko: o.doko.clone(),
    };
    let mut blocks = match (r.kind.as_str(), r.appeal.as_deref()) {
        ("casebook", _) => report::casebook(&f, lang),
        // The event's rulings and appeals counted, as `tdlog stats LOG`.
        ("stats", _) => {
            let s = tdlog::appeals::stats::Stats::of(o.replayed.log.log_id, &f);
            tdlog::appeals::stats::blocks(&s, lang)
        }
        // The deals of every section with the double-dummy table and par, as `tdlog report
        // hands` (for the TD to hand out after the session).
        ("hands", _) => tdlog::views::hand_print::blocks(&f.tournament, None, lang),
        // The Doppelkopf standings under the signed tie rule, as `tdlog doko standings --html`.
        ("doko-standings", _) => {
            let s = o
                .doko
                .standings()
                .map_err(|e| AppError::new("invalid", tdlog::i18n::doko_refusal(lang, &e)))?;
            tdlog::views::doko_print::standings_blocks(&s, lang)
        }
        // A table's Spielliste (§6.3) with its corrections and flags, as `tdlog doko list
        // --html|--pdf --lang`.
        ("doko-list", _) => {
            let (Some(round), Some(table)) = (r.round, r.table) else {
                return Err(AppError::new(
                    "invalid",
                    "a list is printed for a round and a table",
                ));
            };
            let l = o
                .doko
                .list(round, table)
                .map_err(|e| AppError::new("invalid", tdlog::i18n::doko_refusal(lang, &e)))?;
            tdlog::views::doko_print::list_blocks(&l, &o.doko.seating(round, table), lang)
        }
        ("appeal", Some(id)) => {
            let a = f
                .workflow
                .appeals
                .values()
                .find(|a| a.id.to_hex() == id)
                .ok_or_else(|| AppError::new("invalid", format!("no appeal {id} in this log")))?;
            report::dossier(&f, a, lang)
        }
        _ => {
            return Err(AppError::new(
                "invalid",
                "a report is an appeal form, the casebook, its statistics, the hand records or a Doppelkopf list or standings",
            ))
        }
    };
    // The last line, as `tdlog report` prints it: the head digest and event count.
    blocks.push(tdlog::views::report_digest(&o.replayed.log, lang));
    match r.format.as_str() {
        "html" => Ok(report::html(&blocks, lang).into_bytes()),
        "pdf" => Ok(report::pdf(&blocks)),
        f => Err(AppError::new(
            "invalid",
            format!("format {f:?}: html or pdf"),
        )),
    }
}

/// Writes the report through `tdlog::io_safe` (a temporary file, synced, renamed into
/// place): never over a tournament log, a key file or `log`, the log the report is made
/// from. An ordinary file may be replaced: the save dialog has asked the TD already.
pub fn save(bytes: &[u8], path: &Path, log: &Path) -> Result<(), AppError> {
    tdlog::io_safe::write_output(path, bytes, true, &[log])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests_support::*;

    #[test]
    fn the_casebook_renders_as_html_and_pdf_and_an_unknown_appeal_is_an_error() {
        let o = open(&demo_with_results(), &|_| {}).unwrap();
        let req = |kind: &str, format: &str| ReportRequest {
            kind: kind.into(),
            appeal: Some("00".into()),
            format: format.into(),
            lang: "de".into(),
            round: None,
            table: None,
        };
        let pdf = render(&o, &req("casebook", "pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let html = String::from_utf8(render(&o, &req("casebook", "html")).unwrap()).unwrap();
        assert!(
            html.contains("lang=\"de\""),
            "{}",
            &html[..200.min(html.len())]
        );
        // The last line names the log's head digest and event count, in the report's language.
        let digest = o.replayed.log.events.len();
        let s = crate::session::summary(&o, None);
        let last = format!(
            "Prüfcode des Protokolls: {} ({digest} Ereignisse)",
            s.digest
        );
        let tail = &html[html.rfind("<p>").unwrap()..];
        assert!(tail.contains(&last), "{tail}");
        assert_eq!(
            render(&o, &req("appeal", "pdf")).unwrap_err().code,
            "invalid"
        );
        assert_eq!(
            render(&o, &req("casebook", "doc")).unwrap_err().code,
            "invalid"
        );
    }

    #[test]
    fn the_hand_records_and_the_statistics_print_from_the_app() {
        let o = open(&demo_with_results(), &|_| {}).unwrap();
        let req = |kind: &str, format: &str| ReportRequest {
            kind: kind.into(),
            appeal: None,
            format: format.into(),
            lang: "da".into(),
            round: None,
            table: None,
        };
        let hands = String::from_utf8(render(&o, &req("hands", "html")).unwrap()).unwrap();
        // Every board of the demo as a compass diagram, in the Danish edition's letters.
        let boards = o
            .replayed
            .tournament
            .boards
            .values()
            .filter(|b| b.deal.is_some())
            .count();
        assert!(boards > 0);
        assert_eq!(hands.matches("class=\"hand\"").count(), boards, "{hands}");
        assert!(hands.contains("Nord") && hands.contains("Syd"), "{hands}");
        assert!(render(&o, &req("hands", "pdf"))
            .unwrap()
            .starts_with(b"%PDF-"));
        let stats = String::from_utf8(render(&o, &req("stats", "html")).unwrap()).unwrap();
        assert!(stats.contains("lang=\"da\""), "{stats}");
        assert!(render(&o, &req("stats", "pdf"))
            .unwrap()
            .starts_with(b"%PDF-"));
    }

    #[test]
    fn a_report_is_never_saved_over_the_log_or_a_key_file() {
        let log = demo();
        let before = std::fs::read(&log).unwrap();
        let e = save(b"<html></html>", &log, &log).unwrap_err();
        assert_eq!(e.code, "io");
        assert!(e.message.contains("own inputs"), "{}", e.message);
        let key = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/demo/keys/td1.key");
        let key_before = std::fs::read(key).unwrap();
        let other = log.with_file_name("elsewhere.html");
        assert!(save(b"x", Path::new(key), &other).is_err());
        assert_eq!(std::fs::read(key).unwrap(), key_before);
        assert_eq!(std::fs::read(&log).unwrap(), before);
        save(b"one", &other, &log).unwrap();
        save(b"two", &other, &log).unwrap();
        assert_eq!(std::fs::read(&other).unwrap(), b"two");
    }
}
