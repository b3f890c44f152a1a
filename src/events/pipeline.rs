//! The appeal pipeline (state machine C of `bridge-laws.md` §7.5) as data: a list of allowed
//! transitions. The regulating authority may omit or vary stages (Law 93C3(b)), so the
//! organiser's settings choose a profile or give their own list; the Doppelkopf
//! Schiedsgericht path is one more profile of the same machine.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where an appeal stands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Filed through a director (Law 92C), consents being collected (Law 92D).
    Filed,
    /// Routed to the chief TD (Law 93A, or the law-only part under Law 93B1).
    AtChiefTd,
    /// Routed to the appeals committee (Law 93B2), not yet convened.
    AtCommittee,
    /// A committee is convened (members, chair, quorum) and hears the appeal.
    Convened,
    /// A mixed appeal routed in parts (Law 93B1/B2): each part follows this pipeline on
    /// its own, from `filed`; the appeal is decided when every part is.
    InParts,
    /// Decided by the chief TD or the committee.
    Decided,
    /// A further appeal to the regulating authority's procedure (Law 93C1).
    FurtherAppeal,
    /// Referred to the regulating authority (Law 93C2).
    Referred,
    /// Withdrawn by the appellant before a decision.
    Withdrawn,
    /// Closed by the regulating authority's answer to a referral (Law 93C2: final).
    Closed,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::Filed => "filed",
            State::AtChiefTd => "at_chief_td",
            State::AtCommittee => "at_committee",
            State::Convened => "convened",
            State::InParts => "in_parts",
            State::Decided => "decided",
            State::FurtherAppeal => "further_appeal",
            State::Referred => "referred",
            State::Withdrawn => "withdrawn",
            State::Closed => "closed",
        }
    }
}

/// A workflow command (one event type each).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Consent,
    RouteToChiefTd,
    RouteToCommittee,
    Convene,
    Hear,
    Decide,
    Refer,
    FurtherAppeal,
    Withdraw,
    /// The regulating authority's answer to a referral (Law 93C2).
    AuthorityAnswer,
}

impl Step {
    pub fn as_str(self) -> &'static str {
        match self {
            Step::Consent => "consent",
            Step::RouteToChiefTd => "route_to_chief_td",
            Step::RouteToCommittee => "route_to_committee",
            Step::Convene => "convene",
            Step::Hear => "hear",
            Step::Decide => "decide",
            Step::Refer => "refer",
            Step::FurtherAppeal => "further_appeal",
            Step::Withdraw => "withdraw",
            Step::AuthorityAnswer => "authority_answer",
        }
    }
}

/// One allowed transition: in state `from`, `step` leads to state `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transition {
    pub from: State,
    pub step: Step,
    pub to: State,
}

/// Named pipelines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Profile {
    /// WBF Laws 92-93 with an appeals committee; further appeal only if configured.
    #[default]
    Wbf,
    /// Doppelkopf (Eppstein): objection at once, play suspended, the Schiedsgericht
    /// decides, final. No routing, no further appeal.
    DokoSchiedsgericht,
}

const fn t(from: State, step: Step, to: State) -> Transition {
    Transition { from, step, to }
}

use State as S;
use Step as P;

/// State machine C of the WBF Laws (bridge-laws.md §7.5).
pub const WBF: &[Transition] = &[
    t(S::Filed, P::Consent, S::Filed),
    t(S::Filed, P::Hear, S::Filed),
    t(S::Filed, P::RouteToChiefTd, S::AtChiefTd),
    t(S::Filed, P::RouteToCommittee, S::AtCommittee),
    t(S::AtChiefTd, P::Hear, S::AtChiefTd),
    t(S::AtChiefTd, P::Decide, S::Decided),
    t(S::AtChiefTd, P::Refer, S::Referred),
    t(S::AtCommittee, P::Convene, S::Convened),
    t(S::AtCommittee, P::Hear, S::AtCommittee),
    t(S::Convened, P::Hear, S::Convened),
    t(S::Convened, P::Decide, S::Decided),
    t(S::Convened, P::Refer, S::Referred),
    // Law 93B1: the chief TD's law ruling is appealable to the committee (which may only
    // recommend, Law 93B3).
    t(S::Decided, P::RouteToCommittee, S::AtCommittee),
    t(S::Decided, P::Refer, S::Referred),
    t(S::Decided, P::FurtherAppeal, S::FurtherAppeal),
    t(S::FurtherAppeal, P::Hear, S::FurtherAppeal),
    t(S::FurtherAppeal, P::Decide, S::Decided),
    t(S::Filed, P::Withdraw, S::Withdrawn),
    t(S::AtChiefTd, P::Withdraw, S::Withdrawn),
    t(S::AtCommittee, P::Withdraw, S::Withdrawn),
    t(S::Convened, P::Withdraw, S::Withdrawn),
    t(S::FurtherAppeal, P::Withdraw, S::Withdrawn),
    // A mixed appeal (Law 93B1/B2) while its parts are heard: statements, a referral and
    // a withdrawal concern the whole appeal; routing, convening and deciding name a part.
    t(S::InParts, P::Hear, S::InParts),
    t(S::InParts, P::Refer, S::Referred),
    t(S::InParts, P::Withdraw, S::Withdrawn),
    // Law 93C2: the regulating authority has final authority on what is referred to it.
    t(S::Referred, P::AuthorityAnswer, S::Closed),
];

/// The Doppelkopf path: objection, Schiedsgericht (convened, heard, or deciding at once),
/// decided (final).
pub const DOKO: &[Transition] = &[
    t(S::Filed, P::Consent, S::Filed),
    t(S::Filed, P::Decide, S::Decided),
    t(S::Filed, P::Convene, S::Convened),
    t(S::Filed, P::Hear, S::Filed),
    t(S::Convened, P::Hear, S::Convened),
    t(S::Convened, P::Decide, S::Decided),
    t(S::Filed, P::Withdraw, S::Withdrawn),
    t(S::Convened, P::Withdraw, S::Withdrawn),
];

impl Profile {
    pub fn transitions(self) -> &'static [Transition] {
        match self {
            Profile::Wbf => WBF,
            Profile::DokoSchiedsgericht => DOKO,
        }
    }
}

/// Where `step` leads from `from` in `table`, if anywhere.
pub fn next(table: &[Transition], from: State, step: Step) -> Option<State> {
    table
        .iter()
        .find(|t| t.from == from && t.step == step)
        .map(|t| t.to)
}
