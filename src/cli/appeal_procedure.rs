//! `tdlog appeal notify | hearing | announce`: the procedure around an appeal's hearing
//! (Law 93 and the regulations) as signed steps with their times: the parties told of the
//! appeal and the hearing, the hearing's record, the decision announced. Times are typed as
//! a TD reads a clock, in the event's time zone (`config.event`).

use super::appeals::{append, done, folded};
use super::{CliResult, KeyOpts};
use clap::Args;
use std::path::PathBuf;
use tdlog::events::{Attendee, Party};
use tdlog::views::procedure;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The parties told of an appeal (the other side above all) and of its hearing.
#[derive(Args)]
pub struct NotifyArgs {
    log: PathBuf,
    appeal: String,
    /// Who was told (repeat: `--party "Cara Diaz" --party "Dan Eck"`).
    #[arg(long = "party", required = true)]
    parties: Vec<String>,
    /// When the hearing is to be held: "19:30" (today, in the event's time zone),
    /// "2026-11-26 19:30", or RFC 3339.
    #[arg(long)]
    hearing_at: Option<String>,
    /// Where the hearing is to be held.
    #[arg(long)]
    place: Option<String>,
    #[arg(long)]
    note: Option<String>,
    #[command(flatten)]
    key: KeyOpts,
}

/// The hearing's record: when it began, where, who attended in what capacity.
#[derive(Args)]
pub struct HearingArgs {
    log: PathBuf,
    appeal: String,
    /// When it began (as for `notify --hearing-at`; default: now).
    #[arg(long)]
    began: Option<String>,
    #[arg(long)]
    place: String,
    /// Present for the appellant (repeat for each person).
    #[arg(long)]
    appellant: Vec<String>,
    /// Present for the other side.
    #[arg(long)]
    respondent: Vec<String>,
    /// The director who gave the ruling, if present.
    #[arg(long)]
    director: Vec<String>,
    #[arg(long)]
    witness: Vec<String>,
    #[arg(long)]
    note: Option<String>,
    #[command(flatten)]
    key: KeyOpts,
}

/// A decision that stands, announced to the parties.
#[derive(Args)]
pub struct AnnounceArgs {
    log: PathBuf,
    appeal: String,
    /// The decision announced (event id or prefix; default: the latest that stands).
    #[arg(long)]
    decision: Option<String>,
    /// To whom (repeat).
    #[arg(long = "party", required = true)]
    parties: Vec<String>,
    #[arg(long)]
    note: Option<String>,
    #[command(flatten)]
    key: KeyOpts,
}

fn folded_now(log: &std::path::Path) -> Result<(tdlog::appeals::Folded, i64), Error> {
    Ok((folded(log)?, chrono::Utc::now().timestamp_millis()))
}

pub fn notify(a: NotifyArgs) -> CliResult {
    let (f, now) = folded_now(&a.log)?;
    let form = procedure::NoticeForm {
        appeal: a.appeal,
        parties: a.parties,
        hearing_at: a.hearing_at,
        place: a.place,
        note: a.note,
    };
    let p = procedure::notified(&f.workflow, f.tournament.zone(), form, now)?;
    done("parties notified", append(&a.log, &a.key, p)?)
}

pub fn hearing(a: HearingArgs) -> CliResult {
    let (f, now) = folded_now(&a.log)?;
    let attended: Vec<Attendee> = [
        (Party::Appellant, a.appellant),
        (Party::Respondent, a.respondent),
        (Party::Director, a.director),
        (Party::Witness, a.witness),
    ]
    .into_iter()
    .flat_map(|(party, names)| names.into_iter().map(move |name| Attendee { name, party }))
    .collect();
    let form = procedure::HearingForm {
        appeal: a.appeal,
        began: a.began,
        place: a.place,
        attended,
        note: a.note,
    };
    let p = procedure::hearing(&f.workflow, f.tournament.zone(), form, now)?;
    done("hearing recorded", append(&a.log, &a.key, p)?)
}

pub fn announce(a: AnnounceArgs) -> CliResult {
    let f = folded(&a.log)?;
    let form = procedure::AnnounceForm {
        appeal: a.appeal,
        decision: a.decision,
        parties: a.parties,
        note: a.note,
    };
    let p = procedure::announced(&f.workflow, form)?;
    done("decision announced", append(&a.log, &a.key, p)?)
}
