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

/// A file of another program, or a dealing program's hand records, chosen in a native
/// dialog (`what`: `results` for PBN/USEBIO, `hands` for a PBN of deals).
#[tauri::command]
pub async fn pick_input_file(
    app: tauri::AppHandle,
    what: String,
) -> Result<Option<String>, AppError> {
    use tauri_plugin_dialog::DialogExt;
    crate::commands::blocking(move || {
        let d = app.dialog().file();
        let d = if what == "hands" {
            d.add_filter("PBN", &["pbn"])
        } else {
            d.add_filter("PBN, USEBIO", &["pbn", "xml"])
        };
        Ok(d.blocking_pick_file()
            .and_then(|f| f.into_path().ok())
            .map(|p| p.display().to_string()))
    })
    .await
}

/// The most a results or hand-records file may be: far above any session's file.
const MAX_INPUT_BYTES: u64 = 64 << 20;

/// A file's text: a regular file of bounded size; UTF-8, else ISO-8859-1 byte for byte (Ruter
/// and Compscore write Latin-1).
fn read_text(path: &str) -> Result<String, AppError> {
    let p = std::path::Path::new(path);
    let meta = tdlog::io_safe::require_regular_file(p)?;
    if meta.len() > MAX_INPUT_BYTES {
        return Err(AppError::new(
            "io",
            format!(
                "{path}: {} bytes; a results file is well under 64 MiB",
                meta.len()
            ),
        ));
    }
    let bytes = std::fs::read(p)?;
    Ok(String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect()))
}

/// What importing a file would sign, before anything is signed.
#[derive(serde::Deserialize)]
pub struct ImportRequest {
    pub path: String,
    pub section: String,
    /// (team, captain) pairs recorded with their teams (Law 92D).
    #[serde(default)]
    pub captains: Vec<(String, String)>,
}

fn plan_of(
    r: &ImportRequest,
) -> Result<(tdlog::results::import::Plan, tdlog::views::import::FileKind), AppError> {
    use tdlog::views::import::{read_plan, FileKind};
    let text = read_text(&r.path)?;
    let kind = FileKind::guess(&r.path, &text);
    let plan = read_plan(&text, kind, r.section.trim(), &r.captains).map_err(|e| {
        AppError::new("import_unreadable", e.to_string()).with("file", r.path.as_str())
    })?;
    Ok((plan, kind))
}

#[tauri::command]
pub async fn import_preview(
    state: State<'_, AppState>,
    request: ImportRequest,
) -> Result<tdlog::views::import::ImportPreview, AppError> {
    let o = state.current()?;
    let role = state.role(&o);
    crate::commands::blocking(move || {
        let (plan, kind) = plan_of(&request)?;
        Ok(tdlog::views::import::import_preview(
            &o.replayed,
            &plan,
            kind,
            role,
        ))
    })
    .await
}

/// Signs what the preview showed (read again from the file: a file changed in between
/// signs what it says now, and is checked again): all of it in one transaction, or nothing.
#[tauri::command]
pub async fn import_sign(
    state: State<'_, AppState>,
    request: ImportRequest,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let _ = progress;
    let (plan, kind) = plan_of(&request)?;
    let o = state.current()?;
    let v = tdlog::views::import::import_preview(&o.replayed, &plan, kind, state.role(&o));
    drop(o);
    if let Some(b) = v.blocked {
        let code = match b {
            tdlog::views::import::Blocked::Problems => "import_problems",
            tdlog::views::import::Blocked::SectionExists => "import_section_exists",
            tdlog::views::import::Blocked::NeedsDirector => "import_needs_director",
            tdlog::views::import::Blocked::Empty => "import_empty",
        };
        return Err(AppError::new(code, format!("{b:?}: nothing was signed"))
            .with("section", v.section.as_str())
            .with("problems", v.problems.len().to_string()));
    }
    sign_batch(&state, plan.payloads, passphrase).await
}

/// Signs `payloads` in one transaction through the open log's live state.
async fn sign_batch(
    state: &AppState,
    payloads: Vec<tdlog::events::Payload>,
    passphrase: Option<String>,
) -> Result<Summary, AppError> {
    let key_file = state.signing_path()?;
    let key =
        crate::commands::blocking(move || crate::device::load_at(&key_file, passphrase.as_deref()))
            .await?;
    let now = chrono::Utc::now().timestamp_millis();
    let (r, o) = state.with_live(None, Some(5000), |o| {
        o.live.append_batch(&key, payloads, now)
    })?;
    r?;
    Ok(crate::session::summary(
        &o,
        state.device_public().as_deref(),
    ))
}

/// Hand records: what attaching a PBN's deals to `section` would sign.
#[tauri::command]
pub async fn hand_records_preview(
    state: State<'_, AppState>,
    path: String,
    section: String,
) -> Result<tdlog::views::hand_records::HandRecordsPreview, AppError> {
    let o = state.current()?;
    crate::commands::blocking(move || {
        let records = hand_records_read(&path)?;
        Ok(tdlog::views::hand_records::hand_records(&o.replayed, &records, section.trim()).0)
    })
    .await
}

fn hand_records_read(path: &str) -> Result<Vec<tdlog::bridge::pbn::PbnRecord>, AppError> {
    tdlog::bridge::pbn::parse(&read_text(path)?)
        .map_err(|e| AppError::new("import_unreadable", e.to_string()).with("file", path))
}

/// Signs the deals the preview showed (new and replaced ones), in one transaction.
#[tauri::command]
pub async fn hand_records_sign(
    state: State<'_, AppState>,
    path: String,
    section: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let _ = progress;
    let records = hand_records_read(&path)?;
    let payloads = tdlog::views::hand_records::hand_records(
        &state.current()?.replayed,
        &records,
        section.trim(),
    )
    .1;
    if payloads.is_empty() {
        return Err(AppError::new(
            "hands_nothing_new",
            "every deal of the file is already recorded: nothing was signed",
        ));
    }
    sign_batch(&state, payloads, passphrase).await
}

/// What the log holds of each section (the Set-up screen's first lines).
#[tauri::command]
pub fn setup_status(
    state: State<'_, AppState>,
) -> Result<tdlog::views::setup::SetupStatus, AppError> {
    Ok(tdlog::views::setup::setup_status(
        &state.current()?.replayed,
    ))
}

/// The movements that fit `contestants` pairs or teams.
#[tauri::command]
pub fn setup_options(
    form: tdlog::events::Form,
    contestants: u32,
    lang: String,
) -> Result<Vec<tdlog::results::movement::MovementOption>, AppError> {
    Ok(tdlog::views::setup::setup_options(
        form,
        contestants.min(200),
        lang.parse::<tdlog::i18n::Lang>().unwrap_or_default(),
    ))
}

/// The set-up as it would be signed: the movement round by round, or why not.
#[tauri::command]
pub async fn setup_preview(
    state: State<'_, AppState>,
    request: tdlog::views::setup::SetupRequest,
    lang: String,
) -> Result<tdlog::views::setup::SetupPreview, AppError> {
    let o = state.current()?;
    crate::commands::blocking(move || {
        Ok(tdlog::views::setup::setup_preview(
            &o.replayed,
            &request,
            lang.parse::<tdlog::i18n::Lang>().unwrap_or_default(),
        ))
    })
    .await
}

/// Signs the set-up (section, contestants, movement) in one transaction.
#[tauri::command]
pub async fn setup_sign(
    state: State<'_, AppState>,
    request: tdlog::views::setup::SetupRequest,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let _ = progress;
    let (_, payloads) = tdlog::views::setup::setup_payloads(&state.current()?.replayed, &request)
        .map_err(|e| {
        let code = match &e {
            tdlog::views::setup::SetupError::SectionExists { .. } => "setup_section_exists",
            tdlog::views::setup::SetupError::SectionName => "setup_section_name",
            tdlog::views::setup::SetupError::NoTitle => "setup_no_title",
            tdlog::views::setup::SetupError::Movement(_) => "setup_movement",
            tdlog::views::setup::SetupError::NotInMovement { .. } => "setup_not_in_movement",
            tdlog::views::setup::SetupError::Duplicate { .. } => "setup_duplicate",
        };
        AppError::new(code, e.to_string()).with("section", request.section.as_str())
    })?;
    sign_batch(&state, payloads, passphrase).await
}

/// A section's scoring policy in force, every knob in words (`views::policy`).
#[tauri::command]
pub fn policy_show(
    state: State<'_, AppState>,
    section: String,
    lang: String,
) -> Result<tdlog::views::policy::PolicyView, AppError> {
    let lang = lang.parse::<tdlog::i18n::Lang>().unwrap_or_default();
    tdlog::views::policy::policy_view(&state.current()?.replayed, &section, lang)
        .map_err(|e| AppError::new(e.code(), e.to_string()).with("section", section.as_str()))
}

/// The form's knobs signed as the section's new `scoring.policy` (the other knobs kept).
#[tauri::command]
pub async fn policy_sign(
    state: State<'_, AppState>,
    request: tdlog::views::policy::PolicyRequest,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = tdlog::views::policy::policy_payload(&state.current()?.replayed, &request).map_err(
        |e| AppError::new(e.code(), e.to_string()).with("section", request.section.as_str()),
    )?;
    append_live(&state, p, passphrase, progress).await
}

#[cfg(test)]
mod policy_tests {
    /// The codes the UI translates exist for every refusal of the policy form.
    #[test]
    fn every_policy_refusal_has_a_code_the_ui_translates() {
        use tdlog::views::policy::PolicyError;
        let ui = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../ui/src/lib/i18n/errors/en.ts"
        ))
        .unwrap();
        for e in [
            PolicyError::NoSection("Z".into()),
            PolicyError::Method {
                form: tdlog::events::Form::Teams,
                method: tdlog::events::Method::Butler,
            },
            PolicyError::Percentages,
            PolicyError::Imps,
            PolicyError::Note,
        ] {
            assert!(
                ui.contains(&format!("\"error.{}\"", e.code())),
                "{}",
                e.code()
            );
        }
    }
}
