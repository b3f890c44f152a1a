//! USEBIO 1.2 export of a tdlog tournament's pairs sections: the event, its pairs with their
//! players and published totals (ours), the hand sets where deals are recorded, and every
//! traveller line with contract, declarer, tricks, score and our matchpoints, Butler IMPs or
//! cross-IMPs; an artificial score as Compscore codes it (`A6040`). Pure: a folded tournament
//! in, a string out; the same log gives the same bytes.
//!
//! Beyond the elements of `result-formats.md` §1, each traveller line carries
//! `ROUND_NUMBER` and `TABLE_NUMBER` (the slot of the signed result), so that importing the
//! file back gives the same results byte for byte; readers that do not know them skip them.

use super::score::{ResultRow, Standing};
use super::tournament::{Outcome, Tournament};
use super::xml::escape;
use crate::events::{Adjustment, Form, Method};
use std::fmt::Write;

/// What cannot be written as USEBIO.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    #[error("section {0}: team sections are not exported to USEBIO yet (MATCH elements)")]
    Teams(String),
    #[error("no pairs section to export")]
    Empty,
}

fn event_type(m: Method) -> &'static str {
    match m {
        Method::Matchpoints | Method::TeamsImps => "MP_PAIRS",
        Method::Butler => "BUTLER_PAIRS",
        Method::CrossImps => "CROSS_IMP",
        Method::TotalPoints => "PAIRS",
    }
}

fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0 + 0.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        let s = format!("{r:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// The HAND elements of a PBN deal (`N:S.H.D.C ...`).
fn hands(deal: &str) -> Option<String> {
    let d = crate::bridge::board::Deal::parse_checked(deal).ok()?;
    let pbn = d.to_pbn(crate::bridge::seat::Seat::N);
    let body = pbn.split_once(':')?.1;
    let mut out = String::new();
    for (dir, h) in ["North", "East", "South", "West"]
        .iter()
        .zip(body.split(' '))
    {
        let s: Vec<&str> = h.split('.').collect();
        if s.len() != 4 {
            return None;
        }
        let _ = write!(
            out,
            "      <HAND>\n        <DIRECTION>{dir}</DIRECTION>\n        <CLUBS>{}</CLUBS>\n        <DIAMONDS>{}</DIAMONDS>\n        <HEARTS>{}</HEARTS>\n        <SPADES>{}</SPADES>\n      </HAND>\n",
            s[3], s[2], s[1], s[0]
        );
    }
    Some(out)
}

/// The Butler datum of a board, as its rows' notes say it (`note.datum`).
fn datum<'a>(rows: &'a [ResultRow], sec: &str, board: u32) -> Option<&'a str> {
    rows.iter()
        .filter(|r| r.section == sec && r.board == board)
        .flat_map(|r| &r.reasons)
        .find(|x| x.key == "note.datum")
        .and_then(|x| x.params.iter().find(|(k, _)| *k == "datum"))
        .map(|(_, v)| v.as_str())
}

/// What the USEBIO file leaves out, one line each: USEBIO 1.2 has one `SCORE` per traveller
/// line, so a board not played, an assigned or weighted score (Law 12C1) and a table result
/// under an artificial score are not in it (PBN keeps them all).
pub fn not_written(t: &Tournament, rows: &[ResultRow]) -> Vec<String> {
    let mut out = vec![];
    for r in rows {
        let key = crate::events::Slot {
            section: r.section.clone(),
            round: r.round,
            table: r.table,
            board: r.board,
        };
        let Some(slot) = t.slots.get(&key) else {
            continue;
        };
        let what = match slot.outcome() {
            Outcome::Played { .. } => continue,
            Outcome::Adjusted {
                adjustment: Adjustment::Artificial { .. },
                ..
            } if slot.table_result.is_none() => continue,
            Outcome::Adjusted {
                adjustment: Adjustment::Artificial { .. },
                ..
            } => "the table result under the artificial score".to_string(),
            o => o.describe(),
        };
        out.push(format!(
            "section {} board {} round {} table {} ({} v {}): {what}: not in the USEBIO file (no USEBIO 1.2 element for it)",
            r.section, r.board, r.round, r.table, r.ns, r.ew
        ));
    }
    out
}

/// Writes the tournament's pairs sections as one USEBIO 1.2 document.
pub fn export(
    t: &Tournament,
    rows: &[ResultRow],
    standings: &[Standing],
    program_version: &str,
) -> Result<String, ExportError> {
    let sections: Vec<&String> = t.sections.keys().collect();
    if sections.is_empty() {
        return Err(ExportError::Empty);
    }
    for s in &sections {
        if t.form(s) == Form::Teams {
            return Err(ExportError::Teams(s.to_string()));
        }
    }
    let (first_policy, _) = t.policy(sections[0]);
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str("<!DOCTYPE USEBIO SYSTEM \"http://www.ebu.co.uk/usebio/usebio_v1_2.dtd\">\n");
    x.push_str("<USEBIO Version=\"1.2\">\n");
    let et = event_type(first_policy.method);
    let _ = writeln!(x, "<EVENT EVENT_TYPE=\"{et}\">");
    let title = t
        .sections
        .get(sections[0])
        .map(|s| s.title.clone())
        .unwrap_or_default();
    let _ = writeln!(
        x,
        "  <EVENT_DESCRIPTION>{}</EVENT_DESCRIPTION>",
        escape(&title)
    );
    let _ = writeln!(x, "  <TITLE>{}</TITLE>", escape(&t.name));
    x.push_str("  <PROGRAM_NAME>tdlog</PROGRAM_NAME>\n");
    let _ = writeln!(
        x,
        "  <PROGRAM_VERSION>{}</PROGRAM_VERSION>",
        escape(program_version)
    );
    // 2: two winners, N-S and E-W ranked apart (`ranking.fields: by_direction`).
    let winners = if standings.iter().any(|s| s.field.is_some()) {
        2
    } else {
        1
    };
    let _ = writeln!(x, "  <WINNER_TYPE>{winners}</WINNER_TYPE>");
    x.push_str("  <SESSION_COUNT>1</SESSION_COUNT>\n");
    let _ = writeln!(x, "  <SECTION_COUNT>{}</SECTION_COUNT>", sections.len());
    let _ = writeln!(
        x,
        "  <SCORING_METHOD>{}</SCORING_METHOD>",
        if et == "MP_PAIRS" {
            "MATCHPOINTS"
        } else {
            "IMPS"
        }
    );
    x.push_str("  <SESSION SESSION_ID=\"1\">\n");
    for sec in sections {
        let (p, _) = t.policy(sec);
        let _ = writeln!(x, "  <SECTION SECTION_ID=\"{}\">", escape(sec));
        let _ = writeln!(
            x,
            "  <PARTICIPANTS EVENT_TYPE=\"{}\">",
            event_type(p.method)
        );
        for ((s, id), c) in &t.contestants {
            if s != sec || c.phantom {
                continue;
            }
            let st = standings
                .iter()
                .find(|x| &x.section == sec && &x.contestant == id);
            let _ = writeln!(
                x,
                "   <PAIR>\n     <PAIR_NUMBER>{}</PAIR_NUMBER>",
                escape(id)
            );
            if let Some(st) = st {
                // Two winners: the field its place is in, where Compscore3 writes it.
                if let Some(d) = &st.field {
                    let _ = writeln!(x, "     <DIRECTION>{}</DIRECTION>", escape(d));
                }
                let pct = st.unit == "%";
                let total = if pct { st.mp.unwrap_or(0.0) } else { st.total };
                let _ = writeln!(x, "     <TOTAL_SCORE>{:.2}</TOTAL_SCORE>", total + 0.0);
                if pct {
                    let _ = writeln!(x, "     <PERCENTAGE>{:.2}</PERCENTAGE>", st.total + 0.0);
                }
                let _ = writeln!(x, "     <PLACE>{}</PLACE>", escape(&st.place));
            }
            for m in &c.members {
                let _ = writeln!(
                    x,
                    "     <PLAYER>\n       <PLAYER_NAME>{}</PLAYER_NAME>\n     </PLAYER>",
                    escape(m)
                );
            }
            x.push_str("   </PAIR>\n");
        }
        x.push_str("  </PARTICIPANTS>\n");
        // Boards with a recorded deal.
        let dealt: Vec<(u32, String)> = t
            .boards
            .iter()
            .filter(|((s, _), _)| s == sec)
            .filter_map(|((_, b), f)| Some((*b, hands(f.deal.as_deref()?)?)))
            .collect();
        if !dealt.is_empty() {
            x.push_str("  <HANDSET>\n");
            for (b, h) in dealt {
                let _ = write!(
                    x,
                    "    <BOARD>\n      <BOARD_NUMBER>{b}</BOARD_NUMBER>\n{h}    </BOARD>\n"
                );
            }
            x.push_str("  </HANDSET>\n");
        }
        let mut board = None;
        for r in rows.iter().filter(|r| &r.section == sec) {
            let key = crate::events::Slot {
                section: r.section.clone(),
                round: r.round,
                table: r.table,
                board: r.board,
            };
            let Some(slot) = t.slots.get(&key) else {
                continue;
            };
            let line = match slot.outcome() {
                Outcome::Played {
                    contract,
                    declarer,
                    tricks,
                    score_ns,
                } => {
                    let pass = contract.eq_ignore_ascii_case("pass");
                    format!(
                        "    <CONTRACT>{}</CONTRACT>\n    <PLAYED_BY>{}</PLAYED_BY>\n    <TRICKS>{}</TRICKS>\n    <SCORE>{score_ns}</SCORE>\n",
                        if pass { "PASS".to_string() } else { escape(&contract.to_ascii_uppercase()) },
                        declarer.map_or("N".to_string(), |d| d.to_string()),
                        tricks.unwrap_or(0)
                    )
                }
                Outcome::Adjusted {
                    adjustment: Adjustment::Artificial { ns, ew },
                    ..
                } => format!(
                    "    <SCORE>{}</SCORE>\n",
                    super::usebio::artificial_score_code(*ns, *ew, &p)
                ),
                // Not played, an assigned or weighted score: USEBIO has no element for it.
                _ => continue,
            };
            if board != Some(r.board) {
                if board.is_some() {
                    x.push_str("  </BOARD>\n");
                }
                let _ = writeln!(
                    x,
                    "  <BOARD EVENT_TYPE=\"{}\">\n  <BOARD_NUMBER>{}</BOARD_NUMBER>",
                    event_type(p.method),
                    r.board
                );
                // A Butler board's datum, where Compscore3 writes it.
                if let Some(d) = datum(rows, sec, r.board) {
                    let _ = writeln!(x, "  <BOARD_AVERAGE>{d}</BOARD_AVERAGE>");
                }
                board = Some(r.board);
            }
            let _ = write!(
                x,
                "  <TRAVELLER_LINE>\n    <ROUND_NUMBER>{}</ROUND_NUMBER>\n    <TABLE_NUMBER>{}</TABLE_NUMBER>\n    <NS_PAIR_NUMBER>{}</NS_PAIR_NUMBER>\n    <EW_PAIR_NUMBER>{}</EW_PAIR_NUMBER>\n{line}",
                r.round,
                r.table,
                escape(&r.ns),
                escape(&r.ew)
            );
            let pts = |tag: &str, v: Option<f64>, x: &mut String| {
                if let Some(v) = v {
                    let _ = writeln!(x, "    <{tag}>{}</{tag}>", num(v));
                }
            };
            match p.method {
                Method::Butler => {
                    pts("NS_BUTLER_POINTS", r.imp_ns, &mut x);
                    pts("EW_BUTLER_POINTS", r.imp_ew, &mut x);
                }
                Method::CrossImps => {
                    pts("NS_CROSS_IMP_POINTS", r.imp_ns, &mut x);
                    pts("EW_CROSS_IMP_POINTS", r.imp_ew, &mut x);
                }
                _ => {
                    pts("NS_MATCH_POINTS", r.mp_ns, &mut x);
                    pts("EW_MATCH_POINTS", r.mp_ew, &mut x);
                }
            }
            x.push_str("  </TRAVELLER_LINE>\n");
        }
        if board.is_some() {
            x.push_str("  </BOARD>\n");
        }
        x.push_str("  </SECTION>\n");
    }
    x.push_str("  </SESSION>\n</EVENT>\n</USEBIO>\n");
    Ok(x)
}
