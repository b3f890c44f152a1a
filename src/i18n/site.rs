//! The words of the static results site (`results::site`) in English, German (DBV 2017) and
//! Danish (DBf 2017). Its own table, so the site's vocabulary can grow without touching the
//! report labels.

use super::Lang;

/// `(key, English, German, Danish)`.
pub static SITE: &[(&str, &str, &str, &str)] = &[
    ("results", "Results", "Ergebnisse", "Resultater"),
    ("ranking", "Ranking", "Rangliste", "Stilling"),
    ("place", "Place", "Platz", "Placering"),
    ("contestant", "Pair / team", "Paar / Team", "Par / hold"),
    ("total", "Total", "Gesamt", "Total"),
    ("boards", "Boards", "Boards", "Spil"),
    ("board", "Board", "Board", "Spil"),
    ("traveller", "Traveller", "Protokoll", "Spilleseddel"),
    ("travellers", "Travellers", "Protokolle", "Spillesedler"),
    ("round", "Round", "Runde", "Runde"),
    ("table", "Table", "Tisch", "Bord"),
    ("ns", "N-S", "N-S", "N-S"),
    ("ew", "E-W", "O-W", "Ø-V"),
    ("result", "Result", "Ergebnis", "Resultat"),
    ("score", "Score", "Score", "Score"),
    ("note", "Note", "Anmerkung", "Bemærkning"),
    ("score_card", "Score card", "Scorekarte", "Scorekort"),
    ("opponents", "Opponents", "Gegner", "Modstandere"),
    ("direction", "Direction", "Richtung", "Retning"),
    (
        "policy",
        "Scoring policy",
        "Wertungsregeln",
        "Beregningsregler",
    ),
    (
        "policy_default",
        "defaults for the form of contest (no signed policy)",
        "Voreinstellung der Turnierform (keine signierten Regeln)",
        "standard for turneringsformen (ingen signerede regler)",
    ),
    (
        "policy_event",
        "signed in event",
        "signiert in Ereignis",
        "signeret i hændelse",
    ),
    ("audit", "Audit trail", "Prüfpfad", "Revisionsspor"),
    ("log", "Log", "Protokolldatei", "Log"),
    (
        "log_digest",
        "Head digest (SHA-256 over every event id in replay order)",
        "Kopf-Prüfsumme (SHA-256 über alle Ereignis-IDs in Abspielreihenfolge)",
        "Hoved-checksum (SHA-256 over alle hændelses-id'er i afspilningsrækkefølge)",
    ),
    ("events", "Events", "Ereignisse", "Hændelser"),
    (
        "generated",
        "Written by tdlog from the signed log; the log is the only truth.",
        "Von tdlog aus der signierten Protokolldatei erzeugt; maßgeblich ist allein das Protokoll.",
        "Skrevet af tdlog fra den signerede log; kun loggen er gældende.",
    ),
    (
        "back",
        "Back to the ranking",
        "Zurück zur Rangliste",
        "Tilbage til stillingen",
    ),
    ("section", "Section", "Gruppe", "Række"),
    ("language", "Language", "Sprache", "Sprog"),
];

/// The site's word `key` in `lang` (`?` if unknown: the catalogue test catches it).
pub fn site_text(lang: Lang, key: &str) -> &'static str {
    static INDEX: std::sync::OnceLock<super::Index> = std::sync::OnceLock::new();
    super::find(&INDEX, SITE, lang, key).unwrap_or("?")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_site_word_has_english_german_and_danish() {
        let mut seen = std::collections::BTreeSet::new();
        for (k, en, de, da) in SITE {
            assert!(seen.insert(*k), "duplicate {k}");
            for s in [en, de, da] {
                assert!(!s.trim().is_empty(), "{k}");
            }
        }
    }
}
