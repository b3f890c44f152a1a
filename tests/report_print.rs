//! Printed documents as a federation files them (issue 35): the appeal form, the casebook and
//! its statistics of the demo day, each in English, German and Danish, read back by
//! `pdftotext` and `pdffonts` (poppler-utils, which `scripts/deps.sh` installs): suit
//! symbols, each edition's card letters, every signer's name and every state whole (a cell
//! wraps, it is never cut), every font embedded.

mod common;

use common::pdf::{assert_fonts_embedded, page_size, poppler, text};
use std::path::Path;
use std::process::Command;

const DAY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/demo/day.tdlog");

fn tdlog(data: &Path, args: &[&str]) -> Vec<u8> {
    let o = Command::new(env!("CARGO_BIN_EXE_tdlog"))
        .env("TDLOG_DATA_DIR", data)
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

fn appeal_id(data: &Path) -> String {
    let listing = String::from_utf8(tdlog(data, &["appeals", DAY])).unwrap();
    listing.split_whitespace().next().unwrap().to_string()
}

/// What each edition prints of North's hand on board 13 (♠ 42 ♥ AT2 ♦ KT94 ♣ AJ86) and the
/// appeal's signed steps: their signers, in full, and the states.
fn expected(lang: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match lang {
        "de" => (
            &[
                "♠ 4 2",
                "♥ A 10 2",
                "♦ K 10 9 4",
                "♣ A B 8 6",
                "Nord",
                "Süd",
            ],
            &[
                "Jens Hansen, laptop 2 (Turnierleiter)",
                "Anna Berg (chief TD) (Hauptturnierleiter)",
                "26.11.2026 12:32:39 UTC",
                "beim Schiedsgericht",
                "§ 16 B 1",
            ],
        ),
        "da" => (
            &[
                "♠ 4 2",
                "♥ E 10 2",
                "♦ K 10 9 4",
                "♣ E B 8 6",
                "Nord",
                "Syd",
            ],
            &[
                "Jens Hansen, laptop 2 (turneringsleder)",
                "Anna Berg (chief TD) (chefturneringsleder)",
                "26.11.2026 12.32.39 UTC",
                "hos appelkomiteen",
                "§ 16B1",
            ],
        ),
        _ => (
            &[
                "♠ 4 2",
                "♥ A 10 2",
                "♦ K 10 9 4",
                "♣ A J 8 6",
                "North",
                "South",
            ],
            &[
                "Jens Hansen, laptop 2 (director)",
                "Anna Berg (chief TD) (chief director)",
                "2026-11-26 12:32:39 UTC",
                "with the appeals committee",
                "Law 16B1",
            ],
        ),
    }
}

#[test]
fn law_92_the_appeal_form_prints_the_hand_and_every_signed_step_whole_in_three_languages() {
    let dir = tempfile::tempdir().unwrap();
    let id = appeal_id(dir.path());
    for lang in ["en", "de", "da"] {
        let pdf = tdlog(
            dir.path(),
            &[
                "report", "appeal", DAY, &id, "--format", "pdf", "--lang", lang,
            ],
        );
        assert_fonts_embedded(&pdf, &format!("appeal form ({lang})"));
        assert_eq!(page_size(&pdf), (595.0, 842.0), "{lang}: upright A4");
        let t = text(&pdf);
        let (hand, steps) = expected(lang);
        for want in hand.iter().chain(steps) {
            assert!(t.contains(want), "{lang}: {want:?} not whole in\n{t}");
        }
        // The head digest the form was printed from.
        assert!(
            t.contains("388-03S4-G1FK-PFB6"),
            "{lang}: no head digest in\n{t}"
        );
    }
}

#[test]
fn law_93_the_casebook_starts_its_first_case_under_its_title() {
    let dir = tempfile::tempdir().unwrap();
    for lang in ["en", "de", "da"] {
        let pdf = tdlog(
            dir.path(),
            &["report", "casebook", DAY, "--format", "pdf", "--lang", lang],
        );
        assert_fonts_embedded(&pdf, &format!("casebook ({lang})"));
        // The first page holds the title and the first case's hand.
        let first = poppler("pdftotext", &["-raw", "-f", "1", "-l", "1"], &pdf);
        let (hand, _) = expected(lang);
        for want in hand {
            assert!(
                first.contains(want),
                "{lang}: {want:?} not on page 1:\n{first}"
            );
        }
    }
}

#[test]
fn law_93_the_casebook_statistics_print_in_three_languages_with_embedded_fonts() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, title, law) in [
        ("en", "Rulings and appeals: statistics", "16"),
        (
            "de",
            "Turnierleiterentscheidungen und Proteste: Statistik",
            "§ 16",
        ),
        ("da", "Kendelser og appeller: statistik", "§ 16"),
    ] {
        let pdf = tdlog(
            dir.path(),
            &["report", "stats", DAY, "--format", "pdf", "--lang", lang],
        );
        assert_fonts_embedded(&pdf, &format!("statistics ({lang})"));
        // Twelve columns: on its side, so the table keeps a readable size.
        assert_eq!(page_size(&pdf), (842.0, 595.0), "{lang}");
        let t = text(&pdf);
        assert!(t.contains(title), "{lang}: {title:?} not in\n{t}");
        assert!(t.contains(law), "{lang}: {law:?} not in\n{t}");
    }
}

/// Hand records (Law 7 boards as dealt, for the players after the session): board 11 of the
/// demo day as a dealing program prints it, in each language: the seats, the edition's card
/// letters, the denominations of the double-dummy table and the par.
#[test]
fn hand_records_print_each_board_with_its_double_dummy_table_and_par_in_three_languages() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, want) in [
        (
            "en",
            &[
                "Hand records: Demo Club Pairs",
                "Board 11",
                "North ♠ K 10 8 ♥ A 9 6 ♦ A 9 5 ♣ 7 5 4 2",
                "East ♠ Q 5 ♥ K J 5 2",
                "Dealer: South",
                "DD NT ♠ ♥ ♦ ♣ N 7 7 6 6 7 S 7 7 5 5 7 E 6 6 7 7 5 W 6 6 7 7 5",
                "Par: N-S +90",
            ][..],
        ),
        (
            "de",
            &[
                "Austeilungen: Demo Club Pairs",
                "Board 11",
                "Nord ♠ K 10 8 ♥ A 9 6 ♦ A 9 5 ♣ 7 5 4 2",
                "Ost ♠ D 5 ♥ K B 5 2",
                "Teiler: Süd",
                "DD SA ♠ ♥ ♦ ♣ N 7 7 6 6 7 S 7 7 5 5 7 O 6 6 7 7 5 W 6 6 7 7 5",
            ][..],
        ),
        (
            "da",
            &[
                "Kortfordelinger: Demo Club Pairs",
                "Spil 11",
                "Nord ♠ K 10 8 ♥ E 9 6 ♦ E 9 5 ♣ 7 5 4 2",
                "Øst ♠ D 5 ♥ K B 5 2",
                "Kortgiver: Syd",
                "DD UT ♠ ♥ ♦ ♣ N 7 7 6 6 7 S 7 7 5 5 7 Ø 6 6 7 7 5 V 6 6 7 7 5",
            ][..],
        ),
    ] {
        let pdf = tdlog(
            dir.path(),
            &["report", "hands", DAY, "--format", "pdf", "--lang", lang],
        );
        assert_fonts_embedded(&pdf, &format!("hand records ({lang})"));
        let t = text(&pdf);
        for w in want {
            assert!(t.contains(w), "{lang}: {w:?} not in\n{t}");
        }
        // Six boards to an A4 page, as a dealing program prints them (each board names its
        // dealer once).
        let dealer = want[4].split(':').next().unwrap();
        let boards = t.matches(&format!("{dealer}:")).count();
        let first = poppler("pdftotext", &["-raw", "-f", "1", "-l", "1"], &pdf);
        assert!(boards > 6, "{lang}: {boards} boards");
        assert_eq!(
            first.matches(&format!("{dealer}:")).count(),
            6,
            "{lang}: page 1"
        );
        assert_eq!(page_size(&pdf), (595.0, 842.0), "{lang}");
    }
}
