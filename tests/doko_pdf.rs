//! The table's Spielliste as a PDF in the layout of §6.3 (issue 7), written by the shared
//! report writer (`report::pdf`): deterministic bytes, the expected rows as laid out, and
//! the file read back by `pdftotext` (poppler-utils, which `scripts/deps.sh` installs).

use std::collections::BTreeMap;
use tdlog::doko::list::GameList;
use tdlog::doko::seat::Seat;
use tdlog::doko::table::RecordedGame;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/doko/round16");

fn list() -> GameList {
    let games: Vec<RecordedGame> =
        serde_json::from_str(&std::fs::read_to_string(format!("{DIR}/events.json")).unwrap())
            .unwrap();
    let profile = tdlog::doko::profile::Profile::default();
    tdlog::doko::table::replay_table(
        &games,
        tdlog::doko::round::TableConfig::new(4).unwrap(),
        &profile,
    )
    .unwrap()
    .list
}

fn names() -> BTreeMap<Seat, String> {
    [Seat::A, Seat::B, Seat::C, Seat::D]
        .into_iter()
        .zip(["Anna", "Bert", "Cleo", "Jørgen"])
        .map(|(s, n)| (s, n.to_string()))
        .collect()
}

/// The text on each page as laid out (`report::pdf::laid_out`, the pages `render` draws),
/// one entry per table cell or line: the lines of a cell wrapped over several lines are
/// joined with a space. The page number at the foot is left out.
fn pages(blocks: &[tdlog::report::Block]) -> Vec<Vec<String>> {
    use tdlog::report::layout::Op;
    tdlog::report::pdf::laid_out(blocks)
        .pages
        .into_iter()
        .map(|page| {
            let mut out: Vec<String> = Vec::new();
            let mut prev: Option<(f32, f32, f32)> = None;
            for op in page {
                let Op::Text {
                    x, y, size, text, ..
                } = op
                else {
                    continue;
                };
                if size <= 8.0 {
                    continue;
                }
                match (prev, out.last_mut()) {
                    // The next line of the same cell.
                    (Some((px, py, ps)), Some(last))
                        if px == x && ps == size && (y - py - 11.5).abs() < 0.01 =>
                    {
                        last.push(' ');
                        last.push_str(&text);
                    }
                    _ => out.push(text),
                }
                prev = Some((x, y, size));
            }
            out
        })
        .collect()
}

#[test]
fn the_list_pdf_is_deterministic_and_well_formed_6_3() {
    let l = list();
    let a = tdlog::doko::report::render_pdf(&l, "eppstein-2001", &names(), 1, 3);
    let b = tdlog::doko::report::render_pdf(&l, "eppstein-2001", &names(), 1, 3);
    assert_eq!(a, b, "same list, same bytes");
    assert!(a.starts_with(b"%PDF-"));
    let p = pages(&tdlog::doko::report::blocks(
        &l,
        "eppstein-2001",
        &names(),
        1,
        3,
    ));
    assert_eq!(p.len(), 1, "16 games fit one A4 page");
    let cells = &p[0];
    assert_eq!(cells[0], "Spielliste (Profil eppstein-2001)");
    // The header row: Nr, Geber, one column per player (Latin-1 names kept), PS, value.
    let h = cells.iter().position(|c| c == "Nr").unwrap();
    assert_eq!(
        &cells[h..h + 8],
        [
            "Nr",
            "Geber",
            "Anna",
            "Bert",
            "Cleo",
            "Jørgen",
            "PS",
            "Punkte dieses Spiels und Art des Spiels"
        ]
    );
    // Every row of the list, in order: number, dealer, running totals, P, value and kind.
    let mut at = h + 8;
    for r in &l.rows {
        let mut want = vec![
            r.game_no.map(|n| n.to_string()).unwrap_or_default(),
            names()[&r.dealer].clone(),
        ];
        for s in &l.seats {
            want.push(r.totals[s].to_string());
        }
        assert_eq!(&cells[at..at + 6], want.as_slice(), "row {:?}", r.game_no);
        at += 8;
    }
    assert_eq!(at, cells.len(), "nothing else on the page");
    let last = &cells[cells.len() - 1];
    assert!(last.contains("vorgeführt"), "{last}");
}

#[test]
fn the_list_pdf_reads_back_with_pdftotext_6_3() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("list.pdf");
    std::fs::write(
        &f,
        tdlog::doko::report::render_pdf(&list(), "ddv", &names(), 2, 7),
    )
    .unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(&f)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Spielliste (Profil ddv)"), "{text}");
    assert!(text.contains("Jørgen"), "{text}");
    assert!(text.contains("Strafpunkte §8.4.2"), "{text}");
    assert!(text.contains("Pflichtsolo Trumpfsolo"), "{text}");
}
