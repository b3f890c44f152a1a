//! `tdlog view board | incident | rulings | overview`: the desktop app's screens as the engine
//! computes them (`tdlog::views`), for scripts and for checking what the UI shows. `--json`
//! prints exactly the value the Tauri shell passes to the UI.
use super::{open_log_read_only, CliResult};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::path::{Path, PathBuf};
use tdlog::events::Slot;
use tdlog::i18n::Lang;
use tdlog::keys::Role;
use tdlog::views::{self, Replayed, RulingFilter};

#[derive(Args)]
pub struct ViewAt {
    pub log: PathBuf,
    #[arg(long, default_value = "A")]
    pub section: String,
    #[arg(long)]
    pub round: u32,
    #[arg(long)]
    pub table: u32,
    #[arg(long)]
    pub board: u32,
}

#[derive(Args)]
pub struct Out {
    /// Language of the texts: en, de or da.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand)]
pub enum ViewCmd {
    /// The Board screen: hands, dealer and vulnerability, auction box, tricks, result, traveller.
    Board {
        #[command(flatten)]
        at: ViewAt,
        #[command(flatten)]
        out: Out,
    },
    /// The incident screen: detected irregularities with their decision trees and consequences.
    Incident {
        #[command(flatten)]
        at: ViewAt,
        #[command(flatten)]
        out: Out,
    },
    /// Director activity: notes, rulings, adjusted scores, fouled boards; filtered.
    Rulings {
        log: PathBuf,
        #[arg(long)]
        section: Option<String>,
        #[arg(long)]
        board: Option<u32>,
        #[arg(long)]
        table: Option<u32>,
        #[arg(long)]
        round: Option<u32>,
        /// The signer's role: chief_td, td, scorer, committee, organiser.
        #[arg(long)]
        role: Option<Role>,
        /// A law (`27`, `12C`, `54` also matches `53-56`).
        #[arg(long)]
        law: Option<String>,
        #[command(flatten)]
        out: Out,
    },
    /// The tournament: header, keys and their state, verification state, sections and rounds.
    Overview {
        log: PathBuf,
        #[command(flatten)]
        out: Out,
    },
}

fn replayed(log: &Path) -> Result<Replayed, Box<dyn std::error::Error + Send + Sync>> {
    Ok(Replayed::new(open_log_read_only(log)?.verify(None)?))
}

fn slot(at: &ViewAt) -> Slot {
    Slot {
        section: at.section.clone(),
        round: at.round,
        table: at.table,
        board: at.board,
    }
}

fn print(v: &impl Serialize, json: bool, text: impl FnOnce() -> String) -> CliResult {
    if json {
        println!("{}", serde_json::to_string_pretty(v)?);
    } else {
        print!("{}", text());
    }
    Ok(0)
}

pub fn run(cmd: ViewCmd) -> CliResult {
    match cmd {
        ViewCmd::Board { at, out } => {
            let r = replayed(&at.log)?;
            let v = views::board(&r, &slot(&at), out.lang)?;
            print(&v, out.json, || {
                let mut s = format!(
                    "board {} round {} table {}: dealer {}, vulnerable {:?}\n",
                    v.slot.board, v.slot.round, v.slot.table, v.dealer, v.vulnerable
                );
                for h in &v.hands {
                    let suits: Vec<String> = h
                        .suits
                        .iter()
                        .map(|x| {
                            let cards: String = x
                                .cards
                                .iter()
                                .map(|c| {
                                    if c.played_in.is_some() {
                                        c.rank.to_ascii_lowercase()
                                    } else {
                                        c.rank
                                    }
                                })
                                .collect();
                            format!(
                                "{}:{}",
                                x.suit.letter(),
                                if cards.is_empty() { "-".into() } else { cards }
                            )
                        })
                        .collect();
                    s += &format!("  {} {}\n", h.seat, suits.join(" "));
                }
                let cols: Vec<String> = v
                    .auction
                    .columns
                    .iter()
                    .map(|c| format!("{c:<6}"))
                    .collect();
                s += &format!("  {}\n", cols.join(""));
                for row in &v.auction.rows {
                    let cells: Vec<String> = row
                        .iter()
                        .map(|c| match c {
                            Some(c) => format!(
                                "{:<6}",
                                format!("{}{}", c.call, if c.law.is_some() { "!" } else { "" })
                            ),
                            None => "      ".into(),
                        })
                        .collect();
                    s += &format!("  {}\n", cells.join("").trim_end());
                }
                for x in &v.irregularities {
                    s += &format!(
                        "  Law {} ({}) by {}: {}\n",
                        x.law,
                        x.title.text,
                        x.offender,
                        x.branch.as_deref().unwrap_or("pending")
                    );
                }
                for t in &v.tricks {
                    let cards: Vec<String> = t
                        .cards
                        .iter()
                        .map(|p| format!("{} {}", p.seat, p.card))
                        .collect();
                    s += &format!(
                        "  trick {:>2}: {}  won by {}\n",
                        t.number,
                        cards.join(", "),
                        t.winner.map_or("-".into(), |w| w.to_string())
                    );
                }
                for t in &v.traveller {
                    s += &format!(
                        "  r{} t{}  {} v {}  {}  NS {}\n",
                        t.row.round,
                        t.row.table,
                        t.row.ns,
                        t.row.ew,
                        t.result_text,
                        t.row.score_ns.map_or("-".into(), |x| format!("{x:+}"))
                    );
                }
                s
            })
        }
        ViewCmd::Incident { at, out } => {
            let r = replayed(&at.log)?;
            let v = views::incident(&r, &slot(&at), out.lang)?;
            print(&v, out.json, || {
                let mut s = String::new();
                for x in &v.irregularities {
                    s += &format!(
                        "{} {}: {} ({}) by {}: {} [{}]\n",
                        x.phase,
                        x.at,
                        tdlog::i18n::cite(out.lang, &x.law),
                        x.title.text,
                        x.offender,
                        x.action_text,
                        x.branch
                            .as_deref()
                            .unwrap_or(if x.pending { "pending" } else { "-" })
                    );
                    for o in &x.options {
                        let cons: Vec<&str> =
                            o.consequences.iter().map(|c| c.text.as_str()).collect();
                        s += &format!(
                            "  {} {:<8} {} ({}): {}\n",
                            if o.applied { "*" } else { " " },
                            o.id,
                            o.when.text,
                            o.decided_by_text.text,
                            cons.join("; ")
                        );
                    }
                }
                for b in v
                    .bars
                    .iter()
                    .chain(&v.flags)
                    .chain(&v.restrictions)
                    .filter(|b| b.active)
                {
                    s += &format!("{}\n", b.text.text);
                }
                if s.is_empty() {
                    s = "no irregularities recorded\n".into();
                }
                s
            })
        }
        ViewCmd::Rulings {
            log,
            section,
            board,
            table,
            round,
            role,
            law,
            out,
        } => {
            let r = replayed(&log)?;
            let f = RulingFilter {
                section,
                board,
                table,
                round,
                role,
                law,
            };
            let v = views::rulings(&r, &f, out.lang);
            print(&v, out.json, || {
                v.iter()
                    .map(|x| {
                        format!(
                            "{}  {}  {} ({})  {}{}{}  {}\n",
                            x.time,
                            x.title.text,
                            x.signer,
                            x.role_text.text,
                            x.law
                                .as_ref()
                                .map_or(String::new(), |l| format!("Law {l} ")),
                            x.board.map_or(String::new(), |b| format!("board {b} ")),
                            x.table.map_or(String::new(), |t| format!("table {t}")),
                            x.text.as_deref().unwrap_or("")
                        )
                    })
                    .collect()
            })
        }
        ViewCmd::Overview { log, out } => {
            let r = replayed(&log)?;
            let v = views::overview(&r, out.lang);
            print(&v, out.json, || {
                let mut s = format!(
                    "{} ({}; {}) organised by {}; chief TD {}\n",
                    v.name,
                    v.rule_profile,
                    v.game.map_or("-".into(), |g| format!("{g:?}")),
                    v.organiser,
                    v.chief_td
                );
                s += &format!(
                    "{} events standing, {} excluded, {} pending forks\n",
                    v.verification.standing,
                    v.verification.excluded.len(),
                    v.verification.pending_forks.len()
                );
                for k in &v.keys {
                    s += &format!(
                        "  {}  {:<28} {:<10} {}\n",
                        &k.key.to_hex()[..8],
                        k.holder,
                        k.role,
                        k.state_text.text
                    );
                }
                for sec in &v.sections {
                    s += &format!(
                        "section {}: {} rounds, boards {:?}\n",
                        sec.section,
                        sec.rounds.len(),
                        sec.boards
                    );
                }
                s
            })
        }
    }
}
