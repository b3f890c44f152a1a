//! The Tauri commands: thin wrappers that call the engine off the UI thread and hand back
//! plain data. Each has its own `allow-<command>` permission (see `capabilities/`).

use crate::device::{self, DeviceKeyInfo, KeyFile};
use crate::error::AppError;
use crate::session::{self, EventsPage, NoteInput, NoteRow, Opened, Progress, Summary};
use crate::workflow::{self, RulingRow};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tauri::ipc::Channel;
use tauri::State;
use tauri_plugin_dialog::DialogExt;
use tdlog::appeals::OpenClock;
use tdlog::events::{Game, Genesis};
use tdlog::events::{LateCorrectionConsent, Payload, ResultsPublished, Ruling, Slot};
use tdlog::keys::Role;
use tdlog::results::{Ranking, SlotState};

/// What the app holds: where its files are, and the open log (verified).
pub struct AppState {
    pub data_dir: PathBuf,
    pub demo: PathBuf,
    /// A log named on the command line (`demo` with `--demo`): opened at start.
    pub start_log: Option<String>,
    /// That log's open, begun while the window loads (`preopen`).
    pub start_open: Arc<crate::preopen::StartOpen>,
    pub open: Mutex<Option<Arc<Opened>>>,
    /// "Sign as": a key file in `<data dir>/keys/` chosen instead of `device.key`.
    pub sign_as: Mutex<Option<String>>,
}

impl AppState {
    pub(crate) fn current(&self) -> Result<Arc<Opened>, AppError> {
        self.open
            .lock()
            .map_err(|_| AppError::new("internal", "state lock poisoned"))?
            .clone()
            .ok_or_else(AppError::no_log)
    }

    pub(crate) fn set(&self, o: Opened) -> Result<Arc<Opened>, AppError> {
        let o = Arc::new(o);
        *self
            .open
            .lock()
            .map_err(|_| AppError::new("internal", "state lock poisoned"))? = Some(o.clone());
        Ok(o)
    }

    /// Signs `payload` through the open log's live state (the workflow guards, then one
    /// append folded on top: no re-open, no re-verify). The open log is held exclusively for
    /// the append: views in flight finish first (they hold the state for milliseconds), and
    /// new ones wait for it.
    pub(crate) fn append_live(
        &self,
        key: &tdlog::keys::DeviceKey,
        payload: Payload,
    ) -> Result<Arc<Opened>, AppError> {
        let now = chrono::Utc::now().timestamp_millis();
        let (r, o) = self.with_live(None, Some(5000), |o| o.live.append(key, payload, now))?;
        r?;
        Ok(o)
    }

    /// Runs `f` on the open log's live state, held exclusively (views in flight finish
    /// first; new ones wait). `path`: only if that log is the one open (else `no_log`).
    /// `wait_ms`: give up with `busy` after about that long (`None`: wait for the views).
    pub(crate) fn with_live<R>(
        &self,
        path: Option<&std::path::Path>,
        wait_ms: Option<u32>,
        f: impl FnOnce(&mut Opened) -> R,
    ) -> Result<(R, Arc<Opened>), AppError> {
        let mut slot = self
            .open
            .lock()
            .map_err(|_| AppError::new("internal", "state lock poisoned"))?;
        if path.is_some_and(|p| slot.as_ref().is_none_or(|o| o.path != p)) {
            return Err(AppError::no_log());
        }
        let mut arc = slot.take().ok_or_else(AppError::no_log)?;
        let mut waited = 0;
        let mut opened = loop {
            match Arc::try_unwrap(arc) {
                Ok(o) => break o,
                Err(shared) if wait_ms.is_none_or(|w| waited < w) => {
                    arc = shared;
                    waited += 1;
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                Err(shared) => {
                    *slot = Some(shared);
                    return Err(AppError::new(
                        "busy",
                        "the log is still being read for another screen: nothing was signed, try again",
                    ));
                }
            }
        };
        let r = f(&mut opened);
        let o = Arc::new(opened);
        *slot = Some(o.clone());
        Ok((r, o))
    }

    pub(crate) fn sign_as(&self) -> Option<String> {
        self.sign_as.lock().ok().and_then(|s| s.clone())
    }

    /// The key file that signs now.
    pub(crate) fn signing_path(&self) -> Result<PathBuf, AppError> {
        device::signing_path(&self.data_dir, self.sign_as().as_deref())
    }

    fn signing_key(&self) -> Result<Option<DeviceKeyInfo>, AppError> {
        device::read_public_at(&self.signing_path()?)
    }

    pub(crate) fn device_public(&self) -> Option<String> {
        self.signing_key().ok().flatten().map(|k| k.public)
    }

    /// Who signs now: the signing key's role and the key (for the steps only one key takes,
    /// the committee chair's decision).
    pub(crate) fn signer(&self, o: &Opened) -> crate::workflow::Signer {
        crate::workflow::Signer {
            role: self.role(o),
            key: self
                .device_public()
                .and_then(|k| tdlog::log::Hash32::from_hex(&k).ok()),
        }
    }

    /// The role of the signing key in the open log (enrolled, not revoked).
    pub(crate) fn role(&self, o: &Opened) -> Option<Role> {
        let me = self.device_public()?;
        o.replayed
            .log
            .keys
            .keys
            .values()
            .find(|k| k.key.to_hex() == me && k.revoked.is_none())
            .map(|k| k.role)
    }
}

/// Runs blocking engine work on a worker thread so the window never freezes.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    tauri::async_runtime::spawn_blocking(f)
        .await
        .map_err(|e| AppError::new("internal", format!("worker failed: {e}")))?
}

#[derive(Serialize)]
pub struct AppInfo {
    pub data_dir: String,
    /// The key that signs: this device's key, or the key file chosen with "sign as".
    pub device_key: Option<DeviceKeyInfo>,
    /// This device's own key (`device.key`), whatever signs now: the Settings screen shows
    /// it as the device's, never a "sign as" key (N12).
    pub own_key: Option<DeviceKeyInfo>,
    /// The key file chosen with "sign as" (`None`: `device.key`).
    pub sign_as: Option<String>,
    /// Key files in `<data dir>/keys/` (public halves only).
    pub key_files: Vec<KeyFile>,
    pub recent: Vec<String>,
    /// What to open at start: the log named on the command line, else the demo on first
    /// start, else nothing (the Start screen).
    pub open_at_start: Option<String>,
}

#[tauri::command]
pub fn app_info(state: State<'_, AppState>) -> Result<AppInfo, AppError> {
    let recent = device::recent(&state.data_dir);
    let open_at_start = match (&state.start_log, &recent) {
        (Some(p), _) => Some(p.clone()),
        (None, None) => Some("demo".to_owned()),
        (None, Some(_)) => None,
    };
    Ok(AppInfo {
        data_dir: state.data_dir.display().to_string(),
        device_key: state.signing_key()?,
        own_key: device::read_public_at(&device::key_path(&state.data_dir))?,
        sign_as: state.sign_as(),
        key_files: device::key_files(&state.data_dir),
        recent: recent.unwrap_or_default(),
        open_at_start,
    })
}

#[tauri::command]
pub async fn key_create(
    state: State<'_, AppState>,
    passphrase: Option<String>,
) -> Result<DeviceKeyInfo, AppError> {
    let dir = state.data_dir.clone();
    // Argon2id sealing takes a moment: off the UI thread.
    blocking(move || device::create(&dir, passphrase.as_deref())).await
}

#[tauri::command]
pub async fn pick_log_file(app: tauri::AppHandle) -> Result<Option<String>, AppError> {
    blocking(move || {
        Ok(app
            .dialog()
            .file()
            .add_filter("tdlog", &["tdlog"])
            .blocking_pick_file()
            .and_then(|f| f.into_path().ok())
            .map(|p| p.display().to_string()))
    })
    .await
}

#[tauri::command]
pub async fn pick_new_log_file(app: tauri::AppHandle) -> Result<Option<String>, AppError> {
    blocking(move || {
        Ok(app
            .dialog()
            .file()
            .add_filter("tdlog", &["tdlog"])
            .set_file_name("tournament.tdlog")
            .blocking_save_file()
            .and_then(|f| f.into_path().ok())
            .map(|p| p.display().to_string()))
    })
    .await
}

pub(crate) async fn open_and_verify(
    state: &AppState,
    path: PathBuf,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let dir = state.data_dir.clone();
    let start = state.start_open.clone();
    let opened = blocking(move || {
        // The log named on the command line may be opening already (since the app started).
        let follow = progress.clone();
        let sink = Box::new(move |p: Progress| {
            let _ = follow.send(p);
        });
        if let Some(r) = start.join(&path, sink) {
            return r;
        }
        session::open(&path, &dir, &|p| {
            let _ = progress.send(p);
        })
    })
    .await?;
    device::remember(&state.data_dir, &opened.path)?;
    let o = state.set(opened)?;
    Ok(session::summary(&o, state.device_public().as_deref()))
}

#[tauri::command]
pub async fn log_open(
    state: State<'_, AppState>,
    path: String,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    open_and_verify(&state, PathBuf::from(path), progress).await
}

/// Opens this device's copy of the demo tournament (made on first use; with `fresh`, made
/// again: its day signed now, so its Law 79C and 92B periods run from now).
#[tauri::command]
pub async fn log_open_demo(
    state: State<'_, AppState>,
    fresh: Option<bool>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let (data_dir, demo) = (state.data_dir.clone(), state.demo.clone());
    if fresh == Some(true) {
        // The open log may be the old copy: let go of it before it is replaced.
        if let Ok(mut o) = state.open.lock() {
            if o.as_ref()
                .is_some_and(|o| o.path == device::demo_copy_path(&data_dir))
            {
                *o = None;
            }
        }
    }
    let copy = blocking(move || device::demo_copy(&data_dir, &demo, fresh == Some(true))).await?;
    open_and_verify(&state, copy, progress).await
}

#[derive(serde::Deserialize)]
pub struct NewLog {
    pub path: String,
    pub name: String,
    pub game: Game,
    pub profile: Option<String>,
    pub organiser: String,
    pub chief_td: String,
    pub passphrase: Option<String>,
}

/// Creates a tournament with this device as its chief TD.
#[tauri::command]
pub async fn log_create(
    state: State<'_, AppState>,
    new: NewLog,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let dir = state.data_dir.clone();
    let path = PathBuf::from(&new.path);
    let p2 = path.clone();
    blocking(move || {
        let key = device::load(&dir, new.passphrase.as_deref())?;
        let profile = new
            .profile
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| new.game.default_profile().to_owned());
        tdlog::log::Log::create(
            &p2,
            &key,
            Genesis {
                name: new.name,
                game: new.game,
                organiser: new.organiser,
                rule_profile: profile,
                chief_td: new.chief_td,
            },
        )?;
        Ok(())
    })
    .await?;
    open_and_verify(&state, path, progress).await
}

#[tauri::command]
pub fn tournament_summary(state: State<'_, AppState>) -> Result<Summary, AppError> {
    let o = state.current()?;
    Ok(session::summary(&o, state.device_public().as_deref()))
}

#[tauri::command]
pub fn events_page(
    state: State<'_, AppState>,
    offset: usize,
    limit: usize,
    lang: String,
) -> Result<EventsPage, AppError> {
    Ok(session::events_page(
        &*state.current()?,
        offset,
        limit,
        lang.parse().unwrap_or_default(),
    ))
}

#[tauri::command]
pub fn notes_list(state: State<'_, AppState>) -> Result<Vec<NoteRow>, AppError> {
    Ok(session::notes(&*state.current()?))
}

#[tauri::command]
pub fn results_list(
    state: State<'_, AppState>,
    lang: String,
) -> Result<Vec<tdlog::views::TravellerRow>, AppError> {
    session::results_list(&*state.current()?, lang.parse().unwrap_or_default())
}

#[tauri::command]
pub fn ranking_show(state: State<'_, AppState>) -> Result<Ranking, AppError> {
    session::ranking_show(&*state.current()?)
}

/// How the ranking moved with one event (for the audit timeline).
#[tauri::command]
pub fn ranking_diff(
    state: State<'_, AppState>,
    event: String,
) -> Result<Vec<session::RankMove>, AppError> {
    session::ranking_diff(&*state.current()?, &event)
}

#[tauri::command]
pub fn board_audit(state: State<'_, AppState>, board: u32) -> Result<Vec<SlotState>, AppError> {
    session::board_audit(&*state.current()?, board)
}

/// Signs a director note with this device's key and folds it into the open log.
#[tauri::command]
pub async fn note_append(
    state: State<'_, AppState>,
    note: NoteInput,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let payload = session::note_payload(note)?;
    append_live(&state, payload, passphrase, progress).await
}

/// Loads the signing key (off the UI thread: a sealed key takes a moment) and appends
/// through the live state; returns the updated summary.
pub(crate) async fn append_live(
    state: &AppState,
    payload: Payload,
    passphrase: Option<String>,
    _progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let key_file = state.signing_path()?;
    let key = blocking(move || device::load_at(&key_file, passphrase.as_deref())).await?;
    let o = state.append_live(&key, payload)?;
    Ok(session::summary(&o, state.device_public().as_deref()))
}

/// Signs with a key file of `<data dir>/keys/` from now on (`None`: this device's own
/// `device.key`). Only the name crosses the bridge; the key stays in Rust.
#[tauri::command]
pub fn key_sign_as(state: State<'_, AppState>, name: Option<String>) -> Result<AppInfo, AppError> {
    let name = name.filter(|n| !n.is_empty());
    let path = device::signing_path(&state.data_dir, name.as_deref())?;
    if device::read_public_at(&path)?.is_none() {
        return Err(AppError::new(
            "key_missing",
            format!("no key file at {}", path.display()),
        ));
    }
    device::remember_sign_as(&state.data_dir, name.as_deref())?;
    *state
        .sign_as
        .lock()
        .map_err(|_| AppError::new("internal", "state lock poisoned"))? = name;
    app_info(state)
}

/// A key file imported for "sign as", with its holder and role in the open log (if enrolled).
#[derive(Serialize)]
pub struct ImportedKey {
    pub name: String,
    pub key: DeviceKeyInfo,
    pub role: Option<Role>,
    pub holder: Option<String>,
}

/// Imports a key file into `<data dir>/keys/` for "sign as": from `path`, or from a file
/// chosen in a dialog opened here in Rust. Only the path crosses to Rust and only the public
/// half comes back: the key bytes never reach the webview. `None` if the dialog was closed.
#[tauri::command]
pub async fn key_import(
    app: tauri::AppHandle,
    state: State<'_, AppState>,
    path: Option<String>,
) -> Result<Option<ImportedKey>, AppError> {
    let src = match path.filter(|p| !p.trim().is_empty()) {
        Some(p) => PathBuf::from(p),
        None => {
            let picked = blocking(move || {
                Ok(app
                    .dialog()
                    .file()
                    .add_filter("tdlog key", &["key"])
                    .blocking_pick_file()
                    .and_then(|f| f.into_path().ok()))
            })
            .await?;
            match picked {
                Some(p) => p,
                None => return Ok(None),
            }
        }
    };
    let dir = state.data_dir.clone();
    let f = blocking(move || device::import_key(&dir, &src)).await?;
    let enrolled = state.current().ok().and_then(|o| {
        o.replayed
            .log
            .keys
            .keys
            .values()
            .find(|k| k.key.to_hex() == f.key.public && k.revoked.is_none())
            .map(|k| (k.role, k.holder.clone()))
    });
    Ok(Some(ImportedKey {
        name: f.name,
        key: f.key,
        role: enrolled.as_ref().map(|e| e.0),
        holder: enrolled.map(|e| e.1),
    }))
}

/// Signs a workflow event (ruling, publication, appeal step) after the guards and folds it
/// into the open log.
pub(crate) async fn append_workflow(
    state: &AppState,
    payload: Payload,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_live(state, payload, passphrase, progress).await
}

#[tauri::command]
pub fn rulings_list(state: State<'_, AppState>) -> Result<Vec<RulingRow>, AppError> {
    Ok(workflow::rulings(&*state.current()?))
}

/// Director activity on the boards (notes, rulings on calls and claims, adjusted scores,
/// fouled boards) filtered by the engine's `views::RulingFilter` (board, table, round, the
/// signer's role, law), as `tdlog view rulings`; texts in the UI's language.
#[tauri::command]
pub fn activity_list(
    state: State<'_, AppState>,
    filter: tdlog::views::RulingFilter,
    lang: String,
) -> Result<Vec<tdlog::views::RulingRow>, AppError> {
    let o = state.current()?;
    Ok(tdlog::views::rulings(
        &o.replayed,
        &filter,
        lang.parse().unwrap_or_default(),
    ))
}

/// The adjustment assistant (Law 12C1) for a board, as `tdlog adjust`: the deal's
/// double-dummy table and par, the field's results and each weighted outcome's matchpoints or
/// IMPs; `ew`: E-W weighted differently (Law 12C1(c)/(e)). On a worker thread: solving a
/// deal not seen yet takes a moment.
#[tauri::command]
pub async fn adjust_assistant(
    state: State<'_, AppState>,
    at: tdlog::views::AdjustAt,
    outcomes: Vec<tdlog::events::Weighted>,
    ew: Option<Vec<tdlog::events::Weighted>>,
    lang: String,
) -> Result<tdlog::views::AdjustScreen, AppError> {
    let o = state.current()?;
    blocking(move || crate::adjust::show(&o, &at, &outcomes, ew.as_deref(), &lang)).await
}

/// A director's ruling (as `tdlog ruling give`), signed on save.
#[tauri::command]
pub async fn ruling_give(
    state: State<'_, AppState>,
    ruling: Ruling,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::Ruling(Box::new(ruling)),
        passphrase,
        progress,
    )
    .await
}

/// Publishes official results (as `tdlog publish`): starts the Law 79C and 92B clocks, and
/// signs the publication's tree head.
#[tauri::command]
pub async fn results_publish(
    state: State<'_, AppState>,
    published: ResultsPublished,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::ResultsPublished(published),
        passphrase.clone(),
        progress.clone(),
    )
    .await?;
    // The publisher signs the publication's tree head with it (RFC 9162, `log::tree`): what
    // a player's page and `tdlog proof` check the published log against.
    let o = state.current()?;
    let v = &o.replayed.log;
    let publication = v
        .events
        .iter()
        .rev()
        .find(|e| e.env.kind == "results.published")
        .map(|e| e.id)
        .ok_or_else(|| AppError::new("internal", "the publication is not on the log"))?;
    let h = tdlog::log::tree::head(v, publication)
        .map_err(|e| AppError::new("internal", e.to_string()))?;
    drop(o);
    append_workflow(
        &state,
        Payload::ResultsTreeHead(tdlog::events::ResultsTreeHead {
            publication,
            size: h.size,
            root: h.root,
        }),
        passphrase,
        progress,
    )
    .await
}

/// Open clocks now (as `tdlog clocks`).
#[tauri::command]
pub fn clocks_list(state: State<'_, AppState>) -> Result<Vec<OpenClock>, AppError> {
    let now = chrono::Utc::now().timestamp_millis();
    Ok(workflow::clocks(&*state.current()?, now))
}

/// The tournament dashboard, the home screen: the movement with every board's state, what
/// waits for the TD, the open clocks, the appeals waiting for this signer.
#[tauri::command]
pub fn dashboard_show(
    state: State<'_, AppState>,
    lang: String,
) -> Result<workflow::DashboardView, AppError> {
    let o = state.current()?;
    let now = chrono::Utc::now().timestamp_millis();
    let lang = lang.parse().unwrap_or_default();
    Ok(workflow::dashboard(&o, state.signer(&o), now, lang))
}

/// A score correction (`result.corrected`, as `tdlog correction record`): inside the Law 79C1
/// correction period, or later with the organiser's consent (79C2); the pairs come from the
/// movement. The workflow guards refuse a late correction without consent, naming the law.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn result_correct(
    state: State<'_, AppState>,
    slot: Slot,
    contract: String,
    declarer: Option<tdlog::bridge::seat::Seat>,
    tricks: Option<u8>,
    reason: String,
    late_consent: Option<String>,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = tdlog::views::correction_payload(
        &state.current()?.replayed,
        &slot,
        tdlog::views::table_result(&contract, declarer, tricks),
        &reason,
        late_consent.as_deref(),
    )?;
    append_workflow(&state, p, passphrase, progress).await
}

/// The organiser's consent to a correction after the correction period (Law 79C2, as
/// `tdlog correction consent`); only an organiser key may sign it.
#[tauri::command]
pub async fn correction_consent(
    state: State<'_, AppState>,
    consent: LateCorrectionConsent,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::LateCorrectionConsent(consent),
        passphrase,
        progress,
    )
    .await
}

/// The chief TD accepts a late arrival or a future-dated event (as `tdlog time accept`),
/// with the law and the reason; only a chief TD key may sign it. From then on a held step
/// takes effect.
#[tauri::command]
pub async fn time_accept(
    state: State<'_, AppState>,
    event: String,
    law: String,
    reason: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = workflow::time_accept_payload(&*state.current()?, &event, &law, &reason)?;
    append_workflow(&state, p, passphrase, progress).await
}

/// The demo log: `TDLOG_DEMO` if set, else the one installed with the app (the bundle's
/// resource `demo/demo.tdlog`, e.g. `/usr/lib/tdlog/demo/demo.tdlog` from the .deb), else the
/// source tree's (a development build run from its checkout). With the demo keys and the
/// day's PBN beside it (`tdlog::demo::DemoSource::beside`), the copy's day is signed when the
/// copy is made; a log without them (a day made by `tdlog demo-day`) is copied as it is.
pub fn shipped_demo(resource: Option<PathBuf>) -> PathBuf {
    demo_path(
        std::env::var_os("TDLOG_DEMO").map(PathBuf::from),
        resource,
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/demo/demo.tdlog"),
    )
}

/// Which demo log to use: the override, else the installed resource if it is there, else
/// the checkout's.
pub fn demo_path(env: Option<PathBuf>, resource: Option<PathBuf>, checkout: PathBuf) -> PathBuf {
    env.or(resource.filter(|r| r.is_file())).unwrap_or(checkout)
}

#[cfg(test)]
mod demo_tests {
    use super::*;

    /// The installed app's `--demo` works from any directory and on a machine without the
    /// build checkout: the bundled resource comes before the compiled-in checkout path.
    #[test]
    fn the_installed_demo_resource_comes_before_the_checkout_path() {
        let dir = std::env::temp_dir().join(format!("tdlog-demo-path-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let res = dir.join("demo.tdlog");
        std::fs::write(&res, b"x").unwrap();
        let gone = PathBuf::from("/nonexistent/checkout/fixtures/demo/demo.tdlog");
        assert_eq!(demo_path(None, Some(res.clone()), gone.clone()), res);
        assert_eq!(
            demo_path(None, Some(dir.join("missing.tdlog")), gone.clone()),
            gone
        );
        let env = PathBuf::from("/tmp/other.tdlog");
        assert_eq!(demo_path(Some(env.clone()), Some(res), gone), env);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Saves a report (appeal form or casebook, HTML or PDF, in the UI's language) to `path`,
/// or to a file chosen in a save dialog when no path is given. Returns where it was saved
/// (`None`: the dialog was cancelled).
#[tauri::command]
pub async fn report_save(
    app: tauri::AppHandle,
    state: State<'_, AppState>,
    request: crate::reports::ReportRequest,
    path: Option<String>,
) -> Result<Option<String>, AppError> {
    let o = state.current()?;
    let ext = if request.format == "pdf" {
        "pdf"
    } else {
        "html"
    };
    let name = format!("{}.{ext}", request.kind);
    blocking(move || {
        let bytes = crate::reports::render(&o, &request)?;
        let target = match path.filter(|p| !p.trim().is_empty()) {
            Some(p) => Some(PathBuf::from(p)),
            None => app
                .dialog()
                .file()
                .add_filter(ext, &[ext])
                .set_file_name(&name)
                .blocking_save_file()
                .and_then(|f| f.into_path().ok()),
        };
        match target {
            Some(t) => {
                crate::reports::save(&bytes, &t, &o.path)?;
                Ok(Some(t.display().to_string()))
            }
            None => Ok(None),
        }
    })
    .await
}

/// The chief TD enrols a device's key from the fingerprint the device shows (as
/// `tdlog key enrol`): role and holder as typed. The log's rules refuse any other signer.
#[tauri::command]
pub async fn key_enrol(
    state: State<'_, AppState>,
    fingerprint: String,
    role: String,
    holder: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = crate::enrol::enrol_payload(&fingerprint, &role, &holder)?;
    append_live(&state, p, passphrase, progress).await
}

/// The chief TD revokes a device's key (as `tdlog key revoke`): its events up to the last
/// one it signed stand, later ones do not.
#[tauri::command]
pub async fn key_revoke(
    state: State<'_, AppState>,
    fingerprint: String,
    reason: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = crate::enrol::revoke_payload(&*state.current()?, &fingerprint, &reason)?;
    append_live(&state, p, passphrase, progress).await
}
