//! Setting a tournament up from the app: the structure a TD records before and during the
//! session (a team's captain, Law 92D). Each command builds its payload in `tdlog::views`
//! and signs it through the open log's live state.

use crate::commands::{append_live, AppState};
use crate::error::AppError;
use crate::session::{Progress, Summary};
use tauri::ipc::Channel;
use tauri::State;

/// Records (or changes) a team's captain: the team's `structure.contestant` signed again
/// with the captain set (Law 92D: a team appeals with its captain's consent).
#[tauri::command]
pub async fn team_captain(
    state: State<'_, AppState>,
    section: String,
    team: String,
    captain: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = tdlog::views::structure::captain_payload(
        &state.current()?.replayed,
        &section,
        &team,
        &captain,
    )
    .map_err(|e| {
        let code = match e {
            tdlog::views::structure::StructureError::NoContestant { .. } => "no_contestant",
            tdlog::views::structure::StructureError::NotTeams { .. } => "not_teams",
            tdlog::views::structure::StructureError::EmptyCaptain => "empty_captain",
        };
        AppError::new(code, e.to_string())
            .with("section", section.as_str())
            .with("team", team.as_str())
    })?;
    append_live(&state, p, passphrase, progress).await
}
