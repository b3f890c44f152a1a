//! Version 1 of the organiser's appeal settings (`config.appeals` v1), read and upcast
//! only: the same fields as version 2, whose quorum (members a committee needs) was not yet
//! a count of concurring signatures, and which needed no reason below three. Kept as its
//! own struct so that its schema and its defaults stay what was signed.

use super::appeals::{Anchor, AppealSettings, LateRulingAnchor};
use super::pipeline::{Profile, Transition};
use super::EventPayload;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

fn thirty() -> u32 {
    30
}
fn one() -> u32 {
    1
}
fn yes() -> bool {
    true
}
fn is_default_anchor(a: &LateRulingAnchor) -> bool {
    *a == LateRulingAnchor::default()
}

/// The organiser's appeal settings (Laws 79C, 80B2, 92B, 93): periods, clock restarts,
/// committee and quorum, the pipeline. The latest event applies from its time on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealSettingsV1 {
    /// Law 79C1 correction period in minutes (default 30; later, or shorter with a reason).
    #[serde(default = "thirty")]
    pub correction_minutes: u32,
    /// Law 92B appeal period in minutes (default 30).
    #[serde(default = "thirty")]
    pub appeal_minutes: u32,
    #[serde(default)]
    pub appeal_anchor: Anchor,
    /// Why a period is shorter than 30 minutes (Law 79C1 footnote: special conditions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Whether a republication of corrected results restarts both periods
    /// (bridge-laws.md §10 open point 6).
    #[serde(default)]
    pub republication_restarts: bool,
    /// An appeals committee is available (Law 93B); otherwise the chief TD hears (93A).
    #[serde(default = "yes")]
    pub committee: bool,
    /// Members a committee needs (chair included).
    #[serde(default = "one")]
    pub quorum: u32,
    /// A further appeal procedure exists (Law 93C1).
    #[serde(default)]
    pub further_appeal: bool,
    /// The deposit the regulations set, as text shown on the form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deposit: Option<String>,
    #[serde(default)]
    pub profile: Profile,
    /// A pipeline of the organiser's own, replacing the profile's (Law 93C3(b)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transitions: Option<Vec<Transition>>,
    /// How far a device's clock may be ahead of another's before a signed time counts as
    /// future-dated, and how late a receipt may come after a deadline before a step is a
    /// late arrival (minutes; default 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_tolerance_minutes: Option<u32>,
    /// Law 92B: a ruling given after its board was published gets its own appeal period,
    /// from the ruling (default) or from the republication it causes.
    #[serde(default, skip_serializing_if = "is_default_anchor")]
    pub late_ruling_anchor: LateRulingAnchor,
    /// The length of that period in minutes (default: `appeal_minutes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_ruling_minutes: Option<u32>,
}

impl EventPayload for AppealSettingsV1 {
    const KIND: &'static str = "config.appeals";
    fn check(&self) -> Result<(), String> {
        upcast_v1(self.clone()).check()
    }
}

/// Version 1 read as version 2: every field as signed. (The workflow knows the version of
/// the settings event in force: a decision under version 1 settings took effect at once.)
pub fn upcast_v1(v: AppealSettingsV1) -> AppealSettings {
    AppealSettings {
        correction_minutes: v.correction_minutes,
        appeal_minutes: v.appeal_minutes,
        appeal_anchor: v.appeal_anchor,
        reason: v.reason,
        republication_restarts: v.republication_restarts,
        committee: v.committee,
        quorum: v.quorum,
        further_appeal: v.further_appeal,
        deposit: v.deposit,
        profile: v.profile,
        transitions: v.transitions,
        clock_tolerance_minutes: v.clock_tolerance_minutes,
        late_ruling_anchor: v.late_ruling_anchor,
        late_ruling_minutes: v.late_ruling_minutes,
    }
}
