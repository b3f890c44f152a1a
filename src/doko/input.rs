//! A single game described as JSON, for `tdlog doko score`: the game kind, parties,
//! announcements with the cards in hand when made, and either the tricks with their cards
//! or the eyes per party plus Sonderpunkte events. Parsing never panics: every malformed
//! or impossible input is a typed [`DokoError`] (fuzzed by `tests/doko_props.rs`).
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use super::announce::{self, AnnounceContext, AnnouncementInput, AnnouncementRecord, Level};
use super::cards::Card;
use super::error::DokoError;
use super::game_type::GameKind;
use super::profile::Profile;
use super::ranking::Ranking;
use super::seat::{Party, Seat};
use super::sonderpunkte::{self, CompletedTrick, Sonderpunkt};
use super::trick::{self, Play};
use super::value::{self, GameValue, Tally};

/// A profile by name or spelled out flag by flag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ProfileSpec {
    Name(String),
    Full(Box<Profile>),
}

impl ProfileSpec {
    pub fn resolve(&self) -> Result<Profile, DokoError> {
        match self {
            ProfileSpec::Name(n) => n.parse(),
            ProfileSpec::Full(p) => {
                p.validate()?;
                Ok((**p).clone())
            }
        }
    }
}

/// An announcement as written in the JSON: `call` is "Re", "Kontra", "keine 90",
/// "keine 60", "keine 30" or "schwarz".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CallInput {
    pub seat: Seat,
    pub call: String,
    pub cards_in_hand: u8,
    /// The party the announcer states (§5.5.5); "Re"/"Kontra" calls state it themselves.
    #[serde(default)]
    pub party: Option<Party>,
    #[serde(default)]
    pub simultaneous: bool,
    #[serde(default)]
    pub tricks_completed: Option<u8>,
    #[serde(default)]
    pub partnership_clear: Option<bool>,
}

/// One trick: the leader and the four cards in play order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrickInput {
    pub leader: Seat,
    pub cards: Vec<Card>,
}

/// Eyes per party (they must total 240).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EyesInput {
    pub re: u16,
    pub kontra: u16,
}

/// Tricks per party (they must total 12); only schwarz depends on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TricksWonInput {
    pub re: u8,
    pub kontra: u8,
}

/// The whole game as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameInput {
    /// "eppstein-2001" (default), "ddv", or a complete profile object.
    #[serde(default)]
    pub profile: Option<ProfileSpec>,
    /// The four players in seat order; default A, B, C, D.
    #[serde(default)]
    pub players: Option<Vec<Seat>>,
    pub kind: GameKind,
    /// The Re party of a normal game (or Hochzeit); derived from the ♣D when tricks are
    /// given, and from the soloist in a solo.
    #[serde(default)]
    pub re: Option<Vec<Seat>>,
    #[serde(default)]
    pub announcements: Vec<CallInput>,
    #[serde(default)]
    pub tricks: Option<Vec<TrickInput>>,
    #[serde(default)]
    pub eyes: Option<EyesInput>,
    #[serde(default)]
    pub tricks_won: Option<TricksWonInput>,
    /// Sonderpunkte events, only with `eyes` (with `tricks` they are computed).
    #[serde(default)]
    pub sonderpunkte: Vec<Sonderpunkt>,
}

/// The scored game, printed by `tdlog doko score --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ScoreOutput {
    pub profile: String,
    pub kind: GameKind,
    pub parties: BTreeMap<Seat, Party>,
    pub tally: Tally,
    pub value: GameValue,
    pub announcements: Vec<AnnouncementRecord>,
    pub sonderpunkte: Vec<Sonderpunkt>,
    /// Each seat's points for this game (the list delta).
    pub points: BTreeMap<Seat, i32>,
    /// Irregularities found (they do not change the score unless claimed and ruled).
    pub flags: Vec<String>,
}

fn parse_call(s: &str) -> Result<(Level, Option<Party>), DokoError> {
    let t: String = s
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_' && *c != '-')
        .collect();
    Ok(match t.as_str() {
        "re" => (Level::Ansage, Some(Party::Re)),
        "kontra" | "contra" => (Level::Ansage, Some(Party::Kontra)),
        "keine90" | "k90" => (Level::Keine90, None),
        "keine60" | "k60" => (Level::Keine60, None),
        "keine30" | "k30" => (Level::Keine30, None),
        "schwarz" => (Level::Schwarz, None),
        _ => {
            return Err(DokoError::Announcement(format!(
                "5: unknown announcement {s:?} (Re, Kontra, keine 90, keine 60, keine 30, schwarz)"
            )))
        }
    })
}

/// Parse and score a JSON game description.
pub fn score_json(json: &str) -> Result<ScoreOutput, DokoError> {
    let g: GameInput = serde_json::from_str(json).map_err(|e| DokoError::Input(e.to_string()))?;
    score(&g)
}

/// Score a game description.
pub fn score(g: &GameInput) -> Result<ScoreOutput, DokoError> {
    let profile: Profile = match &g.profile {
        Some(p) => p.resolve()?,
        None => Profile::default(),
    };
    let players: Vec<Seat> = g
        .players
        .clone()
        .unwrap_or_else(|| vec![Seat::A, Seat::B, Seat::C, Seat::D]);
    let set: BTreeSet<Seat> = players.iter().copied().collect();
    if players.len() != 4 || set.len() != 4 {
        return Err(DokoError::Input(
            "1.1: a game has exactly four different players".into(),
        ));
    }
    let at_table = |s: Seat| -> Result<(), DokoError> {
        if set.contains(&s) {
            Ok(())
        } else {
            Err(DokoError::NotAtTable {
                seat: s.to_string(),
            })
        }
    };
    for s in kind_seats(&g.kind) {
        at_table(s)?;
    }
    for a in &g.announcements {
        at_table(a.seat)?;
    }
    let mut flags = Vec::new();
    let rk = Ranking::new(g.kind.game_type(), profile.farbsolo_style);
    // Tricks with cards, if given.
    let tricks: Option<Vec<CompletedTrick>> = match &g.tricks {
        Some(ts) => Some(build_tricks(ts, &players, &rk, &profile, &mut flags)?),
        None => None,
    };
    // With tricks, a Hochzeit's Klärungsstich can be read off them (§3.5.3, default condition).
    let mut kind = g.kind;
    if let (
        Some(ts),
        GameKind::Hochzeit {
            hochzeiter,
            partner,
            klaerungsstich,
        },
    ) = (&tricks, g.kind)
    {
        let w = profile.hochzeit_window;
        let found = ts.iter().take(w as usize).enumerate().find_map(|(i, t)| {
            t.winner()
                .filter(|&x| x != hochzeiter)
                .map(|x| (x, i as u8 + 1))
        });
        let (p, k) = match found {
            Some((x, k)) => (Some(x), k),
            None => (None, w),
        };
        if klaerungsstich.is_none() && partner.is_none() {
            kind = GameKind::Hochzeit {
                hochzeiter,
                partner: p,
                klaerungsstich: Some(k),
            };
        } else if (partner, klaerungsstich) != (p, Some(k)) {
            flags.push(format!(
                "3.5.3: the tricks make trick {k} the Klärungsstich with partner {p:?}, not as given"
            ));
        }
    }
    if let GameKind::StilleHochzeit { soloist } = kind {
        if let Some(ts) = &tricks {
            let n = ts
                .iter()
                .flat_map(|t| t.plays.iter())
                .filter(|p| p.seat == soloist && p.card == Card::KREUZ_DAME)
                .count();
            if n != 2 {
                flags.push(format!(
                    "3.5.5: {soloist} played {n} ♣D; a stille Hochzeit needs both"
                ));
            }
        }
    }
    if let GameKind::Hochzeit {
        hochzeiter,
        partner,
        klaerungsstich,
    } = kind
    {
        let w = profile.hochzeit_window;
        let ok = match (partner, klaerungsstich) {
            (Some(p), Some(k)) => p != hochzeiter && (1..=w).contains(&k),
            (None, Some(k)) => k == w,
            (_, None) => false,
        };
        if !ok {
            return Err(DokoError::Determination(format!(
                "3.5.3: a Hochzeit needs its Klärungsstich (1..={w}) and a partner other than the Hochzeiter, or no partner with trick {w}"
            )));
        }
    }
    // Parties.
    let re: BTreeSet<Seat> = if let Some(s) = kind.soloist() {
        if g.re.as_ref().is_some_and(|r| r.as_slice() != [s]) {
            return Err(DokoError::Parties(format!(
                "1.4.6: in a solo the soloist {s} alone is Re"
            )));
        }
        [s].into_iter().collect()
    } else if let Some(r) = &g.re {
        r.iter().copied().collect()
    } else if let GameKind::Hochzeit {
        hochzeiter,
        partner: Some(p),
        ..
    } = kind
    {
        [hochzeiter, p].into_iter().collect()
    } else if let Some(ts) = &tricks {
        ts.iter()
            .flat_map(|t| t.plays.iter())
            .filter(|p| p.card == Card::KREUZ_DAME)
            .map(|p| p.seat)
            .collect()
    } else {
        return Err(DokoError::Parties(
            "1.4.4: give \"re\" (the two ♣D players) or the tricks with their cards".into(),
        ));
    };
    for s in &re {
        at_table(*s)?;
    }
    let want = if kind.soloist().is_some() { 1 } else { 2 };
    if re.len() != want {
        return Err(DokoError::Parties(format!(
            "1.4: the Re party of this game has {want} player(s), not {}",
            re.len()
        )));
    }
    let parties: BTreeMap<Seat, Party> = players
        .iter()
        .map(|&s| {
            (
                s,
                if re.contains(&s) {
                    Party::Re
                } else {
                    Party::Kontra
                },
            )
        })
        .collect();
    // Eyes, tricks and Sonderpunkte.
    let (tally, sp) = match (&tricks, g.eyes) {
        (Some(_), Some(_)) => {
            return Err(DokoError::Input(
                "give either \"tricks\" or \"eyes\", not both".into(),
            ))
        }
        (Some(ts), None) => {
            if !g.sonderpunkte.is_empty() {
                return Err(DokoError::Input(
                    "6.2.3: with tricks the Sonderpunkte are computed; do not list them".into(),
                ));
            }
            let mut t = Tally {
                re_eyes: 0,
                kontra_eyes: 0,
                re_tricks: 0,
                kontra_tricks: 0,
            };
            for tr in ts {
                if tr.winner().and_then(|s| parties.get(&s)) == Some(&Party::Re) {
                    t.re_eyes += tr.eyes();
                    t.re_tricks += 1;
                } else {
                    t.kontra_eyes += tr.eyes();
                    t.kontra_tricks += 1;
                }
            }
            let t = Tally::new(t.re_eyes, t.kontra_eyes, t.re_tricks, t.kontra_tricks)?;
            (
                t,
                sonderpunkte::from_tricks(ts, &parties, &profile.special_points),
            )
        }
        (None, Some(e)) => {
            let (rt, kt) = match g.tricks_won {
                Some(tw) => {
                    if u16::from(tw.re) + u16::from(tw.kontra) != 12 {
                        return Err(DokoError::Input(
                            "4.4.1: the tricks of both parties must total 12".into(),
                        ));
                    }
                    (tw.re, tw.kontra)
                }
                None if e.re == 0 => (0, 12),
                None if e.kontra == 0 => (12, 0),
                None => (6, 6),
            };
            if (rt == 0 && e.re > 0) || (kt == 0 && e.kontra > 0) {
                return Err(DokoError::Input(
                    "4.4: a party without tricks has no eyes".into(),
                ));
            }
            (Tally::new(e.re, e.kontra, rt, kt)?, g.sonderpunkte.clone())
        }
        (None, None) => {
            return Err(DokoError::Input(
                "give the tricks with their cards, or the eyes per party".into(),
            ))
        }
    };
    // Announcements.
    let mut inputs = Vec::new();
    for a in &g.announcements {
        let (level, stated) = parse_call(&a.call)?;
        if a.cards_in_hand > 12 {
            return Err(DokoError::Announcement(format!(
                "5.4.1: {} cannot hold {} cards",
                a.seat, a.cards_in_hand
            )));
        }
        inputs.push(AnnouncementInput {
            seat: a.seat,
            level,
            cards_in_hand: a.cards_in_hand,
            stated_party: stated.or(a.party),
            simultaneous: a.simultaneous,
            tricks_completed: a.tricks_completed.unwrap_or(12 - a.cards_in_hand.min(12)),
            partnership_clear: a.partnership_clear,
            void: false,
        });
    }
    let mut ctx = AnnounceContext::plain(&profile);
    if let GameKind::Hochzeit { klaerungsstich, .. } = kind {
        ctx.shift = kind.announcement_shift();
        ctx.earliest_after_tricks = klaerungsstich;
    }
    let solo = kind.scored_as_solo();
    let sum = announce::evaluate(&inputs, &parties, solo, &ctx);
    for r in &sum.records {
        if !r.legal {
            flags.push(format!("{} {:?}: {:?}", r.seat, r.level, r.issues));
        }
    }
    let scored = value::credit(
        &parties,
        kind.soloist(),
        &tally,
        &sum.re,
        &sum.kontra,
        sp,
        &profile,
    );
    Ok(ScoreOutput {
        profile: profile.name.clone(),
        kind,
        parties,
        tally,
        value: scored.value,
        announcements: sum.records,
        sonderpunkte: scored.sonderpunkte,
        points: scored.points,
        flags,
    })
}

fn kind_seats(k: &GameKind) -> Vec<Seat> {
    match *k {
        GameKind::Normal => vec![],
        GameKind::Hochzeit {
            hochzeiter,
            partner,
            ..
        } => [Some(hochzeiter), partner].into_iter().flatten().collect(),
        GameKind::StilleHochzeit { soloist }
        | GameKind::Pflichtsolo { soloist, .. }
        | GameKind::Lustsolo { soloist, .. } => vec![soloist],
    }
}

/// Build and check the tricks: 12 of four cards, clockwise from the leader, no card
/// more than twice (§1.2.1, §4.4.1). Leads out of turn are flagged, not refused.
fn build_tricks(
    ts: &[TrickInput],
    players: &[Seat],
    rk: &Ranking,
    profile: &Profile,
    flags: &mut Vec<String>,
) -> Result<Vec<CompletedTrick>, DokoError> {
    if ts.len() > 12 {
        return Err(DokoError::TooManyTricks(ts.len()));
    }
    if ts.len() != 12 {
        return Err(DokoError::Input(format!(
            "4.3.1: a game is played out; {} tricks given, 12 expected",
            ts.len()
        )));
    }
    let mut seen: BTreeMap<Card, usize> = BTreeMap::new();
    let mut out: Vec<CompletedTrick> = Vec::new();
    for (i, t) in ts.iter().enumerate() {
        if t.cards.len() != 4 {
            return Err(DokoError::BadTrick(format!(
                "trick {} has {} cards",
                i + 1,
                t.cards.len()
            )));
        }
        let start =
            players
                .iter()
                .position(|&s| s == t.leader)
                .ok_or_else(|| DokoError::NotAtTable {
                    seat: t.leader.to_string(),
                })?;
        if let Some(prev) = out.last().and_then(|p| p.winner()) {
            if prev != t.leader {
                flags.push(format!(
                    "4.1.2: trick {} led by {} but {} won trick {}",
                    i + 1,
                    t.leader,
                    prev,
                    i
                ));
            }
        }
        let mut plays = Vec::new();
        for (k, &card) in t.cards.iter().enumerate() {
            let n = seen.entry(card).or_insert(0);
            *n += 1;
            if *n > 2 {
                return Err(DokoError::CardPlayedThrice {
                    card: card.to_string(),
                });
            }
            plays.push(Play {
                seat: players[(start + k) % 4],
                card,
            });
        }
        let winner_index = trick::winning_index(&plays, rk, profile.h10_second_beats_first);
        out.push(CompletedTrick {
            plays,
            winner_index,
        });
    }
    // The hand of a seat at trick n is every card it plays from trick n on, so a revoke
    // is visible: a card off the led class while a later card of that class is played.
    for (i, t) in out.iter().enumerate() {
        let Some(lead) = t.plays.first() else {
            continue;
        };
        let led = rk.class(lead.card);
        for p in t.plays.iter().skip(1) {
            if rk.class(p.card) == led {
                continue;
            }
            let later = out[i + 1..]
                .iter()
                .flat_map(|u| u.plays.iter())
                .any(|q| q.seat == p.seat && rk.class(q.card) == led);
            if later {
                flags.push(format!(
                    "4.2.4: {} did not follow {:?} in trick {} (Nichtbedienen)",
                    p.seat,
                    led,
                    i + 1
                ));
            }
        }
    }
    Ok(out)
}
