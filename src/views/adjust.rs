//! The adjustment assistant (Law 12C1): for a board under a ruling, what the TD and the
//! committee weigh before signing an adjusted score. The deal's double-dummy table and par
//! (`bridge::double_dummy`), the results the rest of the field got on the board (the results
//! projection), and for a weighted score being built (Law 12C1(c): outcomes with weights)
//! each outcome's score and its matchpoints or IMPs against the field, and the weighted
//! result, all scored by `results::board_rows_if` under the section's own signed policy: the
//! numbers are the ones the results will show once the score is signed. Nothing is signed
//! here; the double-dummy analysis runs only when this view is asked for.
use super::{Replayed, ViewError};
use crate::bridge::board::{dealer as law2_dealer, Deal};
use crate::bridge::contract::ContractOrPass;
use crate::bridge::double_dummy::{self, Par, PBN_DECLARERS, STRAINS};
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::{Adjustment, Form, Method, Payload, Slot, TableResult, Weighted};
use crate::i18n::{cite, t, Lang, Msg};
use crate::log::Hash32;
use crate::results::describe;
use crate::results::{board_rows_if, Outcome, ResultRow, SlotState};
use serde::{Deserialize, Serialize};

/// Which board, and at which table the score is being adjusted. Without a table, the table
/// of the latest ruling on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjustAt {
    #[serde(default = "section_a")]
    pub section: String,
    pub board: u32,
    #[serde(default)]
    pub round: Option<u32>,
    #[serde(default)]
    pub table: Option<u32>,
}

fn section_a() -> String {
    "A".into()
}

/// What the assistant shows.
#[derive(Debug, Clone, Serialize)]
pub struct AdjustScreen {
    pub title: Msg,
    /// The board at the table whose score is adjusted; `None` when no table was named and no
    /// ruling on the board names one (the outcomes cannot be scored then).
    pub slot: Option<Slot>,
    pub ns: Option<String>,
    pub ew: Option<String>,
    pub heading: Msg,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub dealer_vul: Msg,
    /// The section's scoring method and the `scoring.policy` event (none: the defaults).
    pub method: Method,
    /// `mp`, `imp` or `points`: which figures the rows carry.
    pub unit: &'static str,
    pub method_text: Msg,
    pub policy: Option<Hash32>,
    pub double_dummy: Option<DoubleDummyView>,
    /// Why there is no double-dummy table (no deal recorded).
    pub no_deal: Option<Msg>,
    /// What the table itself recorded, in the reader's language.
    pub table_result: Option<String>,
    /// Every other result on the board as the results score it now.
    pub field: Vec<FieldRow>,
    /// Each outcome of the weighted score being built, scored as if it were assigned.
    pub outcomes: Vec<OutcomeRow>,
    /// E-W weighted differently (Law 12C1(c), e.g. the non-offending side's more favourable
    /// weighting, or a split score under 12C1(e)): E-W's own outcomes, each scored as if it
    /// were assigned (E-W's figures are the ones that count); `None`: the same weights.
    pub outcomes_ew: Option<Vec<OutcomeRow>>,
    /// The weighted score (Law 12C1(c)) as the results would score it; `None` without
    /// outcomes or a table. Weighted differently, N-S's figures come from `outcomes` and
    /// E-W's from `outcomes_ew`.
    pub weighted: Option<Scored>,
    /// The weighted score as the ruling would write it (`adjustment` of a ruling).
    pub adjustment: Option<Adjustment>,
    pub labels: Labels,
}

/// Column and section headings, in the reader's language.
#[derive(Debug, Clone, Serialize)]
pub struct Labels {
    pub dd: String,
    pub dd_explain: String,
    pub declarer: String,
    pub par: String,
    pub field: String,
    pub field_empty: String,
    pub other_table: String,
    pub outcomes: String,
    pub outcomes_ew: String,
    pub outcomes_empty: String,
    pub weight: String,
    pub outcome: String,
    pub score: String,
    pub weighted: String,
    pub ns: String,
    pub ew: String,
}

/// The double-dummy table (declarers N, S, E, W; denominations NT, S, H, D, C) and the par.
#[derive(Debug, Clone, Serialize)]
pub struct DoubleDummyView {
    /// Denomination codes in column order, and as the reader's language writes them.
    pub strains: Vec<&'static str>,
    pub strain_text: Vec<String>,
    pub rows: Vec<DdRow>,
    /// The table as PBN's `DoubleDummyTricks` writes it.
    pub pbn: String,
    pub par_ns: Par,
    pub par_ew: Par,
    pub par_text: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct DdRow {
    pub declarer: Seat,
    pub declarer_text: String,
    pub tricks: Vec<u8>,
}

/// One other table's result.
#[derive(Debug, Clone, Serialize)]
pub struct FieldRow {
    pub round: u32,
    pub table: u32,
    pub ns: String,
    pub ew: String,
    pub text: String,
    pub score_ns: Option<i32>,
    /// Teams: the other table of the match, the one result this table is IMPed against.
    pub other_table: bool,
    #[serde(flatten)]
    pub scored: Scored,
}

/// A result's figures for both sides, under the section's method.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Scored {
    pub mp_ns: Option<f64>,
    pub mp_ew: Option<f64>,
    pub mp_top: Option<f64>,
    pub pct_ns: Option<f64>,
    pub pct_ew: Option<f64>,
    pub imp_ns: Option<f64>,
    pub imp_ew: Option<f64>,
    /// The figures as one line per side: "7 of 8 MP, 87.5 %" / "+6 IMP".
    pub text_ns: Option<String>,
    pub text_ew: Option<String>,
    /// Why there is no figure, or what is special (the results' note).
    pub note: Option<String>,
}

/// One outcome of the weighted score.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomeRow {
    pub weight: u32,
    /// The weight as a percentage of all weights.
    pub share: f64,
    pub result: TableResult,
    pub text: String,
    pub score_ns: Option<i32>,
    #[serde(flatten)]
    pub scored: Scored,
    /// Why the outcome cannot be scored (a contract or result that does not exist).
    pub error: Option<String>,
}

/// A weighted-score outcome as typed that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.msg(Lang::En).text)]
pub struct OutcomeError {
    /// `contract`, `declarer`, `tricks`, `weight` or `extra`.
    pub kind: &'static str,
    pub item: String,
    pub token: String,
}

impl OutcomeError {
    /// The refusal in the reader's language, naming Law 12C1(c) where the weight is wrong.
    pub fn msg(&self, lang: Lang) -> Msg {
        Msg::new(
            lang,
            &format!("assistant.error.{}", self.kind),
            &[
                ("item", self.item.clone()),
                ("token", self.token.clone()),
                ("law", cite(lang, "12C1(c)")),
            ],
        )
    }
}

/// Reads a weighted score as a TD types it: outcomes separated by commas or semicolons, each
/// a contract with its result and declarer and a weight: `4S= N 40%, 4S-1 N 60%`,
/// `3NTX+1 W 1`, `4H N 9 25%` (tricks given as a number), `Pass 30%`. Weights are parts of
/// the whole (`40%` and `40` are the same part).
pub fn parse_outcomes(s: &str) -> Result<Vec<Weighted>, OutcomeError> {
    s.split([',', ';'])
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(parse_outcome)
        .collect()
}

fn parse_outcome(item: &str) -> Result<Weighted, OutcomeError> {
    let err = |kind: &'static str, token: &str| OutcomeError {
        kind,
        item: item.to_string(),
        token: token.to_string(),
    };
    let mut tokens = item.split_whitespace();
    let first = tokens.next().unwrap_or_default();
    let cut = first
        .find(['=', '+', '-'])
        .filter(|&i| i > 0)
        .unwrap_or(first.len());
    let (contract, result) = first.split_at(cut);
    let c: ContractOrPass = contract.parse().map_err(|_| err("contract", first))?;
    let need = match c {
        ContractOrPass::Contract(k) => Some(k.tricks_needed() as i32),
        ContractOrPass::PassedOut => None,
    };
    let mut tricks: Option<i32> = match (result, need) {
        ("", _) => None,
        (_, None) => return Err(err("contract", first)),
        ("=", Some(n)) => Some(n),
        (r, Some(n)) => {
            let d: i32 = r[1..].parse().map_err(|_| err("contract", first))?;
            Some(if r.starts_with('+') { n + d } else { n - d })
        }
    };
    let (mut declarer, mut weight) = (None, None);
    for tok in tokens {
        if let Ok(seat) = tok.parse::<Seat>() {
            declarer = Some(seat);
        } else if let Some(w) = tok.strip_suffix('%') {
            weight = Some(w.trim().parse::<u32>().map_err(|_| err("weight", tok))?);
        } else if let Ok(n) = tok.parse::<i32>() {
            if need.is_some() && tricks.is_none() {
                tricks = Some(n);
            } else {
                weight = Some(u32::try_from(n).map_err(|_| err("weight", tok))?);
            }
        } else {
            return Err(err("extra", tok));
        }
    }
    let weight = weight
        .filter(|w| *w > 0)
        .ok_or_else(|| err("weight", item))?;
    let result = match need {
        None => TableResult {
            contract: "Pass".into(),
            declarer: None,
            tricks: None,
        },
        Some(_) => {
            let declarer = declarer.ok_or_else(|| err("declarer", item))?;
            let tricks = tricks
                .filter(|t| (0..=13).contains(t))
                .ok_or_else(|| err("tricks", first))?;
            TableResult {
                contract: contract.to_ascii_uppercase(),
                declarer: Some(declarer),
                tricks: Some(tricks as u8),
            }
        }
    };
    Ok(Weighted { weight, result })
}

/// The table whose score is being adjusted: the one named, else the latest ruling's on the
/// board (a director's ruling, an adjusted score or a ruling on a call).
fn ruled_slot(r: &Replayed, at: &AdjustAt) -> Option<Slot> {
    if let (Some(round), Some(table)) = (at.round, at.table) {
        return Some(Slot {
            section: at.section.clone(),
            round,
            table,
            board: at.board,
        });
    }
    r.log.events.iter().rev().find_map(|e| {
        let s = match &e.payload {
            Payload::Ruling(x) => &x.slot,
            Payload::ScoreAdjusted(x) => &x.slot,
            Payload::BridgeRuling(x) => &x.slot,
            _ => return None,
        };
        (s.section == at.section
            && s.board == at.board
            && at.round.is_none_or(|x| x == s.round)
            && at.table.is_none_or(|x| x == s.table))
        .then(|| s.clone())
    })
}

fn figures(row: &ResultRow, lang: Lang) -> Scored {
    let mp = |mp: Option<f64>, pct: Option<f64>| match (mp, row.mp_top, pct) {
        (Some(m), Some(top), Some(p)) => Some(Msg::text(
            lang,
            "assistant.mp",
            &[("mp", num(m)), ("top", num(top)), ("pct", num(p))],
        )),
        _ => None,
    };
    let imp = |i: Option<f64>| i.map(|i| Msg::text(lang, "assistant.imp", &[("imp", signed(i))]));
    Scored {
        mp_ns: row.mp_ns,
        mp_ew: row.mp_ew,
        mp_top: row.mp_top,
        pct_ns: row.pct_ns,
        pct_ew: row.pct_ew,
        imp_ns: row.imp_ns,
        imp_ew: row.imp_ew,
        text_ns: mp(row.mp_ns, row.pct_ns).or_else(|| imp(row.imp_ns)),
        text_ew: mp(row.mp_ew, row.pct_ew).or_else(|| imp(row.imp_ew)),
        note: row.note.clone(),
    }
}

/// A figure as a person reads it: at most two decimals, no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{:.2}", crate::results::score::round(x, 2));
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn signed(x: f64) -> String {
    if x > 0.0 {
        format!("+{}", num(x))
    } else {
        num(x)
    }
}

fn method_key(m: Method) -> &'static str {
    match m {
        Method::Matchpoints => "matchpoints",
        Method::CrossImps => "cross_imps",
        Method::Butler => "butler",
        Method::TeamsImps => "teams_imps",
        Method::TotalPoints => "total_points",
    }
}

fn seat_text(lang: Lang, s: Seat) -> String {
    t(lang, &format!("seat.{}", s.letter())).to_string()
}

pub(crate) fn double_dummy_view(
    deal: &Deal,
    vul: Vulnerability,
    lang: Lang,
) -> Option<DoubleDummyView> {
    let a = double_dummy::analyse(deal, vul).ok()?;
    let par_line = |side: &str, p: &Par| {
        let contracts: Vec<String> = p
            .contracts
            .iter()
            .map(|c| {
                let result = match c.overtricks {
                    0 => "=".to_string(),
                    n => format!("{n:+}"),
                };
                Msg::text(
                    lang,
                    "assistant.par_contract",
                    &[
                        (
                            "contract",
                            format!("{}{result}", describe::contract_in(lang, &c.contract)),
                        ),
                        ("declarer", seat_text(lang, c.declarer)),
                    ],
                )
            })
            .collect();
        Msg::text(
            lang,
            "assistant.par_side",
            &[
                ("side", t(lang, side).to_string()),
                ("score", format!("{:+}", p.score)),
                ("contracts", contracts.join(", ")),
            ],
        )
    };
    Some(DoubleDummyView {
        strains: STRAINS.iter().map(|s| s.as_str()).collect(),
        strain_text: STRAINS
            .iter()
            .map(|s| crate::i18n::cards::strain_text(lang, *s).to_string())
            .collect(),
        rows: PBN_DECLARERS
            .iter()
            .map(|&d| DdRow {
                declarer: d,
                declarer_text: seat_text(lang, d),
                tricks: STRAINS.iter().map(|&s| a.table.tricks(d, s)).collect(),
            })
            .collect(),
        pbn: a.table.to_pbn_tag(),
        // E-W's par is N-S's seen from the other side on every ordinary deal: one line then.
        par_text: if a.ew.score == -a.ns.score && a.ew.contracts == a.ns.contracts {
            vec![par_line("assistant.side_ns", &a.ns)]
        } else {
            vec![
                par_line("assistant.side_ns", &a.ns),
                par_line("assistant.side_ew", &a.ew),
            ]
        },
        par_ns: a.ns,
        par_ew: a.ew,
    })
}

/// The assistant for a board: `outcomes` is the weighted score being built (may be empty),
/// the same weights for both sides.
pub fn adjust(
    r: &Replayed,
    at: &AdjustAt,
    outcomes: &[Weighted],
    lang: Lang,
) -> Result<AdjustScreen, ViewError> {
    adjust_split(r, at, outcomes, None, lang)
}

/// The assistant with E-W weighted differently when `ew` is given (Law 12C1(c)/(e)):
/// `outcomes` weigh N-S's score, `ew` E-W's. An empty `ew` list gives no adjustment (the TD
/// chose different weights but has not weighed E-W yet).
pub fn adjust_split(
    r: &Replayed,
    at: &AdjustAt,
    outcomes: &[Weighted],
    ew: Option<&[Weighted]>,
    lang: Lang,
) -> Result<AdjustScreen, ViewError> {
    let t_ = &r.tournament;
    let section = at.section.as_str();
    if at.board == 0 || section.is_empty() {
        return Err(ViewError::NoSuchBoard(Slot {
            section: at.section.clone(),
            round: at.round.unwrap_or(0),
            table: at.table.unwrap_or(0),
            board: at.board,
        }));
    }
    let slot = ruled_slot(r, at);
    // Who sits at the table: what the board records there, else the movement.
    let here: Option<SlotState> = match &slot {
        None => None,
        Some(s) => match t_.slots.get(s) {
            Some(st) => Some(st.clone()),
            None => {
                let tbl = t_
                    .tables
                    .get(&(s.section.clone(), s.round, s.table))
                    .ok_or_else(|| ViewError::NoSuchTable(s.clone()))?;
                Some(SlotState {
                    slot: s.clone(),
                    ns: tbl.ns.clone(),
                    ew: tbl.ew.clone(),
                    table_result: None,
                    ruling: None,
                    history: vec![],
                })
            }
        },
    };
    let facts = t_.boards.get(&(at.section.clone(), at.board));
    let dealer = facts
        .and_then(|f| f.dealer)
        .unwrap_or_else(|| law2_dealer(at.board));
    let vulnerable = t_.vulnerability(section, at.board);
    let deal = facts.and_then(|f| f.deal.as_deref()).and_then(|d| {
        let mut deal = Deal::from_pbn(d).ok()?;
        deal.complete_fourth();
        deal.validate().ok().map(|_| deal)
    });
    let double_dummy = deal
        .as_ref()
        .and_then(|d| double_dummy_view(d, vulnerable, lang));
    let (policy, set_by) = t_.policy(section);
    let teams = policy.method == Method::TeamsImps && t_.form(section) == Form::Teams;
    let unit = match policy.method {
        Method::TeamsImps if teams => "imp",
        Method::Matchpoints | Method::TeamsImps => "mp",
        Method::CrossImps | Method::Butler => "imp",
        Method::TotalPoints => "points",
    };
    let method_text = Msg::new(
        lang,
        "assistant.policy",
        &[(
            "method",
            t(
                lang,
                &format!("assistant.method.{}", method_key(policy.method)),
            )
            .to_string(),
        )],
    );
    // The field: every other result on the board, as the results score it now.
    let field: Vec<FieldRow> = r
        .results
        .iter()
        .filter(|x| x.section == section && x.board == at.board)
        .filter(|x| {
            slot.as_ref()
                .is_none_or(|s| (x.round, x.table) != (s.round, s.table))
        })
        .map(|x| {
            let key = Slot {
                section: x.section.clone(),
                round: x.round,
                table: x.table,
                board: x.board,
            };
            FieldRow {
                round: x.round,
                table: x.table,
                ns: x.ns.clone(),
                ew: x.ew.clone(),
                text: t_
                    .slots
                    .get(&key)
                    .map_or_else(|| x.result.clone(), |s| s.outcome().describe_in(lang)),
                score_ns: x.score_ns,
                other_table: teams
                    && here
                        .as_ref()
                        .is_some_and(|h| h.slot.round == x.round && h.ns == x.ew && h.ew == x.ns),
                scored: figures(x, lang),
            }
        })
        .collect();
    // Each outcome and the weighted whole, scored as the results would score them if the
    // ruling assigned it at this table.
    let score_if = |adjustment: Adjustment| -> Option<ResultRow> {
        let mut w = here.clone()?;
        w.ruling = Some(Outcome::Adjusted {
            law: "12C1(c)".into(),
            adjustment,
        });
        board_rows_if(t_, &w)
            .into_iter()
            .find(|x| (x.round, x.table) == (w.slot.round, w.slot.table))
    };
    let score_rows = |outcomes: &[Weighted]| -> Vec<OutcomeRow> {
        let total: u32 = outcomes.iter().map(|o| o.weight).sum();
        outcomes
            .iter()
            .map(|o| {
                let error = o.result.check().err();
                let scored = error
                    .is_none()
                    .then(|| {
                        score_if(Adjustment::Assigned {
                            result: o.result.clone(),
                        })
                    })
                    .flatten();
                OutcomeRow {
                    weight: o.weight,
                    share: if total > 0 {
                        crate::results::score::round(100.0 * o.weight as f64 / total as f64, 2)
                    } else {
                        0.0
                    },
                    text: describe::result_in(lang, &o.result),
                    score_ns: error
                        .is_none()
                        .then(|| t_.score(section, at.board, &o.result).ok())
                        .flatten(),
                    scored: scored
                        .as_ref()
                        .map(|x| figures(x, lang))
                        .unwrap_or_default(),
                    result: o.result.clone(),
                    error,
                }
            })
            .collect()
    };
    let valid = |outcomes: &[Weighted], rows: &[OutcomeRow]| {
        !outcomes.is_empty()
            && rows.iter().all(|o| o.error.is_none())
            && outcomes.iter().all(|o| o.weight > 0)
    };
    let rows = score_rows(outcomes);
    let rows_ew = ew.map(score_rows);
    let adjustment = match (ew, &rows_ew) {
        (Some(e), Some(re)) => {
            (valid(outcomes, &rows) && valid(e, re)).then(|| Adjustment::Weighted {
                ns: outcomes.to_vec(),
                ew: Some(e.to_vec()),
            })
        }
        _ => valid(outcomes, &rows).then(|| Adjustment::Weighted {
            ns: outcomes.to_vec(),
            ew: None,
        }),
    };
    let weighted = adjustment
        .clone()
        .and_then(score_if)
        .map(|x| figures(&x, lang));
    let (ns, ew) = (
        here.as_ref().map(|h| h.ns.clone()),
        here.as_ref().map(|h| h.ew.clone()),
    );
    let heading = match &slot {
        Some(s) => Msg::new(
            lang,
            "assistant.at_table",
            &[
                ("board", s.board.to_string()),
                ("round", s.round.to_string()),
                ("table", s.table.to_string()),
                ("section", s.section.clone()),
                ("ns", ns.clone().unwrap_or_default()),
                ("ew", ew.clone().unwrap_or_default()),
            ],
        ),
        None => Msg::new(
            lang,
            "assistant.no_table",
            &[
                ("board", at.board.to_string()),
                ("section", at.section.clone()),
            ],
        ),
    };
    let l = |k: &str| t(lang, k).to_string();
    Ok(AdjustScreen {
        title: Msg::new(lang, "assistant.title", &[("law", cite(lang, "12C1"))]),
        heading,
        dealer_vul: Msg::new(
            lang,
            "assistant.dealer_vul",
            &[
                ("dealer", seat_text(lang, dealer)),
                ("vul", l(&format!("assistant.vul.{}", vulnerable.as_str()))),
            ],
        ),
        table_result: here
            .as_ref()
            .and_then(|h| h.table_result.as_ref())
            .map(|o| o.describe_in(lang)),
        no_deal: double_dummy
            .is_none()
            .then(|| Msg::new(lang, "assistant.no_deal", &[])),
        slot,
        ns,
        ew,
        dealer,
        vulnerable,
        method: policy.method,
        unit,
        method_text,
        policy: set_by,
        double_dummy,
        field,
        outcomes: rows,
        outcomes_ew: rows_ew,
        weighted,
        adjustment,
        labels: Labels {
            dd: l("assistant.dd"),
            dd_explain: l("assistant.dd_explain"),
            declarer: l("assistant.dd_declarer"),
            par: l("assistant.par"),
            field: l("assistant.field"),
            field_empty: l("assistant.field_empty"),
            other_table: l("assistant.other_table"),
            outcomes: Msg::text(
                lang,
                "assistant.outcomes",
                &[("law", cite(lang, "12C1(c)"))],
            ),
            outcomes_ew: Msg::text(
                lang,
                "assistant.outcomes_ew",
                &[("law", cite(lang, "12C1(c)"))],
            ),
            outcomes_empty: l("assistant.outcomes_empty"),
            weight: l("assistant.weight"),
            outcome: l("assistant.outcome"),
            score: l("assistant.score"),
            weighted: l("assistant.weighted"),
            ns: l("assistant.side_ns"),
            ew: l("assistant.side_ew"),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(s: &str) -> Weighted {
        let mut v = parse_outcomes(s).unwrap();
        assert_eq!(v.len(), 1, "{s}");
        v.remove(0)
    }

    #[test]
    fn outcomes_are_read_as_a_td_types_them() {
        let w = one("4S= N 40%");
        assert_eq!(w.weight, 40);
        assert_eq!(
            (
                w.result.contract.as_str(),
                w.result.declarer,
                w.result.tricks
            ),
            ("4S", Some(Seat::N), Some(10))
        );
        assert_eq!(one("4s-1 n 60").result.tricks, Some(9));
        assert_eq!(one("3NTX+1 W 1").result.tricks, Some(10));
        assert_eq!(one("3NTX+1 W 1").result.contract, "3NTX");
        assert_eq!(one("4H N 9 25%").result.tricks, Some(9));
        assert_eq!(one("Pass 30%").result.declarer, None);
        assert_eq!(
            parse_outcomes("4S= N 40%, 4S-1 N 60%; Pass 1")
                .unwrap()
                .len(),
            3
        );
        assert!(parse_outcomes("").unwrap().is_empty());
    }

    #[test]
    fn a_wrong_outcome_is_refused_naming_what_is_wrong() {
        let kind = |s: &str| parse_outcomes(s).unwrap_err().kind;
        assert_eq!(kind("4S= 40%"), "declarer");
        assert_eq!(kind("4S= N"), "weight");
        assert_eq!(kind("4S= N 0%"), "weight");
        assert_eq!(kind("8S= N 40%"), "contract");
        assert_eq!(kind("4S+4 N 40%"), "tricks");
        assert_eq!(kind("4S= Q 40%"), "extra");
        let e = parse_outcomes("4S= N").unwrap_err();
        assert!(e.to_string().contains("Law 12C1(c)"), "{e}");
        assert!(
            e.msg(Lang::De).text.contains("§ 12 C 1 (c)"),
            "{}",
            e.msg(Lang::De).text
        );
    }
}
