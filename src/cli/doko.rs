//! `tdlog doko ...`: Doppelkopf scoring from the pure rules engine (`tdlog::doko`).
use clap::Subcommand;
use std::io::Read;
use std::path::PathBuf;

use super::CliResult;
use tdlog::doko::input::{self, GameInput, ProfileSpec};

#[derive(Subcommand)]
pub enum DokoCmd {
    /// Score one game described as JSON and print each seat's points.
    ///
    /// GAME-JSON is a file path, or `-` for standard input. See docs/cli.md for the format.
    Score {
        /// Path of the JSON game description (`-` reads standard input).
        #[arg(value_name = "GAME-JSON")]
        game: PathBuf,
        /// Print the full result as JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Rule profile (`eppstein-2001` or `ddv`); overrides the one in the file.
        #[arg(long)]
        profile: Option<String>,
    },
}

pub fn run(cmd: DokoCmd) -> CliResult {
    match cmd {
        DokoCmd::Score {
            game,
            json,
            profile,
        } => {
            let text = if game.as_os_str() == "-" {
                let mut s = String::new();
                std::io::stdin().read_to_string(&mut s)?;
                s
            } else {
                std::fs::read_to_string(&game)
                    .map_err(|e| format!("cannot read {}: {e}", game.display()))?
            };
            let mut g: GameInput = serde_json::from_str(&text)
                .map_err(|e| tdlog::doko::DokoError::Input(e.to_string()))?;
            if let Some(p) = profile {
                g.profile = Some(ProfileSpec::Name(p));
            }
            let out = input::score(&g)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&out)?);
            } else {
                let winner = match out.value.winner {
                    Some(p) => format!("{p:?}"),
                    None => "none (6.1.4)".into(),
                };
                println!(
                    "profile {}  winner {}  value {}  eyes Re {} / Kontra {}",
                    out.profile, winner, out.value.value, out.tally.re_eyes, out.tally.kontra_eyes
                );
                for (seat, pts) in &out.points {
                    let party = out
                        .parties
                        .get(seat)
                        .map(|p| format!("{p:?}"))
                        .unwrap_or_default();
                    println!("{seat}  {party:<6}  {pts:>4}");
                }
                for sp in &out.sonderpunkte {
                    let trick = sp
                        .trick
                        .map(|t| format!(" (trick {t})"))
                        .unwrap_or_default();
                    println!("Sonderpunkt {:?} for {:?}{trick}", sp.kind, sp.party);
                }
                for f in &out.flags {
                    println!("flag: {f}");
                }
            }
            Ok(0)
        }
    }
}
