//! The appeals workflow's commands (Laws 92-93): the appeal queue and every step of an
//! appeal as `tdlog appeal ...` signs it, each through the open log's live state after the
//! workflow guards, each with its own `allow-<command>` permission.

use crate::commands::{append_workflow, AppState};
use crate::error::AppError;
use crate::session::{Opened, Progress, Summary};
use crate::workflow::{self, AppealsView};
use tauri::ipc::Channel;
use tauri::State;
use tdlog::events::{
    AppealConflictResolved, AppealConsent, AppealDecided, AppealFiled, AppealFurther,
    AppealReferred, AppealRouted, AppealSettings, AppealStatement, AppealWithdrawn,
    AuthorityAnswered, CommitteeConvened, DecisionCosigned, Payload,
};
use tdlog::views::procedure;

/// Appeals with status, dossier and the steps this device's role may take (as `tdlog appeals`).
#[tauri::command]
pub fn appeals_list(state: State<'_, AppState>) -> Result<AppealsView, AppError> {
    let o = state.current()?;
    let now = chrono::Utc::now().timestamp_millis();
    Ok(workflow::appeals(&o, state.signer(&o), now))
}

#[tauri::command]
pub async fn appeal_file(
    state: State<'_, AppState>,
    filed: AppealFiled,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(&state, Payload::AppealFiled(filed), passphrase, progress).await
}

#[tauri::command]
pub async fn appeal_consent(
    state: State<'_, AppState>,
    consent: AppealConsent,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealConsent(consent),
        passphrase,
        progress,
    )
    .await
}

#[tauri::command]
pub async fn appeal_route(
    state: State<'_, AppState>,
    routed: AppealRouted,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(&state, Payload::AppealRouted(routed), passphrase, progress).await
}

#[tauri::command]
pub async fn appeal_convene(
    state: State<'_, AppState>,
    convened: CommitteeConvened,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::CommitteeConvened(convened),
        passphrase,
        progress,
    )
    .await
}

#[tauri::command]
pub async fn appeal_hear(
    state: State<'_, AppState>,
    statement: AppealStatement,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealStatement(statement),
        passphrase,
        progress,
    )
    .await
}

#[tauri::command]
pub async fn appeal_decide(
    state: State<'_, AppState>,
    decided: AppealDecided,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealDecided(Box::new(decided)),
        passphrase,
        progress,
    )
    .await
}

#[tauri::command]
pub async fn appeal_withdraw(
    state: State<'_, AppState>,
    withdrawn: AppealWithdrawn,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealWithdrawn(withdrawn),
        passphrase,
        progress,
    )
    .await
}

/// A member of the convened committee co-signs its chair's decision, concurring or
/// dissenting (Law 93B, as `tdlog appeal cosign`): it takes effect at the organiser's quorum.
#[tauri::command]
pub async fn appeal_cosign(
    state: State<'_, AppState>,
    cosigned: DecisionCosigned,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::DecisionCosigned(cosigned),
        passphrase,
        progress,
    )
    .await
}

/// The chief TD or the chair of the appeal's committee settles a conflict between
/// concurrent steps on an appeal (as `tdlog appeal resolve`): the step that stands, and why.
#[tauri::command]
pub async fn appeal_resolve(
    state: State<'_, AppState>,
    resolved: AppealConflictResolved,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealConflictResolved(resolved),
        passphrase,
        progress,
    )
    .await
}

/// The organiser's appeal settings (`config.appeals`): periods, committee, quorum, further
/// appeal, deposit. Only an organiser key may sign them.
#[tauri::command]
pub async fn appeals_configure(
    state: State<'_, AppState>,
    settings: AppealSettings,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealSettings(Box::new(settings)),
        passphrase,
        progress,
    )
    .await
}

/// Refers an appeal to the regulating authority (Law 93C2).
#[tauri::command]
pub async fn appeal_refer(
    state: State<'_, AppState>,
    referred: AppealReferred,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealReferred(referred),
        passphrase,
        progress,
    )
    .await
}

/// A further appeal after the decision, where the organiser configured one (Law 93C1).
#[tauri::command]
pub async fn appeal_further(
    state: State<'_, AppState>,
    further: AppealFurther,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AppealFurther(further),
        passphrase,
        progress,
    )
    .await
}

/// The regulating authority's answer to a referred appeal (Law 93C2), signed for it by the
/// organiser or the chief TD with the document it came in (as `tdlog appeal answer`).
#[tauri::command]
pub async fn appeal_authority_answer(
    state: State<'_, AppState>,
    answered: AuthorityAnswered,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    append_workflow(
        &state,
        Payload::AuthorityAnswered(Box::new(answered)),
        passphrase,
        progress,
    )
    .await
}

impl From<tdlog::views::procedure::ProcedureInputError> for AppError {
    fn from(e: tdlog::views::procedure::ProcedureInputError) -> Self {
        use tdlog::views::procedure::ProcedureInputError as E;
        match &e {
            E::NoAppeal(_) => AppError::new("unknown_subject", e.to_string()),
            E::NoDecision(d) => {
                AppError::new("unknown_decision", e.to_string()).with("decision", d)
            }
            E::NothingStands => AppError::new("nothing_stands", e.to_string()),
            E::BadTime { input, .. } => {
                AppError::new("bad_time", e.to_string()).with("time", input)
            }
            E::Payload(_) => AppError::new("invalid", e.to_string()),
        }
    }
}

/// Reads a procedure form against the open log's workflow and the event's zone, now; the
/// open log is let go of before the append, which holds it alone.
fn read_form(
    state: &AppState,
    read: impl FnOnce(&Opened, i64) -> Result<Payload, procedure::ProcedureInputError>,
) -> Result<Payload, AppError> {
    let o = state.current()?;
    Ok(read(&o, chrono::Utc::now().timestamp_millis())?)
}

/// The parties told of an appeal and of its hearing (as `tdlog appeal notify`; Law 93 and
/// the regulations); the hearing's time typed as the TD reads a clock, in the event's zone.
#[tauri::command]
pub async fn appeal_notify(
    state: State<'_, AppState>,
    form: procedure::NoticeForm,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = read_form(&state, |o, now| {
        procedure::notified(&o.workflow, o.replayed.tournament.zone(), form, now)
    })?;
    append_workflow(&state, p, passphrase, progress).await
}

/// The hearing's record: when it began, where, who attended (as `tdlog appeal hearing`).
#[tauri::command]
pub async fn appeal_hearing(
    state: State<'_, AppState>,
    form: procedure::HearingForm,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = read_form(&state, |o, now| {
        procedure::hearing(&o.workflow, o.replayed.tournament.zone(), form, now)
    })?;
    append_workflow(&state, p, passphrase, progress).await
}

/// A decision that stands announced to the parties (as `tdlog appeal announce`).
#[tauri::command]
pub async fn appeal_announce(
    state: State<'_, AppState>,
    form: procedure::AnnounceForm,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = procedure::announced(&state.current()?.workflow, form)?;
    append_workflow(&state, p, passphrase, progress).await
}

/// The event's time zone (`config.event`, as `tdlog time zone`): reports and screens print
/// local times in it, with the zone named. The chief TD or the organiser signs it; a name
/// that is not an IANA zone is refused with the engine's sentence.
#[tauri::command]
pub async fn event_time_zone(
    state: State<'_, AppState>,
    zone: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let p = Payload::EventSettings(tdlog::events::EventSettings {
        time_zone: zone.trim().to_string(),
    });
    p.encode()
        .map_err(|e| AppError::new("bad_time_zone", e.to_string()).with("zone", zone.trim()))?;
    append_workflow(&state, p, passphrase, progress).await
}
