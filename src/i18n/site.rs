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
    // A board page's verdict (results::site's verification section, site/page.js).
    ("verify.heading", "Check these results", "Diese Ergebnisse prüfen", "Kontrollér disse resultater"),
    (
        "verify.running",
        "Checking the signed events behind this board…",
        "Die signierten Ereignisse dieses Boards werden geprüft …",
        "De signerede hændelser bag dette spil kontrolleres …",
    ),
    (
        "verify.ok",
        "Verified: the {events} signed events behind this board carry valid signatures of keys enrolled from the tournament's start, and each is in the published log (a tree of {size} events, root {root}), whose head was signed by {signers}.",
        "Bestätigt: Die {events} signierten Ereignisse dieses Boards tragen gültige Signaturen von Schlüsseln, die seit dem Turnierbeginn eingetragen sind, und jedes steht im veröffentlichten Protokoll (ein Baum aus {size} Ereignissen, Wurzel {root}), dessen Kopf {signers} signiert haben.",
        "Bekræftet: De {events} signerede hændelser bag dette spil har gyldige signaturer fra nøgler, der er indskrevet fra turneringens start, og hver af dem står i den offentliggjorte log (et træ med {size} hændelser, rod {root}), hvis hoved er signeret af {signers}.",
    ),
    ("verify.fail", "Not verified: {reason}", "Nicht bestätigt: {reason}", "Ikke bekræftet: {reason}"),
    (
        "verify.signature",
        "the bytes or the signature of an event do not check (event {event})",
        "Inhalt oder Signatur eines Ereignisses stimmen nicht (Ereignis {event})",
        "indholdet eller signaturen af en hændelse passer ikke (hændelse {event})",
    ),
    (
        "verify.untraced_key",
        "an event is signed by a key that is not enrolled from the tournament's start (event {event})",
        "ein Ereignis ist mit einem Schlüssel signiert, der nicht seit dem Turnierbeginn eingetragen ist (Ereignis {event})",
        "en hændelse er signeret med en nøgle, der ikke er indskrevet fra turneringens start (hændelse {event})",
    ),
    (
        "verify.log_id",
        "an event belongs to another tournament's log (event {event})",
        "ein Ereignis gehört zum Protokoll eines anderen Turniers (Ereignis {event})",
        "en hændelse hører til en anden turnerings log (hændelse {event})",
    ),
    (
        "verify.inclusion",
        "an event is not in the published log: its proof does not lead to the signed tree head (event {event})",
        "ein Ereignis steht nicht im veröffentlichten Protokoll: sein Nachweis führt nicht zum signierten Baumkopf (Ereignis {event})",
        "en hændelse står ikke i den offentliggjorte log: dens bevis fører ikke til det signerede træhoved (hændelse {event})",
    ),
    (
        "verify.missing",
        "a signed event behind this board is missing from the page (event {event})",
        "ein signiertes Ereignis dieses Boards fehlt auf der Seite (Ereignis {event})",
        "en signeret hændelse bag dette spil mangler på siden (hændelse {event})",
    ),
    (
        "verify.no_head",
        "no signed tree head of this publication is on the page",
        "auf der Seite steht kein signierter Baumkopf dieser Veröffentlichung",
        "siden har intet signeret træhoved for denne offentliggørelse",
    ),
    (
        "verify.head_conflict",
        "a signed tree head of this publication names another tree: different logs were shown (event {event})",
        "ein signierter Baumkopf dieser Veröffentlichung nennt einen anderen Baum: es wurden verschiedene Protokolle gezeigt (Ereignis {event})",
        "et signeret træhoved for denne offentliggørelse angiver et andet træ: der er vist forskellige logs (hændelse {event})",
    ),
    (
        "verify.earlier",
        "It only added to the publication of {at} (a tree of {size} events, root {root}): {added} events since, {board} of them on this board{what}.",
        "Sie hat die Veröffentlichung vom {at} (ein Baum aus {size} Ereignissen, Wurzel {root}) nur ergänzt: {added} Ereignisse seitdem, davon {board} zu diesem Board{what}.",
        "Den har kun føjet til offentliggørelsen fra {at} (et træ med {size} hændelser, rod {root}): {added} hændelser siden, heraf {board} om dette spil{what}.",
    ),
    (
        "verify.kept",
        "The publication you kept (root {root}) is one this log grew from.",
        "Die Veröffentlichung, die Sie aufbewahrt haben (Wurzel {root}), ist eine, aus der dieses Protokoll gewachsen ist.",
        "Den offentliggørelse, du har gemt (rod {root}), er en, som denne log er vokset fra.",
    ),
    (
        "verify.consistency",
        "this publication does not only add to an earlier one: the log was rewritten (publication {event})",
        "diese Veröffentlichung ergänzt eine frühere nicht nur: das Protokoll wurde umgeschrieben (Veröffentlichung {event})",
        "denne offentliggørelse føjer ikke kun til en tidligere: loggen er blevet omskrevet (offentliggørelse {event})",
    ),
    (
        "verify.rewritten",
        "the publication you kept (root {event}) is not one this log grew from: what was published has been rewritten",
        "die Veröffentlichung, die Sie aufbewahrt haben (Wurzel {event}), ist keine, aus der dieses Protokoll gewachsen ist: Veröffentlichtes wurde umgeschrieben",
        "den offentliggørelse, du har gemt (rod {event}), er ikke en, som denne log er vokset fra: det offentliggjorte er blevet omskrevet",
    ),
    (
        "verify.score",
        "the scores shown at round {round}, table {table} are not what the signed events give under the scoring policy in force",
        "die Ergebnisse in Runde {round}, Tisch {table} sind nicht die, die sich aus den signierten Ereignissen nach der geltenden Abrechnungsregel ergeben",
        "resultaterne i runde {round}, bord {table} er ikke dem, de signerede hændelser giver efter den gældende opgørelsesregel",
    ),
    (
        "verify.scores_checked",
        "The scores of all {lines} tables were recomputed here from the signed events (Law 77 and the scoring policy in force) and match the page.",
        "Die Ergebnisse aller {lines} Tische wurden hier aus den signierten Ereignissen neu berechnet (§ 77 und die geltende Abrechnungsregel) und stimmen mit der Seite überein.",
        "Resultaterne ved alle {lines} borde er regnet igen her ud fra de signerede hændelser (§ 77 og den gældende opgørelsesregel) og stemmer med siden.",
    ),
    (
        "verify.scores_partial",
        "The scores of {lines} tables were recomputed here from the signed events and match the page. Artificial scores that depend on the whole session (Law 12C2(c)) are not recomputed on a board's page: {skipped}.",
        "Die Ergebnisse von {lines} Tischen wurden hier aus den signierten Ereignissen neu berechnet und stimmen mit der Seite überein. Künstliche Ergebnisse, die von der ganzen Sitzung abhängen (§ 12 C 2 (c)), werden auf der Seite eines Boards nicht neu berechnet: {skipped}.",
        "Resultaterne ved {lines} borde er regnet igen her ud fra de signerede hændelser og stemmer med siden. Kunstige resultater, der afhænger af hele sessionen (§ 12C2(c)), regnes ikke igen på et spils side: {skipped}.",
    ),
    (
        "verify.scores_play",
        "The scores were not recomputed on this page: the results come from the recorded auction and play, which only tdlog's rules engine replays.",
        "Die Ergebnisse wurden auf dieser Seite nicht neu berechnet: sie ergeben sich aus der aufgezeichneten Reizung und dem Spiel, die nur die Regel-Engine von tdlog nachspielt.",
        "Resultaterne er ikke regnet igen på denne side: de kommer fra den registrerede melding og spilleføring, som kun tdlogs regelmotor genspiller.",
    ),
    (
        "verify.keep",
        "To check a later publication against this one, keep its root:",
        "Um eine spätere Veröffentlichung mit dieser zu vergleichen, bewahren Sie ihre Wurzel auf:",
        "For at kontrollere en senere offentliggørelse mod denne skal du gemme dens rod:",
    ),
    (
        "verify.kept_label",
        "The root of a publication you kept:",
        "Die Wurzel einer Veröffentlichung, die Sie aufbewahrt haben:",
        "Roden af en offentliggørelse, du har gemt:",
    ),
    ("verify.kept_check", "Check against it", "Damit vergleichen", "Kontrollér mod den"),
    (
        "verify.kept_bad",
        "a root is 64 hexadecimal digits",
        "eine Wurzel hat 64 hexadezimale Ziffern",
        "en rod har 64 hexadecimale cifre",
    ),
    (
        "verify.script",
        "the page's verifier, its words or its style are not the ones tdlog writes, or it hides part of its text: in a browser it could say anything",
        "Prüfprogramm, Texte oder Gestaltung der Seite sind nicht die, die tdlog schreibt, oder sie verbirgt einen Teil ihres Textes: im Browser könnte sie alles behaupten",
        "sidens kontrolprogram, tekster eller udformning er ikke dem, tdlog skriver, eller den skjuler en del af sin tekst: i en browser kunne den påstå hvad som helst",
    ),
    (
        "verify.malformed",
        "the page's proof cannot be read",
        "der Nachweis der Seite ist nicht lesbar",
        "sidens bevis kan ikke læses",
    ),
    (
        "verify.no_crypto",
        "this browser cannot check Ed25519 signatures (a current Chromium, Firefox or Safari can)",
        "dieser Browser kann Ed25519-Signaturen nicht prüfen (ein aktueller Chromium, Firefox oder Safari kann es)",
        "denne browser kan ikke kontrollere Ed25519-signaturer (en aktuel Chromium, Firefox eller Safari kan)",
    ),
];

/// The verdict words a board page carries (all but the heading are for `site/page.js`).
pub static SITE_VERIFY: &[&str] = &[
    "verify.ok",
    "verify.fail",
    "verify.signature",
    "verify.untraced_key",
    "verify.log_id",
    "verify.inclusion",
    "verify.missing",
    "verify.no_head",
    "verify.head_conflict",
    "verify.malformed",
    "verify.no_crypto",
    "verify.earlier",
    "verify.kept",
    "verify.consistency",
    "verify.rewritten",
    "verify.score",
    "verify.scores_checked",
    "verify.scores_partial",
    "verify.scores_play",
    "verify.keep",
    "verify.kept_label",
    "verify.kept_check",
    "verify.kept_bad",
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
