//! Penalty points (§8.3–8.7). The Schiedsrichter classifies (a signed ruling); the engine
//! distributes. In the plus-only list "Strafpunkte" are credited to the others; the offender's
//! own total only falls through an §8.7(b) deduction (A11).
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::error::DokoError;
use super::profile::{PenaltyScale, Profile};
use super::seat::{Party, Seat};

/// The Schiedsrichter's classification (§8.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Classification {
    /// §8.3: no influence on play or result.
    Unerheblich,
    /// §8.4: no decisive influence.
    Geringfuegig,
    /// §8.6: can decide the game.
    Schwerwiegend,
    /// §8.7: only the Schiedsgericht sanctions it.
    Unsportlich,
}

/// The game as the penalty rules see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PenaltyContext {
    /// Actual parties of the four players.
    pub parties: BTreeMap<Seat, Party>,
    /// The soloist once "feststeht, dass ein Solo gespielt wird" (§8.4.3); a stille
    /// Hochzeit counts as a solo for penalties (§3.5.5).
    pub soloist: Option<Seat>,
}

/// A ruling on one claimed violation (by the Schiedsrichter, or the Schiedsgericht on appeal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Ruling {
    pub offender: Seat,
    pub classification: Classification,
    /// §8.4.3(b): can the violation of a Kontra player hurt the soloist? (A31, J)
    #[serde(default)]
    pub can_hurt_soloist: Option<bool>,
    /// §8.5: the party that had already won on completed tricks, if any (engine-computed
    /// by `value::already_won`, overridable by the ruling).
    #[serde(default)]
    pub decided_for: Option<Party>,
    /// n of §8.6.2: Absage levels the offender's opponents made before the violation (A15).
    #[serde(default)]
    pub opponent_absagen: u8,
}

/// What happens to the game after the ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "effect")]
pub enum GameEffect {
    /// §8.3.4, §8.4: play continues after the claim is settled.
    Continue,
    /// §8.5: aborted; every unfinished trick goes to `remaining_to`, no further Sonderpunkte.
    Aborted { remaining_to: Party },
    /// §8.6.2.1: the game counts as not played: no game points, no Sonderpunkte.
    NotPlayed,
    /// §8.6.2.2: a Kontra player's violation; the solo counts as played.
    SoloCountsAsPlayed,
    /// §8.7.2: the Schiedsrichter must convene the Schiedsgericht.
    ReferToSchiedsgericht,
}

/// The penalty of one ruling: the offender's Strafpunkte and the credits to others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PenaltyOutcome {
    pub rule: String,
    pub strafpunkte: u32,
    pub credits: BTreeMap<Seat, i32>,
    pub effect: GameEffect,
}

fn each_other(ctx: &PenaltyContext, offender: Seat, pts: i32) -> BTreeMap<Seat, i32> {
    ctx.parties
        .keys()
        .filter(|&&s| s != offender)
        .map(|&s| (s, pts))
        .collect()
}

/// §8.4.2/§8.4.3: the geringfügig distribution. The Strafpunkte are split among the three
/// other players in equal shares (§8.4.2 "je einen Punkt"; §8.6.2.1 "je 4 (bzw. 5 … 8)").
fn geringfuegig(
    ctx: &PenaltyContext,
    r: &Ruling,
    scale: &PenaltyScale,
) -> Result<(String, BTreeMap<Seat, i32>), DokoError> {
    let g = i32::from(scale.geringfuegig);
    match ctx.soloist {
        None => Ok(("8.4.2".into(), each_other(ctx, r.offender, g / 3))),
        Some(s) if s == r.offender => Ok(("8.4.3(a)".into(), each_other(ctx, r.offender, g / 3))),
        Some(s) => match r.can_hurt_soloist {
            Some(true) => Ok(("8.4.3(b.1)".into(), BTreeMap::from([(s, g)]))),
            Some(false) => Ok(("8.4.3(b.2)".into(), each_other(ctx, r.offender, g / 3))),
            None => Err(DokoError::Penalty(
                "8.4.3(b): the ruling must say whether the Kontra player's violation can hurt the soloist".into(),
            )),
        },
    }
}

/// Distribute the penalty of a ruling on the seed's scale (3 / 12 / +3 per Absage).
pub fn distribute(ctx: &PenaltyContext, r: &Ruling) -> Result<PenaltyOutcome, DokoError> {
    distribute_on(ctx, r, &PenaltyScale::EPPSTEIN)
}

/// Distribute the penalty of a ruling (§8.3–8.6) on a profile's scale. Unsportsmanlike
/// conduct is referred to the Schiedsgericht.
pub fn distribute_on(
    ctx: &PenaltyContext,
    r: &Ruling,
    scale: &PenaltyScale,
) -> Result<PenaltyOutcome, DokoError> {
    let Some(&off_party) = ctx.parties.get(&r.offender) else {
        return Err(DokoError::NotAtTable {
            seat: r.offender.to_string(),
        });
    };
    if r.opponent_absagen > 4 {
        return Err(DokoError::Penalty(format!(
            "8.6.2: a party makes at most 4 Absagen, not {}",
            r.opponent_absagen
        )));
    }
    let n = u32::from(r.opponent_absagen);
    Ok(match r.classification {
        Classification::Unerheblich => PenaltyOutcome {
            rule: "8.3.4".into(),
            strafpunkte: 0,
            credits: BTreeMap::new(),
            effect: GameEffect::Continue,
        },
        Classification::Geringfuegig => {
            let (rule, credits) = geringfuegig(ctx, r, scale)?;
            PenaltyOutcome {
                rule,
                strafpunkte: u32::from(scale.geringfuegig),
                credits,
                effect: GameEffect::Continue,
            }
        }
        Classification::Schwerwiegend if r.decided_for.is_some() => {
            // §8.5: decided game: abort, rest to the offender's opponents, geringfügig penalty.
            let (rule, credits) = geringfuegig(ctx, r, scale)?;
            PenaltyOutcome {
                rule: format!("8.5.1 + {rule}"),
                strafpunkte: u32::from(scale.geringfuegig),
                credits,
                effect: GameEffect::Aborted {
                    remaining_to: off_party.other(),
                },
            }
        }
        Classification::Schwerwiegend => {
            let strafe = u32::from(scale.schwerwiegend) + u32::from(scale.per_absage) * n;
            match ctx.soloist {
                Some(s) if s != r.offender => PenaltyOutcome {
                    rule: "8.6.2.2".into(),
                    strafpunkte: strafe,
                    credits: BTreeMap::from([(s, strafe as i32)]),
                    effect: GameEffect::SoloCountsAsPlayed,
                },
                _ => PenaltyOutcome {
                    rule: "8.6.2.1".into(),
                    strafpunkte: strafe,
                    credits: each_other(ctx, r.offender, (strafe / 3) as i32),
                    effect: GameEffect::NotPlayed,
                },
            }
        }
        Classification::Unsportlich => PenaltyOutcome {
            rule: "8.7.2".into(),
            strafpunkte: 0,
            credits: BTreeMap::new(),
            effect: GameEffect::ReferToSchiedsgericht,
        },
    })
}

/// The Schiedsgericht's sanctions for unsportsmanlike conduct (§8.7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "sanction")]
pub enum Sanction {
    /// (a) a warning; no list entry.
    Verwarnung,
    /// (b) a deduction of at most 12 points, credited to no one.
    Punktabzug { points: u8 },
    /// (c) exclusion from the tournament.
    Disqualifikation,
}

/// The list delta of a sanction on `seat`: a negative entry for a deduction only.
pub fn sanction_delta(
    seat: Seat,
    s: Sanction,
    profile: &Profile,
) -> Result<BTreeMap<Seat, i32>, DokoError> {
    match s {
        Sanction::Punktabzug { points } if points > profile.max_unsportsmanlike_deduction => {
            Err(DokoError::Penalty(format!(
                "8.7.2(b): a deduction is at most {} points, not {points}",
                profile.max_unsportsmanlike_deduction
            )))
        }
        Sanction::Punktabzug { points } => Ok(BTreeMap::from([(seat, -i32::from(points))])),
        Sanction::Verwarnung | Sanction::Disqualifikation => Ok(BTreeMap::new()),
    }
}
