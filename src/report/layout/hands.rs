//! Deals on the page: the appeal form's hand diagram (a compass at reading size, one piece)
//! and the hand records' boards (small compasses two to a row, each with its double-dummy
//! tricks and par), as a dealing program prints them for the players.

use super::{wrap, Face, Ink, Layout, Op, HAND_HEIGHT, HAND_LEAD, MARGIN, PORTRAIT};
use crate::report::{BoardRecord, Hand};

/// The hand records' text size and line spacing.
const SIZE: f32 = 8.5;
const LEAD: f32 = 10.5;
/// The tricks table's text size and line spacing.
const TRICKS_SIZE: f32 = 7.5;
const TRICKS_LEAD: f32 = 9.5;
/// Between two boards of a row.
const GAP: f32 = 20.0;
/// Inside a board's frame.
const INSET: f32 = 5.0;
/// A board's height with one line of par: what a heading before the records is kept with.
pub(super) const BOARD_HEIGHT: f32 = 2.0 * INSET + 16.0 * LEAD + 12.0;

/// The suits in the order they are shown, and whether each is printed red.
const SUITS: [(&str, bool); 4] = [("♠", false), ("♥", true), ("♦", true), ("♣", false)];

impl Layout<'_> {
    /// The four hands as a compass: North above, West and East either side of a box with the
    /// board's particulars, South below. Never split over two pages.
    pub(super) fn hand(&mut self, h: &Hand) {
        self.need(HAND_HEIGHT + 4.0);
        let col = self.paper.room().min(PORTRAIT.room()) / 3.0;
        let seat_h = HAND_LEAD * 5.0;
        let top = self.y + 4.0;
        let at = |i: usize| match i {
            0 => (MARGIN + col, top),
            1 => (MARGIN + 2.0 * col + 10.0, top + seat_h),
            2 => (MARGIN + col, top + 2.0 * seat_h),
            _ => (MARGIN, top + seat_h),
        };
        for (i, seat) in h.seats.iter().enumerate() {
            let (x, y) = at(i);
            self.seat(x, y, 10.0, HAND_LEAD, f32::INFINITY, seat);
        }
        // The board's particulars in the middle, boxed.
        let (bx, by) = (MARGIN + col, top + seat_h + 6.0);
        let (bw, bh) = (col - 20.0, seat_h - 12.0);
        self.frame(bx, by, bw, bh, 0.6);
        for (k, line) in h.centre.iter().take(4).enumerate() {
            for part in wrap(self.m, Face::Regular, 9.0, bw - 8.0, line)
                .into_iter()
                .take(1)
            {
                self.op(Op::Text {
                    x: bx + 4.0,
                    y: by + 4.0 + 9.0 + k as f32 * 12.0,
                    face: if k == 0 { Face::Bold } else { Face::Regular },
                    size: 9.0,
                    ink: Ink::Black,
                    text: part,
                });
            }
        }
        self.y = top + 3.0 * seat_h + 4.0;
    }

    /// Hand records: two boards to a row, a row never split over two pages.
    pub(super) fn boards(&mut self, boards: &[BoardRecord]) {
        let cw = (self.paper.room().min(PORTRAIT.room()) - GAP) / 2.0;
        for pair in boards.chunks(2) {
            let h = pair
                .iter()
                .map(|b| self.board_height(b, cw))
                .fold(0.0f32, f32::max);
            self.need(h + GAP / 2.0);
            if !self.at_top() {
                self.y += GAP / 2.0;
            }
            let top = self.y;
            for (i, b) in pair.iter().enumerate() {
                self.board(b, MARGIN + i as f32 * (cw + GAP), top, cw, h);
            }
            self.y = top + h;
        }
    }

    fn board_height(&self, b: &BoardRecord, cw: f32) -> f32 {
        let below = wrap(self.m, Face::Regular, SIZE, cw - 2.0 * INSET, &b.below).len();
        2.0 * INSET + (15.0 + below as f32) * LEAD + 4.0
    }

    /// One board in a frame `cw` wide and `h` high at (`x0`, `top`): the particulars in the
    /// top-left corner, North, West, East and South as a compass, the tricks in the
    /// bottom-right corner beside South, the par beneath.
    fn board(&mut self, b: &BoardRecord, x0: f32, top: f32, cw: f32, h: f32) {
        self.frame(x0, top, cw, h, 0.4);
        let (left, right) = (x0 + INSET, x0 + cw - INSET);
        let mid = x0 + cw * 0.36;
        let east = x0 + cw * 0.69;
        let y0 = top + INSET;
        // The particulars: as many lines as the corner holds.
        let mut lines = Vec::new();
        for (k, c) in b.hand.centre.iter().enumerate() {
            let face = if k == 0 { Face::Bold } else { Face::Regular };
            for l in wrap(self.m, face, SIZE, mid - left - 4.0, c) {
                lines.push((face, l));
            }
        }
        for (k, (face, text)) in lines.into_iter().take(5).enumerate() {
            self.op(Op::Text {
                x: left,
                y: y0 + (k as f32 + 1.0) * LEAD,
                face,
                size: SIZE,
                ink: Ink::Black,
                text,
            });
        }
        let tricks_w = self.tricks_width(b);
        let [n, e, s, w] = &b.hand.seats;
        self.seat(mid, y0, SIZE, LEAD, right - mid, n);
        self.seat(left, y0 + 5.0 * LEAD, SIZE, LEAD, east - left - 4.0, w);
        self.seat(east, y0 + 5.0 * LEAD, SIZE, LEAD, right - east, e);
        self.seat(
            mid,
            y0 + 10.0 * LEAD,
            SIZE,
            LEAD,
            right - tricks_w - mid - 4.0,
            s,
        );
        if let Some(t) = &b.tricks {
            self.tricks(t, right - tricks_w, y0 + 10.0 * LEAD);
        }
        for (k, line) in wrap(self.m, Face::Regular, SIZE, cw - 2.0 * INSET, &b.below)
            .into_iter()
            .enumerate()
        {
            self.op(Op::Text {
                x: left,
                y: y0 + (16.0 + k as f32) * LEAD,
                face: Face::Regular,
                size: SIZE,
                ink: Ink::Black,
                text: line,
            });
        }
    }

    /// A seat's name and its four holdings from (`x`, `y`), each holding within `room`
    /// points (set smaller when a long suit would not fit, never cut).
    fn seat(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        lead: f32,
        room: f32,
        seat: &crate::report::HandSeat,
    ) {
        self.op(Op::Text {
            x,
            y: y + lead,
            face: Face::Bold,
            size,
            ink: Ink::Black,
            text: seat.label.clone(),
        });
        let indent = size * 1.3;
        for (k, holding) in seat.suits.iter().enumerate() {
            let y = y + lead * (k as f32 + 2.0);
            let (symbol, red) = SUITS[k];
            let text = if holding.is_empty() { "—" } else { holding };
            let wide = self.m.width(Face::Regular, size, text);
            let fit = if wide + indent > room {
                (size * (room - indent) / wide).max(size * 0.7)
            } else {
                size
            };
            self.op(Op::Text {
                x,
                y,
                face: Face::Regular,
                size,
                ink: if red { Ink::Red } else { Ink::Black },
                text: symbol.to_string(),
            });
            self.op(Op::Text {
                x: x + indent,
                y,
                face: Face::Regular,
                size: fit,
                ink: Ink::Black,
                text: text.to_string(),
            });
        }
    }

    /// The width of a board's tricks table: a column for the declarer, one per denomination.
    fn tricks_width(&self, b: &BoardRecord) -> f32 {
        b.tricks
            .as_ref()
            .map_or(0.0, |t| self.tricks_col(t) * t.columns.len() as f32)
    }

    fn tricks_col(&self, t: &crate::report::Table) -> f32 {
        let widest = t
            .columns
            .iter()
            .map(|c| c.title.as_str())
            .chain(t.rows.iter().flatten().map(String::as_str))
            .map(|s| self.m.width(Face::Regular, TRICKS_SIZE, s))
            .fold(0.0f32, f32::max);
        widest + 4.0
    }

    /// The double-dummy tricks as a small grid: denominations across, declarers down,
    /// each figure right-aligned under its denomination.
    fn tricks(&mut self, t: &crate::report::Table, x: f32, y: f32) {
        let col = self.tricks_col(t);
        let put = |l: &mut Self, row: usize, i: usize, s: &str, face: Face| {
            let w = l.m.width(face, TRICKS_SIZE, s);
            let red = row == 0 && (s == "♥" || s == "♦");
            l.op(Op::Text {
                x: x + (i as f32 + 1.0) * col - w - 2.0,
                y: y + (row as f32 + 1.0) * TRICKS_LEAD + 2.0,
                face,
                size: TRICKS_SIZE,
                ink: if red { Ink::Red } else { Ink::Black },
                text: s.to_string(),
            });
        };
        for (i, c) in t.columns.iter().enumerate() {
            put(self, 0, i, &c.title, Face::Bold);
        }
        for (r, row) in t.rows.iter().enumerate() {
            for (i, cell) in row.iter().enumerate() {
                put(
                    self,
                    r + 1,
                    i,
                    cell,
                    if i == 0 { Face::Bold } else { Face::Regular },
                );
            }
        }
        self.op(Op::Line {
            x0: x,
            y0: y + TRICKS_LEAD + 4.5,
            x1: x + col * t.columns.len() as f32,
            y1: y + TRICKS_LEAD + 4.5,
            width: 0.3,
        });
    }

    /// A box's four sides.
    fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        for (x0, y0, x1, y1) in [
            (x, y, x + w, y),
            (x, y + h, x + w, y + h),
            (x, y, x, y + h),
            (x + w, y, x + w, y + h),
        ] {
            self.op(Op::Line {
                x0,
                y0,
                x1,
                y1,
                width,
            });
        }
    }
}
