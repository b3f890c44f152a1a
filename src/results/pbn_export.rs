//! PBN 2.1 export of a tournament: one record per table result (PBN-standard style: `Section`,
//! `Round`, `Table`, the contestants as `PairNS`/`PairEW` or `HomeTeam`/`VisitTeam`), with the
//! deal, the auction and the play where they were recorded on the log, the contract and
//! result and its Law 77 score, a `ScoreTable` of our scoring in each board's first record and
//! the `TotalScoreTable` of our ranking in the first record. Pure and deterministic.
//!
//! Our own importer reads it back to the same results (tested); a board not played is written
//! with PBN's unknown contract `?` and `[NotPlayed "reason"]`. An adjusted score (a TD's ruling) has no
//! PBN form: its record carries the table result under it and `[Adjusted "..."]`, the
//! engine's English line, which the importer reads back as the ruling (only a director's key
//! may sign it, `results::import::needs_director`).

use super::score::{Ranking, ResultRow};
use super::tournament::{Outcome, Tournament};
use crate::bridge::seat::Seat;
use crate::bridge::tables::BridgeTables;
use crate::events::{Form, Method, Slot};
use std::fmt::Write;

fn q(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn tag(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "[{name} \"{}\"]", q(value));
}

fn num(x: Option<f64>) -> String {
    match x {
        None => "-".into(),
        Some(v) => {
            let r = (v * 100.0).round() / 100.0 + 0.0;
            if r.fract() == 0.0 {
                format!("{r:.0}")
            } else {
                format!("{r:.2}")
            }
        }
    }
}

/// The auction and play recorded on the log for a slot, as PBN sections.
fn auction_and_play(out: &mut String, tables: &BridgeTables, slot: &Slot) {
    let Some(b) = tables.board(slot) else { return };
    let v = b.view();
    let calls: Vec<String> = v
        .calls
        .iter()
        .filter(|e| e.status == crate::bridge::auction::Status::Standing)
        .map(|e| e.call.to_string())
        .collect();
    if !calls.is_empty() {
        tag(out, "Auction", &v.dealer.to_string());
        for row in calls.chunks(4) {
            let _ = writeln!(out, "{}", row.join(" "));
        }
    }
    let Some(first) = v.tricks.first() else {
        return;
    };
    let leader = first.leader;
    tag(out, "Play", &leader.to_string());
    let order = [
        leader,
        leader.lho(),
        leader.lho().lho(),
        leader.lho().lho().lho(),
    ];
    for t in &v.tricks {
        let cells: Vec<String> = order
            .iter()
            .map(|s| {
                t.cards
                    .iter()
                    .find(|(seat, _)| seat == s)
                    .map_or("-".to_string(), |(_, c)| c.to_string())
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join(" "));
    }
    if !v.complete || v.claim.is_some() {
        let _ = writeln!(out, "*");
    }
}

/// Writes the tournament as PBN. `tables` carries the auctions and play recorded on the log
/// (`None`: results only).
pub fn export(
    t: &Tournament,
    rows: &[ResultRow],
    ranking: &Ranking,
    tables: Option<&BridgeTables>,
    version: &str,
) -> String {
    let mut out = String::new();
    out.push_str("% PBN 2.1\n% EXPORT\n");
    let _ = writeln!(out, "% Written by {version} from a signed tdlog log\n");
    let mut first = true;
    let mut board_seen = None;
    for r in rows {
        let key = Slot {
            section: r.section.clone(),
            round: r.round,
            table: r.table,
            board: r.board,
        };
        let Some(slot) = t.slots.get(&key) else {
            continue;
        };
        let (policy, _) = t.policy(&r.section);
        let teams = t.form(&r.section) == Form::Teams;
        let title = t
            .sections
            .get(&r.section)
            .map_or(t.name.clone(), |s| s.title.clone());
        tag(&mut out, "Event", &title);
        tag(&mut out, "Site", "");
        tag(&mut out, "Date", "");
        tag(&mut out, "Board", &r.board.to_string());
        tag(&mut out, "Section", &r.section);
        tag(&mut out, "Round", &r.round.to_string());
        tag(&mut out, "Table", &r.table.to_string());
        if teams {
            tag(&mut out, "HomeTeam", &r.ns);
            tag(&mut out, "VisitTeam", &r.ew);
        } else {
            tag(&mut out, "PairNS", &r.ns);
            tag(&mut out, "PairEW", &r.ew);
            let members = |id: &str| {
                t.contestants
                    .get(&(r.section.clone(), id.to_string()))
                    .map(|c| c.members.clone())
                    .unwrap_or_default()
            };
            let (ns, ew) = (members(&r.ns), members(&r.ew));
            if ns.len() == 2 && ew.len() == 2 {
                tag(&mut out, "North", &ns[0]);
                tag(&mut out, "South", &ns[1]);
                tag(&mut out, "East", &ew[0]);
                tag(&mut out, "West", &ew[1]);
            }
        }
        let facts = t.boards.get(&(r.section.clone(), r.board));
        tag(
            &mut out,
            "Dealer",
            &facts
                .and_then(|f| f.dealer)
                .unwrap_or_else(|| crate::bridge::board::dealer(r.board))
                .to_string(),
        );
        tag(
            &mut out,
            "Vulnerable",
            t.vulnerability(&r.section, r.board).as_str(),
        );
        if let Some(d) = facts.and_then(|f| f.deal.as_deref()) {
            tag(&mut out, "Deal", d);
        }
        tag(
            &mut out,
            "Scoring",
            match policy.method {
                Method::Matchpoints => "MP",
                Method::CrossImps => "Cross-IMPs",
                Method::Butler => "Butler",
                Method::TeamsImps => "IMP",
                Method::TotalPoints => "TotalPoints",
            },
        );
        if !teams {
            tag(&mut out, "Competition", "Pairs");
        } else {
            tag(&mut out, "Competition", "Teams");
        }
        // A ruling stands on top of the table result: both are written, so that an import
        // signs both again.
        let (table, ruling) = match slot.outcome() {
            o @ Outcome::Adjusted { .. } => (slot.table_result.as_ref(), Some(o)),
            o => (Some(o), None),
        };
        match table {
            Some(Outcome::Played {
                contract,
                declarer,
                tricks,
                score_ns,
            }) => {
                let pass = contract.eq_ignore_ascii_case("pass");
                tag(
                    &mut out,
                    "Declarer",
                    &declarer.map_or(String::new(), |d: Seat| d.to_string()),
                );
                tag(&mut out, "Contract", if pass { "Pass" } else { contract });
                tag(
                    &mut out,
                    "Result",
                    &tricks.map_or(String::new(), |x| x.to_string()),
                );
                tag(&mut out, "Score", &format!("NS {score_ns}"));
                if let Some(b) = tables {
                    auction_and_play(&mut out, b, &key);
                }
            }
            // No contract: PBN's `?` (unknown). An empty Contract is read as a pass-out by
            // other readers (endplay).
            Some(Outcome::NotPlayed { reason }) => {
                tag(&mut out, "Declarer", "?");
                tag(&mut out, "Contract", "?");
                tag(&mut out, "Result", "?");
                tag(&mut out, "NotPlayed", reason);
            }
            Some(Outcome::Adjusted { .. }) | None => {
                tag(&mut out, "Declarer", "?");
                tag(&mut out, "Contract", "?");
                tag(&mut out, "Result", "?");
            }
        }
        if let Some(o) = ruling {
            tag(&mut out, "Adjusted", &o.describe());
        }
        if first {
            first = false;
            out.push_str("[TotalScoreTable \"Rank\\4R;PairId\\12R;TotalScore\\8R;TotalPercentage\\6R;Section\\4L;Names\\40L\"]\n");
            for s in &ranking.standings {
                let pct = (s.unit == "%").then_some(s.total);
                let _ = writeln!(
                    out,
                    "\"{}\" \"{}\" {} {} \"{}\" \"{}\"",
                    q(&s.place),
                    q(&s.contestant),
                    num(if pct.is_some() { s.mp } else { Some(s.total) }),
                    num(pct),
                    q(&s.section),
                    q(&s.name)
                );
            }
        }
        if board_seen != Some((r.section.clone(), r.board)) {
            board_seen = Some((r.section.clone(), r.board));
            out.push_str("[ScoreTable \"Section\\4L;Round\\2R;Table\\2R;PairId_NS\\12R;PairId_EW\\12R;Score_NS\\6R;MP_NS\\6R;MP_EW\\6R;Percentage_NS\\6R;Percentage_EW\\6R;IMP_NS\\6R;IMP_EW\\6R\"]\n");
            for x in rows
                .iter()
                .filter(|x| x.section == r.section && x.board == r.board)
            {
                let _ = writeln!(
                    out,
                    "\"{}\" {} {} \"{}\" \"{}\" {} {} {} {} {} {} {}",
                    q(&x.section),
                    x.round,
                    x.table,
                    q(&x.ns),
                    q(&x.ew),
                    x.score_ns.map_or("-".to_string(), |s| s.to_string()),
                    num(x.mp_ns),
                    num(x.mp_ew),
                    num(x.pct_ns),
                    num(x.pct_ew),
                    num(x.imp_ns),
                    num(x.imp_ew)
                );
            }
        }
        out.push('\n');
    }
    out
}
