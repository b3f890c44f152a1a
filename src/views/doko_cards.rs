//! The card-by-card form of a table's game in the app (issue 16): which game the next
//! typed lines go to, who deals and plays it, the tricks so far and what each player still
//! holds, folded by the engine exactly as the table's list folds it.
use serde::Serialize;

use crate::doko::claim::{ClaimStatus, RulingStage};
use crate::doko::game::{Game, GameSetup};
use crate::doko::penalty::Classification;
use crate::doko::seat::Seat;
use crate::doko::tables::DokoTables;
use crate::doko::violation::{Violation, ViolationKind};
use crate::events::DokoGameRef;
use crate::i18n::{doko_refusal, Lang};

/// One trick as the form shows it: the cards in play order, "A ♦K", and who won it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TrickView {
    pub plays: Vec<String>,
    pub winner: Option<String>,
}

/// The game the form records: a new game (its setup as the round deals it; the deal comes
/// first) or the game in progress.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardGameView {
    pub game: u32,
    /// The game is on the log and not finished: the form goes on with its play.
    pub in_progress: bool,
    pub dealt: bool,
    pub dealer: String,
    /// The four players' seats in playing order from Vorhand, with their names.
    pub players: Vec<(String, String)>,
    pub tricks: Vec<TrickView>,
    /// The unfinished trick.
    pub current: Vec<String>,
    /// What each player still holds, seat by seat.
    pub hands: Vec<(String, Vec<String>)>,
    /// Why no game can be recorded now (the round is over or closed), in `lang`.
    pub blocked: Option<String>,
    /// The violations the engine flagged in this game, with where their claim stands
    /// (§8.8): the form claims them and gives the Schiedsrichter's ruling (§7.1.1).
    pub violations: Vec<ViolationView>,
}

/// One flagged violation of the game and its claim (§8.8) and ruling (§7.1.1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ViolationView {
    /// Its number in the game as the steps name it (0-based; shown as `index + 1`).
    pub index: usize,
    pub offender: String,
    /// The offender with the name from the seating plan, "A Anna".
    pub offender_name: String,
    /// The rule it breaks ("4.2.4") and what happened, in `lang`.
    pub rule: String,
    pub what: String,
    /// `pending` (not yet noticeable, §8.8.3), `open`, `claimed`, `valid` (nobody claimed
    /// in time: it stands as a valid move, §8.8.3), `ruled`, `appealed`, `decided`.
    pub status: String,
    pub claimed_by: Option<String>,
    /// Seats that may claim it now (§8.8.1, not lost by playing on, §8.8.3).
    pub may_claim: Vec<String>,
    /// The classification the rules prescribe for it, where they do (§8.3.1).
    pub prescribed: Option<Classification>,
}

fn what(lang: Lang, k: &ViolationKind, names: &dyn Fn(Seat) -> String) -> String {
    use crate::i18n::Msg;
    let trick = |n: &u8| ("trick", n.to_string());
    match k {
        ViolationKind::Nichtbedienen { trick: n, .. } => {
            Msg::text(lang, "doko.violation.nichtbedienen", &[trick(n)])
        }
        ViolationKind::Verwerfen { trick: n } => {
            Msg::text(lang, "doko.violation.verwerfen", &[trick(n)])
        }
        ViolationKind::CardTakenBack { trick: n } => {
            Msg::text(lang, "doko.violation.taken_back", &[trick(n)])
        }
        ViolationKind::OutOfTurn { trick: n, expected } => Msg::text(
            lang,
            "doko.violation.out_of_turn",
            &[trick(n), ("expected", names(*expected))],
        ),
        ViolationKind::Announcement { .. } => Msg::text(lang, "doko.violation.announcement", &[]),
        ViolationKind::Determination { .. } => Msg::text(lang, "doko.violation.determination", &[]),
        ViolationKind::Reported { description } => description.clone(),
    }
}

fn violation_view(
    lang: Lang,
    i: usize,
    v: &Violation,
    names: &dyn Fn(Seat) -> String,
) -> ViolationView {
    let (status, claimed_by) = match (&v.ruling, v.window.status) {
        (Some(RulingStage::Referee(_)), _) => ("ruled", None),
        (Some(RulingStage::Appealed { .. }), _) => ("appealed", None),
        (Some(RulingStage::Tribunal { .. }), _) => ("decided", None),
        (None, ClaimStatus::Pending) => ("pending", None),
        (None, ClaimStatus::Open) => ("open", None),
        (None, ClaimStatus::Claimed { by }) => ("claimed", Some(names(by))),
        (None, ClaimStatus::BecameValid) => ("valid", None),
    };
    ViolationView {
        index: i,
        offender: v.offender.to_string(),
        offender_name: names(v.offender),
        rule: v.kind.rule().to_string(),
        what: what(lang, &v.kind, names),
        status: status.to_string(),
        claimed_by,
        may_claim: v
            .window
            .eligible
            .iter()
            .filter(|s| v.window.may_claim(**s))
            .map(|s| s.to_string())
            .collect(),
        prescribed: v.kind.prescribed(),
    }
}

/// The form for the table's game in progress, or its next game.
pub fn card_game(t: &DokoTables, round: u32, table: u32, lang: Lang) -> CardGameView {
    let names = t.seating(round, table);
    let name = |s: Seat| names.get(&s).cloned().unwrap_or_else(|| s.to_string());
    let in_progress = t.list(round, table).ok().and_then(|l| l.in_progress);
    let (game, setup, events) = match in_progress {
        Some(g) => {
            let at = DokoGameRef {
                round,
                table,
                game: g,
            };
            let lg = t.games.get(&at);
            (
                g,
                lg.and_then(|x| x.setup.clone()),
                lg.map(|x| x.events.clone()).unwrap_or_default(),
            )
        }
        None => (t.next_game(round, table), None, vec![]),
    };
    let (setup, blocked): (Option<GameSetup>, Option<String>) = match setup {
        Some(s) => (Some(s), None),
        None if t.list(round, table).is_ok_and(|l| l.closed_by_td) => (
            None,
            Some(crate::i18n::t(lang, "doko.cards.closed").to_string()),
        ),
        None => match t.next_setup(round, table) {
            Ok(s) => (Some(s), None),
            Err(e) => (None, Some(doko_refusal(lang, &e))),
        },
    };
    let mut view = CardGameView {
        game,
        in_progress: in_progress.is_some(),
        dealt: false,
        dealer: String::new(),
        players: vec![],
        tricks: vec![],
        current: vec![],
        hands: vec![],
        blocked,
        violations: vec![],
    };
    let (Some(setup), Ok(profile)) = (setup, t.profile()) else {
        return view;
    };
    view.dealer = name(setup.dealer);
    let mut g = Game::new(setup, profile);
    for e in &events {
        // Record first: what the game refused is on the list's refusals, not here.
        let _ = g.apply(e);
    }
    view.players = g.players.iter().map(|s| (s.to_string(), name(s))).collect();
    view.dealt = !g.dealt.is_empty();
    let play = |p: &crate::doko::trick::Play| format!("{} {}", p.seat, p.card);
    view.tricks = g
        .tricks
        .iter()
        .map(|k| TrickView {
            plays: k.plays.iter().map(play).collect(),
            winner: k.winner().map(|s| s.to_string()),
        })
        .collect();
    view.current = g.current.iter().map(play).collect();
    let seat_name = |s: Seat| match names.get(&s) {
        Some(n) => format!("{s} {n}"),
        None => s.to_string(),
    };
    view.violations = g
        .violations
        .iter()
        .enumerate()
        .map(|(i, v)| violation_view(lang, i, v, &seat_name))
        .collect();
    view.hands = g
        .players
        .iter()
        .map(|s| {
            let mut h = g.hands.get(&s).cloned().unwrap_or_default();
            h.sort();
            (s.to_string(), h.iter().map(|c| c.to_string()).collect())
        })
        .collect();
    view
}
