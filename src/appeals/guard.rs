//! Why a ruling, correction or appeal step is refused: every variant names the law. The
//! same check refuses an append and flags the step when a merged log contains it anyway.

use super::pipeline::{State, Step};
use serde::Serialize;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum GuardError {
    #[error("Law 92B: the appeal period ended at {deadline} (step signed at {at}); the appeal is not heard")]
    AppealLate { deadline: String, at: String },
    #[error("Law 92B: the right to request a ruling on this board ended at {deadline}, with the appeal period of its published score (ruling signed at {at}); only a correction of the director's own ruling (Law 82C) or of a score (Law 79C) follows its own rules")]
    RulingLate { deadline: String, at: String },
    #[error(
        "Law 92D: an appeal by {appellant} needs the consent of {}; signed only by {}",
        consent_needed(*rule, may_consent),
        if signed.is_empty() { "nobody".to_string() } else { signed.join(", ") }
    )]
    ConsentMissing {
        appellant: String,
        /// The players who may consent for this side (both members, or the captain), as
        /// recorded; empty when the log names none.
        may_consent: Vec<String>,
        /// Who has signed so far.
        signed: Vec<String>,
        /// The side's rule (both members, the captain, a captain not yet recorded).
        rule: super::checks::ConsentRule,
    },
    #[error(
        "Law 92D: {player} is not a player of {appellant} who may consent (who may: {})",
        may_consent_or_unknown(may_consent)
    )]
    NotAConsentingPlayer {
        player: String,
        appellant: String,
        /// The players who may consent for this side, as recorded.
        may_consent: Vec<String>,
    },
    #[error("Law 92A: {appellant} did not play at the table of this ruling ({ns} v {ew}); only a contestant at that table may appeal")]
    NotAtTable {
        appellant: String,
        ns: String,
        ew: String,
    },
    #[error("Law 91A / 93B3: a disciplinary decision is final and cannot be appealed; a committee may only recommend")]
    Disciplinary,
    #[error("Law 93B3: the committee may not overrule the chief TD on a point of law or regulation; its decision is recorded only as a recommendation (decision `recommendation_only`)")]
    LawOnlyRecommendation,
    #[error("Law 93B1: the parts of an appeal that concern only the Laws or regulations go to the chief TD first")]
    LawOnlyToChiefTd,
    #[error("Law 93B2: with an appeals committee available, facts and judgement go to the committee, not the chief TD")]
    JudgementToCommittee,
    #[error("Law 93B: this appeal is heard in parts (law part to the chief TD, 93B1; judgement part to the committee, 93B2); routing, convening and deciding name the part")]
    PartMissing,
    #[error("Law 93A: there is no appeals committee at this event; the chief TD hears the appeal")]
    NoCommittee,
    #[error("Law 93B: {holder} signs without the committee role")]
    NotCommitteeKey { holder: String },
    #[error("Law 93B: {holder} is not a member of the committee convened for this appeal")]
    NotCommitteeMember { holder: String },
    #[error("Law 93B: {holder} played in the match or at the table concerned and may not sit on its committee")]
    MemberPlayed { holder: String },
    #[error("Law 93B: the committee has {have} member(s); the organiser's quorum is {quorum}")]
    Quorum { have: u32, quorum: u32 },
    #[error(
        "Law 93A: only the chief TD decides an appeal routed to the chief TD ({holder} is {role})"
    )]
    NotChiefTd { holder: String, role: String },
    #[error("Law 93C2: the answer is the regulating authority's to which the appeal was referred ({referred}), not {authority}'s")]
    NotTheAuthority { authority: String, referred: String },
    #[error("Law 93C1: {holder} decided this appeal the first time and may not decide the further appeal; members who did not decide it hear it")]
    DecidedBefore { holder: String },
    #[error("Law 93: the regulations expect a committee of three; a quorum of {quorum} needs the organiser's stated reason (settings `reason`)")]
    QuorumWithoutReason { quorum: u32 },
    #[error("Law 93 and Law 92A: the organiser's appeal settings stand at version {standing}; settings signed as the older version {signed} after them would drop what the newer version rules (the quorum's reason, the deposit rule) and are not applied")]
    SettingsDowngrade { signed: u16, standing: u16 },
    #[error("Law 93 and Law 92A: settings signed as version {signed} on {signed_at}, after tdlog stopped signing that version ({since}; the current version is {current}): no tdlog signs it any more, so it is a forgery and is not applied")]
    SettingsSuperseded {
        signed: u16,
        current: u16,
        signed_at: String,
        since: String,
    },
    #[error("Law 93B: the committee's decision is signed by its chair ({chair}); {holder} co-signs it (concur or dissent)")]
    NotChair { holder: String, chair: String },
    #[error("Law 93B: the committee's decision {decision} is waiting for its co-signatures ({have} of {quorum} concurring); the chair signs a new one only if it can no longer take effect")]
    DecisionPending {
        decision: String,
        have: u32,
        quorum: u32,
    },
    #[error("Law 93B: {decision} is not a decision on this appeal")]
    UnknownDecision { decision: String },
    #[error("Law 93B: decision {decision} was not signed by the chair of a convened committee; there is nothing to co-sign")]
    NotCommitteeDecision { decision: String },
    #[error("Law 93B: {holder} has already signed this decision")]
    AlreadySigned { holder: String },
    #[error("Law 92A and the organiser's settings: the deposit is kept only when the appeal is judged without merit; this decision is `{decision}`, so the deposit is returned")]
    DepositKeptWithMerit { decision: String },
    #[error("Law 92A and the organiser's settings: the organiser set no deposit for this event, so none can be kept")]
    NoDeposit,
    #[error("Law 93: the hearing record says it began at {began}, after the record was signed ({at}); a hearing is recorded when it has begun")]
    HearingInFuture { began: String, at: String },
    #[error("Law 93: the hearing record says it began at {began}, before the appeal was filed ({filed})")]
    HearingBeforeFiling { began: String, filed: String },
    #[error("Law 93B: decision {decision} does not stand yet ({have} of {quorum} concurring signatures); only a decision that stands is announced")]
    DecisionNotInForce {
        decision: String,
        have: u32,
        quorum: u32,
    },
    #[error("Law 93C1: no further appeal is configured for this event")]
    NoFurtherAppeal,
    #[error("Law 79C2: the correction period ended at {deadline}; a later correction needs the organiser's signed consent for this board")]
    LateCorrection { deadline: String },
    #[error(
        "Law 79C2: event {consent} is not the organiser's consent for this board at this table"
    )]
    ConsentMismatch { consent: String },
    #[error("Law 82C: {corrected} is not a ruling of this log")]
    UnknownCorrected { corrected: String },
    #[error("Law 82C: a director corrects only his own ruling (that ruling is {owner}'s); the chief TD may correct any")]
    NotOwnRuling { owner: String },
    #[error("Law 92: {ruling} is not a ruling of this log")]
    UnknownRuling { ruling: String },
    #[error("Law 92: {appeal} is not an appeal of this log")]
    UnknownAppeal { appeal: String },
    #[error("Doppelkopf §8.8.7: an objection to the Schiedsrichter's ruling is made immediately; play at the table resumed with {next} (signed at {next_at}) before the objection (signed at {at})")]
    DokoObjectionLate {
        next: String,
        next_at: String,
        at: String,
    },
    #[error("Doppelkopf §8.8.7: violation {violation} of {game} has no Schiedsrichter's ruling to object to")]
    DokoNoRuling { game: String, violation: usize },
    #[error("Doppelkopf §7.1.1: the Schiedsgericht's decision is final; there is no further objection or appeal")]
    DokoFinal,
    #[error("Doppelkopf §8.8.7: the Schiedsgericht decides only a ruling objected to; violation {violation} of {game} has no open objection")]
    DokoNoObjection { game: String, violation: usize },
    #[error("Doppelkopf §7.1.1: {holder} gave the Schiedsrichter's ruling and may not decide the objection to it in the Schiedsgericht")]
    DokoRefereeDecides { holder: String },
    #[error("Doppelkopf §8.8.7: the Schiedsgericht's decision on an objection is recorded as doko.schiedsgericht (TribunalDecided), which the game list folds")]
    DokoDecisionElsewhere,
    #[error("Law 93 (pipeline): step `{step}` is not allowed while the appeal is `{state}`")]
    NotAllowed { state: String, step: String },
    #[error("Law 93 (conflict): appeal {appeal} has concurrent steps that cannot both apply; the chief TD or the committee chair settles them first (tdlog appeal resolve)")]
    ConflictOpen { appeal: String },
    #[error("Law 93 (conflict): step {step} is not in an open conflict on appeal {appeal}")]
    NoConflict { appeal: String, step: String },
    #[error("Law 93 (conflict): only the chief TD or the chair of the appeal's committee settles a conflict ({holder} is neither)")]
    NotConflictResolver { holder: String },
    /// A key whose role may not sign this step (the catalogue's roles column), refused
    /// before the log's own role check so the refusal names the law that says who acts.
    #[error("Law {law}: {what} is for the {}; {holder} signs as {}", crate::i18n::roles_text(crate::i18n::Lang::En, .allowed), crate::i18n::roles_text(crate::i18n::Lang::En, &[*.role]))]
    RoleNotAllowed {
        law: &'static str,
        /// The event type (`appeal.filed`); `what` is its English description.
        kind: &'static str,
        what: &'static str,
        holder: String,
        /// Role codes (`committee`), as the catalogue names them.
        role: &'static str,
        allowed: Vec<&'static str>,
    },
}

/// Law 92C, 93, 79C...: refuses a signer whose role the catalogue does not allow for `p`,
/// naming the law that says who acts (the log's role check would refuse it anyway, in
/// words that name no law).
pub fn role(p: &crate::events::Payload, signer: &crate::keys::KeyInfo) -> Result<(), GuardError> {
    let kind = p.kind();
    let Some((law, what)) = role_law(kind) else {
        return Ok(());
    };
    let Some(spec) = crate::events::spec(kind, p.current_version()) else {
        return Ok(());
    };
    if spec.roles.contains(&signer.role) {
        return Ok(());
    }
    Err(GuardError::RoleNotAllowed {
        law,
        kind,
        what,
        holder: signer.holder.clone(),
        role: signer.role.as_str(),
        allowed: spec.roles.iter().map(|r| r.as_str()).collect(),
    })
}

/// Who acts, by event type, and the law that says so: the appeals workflow's steps and the
/// organiser's and scorer's steps around it. Other types are left to the log's role check.
pub fn role_law(kind: &str) -> Option<(&'static str, &'static str)> {
    Some(match kind {
        "appeal.filed" => ("92C", "filing an appeal (through the director)"),
        "appeal.consent" => ("92D", "recording a player's consent to an appeal"),
        "appeal.withdrawn" => ("92C", "recording the withdrawal of an appeal"),
        "appeal.further" => ("93C1", "filing a further appeal"),
        "appeal.routed" => ("93B1", "routing an appeal"),
        "appeal.convened" => ("93B", "convening the appeals committee"),
        "appeal.statement" => ("93B", "recording a statement at the hearing"),
        "appeal.notified" => ("93", "recording that the parties were told of an appeal"),
        "appeal.hearing" => ("93", "recording the hearing of an appeal"),
        "appeal.announced" => ("93", "recording the announcement of a decision"),
        "appeal.decided" => ("93B", "deciding an appeal"),
        "appeal.decision_cosigned" => ("93B", "co-signing the committee's decision"),
        "appeal.referred" => ("93C2", "referring an appeal to the regulating authority"),
        "appeal.conflict_resolved" => ("93", "settling a conflict between steps on an appeal"),
        "appeal.authority_answered" => ("93C2", "recording the regulating authority's answer"),
        "organiser.late_correction_consent" => (
            "79C2",
            "consenting to a correction after the correction period",
        ),
        "result.corrected" => ("79C1", "correcting a score"),
        "results.published" => ("79C1", "publishing the official results"),
        "config.appeals" => ("80B2", "setting the correction and appeal periods"),
        "director.ruling" => ("81B", "giving a ruling"),
        _ => return None,
    })
}

/// Law 92D's rule for a side in words (the refusal's English): whose consent is needed.
fn consent_needed(rule: super::checks::ConsentRule, may_consent: &[String]) -> String {
    use super::checks::ConsentRule::*;
    match rule {
        BothMembers if may_consent.len() >= 2 => {
            format!("both members ({})", may_consent.join(" and "))
        }
        BothMembers => "both members of the pair".into(),
        Captain => format!("the captain ({})", may_consent.join(", ")),
        CaptainUnrecorded => {
            "the captain, and no captain of this team is recorded in the log (record the captain first)".into()
        }
        Player => "the appellant".into(),
    }
}

fn may_consent_or_unknown(v: &[String]) -> String {
    if v.is_empty() {
        "nobody is recorded for this side".into()
    } else {
        v.join(", ")
    }
}

impl GuardError {
    /// A stable code for each refusal, for front ends that show their own translated sentence
    /// (the message itself, naming the law, stays the engine's).
    pub fn code(&self) -> &'static str {
        use GuardError::*;
        match self {
            AppealLate { .. } => "appeal_late",
            RulingLate { .. } => "ruling_late",
            ConsentMissing { .. } => "consent_missing",
            NotAConsentingPlayer { .. } => "not_a_consenting_player",
            NotAtTable { .. } => "not_at_table",
            Disciplinary => "disciplinary",
            LawOnlyRecommendation => "law_only_recommendation",
            LawOnlyToChiefTd => "law_only_to_chief_td",
            PartMissing => "part_missing",
            JudgementToCommittee => "judgement_to_committee",
            NoCommittee => "no_committee",
            NotCommitteeKey { .. } => "not_committee_key",
            NotCommitteeMember { .. } => "not_committee_member",
            MemberPlayed { .. } => "member_played",
            Quorum { .. } => "quorum",
            QuorumWithoutReason { .. } => "quorum_without_reason",
            SettingsDowngrade { .. } => "settings_downgrade",
            SettingsSuperseded { .. } => "settings_superseded",
            NotChair { .. } => "not_chair",
            DecisionPending { .. } => "decision_pending",
            UnknownDecision { .. } => "unknown_decision",
            NotCommitteeDecision { .. } => "not_committee_decision",
            AlreadySigned { .. } => "already_signed",
            NotChiefTd { .. } => "not_chief_td",
            NoFurtherAppeal => "no_further_appeal",
            DepositKeptWithMerit { .. } => "deposit_kept_with_merit",
            NoDeposit => "no_deposit",
            HearingInFuture { .. } => "hearing_in_future",
            HearingBeforeFiling { .. } => "hearing_before_filing",
            DecisionNotInForce { .. } => "decision_not_in_force",
            DecidedBefore { .. } => "decided_before",
            NotTheAuthority { .. } => "not_the_authority",
            LateCorrection { .. } => "late_correction",
            ConsentMismatch { .. } => "consent_mismatch",
            UnknownCorrected { .. } | UnknownRuling { .. } | UnknownAppeal { .. } => {
                "unknown_subject"
            }
            NotOwnRuling { .. } => "not_own_ruling",
            DokoObjectionLate { .. } => "doko_objection_late",
            DokoNoRuling { .. } => "doko_no_ruling",
            DokoFinal => "doko_final",
            DokoNoObjection { .. } => "doko_no_objection",
            DokoRefereeDecides { .. } => "doko_referee_decides",
            DokoDecisionElsewhere => "doko_decision_elsewhere",
            NotAllowed { .. } => "step_not_allowed",
            RoleNotAllowed { .. } => "role_not_allowed",
            ConflictOpen { .. } => "conflict_open",
            NoConflict { .. } => "no_conflict",
            NotConflictResolver { .. } => "not_conflict_resolver",
        }
    }

    pub fn not_allowed(state: State, step: Step) -> GuardError {
        GuardError::NotAllowed {
            state: state.as_str().into(),
            step: step.as_str().into(),
        }
    }

    /// The law a refusal names, as shown in reports and JSON.
    pub fn law(&self) -> &'static str {
        use GuardError::*;
        match self {
            AppealLate { .. } | RulingLate { .. } => "92B",
            ConsentMissing { .. } | NotAConsentingPlayer { .. } => "92D",
            NotAtTable { .. } => "92A",
            Disciplinary => "91A",
            LawOnlyRecommendation => "93B3",
            LawOnlyToChiefTd => "93B1",
            PartMissing => "93B",
            JudgementToCommittee => "93B2",
            NoCommittee | NotChiefTd { .. } => "93A",
            NotCommitteeKey { .. }
            | NotCommitteeMember { .. }
            | MemberPlayed { .. }
            | Quorum { .. }
            | NotChair { .. }
            | DecisionPending { .. }
            | UnknownDecision { .. }
            | NotCommitteeDecision { .. }
            | AlreadySigned { .. }
            | DecisionNotInForce { .. } => "93B",
            DepositKeptWithMerit { .. } | NoDeposit => "92A",
            HearingInFuture { .. } | HearingBeforeFiling { .. } => "93",
            QuorumWithoutReason { .. } | SettingsDowngrade { .. } | SettingsSuperseded { .. } => {
                "93"
            }
            NoFurtherAppeal | DecidedBefore { .. } => "93C1",
            NotTheAuthority { .. } => "93C2",
            LateCorrection { .. } | ConsentMismatch { .. } => "79C2",
            UnknownCorrected { .. } | NotOwnRuling { .. } => "82C",
            UnknownRuling { .. } | UnknownAppeal { .. } => "92",
            NotAllowed { .. }
            | ConflictOpen { .. }
            | NoConflict { .. }
            | NotConflictResolver { .. } => "93",
            RoleNotAllowed { law, .. } => law,
            DokoObjectionLate { .. }
            | DokoNoRuling { .. }
            | DokoNoObjection { .. }
            | DokoDecisionElsewhere => "Doko 8.8.7",
            DokoFinal | DokoRefereeDecides { .. } => "Doko 7.1.1",
        }
    }
}
