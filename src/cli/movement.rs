//! `tdlog movement`: generate a movement (Mitchell, Howell, three-quarter Howell, teams round
//! robin, Swiss, knock-out), show its guide cards, or sign a new section with it (section,
//! contestants, tables); `--next-round` signs a Swiss section's next round from its standings.

use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use tdlog::events::{Form, Payload};
use tdlog::i18n::Lang;
use tdlog::results::movement::{
    generate, guide, options, parse_entrants, section_payloads, swiss_next_round, EvenTables,
    MovementKind, MovementSpec,
};

#[derive(Clone, Copy, ValueEnum)]
pub enum KindArg {
    Mitchell,
    Howell,
    ThreeQuarterHowell,
    RoundRobin,
    Swiss,
    KnockOut,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum EvenArg {
    /// Relay and bye-stand for all rounds, skip when fewer.
    Auto,
    Skip,
    Relay,
}

#[derive(Args)]
pub struct MovementArgs {
    /// The log to sign into (not needed with --show or --options).
    log: Option<PathBuf>,
    #[arg(long, default_value = "A")]
    section: String,
    /// Section title (default: "Section A").
    #[arg(long)]
    title: Option<String>,
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
    /// Number of pairs (pairs movements).
    #[arg(long, conflicts_with = "teams")]
    pairs: Option<u32>,
    /// Number of teams (teams movements).
    #[arg(long)]
    teams: Option<u32>,
    #[arg(long)]
    boards_per_round: Option<u32>,
    /// Rounds (default: the movement's full length; Swiss: rounds planned).
    #[arg(long)]
    rounds: Option<u32>,
    #[arg(long, default_value_t = 1)]
    first_board: u32,
    /// Mitchell: arrow-switch the last rounds (one winner).
    #[arg(long)]
    arrow_switch: bool,
    /// Mitchell with an even number of tables: relay and bye-stand, or skip.
    #[arg(long, value_enum, default_value = "auto")]
    even: EvenArg,
    /// Knock-out: number of segments.
    #[arg(long, default_value_t = 4)]
    segments: u32,
    /// Contestants' names, one a line: `NUMBER = NAME[: MEMBER, MEMBER...]`.
    #[arg(long)]
    names: Option<PathBuf>,
    /// Print the guide cards (table and pair cards) and sign nothing.
    #[arg(long)]
    show: bool,
    /// List the movements that fit --pairs or --teams and sign nothing.
    #[arg(long)]
    options: bool,
    /// Sign the next round of the Swiss section --section of LOG from its standings.
    #[arg(long)]
    next_round: bool,
    /// With --show or --options: JSON instead of text.
    #[arg(long)]
    json: bool,
    #[arg(long, env = "TDLOG_LANG", default_value = "en")]
    lang: Lang,
    #[command(flatten)]
    key: KeyOpts,
}

pub fn run(a: MovementArgs) -> CliResult {
    if a.next_round {
        return next_round(&a);
    }
    let (form, count) = match (a.pairs, a.teams) {
        (Some(p), _) => (Form::Pairs, p),
        (None, Some(t)) => (Form::Teams, t),
        (None, None) => return Err("give the number of contestants: --pairs N or --teams N".into()),
    };
    if a.options {
        let list = options(form, count);
        if a.json {
            println!("{}", serde_json::to_string_pretty(&list)?);
        } else {
            for o in &list {
                println!(
                    "{}: {} tables, {} rounds x {} boards = {} boards{}",
                    o.kind.name(a.lang),
                    o.tables,
                    o.rounds,
                    o.boards_per_round,
                    o.boards_played,
                    if o.sit_out { ", sit-out" } else { "" }
                );
            }
        }
        return Ok(0);
    }
    let kind = match a.kind.ok_or("--kind is required")? {
        KindArg::Mitchell => MovementKind::Mitchell {
            arrow_switch: a.arrow_switch,
            even: match a.even {
                EvenArg::Auto => EvenTables::Auto,
                EvenArg::Skip => EvenTables::Skip,
                EvenArg::Relay => EvenTables::RelayByeStand,
            },
        },
        KindArg::Howell => MovementKind::Howell,
        KindArg::ThreeQuarterHowell => MovementKind::ThreeQuarterHowell,
        KindArg::RoundRobin => MovementKind::TeamsRoundRobin,
        KindArg::Swiss => MovementKind::Swiss,
        KindArg::KnockOut => MovementKind::KnockOut {
            segments: a.segments,
        },
    };
    if kind.form() != form {
        return Err(match form {
            Form::Pairs => format!("a {} is for teams: give --teams N", kind.name(Lang::En)),
            _ => format!("a {} is for pairs: give --pairs N", kind.name(Lang::En)),
        }
        .into());
    }
    let spec = MovementSpec {
        kind,
        contestants: count,
        boards_per_round: a.boards_per_round.ok_or("--boards-per-round is required")?,
        rounds: a.rounds,
        first_board: a.first_board,
    };
    let m = generate(&spec).map_err(|e| e.msg(a.lang).text)?;
    if a.show {
        let g = guide(&m);
        if a.json {
            let v = serde_json::json!({ "movement": m, "guide": g });
            println!("{}", serde_json::to_string_pretty(&v)?);
        } else {
            print!("{}", g.text(&m, a.lang));
        }
        return Ok(0);
    }
    let log = a
        .log
        .as_ref()
        .ok_or("give the LOG to sign the section into (or --show to print the guide)")?;
    let entrants = match &a.names {
        Some(f) => parse_entrants(&super::results::read_text(f)?, form, count)?,
        None => Default::default(),
    };
    refuse_existing(log, &a.section)?;
    let title = a
        .title
        .clone()
        .unwrap_or_else(|| format!("Section {}", a.section));
    let payloads = section_payloads(&a.section, &title, &m, |n| entrants.get(&n).cloned());
    let tables = payloads
        .iter()
        .filter(|p| matches!(p, Payload::TableAssignment(_)))
        .count();
    let k = load_key(&a.key)?;
    let mut l = open_log(log)?;
    let n = payloads.len();
    l.append_batch(&k, payloads)?;
    let (standard, _) = m.texts(a.lang);
    println!(
        "section {}: {}, {} contestants, {} rounds, {} table assignments, signed as {n} events",
        a.section,
        m.kind.name(a.lang),
        m.contestants,
        m.rounds.len(),
        tables
    );
    println!("{standard}");
    Ok(0)
}

/// A section already on the log is never set up a second time.
fn refuse_existing(log: &std::path::Path, section: &str) -> CliResult {
    let t = super::results::load(log, None)?;
    if t.sections.contains_key(section) {
        return Err(format!(
            "section {section} is already in {}: nothing signed (choose another --section)",
            log.display()
        )
        .into());
    }
    Ok(0)
}

fn next_round(a: &MovementArgs) -> CliResult {
    let log = a.log.as_ref().ok_or("--next-round needs the LOG")?;
    let bpr = a.boards_per_round.ok_or("--boards-per-round is required")?;
    let v = open_log_read_only(log)?.verify(None)?;
    v.require_no_forks()?;
    let t = tdlog::appeals::fold(&v, None).tournament;
    super::free_at_exit(v);
    if !t.sections.contains_key(&a.section) {
        return Err(format!("no section {} in {}", a.section, log.display()).into());
    }
    let tables = swiss_next_round(&t, &a.section, bpr).map_err(|e| e.msg(a.lang).text)?;
    let round = tables.first().map_or(0, |x| x.round);
    for x in &tables {
        println!(
            "round {} table {}: {} v {}, boards {}",
            x.round,
            x.table,
            x.ns,
            x.ew,
            tdlog::results::movement::guide::board_range(&x.boards)
        );
    }
    let k = load_key(&a.key)?;
    let mut l = open_log(log)?;
    let n = tables.len();
    l.append_batch(
        &k,
        tables.into_iter().map(Payload::TableAssignment).collect(),
    )?;
    println!(
        "section {} round {round}: signed {n} table assignments",
        a.section
    );
    Ok(0)
}
