//! The adjustment assistant's texts (Law 12C1: `views::adjust`, `tdlog adjust`), in a table
//! of their own that [`super::lookup`] reads after the main one.

/// `(key, en, de, da)`, as [`super::texts::TEXTS`].
pub static ASSISTANT: &[(&str, &str, &str, &str)] = &[
    ("assistant.title", "Adjustment assistant ({law})", "Hilfe zum berichtigten Score ({law})", "Hjælp til justeret score ({law})"),
    ("assistant.board", "Board {board}", "Board {board}", "Spil {board}"),
    ("assistant.at_table", "board {board}, round {round}, table {table} (section {section}): {ns} v {ew}", "Board {board}, Runde {round}, Tisch {table} (Gruppe {section}): {ns} gegen {ew}", "spil {board}, runde {round}, bord {table} (række {section}): {ns} mod {ew}"),
    ("assistant.no_table", "board {board} (section {section}): no table named and no ruling on the board", "Board {board} (Gruppe {section}): kein Tisch genannt und keine Entscheidung zu diesem Board", "spil {board} (række {section}): intet bord angivet og ingen kendelse på spillet"),
    ("assistant.dealer_vul", "Dealer {dealer}, vulnerable: {vul}", "Teiler {dealer}, Gefahrenlage: {vul}", "Giver {dealer}, zone: {vul}"),
    ("assistant.vul.None", "none", "niemand in Gefahr", "ingen i zonen"),
    ("assistant.vul.NS", "N-S", "Nord-Süd", "Nord-Syd"),
    ("assistant.vul.EW", "E-W", "Ost-West", "Øst-Vest"),
    ("assistant.vul.Both", "both", "alle in Gefahr", "alle i zonen"),
    ("assistant.dd", "Double-dummy tricks", "Stiche bei offenen Karten (Double Dummy)", "Stik med åbne kort (double dummy)"),
    ("assistant.dd_declarer", "Declarer", "Alleinspieler", "Spilfører"),
    ("assistant.dd_explain", "What each declarer makes with all four hands open: what the cards allow, not what was likely at the table.", "Was jeder Alleinspieler bei offenen Karten erzielt: was die Karten zulassen, nicht was am Tisch wahrscheinlich war.", "Hvad hver spilfører vinder med alle fire hænder åbne: hvad kortene tillader, ikke hvad der var sandsynligt ved bordet."),
    ("assistant.no_deal", "No deal is recorded for this board (structure.board): no double-dummy table.", "Für dieses Board ist keine Verteilung erfasst (structure.board): keine Double-Dummy-Tabelle.", "Der er ikke registreret en fordeling for dette spil (structure.board): ingen double dummy-tabel."),
    ("assistant.par", "Par", "Par", "Par"),
    ("assistant.par_side", "{side} {score}: {contracts}", "{side} {score}: {contracts}", "{side} {score}: {contracts}"),
    ("assistant.par_contract", "{contract} by {declarer}", "{contract}, Alleinspieler {declarer}", "{contract}, spilfører {declarer}"),
    ("assistant.field", "Results of the field on this board", "Ergebnisse des Feldes an diesem Board", "Feltets resultater på dette spil"),
    ("assistant.field_empty", "No other table has a result on this board.", "Kein anderer Tisch hat ein Ergebnis an diesem Board.", "Intet andet bord har et resultat på dette spil."),
    ("assistant.other_table", "the other table of the match: the result this table is compared with", "der andere Tisch des Matches: mit seinem Ergebnis wird verglichen", "kampens andet bord: resultatet der sammenlignes med"),
    ("assistant.table_result", "Result at this table: {result}", "Ergebnis an diesem Tisch: {result}", "Resultat ved dette bord: {result}"),
    ("assistant.outcomes", "Weighted score ({law})", "Gewichteter Score ({law})", "Vægtet score ({law})"),
    ("assistant.outcomes_ew", "E-W weighted differently ({law})", "Ost-West anders gewichtet ({law})", "Øst-Vest vægtet anderledes ({law})"),
    ("assistant.outcomes_empty", "No outcomes weighted yet.", "Noch keine Ergebnisse gewichtet.", "Endnu ingen resultater vægtet."),
    ("assistant.weight", "Weight", "Gewicht", "Vægt"),
    ("assistant.outcome", "Outcome", "Ergebnis", "Resultat"),
    ("assistant.score", "Score", "Score", "Score"),
    ("assistant.weighted", "Weighted result", "Gewichtetes Ergebnis", "Vægtet resultat"),
    ("assistant.mp", "{mp} of {top} MP, {pct} %", "{mp} von {top} MP, {pct} %", "{mp} af {top} MP, {pct} %"),
    ("assistant.imp", "{imp} IMP", "{imp} IMP", "{imp} IMP"),
    ("assistant.unscored", "not scored: {why}", "nicht gewertet: {why}", "ikke scoret: {why}"),
    ("assistant.side_ns", "N-S", "NS", "NS"),
    ("assistant.side_ew", "E-W", "OW", "ØV"),
    ("assistant.policy", "Scored as the event scores it: {method}", "Gewertet wie die Veranstaltung wertet: {method}", "Scoret som turneringen scorer: {method}"),
    ("assistant.method.matchpoints", "matchpoints", "Matchpunkte", "matchpoint"),
    ("assistant.method.cross_imps", "cross-IMPs", "Cross-IMPs", "cross-IMP"),
    ("assistant.method.butler", "Butler", "Butler", "Butler"),
    ("assistant.method.teams_imps", "IMPs against the other table", "IMPs gegen den anderen Tisch", "IMP mod det andet bord"),
    ("assistant.method.total_points", "total points", "Gesamtpunkte", "samlede point"),
    ("assistant.error.contract", "{item}: not a contract with a result (4S=, 4S-1, 3NTX+1, or 4S N 10)", "{item}: kein Kontrakt mit Ergebnis (4S=, 4S-1, 3NTX+1 oder 4S N 10)", "{item}: ikke en kontrakt med resultat (4S=, 4S-1, 3NTX+1 eller 4S N 10)"),
    ("assistant.error.declarer", "{item}: name the declarer (N, E, S or W)", "{item}: Alleinspieler angeben (N, E, S oder W)", "{item}: angiv spilføreren (N, E, S eller W)"),
    ("assistant.error.tricks", "{item}: the tricks must be 0 to 13", "{item}: die Stiche müssen zwischen 0 und 13 liegen", "{item}: stikkene skal være 0 til 13"),
    ("assistant.error.weight", "{item}: give a positive weight such as 40% ({law})", "{item}: ein positives Gewicht angeben, etwa 40% ({law})", "{item}: angiv en positiv vægt, fx 40% ({law})"),
    ("assistant.error.extra", "{item}: {token} is not a declarer, a number of tricks or a weight", "{item}: {token} ist weder Alleinspieler noch Stichzahl noch Gewicht", "{item}: {token} er hverken spilfører, antal stik eller vægt"),
];

#[cfg(test)]
mod tests {
    use super::ASSISTANT;
    use std::collections::BTreeSet;

    #[test]
    fn every_assistant_key_is_unique_and_has_three_languages_with_the_same_placeholders() {
        let mut seen = BTreeSet::new();
        let holes = |s: &str| -> BTreeSet<String> {
            s.split('{')
                .skip(1)
                .filter_map(|x| x.split_once('}').map(|(h, _)| h.to_string()))
                .collect()
        };
        for (key, en, de, da) in ASSISTANT {
            assert!(seen.insert(*key), "{key} twice");
            assert!(super::super::texts::TEXTS.iter().all(|(k, ..)| k != key));
            for s in [en, de, da] {
                assert!(!s.trim().is_empty(), "{key}");
                assert_eq!(holes(s), holes(en), "{key}");
            }
        }
    }
}
