//! Announcements (§5): Re/Kontra and the Absagen keine 90/60/30/schwarz.
//!
//! Deadlines are counted in cards still in the announcer's hand (§5.2.2, §5.3.4), shifted by
//! the Hochzeit shift s (§5.5.2). An illegal announcement is never refused: it is evaluated,
//! flagged with its reason and counted, because it stands unless claimed in time (§8.8.3).
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::profile::Profile;
use super::seat::{Party, Seat};

/// The levels of announcement, lowest first. `Ansage` is the Erstansage "Re"/"Kontra".
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum Level {
    Ansage,
    Keine90,
    Keine60,
    Keine30,
    Schwarz,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Ansage,
        Level::Keine90,
        Level::Keine60,
        Level::Keine30,
        Level::Schwarz,
    ];

    /// 0 for the Erstansage, 1..4 for the Absagen.
    pub fn index(self) -> u8 {
        self as u8
    }

    fn from_index(i: u8) -> Option<Level> {
        Level::ALL.get(i as usize).copied()
    }

    /// §5.2.2/§5.3.4: the fewest cards the announcer may hold under `deadlines` (the
    /// profile's table, 11/10/9/8/7 in Eppstein), less the Hochzeit shift s (§5.5.2).
    pub fn min_cards(self, deadlines: &[u8; 5], shift: u8) -> u8 {
        deadlines[self.index() as usize].saturating_sub(shift)
    }

    /// Eyes below which the opponents must stay (the schwarz target is "no trick").
    pub fn eyes_threshold(self) -> Option<u16> {
        match self {
            Level::Keine90 => Some(90),
            Level::Keine60 => Some(60),
            Level::Keine30 => Some(30),
            _ => None,
        }
    }
}

/// One announcement as made at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnnouncementInput {
    pub seat: Seat,
    /// The highest level named; lower levels not yet in force are implied (§5.5.3).
    pub level: Level,
    /// Cards still in the announcer's hand at that moment (§5.4.1).
    pub cards_in_hand: u8,
    /// The party the announcer named: "Re"/"Kontra" itself, or the §5.5.5 statement.
    #[serde(default)]
    pub stated_party: Option<Party>,
    /// Made at the same moment as the previous announcement (§5.5.7).
    #[serde(default)]
    pub simultaneous: bool,
    /// Completed tricks at that moment (for the Hochzeit's earliest moment, §5.5.2).
    #[serde(default)]
    pub tricks_completed: u8,
    /// Was the partnership clear just before (§5.5.7, §5.5.8)? `None`: computed from the
    /// announcements before it.
    #[serde(default)]
    pub partnership_clear: Option<bool>,
    /// Claimed in time, so not a valid move (§8.8.3): recorded, but without effect.
    #[serde(default)]
    pub void: bool,
}

/// Why an announcement is irregular. Each names its rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "issue")]
pub enum AnnounceIssue {
    /// §5.2.1/§5.5.2: before the game type or the Klärungsstich was settled.
    TooEarly,
    /// §5.2.2/§5.3.4/§5.5.3: `level` needed `needed` cards, the announcer held `held`.
    TooLate { level: Level, needed: u8, held: u8 },
    /// §5.5.4 second sentence: Absage by a party whose Erstansage was only an Erwiderung.
    AbsageAfterLateFirst,
    /// §1.4/§5.2.2: the announcer named a party he does not belong to; not counted.
    WrongParty,
    /// §5.5.5: Absage by a third or fourth player without saying his party.
    PartyNotStated,
    /// §5.5.8(a): repetition of the partner's announcement once the partnership is clear.
    RepeatedWhenClear,
    /// The same player repeated his own announcement; it has no effect.
    RepeatedOwn,
}

/// The engine's reading of one announcement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnnouncementRecord {
    pub seat: Seat,
    pub party: Party,
    pub level: Level,
    /// The levels this announcement put in force, skipped ones included.
    pub added: Vec<Level>,
    /// A level counted by §5.5.7(b)/§5.5.8(b) because partners repeated an announcement.
    pub implied: Option<Level>,
    /// Entered by the Erwiderung window of §5.5.4.
    pub erwiderung: bool,
    pub legal: bool,
    pub issues: Vec<AnnounceIssue>,
    /// False when the announcement has no effect (wrong party, or claimed and void).
    pub counted: bool,
}

/// What one party has announced, as scoring needs it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PartyCalls {
    /// "Re"/"Kontra" said in any form (timely, Erwiderung, implied by a jump).
    pub announced: bool,
    /// Absage levels in force, 0..=4 (skipped and implied levels included).
    pub absagen: u8,
    /// Whether the Erstansage was timely (`None` while nothing was said).
    pub first_timely: Option<bool>,
    /// Required minimum of the party's latest announcement (for the opponents' Erwiderung).
    pub last_required: Option<u8>,
}

impl PartyCalls {
    /// The highest Absage in force.
    pub fn highest(&self) -> Option<Level> {
        if self.absagen == 0 {
            None
        } else {
            Level::from_index(self.absagen)
        }
    }
}

/// Timing context of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnnounceContext {
    /// The Hochzeit shift s (0, 1, 2).
    pub shift: u8,
    /// For an announced Hochzeit: the number of the Klärungsstich (`None` while unknown:
    /// any announcement is then too early). `Some(0)` for every other game.
    pub earliest_after_tricks: Option<u8>,
    pub implied_level_ignores_deadline: bool,
    pub announcement_reply: bool,
    /// Fewest cards in hand for Re/Kontra, keine 90, keine 60, keine 30, schwarz.
    pub deadlines: [u8; 5],
}

impl AnnounceContext {
    /// The context of a game without Hochzeit shift, from the profile.
    pub fn plain(profile: &Profile) -> Self {
        AnnounceContext {
            shift: 0,
            earliest_after_tricks: Some(0),
            implied_level_ignores_deadline: profile.implied_level_ignores_deadline,
            announcement_reply: profile.announcement_reply,
            deadlines: profile.announcement_min_cards,
        }
    }
}

/// The announcements of a game, evaluated in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnnouncementSummary {
    pub re: PartyCalls,
    pub kontra: PartyCalls,
    pub records: Vec<AnnouncementRecord>,
}

impl AnnouncementSummary {
    pub fn calls(&self, p: Party) -> &PartyCalls {
        match p {
            Party::Re => &self.re,
            Party::Kontra => &self.kontra,
        }
    }

    fn calls_mut(&mut self, p: Party) -> &mut PartyCalls {
        match p {
            Party::Re => &mut self.re,
            Party::Kontra => &mut self.kontra,
        }
    }

    /// Absage levels a party had in force after the first `upto` announcements (§8.6.2 n).
    pub fn absagen_before(&self, p: Party, upto: usize) -> u8 {
        self.records
            .iter()
            .take(upto)
            .filter(|r| r.party == p && r.counted)
            .flat_map(|r| r.added.iter().chain(r.implied.iter()))
            .filter(|l| **l != Level::Ansage)
            .count() as u8
    }
}

/// Partnership clarity from the announcements alone: a 2-vs-2 game is clear once two
/// members of one party are known, or three players in all.
pub fn clear_from_known(known: &BTreeMap<Seat, Party>) -> bool {
    let re = known.values().filter(|p| **p == Party::Re).count();
    let ko = known.len() - re;
    re >= 2 || ko >= 2 || known.len() >= 3
}

/// Evaluate a game's announcements in order (§5). `parties` are the actual parties;
/// `solo` makes the partnership clear from the start.
pub fn evaluate(
    inputs: &[AnnouncementInput],
    parties: &BTreeMap<Seat, Party>,
    solo: bool,
    ctx: &AnnounceContext,
) -> AnnouncementSummary {
    let mut sum = AnnouncementSummary::default();
    let mut known: BTreeMap<Seat, Party> = BTreeMap::new();
    let mut known_before_prev = known.clone();
    for a in inputs {
        let Some(&party) = parties.get(&a.seat) else {
            continue; // not a player of this game; the caller reports that as an error
        };
        // For a simultaneous announcement, "before" means before the moment both were made.
        let basis = if a.simultaneous {
            &known_before_prev
        } else {
            &known
        };
        let clear = a
            .partnership_clear
            .unwrap_or_else(|| solo || clear_from_known(basis));
        let mut issues = Vec::new();
        let mut rec = AnnouncementRecord {
            seat: a.seat,
            party,
            level: a.level,
            added: vec![],
            implied: None,
            erwiderung: false,
            legal: true,
            issues: vec![],
            counted: true,
        };
        if a.stated_party.is_some_and(|p| p != party) {
            rec.legal = false;
            rec.counted = false;
            rec.issues.push(AnnounceIssue::WrongParty);
            sum.records.push(rec);
            continue;
        }
        let earliest_ok = ctx
            .earliest_after_tricks
            .is_some_and(|k| a.tricks_completed >= k);
        if !earliest_ok {
            issues.push(AnnounceIssue::TooEarly);
        }
        let h = a.cards_in_hand;
        // A void announcement is judged against the state before it and then discarded.
        let snapshot = if a.void { Some(sum.clone()) } else { None };
        let before = *sum.calls(party);
        let opp = *sum.calls(party.other());
        let reached = if before.announced {
            Some(before.absagen)
        } else {
            None
        };
        let want = a.level.index();
        let new_from = reached.map_or(0, |r| r + 1);
        // §5.5.5: both parties have announced, partnership unclear, a player new to the
        // announcements makes an Absage without stating his party.
        if want > 0
            && sum.re.announced
            && sum.kontra.announced
            && !clear
            && !known.contains_key(&a.seat)
            && a.stated_party.is_none()
        {
            issues.push(AnnounceIssue::PartyNotStated);
        }
        if want < new_from {
            // Repetition of a level already in force (§5.5.7, §5.5.8).
            let own = sum
                .records
                .iter()
                .any(|r| r.seat == a.seat && r.party == party && r.added.contains(&a.level));
            if own {
                issues.push(AnnounceIssue::RepeatedOwn);
            } else if clear {
                if !a.simultaneous {
                    issues.push(AnnounceIssue::RepeatedWhenClear);
                }
            } else if let Some(next) = Level::from_index(want + 1) {
                let ok = ctx.implied_level_ignores_deadline
                    || h >= next.min_cards(&ctx.deadlines, ctx.shift);
                if next.index() >= new_from && ok {
                    rec.implied = Some(next);
                    let c = sum.calls_mut(party);
                    c.absagen = next.index();
                }
            }
        } else {
            let mut first_timely = before.first_timely;
            for idx in new_from..=want {
                let Some(level) = Level::from_index(idx) else {
                    break;
                };
                let needed = level.min_cards(&ctx.deadlines, ctx.shift);
                if level == Level::Ansage {
                    if h >= needed {
                        first_timely = Some(true);
                    } else if ctx.announcement_reply
                        && opp.announced
                        && opp
                            .last_required
                            .is_some_and(|r| u16::from(h) + 1 >= u16::from(r))
                    {
                        first_timely = Some(false);
                        rec.erwiderung = true;
                    } else {
                        first_timely = Some(false);
                        issues.push(AnnounceIssue::TooLate {
                            level,
                            needed,
                            held: h,
                        });
                    }
                } else {
                    if h < needed {
                        issues.push(AnnounceIssue::TooLate {
                            level,
                            needed,
                            held: h,
                        });
                    }
                    let ansage_late = issues.iter().any(|i| {
                        matches!(
                            i,
                            AnnounceIssue::TooLate {
                                level: Level::Ansage,
                                ..
                            }
                        )
                    });
                    if first_timely == Some(false)
                        && !ansage_late
                        && !issues.contains(&AnnounceIssue::AbsageAfterLateFirst)
                    {
                        issues.push(AnnounceIssue::AbsageAfterLateFirst);
                    }
                }
                rec.added.push(level);
            }
            let c = sum.calls_mut(party);
            c.announced = true;
            c.absagen = want;
            c.first_timely = first_timely;
            c.last_required = Some(a.level.min_cards(&ctx.deadlines, ctx.shift));
        }
        rec.legal = issues.is_empty();
        rec.issues = issues;
        if let Some(mut restored) = snapshot {
            rec.counted = false;
            restored.records.push(rec);
            sum = restored;
            continue;
        }
        if !a.simultaneous {
            known_before_prev = known.clone();
        }
        known.insert(a.seat, party);
        sum.records.push(rec);
    }
    sum
}
