//! Traveller entry from the app (issue 28): the grid by board or by round and table, a typed
//! line checked against its slot on every keystroke (the engine's `views::traveller`, on the
//! state held live: no replay), and Enter signing it through the live state; the ranking the
//! screen shows beside the grid is the live one, updated by the same append.

use crate::commands::{append_live, AppState};
use crate::error::AppError;
use crate::session::{Progress, Summary};
use tauri::ipc::Channel;
use tauri::State;
use tdlog::events::Slot;
use tdlog::views::traveller::{
    check_line, line_payload, traveller, LineCheck, TravellerBy, TravellerView,
};

fn lang_of(lang: &str) -> tdlog::i18n::Lang {
    lang.parse().unwrap_or_default()
}

/// The traveller grid of a board, or of one table in one round.
#[tauri::command]
pub fn traveller_show(
    state: State<'_, AppState>,
    by: TravellerBy,
    lang: String,
) -> Result<TravellerView, AppError> {
    let o = state.current()?;
    traveller(&o.replayed, by, lang_of(&lang))
        .map_err(|e| AppError::new("no_such_board", e.to_string()))
}

/// What a typed line means at `slot`, or why Enter would sign nothing (every keystroke).
#[tauri::command]
pub fn traveller_check(
    state: State<'_, AppState>,
    slot: Slot,
    line: String,
    lang: String,
) -> Result<LineCheck, AppError> {
    let o = state.current()?;
    let role = state.role(&o);
    Ok(check_line(&o.replayed, &slot, &line, lang_of(&lang), role))
}

/// Signs a typed line at `slot` (Enter): a table result, a board not played, or an
/// artificial adjusted score (a director's key), after the same check.
#[tauri::command]
pub async fn traveller_sign(
    state: State<'_, AppState>,
    slot: Slot,
    line: String,
    lang: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let lang = lang_of(&lang);
    let p = {
        let o = state.current()?;
        let c = check_line(&o.replayed, &slot, &line, lang, state.role(&o));
        if !c.ok {
            return Err(AppError::new("traveller_line", c.error.unwrap_or_default())
                .with("law", c.law.unwrap_or_default()));
        }
        line_payload(&o.replayed, &slot, &line, lang)
            .map_err(|e| AppError::new("traveller_line", e.message(lang)))?
    };
    append_live(&state, p, passphrase, progress).await
}

/// A correction of a result from its traveller row (Law 79C): the corrected result typed as
/// a line, with the reason; the workflow guards decide whether the correction period is
/// open (or the organiser's consent, Law 79C2, is named).
#[derive(serde::Deserialize)]
pub struct TravellerCorrection {
    pub slot: Slot,
    pub line: String,
    pub reason: String,
    /// The organiser's late-correction consent (Law 79C2), by event id.
    #[serde(default)]
    pub late_consent: Option<String>,
}

#[tauri::command]
pub async fn traveller_correct(
    state: State<'_, AppState>,
    correction: TravellerCorrection,
    lang: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    use tdlog::results::traveller::{parse_line, TravellerEntry};
    let TravellerCorrection {
        slot,
        line,
        reason,
        late_consent,
    } = correction;
    let lang = lang_of(&lang);
    let result = match parse_line(&line, lang) {
        Ok(TravellerEntry::Result(r)) => r,
        Ok(TravellerEntry::PassedOut) => tdlog::views::table_result("Pass", None, None),
        Ok(_) => {
            return Err(AppError::new(
                "correction_not_a_result",
                "Law 79C: a correction gives the table result as corrected (a contract, or a pass-out); an adjusted score is a ruling",
            ))
        }
        Err(e) => return Err(AppError::new("traveller_line", e.message(lang))),
    };
    let p = tdlog::views::correction_payload(
        &state.current()?.replayed,
        &slot,
        result,
        &reason,
        late_consent.as_deref(),
    )?;
    crate::commands::append_workflow(&state, p, passphrase, progress).await
}

fn act_error(e: tdlog::views::traveller::acts::ActError, section: &str) -> AppError {
    AppError::new(e.code(), e.to_string()).with("section", section)
}

/// A contestant late from a round, absent, or present after all, from the grid
/// (`structure.attendance`; Law 12C2 for the boards it misses).
#[tauri::command]
pub async fn traveller_attendance(
    state: State<'_, AppState>,
    request: tdlog::views::traveller::acts::AttendanceRequest,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = tdlog::views::traveller::acts::attendance_payload(
        &state.current()?.replayed.tournament,
        &request,
    )
    .map_err(|e| act_error(e, &request.section))?;
    append_live(&state, p, passphrase, progress).await
}

/// A fouled board (Law 87) from the grid: each table's group.
#[tauri::command]
pub async fn traveller_fouled(
    state: State<'_, AppState>,
    request: tdlog::views::traveller::acts::FouledRequest,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = tdlog::views::traveller::acts::fouled_payload(
        &state.current()?.replayed.tournament,
        &request,
    )
    .map_err(|e| act_error(e, &request.section))?;
    append_live(&state, p, passphrase, progress).await
}
