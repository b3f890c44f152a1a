//! `tdlog doko draw commit | reveal`, `tdlog doko plan`, `tdlog doko presence`: the seat
//! draw (§2.1) committed before it is revealed, the round plans it gives, and late
//! arrivals and departures.
use clap::Subcommand;
use std::path::PathBuf;

use super::{CliResult, KeyOpts};
use tdlog::doko::draw::{seed_hash, LaterRounds, Presence};
use tdlog::events::{DokoDrawCommit, DokoDrawReveal, DokoPresence, DokoSeating, Payload};

#[derive(Subcommand)]
pub enum DrawCmd {
    /// Commit the seat draw: a fresh random seed is written to SEED-FILE (keep it secret
    /// until the reveal) and only its SHA-256 is signed, with the field of players.
    Commit {
        log: PathBuf,
        /// The field, comma separated: "Anna,Bert,Cleo,...".
        #[arg(long)]
        players: String,
        /// How later rounds are seated: random (drawn anew) or by-standings.
        #[arg(long, default_value = "random")]
        later: String,
        /// Where the secret seed is written (a new file).
        #[arg(long, value_name = "SEED-FILE")]
        seed_file: PathBuf,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Reveal the committed seed (a later event than the commit); refused unless it matches.
    Reveal {
        log: PathBuf,
        #[arg(long, value_name = "SEED-FILE")]
        seed_file: PathBuf,
        #[command(flatten)]
        key: KeyOpts,
    },
}

pub fn draw(cmd: DrawCmd) -> CliResult {
    match cmd {
        DrawCmd::Commit {
            log,
            players,
            later,
            seed_file,
            key,
        } => {
            let later_rounds = match later.as_str() {
                "random" => LaterRounds::Random,
                "by-standings" | "standings" => LaterRounds::ByStandings,
                x => return Err(format!("--later: {x:?} is random or by-standings").into()),
            };
            let players: Vec<String> = players
                .split(',')
                .map(|p| p.trim().to_string())
                .filter(|p| !p.is_empty())
                .collect();
            let mut bytes = [0u8; 32];
            rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut bytes);
            let seed = hex::encode(bytes);
            tdlog::io_safe::check_output(&seed_file, false, &[&log])?;
            let p = Payload::DokoDrawCommit(DokoDrawCommit {
                seed_hash: seed_hash(&seed),
                players,
                later_rounds,
            });
            // The seed is kept before the commit is signed, so a signed commit never lacks it.
            // A secret until the reveal: 0600, like a key.
            tdlog::io_safe::write_private(&seed_file, seed.as_bytes(), false, &[&log])?;
            // A refused commit (a draw already committed, §2.1: nobody redraws) leaves no
            // file behind: nothing is written when a command fails.
            let ids = match super::doko_result::append(&log, &key, vec![p]) {
                Ok(ids) => ids,
                Err(e) => {
                    let _ = std::fs::remove_file(&seed_file);
                    return Err(e);
                }
            };
            println!(
                "committed the seat draw (event {}); the seed is in {}",
                ids[0].short(),
                seed_file.display()
            );
            Ok(0)
        }
        DrawCmd::Reveal {
            log,
            seed_file,
            key,
        } => {
            let seed = tdlog::io_safe::read_text_input(&seed_file)?;
            let ids = super::doko_result::append(
                &log,
                &key,
                vec![Payload::DokoDrawReveal(DokoDrawReveal {
                    seed: seed.trim().to_string(),
                })],
            )?;
            println!("revealed the seat draw (event {})", ids[0].short());
            plan(log, 1, false, false, key)
        }
    }
}

/// `tdlog doko plan`: the round's plan from the draw; `--sign` records it as the round's
/// `doko.seating` events.
pub fn plan(log: PathBuf, round: u32, json: bool, sign: bool, key: KeyOpts) -> CliResult {
    let v = super::open_log_read_only(&log)?.verify(None)?;
    let t = tdlog::appeals::fold(&v, None).doko;
    let plan = t.plan(round)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&plan)?);
    } else {
        println!("round {round}");
        for (i, table) in plan.iter().enumerate() {
            let seats: Vec<String> = table.iter().map(|(s, p)| format!("{s}={p}")).collect();
            println!("table {}: {}", i + 1, seats.join(","));
        }
    }
    if sign {
        let payloads = plan
            .into_iter()
            .enumerate()
            .map(|(i, seating)| {
                Payload::DokoSeating(DokoSeating {
                    round,
                    table: i as u32 + 1,
                    seating,
                })
            })
            .collect();
        super::doko_result::append(&log, &key, payloads)?;
        println!("recorded the seating of round {round}");
    }
    Ok(0)
}

/// `tdlog doko presence`: a late arrival or a departure from a round on.
pub fn presence(
    log: PathBuf,
    player: String,
    from_round: u32,
    leaves: bool,
    key: KeyOpts,
) -> CliResult {
    let ids = super::doko_result::append(
        &log,
        &key,
        vec![Payload::DokoPresence(DokoPresence {
            presence: Presence {
                player: player.clone(),
                from_round,
                present: !leaves,
            },
        })],
    )?;
    let what = if leaves { "leaves" } else { "plays" };
    println!(
        "{player} {what} from round {from_round} (event {})",
        ids[0].short()
    );
    Ok(0)
}
