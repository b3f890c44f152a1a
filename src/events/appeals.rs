//! Results publication and its clocks (Laws 79C, 92B), score corrections (79C1/79C2), the
//! organiser's appeal settings, and every step of an appeal (Laws 92-93, state machine C).
//! Who may sign each is the catalogue's roles column; the time and workflow guards are in
//! `crate::appeals`.

use super::pipeline::{Profile, Transition};
use super::{check_text, Adjustment, EventPayload, Slot, TableResult};
use crate::log::Hash32;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Official results published for inspection: the anchor of the correction period (Law
/// 79C) and the appeal period (Law 92B).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsPublished {
    /// Sections covered; empty = every section.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<String>,
    /// The session published (`None` = the whole event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
}

impl EventPayload for ResultsPublished {
    const KIND: &'static str = "results.published";
}

/// A signed tree head (RFC 9162) of a results publication: the size and root of the Merkle
/// tree over the publication and every event its signer had seen (`log::tree`). The
/// publisher signs one with the publication; every further signer is a witness that checked
/// the same head against its own copy of the log. Checked against the log at append.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsTreeHead {
    /// The `results.published` event the tree is made for.
    pub publication: Hash32,
    /// How many events the tree holds.
    pub size: u64,
    /// Its root (hex of 32 bytes).
    pub root: Hash32,
}

impl EventPayload for ResultsTreeHead {
    const KIND: &'static str = "results.tree_head";
}

/// What the appeal period runs from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Anchor {
    /// From the publication of official results (Law 92B).
    #[default]
    Publication,
    /// From the ruling itself (Doppelkopf: objection at once).
    Ruling,
}

/// Law 92B: where the appeal period of a ruling given after its board's score was made
/// available (published) runs from. The Laws give the right to appeal until 30 minutes after
/// publication, so a later ruling needs a period of its own: the organiser's policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LateRulingAnchor {
    /// From the ruling itself (the default: no republication may ever come).
    #[default]
    Ruling,
    /// From the republication the ruling causes (no period runs until it is published).
    Republication,
}

impl LateRulingAnchor {
    pub fn as_str(self) -> &'static str {
        match self {
            LateRulingAnchor::Ruling => "ruling",
            LateRulingAnchor::Republication => "republication",
        }
    }
    fn is_default(&self) -> bool {
        *self == LateRulingAnchor::default()
    }
}

fn thirty() -> u32 {
    30
}
fn three() -> u32 {
    3
}
fn yes() -> bool {
    true
}

/// The organiser's appeal settings (Laws 79C, 80B2, 92B, 93): periods, clock restarts,
/// committee and quorum, the pipeline. The latest event applies from its time on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealSettings {
    /// Law 79C1 correction period in minutes (default 30; later, or shorter with a reason).
    #[serde(default = "thirty")]
    pub correction_minutes: u32,
    /// Law 92B appeal period in minutes (default 30).
    #[serde(default = "thirty")]
    pub appeal_minutes: u32,
    #[serde(default)]
    pub appeal_anchor: Anchor,
    /// Why a period is shorter than 30 minutes (Law 79C1 footnote: special conditions), or
    /// the quorum smaller than 3 (Law 93 and the regulations; version 2 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Whether a republication of corrected results restarts both periods
    /// (bridge-laws.md §10 open point 6).
    #[serde(default)]
    pub republication_restarts: bool,
    /// An appeals committee is available (Law 93B); otherwise the chief TD hears (93A).
    #[serde(default = "yes")]
    pub committee: bool,
    /// Concurring signatures a committee decision needs to take effect, the chair's included
    /// (Law 93 and the regulations: 3 by default; 1 or 2 only with a `reason`). A committee
    /// has at least this many members. Version 1 of this event had no such rule: its quorum
    /// stands as it was signed.
    #[serde(default = "three")]
    pub quorum: u32,
    /// A further appeal procedure exists (Law 93C1).
    #[serde(default)]
    pub further_appeal: bool,
    /// The deposit the regulations set, as text shown on the form (version 3 on: returned
    /// unless the appeal is judged without merit, Law 92A).
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
    #[serde(default, skip_serializing_if = "LateRulingAnchor::is_default")]
    pub late_ruling_anchor: LateRulingAnchor,
    /// The length of that period in minutes (default: `appeal_minutes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_ruling_minutes: Option<u32>,
}

impl Default for AppealSettings {
    fn default() -> Self {
        AppealSettings {
            correction_minutes: 30,
            appeal_minutes: 30,
            appeal_anchor: Anchor::Publication,
            reason: None,
            republication_restarts: false,
            committee: true,
            quorum: 3,
            further_appeal: false,
            deposit: None,
            profile: Profile::Wbf,
            transitions: None,
            clock_tolerance_minutes: None,
            late_ruling_anchor: LateRulingAnchor::Ruling,
            late_ruling_minutes: None,
        }
    }
}

impl AppealSettings {
    /// The clock tolerance in force, in milliseconds.
    pub fn clock_tolerance_ms(&self) -> i64 {
        self.clock_tolerance_minutes
            .map_or(crate::log::time::DEFAULT_TOLERANCE_MS, |m| {
                m as i64 * 60_000
            })
    }

    /// The pipeline in force.
    pub fn pipeline(&self) -> &[Transition] {
        self.transitions
            .as_deref()
            .unwrap_or_else(|| self.profile.transitions())
    }
}

impl AppealSettings {
    /// The quorum the regulations expect of a committee (Law 93): three members.
    pub const DEFAULT_QUORUM: u32 = 3;
}

impl EventPayload for AppealSettings {
    const KIND: &'static str = "config.appeals";
    /// Version 2: the quorum counts concurring signatures (3 by default, smaller only with a
    /// reason). Version 3: a decision's deposit follows these settings: returned unless the
    /// appeal is judged without merit, and kept only if a deposit is set (Law 92A). Versions
    /// 1 and 2 are read with the same fields and keep the rules they were signed under.
    const VERSION: u16 = 3;
    fn check(&self) -> Result<(), String> {
        let late = self.late_ruling_minutes.unwrap_or(self.appeal_minutes);
        if (self.correction_minutes < 30 || self.appeal_minutes < 30 || late < 30)
            && self.reason.is_none()
        {
            return Err("a period shorter than 30 minutes needs a stated reason (Law 79C1)".into());
        }
        if let Some(r) = &self.reason {
            check_text("reason", r, 2000)?;
        }
        if self.quorum == 0 {
            return Err("a committee quorum is at least 1".into());
        }
        if let Some(t) = &self.transitions {
            if t.is_empty() {
                return Err("a pipeline has at least one transition".into());
            }
        }
        Ok(())
    }
}

/// A corrected table result: an agreed scoring error (Law 79C1), or after the period with
/// the organiser's consent (Law 79C2, `late_consent`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreCorrected {
    #[serde(flatten)]
    pub slot: Slot,
    pub ns: String,
    pub ew: String,
    #[serde(flatten)]
    pub result: TableResult,
    pub reason: String,
    /// The organiser's `organiser.late_correction_consent` event (Law 79C2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_consent: Option<Hash32>,
}

impl EventPayload for ScoreCorrected {
    const KIND: &'static str = "result.corrected";
    fn check(&self) -> Result<(), String> {
        check_text("reason", &self.reason, 5000)?;
        self.result.check()
    }
}

/// The organiser consents to a score correction after the correction period (Law 79C2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LateCorrectionConsent {
    #[serde(flatten)]
    pub slot: Slot,
    pub reason: String,
}

impl EventPayload for LateCorrectionConsent {
    const KIND: &'static str = "organiser.late_correction_consent";
    fn check(&self) -> Result<(), String> {
        check_text("reason", &self.reason, 5000)
    }
}

/// An appeal filed through a director (Law 92C) on behalf of a contestant, against one
/// ruling. Its event id is the appeal's id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealFiled {
    /// The `director.ruling` appealed.
    pub ruling: Hash32,
    /// The appellant contestant (pair number or team name) of the ruling's section.
    pub appellant: String,
    pub grounds: String,
    /// Players who signed the appeal form (Law 92D).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub consents: Vec<String>,
}

impl EventPayload for AppealFiled {
    const KIND: &'static str = "appeal.filed";
    fn check(&self) -> Result<(), String> {
        check_text("appellant", &self.appellant, 100)?;
        check_text("grounds", &self.grounds, 10_000)?;
        self.consents
            .iter()
            .try_for_each(|c| check_text("consent", c, 200))
    }
}

/// A further player's consent to an appeal (Law 92D), recorded by a director.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealConsent {
    pub appeal: Hash32,
    pub player: String,
}

impl EventPayload for AppealConsent {
    const KIND: &'static str = "appeal.consent";
    fn check(&self) -> Result<(), String> {
        check_text("player", &self.player, 200)
    }
}

/// Who hears an appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Forum {
    ChiefTd,
    Committee,
}

/// A part of a mixed appeal (Law 93B): the chief TD routes each part to its forum.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// The part that concerns only the Laws or regulations: the chief TD (Law 93B1); the
    /// committee may only recommend on it (Law 93B3).
    Law,
    /// Facts and judgement: the appeals committee (Law 93B2).
    Judgement,
}

impl Part {
    pub fn as_str(self) -> &'static str {
        match self {
            Part::Law => "law",
            Part::Judgement => "judgement",
        }
    }
}

/// The chief TD routes an appeal (Law 93): law-only parts to himself (93B1), the rest to
/// the committee (93B2), or everything to himself when there is no committee (93A).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealRouted {
    pub appeal: Hash32,
    pub to: Forum,
    /// The part routed concerns only the Laws or regulations.
    pub law_only: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// A mixed appeal: the part routed (its law part and its judgement part each follow
    /// the pipeline on their own, Law 93B1/B2). `None`: the whole appeal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<Part>,
}

impl EventPayload for AppealRouted {
    const KIND: &'static str = "appeal.routed";
}

/// The appeals committee for one appeal: member keys (each enrolled with the `committee`
/// role) and the chair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitteeConvened {
    pub appeal: Hash32,
    pub members: Vec<Hash32>,
    pub chair: Hash32,
    /// The part of a mixed appeal the committee hears (`None`: the whole appeal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<Part>,
}

impl EventPayload for CommitteeConvened {
    const KIND: &'static str = "appeal.convened";
    fn check(&self) -> Result<(), String> {
        if !self.members.contains(&self.chair) {
            return Err("the chair is one of the members".into());
        }
        let mut m = self.members.clone();
        m.sort();
        m.dedup();
        if m.len() != self.members.len() {
            return Err("a member is listed twice".into());
        }
        Ok(())
    }
}

/// Whose statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    Appellant,
    Respondent,
    Director,
    Witness,
}

/// A statement at the hearing, attached as its own event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealStatement {
    pub appeal: Hash32,
    pub party: Party,
    /// Who spoke.
    pub by: String,
    pub text: String,
}

impl EventPayload for AppealStatement {
    const KIND: &'static str = "appeal.statement";
    fn check(&self) -> Result<(), String> {
        check_text("by", &self.by, 200)?;
        check_text("text", &self.text, 20_000)
    }
}

/// How an appeal ended (bridge-laws.md §7.5 DECIDED_*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Upheld,
    /// The ruling changed; `adjustment` gives the new score.
    Changed,
    /// On a point of law or a disciplinary matter the committee may only recommend (93B3).
    RecommendationOnly,
    /// Without merit: the regulations may penalise (Law 92A).
    WithoutMerit,
}

impl Decision {
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Upheld => "upheld",
            Decision::Changed => "changed",
            Decision::RecommendationOnly => "recommendation_only",
            Decision::WithoutMerit => "without_merit",
        }
    }
}

/// What happens to the deposit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Deposit {
    Returned,
    Kept,
}

/// The decision of the chief TD or the committee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealDecided {
    pub appeal: Hash32,
    pub decision: Decision,
    /// The new score when the ruling is changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjustment: Option<Adjustment>,
    pub laws: Vec<String>,
    pub reasoning: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deposit: Option<Deposit>,
    /// A penalty under the regulations (appeal without merit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<String>,
    /// The part of a mixed appeal decided (`None`: the whole appeal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<Part>,
}

impl EventPayload for AppealDecided {
    const KIND: &'static str = "appeal.decided";
    fn check(&self) -> Result<(), String> {
        check_text("reasoning", &self.reasoning, 20_000)?;
        match (&self.decision, &self.adjustment) {
            (Decision::Changed, None) => {
                return Err("a changed ruling gives the new score (adjustment)".into())
            }
            (Decision::Changed, Some(a)) => a.check()?,
            (_, Some(_)) => return Err("only a changed ruling carries a new score".into()),
            _ => {}
        }
        self.laws.iter().try_for_each(|l| check_text("law", l, 40))
    }
}

/// A referral to the regulating authority (Law 93C2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealReferred {
    pub appeal: Hash32,
    pub to: String,
    pub reason: String,
}

impl EventPayload for AppealReferred {
    const KIND: &'static str = "appeal.referred";
    fn check(&self) -> Result<(), String> {
        check_text("to", &self.to, 200)?;
        check_text("reason", &self.reason, 5000)
    }
}

/// The regulating authority's answer to a referral (Law 93C2), recorded so the referred
/// appeal can be closed: the authority has no key of its own, so the organiser or the chief
/// TD signs for it, naming the authority and the document the answer came in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AuthorityAnswered {
    pub appeal: Hash32,
    /// The authority that answered: the body the appeal was referred to.
    pub authority: String,
    pub decision: Decision,
    /// The new score when the authority changes the ruling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjustment: Option<Adjustment>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub laws: Vec<String>,
    pub reasoning: String,
    /// Where the answer is documented (letter, e-mail, decision number).
    pub document: String,
}

impl EventPayload for AuthorityAnswered {
    const KIND: &'static str = "appeal.authority_answered";
    fn check(&self) -> Result<(), String> {
        check_text("authority", &self.authority, 200)?;
        check_text("reasoning", &self.reasoning, 20_000)?;
        check_text("document", &self.document, 2000)?;
        match (&self.decision, &self.adjustment) {
            (Decision::Changed, None) => {
                return Err("a changed ruling gives the new score (adjustment)".into())
            }
            (Decision::Changed, Some(a)) => a.check()?,
            (_, Some(_)) => return Err("only a changed ruling carries a new score".into()),
            _ => {}
        }
        self.laws.iter().try_for_each(|l| check_text("law", l, 40))
    }
}

/// A further appeal after the decision, where the organiser configured one (Law 93C1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealFurther {
    pub appeal: Hash32,
    pub grounds: String,
}

impl EventPayload for AppealFurther {
    const KIND: &'static str = "appeal.further";
    fn check(&self) -> Result<(), String> {
        check_text("grounds", &self.grounds, 10_000)
    }
}

/// The appellant withdraws before a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealWithdrawn {
    pub appeal: Hash32,
    pub reason: String,
}

impl EventPayload for AppealWithdrawn {
    const KIND: &'static str = "appeal.withdrawn";
    fn check(&self) -> Result<(), String> {
        check_text("reason", &self.reason, 5000)
    }
}

/// The chief TD, or the chair of the appeal's committee, settles a conflict: two concurrent
/// steps on one appeal that the workflow cannot both apply (two decisions, a decision and a
/// withdrawal, two routings). Until then neither stands and no score changes; then `stands`
/// is applied and the others are set aside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealConflictResolved {
    pub appeal: Hash32,
    /// The conflicting step that stands (its event id).
    pub stands: Hash32,
    pub reason: String,
}

impl EventPayload for AppealConflictResolved {
    const KIND: &'static str = "appeal.conflict_resolved";
    fn check(&self) -> Result<(), String> {
        check_text("reason", &self.reason, 5000)
    }
}

/// A member's vote on the chair's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Vote {
    Concur,
    Dissent,
}

impl Vote {
    pub fn as_str(self) -> &'static str {
        match self {
            Vote::Concur => "concur",
            Vote::Dissent => "dissent",
        }
    }
}

/// A member of the convened committee co-signs the decision its chair signed (Law 93B and
/// the regulations): concurring or dissenting, with a reason if they wish. The decision
/// takes effect when the organiser's quorum of concurring signatures, the chair's included,
/// is reached; a dissent is recorded and shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DecisionCosigned {
    pub appeal: Hash32,
    /// The chair's `appeal.decided` event.
    pub decision: Hash32,
    pub vote: Vote,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl EventPayload for DecisionCosigned {
    const KIND: &'static str = "appeal.decision_cosigned";
    fn check(&self) -> Result<(), String> {
        match &self.reason {
            Some(r) => check_text("reason", r, 5000),
            None => Ok(()),
        }
    }
}
