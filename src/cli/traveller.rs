//! `tdlog result | traveller`: one traveller line signed as the scorer types it (`3NT N =`,
//! `4SX E -2`, `pass`, `A+/A-`, `60/40`, `not played: reason`), checked against its slot
//! first, and the traveller grid by board or by round and table. The same engine functions
//! as the app's traveller screen (`tdlog::views::traveller`), through the same live state
//! (`tdlog::live::Live`): the log is verified and folded once, the line checked against it,
//! signed and folded in, and the ranking read from the updated state.

use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use clap::Args;
use std::path::PathBuf;
use tdlog::appeals::AppendError;
use tdlog::events::Slot;
use tdlog::i18n::Lang;
use tdlog::live::Live;
use tdlog::views::{check_line, line_payload, traveller, Replayed, TravellerBy};

/// `tdlog result`.
#[derive(Args)]
pub struct ResultArgs {
    log: PathBuf,
    #[arg(long, default_value = "A")]
    section: String,
    #[arg(long)]
    round: u32,
    #[arg(long)]
    table: u32,
    #[arg(long)]
    board: u32,
    /// The traveller line, e.g. "3NT N =", "4SX E -2", "pass", "A+/A-", "60/40",
    /// "not played: late arrival" (German "3SA N =", Danish "3UT N =" with --lang).
    #[arg(allow_hyphen_values = true)]
    line: String,
    /// Only check the line: print what it was understood as, or why it is refused
    /// (exit 1); nothing is signed.
    #[arg(long)]
    check: bool,
    /// Print the check as JSON (the app's `LineCheck`).
    #[arg(long)]
    json: bool,
    /// The language the line is typed in and the answer given in (en, de, da; default
    /// $TDLOG_LANG, else en). English is always read too.
    #[arg(long)]
    lang: Option<Lang>,
    #[command(flatten)]
    key: KeyOpts,
}

/// `tdlog traveller`.
#[derive(Args)]
pub struct TravellerArgs {
    log: PathBuf,
    #[arg(long, default_value = "A")]
    section: String,
    /// The board's traveller: every table that plays it.
    #[arg(long, conflicts_with_all = ["round", "table"], required_unless_present = "table")]
    board: Option<u32>,
    /// With --table: the boards of one table in one round.
    #[arg(long, requires = "table")]
    round: Option<u32>,
    #[arg(long, requires = "round")]
    table: Option<u32>,
    #[arg(long)]
    json: bool,
    /// en, de or da (default $TDLOG_LANG, else en).
    #[arg(long)]
    lang: Option<Lang>,
}

fn lang_or_env(l: Option<Lang>) -> Lang {
    l.unwrap_or_else(super::appeals::lang_env)
}

pub fn result(a: ResultArgs) -> CliResult {
    let lang = lang_or_env(a.lang);
    let slot = Slot {
        section: a.section.clone(),
        round: a.round,
        table: a.table,
        board: a.board,
    };
    if a.check {
        let v = open_log_read_only(&a.log)?.verify(None)?;
        v.require_no_forks()?;
        let k = load_key(&a.key).ok().map(|k| k.public());
        let role = k.and_then(|k| v.keys.get(&k).map(|i| i.role));
        let r = Replayed::new(v);
        let c = check_line(&r, &slot, &a.line, lang, role);
        super::free_at_exit(r);
        if a.json {
            println!("{}", serde_json::to_string_pretty(&c)?);
            return Ok(if c.ok { 0 } else { 1 });
        }
        return match (c.ok, c.understood, c.error) {
            (true, Some(u), _) => {
                println!("{u}");
                Ok(0)
            }
            (_, _, Some(e)) => Err(e.into()),
            _ => Ok(1),
        };
    }
    let key = load_key(&a.key)?;
    let mut live = Live::open(open_log(&a.log)?, None)?;
    live.replayed.log.require_no_forks()?;
    let role = live.replayed.log.keys.get(&key.public()).map(|i| i.role);
    let c = check_line(&live.replayed, &slot, &a.line, lang, role);
    if !c.ok {
        return Err(c.error.unwrap_or_default().into());
    }
    let p = line_payload(&live.replayed, &slot, &a.line, lang).map_err(|e| e.message(lang))?;
    let now = chrono::Utc::now().timestamp_millis();
    let (id, _) =
        live.append(&key, p, now)
            .map_err(|e| -> Box<dyn std::error::Error + Send + Sync> {
                match e {
                    AppendError::Guard(g) => tdlog::appeals::refusal(lang, &g).into(),
                    AppendError::Doko(e) => tdlog::i18n::doko_refusal(lang, &e).into(),
                    AppendError::Log(e) => e.into(),
                    e @ (AppendError::Table(_) | AppendError::Tree(_)) => e.into(),
                }
            })?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&c)?);
    } else {
        println!("{} (event {id})", c.understood.unwrap_or_default());
        // The ranking as it stands now, for the two contestants of the line.
        let ranking = tdlog::results::ranking(&live.replayed.tournament, &live.replayed.results);
        for who in [c.ns, c.ew].into_iter().flatten() {
            if let Some(s) = ranking
                .standings
                .iter()
                .find(|s| s.section == a.section && s.contestant == who)
            {
                println!(
                    "  {} {}: {:.2} {} ({})",
                    s.contestant, s.name, s.total, s.unit, s.place
                );
            }
        }
    }
    super::free_at_exit(live);
    Ok(0)
}

pub fn show(a: TravellerArgs) -> CliResult {
    let lang = lang_or_env(a.lang);
    let v = open_log_read_only(&a.log)?.verify(None)?;
    v.require_no_forks()?;
    let r = Replayed::new(v);
    let by = match (a.board, a.round, a.table) {
        (Some(board), _, _) => TravellerBy::Board {
            section: a.section.clone(),
            board,
        },
        (None, Some(round), Some(table)) => TravellerBy::Table {
            section: a.section.clone(),
            round,
            table,
        },
        _ => return Err("give --board B, or --round R and --table T".into()),
    };
    let view = traveller(&r, by, lang)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&view)?);
        super::free_at_exit(r);
        return Ok(0);
    }
    println!("{}", view.title);
    for row in &view.rows {
        let at = match view.by {
            TravellerBy::Board { .. } => format!("R{} T{}", row.slot.round, row.slot.table),
            TravellerBy::Table { .. } => format!("B{}", row.slot.board),
        };
        let score = row.score_ns.map_or(String::new(), |s| format!("{s:+}"));
        let value = match (row.pct_ns, row.imp_ns) {
            (Some(p), _) => format!("{p:.2} %"),
            (None, Some(i)) => format!("{i:+.2} IMP"),
            _ => String::new(),
        };
        let marks: Vec<&str> = row.marks.iter().map(|m| m.text.as_str()).collect();
        println!(
            "{at:<9} {:>4} - {:<4} {:<22} {score:>6} {value:>11}  {}",
            row.ns,
            row.ew,
            row.line.as_deref().or(row.result.as_deref()).unwrap_or("·"),
            marks.join("; ")
        );
    }
    println!("{}", view.missing_text);
    super::free_at_exit(r);
    Ok(0)
}
