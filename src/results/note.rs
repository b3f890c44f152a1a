//! Why a score is missing or special, as data: each reason on a result row is a stable key
//! with its values (a reason may hold another, `{why}`), said in English, German or Danish
//! from `i18n::NOTES`. The English of a row's reasons, joined by "; ", is the row's `note`:
//! the words `tdlog results` and its JSON have always printed, byte for byte; the app says
//! the same reasons in the user's language.

use crate::i18n::{lookup, Lang, Msg};
use crate::scoring::ScoringError;
use serde::Serialize;

/// One reason on a result row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reason {
    pub key: &'static str,
    /// The values put into the text's `{placeholders}`, in the engine's words (`side` is
    /// `NS` or `EW`, `rule` a policy's reading, `reason` a board's signed reason: each said in
    /// the language, an importer's own phrase translated).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<(&'static str, String)>,
    /// The reason inside this one (`{why}`): "no comparison: at the other table, {why}".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Box<Reason>>,
}

impl Reason {
    pub fn new(key: &'static str) -> Reason {
        Reason {
            key,
            params: vec![],
            why: None,
        }
    }

    /// This reason with `{name}` filled by `value`.
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Reason {
        self.params.push((name, value.to_string()));
        self
    }

    /// This reason with `{why}` filled by `why`.
    pub fn because(mut self, why: Reason) -> Reason {
        self.why = Some(Box::new(why));
        self
    }

    /// The values as `lang` says them: `{why}` the inner reason, `{side}` and `{rule}` by
    /// their own rows; the rest as they are.
    fn values(&self, lang: Lang) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = self
            .params
            .iter()
            .map(|(k, v)| {
                let said = match *k {
                    "side" | "rule" => lookup(lang, &format!("note.{k}.{v}"))
                        .unwrap_or(v)
                        .to_string(),
                    "reason" => crate::i18n::reason_text(lang, v),
                    _ => v.clone(),
                };
                (*k, said)
            })
            .collect();
        if let Some(w) = &self.why {
            out.push(("why", w.text(lang)));
        }
        out
    }

    /// The reason in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        Msg::text(lang, self.key, &self.values(lang))
    }

    /// The reason as a message: key, values (in `lang`) and text.
    pub fn msg(&self, lang: Lang) -> Msg {
        Msg::new(lang, self.key, &self.values(lang))
    }
}

/// A row's reasons as one line in `lang` ("; " between them); `None` without any.
pub fn say(reasons: &[Reason], lang: Lang) -> Option<String> {
    if reasons.is_empty() {
        return None;
    }
    Some(
        reasons
            .iter()
            .map(|r| r.text(lang))
            .collect::<Vec<_>>()
            .join("; "),
    )
}

/// A scoring error as a reason, with the law it names (the English is the error's own).
pub fn scoring_error(e: &ScoringError) -> Reason {
    use ScoringError::*;
    match e {
        EmptyWeighted => Reason::new("note.scoring.empty_weighted"),
        BadWeight(w) => Reason::new("note.scoring.bad_weight").with("value", w),
        WeightsNotOne(w) => Reason::new("note.scoring.weights_not_one").with("value", w),
        ArtificialPercent(x) => Reason::new("note.scoring.artificial_percent").with("value", x),
        ArtificialImps(x) => Reason::new("note.scoring.artificial_imps").with("value", x),
        ExpectedTooFew { expected, present } => Reason::new("note.scoring.expected_too_few")
            .with("expected", expected)
            .with("present", present),
        NoBoards => Reason::new("note.scoring.no_boards"),
        AcblBoards(n) => Reason::new("note.scoring.acbl_boards").with("value", n),
        BadMargin(x) => Reason::new("note.scoring.bad_margin").with("value", x),
        BadTotal(x) => Reason::new("note.scoring.bad_total").with("value", x),
        DuplicateContestant(c) => Reason::new("note.scoring.duplicate_contestant").with("value", c),
        TieBreakKeys => Reason::new("note.scoring.tie_break_keys"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_reason_reads_in_each_language_and_the_english_is_the_old_note() {
        let r = Reason::new("note.other_table")
            .because(Reason::new("note.not_played").with("reason", "absent"));
        assert_eq!(
            r.text(Lang::En),
            "no comparison: at the other table, not played: absent"
        );
        assert!(r.text(Lang::De).contains("absent"), "{}", r.text(Lang::De));
        assert!(!r.text(Lang::De).contains("no comparison"));
        let both = [r, Reason::new("note.no_imps")];
        assert_eq!(
            say(&both, Lang::En).unwrap(),
            "no comparison: at the other table, not played: absent; no IMPs for this board"
        );
        assert_eq!(say(&[], Lang::Da), None);
    }

    #[test]
    fn an_importers_reason_for_a_board_not_played_reads_in_the_language_a_tds_stays() {
        let pass = "no result in the file (Contract \"Pass\" with no auction and no score: \
                    the board was not played)";
        let r = Reason::new("note.not_played").with("reason", pass);
        assert_eq!(r.text(Lang::En), format!("not played: {pass}"));
        assert!(
            r.text(Lang::De)
                .starts_with("nicht gespielt: kein Ergebnis in der Datei"),
            "{}",
            r.text(Lang::De)
        );
        let usebio = Reason::new("note.not_played")
            .with("reason", "artificial score A+ in the imported USEBIO file");
        assert_eq!(
            usebio.text(Lang::Da),
            "ikke spillet: kunstig score A+ i den importerede USEBIO-fil"
        );
        let td = Reason::new("note.not_played").with("reason", "Spät gekommen");
        assert_eq!(td.text(Lang::De), "nicht gespielt: Spät gekommen");
    }

    #[test]
    fn every_scoring_error_reads_as_its_own_english() {
        let all = [
            ScoringError::EmptyWeighted,
            ScoringError::BadWeight("-1".into()),
            ScoringError::WeightsNotOne("0.9".into()),
            ScoringError::ArtificialPercent(101.5),
            ScoringError::ArtificialImps(f64::NAN),
            ScoringError::ExpectedTooFew {
                expected: 3,
                present: 4,
            },
            ScoringError::NoBoards,
            ScoringError::AcblBoards(40),
            ScoringError::BadMargin(f64::INFINITY),
            ScoringError::BadTotal(f64::NAN),
            ScoringError::DuplicateContestant("7".into()),
            ScoringError::TieBreakKeys,
        ];
        for e in all {
            let r = scoring_error(&e);
            assert_eq!(r.text(Lang::En), e.to_string());
            for lang in [Lang::De, Lang::Da] {
                assert!(lookup(lang, r.key).is_some(), "{} {lang}", r.key);
            }
        }
    }

    #[test]
    fn sides_and_readings_are_said_in_the_language() {
        let r = Reason::new("note.own_session_pct")
            .with("side", "EW")
            .with("pct", "63.20")
            .with("rule", "Wbf");
        assert_eq!(
            r.text(Lang::En),
            "E-W 63.20 %: own session percentage (Law 12C2(c), Wbf reading)"
        );
        let de = r.text(Lang::De);
        assert!(
            de.starts_with("OW 63.20 %") && de.contains("§ 12 C 2 (c)"),
            "{de}"
        );
        let da = r.text(Lang::Da);
        assert!(
            da.starts_with("ØV 63.20 %") && da.contains("§ 12C2(c)"),
            "{da}"
        );
    }
}
