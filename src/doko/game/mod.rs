//! One game folded from card-by-card events: the deal, the query, cards, announcements,
//! claims and rulings. Illegal moves are recorded and flagged (§1.16, §8.8.3); only input
//! that cannot describe a real game (a card not in the hand, a 13-card hand) is an error.
//!
//! `event` holds the payload types, `play` the cards and tricks, `rulings` claims and
//! penalties, `result` the scored game.
mod event;
mod play;
mod result;
mod rulings;

pub use crate::doko::deal::check_deal;
pub use event::{Abbreviation, GameEnd, GameEvent, GameSetup};
pub use result::GameResult;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use crate::doko::announce::{self, AnnounceContext, AnnouncementInput, AnnouncementSummary};
use crate::doko::cards::Card;
use crate::doko::claim::{ClaimStatus, ClaimWindow, RulingStage};
use crate::doko::determination::{self, Determination, DeterminationInput, Outcome, QueryEntry};
use crate::doko::error::DokoError;
use crate::doko::game_type::GameKind;
use crate::doko::penalty::{self, GameEffect, Sanction};
use crate::doko::profile::Profile;
use crate::doko::ranking::{CardClass, Ranking};
use crate::doko::seat::{Party, Players, Seat};
use crate::doko::sonderpunkte::CompletedTrick;
use crate::doko::trick::Play;
use crate::doko::violation::{Violation, ViolationKind};

/// The state of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Game {
    pub profile: Profile,
    pub setup: GameSetup,
    pub players: Players,
    pub dealt: BTreeMap<Seat, Vec<Card>>,
    pub hands: BTreeMap<Seat, Vec<Card>>,
    pub query: Vec<QueryEntry>,
    pub determination: Option<Determination>,
    pub kind: Option<GameKind>,
    pub tricks: Vec<CompletedTrick>,
    pub current: Vec<Play>,
    pub announcements: Vec<AnnouncementInput>,
    pub violations: Vec<Violation>,
    pub partnership_override: Option<bool>,
    /// Set by a soloist's abbreviation (§4.3).
    pub abbreviated: Option<Party>,
    /// Sanctions of the Schiedsgericht (§8.7.2), with their list delta.
    pub sanctions: Vec<(Seat, Sanction, BTreeMap<Seat, i32>)>,
    events: usize,
    last_play_event: Option<usize>,
    /// Revokes not yet noticeable: (violation, offender, class he failed to follow).
    pending_revokes: Vec<(usize, Seat, CardClass)>,
}

impl Game {
    pub fn new(setup: GameSetup, profile: Profile) -> Game {
        let players = Players::for_dealer(setup.dealer, setup.table_size);
        Game {
            profile,
            setup,
            players,
            dealt: BTreeMap::new(),
            hands: BTreeMap::new(),
            query: vec![],
            determination: None,
            kind: None,
            tricks: vec![],
            current: vec![],
            announcements: vec![],
            violations: vec![],
            partnership_override: None,
            abbreviated: None,
            sanctions: vec![],
            events: 0,
            last_play_event: None,
            pending_revokes: vec![],
        }
    }

    /// Fold a whole event sequence.
    pub fn replay(
        setup: GameSetup,
        profile: Profile,
        events: &[GameEvent],
    ) -> Result<Game, DokoError> {
        let mut g = Game::new(setup, profile);
        for e in events {
            g.apply(e)?;
        }
        Ok(g)
    }

    fn ranking(&self) -> Ranking {
        let gt = self
            .kind
            .map(|k| k.game_type())
            .unwrap_or(super::game_type::GameType::Normal);
        Ranking::new(gt, self.profile.farbsolo_style)
    }

    fn seat_ok(&self, s: Seat) -> Result<(), DokoError> {
        if self.players.contains(s) {
            Ok(())
        } else {
            Err(DokoError::NotAtTable {
                seat: s.to_string(),
            })
        }
    }

    /// The actual parties, as far as they are settled (a Hochzeit before its Klärungsstich
    /// has only the Hochzeiter in Re).
    pub fn parties(&self) -> BTreeMap<Seat, Party> {
        let re: BTreeSet<Seat> = match self.kind {
            Some(k) if k.soloist().is_some() => k.soloist().into_iter().collect(),
            Some(GameKind::Hochzeit {
                hochzeiter,
                partner,
                ..
            }) => [Some(hochzeiter), partner].into_iter().flatten().collect(),
            _ => self
                .dealt
                .iter()
                .filter(|(_, h)| h.contains(&Card::KREUZ_DAME))
                .map(|(s, _)| *s)
                .collect(),
        };
        self.players
            .iter()
            .map(|s| {
                (
                    s,
                    if re.contains(&s) {
                        Party::Re
                    } else {
                        Party::Kontra
                    },
                )
            })
            .collect()
    }

    /// The soloist for the penalty rules: once a solo is established (§8.4.3); a stille
    /// Hochzeit takes the solo rows (§3.5.5).
    fn penalty_soloist(&self) -> Option<Seat> {
        self.kind.and_then(|k| k.soloist())
    }

    /// "Partnerschaft geklärt" from public events only (A22), unless overridden.
    pub fn partnership_clear(&self) -> bool {
        if let Some(c) = self.partnership_override {
            return c;
        }
        match self.kind {
            Some(GameKind::Pflichtsolo { .. }) | Some(GameKind::Lustsolo { .. }) => true,
            Some(GameKind::Hochzeit { klaerungsstich, .. }) => klaerungsstich.is_some(),
            _ => {
                let parties = self.parties();
                let mut known: BTreeMap<Seat, Party> = BTreeMap::new();
                let sum = self.evaluate_announcements();
                for r in &sum.records {
                    if !r.issues.contains(&announce::AnnounceIssue::WrongParty) {
                        known.insert(r.seat, r.party);
                    }
                }
                let mut kd: BTreeMap<Seat, usize> = BTreeMap::new();
                for p in self
                    .tricks
                    .iter()
                    .flat_map(|t| t.plays.iter())
                    .chain(self.current.iter())
                {
                    if p.card == Card::KREUZ_DAME {
                        *kd.entry(p.seat).or_insert(0) += 1;
                        known.insert(p.seat, parties.get(&p.seat).copied().unwrap_or(Party::Re));
                    }
                }
                kd.values().any(|&n| n == 2) || announce::clear_from_known(&known)
            }
        }
    }

    fn announce_context(&self) -> AnnounceContext {
        let mut ctx = AnnounceContext::plain(&self.profile);
        if let Some(k @ GameKind::Hochzeit { klaerungsstich, .. }) = self.kind {
            ctx.shift = k.announcement_shift();
            ctx.earliest_after_tricks = klaerungsstich;
        }
        ctx
    }

    /// Evaluate all announcements so far (§5).
    /// An irregular announcement that was claimed is not a valid move (§8.8.3): it stays
    /// in the record but has no effect.
    pub fn evaluate_announcements(&self) -> AnnouncementSummary {
        let solo = self.kind.is_some_and(|k| k.scored_as_solo());
        let mut inputs = self.announcements.clone();
        for v in &self.violations {
            if matches!(v.kind, ViolationKind::Announcement { .. })
                && matches!(v.window.status, ClaimStatus::Claimed { .. })
            {
                if let Some(a) = v
                    .announcements_before
                    .checked_sub(1)
                    .and_then(|i| inputs.get_mut(i))
                {
                    a.void = true;
                }
            }
        }
        announce::evaluate(&inputs, &self.parties(), solo, &self.announce_context())
    }

    fn suspended(&self) -> bool {
        self.violations
            .iter()
            .any(|v| matches!(v.ruling, Some(RulingStage::Appealed { .. })))
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<GameEnd> {
        if matches!(
            self.determination.as_ref().map(|d| &d.outcome),
            Some(Outcome::Redeal { .. })
        ) {
            return Some(GameEnd::Thrown);
        }
        for (i, v) in self.violations.iter().enumerate() {
            if let (Some(stage), Some(p)) = (&v.ruling, &v.penalty) {
                if stage.in_force().is_some()
                    && !matches!(
                        p.effect,
                        GameEffect::Continue | GameEffect::ReferToSchiedsgericht
                    )
                {
                    return Some(GameEnd::Ruled {
                        violation: i,
                        effect: p.effect,
                    });
                }
            }
        }
        if let Some(p) = self.abbreviated {
            return Some(GameEnd::Abbreviated { remaining_to: p });
        }
        (self.tricks.len() == 12).then_some(GameEnd::Complete)
    }

    /// Settle the game type from the query (§3.1), once. Its irregularities become
    /// violations with claim windows.
    fn determine_now(&mut self) -> Result<(), DokoError> {
        if self.dealt.is_empty() {
            return Err(DokoError::Input("no deal recorded before play".into()));
        }
        if self.determination.is_none() {
            let input = DeterminationInput {
                players: self.players,
                hands: Some(self.dealt.clone()),
                owes_pflichtsolo: self.setup.owes_pflichtsolo.clone(),
                vorgefuehrt: self.setup.vorgefuehrt,
                query: self.query.clone(),
            };
            let d = determination::determine(&input, &self.profile)?;
            if let Outcome::Play { kind, .. } = &d.outcome {
                self.kind = Some(*kind);
            }
            let flags = d.flags.clone();
            self.determination = Some(d);
            for f in flags {
                let offender = f.seat();
                self.flag(offender, ViolationKind::Determination { flag: f }, true);
            }
        }
        Ok(())
    }

    fn ensure_playing(&mut self) -> Result<(), DokoError> {
        self.determine_now()?;
        if let Some(end) = self.end() {
            return Err(DokoError::Input(format!("the game has ended ({end:?})")));
        }
        if self.suspended() {
            return Err(DokoError::Penalty(
                "8.8.7: play is suspended until the Schiedsgericht decides".into(),
            ));
        }
        Ok(())
    }

    /// Leader of the current trick.
    fn trick_leader(&self) -> Seat {
        match self.tricks.last() {
            Some(t) => t.winner().unwrap_or(self.players.vorhand()),
            None => match self.determination.as_ref().map(|d| &d.outcome) {
                Some(Outcome::Play { leader, .. }) => *leader,
                _ => self.players.vorhand(),
            },
        }
    }

    fn notify_action(&mut self, seat: Seat) {
        let profile = self.profile.clone();
        for v in &mut self.violations {
            v.window.on_action(seat, &profile);
        }
    }

    fn flag(&mut self, offender: Seat, kind: ViolationKind, open_now: bool) -> usize {
        let mut window = ClaimWindow::new(offender);
        if open_now {
            window.open(&self.parties(), self.partnership_clear());
        }
        self.violations.push(Violation {
            offender,
            kind,
            at_event: self.events,
            tricks_before: self.tricks.len() as u8,
            announcements_before: self.announcements.len(),
            window,
            ruling: None,
            ruled_at: None,
            penalty: None,
        });
        self.violations.len() - 1
    }

    fn open_pending(&mut self, pred: impl Fn(Seat, CardClass) -> bool) {
        let parties = self.parties();
        let clear = self.partnership_clear();
        let (open, keep): (Vec<_>, Vec<_>) = self
            .pending_revokes
            .drain(..)
            .partition(|&(_, s, c)| pred(s, c));
        self.pending_revokes = keep;
        for (i, _, _) in open {
            if let Some(v) = self.violations.get_mut(i) {
                v.window.open(&parties, clear);
            }
        }
    }

    /// Apply one event. Atomic: a refused event leaves the state exactly as it was, so a
    /// log can record the refusal and go on folding.
    pub fn apply(&mut self, ev: &GameEvent) -> Result<(), DokoError> {
        let before = self.clone();
        match self.apply_inner(ev) {
            Ok(()) => {
                self.events += 1;
                Ok(())
            }
            Err(e) => {
                *self = before;
                Err(e)
            }
        }
    }

    fn apply_inner(&mut self, ev: &GameEvent) -> Result<(), DokoError> {
        match ev {
            GameEvent::Dealt { hands } => {
                if !self.dealt.is_empty() {
                    return Err(DokoError::Input("the cards were already dealt".into()));
                }
                if self.setup.table_size != 4 && self.setup.table_size != 5 {
                    return Err(DokoError::Round(format!(
                        "7.2.1: tables have 4 or 5 seats, not {}",
                        self.setup.table_size
                    )));
                }
                check_deal(hands, &self.players)?;
                self.dealt = hands.clone();
                self.hands = hands.clone();
                Ok(())
            }
            GameEvent::Query { entry } => {
                self.seat_ok(entry.seat)?;
                if self.determination.is_some() {
                    return Err(DokoError::Determination(
                        "3.1.1: the query is over once play has begun".into(),
                    ));
                }
                self.query.push(entry.clone());
                Ok(())
            }
            GameEvent::CardPlayed { seat, card } => self.play_card(*seat, *card),
            GameEvent::CardCorrected { seat, card } => self.correct_card(*seat, *card),
            GameEvent::Announced {
                seat,
                level,
                stated_party,
                simultaneous,
            } => {
                self.seat_ok(*seat)?;
                if self.abbreviated.is_some() {
                    // §4.3.7: Kontra may still make an announcement whose deadline has not
                    // passed; hands are frozen at the abbreviation.
                    if self.parties().get(seat) != Some(&Party::Kontra) {
                        return Err(DokoError::Announcement(
                            "4.3.7: after an abbreviation only the Kontra party may announce"
                                .into(),
                        ));
                    }
                } else {
                    self.ensure_playing()?;
                }
                let clear = self.partnership_clear();
                self.notify_action(*seat);
                self.announcements.push(AnnouncementInput {
                    seat: *seat,
                    level: *level,
                    cards_in_hand: self.hands.get(seat).map_or(0, |h| h.len()) as u8,
                    stated_party: *stated_party,
                    simultaneous: *simultaneous,
                    tricks_completed: self.tricks.len() as u8,
                    partnership_clear: Some(clear),
                    void: false,
                });
                self.last_play_event = Some(self.events);
                let sum = self.evaluate_announcements();
                if let Some(rec) = sum.records.last() {
                    if !rec.legal {
                        let issues = rec.issues.clone();
                        self.flag(*seat, ViolationKind::Announcement { issues }, true);
                    }
                }
                Ok(())
            }
            GameEvent::ViolationReported {
                offender,
                description,
            } => {
                self.seat_ok(*offender)?;
                self.flag(
                    *offender,
                    ViolationKind::Reported {
                        description: description.clone(),
                    },
                    true,
                );
                Ok(())
            }
            GameEvent::ClaimRaised {
                claimant,
                violation,
            } => {
                self.seat_ok(*claimant)?;
                if let Some(GameEnd::Ruled { violation: v, .. }) = self.end() {
                    return Err(DokoError::Penalty(format!(
                        "8.8.6: the game was ended by the ruling on violation {v}; no further claim"
                    )));
                }
                self.violation_mut(*violation)?.window.claim(*claimant)
            }
            GameEvent::PartnerConsulted {
                asker,
                partner,
                violation,
                reklamation,
            } => {
                self.seat_ok(*asker)?;
                self.seat_ok(*partner)?;
                self.violation_mut(*violation)?.window.partner_answer(
                    *asker,
                    *partner,
                    *reklamation,
                )
            }
            GameEvent::Ruled { violation, ruling } => {
                let at = self.events;
                let v = self.violation(*violation)?;
                if !matches!(v.window.status, ClaimStatus::Claimed { .. }) {
                    return Err(DokoError::Penalty(format!(
                        "8.8.5: violation {violation} was not claimed; there is nothing to rule"
                    )));
                }
                if v.ruling.is_some() {
                    return Err(DokoError::Penalty(format!(
                        "7.1.1: violation {violation} already has a ruling"
                    )));
                }
                let (r, p) = self.penalty_for(*violation, ruling)?;
                let v = self.violation_mut(*violation)?;
                v.ruling = Some(RulingStage::Referee(r));
                v.ruled_at = Some(at);
                v.penalty = Some(p);
                Ok(())
            }
            GameEvent::Appealed { violation } => {
                let v = self.violation(*violation)?;
                let resumed = match (v.ruled_at, self.last_play_event) {
                    (Some(r), Some(p)) => p > r,
                    _ => false,
                };
                let stage = v
                    .ruling
                    .clone()
                    .ok_or_else(|| DokoError::Penalty("8.8.7: no ruling to appeal".into()))?
                    .appeal(resumed)?;
                self.violation_mut(*violation)?.ruling = Some(stage);
                Ok(())
            }
            GameEvent::TribunalDecided { violation, ruling } => {
                let stage = self
                    .violation(*violation)?
                    .ruling
                    .clone()
                    .ok_or_else(|| DokoError::Penalty("8.8.7: no appeal to decide".into()))?;
                let (r, p) = self.penalty_for(*violation, ruling)?;
                let stage = stage.decide(r)?;
                let v = self.violation_mut(*violation)?;
                v.ruling = Some(stage);
                v.penalty = Some(p);
                Ok(())
            }
            GameEvent::PartnershipRuled { clear } => {
                self.partnership_override = Some(*clear);
                Ok(())
            }
            GameEvent::QueryClosed => self.determine_now(),
            GameEvent::SanctionImposed { seat, sanction } => {
                self.seat_ok(*seat)?;
                let delta = penalty::sanction_delta(*seat, *sanction, &self.profile)?;
                self.sanctions.push((*seat, *sanction, delta));
                Ok(())
            }
            GameEvent::SoloAbbreviated { seat, abbreviation } => {
                self.seat_ok(*seat)?;
                self.ensure_playing()?;
                if self.kind.and_then(|k| k.soloist()) != Some(*seat) {
                    self.flag(
                        *seat,
                        ViolationKind::Reported {
                            description: "4.3.2: only a soloist may abbreviate the game".into(),
                        },
                        true,
                    );
                    return Ok(());
                }
                self.notify_action(*seat);
                let to = match abbreviation {
                    Abbreviation::ClaimRest { holds: true, .. } => Party::Re,
                    Abbreviation::ClaimRest { holds: false, .. } => Party::Kontra,
                    Abbreviation::Concede => {
                        for v in &mut self.violations {
                            if matches!(v.kind, ViolationKind::Nichtbedienen { .. }) {
                                v.window.lost.insert(*seat);
                            }
                        }
                        Party::Kontra
                    }
                };
                // Cards still hidden become visible: pending revokes can now be claimed.
                self.open_pending(|_, _| true);
                self.abbreviated = Some(to);
                Ok(())
            }
        }
    }
}
