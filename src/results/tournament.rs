//! The tournament projection: structure and every table's result, folded from the log, with
//! the history of each result (who changed it, when, under which law, before and after).
//!
//! Record first, judge later: a result for a contestant or seating the structure does not
//! know is kept and flagged, not dropped.

use crate::bridge::board::vulnerability as law2_vulnerability;
use crate::bridge::contract::ContractOrPass;
use crate::bridge::score::board_score;
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::{
    Adjustment, Attendance, BoardFacts, BoardFouled, Contestant, Form, Payload, PolicySet,
    Presence, Slot, TableAssignment, TableResult,
};
use crate::keys::{KeyInfo, Role};
use crate::log::{CheckedEvent, Hash32, Projection};
use serde::Serialize;
use std::collections::BTreeMap;

/// What currently stands for one board at one table.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Outcome {
    /// A contract played (or passed out) and scored under Law 77.
    Played {
        contract: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        declarer: Option<Seat>,
        #[serde(skip_serializing_if = "Option::is_none")]
        tricks: Option<u8>,
        score_ns: i32,
    },
    NotPlayed {
        reason: String,
    },
    /// The TD's adjusted score (Law 12) in place of the table result.
    Adjusted {
        law: String,
        adjustment: Adjustment,
    },
}

/// One entry of a result's history: the signed event that set or changed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    pub event: Hash32,
    pub signer: String,
    pub role: Role,
    /// Signed UTC time, RFC 3339.
    pub time: String,
    pub what: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub law: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    pub after: String,
}

/// A board at a table: who played it, what stands, and how it came to be.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlotState {
    pub slot: Slot,
    pub ns: String,
    pub ew: String,
    /// What the table recorded (or that it did not play the board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_result: Option<Outcome>,
    /// The TD's latest score ruling, which stands on top of the table result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Outcome>,
    pub history: Vec<Change>,
}

impl SlotState {
    /// What stands: the ruling if there is one, else the table result.
    pub fn outcome(&self) -> &Outcome {
        match (&self.ruling, &self.table_result) {
            (Some(r), _) => r,
            (None, Some(t)) => t,
            // Never built without one of them (see `Tournament::set`).
            (None, None) => &NOT_RECORDED,
        }
    }
}

static NOT_RECORDED: Outcome = Outcome::NotPlayed {
    reason: String::new(),
};

/// A problem the fold noticed (the events stand; a TD or scorer should look).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Warning {
    pub event: Hash32,
    pub message: String,
}

/// The tournament as the log says it, after every event folded so far.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Tournament {
    pub name: String,
    pub rule_profile: String,
    pub sections: BTreeMap<String, crate::events::Section>,
    pub contestants: BTreeMap<(String, String), Contestant>,
    pub tables: BTreeMap<(String, u32, u32), TableAssignment>,
    pub boards: BTreeMap<(String, u32), BoardFacts>,
    pub slots: BTreeMap<Slot, SlotState>,
    pub fouled: BTreeMap<(String, u32), BoardFouled>,
    /// Late and absent contestants by (section, id); `present` records are removed.
    pub attendance: BTreeMap<(String, String), Attendance>,
    /// Scoring policies by section ("" = every section), with the event that set each.
    pub policies: BTreeMap<String, (PolicySet, Hash32)>,
    /// The event's time zone (`config.event`, the latest applies), with the event that set
    /// it: reports print local times in it. `None`: UTC.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<(crate::events::EventSettings, Hash32)>,
    pub warnings: Vec<Warning>,
    /// Index: the slots of each board, so one board is scored without a scan.
    #[serde(skip)]
    by_board: BTreeMap<(String, u32), Vec<Slot>>,
    /// Slots whose outcome changed since the last [`Tournament::take_dirty`]: lets a
    /// scorer recompute only the boards an event touched.
    #[serde(skip)]
    dirty: Vec<(String, u32)>,
    /// Boards played call by call and card by card on the log (`bridge.*` events), and the
    /// table result last derived from each (see `results::derived`).
    #[serde(skip)]
    pub(crate) bridge: crate::bridge::tables::BridgeTables,
    #[serde(skip)]
    pub(crate) derived: BTreeMap<Slot, TableResult>,
}

impl Tournament {
    /// The event's time zone (`config.event`); `None`: UTC.
    pub fn zone(&self) -> Option<chrono_tz::Tz> {
        self.time_zone.as_ref().and_then(|(s, _)| s.zone())
    }

    /// Vulnerability of a board: a recorded non-conforming board, else Law 2.
    pub fn vulnerability(&self, section: &str, board: u32) -> Vulnerability {
        self.boards
            .get(&(section.to_string(), board))
            .and_then(|b| b.vulnerable.as_deref())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| law2_vulnerability(board))
    }

    /// The policy in force for a section: its own, else the event-wide one, else the
    /// defaults for its form (and the event that set it, if any).
    pub fn policy(&self, section: &str) -> (PolicySet, Option<Hash32>) {
        match self.policies.get(section).or_else(|| self.policies.get("")) {
            Some((p, id)) => (p.clone(), Some(*id)),
            None => (PolicySet::default_for(self.form(section)), None),
        }
    }

    /// How many times a board is scheduled in the movement (phantom tables excluded);
    /// `None` when no movement was recorded.
    pub fn expected(&self, section: &str, board: u32) -> Option<usize> {
        let key = section.to_string();
        let mut sec = self
            .tables
            .range((key.clone(), 0, 0)..=(key, u32::MAX, u32::MAX))
            .map(|(_, t)| t)
            .peekable();
        sec.peek()?;
        // Who sits out in this section, gathered once (asked per board, for every table).
        let within = |s: &String| s == section;
        let out: std::collections::HashSet<&str> = self
            .contestants
            .iter()
            .filter(|((s, _), c)| within(s) && c.phantom)
            .map(|((_, id), _)| id.as_str())
            .chain(
                self.attendance
                    .iter()
                    .filter(|((s, _), a)| within(s) && a.presence == Presence::Absent)
                    .map(|((_, id), _)| id.as_str()),
            )
            .collect();
        Some(
            sec.filter(|t| {
                t.boards.contains(&board)
                    && !out.contains(t.ns.as_str())
                    && !out.contains(t.ew.as_str())
            })
            .count(),
        )
    }

    /// A phantom or an absent contestant: boards against it are not scheduled to be played.
    pub fn sits_out(&self, section: &str, id: &str) -> bool {
        let key = (section.to_string(), id.to_string());
        self.contestants.get(&key).is_some_and(|c| c.phantom)
            || self
                .attendance
                .get(&key)
                .is_some_and(|a| a.presence == Presence::Absent)
    }

    pub fn form(&self, section: &str) -> Form {
        self.sections.get(section).map_or(Form::Pairs, |s| s.form)
    }

    /// Law 77 score of a table result on this board (N-S points).
    pub fn score(&self, section: &str, board: u32, r: &TableResult) -> Result<i32, String> {
        let c: ContractOrPass = r
            .contract
            .parse()
            .map_err(|e: crate::bridge::contract::ContractError| e.to_string())?;
        let vul = self.vulnerability(section, board);
        let s = board_score(c, r.declarer.unwrap_or(Seat::N), vul, r.tricks.unwrap_or(0))
            .map_err(|e| format!("{e:?}"))?;
        Ok(s.ns)
    }

    /// Law 2: a board's vulnerability is what the board says, so a board record signed after
    /// its results rescores every played table result on it (Law 77), as if it had come
    /// first: the same events give the same scores in any order a scorer typed them.
    fn rescore(&mut self, section: &str, board: u32) {
        let vul = self.vulnerability(section, board);
        let slots: Vec<Slot> = self.board_slots(section, board).cloned().collect();
        for slot in slots {
            let Some(s) = self.slots.get_mut(&slot) else {
                continue;
            };
            if let Some(Outcome::Played {
                contract,
                declarer,
                tricks,
                score_ns,
            }) = &mut s.table_result
            {
                let Ok(c) = contract.parse::<ContractOrPass>() else {
                    continue;
                };
                if let Ok(x) = board_score(c, declarer.unwrap_or(Seat::N), vul, tricks.unwrap_or(0))
                {
                    *score_ns = x.ns;
                }
            }
        }
    }

    /// The slots where `board` of `section` has a result.
    pub fn board_slots(&self, section: &str, board: u32) -> impl Iterator<Item = &Slot> {
        self.by_board
            .get(&(section.to_string(), board))
            .into_iter()
            .flatten()
    }

    /// Every (section, board) with at least one result, in order.
    pub fn boards_played(&self) -> impl Iterator<Item = (&str, u32)> {
        self.by_board.keys().map(|(s, b)| (s.as_str(), *b))
    }

    /// Boards whose results changed since the last call (section, board), each once.
    pub fn take_dirty(&mut self) -> Vec<(String, u32)> {
        let mut d = std::mem::take(&mut self.dirty);
        d.sort();
        d.dedup();
        d
    }

    /// Marks every board of a section with results for rescoring.
    fn dirty_section(&mut self, section: &str) {
        let boards: Vec<(String, u32)> = self
            .by_board
            .range((section.to_string(), 0)..=(section.to_string(), u32::MAX))
            .map(|(k, _)| k.clone())
            .collect();
        self.dirty.extend(boards);
    }

    pub(crate) fn warn(&mut self, e: &CheckedEvent, message: String) {
        self.warnings.push(Warning {
            event: e.id,
            message,
        });
    }

    /// Records a new outcome for a slot, keeping the history.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn set(
        &mut self,
        e: &CheckedEvent,
        signer: &KeyInfo,
        slot: &Slot,
        ns: &str,
        ew: &str,
        outcome: Outcome,
        law: Option<String>,
        reason: Option<String>,
    ) {
        // Structure check: who sat there according to the movement.
        if let Some(t) = self
            .tables
            .get(&(slot.section.clone(), slot.round, slot.table))
        {
            if t.ns != ns || t.ew != ew {
                let msg = format!(
                    "board {} round {} table {}: result names {} v {}, the movement says {} v {}",
                    slot.board, slot.round, slot.table, ns, ew, t.ns, t.ew
                );
                self.warn(e, msg);
            }
        }
        let form = self.form(&slot.section);
        let players = || {
            [ns, ew]
                .into_iter()
                .flat_map(move |side| super::row::players(form, side))
        };
        let check_attendance = !self.attendance.is_empty();
        for c in players().filter(|_| check_attendance) {
            let late = self
                .attendance
                .get(&(slot.section.clone(), c.to_string()))
                .map(|a| a.presence);
            let msg = match late {
                Some(Presence::Late { from_round }) if slot.round < from_round => format!(
                    "{c} has a result in round {} but is recorded as late, playing from round {from_round}",
                    slot.round
                ),
                Some(Presence::Absent) => format!("{c} has a result but is recorded as absent"),
                _ => continue,
            };
            self.warn(e, msg);
        }
        for c in players() {
            if !self.contestants.is_empty()
                && !self
                    .contestants
                    .contains_key(&(slot.section.clone(), c.to_string()))
            {
                let msg = format!("{c} is not a contestant of section {}", slot.section);
                self.warn(e, msg);
            }
        }
        let change = Change {
            event: e.id,
            signer: signer.holder.clone(),
            role: signer.role,
            time: chrono::DateTime::from_timestamp_millis(e.env.wall_ms)
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
                .unwrap_or_default(),
            what: e.payload.kind(),
            law,
            reason,
            before: self.slots.get(slot).map(|s| s.outcome().describe()),
            after: String::new(),
        };
        if !self.slots.contains_key(slot) {
            self.by_board
                .entry((slot.section.clone(), slot.board))
                .or_default()
                .push(slot.clone());
        }
        let entry = self.slots.entry(slot.clone()).or_insert_with(|| SlotState {
            slot: slot.clone(),
            ns: ns.to_string(),
            ew: ew.to_string(),
            table_result: None,
            ruling: None,
            history: vec![],
        });
        entry.ns = ns.to_string();
        entry.ew = ew.to_string();
        if matches!(outcome, Outcome::Adjusted { .. }) {
            entry.ruling = Some(outcome);
        } else {
            entry.table_result = Some(outcome);
        }
        let after = entry.outcome().describe();
        entry.history.push(Change { after, ..change });
        self.dirty.push((slot.section.clone(), slot.board));
    }
}

impl Tournament {
    /// An adjusted score from a ruling or an appeal decision (issue 5), like `ScoreAdjusted`.
    #[allow(clippy::too_many_arguments)]
    pub fn adjust(
        &mut self,
        e: &CheckedEvent,
        signer: &KeyInfo,
        slot: &Slot,
        ns: &str,
        ew: &str,
        law: String,
        adjustment: Adjustment,
        reason: String,
    ) {
        let outcome = Outcome::Adjusted {
            law: law.clone(),
            adjustment,
        };
        self.set(e, signer, slot, ns, ew, outcome, Some(law), Some(reason));
    }

    /// A history entry that does not change what stands (a ruling without a score, an
    /// appeal filed, a decision that upholds): the audit lists it in order with its signer.
    pub fn annotate(
        &mut self,
        e: &CheckedEvent,
        signer: &KeyInfo,
        slot: &Slot,
        law: Option<String>,
        reason: Option<String>,
    ) {
        let Some(entry) = self.slots.get_mut(slot) else {
            return;
        };
        let now = entry.outcome().describe();
        entry.history.push(Change {
            event: e.id,
            signer: signer.holder.clone(),
            role: signer.role,
            time: chrono::DateTime::from_timestamp_millis(e.env.wall_ms)
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
                .unwrap_or_default(),
            what: e.payload.kind(),
            law,
            reason,
            before: Some(now.clone()),
            after: now,
        });
        // The score stands, but the board's rows list the entry (their event count).
        self.dirty.push((slot.section.clone(), slot.board));
    }
}

impl Projection for Tournament {
    fn apply(&mut self, e: &CheckedEvent, signer: &KeyInfo) {
        self.fold_bridge(e, signer);
        match &e.payload {
            Payload::Genesis(g) => {
                self.name = g.name.clone();
                self.rule_profile = g.rule_profile.clone();
            }
            Payload::Section(s) => {
                self.sections.insert(s.section.clone(), s.clone());
                // Its form decides how the boards are compared.
                self.dirty_section(&s.section);
            }
            Payload::Contestant(c) => {
                self.contestants
                    .insert((c.section.clone(), c.id.clone()), (**c).clone());
                // A phantom changes how often boards are scheduled.
                self.dirty_section(&c.section);
            }
            Payload::Attendance(a) => {
                let key = (a.section.clone(), a.contestant.clone());
                if a.presence == Presence::Present {
                    self.attendance.remove(&key);
                } else {
                    self.attendance.insert(key, a.clone());
                }
                // The schedule changes: every board of the section is rescored.
                self.dirty_section(&a.section);
            }
            Payload::TableAssignment(t) => {
                // The boards it schedules now and those it scheduled before.
                let old = self
                    .tables
                    .insert((t.section.clone(), t.round, t.table), t.clone());
                let boards = old
                    .into_iter()
                    .flat_map(|o| o.boards)
                    .chain(t.boards.clone());
                for b in boards {
                    self.dirty.push((t.section.clone(), b));
                }
            }
            Payload::BoardFacts(b) => {
                self.boards.insert((b.section.clone(), b.board), b.clone());
                self.rescore(&b.section, b.board);
                self.dirty.push((b.section.clone(), b.board));
            }
            Payload::ResultRecorded(r) => {
                let outcome = match self.score(&r.slot.section, r.slot.board, &r.result) {
                    Ok(score_ns) => Outcome::Played {
                        contract: r.result.contract.clone(),
                        declarer: r.result.declarer,
                        tricks: r.result.tricks,
                        score_ns,
                    },
                    Err(m) => {
                        self.warn(e, format!("cannot score: {m}"));
                        return;
                    }
                };
                self.set(e, signer, &r.slot, &r.ns, &r.ew, outcome, None, None);
            }
            Payload::ResultNotPlayed(r) => {
                let outcome = Outcome::NotPlayed {
                    reason: r.reason.clone(),
                };
                self.set(e, signer, &r.slot, &r.ns, &r.ew, outcome, None, None);
            }
            Payload::ScoreAdjusted(a) => {
                let outcome = Outcome::Adjusted {
                    law: a.law.clone(),
                    adjustment: a.adjustment.clone(),
                };
                self.set(
                    e,
                    signer,
                    &a.slot,
                    &a.ns,
                    &a.ew,
                    outcome,
                    Some(a.law.clone()),
                    Some(a.reason.clone()),
                );
            }
            Payload::PolicySet(p) => {
                let key = p.section.clone().unwrap_or_default();
                self.policies.insert(key, ((**p).clone(), e.id));
                // Every board of the sections it governs is rescored.
                let boards: Vec<(String, u32)> = self
                    .by_board
                    .keys()
                    .filter(|(s, _)| p.section.as_ref().is_none_or(|x| x == s))
                    .cloned()
                    .collect();
                self.dirty.extend(boards);
            }
            Payload::EventSettings(x) => self.time_zone = Some((x.clone(), e.id)),
            Payload::BoardFouled(f) => {
                self.fouled.insert((f.section.clone(), f.board), f.clone());
                self.dirty.push((f.section.clone(), f.board));
            }
            // A director's ruling (issue 5): an adjusted score stands like `ScoreAdjusted`;
            // any other ruling is listed in the board's history.
            Payload::Ruling(r) => {
                let law = r.laws.join(", ");
                match &r.adjustment {
                    Some(adj) => self.adjust(
                        e,
                        signer,
                        &r.slot,
                        &r.ns,
                        &r.ew,
                        law,
                        adj.clone(),
                        r.decision.clone(),
                    ),
                    None => self.annotate(e, signer, &r.slot, Some(law), Some(r.decision.clone())),
                }
            }
            // A score correction (Law 79C) replaces the table result.
            Payload::ScoreCorrected(c) => {
                let outcome = match self.score(&c.slot.section, c.slot.board, &c.result) {
                    Ok(score_ns) => Outcome::Played {
                        contract: c.result.contract.clone(),
                        declarer: c.result.declarer,
                        tricks: c.result.tricks,
                        score_ns,
                    },
                    Err(m) => {
                        self.warn(e, format!("cannot score: {m}"));
                        return;
                    }
                };
                let law = if c.late_consent.is_some() {
                    "79C2"
                } else {
                    "79C1"
                };
                self.set(
                    e,
                    signer,
                    &c.slot,
                    &c.ns,
                    &c.ew,
                    outcome,
                    Some(law.into()),
                    Some(c.reason.clone()),
                );
            }
            _ => {}
        }
    }
}
