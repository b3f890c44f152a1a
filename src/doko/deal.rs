//! The deal (§2.2): four hands of twelve, every card twice, and what a wrong card count
//! means (§2.2.9).
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::cards::Card;
use super::error::DokoError;
use super::seat::{Players, Seat};

/// Check a deal: four hands of 12, every card at most twice (§1.2.1, §2.2.6, §2.2.9).
pub fn check_deal(hands: &BTreeMap<Seat, Vec<Card>>, players: &Players) -> Result<(), DokoError> {
    for s in hands.keys() {
        if !players.contains(*s) {
            return Err(DokoError::NotAtTable {
                seat: s.to_string(),
            });
        }
    }
    for s in players.iter() {
        let n = hands.get(&s).map_or(0, |h| h.len());
        if n != 12 {
            return Err(DokoError::HandSize {
                seat: s.to_string(),
                count: n,
            });
        }
    }
    let mut count: BTreeMap<Card, usize> = BTreeMap::new();
    for c in hands.values().flatten() {
        *count.entry(*c).or_insert(0) += 1;
    }
    if let Some((c, n)) = count.into_iter().find(|(_, n)| *n > 2) {
        return Err(DokoError::DeckCount {
            card: c.to_string(),
            count: n,
        });
    }
    Ok(())
}

/// What a card count found after the query means (§2.2.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "finding")]
pub enum CardCountFinding {
    /// Everyone holds the right number.
    Correct,
    /// Exactly one player is off while all others are right: a schwerwiegender
    /// Regelverstoß of that player (§2.2.9 → §8.6).
    Schwerwiegend { seat: Seat },
    /// Any other miscount (e.g. 11 and 13): the game is invalid and the same dealer deals
    /// again without penalty, even if found during play.
    RedealWithoutPenalty,
}

/// Judge the cards each player holds against what he should hold at that moment
/// (12 minus the cards he has played).
pub fn card_count_finding(
    held: &BTreeMap<Seat, usize>,
    expected: &BTreeMap<Seat, usize>,
) -> CardCountFinding {
    let wrong: Vec<Seat> = expected
        .iter()
        .filter(|(s, &e)| held.get(s).copied() != Some(e))
        .map(|(s, _)| *s)
        .collect();
    match wrong.as_slice() {
        [] => CardCountFinding::Correct,
        [one] => CardCountFinding::Schwerwiegend { seat: *one },
        _ => CardCountFinding::RedealWithoutPenalty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_count_findings_2_2_9() {
        let exp: BTreeMap<Seat, usize> = [Seat::A, Seat::B, Seat::C, Seat::D]
            .into_iter()
            .map(|s| (s, 12))
            .collect();
        assert_eq!(card_count_finding(&exp, &exp), CardCountFinding::Correct);
        let mut held = exp.clone();
        held.insert(Seat::B, 11);
        assert_eq!(
            card_count_finding(&held, &exp),
            CardCountFinding::Schwerwiegend { seat: Seat::B }
        );
        held.insert(Seat::C, 13);
        assert_eq!(
            card_count_finding(&held, &exp),
            CardCountFinding::RedealWithoutPenalty
        );
    }
}
