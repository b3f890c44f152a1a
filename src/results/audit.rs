//! The audit of a contestant's total and the ranking diff between two points of the log.
//!
//! A pair's or team's total is produced by the events on the boards it played (its own
//! results and every result they are compared with) and by the scoring policy. Replaying the
//! log with incremental scores, the ranking is recomputed after each event that touched one
//! of those boards, and every event that changed the contestant's total, or one of its own
//! results, is listed with its place and total before and after.

use super::score::{ranking, Ranking, Scores};
use super::tournament::Tournament;
use crate::events::Payload;
use crate::keys::Role;
use crate::log::{Hash32, Projection, Verified};
use serde::Serialize;
use std::collections::BTreeSet;

/// A projection that carries the tournament: the plain [`Tournament`], or one that folds it
/// behind a gate (the appeals workflow, which keeps refused steps out of the scores).
pub trait TournamentFold: Projection + Default {
    fn tournament_mut(&mut self) -> &mut Tournament;
    /// What the fold needs to know of the whole log first (the appeals fold: receipts).
    fn prepare(&mut self, _v: &Verified) {}
}

impl TournamentFold for Tournament {
    fn tournament_mut(&mut self) -> &mut Tournament {
        self
    }
}

/// A contestant's place and total at one point of the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placing {
    pub place: String,
    pub total: f64,
    pub unit: &'static str,
}

impl std::fmt::Display for Placing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "place {} with {} {}", self.place, self.total, self.unit)
    }
}

/// The placing of `contestant` (in `section`, or the first section that has it).
pub fn placing(r: &Ranking, section: Option<&str>, contestant: &str) -> Option<Placing> {
    r.standings
        .iter()
        .find(|s| s.contestant == contestant && section.is_none_or(|x| x == s.section))
        .map(|s| Placing {
            place: s.place.clone(),
            total: s.total,
            unit: s.unit,
        })
}

/// One contestant whose place or total differs between two rankings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RankChange {
    pub section: String,
    pub contestant: String,
    pub name: String,
    /// `None`: not ranked at the earlier point.
    pub before: Option<Placing>,
    /// `None`: not ranked at the later point.
    pub after: Option<Placing>,
}

/// The contestants whose place or total changed from `before` to `after`, in the order of
/// the later ranking (then those no longer ranked).
pub fn ranking_diff(before: &Ranking, after: &Ranking) -> Vec<RankChange> {
    let mut out = vec![];
    let mut seen = BTreeSet::new();
    for s in &after.standings {
        seen.insert((s.section.clone(), s.contestant.clone()));
        let b = placing(before, Some(&s.section), &s.contestant);
        let a = placing(after, Some(&s.section), &s.contestant);
        if a != b {
            out.push(RankChange {
                section: s.section.clone(),
                contestant: s.contestant.clone(),
                name: s.name.clone(),
                before: b,
                after: a,
            });
        }
    }
    for s in &before.standings {
        if !seen.contains(&(s.section.clone(), s.contestant.clone())) {
            out.push(RankChange {
                section: s.section.clone(),
                contestant: s.contestant.clone(),
                name: s.name.clone(),
                before: placing(before, Some(&s.section), &s.contestant),
                after: None,
            });
        }
    }
    out
}

/// One signed event that changed a contestant's total or one of its results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TotalChange {
    pub event: Hash32,
    pub signer: String,
    pub role: Role,
    /// Signed UTC time, RFC 3339.
    pub time: String,
    pub what: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub law: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The contestant's own result as it stands after the event (its own boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    pub before: Option<Placing>,
    pub after: Option<Placing>,
}

/// Who a result-type event concerns: (section, board, N-S, E-W).
fn seats(p: &Payload) -> Option<(&str, u32, &str, &str)> {
    match p {
        Payload::ResultRecorded(r) => Some((&r.slot.section, r.slot.board, &r.ns, &r.ew)),
        Payload::ResultNotPlayed(r) => Some((&r.slot.section, r.slot.board, &r.ns, &r.ew)),
        Payload::ScoreAdjusted(r) => Some((&r.slot.section, r.slot.board, &r.ns, &r.ew)),
        Payload::Ruling(r) => Some((&r.slot.section, r.slot.board, &r.ns, &r.ew)),
        Payload::ScoreCorrected(r) => Some((&r.slot.section, r.slot.board, &r.ns, &r.ew)),
        _ => None,
    }
}

/// Every event, in log order, that changed `contestant`'s total or one of its own results,
/// with its place and total before and after.
pub fn contestant_history<F: TournamentFold>(
    v: &Verified,
    section: Option<&str>,
    contestant: &str,
) -> Vec<TotalChange> {
    let mut f = F::default();
    f.prepare(v);
    let mut scores = Scores::default();
    let mut own_boards: BTreeSet<(String, u32)> = BTreeSet::new();
    let mut last: Option<Placing> = None;
    let mut out = vec![];
    for e in &v.events {
        let Some(k) = v.keys.get(&e.env.author) else {
            continue;
        };
        f.apply(e, k);
        let t = f.tournament_mut();
        let touched = scores.update_boards(t);
        let own = seats(&e.payload).filter(|(s, _, ns, ew)| {
            section.is_none_or(|x| x == *s) && (*ns == contestant || *ew == contestant)
        });
        if let Some((s, b, _, _)) = own {
            own_boards.insert((s.to_string(), b));
        }
        let structure = matches!(
            e.payload,
            Payload::Section(_) | Payload::Contestant(_) | Payload::PolicySet(_)
        );
        if own.is_none() && !structure && !touched.iter().any(|b| own_boards.contains(b)) {
            continue;
        }
        let now = placing(&ranking(t, scores.iter()), section, contestant);
        // Another contestant's result can move the place without touching the total: only
        // a change of the total (or of its own result) is part of how the total was made.
        let total = |p: &Option<Placing>| p.as_ref().map(|p| p.total);
        if own.is_none() && total(&now) == total(&last) {
            last = now;
            continue;
        }
        let (law, reason) = match &e.payload {
            Payload::ScoreAdjusted(a) => (Some(a.law.clone()), Some(a.reason.clone())),
            Payload::ResultNotPlayed(r) => (None, Some(r.reason.clone())),
            Payload::BoardFouled(f) => (Some("87".into()), Some(f.reason.clone())),
            Payload::PolicySet(p) => (None, Some(p.note.clone())),
            Payload::Ruling(r) => (Some(r.laws.join(", ")), Some(r.decision.clone())),
            Payload::ScoreCorrected(r) => (Some("79C".into()), Some(r.reason.clone())),
            Payload::AppealDecided(d) => (Some(d.laws.join(", ")), Some(d.reasoning.clone())),
            // Law 93B: the co-signature that brought the committee's decision to its quorum.
            Payload::DecisionCosigned(c) => (Some("93B".into()), c.reason.clone()),
            _ => (None, None),
        };
        let result = own.and_then(|_| {
            let slot = match &e.payload {
                Payload::ResultRecorded(r) => &r.slot,
                Payload::ResultNotPlayed(r) => &r.slot,
                Payload::ScoreAdjusted(r) => &r.slot,
                Payload::Ruling(r) => &r.slot,
                Payload::ScoreCorrected(r) => &r.slot,
                _ => return None,
            };
            t.slots.get(slot).map(|s| s.outcome().describe())
        });
        out.push(TotalChange {
            event: e.id,
            signer: k.holder.clone(),
            role: k.role,
            time: chrono::DateTime::from_timestamp_millis(e.env.wall_ms)
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
                .unwrap_or_default(),
            what: e.payload.kind(),
            board: seats(&e.payload)
                .map(|(_, b, _, _)| b)
                .or(match &e.payload {
                    Payload::BoardFouled(f) => Some(f.board),
                    _ => None,
                }),
            law,
            reason,
            result,
            before: last.clone(),
            after: now.clone(),
        });
        last = now;
    }
    out
}
