//! `tdlog ruling | publish | correction | appeal | clocks | appeals | report`: the director's
//! rulings, results publication and its clocks, score corrections and the appeals workflow
//! (Laws 79, 81-93). Every append goes through the workflow guards first
//! (`tdlog::appeals::append_checked`): a refused step is not signed, and the error names the law.

use super::appeal_views::local;
use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use tdlog::appeals::{self, append_checked, AppendError, Folded};
use tdlog::events::*;
use tdlog::i18n::{refusal, Lang};
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

#[derive(Clone, Copy, ValueEnum)]
pub enum ForumArg {
    ChiefTd,
    Committee,
}

/// A part of a mixed appeal (Law 93B1/B2).
#[derive(Clone, Copy, ValueEnum)]
pub enum PartArg {
    Law,
    Judgement,
}

fn part(p: Option<PartArg>) -> Option<tdlog::events::Part> {
    p.map(|p| match p {
        PartArg::Law => tdlog::events::Part::Law,
        PartArg::Judgement => tdlog::events::Part::Judgement,
    })
}

#[derive(Clone, Copy, ValueEnum)]
pub enum PartyArg {
    Appellant,
    Respondent,
    Director,
    Witness,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum DecisionArg {
    Upheld,
    Changed,
    RecommendationOnly,
    WithoutMerit,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum VoteArg {
    Concur,
    Dissent,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum DepositArg {
    Returned,
    Kept,
}

#[derive(Subcommand)]
pub enum AppealCmd {
    /// The organiser's appeal settings from a JSON file (schema/events/config.appeals.v3.schema.json).
    Settings {
        log: PathBuf,
        file: PathBuf,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// File an appeal through the director (Law 92C) for a contestant against a ruling.
    File {
        log: PathBuf,
        /// The ruling (event id or unique prefix).
        #[arg(long)]
        ruling: String,
        /// The appellant contestant (pair number or team).
        #[arg(long)]
        appellant: String,
        #[arg(long)]
        grounds: String,
        /// A player who signed the appeal (Law 92D); repeat.
        #[arg(long = "signed-by")]
        consents: Vec<String>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// A further player's consent (Law 92D).
    Consent {
        log: PathBuf,
        appeal: String,
        #[arg(long)]
        player: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The chief TD routes the appeal (Law 93).
    Route {
        log: PathBuf,
        appeal: String,
        #[arg(long, value_enum)]
        to: ForumArg,
        /// The part routed concerns only the Laws or regulations (Law 93B1).
        #[arg(long)]
        law_only: bool,
        #[arg(long)]
        note: Option<String>,
        /// A mixed appeal: the part this step is for (law: Law 93B1; judgement: 93B2).
        #[arg(long = "part", value_enum)]
        part: Option<PartArg>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The chief TD convenes the committee: member keys (hex) and the chair.
    Convene {
        log: PathBuf,
        appeal: String,
        #[arg(long = "member", required = true)]
        members: Vec<String>,
        #[arg(long)]
        chair: String,
        /// A mixed appeal: the part this step is for (law: Law 93B1; judgement: 93B2).
        #[arg(long = "part", value_enum)]
        part: Option<PartArg>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The parties told of the appeal and of its hearing (Law 93 and the regulations).
    Notify(super::appeal_procedure::NotifyArgs),
    /// The hearing's record: when it began, where, who attended.
    Hearing(super::appeal_procedure::HearingArgs),
    /// A decision that stands, announced to the parties.
    Announce(super::appeal_procedure::AnnounceArgs),
    /// A statement at the hearing.
    Hear {
        log: PathBuf,
        appeal: String,
        #[arg(long, value_enum)]
        party: PartyArg,
        #[arg(long)]
        by: String,
        #[arg(long)]
        text: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The decision of the chief TD or the committee.
    Decide {
        log: PathBuf,
        appeal: String,
        #[arg(long, value_enum)]
        decision: DecisionArg,
        /// The new score (JSON, as for `ruling give --adjustment`) when changed.
        #[arg(long)]
        adjustment: Option<String>,
        #[arg(long = "law", value_delimiter = ',')]
        laws: Vec<String>,
        #[arg(long)]
        reasoning: String,
        #[arg(long, value_enum)]
        deposit: Option<DepositArg>,
        #[arg(long)]
        penalty: Option<String>,
        /// A mixed appeal: the part this step is for (law: Law 93B1; judgement: 93B2).
        #[arg(long = "part", value_enum)]
        part: Option<PartArg>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// A member of the convened committee co-signs its chair's decision, concurring or
    /// dissenting (Law 93B); it takes effect at the organiser's quorum.
    Cosign {
        log: PathBuf,
        appeal: String,
        /// The decision (event id or prefix); by default the one waiting for co-signatures.
        #[arg(long)]
        decision: Option<String>,
        #[arg(long, value_enum)]
        vote: VoteArg,
        #[arg(long)]
        reason: Option<String>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Refer to the regulating authority (Law 93C2).
    Refer {
        log: PathBuf,
        appeal: String,
        #[arg(long)]
        to: String,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// A further appeal, where configured (Law 93C1).
    Further {
        log: PathBuf,
        appeal: String,
        #[arg(long)]
        grounds: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The appellant withdraws before a decision.
    Withdraw {
        log: PathBuf,
        appeal: String,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Settle a conflict between concurrent steps on an appeal: the chief TD or the chair
    /// of the appeal's committee names the step that stands (the others are set aside).
    Resolve {
        log: PathBuf,
        appeal: String,
        /// The conflicting step that stands (event id or unique prefix).
        #[arg(long)]
        stands: String,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// The regulating authority's answer to a referral (Law 93C2), signed for it by the
    /// organiser or the chief TD; closes the appeal.
    Answer {
        log: PathBuf,
        appeal: String,
        /// The authority the appeal was referred to.
        #[arg(long)]
        authority: String,
        #[arg(long, value_enum)]
        decision: DecisionArg,
        /// The new score (JSON, as for `ruling give --adjustment`) when changed.
        #[arg(long)]
        adjustment: Option<String>,
        #[arg(long = "law", value_delimiter = ',')]
        laws: Vec<String>,
        #[arg(long)]
        reasoning: String,
        /// Where the answer is documented (letter, e-mail, decision number).
        #[arg(long)]
        document: String,
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

fn ruling_id(log: &Path, s: &str) -> Result<Hash32, Box<dyn std::error::Error + Send + Sync>> {
    let f = folded(log)?;
    Ok(hash_or_prefix(&f, s, "ruling", |f| {
        f.workflow.rulings.keys().copied().collect()
    })?)
}

fn appeal_id(log: &Path, s: &str) -> Result<Hash32, Box<dyn std::error::Error + Send + Sync>> {
    let f = folded(log)?;
    Ok(hash_or_prefix(&f, s, "appeal", |f| {
        f.workflow.appeals.keys().copied().collect()
    })?)
}

fn adjustment(s: Option<String>) -> Result<Option<Adjustment>, String> {
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
    let f = folded(&log)?;
    println!("results published (event {id})");
    // The publication commits to everything before it (its deps); the digest of the log
    // with it is what to print on the results sheet.
    let v = super::open_log(&log)?.verify(None)?;
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

pub fn appeal(cmd: AppealCmd) -> CliResult {
    match cmd {
        AppealCmd::Settings { log, file, key } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let s: AppealSettings = serde_json::from_str(&text)
                .map_err(|e| format!("{} is not an appeal settings file: {e}", file.display()))?;
            done(
                "appeal settings signed",
                append(&log, &key, Payload::AppealSettings(Box::new(s)))?,
            )
        }
        AppealCmd::File {
            log,
            ruling,
            appellant,
            grounds,
            consents,
            key,
        } => {
            let ruling = ruling_id(&log, &ruling)?;
            let p = Payload::AppealFiled(AppealFiled {
                ruling,
                appellant,
                grounds,
                consents,
            });
            let id = append(&log, &key, p)?;
            println!("appeal filed: {id}");
            Ok(0)
        }
        AppealCmd::Consent {
            log,
            appeal,
            player,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let p = Payload::AppealConsent(AppealConsent { appeal, player });
            done("consent recorded", append(&log, &key, p)?)
        }
        AppealCmd::Route {
            log,
            appeal,
            to,
            law_only,
            note,
            part: pa,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let to = match to {
                ForumArg::ChiefTd => Forum::ChiefTd,
                ForumArg::Committee => Forum::Committee,
            };
            let p = Payload::AppealRouted(AppealRouted {
                appeal,
                to,
                law_only: law_only || matches!(pa, Some(PartArg::Law)),
                note,
                part: part(pa),
            });
            done("appeal routed", append(&log, &key, p)?)
        }
        AppealCmd::Convene {
            log,
            appeal,
            members,
            chair,
            part: pa,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let members = members
                .iter()
                .map(|m| Hash32::from_hex(m))
                .collect::<Result<Vec<_>, _>>()?;
            let chair = Hash32::from_hex(&chair)?;
            let p = Payload::CommitteeConvened(CommitteeConvened {
                appeal,
                members,
                chair,
                part: part(pa),
            });
            done("committee convened", append(&log, &key, p)?)
        }
        AppealCmd::Notify(a) => super::appeal_procedure::notify(a),
        AppealCmd::Hearing(a) => super::appeal_procedure::hearing(a),
        AppealCmd::Announce(a) => super::appeal_procedure::announce(a),
        AppealCmd::Hear {
            log,
            appeal,
            party,
            by,
            text,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let party = match party {
                PartyArg::Appellant => Party::Appellant,
                PartyArg::Respondent => Party::Respondent,
                PartyArg::Director => Party::Director,
                PartyArg::Witness => Party::Witness,
            };
            let p = Payload::AppealStatement(AppealStatement {
                appeal,
                party,
                by,
                text,
            });
            done("statement recorded", append(&log, &key, p)?)
        }
        AppealCmd::Decide {
            log,
            appeal,
            decision,
            adjustment: adj,
            laws,
            reasoning,
            deposit,
            penalty,
            part: pa,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let decision = decision_of(decision);
            let p = Payload::AppealDecided(Box::new(AppealDecided {
                appeal,
                decision,
                adjustment: adjustment(adj)?,
                laws,
                reasoning,
                deposit: deposit.map(|d| match d {
                    DepositArg::Returned => Deposit::Returned,
                    DepositArg::Kept => Deposit::Kept,
                }),
                penalty,
                part: part(pa),
            }));
            done("decision recorded", append(&log, &key, p)?)
        }
        AppealCmd::Cosign {
            log,
            appeal,
            decision,
            vote,
            reason,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let f = folded(&log)?;
            let decisions = |f: &Folded| -> Vec<Hash32> {
                f.workflow.appeals[&appeal]
                    .decisions
                    .iter()
                    .filter(|d| d.committee.is_some())
                    .map(|d| d.signed.event)
                    .collect()
            };
            let decision = match decision {
                Some(d) => hash_or_prefix(&f, &d, "committee decision", decisions)?,
                None => f.workflow.appeals[&appeal]
                    .decisions
                    .iter()
                    .rev()
                    .find(|d| d.committee.is_some())
                    .map(|d| d.signed.event)
                    .ok_or("no committee decision on this appeal to co-sign")?,
            };
            let p = Payload::DecisionCosigned(DecisionCosigned {
                appeal,
                decision,
                vote: match vote {
                    VoteArg::Concur => Vote::Concur,
                    VoteArg::Dissent => Vote::Dissent,
                },
                reason,
            });
            done("co-signature recorded", append(&log, &key, p)?)
        }
        AppealCmd::Refer {
            log,
            appeal,
            to,
            reason,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let p = Payload::AppealReferred(AppealReferred { appeal, to, reason });
            done("appeal referred", append(&log, &key, p)?)
        }
        AppealCmd::Further {
            log,
            appeal,
            grounds,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let p = Payload::AppealFurther(AppealFurther { appeal, grounds });
            done("further appeal filed", append(&log, &key, p)?)
        }
        AppealCmd::Resolve {
            log,
            appeal,
            stands,
            reason,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let f = folded(&log)?;
            let stands = hash_or_prefix(&f, &stands, "conflicting step", |f| {
                f.workflow.appeals[&appeal]
                    .conflicts
                    .iter()
                    .flat_map(|c| c.steps.iter().map(|s| s.event))
                    .collect()
            })?;
            let p = Payload::AppealConflictResolved(AppealConflictResolved {
                appeal,
                stands,
                reason,
            });
            done("conflict settled", append(&log, &key, p)?)
        }
        AppealCmd::Withdraw {
            log,
            appeal,
            reason,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let p = Payload::AppealWithdrawn(AppealWithdrawn { appeal, reason });
            done("appeal withdrawn", append(&log, &key, p)?)
        }
        AppealCmd::Answer {
            log,
            appeal,
            authority,
            decision,
            adjustment: adj,
            laws,
            reasoning,
            document,
            key,
        } => {
            let appeal = appeal_id(&log, &appeal)?;
            let p = Payload::AuthorityAnswered(Box::new(AuthorityAnswered {
                appeal,
                authority,
                decision: decision_of(decision),
                adjustment: adjustment(adj)?,
                laws,
                reasoning,
                document,
            }));
            done("authority's answer recorded", append(&log, &key, p)?)
        }
    }
}

fn decision_of(d: DecisionArg) -> Decision {
    match d {
        DecisionArg::Upheld => Decision::Upheld,
        DecisionArg::Changed => Decision::Changed,
        DecisionArg::RecommendationOnly => Decision::RecommendationOnly,
        DecisionArg::WithoutMerit => Decision::WithoutMerit,
    }
}
