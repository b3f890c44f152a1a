//! Live sync of the open log through a PostgreSQL hub (issue 17), in the app.
//!
//! The hub setting is per log and per device: `<data dir>/hubs/<log id>.json` holds the
//! address (never a password), and a password, if one is given, goes into
//! `<data dir>/hubs/<log id>.pgpass` (libpq's format, mode 0600, as `tdlog sync` reads it);
//! without one, the usual libpq environment (PGPASSWORD, PGPASSFILE, ~/.pgpass) applies.
//! Nothing of it is ever written into the log.
//!
//! A background thread runs the engine's [`tdlog::sync::watch`] for the open log. It reads
//! the rows to push through its own connection to the file, and merges what it pulls into
//! the app's live state (`Live::merge`, holding it exclusively for the merge only, as an
//! append does): the screens see new events without a re-open. After every round it
//! publishes the status bar ([`tdlog::views::hub_status`]) on the Tauri channel the window
//! gave (`hub_status_show`): a channel, not a global event, so the window needs no event
//! permission beyond its own commands. A hub that is away is retried (work goes on locally and is
//! pushed when it is back); a hub that misbehaves stops the sync with the engine's message.

use crate::commands::{blocking, AppState};
use crate::device;
use crate::error::AppError;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tauri::ipc::Channel;
use tauri::{Manager, State};
use tdlog::keys::DeviceKey;
use tdlog::log::{Hash32, Log, LogError, MergeReport, RawEvent};
use tdlog::sync::{self, HubConfig, Local};
use tdlog::views::{hub_status, HubStatus, SyncState};

/// How often the sync thread looks for this device's own new events while it waits for the
/// hub's notification.
const INTERVAL: Duration = Duration::from_millis(200);

/// What the window is sent after every sync round.
#[derive(Debug, Clone, Serialize)]
pub struct HubEvent {
    pub status: HubStatus,
    /// Events from other devices were merged in this round: screens reload their views.
    pub changed: bool,
}

// ---------------------------------------------------------------------------------------
// The device-local setting.

/// The hub address of a log, as this device keeps it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HubSetting {
    pub url: String,
}

fn hubs_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("hubs")
}

fn setting_path(data_dir: &Path, log_id: &Hash32) -> PathBuf {
    hubs_dir(data_dir).join(format!("{}.json", log_id.to_hex()))
}

fn password_path(data_dir: &Path, log_id: &Hash32) -> PathBuf {
    hubs_dir(data_dir).join(format!("{}.pgpass", log_id.to_hex()))
}

/// The hub set for `log_id` on this device, if any.
pub fn load_setting(data_dir: &Path, log_id: &Hash32) -> Option<HubSetting> {
    let text = std::fs::read_to_string(setting_path(data_dir, log_id)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Checks the address and keeps it (and the password, in a 0600 file) for `log_id`.
/// A password inside the address is refused: it would sit in a file others may read.
pub fn save_setting(
    data_dir: &Path,
    log_id: &Hash32,
    url: &str,
    password: Option<&str>,
) -> Result<HubConfig, AppError> {
    let url = url.trim();
    checked_address(url)?;
    std::fs::create_dir_all(hubs_dir(data_dir))?;
    let pw = password_path(data_dir, log_id);
    match password.filter(|p| !p.is_empty()) {
        Some(p) => write_private(&pw, &pgpass_line(p))?,
        None => {
            let _ = std::fs::remove_file(&pw);
        }
    }
    let setting = HubSetting {
        url: url.to_owned(),
    };
    let json = serde_json::to_vec_pretty(&setting)
        .map_err(|e| AppError::new("internal", e.to_string()))?;
    let target = setting_path(data_dir, log_id);
    let tmp = target.with_extension("partial");
    std::fs::write(&tmp, json)?;
    std::fs::rename(&tmp, &target)?;
    resolve(data_dir, log_id, &setting)
}

/// The hub's address checked: given, valid, and without a password in it (a password in
/// the address would sit in a file others may read).
pub fn checked_address(url: &str) -> Result<HubConfig, AppError> {
    let url = url.trim();
    if url.is_empty() {
        return Err(AppError::new("hub_address", "give the hub's address"));
    }
    // Resolved without any password source: a password now came from the address itself.
    let no_password = |k: &str| match k {
        "PGPASSWORD" | "PGPASSFILE" | "HOME" => None,
        _ => sync::conn::from_env(k),
    };
    let cfg = HubConfig::resolve(Some(url), None, &no_password)
        .map_err(|e| AppError::new("hub_address", e.to_string()))?;
    if cfg.config.get_password().is_some() {
        return Err(AppError::new(
            "hub_password_in_address",
            "the hub address contains a password: give it in the password field (it is kept in a file only this user can read)",
        ));
    }
    Ok(cfg)
}

/// Forgets the hub of `log_id` (address and password).
pub fn clear_setting(data_dir: &Path, log_id: &Hash32) {
    let _ = std::fs::remove_file(setting_path(data_dir, log_id));
    let _ = std::fs::remove_file(password_path(data_dir, log_id));
}

/// The connection of a saved setting: its password file if there is one, else libpq's
/// environment.
pub fn resolve(data_dir: &Path, log_id: &Hash32, s: &HubSetting) -> Result<HubConfig, AppError> {
    let pw = password_path(data_dir, log_id);
    let file = pw.exists().then_some(pw.as_path());
    HubConfig::resolve(Some(&s.url), file, &sync::conn::from_env)
        .map_err(|e| AppError::new("hub_address", e.to_string()))
}

/// A `.pgpass` line matching any host, port, database and user.
fn pgpass_line(password: &str) -> String {
    let esc = password.replace('\\', "\\\\").replace(':', "\\:");
    format!("*:*:*:*:{esc}\n")
}

/// Writes a file only its owner can read (created 0600, never widened).
fn write_private(path: &Path, text: &str) -> Result<(), AppError> {
    use std::io::Write;
    let _ = std::fs::remove_file(path);
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    let mut f = o.open(path)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The sync thread.

/// What the sync thread needs of the shell: the app's state, and a way to tell the window.
pub trait Shell: Send + Sync + 'static {
    fn app(&self) -> &AppState;
    fn publish(&self, event: &HubEvent);
}

/// The running app: its state, and the window's latest channel.
pub(crate) struct AppShell(pub(crate) tauri::AppHandle);

impl Shell for AppShell {
    fn app(&self) -> &AppState {
        self.0.state::<AppState>().inner()
    }
    fn publish(&self, event: &HubEvent) {
        let hubs = self.0.state::<HubState>();
        let ch = hubs.channel.lock().ok().and_then(|c| c.clone());
        if let Some(ch) = ch {
            if let Err(e) = ch.send(event.clone()) {
                tracing::warn!("hub status not delivered to the window: {e}");
            }
        }
    }
}

/// A running (or finished) sync of one log.
pub struct Syncer {
    pub path: PathBuf,
    stop: Arc<AtomicBool>,
    state: Arc<Mutex<SyncState>>,
    // Read by the tests (they join the thread).
    #[cfg_attr(not(test), allow(dead_code))]
    finished: Arc<AtomicBool>,
    #[cfg_attr(not(test), allow(dead_code))]
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Syncer {
    /// Starts syncing the open log at `path` (log `log_id`) with the hub `cfg`, signing
    /// receipts and head claims with `key` if given.
    pub fn start(
        shell: Arc<dyn Shell>,
        path: PathBuf,
        cfg: HubConfig,
        key: Option<DeviceKey>,
    ) -> Syncer {
        let stop = Arc::new(AtomicBool::new(false));
        let finished = Arc::new(AtomicBool::new(false));
        // Each sync its own number, so the window can tell its statuses from an earlier one's.
        static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let state = Arc::new(Mutex::new(SyncState {
            target: Some(cfg.target.clone()),
            state: "connecting",
            signing: key.is_some(),
            run: RUNS.fetch_add(1, Ordering::SeqCst) + 1,
            ..SyncState::default()
        }));
        let t = {
            let (stop, finished, state, path) =
                (stop.clone(), finished.clone(), state.clone(), path.clone());
            std::thread::Builder::new()
                .name("tdlog-hub-sync".into())
                .spawn(move || {
                    run(&*shell, &path, &cfg, key.as_ref(), &stop, &state);
                    finished.store(true, Ordering::SeqCst);
                })
                .ok()
        };
        if t.is_none() {
            if let Ok(mut s) = state.lock() {
                s.state = "stopped";
                s.last_error = Some("the sync thread could not be started".into());
            }
            finished.store(true, Ordering::SeqCst);
        }
        Syncer {
            path,
            stop,
            state,
            finished,
            thread: t,
        }
    }

    /// Asks the thread to stop; it ends after its current step (it never signs or merges
    /// after this returns, but a hub that is away may keep it waiting for a few seconds).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Stops and waits for the thread (tests).
    #[cfg(test)]
    pub fn join(mut self) {
        self.stop();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    #[cfg(test)]
    pub fn finished(&self) -> bool {
        self.finished.load(Ordering::SeqCst)
    }

    pub fn sync_state(&self) -> SyncState {
        self.state.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

/// The open log as the engine's sync sees it: rows and version through the thread's own
/// connection to the file, merges into the app's live state.
struct AppLocal<'a> {
    shell: &'a dyn Shell,
    path: &'a Path,
    reader: Log,
    stop: &'a AtomicBool,
}

impl AppLocal<'_> {
    /// The log is no longer the one open in the app: the sync ends.
    fn still_open(&self) -> Result<(), LogError> {
        let open = self
            .shell
            .app()
            .current()
            .is_ok_and(|o| o.path == self.path);
        if !open || self.stop.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
            return Err(LogError::Busy);
        }
        Ok(())
    }
}

impl Local for AppLocal<'_> {
    fn rows(&mut self) -> Result<Vec<RawEvent>, LogError> {
        self.still_open()?;
        Ok(self
            .reader
            .read_inputs()?
            .into_iter()
            .map(|i| i.raw)
            .collect())
    }

    fn merge(
        &mut self,
        incoming: tdlog::log::Identified,
        key: Option<&DeviceKey>,
    ) -> Result<MergeReport, LogError> {
        self.still_open()?;
        // As an append: views in flight finish first; a screen that holds the log longer
        // than that makes this round give way (`Busy`), and the next one merges.
        match self
            .shell
            .app()
            .with_live(Some(self.path), Some(5000), |o| o.live.merge(incoming, key))
        {
            Ok((r, _)) => r,
            Err(e) => {
                if e.code != "busy" {
                    self.stop.store(true, Ordering::SeqCst);
                }
                Err(LogError::Busy)
            }
        }
    }

    fn version(&mut self) -> Result<i64, LogError> {
        self.reader.data_version()
    }

    // A sync reads only what is new, through the thread's own connection.
    fn heads(&mut self) -> Result<Vec<(Hash32, u64, Hash32)>, LogError> {
        self.still_open()?;
        self.reader.chain_heads()
    }

    fn chain_above(&mut self, author: &Hash32, seq: u64) -> Result<Vec<RawEvent>, LogError> {
        self.reader.chain_above(author, seq)
    }

    fn fork_rows(&mut self) -> Result<Vec<RawEvent>, LogError> {
        self.reader.fork_rows()
    }

    fn holds(&mut self, id: &Hash32) -> Result<bool, LogError> {
        self.reader.holds(id)
    }

    fn stored_log_id(&mut self) -> Result<Option<Hash32>, LogError> {
        self.still_open()?;
        self.reader.any_log_id()
    }

    fn may_sign(&mut self, key: &DeviceKey) -> bool {
        self.shell.app().current().is_ok_and(|o| {
            o.replayed
                .log
                .keys
                .may_sign(&key.public(), u64::MAX)
                .is_ok()
        })
    }
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// The status bar of the open log at `path` with `sync`; `None` if another log is open.
fn status_of(app: &AppState, path: &Path, sync: &SyncState) -> Option<HubStatus> {
    let o = app.current().ok().filter(|o| o.path == path)?;
    Some(hub_status(
        &o.replayed.log,
        app.device_public().as_deref(),
        sync,
    ))
}

fn run(
    shell: &dyn Shell,
    path: &Path,
    cfg: &HubConfig,
    key: Option<&DeviceKey>,
    stop: &AtomicBool,
    state: &Mutex<SyncState>,
) {
    let publish = |s: &SyncState, changed: bool| {
        if let Some(status) = status_of(shell.app(), path, s) {
            shell.publish(&HubEvent { status, changed });
        }
    };
    let set = |f: &mut dyn FnMut(&mut SyncState)| -> SyncState {
        let mut g = state.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut g);
        g.changes += 1;
        g.clone()
    };
    let reader = match Log::open(path) {
        Ok(l) => l,
        Err(e) => {
            let s = set(&mut |s| {
                s.state = "stopped";
                s.last_error = Some(e.to_string());
            });
            publish(&s, false);
            return;
        }
    };
    let mut local = AppLocal {
        shell,
        path,
        reader,
        stop,
    };
    let opts = sync::Options::default();
    let res = loop {
        let res = sync::watch(
            &mut local,
            cfg,
            key,
            &opts,
            INTERVAL,
            &|| stop.load(Ordering::SeqCst),
            &mut |round| {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let (s, changed) = match round {
                    Ok(r) => {
                        let changed = r.merged.added + r.merged.forks > 0;
                        let s = set(&mut |s| {
                            s.state = "synced";
                            s.last_ok_ms = Some(now_ms());
                            s.last_error = None;
                            s.pushed += r.pushed;
                            s.pulled += r.merged.added as u64;
                        });
                        (s, changed)
                    }
                    Err(e) => {
                        let s = set(&mut |s| {
                            s.state = if e.is_hostile() { "refused" } else { "offline" };
                            s.last_error = Some(e.to_string());
                        });
                        (s, false)
                    }
                };
                publish(&s, changed);
            },
        );
        // The app's state was busy for a merge: nothing was written; the next round merges.
        if matches!(res, Err(sync::SyncError::Log(LogError::Busy))) && !stop.load(Ordering::SeqCst)
        {
            std::thread::sleep(INTERVAL);
            continue;
        }
        break res;
    };
    let s = set(&mut |s| match &res {
        Err(e) if !stop.load(Ordering::SeqCst) => {
            s.state = if e.is_hostile() { "refused" } else { "stopped" };
            s.last_error = Some(e.to_string());
        }
        _ => s.state = "stopped",
    });
    if !stop.load(Ordering::SeqCst) || s.state == "refused" {
        publish(&s, false);
    }
}

// ---------------------------------------------------------------------------------------
// The shell's side: which log syncs, and the commands.

/// The app's sync: at most one log (the open one) syncs at a time.
#[derive(Default)]
pub struct HubState {
    syncer: Mutex<Option<Syncer>>,
    /// Where the window listens (the latest `hub_status_show` call's).
    channel: Mutex<Option<Channel<HubEvent>>>,
}

impl HubState {
    /// Brings the sync in line with the open log: stops a sync of a log that is no longer
    /// open, and starts the open log's if this device has a hub set for it (once: a sync that
    /// stopped on a misbehaving hub stays stopped until the hub is set again). Returns the
    /// status bar.
    pub fn align(
        &self,
        shell: Arc<dyn Shell>,
        passphrase: Option<&str>,
    ) -> Result<HubStatus, AppError> {
        let app = shell.app();
        let mut slot = self
            .syncer
            .lock()
            .map_err(|_| AppError::new("internal", "sync lock poisoned"))?;
        let Ok(o) = app.current() else {
            if let Some(s) = slot.take() {
                s.stop();
            }
            return Err(AppError::no_log());
        };
        let log_id = o.replayed.log.log_id;
        if slot.as_ref().is_some_and(|s| s.path != o.path) {
            if let Some(s) = slot.take() {
                s.stop();
            }
        }
        if slot.is_none() {
            if let Some(setting) = load_setting(&app.data_dir, &log_id) {
                let cfg = resolve(&app.data_dir, &log_id, &setting)?;
                let key = signing_key(app, passphrase)?;
                *slot = Some(Syncer::start(shell.clone(), o.path.clone(), cfg, key));
            }
        }
        let sync = slot.as_ref().map(Syncer::sync_state).unwrap_or_default();
        Ok(hub_status(
            &o.replayed.log,
            app.device_public().as_deref(),
            &sync,
        ))
    }

    /// Stops the current sync (a new setting starts afresh).
    pub fn reset(&self) {
        if let Ok(mut slot) = self.syncer.lock() {
            if let Some(s) = slot.take() {
                s.stop();
            }
        }
    }

    /// Takes the syncer out (tests join it).
    #[cfg(test)]
    pub fn take(&self) -> Option<Syncer> {
        self.syncer.lock().ok().and_then(|mut s| s.take())
    }
}

/// The key that signs receipts and head claims: the signing key, if it opens (a sealed key
/// without its passphrase syncs without signing; a wrong passphrase is an error).
pub(crate) fn signing_key(
    app: &AppState,
    passphrase: Option<&str>,
) -> Result<Option<DeviceKey>, AppError> {
    let path = app.signing_path()?;
    if !path.exists() {
        return Ok(None);
    }
    match device::load_at(&path, passphrase) {
        Ok(k) => Ok(Some(k)),
        Err(_) if passphrase.is_none() => Ok(None),
        Err(e) => Err(e),
    }
}

fn log_id_of(app: &AppState) -> Result<Hash32, AppError> {
    Ok(app.current()?.replayed.log.log_id)
}

/// The status bar of the open log; starts its sync if this device has a hub set for it.
/// `updates` receives the status bar after every sync round from now on.
#[tauri::command]
pub async fn hub_status_show(
    app: tauri::AppHandle,
    passphrase: Option<String>,
    updates: Channel<HubEvent>,
) -> Result<HubStatus, AppError> {
    blocking(move || {
        let hubs = app.state::<HubState>();
        if let Ok(mut c) = hubs.channel.lock() {
            *c = Some(updates);
        }
        hubs.align(Arc::new(AppShell(app.clone())), passphrase.as_deref())
    })
    .await
}

/// Sets this device's hub for the open log (address, optional password kept 0600) and
/// starts syncing.
#[tauri::command]
pub async fn hub_set(
    app: tauri::AppHandle,
    url: String,
    password: Option<String>,
    passphrase: Option<String>,
) -> Result<HubStatus, AppError> {
    blocking(move || {
        let st = app.state::<AppState>();
        let log_id = log_id_of(&st)?;
        save_setting(&st.data_dir, &log_id, &url, password.as_deref())?;
        let hubs = app.state::<HubState>();
        hubs.reset();
        hubs.align(Arc::new(AppShell(app.clone())), passphrase.as_deref())
    })
    .await
}

/// Stops syncing the open log and forgets its hub on this device.
#[tauri::command]
pub async fn hub_clear(
    state: State<'_, AppState>,
    hubs: State<'_, HubState>,
) -> Result<(), AppError> {
    let log_id = log_id_of(&state)?;
    hubs.reset();
    clear_setting(&state.data_dir, &log_id);
    Ok(())
}

/// The hub setting form of the open log.
#[derive(Debug, Clone, Serialize)]
pub struct HubForm {
    pub url: Option<String>,
    pub has_password: bool,
}

/// The open log's hub setting on this device (the address; never the password).
#[tauri::command]
pub fn hub_setting(state: State<'_, AppState>) -> Result<HubForm, AppError> {
    let log_id = log_id_of(&state)?;
    Ok(HubForm {
        url: load_setting(&state.data_dir, &log_id).map(|s| s.url),
        has_password: password_path(&state.data_dir, &log_id).exists(),
    })
}

pub mod join;

#[cfg(test)]
mod tests;
