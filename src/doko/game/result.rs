//! The scored game once it has ended (§6, §8.5, §8.6).
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::{Game, GameEnd};
use crate::doko::announce::AnnouncementSummary;
use crate::doko::cards::eyes_of;
use crate::doko::determination::Outcome;
use crate::doko::error::DokoError;
use crate::doko::game_type::GameKind;
use crate::doko::penalty::{GameEffect, PenaltyOutcome};
use crate::doko::round::{DealResult, GameRecord, PenaltyRow};
use crate::doko::seat::{Party, Seat};
use crate::doko::sonderpunkte::{self, CompletedTrick};
use crate::doko::value::{self, GameScore, Tally};

impl Game {
    /// The result once the game has ended (all tricks, or a ruling that ends it).
    pub fn result(&self) -> Result<GameResult, DokoError> {
        let end = self
            .end()
            .ok_or_else(|| DokoError::Input("the game is still in progress".into()))?;
        let kind = self.kind;
        let parties = self.parties();
        let sum = self.evaluate_announcements();
        let penalties: Vec<PenaltyOutcome> = self
            .violations
            .iter()
            .filter(|v| v.ruling.as_ref().is_some_and(|r| r.in_force().is_some()))
            .filter_map(|v| v.penalty.clone())
            .collect();
        let mut rows: Vec<PenaltyRow> = penalties
            .iter()
            .filter(|p| !p.credits.is_empty())
            .map(|p| PenaltyRow {
                rule: p.rule.clone(),
                credits: p.credits.clone(),
            })
            .collect();
        rows.extend(
            self.sanctions
                .iter()
                .filter(|(_, _, d)| !d.is_empty())
                .map(|(_, _, d)| PenaltyRow {
                    rule: "8.7.2(b)".into(),
                    credits: d.clone(),
                }),
        );
        let mut tricks_counted: &[CompletedTrick] = &self.tricks;
        let mut rest_to = None;
        let scored = match end {
            GameEnd::Complete => true,
            GameEnd::Ruled { violation, effect } => match effect {
                GameEffect::Aborted { remaining_to } => {
                    let before = self.violation(violation)?.tricks_before as usize;
                    tricks_counted = &self.tricks[..before.min(self.tricks.len())];
                    rest_to = Some(remaining_to);
                    true
                }
                _ => false,
            },
            GameEnd::Abbreviated { remaining_to } => {
                rest_to = Some(remaining_to);
                true
            }
            GameEnd::Thrown => false,
        };
        let score = if scored {
            let mut t = Tally {
                re_eyes: 0,
                kontra_eyes: 0,
                re_tricks: 0,
                kontra_tricks: 0,
            };
            for tr in tricks_counted {
                match tr.winner().and_then(|s| parties.get(&s)) {
                    Some(Party::Re) => {
                        t.re_eyes += tr.eyes();
                        t.re_tricks += 1;
                    }
                    _ => {
                        t.kontra_eyes += tr.eyes();
                        t.kontra_tricks += 1;
                    }
                }
            }
            if let Some(p) = rest_to {
                let rest_e = 240u16.saturating_sub(t.re_eyes + t.kontra_eyes);
                let rest_t = 12u8.saturating_sub(t.re_tricks + t.kontra_tricks);
                match p {
                    Party::Re => {
                        t.re_eyes += rest_e;
                        t.re_tricks += rest_t;
                    }
                    Party::Kontra => {
                        t.kontra_eyes += rest_e;
                        t.kontra_tricks += rest_t;
                    }
                }
            }
            let sp =
                sonderpunkte::from_tricks(tricks_counted, &parties, &self.profile.special_points);
            Some(value::credit(
                &parties,
                kind.and_then(|k| k.soloist()),
                &t,
                &sum.re,
                &sum.kontra,
                sp,
                &self.profile,
            ))
        } else {
            None
        };
        let not_played = matches!(
            end,
            GameEnd::Ruled {
                effect: GameEffect::NotPlayed,
                ..
            }
        );
        let result = match (kind, &self.determination.as_ref().map(|d| &d.outcome)) {
            (_, Some(Outcome::Redeal { schmeisser, valid })) => DealResult::Schmeissen {
                schmeisser: *schmeisser,
                valid: *valid,
            },
            (Some(kind), _) if not_played => DealResult::NotPlayed { kind },
            (Some(kind), _) => DealResult::Played { kind },
            (None, _) => return Err(DokoError::Input("no game type was settled".into())),
        };
        let record = GameRecord {
            dealer: self.setup.dealer,
            result,
            value: score.as_ref().map_or(0, |s| s.value.value),
            points: score
                .as_ref()
                .map(|s| s.points.clone())
                .unwrap_or_else(|| parties.keys().map(|&s| (s, 0)).collect()),
            penalties: rows,
            struck: false,
            replaces: None,
        };
        Ok(GameResult {
            kind,
            parties,
            announcements: sum,
            score,
            penalties,
            record,
            dealt_eyes: eyes_of(&self.dealt.values().flatten().copied().collect::<Vec<_>>()),
        })
    }
}

/// A finished game: what the list needs and what a report shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameResult {
    /// `None` when the deal was thrown in (Schmeißen).
    pub kind: Option<GameKind>,
    pub parties: BTreeMap<Seat, Party>,
    pub announcements: AnnouncementSummary,
    /// `None` when the game counts as not played or ended by §8.6.2.2.
    pub score: Option<GameScore>,
    pub penalties: Vec<PenaltyOutcome>,
    pub record: GameRecord,
    pub dealt_eyes: u16,
}
