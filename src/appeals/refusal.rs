//! A guard's refusal in the reader's language (`i18n::refusal` before issue 34): the law
//! first, then the values of the case. Here, beside the guards, so that the text layer
//! (`i18n`) does not import the appeals workflow.
use super::guard::GuardError;
use crate::i18n::{tr, Lang, LABELS};

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
        return crate::i18n::role_refusal(lang, law, kind, what, holder, role, allowed);
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
