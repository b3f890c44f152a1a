//! Scores another program published (a PBN `ScoreTable`/`TotalScoreTable`, a USEBIO file's
//! matchpoints and totals), kept beside ours as an `imported` comparison and never used as
//! the truth: our scores come from the signed log under the signed policy. Pure.
//!
//! The comparison lists every line where the other program and tdlog disagree, with both
//! numbers and the likely cause (rounding, data, policy), so a scorer can see at once whether
//! the difference is a method (say, another factoring) or a wrong record.

use super::score::{ResultRow, Standing};
use crate::bridge::pbn::{PbnRecord, PbnTable};
use serde::Serialize;
use std::collections::BTreeMap;

/// One traveller line as the other program published it.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct PublishedLine {
    pub section: String,
    pub board: u32,
    /// Our contestant ids, when the file's pair ids could be mapped to them.
    pub ns: String,
    pub ew: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_ns: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_ew: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ew: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ew: Option<f64>,
    /// Where it was read (PBN line of the record, or the USEBIO board).
    pub line: usize,
}

/// One contestant's published total.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct PublishedTotal {
    pub section: String,
    pub contestant: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// The boards the total is over (Ruter's `NrBoards`): a total over more boards than the
    /// contestant played here (several sessions) is another total, not another policy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boards: Option<u32>,
}

/// A board's Butler datum as the other program published it (USEBIO `BOARD_AVERAGE`).
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct PublishedDatum {
    pub section: String,
    pub board: u32,
    pub datum: f64,
}

/// Everything another program published in a file.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Published {
    pub lines: Vec<PublishedLine>,
    pub totals: Vec<PublishedTotal>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub datums: Vec<PublishedDatum>,
    /// The producer, when the file names it (PBN `Generator`, USEBIO `PROGRAM_NAME`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// Bye rows: the IMPs a program gives a pair on a board it sat out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<PublishedBye>,
}

/// A bye row (Magic Contest: one pair id, scores `"Bye"`, the sitting pair's IMPs): the
/// pair's mean IMPs per board played, printed to a number of decimals.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct PublishedBye {
    pub section: String,
    pub board: u32,
    pub contestant: String,
    pub imps: f64,
    /// Decimals printed (`0.2`: 1).
    pub decimals: i32,
}

impl Published {
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
            && self.totals.is_empty()
            && self.byes.is_empty()
            && self.datums.is_empty()
    }
}

/// Why a published number and ours differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// Within a unit of the last published decimal: the programs round differently.
    Rounding,
    /// The line has a different score, or no line of ours matches it: the records differ.
    Data,
    /// Same score, different comparison: another method, factoring or artificial value.
    Policy,
}

/// One disagreement between the file and tdlog.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Disagreement {
    pub section: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    pub ns: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub ew: String,
    /// What is compared: `pct_ns`, `mp_ew`, `total`, ...
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub published: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ours: Option<f64>,
    pub cause: Cause,
}

/// The outcome of a comparison: how many numbers were compared and which disagree.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Comparison {
    pub lines: usize,
    /// Scores, matchpoints, IMPs, percentages and IMP or points totals.
    pub values: usize,
    pub agree: usize,
    /// Published places, compared by their first number ("3", "3=" and "3-4" are all 3rd),
    /// counted apart from `values`.
    pub places: usize,
    pub places_agree: usize,
    /// Published matchpoint totals beside tdlog's `mp` (the same scale only under the
    /// producer's policy, e.g. Compscore3's `matchpoints.totals: full_top`), counted apart.
    pub mp_totals: usize,
    pub mp_totals_agree: usize,
    /// Published Butler datums beside the datum of tdlog's rows on that board (`note.datum`).
    pub datums: usize,
    pub datums_agree: usize,
    /// Where a value of `values` disagrees.
    pub disagreements: Vec<Disagreement>,
    /// Where a place, a matchpoint total or a datum disagrees (apart, as they are counted).
    pub others: Vec<Disagreement>,
}

/// A place as printed: `3`, `3-4`, `3=` → (first, where a shared place ends: the same
/// place when not shared, `None` when shared to a place not printed).
fn place_span(p: &str) -> Option<(u32, Option<u32>)> {
    let p = p.trim();
    if let Some(a) = p.strip_suffix('=').or_else(|| p.strip_prefix('=')) {
        return Some((a.trim().parse().ok()?, None));
    }
    match p.split_once('-') {
        Some((a, b)) => Some((a.trim().parse().ok()?, Some(b.trim().parse().ok()?))),
        None => {
            let a = p.trim_end_matches('.').parse().ok()?;
            Some((a, Some(a)))
        }
    }
}

/// Two printed places agree when they start at the same place and are shared alike (to
/// the same place where both print it). `None`: the published place is not a place.
fn same_place(theirs: &str, ours: &str) -> Option<bool> {
    let a = place_span(theirs)?;
    let Some(b) = place_span(ours) else {
        return Some(false);
    };
    let shared = |x: (u32, Option<u32>)| x.1 != Some(x.0);
    // A producer that prints a shared place by its first number ("3" twice, Compscore3) is
    // compared by that number; one that prints the share ("3-4", "3=") must share it alike.
    if !shared(a) {
        return Some(a.0 == b.0);
    }
    Some(a.0 == b.0 && shared(b) && (a.1.is_none() || b.1.is_none() || a.1 == b.1))
}

/// Compares the published numbers with our rows and standings. A value agrees when it is
/// within `tolerance` (0.01 for values published to 2 decimals).
pub fn compare(
    p: &Published,
    rows: &[ResultRow],
    standings: &[Standing],
    tolerance: f64,
) -> Comparison {
    let mut out = Comparison::default();
    let mut ours: BTreeMap<(&str, u32, &str, &str), &ResultRow> = BTreeMap::new();
    for r in rows {
        ours.insert((&r.section, r.board, &r.ns, &r.ew), r);
    }
    for l in &p.lines {
        out.lines += 1;
        let Some(r) = ours.get(&(l.section.as_str(), l.board, l.ns.as_str(), l.ew.as_str())) else {
            out.disagreements.push(Disagreement {
                section: l.section.clone(),
                board: Some(l.board),
                ns: l.ns.clone(),
                ew: l.ew.clone(),
                what: "line".into(),
                published: l.score_ns.map(f64::from),
                ours: None,
                cause: Cause::Data,
            });
            continue;
        };
        let same_score = match (l.score_ns, r.score_ns) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        if let (Some(a), Some(b)) = (l.score_ns, r.score_ns) {
            out.values += 1;
            if a == b {
                out.agree += 1;
            }
        }
        let pairs = [
            ("mp_ns", l.mp_ns, r.mp_ns),
            ("mp_ew", l.mp_ew, r.mp_ew),
            ("pct_ns", l.pct_ns, r.pct_ns),
            ("pct_ew", l.pct_ew, r.pct_ew),
            ("imp_ns", l.imp_ns, r.imp_ns),
            ("imp_ew", l.imp_ew, r.imp_ew),
        ];
        for (what, theirs, mine) in pairs {
            let Some(theirs) = theirs else { continue };
            out.values += 1;
            match mine {
                Some(m) if (m - theirs).abs() <= tolerance + 1e-9 => out.agree += 1,
                _ => out.disagreements.push(Disagreement {
                    section: l.section.clone(),
                    board: Some(l.board),
                    ns: l.ns.clone(),
                    ew: l.ew.clone(),
                    what: what.into(),
                    published: Some(theirs),
                    ours: mine,
                    cause: cause(same_score, theirs, mine, tolerance),
                }),
            }
        }
        if l.score_ns.is_some() && !same_score {
            out.disagreements.push(Disagreement {
                section: l.section.clone(),
                board: Some(l.board),
                ns: l.ns.clone(),
                ew: l.ew.clone(),
                what: "score_ns".into(),
                published: l.score_ns.map(f64::from),
                ours: r.score_ns.map(f64::from),
                cause: Cause::Data,
            });
        }
    }
    // A bye: the pair's mean IMPs per board played, at the decimals printed.
    for b in &p.byes {
        out.values += 1;
        let imps: Vec<f64> = rows
            .iter()
            .filter(|r| r.section == b.section)
            .filter_map(|r| {
                if r.ns == b.contestant {
                    r.imp_ns
                } else if r.ew == b.contestant {
                    r.imp_ew
                } else {
                    None
                }
            })
            .collect();
        let mean = (!imps.is_empty()).then(|| imps.iter().sum::<f64>() / imps.len() as f64);
        let shown = mean.map(|m| crate::scoring::round_half_away(m, b.decimals.clamp(0, 6) as u8));
        match shown {
            Some(m) if (m - b.imps).abs() <= 1e-9 => out.agree += 1,
            _ => out.disagreements.push(Disagreement {
                section: b.section.clone(),
                board: Some(b.board),
                ns: b.contestant.clone(),
                ew: "bye".into(),
                what: "imp_bye".into(),
                published: Some(b.imps),
                ours: mean,
                cause: cause(true, b.imps, mean, tolerance),
            }),
        }
    }
    for t in &p.totals {
        let Some(s) = standings
            .iter()
            .find(|s| s.section == t.section && s.contestant == t.contestant)
        else {
            out.disagreements.push(Disagreement {
                section: t.section.clone(),
                board: None,
                ns: t.contestant.clone(),
                ew: String::new(),
                what: "contestant".into(),
                published: t.total,
                ours: None,
                cause: Cause::Data,
            });
            continue;
        };
        if let Some(agree) = t.place.as_deref().and_then(|p| same_place(p, &s.place)) {
            out.places += 1;
            if agree {
                out.places_agree += 1;
            } else {
                out.others.push(Disagreement {
                    section: t.section.clone(),
                    board: None,
                    ns: t.contestant.clone(),
                    ew: String::new(),
                    what: "place".into(),
                    published: place_span(t.place.as_deref().unwrap_or("")).map(|x| x.0 as f64),
                    ours: place_span(&s.place).map(|x| x.0 as f64),
                    cause: Cause::Policy,
                });
            }
        }
        let pct = s.unit == "%";
        if let (Some(theirs), true) = (t.total, pct) {
            out.mp_totals += 1;
            match s.mp {
                Some(m) if (m - theirs).abs() <= tolerance + 1e-9 => out.mp_totals_agree += 1,
                mine => out.others.push(Disagreement {
                    section: t.section.clone(),
                    board: None,
                    ns: t.contestant.clone(),
                    ew: String::new(),
                    what: "mp_total".into(),
                    published: Some(theirs),
                    ours: mine,
                    cause: cause(true, theirs, mine, tolerance),
                }),
            }
        }
        let checks = [
            ("pct", t.pct, pct.then_some(s.total)),
            // An IMP or points total is compared as it is; matchpoint totals are in the
            // producer's own scale and are compared through the percentage.
            ("total", t.total.filter(|_| !pct), (!pct).then_some(s.total)),
        ];
        for (what, theirs, mine) in checks {
            let Some(theirs) = theirs else { continue };
            out.values += 1;
            match mine {
                Some(m) if (m - theirs).abs() <= tolerance + 1e-9 => out.agree += 1,
                _ => out.disagreements.push(Disagreement {
                    section: t.section.clone(),
                    board: None,
                    ns: t.contestant.clone(),
                    ew: String::new(),
                    what: what.into(),
                    published: Some(theirs),
                    ours: mine,
                    // No board scored for it (a file of match rows only), or a total over
                    // other boards (several sessions): the data differ, not the policy.
                    cause: cause(
                        s.boards > 0 && t.boards.is_none_or(|b| b == s.boards),
                        theirs,
                        mine,
                        tolerance,
                    ),
                }),
            }
        }
    }
    for d in &p.datums {
        out.datums += 1;
        let mine = rows
            .iter()
            .filter(|r| r.section == d.section && r.board == d.board)
            .flat_map(|r| &r.reasons)
            .find(|x| x.key == "note.datum")
            .and_then(|x| x.params.iter().find(|(k, _)| *k == "datum"))
            .and_then(|(_, v)| v.parse::<f64>().ok());
        match mine {
            Some(m) if (m - d.datum).abs() <= tolerance + 1e-9 => out.datums_agree += 1,
            _ => out.others.push(Disagreement {
                section: d.section.clone(),
                board: Some(d.board),
                ns: String::new(),
                ew: String::new(),
                what: "datum".into(),
                published: Some(d.datum),
                ours: mine,
                cause: Cause::Policy,
            }),
        }
    }
    out
}

/// Data when the scores differ; rounding when ours is within one unit of the last decimal
/// the other program printed (3.5 published, 3.6 ours: one rounds down, the other to
/// nearest), unless both are whole numbers; otherwise a policy (method, factoring, datum).
fn cause(same_score: bool, theirs: f64, mine: Option<f64>, _tolerance: f64) -> Cause {
    let decimals = (0..4)
        .find(|d| {
            let x = theirs * 10f64.powi(*d);
            (x - x.round()).abs() < 1e-6
        })
        .unwrap_or(4);
    let unit = 10f64.powi(-decimals);
    match mine {
        _ if !same_score => Cause::Data,
        None => Cause::Policy,
        Some(m) if decimals == 0 && m.fract() == 0.0 => Cause::Policy,
        Some(m) if (m - theirs).abs() <= unit + 1e-9 => Cause::Rounding,
        Some(_) => Cause::Policy,
    }
}

/// A number as PBN tables and USEBIO write it: `"450"`, `47.69`, `+3`, `NS 120`.
pub fn number(v: &str) -> Option<f64> {
    let v = v.trim().trim_matches('"');
    let v = v.strip_prefix("NS ").unwrap_or(v);
    v.trim_start_matches('+').replace(',', ".").parse().ok()
}

/// Names compared as a set of people: "Anna Nowak - Bert Kos", "Bert Kos, Anna Nowak" and
/// "Anna Nowak#123 - Bert Kos" are the same pair.
pub fn same_people(a: &str, b: &str) -> bool {
    fn people(s: &str) -> Vec<String> {
        let mut v: Vec<String> = s
            .split([',', '&', '/'])
            .flat_map(|p| p.split(" - "))
            .map(|p| p.split('#').next().unwrap_or("").trim().to_lowercase())
            .filter(|p| !p.is_empty())
            .collect();
        v.sort();
        v
    }
    let (pa, pb) = (people(a), people(b));
    !pa.is_empty() && pa == pb
}

/// Reads the PBN tables of a file: each record's `ScoreTable` (results of its board) and the
/// `TotalScoreTable` (standings). Pair ids are mapped to `contestants` (our ids) directly,
/// or through the `Names` column of the `TotalScoreTable`.
pub fn from_pbn(
    records: &[PbnRecord],
    section_of: impl Fn(&PbnRecord) -> String,
    contestants: &[String],
) -> Published {
    let mut out = Published::default();
    // A `Section` column names a section of ours only when the records were split by it;
    // Ruter's score-table sections are one field (`results::import::ruter`).
    let sections: Vec<String> = records.iter().map(&section_of).collect();
    let section = |t: &PbnTable, row: &[String], r: &PbnRecord| -> String {
        t.get(row, "Section")
            .map(str::trim)
            .filter(|s| sections.iter().any(|x| x == s))
            .map(str::to_string)
            .unwrap_or_else(|| section_of(r))
    };
    // PairId → our contestant id.
    let mut ids: BTreeMap<(String, String), String> = BTreeMap::new();
    for r in records {
        let Some(t) = r.table("TotalScoreTable") else {
            continue;
        };
        for row in &t.rows {
            let sec = section(&t, row, r);
            let Some(pid) = t
                .get(row, "PairId")
                .or_else(|| t.get(row, "PlayerId"))
                .or_else(|| t.get(row, "TeamId"))
            else {
                continue;
            };
            let ours = contestants
                .iter()
                .find(|c| c.as_str() == pid)
                .or_else(|| {
                    t.get(row, "Names")
                        .and_then(|n| contestants.iter().find(|c| same_people(c, n)))
                })
                .cloned();
            let Some(id) = ours else { continue };
            ids.insert((sec.clone(), pid.to_string()), id.clone());
            out.totals.push(PublishedTotal {
                section: sec.clone(),
                contestant: id,
                total: t
                    .get(row, "TotalScoreMP")
                    .or_else(|| t.get(row, "TotalScoreIMP"))
                    .or_else(|| t.get(row, "TotalScoreVP"))
                    .or_else(|| t.get(row, "TotalScore"))
                    .and_then(number),
                pct: t.get(row, "TotalPercentage").and_then(number),
                // Ruter prints a shared place as `Rank` and `RankTie` (25, 26).
                place: t.get(row, "Rank").map(|r| match t.get(row, "RankTie") {
                    Some(tie) => format!("{}-{}", r.trim(), tie.trim()),
                    None => r.trim().to_string(),
                }),
                boards: t.get(row, "NrBoards").and_then(|b| b.trim().parse().ok()),
            });
        }
    }
    let map = |sec: &str, pid: &str| -> String {
        ids.get(&(sec.to_string(), pid.to_string()))
            .cloned()
            .unwrap_or_else(|| pid.to_string())
    };
    for r in records {
        let Some(t) = r.table("ScoreTable") else {
            continue;
        };
        let Some(board) = r.tag("Board").and_then(|b| b.trim().parse().ok()) else {
            continue;
        };
        if t.column("PlayerId_North").is_some() {
            for row in &t.rows {
                let sec = section(&t, row, r);
                out.lines
                    .extend(individual_lines(&t, row, &sec, board, r.line));
            }
            continue;
        }
        if t.column("PairId_NS").is_none() {
            continue;
        }
        for row in &t.rows {
            let sec = section(&t, row, r);
            let (Some(ns), Some(ew)) = (t.get(row, "PairId_NS"), t.get(row, "PairId_EW")) else {
                out.byes.extend(bye(&t, row, &sec, board, |p| map(&sec, p)));
                continue;
            };
            out.lines.push(line_from(
                &t,
                row,
                &sec,
                board,
                map(&sec, ns),
                map(&sec, ew),
                r.line,
            ));
        }
    }
    out
}

/// A bye row: one pair id, its side's IMPs (`IMP_NS` or `IMP_EW`).
fn bye(
    t: &PbnTable,
    row: &[String],
    sec: &str,
    board: u32,
    map: impl Fn(&str) -> String,
) -> Option<PublishedBye> {
    let bye = |c: &str| t.get(row, c).is_some_and(|v| v.eq_ignore_ascii_case("bye"));
    if !bye("Score_NS") && !bye("Score_EW") {
        return None;
    }
    let (pid, col) = match (t.get(row, "PairId_NS"), t.get(row, "PairId_EW")) {
        (Some(p), None) => (p, "IMP_NS"),
        (None, Some(p)) => (p, "IMP_EW"),
        _ => return None,
    };
    let v = t.get(row, col)?;
    Some(PublishedBye {
        section: sec.to_string(),
        board,
        contestant: map(pid),
        imps: number(v)?,
        decimals: v.split_once('.').map_or(0, |(_, d)| d.trim().len() as i32),
    })
}

/// An individual's row (Ruter: `PlayerId_North`..`PlayerId_West`, `MP_North`..,
/// `Percentage_North`..) as two lines of the same table, North's and East's values then
/// South's and West's, so that every published value is compared with its side's.
fn individual_lines(
    t: &PbnTable,
    row: &[String],
    sec: &str,
    board: u32,
    line: usize,
) -> Vec<PublishedLine> {
    let id = |c: &str| t.get(row, c).map(str::trim).unwrap_or("");
    let ns = format!("{}+{}", id("PlayerId_North"), id("PlayerId_South"));
    let ew = format!("{}+{}", id("PlayerId_East"), id("PlayerId_West"));
    if ns.starts_with('+') || ns.ends_with('+') || ew.starts_with('+') || ew.ends_with('+') {
        return vec![];
    }
    let base = line_from(t, row, sec, board, ns, ew, line);
    let f = |c: &str| t.get(row, c).and_then(number);
    let mut first = base.clone();
    (first.mp_ns, first.mp_ew) = (f("MP_North"), f("MP_East"));
    (first.pct_ns, first.pct_ew) = (f("Percentage_North"), f("Percentage_East"));
    let mut second = base;
    second.score_ns = None;
    (second.mp_ns, second.mp_ew) = (f("MP_South"), f("MP_West"));
    (second.pct_ns, second.pct_ew) = (f("Percentage_South"), f("Percentage_West"));
    vec![first, second]
}

fn line_from(
    t: &PbnTable,
    row: &[String],
    sec: &str,
    board: u32,
    ns: String,
    ew: String,
    line: usize,
) -> PublishedLine {
    let f = |c: &str| t.get(row, c).and_then(number);
    let score_ns = match (f("Score_NS"), f("Score_EW")) {
        (Some(s), _) => Some(s as i32),
        (None, Some(s)) => Some(-(s as i32)),
        _ => None,
    };
    PublishedLine {
        section: sec.to_string(),
        board,
        ns,
        ew,
        score_ns,
        mp_ns: f("MP_NS"),
        mp_ew: f("MP_EW"),
        pct_ns: f("Percentage_NS"),
        pct_ew: f("Percentage_EW"),
        imp_ns: f("IMP_NS"),
        imp_ew: f("IMP_EW"),
        line,
    }
}

/// The knobs of a policy that real events set beyond the method (issue 14), one line each,
/// for every report that names the policy: fractional artificial IMPs, factoring rules,
/// the Butler datum rule, handicaps. Empty when none is set away from its default.
pub fn policy_knobs(p: &crate::events::PolicySet) -> Vec<String> {
    use crate::events::Method;
    use crate::scoring::policy::ButlerPolicy;
    let mut out = vec![];
    if let Some(i) = p.artificial.imps_decimal {
        out.push(format!("artificial IMPs: +{i} / -{i} (Avg+ / Avg-)"));
    }
    for r in &p.factoring_rules {
        let mut when = vec![];
        if !r.boards.is_empty() {
            when.push(format!("boards {:?}", r.boards));
        }
        if let Some(m) = r.min_field {
            when.push(format!("field >= {m}"));
        }
        if let Some(m) = r.max_field {
            when.push(format!("field <= {m}"));
        }
        out.push(format!(
            "factoring {:?}, matchpoints rounded {} ({:?}) on {}",
            r.factoring,
            r.mp_rounding
                .decimals
                .map_or("not at all".to_string(), |d| format!("to {d} decimal(s)")),
            r.mp_rounding.mode,
            if when.is_empty() {
                "every board".to_string()
            } else {
                when.join(", ")
            }
        ));
    }
    if p.method == Method::Butler && p.scoring.butler != ButlerPolicy::default() {
        out.push(format!(
            "Butler datum: drop {:?}, rounding {:?}",
            p.scoring.butler.drop, p.scoring.butler.rounding
        ));
    }
    let (mpp, rp) = (&p.scoring.matchpoints, &p.scoring.ranking);
    if mpp.totals == crate::scoring::policy::MatchpointTotals::FullTop {
        out.push("matchpoint totals: a board with a smaller top factored to the full top in the totals only, a total scaled to the boards of its field".into());
    }
    if rp.fields == crate::scoring::policy::RankingFields::ByDirection {
        out.push("two winners: N-S and E-W ranked apart in a Mitchell".into());
    }
    if let Some(r) = rp.total_rounding {
        out.push(format!(
            "ranking totals rounded {} ({:?})",
            r.decimals
                .map_or("not at all".to_string(), |d| format!("to {d} decimal(s)")),
            r.mode
        ));
    }
    if !p.handicaps.is_empty() {
        out.push(format!(
            "handicaps (half added to the percentage): {}",
            p.handicaps
                .iter()
                .map(|(c, h)| format!("{c} {h}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::same_place;

    #[test]
    fn a_place_printed_by_its_first_number_or_as_a_share() {
        // Compscore3 prints a shared place by its first number; Ruter prints the share.
        for (theirs, ours, agree) in [
            ("3", "3", true),
            ("3", "3-4", true),
            ("=3", "3-4", true),
            ("3=", "3-4", true),
            (" 12 ", "12", true),
            ("25-26", "25-26", true),
            ("25-26", "25", false),
            ("25-26", "25-27", false),
            ("4", "3-4", false),
        ] {
            assert_eq!(same_place(theirs, ours), Some(agree), "{theirs} v {ours}");
        }
        assert_eq!(same_place("-", "3"), None);
    }
}
