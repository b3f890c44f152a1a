//! N9: one way of citing a law per language, everywhere a TD reads one. English "Law 92D"
//! (also "Laws 61-64"), German as the DBV edition "§ 92 D" (number, letter and item apart),
//! Danish as the DBf edition "§ 92D". This scans every text table of the engine and the UI's
//! three catalogues (`ui/src/lib/i18n/{en,de,da}.ts` and their parts under `doko/`,
//! `errors/`, `setup/`) and fails on any other style: "Regel 16C" or "27B1a" in German,
//! "lov 92D" or "§ 92 D" in Danish, "§ 92" in English, a bare "(12C2)" anywhere. A
//! Doppelkopf rule ("§8.2.2", "§5": the club rulebook's own numbering, the sign right at the
//! number) is not a law of bridge and is left alone, as are call codes a TD types ("1C bis
//! 7NT").

use regex::Regex;
use std::sync::OnceLock;
use tdlog::i18n::{Lang, ASSISTANT, EVENTS, LABELS, NOTES, SITE, STATS, STEPS, TEXTS, TREES};

struct Rules {
    doko: Regex,
    placeholder: Regex,
    code: Regex,
    token: Regex,
    call: Regex,
    foreign_en: Regex,
    foreign_de: Regex,
    foreign_da: Regex,
    danish_style: Regex,
    german_style: Regex,
    english_spaced: Regex,
}

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules {
        doko: Regex::new(r"§\d+(\.\d+)*(\s?\([a-z0-9]+\))?").unwrap(),
        placeholder: Regex::new(r"\{\w+\}").unwrap(),
        code: Regex::new(r"`[^`]*`").unwrap(),
        // A law with a letter: 12C2, 27B1a, 92D, 12C1(c).
        token: Regex::new(r"\b\d{1,2}[A-H](\d+|[a-z]\b|\([a-z0-9]+\))*").unwrap(),
        // A call a TD types: 1C, 4S, 7NT (never cited as a law).
        call: Regex::new(r"^[1-7][CDHS]$").unwrap(),
        foreign_en: Regex::new(r"(§\s*\d|\b(Regel|Regeln|[Ll]ov|[Ll]ove|[Ll]oven|[Ll]ovene)\s+\d)")
            .unwrap(),
        foreign_de: Regex::new(r"\b(Laws?|Regel|Regeln|[Ll]ov|[Ll]ove|[Ll]oven|[Ll]ovene)\s+\d")
            .unwrap(),
        foreign_da: Regex::new(r"\b(Laws?|Regel|Regeln|[Ll]ov|[Ll]ove|[Ll]oven|[Ll]ovene)\s+\d")
            .unwrap(),
        // DBf style in German: a letter right after the number, "§ 92D".
        danish_style: Regex::new(r"§§?\s*\d{1,2}[A-H]").unwrap(),
        // DBV style in Danish: "§ 92 D".
        german_style: Regex::new(r"§§?\s*\d{1,2}\s+[A-H]\b").unwrap(),
        english_spaced: Regex::new(r"\bLaws?\s+\d{1,2}\s+[A-H]\b").unwrap(),
    })
}

/// The citations in `text` that are not in `lang`'s style.
fn wrong_citations(lang: Lang, text: &str) -> Vec<String> {
    let r = rules();
    let text = r.doko.replace_all(text, " ");
    let text = r.placeholder.replace_all(&text, " ");
    let text = r.code.replace_all(&text, " ").to_string();
    let mut bad = vec![];
    let (foreign, style) = match lang {
        Lang::En => (&r.foreign_en, &r.english_spaced),
        Lang::De => (&r.foreign_de, &r.danish_style),
        Lang::Da => (&r.foreign_da, &r.german_style),
    };
    bad.extend(foreign.find_iter(&text).map(|m| m.as_str().to_string()));
    bad.extend(style.find_iter(&text).map(|m| m.as_str().to_string()));
    for m in r.token.find_iter(&text) {
        if r.call.is_match(m.as_str()) {
            continue;
        }
        let cited = match lang {
            // The DBV writes the letter apart: any "27B" is not German style.
            Lang::De => false,
            Lang::En => in_run(&text[..m.start()], &["Law", "Laws"]),
            Lang::Da => in_run(&text[..m.start()], &["§", "§§"]),
        };
        if !cited {
            bad.push(m.as_str().to_string());
        }
    }
    bad
}

/// Whether the text before a law token ends in a citation run that starts with one of
/// `markers`: "Law 16B1, 93B2", "Laws 61-64 and 67", "§§ 91A, 93B3".
fn in_run(before: &str, markers: &[&str]) -> bool {
    let words: Vec<&str> = before.split_whitespace().collect();
    for w in words.iter().rev().take(8) {
        if markers.contains(&w.trim_start_matches('(')) {
            return true;
        }
        let joiner = matches!(
            *w,
            "and" | "or" | "og" | "eller" | "-" | "–" | "/" | "," | "&"
        );
        let law = w
            .trim_end_matches([',', ';'])
            .trim_start_matches('(')
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit());
        if !(joiner || law) {
            return false;
        }
    }
    false
}

fn scan_table(name: &str, rows: &[(&str, &str, &str, &str)], out: &mut Vec<String>) {
    for (key, en, de, da) in rows {
        for (lang, s) in [(Lang::En, en), (Lang::De, de), (Lang::Da, da)] {
            let w = wrong_citations(lang, s);
            if !w.is_empty() {
                out.push(format!("{name} {key} ({lang}): {w:?} in {s:?}"));
            }
        }
    }
}

/// `(key, text)` of a UI catalogue: its main file and the parts it spreads in
/// (`doko/`, `errors/`, `setup/`), one `"key": "text",` per line.
fn catalogue(lang: Lang) -> Vec<(String, String)> {
    let line = Regex::new(r#"^\s*"([^"]+)":\s*"((?:[^"\\]|\\.)*)",?\s*$"#).unwrap();
    let mut rows: Vec<(String, String)> = vec![];
    for part in ["", "doko/", "errors/", "setup/"] {
        let path = format!(
            "{}/ui/src/lib/i18n/{part}{}.ts",
            env!("CARGO_MANIFEST_DIR"),
            lang.code()
        );
        let src = std::fs::read_to_string(&path).unwrap();
        let before = rows.len();
        rows.extend(
            src.lines()
                .filter_map(|l| line.captures(l))
                .map(|c| (c[1].to_string(), c[2].replace("\\\"", "\""))),
        );
        assert!(
            rows.len() > before + 20,
            "{path}: only {} rows read",
            rows.len() - before
        );
    }
    assert!(rows.len() > 1000, "only {} rows read", rows.len());
    rows
}

#[test]
fn the_detector_knows_each_editions_style() {
    assert!(wrong_citations(Lang::De, "Ist sie vergleichbar (§ 23 A)?").is_empty());
    assert_eq!(wrong_citations(Lang::De, "(Regel 16C)"), ["Regel 1", "16C"]);
    assert_eq!(wrong_citations(Lang::De, "Zweig 27B1a"), ["27B1a"]);
    assert_eq!(wrong_citations(Lang::De, "§ 92D"), ["§ 92D", "92D"]);
    assert!(wrong_citations(Lang::De, "§§ 91 A, 93 B 3; Stufe 1C bis 7NT").is_empty());
    assert!(wrong_citations(Lang::Da, "§ 92D og § 12C1(c), §§ 91A, 93B3").is_empty());
    assert_eq!(wrong_citations(Lang::Da, "(lov 92D)"), ["lov 9", "92D"]);
    assert_eq!(wrong_citations(Lang::Da, "§ 92 D"), ["§ 92 D"]);
    assert_eq!(wrong_citations(Lang::Da, "kunstig score (12C2)"), ["12C2"]);
    assert!(wrong_citations(Lang::En, "Law 16B1, 93B2 and 12C1(c); Laws 61-64").is_empty());
    assert_eq!(wrong_citations(Lang::En, "Artificial (12C2)"), ["12C2"]);
    assert_eq!(wrong_citations(Lang::En, "§ 92"), ["§ 9"]);
    assert!(wrong_citations(Lang::En, "closed (§8.2.2, §5): {law}").is_empty());
    assert!(wrong_citations(Lang::Da, "(§ 92A og arrangørens bestemmelser)").is_empty());
}

#[test]
fn every_engine_table_cites_laws_in_its_languages_style() {
    let mut bad = vec![];
    for (name, rows) in [
        ("TEXTS", TEXTS),
        ("TREES", TREES),
        ("NOTES", NOTES),
        ("EVENTS", EVENTS),
        ("LABELS", LABELS),
        ("SITE", SITE),
        ("STATS", STATS),
        ("STEPS", STEPS),
        ("ASSISTANT", ASSISTANT),
        ("MOVEMENT", tdlog::i18n::MOVEMENT),
        ("TRAVELLER", tdlog::i18n::traveller::TRAVELLER),
        ("POLICY", tdlog::i18n::policy::POLICY),
    ] {
        scan_table(name, rows, &mut bad);
    }
    assert!(
        bad.is_empty(),
        "{} citations off style:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn every_ui_catalogue_cites_laws_in_its_languages_style() {
    let mut bad = vec![];
    for lang in Lang::ALL {
        for (key, text) in catalogue(lang) {
            let w = wrong_citations(lang, &text);
            if !w.is_empty() {
                bad.push(format!("{lang} {key}: {w:?} in {text:?}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} citations off style:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn every_guard_refusal_cites_its_law_in_the_languages_style() {
    use tdlog::appeals::GuardError;
    let s = |x: &str| x.to_string();
    let all = [
        GuardError::AppealLate {
            deadline: s("2026-09-21T22:30:00Z"),
            at: s("2026-09-21T22:31:00Z"),
        },
        GuardError::Disciplinary,
        GuardError::LawOnlyRecommendation,
        GuardError::LawOnlyToChiefTd,
        GuardError::JudgementToCommittee,
        GuardError::NoCommittee,
        GuardError::NoFurtherAppeal,
        GuardError::Quorum { have: 1, quorum: 3 },
    ];
    let mut bad = vec![];
    for e in &all {
        for lang in Lang::ALL {
            let text = tdlog::appeals::refusal(lang, e);
            let w = wrong_citations(lang, &text);
            if !w.is_empty() {
                bad.push(format!("{lang} {}: {w:?} in {text:?}", e.code()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
