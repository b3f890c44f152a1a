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
}

impl Published {
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.totals.is_empty() && self.datums.is_empty()
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
        if let Some(theirs) = t.place.as_deref().and_then(first_place) {
            out.places += 1;
            let mine = first_place(&s.place);
            if mine == Some(theirs) {
                out.places_agree += 1;
            } else {
                out.others.push(Disagreement {
                    section: t.section.clone(),
                    board: None,
                    ns: t.contestant.clone(),
                    ew: String::new(),
                    what: "place".into(),
                    published: Some(theirs as f64),
                    ours: mine.map(|x| x as f64),
                    cause: Cause::Policy,
                });
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
                    cause: cause(true, theirs, mine, tolerance),
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

/// The first number of a place as programs print it: "3", "3=", "3-4", "=3" are 3.
fn first_place(p: &str) -> Option<u32> {
    let d: String = p
        .trim()
        .trim_start_matches('=')
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    d.parse().ok()
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
    // PairId → our contestant id.
    let mut ids: BTreeMap<(String, String), String> = BTreeMap::new();
    for r in records {
        let Some(t) = r.table("TotalScoreTable") else {
            continue;
        };
        for row in &t.rows {
            let sec = t
                .get(row, "Section")
                .map(str::to_string)
                .unwrap_or_else(|| section_of(r));
            let Some(pid) = t.get(row, "PairId").or_else(|| t.get(row, "TeamId")) else {
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
                    .or_else(|| t.get(row, "TotalScore"))
                    .and_then(number),
                pct: t.get(row, "TotalPercentage").and_then(number),
                place: t.get(row, "Rank").map(str::to_string),
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
        if t.column("PairId_NS").is_none() {
            continue;
        }
        for row in &t.rows {
            let sec = t
                .get(row, "Section")
                .map(str::to_string)
                .unwrap_or_else(|| section_of(r));
            let (Some(ns), Some(ew)) = (t.get(row, "PairId_NS"), t.get(row, "PairId_EW")) else {
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
    use super::first_place;

    #[test]
    fn a_place_is_compared_by_its_first_number() {
        for (p, n) in [("3", 3), ("3-4", 3), ("3=", 3), ("=3", 3), (" 12 ", 12)] {
            assert_eq!(first_place(p), Some(n), "{p}");
        }
        assert_eq!(first_place("-"), None);
    }
}
