//! Results out of the app (issue 30): the same engine function as `tdlog write-results`
//! (`tdlog::views::export::results_file`), written through the safe writer. An existing file
//! is refused until the user confirms (`overwrite`), as the CLI refuses without `--force`.

use crate::commands::AppState;
use crate::error::AppError;
use crate::session::Opened;
use std::path::Path;
use tauri::State;
use tdlog::views::export::{results_file, ResultsFormat};

/// Where the results went, and what the format could not carry.
#[derive(Debug, serde::Serialize)]
pub struct Exported {
    /// `None`: the save dialog was cancelled.
    pub path: Option<String>,
    pub not_written: Vec<String>,
}

fn ext(f: ResultsFormat) -> &'static str {
    match f {
        ResultsFormat::Pbn => "pbn",
        ResultsFormat::Usebio => "xml",
    }
}

/// Writes the open log's results as `format` to `path`; an existing file only if `overwrite`.
pub(crate) fn write_results(
    o: &Opened,
    format: ResultsFormat,
    path: &Path,
    overwrite: bool,
) -> Result<Exported, AppError> {
    if path.exists() && !overwrite {
        return Err(AppError::new(
            "export_exists",
            format!("{} already exists: nothing written", path.display()),
        )
        .with("path", path.display().to_string()));
    }
    let version = concat!("tdlog ", env!("CARGO_PKG_VERSION"));
    let file = results_file(&o.replayed, format, version).map_err(|e| {
        let code = match e {
            tdlog::results::usebio_export::ExportError::Teams(_) => "export_teams",
            tdlog::results::usebio_export::ExportError::Empty => "export_empty",
        };
        AppError::new(code, e.to_string())
    })?;
    tdlog::io_safe::write_output(path, file.text.as_bytes(), overwrite, &[&o.path])?;
    Ok(Exported {
        path: Some(path.display().to_string()),
        not_written: file.not_written,
    })
}

/// The results as PBN or USEBIO, to `path` or to a file chosen in a save dialog.
#[tauri::command]
pub async fn results_export(
    app: tauri::AppHandle,
    state: State<'_, AppState>,
    format: ResultsFormat,
    path: Option<String>,
    overwrite: bool,
) -> Result<Exported, AppError> {
    use tauri_plugin_dialog::DialogExt;
    let o = state.current()?;
    crate::commands::blocking(move || {
        let e = ext(format);
        let target = match path.filter(|p| !p.trim().is_empty()) {
            Some(p) => Some(std::path::PathBuf::from(p.trim())),
            None => app
                .dialog()
                .file()
                .add_filter(e, &[e])
                .set_file_name(format!("results.{e}"))
                .blocking_save_file()
                .and_then(|f| f.into_path().ok()),
        };
        match target {
            Some(t) => write_results(&o, format, &t, overwrite),
            None => Ok(Exported {
                path: None,
                not_written: vec![],
            }),
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests_support::*;

    #[test]
    fn results_export_writes_the_cli_bytes_and_refuses_an_existing_file_until_confirmed() {
        let p = demo_with_results();
        let o = open(&p, &|_| {}).unwrap();
        let out = p.with_file_name("results.pbn");
        let done = write_results(&o, ResultsFormat::Pbn, &out, false).unwrap();
        assert_eq!(
            done.path.as_deref(),
            Some(out.display().to_string().as_str())
        );
        let text = std::fs::read_to_string(&out).unwrap();
        let same = results_file(
            &o.replayed,
            ResultsFormat::Pbn,
            concat!("tdlog ", env!("CARGO_PKG_VERSION")),
        )
        .unwrap()
        .text;
        assert_eq!(text, same);
        // The same file again: refused, nothing written, until confirmed.
        std::fs::write(&out, "kept").unwrap();
        let e = write_results(&o, ResultsFormat::Pbn, &out, false).unwrap_err();
        assert_eq!(e.code, "export_exists");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "kept");
        write_results(&o, ResultsFormat::Pbn, &out, true).unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), same);
        // Never over the log itself, even confirmed.
        assert!(write_results(&o, ResultsFormat::Pbn, &p, true).is_err());
        // The demo is a teams match: USEBIO (pairs) says so.
        let e = write_results(&o, ResultsFormat::Usebio, &p.with_file_name("r.xml"), false)
            .unwrap_err();
        assert_eq!(e.code, "export_teams");
    }
}
