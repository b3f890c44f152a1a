//! `tdlog appeal`: the appeal's steps (Laws 92-93): settings, filing and consents, routing,
//! the committee (convened, hearing, decision, co-signatures), referral to the regulating
//! authority and its answer, further appeal, withdrawal. Each step goes through the workflow
//! guards first (`super::appeals::append`): a refused step is not signed, and the error names
//! the law.

use super::appeals::{adjustment, appeal_id, append, done, folded, hash_or_prefix, ruling_id};
use super::{CliResult, KeyOpts};
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;
use tdlog::appeals::Folded;
use tdlog::events::*;
use tdlog::log::Hash32;

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

pub fn appeal(cmd: AppealCmd) -> CliResult {
    match cmd {
        AppealCmd::Settings { log, file, key } => {
            let text = tdlog::io_safe::read_text_input(&file)?;
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
