//! Artificial adjusted scores that depend on the rest of the session, settled after every
//! board is scored:
//!
//! - **Law 12C2(c)**: in matchpoint pairs the 60 % / 40 % of an artificial score give way to
//!   the contestant's own percentage on the other boards of the session: WBF reading, a
//!   non-offender above 60 % and an offender below 40 % keep their own; the German text's
//!   reading, a non-offender above 60 % or below 40 % (policy `artificial.session_rule`;
//!   bridge-laws.md §6.3, W23).
//! - **DBV footnote C** (Law 12C2(d), policy `dbv_footnote_c`): from the third board in a
//!   session that a contestant did not play and got an artificial score for, a pair gets its
//!   session average and a team's board is scored as not played.
//!
//! A section is one session. The session figures come only from compared results (never
//! from artificial scores), so settling is a second pass that does not feed back.

use super::note::Reason;
use super::row::{
    artificial_imps, artificial_pct, knockout_imps, players, round, Basis, ResultRow,
};
use super::tournament::Tournament;
use crate::bridge::adjust::{artificial_pairs, Fault};
use crate::events::{Artificial, Form, Method, PolicySet};
use std::collections::BTreeMap;

fn fault(a: Artificial) -> Fault {
    match a {
        Artificial::AveragePlus => Fault::NotAtFault,
        Artificial::Average => Fault::PartlyAtFault,
        Artificial::AverageMinus => Fault::AtFault,
    }
}

/// A contestant's session: compared results and the unplayed boards with artificial scores.
#[derive(Default)]
struct Session {
    mp: f64,
    top: f64,
    imps: f64,
    boards: u32,
    /// (round, board) of each unplayed board with an artificial score, in session order.
    unplayed: Vec<(u32, u32)>,
}

impl Session {
    /// Percentage on the compared boards (50 when there are none).
    fn pct(&self) -> f64 {
        if self.top > 0.0 {
            100.0 * self.mp / self.top
        } else {
            50.0
        }
    }

    /// Average IMPs per compared board (0 when there are none).
    fn imps_per_board(&self) -> f64 {
        if self.boards > 0 {
            self.imps / self.boards as f64
        } else {
            0.0
        }
    }

    /// 1-based position of a board among this contestant's unplayed boards.
    fn nth(&self, round: u32, board: u32) -> usize {
        self.unplayed
            .iter()
            .position(|&x| x == (round, board))
            .map_or(0, |i| i + 1)
    }
}

/// Adds a row to a contestant's session, if that contestant's session is needed.
fn add<'a>(
    sessions: &mut BTreeMap<(&'a str, &'a str), Session>,
    key: (&'a str, &'a str),
    r: &ResultRow,
    mp: Option<f64>,
    imp: Option<f64>,
) {
    let Some(s) = sessions.get_mut(&key) else {
        return;
    };
    match &r.basis {
        Some(b) => {
            if b.unplayed {
                s.unplayed.push((r.round, r.board));
            }
        }
        None => {
            if let (Some(m), Some(top)) = (mp, r.mp_top) {
                s.mp += m;
                s.top += top;
            }
            if let Some(i) = imp {
                s.imps += i;
                s.boards += 1;
            }
        }
    }
}

/// Applies Law 12C2(c) and DBV footnote C to every row with an artificial score.
pub(crate) fn settle<'a>(t: &Tournament, rows: impl IntoIterator<Item = &'a mut ResultRow>) {
    let mut rows: Vec<&mut ResultRow> = rows.into_iter().collect();
    if rows.iter().all(|r| r.basis.is_none()) {
        return;
    }
    let mut forms: BTreeMap<&str, Form> = BTreeMap::new();
    for r in &rows {
        forms
            .entry(&r.section)
            .or_insert_with(|| t.form(&r.section));
    }
    // Only the contestants with an artificial score need their session: the pass over the
    // other rows is then a lookup in a small map (this runs after every incremental update).
    let mut sessions: BTreeMap<(&str, &str), Session> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.basis.is_some()) {
        let form = forms[r.section.as_str()];
        for side in [&r.ns, &r.ew] {
            for who in players(form, side) {
                sessions.entry((&r.section, who)).or_default();
            }
        }
    }
    for r in &rows {
        let form = forms[r.section.as_str()];
        let sides = [(&r.ns, r.mp_ns, r.imp_ns), (&r.ew, r.mp_ew, r.imp_ew)];
        for (side, mp, imp) in sides {
            for who in players(form, side) {
                add(&mut sessions, (&r.section, who), r, mp, imp);
            }
        }
    }
    for s in sessions.values_mut() {
        s.unplayed.sort();
        s.unplayed.dedup();
    }
    let mut policies: BTreeMap<&str, (PolicySet, bool)> = BTreeMap::new();
    let mut out: Vec<(usize, Settled)> = vec![];
    for (i, r) in rows.iter().enumerate() {
        let Some(b) = &r.basis else { continue };
        let (p, teams) = policies.entry(&r.section).or_insert_with(|| {
            let (p, _) = t.policy(&r.section);
            let teams = p.method == Method::TeamsImps && t.form(&r.section) == Form::Teams;
            (p, teams)
        });
        // A side's session: its contestant's, or in an individual event its two players'
        // pooled (Law 12C3: the score applies to both players of the side).
        let side = |id: &str| {
            let mut s = Session::default();
            for who in players(forms[r.section.as_str()], id) {
                if let Some(x) = sessions.get(&(r.section.as_str(), who)) {
                    s.mp += x.mp;
                    s.top += x.top;
                    s.imps += x.imps;
                    s.boards += x.boards;
                    let nth = x.nth(r.round, r.board);
                    if nth > s.unplayed.len() {
                        s.unplayed = x.unplayed[..nth].to_vec();
                    }
                }
            }
            s
        };
        let (ns, ew) = (&side(&r.ns), &side(&r.ew));
        let fn_c = |s: &Session| p.dbv_footnote_c && b.unplayed && s.nth(r.round, r.board) >= 3;
        let settled = if *teams {
            team_row(b, p, fn_c(ns) || fn_c(ew))
        } else if let Some(top) = r.mp_top {
            pairs_mp_row(b, p, top, [(ns, fn_c(ns)), (ew, fn_c(ew))])
        } else if r.imp_ns.is_some() {
            pairs_imp_row(b, p, (r.imp_ns, r.imp_ew), [(ns, fn_c(ns)), (ew, fn_c(ew))])
        } else {
            continue;
        };
        out.push((i, settled));
    }
    for (i, s) in out {
        let r = &mut *rows[i];
        r.mp_ns = s.mp.map(|m| m.0);
        r.mp_ew = s.mp.map(|m| m.1);
        r.pct_ns = s.pct.map(|m| m.0);
        r.pct_ew = s.pct.map(|m| m.1);
        r.imp_ns = s.imp.map(|m| m.0);
        r.imp_ew = s.imp.map(|m| m.1);
        r.set_reasons(s.reasons);
    }
}

/// A row's settled values.
struct Settled {
    mp: Option<(f64, f64)>,
    pct: Option<(f64, f64)>,
    imp: Option<(f64, f64)>,
    reasons: Vec<Reason>,
}

/// Teams: ±3 IMPs (Law 12C2(b), Law 86), or not played from a team's third unplayed board.
fn team_row(b: &Basis, p: &PolicySet, fn_c: bool) -> Settled {
    if fn_c {
        return Settled {
            mp: None,
            pct: None,
            imp: None,
            reasons: vec![Reason::new("note.fn_c_team"), Reason::new("note.no_imps")],
        };
    }
    let mut reasons = b.reasons.clone();
    let (ns, ew) = (artificial_imps(b.ns, p), artificial_imps(b.ew, p));
    let imp = if p.knockout {
        knockout_imps(ns, ew, &mut reasons)
    } else {
        (ns, ew)
    };
    Settled {
        mp: None,
        pct: None,
        imp: Some(imp),
        reasons,
    }
}

/// Matchpoint pairs: each side's percentage by Law 12C2(a)/(c), or its session average
/// under DBV footnote C.
fn pairs_mp_row(b: &Basis, p: &PolicySet, top: f64, sides: [(&Session, bool); 2]) -> Settled {
    let cfg = p.artificial.config();
    let mut parts = vec![];
    let mut pct = [0.0; 2];
    for (k, ((s, fn_c), (a, side))) in sides.iter().zip([(b.ns, "NS"), (b.ew, "EW")]).enumerate() {
        let session = s.pct();
        pct[k] = if *fn_c {
            parts.push(
                Reason::new("note.fn_c_pct")
                    .with("side", side)
                    .with("pct", format!("{session:.2}")),
            );
            session
        } else {
            let x = artificial_pairs(fault(a), session, &cfg);
            if x != artificial_pct(a, p) {
                parts.push(
                    Reason::new("note.own_session_pct")
                        .with("side", side)
                        .with("pct", format!("{x:.2}"))
                        .with("rule", format!("{:?}", p.artificial.session_rule)),
                );
            }
            x
        };
    }
    let m = &p.scoring.matchpoints;
    let mut reasons = b.reasons.clone();
    reasons.append(&mut parts);
    Settled {
        mp: Some((
            m.mp_rounding.apply(pct[0] * top / 100.0),
            m.mp_rounding.apply(pct[1] * top / 100.0),
        )),
        pct: Some((m.pct_rounding.apply(pct[0]), m.pct_rounding.apply(pct[1]))),
        imp: None,
        reasons,
    }
}

/// IMP pairs (cross-IMPs, Butler): ±3 IMPs (Law 12C2(b): the IMP equivalent of a session
/// percentage is not defined, so 12C2(c) is not applied), or under DBV footnote C the
/// contestant's average IMPs per board on the other boards.
/// `board`: the IMPs the board's scoring gave (a cross-IMP policy may scale them per
/// comparison); the policy's artificial IMPs where it gave none.
fn pairs_imp_row(
    b: &Basis,
    p: &PolicySet,
    board: (Option<f64>, Option<f64>),
    sides: [(&Session, bool); 2],
) -> Settled {
    let mut imp = [
        board.0.unwrap_or_else(|| artificial_imps(b.ns, p)),
        board.1.unwrap_or_else(|| artificial_imps(b.ew, p)),
    ];
    let mut parts = vec![];
    for (k, ((s, fn_c), side)) in sides.iter().zip(["NS", "EW"]).enumerate() {
        if *fn_c {
            imp[k] = round(s.imps_per_board(), 2);
            parts.push(
                Reason::new("note.fn_c_imps")
                    .with("side", side)
                    .with("imps", format!("{:+.2}", imp[k])),
            );
        }
    }
    let mut reasons = b.reasons.clone();
    reasons.append(&mut parts);
    Settled {
        mp: None,
        pct: None,
        imp: Some((imp[0], imp[1])),
        reasons,
    }
}

/// Whether [`settle`] may still change `row` (scored on its board alone, under `p`; `teams`:
/// a teams match): a row with an artificial score whose value depends on the contestants'
/// whole session. Law 12C2(c): an average-plus side may get its own session percentage, and
/// under the WBF reading an average-minus side its own; DBV footnote C: an unplayed board
/// from a contestant's third on. Otherwise settling recomputes what the board did, except
/// matchpoints rounded by the policy's own `mp_rounding` where a factoring rule rounded the
/// board's otherwise. A results page recomputes every other row (`site_scores`, and
/// `site/score.js` in the browser, which says the same).
pub(crate) fn may_change(row: &ResultRow, p: &PolicySet, teams: bool) -> bool {
    let Some(b) = &row.basis else {
        return false;
    };
    let fn_c = p.dbv_footnote_c && b.unplayed;
    if teams {
        return fn_c;
    }
    let Some(top) = row.mp_top else {
        return row.imp_ns.is_some() && fn_c;
    };
    if fn_c {
        return true;
    }
    let wbf = p.artificial.session_rule == crate::events::SessionRule::Wbf;
    let moves =
        |a: Artificial| a == Artificial::AveragePlus || (a == Artificial::AverageMinus && wbf);
    if moves(b.ns) || moves(b.ew) {
        return true;
    }
    let m = p.scoring.matchpoints.mp_rounding;
    Some(m.apply(artificial_pct(b.ns, p) * top / 100.0)) != row.mp_ns
        || Some(m.apply(artificial_pct(b.ew, p) * top / 100.0)) != row.mp_ew
}
