//! Reports as PDF files: the pages `report::layout` places, drawn by krilla with the DejaVu
//! fonts embedded (subset to the glyphs used), so every letter and suit symbol prints the
//! same in every viewer. The fonts ship in `src/report/fonts/` under their licence
//! (`LICENSES/Bitstream-Vera.txt`); `docs/third-party.md` says why krilla.
//!
//! Output is deterministic (no dates, no random ids): the same report gives the same bytes.

use super::layout::{self, Face, Ink, Measure, Op};
use super::Block;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};
use krilla::Document;
use std::sync::OnceLock;

static REGULAR: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("fonts/DejaVuSans-Bold.ttf");
static MONO: &[u8] = include_bytes!("fonts/DejaVuSansMono.ttf");

/// The three faces, for drawing (krilla) and for measuring (rustybuzz, which krilla shapes
/// with: a width measured here is the width drawn).
struct Fonts {
    draw: [Font; 3],
    shape: [rustybuzz::Face<'static>; 3],
}

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let bytes = [REGULAR, BOLD, MONO];
        Fonts {
            // The fonts are part of the binary: one that does not load is a build defect.
            draw: bytes.map(|b| Font::new(b.into(), 0).expect("a shipped font loads")),
            shape: bytes.map(|b| rustybuzz::Face::from_slice(b, 0).expect("a shipped font loads")),
        }
    })
}

fn index(face: Face) -> usize {
    match face {
        Face::Regular => 0,
        Face::Bold => 1,
        Face::Mono => 2,
    }
}

impl Measure for Fonts {
    fn width(&self, face: Face, size: f32, s: &str) -> f32 {
        let f = &self.shape[index(face)];
        let mut buf = rustybuzz::UnicodeBuffer::new();
        buf.push_str(s);
        let shaped = rustybuzz::shape(f, &[], buf);
        let advance: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        advance as f32 * size / f.units_per_em() as f32
    }
}

/// The document `render` draws, laid out with the shipped fonts (what tests read back).
pub fn laid_out(blocks: &[Block]) -> layout::Document {
    layout::document(blocks, fonts())
}

/// Renders blocks to a complete PDF file.
pub fn render(blocks: &[Block]) -> Vec<u8> {
    let f = fonts();
    let laid = layout::document(blocks, f);
    let mut doc = Document::new();
    for ops in &laid.pages {
        let Some(settings) = PageSettings::from_wh(laid.paper.w, laid.paper.h) else {
            continue;
        };
        let mut page = doc.start_page_with(settings);
        let mut s = page.surface();
        for op in ops {
            draw(&mut s, f, op);
        }
        s.finish();
        page.finish();
    }
    // Krilla refuses only what it cannot write (a glyph-less font, a bad number), none of
    // which the layout makes; an empty file would be a silent loss, so this is a defect.
    doc.finish().expect("krilla writes the laid-out pages")
}

fn draw(s: &mut krilla::surface::Surface<'_>, f: &Fonts, op: &Op) {
    match op {
        Op::Text {
            x,
            y,
            face,
            size,
            ink,
            text,
        } => {
            let colour = match ink {
                Ink::Black => rgb::Color::new(0, 0, 0),
                Ink::Red => rgb::Color::new(200, 0, 0),
            };
            s.set_stroke(None);
            s.set_fill(Some(Fill {
                paint: colour.into(),
                ..Default::default()
            }));
            s.draw_text(
                Point::from_xy(*x, *y),
                f.draw[index(*face)].clone(),
                *size,
                text,
                false,
                TextDirection::Auto,
            );
        }
        Op::Line {
            x0,
            y0,
            x1,
            y1,
            width,
        } => {
            let mut pb = PathBuilder::new();
            pb.move_to(*x0, *y0);
            pb.line_to(*x1, *y1);
            if let Some(path) = pb.finish() {
                s.set_fill(None);
                s.set_stroke(Some(Stroke {
                    width: *width,
                    ..Default::default()
                }));
                s.draw_path(&path);
            }
        }
        Op::Shade { x, y, w, h } => {
            let mut pb = PathBuilder::new();
            if let Some(r) = Rect::from_xywh(*x, *y, *w, *h) {
                pb.push_rect(r);
            }
            if let Some(path) = pb.finish() {
                s.set_stroke(None);
                s.set_fill(Some(Fill {
                    paint: rgb::Color::new(225, 225, 225).into(),
                    ..Default::default()
                }));
                s.draw_path(&path);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_blocks_give_the_same_bytes() {
        let blocks = vec![
            Block::Title("Berufungsformular ♠♥♦♣".into()),
            Block::Para("Süd, Øst, Nord: A K D B 10".into()),
        ];
        assert_eq!(render(&blocks), render(&blocks));
    }

    #[test]
    fn measured_widths_follow_the_text() {
        let f = fonts();
        let a = f.width(Face::Regular, 10.0, "Jens Hansen");
        assert!(a > 40.0 && a < 80.0, "{a}");
        assert!(f.width(Face::Bold, 10.0, "Jens Hansen") > a);
        assert_eq!(
            f.width(Face::Mono, 10.0, "♠♥♦♣"),
            f.width(Face::Mono, 10.0, "AKDB")
        );
    }
}
