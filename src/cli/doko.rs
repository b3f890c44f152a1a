//! `tdlog doko ...`: Doppelkopf scoring from the pure rules engine (`tdlog::doko`).
use clap::Subcommand;
use std::io::Read;
use std::path::PathBuf;

use super::CliResult;
use std::collections::BTreeMap;
use tdlog::doko::input::{self, GameInput, ProfileSpec};
use tdlog::doko::profile::Profile;
use tdlog::doko::report::{render_html, render_text};
use tdlog::doko::round::TableConfig;
use tdlog::doko::table::{replay_table, TableFile};

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
    /// Replay a table's recorded games (GameEvent payloads, e.g.
    /// fixtures/doko/round16/events.json) and print its Spielliste (§6.3).
    Replay {
        /// Path of the recorded table (`-` reads standard input).
        #[arg(value_name = "TABLE-JSON")]
        table: PathBuf,
        /// Print the list as JSON.
        #[arg(long, conflicts_with = "html")]
        json: bool,
        /// Print the list as an HTML table.
        #[arg(long)]
        html: bool,
    },
    /// Print a table's Spielliste from the signed log (profile from the genesis).
    List {
        log: PathBuf,
        #[arg(long)]
        table: u32,
        /// Round (default: the only round the table has games in).
        #[arg(long)]
        round: Option<u32>,
        #[arg(long, conflicts_with = "html")]
        json: bool,
        #[arg(long, conflicts_with = "json")]
        html: bool,
        /// Write the list as a PDF in the layout of §6.3 to FILE.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "html"])]
        pdf: Option<PathBuf>,
        /// Replace the PDF file if it exists (never a log, a key file or the log read).
        #[arg(long, requires = "pdf")]
        force: bool,
        /// Print the HTML page or PDF in this language (de, en, da), with the corrections
        /// and flags; without it `--html` gives the German table fragment.
        #[arg(long)]
        lang: Option<String>,
    },
    /// Record one game event (a `GameEvent` as JSON, or with --setup a `GameSetup` that
    /// begins the game) as a signed event: `doko.game`, `doko.event`, `doko.ruling`
    /// (Schiedsrichter) or `doko.schiedsgericht`, chosen by the event.
    Record {
        log: PathBuf,
        #[arg(long)]
        round: u32,
        #[arg(long)]
        table: u32,
        /// The game's number in the table's round, from 1.
        #[arg(long)]
        game: u32,
        #[arg(long, conflicts_with = "setup")]
        event: Option<String>,
        #[arg(long)]
        setup: Option<String>,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// Enter a game as the table's list writes it (signed `doko.result`): the parties or the
    /// solo, the Re eyes, the announcements with who made them, Sonderpunkte; or a
    /// Schmeißen / redeal. Checked against the rules and the round, scored by the engine.
    Result {
        log: PathBuf,
        #[arg(long)]
        round: u32,
        #[arg(long)]
        table: u32,
        /// The game's number in the table's round (default: the next).
        #[arg(long)]
        game: Option<u32>,
        /// A JSON array of list entries: the table's next games, signed in one batch.
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
        #[command(flatten)]
        entry: super::doko_result::EntryArgs,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// Correct or strike a game of the list, with the reason (signed `doko.correction`):
    /// the scorer during the round (§8.2.1: a struck game is replaced by the next game), a
    /// TD after the round is closed (§8.2.2).
    Correct {
        log: PathBuf,
        #[arg(long)]
        round: u32,
        #[arg(long)]
        table: u32,
        #[arg(long)]
        game: u32,
        /// Strike the game instead of correcting it.
        #[arg(long)]
        strike: bool,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        entry: super::doko_result::EntryArgs,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// Close a table's round (signed `doko.round_closed`, the Schiedsrichter: a TD): from
    /// then on only a TD corrects or strikes its games (§8.2.2), and no game is entered.
    Close {
        log: PathBuf,
        #[arg(long)]
        round: u32,
        #[arg(long)]
        table: u32,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// The seat draw (§2.1): commit a secret seed's hash, then reveal the seed.
    #[command(subcommand)]
    Draw(super::doko_draw::DrawCmd),
    /// The plan of a round from the revealed draw (round 1 drawn; later rounds by the
    /// draw's rule), tables of four and five; `--sign` records it as the round's seating.
    Plan {
        log: PathBuf,
        #[arg(long)]
        round: u32,
        #[arg(long)]
        json: bool,
        #[arg(long)]
        sign: bool,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// A late arrival (plays from --from-round) or, with --leaves, a departure.
    Presence {
        log: PathBuf,
        #[arg(long)]
        player: String,
        #[arg(long)]
        from_round: u32,
        #[arg(long)]
        leaves: bool,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// Record who sits where at a table in a round (signed `doko.seating`), e.g.
    /// --seats "A=Anna,B=Bert,C=Cleo,D=Dora".
    Seat {
        log: PathBuf,
        #[arg(long)]
        round: u32,
        #[arg(long)]
        table: u32,
        #[arg(long)]
        seats: String,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// Standings over every table and round from the log (sum of round totals, A30).
    Standings {
        log: PathBuf,
        #[arg(long)]
        json: bool,
        /// Also print where PLAYER's total comes from: each table's part, penalties, and the
        /// corrections and strikes of §8.2 at those tables.
        #[arg(long, value_name = "PLAYER")]
        audit: Option<String>,
        /// The standings as an HTML page.
        #[arg(long, conflicts_with_all = ["json", "pdf"])]
        html: bool,
        /// Write the standings as a PDF to FILE.
        #[arg(long, value_name = "FILE", conflicts_with = "json")]
        pdf: Option<PathBuf>,
        #[arg(long, requires = "pdf")]
        force: bool,
        /// Language of the HTML page or PDF: de (default, the club's), en, da.
        #[arg(long, default_value = "de")]
        lang: String,
    },
    /// Set the standings' tie rule (signed `doko.standings_rule`, chief TD or organiser):
    /// shared-place, most-games-won, best-single-game or best-round.
    TieRule {
        log: PathBuf,
        #[arg(long)]
        tie: String,
        #[command(flatten)]
        key: super::KeyOpts,
    },
    /// Append a recorded table (the `tdlog doko replay` file: `{setup, events}` per game)
    /// to the log as signed events, game by game.
    Import {
        log: PathBuf,
        #[arg(value_name = "TABLE-JSON")]
        file: PathBuf,
        #[arg(long)]
        round: u32,
        #[arg(long)]
        table: u32,
        #[command(flatten)]
        key: super::KeyOpts,
        /// The Schiedsgericht's key (committee or chief TD): signs the table's
        /// `doko.schiedsgericht` events, which the Schiedsrichter's key may not (§7.1.1).
        #[arg(long, value_name = "FILE")]
        schiedsgericht_key: Option<PathBuf>,
    },
}

fn read_input(path: &std::path::Path) -> Result<String, Box<dyn std::error::Error + Send + Sync>> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        Ok(s)
    } else {
        Ok(tdlog::io_safe::read_text_input(path)?)
    }
}

pub fn run(cmd: DokoCmd) -> CliResult {
    match cmd {
        DokoCmd::List {
            log,
            table,
            round,
            json,
            html,
            pdf,
            force,
            lang,
        } => super::doko_log::list(log, table, round, json, html, pdf, force, lang),
        DokoCmd::Record {
            log,
            round,
            table,
            game,
            event,
            setup,
            key,
        } => super::doko_log::record(log, round, table, game, event, setup, key),
        DokoCmd::Result {
            log,
            round,
            table,
            game,
            file,
            entry,
            key,
        } => super::doko_result::result(log, round, table, game, file, entry, key),
        DokoCmd::Correct {
            log,
            round,
            table,
            game,
            strike,
            reason,
            entry,
            key,
        } => super::doko_result::correct(log, round, table, game, strike, reason, entry, key),
        DokoCmd::Close {
            log,
            round,
            table,
            key,
        } => super::doko_result::close(log, round, table, key),
        DokoCmd::Draw(c) => super::doko_draw::draw(c),
        DokoCmd::Plan {
            log,
            round,
            json,
            sign,
            key,
        } => super::doko_draw::plan(log, round, json, sign, key),
        DokoCmd::Presence {
            log,
            player,
            from_round,
            leaves,
            key,
        } => super::doko_draw::presence(log, player, from_round, leaves, key),
        DokoCmd::Seat {
            log,
            round,
            table,
            seats,
            key,
        } => super::doko_log::seat(log, round, table, &seats, key),
        DokoCmd::Standings {
            log,
            json,
            audit,
            html,
            pdf,
            force,
            lang,
        } => super::doko_log::show_standings(log, json, audit, html, pdf, force, &lang),
        DokoCmd::TieRule { log, tie, key } => super::doko_log::tie_rule(log, &tie, key),
        DokoCmd::Import {
            log,
            file,
            round,
            table,
            key,
            schiedsgericht_key,
        } => {
            let text = read_input(&file)?;
            super::doko_log::import(log, &text, round, table, key, schiedsgericht_key)
        }
        DokoCmd::Score {
            game,
            json,
            profile,
        } => {
            let text = read_input(&game)?;
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
        DokoCmd::Replay { table, json, html } => {
            let text = read_input(&table)?;
            let file: TableFile = serde_json::from_str(&text)
                .map_err(|e| tdlog::doko::DokoError::Input(e.to_string()))?;
            let (profile, size, names, games) = match file {
                TableFile::Games(g) => (None, 4, BTreeMap::new(), g),
                TableFile::Full {
                    profile,
                    table_size,
                    names,
                    games,
                } => (profile, table_size, names, games),
            };
            let profile: Profile = match profile {
                Some(p) => p.parse()?,
                None => Profile::default(),
            };
            let t = replay_table(&games, TableConfig::new(size)?, &profile)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&t.list)?);
            } else if html {
                print!("{}", render_html(&t.list, &profile.name, &names));
            } else {
                print!("{}", render_text(&t.list, &profile.name, &names));
                for f in &t.notes {
                    println!("flag: {}", f.text(tdlog::i18n::Lang::En));
                }
            }
            Ok(0)
        }
    }
}
