//! A traveller line as club scorers type it (one result a line, issue 28): `3NT N =`,
//! `4SX E -2`, `pass`, `A+/A-`, `60/40`, `not played: late arrival`, in the user's language
//! and always in English (`i18n::traveller` has the words). Pure: the line is read here, and
//! checked against the log's slot in `views::traveller`.
//!
//! The grammar, after the level (1-7) and the denomination (`NT`, `SA`, `UT`, a letter, a
//! word or a suit symbol), in any order: the doubling (`X`, `XX`, also `*`, `**`), the
//! declarer's seat, and the tricks: `=`, `+n` or `-n` against the contract, or **a bare
//! number, which is always the tricks declarer's side won** (0-13, as PBN's `Result` tag
//! counts them: `2C S 8` is two clubs made, `3NT N 9` three notrump made). A board
//! "made at the 4 level" is written `4S N =` or `4S N 10`, never `4S N 4` (that is four
//! tricks, six down). Spaces between the parts may be left out (`4SXE-2`). Artificial
//! scores give N-S first: `A+/A-`, `A/A`, `A=/A=`; percentages `60/40` are read here and
//! checked against the signed policy by the caller (Law 12C2).

use crate::bridge::contract::{Contract, Doubling};
use crate::bridge::seat::Seat;
use crate::events::{Artificial, Slot, TableResult};
use crate::i18n::traveller::{
    lexicon, not_played_read, pass_read, seat_word, seats_read, strain_word, strains_read,
};
use crate::i18n::{Lang, Msg};
use crate::keys::Role;
use serde::Serialize;

use super::Outcome;

/// What one traveller line records.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TravellerEntry {
    /// A contract played: `contract` as the log writes it (`4SX`), declarer and tricks won.
    Result(TableResult),
    /// All four players passed (Law 77: no score).
    PassedOut,
    /// An artificial adjusted score, N-S and E-W (Law 12C2), with the reason typed after a
    /// colon (empty: none typed).
    Artificial {
        ns: Artificial,
        ew: Artificial,
        reason: String,
    },
    /// Percentages for N-S and E-W: an artificial score once the signed policy says which
    /// (Law 12C2); refused when they are not its values.
    Percent { ns: f64, ew: f64, reason: String },
    /// The board was not played at the table; the reason typed after a colon (may be empty).
    NotPlayed { reason: String },
}

/// Why a traveller line cannot be signed. Each names its law where one applies
/// ([`LineError::law`]); [`LineError::message`] words it in the user's language, citing the
/// law as that language's edition does.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LineError {
    #[error("{}", self.message(Lang::En))]
    Empty,
    #[error("{}", self.message(Lang::En))]
    Level { text: String },
    #[error("{}", self.message(Lang::En))]
    Denomination { text: String },
    #[error("{}", self.message(Lang::En))]
    MissingDeclarer { contract: String },
    #[error("{}", self.message(Lang::En))]
    MissingResult { contract: String },
    #[error("{}", self.message(Lang::En))]
    ImpossibleTricks {
        contract: String,
        result: String,
        tricks: i32,
    },
    #[error("{}", self.message(Lang::En))]
    Unreadable { text: String },
    #[error("{}", self.message(Lang::En))]
    PassWithDeclarer { text: String },
    #[error("{}", self.message(Lang::En))]
    ArtificialMixed { text: String },
    /// A percentage that is none of the policy's artificial values for that side.
    #[error("{}", self.message(Lang::En))]
    Percentage {
        pct: f64,
        ns: bool,
        plus: f64,
        avg: f64,
        minus: f64,
        /// The `scoring.policy` event in force (hex); `None`: the defaults.
        policy: Option<String>,
    },
    #[error("{}", self.message(Lang::En))]
    NotInMovement { slot: Slot },
    #[error("{}", self.message(Lang::En))]
    BoardNotAtTable { slot: Slot, boards: Vec<u32> },
    /// The slot already has a result: the event behind it and what stands.
    #[error("{}", self.message(Lang::En))]
    Duplicate {
        slot: Slot,
        existing: Box<Outcome>,
        event: String,
    },
    #[error("{}", self.message(Lang::En))]
    Late { contestant: String, from_round: u32 },
    #[error("{}", self.message(Lang::En))]
    Absent { contestant: String },
    #[error("{}", self.message(Lang::En))]
    Phantom { contestant: String },
    /// An artificial score and a signer who is no director.
    #[error("{}", self.message(Lang::En))]
    NeedsTd,
    #[error("{}", self.message(Lang::En))]
    Role { role: Role, allowed: Vec<Role> },
    #[error("{}", self.message(Lang::En))]
    Payload { reason: String },
}

impl LineError {
    /// A stable code for the front end (`duplicate`, `impossible_tricks`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            LineError::Empty => "empty",
            LineError::Level { .. } => "level",
            LineError::Denomination { .. } => "denomination",
            LineError::MissingDeclarer { .. } => "missing_declarer",
            LineError::MissingResult { .. } => "missing_result",
            LineError::ImpossibleTricks { .. } => "impossible_tricks",
            LineError::Unreadable { .. } => "unreadable",
            LineError::PassWithDeclarer { .. } => "pass_with_declarer",
            LineError::ArtificialMixed { .. } => "artificial_mixed",
            LineError::Percentage { .. } => "percentage",
            LineError::NotInMovement { .. } => "not_in_movement",
            LineError::BoardNotAtTable { .. } => "board_not_at_table",
            LineError::Duplicate { .. } => "duplicate",
            LineError::Late { .. } => "late",
            LineError::Absent { .. } => "absent",
            LineError::Phantom { .. } => "phantom",
            LineError::NeedsTd => "needs_td",
            LineError::Role { .. } => "role",
            LineError::Payload { .. } => "payload",
        }
    }

    /// The law the refusal rests on, as the Laws number it (`79C`, `12C2`).
    pub fn law(&self) -> Option<&'static str> {
        match self {
            // Law 38A: no contract above seven is ever played or scored.
            LineError::Level { .. } => Some("38A"),
            // The scoring table needs a denomination and declarer's side; a pass-out scores 0.
            LineError::Denomination { .. }
            | LineError::MissingDeclarer { .. }
            | LineError::PassWithDeclarer { .. } => Some("77"),
            // The tricks won, agreed at the table: 0 to 13.
            LineError::MissingResult { .. } | LineError::ImpossibleTricks { .. } => Some("79A"),
            LineError::ArtificialMixed { .. }
            | LineError::Percentage { .. }
            | LineError::Late { .. }
            | LineError::NeedsTd => Some("12C2"),
            // The director instructs the movement of boards and contestants.
            LineError::NotInMovement { .. } | LineError::BoardNotAtTable { .. } => Some("8A"),
            LineError::Duplicate { .. } => Some("79C"),
            LineError::Empty
            | LineError::Unreadable { .. }
            | LineError::Absent { .. }
            | LineError::Phantom { .. }
            | LineError::Role { .. }
            | LineError::Payload { .. } => None,
        }
    }

    /// A line still being typed: nothing wrong yet, something missing.
    pub fn is_incomplete(&self) -> bool {
        matches!(
            self,
            LineError::Empty | LineError::MissingDeclarer { .. } | LineError::MissingResult { .. }
        )
    }

    /// The refusal in `lang`, citing the law as its edition does.
    pub fn message(&self, lang: Lang) -> String {
        let mut p: Vec<(&str, String)> = vec![];
        if let Some(law) = self.law() {
            p.push(("law", law.to_string()));
        }
        let examples = || crate::i18n::t(lang, "traveller.examples").to_string();
        let slot_params = |p: &mut Vec<(&str, String)>, s: &Slot| {
            p.push(("section", s.section.clone()));
            p.push(("round", s.round.to_string()));
            p.push(("table", s.table.to_string()));
            p.push(("board", s.board.to_string()));
        };
        match self {
            LineError::Empty => p.push(("examples", examples())),
            LineError::Level { text }
            | LineError::PassWithDeclarer { text }
            | LineError::ArtificialMixed { text } => p.push(("text", text.clone())),
            LineError::Unreadable { text } => {
                p.push(("text", text.clone()));
                p.push(("examples", examples()));
            }
            LineError::Denomination { text } => {
                p.push(("text", text.clone()));
                p.push(("strains", crate::i18n::t(lang, "traveller.strains").into()));
            }
            LineError::MissingDeclarer { contract } => {
                p.push(("contract", contract.clone()));
                p.push(("seats", crate::i18n::t(lang, "traveller.seats").into()));
            }
            LineError::MissingResult { contract } => p.push(("contract", contract.clone())),
            LineError::ImpossibleTricks {
                contract,
                result,
                tricks,
            } => {
                p.push(("contract", contract.clone()));
                p.push(("result", result.clone()));
                p.push(("tricks", tricks.to_string()));
            }
            LineError::Percentage {
                pct,
                ns,
                plus,
                avg,
                minus,
                policy,
            } => {
                let side = if *ns {
                    "traveller.side.ns"
                } else {
                    "traveller.side.ew"
                };
                p.push(("pct", number(*pct)));
                p.push(("side", crate::i18n::t(lang, side).into()));
                p.push(("plus", number(*plus)));
                p.push(("avg", number(*avg)));
                p.push(("minus", number(*minus)));
                let policy = match policy {
                    Some(id) => id.chars().take(8).collect(),
                    None => crate::i18n::t(lang, "traveller.default_policy").into(),
                };
                p.push(("policy", policy));
            }
            LineError::NotInMovement { slot } => slot_params(&mut p, slot),
            LineError::BoardNotAtTable { slot, boards } => {
                slot_params(&mut p, slot);
                let list: Vec<String> = boards.iter().map(u32::to_string).collect();
                p.push(("boards", list.join(", ")));
            }
            LineError::Duplicate {
                slot,
                existing,
                event,
            } => {
                slot_params(&mut p, slot);
                p.push(("what", existing.describe_in(lang)));
                p.push(("event", event.chars().take(8).collect()));
            }
            LineError::Late {
                contestant,
                from_round,
            } => {
                p.push(("contestant", contestant.clone()));
                p.push(("from", from_round.to_string()));
            }
            LineError::Absent { contestant } | LineError::Phantom { contestant } => {
                p.push(("contestant", contestant.clone()))
            }
            LineError::NeedsTd => {}
            LineError::Role { role, allowed } => {
                let names: Vec<&str> = allowed.iter().map(|r| r.as_str()).collect();
                p.push(("role", crate::i18n::roles_text(lang, &[role.as_str()])));
                p.push(("allowed", crate::i18n::roles_text(lang, &names)));
            }
            LineError::Payload { reason } => p.push(("reason", reason.clone())),
        }
        Msg::text(lang, &format!("traveller.error.{}", self.code()), &p)
    }
}

/// A percentage or a score as a person writes it: `60`, `62.5`.
pub(crate) fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// Reads one traveller line in `lang` (English always read too; where a letter means
/// something else in `lang`, `lang` decides). Pure: the slot it belongs to is not consulted.
pub fn parse_line(line: &str, lang: Lang) -> Result<TravellerEntry, LineError> {
    let line = line.trim();
    if line.is_empty() {
        return Err(LineError::Empty);
    }
    let up: Vec<char> = line
        .chars()
        .flat_map(char::to_uppercase)
        .map(|c| match c {
            // Minus signs and dashes a keyboard or a word processor gives.
            '\u{2212}' | '\u{2013}' | '\u{2014}' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        })
        .collect();
    let (head, reason) = match up.iter().position(|&c| c == ':') {
        Some(i) => (&up[..i], reason_after(line)),
        None => (&up[..], String::new()),
    };
    let head: Vec<char> = collapse_spaces(head);
    if let Some(rest) = starts_with_word(&head, not_played_read(lang)) {
        // A reason may also follow without a colon: `np late arrival`.
        let reason = if reason.is_empty() {
            original_tail(line, head.len() - rest.len())
        } else if rest.is_empty() {
            reason
        } else {
            return Err(LineError::Unreadable {
                text: line.to_string(),
            });
        };
        return Ok(TravellerEntry::NotPlayed { reason });
    }
    if let Some(rest) = starts_with_word(&head, pass_read(lang)) {
        if rest.is_empty() && reason.is_empty() {
            return Ok(TravellerEntry::PassedOut);
        }
        return Err(LineError::PassWithDeclarer {
            text: line.to_string(),
        });
    }
    if head.contains(&'/') {
        return artificial(&head, reason, line);
    }
    if !reason.is_empty() {
        return Err(LineError::Unreadable {
            text: line.to_string(),
        });
    }
    contract_line(&head, lang, line).map(TravellerEntry::Result)
}

/// The text after the first colon, as typed (trimmed).
fn reason_after(line: &str) -> String {
    line.split_once(':')
        .map(|(_, r)| r.trim().to_string())
        .unwrap_or_default()
}

/// The typed line from character `at` of its collapsed upper-case head on, as typed.
fn original_tail(line: &str, at: usize) -> String {
    let collapsed: Vec<char> = collapse_spaces(&line.chars().collect::<Vec<_>>());
    collapsed[at.min(collapsed.len())..]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn collapse_spaces(s: &[char]) -> Vec<char> {
    let mut out: Vec<char> = Vec::with_capacity(s.len());
    for &c in s {
        let c = if c.is_whitespace() { ' ' } else { c };
        if c == ' ' && (out.is_empty() || out.last() == Some(&' ')) {
            continue;
        }
        out.push(c);
    }
    while out.last() == Some(&' ') {
        out.pop();
    }
    out
}

/// If `s` starts with one of `words` followed by its end, a space or a colon: what follows
/// (after the space).
fn starts_with_word(s: &[char], words: impl Iterator<Item = &'static str>) -> Option<&[char]> {
    let mut best: Option<usize> = None;
    for w in words {
        if let Some(n) = prefix_len(s, w) {
            let boundary = s.get(n).is_none_or(|&c| c == ' ' || c == ':');
            if boundary && best.is_none_or(|b| n > b) {
                best = Some(n);
            }
        }
    }
    best.map(|n| {
        let rest = &s[n..];
        rest.strip_prefix(&[' ']).unwrap_or(rest)
    })
}

/// How many characters of `s` the word `w` covers, if `s` starts with it.
fn prefix_len(s: &[char], w: &str) -> Option<usize> {
    let mut n = 0;
    for c in w.chars() {
        if s.get(n) != Some(&c) {
            return None;
        }
        n += 1;
    }
    Some(n)
}

/// The longest of `words` at the start of `s`, and its length.
fn longest<T: Copy>(
    s: &[char],
    words: impl Iterator<Item = (&'static str, T)>,
) -> Option<(T, usize)> {
    words
        .filter_map(|(w, x)| prefix_len(s, w).map(|n| (x, n)))
        .max_by_key(|(_, n)| *n)
}

/// `A+/A-`, `A/A`, `60/40`: N-S first.
fn artificial(head: &[char], reason: String, line: &str) -> Result<TravellerEntry, LineError> {
    let text: String = head.iter().filter(|c| **c != ' ').collect();
    let mixed = || LineError::ArtificialMixed {
        text: line.to_string(),
    };
    let (ns, ew) = text.split_once('/').ok_or_else(mixed)?;
    enum Side {
        Avg(Artificial),
        Pct(f64),
    }
    let side = |s: &str| -> Option<Side> {
        match s {
            "A+" => Some(Side::Avg(Artificial::AveragePlus)),
            "A" | "A=" => Some(Side::Avg(Artificial::Average)),
            "A-" => Some(Side::Avg(Artificial::AverageMinus)),
            _ => {
                let n = s.strip_suffix('%').unwrap_or(s).replace(',', ".");
                let ok = !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.');
                n.parse::<f64>()
                    .ok()
                    .filter(|x| ok && (0.0..=100.0).contains(x))
                    .map(Side::Pct)
            }
        }
    };
    match (side(ns), side(ew)) {
        (Some(Side::Avg(ns)), Some(Side::Avg(ew))) => {
            Ok(TravellerEntry::Artificial { ns, ew, reason })
        }
        (Some(Side::Pct(ns)), Some(Side::Pct(ew))) => {
            Ok(TravellerEntry::Percent { ns, ew, reason })
        }
        (Some(_), Some(_)) => Err(mixed()),
        _ => Err(LineError::Unreadable {
            text: line.to_string(),
        }),
    }
}

/// The tricks as typed: relative to the contract, or won.
#[derive(Clone, Copy)]
enum Tricks {
    Relative(i32),
    Won(i32),
}

/// `3NT N =`, `4SX E -2`, `2C S 8`, `4SXE-2`.
fn contract_line(s: &[char], lang: Lang, line: &str) -> Result<TableResult, LineError> {
    let unreadable = || LineError::Unreadable {
        text: line.to_string(),
    };
    let mut i = 0;
    let skip = |i: &mut usize| {
        while s.get(*i) == Some(&' ') {
            *i += 1;
        }
    };
    // The level: one digit, 1-7 (Law 38A).
    let digits: String = s.iter().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return Err(unreadable());
    }
    let level = match digits.parse::<u8>() {
        Ok(l @ 1..=7) => l,
        _ => {
            return Err(LineError::Level {
                text: line.to_string(),
            })
        }
    };
    i += digits.len();
    skip(&mut i);
    let (strain, n) = longest(&s[i..], strains_read(lang)).ok_or_else(|| {
        let word: String = s[i..].iter().take_while(|c| **c != ' ').collect();
        LineError::Denomination {
            text: format!("{level}{word}"),
        }
    })?;
    i += n;
    let mut doubling: Option<Doubling> = None;
    let mut declarer: Option<Seat> = None;
    let mut tricks: Option<(Tricks, String)> = None;
    loop {
        skip(&mut i);
        let rest = &s[i..];
        let Some(&c) = rest.first() else { break };
        if let Some(n) = ["XX", "**", "X", "*"]
            .iter()
            .find_map(|w| prefix_len(rest, w))
        {
            if doubling.is_some() {
                return Err(unreadable());
            }
            doubling = Some(if n == 2 {
                Doubling::Redoubled
            } else {
                Doubling::Doubled
            });
            i += n;
        } else if c == '=' || c == '+' || c == '-' || c.is_ascii_digit() {
            if tricks.is_some() {
                return Err(unreadable());
            }
            let sign = if c.is_ascii_digit() { 0 } else { 1 };
            let num: String = rest[sign..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            let value = match (c, num.parse::<i32>()) {
                ('=', _) if num.is_empty() => Tricks::Relative(0),
                ('+', Ok(n)) if num.len() <= 2 => Tricks::Relative(n),
                ('-', Ok(n)) if num.len() <= 2 => Tricks::Relative(-n),
                (d, Ok(n)) if d.is_ascii_digit() && num.len() <= 2 => Tricks::Won(n),
                _ => return Err(unreadable()),
            };
            let typed: String = rest[..sign + num.len()].iter().collect();
            tricks = Some((value, typed));
            i += sign + num.len();
        } else if let Some((seat, n)) = longest(rest, seats_read(lang)) {
            if declarer.is_some() {
                return Err(unreadable());
            }
            declarer = Some(seat);
            i += n;
        } else {
            return Err(unreadable());
        }
    }
    let contract = Contract::new(level, strain, doubling.unwrap_or(Doubling::Undoubled));
    let shown = contract_word(lang, &contract);
    let declarer = declarer.ok_or(LineError::MissingDeclarer {
        contract: shown.clone(),
    })?;
    let (t, typed) = tricks.ok_or(LineError::MissingResult {
        contract: shown.clone(),
    })?;
    let won = match t {
        Tricks::Relative(d) => i32::from(contract.tricks_needed()) + d,
        Tricks::Won(n) => n,
    };
    let won = u8::try_from(won)
        .ok()
        .filter(|w| *w <= 13)
        .ok_or(LineError::ImpossibleTricks {
            contract: shown,
            result: typed,
            tricks: won,
        })?;
    Ok(TableResult {
        contract: contract.to_string(),
        declarer: Some(declarer),
        tricks: Some(won),
    })
}

/// A contract as the grid prints it in `lang`: `4SX`, `4PX`, `3SA`, `3UT`.
fn contract_word(lang: Lang, c: &Contract) -> String {
    format!(
        "{}{}{}",
        c.level,
        strain_word(lang, c.strain),
        c.doubling.suffix()
    )
}

/// The line as a scorer types it in `lang` ([`parse_line`] reads it back as the same
/// entry): `3NT N =`, `3SA N =`, `4SX Ø -2`, `passe`, `A+/A-`, `ikke spillet: late`.
pub fn format_line(entry: &TravellerEntry, lang: Lang) -> String {
    let with_reason = |head: String, reason: &str| {
        if reason.trim().is_empty() {
            head
        } else {
            format!("{head}: {}", reason.trim())
        }
    };
    let lower = |w: &str| w.to_lowercase();
    match entry {
        TravellerEntry::Result(r) => {
            let c = r.contract.parse::<Contract>();
            match (c, r.declarer, r.tricks) {
                (Ok(c), Some(d), Some(t)) => {
                    let rel = i32::from(t) - i32::from(c.tricks_needed());
                    let rel = match rel {
                        0 => "=".to_string(),
                        r => format!("{r:+}"),
                    };
                    format!("{} {} {rel}", contract_word(lang, &c), seat_word(lang, d))
                }
                // Not a contract the engine reads: shown as recorded.
                _ => r.contract.clone(),
            }
        }
        TravellerEntry::PassedOut => lower(lexicon(lang).pass[0]),
        TravellerEntry::Artificial { ns, ew, reason } => {
            let a = |x: &Artificial| match x {
                Artificial::AveragePlus => "A+",
                Artificial::Average => "A",
                Artificial::AverageMinus => "A-",
            };
            with_reason(format!("{}/{}", a(ns), a(ew)), reason)
        }
        TravellerEntry::Percent { ns, ew, reason } => {
            with_reason(format!("{}/{}", number(*ns), number(*ew)), reason)
        }
        TravellerEntry::NotPlayed { reason } => {
            with_reason(lower(lexicon(lang).not_played[0]), reason)
        }
    }
}

/// The entry a standing outcome is typed as, where a line can say it (an assigned or
/// weighted score cannot: `None`).
pub fn entry_of(o: &Outcome) -> Option<TravellerEntry> {
    match o {
        Outcome::Played {
            contract,
            declarer,
            tricks,
            ..
        } => match contract.parse::<crate::bridge::contract::ContractOrPass>() {
            Ok(crate::bridge::contract::ContractOrPass::PassedOut) => {
                Some(TravellerEntry::PassedOut)
            }
            _ => Some(TravellerEntry::Result(TableResult {
                contract: contract.clone(),
                declarer: *declarer,
                tricks: *tricks,
            })),
        },
        Outcome::NotPlayed { reason } => Some(TravellerEntry::NotPlayed {
            reason: reason.clone(),
        }),
        Outcome::Adjusted {
            adjustment: crate::events::Adjustment::Artificial { ns, ew },
            ..
        } => Some(TravellerEntry::Artificial {
            ns: *ns,
            ew: *ew,
            reason: String::new(),
        }),
        Outcome::Adjusted { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(c: &str, d: Seat, t: u8) -> TravellerEntry {
        TravellerEntry::Result(TableResult {
            contract: c.into(),
            declarer: Some(d),
            tricks: Some(t),
        })
    }

    #[test]
    fn english_lines_as_scorers_type_them() {
        let p = |s| parse_line(s, Lang::En);
        assert_eq!(p("3NT N ="), Ok(result("3NT", Seat::N, 9)));
        assert_eq!(p("4SX E -2"), Ok(result("4SX", Seat::E, 8)));
        assert_eq!(p("4S E -2 X"), Ok(result("4SX", Seat::E, 8)));
        assert_eq!(p("3NTXX S +1"), Ok(result("3NTXX", Seat::S, 10)));
        assert_eq!(p("6h w ="), Ok(result("6H", Seat::W, 12)));
        assert_eq!(p("2C S 8"), Ok(result("2C", Seat::S, 8)));
        assert_eq!(p("4SXE-2"), Ok(result("4SX", Seat::E, 8)));
        assert_eq!(p("4♠ S −1"), Ok(result("4S", Seat::S, 9)));
        assert_eq!(p("3N S ="), Ok(result("3NT", Seat::S, 9)));
        assert_eq!(p("pass"), Ok(TravellerEntry::PassedOut));
        assert_eq!(p("AP"), Ok(TravellerEntry::PassedOut));
        assert_eq!(
            p("not played: late arrival"),
            Ok(TravellerEntry::NotPlayed {
                reason: "late arrival".into()
            })
        );
        assert_eq!(
            p("np slow play"),
            Ok(TravellerEntry::NotPlayed {
                reason: "slow play".into()
            })
        );
        assert_eq!(p("-"), Ok(TravellerEntry::NotPlayed { reason: "".into() }));
        assert_eq!(
            p("A+ / A-"),
            Ok(TravellerEntry::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus,
                reason: "".into()
            })
        );
        assert_eq!(
            p("40/60: slow play"),
            Ok(TravellerEntry::Percent {
                ns: 40.0,
                ew: 60.0,
                reason: "slow play".into()
            })
        );
    }

    #[test]
    fn law_79a_impossible_tricks_and_incomplete_lines() {
        let p = |s| parse_line(s, Lang::En);
        assert!(matches!(
            p("7NT N +1"),
            Err(LineError::ImpossibleTricks { tricks: 14, .. })
        ));
        assert!(matches!(
            p("1C N -8"),
            Err(LineError::ImpossibleTricks { tricks: -1, .. })
        ));
        assert!(matches!(
            p("4S N 14"),
            Err(LineError::ImpossibleTricks { tricks: 14, .. })
        ));
        assert!(matches!(p("3NT ="), Err(LineError::MissingDeclarer { .. })));
        assert!(matches!(p("3NT N"), Err(LineError::MissingResult { .. })));
        assert!(matches!(p("8S N ="), Err(LineError::Level { .. })));
        assert!(matches!(p("3Q N ="), Err(LineError::Denomination { .. })));
        assert!(matches!(
            p("pass N"),
            Err(LineError::PassWithDeclarer { .. })
        ));
        assert!(matches!(p("A+/55"), Err(LineError::ArtificialMixed { .. })));
        assert!(matches!(p("3NT N = ="), Err(LineError::Unreadable { .. })));
        assert_eq!(LineError::Empty.law(), None);
        assert_eq!(p("7NT N +1").unwrap_err().law(), Some("79A"));
    }

    #[test]
    fn german_and_danish_words() {
        let de = |s| parse_line(s, Lang::De);
        assert_eq!(de("3SA N ="), Ok(result("3NT", Seat::N, 9)));
        assert_eq!(de("4PX O -2"), Ok(result("4SX", Seat::E, 8)));
        assert_eq!(de("4C S ="), Ok(result("4H", Seat::S, 10)), "C is Coeur");
        assert_eq!(de("5K W +1"), Ok(result("5D", Seat::W, 12)), "Karo");
        assert_eq!(de("2T Süd 8"), Ok(result("2C", Seat::S, 8)), "Treff");
        assert_eq!(de("4S E ="), Ok(result("4S", Seat::E, 10)), "English");
        assert_eq!(de("passe"), Ok(TravellerEntry::PassedOut));
        assert_eq!(
            de("nicht gespielt: Verspätung"),
            Ok(TravellerEntry::NotPlayed {
                reason: "Verspätung".into()
            })
        );
        let da = |s| parse_line(s, Lang::Da);
        assert_eq!(da("3UT N ="), Ok(result("3NT", Seat::N, 9)));
        assert_eq!(da("4S Ø -1"), Ok(result("4S", Seat::E, 9)));
        assert_eq!(da("4s o -1"), Ok(result("4S", Seat::E, 9)));
        assert_eq!(da("2K V ="), Ok(result("2C", Seat::W, 8)), "klør");
        assert_eq!(da("2R V ="), Ok(result("2D", Seat::W, 8)), "ruder");
        assert_eq!(da("pas"), Ok(TravellerEntry::PassedOut));
        assert_eq!(
            da("ikke spillet"),
            Ok(TravellerEntry::NotPlayed { reason: "".into() })
        );
    }

    #[test]
    fn lines_print_in_each_language() {
        let e = result("4SX", Seat::E, 8);
        assert_eq!(format_line(&e, Lang::En), "4SX E -2");
        assert_eq!(format_line(&e, Lang::De), "4PX O -2");
        assert_eq!(format_line(&e, Lang::Da), "4SX Ø -2");
        let nt = result("3NT", Seat::N, 10);
        assert_eq!(format_line(&nt, Lang::De), "3SA N +1");
        assert_eq!(format_line(&nt, Lang::Da), "3UT N +1");
        assert_eq!(format_line(&TravellerEntry::PassedOut, Lang::De), "passe");
    }
}
