//! `tdlog clocks | appeals | report`: what the appeals workflow shows, read only: the open
//! correction and appeal periods, the appeals with their decisions, co-signatures, procedure
//! and conflicts, and the appeal form and casebook (HTML, PDF). Times in the event's time
//! zone; `--json` keeps UTC.

use super::appeals::{folded, hash_or_prefix, lang_env, local, verified_and_folded};
use super::CliResult;
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use tdlog::appeals;
use tdlog::i18n::Lang;

#[derive(Clone, Copy, ValueEnum, PartialEq)]
pub enum Format {
    Html,
    Pdf,
}

/// Where and how a report is written: the same options for the appeal form and the casebook.
#[derive(Args)]
pub struct ReportOut {
    #[arg(long, value_enum, default_value = "html")]
    format: Format,
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// Output file (default: stdout).
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Replace the output file if it exists (never a log, a key file or the command's own input).
    #[arg(long)]
    force: bool,
}

#[derive(Subcommand)]
pub enum ReportCmd {
    /// The appeal form (dossier) of one appeal.
    Appeal {
        log: PathBuf,
        appeal: String,
        #[command(flatten)]
        to: ReportOut,
    },
    /// Every appeal of the event.
    Casebook {
        log: PathBuf,
        #[command(flatten)]
        to: ReportOut,
    },
    /// Statistics of the casebook: rulings and appeals by law, outcomes, time from ruling to
    /// decision, deposits; of one log or across every `*.tdlog` in a folder (HTML, PDF, JSON).
    Stats(super::stats::StatsArgs),
    /// Hand records for the players: every board's deal as a diagram with dealer and
    /// vulnerability, the double-dummy table and the par, two boards to a page.
    Hands {
        log: PathBuf,
        /// Only this section's boards.
        #[arg(long)]
        section: Option<String>,
        #[command(flatten)]
        to: ReportOut,
    },
}

/// Refuses an output path that would destroy something, before any work is done.
fn check_out(out: Option<&Path>, force: bool, log: &Path) -> Result<(), tdlog::io_safe::FileError> {
    match out {
        Some(p) => tdlog::io_safe::check_output(p, force, &[log]),
        None => Ok(()),
    }
}

fn now_ms(now: Option<String>) -> Result<i64, String> {
    match now {
        Some(s) => Ok(chrono::DateTime::parse_from_rfc3339(&s)
            .map_err(|e| format!("--now {s:?}: {e} (use RFC 3339, e.g. 2026-09-21T22:10:00Z)"))?
            .timestamp_millis()),
        None => Ok(chrono::Utc::now().timestamp_millis()),
    }
}

pub fn clocks(log: PathBuf, now: Option<String>, json: bool) -> CliResult {
    let f = folded(&log)?;
    let now = now_ms(now)?;
    let open = f.workflow.clocks(now);
    if json {
        println!("{}", serde_json::to_string_pretty(&open)?);
        return Ok(0);
    }
    if open.is_empty() {
        println!("no open clocks");
    }
    for c in open {
        let subject = c
            .subject
            .map(|s| format!(" ruling {}", s.short()))
            .unwrap_or_default();
        // A late ruling's own period says what it runs from (Law 92B policy).
        let from = match c.from {
            Some(appeals::clocks::PeriodFrom::Ruling) if c.subject.is_some() => {
                " (from the ruling)"
            }
            Some(appeals::clocks::PeriodFrom::Republication) => " (from the republication)",
            _ => "",
        };
        println!(
            "{:<18} Law {:<4} section {}{}{from}  ends {}  ({}m {:02}s left)",
            c.what,
            c.law,
            c.section,
            subject,
            local(&f, c.ends_ms),
            c.left_s / 60,
            c.left_s % 60
        );
    }
    Ok(0)
}

pub fn list(log: PathBuf, now: Option<String>, json: bool) -> CliResult {
    let f = folded(&log)?;
    let now = now_ms(now)?;
    let wf = &f.workflow;
    if json {
        let status: std::collections::BTreeMap<String, serde_json::Value> = wf
            .appeals
            .values()
            .map(|a| {
                (
                    a.id.to_hex(),
                    serde_json::json!({
                        "status": wf.status(a, now),
                        "play_suspended": wf.play_suspended(a),
                        "consent": wf.consent_status(a).err().map(|e| e.to_string()),
                    }),
                )
            })
            .collect();
        let v = serde_json::json!({
            "appeals": wf.appeals.values().collect::<Vec<_>>(),
            "status": status,
            "flags": wf.flags,
            "settings": wf.settings,
            "settings_event": wf.settings_event,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(0);
    }
    if wf.appeals.is_empty() {
        println!("no appeals");
    }
    for a in wf.appeals.values() {
        let what = match &a.doko {
            Some(c) => format!(
                "doko round {} table {} game {} violation {}  objection",
                c.at.round, c.at.table, c.at.game, c.violation
            ),
            None => format!(
                "board {} table {}  appellant {}",
                a.slot.board, a.slot.table, a.appellant
            ),
        };
        println!(
            "{}  {:<14} {what}  filed {}{}",
            a.id.short(),
            wf.status(a, now),
            local(&f, a.filed().wall_ms),
            if wf.play_suspended(a) {
                "  (play suspended)"
            } else {
                ""
            }
        );
    }
    for a in wf.appeals.values() {
        // Law 93B: the chair's decision, who co-signed it and how, and whether it stands.
        for d in a.decisions.iter().filter(|d| d.committee.is_some()) {
            println!(
                "  decision on {} ({}) by {} (chair): {}; {} of {} concurring; {}",
                a.id.short(),
                d.signed.event.short(),
                d.signed.signer,
                d.decided.decision.as_str(),
                d.concurring(),
                d.quorum,
                if d.effective {
                    "takes effect"
                } else if d.can_take_effect() {
                    "waiting for co-signatures (`tdlog appeal cosign`)"
                } else {
                    "cannot reach the quorum: the chair signs a new decision"
                }
            );
            for c in &d.cosigns {
                println!(
                    "    {} by {}{}",
                    c.vote.as_str(),
                    c.signed.signer,
                    c.reason
                        .as_ref()
                        .map(|r| format!(": {r}"))
                        .unwrap_or_default()
                );
            }
        }
        // The procedure (notified, hearing, announced), as the casebook words it.
        let when = |ms| local(&f, ms);
        for b in appeals::report::procedure_rows(a, lang_env(), &when) {
            if let tdlog::report::Block::Field(k, v) = b {
                println!("  {} {k}: {v}", a.id.short());
            }
        }
        for c in &a.conflicts {
            let steps: Vec<String> = c
                .steps
                .iter()
                .map(|st| format!("{} by {} ({})", st.kind, st.signer, st.event.short()))
                .collect();
            match &c.resolved {
                None => println!(
                    "  conflict on {}: {}; open: nothing applies until the chief TD or the committee chair signs `tdlog appeal resolve`",
                    a.id.short(),
                    steps.join(" v ")
                ),
                Some(r) => println!(
                    "  conflict on {}: {}; settled by {}: {} stands ({})",
                    a.id.short(),
                    steps.join(" v "),
                    r.signed.signer,
                    r.stands.short(),
                    r.reason
                ),
            }
        }
    }
    for fl in &wf.flags {
        eprintln!(
            "flagged: event {} ({}): {}",
            fl.signed.event.short(),
            fl.signed.kind,
            fl.message
        );
    }
    Ok(0)
}

pub fn report(cmd: ReportCmd) -> CliResult {
    let (log, appeal, to, hands) = match cmd {
        ReportCmd::Stats(a) => return super::stats::run(a),
        ReportCmd::Appeal { log, appeal, to } => (log, Some(appeal), to, None),
        ReportCmd::Casebook { log, to } => (log, None, to, None),
        ReportCmd::Hands { log, section, to } => (log, None, to, Some(section)),
    };
    let ReportOut {
        format,
        lang,
        out,
        force,
    } = to;
    check_out(out.as_deref(), force, &log)?;
    let (v, f) = verified_and_folded(&log)?;
    let mut blocks = match (appeal, hands) {
        (_, Some(section)) => {
            tdlog::views::hand_print::blocks(&f.tournament, section.as_deref(), lang)
        }
        (Some(appeal), None) => {
            let id = hash_or_prefix(&f, &appeal, "appeal", |f| {
                f.workflow.appeals.keys().copied().collect()
            })?;
            appeals::report::dossier(&f, &f.workflow.appeals[&id], lang)
        }
        (None, None) => appeals::report::casebook(&f, lang),
    };
    blocks.push(tdlog::views::report_digest(&v, lang));
    let bytes = match format {
        Format::Html => appeals::report::html(&blocks, lang).into_bytes(),
        Format::Pdf => appeals::report::pdf(&blocks),
    };
    match out {
        Some(p) => {
            tdlog::io_safe::write_output(&p, &bytes, force, &[&log])?;
            eprintln!("wrote {}", p.display());
        }
        None => {
            use std::io::Write;
            std::io::stdout().write_all(&bytes)?;
        }
    }
    Ok(0)
}
