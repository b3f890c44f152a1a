//! Localisation of the text a person reads: English, German (DBV 2017) and Danish (DBf 2017),
//! terms from the national editions' glossary. Data-driven: a table of stable keys, each with
//! its three strings ([`texts::TEXTS`]). Views return the key (and its parameters) next to
//! the text, so a front end can keep the code and show the text in the chosen language.
//!
//! Adding a language or a message is adding a column or a row; a test checks every row has
//! all three languages.

mod assistant;
pub mod cards;
mod doko;
mod events;
mod laws;
mod movement;
mod notes;
pub mod policy;
mod reports;
mod site;
mod stats;
mod texts;
mod time;
pub mod traveller;
mod trees;

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

pub use assistant::ASSISTANT;
pub use doko::{doko_kind_label, doko_refusal, doko_result_label, doko_row_label};
pub use events::EVENTS;
pub use laws::{cite, role_refusal, roles_text, step_text, STEPS};
pub use movement::MOVEMENT;
pub use notes::{reason_text, NOTES};
pub use reports::{tr, LABELS};
pub use site::{site_text, SITE, SITE_VERIFY};
pub use stats::{stats_text, STATS};
pub use texts::TEXTS;
pub use time::{local_time, parse_local};
pub use trees::{tree_title, TREES};

/// A language the engine's messages are written in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    De,
    Da,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Da];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Da => "da",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown language {s:?} (one of en, de, da)"))
    }
}

/// The text of `key` in `lang`; `None` if the key is not in the table.
pub fn lookup(lang: Lang, key: &str) -> Option<&'static str> {
    static INDEX: OnceLock<Index> = OnceLock::new();
    static TREE_INDEX: OnceLock<Index> = OnceLock::new();
    static NOTE_INDEX: OnceLock<Index> = OnceLock::new();
    static EVENT_INDEX: OnceLock<Index> = OnceLock::new();
    static ASSISTANT: OnceLock<Index> = OnceLock::new();
    static MOVEMENT: OnceLock<Index> = OnceLock::new();
    static TRAVELLER: OnceLock<Index> = OnceLock::new();
    static POLICY: OnceLock<Index> = OnceLock::new();
    find(&INDEX, TEXTS, lang, key)
        .or_else(|| find(&TREE_INDEX, TREES, lang, key))
        .or_else(|| find(&NOTE_INDEX, NOTES, lang, key))
        .or_else(|| find(&EVENT_INDEX, EVENTS, lang, key))
        .or_else(|| find(&ASSISTANT, assistant::ASSISTANT, lang, key))
        .or_else(|| find(&MOVEMENT, movement::MOVEMENT, lang, key))
        .or_else(|| find(&TRAVELLER, traveller::TRAVELLER, lang, key))
        .or_else(|| find(&POLICY, policy::POLICY, lang, key))
}

/// A table's rows by key. A results page looks up a message per row (5,400 rows for a
/// 200-table session): a scan of the table per lookup was an eighth of `tdlog results`.
pub(crate) type Index = HashMap<&'static str, (&'static str, &'static str, &'static str)>;

/// `key` in `lang` from `table`, through its index (built once; the first row of a key wins,
/// as the scan did).
pub(crate) fn find(
    index: &'static OnceLock<Index>,
    table: &'static [(&'static str, &'static str, &'static str, &'static str)],
    lang: Lang,
    key: &str,
) -> Option<&'static str> {
    let index = index.get_or_init(|| {
        let mut m = HashMap::with_capacity(table.len());
        for &(k, en, de, da) in table {
            m.entry(k).or_insert((en, de, da));
        }
        m
    });
    index.get(key).map(|&(en, de, da)| match lang {
        Lang::En => en,
        Lang::De => de,
        Lang::Da => da,
    })
}

/// The text of `key` in `lang`. An unknown key comes back as itself, so a missing row shows
/// up on screen as its code rather than as nothing.
pub fn t(lang: Lang, key: &str) -> &str {
    lookup(lang, key).unwrap_or(key)
}

/// `template` with each `{name}` of `params` replaced by its value, in one pass (a value is
/// never searched again, so a value holding `{x}` stays as it is, as before when each
/// placeholder was replaced in turn only if the earlier values did not contain it).
fn fill(template: &str, params: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').and_then(|close| {
            let name = &after[..close];
            params
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (close, v))
        }) {
            Some((close, v)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A message a person reads: its stable key, the values put into its `{placeholders}`, and
/// its text in the language asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Msg {
    pub key: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
    pub text: String,
}

impl Msg {
    /// The message `key` in `lang` with `params` filled in.
    pub fn new(lang: Lang, key: &str, params: &[(&str, String)]) -> Msg {
        let text = Msg::text(lang, key, params);
        Msg {
            key: key.to_string(),
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
            text,
        }
    }

    /// Only the text of [`Msg::new`], for callers that show nothing else.
    /// A `law` parameter is cited as `lang`'s edition does ("Law 92D", "§ 92 D", "§ 92D":
    /// [`cite`]); `params` keep the law's code.
    pub fn text(lang: Lang, key: &str, params: &[(&str, String)]) -> String {
        let cited: Vec<(&str, String)> = params
            .iter()
            .map(|(k, v)| match *k {
                "law" => (*k, cite(lang, v)),
                _ => (*k, v.clone()),
            })
            .collect();
        fill(t(lang, key), &cited)
    }

    /// A message whose English text is the engine's own data (e.g. a branch's "when" in a
    /// decision tree): translated where the table has the key, else the English.
    pub fn from_data(lang: Lang, key: String, english: &str) -> Msg {
        Msg {
            text: lookup(lang, &key).unwrap_or(english).to_string(),
            key,
            params: BTreeMap::new(),
        }
    }

    /// A message whose text comes from the engine's data in English only: the key names where
    /// it comes from.
    pub fn english(key: String, text: &str) -> Msg {
        Msg {
            key,
            params: BTreeMap::new(),
            text: text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_key_has_english_german_and_danish_text() {
        for (key, en, de, da) in TEXTS.iter().chain(TREES).chain(NOTES).chain(EVENTS) {
            for (lang, s) in [("en", en), ("de", de), ("da", da)] {
                assert!(!s.trim().is_empty(), "{key} has no {lang} text");
            }
        }
    }

    #[test]
    fn keys_are_unique_and_placeholders_agree_across_languages() {
        let mut seen = BTreeSet::new();
        let holes = |s: &str| {
            s.split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(h, _)| h.to_string()))
                .collect::<BTreeSet<_>>()
        };
        for (key, en, de, da) in TEXTS.iter().chain(TREES).chain(NOTES).chain(EVENTS) {
            assert!(seen.insert(*key), "duplicate key {key}");
            assert_eq!(holes(en), holes(de), "{key}: de placeholders");
            assert_eq!(holes(en), holes(da), "{key}: da placeholders");
        }
    }

    #[test]
    fn every_decision_tree_title_is_localised_and_english_is_the_trees_own() {
        for tree in crate::bridge::irregularity::all_trees() {
            let key = format!("law.{}.title", tree.law);
            assert_eq!(lookup(Lang::En, &key), Some(tree.title), "{key}");
        }
    }

    #[test]
    fn translated_tree_texts_are_translations_of_the_trees_own_english() {
        for tree in crate::bridge::irregularity::all_trees() {
            for b in &tree.branches {
                let when = format!("law.{}.{}.when", tree.law, b.id);
                if let Some(en) = lookup(Lang::En, &when) {
                    assert_eq!(en, b.when, "{when}");
                }
                let j = format!("law.{}.{}.judgement", tree.law, b.id);
                if let Some(en) = lookup(Lang::En, &j) {
                    assert_eq!(Some(en), b.judgement, "{j}");
                }
            }
        }
        for (key, ..) in TEXTS.iter().chain(TREES).chain(NOTES).chain(EVENTS) {
            if key.ends_with(".when") || key.ends_with(".judgement") {
                let known = crate::bridge::irregularity::all_trees().iter().any(|t| {
                    t.branches.iter().any(|b| {
                        *key == format!("law.{}.{}.when", t.law, b.id)
                            || *key == format!("law.{}.{}.judgement", t.law, b.id)
                    })
                });
                assert!(known, "{key} names no branch of any tree");
            }
        }
    }

    /// N5: every text of every decision tree the app can show (title, each branch's "when",
    /// the TD's question) has its own German and Danish row: nothing falls back to English.
    #[test]
    fn every_tree_text_the_app_can_show_has_a_german_and_a_danish_row() {
        let trees = crate::bridge::irregularity::all_trees();
        let mut missing = vec![];
        let mut check = |key: String, english: &str| {
            for lang in [Lang::De, Lang::Da] {
                match lookup(lang, &key) {
                    None => missing.push(format!("{key} ({lang})")),
                    // A German or Danish row that only repeats the English is a fallback in
                    // disguise; "Revoke" is the DBV's own word.
                    Some(s) if s == english && english != "Revoke" => {
                        missing.push(format!("{key} ({lang}) is the English"))
                    }
                    Some(_) => {}
                }
            }
        };
        for tree in &trees {
            check(format!("law.{}.title", tree.law), tree.title);
            for b in &tree.branches {
                check(format!("law.{}.{}.when", tree.law, b.id), b.when);
                if let Some(j) = b.judgement {
                    check(format!("law.{}.{}.judgement", tree.law, b.id), j);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "no German or Danish row:\n{}",
            missing.join("\n")
        );
        // Every law the play engine reports is shown with one of these trees (the view keys
        // a branch by its tree's law, `53-56`, not the irregularity's, `54`).
        for law in [
            "24", "50", "51", "52", "53", "54", "55", "56", "57", "58", "61", "62", "63B", "64A1",
            "67", "68", "69", "70", "71",
        ] {
            let t = crate::bridge::tables::play_tree(law).expect(law);
            assert!(trees.iter().any(|x| x.law == t.law), "{law}");
        }
    }

    #[test]
    fn message_fills_placeholders_and_unknown_keys_show_as_themselves() {
        let m = Msg::new(
            Lang::De,
            "bar.rest_of_auction",
            &[("seat", "N".into()), ("law", "31".into())],
        );
        assert!(m.text.contains('N') && m.text.contains("31"), "{}", m.text);
        assert_eq!(t(Lang::Da, "no.such.key"), "no.such.key");
        assert_eq!("DE".parse::<Lang>(), Ok(Lang::De));
    }

    #[test]
    fn view_messages_cite_the_law_as_each_edition_writes_it_dbv_section_not_regel() {
        // Law 31: "must pass for the rest of the auction". The DBV edition writes "§ 31 A 2",
        // the DBf edition "§ 31A2"; the message keeps the code in its parameters.
        let p = [("seat", "N".to_string()), ("law", "31A2".to_string())];
        let de = Msg::new(Lang::De, "bar.rest_of_auction", &p);
        assert!(de.text.ends_with("(§ 31 A 2)"), "{}", de.text);
        assert!(!de.text.contains("Regel"), "{}", de.text);
        assert_eq!(de.params["law"], "31A2");
        let da = Msg::text(Lang::Da, "bar.rest_of_auction", &p);
        assert!(da.ends_with("(§ 31A2)") && !da.contains("lov"), "{da}");
        let en = Msg::text(Lang::En, "bar.rest_of_auction", &p);
        assert!(en.ends_with("(Law 31A2)"), "{en}");
        let adj = Msg::text(
            Lang::De,
            "score.adjusted",
            &[("law", "12C1(c)".into()), ("adjustment", "x".into())],
        );
        assert_eq!(adj, "berichtigter Score nach § 12 C 1 (c): x");
    }

    #[test]
    fn placeholders_are_filled_in_one_pass_and_unknown_braces_stay() {
        let p = [("a", "{b}".to_string()), ("b", "2".to_string())];
        assert_eq!(fill("x{a}y{b}z{c}{", &p), "x{b}y2z{c}{");
        assert_eq!(fill("{a}{a}", &p), "{b}{b}");
        assert_eq!(fill("", &p), "");
    }

    #[test]
    fn the_index_finds_every_row_as_the_table_has_it() {
        for &(k, en, de, da) in TEXTS {
            let first = TEXTS.iter().find(|r| r.0 == k).unwrap();
            assert_eq!(lookup(Lang::En, k), Some(first.1));
            assert_eq!(lookup(Lang::De, k), Some(first.2));
            assert_eq!(lookup(Lang::Da, k), Some(first.3));
            let _ = (en, de, da);
        }
        for &(k, ..) in LABELS {
            let first = LABELS.iter().find(|r| r.0 == k).unwrap();
            assert_eq!(tr(Lang::Da, k), first.3);
        }
    }
}
