//! Events about the log's own time and completeness: a device's receipt for events it merged
//! (signed with its own clock, so a step's arrival can be checked against its deadline), a
//! checkpoint of the head set (what a publication or report commits to), and the chief TD's
//! acceptance of a step that arrived after its deadline.

use super::{check_text, EventPayload};
use crate::log::Hash32;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One author's events newly received in a merge: sequence numbers `from_seq..=to_seq`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Received {
    pub author: Hash32,
    pub from_seq: u64,
    pub to_seq: u64,
}

/// Signed by a device right after it merged events from another device: which events reached
/// it, at the time of its own clock. A deadline-sensitive step whose first receipt is later than
/// its deadline (plus the clock tolerance) is a *late arrival*.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogReceipt {
    pub received: Vec<Received>,
    /// How many events the merge added.
    pub events: u64,
}

impl EventPayload for LogReceipt {
    const KIND: &'static str = "log.receipt";
    fn check(&self) -> Result<(), String> {
        if self.received.is_empty() {
            return Err("a receipt names at least one author's events".into());
        }
        for r in &self.received {
            if r.from_seq == 0 || r.from_seq > r.to_seq {
                return Err(format!(
                    "received range {}..={} is empty",
                    r.from_seq, r.to_seq
                ));
            }
        }
        Ok(())
    }
}

/// The newest event of one author in a head set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeadRef {
    pub author: Hash32,
    pub seq: u64,
    pub id: Hash32,
}

/// A checkpoint: the head set of the log as this device holds it (every author's newest
/// stored event), signed. Whoever later holds a log without one of these events can tell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogCheckpoint {
    pub heads: Vec<HeadRef>,
    /// Events stored when it was signed.
    pub events: u64,
    /// The head digest as printed (`tdlog verify`).
    pub digest: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl EventPayload for LogCheckpoint {
    const KIND: &'static str = "log.checkpoint";
    fn check(&self) -> Result<(), String> {
        if self.heads.is_empty() {
            return Err("a checkpoint names at least the genesis".into());
        }
        if let Some(n) = &self.note {
            check_text("note", n, 2000)?;
        }
        Ok(())
    }
}

/// The chief TD accepts a step that reached the log after its deadline (a late arrival: for
/// example a laptop that was offline), or acknowledges an event dated ahead of the clock that
/// received it. A late step takes effect from here on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeAccepted {
    pub event: Hash32,
    /// The law or regulation under which it is accepted (e.g. "92B", "79C1").
    pub law: String,
    pub reason: String,
}

impl EventPayload for TimeAccepted {
    const KIND: &'static str = "time.accepted";
    fn check(&self) -> Result<(), String> {
        check_text("law", &self.law, 40)?;
        check_text("reason", &self.reason, 2000)
    }
}
