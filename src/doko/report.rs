//! The Spielliste in the layout of §6.3.2/§6.3.7, as text or HTML (pure: returns a string).
//! One column per player with the running total, then "Punkte dieses Spiels und Art des
//! Spiels"; the dealer of each row is marked, Pflichtsoli have their own column (§3.2.4),
//! and the profile is named in the header (issue 7: "shown on reports").
use std::collections::BTreeMap;
use std::fmt::Write;

use super::list::{GameList, ListRow, RowKind};
use super::seat::Seat;

fn name(names: &BTreeMap<Seat, String>, s: Seat) -> String {
    names.get(&s).cloned().unwrap_or_else(|| s.to_string())
}

/// The last column: value and kind, a penalty's rule, or a struck game.
fn describe(r: &ListRow) -> (String, String) {
    match &r.kind {
        RowKind::Game { pflichtsolo, label } => (
            format!("{} {}", r.value, label),
            if *pflichtsolo {
                "P".into()
            } else {
                String::new()
            },
        ),
        RowKind::Struck { label } => (format!("gestrichen: {label}"), String::new()),
        RowKind::Penalty { rule } => (format!("Strafpunkte §{rule}"), String::new()),
        RowKind::Redeal { label } => (label.clone(), String::new()),
    }
}

/// Plain-text list with aligned columns.
pub fn render_text(list: &GameList, profile: &str, names: &BTreeMap<Seat, String>) -> String {
    let width = list
        .seats
        .iter()
        .map(|&s| name(names, s).chars().count())
        .max()
        .unwrap_or(1)
        .max(6);
    let mut out = String::new();
    let _ = writeln!(out, "Spielliste (Profil {profile})");
    let _ = write!(out, "{:>3} {:>2} ", "Nr", "G");
    for &s in &list.seats {
        let _ = write!(out, "{:>width$} ", name(names, s));
    }
    let _ = writeln!(out, "{:>2} Punkte dieses Spiels und Art des Spiels", "PS");
    for r in &list.rows {
        let no = r.game_no.map(|n| n.to_string()).unwrap_or_default();
        let _ = write!(out, "{no:>3} {:>2} ", r.dealer.to_string());
        for &s in &list.seats {
            let t = r.totals.get(&s).copied().unwrap_or(0);
            let _ = write!(out, "{t:>width$} ");
        }
        let (text, ps) = describe(r);
        let _ = writeln!(out, "{ps:>2} {text}");
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An HTML table of the list (a fragment; the caller embeds it in a page).
pub fn render_html(list: &GameList, profile: &str, names: &BTreeMap<Seat, String>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<table class=\"doko-spielliste\" data-profile=\"{}\">",
        esc(profile)
    );
    let _ = write!(
        out,
        "<caption>Spielliste (Profil {})</caption>\n<tr><th>Nr</th><th>Geber</th>",
        esc(profile)
    );
    for &s in &list.seats {
        let _ = write!(out, "<th>{}</th>", esc(&name(names, s)));
    }
    let _ = writeln!(
        out,
        "<th>Pflichtsolo</th><th>Punkte dieses Spiels und Art des Spiels</th></tr>"
    );
    for r in &list.rows {
        let no = r.game_no.map(|n| n.to_string()).unwrap_or_default();
        let _ = write!(
            out,
            "<tr><td>{no}</td><td>{}</td>",
            esc(&name(names, r.dealer))
        );
        for &s in &list.seats {
            let t = r.totals.get(&s).copied().unwrap_or(0);
            let _ = write!(out, "<td>{t}</td>");
        }
        let (text, ps) = describe(r);
        let _ = writeln!(out, "<td>{}</td><td>{}</td></tr>", esc(&ps), esc(&text));
    }
    out.push_str("</table>\n");
    out
}

/// The list as report blocks (title with the profile, round and table, then the §6.3 table:
/// Nr, Geber, one running-total column per player, Pflichtsolo, value and kind), for the
/// shared PDF writer.
pub fn blocks(
    list: &GameList,
    profile: &str,
    names: &BTreeMap<Seat, String>,
    round: u32,
    table: u32,
) -> Vec<crate::report::Block> {
    use crate::report::{Block, Column, Table};
    let mut columns = vec![Column::new("Nr", 4, true), Column::new("Geber", 8, false)];
    for &s in &list.seats {
        columns.push(Column::new(name(names, s), 9, true));
    }
    columns.push(Column::new("PS", 4, false));
    columns.push(Column::new(
        "Punkte dieses Spiels und Art des Spiels",
        34,
        false,
    ));
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
            let (text, ps) = describe(r);
            cells.push(ps);
            cells.push(text);
            cells
        })
        .collect();
    vec![
        Block::Title(format!("Spielliste (Profil {profile})")),
        Block::Field("Runde / Tisch".into(), format!("{round} / {table}")),
        Block::Table(Table { columns, rows }),
    ]
}

/// The list as a PDF in the layout of §6.3 (deterministic bytes).
pub fn render_pdf(
    list: &GameList,
    profile: &str,
    names: &BTreeMap<Seat, String>,
    round: u32,
    table: u32,
) -> Vec<u8> {
    crate::report::pdf::render(&blocks(list, profile, names, round, table))
}
