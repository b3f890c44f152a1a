//! The results as a file other programs read: `tdlog write-results` and the app's export
//! call this one function, so both write the same bytes. Pure: the replayed log in, the text
//! and what the format leaves out (said, never silently dropped) out.
use super::Replayed;
use crate::results::{pbn_export, ranking, usebio_export};
use serde::{Deserialize, Serialize};

/// The formats tdlog writes results in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultsFormat {
    /// PBN 2.1: every result, ruling and deal (`results::pbn_export`).
    Pbn,
    /// USEBIO 1.2 of the pairs sections (`results::usebio_export`).
    Usebio,
}

/// A results file: its text and the results it could not carry.
#[derive(Debug, Clone, Serialize)]
pub struct ResultsFile {
    pub text: String,
    pub not_written: Vec<String>,
}

/// The log's results as `format`; `version` names the writer in the file.
pub fn results_file(
    r: &Replayed,
    format: ResultsFormat,
    version: &str,
) -> Result<ResultsFile, usebio_export::ExportError> {
    let (t, rows) = (&r.tournament, &r.results);
    let rk = ranking(t, rows);
    Ok(match format {
        ResultsFormat::Usebio => ResultsFile {
            text: usebio_export::export(t, rows, &rk.standings, version)?,
            not_written: usebio_export::not_written(t, rows),
        },
        ResultsFormat::Pbn => ResultsFile {
            text: pbn_export::export(t, rows, &rk, Some(&r.tables), version),
            not_written: vec![],
        },
    })
}
