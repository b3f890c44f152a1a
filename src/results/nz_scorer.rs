//! BridgeNZ Scorer's native XML (`<session>`: sections, `board_results`, `scores`), the file
//! the New Zealand club program saves. Pure: text in, the same import plan as the USEBIO
//! importer out. The file is read into the USEBIO elements that the public converter
//! (duaneg/scorer-to-usebio) writes for it, then planned by `results::usebio`, so both files
//! of a session give the same results and the same comparison; what only the native file has
//! (rounds and tables, the file's line of each result) is kept.
//!
//! Scorer's shapes: matchpoints ×10 and floored (`mp_ns="74"` is 7.4), a phantom's table
//! `-9999` (no result: the table sits out), an adjusted score `score="Adj"` with the
//! matchpoints given (an artificial score, as the converter's `A6040`), contracts `"4 S x"`,
//! results `"="`, `"+2"`, `"-1"`, pairs numbered per direction in a Mitchell (`dir="N"`/`"E"`:
//! ids `"5 NS"`, `"5 EW"`) or across the field in a Howell (`dir="H"`: id `"5"`).

use super::import::{Plan, Problem};
use super::usebio::{self, UsebioError};
use super::xml::{self, Element};
use crate::bridge::contract::ContractOrPass;
use std::collections::BTreeMap;

/// A file that is not a Scorer session at all (a bad result inside one is a `Problem`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NzScorerError {
    #[error("not XML: {0}")]
    Xml(#[from] xml::XmlError),
    #[error("not a BridgeNZ Scorer file: the root element is <{0}>, not <session>")]
    NotScorer(String),
    #[error("BridgeNZ Scorer scoring_type {0:?}: only matchpoint sessions (MP) are imported")]
    ScoringType(String),
    #[error("{0}")]
    Usebio(#[from] UsebioError),
}

fn el(name: &str, text: impl Into<String>) -> Element {
    Element {
        name: name.into(),
        text: text.into(),
        ..Element::default()
    }
}

fn node(name: &str, children: Vec<Element>) -> Element {
    Element {
        name: name.into(),
        children,
        ..Element::default()
    }
}

/// Scorer's matchpoints ×10 as USEBIO writes them (`74` → `7.4`); `None` for a phantom's
/// `-9999`, `Err` for anything else that is not a number.
fn matchpoints(v: &str) -> Result<Option<String>, String> {
    match v.trim() {
        "-9999" => Ok(None),
        t => t
            .parse::<i64>()
            .map(|n| Some(format!("{}", n as f64 / 10.0)))
            .map_err(|_| format!("matchpoints {t:?} are not a whole number of tenths")),
    }
}

/// Tricks taken from Scorer's contract (`"4 S x"`) and result (`"="`, `"+2"`, `"-1"`).
fn tricks(contract: &str, result: &str) -> Result<u8, String> {
    let level: i32 = contract
        .split_whitespace()
        .next()
        .and_then(|l| l.parse().ok())
        .ok_or_else(|| format!("contract {contract:?} has no level"))?;
    let over: i32 = match result.trim() {
        "=" => 0,
        r => r
            .trim_start_matches('+')
            .parse()
            .map_err(|_| format!("result {r:?} is not =, +N or -N"))?,
    };
    u8::try_from(level + 6 + over)
        .ok()
        .filter(|t| *t <= 13)
        .ok_or_else(|| format!("contract {contract:?} {result}: not 0-13 tricks"))
}

/// A section's pairs as USEBIO `PAIR` elements, and the id of each (seat, pair number) a
/// result names.
struct Pairs {
    elements: Vec<Element>,
    ids: BTreeMap<(char, String), String>,
}

/// The line of the file where each `<result` starts, in order.
fn result_lines(text: &str) -> Vec<usize> {
    let mut out = vec![];
    for (i, l) in text.lines().enumerate() {
        out.extend(l.matches("<result ").map(|_| i + 1));
    }
    out
}

/// Builds the import plan of a Scorer file into section `section` (a file of several
/// sections keeps the file's section ids).
pub fn plan(text: &str, section: &str) -> Result<Plan, NzScorerError> {
    let root = xml::parse(text)?;
    if root.name != "session" {
        return Err(NzScorerError::NotScorer(root.name));
    }
    match root.attr("scoring_type") {
        Some("MP") | None => {}
        Some(t) => return Err(NzScorerError::ScoringType(t.into())),
    }
    let lines = result_lines(text);
    let mut problems = vec![];
    let mut warnings = vec![];
    let mut skipped = 0;
    // Pairs per section, and whether the section seats them by direction (a Mitchell).
    let mut sections: BTreeMap<String, Pairs> = BTreeMap::new();
    let scores = root.child("scores");
    for sc in scores.iter().flat_map(|s| s.all("scsection")) {
        let id = sc.attr("id").unwrap_or(section).to_string();
        let pairs: Vec<&Element> = sc.all("pair").collect();
        let mitchell = !pairs.is_empty()
            && pairs
                .iter()
                .all(|p| matches!(p.attr("dir"), Some("N") | Some("E")));
        let mut ids = BTreeMap::new();
        let mut elements = vec![];
        let mut handicaps = vec![];
        for p in pairs {
            let no = p.attr("no").unwrap_or("").to_string();
            let dir = p.attr("dir").unwrap_or("H");
            let pid = match (mitchell, dir) {
                (true, "N") => format!("{no} NS"),
                (true, _) => format!("{no} EW"),
                _ => no.clone(),
            };
            // A result names its N-S pair by `ns` and its E-W pair by `ew`.
            for seat in ['N', 'E'] {
                if !mitchell || dir.starts_with(seat) {
                    ids.insert((seat, no.clone()), pid.clone());
                }
            }
            let mut c = vec![el("PAIR_NUMBER", pid.clone())];
            for n in ["player_name_1", "player_name_2"] {
                if let Some(name) = p.attr(n).filter(|x| !x.trim().is_empty()) {
                    c.push(node("PLAYER", vec![el("PLAYER_NAME", name)]));
                }
            }
            for (tag, attr) in [
                ("PLACE", "place"),
                ("TOTAL_SCORE", "res"),
                ("PERCENTAGE", "res"),
            ] {
                if let Some(v) = p.attr(attr) {
                    c.push(el(tag, v));
                }
            }
            if let Some(h) = p.attr("handicap").filter(|h| h.trim() != "0") {
                handicaps.push(format!("{pid} {h}"));
            }
            elements.push(node("PAIR", c));
        }
        if !handicaps.is_empty() {
            warnings.push(Problem {
                line: 0,
                board: None,
                message: format!(
                    "section {id}: handicaps {} (Scorer adds half of each to the percentage; the chief TD signs them as the policy's handicaps)",
                    handicaps.join(", ")
                ),
            });
        }
        sections.insert(id, Pairs { elements, ids });
    }
    let mut boards: BTreeMap<String, BTreeMap<u32, Vec<Element>>> = BTreeMap::new();
    let mut index = 0;
    for br in root
        .child("board_results")
        .iter()
        .flat_map(|b| b.all("brsection"))
    {
        let id = br.attr("id").unwrap_or(section).to_string();
        for r in br.all("result") {
            let line = lines.get(index).copied().unwrap_or(0);
            index += 1;
            let board = r.attr("bd").and_then(|b| b.trim().parse::<u32>().ok());
            let mut bad = |m: String| {
                skipped += 1;
                problems.push(Problem {
                    line,
                    board,
                    message: format!("result {index}: {m}"),
                });
            };
            let Some(board) = board else {
                bad("bd is not a board number".into());
                continue;
            };
            let line_of = match read_result(r, sections.get(&id)) {
                Ok(Some(l)) => l,
                Ok(None) => continue, // a phantom's table: nothing was played
                Err(m) => {
                    bad(m);
                    continue;
                }
            };
            boards
                .entry(id.clone())
                .or_default()
                .entry(board)
                .or_default()
                .push(line_of);
        }
    }
    let mut event = vec![
        el("PROGRAM_NAME", "BridgeNZ Scorer (native XML)"),
        el(
            "EVENT_DESCRIPTION",
            root.attr("event_name").unwrap_or("Imported session"),
        ),
    ];
    let single = sections.len() <= 1 && boards.len() <= 1;
    for (id, pairs) in &sections {
        let mut children = vec![node("PARTICIPANTS", pairs.elements.clone())];
        for (b, ls) in boards.remove(id).unwrap_or_default() {
            let mut c = vec![el("BOARD_NUMBER", b.to_string())];
            c.extend(ls);
            children.push(node("BOARD", c));
        }
        if single {
            event.extend(children);
        } else {
            let mut s = node("SECTION", children);
            s.attrs.push(("SECTION_ID".into(), id.clone()));
            event.push(s);
        }
    }
    for (id, _) in boards {
        problems.push(Problem {
            line: 0,
            board: None,
            message: format!("board results of section {id}, which has no scores section"),
        });
    }
    let ev = node("EVENT", event);
    let mut usebio_root = node("USEBIO", vec![ev]);
    usebio_root.attrs.push(("Version".into(), "1.2".into()));
    let mut plan = usebio::plan_tree(&usebio_root, section)?;
    for p in &mut plan.payloads {
        if let crate::events::Payload::ScoreAdjusted(a) = p {
            a.reason = a
                .reason
                .replace("USEBIO file", "BridgeNZ Scorer file (Adj)");
        }
    }
    if root.attr("scoring_type") == Some("MP") {
        plan.scoring_tags.push(("MP".into(), 0));
    }
    plan.skipped += skipped;
    plan.problems.splice(0..0, problems);
    plan.warnings.extend(warnings);
    Ok(plan)
}

/// One `<result>` as a USEBIO `TRAVELLER_LINE`; `None` for a phantom's table.
fn read_result(r: &Element, section: Option<&Pairs>) -> Result<Option<Element>, String> {
    let a = |n: &str| r.attr(n).unwrap_or("").trim();
    let (Some(ns_mp), Some(ew_mp)) = (matchpoints(a("mp_ns"))?, matchpoints(a("mp_ew"))?) else {
        return Ok(None);
    };
    let ids = section.map(|s| &s.ids);
    let pair = |seat: char, n: &str| {
        ids.and_then(|m| m.get(&(seat, n.to_string())))
            .cloned()
            .ok_or_else(|| format!("pair {n} ({seat}) is in no scores section"))
    };
    let ns = pair('N', a("ns"))?;
    let ew = pair('E', a("ew"))?;
    let mut c = vec![el("NS_PAIR_NUMBER", ns), el("EW_PAIR_NUMBER", ew)];
    for (tag, attr) in [("ROUND_NUMBER", "rnd"), ("TABLE_NUMBER", "tab")] {
        if a(attr).parse::<u32>().is_err() {
            return Err(format!("{attr} {:?} is not a number", a(attr)));
        }
        c.push(el(tag, a(attr)));
    }
    let contract = a("cont");
    if a("score") == "Adj" {
        // An adjusted score: the converter's artificial-score code from the matchpoints.
        let (n, e): (f64, f64) = (ns_mp.parse().unwrap_or(0.0), ew_mp.parse().unwrap_or(0.0));
        if n + e <= 0.0 {
            return Err("adjusted score without matchpoints".into());
        }
        let pct = |x: f64| (x / (n + e) * 100.0).round() as u32;
        c.push(el(
            "SCORE",
            format!("A{:02}{:02}", pct(n).min(99), pct(e).min(99)),
        ));
    } else {
        let joined = contract.replace(' ', "");
        match joined.parse::<ContractOrPass>() {
            Ok(ContractOrPass::PassedOut) => c.push(el("CONTRACT", "PASS")),
            Ok(ContractOrPass::Contract(_)) => {
                c.push(el("CONTRACT", joined));
                c.push(el("PLAYED_BY", a("dec")));
                c.push(el("TRICKS", tricks(contract, a("res"))?.to_string()));
            }
            Err(e) => return Err(format!("contract {contract:?}: {e}")),
        }
        if !a("score").is_empty() {
            c.push(el("SCORE", a("score")));
        }
    }
    c.push(el("NS_MATCH_POINTS", ns_mp));
    c.push(el("EW_MATCH_POINTS", ew_mp));
    Ok(Some(node("TRAVELLER_LINE", c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Payload;

    const SESSION: &str = r#"<?xml version="1.0"?>
<session club="C" scoring_type="MP" event_name="Test">
  <sections><section sectid="A" tables="2" handicap="false"/></sections>
  <board_results>
    <brsection id="A">
      <result tab="1" bd="1" rnd="1" ns="1" ew="1" dec="S" cont="4 S x" lead="" res="-1" score="-100" mp_ns="0" mp_ew="20"/>
      <result tab="2" bd="1" rnd="1" ns="2" ew="2" dec="N" cont="3 NT" lead="" res="+1" score="430" mp_ns="20" mp_ew="0"/>
      <result tab="1" bd="2" rnd="2" ns="1" ew="2" dec="" cont="PASS" lead="" res="" score="0" mp_ns="10" mp_ew="10"/>
      <result tab="2" bd="2" rnd="2" ns="2" ew="1" dec="" cont="" lead="" res="" mp_ns="-9999" mp_ew="-9999"/>
      <result tab="2" bd="3" rnd="3" ns="2" ew="1" dec="N" cont="9 S" lead="" res="=" score="0" mp_ns="10" mp_ew="10"/>
    </brsection>
  </board_results>
  <scores><scsection id="A">
    <pair player_name_1="Ann" player_name_2="Bo" match_points="30/40" place="1" dir="N" no="1" res="75" raw_score="75" handicap="0"/>
    <pair player_name_1="Cy" player_name_2="Di" match_points="20/40" place="1" dir="E" no="1" res="50" raw_score="50" handicap="-2.5"/>
    <pair player_name_1="Ed" player_name_2="Fi" match_points="20/40" place="2" dir="N" no="2" res="50" raw_score="50" handicap="0"/>
    <pair player_name_1="Gu" player_name_2="Ha" match_points="10/40" place="2" dir="E" no="2" res="25" raw_score="25" handicap="0"/>
  </scsection></scores>
</session>"#;

    #[test]
    fn a_mitchell_session_becomes_the_usebio_plan_with_its_rounds_and_tables() {
        let p = plan(SESSION, "A").unwrap();
        // The level-9 contract is a problem naming its line of the file; the phantom's
        // table is no result.
        assert_eq!(p.problems.len(), 1, "{:?}", p.problems);
        assert_eq!(p.problems[0].line, 10);
        assert!(p.problems[0].message.contains("contract \"9 S\""));
        assert_eq!((p.imported, p.skipped), (3, 1));
        let ids: Vec<&str> = p
            .payloads
            .iter()
            .filter_map(|x| match x {
                Payload::Contestant(c) => Some(c.id.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(ids, ["1 NS", "1 EW", "2 NS", "2 EW"]);
        let tables: Vec<(u32, u32)> = p
            .payloads
            .iter()
            .filter_map(|x| match x {
                Payload::TableAssignment(t) => Some((t.round, t.table)),
                _ => None,
            })
            .collect();
        assert_eq!(tables, [(1, 1), (1, 2), (2, 1)]);
        let first = &p.published.lines[0];
        assert_eq!(
            (first.mp_ns, first.mp_ew, first.score_ns),
            (Some(0.0), Some(2.0), Some(-100))
        );
        assert!(p
            .warnings
            .iter()
            .any(|w| w.message.contains("handicaps 1 EW -2.5 (")));
        assert_eq!(p.published.totals[0].place.as_deref(), Some("1"));
    }

    #[test]
    fn an_adjusted_score_is_the_converters_artificial_code() {
        let text = SESSION.replace(
            r#"dec="" cont="PASS" lead="" res="" score="0" mp_ns="10" mp_ew="10""#,
            r#"dec="" cont="" lead="" res="" score="Adj" mp_ns="12" mp_ew="8""#,
        );
        let p = plan(&text, "A").unwrap();
        let adjusted = p.payloads.iter().find_map(|x| match x {
            Payload::ScoreAdjusted(a) => Some(a.reason.clone()),
            _ => None,
        });
        assert_eq!(
            adjusted.as_deref(),
            Some("artificial score A6040 in the imported BridgeNZ Scorer file (Adj)")
        );
    }

    #[test]
    fn other_files_are_refused_naming_why() {
        assert!(matches!(
            plan("<USEBIO/>", "A"),
            Err(NzScorerError::NotScorer(r)) if r == "USEBIO"
        ));
        assert!(matches!(
            plan(r#"<session scoring_type="IMP"/>"#, "A"),
            Err(NzScorerError::ScoringType(t)) if t == "IMP"
        ));
    }
}
