//! The card-by-card form of a table's game in the app (issue 16): which game the next
//! typed lines go to, who deals and plays it, the tricks so far and what each player still
//! holds, folded by the engine exactly as the table's list folds it.
use serde::Serialize;

use crate::doko::game::{Game, GameSetup};
use crate::doko::seat::Seat;
use crate::doko::tables::DokoTables;
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
