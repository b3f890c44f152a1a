//! A board page's scores recomputed from the signed events it carries, for `tdlog
//! verify-site` (issue 33): the same check the page makes in the browser (`site/board.js`
//! folds, `site/score.js` scores), here with the engine itself. The page's events are folded
//! into an empty tournament in replay order, the board's rows are scored under the signed
//! policy (`score::board_rows`), and each line of the page's traveller must show what they
//! give: who sat there, a played result's Law 77 points, and both sides' percentage or IMPs.
//! A changed score in the HTML is caught here, not only a changed byte in an event.
//! Pure: the page's HTML and its checked events in, a finding out.

use super::score::board_rows;
use super::tournament::{Outcome, Tournament};
use crate::events::{Decision, Form, Method, Payload};
use crate::keys::{KeyInfo, Role};
use crate::log::hash::Hash32;
use crate::log::{CheckedEvent, Projection};

/// How far the page's scores were recomputed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scores {
    /// Every line recomputed and as the page shows it.
    Checked { lines: usize },
    /// As shown, but `skipped` artificial scores depend on the whole session (Law 12C2(c),
    /// DBV footnote C), which one board's page does not carry.
    Partial { lines: usize, skipped: usize },
    /// Not recomputed: the results come from the recorded auction and play, which the page
    /// does not carry whole.
    Play { lines: usize },
}

/// The line (round, table, as the page names it) whose scores are not what the events give;
/// `-` when the page's traveller or heading cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub round: String,
    pub table: String,
}

fn unreadable() -> Mismatch {
    Mismatch {
        round: "-".into(),
        table: "-".into(),
    }
}

/// Checks the traveller of `html` against `events` (every one verified and traced: `signer`
/// gives each author's role and holder); `own`: the ids of the board's own events.
pub(crate) fn check(
    page: &super::site_html::Page,
    events: &[&CheckedEvent],
    own: &[Hash32],
    signer: impl Fn(&Hash32) -> Option<(Role, String)>,
) -> Result<Scores, Mismatch> {
    let slot_of = |e: &CheckedEvent| match &e.payload {
        Payload::ResultRecorded(r) => Some(r.slot.clone()),
        Payload::ResultNotPlayed(r) => Some(r.slot.clone()),
        Payload::ScoreAdjusted(r) => Some(r.slot.clone()),
        Payload::ScoreCorrected(r) => Some(r.slot.clone()),
        Payload::Ruling(r) => Some(r.slot.clone()),
        _ => None,
    };
    let shown = page.lines().map_err(|(r, t)| at(&r, &t))?;
    if events
        .iter()
        .any(|e| own.contains(&e.id) && e.env.kind.starts_with("bridge."))
    {
        return Ok(Scores::Play { lines: shown.len() });
    }
    let first = events
        .iter()
        .filter(|e| own.contains(&e.id))
        .find_map(|e| slot_of(e))
        .ok_or_else(unreadable)?;
    let (section, board) = (first.section, first.board);
    let h1 = page.heading().unwrap_or_default();
    if !h1.ends_with(&format!(" {board}")) || !h1.contains(&format!(" {section} ")) {
        return Err(unreadable());
    }
    let mut seen = std::collections::BTreeSet::new();
    for cells in &shown {
        if !seen.insert((cells[0].clone(), cells[1].clone())) {
            return Err(at(&cells[0], &cells[1]));
        }
    }
    let order = in_replay_order(events);
    let mut t = Tournament::default();
    for e in &order {
        let Some((role, holder)) = signer(&e.env.author) else {
            continue;
        };
        let k = KeyInfo {
            key: e.env.author,
            role,
            holder,
            enrolled_by: Hash32([0; 32]),
            revoked: None,
        };
        // The board's own events and what it is compared under; nothing else of the log.
        if own.contains(&e.id) || context(&e.payload) {
            t.apply(e, &k);
        }
        // A changed score on appeal stands for the ruling's table (appeals::Folded).
        let (appeal, decision, adjustment) = match &e.payload {
            Payload::AppealDecided(d) => (d.appeal, d.decision, &d.adjustment),
            Payload::AuthorityAnswered(x) => (x.appeal, x.decision, &x.adjustment),
            _ => continue,
        };
        let (Some(adj), Decision::Changed, true) = (adjustment, decision, own.contains(&e.id))
        else {
            continue;
        };
        let filed = events.iter().find(|x| x.id == appeal);
        let Some(Payload::AppealFiled(f)) = filed.map(|x| &x.payload) else {
            continue;
        };
        let ruling = events.iter().find(|x| x.id == f.ruling);
        if let Some(Payload::Ruling(r)) = ruling.map(|x| &x.payload) {
            let (slot, ns, ew) = (r.slot.clone(), r.ns.clone(), r.ew.clone());
            t.adjust(
                e,
                &k,
                &slot,
                &ns,
                &ew,
                "93".into(),
                adj.clone(),
                String::new(),
            );
        }
    }
    let rows = board_rows(&t, &section, board);
    let (policy, _) = t.policy(&section);
    let teams = policy.method == Method::TeamsImps && t.form(&section) == Form::Teams;
    let mut skipped = 0;
    let mut left: Vec<&[String; 7]> = shown.iter().collect();
    for row in &rows {
        let (r, tb) = (row.round.to_string(), row.table.to_string());
        let Some(i) = left.iter().position(|c| c[0] == r && c[1] == tb) else {
            return Err(at(&r, &tb));
        };
        let cells = left.remove(i);
        if cells[2] != row.ns || cells[3] != row.ew {
            return Err(at(&r, &tb));
        }
        let slot = t.slots.values().find(|s| {
            s.slot.section == section
                && s.slot.board == board
                && s.slot.round == row.round
                && s.slot.table == row.table
        });
        if let Some(s) = slot.filter(|s| s.ruling.is_none()) {
            if let Some(Outcome::Played { score_ns, .. }) = &s.table_result {
                if !cells[4].trim_end().ends_with(&format!("NS {score_ns:+}")) {
                    return Err(at(&r, &tb));
                }
            }
        }
        // The session settles these later (`session::settle`); one board cannot.
        if super::session::may_change(row, &policy, teams) {
            skipped += 1;
            continue;
        }
        if !same(&cells[5], row.pct_ns, row.imp_ns) || !same(&cells[6], row.pct_ew, row.imp_ew) {
            return Err(at(&r, &tb));
        }
    }
    if let Some(c) = left.first() {
        return Err(at(&c[0], &c[1]));
    }
    Ok(if skipped > 0 {
        Scores::Partial {
            lines: rows.len() - skipped,
            skipped,
        }
    } else {
        Scores::Checked { lines: rows.len() }
    })
}

/// The page's events in the log's replay order (Lamport time, author, sequence, id).
pub(crate) fn in_replay_order<'a>(events: &[&'a CheckedEvent]) -> Vec<&'a CheckedEvent> {
    let mut order = events.to_vec();
    order.sort_by_key(|e| (e.env.lamport, e.env.author, e.env.seq, e.id));
    order
}

fn at(round: &str, table: &str) -> Mismatch {
    Mismatch {
        round: round.to_string(),
        table: table.to_string(),
    }
}

/// The events a board's comparison depends on (what `site_proof` puts in its context).
fn context(p: &Payload) -> bool {
    matches!(
        p,
        Payload::Section(_)
            | Payload::PolicySet(_)
            | Payload::Attendance(_)
            | Payload::Contestant(_)
            | Payload::BoardFacts(_)
            | Payload::BoardFouled(_)
            | Payload::TableAssignment(_)
    )
}

/// Whether a score cell's text shows the row's percentage (matchpoints) or else its IMPs, to
/// the page's two decimals.
fn same(text: &str, pct: Option<f64>, imp: Option<f64>) -> bool {
    let want = match (pct, imp) {
        (Some(p), _) => Some((p, "%")),
        (None, Some(i)) => Some((i, "IMP")),
        _ => None,
    };
    let text = text.trim();
    match want {
        None => text.is_empty(),
        Some((v, unit)) => text
            .strip_suffix(unit)
            .and_then(|n| n.trim().parse::<f64>().ok())
            .is_some_and(|n| (n - v).abs() <= 0.0051),
    }
}
