//! The board on the appeal form: the deal as a diagram and the auction and play as
//! recorded at the table (`bridge::tables`), with every irregularity's mark.

use super::*;

/// A PBN deal as four lines (N, E, S, W), suits S H D C.
pub(super) fn deal_diagram(pbn: &str) -> String {
    let Some((first, hands)) = pbn.split_once(':') else {
        return pbn.to_string();
    };
    let order = ["N", "E", "S", "W"];
    let start = order.iter().position(|s| *s == first.trim()).unwrap_or(0);
    let mut lines = vec![String::new(); 4];
    for (i, h) in hands.split_whitespace().enumerate().take(4) {
        let seat = (start + i) % 4;
        let suits: Vec<&str> = h.split('.').collect();
        let s = ["S", "H", "D", "C"]
            .iter()
            .zip(suits.iter().chain(std::iter::repeat(&"")))
            .map(|(n, c)| format!("{n} {}", if c.is_empty() { "-" } else { c }))
            .collect::<Vec<_>>()
            .join("  ");
        lines[seat] = format!("{}: {s}", order[seat]);
    }
    lines.join("\n")
}

/// The auction as a grid (columns N E S W, from the dealer), each call with its mark: `?`
/// pending a ruling, `(27B1)` cancelled under that law, `*` inserted by the engine.
pub(super) fn auction_grid(v: &crate::bridge::tables::BoardView) -> String {
    use crate::bridge::auction::Status;
    use crate::bridge::seat::Seat;
    let order = [Seat::N, Seat::E, Seat::S, Seat::W];
    let mut cells: Vec<String> =
        vec![String::new(); order.iter().position(|s| *s == v.dealer).unwrap_or(0)];
    for e in &v.calls {
        let mark = match &e.status {
            Status::Standing => String::new(),
            Status::Pending => "?".into(),
            Status::Cancelled { law } => format!("({law})"),
        };
        let forced = if e.forced_by.is_some() { "*" } else { "" };
        cells.push(format!("{}{mark}{forced}", e.call));
    }
    let mut out = order
        .iter()
        .map(|s| format!("{:<10}", s.to_string()))
        .collect::<String>();
    for row in cells.chunks(4) {
        out.push('\n');
        out.push_str(&row.iter().map(|c| format!("{c:<10}")).collect::<String>());
    }
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board as recorded on the log (`bridge::tables`): the auction, the contract, the
/// play trick by trick, a claim, and every irregularity flagged with its law and branch.
pub(super) fn board_record(b: &mut Vec<Block>, v: &crate::bridge::tables::BoardView, lang: Lang) {
    let t = |k: &str| tr(lang, k).to_string();
    if v.calls.is_empty() {
        return;
    }
    b.push(Block::Heading(t("auction")));
    b.push(Block::Mono(auction_grid(v)));
    match (&v.contract, v.declarer) {
        (Some(c), Some(d)) => b.push(Block::Field(t("contract"), format!("{c} {d}"))),
        _ if v.auction == crate::bridge::auction::Outcome::PassedOut => {
            b.push(Block::Field(t("contract"), "Pass".into()))
        }
        _ => {}
    }
    let tricks: Vec<String> = v
        .tricks
        .iter()
        .enumerate()
        .filter(|(_, tr)| !tr.cards.is_empty())
        .map(|(n, tr)| {
            let cards: Vec<String> = tr.cards.iter().map(|(s, c)| format!("{s} {c}")).collect();
            format!(
                "{:>2}: {}{}",
                n + 1,
                cards.join("  "),
                tr.winner.map(|w| format!("  -> {w}")).unwrap_or_default()
            )
        })
        .collect();
    if !tricks.is_empty() {
        b.push(Block::Heading(t("play")));
        b.push(Block::Mono(tricks.join("\n")));
    }
    if let Some(c) = &v.claim {
        b.push(Block::Field(
            "Law 68".into(),
            format!(
                "{} claims {} of the remaining tricks ({:?})",
                c.claimer, c.remaining, c.status
            ),
        ));
    }
    if !v.irregularities.is_empty() {
        b.push(Block::Heading(t("irregularities")));
        for x in &v.irregularities {
            let state = match (&x.branch, x.pending) {
                (Some(br), _) => format!("branch {br}"),
                (None, true) => "pending".into(),
                (None, false) => String::new(),
            };
            b.push(Block::Para(format!(
                "Law {} ({}), {} {}: {} {}: {}{}",
                x.law,
                x.title,
                x.phase,
                x.at,
                x.offender,
                x.action,
                x.description,
                if state.is_empty() {
                    String::new()
                } else {
                    format!("; {state}")
                }
            )));
        }
    }
}
