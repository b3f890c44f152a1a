//! The Spielliste of a table (§6.3) and the standings in print, in the reader's language
//! (German first, the club's; English and Danish): format-independent report blocks, as a
//! whole HTML page or through the shared PDF writer (`report::pdf`). The list shows the
//! corrections of §8.2 and the flags as sentences; the standings name the signed tie rule.
use std::collections::BTreeMap;

use crate::doko::list::RowKind;
use crate::doko::seat::Seat;
use crate::doko::tables::{Standings, TableList};
use crate::i18n::{t, Lang};
use crate::report::{Block, Column, Table};

fn name(names: &BTreeMap<Seat, String>, s: Seat) -> String {
    names.get(&s).cloned().unwrap_or_else(|| s.to_string())
}

/// A table's list for one round as report blocks in `lang`.
pub fn list_blocks(l: &TableList, names: &BTreeMap<Seat, String>, lang: Lang) -> Vec<Block> {
    let list = &l.replay.list;
    let mut columns = vec![
        Column::new(t(lang, "doko.print.no"), 4, true),
        Column::new(t(lang, "doko.print.dealer"), 8, false),
    ];
    for &s in &list.seats {
        columns.push(Column::new(name(names, s), 9, true));
    }
    columns.push(Column::new(t(lang, "doko.print.ps"), 4, false));
    columns.push(Column::new(t(lang, "doko.print.value_kind"), 34, false));
    // The kind of game in `lang`, from the deal the row records (the row's own label is
    // the engine's German).
    let label = |r: &crate::doko::list::ListRow| crate::i18n::doko_row_label(lang, l, r);
    let rows = list
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                r.game_no.map(|n| n.to_string()).unwrap_or_default(),
                name(names, r.dealer),
            ];
            for &s in &list.seats {
                cells.push(r.totals.get(&s).copied().unwrap_or(0).to_string());
            }
            let (ps, text) = match &r.kind {
                RowKind::Game { pflichtsolo, .. } => (
                    if *pflichtsolo { "P" } else { "" }.to_string(),
                    format!("{} {}", r.value, label(r)),
                ),
                RowKind::Struck { .. } => (
                    String::new(),
                    format!("{}: {}", t(lang, "doko.print.struck"), label(r)),
                ),
                RowKind::Penalty { rule } => (
                    String::new(),
                    format!("{} §{rule}", t(lang, "doko.print.penalty")),
                ),
                RowKind::Redeal { .. } => (String::new(), label(r)),
            };
            cells.push(ps);
            cells.push(text);
            cells
        })
        .collect();
    let mut out = vec![
        Block::Title(format!(
            "{} ({} {})",
            t(lang, "doko.print.list"),
            t(lang, "doko.print.profile"),
            l.profile
        )),
        Block::Field(
            t(lang, "doko.print.round_table").into(),
            format!("{} / {}", l.round, l.table),
        ),
        Block::Table(Table { columns, rows }),
    ];
    for f in &l.replay.notes {
        out.push(Block::Para(f.text(lang)));
    }
    let applied: Vec<_> = l
        .corrections
        .iter()
        .filter(|c| c.refused.is_none())
        .collect();
    if !applied.is_empty() {
        out.push(Block::Heading(t(lang, "doko.print.corrections").into()));
        for c in applied {
            out.push(Block::Para(format!(
                "{} {}: §{} — {} ({})",
                t(lang, "doko.print.game"),
                c.game,
                c.rule,
                c.reason,
                c.by
            )));
        }
    }
    out
}

/// The standings as report blocks in `lang`, naming the profile and the tie rule.
pub fn standings_blocks(s: &Standings, lang: Lang) -> Vec<Block> {
    let rounds: Vec<u16> = {
        let mut r: Vec<u16> = s
            .standings
            .iter()
            .flat_map(|l| l.rounds.keys().copied())
            .collect();
        r.sort();
        r.dedup();
        r
    };
    let mut columns = vec![
        Column::new(t(lang, "doko.print.place"), 5, true),
        Column::new(t(lang, "doko.print.player"), 20, false),
    ];
    for r in &rounds {
        columns.push(Column::new(
            format!("{} {r}", t(lang, "doko.print.round")),
            8,
            true,
        ));
    }
    columns.push(Column::new(t(lang, "doko.print.total"), 8, true));
    let rows = s
        .standings
        .iter()
        .map(|l| {
            let name = if l.played {
                l.player.clone()
            } else {
                t(lang, "doko.print.notPlayed").replace("{player}", &l.player)
            };
            let mut cells = vec![format!("{}.", l.place), name];
            for r in &rounds {
                cells.push(l.rounds.get(r).map(|v| v.to_string()).unwrap_or_default());
            }
            cells.push(l.total.to_string());
            cells
        })
        .collect();
    let mut out = vec![
        Block::Title(t(lang, "doko.print.standings").into()),
        Block::Field(t(lang, "doko.print.profile").into(), s.profile.clone()),
        Block::Field(
            t(lang, "doko.print.tie").into(),
            t(lang, s.tie.key()).into(),
        ),
        Block::Table(Table { columns, rows }),
    ];
    for (r, tb) in &s.unseated {
        out.push(Block::Para(
            t(lang, "doko.print.unseated")
                .replace("{round}", &r.to_string())
                .replace("{table}", &tb.to_string()),
        ));
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The blocks as a whole HTML page in `lang`.
pub fn html_page(blocks: &[Block], lang: Lang) -> String {
    let title = blocks
        .iter()
        .find_map(|b| match b {
            Block::Title(t) => Some(t.as_str()),
            _ => None,
        })
        .unwrap_or("");
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head><meta charset=\"utf-8\"><title>{}</title>\n<style>body{{font-family:sans-serif}}table{{border-collapse:collapse}}td,th{{border:1px solid #888;padding:2px 6px}}td.r{{text-align:right}}</style></head>\n<body>\n",
        lang.code(),
        esc(title)
    );
    for b in blocks {
        match b {
            Block::Title(s) => out.push_str(&format!("<h1>{}</h1>\n", esc(s))),
            Block::Heading(s) => out.push_str(&format!("<h2>{}</h2>\n", esc(s))),
            Block::Field(k, v) => out.push_str(&format!("<p><b>{}</b>: {}</p>\n", esc(k), esc(v))),
            Block::Para(s) => out.push_str(&format!("<p>{}</p>\n", esc(s))),
            Block::Mono(s) => out.push_str(&format!("<pre>{}</pre>\n", esc(s))),
            Block::Row(cells) => out.push_str(&format!(
                "<p>{}</p>\n",
                cells.iter().map(|c| esc(c)).collect::<Vec<_>>().join(" ")
            )),
            Block::Table(tb) => {
                out.push_str("<table>\n<tr>");
                for c in &tb.columns {
                    out.push_str(&format!("<th>{}</th>", esc(&c.title)));
                }
                out.push_str("</tr>\n");
                for r in &tb.rows {
                    out.push_str("<tr>");
                    for (i, cell) in r.iter().enumerate() {
                        let right = tb.columns.get(i).is_some_and(|c| c.right);
                        out.push_str(&format!(
                            "<td{}>{}</td>",
                            if right { " class=\"r\"" } else { "" },
                            esc(cell)
                        ));
                    }
                    out.push_str("</tr>\n");
                }
                out.push_str("</table>\n");
            }
            Block::Hand(h) => out.push_str(&h.html(esc)),
            Block::Boards(b) => out.push_str(&crate::report::boards_html(b, esc)),
            Block::PageBreak => out.push_str("<hr>\n"),
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}
