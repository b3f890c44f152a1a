//! USEBIO 1.2 import (the XML English, Australian and New Zealand scorers exchange): events,
//! sessions and sections, pairs and players, hand sets, travellers with contracts, declarers,
//! tricks, scores, artificial scores (`A6040`), and the matchpoints, Butler or cross-IMPs and
//! totals the producing program published. Pure: text in, an import plan out.
//!
//! Like the PBN import, the file's scores are never the truth: results become signed
//! `result.recorded` events (an artificial score a `ruling.adjusted_score`, which only a
//! director's key may sign), and the program's numbers an `imported` comparison
//! (`results::published`). Element names follow `result-formats.md` §1; both layouts are read
//! (BOARD directly under EVENT, as Compscore writes, or under SESSION/SECTION).

use super::import::{Plan, Problem};
use super::published::{number, PublishedLine, PublishedTotal};
use super::xml::{self, Element};
use crate::bridge::contract::ContractOrPass;
use crate::bridge::seat::Seat;
use crate::events::{
    Adjustment, Artificial, BoardFacts, Contestant, Form, Payload, ResultRecorded, ScoreAdjusted,
    Section, Slot, TableAssignment, TableResult,
};
use std::collections::{BTreeMap, BTreeSet};

/// A file that is not a USEBIO file at all (a problem inside one is a `Problem` of the plan).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsebioError {
    #[error("not XML: {0}")]
    Xml(#[from] xml::XmlError),
    #[error("not a USEBIO file: the root element is <{0}>, not <USEBIO>")]
    NotUsebio(String),
    #[error("USEBIO file without an <EVENT>")]
    NoEvent,
    #[error("USEBIO EVENT_TYPE {0:?}: team events (MATCH elements) are not imported yet")]
    Teams(String),
}

/// One traveller line, read.
struct Line {
    board: u32,
    ns: String,
    ew: String,
    round: Option<u32>,
    table: Option<u32>,
    outcome: Result<LineOutcome, String>,
    index: usize,
    /// The SCORE as written, for the Law 77 check.
    score: Option<String>,
}

enum LineOutcome {
    Result(TableResult),
    Artificial(Artificial, Artificial, String),
}

/// `A6040`: N-S 60 %, E-W 40 % (Compscore's artificial-score code).
fn artificial_code(score: &str) -> Option<(Artificial, Artificial)> {
    let d = score.strip_prefix('A')?;
    if d.len() != 4 || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let kind = |p: u32| match p {
        p if p > 50 => Artificial::AveragePlus,
        50 => Artificial::Average,
        _ => Artificial::AverageMinus,
    };
    let ns: u32 = d[..2].parse().ok()?;
    let ew: u32 = d[2..].parse().ok()?;
    Some((kind(ns), kind(ew)))
}

/// The code tdlog writes for an artificial score, under the policy's percentages.
pub fn artificial_score_code(
    ns: Artificial,
    ew: Artificial,
    p: &crate::events::PolicySet,
) -> String {
    let pct = |a| super::score::artificial_pct(a, p).round() as u32;
    format!("A{:02}{:02}", pct(ns).min(99), pct(ew).min(99))
}

fn read_line(l: &Element, board: u32, index: usize) -> Line {
    let ns = l.text_of("NS_PAIR_NUMBER").unwrap_or("").to_string();
    let ew = l.text_of("EW_PAIR_NUMBER").unwrap_or("").to_string();
    let score = l.text_of("SCORE").unwrap_or("");
    let outcome = if let Some((a, b)) = artificial_code(score) {
        Ok(LineOutcome::Artificial(a, b, score.to_string()))
    } else {
        match l.text_of("CONTRACT").map(str::parse::<ContractOrPass>) {
            None => Err(format!(
                "no CONTRACT and SCORE {score:?} is no artificial-score code"
            )),
            Some(Err(e)) => Err(format!("CONTRACT: {e}")),
            Some(Ok(ContractOrPass::PassedOut)) => Ok(LineOutcome::Result(TableResult {
                contract: "Pass".into(),
                declarer: None,
                tricks: None,
            })),
            Some(Ok(ContractOrPass::Contract(c))) => {
                let d = l.text_of("PLAYED_BY").map(str::parse::<Seat>);
                let t = l.text_of("TRICKS").map(str::parse::<u8>);
                match (d, t) {
                    (Some(Ok(d)), Some(Ok(t))) if t <= 13 => Ok(LineOutcome::Result(TableResult {
                        contract: c.to_string(),
                        declarer: Some(d),
                        tricks: Some(t),
                    })),
                    (Some(Ok(_)), _) => Err(format!("contract {c}: TRICKS is not 0-13")),
                    _ => Err(format!("contract {c}: PLAYED_BY is not N, E, S or W")),
                }
            }
        }
    };
    let num = |n: &str| l.text_of(n).and_then(|v| v.parse().ok());
    Line {
        board,
        ns,
        ew,
        round: num("ROUND_NUMBER"),
        table: num("TABLE_NUMBER"),
        outcome,
        index,
        score: l.text_of("SCORE").map(str::to_string),
    }
}

/// A hand set's deal as PBN (`N:S.H.D.C E:... `), from HAND elements.
fn deal(b: &Element) -> Option<String> {
    let mut hands: BTreeMap<usize, String> = BTreeMap::new();
    for h in b.all("HAND") {
        let seat = match h.text_of("DIRECTION")?.chars().next()? {
            'N' | 'n' => 0,
            'E' | 'e' => 1,
            'S' | 's' => 2,
            'W' | 'w' => 3,
            _ => return None,
        };
        let suit = |n| h.text_of(n).unwrap_or("").replace("10", "T");
        hands.insert(
            seat,
            format!(
                "{}.{}.{}.{}",
                suit("SPADES"),
                suit("HEARTS"),
                suit("DIAMONDS"),
                suit("CLUBS")
            ),
        );
    }
    (hands.len() == 4).then(|| format!("N:{}", hands.into_values().collect::<Vec<_>>().join(" ")))
}

/// Everything found in one section (or the whole event when it has no SECTION).
#[derive(Default)]
struct Scope<'a> {
    pairs: Vec<&'a Element>,
    boards: Vec<&'a Element>,
    handsets: Vec<&'a Element>,
}

fn walk<'a>(
    el: &'a Element,
    section: &str,
    out: &mut BTreeMap<String, Scope<'a>>,
    order: &mut Vec<String>,
) {
    for c in &el.children {
        match c.name.as_str() {
            "SECTION" => {
                let id = c
                    .attr("SECTION_ID")
                    .or_else(|| c.text_of("SECTION_ID"))
                    .unwrap_or(section)
                    .to_string();
                walk(c, &id, out, order);
            }
            "SESSION" => walk(c, section, out, order),
            "PARTICIPANTS" => {
                scope(out, order, section).pairs.extend(c.all("PAIR"));
            }
            "BOARD" => scope(out, order, section).boards.push(c),
            "HANDSET" => scope(out, order, section).handsets.push(c),
            _ => {}
        }
    }
}

fn scope<'a, 'b>(
    out: &'b mut BTreeMap<String, Scope<'a>>,
    order: &mut Vec<String>,
    section: &str,
) -> &'b mut Scope<'a> {
    if !out.contains_key(section) {
        order.push(section.to_string());
    }
    out.entry(section.to_string()).or_default()
}

/// Builds the import plan of a USEBIO file into section `section` (a file's own SECTION ids
/// take precedence).
pub fn plan(text: &str, section: &str) -> Result<Plan, UsebioError> {
    plan_tree(&xml::parse(text)?, section)
}

/// The plan of a USEBIO element tree (NZ Scorer's native files are read into one:
/// `results::nz_scorer`).
pub(crate) fn plan_tree(root: &Element, section: &str) -> Result<Plan, UsebioError> {
    if root.name != "USEBIO" {
        return Err(UsebioError::NotUsebio(root.name.clone()));
    }
    let event = root.child("EVENT").ok_or(UsebioError::NoEvent)?;
    let event_type = event.attr("EVENT_TYPE").unwrap_or("").to_string();
    if event_type.contains("TEAMS") {
        return Err(UsebioError::Teams(event_type));
    }
    let mut out = Plan::default();
    match root.attr("Version") {
        Some("1.2") | Some("1.3") => {}
        v => out.warnings.push(Problem {
            line: 0,
            board: None,
            message: format!("USEBIO Version {v:?}: read as 1.2"),
        }),
    }
    if !event_type.is_empty() {
        out.scoring_tags.push((event_type.clone(), 0));
    }
    out.published.program =
        event
            .text_of("PROGRAM_NAME")
            .map(|p| match event.text_of("PROGRAM_VERSION") {
                Some(v) => format!("{p} {v}"),
                None => p.to_string(),
            });
    let title = event
        .text_of("EVENT_DESCRIPTION")
        .or_else(|| event.text_of("TITLE"))
        .unwrap_or("Imported session")
        .to_string();
    let mut scopes = BTreeMap::new();
    let mut order = vec![];
    walk(event, section, &mut scopes, &mut order);
    // Compscore writes HANDSET beside EVENT, under the root.
    for hs in root.all("HANDSET") {
        scope(&mut scopes, &mut order, section).handsets.push(hs);
    }
    for sec in &order {
        plan_scope(&scopes[sec], sec, &title, &mut out);
    }
    Ok(out)
}

fn plan_scope(sc: &Scope<'_>, section: &str, title: &str, out: &mut Plan) {
    out.payloads.push(Payload::Section(Section {
        section: section.into(),
        form: Form::Pairs,
        title: title.into(),
    }));
    // Pairs, and their published totals.
    let mut known = BTreeSet::new();
    for p in &sc.pairs {
        let Some(id) = p.text_of("PAIR_NUMBER") else {
            out.problems.push(Problem {
                line: 0,
                board: None,
                message: "a PAIR without PAIR_NUMBER".into(),
            });
            continue;
        };
        let members: Vec<String> = p
            .all("PLAYER")
            .filter_map(|x| x.text_of("PLAYER_NAME"))
            .map(str::to_string)
            .collect();
        known.insert(id.to_string());
        out.payloads.push(Payload::Contestant(Box::new(Contestant {
            section: section.into(),
            id: id.into(),
            name: if members.is_empty() {
                id.to_string()
            } else {
                members.join(" & ")
            },
            members,
            captain: None,
            phantom: false,
        })));
        out.published.totals.push(PublishedTotal {
            section: section.into(),
            contestant: id.into(),
            total: p.text_of("TOTAL_SCORE").and_then(number),
            pct: p.text_of("PERCENTAGE").and_then(number),
            place: p.text_of("PLACE").map(str::to_string),
            boards: None,
        });
    }
    // Deals from the hand sets.
    let mut deals: BTreeMap<u32, String> = BTreeMap::new();
    for hs in &sc.handsets {
        for b in hs.all("BOARD") {
            if let (Some(n), Some(d)) = (
                b.text_of("BOARD_NUMBER").and_then(|n| n.parse().ok()),
                deal(b),
            ) {
                deals.insert(n, d);
            }
        }
    }
    // Travellers.
    let mut lines = vec![];
    let mut boards = BTreeSet::new();
    for b in &sc.boards {
        let Some(n) = b
            .text_of("BOARD_NUMBER")
            .and_then(|n| n.parse::<u32>().ok())
        else {
            out.problems.push(Problem {
                line: 0,
                board: None,
                message: "a BOARD without a BOARD_NUMBER".into(),
            });
            continue;
        };
        boards.insert(n);
        // Compscore3 writes a Butler board's datum as its BOARD_AVERAGE.
        if let Some(d) = b.text_of("BOARD_AVERAGE").and_then(number) {
            out.published.datums.push(super::published::PublishedDatum {
                section: section.into(),
                board: n,
                datum: d,
            });
        }
        for (i, l) in b.all("TRAVELLER_LINE").enumerate() {
            let line = read_line(l, n, i + 1);
            let f = |e: &str| l.text_of(e).and_then(number);
            out.published.lines.push(PublishedLine {
                section: section.into(),
                board: n,
                ns: line.ns.clone(),
                ew: line.ew.clone(),
                score_ns: l.text_of("SCORE").and_then(|s| s.parse().ok()),
                mp_ns: f("NS_MATCH_POINTS"),
                mp_ew: f("EW_MATCH_POINTS"),
                pct_ns: None,
                pct_ew: None,
                imp_ns: f("NS_BUTLER_POINTS").or_else(|| f("NS_CROSS_IMP_POINTS")),
                imp_ew: f("EW_BUTLER_POINTS").or_else(|| f("EW_CROSS_IMP_POINTS")),
                line: i + 1,
            });
            lines.push(line);
        }
    }
    let mut kept = vec![];
    for l in lines {
        let bad = |m: String| Problem {
            line: l.index,
            board: Some(l.board),
            message: format!("traveller line {} ({} v {}): {m}", l.index, l.ns, l.ew),
        };
        if l.ns.is_empty() || l.ew.is_empty() {
            out.skipped += 1;
            out.problems
                .push(bad("missing NS_PAIR_NUMBER or EW_PAIR_NUMBER".into()));
            continue;
        }
        if !known.is_empty() && (!known.contains(&l.ns) || !known.contains(&l.ew)) {
            out.skipped += 1;
            out.problems
                .push(bad("a pair number no PAIR element names".into()));
            continue;
        }
        if let Err(m) = &l.outcome {
            out.skipped += 1;
            out.problems.push(bad(m.clone()));
            continue;
        }
        if let (Ok(LineOutcome::Result(r)), Some(s)) = (&l.outcome, &l.score) {
            if let Some(w) = super::import::score_check(r, s, l.board, None) {
                out.warnings.push(bad(w));
            }
        }
        kept.push(l);
    }
    // The movement: the file's ROUND_NUMBER/TABLE_NUMBER (tdlog writes them) or rebuilt.
    let given = kept.iter().all(|l| l.round.is_some() && l.table.is_some());
    let rt: Vec<(u32, u32)> = if given {
        kept.iter()
            .map(|l| (l.round.unwrap_or(1), l.table.unwrap_or(1)))
            .collect()
    } else {
        let meetings: Vec<(String, String)> =
            kept.iter().map(|l| (l.ns.clone(), l.ew.clone())).collect();
        let (rt, rounds) = super::import::rebuild(&meetings);
        if !kept.is_empty() {
            out.warnings.push(Problem {
                line: 0,
                board: None,
                message: format!("section {section}: travellers name no round or table: the movement is rebuilt as {rounds} round(s), one table per meeting of two pairs"),
            });
        }
        rt
    };
    for b in &boards {
        out.payloads.push(Payload::BoardFacts(BoardFacts {
            section: section.into(),
            board: *b,
            dealer: None,
            vulnerable: None,
            deal: deals.get(b).cloned(),
        }));
    }
    let mut tables: BTreeMap<(u32, u32), TableAssignment> = BTreeMap::new();
    let mut seen = BTreeMap::new();
    let mut results = vec![];
    for (l, (round, table)) in kept.into_iter().zip(rt) {
        if let Some(first) = seen.insert((round, table, l.board), l.index) {
            out.skipped += 1;
            out.problems.push(Problem {
                line: l.index,
                board: Some(l.board),
                message: format!(
                    "duplicate: board {} between {} and {} already at traveller line {first}",
                    l.board, l.ns, l.ew
                ),
            });
            continue;
        }
        let t = tables
            .entry((round, table))
            .or_insert_with(|| TableAssignment {
                section: section.into(),
                round,
                table,
                ns: l.ns.clone(),
                ew: l.ew.clone(),
                boards: vec![],
            });
        if t.ns != l.ns || t.ew != l.ew {
            out.skipped += 1;
            out.problems.push(Problem {
                line: l.index,
                board: Some(l.board),
                message: format!(
                    "round {round} table {table} seats {} v {}, this line {} v {}",
                    t.ns, t.ew, l.ns, l.ew
                ),
            });
            continue;
        }
        t.boards.push(l.board);
        out.imported += 1;
        let slot = Slot {
            section: section.into(),
            round,
            table,
            board: l.board,
        };
        results.push(match l.outcome {
            Ok(LineOutcome::Result(result)) => Payload::ResultRecorded(Box::new(ResultRecorded {
                slot,
                ns: l.ns,
                ew: l.ew,
                result,
            })),
            Ok(LineOutcome::Artificial(ns_a, ew_a, code)) => {
                Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
                    slot,
                    ns: l.ns,
                    ew: l.ew,
                    law: "12C2".into(),
                    adjustment: Adjustment::Artificial { ns: ns_a, ew: ew_a },
                    reason: format!("artificial score {code} in the imported USEBIO file"),
                }))
            }
            Err(_) => continue,
        });
    }
    for mut t in tables.into_values() {
        t.boards.sort_unstable();
        out.payloads.push(Payload::TableAssignment(t));
    }
    out.payloads.extend(results);
}
