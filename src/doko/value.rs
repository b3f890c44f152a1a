//! Who won (§6.1) and what the game is worth (§6.2), per the profile's scoring model.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::announce::PartyCalls;
use super::error::DokoError;
use super::profile::{ListMode, Profile, ScoringModel};
use super::seat::{Party, Seat};
use super::sonderpunkte::{Sonderpunkt, SonderpunktKind};

/// Eyes and tricks of each party at the end of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Tally {
    pub re_eyes: u16,
    pub kontra_eyes: u16,
    pub re_tricks: u8,
    pub kontra_tricks: u8,
}

impl Tally {
    /// A tally whose eyes must total 240 (§1.2.2); tricks are only used for schwarz.
    pub fn new(
        re_eyes: u16,
        kontra_eyes: u16,
        re_tricks: u8,
        kontra_tricks: u8,
    ) -> Result<Tally, DokoError> {
        if u32::from(re_eyes) + u32::from(kontra_eyes) != 240 {
            return Err(DokoError::EyesTotal(
                u32::from(re_eyes) + u32::from(kontra_eyes),
            ));
        }
        Ok(Tally {
            re_eyes,
            kontra_eyes,
            re_tricks,
            kontra_tricks,
        })
    }

    pub fn eyes(&self, p: Party) -> u16 {
        match p {
            Party::Re => self.re_eyes,
            Party::Kontra => self.kontra_eyes,
        }
    }

    pub fn tricks(&self, p: Party) -> u8 {
        match p {
            Party::Re => self.re_tricks,
            Party::Kontra => self.kontra_tricks,
        }
    }
}

/// §6.1: does party `p` win? Its own Absage sets its target, else the opponents' Absage
/// sets a lower one (A9 applies this to schwarz too), else 121/120 by who announced.
pub fn wins(p: Party, t: &Tally, re: &PartyCalls, kontra: &PartyCalls) -> bool {
    let (own, opp) = match p {
        Party::Re => (re, kontra),
        Party::Kontra => (kontra, re),
    };
    let e = t.eyes(p);
    if let Some(l) = own.highest() {
        return match l.eyes_threshold() {
            Some(th) => e > 240 - th, // 151 / 181 / 211
            None => t.tricks(p.other()) == 0,
        };
    }
    if let Some(l) = opp.highest() {
        return match l.eyes_threshold() {
            Some(th) => e >= th,
            None => t.tricks(p) >= 1,
        };
    }
    let only_kontra = kontra.announced && !re.announced;
    match p {
        Party::Re => e >= if only_kontra { 120 } else { 121 },
        Party::Kontra => e >= if only_kontra { 121 } else { 120 },
    }
}

/// §6.1.4: the winner, or `None` when both parties missed their Absage targets.
pub fn winner(t: &Tally, re: &PartyCalls, kontra: &PartyCalls) -> Option<Party> {
    match (
        wins(Party::Re, t, re, kontra),
        wins(Party::Kontra, t, re, kontra),
    ) {
        (true, false) => Some(Party::Re),
        (false, true) => Some(Party::Kontra),
        _ => None,
    }
}

/// The (a) items a party earned against `loser` (§6.2.2(a) without "gewonnen").
fn unter_items(t: &Tally, loser: Party) -> u32 {
    let e = t.eyes(loser);
    u32::from(e < 90) + u32::from(e < 60) + u32::from(e < 30) + u32::from(t.tricks(loser) == 0)
}

/// DDV 7.2.2: +1 for each opponent Absage whose target the party reached (120 against
/// keine 90, 90 against keine 60, 60 against keine 30, 30 against schwarz).
fn reached_against(t: &Tally, p: Party, opp: &PartyCalls) -> u32 {
    let e = t.eyes(p);
    [120, 90, 60, 30]
        .iter()
        .take(opp.absagen as usize)
        .filter(|&&th| e >= th)
        .count() as u32
}

/// The computed value of a game, with its parts so that a report can explain it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameValue {
    pub winner: Option<Party>,
    /// (a) items including "gewonnen" (and "gegen die Kreuz Damen" where counted there).
    pub base: u32,
    /// (b): Absage levels in force, both parties (A10).
    pub absagen: u32,
    /// (c): 1, 2 or 4 (Eppstein); 1 in the additive model.
    pub multiplier: u32,
    /// DDV only: +2 per Re/Kontra and the levels reached against Absagen.
    pub additive: u32,
    /// Points of this game for each winner (before Sonderpunkte and the solo factor).
    pub value: u32,
    /// No winner (§6.1.4): the points each party earned anyway.
    pub no_winner_re: u32,
    pub no_winner_kontra: u32,
}

/// §6.2: the value of a game. `solo` drops the Kreuz-Damen point unless the profile
/// says otherwise (A7).
pub fn game_value(
    t: &Tally,
    re: &PartyCalls,
    kontra: &PartyCalls,
    solo: bool,
    profile: &Profile,
) -> GameValue {
    let w = winner(t, re, kontra);
    let absagen = u32::from(re.absagen) + u32::from(kontra.absagen);
    let mult = match profile.scoring_model {
        ScoringModel::MultiplicativeReKontra => {
            (if re.announced { 2 } else { 1 }) * (if kontra.announced { 2 } else { 1 })
        }
        ScoringModel::AdditiveDdv => 1,
    };
    let calls = |p: Party| if p == Party::Re { re } else { kontra };
    let mut gv = GameValue {
        winner: w,
        base: 0,
        absagen,
        multiplier: mult,
        additive: 0,
        value: 0,
        no_winner_re: 0,
        no_winner_kontra: 0,
    };
    match w {
        Some(win) => {
            let kd = win == Party::Kontra
                && profile.against_club_queens_in_value
                && (!solo || profile.against_club_queens_in_solo);
            gv.base = 1 + u32::from(kd) + unter_items(t, win.other());
            if profile.scoring_model == ScoringModel::AdditiveDdv {
                gv.additive = 2 * u32::from(re.announced)
                    + 2 * u32::from(kontra.announced)
                    + reached_against(t, win, calls(win.other()));
            }
            gv.value = (gv.base + gv.absagen + gv.additive) * mult;
        }
        None => {
            let nw_mult = if profile.no_winner_multiplier {
                mult
            } else {
                1
            };
            let items = |p: Party| {
                let mut n = unter_items(t, p.other());
                if profile.scoring_model == ScoringModel::AdditiveDdv {
                    n += reached_against(t, p, calls(p.other()));
                }
                n * nw_mult
            };
            gv.no_winner_re = items(Party::Re);
            gv.no_winner_kontra = items(Party::Kontra);
        }
    }
    gv
}

/// Each seat's list entry for one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameScore {
    pub value: GameValue,
    pub sonderpunkte: Vec<Sonderpunkt>,
    pub sonderpunkte_re: u32,
    pub sonderpunkte_kontra: u32,
    /// The list delta of every player of the game.
    pub points: BTreeMap<Seat, i32>,
}

/// §6.2.2–6.2.4: credit the value to the seats. `soloist` is `Some` for any game scored as
/// a solo; Sonderpunkte are ignored there (§6.2.4).
pub fn credit(
    parties: &BTreeMap<Seat, Party>,
    soloist: Option<Seat>,
    t: &Tally,
    re: &PartyCalls,
    kontra: &PartyCalls,
    sonderpunkte: Vec<Sonderpunkt>,
    profile: &Profile,
) -> GameScore {
    let solo = soloist.is_some();
    let value = game_value(t, re, kontra, solo, profile);
    let mut sp: Vec<Sonderpunkt> = if solo { vec![] } else { sonderpunkte };
    if !solo && profile.special_points.gegen_die_kreuz_damen && value.winner == Some(Party::Kontra)
    {
        sp.push(Sonderpunkt {
            kind: SonderpunktKind::GegenDieKreuzDamen,
            party: Party::Kontra,
            trick: None,
        });
    }
    let sp_of = |p: Party| sp.iter().filter(|s| s.party == p).count() as u32;
    let (sp_re, sp_k) = (sp_of(Party::Re), sp_of(Party::Kontra));
    // Raw, un-netted credit of each party.
    let won = |p: Party| {
        if value.winner == Some(p) {
            value.value
        } else {
            0
        }
    };
    let nw = |p: Party| match p {
        Party::Re => value.no_winner_re,
        Party::Kontra => value.no_winner_kontra,
    };
    let raw_re = (won(Party::Re) + nw(Party::Re)) as i64;
    let raw_k = (won(Party::Kontra) + nw(Party::Kontra)) as i64;
    let netting = profile.sonderpunkte_netting || profile.list_mode == ListMode::PlusMinus;
    let (credit_re, credit_k): (i64, i64) = if netting {
        let net = raw_re + sp_re as i64 - raw_k - sp_k as i64;
        match profile.list_mode {
            ListMode::PlusMinus => (net, -net),
            ListMode::PlusOnly => (net.max(0), (-net).max(0)),
        }
    } else {
        (raw_re + sp_re as i64, raw_k + sp_k as i64)
    };
    let factor = i64::from(profile.solo_factor);
    let mut points = BTreeMap::new();
    for (&seat, &party) in parties {
        let pts = match (party, soloist) {
            (Party::Re, Some(_)) => credit_re * factor,
            (Party::Re, None) => credit_re,
            (Party::Kontra, _) => credit_k,
        };
        points.insert(seat, pts as i32);
    }
    GameScore {
        value,
        sonderpunkte: sp,
        sonderpunkte_re: sp_re,
        sonderpunkte_kontra: sp_k,
        points,
    }
}

/// Used by §8.5: has a party already won on completed tricks alone? Checked by giving
/// every outstanding eye and trick to the other party (the worst case for `p`).
pub fn already_won(
    re_eyes: u16,
    kontra_eyes: u16,
    re_tricks: u8,
    kontra_tricks: u8,
    re: &PartyCalls,
    kontra: &PartyCalls,
) -> Option<Party> {
    let rest_eyes = 240u16.saturating_sub(re_eyes + kontra_eyes);
    let rest_tricks = 12u8.saturating_sub(re_tricks + kontra_tricks);
    let worst_for_re = Tally {
        re_eyes,
        kontra_eyes: kontra_eyes + rest_eyes,
        re_tricks,
        kontra_tricks: kontra_tricks + rest_tricks,
    };
    let worst_for_k = Tally {
        re_eyes: re_eyes + rest_eyes,
        kontra_eyes,
        re_tricks: re_tricks + rest_tricks,
        kontra_tricks,
    };
    if winner(&worst_for_re, re, kontra) == Some(Party::Re) {
        Some(Party::Re)
    } else if winner(&worst_for_k, re, kontra) == Some(Party::Kontra) {
        Some(Party::Kontra)
    } else {
        None
    }
}
