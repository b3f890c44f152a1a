//! `tdlog doko list | record | import`: a Doppelkopf table's games on the signed log.
use std::collections::BTreeMap;
use std::path::Path;
use std::path::PathBuf;

use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use tdlog::appeals::Flag;
use tdlog::doko::game::{GameEvent, GameSetup};
use tdlog::doko::report::{render_html, render_text};
use tdlog::doko::table::TableFile;
use tdlog::doko::tables::DokoTables;
use tdlog::events::{DokoGame, DokoGameRef, Payload};

/// A step the workflow refused, with the (round, table) it was recorded for.
#[derive(serde::Serialize)]
struct Refusal {
    #[serde(flatten)]
    flag: Flag,
    round: u32,
    table: u32,
}

/// The tables folded through the appeals workflow: an objection or Schiedsgericht decision
/// its guards refuse (§8.8.7, §7.1.1) stays on the log, is listed, and never reaches a list.
fn fold(
    log: &Path,
) -> Result<(DokoTables, Vec<Refusal>), Box<dyn std::error::Error + Send + Sync>> {
    let v = open_log_read_only(log)?.verify(None)?;
    v.require_no_forks()?;
    let f = tdlog::appeals::fold(&v, None);
    if !f.doko.is_doppelkopf {
        return Err("this log's genesis is not a Doppelkopf tournament (game: doppelkopf)".into());
    }
    let at: BTreeMap<tdlog::log::Hash32, DokoGameRef> = v
        .events
        .iter()
        .filter_map(|e| match &e.payload {
            Payload::DokoEvent(x) => Some((e.id, x.at)),
            Payload::DokoRuling(x) => Some((e.id, x.at)),
            Payload::DokoSchiedsgericht(x) => Some((e.id, x.at)),
            _ => None,
        })
        .collect();
    let flags = f
        .workflow
        .flags
        .into_iter()
        .filter_map(|flag| {
            let g = at.get(&flag.signed.event)?;
            Some(Refusal {
                round: g.round,
                table: g.table,
                flag,
            })
        })
        .collect();
    Ok((f.doko, flags))
}

/// Signs `p` now, after the Doppelkopf rules (a deduction over §8.7.2(b) is refused) and
/// the workflow guards (a late objection is refused); nothing is written when refused.
fn append_guarded(
    log: &Path,
    key: &KeyOpts,
    p: Payload,
) -> Result<tdlog::log::Hash32, Box<dyn std::error::Error + Send + Sync>> {
    Ok(super::doko_result::append(log, key, vec![p])?[0])
}

pub fn seat(log: PathBuf, round: u32, table: u32, seats: &str, key: KeyOpts) -> CliResult {
    let mut seating = BTreeMap::new();
    for part in seats.split(',').filter(|p| !p.trim().is_empty()) {
        let (s, name) = part
            .split_once('=')
            .ok_or_else(|| format!("--seats: {part:?} is not SEAT=NAME"))?;
        let seat: tdlog::doko::seat::Seat = serde_json::from_value(serde_json::json!(s.trim()))
            .map_err(|_| format!("--seats: {s:?} is not a seat A-E"))?;
        seating.insert(seat, name.trim().to_string());
    }
    let k = load_key(&key)?;
    let id = open_log(&log)?.append(
        &k,
        Payload::DokoSeating(tdlog::events::DokoSeating {
            round,
            table,
            seating,
        }),
    )?;
    println!(
        "recorded the seating of table {table} round {round} (event {})",
        id.short()
    );
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
pub fn show_standings(
    log: PathBuf,
    json: bool,
    audit: Option<String>,
    html: bool,
    pdf: Option<PathBuf>,
    force: bool,
    lang: &str,
) -> CliResult {
    let lang: tdlog::i18n::Lang = lang.parse()?;
    if let Some(out) = &pdf {
        tdlog::io_safe::check_output(out, force, &[&log])?;
    }
    let (t, _) = fold(&log)?;
    let s = t.standings()?;
    if json {
        println!("{}", serde_json::to_string_pretty(&s)?);
        return Ok(0);
    }
    if let Some(out) = pdf {
        let bytes =
            tdlog::report::pdf::render(&tdlog::views::doko_print::standings_blocks(&s, lang));
        tdlog::io_safe::write_output(&out, &bytes, force, &[&log])?;
        eprintln!("wrote {}", out.display());
        return Ok(0);
    }
    if html {
        let b = tdlog::views::doko_print::standings_blocks(&s, lang);
        print!("{}", tdlog::views::doko_print::html_page(&b, lang));
        return Ok(0);
    }
    println!(
        "Standings (Profil {}, ties: {})",
        s.profile,
        tdlog::i18n::t(tdlog::i18n::Lang::En, s.tie.key())
    );
    for l in &s.standings {
        let name = if l.played {
            l.player.clone()
        } else {
            format!("{} (not played yet)", l.player)
        };
        println!("{:>4}  {:<30} {:>6}", l.place, name, l.total);
    }
    if let Some(who) = &audit {
        let lines = s
            .audit
            .get(who)
            .ok_or_else(|| format!("{who:?} is in no seating plan"))?;
        println!("Audit {who}");
        for a in lines {
            println!(
                "  round {} table {} seat {}: {:>5} ({} games, {} struck, penalties {})",
                a.round, a.table, a.seat, a.total, a.games, a.struck, a.penalties
            );
            for c in &a.corrections {
                let what = match c.correction {
                    tdlog::events::CorrectionAction::Strike { .. } => "struck",
                    tdlog::events::CorrectionAction::Correct { .. } => "corrected",
                };
                println!(
                    "    game {} {what} under §{} by {}: {}",
                    c.game, c.rule, c.by, c.reason
                );
            }
        }
        let total: i64 = lines.iter().map(|a| i64::from(a.total)).sum();
        println!("  total {total}");
    }
    for (r, tb) in &s.unseated {
        println!("not counted: round {r} table {tb} has no seating plan (tdlog doko seat)");
    }
    Ok(0)
}

/// `tdlog doko tie-rule`: the standings' tie rule as a signed setting.
pub fn tie_rule(log: PathBuf, tie: &str, key: KeyOpts) -> CliResult {
    use tdlog::doko::standings::TieRule;
    let tie = match tie {
        "shared-place" => TieRule::SharedPlace,
        "most-games-won" => TieRule::MostGamesWon,
        "best-single-game" => TieRule::BestSingleGame,
        "best-round" => TieRule::BestRound,
        x => {
            return Err(format!(
                "--tie: {x:?} is shared-place, most-games-won, best-single-game or best-round"
            )
            .into())
        }
    };
    let k = load_key(&key)?;
    let id = open_log(&log)?.append(
        &k,
        Payload::DokoStandingsRule(tdlog::events::DokoStandingsRule { tie }),
    )?;
    println!("tie rule set (event {})", id.short());
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
pub fn list(
    log: PathBuf,
    table: u32,
    round: Option<u32>,
    json: bool,
    html: bool,
    pdf: Option<PathBuf>,
    force: bool,
    lang: Option<String>,
) -> CliResult {
    let lang: Option<tdlog::i18n::Lang> = lang.map(|l| l.parse()).transpose()?;
    if let Some(out) = &pdf {
        tdlog::io_safe::check_output(out, force, &[&log])?;
    }
    let (t, all) = fold(&log)?;
    let round = match round {
        Some(r) => r,
        None => match t.rounds_of(table).as_slice() {
            [r] => *r,
            [] => return Err(format!("no games recorded at table {table}").into()),
            rs => {
                return Err(
                    format!("table {table} has games in rounds {rs:?}: give --round").into(),
                )
            }
        },
    };
    let flags: Vec<&Refusal> = all
        .iter()
        .filter(|r| r.round == round && r.table == table)
        .collect();
    // A game suspended by an objection whose decision was refused cannot be listed: say why.
    let l = t.list(round, table).map_err(|e| {
        let why: Vec<String> = flags
            .iter()
            .map(|r| {
                format!(
                    "event {} refused: {}",
                    r.flag.signed.event.short(),
                    r.flag.message
                )
            })
            .collect();
        if why.is_empty() {
            e.to_string()
        } else {
            format!("{e} ({})", why.join("; "))
        }
    })?;
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({
                "profile": l.profile,
                "round": l.round,
                "table": l.table,
                "in_progress": l.in_progress,
                "flags": l.replay.notes.iter().map(|n| n.text(tdlog::i18n::Lang::En)).collect::<Vec<_>>(),
                "corrections": l.corrections,
                "closed": l.closed,
                "refused": l.refused,
                "refused_steps": flags,
                "list": l.replay.list,
            }))?
        );
        return Ok(0);
    }
    let names = t.seating(round, table);
    if let Some(lang) = lang {
        let b = tdlog::views::doko_print::list_blocks(&l, &names, lang);
        if let Some(out) = pdf {
            let bytes = tdlog::report::pdf::render(&b);
            tdlog::io_safe::write_output(&out, &bytes, force, &[&log])?;
            eprintln!("wrote {}", out.display());
            return Ok(0);
        }
        if html {
            print!("{}", tdlog::views::doko_print::html_page(&b, lang));
            return Ok(0);
        }
    }
    if let Some(out) = pdf {
        let bytes =
            tdlog::doko::report::render_pdf(&l.replay.list, &l.profile, &names, round, table);
        tdlog::io_safe::write_output(&out, &bytes, force, &[&log])?;
        eprintln!("wrote {}", out.display());
        return Ok(0);
    }
    if html {
        print!("{}", render_html(&l.replay.list, &l.profile, &names));
        return Ok(0);
    }
    println!("round {round} table {table}");
    print!("{}", render_text(&l.replay.list, &l.profile, &names));
    if let Some(n) = l.in_progress {
        println!("game {n} in progress");
    }
    let lang = super::appeals::lang_env();
    for f in &l.replay.notes {
        println!("flag: {}", f.text(lang));
    }
    for c in &l.corrections {
        let what = match c.correction {
            tdlog::events::CorrectionAction::Strike { .. } => "struck",
            tdlog::events::CorrectionAction::Correct { .. } => "corrected",
        };
        match &c.refused {
            None => println!(
                "correction: game {} {what} under §{} by {} ({:?}): {}",
                c.game, c.rule, c.by, c.role, c.reason
            ),
            Some(why) => println!(
                "correction not applied: game {} (event {}): {why}",
                c.game,
                c.event.short()
            ),
        }
    }
    for r in &l.refused {
        println!(
            "not applied: game {}{}: {}",
            r.game,
            r.event
                .map(|e| format!(" event {}", e.short()))
                .unwrap_or_default(),
            r.reason
        );
    }
    for r in &flags {
        println!(
            "refused: event {} ({}): {}",
            r.flag.signed.event.short(),
            r.flag.signed.kind,
            r.flag.message
        );
    }
    for w in &t.warnings {
        eprintln!("warning: event {}: {}", w.event.short(), w.message);
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
pub fn record(
    log: PathBuf,
    round: u32,
    table: u32,
    game: u32,
    event: Option<String>,
    setup: Option<String>,
    key: KeyOpts,
) -> CliResult {
    let at = DokoGameRef { round, table, game };
    let p = match (event, setup) {
        (_, Some(s)) => {
            let setup: GameSetup = serde_json::from_str(&s)
                .map_err(|e| format!("--setup is not a game setup: {e}"))?;
            Payload::DokoGame(DokoGame { at, setup })
        }
        (Some(e), None) => {
            let ev: GameEvent = serde_json::from_str(&e)
                .map_err(|e| format!("--event is not a game event: {e}"))?;
            at.payload(ev)
        }
        (None, None) => return Err("give --event JSON or --setup JSON".into()),
    };
    let kind = p.kind();
    let id = append_guarded(&log, &key, p)?;
    println!("recorded {kind} (event {})", id.short());
    Ok(0)
}

pub fn import(
    log: PathBuf,
    text: &str,
    round: u32,
    table: u32,
    key: KeyOpts,
    schiedsgericht_key: Option<PathBuf>,
) -> CliResult {
    let file: TableFile =
        serde_json::from_str(text).map_err(|e| tdlog::doko::DokoError::Input(e.to_string()))?;
    let games = match file {
        TableFile::Games(g) => g,
        TableFile::Full { games, .. } => games,
    };
    let mut payloads = Vec::new();
    for (i, g) in games.into_iter().enumerate() {
        let at = DokoGameRef {
            round,
            table,
            game: i as u32 + 1,
        };
        payloads.push(Payload::DokoGame(DokoGame { at, setup: g.setup }));
        payloads.extend(g.events.into_iter().map(|e| at.payload(e)));
    }
    let k = load_key(&key)?;
    let sg = match schiedsgericht_key {
        Some(p) => Some(load_key(&KeyOpts { key_file: Some(p) })?),
        None => None,
    };
    let n = payloads.len();
    let mut l = open_log(&log)?;
    // Runs of events by the same signer go in one batch each.
    let mut batch = Vec::new();
    for p in payloads {
        match (&p, &sg) {
            (Payload::DokoSchiedsgericht(_), Some(sg)) => {
                l.append_batch(&k, std::mem::take(&mut batch))?;
                l.append(sg, p)?;
            }
            _ => batch.push(p),
        }
    }
    l.append_batch(&k, batch)?;
    println!("imported table {table} round {round}: {n} signed events");
    let (_, flags) = fold(&log)?;
    for r in flags
        .iter()
        .filter(|r| r.round == round && r.table == table)
    {
        println!(
            "refused: event {} ({}): {}",
            r.flag.signed.event.short(),
            r.flag.signed.kind,
            r.flag.message
        );
    }
    Ok(0)
}
