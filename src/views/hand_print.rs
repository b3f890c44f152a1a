//! Hand records: the session's deals as a dealing program prints them for the players after
//! the session. Each board as a compass diagram with its dealer and vulnerability, the
//! double-dummy table and the par (the adjustment assistant's analysis, DDS), two boards to
//! a page, in the reader's language (the edition's card letters and denominations). Pure
//! over the replayed tournament.

use crate::bridge::board::Deal;
use crate::bridge::seat::Seat;
use crate::i18n::tr;
use crate::i18n::Lang;
use crate::report::{Block, Column, Table};
use crate::results::tournament::Tournament;

/// The hand records of every board with a deal (of one section, when given), in section
/// and board order.
pub fn blocks(tour: &Tournament, section: Option<&str>, lang: Lang) -> Vec<Block> {
    let t = |k: &str| tr(lang, k).to_string();
    let mut b = vec![Block::Title(format!(
        "{}: {}",
        t("hand_records"),
        tour.name
    ))];
    let sections = tour
        .boards
        .keys()
        .map(|(s, _)| s.as_str())
        .collect::<std::collections::BTreeSet<_>>();
    let mut shown = 0;
    for ((sec, board), facts) in &tour.boards {
        if section.is_some_and(|s| s != sec) {
            continue;
        }
        let Some(pbn) = facts.deal.as_deref() else {
            continue;
        };
        if shown > 0 && shown % 2 == 0 {
            b.push(Block::PageBreak);
        }
        shown += 1;
        let dealer = facts
            .dealer
            .unwrap_or_else(|| crate::bridge::board::dealer(*board));
        let vul = tour.vulnerability(sec, *board);
        let seat = |s: Seat| crate::i18n::t(lang, &format!("seat_name.{}", s.letter())).to_string();
        let heading = if sections.len() > 1 {
            format!("{} {board} ({} {sec})", t("board"), t("section"))
        } else {
            format!("{} {board}", t("board"))
        };
        b.push(Block::Heading(heading));
        let centre = vec![
            format!("{} {board}", t("board")),
            format!("{}: {}", t("dealer"), seat(dealer)),
            format!("{}: {}", t("vulnerability"), t(&format!("vul_{vul}"))),
        ];
        match crate::appeals::report::hand_diagram(pbn, lang, centre) {
            Some(h) => b.push(Block::Hand(h)),
            None => b.push(Block::Mono(pbn.to_string())),
        }
        let deal = Deal::from_pbn(pbn).ok().and_then(|mut d| {
            d.complete_fourth();
            d.validate().ok().map(|_| d)
        });
        match deal.and_then(|d| crate::views::adjust::double_dummy_view(&d, vul, lang)) {
            Some(dd) => {
                let mut columns = vec![Column::new(t("double_dummy"), 14, false)];
                columns.extend(
                    dd.strain_text
                        .iter()
                        .map(|s| Column::new(s.clone(), 5, true)),
                );
                let rows = dd
                    .rows
                    .iter()
                    .map(|r| {
                        let mut row = vec![seat(r.declarer)];
                        row.extend(r.tricks.iter().map(|n| n.to_string()));
                        row
                    })
                    .collect();
                b.push(Block::Table(Table { columns, rows }));
                b.push(Block::Field(t("par"), dd.par_text.join("; ")));
            }
            None => b.push(Block::Para(t("no_double_dummy"))),
        }
    }
    if shown == 0 {
        b.push(Block::Para(t("no_deals")));
    }
    b
}
