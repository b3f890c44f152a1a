//! A Doppelkopf game card by card in the app (issue 16): the deal typed or pasted seat by
//! seat, then the play as lines (a trick per line, or a card at a time) with the
//! announcements where they are made, in the card notation of `tdlog doko record`
//! (`doko::script`). Each line becomes the same `doko.game` / `doko.event` steps the CLI
//! signs; all of them are checked by the engine first (`DokoTables::check_game_steps`), so
//! a refused card signs nothing, and the refusal names its § in the UI's language.
use crate::commands::{blocking, AppState};
use crate::device;
use crate::doko::{lang, refusal, sign, signer};
use crate::error::AppError;
use crate::session::{Progress, Summary};
use tauri::ipc::Channel;
use tauri::State;
use tdlog::doko::game::GameEvent;
use tdlog::doko::penalty::Ruling;
use tdlog::doko::script::{parse_deal, parse_play};
use tdlog::doko::seat::Players;
use tdlog::doko::tables::DokoTables;
use tdlog::doko::DokoError;
use tdlog::events::{DokoGame, DokoGameRef, Payload};
use tdlog::views::doko_cards::{card_game, CardGameView};

/// The form's game: the table's game in progress, or its next game as the round deals it.
#[tauri::command]
pub fn doko_cards(
    state: State<'_, AppState>,
    round: u32,
    table: u32,
    lang: String,
) -> Result<CardGameView, AppError> {
    Ok(card_game(
        &state.current()?.doko,
        round,
        table,
        self::lang(&lang),
    ))
}

/// The steps the typed lines make: a new game begins with its setup as the round deals it
/// and the deal (§2.2); a game in progress goes on with its play.
pub fn steps(
    t: &DokoTables,
    round: u32,
    table: u32,
    deal: &str,
    play: &str,
) -> Result<(DokoGameRef, Vec<Payload>), DokoError> {
    let in_progress = t.list(round, table).ok().and_then(|l| l.in_progress);
    let game = in_progress.unwrap_or_else(|| t.next_game(round, table));
    let at = DokoGameRef { round, table, game };
    let mut out = Vec::new();
    let (setup, dealt) = match t.games.get(&at).and_then(|g| g.setup.clone()) {
        Some(s) if in_progress.is_some() => {
            let dealt = t.games[&at]
                .events
                .iter()
                .any(|e| matches!(e, GameEvent::Dealt { .. }));
            (s, dealt)
        }
        _ => {
            let s = t.next_setup(round, table)?;
            out.push(Payload::DokoGame(DokoGame {
                at,
                setup: s.clone(),
            }));
            (s, false)
        }
    };
    let players = Players::for_dealer(setup.dealer, setup.table_size);
    match (dealt, deal.trim().is_empty()) {
        (true, false) => {
            return Err(DokoError::Input(format!(
                "2.2: game {game} is dealt already; type its play"
            )))
        }
        (false, true) => {
            return Err(DokoError::Input(format!(
                "2.2: game {game} begins with the deal: twelve cards for each player"
            )))
        }
        (false, false) => out.push(at.payload(GameEvent::Dealt {
            hands: parse_deal(deal, &players)?,
        })),
        (true, true) => {}
    }
    out.extend(
        parse_play(play, &players)?
            .into_iter()
            .map(|e| at.payload(e)),
    );
    Ok((at, out))
}

/// Signs the typed deal and play of the table's game, all checked before the first.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn doko_cards_record(
    state: State<'_, AppState>,
    round: u32,
    table: u32,
    deal: String,
    play: String,
    lang: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let _ = progress;
    sign_checked(state, lang, passphrase, |t| {
        steps(t, round, table, &deal, &play)
    })
    .await
}

/// The step of a claim or a ruling on a violation of the table's game in progress.
fn game_step(
    t: &DokoTables,
    round: u32,
    table: u32,
    event: GameEvent,
) -> Result<(DokoGameRef, Vec<Payload>), DokoError> {
    let game = t
        .list(round, table)
        .ok()
        .and_then(|l| l.in_progress)
        .ok_or_else(|| {
            DokoError::Input(format!(
                "8.8: no game is being played card by card at round {round}, table {table}"
            ))
        })?;
    let at = DokoGameRef { round, table, game };
    Ok((at, vec![at.payload(event)]))
}

/// Builds the steps from the tables as they stand (`build`), checks them all against the
/// rules (the refusal in the UI's language, naming its §) and then signs them.
async fn sign_checked(
    state: State<'_, AppState>,
    lang: String,
    passphrase: Option<String>,
    build: impl FnOnce(&DokoTables) -> Result<(DokoGameRef, Vec<Payload>), DokoError>,
) -> Result<Summary, AppError> {
    let l = self::lang(&lang);
    let key_file = state.signing_path()?;
    let pass = passphrase.clone();
    let key = blocking(move || device::load_at(&key_file, pass.as_deref())).await?;
    let payloads = {
        let o = state.current()?;
        let (at, payloads) = build(&o.doko).map_err(|e| refusal(&e, l))?;
        o.doko
            .check_game_steps(at, &payloads, &signer(&o, &key))
            .map_err(|e| refusal(&e, l))?;
        payloads
    };
    sign(&state, l, passphrase, |_| Ok(payloads)).await
}

/// Checks one step of the table's game in progress against the rules and signs it.
async fn sign_game_step(
    state: State<'_, AppState>,
    round: u32,
    table: u32,
    event: GameEvent,
    lang: String,
    passphrase: Option<String>,
) -> Result<Summary, AppError> {
    sign_checked(state, lang, passphrase, |t| {
        game_step(t, round, table, event)
    })
    .await
}

/// A player claims a flagged violation (Reklamation, §8.8.1-8.8.3).
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn doko_cards_claim(
    state: State<'_, AppState>,
    round: u32,
    table: u32,
    violation: usize,
    claimant: String,
    lang: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let _ = progress;
    let claimant = crate::doko::seat(&claimant)?;
    let event = GameEvent::ClaimRaised {
        claimant,
        violation,
    };
    sign_game_step(state, round, table, event, lang, passphrase).await
}

/// The Schiedsrichter's ruling on a claimed violation (§7.1.1, §8.3-8.6).
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn doko_cards_rule(
    state: State<'_, AppState>,
    round: u32,
    table: u32,
    violation: usize,
    ruling: Ruling,
    lang: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let _ = progress;
    let event = GameEvent::Ruled { violation, ruling };
    sign_game_step(state, round, table, event, lang, passphrase).await
}
