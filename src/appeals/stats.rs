//! Casebook statistics for the organiser and the federation (issue 15): rulings and appeals
//! by law, the outcome of each appeal (upheld, changed, recommendation only, without merit,
//! withdrawn, not decided), the time from the ruling to the decision (median, longest), and
//! deposits kept and returned; per tournament and over many. Pure: folded appeals in,
//! counts out, the same bytes on every machine.
//!
//! What counts: every standing bridge ruling (one corrected under Law 82C counts once, as
//! its correction), under each law number it cites ("16B1" and "16B" count as Law 16, once
//! per ruling); every appeal of such a ruling, under the laws of its ruling. An appeal's
//! outcome is the regulating authority's answer if there is one (Law 93C2), else its last
//! decision; of a mixed appeal (Law 93B1/B2) "changed" if any part changed the score.
//! Doppelkopf objections are not counted yet (their §§ are not the Laws' numbers).

use super::{Appeal, Folded};
use crate::events::{Decision, Deposit};
use crate::i18n::{cite, stats_text, Lang};
use crate::log::Hash32;
use crate::report::{Block, Column, Table};
use serde::Serialize;
use std::collections::BTreeMap;

/// How the appeals ended.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Outcomes {
    pub upheld: u32,
    pub changed: u32,
    pub recommendation_only: u32,
    pub without_merit: u32,
    pub withdrawn: u32,
    /// Not decided (yet): filed, heard, referred, or held by a conflict.
    pub open: u32,
}

/// One appeal's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Decided(Decision),
    Withdrawn,
    Open,
}

impl Outcome {
    /// The name used in `--json` and on the command line (`tdlog archive --outcome`).
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Decided(d) => d.as_str(),
            Outcome::Withdrawn => "withdrawn",
            Outcome::Open => "open",
        }
    }

    /// Every name [`Outcome::as_str`] gives.
    pub const NAMES: [&'static str; 6] = [
        "upheld",
        "changed",
        "recommendation_only",
        "without_merit",
        "withdrawn",
        "open",
    ];
}

/// How an appeal ended and when: the regulating authority's answer if there is one (Law
/// 93C2), else its last decision; of a mixed appeal (Law 93B1/B2) "changed" if any part
/// changed the score.
pub fn outcome_of(a: &Appeal) -> (Outcome, Option<i64>) {
    if a.withdrawn.is_some() {
        (Outcome::Withdrawn, None)
    } else if let Some((x, s)) = &a.authority {
        (Outcome::Decided(x.decision), Some(s.wall_ms))
    } else if a.open_conflict().is_some() {
        (Outcome::Open, None)
    } else if let Some(d) = a.decisions.last() {
        let changed = a
            .decisions
            .iter()
            .any(|d| d.decided.decision == Decision::Changed);
        let dec = if changed {
            Decision::Changed
        } else {
            d.decided.decision
        };
        (Outcome::Decided(dec), Some(d.signed.wall_ms))
    } else {
        (Outcome::Open, None)
    }
}

impl Outcomes {
    fn add(&mut self, o: Outcome) {
        match o {
            Outcome::Decided(Decision::Upheld) => self.upheld += 1,
            Outcome::Decided(Decision::Changed) => self.changed += 1,
            Outcome::Decided(Decision::RecommendationOnly) => self.recommendation_only += 1,
            Outcome::Decided(Decision::WithoutMerit) => self.without_merit += 1,
            Outcome::Withdrawn => self.withdrawn += 1,
            Outcome::Open => self.open += 1,
        }
    }
}

/// Counts of one tournament, or of all.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub rulings: u32,
    pub appeals: u32,
    pub outcomes: Outcomes,
    /// Appeals with a decision (the regulating authority's answer included).
    pub decided: u32,
    /// Median time from the ruling to the decision, in seconds (the lower middle of an even
    /// count: a whole number, the same everywhere).
    pub median_s: Option<i64>,
    pub max_s: Option<i64>,
    pub deposits_kept: u32,
    pub deposits_returned: u32,
    #[serde(skip)]
    times_s: Vec<i64>,
}

impl Counts {
    fn finish(&mut self) {
        self.times_s.sort_unstable();
        self.decided = self.times_s.len() as u32;
        self.median_s = match self.times_s.len() {
            0 => None,
            n => Some(self.times_s[(n - 1) / 2]),
        };
        self.max_s = self.times_s.last().copied();
    }

    fn add_appeal(&mut self, c: &Case) {
        self.appeals += 1;
        self.outcomes.add(c.outcome);
        if let Some(s) = c.time_s {
            self.times_s.push(s);
        }
        match c.deposit {
            Some(Deposit::Kept) => self.deposits_kept += 1,
            Some(Deposit::Returned) => self.deposits_returned += 1,
            None => {}
        }
    }
}

/// One tournament's counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventStats {
    pub log_id: Hash32,
    pub name: String,
    #[serde(flatten)]
    pub counts: Counts,
}

/// Rulings and appeals citing one law.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LawRow {
    /// The law's number ("16"), as rulings cite it without its parts.
    pub law: String,
    #[serde(flatten)]
    pub counts: Counts,
}

/// A log that was not counted, and why (it does not verify, or cannot be read).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refused {
    pub log: String,
    pub reason: String,
}

/// The statistics of one or more tournaments.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub events: Vec<EventStats>,
    pub total: Counts,
    pub by_law: Vec<LawRow>,
    pub refused: Vec<Refused>,
}

/// What one appeal contributes.
struct Case {
    laws: Vec<String>,
    outcome: Outcome,
    time_s: Option<i64>,
    deposit: Option<Deposit>,
}

/// "16B1" -> "16", "Law 12C1(c)" -> "12"; text without a number stays as it is.
pub fn law_number(cited: &str) -> String {
    let c = cited.trim().trim_start_matches("Law ").trim();
    let n: String = c.chars().take_while(char::is_ascii_digit).collect();
    if n.is_empty() {
        c.to_string()
    } else {
        n
    }
}

/// The distinct law numbers of a list of citations, in order.
fn numbers(laws: &[String]) -> Vec<String> {
    let mut out: Vec<String> = laws.iter().map(|l| law_number(l)).collect();
    out.sort();
    out.dedup();
    out
}

/// An appeal's outcome, the time from its ruling to the decision, and the deposit.
fn case(f: &Folded, a: &Appeal, ruled_ms: i64) -> Case {
    let laws = f
        .workflow
        .rulings
        .get(&a.ruling)
        .map(|r| numbers(&r.ruling.laws))
        .unwrap_or_default();
    let (outcome, at) = outcome_of(a);
    Case {
        laws,
        outcome,
        time_s: at.map(|t| (t - ruled_ms).max(0) / 1000),
        deposit: a.decisions.iter().rev().find_map(|d| d.deposit),
    }
}

impl Stats {
    /// Adds one tournament (a verified, folded log) to the statistics.
    pub fn add(&mut self, log_id: Hash32, f: &Folded) {
        let mut ev = Counts::default();
        let mut by_law: BTreeMap<String, Counts> = std::mem::take(&mut self.by_law)
            .into_iter()
            .map(|r| (r.law, r.counts))
            .collect();
        for r in f.workflow.rulings.values() {
            if r.corrected_by.is_some() {
                continue;
            }
            ev.rulings += 1;
            self.total.rulings += 1;
            for l in numbers(&r.ruling.laws) {
                by_law.entry(l).or_default().rulings += 1;
            }
        }
        let mut appeals: Vec<&Appeal> = f
            .workflow
            .appeals
            .values()
            .filter(|a| a.doko.is_none())
            .collect();
        appeals.sort_by_key(|a| (a.filed().wall_ms, a.id));
        for a in appeals {
            let ruled = f
                .workflow
                .rulings
                .get(&a.ruling)
                .map_or(a.filed().wall_ms, |r| r.signed.wall_ms);
            let c = case(f, a, ruled);
            ev.add_appeal(&c);
            self.total.add_appeal(&c);
            for l in &c.laws {
                by_law.entry(l.clone()).or_default().add_appeal(&c);
            }
        }
        ev.finish();
        self.total.finish();
        self.by_law = by_law
            .into_iter()
            .map(|(law, mut counts)| {
                counts.finish();
                LawRow { law, counts }
            })
            .collect();
        // By law number, then text ("9" before "16", "Doko" last).
        self.by_law.sort_by(|a, b| {
            let n = |s: &str| s.parse::<u32>().unwrap_or(u32::MAX);
            (n(&a.law), &a.law).cmp(&(n(&b.law), &b.law))
        });
        self.events.push(EventStats {
            log_id,
            name: f.tournament.name.clone(),
            counts: ev,
        });
    }

    /// One tournament's statistics.
    pub fn of(log_id: Hash32, f: &Folded) -> Stats {
        let mut s = Stats::default();
        s.add(log_id, f);
        s
    }

    /// Records a log that was not counted.
    pub fn refuse(&mut self, log: String, reason: String) {
        self.refused.push(Refused { log, reason });
    }
}

/// Seconds as whole minutes, rounded up ("0" only for no time at all).
fn minutes(lang: Lang, s: Option<i64>) -> String {
    match s {
        None => "-".into(),
        Some(s) => format!("{} {}", (s + 59) / 60, stats_text(lang, "minutes")),
    }
}

fn row(lang: Lang, first: String, c: &Counts) -> Vec<String> {
    let o = &c.outcomes;
    vec![
        first,
        c.rulings.to_string(),
        c.appeals.to_string(),
        o.upheld.to_string(),
        o.changed.to_string(),
        o.recommendation_only.to_string(),
        o.without_merit.to_string(),
        o.withdrawn.to_string(),
        o.open.to_string(),
        minutes(lang, c.median_s),
        minutes(lang, c.max_s),
        c.deposits_kept.to_string(),
        c.deposits_returned.to_string(),
    ]
}

fn columns(lang: Lang, first: &str) -> Vec<Column> {
    let t = |k: &str| stats_text(lang, k).to_string();
    let mut c = vec![Column::new(t(first), 6, false)];
    for (k, w) in [
        ("rulings", 2),
        ("appeals", 2),
        ("upheld", 2),
        ("changed", 2),
        ("recommendation_only", 2),
        ("without_merit", 2),
        ("withdrawn", 2),
        ("open", 2),
    ] {
        c.push(Column::new(t(k), w, true));
    }
    c.push(Column::new(
        format!("{} ({})", t("median"), t("time_to_decision")),
        3,
        true,
    ));
    c.push(Column::new(t("max"), 2, true));
    c.push(Column::new(t("deposits_kept"), 2, true));
    c.push(Column::new(t("deposits_returned"), 2, true));
    c
}

/// The statistics as report blocks (HTML and PDF through `appeals::report`), in `lang`.
pub fn blocks(s: &Stats, lang: Lang) -> Vec<Block> {
    let t = |k: &str| stats_text(lang, k).to_string();
    let mut b = vec![Block::Title(format!(
        "{} ({} {})",
        t("title"),
        s.events.len(),
        t(if s.events.len() == 1 {
            "event"
        } else {
            "events"
        })
    ))];
    b.push(Block::Field(t("rulings"), s.total.rulings.to_string()));
    b.push(Block::Field(t("appeals"), s.total.appeals.to_string()));
    b.push(Block::Field(
        t("time_to_decision"),
        format!(
            "{} {}, {} {} ({} {})",
            t("median"),
            minutes(lang, s.total.median_s),
            t("max"),
            minutes(lang, s.total.max_s),
            s.total.decided,
            t("decided")
        ),
    ));
    b.push(Block::Field(
        t("deposits_kept"),
        s.total.deposits_kept.to_string(),
    ));
    b.push(Block::Heading(t("by_law")));
    b.push(Block::Table(Table {
        columns: columns(lang, "law"),
        rows: s
            .by_law
            .iter()
            .map(|r| row(lang, cite(lang, &r.law), &r.counts))
            .chain(std::iter::once(row(lang, t("total"), &s.total)))
            .collect(),
    }));
    b.push(Block::Heading(t("by_event")));
    b.push(Block::Table(Table {
        columns: columns(lang, "event"),
        rows: s
            .events
            .iter()
            .map(|e| {
                row(
                    lang,
                    format!("{} ({})", e.name, e.log_id.short()),
                    &e.counts,
                )
            })
            .collect(),
    }));
    if !s.refused.is_empty() {
        b.push(Block::Heading(t("refused")));
        for r in &s.refused {
            b.push(Block::Para(format!("{}: {}", r.log, r.reason)));
        }
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_law_counts_by_its_number_whatever_part_is_cited() {
        assert_eq!(law_number("16B1"), "16");
        assert_eq!(law_number("Law 12C1(c)"), "12");
        assert_eq!(law_number("Doko 8.8.7"), "Doko 8.8.7");
        assert_eq!(
            numbers(&["16B1".into(), "12C1(e)".into(), "16".into()]),
            ["12", "16"]
        );
    }

    #[test]
    fn the_median_of_an_even_count_is_the_lower_middle() {
        let mut c = Counts {
            times_s: vec![600, 60, 1800, 120],
            ..Counts::default()
        };
        c.finish();
        assert_eq!((c.median_s, c.max_s, c.decided), (Some(120), Some(1800), 4));
    }
}
