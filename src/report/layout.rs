//! Page layout of a report: [`Block`]s to A4 pages of placed text runs, rules and shaded
//! boxes. Pure: the fonts are asked only for the width of a run ([`Measure`]), so the
//! same blocks give the same pages on every machine, and the writer (`report::pdf`) only
//! draws what is placed here.
//!
//! What a filed document needs and a naive layout gets wrong: text wraps inside table cells
//! (a signer's name or a state is never cut; a word wider than its cell breaks between
//! letters), a table's header row comes again on every page it runs over, a row is never
//! split across pages, a heading is kept with the start of what follows it, and a hand
//! diagram is one piece, laid out as a compass.

mod hands;

use super::{Block, Table};

/// A page's size in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    pub w: f32,
    pub h: f32,
}

/// A4 upright: every document, unless a table needs more width.
pub const PORTRAIT: Paper = Paper { w: 595.0, h: 842.0 };
/// A4 on its side: a document with a table too wide to keep its text at the normal size
/// upright (the casebook statistics' twelve columns).
pub const LANDSCAPE: Paper = Paper { w: 842.0, h: 595.0 };
const MARGIN: f32 = 50.0;
/// Room kept at the foot of a page for its number.
const FOOT: f32 = 24.0;

impl Paper {
    /// The width between the margins.
    fn room(self) -> f32 {
        self.w - 2.0 * MARGIN
    }

    /// Where text must end: above the page number.
    fn bottom(self) -> f32 {
        self.h - MARGIN + 10.0 - FOOT
    }
}

/// A laid-out document: its paper and its pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub paper: Paper,
    pub pages: Vec<Page>,
}

/// The three faces a report uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
    Mono,
}

/// Widths of text as the writer will draw it.
pub trait Measure {
    /// Advance width of `s` in points at `size`.
    fn width(&self, face: Face, size: f32, s: &str) -> f32;
}

/// Ink colours: text is black, except the red suits' symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    Black,
    Red,
}

/// One thing drawn on a page; `y` is measured down from the top edge.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// A run of text with its baseline at `y`.
    Text {
        x: f32,
        y: f32,
        face: Face,
        size: f32,
        ink: Ink,
        text: String,
    },
    /// A straight rule.
    Line {
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
        width: f32,
    },
    /// A grey box (table headers), top-left corner at (`x`, `y`).
    Shade { x: f32, y: f32, w: f32, h: f32 },
}

/// A laid-out page.
pub type Page = Vec<Op>;

/// Lays `blocks` out on A4: upright, or on its side when a table upright would have to be
/// set smaller than [`LANDSCAPE_BELOW`] to keep its words whole. One paper for the whole
/// document, so a filed document reads and staples as one.
pub fn document(blocks: &[Block], m: &dyn Measure) -> Document {
    let cramped = blocks.iter().any(|b| match b {
        Block::Table(t) => column_widths(m, t, PORTRAIT.room()).1 < LANDSCAPE_BELOW,
        _ => false,
    });
    let paper = if cramped { LANDSCAPE } else { PORTRAIT };
    Document {
        paper,
        pages: pages(blocks, m, paper),
    }
}

/// Lays `blocks` out on pages of `paper`. Every page gets its number at the foot
/// (`n / total`).
pub fn pages(blocks: &[Block], m: &dyn Measure, paper: Paper) -> Vec<Page> {
    let mut l = Layout {
        m,
        paper,
        pages: vec![Vec::new()],
        y: MARGIN,
        cell: CELL,
    };
    for (i, b) in blocks.iter().enumerate() {
        l.block(b, blocks.get(i + 1));
    }
    if l.pages.len() > 1 && l.pages.last().is_some_and(|p| p.is_empty()) {
        l.pages.pop();
    }
    let total = l.pages.len();
    for (n, page) in l.pages.iter_mut().enumerate() {
        let label = format!("{} / {total}", n + 1);
        let w = m.width(Face::Regular, 8.0, &label);
        page.push(Op::Text {
            x: (paper.w - w) / 2.0,
            y: paper.h - MARGIN + 10.0,
            face: Face::Regular,
            size: 8.0,
            ink: Ink::Black,
            text: label,
        });
    }
    l.pages
}

struct Layout<'a> {
    m: &'a dyn Measure,
    paper: Paper,
    pages: Vec<Page>,
    /// Where the next line starts, down from the top edge.
    y: f32,
    /// The text size of the table being laid out (smaller for a table of many columns).
    cell: f32,
}

/// Greedy word wrap to `width` points. Nothing is ever cut: a word wider than the line is
/// broken between characters over as many lines as it needs.
pub fn wrap(m: &dyn Measure, face: Face, size: f32, width: f32, s: &str) -> Vec<String> {
    let fits = |t: &str| m.width(face, size, t) <= width;
    let mut out = Vec::new();
    for para in s.split('\n') {
        let mut line = String::new();
        for word in para.split(' ').filter(|w| !w.is_empty()) {
            let joined = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if fits(&joined) {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                out.push(std::mem::take(&mut line));
            }
            line = word.to_string();
            while !fits(&line) && line.chars().count() > 1 {
                // The longest head that fits with its hyphen (at least one character); a
                // break between two letters is marked with a hyphen, as a typesetter would.
                let head = |i: usize| {
                    let mut h = line[..i].to_string();
                    let between_letters = line[..i].chars().last().is_some_and(char::is_alphabetic)
                        && line[i..].chars().next().is_some_and(char::is_alphabetic);
                    if between_letters {
                        h.push('-');
                    }
                    h
                };
                let mut cut = line.char_indices().nth(1).map_or(line.len(), |(i, _)| i);
                for (i, _) in line.char_indices().skip(2) {
                    if !fits(&head(i)) {
                        break;
                    }
                    cut = i;
                }
                out.push(head(cut));
                line = line[cut..].to_string();
            }
        }
        out.push(line);
    }
    out
}

impl Layout<'_> {
    fn op(&mut self, o: Op) {
        if let Some(p) = self.pages.last_mut() {
            p.push(o);
        }
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = MARGIN;
    }

    fn at_top(&self) -> bool {
        self.y <= MARGIN
    }

    /// Starts a new page unless `h` more points fit on this one (or this one is empty).
    fn need(&mut self, h: f32) {
        if self.y + h > self.paper.bottom() && !self.at_top() {
            self.new_page();
        }
    }

    fn text(&mut self, x: f32, face: Face, size: f32, s: &str) {
        self.op(Op::Text {
            x,
            y: self.y,
            face,
            size,
            ink: Ink::Black,
            text: s.to_string(),
        });
    }

    /// Wrapped lines at `x`, each on a new page if it must.
    fn para(&mut self, x: f32, face: Face, size: f32, s: &str) {
        let lead = size * 1.35;
        for line in wrap(self.m, face, size, self.paper.w - MARGIN - x, s) {
            self.need(lead);
            self.y += lead;
            self.text(x, face, size, &line);
        }
    }

    fn rule(&mut self) {
        self.y += 4.0;
        self.op(Op::Line {
            x0: MARGIN,
            y0: self.y,
            x1: self.paper.w - MARGIN,
            y1: self.y,
            width: 0.6,
        });
        self.y += 6.0;
    }

    /// About how tall the start of `b` is: what a heading is kept with.
    fn start_height(&self, b: Option<&Block>) -> f32 {
        match b {
            Some(Block::Table(_)) => 3.0 * ROW_LEAD + 8.0,
            Some(Block::Hand(_)) => HAND_HEIGHT,
            Some(Block::Boards(_)) => hands::BOARD_HEIGHT,
            Some(Block::Mono(t)) => 12.0 * t.lines().count().min(8) as f32,
            Some(Block::Field(..) | Block::Para(_) | Block::Row(_)) => 3.0 * 13.5,
            _ => 0.0,
        }
    }

    fn block(&mut self, b: &Block, next: Option<&Block>) {
        match b {
            Block::Title(t) => {
                self.para(MARGIN, Face::Bold, 16.0, t);
                self.rule();
            }
            Block::Heading(t) => {
                let lines = wrap(self.m, Face::Bold, 12.0, self.paper.room(), t).len();
                self.need(8.0 + lines as f32 * 16.2 + self.start_height(next));
                if !self.at_top() {
                    self.y += 8.0;
                }
                self.para(MARGIN, Face::Bold, 12.0, t);
                self.y += 2.0;
            }
            Block::Field(k, v) => self.field(k, v),
            Block::Para(t) => {
                self.para(MARGIN, Face::Regular, 10.0, t);
                self.y += 3.0;
            }
            Block::Mono(t) => {
                for line in t.lines() {
                    for part in wrap(self.m, Face::Mono, 9.0, self.paper.room(), line) {
                        self.need(12.0);
                        self.y += 12.0;
                        self.text(MARGIN, Face::Mono, 9.0, &part);
                    }
                }
                self.y += 3.0;
            }
            Block::Row(cells) => {
                self.para(MARGIN + 10.0, Face::Regular, 9.0, &cells.join("  |  "));
            }
            Block::Table(t) => self.table(t),
            Block::Hand(h) => self.hand(h),
            Block::Boards(b) => self.boards(b),
            Block::PageBreak => {
                if !self.at_top() {
                    self.new_page();
                }
            }
        }
    }

    /// A label in its column and the value wrapped beside it; a label too wide for its
    /// column gets a line of its own.
    fn field(&mut self, k: &str, v: &str) {
        const LABEL: f32 = 140.0;
        let label = format!("{k}:");
        let own_line = self.m.width(Face::Bold, 10.0, &label) > LABEL - 6.0;
        if own_line {
            self.para(MARGIN, Face::Bold, 10.0, &label);
        }
        let lines = wrap(self.m, Face::Regular, 10.0, self.paper.room() - LABEL, v);
        for (i, line) in lines.iter().enumerate() {
            self.need(13.5);
            self.y += 13.5;
            if i == 0 && !own_line {
                self.text(MARGIN, Face::Bold, 10.0, &label);
            }
            self.text(MARGIN + LABEL, Face::Regular, 10.0, line);
        }
    }

    fn table(&mut self, t: &Table) {
        let (widths, size) = column_widths(self.m, t, self.paper.room());
        self.cell = size;
        let mut xs = vec![MARGIN];
        for w in widths {
            let last = xs[xs.len() - 1];
            xs.push(last + w);
        }
        let titles: Vec<String> = t.columns.iter().map(|c| c.title.clone()).collect();
        let header = self.cells(t, &xs, &titles, true);
        let first = t.rows.first().map(|r| self.cells(t, &xs, r, false));
        let size = self.cell;
        let first_h = first.as_ref().map_or(0.0, |c| row_height(c, size));
        self.need(4.0 + row_height(&header, size) + first_h);
        self.y += 4.0;
        self.row(t, &xs, &header, true);
        for r in &t.rows {
            let cells = self.cells(t, &xs, r, false);
            if self.y + row_height(&cells, size) > self.paper.bottom() {
                self.new_page();
                self.row(t, &xs, &header, true);
            }
            self.row(t, &xs, &cells, false);
        }
        self.y += 6.0;
    }

    /// Each cell's lines, wrapped to its column.
    fn cells(&self, t: &Table, xs: &[f32], row: &[String], header: bool) -> Vec<Vec<String>> {
        let face = if header { Face::Bold } else { Face::Regular };
        (0..t.columns.len())
            .map(|i| {
                let s = row.get(i).map(String::as_str).unwrap_or("");
                wrap(self.m, face, self.cell, xs[i + 1] - xs[i] - 2.0 * PAD, s)
            })
            .collect()
    }

    /// One row: its cells' lines, a grey ground under a header, ruled around.
    fn row(&mut self, t: &Table, xs: &[f32], cells: &[Vec<String>], header: bool) {
        let top = self.y;
        let size = self.cell;
        let lead = size * ROW_LEAD / CELL;
        let h = row_height(cells, size);
        let (x0, x1) = (xs[0], xs[xs.len() - 1]);
        if header {
            self.op(Op::Shade {
                x: x0,
                y: top,
                w: x1 - x0,
                h,
            });
        }
        let face = if header { Face::Bold } else { Face::Regular };
        for (i, lines) in cells.iter().enumerate() {
            for (j, line) in lines.iter().enumerate() {
                let w = self.m.width(face, size, line);
                let x = if t.columns[i].right && !header {
                    xs[i + 1] - PAD - w
                } else {
                    xs[i] + PAD
                };
                self.op(Op::Text {
                    x,
                    y: top + PAD + size + j as f32 * lead,
                    face,
                    size,
                    ink: Ink::Black,
                    text: line.clone(),
                });
            }
        }
        let bottom = top + h;
        for y in [top, bottom] {
            self.op(Op::Line {
                x0,
                y0: y,
                x1,
                y1: y,
                width: 0.4,
            });
        }
        for &x in xs {
            self.op(Op::Line {
                x0: x,
                y0: top,
                x1: x,
                y1: bottom,
                width: 0.4,
            });
        }
        self.y = bottom;
    }
}

/// Column widths and the text size: by the columns' weights, but never narrower than a
/// column's longest word (a header like "Rulings" is not broken between letters while a
/// wide column has room to give). The room above their longest words is shared out by
/// weight. A table whose words alone are wider than the page is set smaller (down to
/// [`SMALLEST_CELL`]); only past that are its columns shared out by their longest words,
/// which then break (with a hyphen).
fn column_widths(m: &dyn Measure, t: &Table, room: f32) -> (Vec<f32>, f32) {
    let words: f32 = (0..t.columns.len())
        .map(|i| least_width(m, t, i, CELL))
        .sum();
    let mut size = CELL;
    if words > room {
        // Words scale with the size, the padding does not.
        let pad = t.columns.len() as f32 * (2.0 * PAD + 1.0);
        size = (CELL * (room - pad) / (words - pad)).max(SMALLEST_CELL);
    }
    (widths_at(m, t, size, room), size)
}

/// A column's least width at `size`: its longest word (header or cell) and the padding.
fn least_width(m: &dyn Measure, t: &Table, i: usize, size: f32) -> f32 {
    let longest_word = |face: Face, s: &str| {
        s.split_whitespace()
            .map(|w| m.width(face, size, w))
            .fold(0.0f32, f32::max)
    };
    let header = longest_word(Face::Bold, &t.columns[i].title);
    let cells = t
        .rows
        .iter()
        .filter_map(|r| r.get(i))
        .map(|c| longest_word(Face::Regular, c))
        .fold(0.0f32, f32::max);
    header.max(cells) + 2.0 * PAD + 1.0
}

fn widths_at(m: &dyn Measure, t: &Table, size: f32, room: f32) -> Vec<f32> {
    let n = t.columns.len();
    let weight: Vec<f32> = t
        .columns
        .iter()
        .map(|c| f32::from(c.weight).max(1.0))
        .collect();
    let least: Vec<f32> = (0..n).map(|i| least_width(m, t, i, size)).collect();
    let needed: f32 = least.iter().sum();
    if needed > room {
        // Even the smallest text does not keep every word whole: each column gets its
        // share of the page by its longest word, so the breaks fall evenly.
        return least.iter().map(|l| room * l / needed).collect();
    }
    // Columns below their least width get it; the others share what is left by weight,
    // again at least their least width (a few rounds settle it).
    let mut fixed = vec![false; n];
    loop {
        let left = room - (0..n).filter(|&i| fixed[i]).map(|i| least[i]).sum::<f32>();
        let free_weight: f32 = (0..n).filter(|&i| !fixed[i]).map(|i| weight[i]).sum();
        let share = |i: usize| left * weight[i] / free_weight.max(1.0);
        let newly: Vec<usize> = (0..n)
            .filter(|&i| !fixed[i] && share(i) < least[i])
            .collect();
        if newly.is_empty() {
            return (0..n)
                .map(|i| if fixed[i] { least[i] } else { share(i) })
                .collect();
        }
        for i in newly {
            fixed[i] = true;
        }
    }
}

const CELL: f32 = 9.0;
const PAD: f32 = 3.0;
const ROW_LEAD: f32 = 11.5;
const HAND_LEAD: f32 = 13.0;

fn row_height(cells: &[Vec<String>], size: f32) -> f32 {
    let lines = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
    2.0 * PAD + size + (lines - 1) as f32 * size * ROW_LEAD / CELL + 3.0
}

/// The smallest text a table is set in to keep its words whole.
const SMALLEST_CELL: f32 = 6.5;

/// A table that upright would be set smaller than this turns the document on its side.
const LANDSCAPE_BELOW: f32 = 8.0;

/// A hand diagram's height: three rows of a seat's five lines, and a margin.
const HAND_HEIGHT: f32 = HAND_LEAD * 15.0 + 8.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character as wide as its size times 0.6: enough to test wrapping and breaking.
    struct Even;
    impl Measure for Even {
        fn width(&self, _: Face, size: f32, s: &str) -> f32 {
            s.chars().count() as f32 * size * 0.6
        }
    }

    #[test]
    fn wrapping_keeps_every_character_and_every_line_inside_the_width() {
        let s = "Jens Hansen, laptop 2 (Turnierleiter) beim Schiedsgericht 26.11.2026 12:32:39 UTC";
        let lines = wrap(&Even, Face::Regular, 10.0, 60.0, s);
        for l in &lines {
            assert!(Even.width(Face::Regular, 10.0, l) <= 60.0, "{l}");
        }
        let joined: String = lines.concat();
        // Every character kept; a word broken between letters carries a hyphen.
        assert_eq!(joined.replace([' ', '-'], ""), s.replace([' ', '-'], ""));
        assert!(lines.iter().any(|l| l.ends_with('-')), "{lines:?}");
    }

    #[test]
    fn a_heading_is_never_the_last_thing_on_a_page() {
        let mut blocks = vec![Block::Title("Casebook".into())];
        for i in 0..40 {
            blocks.push(Block::Heading(format!("Case {i}")));
            blocks.push(Block::Para("The director was called. ".repeat(6)));
        }
        let pages = pages(&blocks, &Even, PORTRAIT);
        assert!(pages.len() > 2);
        for page in &pages {
            // The last text above the page number is never a heading's.
            let last = page
                .iter()
                .rev()
                .filter_map(|o| match o {
                    Op::Text { text, size, .. } if *size > 8.0 => Some(text.clone()),
                    _ => None,
                })
                .next()
                .unwrap_or_default();
            assert!(!last.starts_with("Case "), "{last}");
        }
    }

    #[test]
    fn a_long_table_repeats_its_header_and_never_leaves_the_page() {
        let t = Table {
            columns: vec![
                super::super::Column::new("Signer", 1, false),
                super::super::Column::new("State", 1, false),
            ],
            rows: (0..120)
                .map(|i| {
                    vec![
                        format!("Director number {i} of the evening"),
                        "filed".into(),
                    ]
                })
                .collect(),
        };
        let pages = pages(&[Block::Table(t)], &Even, PORTRAIT);
        assert!(pages.len() > 1);
        for page in &pages {
            assert!(page
                .iter()
                .any(|o| matches!(o, Op::Text { text, .. } if text == "Signer")));
            for o in page {
                if let Op::Text { y, .. } = o {
                    assert!(*y <= PORTRAIT.h - MARGIN + 10.0, "{o:?}");
                }
            }
        }
    }

    #[test]
    fn a_table_too_wide_to_stand_upright_turns_the_document_on_its_side() {
        let table = |n: usize| {
            Block::Table(Table {
                columns: (0..n)
                    .map(|i| super::super::Column::new(format!("Heading{i}"), 1, true))
                    .collect(),
                rows: vec![(0..n).map(|i| format!("{i}")).collect()],
            })
        };
        let narrow = document(&[Block::Title("Stats".into()), table(4)], &Even);
        assert_eq!(narrow.paper, PORTRAIT);
        let wide = document(&[Block::Title("Stats".into()), table(12)], &Even);
        assert_eq!(wide.paper, LANDSCAPE);
        // On its side the table keeps its normal size, and nothing runs off the page.
        for o in &wide.pages[0] {
            match o {
                Op::Text { x, size, .. } => {
                    assert!(*x < LANDSCAPE.w - MARGIN, "{o:?}");
                    // The title (16), the page number (8), and the table at its full size.
                    assert!([16.0, 8.0, CELL].contains(size), "{o:?}");
                }
                Op::Line { x1, .. } => assert!(*x1 <= LANDSCAPE.w - MARGIN + 0.01, "{o:?}"),
                _ => {}
            }
        }
    }
}
