//! Score descriptions a person reads (audits, travellers, the appeal form and casebook), in
//! English, German or Danish through `crate::i18n`: one line per outcome, `4♠ by S, 10
//! tricks, NS +420` / `4♠, Alleinspieler Süd, 10 Stiche, NS +420`, contracts with suit
//! symbols and the language's no-trump (`i18n::cards`). The engine's own English line
//! ([`outcome_codes`]: `4S by S`, what `tdlog results`, its JSON and the audits print) keeps
//! the codes. German and Danish use the national editions' terms (glossary §4). Pure.

use super::tournament::Outcome;
use crate::bridge::contract::ContractOrPass;
use crate::events::{Adjustment, Artificial, TableResult, Weighted};
use crate::i18n::{t, Lang, Msg};

/// The language and whether contracts keep the engine's codes (`4SX`, only the English line
/// of [`outcome_codes`]) or read with suit symbols (`4♠X`).
#[derive(Clone, Copy)]
struct Style {
    lang: Lang,
    codes: bool,
}

impl Style {
    fn of(lang: Lang) -> Style {
        Style { lang, codes: false }
    }
}

fn msg(lang: Lang, key: &str, params: &[(&str, String)]) -> String {
    Msg::text(lang, key, params)
}

/// A contract as the language writes it: `4♠X`, `3SA`, `3UT`; the engine's `4SX` in codes.
fn contract(st: Style, c: &str) -> String {
    if st.codes {
        return c.to_string();
    }
    match c.parse::<ContractOrPass>() {
        Ok(ContractOrPass::PassedOut) => t(st.lang, "score.passed_out").to_string(),
        Ok(ContractOrPass::Contract(k)) => crate::i18n::cards::contract_text(st.lang, k),
        // Not a contract the engine reads: shown as recorded.
        Err(_) => c.to_string(),
    }
}

fn seat(lang: Lang, s: &crate::bridge::seat::Seat) -> String {
    t(lang, &format!("seat.{}", s.letter())).to_string()
}

fn result(st: Style, r: &TableResult) -> String {
    let lang = st.lang;
    match (r.declarer, r.tricks) {
        (Some(d), Some(n)) => msg(
            lang,
            "score.result",
            &[
                ("contract", contract(st, &r.contract)),
                ("declarer", seat(lang, &d)),
                ("tricks", n.to_string()),
            ],
        ),
        _ => contract(st, &r.contract),
    }
}

/// A contract in `lang` (`4♠X`, `3SA`, `4♥D`).
pub fn contract_in(lang: Lang, c: &str) -> String {
    contract(Style::of(lang), c)
}

/// A table result in `lang`: `4♠ by N, 10 tricks`.
pub fn result_in(lang: Lang, r: &TableResult) -> String {
    result(Style::of(lang), r)
}

fn artificial(lang: Lang, a: &Artificial) -> &'static str {
    let key = match a {
        Artificial::AveragePlus => "score.average_plus",
        Artificial::Average => "score.average",
        Artificial::AverageMinus => "score.average_minus",
    };
    crate::i18n::lookup(lang, key).unwrap_or("?")
}

/// An adjusted score (Law 12) in `lang`.
pub fn adjustment(lang: Lang, a: &Adjustment) -> String {
    adjustment_with(Style::of(lang), a)
}

fn adjustment_with(st: Style, a: &Adjustment) -> String {
    let lang = st.lang;
    match a {
        Adjustment::Artificial { ns, ew } => msg(
            lang,
            "score.artificial",
            &[
                ("ns", artificial(lang, ns).into()),
                ("ew", artificial(lang, ew).into()),
            ],
        ),
        Adjustment::Assigned { result: r } => {
            msg(lang, "score.assigned", &[("result", result(st, r))])
        }
        Adjustment::Weighted { ns, ew } => {
            let list = |v: &Vec<Weighted>| {
                let total: u32 = v.iter().map(|w| w.weight).sum();
                v.iter()
                    .map(|w| {
                        msg(
                            lang,
                            "score.weight",
                            &[
                                ("weight", w.weight.to_string()),
                                ("total", total.to_string()),
                                ("result", result(st, &w.result)),
                            ],
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" + ")
            };
            match ew {
                None => msg(lang, "score.weighted", &[("ns", list(ns))]),
                Some(ew) => msg(
                    lang,
                    "score.weighted_sides",
                    &[("ns", list(ns)), ("ew", list(ew))],
                ),
            }
        }
    }
}

/// One line for an outcome in `lang`, contracts with suit symbols.
pub fn outcome(lang: Lang, o: &Outcome) -> String {
    outcome_with(Style::of(lang), o)
}

/// The engine's English line for an outcome, contracts as codes (`4SX by S, 10 tricks, NS
/// -590`): `tdlog results`, its JSON and the audit trail print it.
pub fn outcome_codes(o: &Outcome) -> String {
    outcome_with(
        Style {
            lang: Lang::En,
            codes: true,
        },
        o,
    )
}

fn outcome_with(st: Style, o: &Outcome) -> String {
    let lang = st.lang;
    match o {
        Outcome::Played {
            contract: c,
            declarer,
            tricks,
            score_ns,
        } => match (declarer, tricks) {
            (Some(d), Some(n)) => msg(
                lang,
                "score.played",
                &[
                    ("contract", contract(st, c)),
                    ("declarer", seat(lang, d)),
                    ("tricks", n.to_string()),
                    ("score", format!("{score_ns:+}")),
                ],
            ),
            _ => msg(
                lang,
                "score.played_short",
                &[
                    ("contract", contract(st, c)),
                    ("score", format!("{score_ns:+}")),
                ],
            ),
        },
        Outcome::NotPlayed { reason } => msg(
            lang,
            "score.not_played",
            &[("reason", crate::i18n::reason_text(lang, reason))],
        ),
        Outcome::Adjusted { law, adjustment: a } => msg(
            lang,
            "score.adjusted",
            &[("law", law.clone()), ("adjustment", adjustment_with(st, a))],
        ),
    }
}

impl Outcome {
    /// One line for audits and travellers: `4S= by S, NS +420`, `A+/A- (Law 12C2)`.
    pub fn describe(&self) -> String {
        outcome_codes(self)
    }

    /// The same line in `lang` (reports in German and Danish), below.
    pub fn describe_in(&self, lang: crate::i18n::Lang) -> String {
        outcome(lang, self)
    }
}
