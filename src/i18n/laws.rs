//! How each edition cites a law, and the role refusals that name one. The English Laws
//! write "Law 92D"; the German DBV edition "§ 92 D" (number, letter and item apart, as
//! "§ 27 B 1 (a)"); the Danish DBf edition "§ 92D".

use super::{t, Lang};

/// `law` ("92D", "12C1(e)", "93B3") cited as `lang`'s edition of the Laws does. Anything
/// that does not start with a law number ("Doko 8.8.7") is returned as it is.
pub fn cite(lang: Lang, law: &str) -> String {
    let law = law.trim();
    if !law.starts_with(|c: char| c.is_ascii_digit()) {
        return law.to_string();
    }
    match lang {
        Lang::En => format!("Law {law}"),
        Lang::Da => format!("§ {law}"),
        Lang::De => {
            // A space wherever a number meets a letter or a bracket: 12C1(e) -> 12 C 1 (e).
            let mut out = String::from("§ ");
            let mut prev: Option<char> = None;
            let mut depth = 0;
            for c in law.chars() {
                if c == '(' {
                    depth += 1;
                }
                if let Some(p) = prev {
                    let kind = |x: char| {
                        if x.is_ascii_digit() {
                            0
                        } else if x.is_alphabetic() {
                            1
                        } else {
                            2
                        }
                    };
                    let split = depth == 0 && kind(p) != kind(c) && kind(p) < 2 && kind(c) < 2;
                    if split || (c == '(' && p != ' ') {
                        out.push(' ');
                    }
                }
                if c == ')' {
                    depth -= 1;
                }
                out.push(c);
                prev = Some(c);
            }
            out
        }
    }
}

/// Role codes (`chief_td`, `td`, ...) as `lang` names them, joined with "or".
pub fn roles_text(lang: Lang, roles: &[&str]) -> String {
    let names: Vec<String> = roles
        .iter()
        .map(|r| t(lang, &format!("role.{r}")).to_string())
        .collect();
    let or = match lang {
        Lang::En => " or ",
        Lang::De => " oder ",
        Lang::Da => " eller ",
    };
    names.join(or)
}

/// What each guarded step is, by event type: `(type, English, German, Danish)`.
pub static STEPS: &[(&str, &str, &str, &str)] = &[
    (
        "appeal.filed",
        "filing an appeal (through the director)",
        "das Einlegen eines Protests (über den Turnierleiter)",
        "at indgive en appel (gennem turneringslederen)",
    ),
    (
        "appeal.consent",
        "recording a player's consent to an appeal",
        "das Festhalten der Zustimmung eines Spielers zum Protest",
        "at registrere en spillers samtykke til appellen",
    ),
    (
        "appeal.withdrawn",
        "recording the withdrawal of an appeal",
        "das Festhalten der Rücknahme eines Protests",
        "at registrere tilbagetrækningen af en appel",
    ),
    (
        "appeal.further",
        "filing a further appeal",
        "das Einlegen eines weitergehenden Rechtsmittels",
        "at indgive en videre appel",
    ),
    (
        "appeal.routed",
        "routing an appeal",
        "die Zuweisung eines Protests",
        "at henvise en appel",
    ),
    (
        "appeal.convened",
        "convening the appeals committee",
        "die Einberufung des Schiedsgerichts",
        "at indkalde appelkomiteen",
    ),
    (
        "appeal.statement",
        "recording a statement at the hearing",
        "das Festhalten einer Stellungnahme in der Verhandlung",
        "at registrere en udtalelse under behandlingen",
    ),
    (
        "appeal.notified",
        "recording that the parties were told of an appeal",
        "das Festhalten, dass die Parteien vom Protest unterrichtet wurden",
        "at registrere, at parterne er underrettet om en appel",
    ),
    (
        "appeal.hearing",
        "recording the hearing of an appeal",
        "das Protokoll der Verhandlung eines Protests",
        "at registrere behandlingen af en appel",
    ),
    (
        "appeal.announced",
        "recording the announcement of a decision",
        "das Festhalten der Bekanntgabe einer Entscheidung",
        "at registrere bekendtgørelsen af en afgørelse",
    ),
    (
        "appeal.decided",
        "deciding an appeal",
        "die Entscheidung über einen Protest",
        "at afgøre en appel",
    ),
    (
        "appeal.referred",
        "referring an appeal to the regulating authority",
        "die Verweisung eines Protests an den verantwortlichen Verband",
        "at henvise en appel til den regulerende myndighed",
    ),
    (
        "appeal.conflict_resolved",
        "settling a conflict between steps on an appeal",
        "die Auflösung eines Konflikts zwischen Schritten eines Protests",
        "at afgøre en konflikt mellem trin i en appel",
    ),
    (
        "appeal.authority_answered",
        "recording the regulating authority's answer",
        "das Festhalten der Antwort des verantwortlichen Verbands",
        "at registrere den regulerende myndigheds svar",
    ),
    (
        "organiser.late_correction_consent",
        "consenting to a correction after the correction period",
        "die Zustimmung zu einer Korrektur nach der Korrekturfrist",
        "at give samtykke til en rettelse efter rettelsesfristen",
    ),
    (
        "result.corrected",
        "correcting a score",
        "die Korrektur eines Ergebnisses",
        "at rette en score",
    ),
    (
        "results.published",
        "publishing the official results",
        "die Veröffentlichung der offiziellen Ergebnisse",
        "at offentliggøre de officielle resultater",
    ),
    (
        "config.appeals",
        "setting the correction and appeal periods",
        "das Festlegen der Korrektur- und Protestfristen",
        "at fastsætte rettelses- og appelfristerne",
    ),
    (
        "director.ruling",
        "giving a ruling",
        "eine Turnierleiterentscheidung",
        "at afsige en kendelse",
    ),
];

/// The description of step `kind` in `lang` (the English one if the table lacks it).
pub fn step_text(lang: Lang, kind: &str, english: &str) -> String {
    STEPS
        .iter()
        .find(|r| r.0 == kind)
        .map(|r| match lang {
            Lang::En => r.1,
            Lang::De => r.2,
            Lang::Da => r.3,
        })
        .unwrap_or(english)
        .to_string()
}

/// A role refusal as a whole sentence in `lang`, citing the law as its edition does.
pub fn role_refusal(
    lang: Lang,
    law: &str,
    kind: &str,
    english: &str,
    holder: &str,
    role: &str,
    allowed: &[&str],
) -> String {
    let what = step_text(lang, kind, english);
    let allowed = roles_text(lang, allowed);
    let role = roles_text(lang, &[role]);
    let law = cite(lang, law);
    match lang {
        Lang::En => format!("{law}: {what} is for the {allowed}; {holder} signs as {role}"),
        Lang::De => format!("{law}: {what} nur durch {allowed}; {holder} signiert als {role}"),
        Lang::Da => format!("{law}: {what} er forbeholdt {allowed}; {holder} signerer som {role}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_edition_cites_the_law_its_own_way() {
        assert_eq!(cite(Lang::En, "92D"), "Law 92D");
        assert_eq!(cite(Lang::De, "92D"), "§ 92 D");
        assert_eq!(cite(Lang::Da, "92D"), "§ 92D");
        assert_eq!(cite(Lang::De, "27B1(a)"), "§ 27 B 1 (a)");
        assert_eq!(cite(Lang::De, "93C2"), "§ 93 C 2");
        assert_eq!(cite(Lang::De, "12C1(e)"), "§ 12 C 1 (e)");
        assert_eq!(cite(Lang::De, "92"), "§ 92");
        assert_eq!(cite(Lang::De, "Doko 8.8.7"), "Doko 8.8.7");
    }
}
