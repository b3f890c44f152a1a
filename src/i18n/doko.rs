//! Doppelkopf refusals in the reader's language: the § first, then what the rule says, then
//! the engine's English detail (seats, numbers) as it refused the step.
use super::{lookup, Lang};
use crate::doko::DokoError;

/// A Doppelkopf refusal in `lang`, naming its §. English is the engine's own message.
pub fn doko_refusal(lang: Lang, e: &DokoError) -> String {
    let rule = e.rule();
    if lang == Lang::En {
        return e.to_string();
    }
    // The rule's own heading, else its section's (8.2.1 → 8.2 → 8).
    let mut r = rule.as_str();
    let head = loop {
        if let Some(h) = lookup(lang, &format!("doko.rule.{r}")) {
            break h;
        }
        match r.rsplit_once('.') {
            Some((up, _)) => r = up,
            None => break lookup(lang, "doko.rule.other").unwrap_or(""),
        }
    };
    format!("Doppelkopf §{rule}: {head} ({e})")
}
