//! `tdlog write-results` and `tdlog publish-site`: the results from the log as files other
//! programs read, and as a static site. Each is a pure function of the verified log.

use super::CliResult;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use tdlog::results::ranking;

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// USEBIO 1.2 XML (pairs sections).
    Usebio,
    /// PBN 2.1 with deals, auctions and play where recorded, results and score tables.
    Pbn,
}

#[derive(Args)]
pub struct WriteArgs {
    #[arg(value_enum)]
    format: Format,
    log: PathBuf,
    /// The file to write (refused if it exists).
    #[arg(long)]
    out: PathBuf,
}

#[derive(Args)]
pub struct SiteArgs {
    log: PathBuf,
    /// The directory to write the pages into (created if missing).
    #[arg(long)]
    out: PathBuf,
}

fn create(path: &std::path::Path, text: &str) -> CliResult {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    Ok(0)
}

pub fn write(a: WriteArgs) -> CliResult {
    let v = super::open_log(&a.log)?.verify(None)?;
    v.require_no_forks()?;
    let rp = tdlog::views::Replayed::new(v);
    let (t, rows) = (&rp.tournament, &rp.results);
    let r = ranking(t, rows);
    let version = concat!("tdlog ", env!("CARGO_PKG_VERSION"));
    let text = match a.format {
        Format::Usebio => tdlog::results::usebio_export::export(t, rows, &r.standings, version)?,
        Format::Pbn => tdlog::results::pbn_export::export(t, rows, &r, Some(&rp.tables), version),
    };
    create(&a.out, &text)?;
    println!("wrote {}", a.out.display());
    Ok(0)
}

pub fn site(a: SiteArgs) -> CliResult {
    use sha2::{Digest, Sha256};
    let v = super::open_log(&a.log)?.verify(None)?;
    v.require_no_forks()?;
    let mut h = Sha256::new();
    for e in &v.events {
        h.update(e.id.0);
    }
    let head = tdlog::results::site::LogHead {
        log_id: v.log_id.to_string(),
        events: v.events.len(),
        digest: hex::encode(h.finalize()),
    };
    let t = tdlog::appeals::fold(&v, None).tournament;
    let rows = tdlog::results::results(&t);
    let r = ranking(&t, &rows);
    let pages = tdlog::results::site::site(&t, &rows, &r, &head);
    for (path, html) in &pages {
        let p = a.out.join(path);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d)
                .map_err(|e| format!("cannot create {}: {e}", d.display()))?;
        }
        std::fs::write(&p, html).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    println!("wrote {} pages to {}", pages.len(), a.out.display());
    Ok(0)
}
