//! Labels of the casebook statistics (`appeals::stats`): `(key, English, German, Danish)`.
//! A table of its own so the statistics' words stay together; the test below checks all three.

use super::Lang;

pub static STATS: &[(&str, &str, &str, &str)] = &[
    (
        "title",
        "Rulings and appeals: statistics",
        "Turnierleiterentscheidungen und Proteste: Statistik",
        "Kendelser og appeller: statistik",
    ),
    ("events", "Tournaments", "Turniere", "Turneringer"),
    ("event", "Tournament", "Turnier", "Turnering"),
    ("organiser", "Organiser", "Veranstalter", "Arrangør"),
    ("rulings", "Rulings", "Entscheidungen", "Kendelser"),
    ("appeals", "Appeals", "Proteste", "Appeller"),
    ("law", "Law", "Regel", "Lov"),
    ("by_law", "By law", "Nach Regel", "Efter lov"),
    (
        "by_event",
        "By tournament",
        "Nach Turnier",
        "Efter turnering",
    ),
    (
        "outcomes",
        "Outcomes of appeals",
        "Ausgang der Proteste",
        "Appellernes udfald",
    ),
    ("upheld", "upheld", "bestätigt", "stadfæstet"),
    ("changed", "changed", "geändert", "ændret"),
    (
        "recommendation_only",
        "recommendation only",
        "nur Empfehlung",
        "kun anbefaling",
    ),
    (
        "without_merit",
        "without merit",
        "ohne Grundlage",
        "uden grundlag",
    ),
    ("withdrawn", "withdrawn", "zurückgezogen", "trukket tilbage"),
    ("open", "not decided", "nicht entschieden", "ikke afgjort"),
    (
        "time_to_decision",
        "Time from ruling to decision",
        "Zeit von der Entscheidung des Turnierleiters bis zur Protestentscheidung",
        "Tid fra kendelse til afgørelse",
    ),
    ("median", "median", "Median", "median"),
    ("max", "longest", "längste", "længste"),
    ("decided", "decided", "entschieden", "afgjort"),
    (
        "deposits_kept",
        "Deposits kept",
        "Kautionen einbehalten",
        "Depositum beholdt",
    ),
    (
        "deposits_returned",
        "Deposits returned",
        "Kautionen zurückgegeben",
        "Depositum tilbagebetalt",
    ),
    ("minutes", "min", "Min.", "min."),
    (
        "refused",
        "Logs not counted (they do not verify)",
        "Nicht gezählte Logs (Prüfung fehlgeschlagen)",
        "Logs, der ikke tælles med (de kan ikke verificeres)",
    ),
    ("total", "All", "Alle", "Alle"),
    ("none", "none", "keine", "ingen"),
];

/// The statistics label `key` in `lang` (the key itself if the table lacks it).
pub fn stats_text(lang: Lang, key: &str) -> &'static str {
    static INDEX: std::sync::OnceLock<super::Index> = std::sync::OnceLock::new();
    super::find(&INDEX, STATS, lang, key).unwrap_or("?")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_statistics_label_has_three_languages_and_a_unique_key() {
        let mut seen = std::collections::BTreeSet::new();
        for (k, en, de, da) in STATS {
            assert!(seen.insert(*k), "duplicate {k}");
            for s in [en, de, da] {
                assert!(!s.trim().is_empty(), "{k}");
            }
            assert_eq!(stats_text(Lang::Da, k), *da);
        }
    }
}
