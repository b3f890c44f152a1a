//! PBN import: turns game records into structure and result events, one event per fact.
//! Pure: records in, payloads and problems out. Every problem names its line; by default a
//! file with any problem imports nothing.

use crate::bridge::board::{vulnerability as law2_vulnerability, Deal};
use crate::bridge::contract::ContractOrPass;
use crate::bridge::pbn::PbnRecord;
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::{
    BoardFacts, Contestant, Form, Payload, ResultNotPlayed, ResultRecorded, Section, Slot,
    TableAssignment, TableResult,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

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
    result: Result<TableResult, String>,
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

fn read(r: &PbnRecord, section: &str, teams: bool, rooms: bool) -> Result<Rec, Vec<String>> {
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
    let deal = r.tag("Deal").map(str::to_string);
    if let Some(d) = &deal {
        if let Err(e) = Deal::parse_checked(d) {
            errs.push(format!("bad deal: {e}"));
        }
    }
    let contract = r.tag("Contract").unwrap_or("").trim().to_string();
    let declarer = r.tag("Declarer").unwrap_or("").trim().to_string();
    let tricks = r.tag("Result").unwrap_or("").trim().to_string();
    let played_auction = !r.section_tokens("Auction").is_empty();
    let result = match contract.parse::<ContractOrPass>() {
        Err(e) if contract.is_empty() => Err(format!("no contract ({e})")),
        Err(e) => {
            errs.push(format!("unknown contract {contract:?}: {e}"));
            Err(String::new())
        }
        Ok(ContractOrPass::PassedOut) if r.tag("Score").is_none() && !played_auction => {
            Err("no result in the file (Contract \"Pass\" with no auction and no score: the board was not played)".into())
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
                    errs.push(format!("contract {contract} without a valid Declarer ({declarer:?})"));
                    Err(String::new())
                }
                _ => {
                    errs.push(format!("contract {contract} without a valid Result ({tricks:?})"));
                    Err(String::new())
                }
            }
        }
    };
    if !errs.is_empty() {
        return Err(errs);
    }
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

/// Builds the import plan for a parsed PBN file into section `section`.
pub fn plan(records: &[PbnRecord], section: &str) -> Plan {
    let mut out = Plan::default();
    let teams = records.iter().any(|r| r.tag("HomeTeam").is_some());
    let rooms = teams && records.iter().any(|r| r.tag("Room").is_some());
    if rooms {
        out.warnings.push(Problem {
            line: records.iter().find(|r| r.tag("Room").is_some()).map_or(0, |r| r.line),
            board: None,
            message: "Room tags: table T of the Open room is table 2T-1, of the Closed room table 2T (HomeTeam sits N-S in the Open room, E-W in the Closed room)".into(),
        });
    }
    for r in records {
        if let Some(v) = r.tag("Scoring").map(str::trim).filter(|v| !v.is_empty()) {
            if !out.scoring_tags.iter().any(|(s, _)| s == v) {
                out.scoring_tags.push((v.to_string(), r.line));
            }
        }
    }
    let title = records
        .iter()
        .find_map(|r| r.tag("Event"))
        .unwrap_or("Imported session")
        .to_string();
    let mut recs = vec![];
    let mut seen: BTreeMap<(u32, u32, u32), usize> = BTreeMap::new();
    for r in records {
        match read(r, section, teams, rooms) {
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
            Ok(rec) => {
                if let Some(first) = seen.insert((rec.round, rec.table, rec.board), r.line) {
                    out.skipped += 1;
                    out.problems.push(Problem {
                        line: r.line,
                        board: Some(rec.board),
                        message: format!(
                            "duplicate: board {} at table {} in round {} already at line {first}",
                            rec.board, rec.table, rec.round
                        ),
                    });
                    continue;
                }
                out.imported += 1;
                recs.push(rec);
            }
        }
    }
    if rooms {
        recs = check_rooms(recs, &mut out);
    }
    out.payloads.push(Payload::Section(Section {
        section: section.into(),
        form: if teams { Form::Teams } else { Form::Pairs },
        title,
    }));
    // Contestants, with everyone seen playing for them.
    let mut members: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for r in &recs {
        members
            .entry(r.ns.clone())
            .or_default()
            .extend(r.members_ns.iter().cloned());
        members
            .entry(r.ew.clone())
            .or_default()
            .extend(r.members_ew.iter().cloned());
    }
    for (id, m) in &members {
        out.payloads.push(Payload::Contestant(Contestant {
            section: section.into(),
            id: id.clone(),
            name: id.clone(),
            members: m.iter().cloned().collect(),
            captain: None,
            phantom: false,
        }));
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
        out.payloads.push(match r.result {
            Ok(result) => Payload::ResultRecorded(ResultRecorded {
                slot,
                ns: r.ns,
                ew: r.ew,
                result,
            }),
            Err(reason) => Payload::ResultNotPlayed(ResultNotPlayed {
                slot,
                ns: r.ns,
                ew: r.ew,
                reason,
            }),
        });
    }
    out
}

/// Law 78D: the method is the signed `scoring.policy`, so a file's `Scoring` tag is only
/// compared with it. Each tag value that the policy in force does not follow is a warning;
/// a value we cannot read is said so. The first `;`-separated word is the method.
pub fn scoring_warnings(plan: &Plan, policy: &crate::events::PolicySet) -> Vec<Problem> {
    use crate::events::Method;
    let mut out = vec![];
    for (tag, line) in &plan.scoring_tags {
        let word = tag
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let agrees: Option<&[Method]> = match word.as_str() {
            "mp" | "matchpoints" => Some(&[Method::Matchpoints]),
            "imp" | "imps" => Some(&[Method::TeamsImps, Method::CrossImps, Method::Butler]),
            "cross-imps" | "cross-imp" | "crossimps" => Some(&[Method::CrossImps]),
            "butler" => Some(&[Method::Butler]),
            "totalpoints" | "total" => Some(&[Method::TotalPoints]),
            _ => None,
        };
        let message = match agrees {
            None => format!(
                "Scoring {tag:?} is not a method tdlog reads; the signed scoring policy ({}) applies",
                method_name(policy.method)
            ),
            Some(ms) if !ms.contains(&policy.method) => format!(
                "Scoring {tag:?} disagrees with the signed scoring policy ({}), which applies (Law 78D: the conditions of contest decide)",
                method_name(policy.method)
            ),
            Some(_) => continue,
        };
        out.push(Problem {
            line: *line,
            board: None,
            message,
        });
    }
    out
}

fn method_name(m: crate::events::Method) -> &'static str {
    use crate::events::Method;
    match m {
        Method::Matchpoints => "matchpoints",
        Method::CrossImps => "cross_imps",
        Method::Butler => "butler",
        Method::TeamsImps => "teams_imps",
        Method::TotalPoints => "total_points",
    }
}
