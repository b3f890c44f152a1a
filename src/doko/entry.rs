//! A game entered as a club writes its Spielliste (§6.3): no cards, the result. The parties
//! (or the soloist and the solo type, a Hochzeit and its partner), the Re eyes (Kontra has
//! the rest), every announcement with who made it, the Sonderpunkte the profile allows, or a
//! Schmeißen / redeal. It is checked against the rules and the round (an impossible
//! combination is refused with its §) and scored by [`input::score`], i.e. by the same
//! `value::credit` as a game played card by card, so both kinds mix in one list.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::announce::Level;
use super::error::DokoError;
use super::game_type::GameKind;
use super::input::{self, CallInput, EyesInput, GameInput, ProfileSpec, TricksWonInput};
use super::profile::Profile;
use super::round::{DealResult, GameRecord, NextDeal, RoundState, TableConfig};
use super::seat::{Party, Players, Seat};
use super::sonderpunkte::{Sonderpunkt, SonderpunktKind};

/// One announcement or Absage as the list notes it: who said it and how far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListCall {
    pub seat: Seat,
    /// `Ansage` is the player's "Re" or "Kontra"; the Absagen name their level.
    pub level: Level,
}

/// A played game as the list notes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListGame {
    /// Who dealt; the rotation's dealer when absent.
    #[serde(default)]
    pub dealer: Option<Seat>,
    pub kind: GameKind,
    /// The two Re players of a normal game (the ♣D); solos and a Hochzeit with its
    /// partner name their own Re party.
    #[serde(default)]
    pub re: Vec<Seat>,
    /// Eyes of the Re party; Kontra has the rest of 240 (§1.2.2).
    pub re_eyes: u16,
    /// Tricks Re took, where schwarz depends on it (default: none with 0 eyes, all with
    /// 240, else some for both).
    #[serde(default)]
    pub re_tricks: Option<u8>,
    #[serde(default)]
    pub calls: Vec<ListCall>,
    #[serde(default)]
    pub sonderpunkte: Vec<Sonderpunkt>,
}

/// A line of the Spielliste: a game, or a deal that was not played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "entry")]
pub enum ListEntry {
    Game(ListGame),
    /// §3.4.3: thrown in; the same dealer deals again.
    Schmeissen {
        #[serde(default)]
        dealer: Option<Seat>,
        schmeisser: Seat,
    },
    /// §2.2.8/§2.2.9: a misdeal noticed in time; dealt again, no game used.
    Redeal {
        #[serde(default)]
        dealer: Option<Seat>,
    },
}

impl ListEntry {
    /// The dealer written on the entry, if any.
    pub fn dealer(&self) -> Option<Seat> {
        match self {
            ListEntry::Game(g) => g.dealer,
            ListEntry::Schmeissen { dealer, .. } | ListEntry::Redeal { dealer } => *dealer,
        }
    }
}

/// Where the round stands before this entry.
pub struct RoundContext<'a> {
    pub state: &'a RoundState,
    pub next: &'a NextDeal,
    pub table: TableConfig,
    pub profile: &'a Profile,
}

impl RoundContext<'_> {
    /// The dealer the round expects (`None` once it is over).
    pub fn dealer(&self) -> Option<Seat> {
        match self.next {
            NextDeal::Deal { dealer, .. } | NextDeal::Replacement { dealer, .. } => Some(*dealer),
            NextDeal::RoundOver => None,
        }
    }

    /// The player the round forces to a vorgeführt Pflichtsolo (§3.2.3).
    pub fn vorgefuehrt(&self) -> Option<Seat> {
        match self.next {
            NextDeal::Deal { vorgefuehrt, .. } => *vorgefuehrt,
            _ => None,
        }
    }
}

/// The entry's dealer: as written, else the rotation's; none once the round is over.
fn dealer_of(e: &ListEntry, ctx: &RoundContext) -> Result<Seat, DokoError> {
    if let Some(d) = e.dealer() {
        if d.index() >= ctx.table.size as usize {
            return Err(DokoError::BadSeat(d.to_string()));
        }
        return Ok(d);
    }
    ctx.dealer().ok_or_else(|| {
        DokoError::Round(format!(
            "7.4.1: the round's {} games are complete; no further game is dealt",
            ctx.state.games_in_round
        ))
    })
}

/// Check the entry against the rules and the round, score it, and give the round's record.
pub fn record(e: &ListEntry, ctx: &RoundContext) -> Result<GameRecord, DokoError> {
    if matches!(ctx.next, NextDeal::RoundOver) {
        return Err(DokoError::Round(format!(
            "7.4.1: the round's {} games are complete; no further game is dealt",
            ctx.state.games_in_round
        )));
    }
    let dealer = dealer_of(e, ctx)?;
    let players = Players::for_dealer(dealer, ctx.table.size);
    let replaces = match ctx.next {
        NextDeal::Replacement { replaces, .. } => Some(*replaces),
        _ => None,
    };
    let nobody = || players.iter().map(|s| (s, 0)).collect::<BTreeMap<_, _>>();
    let g = match e {
        ListEntry::Redeal { .. } => {
            return Ok(GameRecord {
                dealer,
                result: DealResult::Redeal,
                value: 0,
                points: nobody(),
                penalties: vec![],
                struck: false,
                replaces: None,
            })
        }
        ListEntry::Schmeissen { schmeisser, .. } => {
            if ctx.profile.schmeissen.is_none() {
                return Err(DokoError::Determination(format!(
                    "3.4: the profile {} has no Schmeißen",
                    ctx.profile.name
                )));
            }
            if !players.contains(*schmeisser) {
                return Err(DokoError::NotAtTable {
                    seat: schmeisser.to_string(),
                });
            }
            return Ok(GameRecord {
                dealer,
                result: DealResult::Schmeissen {
                    schmeisser: *schmeisser,
                    valid: true,
                },
                value: 0,
                points: nobody(),
                penalties: vec![],
                struck: false,
                replaces: None,
            });
        }
        ListEntry::Game(g) => g,
    };
    check_solo_duty(g, ctx)?;
    let out = score(g, players, ctx.profile)?;
    Ok(GameRecord {
        dealer,
        result: DealResult::Played { kind: out.kind },
        value: out.value.value,
        points: out.points,
        penalties: vec![],
        struck: false,
        replaces,
    })
}

/// §3.2, §3.3.1, §3.2.3: who may play which solo now.
fn check_solo_duty(g: &ListGame, ctx: &RoundContext) -> Result<(), DokoError> {
    let owes = |s: Seat| ctx.state.owes_pflichtsolo.contains(&s);
    match (g.kind, ctx.vorgefuehrt()) {
        (
            GameKind::Pflichtsolo {
                soloist,
                vorgefuehrt: true,
                ..
            },
            Some(v),
        ) if soloist == v => Ok(()),
        (_, Some(v)) => Err(DokoError::Determination(format!(
            "3.2.3: the round makes {v} play a vorgeführt Pflichtsolo now (no other game, no other soloist)"
        ))),
        (
            GameKind::Pflichtsolo {
                vorgefuehrt: true, ..
            },
            None,
        ) => Err(DokoError::Determination(
            "3.2.3: no Pflichtsolo is vorgeführt at this point of the round".into(),
        )),
        (GameKind::Pflichtsolo { soloist, .. }, None) if !owes(soloist) => {
            Err(DokoError::Determination(format!(
                "3.3.1: {soloist} has played his Pflichtsolo; a further solo is a Lustsolo"
            )))
        }
        (GameKind::Lustsolo { soloist, .. }, None) if owes(soloist) => {
            Err(DokoError::Determination(format!(
                "3.3.1: {soloist} still owes his Pflichtsolo; a Lustsolo only after it"
            )))
        }
        _ => Ok(()),
    }
}

/// Check the result itself and score it with the engine.
pub fn score(
    g: &ListGame,
    players: Players,
    profile: &Profile,
) -> Result<input::ScoreOutput, DokoError> {
    let seat_ok = |s: Seat| {
        if players.contains(s) {
            Ok(())
        } else {
            Err(DokoError::NotAtTable {
                seat: s.to_string(),
            })
        }
    };
    if g.re_eyes > 240 {
        return Err(DokoError::EyesTotal(u32::from(g.re_eyes)));
    }
    let normal = matches!(g.kind, GameKind::Normal);
    if !normal && !g.re.is_empty() {
        let own = match g.kind {
            GameKind::Hochzeit {
                hochzeiter,
                partner: Some(p),
                ..
            } => vec![hochzeiter, p],
            k => k.soloist().into_iter().collect(),
        };
        let mut given = g.re.clone();
        given.sort();
        let mut own = own;
        own.sort();
        if given != own {
            return Err(DokoError::Parties(
                "1.4.6: a solo's or Hochzeit's Re party follows from the game; do not name another"
                    .into(),
            ));
        }
    }
    if normal {
        let mut re = g.re.clone();
        re.sort();
        re.dedup();
        if re.len() != 2 {
            return Err(DokoError::Parties(
                "1.4.4: a normal game has two Re players (the ♣D)".into(),
            ));
        }
    }
    for s in &g.re {
        seat_ok(*s)?;
    }
    let parties: BTreeMap<Seat, Party> = {
        let re: Vec<Seat> = match g.kind {
            GameKind::Normal => g.re.clone(),
            GameKind::Hochzeit {
                hochzeiter,
                partner,
                ..
            } => [Some(hochzeiter), partner].into_iter().flatten().collect(),
            k => k.soloist().into_iter().collect(),
        };
        players
            .iter()
            .map(|s| {
                let p = if re.contains(&s) {
                    Party::Re
                } else {
                    Party::Kontra
                };
                (s, p)
            })
            .collect()
    };
    check_sonderpunkte(g, profile)?;
    // The Hochzeit's announcements come after its Klärungsstich (§5.5.2).
    let after = match g.kind {
        GameKind::Hochzeit { klaerungsstich, .. } => klaerungsstich.unwrap_or(0),
        _ => 0,
    };
    let mut calls = Vec::new();
    for c in &g.calls {
        seat_ok(c.seat)?;
        let party = parties.get(&c.seat).copied().unwrap_or(Party::Kontra);
        let call = match (c.level, party) {
            (Level::Ansage, Party::Re) => "Re",
            (Level::Ansage, Party::Kontra) => "Kontra",
            (Level::Keine90, _) => "keine 90",
            (Level::Keine60, _) => "keine 60",
            (Level::Keine30, _) => "keine 30",
            (Level::Schwarz, _) => "schwarz",
        };
        calls.push(CallInput {
            seat: c.seat,
            call: call.into(),
            cards_in_hand: 12 - after.min(12),
            party: Some(party),
            simultaneous: false,
            tricks_completed: Some(after),
            partnership_clear: None,
        });
    }
    let kontra_eyes = 240 - g.re_eyes;
    let tricks_won = g.re_tricks.map(|re| TricksWonInput {
        re,
        kontra: 12u8.saturating_sub(re),
    });
    if let Some(t) = g.re_tricks {
        if t > 12 {
            return Err(DokoError::TooManyTricks(usize::from(t)));
        }
    }
    let inp = GameInput {
        profile: Some(ProfileSpec::Full(Box::new(profile.clone()))),
        players: Some(players.0.to_vec()),
        kind: g.kind,
        re: if normal { Some(g.re.clone()) } else { None },
        announcements: calls,
        tricks: None,
        eyes: Some(EyesInput {
            re: g.re_eyes,
            kontra: kontra_eyes,
        }),
        tricks_won,
        sonderpunkte: g.sonderpunkte.clone(),
    };
    let out = input::score(&inp)?;
    for r in &out.announcements {
        if !r.legal || !r.counted {
            return Err(DokoError::Announcement(format!(
                "5: {} {:?} is not a valid announcement here ({:?})",
                r.seat, r.level, r.issues
            )));
        }
    }
    Ok(out)
}

/// §6.2.3: Sonderpunkte only in a normal game, only the kinds the profile has, and no more
/// than the cards allow.
fn check_sonderpunkte(g: &ListGame, profile: &Profile) -> Result<(), DokoError> {
    if g.sonderpunkte.is_empty() {
        return Ok(());
    }
    if g.kind.scored_as_solo() {
        return Err(DokoError::SpecialPoints(
            "Sonderpunkte exist in normal games only, not in a solo".into(),
        ));
    }
    let sp = &profile.special_points;
    let count = |k: SonderpunktKind| g.sonderpunkte.iter().filter(|s| s.kind == k).count();
    for s in &g.sonderpunkte {
        let allowed = match s.kind {
            SonderpunktKind::Doppelkopf => sp.doppelkopf,
            SonderpunktKind::FuchsGefangen => sp.fuchs_gefangen,
            SonderpunktKind::KarlchenLetzterStich => sp.karlchen_letzter_stich,
            SonderpunktKind::FuchsLetzterStich => sp.fuchs_letzter_stich,
            SonderpunktKind::GegenDieKreuzDamen => {
                return Err(DokoError::SpecialPoints(
                    "\"gegen die Kreuz-Damen\" follows from the winner; do not enter it".into(),
                ))
            }
        };
        if !allowed {
            return Err(DokoError::SpecialPoints(format!(
                "the profile {} has no Sonderpunkt {:?}",
                profile.name, s.kind
            )));
        }
    }
    if count(SonderpunktKind::FuchsGefangen) > 2 {
        return Err(DokoError::SpecialPoints(
            "there are two Füchse (♦A); at most two can be caught".into(),
        ));
    }
    let last =
        count(SonderpunktKind::KarlchenLetzterStich) + count(SonderpunktKind::FuchsLetzterStich);
    if last > 1 {
        return Err(DokoError::SpecialPoints(
            "only one card wins the last trick (Karlchen or Fuchs, once)".into(),
        ));
    }
    let re_tricks = g.re_tricks;
    for party in [Party::Re, Party::Kontra] {
        let eyes = if party == Party::Re {
            g.re_eyes
        } else {
            240 - g.re_eyes
        };
        let dk = g
            .sonderpunkte
            .iter()
            .filter(|s| s.kind == SonderpunktKind::Doppelkopf && s.party == party)
            .count();
        if dk as u32 * u32::from(sp.doppelkopf_min_eyes) > u32::from(eyes) {
            return Err(DokoError::SpecialPoints(format!(
                "{party:?} has {eyes} eyes, too few for {dk} Doppelkopf tricks of {} eyes",
                sp.doppelkopf_min_eyes
            )));
        }
        let tricks = re_tricks.map(|t| {
            if party == Party::Re {
                t
            } else {
                12 - t.min(12)
            }
        });
        let took_none = tricks == Some(0) || (tricks.is_none() && eyes == 0);
        let won_trick = g.sonderpunkte.iter().any(|s| {
            s.party == party
                && matches!(
                    s.kind,
                    SonderpunktKind::Doppelkopf
                        | SonderpunktKind::FuchsGefangen
                        | SonderpunktKind::KarlchenLetzterStich
                        | SonderpunktKind::FuchsLetzterStich
                )
        });
        if took_none && won_trick {
            return Err(DokoError::SpecialPoints(format!(
                "{party:?} took no trick and cannot earn a Sonderpunkt for one"
            )));
        }
    }
    Ok(())
}
