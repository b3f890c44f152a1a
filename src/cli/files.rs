//! `tdlog write-results` and `tdlog publish-site`: the results from the log as files other
//! programs read, and as a static site. Each is a pure function of the verified log.

use super::CliResult;
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
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
    /// The file to write (refused if it exists, unless --force).
    #[arg(long)]
    out: PathBuf,
    /// Replace OUT if it exists (never a log, a key file, this device's data or the log).
    #[arg(long)]
    force: bool,
}

#[derive(Args)]
pub struct SiteArgs {
    log: PathBuf,
    /// The directory to write the pages into (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// Replace pages that exist (never a log, a key file, this device's data or the log).
    #[arg(long)]
    force: bool,
}

/// The directory `dir` below `base` (`base` included), made where missing; a symbolic link
/// on the way is refused: no link is followed for an output.
fn output_dir(base: &Path, dir: &Path) -> Result<(), tdlog::io_safe::FileError> {
    use tdlog::io_safe::FileError;
    let mut at = base.to_path_buf();
    let rest = dir.strip_prefix(base).unwrap_or(Path::new(""));
    for part in std::iter::once(None).chain(rest.components().map(Some)) {
        if let Some(c) = part {
            at.push(c);
        }
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => return Err(FileError::Symlink(at)),
            Ok(m) if !m.is_dir() => {
                return Err(FileError::NotAFile {
                    path: at,
                    kind: "file where a directory belongs",
                })
            }
            Ok(_) => {}
            Err(_) => std::fs::create_dir(&at).map_err(|e| FileError::Io(at.clone(), e))?,
        }
    }
    Ok(())
}

pub fn write(a: WriteArgs) -> CliResult {
    tdlog::io_safe::check_output(&a.out, a.force, &[&a.log])?;
    let v = super::open_log(&a.log)?.verify(None)?;
    v.require_no_forks()?;
    let rp = tdlog::views::Replayed::new(v);
    let version = concat!("tdlog ", env!("CARGO_PKG_VERSION"));
    let format = match a.format {
        Format::Usebio => tdlog::views::export::ResultsFormat::Usebio,
        Format::Pbn => tdlog::views::export::ResultsFormat::Pbn,
    };
    let file = tdlog::views::export::results_file(&rp, format, version)?;
    tdlog::io_safe::write_output(&a.out, file.text.as_bytes(), a.force, &[&a.log])?;
    for w in &file.not_written {
        eprintln!("warning: {w}");
    }
    println!("wrote {}", a.out.display());
    Ok(0)
}

pub fn site(a: SiteArgs) -> CliResult {
    use sha2::{Digest, Sha256};
    let log = super::open_log(&a.log)?;
    let v = log.verify(None)?;
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
    let publication = v
        .events
        .iter()
        .rev()
        .find(|e| e.env.kind == "results.published")
        .map(|e| e.id);
    // The site shows what was published: the events of the latest publication's tree (its
    // signer's causal past), which its pages prove; what came after waits for the next.
    let t = match publication {
        Some(p) => {
            let leaves: std::collections::HashSet<tdlog::log::Hash32> =
                tdlog::log::tree::leaves(&v, p)?.into_iter().collect();
            // Tree heads, receipts and checkpoints after it say nothing the site shows.
            let later = v
                .events
                .iter()
                .filter(|e| !leaves.contains(&e.id))
                .filter(|e| {
                    !matches!(
                        &*e.env.kind,
                        "results.tree_head" | "log.receipt" | "log.checkpoint"
                    )
                })
                .count();
            if later > 0 {
                eprintln!("note: {later} events signed after the latest publication (or unseen by it) are not on the site: publish again (`tdlog publish`) to show them");
            }
            let published = tdlog::log::Verified {
                log_id: v.log_id,
                events: v
                    .events
                    .iter()
                    .filter(|e| leaves.contains(&e.id))
                    .cloned()
                    .collect(),
                keys: v.keys.clone(),
                excluded: vec![],
                pending_forks: vec![],
                heads: v.heads.clone(),
            };
            tdlog::appeals::fold(&published, None).tournament
        }
        None => tdlog::appeals::fold(&v, None).tournament,
    };
    let rows = tdlog::results::results(&t);
    let r = ranking(&t, &rows);
    // Each board page carries its proof against the latest publication's signed tree head
    // (issue 33): the stored bytes of the events behind it, read from the log as stored.
    let proofs = match publication {
        Some(p) => {
            let mut raw: tdlog::log::hash::IdMap<tdlog::log::RawEvent> = Default::default();
            for i in log.read_inputs()? {
                raw.insert(i.raw.id(), i.raw);
            }
            tdlog::results::site_proof::board_proofs(&v, &raw, &t, p)?
        }
        None => {
            eprintln!("warning: no results have been published in this log: the board pages carry no proof to check");
            Default::default()
        }
    };
    let pages = tdlog::results::site::site(&t, &rows, &r, &head, &proofs);
    // Every page through the safe writer, each checked before any is written: a refused
    // page (an existing one without --force, a link, a key) leaves the site as it was.
    for (path, _) in &pages {
        tdlog::io_safe::check_output(&a.out.join(path), a.force, &[&a.log])?;
    }
    for (path, html) in &pages {
        let p = a.out.join(path);
        output_dir(&a.out, p.parent().unwrap_or(&a.out))?;
        tdlog::io_safe::write_output(&p, html.as_bytes(), a.force, &[&a.log])?;
    }
    println!("wrote {} pages to {}", pages.len(), a.out.display());
    Ok(0)
}

#[derive(Args)]
pub struct VerifySiteArgs {
    /// The site's directory (as `tdlog publish-site --out` wrote it).
    dir: PathBuf,
    /// The language of the reasons (en, de, da).
    #[arg(long, default_value = "en")]
    lang: String,
    /// The tree root of a publication you kept (hex): every page must have grown from it.
    #[arg(long)]
    kept: Option<String>,
}

/// `tdlog verify-site DIR`: every board page checked as it checks itself in a browser
/// (`results::site_check`), and every page naming the same publication and tree. Exit 0
/// when all are verified, 2 when one is not (each named with its reason).
pub fn verify_site(a: VerifySiteArgs) -> CliResult {
    use tdlog::results::site_check::{check_page, Scores, Verdict};
    let lang: tdlog::i18n::Lang = a.lang.parse()?;
    let kept = a
        .kept
        .as_deref()
        .map(tdlog::log::Hash32::from_hex)
        .transpose()
        .map_err(|e| format!("--kept: {e}"))?;
    let mut pages = Vec::new();
    for sub in std::fs::read_dir(&a.dir).map_err(|e| format!("{}: {e}", a.dir.display()))? {
        let sub = sub?.path();
        if !sub.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&sub)? {
            let f = f?.path();
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with("board-") && name.ends_with(".html") {
                pages.push(f);
            }
        }
    }
    pages.sort();
    if pages.is_empty() {
        return Err(format!(
            "{}: no board pages (board-*.html) in its language folders",
            a.dir.display()
        )
        .into());
    }
    let (mut bad, mut trees) = (0, std::collections::BTreeSet::new());
    for p in &pages {
        let html = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
        match check_page(&html, kept.as_ref()) {
            Verdict::Verified {
                events,
                publication,
                tree,
                signers,
                scores,
                earlier,
            } => {
                trees.insert((publication, tree.size, tree.root));
                let scores = match scores {
                    Scores::Checked { lines } => format!("scores of {lines} tables recomputed"),
                    Scores::Partial { lines, skipped } => format!(
                        "scores of {lines} tables recomputed; artificial scores the session settles, not recomputed: {skipped}"
                    ),
                    Scores::Play { lines } => {
                        format!("scores of {lines} tables not recomputed: derived from the play")
                    }
                };
                println!(
                    "{}: verified ({events} events behind the board; publication {}, tree of {} events, root {}; head signed by {}; {scores})",
                    p.display(),
                    &publication.to_hex()[..12],
                    tree.size,
                    &tree.root.to_hex()[..16],
                    signers.join("; ")
                );
                // What moved the board since a publication it only added to.
                for e in earlier.iter().filter(|e| !e.board.is_empty()) {
                    let what: Vec<String> = e
                        .board
                        .iter()
                        .map(|(kind, holder)| {
                            let name =
                                tdlog::i18n::lookup(lang, &format!("event.{kind}")).unwrap_or(kind);
                            format!("{name} ({holder})")
                        })
                        .collect();
                    println!(
                        "  since the publication of {} (tree of {} events, root {}): {} events, on this board: {}",
                        e.signed_at,
                        e.tree.size,
                        &e.tree.root.to_hex()[..16],
                        e.events,
                        what.join("; ")
                    );
                }
            }
            Verdict::Score(m) => {
                bad += 1;
                let why = tdlog::i18n::site_text(lang, "verify.score")
                    .replace("{round}", &m.round)
                    .replace("{table}", &m.table);
                println!("{}: NOT VERIFIED: {why}", p.display());
            }
            Verdict::Failed { reason, event } => {
                bad += 1;
                let why = tdlog::i18n::site_text(lang, &format!("verify.{reason}")).replace(
                    "{event}",
                    &event
                        .map(|e| e.to_hex()[..12].to_string())
                        .unwrap_or_default(),
                );
                println!("{}: NOT VERIFIED: {why}", p.display());
            }
            Verdict::NoProof => {
                bad += 1;
                println!("{}: NOT VERIFIED: the page carries no proof", p.display());
            }
        }
    }
    if trees.len() > 1 {
        bad += 1;
        println!("NOT VERIFIED: the pages name {} different publications or trees: one site shows one log", trees.len());
    }
    println!(
        "{} of {} board pages verified",
        pages.len() - bad.min(pages.len()),
        pages.len()
    );
    Ok(if bad == 0 { 0 } else { 2 })
}
