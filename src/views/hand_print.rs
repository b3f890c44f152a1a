//! Hand records: the session's deals as a dealing program prints them for the players after
//! the session. Each board as a small compass with its dealer and vulnerability, the
//! double-dummy tricks and the par (the adjustment assistant's analysis, DDS), two boards to
//! a row and six to an A4 page, in the reader's language (the edition's card letters and
//! denominations). Pure over the replayed tournament.

use crate::bridge::board::Deal;
use crate::bridge::seat::Seat;
use crate::i18n::tr;
use crate::i18n::Lang;
use crate::report::{Block, BoardRecord, Column, Table};
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
    let mut records = Vec::new();
    for ((sec, board), facts) in &tour.boards {
        if section.is_some_and(|s| s != sec) {
            continue;
        }
        let Some(pbn) = facts.deal.as_deref() else {
            continue;
        };
        shown += 1;
        let dealer = facts
            .dealer
            .unwrap_or_else(|| crate::bridge::board::dealer(*board));
        let vul = tour.vulnerability(sec, *board);
        let seat = |s: Seat| crate::i18n::t(lang, &format!("seat_name.{}", s.letter())).to_string();
        let title = if sections.len() > 1 {
            format!("{} {board} ({} {sec})", t("board"), t("section"))
        } else {
            format!("{} {board}", t("board"))
        };
        let centre = vec![
            title.clone(),
            format!("{}: {}", t("dealer"), seat(dealer)),
            t(&format!("hand_vul_{vul}")),
        ];
        let Some(hand) = crate::appeals::report::hand_diagram(pbn, lang, centre) else {
            // A deal the diagram cannot read is printed as it was recorded, on its own.
            b.push(Block::Heading(title));
            b.push(Block::Mono(pbn.to_string()));
            continue;
        };
        let deal = Deal::from_pbn(pbn).ok().and_then(|mut d| {
            d.complete_fourth();
            d.validate().ok().map(|_| d)
        });
        let record = match deal.and_then(|d| crate::views::adjust::double_dummy_view(&d, vul, lang))
        {
            Some(dd) => {
                // Declarers by their initial (N, O, S, W; Danish Ø, V), as on a hand record.
                let initial =
                    |s: Seat| seat(s).chars().next().map(String::from).unwrap_or_default();
                let mut columns = vec![Column::new("DD", 1, false)];
                columns.extend(
                    dd.strain_text
                        .iter()
                        .map(|s| Column::new(s.clone(), 1, true)),
                );
                let rows = dd
                    .rows
                    .iter()
                    .map(|r| {
                        let mut row = vec![initial(r.declarer)];
                        row.extend(r.tricks.iter().map(|n| n.to_string()));
                        row
                    })
                    .collect();
                BoardRecord {
                    hand,
                    tricks: Some(Table { columns, rows }),
                    below: format!("{}: {}", t("par"), dd.par_text.join("; ")),
                }
            }
            None => BoardRecord {
                hand,
                tricks: None,
                below: t("no_double_dummy"),
            },
        };
        records.push(record);
    }
    if !records.is_empty() {
        b.push(Block::Boards(records));
    }
    if shown == 0 {
        b.push(Block::Para(t("no_deals")));
    }
    b
}
