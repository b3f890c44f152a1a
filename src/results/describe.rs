//! Score descriptions a person reads (audits, travellers, the appeal form and casebook), in
//! English, German or Danish through `crate::i18n`: one line per outcome, `4S by S, 10
//! tricks, NS +420` / `4 Pik, Alleinspieler Süd, 10 Stiche, NS +420`. English keeps the
//! compact notation of the audits (`A+`, `4SX`, seat letters); German and Danish use the
//! national editions' terms (glossary §4). Pure.

use super::tournament::Outcome;
use crate::bridge::contract::{ContractOrPass, Doubling};
use crate::events::{Adjustment, Artificial, TableResult, Weighted};
use crate::i18n::{t, Lang, Msg};

fn msg(lang: Lang, key: &str, params: &[(&str, String)]) -> String {
    Msg::text(lang, key, params)
}

/// A contract as the language writes it: `4SX` in English, `4 Pik Kontra`, `4 spar doblet`.
fn contract(lang: Lang, c: &str) -> String {
    if lang == Lang::En {
        return c.to_string();
    }
    match c.parse::<ContractOrPass>() {
        Ok(ContractOrPass::PassedOut) => t(lang, "score.passed_out").to_string(),
        Ok(ContractOrPass::Contract(k)) => {
            let strain =
                crate::i18n::lookup(lang, &format!("strain.{:?}", k.strain)).unwrap_or("?");
            match k.doubling {
                Doubling::Undoubled => format!("{} {strain}", k.level),
                Doubling::Doubled => format!("{} {strain} {}", k.level, t(lang, "score.doubled")),
                Doubling::Redoubled => {
                    format!("{} {strain} {}", k.level, t(lang, "score.redoubled"))
                }
            }
        }
        // Not a contract the engine reads: shown as recorded.
        Err(_) => c.to_string(),
    }
}

fn seat(lang: Lang, s: &crate::bridge::seat::Seat) -> String {
    t(lang, &format!("seat.{}", s.letter())).to_string()
}

fn result(lang: Lang, r: &TableResult) -> String {
    match (r.declarer, r.tricks) {
        (Some(d), Some(n)) => msg(
            lang,
            "score.result",
            &[
                ("contract", contract(lang, &r.contract)),
                ("declarer", seat(lang, &d)),
                ("tricks", n.to_string()),
            ],
        ),
        _ => contract(lang, &r.contract),
    }
}

/// A contract in `lang` (`4SX`, `4 Pik Kontra`, `4 spar doblet`).
pub fn contract_in(lang: Lang, c: &str) -> String {
    contract(lang, c)
}

/// A table result in `lang`: `4S by N, 10 tricks`.
pub fn result_in(lang: Lang, r: &TableResult) -> String {
    result(lang, r)
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
            msg(lang, "score.assigned", &[("result", result(lang, r))])
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
                                ("result", result(lang, &w.result)),
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

/// One line for an outcome in `lang`.
pub fn outcome(lang: Lang, o: &Outcome) -> String {
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
                    ("contract", contract(lang, c)),
                    ("declarer", seat(lang, d)),
                    ("tricks", n.to_string()),
                    ("score", format!("{score_ns:+}")),
                ],
            ),
            _ => msg(
                lang,
                "score.played_short",
                &[
                    ("contract", contract(lang, c)),
                    ("score", format!("{score_ns:+}")),
                ],
            ),
        },
        Outcome::NotPlayed { reason } => {
            msg(lang, "score.not_played", &[("reason", reason.clone())])
        }
        Outcome::Adjusted { law, adjustment: a } => msg(
            lang,
            "score.adjusted",
            &[("law", law.clone()), ("adjustment", adjustment(lang, a))],
        ),
    }
}
