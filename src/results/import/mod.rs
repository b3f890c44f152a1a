//! PBN import: turns game records into structure and result events, one event per fact.
//! Pure: records in, payloads and problems out. Every problem names its line; by default a
//! file with any problem imports nothing.

use crate::bridge::board::{vulnerability as law2_vulnerability, Deal};
use crate::bridge::contract::ContractOrPass;
use crate::bridge::pbn::PbnRecord;
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::{
    Adjustment, BoardFacts, Contestant, Form, Payload, ResultNotPlayed, ResultRecorded,
    ScoreAdjusted, Section, Slot, TableAssignment, TableResult,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

mod adjusted;
mod movement;
mod ruter;
mod score_check;
mod scoring_tag;

pub use adjusted::{needs_director, SignerError};

pub(crate) use movement::rebuild;
use ruter::ruter_rows;
pub(crate) use score_check::score_check;
pub use scoring_tag::scoring_warnings;

/// One thing wrong with one record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Line where the record starts.
    pub line: usize,
    pub board: Option<u32>,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.board {
            Some(b) => write!(f, "line {} (board {b}): {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// What an import would sign, and what it found wrong.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub payloads: Vec<Payload>,
    pub problems: Vec<Problem>,
    /// Records imported / skipped (skipped ones have problems).
    pub imported: usize,
    pub skipped: usize,
    /// Things said about the file that do not stop the import: how `Room` tables were
    /// numbered, a `Scoring` tag the signed policy does not follow.
    pub warnings: Vec<Problem>,
    /// Each distinct `Scoring` tag value, with the line of its first record: reported,
    /// never used as the policy (the method is the signed `scoring.policy`).
    pub scoring_tags: Vec<(String, usize)>,
    /// The scores the file's producer published (`ScoreTable`, `TotalScoreTable`): an
    /// `imported` comparison shown beside ours (`results::published`), never the truth.
    pub published: super::published::Published,
}

/// How to read a record with `Contract "Pass"`, no auction and no `Score`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PassReading {
    /// PBN 2.1: a passed-out board, except the RealBridge unplayed-match shape (a teams
    /// record with `ScoreIMP` but no auction and no score), which is read as not played.
    /// Either reading taken is said in a warning.
    #[default]
    Auto,
    /// Every such record is a pass-out (scores 0, compared as any other result).
    PassOut,
    /// Every such record is a board not played (tdlog's reading before PBN files of pairs
    /// scorers were imported).
    NotPlayed,
}

impl std::str::FromStr for PassReading {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(PassReading::Auto),
            "pass-out" => Ok(PassReading::PassOut),
            "not-played" => Ok(PassReading::NotPlayed),
            _ => Err(format!("{s:?}: expected auto, pass-out or not-played")),
        }
    }
}

/// Choices an import takes that a file cannot settle by itself.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub pass_reading: PassReading,
}

/// Which reading a bare `Contract "Pass"` record got (for the warning that says so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PassTaken {
    PassOut,
    NotPlayed,
    /// Auto: the RealBridge unplayed-match shape.
    RealBridgeUnplayed,
}

impl Plan {
    /// Names the captain of each team given as `(team, player)`: PBN files carry no
    /// captains, and a team's appeal needs its captain's consent (Law 92D). A team not in
    /// the plan is an error naming it.
    pub fn set_captains(&mut self, captains: &[(String, String)]) -> Result<(), String> {
        for (team, name) in captains {
            let c = self.payloads.iter_mut().find_map(|p| match p {
                Payload::Contestant(c) if &c.id == team => Some(c),
                _ => None,
            });
            match c {
                Some(c) => c.captain = Some(name.clone()),
                None => return Err(format!("--captain: no team {team:?} in this file")),
            }
        }
        Ok(())
    }
}

/// Player names in RealBridge exports carry `#id` suffixes; the id is not part of the name.
fn player(name: &str) -> String {
    name.split('#').next().unwrap_or(name).trim().to_string()
}

/// One record checked and turned into its facts.
struct Rec {
    round: u32,
    table: u32,
    /// The `Room` tag (teams only), when the file has rooms.
    room: Option<Room>,
    line: usize,
    board: u32,
    ns: String,
    ew: String,
    members_ns: Vec<String>,
    members_ew: Vec<String>,
    facts: BoardFacts,
    /// The table result (`Err`: not played, with the reason); `None`: only a ruling.
    result: Option<Result<TableResult, String>>,
    /// The TD's adjusted score: tdlog's `[Adjusted]` tag, or an artificial score in a
    /// producer's score table (Ruter's `"A+"`, Law 12C2): law, adjustment and reason.
    ruling: Option<(String, Adjustment, String)>,
    /// The reading taken for a bare `Contract "Pass"` record.
    pass: Option<PassTaken>,
    /// The file's `Score` disagreed with Law 77's score of the recorded contract.
    score_warning: Option<String>,
    /// The record named its `Table` (otherwise it is identified by board and pairs).
    has_table: bool,
}

/// The two rooms of a team match (PBN `Room` tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Room {
    Open,
    Closed,
}

impl Room {
    /// The movement's table for table `t` of this room: the two rooms of a match share
    /// one `Table` number in such files, so Open is 2t−1 and Closed 2t.
    fn table(self, t: u32) -> u32 {
        match self {
            Room::Open => (2 * t).saturating_sub(1),
            Room::Closed => 2 * t,
        }
    }
}

fn read(
    r: &PbnRecord,
    section: &str,
    teams: bool,
    rooms: bool,
    opts: &Options,
) -> Result<Rec, Vec<String>> {
    let mut errs = vec![];
    let num = |tag: &str, default: Option<u32>, errs: &mut Vec<String>| -> u32 {
        match r.tag(tag).filter(|v| !v.trim().is_empty()) {
            Some(v) => v.trim().parse().unwrap_or_else(|_| {
                errs.push(format!("{tag} {v:?} is not a number"));
                0
            }),
            None => default.unwrap_or_else(|| {
                errs.push(format!("missing {tag} tag"));
                0
            }),
        }
    };
    let board = num("Board", None, &mut errs);
    let table = num("Table", Some(1), &mut errs);
    let round = num("Round", Some(1), &mut errs);
    let room = match (rooms, r.tag("Room").map(str::trim)) {
        (false, _) => None,
        (true, Some(v)) if v.eq_ignore_ascii_case("open") => Some(Room::Open),
        (true, Some(v)) if v.eq_ignore_ascii_case("closed") => Some(Room::Closed),
        (true, Some(v)) => {
            errs.push(format!("Room {v:?} is neither \"Open\" nor \"Closed\""));
            None
        }
        (true, None) => {
            errs.push("missing Room tag (other records of this file name their room)".into());
            None
        }
    };
    let (home, visit) = (
        r.tag("HomeTeam").unwrap_or("").to_string(),
        r.tag("VisitTeam").unwrap_or("").to_string(),
    );
    let (ns, ew) = if teams {
        // PBN: the home team sits N-S in the Open room and E-W in the Closed room. Without
        // a Room tag the file names the N-S team as HomeTeam at each table (RealBridge).
        match room {
            Some(Room::Closed) => (visit, home),
            _ => (home, visit),
        }
    } else {
        let pair = |tag: &str, a: &str, b: &str| {
            r.tag(tag).map(str::to_string).unwrap_or_else(|| {
                format!(
                    "{} - {}",
                    player(r.tag(a).unwrap_or("?")),
                    player(r.tag(b).unwrap_or("?"))
                )
            })
        };
        (
            pair("PairNS", "North", "South"),
            pair("PairEW", "East", "West"),
        )
    };
    if ns.trim().is_empty() || ew.trim().is_empty() {
        errs.push("missing contestants (HomeTeam/VisitTeam or PairNS/PairEW)".into());
    }
    let dealer = match r.tag("Dealer").map(|d| d.parse::<Seat>()) {
        Some(Ok(d)) => Some(d),
        Some(Err(e)) => {
            errs.push(format!("Dealer: {}", e.0));
            None
        }
        None => None,
    };
    let vulnerable = match r.tag("Vulnerable").map(|v| v.parse::<Vulnerability>()) {
        Some(Ok(v)) => {
            if board > 0 && v != law2_vulnerability(board) {
                errs.push(format!(
                    "Vulnerable {:?} is wrong for board {board} (Law 2: {})",
                    v.as_str(),
                    law2_vulnerability(board).as_str()
                ));
            }
            Some(v.as_str().to_string())
        }
        Some(Err(e)) => {
            errs.push(format!("Vulnerable: {}", e.0));
            None
        }
        None => None,
    };
    if let (Some(d), true) = (dealer, board > 0) {
        if d != crate::bridge::board::dealer(board) {
            errs.push(format!(
                "Dealer {d} is wrong for board {board} (Law 2: {})",
                crate::bridge::board::dealer(board)
            ));
        }
    }
    // Magic Contest writes `[Deal ""]` when it has no hand record: no deal, not a bad one.
    let deal = r
        .tag("Deal")
        .filter(|d| !d.trim().is_empty())
        .map(str::to_string);
    if let Some(d) = &deal {
        if let Err(e) = Deal::parse_checked(d) {
            errs.push(format!("bad deal: {e}"));
        }
    }
    let contract = r.tag("Contract").unwrap_or("").trim().to_string();
    // PBN's `?`: the value is unknown (tdlog writes it where no table result stands).
    let no_contract = contract.is_empty() || contract == "?";
    let declarer = r.tag("Declarer").unwrap_or("").trim().to_string();
    let tricks = r.tag("Result").unwrap_or("").trim().to_string();
    let played_auction = !r.section_tokens("Auction").is_empty();
    let mut pass = None;
    let ruling = match r.tag("Adjusted").map(adjusted::read) {
        Some(Ok((law, adjustment))) => Some((
            law,
            adjustment,
            "adjusted score of the imported PBN file ([Adjusted])".to_string(),
        )),
        Some(Err(e)) => {
            errs.push(e);
            None
        }
        None => None,
    };
    let only_ruling = ruling.is_some() && no_contract && r.tag("NotPlayed").is_none();
    let result = match contract.parse::<ContractOrPass>() {
        // tdlog's own PBN export writes a board not played with its reason.
        Err(_) if no_contract && r.tag("NotPlayed").is_some() => {
            Err(r.tag("NotPlayed").unwrap_or_default().to_string())
        }
        Err(e) if no_contract => Err(format!("no contract ({e})")),
        Err(e) => {
            errs.push(format!("unknown contract {contract:?}: {e}"));
            Err(String::new())
        }
        Ok(ContractOrPass::PassedOut) if r.tag("Score").is_none() && !played_auction => {
            let unplayed_shape = r.tag("ScoreIMP").is_some();
            let taken = match opts.pass_reading {
                PassReading::PassOut => PassTaken::PassOut,
                PassReading::NotPlayed => PassTaken::NotPlayed,
                PassReading::Auto if unplayed_shape => PassTaken::RealBridgeUnplayed,
                PassReading::Auto => PassTaken::PassOut,
            };
            pass = Some(taken);
            match taken {
                PassTaken::PassOut => Ok(TableResult {
                    contract: "Pass".into(),
                    declarer: None,
                    tricks: None,
                }),
                _ => Err("no result in the file (Contract \"Pass\" with no auction and no score: the board was not played)".into()),
            }
        }
        Ok(ContractOrPass::PassedOut) => Ok(TableResult {
            contract: "Pass".into(),
            declarer: None,
            tricks: None,
        }),
        Ok(ContractOrPass::Contract(_)) => {
            let d = declarer.parse::<Seat>();
            let t = tricks.parse::<u8>();
            match (d, t) {
                (Ok(d), Ok(t)) if t <= 13 => Ok(TableResult {
                    contract: contract.clone(),
                    declarer: Some(d),
                    tricks: Some(t),
                }),
                (Err(_), _) => {
                    errs.push(format!(
                        "contract {contract} without a valid Declarer ({declarer:?})"
                    ));
                    Err(String::new())
                }
                _ => {
                    errs.push(format!(
                        "contract {contract} without a valid Result ({tricks:?})"
                    ));
                    Err(String::new())
                }
            }
        }
    };
    if !errs.is_empty() {
        return Err(errs);
    }
    let result = (!only_ruling).then_some(result);
    let score_warning = match (
        result.as_ref().and_then(|r| r.as_ref().ok()),
        r.tag("Score"),
    ) {
        (Some(res), Some(tag)) if board > 0 => score_check(res, tag, board, vulnerable.as_deref()),
        _ => None,
    };
    let names = |a: &str, b: &str| {
        [a, b]
            .iter()
            .filter_map(|s| r.tag(s))
            .map(player)
            .filter(|n| !n.is_empty())
            .collect::<Vec<_>>()
    };
    Ok(Rec {
        round,
        table: room.map_or(table, |rm| rm.table(table)),
        room,
        line: r.line,
        board,
        members_ns: names("North", "South"),
        members_ew: names("East", "West"),
        ns,
        ew,
        facts: BoardFacts {
            section: section.into(),
            board,
            dealer,
            vulnerable,
            deal,
        },
        result,
        ruling,
        pass,
        score_warning,
        has_table: r.tag("Table").is_some_and(|t| !t.trim().is_empty()),
    })
}

/// The two rooms of a match must seat the same two teams the other way round: a Closed
/// record whose teams sit as in the Open room (a file that names the N-S team as HomeTeam in
/// both rooms) would be compared with nothing, so it is a problem, not a guess.
fn check_rooms(recs: Vec<Rec>, out: &mut Plan) -> Vec<Rec> {
    let open: BTreeMap<(u32, u32, u32), (String, String)> = recs
        .iter()
        .filter(|r| r.room == Some(Room::Open))
        .map(|r| {
            (
                (r.round, r.table + 1, r.board),
                (r.ns.clone(), r.ew.clone()),
            )
        })
        .collect();
    let mut kept = Vec::with_capacity(recs.len());
    for r in recs {
        let clash = match (r.room, open.get(&(r.round, r.table, r.board))) {
            (Some(Room::Closed), Some((ns, ew))) => (ns != &r.ew || ew != &r.ns)
                .then(|| format!("the Closed room seats {} N-S and {} E-W, the Open room {ns} N-S and {ew} E-W: the two rooms of a match must seat the teams the other way round (PBN: HomeTeam sits N-S in the Open room, E-W in the Closed room)", r.ns, r.ew)),
            _ => None,
        };
        match clash {
            Some(message) => {
                out.imported -= 1;
                out.skipped += 1;
                out.problems.push(Problem {
                    line: r.line,
                    board: Some(r.board),
                    message,
                });
            }
            None => kept.push(r),
        }
    }
    kept
}

/// Builds the import plan for a parsed PBN file into section `section`, with the default
/// options.
pub fn plan(records: &[PbnRecord], section: &str) -> Plan {
    plan_with(records, section, &Options::default())
}

/// The section a record belongs to: its `Section` tag, else the one the import names.
fn section_of(r: &PbnRecord, default: &str) -> String {
    r.tag("Section")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(default)
        .to_string()
}

/// Builds the import plan. Records are grouped by their `Section` tag (default `section`);
/// each group is a section of its own.
pub fn plan_with(records: &[PbnRecord], section: &str, opts: &Options) -> Plan {
    let mut out = Plan::default();
    // A record with a `ScoreTable` but no contract of its own (Ruter: one record per board,
    // the results in the table) carries the board's deal; only records with a result of
    // their own are table results.
    let mut groups: BTreeMap<String, Vec<&PbnRecord>> = BTreeMap::new();
    let mut order: Vec<String> = vec![];
    for r in records {
        if r.tag("Board").is_none() && r.tag("Contract").is_none() {
            // A file header (TotalScoreTable, Event only): nothing to play.
            continue;
        }
        let sec = section_of(r, section);
        if !groups.contains_key(&sec) {
            order.push(sec.clone());
        }
        groups.entry(sec).or_default().push(r);
    }
    for r in records {
        if let Some(v) = r.tag("Scoring").map(str::trim).filter(|v| !v.is_empty()) {
            if !out.scoring_tags.iter().any(|(s, _)| s == v) {
                out.scoring_tags.push((v.to_string(), r.line));
            }
        }
    }
    let mut pass_counts: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    // Ruter names its contestants in the TotalScoreTable, and may number sections and rounds
    // in its score tables.
    let names = ruter::Context::of(records);
    let first = records.iter().find(|r| r.tag("ScoreTable").is_some());
    out.warnings
        .extend(names.warnings(first.map_or(0, |r| r.line)));
    for sec in &order {
        plan_section(&groups[sec], sec, opts, &mut out, &mut pass_counts, &names);
    }
    for (key, (n, line)) in pass_counts {
        let message = match key {
            "realbridge" => format!("{n} record(s) with Contract \"Pass\", no auction, no Score and a ScoreIMP tag (the RealBridge unplayed-match shape) read as not played; --pass-reading pass-out reads them as passed out"),
            "pass-out" => format!("{n} record(s) with Contract \"Pass\" and no auction or Score read as passed out (PBN 2.1; scores 0); --pass-reading not-played reads them as not played"),
            _ => format!("{n} record(s) with Contract \"Pass\" and no auction or Score read as not played (--pass-reading not-played)"),
        };
        out.warnings.push(Problem {
            line,
            board: None,
            message,
        });
    }
    // What the file's producer published: compared with our scores, never used as them.
    let contestants: Vec<String> = out
        .payloads
        .iter()
        .filter_map(|p| match p {
            Payload::Contestant(c) => Some(c.id.clone()),
            _ => None,
        })
        .collect();
    out.published = super::published::from_pbn(records, |r| section_of(r, section), &contestants);
    out.published.program = records.iter().find_map(|r| {
        r.tag("Generator")
            .or_else(|| r.tag("Creator"))
            .map(str::to_string)
    });
    out
}

fn rebuild_movement(recs: &mut [Rec]) -> usize {
    let meetings: Vec<(String, String)> =
        recs.iter().map(|r| (r.ns.clone(), r.ew.clone())).collect();
    let (rt, rounds) = rebuild(&meetings);
    for (r, (round, table)) in recs.iter_mut().zip(rt) {
        r.round = round;
        r.table = table;
    }
    rounds
}

fn plan_section(
    records: &[&PbnRecord],
    section: &str,
    opts: &Options,
    out: &mut Plan,
    pass_counts: &mut BTreeMap<&'static str, (usize, usize)>,
    names: &ruter::Context,
) {
    let competition = records
        .iter()
        .find_map(|r| r.tag("Competition"))
        .map(|c| c.trim().to_ascii_lowercase());
    let home = records.iter().any(|r| r.tag("HomeTeam").is_some());
    let teams = match competition.as_deref() {
        Some("teams") => true,
        Some("pairs") | Some("individuals") if home => {
            out.warnings.push(Problem {
                line: records[0].line,
                board: None,
                message: "Competition is not \"Teams\" but records name a HomeTeam: read as teams"
                    .into(),
            });
            true
        }
        _ => home,
    };
    let individual = !teams && competition.as_deref() == Some("individuals");
    let rooms = teams && records.iter().any(|r| r.tag("Room").is_some());
    if rooms {
        out.warnings.push(Problem {
            line: records.iter().find(|r| r.tag("Room").is_some()).map_or(0, |r| r.line),
            board: None,
            message: "Room tags: table T of the Open room is table 2T-1, of the Closed room table 2T (HomeTeam sits N-S in the Open room, E-W in the Closed room)".into(),
        });
    }
    let title = records
        .iter()
        .find_map(|r| r.tag("Event"))
        .unwrap_or("Imported session")
        .to_string();
    let mut recs = vec![];
    let mut matches = vec![];
    for r in records {
        // Ruter writes one record per board with an empty contract and the results in the
        // ScoreTable: such a record is the board, not a table result.
        let own = r.tag("Contract").is_some_and(|c| !c.trim().is_empty());
        if !own && r.tag("ScoreTable").is_some() && r.tag("Table").is_none() {
            ruter_rows(r, section, teams, opts, names, out, &mut recs, &mut matches);
            continue;
        }
        match read(r, section, teams, rooms, opts) {
            Err(errs) => {
                out.skipped += 1;
                for m in errs {
                    out.problems.push(Problem {
                        line: r.line,
                        board: r.tag("Board").and_then(|b| b.trim().parse().ok()),
                        message: m,
                    });
                }
            }
            Ok(rec) => recs.push(rec),
        }
    }
    // Without Table tags a pairs record is identified by its board and its pairs.
    let by_pairs = !teams && !recs.is_empty() && recs.iter().all(|r| !r.has_table);

    if by_pairs {
        let rounds = rebuild_movement(&mut recs);
        out.warnings.push(Problem {
            line: recs[0].line,
            board: None,
            message: format!("section {section}: no Table tags: each record is identified by its board and pairs; the movement is rebuilt as {rounds} round(s), one table per meeting of two pairs"),
        });
    }
    let mut kept = vec![];
    let mut seen: BTreeMap<(u32, u32, u32), usize> = BTreeMap::new();
    for rec in recs {
        if let Some(first) = seen.insert((rec.round, rec.table, rec.board), rec.line) {
            out.skipped += 1;
            let message = if by_pairs {
                format!(
                    "duplicate: board {} between {} and {} already at line {first}",
                    rec.board, rec.ns, rec.ew
                )
            } else {
                format!(
                    "duplicate: board {} at table {} in round {} already at line {first}",
                    rec.board, rec.table, rec.round
                )
            };
            out.problems.push(Problem {
                line: rec.line,
                board: Some(rec.board),
                message,
            });
            continue;
        }
        if let Some(w) = &rec.score_warning {
            out.warnings.push(Problem {
                line: rec.line,
                board: Some(rec.board),
                message: w.clone(),
            });
        }
        if let Some(p) = rec.pass {
            let key = match p {
                PassTaken::RealBridgeUnplayed => "realbridge",
                PassTaken::PassOut => "pass-out",
                PassTaken::NotPlayed => "not-played",
            };
            let e = pass_counts.entry(key).or_insert((0, rec.line));
            e.0 += 1;
        }
        out.imported += 1;
        kept.push(rec);
    }
    let mut recs = kept;
    if rooms {
        recs = check_rooms(recs, out);
    }
    out.payloads.push(Payload::Section(Section {
        section: section.into(),
        form: if teams {
            Form::Teams
        } else if individual {
            Form::Individual
        } else {
            Form::Pairs
        },
        title,
    }));
    // Contestants, with everyone seen playing for them.
    let mut members: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for r in &recs {
        for (side, who) in [(&r.ns, &r.members_ns), (&r.ew, &r.members_ew)] {
            // In an individual a side is its two players (`3+7`), each a contestant.
            let form = if individual {
                Form::Individual
            } else {
                Form::Pairs
            };
            for id in crate::results::score::players(form, side) {
                let m = members.entry(id.to_string()).or_default();
                if !individual {
                    m.extend(who.iter().cloned());
                }
            }
        }
    }
    // Match rows without boards (a league's matches): their teams.
    for m in &matches {
        members.entry(m.home.clone()).or_default();
        members.entry(m.away.clone()).or_default();
    }
    for (id, m) in &mut members {
        if individual || !matches.is_empty() {
            m.extend(names.members(id));
        }
    }
    for (id, m) in &members {
        out.payloads.push(Payload::Contestant(Box::new(Contestant {
            section: section.into(),
            id: id.clone(),
            name: names.name(id).unwrap_or(id).to_string(),
            members: m.iter().cloned().collect(),
            captain: None,
            phantom: false,
        })));
    }
    // Boards (first record of each board carries its facts).
    let mut boards = BTreeSet::new();
    for r in &recs {
        if boards.insert(r.board) {
            out.payloads.push(Payload::BoardFacts(r.facts.clone()));
        }
    }
    // The movement: one assignment per (round, table).
    let mut tables: BTreeMap<(u32, u32), TableAssignment> = BTreeMap::new();
    for m in &matches {
        tables.insert(
            (m.round, m.table),
            TableAssignment {
                section: section.into(),
                round: m.round,
                table: m.table,
                ns: m.home.clone(),
                ew: m.away.clone(),
                boards: vec![],
            },
        );
    }
    for r in &recs {
        let t = tables
            .entry((r.round, r.table))
            .or_insert_with(|| TableAssignment {
                section: section.into(),
                round: r.round,
                table: r.table,
                ns: r.ns.clone(),
                ew: r.ew.clone(),
                boards: vec![],
            });
        t.boards.push(r.board);
    }
    for mut t in tables.into_values() {
        t.boards.sort_unstable();
        out.payloads.push(Payload::TableAssignment(t));
    }
    for r in recs {
        let slot = Slot {
            section: section.into(),
            round: r.round,
            table: r.table,
            board: r.board,
        };
        match r.result {
            Some(Ok(result)) => {
                out.payloads
                    .push(Payload::ResultRecorded(Box::new(ResultRecorded {
                        slot: slot.clone(),
                        ns: r.ns.clone(),
                        ew: r.ew.clone(),
                        result,
                    })))
            }
            Some(Err(reason)) => {
                out.payloads
                    .push(Payload::ResultNotPlayed(Box::new(ResultNotPlayed {
                        slot: slot.clone(),
                        ns: r.ns.clone(),
                        ew: r.ew.clone(),
                        reason,
                    })))
            }
            None => {}
        }
        if let Some((law, adjustment, reason)) = r.ruling {
            out.payloads
                .push(Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
                    slot,
                    ns: r.ns,
                    ew: r.ew,
                    law,
                    adjustment,
                    reason,
                })));
        }
    }
}
