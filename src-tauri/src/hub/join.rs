//! Joining a tournament from the hub in the app (issue 17's `tdlog sync --join`, without the
//! CLI): a new device at an event gives the hub's address, its password and the log id the
//! chief TD reads out (or its first 8 digits), and a new file is made from the hub's signed
//! events, checked as a merge checks them, then opened and kept in sync.
use super::{checked_address, save_setting};
use crate::commands::{blocking, AppState};
use crate::error::AppError;
use crate::session::{Progress, Summary};
use std::path::{Path, PathBuf};
use tauri::ipc::Channel;
use tauri::Manager;
use tdlog::log::Hash32;
use tdlog::sync::{self, SyncError};

/// What the TD sees of a failed join: the hub's address, a log it does not hold, a hub
/// that sent what does not verify (never written), or no connection.
fn join_error(e: SyncError) -> AppError {
    let code = match &e {
        SyncError::UnknownLog(_) => "hub_unknown_log",
        SyncError::Log(tdlog::log::LogError::Exists(_)) => "file_exists",
        e if e.is_hostile() => "hub_refused",
        _ => "hub_offline",
    };
    AppError::new(code, e.to_string())
}

/// Makes `path` from the hub's copy of the log `id` (its full id or a prefix of at least 8
/// hex digits) and keeps the hub for it on this device. Nothing is kept if the hub's events
/// do not verify. Returns the log's id.
pub fn join_into(
    st: &AppState,
    url: &str,
    password: Option<&str>,
    id: &str,
    path: &Path,
    passphrase: Option<&str>,
) -> Result<Hash32, AppError> {
    if path.as_os_str().is_empty() {
        return Err(AppError::new(
            "hub_join_file",
            "choose where the new file is kept",
        ));
    }
    // The address checked before anything is made; the password kept only once the hub
    // has named the log (below).
    let mut cfg = checked_address(url)?;
    if let Some(p) = password.filter(|p| !p.is_empty()) {
        cfg.config.password(p);
    }
    let mut hub = sync::Hub::connect(&cfg).map_err(join_error)?;
    let log_id = sync::join::resolve_id(&mut hub, id).map_err(join_error)?;
    let key = super::signing_key(st, passphrase)?;
    sync::join::join(
        path,
        &mut hub,
        &log_id,
        key.as_ref(),
        &sync::Options::default(),
        &mut |_, _, _| true,
        Some(&st.data_dir),
    )
    .map_err(join_error)?;
    save_setting(&st.data_dir, &log_id, url, password)?;
    Ok(log_id)
}

/// Joins (as [`join_into`]) and opens the new file with progress; its sync starts when the
/// window follows the open log (`hub_status_show`).
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn hub_join(
    app: tauri::AppHandle,
    url: String,
    password: Option<String>,
    id: String,
    path: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let path = PathBuf::from(path.trim());
    let (app2, p2) = (app.clone(), path.clone());
    blocking(move || {
        join_into(
            &app2.state::<AppState>(),
            &url,
            password.as_deref(),
            &id,
            &p2,
            passphrase.as_deref(),
        )
    })
    .await?;
    // The window follows the newly open log's sync (`hub_status_show`), which starts it:
    // the hub is now set for this log on this device.
    crate::commands::open_and_verify(&app.state::<AppState>(), path, progress).await
}
