//! Command-line interface (clap). Each domain has its own file; this one dispatches.
use clap::{Parser, Subcommand};

mod bridge;
mod doko;

/// Result of a CLI handler: an exit code, or an error printed as one line.
pub type CliResult = Result<i32, Box<dyn std::error::Error + Send + Sync>>;

#[derive(Parser)]
#[command(
    name = "tdlog",
    version,
    about = "Director's log and appeals system for card tournaments"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Duplicate bridge rules: boards, scores, IMPs, PBN replay.
    #[command(subcommand)]
    Bridge(bridge::BridgeCmd),
    /// Doppelkopf rules (Eppstein 2001 / DDV profiles): score a game.
    #[command(subcommand)]
    Doko(doko::DokoCmd),
}

/// Parse arguments, run, and map errors to a one-line message and exit code 1.
pub fn main() -> i32 {
    let cli = Cli::parse();
    let res = match cli.cmd {
        Cmd::Bridge(c) => bridge::run(c),
        Cmd::Doko(c) => doko::run(c),
    };
    match res {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", one_line(&*e));
            1
        }
    }
}

/// The error and its causes joined on one line: `outer: inner: root`.
fn one_line(e: &(dyn std::error::Error + 'static)) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(c) = src {
        let t = c.to_string();
        if !s.contains(&t) {
            s.push_str(": ");
            s.push_str(&t);
        }
        src = c.source();
    }
    s
}
