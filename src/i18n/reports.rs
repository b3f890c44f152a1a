//! Report labels and workflow refusals (the appeals reports and guards) in English, German and Danish. Terms
//! follow the DBV 2017 and DBf 2017 editions of the Laws (national-editions-glossary
//! §4). The UI has its own catalogue in `ui/`; this one serves what the engine prints.

use super::Lang;
use crate::appeals::GuardError;

/// `(key, English, German, Danish)`.
pub static LABELS: &[(&str, &str, &str, &str)] = &[
    (
        "appeal_form",
        "Appeal form",
        "Protestformular",
        "Appelformular",
    ),
    (
        "casebook",
        "Casebook of appeals",
        "Protestsammlung",
        "Appelsamling",
    ),
    ("appeal", "Appeal", "Protest", "Appel"),
    (
        "head_digest",
        "Head digest of the log",
        "Prüfcode des Protokolls",
        "Kontrolkode for loggen",
    ),
    ("events_count", "events", "Ereignisse", "hændelser"),
    ("event", "Event", "Turnier", "Turnering"),
    ("section", "Section", "Gruppe", "Række"),
    ("board", "Board", "Board", "Spil"),
    ("doko_game", "Game", "Spiel", "Spil"),
    ("violation", "Violation", "Regelverstoß", "Overtrædelse"),
    ("objection", "Objection", "Einspruch", "Indsigelse"),
    (
        "referee_ruling",
        "Schiedsrichter's ruling",
        "Entscheidung des Schiedsrichters",
        "Dommerens kendelse",
    ),
    (
        "tribunal_decision",
        "Schiedsgericht's decision (final, §7.1.1)",
        "Entscheidung des Schiedsgerichts (endgültig, §7.1.1)",
        "Voldgiftsrettens afgørelse (endelig, §7.1.1)",
    ),
    (
        "classification",
        "Classification",
        "Einstufung",
        "Klassifikation",
    ),
    ("players", "Players", "Spieler", "Spillere"),
    (
        "play_suspended",
        "Play suspended",
        "Spiel unterbrochen",
        "Spillet afbrudt",
    ),
    ("auction", "Auction", "Reizung", "Melding"),
    ("play", "Play", "Spielverlauf", "Spilforløb"),
    (
        "irregularities",
        "Irregularities",
        "Regelwidrigkeiten",
        "Uregelmæssigheder",
    ),
    ("contract", "Contract", "Kontrakt", "Kontrakt"),
    ("table", "Table", "Tisch", "Bord"),
    ("round", "Round", "Runde", "Runde"),
    ("dealer", "Dealer", "Teiler", "Kortgiver"),
    (
        "vulnerability",
        "Vulnerability",
        "Gefahrenlage",
        "Zonestilling",
    ),
    ("deal", "Deal", "Austeilung", "Kortfordeling"),
    ("ns", "North-South", "Nord-Süd", "Nord-Syd"),
    ("ew", "East-West", "Ost-West", "Øst-Vest"),
    (
        "table_result",
        "Result at the table",
        "Ergebnis am Tisch",
        "Resultat ved bordet",
    ),
    (
        "score_now",
        "Score now standing",
        "Aktueller Score",
        "Gældende score",
    ),
    ("appellant", "Appellant", "Beschwerdeführer", "Appellant"),
    ("grounds", "Grounds", "Begründung", "Begrundelse"),
    (
        "consents",
        "Signed by (Law 92D)",
        "Unterschrieben von (§ 92 D)",
        "Underskrevet af (§ 92D)",
    ),
    ("the_facts", "The facts", "Sachverhalt", "Fakta"),
    ("facts_agreed", "agreed", "unstrittig", "enige"),
    ("facts_disputed", "disputed", "strittig", "omtvistet"),
    (
        "director_call",
        "Director called",
        "Turnierleiter gerufen",
        "Turneringsleder tilkaldt",
    ),
    (
        "attention_by",
        "attention drawn by",
        "aufmerksam gemacht von",
        "opmærksom gjort af",
    ),
    ("called_by", "called by", "gerufen von", "tilkaldt af"),
    ("offender", "Offender", "Schuldiger", "Den fejlende"),
    (
        "options",
        "Options offered",
        "Angebotene Optionen",
        "Tilbudte valg",
    ),
    ("chosen", "Chosen", "Gewählt", "Valgt"),
    ("director", "Director", "Turnierleiter", "Turneringsleder"),
    (
        "chief_director",
        "Chief director",
        "Hauptturnierleiter",
        "Chefturneringsleder",
    ),
    ("ruling", "Ruling", "Turnierleiterentscheidung", "Kendelse"),
    ("laws", "Relevant laws", "Regeln", "Love"),
    ("category", "Category", "Art", "Kategori"),
    (
        "cat_law",
        "law or regulation only",
        "nur Regeln oder Bestimmungen",
        "kun love eller bestemmelser",
    ),
    (
        "cat_judgement",
        "facts and judgement",
        "Tatsachen und Ermessen",
        "fakta og skøn",
    ),
    (
        "cat_procedural_penalty",
        "procedural penalty (Law 90)",
        "Verfahrensstrafe (§ 90)",
        "straf for fejl i fremgangsmåden (§ 90)",
    ),
    (
        "cat_disciplinary",
        "disciplinary penalty (Law 91)",
        "Disziplinarstrafe (§ 91)",
        "disciplinær straf (§ 91)",
    ),
    (
        "adjusted_score",
        "Adjusted score",
        "Berichtigter Score",
        "Justeret score",
    ),
    (
        "appeal_notice",
        "Right to appeal explained (Law 83)",
        "Protestrecht erklärt (§ 83)",
        "Retten til appel forklaret (§ 83)",
    ),
    (
        "deadline",
        "Appeal period ends",
        "Protestfrist endet",
        "Appelfristen udløber",
    ),
    ("filed", "Filed", "Eingelegt", "Indgivet"),
    ("state", "State", "Stand", "Status"),
    ("routing", "Routing", "Zuweisung", "Henvisning"),
    (
        "law_only",
        "law only (Law 93B1)",
        "nur Regelfrage (§ 93 B 1)",
        "kun lovspørgsmål (§ 93B1)",
    ),
    (
        "committee",
        "Appeals committee",
        "Schiedsgericht",
        "Appelkomite",
    ),
    ("chair", "chair", "Vorsitz", "formand"),
    ("statements", "Statements", "Stellungnahmen", "Udtalelser"),
    ("party_appellant", "Appellant", "Beschwerdeführer", "Appellant"),
    ("party_respondent", "Respondent", "Gegenpartei", "Modpart"),
    (
        "party_director",
        "Director",
        "Turnierleiter",
        "Turneringsleder",
    ),
    ("party_witness", "Witness", "Zeuge", "Vidne"),
    ("decision", "Decision", "Entscheidung", "Afgørelse"),
    (
        "dec_upheld",
        "Ruling upheld",
        "Entscheidung bestätigt",
        "Kendelsen stadfæstet",
    ),
    (
        "dec_changed",
        "Ruling changed",
        "Entscheidung geändert",
        "Kendelsen ændret",
    ),
    (
        "dec_recommendation_only",
        "Recommendation only (Law 93B3)",
        "Nur Empfehlung (§ 93 B 3)",
        "Kun anbefaling (§ 93B3)",
    ),
    (
        "dec_without_merit",
        "Appeal without merit",
        "Protest ohne Grundlage",
        "Appel uden grundlag",
    ),
    ("reasoning", "Reasoning", "Begründung", "Begrundelse"),
    ("deposit", "Deposit", "Kaution", "Depositum"),
    (
        "deposit_returned",
        "returned",
        "zurückgegeben",
        "tilbagebetalt",
    ),
    ("deposit_kept", "kept", "einbehalten", "beholdt"),
    (
        "deposit_rule",
        "returned unless the appeal is judged without merit (Law 92A and the organiser's settings)",
        "zurückgezahlt, außer der Protest wird als unbegründet beurteilt (§ 92 A und Bestimmungen des Veranstalters)",
        "tilbagebetales, medmindre appellen findes grundløs (§ 92A og arrangørens bestemmelser)",
    ),
    ("procedure", "Procedure", "Verfahren", "Forløb"),
    ("notified", "Parties notified", "Parteien unterrichtet", "Parter underrettet"),
    ("hearing_at", "hearing", "Verhandlung", "behandling"),
    ("hearing", "Hearing", "Verhandlung", "Behandling"),
    ("attended", "present", "anwesend", "til stede"),
    ("announced", "Decision announced", "Entscheidung bekannt gegeben", "Afgørelse bekendtgjort"),
    ("penalty", "Penalty", "Strafe", "Straf"),
    (
        "cosign_quorum",
        "Concurring signatures (Law 93B)",
        "Zustimmende Unterschriften (§ 93 B)",
        "Tiltrædende underskrifter (§ 93B)",
    ),
    ("cosign_effective", "in force", "wirksam", "gældende"),
    (
        "cosign_waiting",
        "waiting for co-signatures",
        "wartet auf Mitzeichnung",
        "afventer medunderskrift",
    ),
    (
        "cosign_failed",
        "cannot reach the quorum",
        "Beschlussfähigkeit nicht erreichbar",
        "kan ikke nå det nødvendige antal",
    ),
    ("cosign_concur", "concurs", "stimmt zu", "tiltræder"),
    (
        "cosign_dissent",
        "dissents",
        "abweichende Meinung",
        "dissens",
    ),
    ("referral", "Referred to", "Verwiesen an", "Henvist til"),
    (
        "authority_answer",
        "Answer of the regulating authority (Law 93C2)",
        "Antwort des verantwortlichen Verbands (§ 93 C 2)",
        "Den regulerende myndigheds svar (§ 93C2)",
    ),
    ("document", "Document", "Dokument", "Dokument"),
    (
        "part_law",
        "law part (Law 93B1)",
        "Regelfrage (§ 93 B 1)",
        "lovdel (§ 93B1)",
    ),
    (
        "part_judgement",
        "judgement part (Law 93B2)",
        "Tatsachen und Ermessen (§ 93 B 2)",
        "skønsdel (§ 93B2)",
    ),
    ("withdrawn", "Withdrawn", "Zurückgezogen", "Trukket tilbage"),
    (
        "signatures",
        "Signed steps",
        "Signierte Schritte",
        "Signerede trin",
    ),
    ("time", "Time", "Zeit", "Tid"),
    ("time_zone", "Time zone", "Zeitzone", "Tidszone"),
    ("set_by", "set by", "festgelegt durch", "fastsat ved"),
    ("signer", "Signed by", "Signiert von", "Signeret af"),
    ("step", "Step", "Schritt", "Trin"),
    ("event_id", "Event", "Ereignis", "Hændelse"),
    ("none", "none", "keine", "ingen"),
    ("yes", "yes", "ja", "ja"),
    ("vul_None", "None", "niemand in Gefahr", "Ingen"),
    ("vul_NS", "North-South", "Nord-Süd in Gefahr", "Nord-Syd"),
    ("vul_EW", "East-West", "Ost-West in Gefahr", "Øst-Vest"),
    ("vul_Both", "All", "alle in Gefahr", "Alle"),
    ("st_filed", "filed", "eingelegt", "indgivet"),
    (
        "st_at_chief_td",
        "with the chief director",
        "beim Hauptturnierleiter",
        "hos chefturneringslederen",
    ),
    (
        "st_at_committee",
        "with the appeals committee",
        "beim Schiedsgericht",
        "hos appelkomiteen",
    ),
    (
        "st_convened",
        "committee convened",
        "Schiedsgericht einberufen",
        "appelkomite nedsat",
    ),
    ("st_decided", "decided", "entschieden", "afgjort"),
    (
        "st_further_appeal",
        "further appeal",
        "weitergehendes Rechtsmittel",
        "videre appel",
    ),
    ("st_referred", "referred", "verwiesen", "henvist"),
    ("st_in_parts", "heard in parts", "in Teilen verhandelt", "behandles i dele"),
    ("st_closed", "closed", "abgeschlossen", "afsluttet"),
    (
        "st_withdrawn",
        "withdrawn",
        "zurückgezogen",
        "trukket tilbage",
    ),
    ("no", "no", "nein", "nej"),
    (
        "conflicts",
        "Conflicting concurrent steps (Law 93)",
        "Widersprüchliche gleichzeitige Schritte (§ 93)",
        "Modstridende samtidige trin (§ 93)",
    ),
    (
        "conflict_open",
        "Open: no step stands and no score changes until the chief director or the committee chair settles it.",
        "Offen: kein Schritt gilt und kein Ergebnis ändert sich, bis der Hauptturnierleiter oder der Vorsitzende des Schiedsgerichts entscheidet.",
        "Åben: intet trin gælder og ingen score ændres, før chefturneringslederen eller appelkomiteens formand afgør det.",
    ),
    ("conflict_settled", "Settled by", "Entschieden von", "Afgjort af"),
    ("conflict_stands", "standing step", "gültiger Schritt", "gældende trin"),
    (
        "flags",
        "Refused steps in the log",
        "Zurückgewiesene Schritte im Log",
        "Afviste trin i loggen",
    ),
    // Refusal headings by the law a guard names (`refusal`); English output uses the
    // engine's own message, these rows give the German and Danish heading.
    (
        "refusal.92B",
        "Law 92B: the appeal period has ended; the appeal is not heard",
        "§ 92 B: Protestfrist abgelaufen; der Protest wird nicht verhandelt",
        "§ 92B: appelfristen er udløbet; appellen behandles ikke",
    ),
    (
        "refusal.ruling_late",
        "Law 92B: the period for requesting a ruling has ended",
        "§ 92 B: die Frist, eine Turnierleiterentscheidung zu verlangen, ist abgelaufen",
        "§ 92B: fristen for at anmode om en kendelse er udløbet",
    ),
    (
        "refusal.92D",
        "Law 92D: a required consent is missing (pair: both members; team: the captain)",
        "§ 92 D: erforderliche Zustimmung fehlt (Paar: beide Partner; Team: Kapitän)",
        "§ 92D: nødvendigt samtykke mangler (par: begge; hold: kaptajnen)",
    ),
    (
        "refusal.92A",
        "Law 92A: an appeal only against a ruling at the appellant's own table",
        "§ 92 A: Protest nur gegen eine Entscheidung am eigenen Tisch",
        "§ 92A: kun appel af en kendelse ved eget bord",
    ),
    (
        "refusal.91A",
        "Law 91A / 93B3: disciplinary penalties are final; only a recommendation is possible",
        "§ 91 A / 93 B 3: Disziplinarstrafen sind endgültig; nur eine Empfehlung ist möglich",
        "§ 91A / 93B3: disciplinære straffe er endelige; kun en anbefaling er mulig",
    ),
    (
        "refusal.93B3",
        "Law 93B3: on a point of law the committee may only recommend",
        "§ 93 B 3: das Schiedsgericht kann in Regelfragen nur eine Empfehlung aussprechen",
        "§ 93B3: appelkomiteen kan i lovspørgsmål kun anbefale",
    ),
    (
        "refusal.93B1",
        "Law 93B1: points of law alone are decided by the chief director",
        "§ 93 B 1: reine Regelfragen entscheidet der Hauptturnierleiter",
        "§ 93B1: rene lovspørgsmål afgøres af chefturneringslederen",
    ),
    (
        "refusal.93B2",
        "Law 93B2: facts and judgement go to the appeals committee",
        "§ 93 B 2: Tatsachen und Ermessen gehen an das Schiedsgericht",
        "§ 93B2: fakta og skøn går til appelkomiteen",
    ),
    (
        "refusal.93B",
        "Law 93B: a committee member not entitled to sit, or not impartial",
        "§ 93 B: nicht befugtes oder befangenes Schiedsgerichtsmitglied",
        "§ 93B: medlem uden ret til at sidde i appelkomiteen",
    ),
    (
        "refusal.93A",
        "Law 93A: the chief director's decision",
        "§ 93 A: Entscheidung des Hauptturnierleiters",
        "§ 93A: chefturneringslederens afgørelse",
    ),
    (
        "refusal.quorum_without_reason",
        "Law 93: the regulations expect a committee of three; a smaller quorum needs the organiser's reason",
        "§ 93: die Bestimmungen sehen ein Schiedsgericht aus drei Mitgliedern vor; eine kleinere Beschlussfähigkeit braucht die Begründung des Veranstalters",
        "§ 93: reglementet forudsætter en appelkomité på tre; et mindre antal kræver arrangørens begrundelse",
    ),
    (
        "refusal.settings_downgrade",
        "Law 93 and 92A: the organiser's appeal settings only move forward; settings signed as an older version are not applied",
        "§ 93 und § 92 A: die Einstellungen des Veranstalters für Proteste gelten nur vorwärts; Einstellungen in einer älteren Version werden nicht angewandt",
        "§ 93 og § 92A: arrangørens indstillinger for appeller gælder kun fremad; indstillinger i en ældre version anvendes ikke",
    ),
    (
        "refusal.settings_superseded",
        "Law 93 and 92A: settings signed as an old version after tdlog stopped signing it are a forgery and are not applied",
        "§ 93 und § 92 A: Einstellungen in einer alten Version, unterschrieben nachdem tdlog diese Version nicht mehr unterschreibt, sind gefälscht und werden nicht angewandt",
        "§ 93 og § 92A: indstillinger i en gammel version, underskrevet efter at tdlog holdt op med at underskrive den, er forfalskede og anvendes ikke",
    ),
    (
        "refusal.not_chair",
        "Law 93B: the committee's decision is signed by its chair; the other members co-sign it",
        "§ 93 B: die Entscheidung des Schiedsgerichts unterschreibt sein Vorsitzender; die übrigen Mitglieder zeichnen mit (Zustimmung oder abweichende Meinung)",
        "§ 93B: appelkomiteens afgørelse underskrives af formanden; de øvrige medlemmer medunderskriver (enig eller dissens)",
    ),
    (
        "refusal.decision_pending",
        "Law 93B: a decision of the committee is waiting for its co-signatures",
        "§ 93 B: eine Entscheidung des Schiedsgerichts wartet auf die Unterschriften der Mitglieder",
        "§ 93B: en afgørelse fra appelkomiteen venter på medlemmernes underskrifter",
    ),
    (
        "refusal.unknown_decision",
        "Law 93B: no such decision on this appeal",
        "§ 93 B: keine solche Entscheidung zu diesem Protest",
        "§ 93B: ingen sådan afgørelse i denne appel",
    ),
    (
        "refusal.not_committee_decision",
        "Law 93B: only the decision of a convened committee's chair is co-signed",
        "§ 93 B: mitgezeichnet wird nur die Entscheidung des Vorsitzenden eines einberufenen Schiedsgerichts",
        "§ 93B: kun formandens afgørelse i en indkaldt appelkomité medunderskrives",
    ),
    (
        "refusal.already_signed",
        "Law 93B: each member signs a decision once",
        "§ 93 B: jedes Mitglied unterschreibt eine Entscheidung nur einmal",
        "§ 93B: hvert medlem underskriver en afgørelse én gang",
    ),
    (
        "refusal.deposit_kept_with_merit",
        "Law 92A and the organiser's settings: the deposit is kept only when the appeal is judged without merit",
        "§ 92 A und Bestimmungen des Veranstalters: die Protestgebühr wird nur einbehalten, wenn der Protest als unbegründet beurteilt wird",
        "§ 92A og arrangørens bestemmelser: depositum beholdes kun, når appellen findes grundløs",
    ),
    (
        "refusal.no_deposit",
        "Law 92A and the organiser's settings: the organiser set no deposit, so none can be kept",
        "§ 92 A und Bestimmungen des Veranstalters: der Veranstalter hat keine Protestgebühr festgesetzt; es kann keine einbehalten werden",
        "§ 92A og arrangørens bestemmelser: arrangøren har ikke fastsat noget depositum; der kan ikke beholdes noget",
    ),
    (
        "refusal.hearing_in_future",
        "Law 93: a hearing is recorded once it has begun, not before",
        "§ 93: eine Verhandlung wird erst festgehalten, wenn sie begonnen hat",
        "§ 93: en behandling registreres først, når den er begyndt",
    ),
    (
        "refusal.hearing_before_filing",
        "Law 93: a hearing cannot begin before the appeal was filed",
        "§ 93: eine Verhandlung kann nicht vor dem Einlegen des Protests begonnen haben",
        "§ 93: en behandling kan ikke begynde, før appellen er indgivet",
    ),
    (
        "refusal.decision_not_in_force",
        "Law 93B: only a decision that stands (at its quorum of signatures) is announced",
        "§ 93 B: bekannt gegeben wird nur eine Entscheidung, die gilt (mit der nötigen Zahl von Unterschriften)",
        "§ 93B: kun en afgørelse, der står ved magt (med det nødvendige antal underskrifter), bekendtgøres",
    ),
    (
        "refusal.93C1",
        "Law 93C1: no further appeal is provided",
        "§ 93 C 1: keine weitergehenden Rechtsmittel vorgesehen",
        "§ 93C1: ingen videre appel er fastsat",
    ),
    (
        "refusal.79C2",
        "Law 79C2: a correction after the correction period only with the organiser's consent",
        "§ 79 C 2: Korrektur nach der Korrekturfrist nur mit Zustimmung des Veranstalters",
        "§ 79C2: rettelse efter rettelsesfristen kun med arrangørens samtykke",
    ),
    (
        "refusal.82C",
        "Law 82C: correction of a director's ruling",
        "§ 82 C: Berichtigung einer Turnierleiterentscheidung",
        "§ 82C: rettelse af en kendelse",
    ),
    (
        "refusal.Doko 8.8.7",
        "Doppelkopf 8.8.7: an objection to the Schiedsrichter's ruling only at once, before play goes on",
        "Doppelkopf 8.8.7: Einspruch gegen die Entscheidung des Schiedsrichters nur sofort, vor dem Weiterspielen",
        "Doppelkopf 8.8.7: indsigelse mod dommerens kendelse kun straks, før spillet fortsætter",
    ),
    (
        "refusal.Doko 7.1.1",
        "Doppelkopf 7.1.1: the Schiedsgericht decides finally",
        "Doppelkopf 7.1.1: das Schiedsgericht entscheidet endgültig",
        "Doppelkopf 7.1.1: voldgiftsrettens afgørelse er endelig",
    ),
    (
        "refusal.other",
        "Laws 92/93: this step is not allowed in the appeals procedure",
        "§ 92/93: Schritt im Protestverfahren nicht zulässig",
        "§ 92/93: trinnet er ikke tilladt i appelforløbet",
    ),
];

/// The label `key` in `lang` (`?` if unknown, so a gap shows and nothing panics).
pub fn tr(lang: Lang, key: &str) -> &'static str {
    static INDEX: std::sync::OnceLock<super::Index> = std::sync::OnceLock::new();
    // Unknown keys are a programming error caught by the catalogue test.
    super::find(&INDEX, LABELS, lang, key).unwrap_or("?")
}

/// A refusal in `lang`: the law first, then the names, times and numbers of this case.
/// English is the engine's own message; German and Danish take the heading of the law the
/// guard names from the label table (`refusal.<law>`, else `refusal.other`) and add the
/// case's values only (never the English sentence: a German or Danish TD reads no English).
pub fn refusal(lang: Lang, e: &GuardError) -> String {
    if let GuardError::RoleNotAllowed {
        law,
        kind,
        what,
        holder,
        role,
        allowed,
    } = e
    {
        return super::role_refusal(lang, law, kind, what, holder, role, allowed);
    }
    if lang == Lang::En {
        return e.to_string();
    }
    // The refusal's own heading if it has one, else its law's.
    let own = format!("refusal.{}", e.code());
    let key = if LABELS.iter().any(|r| r.0 == own) {
        own
    } else {
        format!("refusal.{}", e.law())
    };
    let known = LABELS.iter().any(|r| r.0 == key);
    let head = tr(lang, if known { &key } else { "refusal.other" });
    let values = refusal_values(e);
    if values.is_empty() {
        head.to_string()
    } else {
        format!("{head} ({})", values.join("; "))
    }
}

/// The values of a refusal a person needs (names, times, numbers), without its English
/// wording: the fields the engine words in English (`needed`, `have`) are left out, the
/// pipeline's state and step names are codes and shown as such.
fn refusal_values(e: &GuardError) -> Vec<String> {
    let Ok(serde_json::Value::Object(m)) = serde_json::to_value(e) else {
        return vec![];
    };
    m.into_iter()
        .filter(|(k, _)| !matches!(k.as_str(), "code" | "needed" | "have"))
        .filter_map(|(k, v)| {
            let text = match v {
                serde_json::Value::String(s) => s,
                serde_json::Value::Array(a) => a
                    .iter()
                    .filter_map(|x| x.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                serde_json::Value::Null => return None,
                other => other.to_string(),
            };
            if text.is_empty() {
                return None;
            }
            Some(if matches!(k.as_str(), "state" | "step") {
                format!("`{text}`")
            } else {
                text
            })
        })
        .collect()
}
