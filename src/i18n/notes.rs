//! The reasons on a result row (`results::note`): why a score is missing or special, in
//! English (the words `tdlog results` has always printed, byte for byte), German and Danish
//! (künstlicher berichtigter Score / kunstig score, Durchgang / sektion, verfälschtes Board /
//! mappe med forkert kortfordeling).

/// `(key, en, de, da)`.
pub static NOTES: &[(&str, &str, &str, &str)] = &[
    ("note.not_played", "not played: {reason}", "nicht gespielt: {reason}", "ikke spillet: {reason}"),
    ("note.unscorable_assigned", "the assigned result cannot be scored", "der zugewiesene berichtigte Score kann nicht gewertet werden", "den korrigerede score kan ikke beregnes"),
    ("note.unscorable_weighted", "the weighted score cannot be scored", "der gewichtete Score kann nicht gewertet werden", "den vægtede score kan ikke beregnes"),
    ("note.artificial_match", "artificial adjusted score for the match (Law 12C2, Law 86A)", "künstlicher berichtigter Score für den Kampf (§ 12 C 2, § 86 A)", "kunstig score for kampen (§ 12C2, § 86A)"),
    ("note.artificial_other_table", "artificial adjusted score at the other table (Law 12C2, Law 86A)", "künstlicher berichtigter Score am anderen Tisch (§ 12 C 2, § 86 A)", "kunstig score ved det andet bord (§ 12C2, § 86A)"),
    ("note.no_imps", "no IMPs for this board", "keine IMPs für dieses Board", "ingen imp i dette spil"),
    ("note.no_other_result", "no comparison: the other table of this match has no result for the board (the TD may assign an artificial score, Law 86)", "kein Vergleich: am anderen Tisch dieses Kampfes gibt es kein Ergebnis für das Board (der Turnierleiter kann einen künstlichen berichtigten Score zuweisen, § 86)", "ingen sammenligning: kampens andet bord har intet resultat i spillet (turneringslederen kan give en kunstig score, § 86)"),
    ("note.other_table", "no comparison: at the other table, {why}", "kein Vergleich: am anderen Tisch {why}", "ingen sammenligning: ved det andet bord {why}"),
    ("note.knockout", "Law 12C4: knock-out, non-balancing {ns} / {ew} IMPs averaged to {a} / {b}", "§ 12 C 4: KO-Kampf, nicht ausgeglichene {ns} / {ew} IMPs gemittelt zu {a} / {b}", "§ 12C4: cupkamp, ikke-balancerende {ns} / {ew} imp, gennemsnit {a} / {b}"),
    ("note.artificial_not_compared", "artificial adjusted score (Law 12C2): not compared", "künstlicher berichtigter Score (§ 12 C 2): nicht verglichen", "kunstig score (§ 12C2): ikke sammenlignet"),
    ("note.not_scored", "not scored: {why}", "nicht gewertet: {why}", "ikke beregnet: {why}"),
    ("note.factored", "{comparable} of {expected} expected results: factored ({method}, Law 78A / regulations)", "{comparable} von {expected} erwarteten Ergebnissen: hochgerechnet ({method}, § 78 A / Bestimmungen)", "{comparable} af {expected} forventede resultater: omregnet ({method}, § 78A / turneringsbestemmelser)"),
    ("note.only_result", "the only result on this board", "das einzige Ergebnis dieses Boards", "det eneste resultat i dette spil"),
    ("note.datum", "datum {datum}", "Datum {datum}", "datum {datum}"),
    ("note.fouled", "fouled board (Law 87): compared within group {group} of {groups}", "verfälschtes Board (§ 87): verglichen innerhalb der Gruppe {group} von {groups}", "mappe med forkert kortfordeling (§ 87): sammenlignet inden for gruppe {group} af {groups}"),
    ("note.fn_c_team", "not played: a third or later board a team did not play in this session (DBV footnote C, Law 12C2(d))", "nicht gespielt: ab dem dritten Board eines Durchgangs, das ein Team nicht gespielt hat (DBV-Fußnote C, § 12 C 2 (d))", "ikke spillet: tredje eller senere spil, som et hold ikke spillede i sektionen (DBV-fodnote C, § 12C2(d))"),
    ("note.fn_c_pct", "{side} {pct} %: session average from its third unplayed board (DBV footnote C)", "{side} {pct} %: Durchschnitt des Durchgangs ab dem dritten nicht gespielten Board (DBV-Fußnote C)", "{side} {pct} %: sektionens gennemsnit fra det tredje ikke-spillede spil (DBV-fodnote C)"),
    ("note.own_session_pct", "{side} {pct} %: own session percentage (Law 12C2(c), {rule} reading)", "{side} {pct} %: eigener Prozentsatz im Durchgang (§ 12 C 2 (c), Lesart {rule})", "{side} {pct} %: egen procent i sektionen (§ 12C2(c), {rule}-læsning)"),
    ("note.fn_c_imps", "{side} {imps} IMPs: session average from its third unplayed board (DBV footnote C)", "{side} {imps} IMPs: Durchschnitt des Durchgangs ab dem dritten nicht gespielten Board (DBV-Fußnote C)", "{side} {imps} imp: sektionens gennemsnit fra det tredje ikke-spillede spil (DBV-fodnote C)"),
    ("note.side.NS", "N-S", "NS", "NS"),
    ("note.side.EW", "E-W", "OW", "ØV"),
    ("note.rule.Wbf", "Wbf", "WBF", "WBF"),
    ("note.rule.DbvText", "DbvText", "DBV-Text", "DBV-tekst"),
    ("note.scoring.empty_weighted", "Law 12C1(c): a weighted score needs at least one outcome", "§ 12 C 1 (c): ein gewichteter Score braucht mindestens ein Ergebnis", "§ 12C1(c): en vægtet score kræver mindst ét resultat"),
    ("note.scoring.bad_weight", "Law 12C1(c): every weight must be positive and finite, got {value}", "§ 12 C 1 (c): jedes Gewicht muss positiv und endlich sein, erhalten: {value}", "§ 12C1(c): hver vægt skal være positiv og endelig, fik {value}"),
    ("note.scoring.weights_not_one", "Law 12C1(c): the weights of a weighted score must sum to 1, got {value}", "§ 12 C 1 (c): die Gewichte eines gewichteten Scores müssen zusammen 1 ergeben, erhalten: {value}", "§ 12C1(c): vægtene i en vægtet score skal give 1 tilsammen, fik {value}"),
    ("note.scoring.artificial_percent", "Law 12C2(a): an artificial score must be a percentage from 0 to 100, got {value}", "§ 12 C 2 (a): ein künstlicher berichtigter Score muss ein Prozentsatz von 0 bis 100 sein, erhalten: {value}", "§ 12C2(a): en kunstig score skal være en procent fra 0 til 100, fik {value}"),
    ("note.scoring.artificial_imps", "Law 12C2(b): an artificial IMP score must be a finite number, got {value}", "§ 12 C 2 (b): ein künstlicher IMP-Score muss eine endliche Zahl sein, erhalten: {value}", "§ 12C2(b): en kunstig imp-score skal være et endeligt tal, fik {value}"),
    ("note.scoring.expected_too_few", "Law 78A: the board was expected {expected} times but has {present} scheduled tables", "§ 78 A: das Board war {expected}-mal erwartet, hat aber {present} geplante Tische", "§ 78A: spillet var forventet {expected} gange, men har {present} planlagte borde"),
    ("note.scoring.no_boards", "Law 78D: a victory-point scale needs a match of at least one board", "§ 78 D: eine Siegpunkteskala braucht einen Kampf von mindestens einem Board", "§ 78D: en kamppointskala kræver en kamp på mindst ét spil"),
    ("note.scoring.acbl_boards", "Law 78D: the ACBL discrete VP scale covers matches of 1 to 36 boards, got {value}", "§ 78 D: die diskrete Siegpunkteskala der ACBL gilt für Kämpfe von 1 bis 36 Boards, erhalten: {value}", "§ 78D: ACBL's diskrete kamppointskala dækker kampe på 1 til 36 spil, fik {value}"),
    ("note.scoring.bad_margin", "Law 78D: an IMP margin must be a finite number, got {value}", "§ 78 D: eine IMP-Differenz muss eine endliche Zahl sein, erhalten: {value}", "§ 78D: en imp-forskel skal være et endeligt tal, fik {value}"),
    ("note.scoring.bad_total", "Law 78D: a ranking total must be a finite number, got {value}", "§ 78 D: eine Gesamtsumme der Rangliste muss eine endliche Zahl sein, erhalten: {value}", "§ 78D: en total i stillingen skal være et endeligt tal, fik {value}"),
    ("note.scoring.duplicate_contestant", "Law 78D: contestant {value} appears twice in the ranking", "§ 78 D: Teilnehmer {value} steht zweimal in der Rangliste", "§ 78D: deltager {value} optræder to gange i stillingen"),
    ("note.scoring.tie_break_keys", "Law 78D: every contestant needs the same number of tie-break keys", "§ 78 D: jeder Teilnehmer braucht gleich viele Kriterien bei Gleichstand", "§ 78D: alle deltagere skal have lige mange kriterier ved pointlighed"),
    // The reasons tdlog's importers sign for a board not played (`results::import`,
    // `results::usebio`): signed in English, said in the reader's language.
    ("reason.import_pass", "no result in the file (Contract \"Pass\" with no auction and no score: the board was not played)", "kein Ergebnis in der Datei (Kontrakt „Pass“ ohne Reizung und ohne Score: das Board wurde nicht gespielt)", "intet resultat i filen (kontrakt \"Pass\" uden meldeforløb og uden score: spillet blev ikke spillet)"),
    ("reason.no_contract", "no contract ({error})", "kein Kontrakt ({error})", "ingen kontrakt ({error})"),
    ("reason.usebio_artificial", "artificial score {code} in the imported USEBIO file", "künstlicher berichtigter Score {code} in der importierten USEBIO-Datei", "kunstig score {code} i den importerede USEBIO-fil"),
];

/// The reason a board was not played as `lang` says it: the importers' own English phrases
/// (above) in the language, anything else (a TD's words) as it was signed.
pub fn reason_text(lang: super::Lang, reason: &str) -> String {
    let said = |key: &str, params: &[(&str, String)]| super::Msg::text(lang, key, params);
    if lang == super::Lang::En {
        return reason.to_string();
    }
    if Some(reason) == super::lookup(super::Lang::En, "reason.import_pass") {
        return said("reason.import_pass", &[]);
    }
    if let Some(code) = reason
        .strip_prefix("artificial score ")
        .and_then(|r| r.strip_suffix(" in the imported USEBIO file"))
    {
        return said("reason.usebio_artificial", &[("code", code.to_string())]);
    }
    if let Some(e) = reason
        .strip_prefix("no contract (")
        .and_then(|r| r.strip_suffix(')'))
    {
        return said("reason.no_contract", &[("error", e.to_string())]);
    }
    reason.to_string()
}
