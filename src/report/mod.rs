//! Reports shared by every part of the engine: a report is a list of format-independent
//! [`Block`]s, rendered as HTML by the caller or as PDF by [`pdf::render`] (laid out by
//! [`layout`], written by krilla with embedded fonts, deterministic bytes). Used by the
//! appeal form and casebook (`appeals::report`), the hand records, and the Doppelkopf lists
//! (`doko::report`, `views::doko_print`).

pub mod layout;
pub mod pdf;

/// A piece of a report, independent of the output format.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Title(String),
    Heading(String),
    Field(String, String),
    Para(String),
    /// Preformatted (the deal diagram).
    Mono(String),
    Row(Vec<String>),
    /// A ruled table with a header row (repeated on every page it runs over).
    Table(Table),
    /// A deal's four hands laid out as a compass.
    Hand(Box<Hand>),
    /// Hand records: boards two to a row, each a small compass with its double-dummy
    /// tricks and par, as a dealing program prints them (six to an A4 page).
    Boards(Vec<BoardRecord>),
    PageBreak,
}

/// One board of the hand records: the deal (its `centre` lines go in the top-left corner:
/// board, dealer, vulnerability), the double-dummy tricks (a table whose first column names
/// the declarer, its header the denominations) in the bottom-right corner, and the par or
/// why there is none beneath.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardRecord {
    pub hand: Hand,
    pub tricks: Option<Table>,
    pub below: String,
}

impl BoardRecord {
    /// The board as HTML: the diagram, the tricks table and the par, in one cell of a
    /// two-column grid (`boards_html`).
    pub fn html(&self, esc: impl Fn(&str) -> String + Copy) -> String {
        let mut o = String::from("<div class=\"board-record\">");
        o.push_str(&self.hand.html(esc));
        if let Some(t) = &self.tricks {
            o.push_str("<table class=\"tricks\"><tr>");
            for c in &t.columns {
                o.push_str(&format!("<th>{}</th>", esc(&c.title)));
            }
            o.push_str("</tr>");
            for r in &t.rows {
                o.push_str("<tr>");
                for c in r {
                    o.push_str(&format!("<td>{}</td>", esc(c)));
                }
                o.push_str("</tr>");
            }
            o.push_str("</table>");
        }
        o.push_str(&format!("<p>{}</p></div>\n", esc(&self.below)));
        o
    }
}

/// Hand records as HTML: the boards in a two-column grid.
pub fn boards_html(boards: &[BoardRecord], esc: impl Fn(&str) -> String + Copy) -> String {
    let mut o = String::from(
        "<div class=\"boards\" style=\"display:grid;grid-template-columns:1fr 1fr;gap:1em\">\n",
    );
    for b in boards {
        o.push_str(&b.html(esc));
    }
    o.push_str("</div>\n");
    o
}

/// A deal as a hand diagram: the seats in the order N, E, S, W, and the board's particulars
/// for the middle (board, dealer, vulnerability), each already in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub struct Hand {
    pub seats: [HandSeat; 4],
    pub centre: Vec<String>,
}

/// One seat of a hand diagram: its name and its holdings in ♠ ♥ ♦ ♣, each with the
/// edition's card letters (`A K D B 10`); empty for a void.
#[derive(Debug, Clone, PartialEq)]
pub struct HandSeat {
    pub label: String,
    pub suits: [String; 4],
}

impl Hand {
    /// The diagram as an HTML table (a compass: North above, West and East beside the
    /// particulars, South below); `esc` escapes text for HTML.
    pub fn html(&self, esc: impl Fn(&str) -> String) -> String {
        let seat = |i: usize| {
            let s = &self.seats[i];
            let mut o = format!("<b>{}</b>", esc(&s.label));
            for (k, h) in s.suits.iter().enumerate() {
                let (sym, red) = [("♠", false), ("♥", true), ("♦", true), ("♣", false)][k];
                let sym = if red {
                    format!("<span class=\"red\">{sym}</span>")
                } else {
                    sym.to_string()
                };
                let h = if h.is_empty() {
                    "—".to_string()
                } else {
                    esc(h)
                };
                o.push_str(&format!("<br>{sym} {h}"));
            }
            o
        };
        let centre: Vec<String> = self.centre.iter().map(|c| esc(c)).collect();
        format!(
            "<table class=\"hand\"><tr><td></td><td>{}</td><td></td></tr><tr><td>{}</td><td class=\"centre\">{}</td><td>{}</td></tr><tr><td></td><td>{}</td><td></td></tr></table>\n",
            seat(0),
            seat(3),
            centre.join("<br>"),
            seat(1),
            seat(2)
        )
    }
}

/// A table: its columns and rows of cells (one cell per column).
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
}

/// A column: its header, its width relative to the others, and its alignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub title: String,
    pub weight: u16,
    pub right: bool,
}

impl Column {
    pub fn new(title: impl Into<String>, weight: u16, right: bool) -> Column {
        Column {
            title: title.into(),
            weight,
            right,
        }
    }
}
