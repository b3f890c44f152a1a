//! Changes to the tournament's structure from the app: a team's captain (Law 92D: a team
//! appeals with its captain's consent). A contestant's latest `structure.contestant` record
//! is the one that applies (`results::Tournament`), so recording a captain signs the team's
//! record again with the captain set and everything else as it stands.
use super::Replayed;
use crate::events::{Contestant, Form, Payload};
use thiserror::Error;

/// Why a structure change is refused before anything is signed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StructureError {
    #[error("section {section} has no contestant {id}")]
    NoContestant { section: String, id: String },
    #[error("Law 92D: a captain is recorded for a team; section {section} is a {form} section")]
    NotTeams { section: String, form: &'static str },
    #[error("a captain needs a name")]
    EmptyCaptain,
}

/// The `structure.contestant` record of team `team` with `captain` as its captain (a player
/// of the team or a non-playing captain).
pub fn captain_payload(
    r: &Replayed,
    section: &str,
    team: &str,
    captain: &str,
) -> Result<Payload, StructureError> {
    let t = &r.tournament;
    let form = t.form(section);
    if form != Form::Teams {
        return Err(StructureError::NotTeams {
            section: section.to_string(),
            form: match form {
                Form::Pairs => "pairs",
                Form::Individual => "individual",
                Form::Teams => "teams",
            },
        });
    }
    let captain = captain.trim();
    if captain.is_empty() {
        return Err(StructureError::EmptyCaptain);
    }
    let c: &Contestant = t
        .contestants
        .get(&(section.to_string(), team.to_string()))
        .ok_or_else(|| StructureError::NoContestant {
            section: section.to_string(),
            id: team.to_string(),
        })?;
    Ok(Payload::Contestant(Box::new(Contestant {
        captain: Some(captain.to_string()),
        ..c.clone()
    })))
}
