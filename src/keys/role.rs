//! Roles a device key can hold. Which role may sign which event type is the `roles`
//! column of the event catalogue (`crate::events::catalogue()`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Chief tournament director (Hauptturnierleiter): enrols keys, routes appeals (L93).
    ChiefTd,
    /// Tournament director: records calls, plays, irregularities and rulings (L81).
    Td,
    /// Scorer: enters table results and structure.
    Scorer,
    /// Member of the appeals committee (L93B).
    Committee,
    /// Tournament organiser: settings, consents (L79C2, L80, L91B).
    Organiser,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::ChiefTd,
        Role::Td,
        Role::Scorer,
        Role::Committee,
        Role::Organiser,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::ChiefTd => "chief_td",
            Role::Td => "td",
            Role::Scorer => "scorer",
            Role::Committee => "committee",
            Role::Organiser => "organiser",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Role, String> {
        Role::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| {
                format!("unknown role {s:?} (one of chief_td, td, scorer, committee, organiser)")
            })
    }
}
