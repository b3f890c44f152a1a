//! Command-line interface (clap). Each domain has its own file; this one dispatches.

// What a terminal shows of signed text cannot drive the terminal: every line the CLI prints
// goes through `printable` (a note's `ESC ] 0 ;` would retitle the window, `ESC [ 2 J` clear
// it). These shadow the standard macros in every module of the CLI (declared after them).
macro_rules! println {
    () => { ::std::println!() };
    ($($arg:tt)*) => { ::std::println!("{}", $crate::cli::printable(&::std::format!($($arg)*))) };
}
macro_rules! print {
    ($($arg:tt)*) => { ::std::print!("{}", $crate::cli::printable(&::std::format!($($arg)*))) };
}
macro_rules! eprintln {
    () => { ::std::eprintln!() };
    ($($arg:tt)*) => { ::std::eprintln!("{}", $crate::cli::printable(&::std::format!($($arg)*))) };
}

use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use tdlog::keys::{default_key_path, DeviceKey};
use tdlog::log::store::ReadOnlyLog;
use tdlog::log::Log;

mod adjust;
mod appeal_procedure;
mod appeal_steps;
mod appeal_views;
mod appeals;
mod bridge;
mod bridge_log;
mod demo;
mod doko;
mod doko_draw;
mod doko_log;
mod doko_result;
mod files;
mod key;
mod log;
mod movement;
mod proof;
mod results;
mod stats;
mod sync;
mod traveller;
mod view;

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
    /// This device's key; enrol and revoke keys in a log.
    #[command(subcommand)]
    Key(key::KeyCmd),
    /// Create a tournament log, signed by this device as chief TD.
    Init(log::InitArgs),
    /// Record a director-call note.
    Note(log::NoteArgs),
    /// Print every event as a JSON line, in replay order (verifies first).
    Log { log: PathBuf },
    /// Verify every signature, chain and key of a log or bundle. Exit 0 if all is well,
    /// 2 with the first bad event and why.
    Verify {
        log: PathBuf,
        #[arg(long)]
        json: bool,
        /// A head digest written down earlier (as `verify` printed it): check that the log
        /// still contains everything it covered (exit 3 if not).
        #[arg(long, value_name = "DIGEST")]
        expect: Option<String>,
    },
    /// Write every signed event of a log to a bundle file (a new file unless --force).
    Export {
        log: PathBuf,
        file: PathBuf,
        /// Replace FILE if it exists (never a log, a key file or the command's own input).
        #[arg(long)]
        force: bool,
    },
    /// Merge a bundle into a log (set union; idempotent), then sign this device's receipt
    /// for what arrived (with this device's clock: late arrivals and future-dated events).
    Merge {
        log: PathBuf,
        file: PathBuf,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Sign a checkpoint of the head set (chief TD or scorer): its digest can be printed,
    /// read aloud and checked later with `verify --expect`.
    Checkpoint {
        log: PathBuf,
        #[arg(long)]
        note: Option<String>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Signed time: late arrivals and future-dated events, and the chief TD's acceptance.
    #[command(subcommand)]
    Time(log::TimeCmd),
    /// Fork proofs: the chief TD's ruling.
    #[command(subcommand)]
    Fork(log::ForkCmd),
    /// Import structure and results from another program's file.
    #[command(subcommand)]
    Import(results::ImportCmd),
    /// Make the demo tournament's day at TO: the base demo log plus the day (a real event's
    /// results, a ruling, the publication, an appeal) signed now with the published DEMO keys,
    /// so its Law 79C and 92B periods run from now.
    DemoDay(demo::DemoDayArgs),
    /// Generate a movement (Mitchell, Howell, three-quarter Howell, teams round robin, Swiss,
    /// knock-out): --show prints its guide cards, --options what fits a field; with a LOG it
    /// signs a new section (section, contestants, tables); --next-round pairs a Swiss round.
    Movement(Box<movement::MovementArgs>),
    /// Write the results as a file other programs read (USEBIO 1.2, PBN with score tables).
    WriteResults(files::WriteArgs),
    /// Write the results as a static HTML site (ranking, travellers, score cards, policy).
    PublishSite(files::SiteArgs),
    /// Check a published results site's board pages as they check themselves in a browser:
    /// signatures, the key chain from the genesis, inclusion proofs and the signed tree head.
    VerifySite(files::VerifySiteArgs),
    /// The scoring policy: method, adjusted-score values, Neuberg, rounding, VP scale, ties.
    #[command(subcommand)]
    Policy(results::PolicyCmd),
    /// Every table result with its score (matchpoints or IMPs), from the log.
    Results {
        log: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Sign one traveller line as a scorer types it ("3NT N =", "4SX E -2", "pass",
    /// "A+/A-", "60/40", "not played: reason"), checked against its slot first.
    Result(traveller::ResultArgs),
    /// The traveller of a board (every table that plays it) or of one table in one round:
    /// each line typed back, scores, matchpoints or IMPs, marks, what is still missing.
    Traveller(traveller::TravellerArgs),
    /// Places and totals per section; --at EVENT-ID shows the ranking as it stood then,
    /// --diff EVENT-ID what changed since that point.
    Ranking(results::RankingArgs),
    /// Every signed event behind a board's result or a pair's or team's total: who, when,
    /// which law, before and after.
    Audit(results::AuditArgs),
    /// The director's call and ruling at a table (Laws 9, 81-85).
    #[command(subcommand)]
    Ruling(appeals::RulingCmd),
    /// Publish official results: starts the correction (L79C) and appeal (L92B) periods.
    Publish {
        log: PathBuf,
        /// Sections published (repeat; default: all).
        #[arg(long = "section")]
        sections: Vec<String>,
        #[arg(long)]
        session: Option<String>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Score corrections (Law 79C) and the organiser's late-correction consent (79C2).
    #[command(subcommand)]
    Correction(appeals::CorrectionCmd),
    /// The appeals workflow (Laws 92-93): file, consent, route, convene, hear, decide, ...
    #[command(subcommand)]
    Appeal(appeal_steps::AppealCmd),
    /// Open clocks (correction and appeal periods) with time left.
    Clocks {
        log: PathBuf,
        /// The time to measure from (RFC 3339; default: now).
        #[arg(long)]
        now: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Every appeal with its state, and every refused step in the log.
    Appeals {
        log: PathBuf,
        /// The time statuses are judged at (RFC 3339; default: now).
        #[arg(long)]
        now: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Reports: an appeal form, the casebook or its statistics (one log or a folder of logs),
    /// as HTML or PDF (statistics also JSON), in English, German or Danish.
    #[command(subcommand)]
    Report(appeal_views::ReportCmd),
    /// The published log as a Merkle tree (RFC 9162) for auditors: each publication's tree
    /// head, inclusion and consistency proofs, and a check of a written proof.
    #[command(subcommand)]
    Proof(proof::ProofCmd),
    /// Witness a publication's tree head: check it against this device's copy of the log
    /// and sign the same size and root (refused if it does not match).
    Witness {
        log: PathBuf,
        /// The publication (its id, or the start of it; default: the latest).
        #[arg(long)]
        publication: Option<String>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Duplicate bridge rules: boards, scores, IMPs, PBN replay.
    #[command(subcommand)]
    Bridge(bridge::BridgeCmd),
    /// Doppelkopf rules (Eppstein 2001 / DDV profiles): score a game, a table's list from the log.
    #[command(subcommand)]
    Doko(doko::DokoCmd),
    /// The adjustment assistant (Law 12C1): a board's double-dummy table and par, the field's
    /// results, and each outcome of a weighted score with its matchpoints or IMPs.
    Adjust(adjust::AdjustArgs),
    /// The desktop app's screens as JSON view models (board, incident, rulings, overview).
    #[command(subcommand)]
    View(view::ViewCmd),
    /// Push and pull a log's events through a PostgreSQL hub (untrusted: everything pulled
    /// is verified and merged as `merge` does); --watch keeps going.
    Sync(sync::SyncArgs),
    /// The federation archive on a hub: its tournaments, or (--appeals) the casebook across
    /// them, each log verified as it is read.
    Archive(sync::ArchiveArgs),
}

/// Where this device's key is.
#[derive(Args, Clone)]
pub struct KeyOpts {
    /// Key file (default: $TDLOG_KEY, else ~/.local/share/tdlog/device.key).
    #[arg(long = "key", value_name = "FILE")]
    key_file: Option<PathBuf>,
}

impl KeyOpts {
    pub fn path(&self) -> PathBuf {
        self.key_file.clone().unwrap_or_else(default_key_path)
    }
}

/// Loads this device's key; the passphrase, if any, comes from TDLOG_PASSPHRASE.
pub fn load_key(k: &KeyOpts) -> Result<DeviceKey, tdlog::keys::KeyFileError> {
    let pass = std::env::var("TDLOG_PASSPHRASE").ok();
    DeviceKey::load(&k.path(), pass.as_deref())
}

/// Opens a log and checks it against this device's record of what it has seen (a log that
/// lost events this device saw is refused, naming them); the record follows every verify.
pub fn open_log(p: &Path) -> Result<Log, tdlog::log::LogError> {
    let mut log = Log::open(p)?;
    let dir = tdlog::log::seen::default_data_dir();
    log.attach_seen(tdlog::log::seen::SeenStore::new(&dir))?;
    log.attach_cache(tdlog::log::cache::VerifiedCache::new(&dir));
    Ok(log)
}

/// Opens a log for a command that only reads it: nothing is written and nothing is left
/// next to the file (no `-wal`/`-shm`), so it works on a read-only copy too.
/// It is checked against this device's record of what it has seen and uses its verified-state
/// cache, as `open_log` does (both live in the data dir, not next to the log).
pub fn open_log_read_only(p: &Path) -> Result<ReadOnlyLog, tdlog::log::LogError> {
    let mut log = Log::open_read_only(p)?;
    let dir = tdlog::log::seen::default_data_dir();
    log.attach_seen(tdlog::log::seen::SeenStore::new(&dir))?;
    log.attach_cache(tdlog::log::cache::VerifiedCache::new(&dir));
    Ok(log)
}

/// A progress bar on stderr (hidden when stderr is not a terminal).
pub fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{what} {{bar:40}} {{pos}}/{{len}} events ({{per_sec}}, {{eta}} left)"
    )) {
        bar.set_style(style);
    }
    if len < 50_000 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar
}

/// Parse arguments, run, and map errors to a one-line message and exit code 1.
pub fn main() -> i32 {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    let res = match cli.cmd {
        Cmd::Key(c) => key::run(c),
        Cmd::Init(a) => log::init(a),
        Cmd::Note(a) => log::note(a),
        Cmd::Log { log } => log::show(log),
        Cmd::Verify { log, json, expect } => log::verify(log, json, expect),
        Cmd::Export { log, file, force } => log::export(log, file, force),
        Cmd::Merge { log, file, key } => log::merge(log, file, key),
        Cmd::Checkpoint { log, note, key } => log::checkpoint(log, note, key),
        Cmd::Time(cmd) => log::time(cmd),
        Cmd::Fork(c) => log::fork(c),
        Cmd::Import(c) => results::import(c),
        Cmd::DemoDay(a) => demo::day(a),
        Cmd::Movement(a) => movement::run(*a),
        Cmd::WriteResults(a) => files::write(a),
        Cmd::PublishSite(a) => files::site(a),
        Cmd::VerifySite(a) => files::verify_site(a),
        Cmd::Policy(c) => results::policy(c),
        Cmd::Results { log, json } => results::show_results(log, json),
        Cmd::Result(a) => traveller::result(a),
        Cmd::Traveller(a) => traveller::show(a),
        Cmd::Ranking(a) => results::show_ranking(a),
        Cmd::Audit(a) => results::audit(a),
        Cmd::Ruling(c) => appeals::ruling(c),
        Cmd::Publish {
            log,
            sections,
            session,
            key,
        } => appeals::publish(log, sections, session, key),
        Cmd::Correction(c) => appeals::correction(c),
        Cmd::Appeal(c) => appeal_steps::appeal(c),
        Cmd::Clocks { log, now, json } => appeal_views::clocks(log, now, json),
        Cmd::Appeals { log, now, json } => appeal_views::list(log, now, json),
        Cmd::Report(c) => appeal_views::report(c),
        Cmd::Proof(c) => proof::run(c),
        Cmd::Witness {
            log,
            publication,
            key,
        } => proof::witness(log, publication, key),
        Cmd::Bridge(c) => bridge::run(c),
        Cmd::Doko(c) => doko::run(c),
        Cmd::Adjust(a) => adjust::run(a),
        Cmd::View(c) => view::run(c),
        Cmd::Sync(a) => sync::run(a),
        Cmd::Archive(a) => sync::archive(a),
    };
    // What was repaired on the way (a device record or cache set aside): said once.
    for w in tdlog::log::device::take_warnings() {
        eprintln!("warning: {w}");
    }
    match res {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", one_line(&*e));
            1
        }
    }
}

/// `--help` and `--version` as clap prints them (exit 0); any other parse error is one line
/// naming what is wrong and where the command's help is, with exit 1 like every refusal.
fn usage_error(e: &clap::Error) -> i32 {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return 0;
    }
    let text = e.render().to_string();
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("invalid arguments")
        .trim();
    let what = first.strip_prefix("error: ").unwrap_or(first);
    // The command as the usage line names it: `tdlog bridge score`.
    let command: Vec<&str> = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: "))
        .map(|u| {
            u.split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<', '-']))
                .collect()
        })
        .unwrap_or_default();
    let command = if command.is_empty() {
        "tdlog".to_string()
    } else {
        command.join(" ")
    };
    eprintln!("error: {what} (see {command} --help)");
    1
}

/// A line as a terminal may show it: control characters (but newline and tab) and the
/// bidirectional overrides are written as escapes (`\u{1b}`), never sent raw.
pub fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    fn raw_is_unsafe(c: char) -> bool {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    }
    if !s.chars().any(raw_is_unsafe) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if raw_is_unsafe(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
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

/// Leaves a command's big state (a verified log, a folded tournament) for the process's exit
/// to free: every CLI command ends right after it, and freeing a log's events one by one was
/// a tenth of `tdlog results` on a 200-table session. Only for state a command is done with.
pub(crate) fn free_at_exit<T>(state: T) {
    std::mem::forget(state);
}
