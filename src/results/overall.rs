//! The overall ranking of a multi-session event: each session is a section, and a contestant
//! keeps its id from session to session. Percentages combine as matchpoints over tops (a
//! session with more boards weighs more); IMPs, VPs and points add up. Ties follow the
//! event-wide ranking policy.

use super::score::{round, Ranking, Standing};
use super::tournament::Tournament;
use crate::scoring::ranking::{rank, Standing as RankInput};
use std::collections::BTreeMap;

#[derive(Default)]
struct Acc {
    total: f64,
    mp: f64,
    top: f64,
    imps: f64,
    boards: u32,
    sessions: Vec<String>,
}

/// Combines the standings of `sections` (the sessions, in order) into one ranking, under the
/// section name `overall`. Errors when the sessions are ranked in different units.
pub fn overall(t: &Tournament, r: &Ranking, sections: &[String]) -> Result<Vec<Standing>, String> {
    let mut unit: Option<&'static str> = None;
    let mut acc: BTreeMap<String, Acc> = BTreeMap::new();
    for sec in sections {
        let rows: Vec<&Standing> = r.standings.iter().filter(|s| &s.section == sec).collect();
        if rows.is_empty() {
            return Err(format!("overall: no standings in section {sec}"));
        }
        for s in rows {
            if s.place == "-" {
                continue; // absent in this session
            }
            match unit {
                Some(u) if u != s.unit => {
                    return Err(format!(
                        "overall: section {sec} is ranked in {}, an earlier one in {u}",
                        s.unit
                    ))
                }
                _ => unit = Some(s.unit),
            }
            let a = acc.entry(s.contestant.clone()).or_default();
            a.total += s.total;
            a.mp += s.mp.unwrap_or(0.0);
            a.top += s.mp_top.unwrap_or(0.0);
            a.imps += s.imps.unwrap_or(0.0);
            a.boards += s.boards;
            a.sessions.push(sec.clone());
        }
    }
    let unit = unit.unwrap_or("%");
    if unit == "%" {
        for a in acc.values_mut() {
            a.total = if a.top > 0.0 {
                100.0 * a.mp / a.top
            } else {
                0.0
            };
        }
    }
    let (policy, _) = t.policy("");
    let inputs: Vec<RankInput<String>> = acc
        .iter()
        .map(|(id, a)| RankInput::new(id.clone(), round(a.total, 2)))
        .collect();
    let ranked = rank(&inputs, &policy.scoring.ranking).map_err(|e| e.to_string())?;
    Ok(ranked
        .into_iter()
        .map(|x| {
            let a = &acc[&x.id];
            let name = sections
                .iter()
                .find_map(|s| t.contestants.get(&(s.clone(), x.id.clone())))
                .map_or_else(|| x.id.clone(), |c| c.name.clone());
            let missed: Vec<&String> = sections
                .iter()
                .filter(|s| !a.sessions.contains(s))
                .collect();
            Standing {
                section: "overall".into(),
                place: x.label,
                contestant: x.id.clone(),
                name,
                total: round(a.total, 2),
                unit,
                mp: (unit == "%").then(|| round(a.mp, 2)),
                mp_top: (unit == "%").then(|| round(a.top, 2)),
                imps: (unit == "VP").then(|| round(a.imps, 2)),
                boards: a.boards,
                // The overall ranking has no tie-break key: equal totals share the place.
                tie_break: None,
                field: None,
                note: (!missed.is_empty()).then(|| {
                    format!(
                        "not ranked in {}",
                        missed
                            .iter()
                            .map(|s| s.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }),
            }
        })
        .collect())
}
