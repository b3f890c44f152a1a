//! Rule profiles: every reading the seed leaves open is an explicit, serialisable flag
//! (doppelkopf.md §1.16, §1.17). A profile is part of a tournament's configuration and is
//! stored with it, so a replay always uses the readings that were in force.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

use super::error::DokoError;

/// How announcements change the value (§6.2.2(c) vs DDV).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ScoringModel {
    /// Eppstein: (a)+(b), doubled for Re, doubled for Kontra (×4 for both).
    MultiplicativeReKontra,
    /// DDV: Re +2, Kontra +2, +1 per Absage, +1 per level reached against an Absage.
    AdditiveDdv,
}

/// What the list shows (§6.2.2 "Plus-Punkte-Wertung").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ListMode {
    /// Only the scoring side gets an entry; nothing is subtracted.
    PlusOnly,
    /// Zero-sum plus/minus list (DDV).
    PlusMinus,
}

/// When the second ♥10 of a trick beats the first (§4.4.2 last paragraph, A17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum H10Rule {
    /// Literal reading: in every game type.
    Always,
    /// Only where ♥10 is the highest trump (normal game, Trumpfsolo, DDV Farbsolo).
    TopTrumpOnly,
    /// The first-played card always wins (DDV).
    Never,
}

/// What a Farbsolo's trumps are (§1.3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum FarbsoloStyle {
    /// Eppstein: only the chosen suit, A 10 K D B 9 (12 trumps).
    PureSuit,
    /// DDV: ♥10, Damen, Buben, then the chosen suit in place of ♦.
    DdvStyle,
}

/// Which Sonderpunkte exist (§6.2.3). Normal games only, in either profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SpecialPoints {
    pub doppelkopf: bool,
    /// Eyes a trick needs to be a "Doppelkopf" (40).
    pub doppelkopf_min_eyes: u16,
    pub fuchs_gefangen: bool,
    pub karlchen_letzter_stich: bool,
    /// Eppstein extra: the Fuchs wins the last trick.
    pub fuchs_letzter_stich: bool,
    /// DDV: "gegen die Kreuz-Damen gewonnen" as an unmultiplied Sonderpunkt.
    pub gegen_die_kreuz_damen: bool,
}

/// Schmeißen conditions (§3.4.2); `None` in the profile means Schmeißen does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SchmeissenRule {
    /// Schmeißen with at least this many nines.
    pub min_nines: u8,
    /// Schmeißen with fewer than this many normal-game trumps, Füchse not counted (A19).
    pub trumps_excl_fuchs_lt: u8,
}

/// Games per round (§7.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GamesPerRound {
    pub four_table: u8,
    pub five_table: u8,
}

/// What a game "als nicht gespielt gewertet" (§8.6.2) does to the round (A25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum VoidGamePolicy {
    /// The slot is used and the dealer rotates; a voided Pflichtsolo is still owed.
    /// Before the first card (false Schmeißen, §2.2.9) the same dealer redeals, no slot used.
    ConsumeSlotAdvanceDealer,
    /// The game is repeated by the same dealer and uses no slot.
    RedealSameDealer,
}

/// Who loses the right to claim when play continues (§8.8.3, A23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ClaimRightLoss {
    /// Each player loses it by his own next card or announcement.
    PerPlayer,
    /// Everyone loses it as soon as any eligible player continues.
    AnyContinues,
}

fn counted() -> bool {
    true
}

/// The complete rule configuration. No rule constant lives outside this struct.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Profile {
    pub name: String,
    pub scoring_model: ScoringModel,
    /// "gegen die Kreuz Damen gewonnen" inside (a) and multiplied (Eppstein §6.2.2(a)).
    pub against_club_queens_in_value: bool,
    /// A7: whether that point also applies in a solo.
    pub against_club_queens_in_solo: bool,
    pub list_mode: ListMode,
    /// A12: Sonderpunkte of the two parties netted against each other.
    pub sonderpunkte_netting: bool,
    /// A8: in the no-winner case, multiply the unter-X points by the Re/Kontra factor.
    pub no_winner_multiplier: bool,
    pub h10_second_beats_first: H10Rule,
    /// A5: the soloist leads a Lustsolo (§3.3.1) instead of Vorhand (§4.1.1).
    pub lustsolo_soloist_leads: bool,
    pub farbsolo_style: FarbsoloStyle,
    pub special_points: SpecialPoints,
    pub schmeissen: Option<SchmeissenRule>,
    /// §3.5.3: the Klärungsstich window of an announced Hochzeit, in tricks.
    pub hochzeit_window: u8,
    /// §6.2.4: the soloist's factor on a win (3).
    pub solo_factor: u8,
    pub games_per_round: GamesPerRound,
    /// Whether a Pflichtsolo is one of the 16/20 games of §7.4.1. The text leaves it open:
    /// §7.4.1 counts "Spiele", and a Pflichtsolo is one; §2.2.1 and §3.2.5 have its dealer
    /// deal again, which reads as a game outside the rotation. Default `true` (the literal
    /// count of §7.4.1); `false` plays 16/20 other games plus the Pflichtsoli.
    #[serde(default = "counted")]
    pub pflichtsoli_in_games_per_round: bool,
    pub round_minutes: u16,
    pub void_game_policy: VoidGamePolicy,
    pub claim_right_loss: ClaimRightLoss,
    /// A16: a level implied by §5.5.7(b)/§5.5.8(b) counts even after its own deadline.
    pub implied_level_ignores_deadline: bool,
    /// §5.5.4: Erwiderung ("Re" against Kontra, "Kontra" against Re) one card later.
    pub announcement_reply: bool,
    /// §8.7.2(b): the largest deduction the Schiedsgericht may impose.
    pub max_unsportsmanlike_deduction: u8,
    /// §5.2.2/§5.3.4: fewest cards in hand for Re/Kontra, keine 90, keine 60, keine 30,
    /// schwarz.
    pub announcement_min_cards: [u8; 5],
    /// §8.4–8.6: the penalty scale.
    pub penalties: PenaltyScale,
}

/// Strafpunkte of §8.4 and §8.6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PenaltyScale {
    /// §8.4: a geringfügiger Regelverstoß (credited 1 to each of three players, or all to
    /// the soloist under §8.4.3(b.1)).
    pub geringfuegig: u8,
    /// §8.6.2: a schwerwiegender Regelverstoß before Absagen.
    pub schwerwiegend: u8,
    /// §8.6.2: added per Absage of the offender's opponents.
    pub per_absage: u8,
}

impl PenaltyScale {
    /// The seed's scale: 3, 12, +3 per Absage.
    pub const EPPSTEIN: PenaltyScale = PenaltyScale {
        geringfuegig: 3,
        schwerwiegend: 12,
        per_absage: 3,
    };
}

impl Profile {
    /// The seed's rules, with this project's proposed readings where the text is open.
    pub fn eppstein_2001() -> Profile {
        Profile {
            name: "eppstein-2001".into(),
            scoring_model: ScoringModel::MultiplicativeReKontra,
            against_club_queens_in_value: true,
            against_club_queens_in_solo: false,
            list_mode: ListMode::PlusOnly,
            sonderpunkte_netting: false,
            no_winner_multiplier: false,
            h10_second_beats_first: H10Rule::Always,
            lustsolo_soloist_leads: true,
            farbsolo_style: FarbsoloStyle::PureSuit,
            special_points: SpecialPoints {
                doppelkopf: true,
                doppelkopf_min_eyes: 40,
                fuchs_gefangen: true,
                karlchen_letzter_stich: true,
                fuchs_letzter_stich: true,
                gegen_die_kreuz_damen: false,
            },
            schmeissen: Some(SchmeissenRule {
                min_nines: 5,
                trumps_excl_fuchs_lt: 3,
            }),
            hochzeit_window: 3,
            solo_factor: 3,
            games_per_round: GamesPerRound {
                four_table: 16,
                five_table: 20,
            },
            pflichtsoli_in_games_per_round: true,
            round_minutes: 120,
            void_game_policy: VoidGamePolicy::ConsumeSlotAdvanceDealer,
            claim_right_loss: ClaimRightLoss::PerPlayer,
            implied_level_ignores_deadline: true,
            announcement_reply: true,
            max_unsportsmanlike_deduction: 12,
            announcement_min_cards: [11, 10, 9, 8, 7],
            penalties: PenaltyScale::EPPSTEIN,
        }
    }

    /// The DDV Turnierspielregeln as far as doppelkopf.md §3 documents them (partly from
    /// secondary sources; see docs/doppelkopf.md). Open DDV points keep the Eppstein reading.
    pub fn ddv() -> Profile {
        Profile {
            name: "ddv".into(),
            scoring_model: ScoringModel::AdditiveDdv,
            against_club_queens_in_value: false,
            against_club_queens_in_solo: false,
            list_mode: ListMode::PlusMinus,
            sonderpunkte_netting: true,
            no_winner_multiplier: false,
            h10_second_beats_first: H10Rule::Never,
            lustsolo_soloist_leads: false,
            farbsolo_style: FarbsoloStyle::DdvStyle,
            special_points: SpecialPoints {
                doppelkopf: true,
                doppelkopf_min_eyes: 40,
                fuchs_gefangen: true,
                karlchen_letzter_stich: true,
                fuchs_letzter_stich: false,
                gegen_die_kreuz_damen: true,
            },
            schmeissen: None,
            hochzeit_window: 3,
            solo_factor: 3,
            games_per_round: GamesPerRound {
                four_table: 24,
                five_table: 24,
            },
            pflichtsoli_in_games_per_round: true,
            round_minutes: 100,
            void_game_policy: VoidGamePolicy::ConsumeSlotAdvanceDealer,
            claim_right_loss: ClaimRightLoss::PerPlayer,
            implied_level_ignores_deadline: true,
            announcement_reply: true,
            max_unsportsmanlike_deduction: 12,
            announcement_min_cards: [11, 10, 9, 8, 7],
            penalties: PenaltyScale::EPPSTEIN,
        }
    }

    /// Check that a hand-written profile is coherent: deadlines within 0..=12 and not
    /// rising with the level, penalty points divisible among three players, a solo factor.
    pub fn validate(&self) -> Result<(), DokoError> {
        let d = &self.announcement_min_cards;
        if d.iter().any(|&x| x > 12) || d.windows(2).any(|w| w[1] > w[0]) {
            return Err(DokoError::Input(format!(
                "profile {}: announcement deadlines must fall from Re/Kontra to schwarz within 0..=12, got {d:?}",
                self.name
            )));
        }
        let p = &self.penalties;
        if !(p.geringfuegig.is_multiple_of(3)
            && p.schwerwiegend.is_multiple_of(3)
            && p.per_absage.is_multiple_of(3))
        {
            return Err(DokoError::Input(format!(
                "profile {}: penalty points are shared by three players and must divide by 3",
                self.name
            )));
        }
        if self.solo_factor == 0 || self.hochzeit_window == 0 || self.hochzeit_window > 12 {
            return Err(DokoError::Input(format!(
                "profile {}: solo factor must be positive and the Hochzeit window 1..=12",
                self.name
            )));
        }
        Ok(())
    }

    /// Games in a round at a table of `size` seats.
    pub fn games_for_table(&self, size: u8) -> u8 {
        if size == 5 {
            self.games_per_round.five_table
        } else {
            self.games_per_round.four_table
        }
    }
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::eppstein_2001()
    }
}

impl FromStr for Profile {
    type Err = DokoError;
    fn from_str(s: &str) -> Result<Profile, DokoError> {
        match s {
            "eppstein-2001" | "eppstein" => Ok(Profile::eppstein_2001()),
            "ddv" => Ok(Profile::ddv()),
            _ => Err(DokoError::Input(format!(
                "unknown profile {s:?} (expected eppstein-2001 or ddv)"
            ))),
        }
    }
}
