//! `tdlog demo-day`: the demo tournament's day signed now (`tdlog::demo`), as the desktop
//! app makes it when it copies the demo, and as `scripts/make-demo.sh` and the e2e tests do.
use super::CliResult;
use clap::Args;
use std::path::PathBuf;
use tdlog::demo::{make_day, DemoSource};

#[derive(Args)]
pub struct DemoDayArgs {
    /// The new log (must not exist).
    pub to: PathBuf,
    /// The base demo log, with `keys/` beside it (default: the checkout's fixtures/demo/demo.tdlog).
    #[arg(long)]
    pub base: Option<PathBuf>,
}

pub fn day(a: DemoDayArgs) -> CliResult {
    let base = a
        .base
        .unwrap_or_else(|| PathBuf::from("fixtures/demo/demo.tdlog"));
    let src = DemoSource::beside(&base).ok_or_else(|| {
        format!(
            "{}: the demo needs keys/ (chief, td1, scorer, organiser) and the day's PBN beside it",
            base.display()
        )
    })?;
    let now = chrono::Utc::now().timestamp_millis();
    let day = make_day(&src, &a.to, now)?;
    println!(
        "made the demo day at {} (ruling {}, appeal {})",
        a.to.display(),
        day.ruling,
        day.appeal
    );
    Ok(0)
}
