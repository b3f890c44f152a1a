//! `tdlog ruling | publish | correction | appeal | clocks | appeals | report`: the director's
//! rulings, results publication and its clocks, score corrections and the appeals workflow
//! (Laws 79, 81-93; the appeal's own steps in `appeal_steps`). Every append goes through the
//! workflow guards first (`tdlog::appeals::append_checked`): a refused step is not signed, and
//! the error names the law.

use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use tdlog::appeals::refusal;
use tdlog::appeals::{self, append_checked, AppendError, Folded};
use tdlog::events::*;
use tdlog::i18n::Lang;
use tdlog::log::Hash32;

/// Where on the field: section, round, table, board.
#[derive(Args, Clone)]
pub struct SlotArgs {
    #[arg(long, default_value = "A")]
    section: String,
    #[arg(long)]
    round: u32,
    #[arg(long)]
    table: u32,
    #[arg(long)]
    board: u32,
}

impl SlotArgs {
    fn slot(&self) -> Slot {
        Slot {
            section: self.section.clone(),
            round: self.round,
            table: self.table,
            board: self.board,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum CategoryArg {
    Law,
    Judgement,
    ProceduralPenalty,
    Disciplinary,
}

#[derive(Subcommand)]
pub enum RulingCmd {
    /// Attention drawn and the director called to a table (Law 9).
    Call {
        log: PathBuf,
        #[command(flatten)]
        at: SlotArgs,
        #[arg(long)]
        attention_by: String,
        #[arg(long)]
        called_by: String,
        #[arg(long)]
        irregularity: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The director's ruling: facts, options, laws, category, rectification or adjusted score.
    Give(Box<GiveArgs>),
}

#[derive(Args)]
pub struct GiveArgs {
    log: PathBuf,
    #[command(flatten)]
    at: SlotArgs,
    /// N-S contestant at the table.
    #[arg(long)]
    ns: String,
    /// E-W contestant at the table.
    #[arg(long)]
    ew: String,
    #[arg(long)]
    facts: String,
    /// The facts were disputed (Law 85) rather than agreed (Law 84).
    #[arg(long)]
    disputed: bool,
    /// Laws cited (repeat or comma-separate).
    #[arg(long = "law", required = true, value_delimiter = ',')]
    laws: Vec<String>,
    #[arg(long, value_enum)]
    category: CategoryArg,
    /// The ruling as stated at the table.
    #[arg(long)]
    decision: String,
    #[arg(long)]
    offender: Option<String>,
    /// An option explained (Law 10C1); repeat.
    #[arg(long = "option")]
    options: Vec<String>,
    #[arg(long)]
    chosen: Option<String>,
    #[arg(long)]
    chosen_by: Option<String>,
    /// An adjusted score as JSON, e.g. '{"kind":"assigned","contract":"3S","declarer":"S","tricks":10}'.
    #[arg(long)]
    adjustment: Option<String>,
    /// A review deferred to the end of the board (e.g. 64C); repeat.
    #[arg(long = "review")]
    reviews: Vec<String>,
    /// The right to appeal was explained (Law 83).
    #[arg(long)]
    notice: bool,
    /// The ruling this one corrects (Law 82C), by event id or prefix.
    #[arg(long)]
    corrects: Option<String>,
    /// The `director.call` answered, by event id.
    #[arg(long)]
    call: Option<String>,
    #[command(flatten)]
    key: KeyOpts,
}

#[derive(Subcommand)]
pub enum CorrectionCmd {
    /// A corrected table result (Law 79C1; after the period only with --consent, 79C2).
    Record {
        log: PathBuf,
        #[command(flatten)]
        at: SlotArgs,
        #[arg(long)]
        ns: String,
        #[arg(long)]
        ew: String,
        #[arg(long)]
        contract: String,
        #[arg(long)]
        declarer: Option<String>,
        #[arg(long)]
        tricks: Option<u8>,
        #[arg(long)]
        reason: String,
        /// The organiser's late-correction consent (event id).
        #[arg(long)]
        consent: Option<String>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The organiser consents to a correction after the period (Law 79C2).
    Consent {
        log: PathBuf,
        #[command(flatten)]
        at: SlotArgs,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        key: KeyOpts,
    },
}

/// Refusals in the language of `TDLOG_LANG` (en, de, da; default en).
pub(super) fn lang_env() -> Lang {
    std::env::var("TDLOG_LANG")
        .ok()
        .and_then(|l| l.parse().ok())
        .unwrap_or_default()
}

pub(super) fn folded(log: &Path) -> Result<Folded, Box<dyn std::error::Error + Send + Sync>> {
    Ok(verified_and_folded(log)?.1)
}

/// The verified log and its fold (reports end with the log's head digest).
pub(super) fn verified_and_folded(
    log: &Path,
) -> Result<(tdlog::log::Verified, Folded), Box<dyn std::error::Error + Send + Sync>> {
    let v = open_log_read_only(log)?.verify(None)?;
    v.require_no_forks()?;
    let f = appeals::fold(&v, None);
    Ok((v, f))
}

/// Signs `p` now, after the guards.
pub(super) fn append(
    log: &Path,
    key: &KeyOpts,
    p: Payload,
) -> Result<Hash32, Box<dyn std::error::Error + Send + Sync>> {
    let k = load_key(key)?;
    let mut l = open_log(log)?;
    let now = chrono::Utc::now().timestamp_millis();
    match append_checked(&mut l, &k, p, now) {
        Ok(id) => Ok(id),
        Err(AppendError::Guard(g)) => Err(refusal(lang_env(), &g).into()),
        Err(AppendError::Doko(e)) => Err(tdlog::i18n::doko_refusal(lang_env(), &e).into()),
        Err(AppendError::Log(e)) => Err(e),
        Err(e @ (AppendError::Table(_) | AppendError::Tree(_))) => Err(e.into()),
    }
}

pub(super) fn hash_or_prefix(
    f: &Folded,
    s: &str,
    what: &str,
    pick: impl Fn(&Folded) -> Vec<Hash32>,
) -> Result<Hash32, String> {
    let s = s.to_ascii_lowercase();
    let hits: Vec<Hash32> = pick(f)
        .into_iter()
        .filter(|h| h.to_hex().starts_with(&s))
        .collect();
    match hits.as_slice() {
        [h] => Ok(*h),
        [] => Err(format!("no {what} {s} in this log")),
        _ => Err(format!("{s} names more than one {what}; give more digits")),
    }
}

pub(super) fn ruling_id(
    log: &Path,
    s: &str,
) -> Result<Hash32, Box<dyn std::error::Error + Send + Sync>> {
    let f = folded(log)?;
    Ok(hash_or_prefix(&f, s, "ruling", |f| {
        f.workflow.rulings.keys().copied().collect()
    })?)
}

pub(super) fn appeal_id(
    log: &Path,
    s: &str,
) -> Result<Hash32, Box<dyn std::error::Error + Send + Sync>> {
    let f = folded(log)?;
    Ok(hash_or_prefix(&f, s, "appeal", |f| {
        f.workflow.appeals.keys().copied().collect()
    })?)
}

pub(super) fn adjustment(s: Option<String>) -> Result<Option<Adjustment>, String> {
    s.map(|j| {
        serde_json::from_str(&j).map_err(|e| format!("--adjustment is not an adjusted score: {e}"))
    })
    .transpose()
}

pub(super) fn done(what: &str, id: Hash32) -> CliResult {
    println!("{what} (event {id})");
    Ok(0)
}

pub fn ruling(cmd: RulingCmd) -> CliResult {
    match cmd {
        RulingCmd::Call {
            log,
            at,
            attention_by,
            called_by,
            irregularity,
            key,
        } => {
            let p = Payload::DirectorCall(Box::new(DirectorCall {
                slot: at.slot(),
                attention_drawn_by: attention_by,
                called_by,
                irregularity,
            }));
            done("director call recorded", append(&log, &key, p)?)
        }
        RulingCmd::Give(g) => {
            let g = *g;
            let corrects = g
                .corrects
                .as_deref()
                .map(|c| ruling_id(&g.log, c))
                .transpose()?;
            let call = g.call.as_deref().map(Hash32::from_hex).transpose()?;
            let category = match g.category {
                CategoryArg::Law => Category::Law,
                CategoryArg::Judgement => Category::Judgement,
                CategoryArg::ProceduralPenalty => Category::ProceduralPenalty,
                CategoryArg::Disciplinary => Category::Disciplinary,
            };
            let p = Payload::Ruling(Box::new(Ruling {
                slot: g.at.slot(),
                ns: g.ns,
                ew: g.ew,
                call,
                offender: g.offender,
                facts: g.facts,
                facts_agreed: !g.disputed,
                options_offered: g.options,
                option_chosen: g.chosen,
                chosen_by: g.chosen_by,
                laws: g.laws,
                category,
                decision: g.decision,
                adjustment: adjustment(g.adjustment)?,
                deferred_review: g.reviews,
                appeal_notice: g.notice,
                corrects,
            }));
            done("ruling recorded", append(&g.log, &g.key, p)?)
        }
    }
}

pub fn publish(
    log: PathBuf,
    sections: Vec<String>,
    session: Option<String>,
    key: KeyOpts,
) -> CliResult {
    let p = Payload::ResultsPublished(ResultsPublished { sections, session });
    let id = append(&log, &key, p)?;
    println!("results published (event {id})");
    // The publisher signs the publication's tree head with it (RFC 9162, `log::tree`):
    // what `tdlog proof` and a player's page check the published log against.
    let v = open_log_read_only(&log)?.verify(None)?;
    let h = tdlog::log::tree::head(&v, id)?;
    append(
        &log,
        &key,
        Payload::ResultsTreeHead(tdlog::events::ResultsTreeHead {
            publication: id,
            size: h.size,
            root: h.root,
        }),
    )?;
    println!("  tree head: {} events, root {}", h.size, h.root.to_hex());
    // The publication commits to everything before it (its deps); the digest of the log
    // with it is what to print on the results sheet. One verify gives both.
    let (v, f) = verified_and_folded(&log)?;
    println!(
        "  head digest {} (print it with the results; `tdlog verify --expect` checks it later)",
        tdlog::log::digest::HeadSet::of(&v).digest()
    );
    for c in f.workflow.clocks(f.workflow.last_wall_ms) {
        if c.subject.is_none() {
            println!(
                "  {} (Law {}) section {} ends {}",
                c.what,
                c.law,
                c.section,
                local(&f, c.ends_ms)
            );
        }
    }
    Ok(0)
}

pub fn correction(cmd: CorrectionCmd) -> CliResult {
    match cmd {
        CorrectionCmd::Record {
            log,
            at,
            ns,
            ew,
            contract,
            declarer,
            tricks,
            reason,
            consent,
            key,
        } => {
            let declarer = declarer
                .map(|d| d.parse().map_err(|e| format!("--declarer: {e:?}")))
                .transpose()?;
            let late_consent = consent.as_deref().map(Hash32::from_hex).transpose()?;
            let p = Payload::ScoreCorrected(Box::new(ScoreCorrected {
                slot: at.slot(),
                ns,
                ew,
                result: TableResult {
                    contract,
                    declarer,
                    tricks,
                },
                reason,
                late_consent,
            }));
            done("score corrected", append(&log, &key, p)?)
        }
        CorrectionCmd::Consent {
            log,
            at,
            reason,
            key,
        } => {
            let p = Payload::LateCorrectionConsent(LateCorrectionConsent {
                slot: at.slot(),
                reason,
            });
            done(
                "late correction consented (Law 79C2)",
                append(&log, &key, p)?,
            )
        }
    }
}

/// A signed time as the human output prints it: in the event's time zone (`config.event`)
/// with the zone named; `--json` keeps UTC.
pub(super) fn local(f: &Folded, ms: i64) -> String {
    tdlog::i18n::local_time(lang_env(), f.tournament.zone(), ms)
}
