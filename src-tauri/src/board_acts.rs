//! The Board screen's commands: the board as the TD sees it at a table, and what is recorded
//! there through it (a call, the TD's ruling on an irregular call, a card, the choice the play
//! waits for, a claim and its ruling, a penalty card, a revoke's correction). The payloads
//! are built by `board` and `table_acts`; every append goes through the live state
//! (`commands::append_live`), as every other append of the app does.

use crate::board::{self, BoardAndIncident};
use crate::commands::{append_live, blocking, AppState};
use crate::device;
use crate::error::AppError;
use crate::session::{self, Progress, Summary};
use tauri::ipc::Channel;
use tauri::State;
use tdlog::events::Slot;

/// The Board screen of a board at a table, with its incidents (the engine's view models, in
/// the UI's language).
#[tauri::command]
pub fn board_show(
    state: State<'_, AppState>,
    slot: Slot,
    lang: String,
) -> Result<BoardAndIncident, AppError> {
    board::show(&*state.current()?, &slot, &lang)
}

/// Records a call as made at the table (as `tdlog bridge call`); an irregular call is
/// recorded and flagged, not refused.
#[tauri::command]
pub async fn bridge_call(
    state: State<'_, AppState>,
    slot: Slot,
    seat: String,
    call: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = board::call_payload(slot, &seat, &call)?;
    append_live(&state, p, passphrase, progress).await
}

/// Records the TD's branch of the law's decision tree for an irregular call (as
/// `tdlog bridge rule`), after the engine checked it applies.
#[tauri::command]
pub async fn bridge_rule(
    state: State<'_, AppState>,
    slot: Slot,
    call: usize,
    branch: String,
    reason: Option<String>,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = board::ruling_payload(&*state.current()?, &slot, call, &branch, reason)?;
    append_live(&state, p, passphrase, progress).await
}

/// Records a card played at the table (as `tdlog bridge play`); the hand is the one holding
/// it in the recorded deal. An illegal card is recorded and flagged, not refused.
#[tauri::command]
pub async fn bridge_play(
    state: State<'_, AppState>,
    slot: Slot,
    card: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = board::card_payload(&*state.current()?, &slot, &card)?;
    append_live(&state, p, passphrase, progress).await
}

/// Records the choice the play waits for (Laws 50D2, 53-56, 57A: for example declarer's
/// option after a lead out of turn), after the play engine checked it is due and applies.
#[tauri::command]
pub async fn bridge_play_option(
    state: State<'_, AppState>,
    slot: Slot,
    choice: String,
    suit: Option<String>,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = board::option_payload(&*state.current()?, &slot, &choice, suit.as_deref())?;
    append_live(&state, p, passphrase, progress).await
}

/// A claim or concession (Law 68) as made at the table; with `agreed`, all four agreed
/// (Law 69A). As `tdlog bridge claim`.
#[tauri::command]
pub async fn bridge_claim(
    state: State<'_, AppState>,
    slot: Slot,
    claimer: String,
    remaining: u8,
    agreed: bool,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let payloads = crate::table_acts::claim(&slot, &claimer, remaining, agreed)?;
    let _ = progress;
    let key_file = state.signing_path()?;
    let key = blocking(move || device::load_at(&key_file, passphrase.as_deref())).await?;
    // No handle on the open log is held across an append (it waits until it is the only one).
    let mut last = None;
    for p in payloads {
        drop(last.take());
        last = Some(state.append_live(&key, p)?);
    }
    let o = match last {
        Some(o) => o,
        None => state.current()?,
    };
    Ok(session::summary(&o, state.device_public().as_deref()))
}

/// The TD's ruling on a contested claim (Law 70): the claimer's side's tricks.
#[tauri::command]
pub async fn bridge_claim_rule(
    state: State<'_, AppState>,
    slot: Slot,
    remaining: u8,
    reason: Option<String>,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = crate::table_acts::claim_ruling(&slot, remaining, reason)?;
    append_live(&state, p, passphrase, progress).await
}

/// A penalty card (Law 50), major or minor.
#[tauri::command]
pub async fn bridge_penalty_card(
    state: State<'_, AppState>,
    slot: Slot,
    seat: String,
    card: String,
    major: bool,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = crate::table_acts::penalty_card(&slot, &seat, &card, major)?;
    append_live(&state, p, passphrase, progress).await
}

/// A revoke corrected before it is established (Law 62): the card played instead.
#[tauri::command]
pub async fn bridge_revoke_correct(
    state: State<'_, AppState>,
    slot: Slot,
    revoke: usize,
    card: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = crate::table_acts::revoke_corrected(&slot, revoke, &card)?;
    append_live(&state, p, passphrase, progress).await
}
