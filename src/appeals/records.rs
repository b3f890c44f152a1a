//! What the fold keeps of each ruling and appeal: who signed each step and when, the
//! committee, the decisions, the steps refused (flags), late arrivals and open clocks.

use super::*;

/// Who signed a step, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Signed {
    pub event: Hash32,
    pub kind: &'static str,
    pub signer: String,
    pub key: Hash32,
    pub role: Role,
    pub wall_ms: i64,
    /// RFC 3339 of `wall_ms`.
    pub time: String,
}

impl Signed {
    pub(super) fn of(e: &CheckedEvent, k: &KeyInfo) -> Signed {
        Signed {
            event: e.id,
            kind: e.payload.kind(),
            signer: k.holder.clone(),
            key: k.key,
            role: k.role,
            wall_ms: e.env.wall_ms,
            time: rfc3339(e.env.wall_ms),
        }
    }
}

/// A ruling as the log holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulingRec {
    pub ruling: Ruling,
    pub signed: Signed,
    /// A later ruling that corrects this one (Law 82C).
    pub corrected_by: Option<Hash32>,
}

/// One step of an appeal, with the state it led to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRec {
    pub step: Option<Step>,
    pub signed: Signed,
    /// The appeal's state after the step.
    pub state: State,
    /// A step of one part of a mixed appeal, and the state that part reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<(Part, State)>,
}

/// One part of a mixed appeal (Law 93B1/B2): where it stands, who hears it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartRec {
    pub part: Part,
    pub state: State,
    /// The forum the part was last routed to.
    pub forum: Option<Forum>,
    pub committee: Option<Committee>,
}

/// A convened committee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Committee {
    /// `(key, holder)` of each member.
    pub members: Vec<(Hash32, String)>,
    pub chair: Hash32,
}

/// A decision with its signer and the forum that gave it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionRec {
    pub decided: AppealDecided,
    pub forum: Forum,
    pub signed: Signed,
    /// The part of a mixed appeal decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<Part>,
    /// The convened committee whose chair signed it (`None`: the chief TD, a further
    /// appeal's body, a Schiedsgericht deciding at once).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub committee: Option<Committee>,
    /// Concurring signatures it needs to take effect, the chair's included (Law 93B).
    pub quorum: u32,
    /// The other members' co-signatures, in log order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cosigns: Vec<super::committee::Cosign>,
    /// It has reached its quorum: it stands and changes scores.
    pub effective: bool,
    /// What happens to the deposit: as the decision says, or by the organiser's settings
    /// (version 3 on: returned unless the appeal is judged without merit, Law 92A).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deposit: Option<crate::events::Deposit>,
}

/// An appeal and everything recorded about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Appeal {
    pub id: Hash32,
    pub ruling: Hash32,
    pub slot: Slot,
    pub ns: String,
    pub ew: String,
    pub appellant: String,
    pub grounds: String,
    pub state: State,
    /// End of the Law 92B period when filed (`None`: results not yet published).
    pub deadline_ms: Option<i64>,
    pub consents: Vec<String>,
    pub route: Option<AppealRouted>,
    /// The part being heard concerns only law or regulation (Law 93B1/B3).
    pub law_only: bool,
    pub committee: Option<Committee>,
    pub statements: Vec<(AppealStatement, Signed)>,
    pub decisions: Vec<DecisionRec>,
    pub referral: Option<(AppealReferred, Signed)>,
    /// The regulating authority's answer to the referral (Law 93C2), signed for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authority: Option<(AuthorityAnswered, Signed)>,
    pub withdrawn: Option<String>,
    pub steps: Vec<StepRec>,
    /// A mixed appeal routed in parts (Law 93B1/B2): its law part and its judgement part,
    /// each following the pipeline from `filed`. Empty: the appeal is heard whole.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<PartRec>,
    /// A Doppelkopf objection (the game, the violation, the ruling and the decision).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doko: Option<doko::DokoCase>,
    /// Concurrent steps the workflow could not both apply, held until settled.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<conflict::Conflict>,
    /// The parties told of the appeal and the hearing (Law 93 and the regulations).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<procedure::Procedure<crate::events::AppealNotified>>,
    /// The hearing's record: when, where, who attended.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hearings: Vec<procedure::Procedure<crate::events::AppealHearing>>,
    /// Decisions announced to the parties.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub announcements: Vec<procedure::Procedure<crate::events::AppealAnnounced>>,
}

impl Appeal {
    /// The conflict still waiting for the chief TD or the committee chair, if any.
    pub fn open_conflict(&self) -> Option<&conflict::Conflict> {
        self.conflicts.iter().find(|c| c.is_open())
    }
    pub fn filed(&self) -> &Signed {
        &self.steps[0].signed
    }
    /// One part of a mixed appeal, if it is heard in parts.
    pub fn part(&self, p: Part) -> Option<&PartRec> {
        self.parts.iter().find(|x| x.part == p)
    }
    /// The stage a step works on: the named part of a mixed appeal, or the whole appeal.
    pub(super) fn stage(&self, part: Option<Part>) -> Stage<'_> {
        match part.and_then(|p| self.part(p)) {
            Some(pr) => Stage {
                state: pr.state,
                law_only: pr.part == Part::Law,
                committee: pr.committee.as_ref(),
                last_forum: self
                    .decisions
                    .iter()
                    .rev()
                    .find(|d| d.part == part)
                    .map(|d| d.forum),
                further: self.steps.iter().any(|s| s.state == State::FurtherAppeal),
            },
            None => Stage {
                state: self.state,
                law_only: self.law_only,
                committee: self.committee.as_ref(),
                last_forum: self.decisions.last().map(|d| d.forum),
                further: self.steps.iter().any(|s| s.state == State::FurtherAppeal),
            },
        }
    }
    /// Who hears the appeal now.
    pub fn forum(&self) -> Forum {
        match self.state {
            State::AtCommittee | State::Convened => Forum::Committee,
            State::FurtherAppeal => Forum::Committee,
            _ => self.route.as_ref().map_or(Forum::Committee, |r| r.to),
        }
    }
}

impl Appeal {
    /// Applies a step of one part of a mixed appeal (Law 93B1/B2): the first such step
    /// splits the appeal into its law part and its judgement part; the appeal is decided
    /// when every part is.
    pub(super) fn fold_part(
        &mut self,
        pt: Part,
        p: &Payload,
        to: State,
        keys: &BTreeMap<Hash32, (Role, String)>,
        signed: Signed,
        quorum: u32,
    ) {
        if self.parts.is_empty() {
            self.parts = [Part::Law, Part::Judgement]
                .into_iter()
                .map(|part| PartRec {
                    part,
                    state: State::Filed,
                    forum: None,
                    committee: None,
                })
                .collect();
        }
        let Some(i) = self.parts.iter().position(|x| x.part == pt) else {
            return;
        };
        let from = self.parts[i].state;
        let mut to = to;
        match p {
            Payload::AppealRouted(r) => {
                self.parts[i].forum = Some(r.to);
                self.parts[i].committee = None;
                self.route = Some(r.clone());
            }
            Payload::CommitteeConvened(c) => {
                let committee = Committee {
                    members: c
                        .members
                        .iter()
                        .map(|m| (*m, keys.get(m).map(|x| x.1.clone()).unwrap_or_default()))
                        .collect(),
                    chair: c.chair,
                };
                self.parts[i].committee = Some(committee.clone());
                self.committee = Some(committee);
            }
            Payload::AppealDecided(d) => {
                let committee = (from == State::Convened)
                    .then(|| self.parts[i].committee.clone())
                    .flatten();
                let rec = DecisionRec {
                    decided: (**d).clone(),
                    forum: if from == State::AtChiefTd {
                        Forum::ChiefTd
                    } else {
                        Forum::Committee
                    },
                    signed: signed.clone(),
                    part: Some(pt),
                    committee,
                    quorum,
                    cosigns: vec![],
                    effective: quorum <= 1,
                    // Set by the workflow, which knows the settings in force.
                    deposit: None,
                };
                if !rec.effective {
                    // Law 93B: the part stays with its committee until the quorum signs.
                    to = from;
                }
                self.decisions.push(rec);
            }
            _ => {}
        }
        self.parts[i].state = to;
        self.state = if self.parts.iter().all(|x| x.state == State::Decided) {
            State::Decided
        } else {
            State::InParts
        };
        self.steps.push(StepRec {
            step: Self::step_of_part(p),
            signed,
            state: self.state,
            part: Some((pt, to)),
        });
    }

    pub(super) fn step_of_part(p: &Payload) -> Option<Step> {
        Workflow::step_of(p).map(|(_, s)| s)
    }
}

/// What a routing, convening or decision works on: the whole appeal or one part.
pub(super) struct Stage<'a> {
    pub(super) state: State,
    pub(super) law_only: bool,
    pub(super) committee: Option<&'a Committee>,
    pub(super) last_forum: Option<Forum>,
    pub(super) further: bool,
}

/// The part a step names (routing, convening, deciding).
pub(super) fn part_of(p: &Payload) -> Option<Part> {
    match p {
        Payload::AppealRouted(r) => r.part,
        Payload::CommitteeConvened(c) => c.part,
        Payload::AppealDecided(d) => d.part,
        _ => None,
    }
}

/// A step that was signed but does not stand: the guard it failed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Flag {
    pub signed: Signed,
    /// The appeal the refused step was for, if it names one.
    pub appeal: Option<Hash32>,
    pub law: &'static str,
    pub error: GuardError,
    pub message: String,
}

/// A step signed in time by its author's clock that first reached another device after its
/// deadline (plus the clock tolerance): a laptop that was offline, or a backdated step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LateArrival {
    pub signed: Signed,
    /// The law whose deadline it missed on arrival (92B, 79C1).
    pub law: &'static str,
    pub deadline_ms: i64,
    pub deadline: String,
    /// When it first reached another device (that device's receipt).
    pub arrival_ms: i64,
    pub arrival: String,
    pub receipt: Hash32,
    /// Who signed the receipt.
    pub received_by: String,
    /// The chief TD's `time.accepted`, once signed.
    pub accepted: Option<Hash32>,
}

/// A deadline still running.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpenClock {
    pub what: &'static str,
    pub law: &'static str,
    pub section: String,
    /// The ruling an appeal period belongs to.
    pub subject: Option<Hash32>,
    /// Where that ruling was given (round, table, board): what a person reads instead of
    /// the ruling's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject_slot: Option<crate::events::Slot>,
    /// What the period runs from (publication, the ruling, a republication).
    pub from: Option<PeriodFrom>,
    pub ends: String,
    pub ends_ms: i64,
    pub left_s: i64,
}
