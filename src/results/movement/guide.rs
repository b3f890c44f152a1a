//! Guide cards as data: per table (each round's pairs and boards, and where the pairs and the
//! boards go next) and per contestant (each round's table, direction, opponent and boards),
//! for the app and for a printout. [`Guide::text`] is the plain-text printout in English,
//! German or Danish.

use super::{Movement, Seating};
use crate::i18n::{Lang, Msg};
use serde::Serialize;

/// The cards of N-S or of E-W.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    Ns,
    Ew,
}

/// Where a contestant goes for the next round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "next")]
pub enum Stop {
    Seat {
        table: u32,
        line: Line,
    },
    /// Its next opponent is the phantom.
    SitsOut,
}

/// Where a table's boards go after the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "to")]
pub enum BoardsNext {
    /// To this table (the lower one when two tables share them).
    Table { table: u32 },
    /// To a relay or the bye-stand: played again later.
    Relay,
    /// Not played again.
    Done,
}

/// One round at one table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableLine {
    pub round: u32,
    pub ns: u32,
    pub ew: u32,
    pub boards: Vec<u32>,
    pub arrow_switch: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shares_with: Option<u32>,
    /// A phantom's table: its opponent sits out, nothing is played.
    pub sit_out: bool,
    /// Where the pair holding the N-S cards goes next (`None`: last round, or sits out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ns_next: Option<Stop>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ew_next: Option<Stop>,
    pub boards_next: BoardsNext,
}

/// A table's card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableCard {
    pub table: u32,
    pub lines: Vec<TableLine>,
}

/// One round of one contestant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairLine {
    pub round: u32,
    /// `None`: sits out this round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Line>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<u32>,
    pub boards: Vec<u32>,
}

/// A contestant's card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairCard {
    pub pair: u32,
    pub lines: Vec<PairLine>,
}

/// Every table's and every contestant's card (the phantom has none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Guide {
    pub tables: Vec<TableCard>,
    pub pairs: Vec<PairCard>,
}

/// Where contestant `p` sits in round index `ri` (its seating and its line).
fn seat_of(m: &Movement, ri: usize, p: u32) -> Option<(&Seating, Line)> {
    m.rounds.get(ri)?.tables.iter().find_map(|s| {
        if s.ns == p {
            Some((s, Line::Ns))
        } else if s.ew == p {
            Some((s, Line::Ew))
        } else {
            None
        }
    })
}

/// The guide cards of `m`.
pub fn guide(m: &Movement) -> Guide {
    let playing = |p: u32| !m.is_phantom(p);
    let next = |ri: usize, p: u32| {
        if !playing(p) {
            return None;
        }
        seat_of(m, ri + 1, p).map(|(s, line)| {
            if playing(s.ns) && playing(s.ew) {
                Stop::Seat {
                    table: s.table,
                    line,
                }
            } else {
                Stop::SitsOut
            }
        })
    };
    let boards_next = |ri: usize, set: u32| {
        if let Some(t) = m.rounds.get(ri + 1).and_then(|r| {
            r.tables
                .iter()
                .filter(|s| s.set == set)
                .map(|s| s.table)
                .min()
        }) {
            BoardsNext::Table { table: t }
        } else if m.rounds[ri + 1..]
            .iter()
            .any(|r| r.tables.iter().any(|s| s.set == set))
        {
            BoardsNext::Relay
        } else {
            BoardsNext::Done
        }
    };
    let tables = (1..=m.tables)
        .map(|table| TableCard {
            table,
            lines: m
                .rounds
                .iter()
                .enumerate()
                .filter_map(|(ri, r)| {
                    let s = r.tables.iter().find(|s| s.table == table)?;
                    Some(TableLine {
                        round: r.round,
                        ns: s.ns,
                        ew: s.ew,
                        boards: s.boards.clone(),
                        arrow_switch: s.arrow_switch,
                        shares_with: s.shares_with,
                        sit_out: !playing(s.ns) || !playing(s.ew),
                        ns_next: next(ri, s.ns),
                        ew_next: next(ri, s.ew),
                        boards_next: boards_next(ri, s.set),
                    })
                })
                .collect(),
        })
        .collect();
    let pairs = m
        .numbers()
        .into_iter()
        .filter(|&p| playing(p))
        .map(|pair| PairCard {
            pair,
            lines: m
                .rounds
                .iter()
                .enumerate()
                .map(|(ri, r)| match seat_of(m, ri, pair) {
                    Some((s, line)) if playing(s.ns) && playing(s.ew) => PairLine {
                        round: r.round,
                        table: Some(s.table),
                        line: Some(line),
                        opponent: Some(if line == Line::Ns { s.ew } else { s.ns }),
                        boards: s.boards.clone(),
                    },
                    _ => PairLine {
                        round: r.round,
                        table: None,
                        line: None,
                        opponent: None,
                        boards: vec![],
                    },
                })
                .collect(),
        })
        .collect();
    Guide { tables, pairs }
}

/// `1-3`, or `5` for one board.
pub fn board_range(b: &[u32]) -> String {
    match (b.first(), b.last()) {
        (Some(a), Some(z)) if a == z => a.to_string(),
        (Some(a), Some(z)) => format!("{a}-{z}"),
        _ => String::new(),
    }
}

impl Guide {
    /// The movement's summary, its notes and every card as plain text in `lang`.
    pub fn text(&self, m: &Movement, lang: Lang) -> String {
        let tx = |key: &str, p: &[(&str, String)]| Msg::text(lang, key, p);
        let line_name = |l: Line| match l {
            Line::Ns => crate::i18n::t(lang, "movement.guide.ns"),
            Line::Ew => crate::i18n::t(lang, "movement.guide.ew"),
        };
        let (standard, notes) = m.texts(lang);
        let mut out = String::new();
        out.push_str(&tx(
            "movement.guide.summary",
            &[
                ("movement", m.kind.name(lang)),
                ("tables", m.tables.to_string()),
                ("rounds", m.rounds_planned.to_string()),
                ("per", m.boards_per_round.to_string()),
                ("boards", m.boards.to_string()),
            ],
        ));
        out.push('\n');
        out.push_str(&standard);
        out.push('\n');
        for n in notes {
            out.push_str("- ");
            out.push_str(&n);
            out.push('\n');
        }
        for card in &self.tables {
            out.push('\n');
            out.push_str(&tx(
                "movement.guide.table",
                &[("table", card.table.to_string())],
            ));
            out.push('\n');
            for l in &card.lines {
                out.push_str("  ");
                let key = if l.sit_out {
                    "movement.guide.table_sit_out"
                } else {
                    "movement.guide.table_line"
                };
                out.push_str(&tx(
                    key,
                    &[
                        ("round", l.round.to_string()),
                        ("ns", l.ns.to_string()),
                        ("ew", l.ew.to_string()),
                        ("boards", board_range(&l.boards)),
                    ],
                ));
                if l.arrow_switch {
                    out.push_str(&format!(" ({})", tx("movement.guide.switch", &[])));
                }
                if let Some(o) = l.shares_with {
                    out.push_str(&format!(
                        " ({})",
                        tx("movement.guide.shares", &[("table", o.to_string())])
                    ));
                }
                let mut moves = vec![];
                for (who, now, stop) in [(l.ns, Line::Ns, l.ns_next), (l.ew, Line::Ew, l.ew_next)] {
                    match stop {
                        // Staying in the same seat goes without saying.
                        Some(Stop::Seat { table, line }) if table == card.table && line == now => {}
                        Some(Stop::Seat { table, line }) => moves.push(tx(
                            "movement.guide.goes",
                            &[
                                ("pair", who.to_string()),
                                ("table", table.to_string()),
                                ("line", line_name(line).to_string()),
                            ],
                        )),
                        Some(Stop::SitsOut) => moves.push(tx(
                            "movement.guide.sits_out_next",
                            &[("pair", who.to_string())],
                        )),
                        None => {}
                    }
                }
                moves.push(match l.boards_next {
                    BoardsNext::Table { table } => {
                        tx("movement.guide.boards_to", &[("table", table.to_string())])
                    }
                    BoardsNext::Relay => tx("movement.guide.boards_relay", &[]),
                    BoardsNext::Done => tx("movement.guide.boards_done", &[]),
                });
                out.push_str(" → ");
                out.push_str(&moves.join("; "));
                out.push('\n');
            }
        }
        for card in &self.pairs {
            out.push('\n');
            let head = match m.form {
                crate::events::Form::Teams => "movement.guide.team",
                _ => "movement.guide.pair",
            };
            out.push_str(&tx(head, &[("pair", card.pair.to_string())]));
            out.push('\n');
            for l in &card.lines {
                out.push_str("  ");
                out.push_str(&match (l.table, l.line, l.opponent) {
                    (Some(table), Some(line), Some(opp)) => tx(
                        "movement.guide.pair_line",
                        &[
                            ("round", l.round.to_string()),
                            ("table", table.to_string()),
                            ("line", line_name(line).to_string()),
                            ("opponent", opp.to_string()),
                            ("boards", board_range(&l.boards)),
                        ],
                    ),
                    _ => tx(
                        "movement.guide.pair_sits_out",
                        &[("round", l.round.to_string())],
                    ),
                });
                out.push('\n');
            }
        }
        out
    }
}
