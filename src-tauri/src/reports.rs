//! Reports from the app, as `tdlog report appeal|casebook`: the appeal form (dossier) of one
//! appeal or the casebook of the event, as HTML or PDF in the chosen language, written by
//! `appeals::report` and saved to a file the TD chose.

use crate::error::AppError;
use crate::session::Opened;
use std::path::Path;
use tdlog::appeals::{report, Folded};
use tdlog::i18n::Lang;

/// What to write: `appeal` (with its id) or `casebook`; `html` or `pdf`.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct ReportRequest {
    pub kind: String,
    pub appeal: Option<String>,
    pub format: String,
    pub lang: String,
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
                "a report is an appeal form or a casebook",
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

/// Writes the report next to nothing else: a temporary file renamed into place.
pub fn save(bytes: &[u8], path: &Path) -> Result<(), AppError> {
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)?;
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
}
