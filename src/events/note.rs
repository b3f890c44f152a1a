//! `director.note`: a free director-call note. Version 1 had only text; version 2 ties the
//! note to a board, table and round. Version 1 bytes stay as signed and are upcast on read.

use super::{check_text, EventPayload};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Version 1 (read only): the text of the note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DirectorNoteV1 {
    pub text: String,
}

impl EventPayload for DirectorNoteV1 {
    const KIND: &'static str = "director.note";
    fn check(&self) -> Result<(), String> {
        check_text("text", &self.text, 10_000)
    }
}

/// Version 2 (current).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DirectorNote {
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

impl EventPayload for DirectorNote {
    const VERSION: u16 = 2;
    const KIND: &'static str = "director.note";
    fn check(&self) -> Result<(), String> {
        check_text("text", &self.text, 10_000)
    }
}

/// v1 → v2: a version-1 note was not tied to any board, table or round.
pub fn upcast_v1(n: DirectorNoteV1) -> DirectorNote {
    DirectorNote {
        text: n.text,
        board: None,
        table: None,
        round: None,
    }
}
