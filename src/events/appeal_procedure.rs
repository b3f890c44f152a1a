//! The procedure around an appeal's hearing, as the regulations and the WBF Code of
//! Practice ask it to be kept (Law 93 and the regulations): the other side notified, the
//! hearing held (when, where, who attended), the decision announced to the parties. Each is
//! a signed step with its time; none changes the appeal's state or a score.

use super::appeals::Party;
use super::{check_text, EventPayload};
use crate::log::Hash32;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

fn check_names(field: &str, v: &[String]) -> Result<(), String> {
    if v.is_empty() {
        return Err(format!("{field} names at least one person"));
    }
    if v.len() > 50 {
        return Err(format!("{field} names at most 50 people"));
    }
    v.iter().try_for_each(|n| check_text(field, n, 200))
}

fn check_note(note: &Option<String>) -> Result<(), String> {
    match note {
        Some(n) => check_text("note", n, 5000),
        None => Ok(()),
    }
}

/// The parties of an appeal told of it (the other side above all) and, when it is known,
/// of the hearing's time and place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealNotified {
    pub appeal: Hash32,
    /// Who was told (players, captains), as named to them.
    pub parties: Vec<String>,
    /// When the hearing is to be held (ms since the epoch, UTC), as the parties were told.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hearing_at_ms: Option<i64>,
    /// Where the hearing is to be held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl EventPayload for AppealNotified {
    const KIND: &'static str = "appeal.notified";
    fn check(&self) -> Result<(), String> {
        check_names("parties", &self.parties)?;
        if let Some(p) = &self.place {
            check_text("place", p, 200)?;
        }
        check_note(&self.note)
    }
}

/// Someone present at the hearing, and in what capacity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attendee {
    pub name: String,
    pub party: Party,
}

/// The record of the hearing: when it began, where, who attended. Signed by the chief TD
/// (who hears it under Law 93A/93B1) or a member of the convened committee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealHearing {
    pub appeal: Hash32,
    /// When the hearing began (ms since the epoch, UTC): not after the record is signed.
    pub began_ms: i64,
    pub place: String,
    pub attended: Vec<Attendee>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl EventPayload for AppealHearing {
    const KIND: &'static str = "appeal.hearing";
    fn check(&self) -> Result<(), String> {
        check_text("place", &self.place, 200)?;
        let names: Vec<String> = self.attended.iter().map(|a| a.name.clone()).collect();
        check_names("attended", &names)?;
        check_note(&self.note)
    }
}

/// The decision announced to the parties: only a decision that stands (it has its quorum,
/// or is the chief TD's, or the regulating authority's answer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AppealAnnounced {
    pub appeal: Hash32,
    /// The `appeal.decided` (or `appeal.authority_answered`) event announced.
    pub decision: Hash32,
    /// To whom.
    pub parties: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl EventPayload for AppealAnnounced {
    const KIND: &'static str = "appeal.announced";
    fn check(&self) -> Result<(), String> {
        check_names("parties", &self.parties)?;
        check_note(&self.note)
    }
}
