//! `tdlog report stats`: the casebook statistics (`appeals::stats`) of one tournament or of
//! every log in a folder, as HTML, PDF or JSON. Each log is verified as it is read (as
//! `tdlog report casebook` and `tdlog archive --appeals` do); one that does not verify is
//! not counted and is named in the report and on stderr, the others are still counted, and
//! the exit code is 2 so that a script notices the statistics are incomplete.

use super::{open_log_read_only, CliResult};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use tdlog::appeals::{self, stats::Stats};
use tdlog::i18n::Lang;

#[derive(Clone, Copy, ValueEnum)]
pub enum StatsFormat {
    Html,
    Pdf,
    Json,
}

#[derive(Args)]
pub struct StatsArgs {
    /// Logs, or folders whose `*.tdlog` files are all read (not their subfolders).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "html")]
    format: StatsFormat,
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// Output file (default: stdout).
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Replace the output file if it exists (never a log, a key file or an input).
    #[arg(long)]
    force: bool,
}

/// The logs named: each file as given, each folder's `*.tdlog` files by name.
fn logs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Box<dyn std::error::Error + Send + Sync>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file() && f.extension().is_some_and(|x| x == "tdlog"))
                .collect();
            if found.is_empty() {
                return Err(format!("{}: no *.tdlog file in this folder", p.display()).into());
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Verifies and folds one log; why not, as one line.
fn read(p: &Path) -> Result<(tdlog::log::Hash32, appeals::Folded), String> {
    let v = open_log_read_only(p)
        .and_then(|l| l.verify(None))
        .map_err(|e| e.to_string())?;
    v.require_no_forks().map_err(|e| e.to_string())?;
    let id = v.log_id;
    Ok((id, appeals::fold(&v, None)))
}

pub fn run(a: StatsArgs) -> CliResult {
    let files = logs(&a.paths)?;
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    if let Some(o) = &a.out {
        tdlog::io_safe::check_output(o, a.force, &inputs)?;
    }
    let mut s = Stats::default();
    for f in &files {
        match read(f) {
            Ok((id, folded)) => s.add(id, &folded),
            Err(why) => {
                eprintln!("not counted: {}: {why}", f.display());
                s.refuse(f.display().to_string(), why);
            }
        }
    }
    let bytes = match a.format {
        StatsFormat::Json => {
            let mut b = serde_json::to_vec_pretty(&s)?;
            b.push(b'\n');
            b
        }
        StatsFormat::Html => {
            appeals::report::html(&appeals::stats::blocks(&s, a.lang), a.lang).into_bytes()
        }
        StatsFormat::Pdf => appeals::report::pdf(&appeals::stats::blocks(&s, a.lang)),
    };
    match &a.out {
        Some(p) => {
            tdlog::io_safe::write_output(p, &bytes, a.force, &inputs)?;
            eprintln!("wrote {}", p.display());
        }
        None => {
            use std::io::Write;
            std::io::stdout().write_all(&bytes)?;
        }
    }
    Ok(if s.refused.is_empty() { 0 } else { 2 })
}
