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

/// Declares the commands that sign one workflow step the webview sends whole, a line each:
/// `name(argument: Type) => the payload`. Each goes through the workflow guards in
/// [`append_workflow`]; a new one is its line here, its entry in `generate_handler!` and its
/// `allow-<command>` permission.
macro_rules! step_commands {
    ($($(#[$doc:meta])* $name:ident($arg:ident: $ty:ty) => $payload:expr;)*) => {$(
        $(#[$doc])*
        #[tauri::command]
        pub async fn $name(
            state: State<'_, AppState>,
            $arg: $ty,
            passphrase: Option<String>,
            progress: Channel<Progress>,
        ) -> Result<Summary, AppError> {
            append_workflow(&state, $payload, passphrase, progress).await
        }
    )*};
}

step_commands! {
    /// An appeal against a ruling, filed (Law 92).
    appeal_file(filed: AppealFiled) => Payload::AppealFiled(filed);
    /// A side's consent to its appeal (Law 92D).
    appeal_consent(consent: AppealConsent) => Payload::AppealConsent(consent);
    /// An appeal routed to the chief TD or a committee (Law 93A/B).
    appeal_route(routed: AppealRouted) => Payload::AppealRouted(routed);
    /// The committee convened for an appeal (Law 93B).
    appeal_convene(convened: CommitteeConvened) => Payload::CommitteeConvened(convened);
    /// A statement heard on an appeal.
    appeal_hear(statement: AppealStatement) => Payload::AppealStatement(statement);
    /// The decision on an appeal (Law 93).
    appeal_decide(decided: AppealDecided) => Payload::AppealDecided(Box::new(decided));
    /// An appeal withdrawn.
    appeal_withdraw(withdrawn: AppealWithdrawn) => Payload::AppealWithdrawn(withdrawn);
    /// A member of the convened committee co-signs its chair's decision, concurring or
    /// dissenting (Law 93B, as `tdlog appeal cosign`): it takes effect at the organiser's quorum.
    appeal_cosign(cosigned: DecisionCosigned) => Payload::DecisionCosigned(cosigned);
    /// The chief TD or the chair of the appeal's committee settles a conflict between
    /// concurrent steps on an appeal (as `tdlog appeal resolve`): the step that stands, and why.
    appeal_resolve(resolved: AppealConflictResolved) => Payload::AppealConflictResolved(resolved);
    /// The organiser's appeal settings (`config.appeals`): periods, committee, quorum, further
    /// appeal, deposit. Only an organiser key may sign them.
    appeals_configure(settings: AppealSettings) => Payload::AppealSettings(Box::new(settings));
    /// Refers an appeal to the regulating authority (Law 93C2).
    appeal_refer(referred: AppealReferred) => Payload::AppealReferred(referred);
    /// A further appeal after the decision, where the organiser configured one (Law 93C1).
    appeal_further(further: AppealFurther) => Payload::AppealFurther(further);
    /// The regulating authority's answer to a referred appeal (Law 93C2), signed for it by the
    /// organiser or the chief TD with the document it came in (as `tdlog appeal answer`).
    appeal_authority_answer(answered: AuthorityAnswered) => Payload::AuthorityAnswered(Box::new(answered));
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
