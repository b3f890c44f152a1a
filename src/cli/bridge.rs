//! `tdlog bridge ...`: scoring and board facts from the bridge rules engine.
use clap::Subcommand;
use serde_json::json;

use super::CliResult;
use tdlog::bridge::contract::ContractOrPass;
use tdlog::bridge::seat::Seat;
use tdlog::bridge::vulnerability::Vulnerability;
use tdlog::bridge::{board, lin, pbn, replay, score};

#[derive(Subcommand)]
pub enum BridgeCmd {
    /// Law 77 score of a contract for both sides.
    // Negative numbers are values here (`-1` tricks is refused by the command, not the parser).
    #[command(allow_negative_numbers = true)]
    Score {
        /// Contract: 4S, 4SX, 1CXX, 3NT/3N (x, xx accepted), or Pass for a pass-out.
        contract: String,
        /// Declarer: N, E, S or W (may be left out, or anything, for Pass).
        declarer: Option<String>,
        /// Vulnerability: None, NS, EW, Both (PBN: -, Love, All); may be left out for Pass.
        vulnerable: Option<String>,
        /// Tricks won by declarer's side, 0-13 (may be left out, or anything, for Pass).
        tricks: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Law 2 dealer and vulnerability of a board number.
    Board {
        board: u32,
        #[arg(long)]
        json: bool,
    },
    /// Law 78B IMPs for a point difference (sign kept).
    #[command(allow_negative_numbers = true)]
    Imps {
        difference: i64,
        #[arg(long)]
        json: bool,
    },
    /// Replay a PBN (or LIN) file: derived contract, declarer, tricks, score, irregularities.
    Replay {
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Record a board's deal (and any non-conforming dealer or vulnerability) as a signed
    /// `structure.board`.
    Deal(super::bridge_log::DealArgs),
    /// Record a call made at a table (signed `bridge.auction`); irregular calls are recorded
    /// and flagged with their law and options.
    Call(super::bridge_log::CallArgs),
    /// Record a card played (signed `bridge.play`).
    Play(super::bridge_log::PlayArgs),
    /// Record cards exposed during the auction (Law 24).
    Expose(super::bridge_log::ExposeArgs),
    /// Record a claim or concession (Law 68), and with --agreed its agreement (69A).
    Claim(super::bridge_log::ClaimArgs),
    /// TD: choose the branch of an irregularity's decision tree, or rule a contested claim
    /// (signed `bridge.ruling`).
    Rule(super::bridge_log::RuleArgs),
    /// Record any engine event given as JSON (a player's option, a penalty card, ...).
    Record(super::bridge_log::RecordArgs),
    /// A board at a table from the log: auction, contract, play, tricks, irregularities with
    /// law and options, derived result.
    State(super::bridge_log::StateArgs),
}

/// `score --json` output; fields in this order so that `ns` and `ew` come first.
#[derive(serde::Serialize)]
struct ScoreOut {
    ns: i32,
    ew: i32,
    contract: String,
    declarer: Option<String>,
    vulnerable: &'static str,
    tricks: Option<u8>,
}

/// A bad command-line value, named.
#[derive(Debug, thiserror::Error)]
enum ArgError {
    #[error("invalid tricks {0:?}: expected a number 0-13")]
    Tricks(String),
    #[error("missing {0}: needed unless the contract is Pass")]
    Missing(&'static str),
}

pub fn run(cmd: BridgeCmd) -> CliResult {
    use super::bridge_log as bl;
    match cmd {
        BridgeCmd::Deal(a) => bl::deal(a),
        BridgeCmd::Call(a) => bl::call(a),
        BridgeCmd::Play(a) => bl::play(a),
        BridgeCmd::Expose(a) => bl::expose(a),
        BridgeCmd::Claim(a) => bl::claim(a),
        BridgeCmd::Rule(a) => bl::rule(a),
        BridgeCmd::Record(a) => bl::record(a),
        BridgeCmd::State(a) => bl::state(a),
        BridgeCmd::Score {
            contract,
            declarer,
            vulnerable,
            tricks,
            json,
        } => {
            let c: ContractOrPass = contract.parse()?;
            let passed_out = c == ContractOrPass::PassedOut;
            let vul: Vulnerability = match vulnerable {
                Some(v) => v.parse()?,
                None if passed_out => Vulnerability::None,
                None => return Err(ArgError::Missing("VULNERABLE").into()),
            };
            let (decl, t) = if passed_out {
                (None, None)
            } else {
                let declarer = declarer.ok_or(ArgError::Missing("DECLARER"))?;
                let tricks = tricks.ok_or(ArgError::Missing("TRICKS"))?;
                let d: Seat = declarer.parse()?;
                let t: u8 = tricks
                    .trim()
                    .parse()
                    .ok()
                    .filter(|t| *t <= 13)
                    .ok_or_else(|| ArgError::Tricks(tricks.clone()))?;
                (Some(d), Some(t))
            };
            let s = score::board_score(c, decl.unwrap_or(Seat::N), vul, t.unwrap_or(0))?;
            if json {
                let v = ScoreOut {
                    ns: s.ns,
                    ew: s.ew,
                    contract: c.to_string(),
                    declarer: decl.map(|d| d.to_string()),
                    vulnerable: vul.as_str(),
                    tricks: t,
                };
                println!("{}", serde_json::to_string(&v)?);
            } else {
                println!("NS {} EW {}", s.ns, s.ew);
            }
            Ok(0)
        }
        BridgeCmd::Board { board: n, json } => {
            let info = board::board_info(n, &[]);
            if json {
                println!("{}", serde_json::to_string(&info)?);
            } else {
                println!(
                    "board {n}: dealer {}, vulnerable {}",
                    info.dealer, info.vulnerable
                );
            }
            Ok(0)
        }
        BridgeCmd::Imps { difference, json } => {
            let i = score::imps(difference);
            if json {
                println!("{}", json!({ "difference": difference, "imps": i }));
            } else {
                println!("{i}");
            }
            Ok(0)
        }
        BridgeCmd::Replay { file, json } => {
            let text = tdlog::io_safe::read_text_input(&file)?;
            let is_lin = file
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("lin"))
                || text.trim_start().starts_with("pn|")
                || text.contains("|md|");
            let records = if is_lin {
                replay::replay_lin(&lin::parse(&text)?)
            } else {
                replay::replay_pbn(&pbn::parse(&text)?)
            };
            let count = |s: replay::ReplayStatus| records.iter().filter(|r| r.status == s).count();
            let disagree = records.iter().filter(|r| !r.agrees.all_agree()).count();
            let irregular = records
                .iter()
                .filter(|r| !r.irregularities.is_empty())
                .count();
            let summary = json!({
                "records": records.len(),
                "played": count(replay::ReplayStatus::Played),
                "passed_out": count(replay::ReplayStatus::PassedOut),
                "unplayed": count(replay::ReplayStatus::Unplayed),
                "auction_only": count(replay::ReplayStatus::AuctionOnly),
                "errors": count(replay::ReplayStatus::Error),
                "disagreements": disagree,
                "with_irregularities": irregular,
            });
            if json {
                println!(
                    "{}",
                    json!({ "file": file.display().to_string(), "summary": summary, "records": records })
                );
            } else {
                for r in &records {
                    println!(
                        "#{:<3} board {:>3} table {:<4} {:?} {} {} tricks {} score {} {}{}",
                        r.record,
                        r.board.map_or("-".to_string(), |b| b.to_string()),
                        r.table.clone().unwrap_or_default(),
                        r.status,
                        r.contract.clone().unwrap_or_else(|| "-".into()),
                        r.declarer.map_or("-".to_string(), |d| d.to_string()),
                        r.tricks.map_or("-".to_string(), |t| t.to_string()),
                        r.score.map_or("-".to_string(), |s| s.ns.to_string()),
                        if r.agrees.all_agree() {
                            "ok"
                        } else {
                            "DISAGREES"
                        },
                        if r.irregularities.is_empty() {
                            String::new()
                        } else {
                            format!(" irregularities: {}", r.irregularities.len())
                        }
                    );
                }
                println!("{summary}");
            }
            Ok(0)
        }
    }
}
