//! A small PDF writer for reports: A4 pages of wrapped text in the standard Type1 fonts
//! Helvetica and Helvetica-Bold (WinAnsiEncoding), suit symbols from ZapfDingbats (its
//! characters 168-171 are ♣ ♦ ♥ ♠), so no font is embedded and no crate is needed. Output is
//! deterministic (no dates, no ids): the same report gives the same bytes.

use super::{Block, Table};

const W: f64 = 595.0;
const H: f64 = 842.0;
const MARGIN: f64 = 50.0;

/// Helvetica advance widths (per 1000 em) for ASCII 32..=126, from the Adobe AFM.
const HELV: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

fn char_width(c: char, size: f64, bold: bool) -> f64 {
    let w = match c as u32 {
        32..=126 => HELV[c as usize - 32] as f64,
        _ => 611.0,
    };
    // Helvetica-Bold is a little wider; wrapping stays on the safe side.
    w * size / 1000.0 * if bold { 1.08 } else { 1.0 }
}

fn text_width(s: &str, size: f64, bold: bool) -> f64 {
    s.chars().map(|c| char_width(c, size, bold)).sum()
}

/// Greedy word wrap to `width` points.
fn wrap(s: &str, size: f64, bold: bool, width: f64) -> Vec<String> {
    let mut out = vec![];
    for para in s.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let cand = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if text_width(&cand, size, bold) <= width || line.is_empty() {
                line = cand;
            } else {
                out.push(std::mem::take(&mut line));
                line = word.to_string();
            }
            // A single word longer than the line is cut.
            while text_width(&line, size, bold) > width && line.chars().count() > 1 {
                let mut cut = String::new();
                for c in line.chars() {
                    if text_width(&format!("{cut}{c}"), size, bold) > width {
                        break;
                    }
                    cut.push(c);
                }
                let rest: String = line.chars().skip(cut.chars().count()).collect();
                out.push(cut);
                line = rest;
            }
        }
        out.push(line);
    }
    out
}

/// A PDF string literal in WinAnsi: ASCII as is (with `\`, `(`, `)` escaped), Latin-1 as
/// octal escapes, anything else as `?`.
fn pdf_string(s: &str) -> String {
    let mut o = String::from("(");
    for c in s.chars() {
        match c {
            '\\' | '(' | ')' => {
                o.push('\\');
                o.push(c);
            }
            ' '..='~' => o.push(c),
            '\u{2013}' | '\u{2014}' => o.push('-'),
            // Suit symbols are not in WinAnsi: the letters used on travellers.
            '\u{2660}' | '\u{2664}' => o.push('S'),
            '\u{2665}' | '\u{2661}' => o.push('H'),
            '\u{2666}' | '\u{2662}' => o.push('D'),
            '\u{2663}' | '\u{2667}' => o.push('C'),
            '\u{2018}' | '\u{2019}' => o.push('\''),
            '\u{201C}' | '\u{201D}' => o.push('"'),
            c if (0xA0..=0xFF).contains(&(c as u32)) => o.push_str(&format!("\\{:03o}", c as u32)),
            _ => o.push('?'),
        }
    }
    o.push(')');
    o
}

/// A suit symbol's character in ZapfDingbats.
fn dingbat(c: char) -> Option<u8> {
    match c {
        '\u{2663}' | '\u{2667}' => Some(168),
        '\u{2666}' | '\u{2662}' => Some(169),
        '\u{2665}' | '\u{2661}' => Some(170),
        '\u{2660}' | '\u{2664}' => Some(171),
        _ => None,
    }
}

/// The operators that show `s` once `font` at `size` is selected: runs of text as PDF
/// strings, each suit symbol in ZapfDingbats (`F4`), then back to `font`. Text without a
/// symbol is one string, as it always was.
fn shown(font: &str, size: f64, s: &str) -> String {
    let mut out = String::new();
    let mut run = String::new();
    let mut any = false;
    for c in s.chars() {
        match dingbat(c) {
            Some(code) => {
                if !run.is_empty() {
                    out.push_str(&format!("{} Tj ", pdf_string(&run)));
                    run.clear();
                }
                out.push_str(&format!(
                    "/F4 {size} Tf (\\{code:03o}) Tj /{font} {size} Tf "
                ));
                any = true;
            }
            None => run.push(c),
        }
    }
    if !run.is_empty() || !any {
        out.push_str(&format!("{} Tj", pdf_string(&run)));
    }
    out.trim_end().to_string()
}

struct Pages {
    pages: Vec<String>,
    cur: String,
    y: f64,
}

impl Pages {
    fn new() -> Pages {
        Pages {
            pages: vec![],
            cur: String::new(),
            y: H - MARGIN,
        }
    }
    fn new_page(&mut self) {
        if !self.cur.is_empty() {
            self.pages.push(std::mem::take(&mut self.cur));
        }
        self.y = H - MARGIN;
    }
    fn need(&mut self, h: f64) {
        if self.y - h < MARGIN {
            self.new_page();
        }
    }
    fn line(&mut self, x: f64, s: &str, size: f64, bold: bool) {
        let lead = size * 1.3;
        self.need(lead);
        self.y -= lead;
        let font = if bold { "F2" } else { "F1" };
        self.cur.push_str(&format!(
            "BT /{font} {size} Tf {x:.1} {:.1} Td {} ET\n",
            self.y,
            shown(font, size, s)
        ));
    }
    fn para(&mut self, x: f64, s: &str, size: f64, bold: bool) {
        for l in wrap(s, size, bold, W - MARGIN - x) {
            self.line(x, &l, size, bold);
        }
    }
    fn rule(&mut self) {
        self.need(8.0);
        self.y -= 4.0;
        self.cur.push_str(&format!(
            "0.6 w {MARGIN:.1} {:.1} m {:.1} {:.1} l S\n",
            self.y,
            W - MARGIN,
            self.y
        ));
        self.y -= 4.0;
    }
}

/// `s` cut to fit `width` points.
fn fit(s: &str, size: f64, bold: bool, width: f64) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if text_width(&format!("{out}{c}"), size, bold) > width {
            break;
        }
        out.push(c);
    }
    out
}

impl Pages {
    /// One table row: cells fitted to their columns, ruled below and between columns; a
    /// header row on a grey ground.
    fn table_row(&mut self, t: &Table, xs: &[f64], cells: &[String], header: bool) {
        const SIZE: f64 = 9.0;
        const ROW: f64 = 14.0;
        let top = self.y;
        self.y -= ROW;
        let x_end = xs.last().copied().unwrap_or(W - MARGIN);
        if header {
            self.cur.push_str(&format!(
                "0.88 g {MARGIN:.1} {:.1} {:.1} {ROW:.1} re f 0 g\n",
                self.y,
                x_end - MARGIN
            ));
        }
        let font = if header { "F2" } else { "F1" };
        for (i, c) in t.columns.iter().enumerate() {
            let (x0, x1) = (xs[i], xs[i + 1]);
            let cell = fit(
                cells.get(i).map(String::as_str).unwrap_or(""),
                SIZE,
                header,
                x1 - x0 - 6.0,
            );
            let x = if c.right && !header {
                x1 - 3.0 - text_width(&cell, SIZE, false)
            } else {
                x0 + 3.0
            };
            self.cur.push_str(&format!(
                "BT /{font} {SIZE} Tf {x:.1} {:.1} Td {} ET\n",
                self.y + 4.0,
                shown(font, SIZE, &cell)
            ));
        }
        self.cur.push_str(&format!(
            "0.4 w {MARGIN:.1} {:.1} m {x_end:.1} {:.1} l S\n",
            self.y, self.y
        ));
        for x in xs {
            self.cur
                .push_str(&format!("{x:.1} {top:.1} m {x:.1} {:.1} l S\n", self.y));
        }
    }

    fn table_top(&mut self, t: &Table, xs: &[f64]) {
        let x_end = xs.last().copied().unwrap_or(W - MARGIN);
        self.cur.push_str(&format!(
            "0.4 w {MARGIN:.1} {:.1} m {x_end:.1} {:.1} l S\n",
            self.y, self.y
        ));
        let titles: Vec<String> = t.columns.iter().map(|c| c.title.clone()).collect();
        self.table_row(t, xs, &titles, true);
    }

    fn table(&mut self, t: &Table) {
        const ROW: f64 = 14.0;
        let total: f64 = t.columns.iter().map(|c| f64::from(c.weight)).sum::<f64>();
        let total = if total > 0.0 { total } else { 1.0 };
        let mut xs = vec![MARGIN];
        for c in &t.columns {
            let last = xs[xs.len() - 1];
            xs.push(last + (W - 2.0 * MARGIN) * f64::from(c.weight) / total);
        }
        self.need(3.0 * ROW);
        self.y -= 4.0;
        self.table_top(t, &xs);
        for r in &t.rows {
            if self.y - ROW < MARGIN {
                self.new_page();
                self.table_top(t, &xs);
            }
            self.table_row(t, &xs, r, false);
        }
    }
}

/// Renders blocks to a complete PDF file.
pub fn render(blocks: &[Block]) -> Vec<u8> {
    let mut p = Pages::new();
    for b in blocks {
        match b {
            Block::Title(t) => {
                p.para(MARGIN, t, 16.0, true);
                p.rule();
            }
            Block::Heading(t) => {
                p.need(30.0);
                p.y -= 6.0;
                p.para(MARGIN, t, 12.0, true);
            }
            Block::Field(k, v) => {
                let label = format!("{k}:");
                let lines = wrap(v, 10.0, false, W - 2.0 * MARGIN - 140.0);
                // A label too wide for its column gets a line of its own.
                let own_line = text_width(&label, 10.0, true) > 135.0;
                if own_line {
                    p.para(MARGIN, &label, 10.0, true);
                }
                for (i, l) in lines.iter().enumerate() {
                    let lead = 13.0;
                    p.need(lead);
                    p.y -= lead;
                    if i == 0 && !own_line {
                        p.cur.push_str(&format!(
                            "BT /F2 10 Tf {MARGIN:.1} {:.1} Td {} ET\n",
                            p.y,
                            shown("F2", 10.0, &label)
                        ));
                    }
                    p.cur.push_str(&format!(
                        "BT /F1 10 Tf {:.1} {:.1} Td {} ET\n",
                        MARGIN + 140.0,
                        p.y,
                        shown("F1", 10.0, l)
                    ));
                }
            }
            Block::Para(t) => p.para(MARGIN, t, 10.0, false),
            Block::Mono(t) => {
                for l in t.lines() {
                    p.need(12.0);
                    p.y -= 12.0;
                    p.cur.push_str(&format!(
                        "BT /F3 9 Tf {MARGIN:.1} {:.1} Td {} ET\n",
                        p.y,
                        shown("F3", 9.0, l)
                    ));
                }
            }
            Block::Row(cells) => {
                let line = cells.join("  |  ");
                p.para(MARGIN + 10.0, &line, 9.0, false);
            }
            Block::Table(t) => p.table(t),
            Block::PageBreak => p.new_page(),
        }
    }
    p.new_page();
    let pages = if p.pages.is_empty() {
        vec![String::new()]
    } else {
        p.pages
    };

    // Objects: 1 catalog, 2 pages, 3-6 fonts, then (page, contents) per page.
    let mut objs: Vec<String> = vec![];
    let n = pages.len();
    let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 7 + 2 * i)).collect();
    objs.push("<< /Type /Catalog /Pages 2 0 R >>".into());
    objs.push(format!(
        "<< /Type /Pages /Kids [{}] /Count {n} >>",
        kids.join(" ")
    ));
    for base in ["Helvetica", "Helvetica-Bold", "Courier"] {
        objs.push(format!(
            "<< /Type /Font /Subtype /Type1 /BaseFont /{base} /Encoding /WinAnsiEncoding >>"
        ));
    }
    // The suit symbols, in the font's own encoding.
    objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>".into());
    for (i, content) in pages.iter().enumerate() {
        objs.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {W} {H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R /F4 6 0 R >> >> /Contents {} 0 R >>",
            8 + 2 * i
        ));
        objs.push(format!(
            "<< /Length {} >>\nstream\n{content}endstream",
            content.len()
        ));
    }
    let mut out = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec();
    let mut offsets = vec![];
    for (i, o) in objs.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objs.len() + 1).as_bytes());
    for off in offsets {
        out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objs.len() + 1
        )
        .as_bytes(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_lines_inside_the_width() {
        let s = "The committee found that pass was a logical alternative for West after the hesitation.";
        for l in wrap(s, 10.0, false, 150.0) {
            assert!(text_width(&l, 10.0, false) <= 150.0, "{l}");
        }
    }

    #[test]
    fn latin1_is_escaped_and_the_rest_replaced() {
        assert_eq!(pdf_string("Süd (a)"), "(S\\374d \\(a\\))");
        assert_eq!(pdf_string("Øst 4♠ →"), "(\\330st 4S ?)");
    }

    #[test]
    fn suit_symbols_are_drawn_from_zapf_dingbats_and_the_text_goes_on_in_its_font() {
        assert_eq!(
            shown("F1", 10.0, "4♠X, ♥10"),
            "(4) Tj /F4 10 Tf (\\253) Tj /F1 10 Tf (X, ) Tj /F4 10 Tf (\\252) Tj /F1 10 Tf (10) Tj"
        );
        assert_eq!(shown("F3", 9.0, "Süd"), "(S\\374d) Tj");
        let pdf = String::from_utf8_lossy(&render(&[Block::Para("♣♦".into())])).to_string();
        assert!(
            pdf.contains("/BaseFont /ZapfDingbats") && pdf.contains("(\\250) Tj"),
            "{pdf}"
        );
    }
}
