//! `tdlog bridge call | play | expose | claim | rule | record | state`: a board played at a
//! table, call by call and card by card, on the signed log. Each recording command appends
//! one signed event and prints what the engine made of it at once (the irregularity, its
//! law, who chooses and the options).
use clap::Args;
use std::path::{Path, PathBuf};

use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use tdlog::bridge::call::Call;
use tdlog::bridge::card::Card;
use tdlog::bridge::events::{AuctionEvent, PlayEvent};
use tdlog::bridge::play::ClaimStatus;
use tdlog::bridge::seat::Seat;
use tdlog::bridge::tables::{BoardAtTable, BoardView, BridgeTables, Irregularity};
use tdlog::events::{BoardRuling, BridgeAuction, BridgePlay, BridgeRuling, Payload, Slot};
use tdlog::log::{replay, Hash32};

/// Which board at which table.
#[derive(Args, Clone)]
pub struct At {
    /// The tournament log.
    pub log: PathBuf,
    #[arg(long, default_value = "A")]
    pub section: String,
    #[arg(long)]
    pub round: u32,
    #[arg(long)]
    pub table: u32,
    #[arg(long)]
    pub board: u32,
}

impl At {
    fn slot(&self) -> Slot {
        Slot {
            section: self.section.clone(),
            round: self.round,
            table: self.table,
            board: self.board,
        }
    }
}

#[derive(Args)]
pub struct CallArgs {
    #[command(flatten)]
    pub at: At,
    /// Who called: N, E, S or W.
    #[arg(long)]
    pub seat: Seat,
    /// The call: Pass, X, XX, or a bid such as 1H, 3NT.
    #[arg(long)]
    pub call: Call,
    #[command(flatten)]
    pub key: KeyOpts,
}

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub at: At,
    /// The card, e.g. SA, HT, C2.
    #[arg(long)]
    pub card: Card,
    /// The hand it came from (dummy's cards: dummy's seat). Default: whoever held it in the
    /// recorded deal.
    #[arg(long)]
    pub seat: Option<Seat>,
    #[command(flatten)]
    pub key: KeyOpts,
}

#[derive(Args)]
pub struct ExposeArgs {
    #[command(flatten)]
    pub at: At,
    #[arg(long)]
    pub seat: Seat,
    /// The cards exposed, separated by spaces or commas.
    #[arg(long)]
    pub cards: String,
    /// The card was led prematurely (Law 24B).
    #[arg(long)]
    pub led: bool,
    #[command(flatten)]
    pub key: KeyOpts,
}

#[derive(Args)]
pub struct ClaimArgs {
    #[command(flatten)]
    pub at: At,
    /// The claimer (or conceder).
    #[arg(long)]
    pub seat: Seat,
    /// Tricks claimed for the claimer's side among those not yet played.
    #[arg(long)]
    pub tricks: u8,
    /// All four players agreed (Law 69A): recorded as a second event.
    #[arg(long)]
    pub agreed: bool,
    #[command(flatten)]
    pub key: KeyOpts,
}

#[derive(Args)]
pub struct RuleArgs {
    #[command(flatten)]
    pub at: At,
    /// The irregular call, numbered from 0 in the order recorded (see `bridge state`).
    #[arg(long, requires = "branch")]
    pub call: Option<usize>,
    /// The branch of the law's decision tree, e.g. 27B1a, 27B2, 31A2a, 25A.
    #[arg(long)]
    pub branch: Option<String>,
    /// Law 70: the claimer's side gets this many of the tricks not played.
    #[arg(long, conflicts_with_all = ["call", "branch"])]
    pub claim_tricks: Option<u8>,
    /// The TD's reasons.
    #[arg(long)]
    pub reason: Option<String>,
    #[command(flatten)]
    pub key: KeyOpts,
}

#[derive(Args)]
pub struct RecordArgs {
    #[command(flatten)]
    pub at: At,
    /// One engine event as JSON, e.g. '{"type":"lead_out_of_turn","choice":"Accept"}'
    /// (the forms of `schema/events/bridge.*.schema.json`).
    #[arg(long)]
    pub event: String,
    /// Sign it as a Director's ruling (`bridge.ruling`).
    #[arg(long)]
    pub ruling: bool,
    #[arg(long)]
    pub reason: Option<String>,
    #[command(flatten)]
    pub key: KeyOpts,
}

#[derive(Args)]
pub struct DealArgs {
    /// The tournament log.
    pub log: PathBuf,
    #[arg(long, default_value = "A")]
    pub section: String,
    #[arg(long)]
    pub board: u32,
    /// PBN deal string, e.g. "N:AKQJ.T98.765.432 ...".
    #[arg(long)]
    pub deal: String,
    /// A non-conforming dealer (Law 2 otherwise).
    #[arg(long)]
    pub dealer: Option<Seat>,
    /// A non-conforming vulnerability: None, NS, EW, Both (Law 2 otherwise).
    #[arg(long)]
    pub vulnerable: Option<String>,
    #[command(flatten)]
    pub key: KeyOpts,
}

/// Records a board's deal (`structure.board`), which the play needs.
pub fn deal(a: DealArgs) -> CliResult {
    let k = load_key(&a.key)?;
    let id = open_log(&a.log)?.append(
        &k,
        Payload::BoardFacts(tdlog::events::BoardFacts {
            section: a.section,
            board: a.board,
            dealer: a.dealer,
            vulnerable: a.vulnerable,
            deal: Some(a.deal),
        }),
    )?;
    println!(
        "recorded the deal of board {} (event {})",
        a.board,
        id.short()
    );
    Ok(0)
}

#[derive(Args)]
pub struct StateArgs {
    #[command(flatten)]
    pub at: At,
    #[arg(long)]
    pub json: bool,
}

/// Folds the log's boards (verifying every event first).
fn fold(log: &Path) -> Result<BridgeTables, Box<dyn std::error::Error + Send + Sync>> {
    let v = open_log_read_only(log)?.verify(None)?;
    v.require_no_forks()?;
    let mut t = BridgeTables::default();
    replay(&v, &mut t);
    Ok(t)
}

/// Appends and prints what the engine made of the event.
fn append(at: &At, key: &KeyOpts, p: Payload) -> CliResult {
    let k = load_key(key)?;
    let kind = p.kind();
    // Law 68D: no step of play once play on the board has ended.
    fold(&at.log)?.check_append(&p)?;
    let id = open_log(&at.log)?.append(&k, p)?;
    let t = fold(&at.log)?;
    let Some(b) = t.board(&at.slot()) else {
        println!("recorded {kind} (event {id})");
        return Ok(0);
    };
    report(b, id, kind);
    Ok(0)
}

fn report(b: &BoardAtTable, id: Hash32, kind: &str) {
    let Some(r) = b.history.iter().find(|r| r.event == id) else {
        println!("recorded {kind} (event {id})");
        return;
    };
    println!("recorded {kind} (event {})", id.short());
    if let Some(d) = &r.detected {
        println!(
            "irregularity: Law {} by {}: {}",
            d.law, d.seat, d.description
        );
        let irr = b.irregularities();
        if let Some(x) = irr.iter().find(|x| x.law == d.law && x.offender == d.seat) {
            print_options(x);
        }
    }
    for (call, branch) in &r.settled {
        println!("settles call {call}: branch {branch}");
    }
    if let Some(n) = &r.not_applied {
        println!("not applied: {n}");
    }
    if let Some(res) = b.derived_result() {
        println!(
            "board complete: {}  NS {:+} EW {:+}",
            describe(&res.result),
            res.score.ns,
            res.score.ew
        );
    }
}

fn describe(r: &tdlog::events::TableResult) -> String {
    match (r.declarer, r.tricks) {
        (Some(d), Some(t)) => format!("{} by {d}, {t} tricks", r.contract),
        _ => r.contract.clone(),
    }
}

fn print_options(x: &Irregularity) {
    let who: Vec<String> = x.chosen_by.iter().map(|d| format!("{d:?}")).collect();
    println!(
        "  Law {} ({}): {}; chosen by {}",
        x.law,
        x.title,
        match (&x.branch, x.pending) {
            (Some(b), _) => format!("branch {b} applied"),
            (None, true) => "pending".to_string(),
            (None, false) => "open".to_string(),
        },
        who.join(", ")
    );
    for o in &x.options {
        let effects: Vec<String> = o.effects.iter().map(|e| format!("{e:?}")).collect();
        println!(
            "    {:<9} {:?}: {}{} -> {}",
            o.id,
            o.decided_by,
            o.when,
            o.judgement
                .map(|j| format!(" [TD: {j}]"))
                .unwrap_or_default(),
            effects.join(", ")
        );
    }
}

pub fn call(a: CallArgs) -> CliResult {
    let p = Payload::BridgeAuction(BridgeAuction {
        slot: a.at.slot(),
        event: AuctionEvent::Call {
            seat: a.seat,
            call: a.call,
        },
    });
    append(&a.at, &a.key, p)
}

pub fn play(a: PlayArgs) -> CliResult {
    let t = if a.seat.is_some() {
        BridgeTables::default()
    } else {
        fold(&a.at.log)?
    };
    let p = tdlog::views::card_payload(&t, &a.at.slot(), &a.card.to_string(), a.seat)?;
    append(&a.at, &a.key, p)
}

pub fn expose(a: ExposeArgs) -> CliResult {
    let cards = a
        .cards
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<Card>())
        .collect::<Result<Vec<_>, _>>()?;
    let p = Payload::BridgeAuction(BridgeAuction {
        slot: a.at.slot(),
        event: AuctionEvent::CardsExposed {
            seat: a.seat,
            cards,
            prematurely_led: a.led,
        },
    });
    append(&a.at, &a.key, p)
}

pub fn claim(a: ClaimArgs) -> CliResult {
    let p = Payload::BridgePlay(BridgePlay {
        slot: a.at.slot(),
        event: PlayEvent::Claim {
            claimer: a.seat,
            remaining: a.tricks,
        },
    });
    append(&a.at, &a.key, p)?;
    if a.agreed {
        let p = Payload::BridgePlay(BridgePlay {
            slot: a.at.slot(),
            event: PlayEvent::ClaimSettled {
                status: ClaimStatus::Agreed,
            },
        });
        append(&a.at, &a.key, p)?;
    }
    Ok(0)
}

pub fn rule(a: RuleArgs) -> CliResult {
    let ruling =
        match (a.call, a.branch, a.claim_tricks) {
            (Some(call), Some(branch), None) => {
                BoardRuling::Auction(AuctionEvent::Ruling { call, branch })
            }
            (None, None, Some(remaining)) => BoardRuling::Play(PlayEvent::ClaimSettled {
                status: ClaimStatus::Ruled { remaining },
            }),
            _ => return Err(
                "give --call N --branch B (an auction decision tree) or --claim-tricks N (Law 70)"
                    .into(),
            ),
        };
    let p = Payload::BridgeRuling(BridgeRuling {
        slot: a.at.slot(),
        ruling,
        reason: a.reason,
    });
    append(&a.at, &a.key, p)
}

pub fn record(a: RecordArgs) -> CliResult {
    let slot = a.at.slot();
    let p = if let Ok(e) = serde_json::from_str::<AuctionEvent>(&a.event) {
        match e {
            AuctionEvent::Ruling { .. } => Payload::BridgeRuling(BridgeRuling {
                slot,
                ruling: BoardRuling::Auction(e),
                reason: a.reason,
            }),
            _ => Payload::BridgeAuction(BridgeAuction { slot, event: e }),
        }
    } else {
        let e: PlayEvent = serde_json::from_str(&a.event)
            .map_err(|e| format!("--event is neither an auction nor a play event: {e}"))?;
        let director = matches!(
            e,
            PlayEvent::LateAttention { .. }
                | PlayEvent::ClaimWithdrawn { .. }
                | PlayEvent::ClaimSettled {
                    status: ClaimStatus::Ruled { .. }
                }
        );
        if a.ruling || director {
            Payload::BridgeRuling(BridgeRuling {
                slot,
                ruling: BoardRuling::Play(e),
                reason: a.reason,
            })
        } else {
            Payload::BridgePlay(BridgePlay { slot, event: e })
        }
    };
    append(&a.at, &a.key, p)
}

pub fn state(a: StateArgs) -> CliResult {
    let t = fold(&a.at.log)?;
    let b = t.board(&a.at.slot()).ok_or_else(|| {
        format!(
            "nothing recorded for board {} at round {} table {} (section {})",
            a.at.board, a.at.round, a.at.table, a.at.section
        )
    })?;
    let v = b.view();
    if a.json {
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(0);
    }
    print_view(&v);
    Ok(0)
}

fn print_view(v: &BoardView) {
    println!(
        "board {} round {} table {} (section {}): dealer {}, vulnerable {}{}",
        v.slot.board,
        v.slot.round,
        v.slot.table,
        v.slot.section,
        v.dealer,
        v.vulnerable,
        if v.deal_known {
            ""
        } else {
            " (no deal recorded)"
        }
    );
    let calls: Vec<String> = v
        .calls
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let mark = match &e.status {
                tdlog::bridge::auction::Status::Standing => String::new(),
                tdlog::bridge::auction::Status::Pending => "?".into(),
                tdlog::bridge::auction::Status::Cancelled { law } => format!("(cancelled {law})"),
            };
            format!("{i}:{} {}{mark}", e.seat, e.call)
        })
        .collect();
    println!("auction: {}", calls.join("  "));
    match (&v.contract, v.declarer) {
        (Some(c), Some(d)) => println!("contract: {c} by {d}"),
        _ if v.auction == tdlog::bridge::auction::Outcome::PassedOut => {
            println!("contract: passed out")
        }
        _ => println!(
            "auction in progress{}",
            v.turn.map(|t| format!(": {t} to call")).unwrap_or_default()
        ),
    }
    for (n, t) in v.tricks.iter().enumerate() {
        if t.cards.is_empty() {
            continue;
        }
        let cards: Vec<String> = t.cards.iter().map(|(s, c)| format!("{s} {c}")).collect();
        println!(
            "trick {:>2}: {}{}",
            n + 1,
            cards.join(", "),
            t.winner
                .map(|w| format!("  won by {w}"))
                .unwrap_or_default()
        );
    }
    if v.contract.is_some() {
        println!(
            "tricks: declarer {} defenders {}",
            v.declarer_tricks, v.defender_tricks
        );
    }
    if let Some(c) = &v.claim {
        println!(
            "claim: {} claims {} of the remaining tricks ({:?})",
            c.claimer, c.remaining, c.status
        );
    }
    if let Some(o) = v.option_due {
        println!("waiting for a choice under Law {o}");
    }
    for x in &v.irregularities {
        println!(
            "irregularity ({} {}): {} {}: {}",
            x.phase,
            if x.phase == "auction" {
                "call"
            } else {
                "trick"
            },
            x.offender,
            x.action,
            x.description
        );
        print_options(x);
    }
    for f in &v.flags {
        println!("flag: {f:?}");
    }
    match &v.result {
        Some(r) => println!(
            "result: {}  NS {:+} EW {:+}",
            describe(&r.result),
            r.score.ns,
            r.score.ew
        ),
        None => println!("result: board not complete"),
    }
    for r in &v.history {
        if let Some(n) = &r.not_applied {
            println!("note: event {} not applied: {n}", r.event.short());
        }
    }
}
