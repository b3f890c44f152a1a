//! The committee's own steps (Law 93B and the regulations): the chair signs the decision,
//! the other members of the convened committee co-sign it, concurring or dissenting, and it
//! takes effect (changes a score) only at the organiser's quorum of concurring signatures,
//! the chair's included. 3 by default; 1 or 2 only where the settings give a reason.

use super::*;
use crate::events::{DecisionCosigned, Vote};

/// A member's co-signature of the chair's decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cosign {
    pub vote: Vote,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub signed: Signed,
}

impl DecisionRec {
    /// Concurring signatures so far, the signer's (the chair's) included.
    pub fn concurring(&self) -> u32 {
        1 + self
            .cosigns
            .iter()
            .filter(|c| c.vote == Vote::Concur)
            .count() as u32
    }

    /// The dissents recorded.
    pub fn dissents(&self) -> impl Iterator<Item = &Cosign> {
        self.cosigns.iter().filter(|c| c.vote == Vote::Dissent)
    }

    /// Can it still reach its quorum with the members who have not signed yet?
    pub fn can_take_effect(&self) -> bool {
        let members = self.committee.as_ref().map_or(1, |c| c.members.len()) as u32;
        let unsigned = members.saturating_sub(1 + self.cosigns.len() as u32);
        self.effective || self.concurring() + unsigned >= self.quorum
    }

    /// Has `key` signed it (as chair or co-signer)?
    pub fn signed_by(&self, key: &Hash32) -> bool {
        self.signed.key == *key || self.cosigns.iter().any(|c| c.signed.key == *key)
    }
}

impl Workflow {
    /// Law 93 and the regulations: a committee decides with three members unless the
    /// organiser's settings say otherwise, with a reason.
    pub(super) fn check_settings(&self, p: &Payload) -> Result<(), GuardError> {
        match p {
            Payload::AppealSettings(s)
                if s.quorum < AppealSettings::DEFAULT_QUORUM && s.reason.is_none() =>
            {
                Err(GuardError::QuorumWithoutReason { quorum: s.quorum })
            }
            _ => Ok(()),
        }
    }

    /// The organiser's settings only move forward: settings signed as an older version of
    /// `config.appeals` (`v`) after a newer one stands would drop what the newer version
    /// rules (version 2: a quorum below three needs a reason; version 3: the deposit rule).
    /// tdlog signs the current version, so only a forged event meets this.
    /// Old settings after their time: an old version signed after tdlog stopped signing it
    /// is refused whoever signs it and whatever came first (with no settings yet, a forged
    /// version 1 would make one signature decide); an older version after a newer one, too.
    pub(super) fn check_settings_version(
        &self,
        p: &Payload,
        v: u16,
        wall_ms: i64,
    ) -> Result<(), GuardError> {
        if let (Payload::AppealSettings(_), Some(since)) =
            (p, crate::events::superseded_since(p.kind(), v))
        {
            if wall_ms > since {
                return Err(GuardError::SettingsSuperseded {
                    signed: v,
                    current: p.current_version(),
                    signed_at: super::rfc3339(wall_ms),
                    since: super::rfc3339(since),
                });
            }
        }
        match (p, self.settings_version) {
            (Payload::AppealSettings(_), Some(standing)) if v < standing => {
                Err(GuardError::SettingsDowngrade {
                    signed: v,
                    standing,
                })
            }
            _ => Ok(()),
        }
    }

    /// Concurring signatures the decision `a` is about to receive needs: the organiser's
    /// quorum for a convened committee's decision, one otherwise (the chief TD, a further
    /// appeal's body, a Schiedsgericht deciding at once). Settings signed as version 1
    /// predate co-signatures: their decisions took effect with the chair's signature.
    pub(super) fn signatures_needed(&self, a: &Appeal, part: Option<Part>, k: &KeyInfo) -> u32 {
        let stage = a.stage(part);
        let convened = stage.state == State::Convened && stage.committee.is_some();
        if !convened || k.role != Role::Committee || self.settings_version == Some(1) {
            return 1;
        }
        self.settings.quorum.max(1)
    }

    /// Law 93B: a convened committee's decision is signed by its chair, and one decision at
    /// a time waits for co-signatures.
    pub(super) fn check_chair(
        &self,
        a: &Appeal,
        part: Option<Part>,
        stage: &Stage<'_>,
        signer: &KeyInfo,
    ) -> Result<(), GuardError> {
        let Some(c) = stage.committee else {
            return Ok(());
        };
        if stage.state != State::Convened || signer.role != Role::Committee {
            return Ok(());
        }
        if c.chair != signer.key && c.members.iter().any(|(k, _)| *k == signer.key) {
            return Err(GuardError::NotChair {
                holder: signer.holder.clone(),
                chair: c
                    .members
                    .iter()
                    .find(|(k, _)| *k == c.chair)
                    .map_or_else(|| c.chair.short(), |(_, h)| h.clone()),
            });
        }
        if let Some(d) = a
            .decisions
            .iter()
            .find(|d| d.part == part && !d.effective && d.can_take_effect())
        {
            return Err(GuardError::DecisionPending {
                decision: d.signed.event.short(),
                have: d.concurring(),
                quorum: d.quorum,
            });
        }
        Ok(())
    }

    /// Law 93B: a member of the committee that decided co-signs its chair's decision once,
    /// while the decision can still take effect or after it has.
    pub(super) fn check_cosign(
        &self,
        c: &DecisionCosigned,
        signer: &KeyInfo,
    ) -> Result<(), GuardError> {
        let a = self.appeal(&c.appeal)?;
        let d = a
            .decisions
            .iter()
            .find(|d| d.signed.event == c.decision)
            .ok_or_else(|| GuardError::UnknownDecision {
                decision: c.decision.short(),
            })?;
        let Some(committee) = &d.committee else {
            return Err(GuardError::NotCommitteeDecision {
                decision: c.decision.short(),
            });
        };
        if !committee.members.iter().any(|(k, _)| *k == signer.key) {
            return Err(GuardError::NotCommitteeMember {
                holder: signer.holder.clone(),
            });
        }
        if d.signed_by(&signer.key) {
            return Err(GuardError::AlreadySigned {
                holder: signer.holder.clone(),
            });
        }
        // A decision still waiting takes effect only while its committee still hears the
        // appeal (not after a withdrawal or a referral).
        let state = match d.part {
            Some(p) => a.part(p).map_or(State::Filed, |x| x.state),
            None => a.state,
        };
        if !d.effective && state != State::Convened {
            return Err(GuardError::not_allowed(state, Step::Decide));
        }
        Ok(())
    }

    /// Records a co-signature; at the quorum the decision takes effect: its appeal (or part)
    /// is decided and its score change is due ([`Folded`] applies it).
    pub(super) fn fold_cosign(&mut self, c: &DecisionCosigned, signed: Signed) {
        let Some(a) = self.appeals.get_mut(&c.appeal) else {
            return;
        };
        let Some(d) = a
            .decisions
            .iter_mut()
            .find(|d| d.signed.event == c.decision)
        else {
            return;
        };
        d.cosigns.push(Cosign {
            vote: c.vote,
            reason: c.reason.clone(),
            signed: signed.clone(),
        });
        let takes_effect = !d.effective && d.concurring() >= d.quorum;
        if takes_effect {
            d.effective = true;
        }
        let part = d.part;
        let pipeline =
            if a.doko.is_some() && self.settings.profile != pipeline::Profile::DokoSchiedsgericht {
                pipeline::DOKO
            } else {
                self.settings.pipeline()
            };
        let mut part_state = None;
        if takes_effect {
            self.effected.push(c.decision);
            match part {
                Some(p) => {
                    if let Some(pr) = a.parts.iter_mut().find(|x| x.part == p) {
                        pr.state = next(pipeline, pr.state, Step::Decide).unwrap_or(pr.state);
                        part_state = Some((p, pr.state));
                    }
                    if a.parts.iter().all(|x| x.state == State::Decided) {
                        a.state = State::Decided;
                    }
                }
                None => a.state = next(pipeline, a.state, Step::Decide).unwrap_or(a.state),
            }
        }
        a.steps.push(StepRec {
            step: None,
            signed,
            state: a.state,
            part: part_state,
        });
    }

    /// Decisions that reached their quorum since last asked, with the events to apply.
    pub(super) fn take_effected(&mut self) -> Vec<(CheckedEvent, KeyInfo)> {
        std::mem::take(&mut self.effected)
            .into_iter()
            .filter_map(|id| self.pending.remove(&id))
            .collect()
    }

    /// Whether the decision `id` stands (has reached its quorum).
    pub fn decision_effective(&self, appeal: &Hash32, id: &Hash32) -> bool {
        self.appeals.get(appeal).is_some_and(|a| {
            a.decisions
                .iter()
                .any(|d| d.signed.event == *id && d.effective)
        })
    }
}

/// The appeal form's rows for a committee decision's signatures (Law 93B): how many
/// concurring of the quorum and whether it stands, then each member's vote with its reason.
pub fn cosign_rows(d: &DecisionRec, lang: crate::i18n::Lang) -> Vec<crate::report::Block> {
    use crate::i18n::tr;
    use crate::report::Block;
    if d.committee.is_none() {
        return vec![];
    }
    let state = if d.effective {
        "cosign_effective"
    } else if d.can_take_effect() {
        "cosign_waiting"
    } else {
        "cosign_failed"
    };
    let mut out = vec![Block::Field(
        tr(lang, "cosign_quorum").to_string(),
        format!("{} / {} ({})", d.concurring(), d.quorum, tr(lang, state)),
    )];
    for c in &d.cosigns {
        let vote = match c.vote {
            Vote::Concur => "cosign_concur",
            Vote::Dissent => "cosign_dissent",
        };
        let reason = c
            .reason
            .as_ref()
            .map(|r| format!(": {r}"))
            .unwrap_or_default();
        out.push(Block::Field(
            format!("{} ({})", c.signed.signer, c.signed.time),
            format!("{}{reason}", tr(lang, vote)),
        ));
    }
    out
}
