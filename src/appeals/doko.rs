//! The Doppelkopf Schiedsrichter / Schiedsgericht path (Eppstein §7.1.1, §8.8.7) as a case
//! of the appeals workflow, folded from the game's own events: the `doko.ruling` (`Ruled`)
//! is the ruling, the objection (`doko.event` `Appealed`) files the appeal (its event id is
//! the appeal id), and the `doko.schiedsgericht` decision (`TribunalDecided`) is the decision
//! step of the `doko_schiedsgericht` pipeline. `appeal.convened` and `appeal.statement`
//! may be signed on such an appeal as on any other.
//!
//! Guards (each refusal names the rule): the objection only immediately, i.e. before play
//! resumed at that table (a card, correction, announcement or abbreviation, or the next
//! game's setup, folded after the ruling and signed no later than the objection: replay
//! order is a topological order of the causal graph, so everything in the objection's
//! causal past counts, and a concurrent event counts when it was signed first); the
//! decision only on an open objection, not by the Schiedsrichter who gave the ruling, not by
//! a player of the table, and by a member when a Schiedsgericht was convened; final: no
//! second objection, no further appeal.

use super::guard::GuardError;
use super::pipeline::{State, Step};
use super::{same_person, Appeal, Signed, StepRec, Workflow};
use crate::doko::game::GameEvent;
use crate::doko::penalty::Ruling;
use crate::events::{DokoGameRef, Payload, Slot};
use crate::keys::KeyInfo;
use crate::log::{CheckedEvent, Hash32};
use serde::Serialize;
use std::collections::BTreeMap;

/// What a Doppelkopf appeal is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DokoCase {
    pub at: DokoGameRef,
    pub violation: usize,
    /// The Schiedsrichter's ruling objected to.
    pub ruling: Ruling,
    /// The Schiedsgericht's final decision, once given.
    pub decision: Option<Ruling>,
}

/// Play at the table resuming after a ruling: the event, its type and signed time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resumed {
    pub event: Hash32,
    pub what: String,
    pub wall_ms: i64,
}

/// A Schiedsrichter's ruling on the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DokoRulingRec {
    pub at: DokoGameRef,
    pub violation: usize,
    pub ruling: Ruling,
    pub signed: Signed,
    /// The earliest-signed play event at the table folded after the ruling.
    pub resumed: Option<Resumed>,
    /// The objection to it (the appeal's id).
    pub appeal: Option<Hash32>,
}

/// The Doppelkopf side of the workflow.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DokoPath {
    /// Rulings by (game, violation): the first stands (the engine refuses a second).
    #[serde(skip)]
    pub rulings: BTreeMap<(DokoGameRef, usize), DokoRulingRec>,
    /// Players per (round, table), from `doko.seating`.
    #[serde(skip)]
    pub seatings: BTreeMap<(u32, u32), Vec<String>>,
}

fn game_name(at: &DokoGameRef) -> String {
    format!("round {} table {} game {}", at.round, at.table, at.game)
}

/// What play at the table a game event is (`GameEvent::resumes_play`), for the refusal.
fn is_play(e: &GameEvent) -> Option<&'static str> {
    if !e.resumes_play() {
        return None;
    }
    Some(match e {
        GameEvent::CardPlayed { .. } => "a card",
        GameEvent::CardCorrected { .. } => "a corrected card",
        GameEvent::Announced { .. } => "an announcement",
        _ => "an abbreviation",
    })
}

impl Workflow {
    /// The players of the table of a Doppelkopf appeal (from the seating plan).
    pub(super) fn doko_players(&self, at: &DokoGameRef) -> Vec<String> {
        self.doko
            .seatings
            .get(&(at.round, at.table))
            .cloned()
            .unwrap_or_default()
    }

    /// The guard for a Doppelkopf step; `None` when `p` is no step of the path.
    pub(super) fn doko_check(
        &self,
        p: &Payload,
        signer: &KeyInfo,
        wall_ms: i64,
    ) -> Option<Result<(), GuardError>> {
        match p {
            Payload::DokoEvent(x) => match x.event {
                GameEvent::Appealed { violation } => {
                    Some(self.check_objection(x.at, violation, wall_ms))
                }
                _ => None,
            },
            Payload::DokoSchiedsgericht(x) => match x.event {
                GameEvent::TribunalDecided { violation, .. } => {
                    Some(self.check_tribunal(x.at, violation, signer))
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn check_objection(
        &self,
        at: DokoGameRef,
        violation: usize,
        wall_ms: i64,
    ) -> Result<(), GuardError> {
        let r =
            self.doko
                .rulings
                .get(&(at, violation))
                .ok_or_else(|| GuardError::DokoNoRuling {
                    game: game_name(&at),
                    violation,
                })?;
        if let Some(a) = r.appeal.and_then(|id| self.appeals.get(&id)) {
            if a.state == State::Decided {
                return Err(GuardError::DokoFinal);
            }
            return Err(GuardError::NotAllowed {
                state: a.state.as_str().into(),
                step: "objection".into(),
            });
        }
        match &r.resumed {
            Some(n) if n.wall_ms <= wall_ms => Err(GuardError::DokoObjectionLate {
                next: format!("{} (event {})", n.what, n.event.short()),
                next_at: super::clocks::rfc3339(n.wall_ms),
                at: super::clocks::rfc3339(wall_ms),
            }),
            _ => Ok(()),
        }
    }

    fn check_tribunal(
        &self,
        at: DokoGameRef,
        violation: usize,
        signer: &KeyInfo,
    ) -> Result<(), GuardError> {
        let r =
            self.doko
                .rulings
                .get(&(at, violation))
                .ok_or_else(|| GuardError::DokoNoRuling {
                    game: game_name(&at),
                    violation,
                })?;
        let a = r
            .appeal
            .and_then(|id| self.appeals.get(&id))
            .ok_or_else(|| GuardError::DokoNoObjection {
                game: game_name(&at),
                violation,
            })?;
        if a.state == State::Decided {
            return Err(GuardError::DokoFinal);
        }
        self.transition(a, Step::Decide)?;
        if r.signed.key == signer.key {
            return Err(GuardError::DokoRefereeDecides {
                holder: signer.holder.clone(),
            });
        }
        if let Some(c) = &a.committee {
            if !c.members.iter().any(|(k, _)| *k == signer.key) {
                return Err(GuardError::NotCommitteeMember {
                    holder: signer.holder.clone(),
                });
            }
        }
        if self
            .doko_players(&at)
            .iter()
            .any(|p| same_person(&signer.holder, p))
        {
            return Err(GuardError::MemberPlayed {
                holder: signer.holder.clone(),
            });
        }
        Ok(())
    }

    /// Folds a Doppelkopf event that passed its guard.
    pub(super) fn doko_fold(&mut self, e: &CheckedEvent, signed: &Signed) {
        let wall = e.env.wall_ms;
        let resumed = |tables: &mut BTreeMap<(DokoGameRef, usize), DokoRulingRec>,
                       at: DokoGameRef,
                       later_game: bool,
                       what: &str| {
            for r in tables.values_mut() {
                let same_table = r.at.round == at.round && r.at.table == at.table;
                let counts = if later_game {
                    at.game > r.at.game
                } else {
                    at.game >= r.at.game
                };
                if same_table && counts && r.resumed.as_ref().is_none_or(|n| wall < n.wall_ms) {
                    r.resumed = Some(Resumed {
                        event: e.id,
                        what: what.to_string(),
                        wall_ms: wall,
                    });
                }
            }
        };
        match &e.payload {
            Payload::DokoSeating(s) => {
                self.doko
                    .seatings
                    .insert((s.round, s.table), s.seating.values().cloned().collect());
            }
            Payload::DokoGame(g) => resumed(&mut self.doko.rulings, g.at, true, "the next game"),
            Payload::DokoRuling(x) => {
                if let GameEvent::Ruled { violation, ruling } = &x.event {
                    self.doko
                        .rulings
                        .entry((x.at, *violation))
                        .or_insert_with(|| DokoRulingRec {
                            at: x.at,
                            violation: *violation,
                            ruling: ruling.clone(),
                            signed: signed.clone(),
                            resumed: None,
                            appeal: None,
                        });
                }
            }
            Payload::DokoEvent(x) => {
                if let Some(what) = is_play(&x.event) {
                    resumed(&mut self.doko.rulings, x.at, false, what);
                }
                let GameEvent::Appealed { violation } = x.event else {
                    return;
                };
                let Some(r) = self.doko.rulings.get_mut(&(x.at, violation)) else {
                    return;
                };
                r.appeal = Some(e.id);
                let appeal = Appeal {
                    id: e.id,
                    ruling: r.signed.event,
                    slot: Slot {
                        section: String::new(),
                        round: x.at.round,
                        table: x.at.table,
                        board: x.at.game,
                    },
                    ns: String::new(),
                    ew: String::new(),
                    appellant: String::new(),
                    grounds: format!(
                        "objection to the Schiedsrichter's ruling on violation {violation} ({:?}, offender {})",
                        r.ruling.classification, r.ruling.offender
                    ),
                    state: State::Filed,
                    deadline_ms: None,
                    consents: vec![],
                    route: None,
                    law_only: false,
                    committee: None,
                    statements: vec![],
                    decisions: vec![],
                    referral: None,
                    authority: None,
                    withdrawn: None,
                    steps: vec![StepRec {
                        step: None,
                        signed: signed.clone(),
                        state: State::Filed,
                        part: None,
                    }],
                    parts: vec![],
                    conflicts: vec![],
                    notices: vec![],
                    hearings: vec![],
                    announcements: vec![],
                    doko: Some(DokoCase {
                        at: x.at,
                        violation,
                        ruling: r.ruling.clone(),
                        decision: None,
                    }),
                };
                self.appeals.insert(e.id, appeal);
            }
            Payload::DokoSchiedsgericht(x) => {
                let GameEvent::TribunalDecided { violation, ruling } = &x.event else {
                    return;
                };
                let Some(id) = self
                    .doko
                    .rulings
                    .get(&(x.at, *violation))
                    .and_then(|r| r.appeal)
                else {
                    return;
                };
                if let Some(a) = self.appeals.get_mut(&id) {
                    a.state = State::Decided;
                    if let Some(c) = a.doko.as_mut() {
                        c.decision = Some(ruling.clone());
                    }
                    a.steps.push(StepRec {
                        step: Some(Step::Decide),
                        signed: signed.clone(),
                        state: State::Decided,
                        part: None,
                    });
                }
            }
            _ => {}
        }
    }
}
