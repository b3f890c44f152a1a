//! The static results site (issue 14): ranking, travellers with their audit trails, score
//! cards, the policy and the log's head digest, in English, German and Danish, readable on a
//! phone, with no server and no script.

mod common;

use common::*;
use std::path::PathBuf;
use tdlog::events::Payload;
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::site::{site, slug, LogHead};
use tdlog::results::{import, ranking, results, Tournament};

fn pages() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/pbn/jfr-pairs-shape.pbn"),
    )
    .unwrap();
    let plan = import::plan(&tdlog::bridge::pbn::parse(&text).unwrap(), "A");
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("s.tdlog");
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &key(1), g).unwrap();
    log.append(&key(1), enrol(&key(3), Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append_batch(&key(3), plan.payloads).unwrap();
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    let rows = results(&t);
    let head = LogHead {
        log_id: v.log_id.to_string(),
        events: v.events.len(),
        digest: "d1g3st".into(),
    };
    site(&t, &rows, &ranking(&t, &rows), &head, &Default::default())
}

#[test]
fn results_site_has_ranking_travellers_and_score_cards_in_three_languages() {
    let pages = pages();
    // Root + per language: index, 16 travellers, 16 score cards.
    assert_eq!(pages.len(), 1 + 3 * (1 + 16 + 16));
    let get = |path: &str| {
        pages
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, h)| h.as_str())
            .unwrap_or_else(|| panic!("no page {path}"))
    };
    for (lang, ranking_word, board_word) in [
        ("en", "Results", "Board"),
        ("de", "Ergebnisse", "Board"),
        ("da", "Resultater", "Spil"),
    ] {
        let idx = get(&format!("{lang}/index.html"));
        assert!(idx.contains(ranking_word), "{lang}");
        assert!(idx.contains(&format!("<html lang=\"{lang}\">")));
        // The policy and the log's head digest on every page.
        assert!(idx.contains("Matchpoints"));
        assert!(idx.contains("d1g3st"));
        let b5 = get(&format!("{lang}/board-A-5.html"));
        assert!(b5.contains(board_word));
        // Every traveller line with its audit trail (one signed event each here).
        assert_eq!(b5.matches("<details>").count(), 8);
        assert!(b5.contains("64.29 %"), "board 5's pass-outs: 9 of 14");
    }
    // German score phrases come from the i18n layer, not English text.
    let de = get("de/board-A-5.html");
    assert!(de.contains("Prüfpfad"));
}

#[test]
fn results_site_is_readable_on_a_phone_and_needs_no_server() {
    for (path, html) in pages() {
        assert!(
            html.contains(
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            ),
            "{path}"
        );
        assert!(!html.contains("<script"), "{path}: no script");
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{path}: nothing remote"
        );
        if path != "index.html" {
            assert!(
                html.contains("class=\"wrap\""),
                "{path}: tables scroll sideways"
            );
        }
    }
}

#[test]
fn results_site_file_names_cannot_leave_the_directory() {
    assert_eq!(slug("../x"), "_2e_2e_2fx");
    assert_eq!(slug("Anna Nowak - B"), "Anna_20Nowak_20_2d_20B");
    assert_ne!(slug("a b"), slug("a_b"));
}
