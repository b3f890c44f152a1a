//! `tdlog import pbn | results | ranking | audit`: tournament results from the log.

use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use tdlog::log::{Hash32, Verified};
use tdlog::results::{audit, import, ranking, results, Ranking, Tournament};

#[derive(Subcommand)]
pub enum ImportCmd {
    /// Import a USEBIO 1.2 file (pairs): pairs, hand sets, travellers; an artificial score
    /// (`A6040`) becomes the TD's adjusted score, so sign with a director's key. The file's
    /// own matchpoints and totals are compared with ours and every disagreement is listed.
    Usebio {
        file: PathBuf,
        #[arg(long)]
        log: PathBuf,
        #[arg(long, default_value = "A")]
        section: String,
        #[arg(long)]
        lenient: bool,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Import a BridgeNZ Scorer session file (its native XML, `<session>`): read as the USEBIO
    /// file the converter writes for it, with its rounds and tables; matchpoints, totals and
    /// places compared as for USEBIO.
    NzScorer {
        file: PathBuf,
        #[arg(long)]
        log: PathBuf,
        #[arg(long, default_value = "A")]
        section: String,
        #[arg(long)]
        lenient: bool,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Import structure and results from a PBN file, one signed event per fact. A file with
    /// any problem imports nothing unless --lenient (then problem records are skipped).
    Pbn {
        file: PathBuf,
        #[arg(long)]
        log: PathBuf,
        #[arg(long, default_value = "A")]
        section: String,
        #[arg(long)]
        lenient: bool,
        /// A team's captain, as TEAM=PLAYER (Law 92D: a team appeals with its captain's
        /// consent); repeat.
        #[arg(long = "captain", value_parser = captain_arg)]
        captains: Vec<(String, String)>,
        /// How a record with Contract "Pass", no auction and no Score is read: `auto`
        /// (a pass-out, PBN 2.1, except the RealBridge unplayed-match shape), `pass-out`,
        /// or `not-played`. The reading taken is always said.
        #[arg(long, default_value = "auto")]
        pass_reading: import::PassReading,
        #[command(flatten)]
        key: KeyOpts,
    },
}

fn captain_arg(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(t, p)| (t.trim().to_owned(), p.trim().to_owned()))
        .filter(|(t, p)| !t.is_empty() && !p.is_empty())
        .ok_or_else(|| format!("{s:?} is not TEAM=PLAYER"))
}

pub fn import(cmd: ImportCmd) -> CliResult {
    match cmd {
        ImportCmd::Usebio {
            file,
            log,
            section,
            lenient,
            key,
        } => {
            let text = read_text(&file)?;
            let plan = tdlog::results::usebio::plan(&text, &section)?;
            sign_plan(plan, &file, &log, &section, lenient, &key)
        }
        ImportCmd::NzScorer {
            file,
            log,
            section,
            lenient,
            key,
        } => {
            let text = read_text(&file)?;
            let plan = tdlog::results::nz_scorer::plan(&text, &section)?;
            sign_plan(plan, &file, &log, &section, lenient, &key)
        }
        ImportCmd::Pbn {
            file,
            log,
            section,
            lenient,
            captains,
            pass_reading,
            key,
        } => {
            let text = read_text(&file)?;
            let records = tdlog::bridge::pbn::parse(&text)?;
            let opts = import::Options { pass_reading };
            let mut plan = import::plan_with(&records, &section, &opts);
            plan.set_captains(&captains)?;
            sign_plan(plan, &file, &log, &section, lenient, &key)
        }
    }
}

/// Says every problem and warning of an import plan, signs its payloads (all or nothing),
/// and shows the producer's published scores beside ours.
fn sign_plan(
    plan: import::Plan,
    file: &std::path::Path,
    log: &std::path::Path,
    section: &str,
    lenient: bool,
    key: &KeyOpts,
) -> CliResult {
    // With --lenient each problem record is skipped, and said so as a warning.
    let prefix = if lenient { "warning: skipped " } else { "" };
    for p in &plan.problems {
        eprintln!("{prefix}{}: {p}", file.display());
    }
    if !plan.problems.is_empty() && !lenient {
        return Err(format!(
            "{} problem(s) in {}; nothing imported (use --lenient to import the {} good records)",
            plan.problems.len(),
            file.display(),
            plan.imported
        )
        .into());
    }
    let k = load_key(key)?;
    // The file's `Scoring` tag is compared with the signed policy in force, never used as it.
    let policy = {
        let v = verified(log)?;
        // A ruling in the file (USEBIO `A6040`, PBN `[Adjusted]`) is a director's to sign
        // (Law 12C): refused before anything is signed, naming the signer's role.
        let role = v.keys.get(&k.public()).map(|i| i.role);
        import::needs_director(&plan, role)?;
        let t = tournament(&v, None)?;
        // Importing into a section the log already has would sign every result a second
        // time (each a correction of itself): refused, nothing is signed.
        for p in &plan.payloads {
            if let tdlog::events::Payload::Section(s) = p {
                if t.sections.contains_key(&s.section) {
                    return Err(format!(
                        "section {} is already in {}: nothing imported (import into another --section, or record corrections as such)",
                        s.section,
                        log.display()
                    )
                    .into());
                }
            }
        }
        let form = plan.payloads.iter().find_map(|p| match p {
            tdlog::events::Payload::Section(s) => Some(s.form),
            _ => None,
        });
        match t.policies.get(section).or_else(|| t.policies.get("")) {
            Some((p, _)) => p.clone(),
            None => {
                tdlog::events::PolicySet::default_for(form.unwrap_or(tdlog::events::Form::Pairs))
            }
        }
    };
    let scoring = import::scoring_warnings(&plan, &policy);
    for w in plan.warnings.iter().chain(&scoring) {
        eprintln!("warning: {}: {w}", file.display());
    }
    let mut l = open_log(log)?;
    let n = plan.payloads.len();
    l.append_batch(&k, plan.payloads)?;
    println!(
        "imported {} records ({} skipped) from {} as {n} signed events",
        plan.imported,
        plan.skipped,
        file.display()
    );
    if !plan.published.is_empty() {
        print_comparison(log, &plan.published)?;
    }
    Ok(0)
}

/// A file's text: UTF-8, else ISO-8859-1 (Ruter and Compscore write Latin-1), byte for byte.
pub(crate) fn read_text(file: &std::path::Path) -> Result<String, String> {
    let bytes = tdlog::io_safe::read_input(file, tdlog::io_safe::MAX_TEXT_INPUT)
        .map_err(|e| e.to_string())?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    })
}

/// The producer's published scores beside ours (an `imported` comparison, never the truth):
/// how many agree within 0.01, and every disagreement with both numbers and its cause.
pub(crate) fn print_comparison(
    log: &std::path::Path,
    p: &tdlog::results::published::Published,
) -> CliResult {
    let t = load(log, None)?;
    let rows = results(&t);
    let r = ranking(&t, &rows);
    let c = tdlog::results::published::compare(p, &rows, &r.standings, 0.01);
    println!(
        "imported comparison{}: {} published line(s), {} of {} value(s) agree with tdlog's within 0.01",
        p.program
            .as_ref()
            .map(|x| format!(" ({x})"))
            .unwrap_or_default(),
        c.lines,
        c.agree,
        c.values
    );
    if c.datums > 0 {
        println!(
            "imported datums: {} of {} Butler datum(s) agree with tdlog's",
            c.datums_agree, c.datums
        );
    }
    if c.places + c.mp_totals > 0 {
        println!(
            "imported ranking: {} of {} place(s) and {} of {} matchpoint total(s) agree with tdlog's",
            c.places_agree, c.places, c.mp_totals_agree, c.mp_totals
        );
    }
    for d in c.disagreements.iter().chain(&c.others) {
        println!(
            "  {}{} {}{}: {} published {} tdlog {} ({:?})",
            d.section,
            d.board.map(|b| format!(" board {b}")).unwrap_or_default(),
            d.ns,
            if d.ew.is_empty() {
                String::new()
            } else {
                format!(" v {}", d.ew)
            },
            d.what,
            d.published.map_or("-".into(), |x| x.to_string()),
            d.ours.map_or("-".into(), |x| x.to_string()),
            d.cause
        );
    }
    // A board whose published matchpoints another factoring rule reproduces: which one.
    for r in tdlog::results::reconcile::factoring_rules(&t, p, &c, 0.01) {
        println!("  reconciled: {r}");
    }
    Ok(0)
}

/// Folds the verified log into the tournament, up to and including event `at` if given.
fn tournament(v: &Verified, at: Option<&str>) -> Result<Tournament, String> {
    let stop = at
        .map(Hash32::from_hex)
        .transpose()
        .map_err(|e| format!("--at: {e}"))?;
    // Folded with the appeals workflow: a refused step (late correction, unauthorised
    // decision) never reaches the scores, and an appeal decision's new score does.
    let found = stop.is_none_or(|s| v.events.iter().any(|e| e.id == s));
    if !found {
        return Err("--at: no such event in this log".into());
    }
    let t = tdlog::appeals::fold(v, stop).tournament;
    Ok(t)
}

fn verified(log: &std::path::Path) -> Result<Verified, Box<dyn std::error::Error + Send + Sync>> {
    let v = open_log_read_only(log)?.verify(None)?;
    v.require_no_forks()?;
    Ok(v)
}

pub(crate) fn load(
    log: &std::path::Path,
    at: Option<&str>,
) -> Result<Tournament, Box<dyn std::error::Error + Send + Sync>> {
    let v = verified(log)?;
    let t = tournament(&v, at)?;
    super::free_at_exit(v);
    Ok(t)
}

pub fn show_results(log: PathBuf, json: bool) -> CliResult {
    let t = load(&log, None)?;
    let rows = results(&t);
    if json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        policy_lines(&ranking(&t, &rows));
        for r in &rows {
            println!(
                "board {:>2} round {} table {:>2}  {} v {}  {}{}{}",
                r.board,
                r.round,
                r.table,
                r.ns,
                r.ew,
                r.result,
                r.imp_ns
                    .map(|i| format!("  IMPs NS {i:+}"))
                    .unwrap_or_default(),
                r.pct_ns.map(|p| format!("  NS {p}%")).unwrap_or_default()
            );
            if let Some(n) = &r.note {
                println!("          note: {n}");
            }
        }
    }
    for w in &t.warnings {
        eprintln!("warning: event {}: {}", w.event.short(), w.message);
    }
    super::free_at_exit((t, rows));
    Ok(0)
}

#[derive(Args)]
pub struct RankingArgs {
    log: PathBuf,
    /// The ranking as it stood just after this event.
    #[arg(long, value_name = "EVENT-ID")]
    at: Option<String>,
    /// Show only what changed between this event and --at (or now): places and totals
    /// before and after.
    #[arg(long, value_name = "EVENT-ID")]
    diff: Option<String>,
    /// Also rank the event overall over these sections, one per session, in order
    /// (e.g. `--overall A,B`): contestants keep their ids from session to session.
    #[arg(long, value_delimiter = ',', value_name = "SECTIONS")]
    overall: Vec<String>,
    #[arg(long)]
    json: bool,
}

fn policy_lines(r: &Ranking) {
    for p in &r.policies {
        println!(
            "section {}: {:?} scoring, ties: {}, {}",
            p.section,
            p.policy.method,
            match p.policy.scoring.ranking.tie_break.keys() {
                [] => "shared place".to_string(),
                ks => ks
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", then "),
            },
            match p.set_by {
                Some(id) => format!("policy of event {}", id.short()),
                None => "default policy (no scoring.policy event)".into(),
            }
        );
        for k in tdlog::results::published::policy_knobs(&p.policy) {
            println!("  {k}");
        }
    }
}

pub fn show_ranking(a: RankingArgs) -> CliResult {
    let v = verified(&a.log)?;
    let t = tournament(&v, a.at.as_deref())?;
    let r = ranking(&t, &results(&t));
    if let Some(from) = &a.diff {
        let f = tournament(&v, Some(from))?;
        let before = ranking(&f, &results(&f));
        let changes = audit::ranking_diff(&before, &r);
        if a.json {
            let out = serde_json::json!({
                "from": from,
                "to": a.at,
                "policies_before": before.policies,
                "policies": r.policies,
                "changes": changes,
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
            return Ok(0);
        }
        policy_lines(&r);
        let show = |p: &Option<audit::Placing>| {
            p.as_ref().map_or("-".to_string(), |p| {
                format!("{:>5} {:>8} {}", p.place, p.total, p.unit)
            })
        };
        for c in &changes {
            println!("{:<30} {} -> {}", c.name, show(&c.before), show(&c.after));
        }
        println!("{} contestant(s) changed", changes.len());
        return Ok(0);
    }
    let overall = if a.overall.is_empty() {
        None
    } else {
        Some(tdlog::results::overall::overall(&t, &r, &a.overall)?)
    };
    if a.json {
        match &overall {
            None => println!("{}", serde_json::to_string_pretty(&r)?),
            Some(o) => {
                #[derive(serde::Serialize)]
                struct WithOverall<'a> {
                    #[serde(flatten)]
                    ranking: &'a Ranking,
                    overall: Overall<'a>,
                }
                #[derive(serde::Serialize)]
                struct Overall<'a> {
                    sections: &'a [String],
                    standings: &'a [tdlog::results::Standing],
                }
                let out = WithOverall {
                    ranking: &r,
                    overall: Overall {
                        sections: &a.overall,
                        standings: o,
                    },
                };
                println!("{}", serde_json::to_string_pretty(&out)?);
            }
        }
    } else {
        policy_lines(&r);
        let all = r.standings.iter().chain(overall.iter().flatten());
        let mut section = None;
        let mut field = None;
        for s in all {
            if section != Some(&s.section) && (r.policies.len() > 1 || overall.is_some()) {
                println!("{}:", s.section);
            }
            // Two winners (`ranking.fields: by_direction`): each field under its heading.
            if s.field.is_some() && (field != s.field.as_ref() || section != Some(&s.section)) {
                println!("{} {}:", s.section, direction(s.field.as_deref()));
            }
            section = Some(&s.section);
            field = s.field.as_ref();
            println!("{:>5}  {:<30} {:>8} {}", s.place, s.name, s.total, s.unit);
            if let Some(n) = &s.note {
                println!("       note: {n}");
            }
            if let Some(k) = &s.tie_break {
                println!("       tie-break: {k}");
            }
        }
    }
    Ok(0)
}

/// A ranking field as the text report heads it.
fn direction(f: Option<&str>) -> &'static str {
    match f {
        Some("NS") => "N-S",
        Some("EW") => "E-W",
        _ => "",
    }
}

#[derive(Args)]
pub struct AuditArgs {
    log: PathBuf,
    /// The board whose results to explain.
    #[arg(long)]
    board: Option<u32>,
    /// Only results of this pair number or team; without --board: the events that made
    /// this contestant's total, with its place and total before and after each.
    #[arg(long, alias = "team")]
    pair: Option<String>,
    #[arg(long)]
    section: Option<String>,
    #[arg(long)]
    table: Option<u32>,
    #[arg(long)]
    json: bool,
}

pub fn audit(a: AuditArgs) -> CliResult {
    let v = verified(&a.log)?;
    let t = tournament(&v, None)?;
    let history = match &a.pair {
        Some(c) => audit::contestant_history::<tdlog::appeals::Folded>(&v, a.section.as_deref(), c),
        None => vec![],
    };
    let Some(board) = a.board else {
        let Some(c) = &a.pair else {
            return Err("audit: give --board, --pair, or both".into());
        };
        if history.is_empty() {
            return Err(format!("no event concerns {c}").into());
        }
        if a.json {
            println!("{}", serde_json::to_string_pretty(&history)?);
            return Ok(0);
        }
        println!("{c}: every event that changed its results or its total");
        for (i, h) in history.iter().enumerate() {
            println!(
                "  {}. {} {} by {} ({}), event {}{}{}",
                i + 1,
                h.time,
                h.what,
                h.signer,
                h.role,
                h.event.short(),
                h.board.map(|b| format!(", board {b}")).unwrap_or_default(),
                h.law
                    .as_ref()
                    .map(|l| format!(", Law {l}"))
                    .unwrap_or_default()
            );
            if let Some(r) = &h.result {
                println!("     result: {r}");
            }
            println!(
                "     total:  {} -> {}",
                h.before.as_ref().map_or("-".into(), |p| p.to_string()),
                h.after.as_ref().map_or("-".into(), |p| p.to_string())
            );
            if let Some(r) = &h.reason {
                println!("     reason: {r}");
            }
        }
        return Ok(0);
    };
    let slots: Vec<_> = t
        .slots
        .values()
        .filter(|s| s.slot.board == board)
        .filter(|s| a.section.as_ref().is_none_or(|x| &s.slot.section == x))
        .filter(|s| a.pair.as_ref().is_none_or(|c| &s.ns == c || &s.ew == c))
        .filter(|s| a.table.is_none_or(|n| s.slot.table == n))
        .collect();
    if slots.is_empty() {
        return Err(format!("no result for board {board} matches").into());
    }
    // With --pair, each change shows the contestant's standing before and after it.
    let standing = |id: &Hash32| history.iter().find(|h| &h.event == id);
    if a.json {
        let mut out = serde_json::to_value(&slots)?;
        for s in out.as_array_mut().into_iter().flatten() {
            for c in s["history"].as_array_mut().into_iter().flatten() {
                let id = c["event"].as_str().and_then(|x| Hash32::from_hex(x).ok());
                if let Some(h) = id.as_ref().and_then(standing) {
                    c["ranking_before"] = serde_json::to_value(&h.before)?;
                    c["ranking_after"] = serde_json::to_value(&h.after)?;
                }
            }
        }
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(0);
    }
    for s in slots {
        println!(
            "board {} round {} table {}: {} (N-S) v {} (E-W): {}",
            s.slot.board,
            s.slot.round,
            s.slot.table,
            s.ns,
            s.ew,
            s.outcome().describe()
        );
        for (i, c) in s.history.iter().enumerate() {
            println!(
                "  {}. {} {} by {} ({}), event {}{}",
                i + 1,
                c.time,
                c.what,
                c.signer,
                c.role,
                c.event.short(),
                c.law
                    .as_ref()
                    .map(|l| format!(", Law {l}"))
                    .unwrap_or_default()
            );
            if let Some(b) = &c.before {
                println!("     before: {b}");
            }
            println!("     after:  {}", c.after);
            if let Some(r) = &c.reason {
                println!("     reason: {r}");
            }
            if let (Some(h), Some(p)) = (standing(&c.event), &a.pair) {
                println!(
                    "     {p}: {} -> {}",
                    h.before.as_ref().map_or("-".into(), |x| x.to_string()),
                    h.after.as_ref().map_or("-".into(), |x| x.to_string())
                );
            }
        }
    }
    Ok(0)
}

#[derive(Subcommand)]
pub enum PolicyCmd {
    /// Sign a scoring policy (chief TD or organiser) from a JSON file in the form of
    /// `schema/events/scoring.policy.v1.schema.json`; fields left out take their defaults.
    Set {
        log: PathBuf,
        file: PathBuf,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Show the policy in force for every section, and which event set it.
    Show { log: PathBuf },
}

pub fn policy(cmd: PolicyCmd) -> CliResult {
    match cmd {
        PolicyCmd::Set { log, file, key } => {
            let text = tdlog::io_safe::read_text_input(&file)?;
            let mut v: serde_json::Value = serde_json::from_str(&text)
                .map_err(|e| format!("{} is not a scoring policy: {e}", file.display()))?;
            if let Some(m) = v.as_object_mut().filter(|m| !m.contains_key("method")) {
                let method = default_method(&load(&log, None)?, m.get("section"))?;
                m.insert("method".into(), serde_json::to_value(method)?);
            }
            let p: tdlog::events::PolicySet = serde_json::from_value(v)
                .map_err(|e| format!("{} is not a scoring policy: {e}", file.display()))?;
            let k = load_key(&key)?;
            let method = p.method;
            let id = open_log(&log)?.append(&k, tdlog::events::Payload::PolicySet(Box::new(p)))?;
            println!("scoring policy set: {method:?} (event {id})");
            Ok(0)
        }
        PolicyCmd::Show { log } => {
            let t = load(&log, None)?;
            let r = ranking(&t, &results(&t));
            println!("{}", serde_json::to_string_pretty(&r.policies)?);
            Ok(0)
        }
    }
}

/// A policy file without `method` gets the default for the form of the sections it governs
/// (teams IMPs for teams, matchpoints otherwise), never a method of another form of contest.
fn default_method(
    t: &Tournament,
    section: Option<&serde_json::Value>,
) -> Result<tdlog::events::Method, String> {
    use tdlog::events::{Form, PolicySet};
    let forms: Vec<Form> = match section.and_then(|s| s.as_str()) {
        Some(s) => vec![t.form(s)],
        None => t.sections.values().map(|s| s.form).collect(),
    };
    let teams = forms.iter().filter(|f| **f == Form::Teams).count();
    if teams > 0 && teams < forms.len() {
        return Err(
            "the policy governs teams and pairs sections: state its \"method\" (or its \"section\")"
                .into(),
        );
    }
    let form = forms.first().copied().unwrap_or(Form::Pairs);
    Ok(PolicySet::default_for(form).method)
}
