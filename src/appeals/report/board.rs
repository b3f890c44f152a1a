//! The board on the appeal form: the deal as a diagram and the auction and play as
//! recorded at the table (`bridge::tables`), with every irregularity's mark.

use super::*;

/// A deal (PBN `N:hand hand hand hand`) as a hand diagram: each seat's name and holdings
/// with the language's honours (`A K D B 10`); `centre` is what the middle shows. `None`
/// when the deal is not PBN.
pub fn hand_diagram(pbn: &str, lang: Lang, centre: Vec<String>) -> Option<crate::report::Hand> {
    use crate::bridge::seat::Seat;
    use crate::i18n::cards::holding_text;
    use crate::report::{Hand, HandSeat};
    let (first, hands) = pbn.split_once(':')?;
    let order = [Seat::N, Seat::E, Seat::S, Seat::W];
    let start = order.iter().position(|s| s.to_string() == first.trim())?;
    let mut seats: [HandSeat; 4] = order.map(|s| HandSeat {
        label: crate::i18n::t(lang, &format!("seat_name.{}", s.letter())).to_string(),
        suits: Default::default(),
    });
    for (i, h) in hands.split_whitespace().enumerate().take(4) {
        let seat = &mut seats[(start + i) % 4];
        for (k, holding) in h.split('.').take(4).enumerate() {
            seat.suits[k] = if holding.is_empty() {
                String::new()
            } else {
                holding_text(lang, holding)
            };
        }
    }
    Some(Hand { seats, centre })
}

/// The auction as a grid (columns N E S W, from the dealer), each call with its mark: `?`
/// pending a ruling, `(27B1)` cancelled under that law, `*` inserted by the engine.
pub(super) fn auction_grid(v: &crate::bridge::tables::BoardView, lang: Lang) -> String {
    use crate::bridge::auction::Status;
    use crate::bridge::seat::Seat;
    use crate::i18n::cards::{call_text, seat_letter};
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
        cells.push(format!("{}{mark}{forced}", call_text(lang, e.call)));
    }
    let pad = |s: &str| format!("{s:<10}");
    let mut out = order
        .iter()
        .map(|s| pad(seat_letter(lang, *s)))
        .collect::<String>();
    for row in cells.chunks(4) {
        out.push('\n');
        out.push_str(&row.iter().map(|c| pad(c)).collect::<String>());
    }
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board as recorded on the log (`bridge::tables`): the auction, the contract, the
/// play trick by trick, a claim, and every irregularity flagged with its law and branch,
/// calls and cards with suit symbols and the language's honours.
pub(super) fn board_record(b: &mut Vec<Block>, v: &crate::bridge::tables::BoardView, lang: Lang) {
    use crate::bridge::play::ClaimStatus;
    use crate::i18n::cards::{card_text, codes_text, contract_code_text, seat_letter};
    use crate::i18n::{cite, Msg};
    let t = |k: &str| tr(lang, k).to_string();
    if v.calls.is_empty() {
        return;
    }
    b.push(Block::Heading(t("auction")));
    b.push(Block::Mono(auction_grid(v, lang)));
    match (&v.contract, v.declarer) {
        (Some(c), Some(d)) => b.push(Block::Field(
            t("contract"),
            format!("{} {}", contract_code_text(lang, c), seat_letter(lang, d)),
        )),
        _ if v.auction == crate::bridge::auction::Outcome::PassedOut => b.push(Block::Field(
            t("contract"),
            contract_code_text(lang, "Pass"),
        )),
        _ => {}
    }
    let tricks: Vec<String> = v
        .tricks
        .iter()
        .enumerate()
        .filter(|(_, tr)| !tr.cards.is_empty())
        .map(|(n, tr)| {
            let cards: Vec<String> = tr
                .cards
                .iter()
                .map(|(s, c)| format!("{} {}", seat_letter(lang, *s), card_text(lang, *c)))
                .collect();
            format!(
                "{:>2}: {}{}",
                n + 1,
                cards.join("  "),
                tr.winner
                    .map(|w| format!("  -> {}", seat_letter(lang, w)))
                    .unwrap_or_default()
            )
        })
        .collect();
    if !tricks.is_empty() {
        b.push(Block::Heading(t("play")));
        b.push(Block::Mono(tricks.join("\n")));
    }
    if let Some(c) = &v.claim {
        let seat = crate::i18n::t(lang, &format!("seat.{}", c.claimer.letter())).to_string();
        let made = Msg::text(
            lang,
            "claim.made",
            &[("seat", seat), ("n", c.remaining.to_string())],
        );
        let status = match c.status {
            ClaimStatus::Pending => Msg::text(lang, "claim.Pending", &[]),
            ClaimStatus::Agreed => Msg::text(lang, "claim.Agreed", &[]),
            ClaimStatus::Void => Msg::text(lang, "claim.Void", &[]),
            ClaimStatus::Ruled { remaining } => {
                Msg::text(lang, "claim.Ruled", &[("n", remaining.to_string())])
            }
        };
        b.push(Block::Field(cite(lang, "68"), format!("{made}: {status}")));
    }
    if !v.irregularities.is_empty() {
        b.push(Block::Heading(t("irregularities")));
        for x in &v.irregularities {
            let state = match (&x.branch, x.pending) {
                (Some(br), _) => Msg::text(lang, "report.branch", &[("branch", br.clone())]),
                (None, true) => Msg::text(lang, "report.pending", &[]),
                (None, false) => String::new(),
            };
            let title = crate::i18n::tree_title(lang, x.phase, &x.law).unwrap_or(&x.title);
            // The engine's description is English: other languages say the tree's title.
            let description = if lang == Lang::En {
                format!(": {}", x.description)
            } else {
                String::new()
            };
            b.push(Block::Para(format!(
                "{} ({}), {} {}: {} {}{description}{}",
                cite(lang, &x.law),
                title,
                crate::i18n::t(lang, &format!("phase.{}", x.phase)),
                x.at,
                seat_letter(lang, x.offender),
                codes_text(lang, &x.action),
                if state.is_empty() {
                    String::new()
                } else {
                    format!("; {state}")
                }
            )));
        }
    }
}
