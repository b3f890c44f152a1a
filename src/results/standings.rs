//! Rankings per section from the scored rows, under each section's signed policy: totals by
//! the policy's unit (%, IMP, VP, points), places with the policy's tie rule and tie-break keys
//! (Law 78D: head-to-head, IMP quotient), team matches with no board scored flagged, not given
//! a silent 10-10. Pure and deterministic, as the rows are.

use super::row::{players, round, ResultRow};
use super::tournament::Tournament;
use crate::events::{Form, Method, PolicySet, Presence, TeamTotals};
use crate::log::Hash32;
use crate::scoring::policy::{
    MatchpointFactoring, MatchpointPolicy, MatchpointTotals, RankingFields, TieBreak, TieKey,
};
use crate::scoring::ranking::{rank, Standing as RankInput};
use serde::Serialize;
use std::collections::BTreeMap;

/// One contestant's place and total.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub section: String,
    /// As the policy prints it: `3-4` or `3=` for a shared place.
    pub place: String,
    pub contestant: String,
    pub name: String,
    /// What the ranking is by, in `unit`.
    pub total: f64,
    /// `VP`, `IMP`, `%` (matchpoints) or `points`.
    pub unit: &'static str,
    /// Matchpoints scored and available (pairs, matchpoints).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_top: Option<f64>,
    /// Raw IMPs behind a VP total (teams).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imps: Option<f64>,
    pub boards: u32,
    /// Why part of the total is missing (a team match with no board scored).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The tie-break keys of the policy (`ranking.tie_break`, Law 78D) for a contestant
    /// tied with another on the total: `head-to-head 5 IMP; IMP quotient 2.43`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<String>,
    /// The field it is ranked in when a section has two winners (`ranking.fields:
    /// by_direction`): `NS` or `EW`; absent in a one-field ranking.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// The policy a section was scored under, as shown on every report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SectionPolicy {
    pub section: String,
    /// The `scoring.policy` event, or none: the defaults for the form of contest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set_by: Option<Hash32>,
    pub policy: PolicySet,
}

/// A ranking with the policies it was made under.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranking {
    pub policies: Vec<SectionPolicy>,
    pub standings: Vec<Standing>,
}

#[derive(Default)]
struct Acc {
    total: f64,
    mp: f64,
    top: f64,
    imps: f64,
    boards: u32,
    /// Under `matchpoints.totals: full_top`: the matchpoints as the total shows them.
    shown: f64,
}

/// The direction each pair of a section sat throughout (`NS`, `EW`), from the movement, when
/// every pair sat one way (a Mitchell); empty when any pair sat both ways (a Howell, even one
/// with a stationary pair, or an arrow-switch): then the section is one field.
fn directions(t: &Tournament, sec: &str) -> BTreeMap<String, &'static str> {
    let mut sat: BTreeMap<&str, (bool, bool)> = BTreeMap::new();
    for ((s, _, _), a) in &t.tables {
        if s == sec {
            sat.entry(&a.ns).or_default().0 = true;
            sat.entry(&a.ew).or_default().1 = true;
        }
    }
    if sat.values().any(|&(ns, ew)| ns && ew) {
        return BTreeMap::new();
    }
    sat.into_iter()
        .map(|(id, (ns, _))| (id.to_string(), if ns { "NS" } else { "EW" }))
        .collect()
}

/// A board's matchpoints `m` of top `top` factored to the section's `full` top for the
/// totals (`matchpoints.totals: full_top`): (the factored matchpoints, and what the total
/// counts: the board percentage, rounded as the policy rounds it, of the full top). An
/// artificial score (`artificial`: its percentage) is that percentage of the full top.
fn to_full_top(
    m: f64,
    top: f64,
    full: f64,
    artificial: Option<f64>,
    p: &MatchpointPolicy,
) -> (f64, f64) {
    let (n, big_n) = ((top / 2.0) as usize + 1, (full / 2.0) as usize + 1);
    let x = match (artificial, p.factoring) {
        (Some(pct), _) => pct * full / 100.0,
        (None, MatchpointFactoring::ProRata) => crate::scoring::matchpoints::pro_rata(m, n, big_n),
        (None, _) => crate::scoring::matchpoints::neuberg(m, n, big_n),
    };
    (x, p.pct_rounding.apply(100.0 * x / full) * full / 100.0)
}

/// Team matches: `(round, team a, team b)` with a < b → (a's IMP margin, boards scheduled).
/// A board's IMPs appear at both tables of the match (once per team as N-S, same value), so a
/// team's margin is the sum of `imp_ns` where it sat N-S. A match with no scored board at
/// all (not played) is flagged (`false`): the TD or the regulations decide what it is worth,
/// not a silent 10-10; the ranking says so in the teams' notes.
fn team_matches<'a>(
    t: &Tournament,
    rows: impl Iterator<Item = &'a ResultRow>,
) -> BTreeMap<(u32, String, String), (f64, u32, bool)> {
    let mut m: BTreeMap<(u32, String, String), (f64, u32, bool)> = BTreeMap::new();
    for r in rows {
        let (a, b) = if r.ns < r.ew {
            (&r.ns, &r.ew)
        } else {
            (&r.ew, &r.ns)
        };
        // The match length for the VP scale is the boards scheduled at either table.
        let scheduled = t
            .tables
            .get(&(r.section.clone(), r.round, r.table))
            .map_or(0, |x| x.boards.len() as u32);
        let e = m.entry((r.round, a.clone(), b.clone())).or_default();
        if let (Some(i), true) = (r.imp_ns, &r.ns == a) {
            e.0 += i;
        }
        e.1 = e.1.max(scheduled);
        e.2 |= r.imp_ns.is_some();
    }
    m
}

/// A pairs IMP total as the policy makes it (`scoring.ranking.imp_total`): the sum, the sum
/// scaled to the session's boards for a pair that sat out, or Ruter's `Cross2` (each board's
/// raw sum over its comparisons, averaged over the boards played); then rounded as printed.
fn imp_totals(
    acc: &mut BTreeMap<String, Acc>,
    rows: &[&ResultRow],
    rp: &crate::scoring::policy::RankingPolicy,
) {
    use crate::scoring::policy::ImpTotal;
    let mut results: BTreeMap<u32, usize> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.imp_ns.is_some()) {
        *results.entry(r.board).or_default() += 1;
    }
    match rp.imp_total {
        ImpTotal::Sum => {}
        ImpTotal::ScaledToBoards => {
            let boards = results.len() as f64;
            for a in acc.values_mut().filter(|a| a.boards > 0) {
                a.total *= boards / a.boards as f64;
            }
        }
        ImpTotal::PerComparisonPerBoard => {
            for a in acc.values_mut() {
                a.total = 0.0;
            }
            for r in rows {
                let c = results.get(&r.board).map_or(0, |n| n.saturating_sub(1)) as f64;
                for (side, i) in [(&r.ns, r.imp_ns), (&r.ew, r.imp_ew)] {
                    if let (Some(a), Some(i), true) = (acc.get_mut(side.as_str()), i, c > 0.0) {
                        a.total += i / c;
                    }
                }
            }
            for a in acc.values_mut().filter(|a| a.boards > 0) {
                a.total /= a.boards as f64;
            }
        }
    }
    for a in acc.values_mut() {
        a.total = rp.round_imp_total(a.total);
    }
}

/// Rankings per section under each section's policy; ties by the policy's tie rule.
pub fn ranking<'a>(t: &Tournament, rows: impl IntoIterator<Item = &'a ResultRow>) -> Ranking {
    // Keyed by the rows' own section names: one entry per section, not a copy per row.
    let mut by_section: BTreeMap<&str, Vec<&ResultRow>> = BTreeMap::new();
    for r in rows {
        by_section.entry(r.section.as_str()).or_default().push(r);
    }
    for sec in t.sections.keys() {
        by_section.entry(sec.as_str()).or_default();
    }
    let mut policies = vec![];
    let mut standings = vec![];
    for (sec, rows) in by_section {
        let sec = sec.to_string();
        let (p, set_by) = t.policy(&sec);
        let mut acc: BTreeMap<String, Acc> = BTreeMap::new();
        for (s, id) in t.contestants.keys() {
            if s == &sec && !t.sits_out(&sec, id) {
                acc.entry(id.clone()).or_default();
            }
        }
        let form = t.form(&sec);
        let teams = p.method == Method::TeamsImps && form == Form::Teams;
        let unit = if teams {
            match p.team_totals {
                TeamTotals::VictoryPoints => "VP",
                TeamTotals::Imps => "IMP",
            }
        } else {
            match p.method {
                Method::Matchpoints | Method::TeamsImps => "%",
                Method::CrossImps | Method::Butler => "IMP",
                Method::TotalPoints => "points",
            }
        };
        let mpp = p.scoring.matchpoints;
        // Compscore3's totals: boards with a smaller top factored to the section's full top.
        let full_top = (p.method == Method::Matchpoints
            && mpp.totals == MatchpointTotals::FullTop
            && mpp.factoring != MatchpointFactoring::None)
            .then(|| rows.iter().filter_map(|r| r.mp_top).fold(0.0, f64::max))
            .filter(|t| *t > 0.0);
        let fields = match p.scoring.ranking.fields {
            RankingFields::ByDirection if form == Form::Pairs => directions(t, &sec),
            _ => BTreeMap::new(),
        };
        let field = |id: &str| fields.get(id).copied();
        let mut notes: BTreeMap<String, Vec<String>> = BTreeMap::new();
        // Scored matches as (team a, team b, a's value, b's value) in the ranking's unit,
        // for head-to-head; IMPs won and lost per team, for the IMP quotient.
        let mut mutual: Vec<(String, String, f64, f64)> = vec![];
        let mut won_lost: BTreeMap<String, (f64, f64)> = BTreeMap::new();
        if teams {
            for r in &rows {
                if let Some(i) = r.imp_ns {
                    let e = won_lost.entry(r.ns.clone()).or_default();
                    e.0 += i.max(0.0);
                    e.1 += (-i).max(0.0);
                }
            }
            for ((round, a, b), (margin, boards, scored)) in team_matches(t, rows.iter().copied()) {
                if !scored {
                    for (x, y) in [(&a, &b), (&b, &a)] {
                        notes.entry(x.clone()).or_default().push(format!(
                            "round {round} v {y}: no board scored (not played); no VPs until the TD rules (Law 86) or the regulations say"
                        ));
                    }
                    continue;
                }
                let (va, vb) = match p.team_totals {
                    TeamTotals::VictoryPoints => {
                        match crate::scoring::vp::vp(margin, boards.max(1), &p.scoring.vp) {
                            Ok(v) => v,
                            // Never a silent 10-10: the match is left out and says why.
                            Err(e) => {
                                for (x, y) in [(&a, &b), (&b, &a)] {
                                    notes
                                        .entry(x.clone())
                                        .or_default()
                                        .push(format!("round {round} v {y}: no VPs ({e})"));
                                }
                                continue;
                            }
                        }
                    }
                    TeamTotals::Imps => (margin, -margin),
                };
                mutual.push((a.clone(), b.clone(), va, vb));
                for (team, v, i) in [(a, va, margin), (b, vb, -margin)] {
                    let x = acc.entry(team).or_default();
                    x.total += v;
                    x.imps += i;
                    x.boards += boards;
                }
            }
        } else {
            for r in &rows {
                let sides = [
                    (&r.ns, r.mp_ns, r.imp_ns, r.score_ns, r.pct_ns),
                    (&r.ew, r.mp_ew, r.imp_ew, r.score_ns.map(|x| -x), r.pct_ew),
                ];
                for (side, m, i, pts, pct) in sides {
                    // An artificial score is its percentage of whatever top.
                    let artificial = pct.filter(|_| r.artificial);
                    for who in players(form, side) {
                        if !acc.contains_key(who) {
                            acc.insert(who.to_string(), Acc::default());
                        }
                        let Some(a) = acc.get_mut(who) else { continue };
                        match p.method {
                            Method::Matchpoints | Method::TeamsImps => {
                                if let (Some(m), Some(top)) = (m, r.mp_top) {
                                    match full_top {
                                        Some(full) if top < full => {
                                            let (x, shown) =
                                                to_full_top(m, top, full, artificial, &mpp);
                                            a.mp += x;
                                            a.shown += shown;
                                            a.top += full;
                                        }
                                        _ => {
                                            a.mp += m;
                                            a.shown += m;
                                            a.top += top;
                                        }
                                    }
                                    a.boards += 1;
                                }
                            }
                            Method::CrossImps | Method::Butler => {
                                if let Some(i) = i {
                                    a.total += i;
                                    a.boards += 1;
                                }
                            }
                            Method::TotalPoints => {
                                if let Some(x) = pts {
                                    a.total += x as f64;
                                    a.boards += 1;
                                }
                            }
                        }
                    }
                }
            }
            if unit == "IMP" {
                imp_totals(&mut acc, &rows, &p.scoring.ranking);
            }
            if unit == "%" {
                for (id, a) in acc.iter_mut() {
                    a.total = if a.top > 0.0 {
                        100.0 * a.mp / a.top
                    } else {
                        0.0
                    };
                    // A handicap session (NZ): half the handicap is added to the percentage.
                    if let Some(h) = p.handicaps.get(id) {
                        a.total += h / 2.0;
                        notes.entry(id.clone()).or_default().push(format!(
                            "handicap {h}: {:+} % added to {} % (policy: HANDICAP/2)",
                            h / 2.0,
                            round(100.0 * a.mp / a.top.max(f64::MIN_POSITIVE), 2)
                        ));
                    }
                }
                // The total shown is scaled to the boards of the contestant's field.
                if let Some(full) = full_top {
                    let mut most: BTreeMap<Option<&str>, u32> = BTreeMap::new();
                    for (id, a) in &acc {
                        let b = most.entry(field(id)).or_default();
                        *b = (*b).max(a.boards);
                    }
                    for (id, a) in acc.iter_mut() {
                        let b = most[&field(id)];
                        if a.boards > 0 {
                            a.mp = a.shown * b as f64 / a.boards as f64;
                        }
                        a.top = b as f64 * full;
                    }
                }
            }
        }
        let mut absent = vec![];
        for ((s, id), a) in &t.attendance {
            if s != &sec {
                continue;
            }
            let note = match a.presence {
                Presence::Late { from_round } => {
                    format!("late: plays from round {from_round} ({})", a.reason)
                }
                _ => format!("absent ({}): not ranked, its tables are sit-outs", a.reason),
            };
            notes.entry(id.clone()).or_default().push(note);
            if a.presence == Presence::Absent {
                acc.remove(id);
                absent.push(id.clone());
            }
        }
        // Tie-break keys (policy `ranking.tie_break`, Law 78D): `keys` breaks a VP ranking by
        // the IMP difference; head-to-head and the IMP quotient break a team ranking. A pairs
        // ranking has no key, so equal totals share the place.
        let keys = tie_keys(p.scoring.ranking.tie_break, unit, teams);
        let rp = &p.scoring.ranking;
        // Exact totals when the policy compares them exactly (Ruter ranks by the matchpoint
        // total, not by the printed percentage); else as the policy prints them.
        let exact = rp.compare_decimals.is_none();
        let totals: BTreeMap<&String, f64> = acc
            .iter()
            .map(|(id, a)| {
                (
                    id,
                    if exact {
                        a.total
                    } else {
                        rp.round_total(a.total)
                    },
                )
            })
            .collect();
        let published = |x: f64| match p.scoring.ranking.compare_decimals {
            Some(d) => crate::scoring::round_half_away(x, d) + 0.0,
            None => x + 0.0,
        };
        let mut shown: BTreeMap<String, String> = BTreeMap::new();
        // The contestants of each published total, in id order: a contestant's tie group is
        // one lookup (comparing every total with every other was quadratic: 160,000
        // comparisons, each a map lookup, for a 400-pair session).
        let mut groups: BTreeMap<u64, Vec<&String>> = BTreeMap::new();
        for (id, x) in &totals {
            groups.entry(published(*x).to_bits()).or_default().push(*id);
        }
        let inputs: Vec<RankInput<String>> = acc
            .iter()
            .map(|(id, a)| {
                let mut s = RankInput::new(id.clone(), totals[id]);
                let tied: &[&String] = groups
                    .get(&published(totals[id]).to_bits())
                    .map_or(&[], Vec::as_slice);
                let mut said = vec![];
                for k in keys {
                    let v = match k {
                        TieKey::ImpDifference => round(a.imps, 2),
                        TieKey::HeadToHead => head_to_head(id, tied, &mutual),
                        TieKey::ImpQuotient => {
                            let (w, l) = won_lost.get(id).copied().unwrap_or_default();
                            imp_quotient(w, l)
                        }
                    };
                    s.keys.push(v);
                    said.push(match k {
                        TieKey::ImpDifference => format!("{} {v} IMP", k.name()),
                        TieKey::HeadToHead => format!("{} {v} {unit}", k.name()),
                        TieKey::ImpQuotient if v == f64::MAX => {
                            format!("{} (no IMP lost)", k.name())
                        }
                        TieKey::ImpQuotient => format!("{} {}", k.name(), round(v, 4)),
                    });
                }
                if tied.len() > 1 && !said.is_empty() {
                    shown.insert(id.clone(), said.join("; "));
                }
                s
            })
            .collect();
        // One ranking per field: N-S, then E-W (or all in one).
        let mut by_field: BTreeMap<u8, Vec<RankInput<String>>> = BTreeMap::new();
        for s in inputs {
            let k = match field(&s.id) {
                Some("NS") => 0,
                Some(_) => 1,
                None => 2,
            };
            by_field.entry(k).or_default().push(s);
        }
        let ranked = by_field
            .values()
            .flat_map(|g| rank(g, rp).unwrap_or_default());
        for r in ranked {
            let a = &acc[&r.id];
            let name = t
                .contestants
                .get(&(sec.clone(), r.id.clone()))
                .map(|c| c.name.clone())
                .unwrap_or_else(|| r.id.clone());
            standings.push(Standing {
                section: sec.clone(),
                place: r.label,
                contestant: r.id.clone(),
                name,
                total: rp.round_total(a.total),
                unit,
                mp: (unit == "%").then(|| rp.round_total(a.mp)),
                mp_top: (unit == "%").then(|| rp.round_total(a.top)),
                imps: (unit == "VP").then(|| round(a.imps, 2)),
                boards: a.boards,
                note: notes.get(&r.id).map(|n| n.join("; ")),
                tie_break: shown.get(&r.id).cloned(),
                field: field(&r.id).map(str::to_string),
            });
        }
        for id in absent {
            let c = t.contestants.get(&(sec.clone(), id.clone()));
            standings.push(Standing {
                section: sec.clone(),
                place: "-".into(),
                name: c.map_or_else(|| id.clone(), |c| c.name.clone()),
                total: 0.0,
                unit,
                mp: None,
                mp_top: None,
                imps: None,
                boards: 0,
                note: notes.get(&id).map(|n| n.join("; ")),
                tie_break: None,
                field: field(&id).map(str::to_string),
                contestant: id,
            });
        }
        policies.push(SectionPolicy {
            section: sec,
            set_by,
            policy: p,
        });
    }
    Ranking {
        policies,
        standings,
    }
}

/// The keys a policy's tie rule compares for this ranking: `keys` only under a VP total,
/// head-to-head and the IMP quotient only in a team ranking (a pairs ranking has none).
fn tie_keys(rule: TieBreak, unit: &str, teams: bool) -> &'static [TieKey] {
    match rule {
        TieBreak::Keys if unit == "VP" => rule.keys(),
        TieBreak::HeadToHead | TieBreak::ImpQuotient | TieBreak::HeadToHeadThenImpQuotient
            if teams =>
        {
            rule.keys()
        }
        _ => &[],
    }
}

/// What `id` scored in its matches against the others of its tie group, counted only when
/// every two of the group met (else the key is 0 for all, and decides nothing).
fn head_to_head(id: &String, tied: &[&String], mutual: &[(String, String, f64, f64)]) -> f64 {
    let among = |x: &String| tied.contains(&x);
    let met = |x: &String, y: &String| {
        mutual
            .iter()
            .any(|(a, b, _, _)| (a == x && b == y) || (a == y && b == x))
    };
    let all_met = tied
        .iter()
        .enumerate()
        .all(|(i, x)| tied[i + 1..].iter().all(|y| met(x, y)));
    if tied.len() < 2 || !all_met {
        return 0.0;
    }
    let sum: f64 = mutual
        .iter()
        .filter(|(a, b, _, _)| among(a) && among(b))
        .map(|(a, b, va, vb)| {
            if a == id {
                *va
            } else if b == id {
                *vb
            } else {
                0.0
            }
        })
        .sum();
    round(sum, 2)
}

/// IMPs won / IMPs lost; a team that lost none ranks above any quotient (`f64::MAX`), and a
/// team with no IMPs either way has 1.
fn imp_quotient(won: f64, lost: f64) -> f64 {
    if lost > 0.0 {
        won / lost
    } else if won > 0.0 {
        f64::MAX
    } else {
        1.0
    }
}
