//! A traveller line checked against its slot (section, round, table, board) on every
//! keystroke, and the payload Enter signs. Fast by construction: map lookups in the state
//! already folded (`Replayed`, which the app keeps live), no replay and no scoring pass.
//!
//! Refused, each naming its law: a slot outside the movement or a board not played there
//! (Law 8A), a slot that already has a result (a duplicate: the correction is made from the
//! row, Law 79C), a contract at a table whose contestant is late (the TD scores the board,
//! Law 12C2) or that sits out, the parser's refusals (Laws 38A, 77, 79A), a percentage that
//! is not one of the signed policy's artificial values (Law 12C2), and an artificial score
//! signed by anyone but a director (Law 12C2).

use crate::events::{
    Adjustment, Artificial, Payload, Presence, ResultNotPlayed, ResultRecorded, ScoreAdjusted,
    Slot, TableResult,
};
use crate::i18n::{t, Lang, Msg};
use crate::keys::Role;
use crate::results::traveller::{format_line, number, parse_line, LineError, TravellerEntry};
use crate::results::Tournament;
use crate::views::Replayed;
use serde::Serialize;

/// What the traveller's input line shows while a line is typed.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct LineCheck {
    /// Enter may sign it.
    pub ok: bool,
    /// Nothing wrong yet, something missing (the declarer, the tricks): show it quietly.
    pub incomplete: bool,
    /// What the line records (percentages already read as the policy's artificial scores).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<TravellerEntry>,
    /// The event type Enter signs: `result.recorded`, `result.not_played`,
    /// `ruling.adjusted_score`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// The line as the grid will print it back, in the user's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// What was understood, in the user's language, with the Law 77 score and the board's
    /// vulnerability (Law 2, or as marked on the board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub understood: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_ns: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_ew: Option<i32>,
    /// An artificial score's value under the policy: percentages (matchpoints) ...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pct_ew: Option<f64>,
    /// ... or IMPs (IMP scoring).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp_ew: Option<f64>,
    /// The contestants seated there by the movement (never typed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ns: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ew: Option<String>,
    /// Why Enter would sign nothing, in the user's language, citing the law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The refusal's stable code ([`LineError::code`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    /// The law the refusal names, as the Laws number it (`79C`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub law: Option<String>,
    /// A duplicate: the event (hex) behind the result already there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicate_of: Option<String>,
    /// The line is an artificial adjusted score: a director's key signs it (Law 12C2).
    pub needs_td: bool,
}

/// A line read, checked and ready to become its payload: percentages are read as the
/// policy's artificial scores by then.
enum Resolved {
    Result(TableResult),
    PassedOut,
    NotPlayed(String),
    Artificial(Artificial, Artificial, String),
}

struct Checked {
    entry: Resolved,
    ns: String,
    ew: String,
}

/// Checks `line` for `slot` as the scorer types it. `signer_role`: the role of the key that
/// would sign (`None`: not known yet, no role is refused).
pub fn check_line(
    r: &Replayed,
    slot: &Slot,
    line: &str,
    lang: Lang,
    signer_role: Option<Role>,
) -> LineCheck {
    check_in(&r.tournament, slot, line, lang, signer_role)
}

/// [`check_line`] on the tournament projection itself.
pub fn check_in(
    t: &Tournament,
    slot: &Slot,
    line: &str,
    lang: Lang,
    signer_role: Option<Role>,
) -> LineCheck {
    let mut c = LineCheck::default();
    match assess(t, slot, line, lang, signer_role, &mut c) {
        Ok(_) => c.ok = true,
        Err(e) => {
            c.error = Some(e.message(lang));
            c.code = Some(e.code());
            c.law = e.law().map(str::to_string);
            c.incomplete = e.is_incomplete();
            if let LineError::Duplicate { event, .. } = &e {
                c.duplicate_of = Some(event.clone());
            }
        }
    }
    c
}

/// The payload Enter signs for `line` at `slot`: `result.recorded` (a contract or a
/// pass-out), `result.not_played` (with the reason typed, else "no reason given" in `lang`)
/// or `ruling.adjusted_score` (artificial, Law 12C2; a director's key signs it). The
/// contestants come from the movement. Refused as [`check_line`] refuses.
pub fn line_payload(
    r: &Replayed,
    slot: &Slot,
    line: &str,
    lang: Lang,
) -> Result<Payload, LineError> {
    payload_in(&r.tournament, slot, line, lang)
}

/// [`line_payload`] on the tournament projection itself.
pub fn payload_in(
    t: &Tournament,
    slot: &Slot,
    line: &str,
    lang: Lang,
) -> Result<Payload, LineError> {
    let mut c = LineCheck::default();
    let Checked { entry, ns, ew } = assess(t, slot, line, lang, None, &mut c)?;
    let slot = slot.clone();
    let or = |reason: String, key: &str| {
        if reason.trim().is_empty() {
            t_owned(lang, key)
        } else {
            reason
        }
    };
    let p = match entry {
        Resolved::Result(result) => Payload::ResultRecorded(Box::new(ResultRecorded {
            slot,
            ns,
            ew,
            result,
        })),
        Resolved::PassedOut => Payload::ResultRecorded(Box::new(ResultRecorded {
            slot,
            ns,
            ew,
            result: TableResult {
                contract: "Pass".into(),
                declarer: None,
                tricks: None,
            },
        })),
        Resolved::NotPlayed(reason) => Payload::ResultNotPlayed(Box::new(ResultNotPlayed {
            slot,
            ns,
            ew,
            reason: or(reason, "traveller.no_reason"),
        })),
        Resolved::Artificial(a, b, reason) => Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
            slot,
            ns,
            ew,
            law: "12C2".into(),
            adjustment: Adjustment::Artificial { ns: a, ew: b },
            reason: or(reason, "traveller.artificial_reason"),
        })),
    };
    p.encode().map_err(|e| LineError::Payload {
        reason: e.to_string(),
    })?;
    Ok(p)
}

fn t_owned(lang: Lang, key: &str) -> String {
    t(lang, key).to_string()
}

/// The contestants the movement seats at the slot's table, if the board is played there.
fn seated(t: &Tournament, slot: &Slot) -> Result<(String, String), LineError> {
    match t
        .tables
        .get(&(slot.section.clone(), slot.round, slot.table))
    {
        None => Err(LineError::NotInMovement { slot: slot.clone() }),
        Some(a) if !a.boards.contains(&slot.board) => Err(LineError::BoardNotAtTable {
            slot: slot.clone(),
            boards: a.boards.clone(),
        }),
        Some(a) => Ok((a.ns.clone(), a.ew.clone())),
    }
}

/// A table where a contract cannot have been played: a phantom or an absent contestant
/// (the table sits out), or one recorded as late for this round (the TD scores the board,
/// Law 12C2).
fn attendance(t: &Tournament, slot: &Slot, ns: &str, ew: &str) -> Result<(), LineError> {
    let form = t.form(&slot.section);
    let players =
        crate::results::score::players(form, ns).chain(crate::results::score::players(form, ew));
    for c in players {
        let key = (slot.section.clone(), c.to_string());
        if t.contestants.get(&key).is_some_and(|x| x.phantom) {
            return Err(LineError::Phantom {
                contestant: c.to_string(),
            });
        }
        match t.attendance.get(&key).map(|a| a.presence) {
            Some(Presence::Absent) => {
                return Err(LineError::Absent {
                    contestant: c.to_string(),
                })
            }
            Some(Presence::Late { from_round }) if slot.round < from_round => {
                return Err(LineError::Late {
                    contestant: c.to_string(),
                    from_round,
                })
            }
            _ => {}
        }
    }
    Ok(())
}

/// The percentages typed, read as the artificial scores the section's policy gives
/// (Law 12C2); refused naming the policy when one is none of them.
fn from_percentages(
    t: &Tournament,
    section: &str,
    ns: f64,
    ew: f64,
) -> Result<(Artificial, Artificial), LineError> {
    let (p, set_by) = t.policy(section);
    let a = &p.artificial;
    let pick = |pct: f64, is_ns: bool| {
        let close = |x: f64| (x - pct).abs() < 1e-6;
        if close(a.average_plus_pct) {
            Ok(Artificial::AveragePlus)
        } else if close(a.average_pct) {
            Ok(Artificial::Average)
        } else if close(a.average_minus_pct) {
            Ok(Artificial::AverageMinus)
        } else {
            Err(LineError::Percentage {
                pct,
                ns: is_ns,
                plus: a.average_plus_pct,
                avg: a.average_pct,
                minus: a.average_minus_pct,
                policy: set_by.map(|h| h.to_hex()),
            })
        }
    };
    Ok((pick(ns, true)?, pick(ew, false)?))
}

/// `+400`, `-50`, `0`.
fn points(x: i32) -> String {
    if x == 0 {
        "0".into()
    } else {
        format!("{x:+}")
    }
}

/// The board's vulnerability as the line's score used it: as marked on the board (a
/// recorded non-conforming board), else by its number (Law 2).
fn vulnerability(t: &Tournament, slot: &Slot, lang: Lang) -> String {
    let v = t.vulnerability(&slot.section, slot.board);
    let marked = t
        .boards
        .get(&(slot.section.clone(), slot.board))
        .is_some_and(|b| b.vulnerable.is_some());
    let key = if marked {
        "traveller.vul_marked"
    } else {
        "traveller.vul"
    };
    Msg::text(
        lang,
        key,
        &[
            (
                "vul",
                t_owned(lang, &format!("assistant.vul.{}", v.as_str())),
            ),
            ("law", "2".into()),
        ],
    )
}

/// Reads and checks the line, filling `c` with what is known so far (the contestants, the
/// line as printed back, what was understood) even when a later check refuses it.
fn assess(
    t: &Tournament,
    slot: &Slot,
    line: &str,
    lang: Lang,
    role: Option<Role>,
    c: &mut LineCheck,
) -> Result<Checked, LineError> {
    if let Some(s) = t.slots.get(slot) {
        c.ns = Some(s.ns.clone());
        c.ew = Some(s.ew.clone());
        return Err(LineError::Duplicate {
            slot: slot.clone(),
            existing: Box::new(s.outcome().clone()),
            event: s
                .history
                .last()
                .map(|h| h.event.to_hex())
                .unwrap_or_default(),
        });
    }
    let (ns, ew) = seated(t, slot)?;
    c.ns = Some(ns.clone());
    c.ew = Some(ew.clone());
    let parsed = parse_line(line, lang)?;
    c.line = Some(format_line(&parsed, lang));
    let entry = match parsed {
        TravellerEntry::Result(r) => Resolved::Result(r),
        TravellerEntry::PassedOut => Resolved::PassedOut,
        TravellerEntry::NotPlayed { reason } => Resolved::NotPlayed(reason),
        TravellerEntry::Artificial { ns, ew, reason } => Resolved::Artificial(ns, ew, reason),
        TravellerEntry::Percent { ns, ew, reason } => {
            let (a, b) = from_percentages(t, &slot.section, ns, ew)?;
            Resolved::Artificial(a, b, reason)
        }
    };
    let (kind, shown) = match &entry {
        Resolved::Result(r) => ("result.recorded", TravellerEntry::Result(r.clone())),
        Resolved::PassedOut => ("result.recorded", TravellerEntry::PassedOut),
        Resolved::NotPlayed(reason) => (
            "result.not_played",
            TravellerEntry::NotPlayed {
                reason: reason.clone(),
            },
        ),
        Resolved::Artificial(a, b, reason) => (
            "ruling.adjusted_score",
            TravellerEntry::Artificial {
                ns: *a,
                ew: *b,
                reason: reason.clone(),
            },
        ),
    };
    c.kind = Some(kind);
    c.entry = Some(shown);
    match &entry {
        Resolved::Result(r) => {
            attendance(t, slot, &ns, &ew)?;
            let s = t
                .score(&slot.section, slot.board, r)
                .map_err(|reason| LineError::Payload { reason })?;
            c.score_ns = Some(s);
            c.score_ew = Some(-s);
            c.understood = Some(Msg::text(
                lang,
                "traveller.understood.result",
                &[
                    ("result", crate::results::describe::result_in(lang, r)),
                    ("ns", points(s)),
                    ("ew", points(-s)),
                    ("vul", vulnerability(t, slot, lang)),
                    ("law", "77".into()),
                ],
            ));
        }
        Resolved::PassedOut => {
            attendance(t, slot, &ns, &ew)?;
            c.score_ns = Some(0);
            c.score_ew = Some(0);
            c.understood = Some(Msg::text(
                lang,
                "traveller.understood.pass",
                &[("law", "77".into())],
            ));
        }
        Resolved::NotPlayed(reason) => {
            let reason = if reason.trim().is_empty() {
                t_owned(lang, "traveller.no_reason")
            } else {
                reason.clone()
            };
            c.understood = Some(Msg::text(
                lang,
                "traveller.understood.not_played",
                &[("reason", reason)],
            ));
        }
        Resolved::Artificial(a, b, _) => {
            c.needs_td = true;
            artificial_understood(t, slot, *a, *b, lang, c);
        }
    }
    if let Some(role) = role {
        let allowed = crate::events::catalogue()
            .find(|s| s.current && s.kind == kind)
            .map_or(&[][..], |s| s.roles);
        if !allowed.contains(&role) {
            return Err(if c.needs_td {
                LineError::NeedsTd
            } else {
                LineError::Role {
                    role,
                    allowed: allowed.to_vec(),
                }
            });
        }
    }
    Ok(Checked { entry, ns, ew })
}

/// What an artificial score is worth under the section's policy: percentages for
/// matchpoints, IMPs for IMP scoring (Law 12C2(a), (b)).
fn artificial_understood(
    t: &Tournament,
    slot: &Slot,
    a: Artificial,
    b: Artificial,
    lang: Lang,
    c: &mut LineCheck,
) {
    let (p, _) = t.policy(&slot.section);
    let imps = super::uses_imps(t, &slot.section);
    let word = |x: Artificial| {
        let key = match x {
            Artificial::AveragePlus => "score.average_plus",
            Artificial::Average => "score.average",
            Artificial::AverageMinus => "score.average_minus",
        };
        t_owned(lang, key)
    };
    let (va, vb) = if imps {
        let (x, y) = (
            crate::results::score::artificial_imps(a, &p),
            crate::results::score::artificial_imps(b, &p),
        );
        c.imp_ns = Some(x);
        c.imp_ew = Some(y);
        (format!("{:+} IMP", x), format!("{:+} IMP", y))
    } else {
        let (x, y) = (
            crate::results::score::artificial_pct(a, &p),
            crate::results::score::artificial_pct(b, &p),
        );
        c.pct_ns = Some(x);
        c.pct_ew = Some(y);
        (format!("{} %", number(x)), format!("{} %", number(y)))
    };
    c.understood = Some(Msg::text(
        lang,
        "traveller.understood.artificial",
        &[
            ("ns", format!("{} ({va})", word(a))),
            ("ew", format!("{} ({vb})", word(b))),
            ("law", "12C2".into()),
        ],
    ));
}
