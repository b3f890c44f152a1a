//! Errors as the UI receives them: a stable `code` the UI translates (with `params`, the
//! names and numbers its sentence needs), and the engine's one-line message (English, naming
//! the law or rule), which the UI keeps folded away as the technical detail.

use serde::Serialize;
use std::collections::BTreeMap;
use tdlog::keys::KeyFileError;
use tdlog::log::seen::SeenError;
use tdlog::log::LogError;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message} [{code}]")]
pub struct AppError {
    pub code: &'static str,
    pub message: String,
    /// What the translated sentence of `code` fills in (`{call}`, `{appellant}`, ...).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
}

impl AppError {
    pub fn new(code: &'static str, message: impl Into<String>) -> AppError {
        AppError {
            code,
            message: message.into(),
            params: BTreeMap::new(),
        }
    }

    /// Adds a parameter of the translated sentence.
    pub fn with(mut self, name: &str, value: impl Into<String>) -> AppError {
        self.params.insert(name.to_owned(), value.into());
        self
    }

    /// A refusal of the appeals workflow: its code, the engine's sentence, and its fields as
    /// the parameters of the UI's sentence (lists joined by ", ").
    pub fn guard(g: &tdlog::appeals::GuardError) -> AppError {
        let mut e = AppError::new(g.code(), g.to_string());
        if let Ok(serde_json::Value::Object(m)) = serde_json::to_value(g) {
            for (k, v) in m {
                let v = match v {
                    serde_json::Value::String(s) => s,
                    serde_json::Value::Array(a) => a
                        .iter()
                        .map(|x| {
                            x.as_str()
                                .map(str::to_owned)
                                .unwrap_or_else(|| x.to_string())
                        })
                        .collect::<Vec<_>>()
                        .join(", "),
                    other => other.to_string(),
                };
                if k != "code" {
                    e.params.insert(k, v);
                }
            }
        }
        e
    }

    /// A step at a bridge table refused by the laws (Law 68D): `play_ended`, with the board
    /// and the law that ended play as the UI's sentence needs them.
    pub fn table(t: &tdlog::bridge::play_end::TableRefusal) -> AppError {
        use tdlog::bridge::play_end::TableRefusal;
        match t {
            TableRefusal::PlayEnded {
                round,
                table,
                board,
                ended,
            } => AppError::new("play_ended", t.to_string())
                .with("round", round.to_string())
                .with("table", table.to_string())
                .with("board", board.to_string())
                .with("law", ended.law()),
        }
    }

    pub fn no_log() -> AppError {
        AppError::new("no_log", "no tournament log is open")
    }
}

impl From<LogError> for AppError {
    fn from(e: LogError) -> Self {
        let code = match &e {
            LogError::Missing(_) => "missing_file",
            LogError::Exists(_) => "file_exists",
            LogError::NotALog { .. } | LogError::SchemaVersion { .. } => "not_a_log",
            // The UI's sentence for these is "not a tdlog log"; the detail says why.
            LogError::SchemaTampered { .. } | LogError::File(_) => "not_a_log",
            LogError::DiskFull => "disk_full",
            LogError::Busy => "busy",
            // A log that lost events this device saw, or rows changed since this device
            // verified them: "changed or damaged" is the truth.
            LogError::Verify(_) | LogError::Cache(_) | LogError::NotAsFiled { .. } => {
                "verify_failed"
            }
            LogError::Payload(_) => "invalid",
            LogError::Refused(_) => "refused",
            LogError::WrongGame { .. } => "wrong_game",
            LogError::Sql(_) => "database",
            LogError::Seen(SeenError::RolledBack { .. }) => "rolled_back",
            LogError::Seen(SeenError::Tampered { .. }) => "seen_tampered",
            LogError::Seen(SeenError::Io { .. }) => "io",
            // Another program of this device held its data dir for a minute.
            LogError::Seen(SeenError::Busy { .. }) => "busy",
        };
        let out = AppError::new(code, e.to_string());
        // A refusal says its reason in the UI's language, not only in the technical detail
        // (N13): the signer not enrolled, revoked, blocked by a fork, or of the wrong role;
        // a field too long or empty.
        let out = match &e {
            LogError::Refused(m) => refusal(out, m),
            LogError::Payload(tdlog::events::PayloadError::Invalid { reason, .. }) => {
                invalid(out, reason)
            }
            _ => out,
        };
        match &e {
            LogError::WrongGame {
                kind,
                event_game,
                log_game,
            } => out
                .with("kind", kind.as_str())
                .with("event_game", event_game.to_lowercase())
                .with("log_game", log_game.to_lowercase()),
            _ => out,
        }
    }
}

/// The store's refusal (`LogError::Refused`) by its reason: the engine's English sentence is
/// kept as the detail, the code picks the UI's sentence.
fn refusal(mut e: AppError, m: &str) -> AppError {
    let code = if m.contains("is not enrolled") {
        "not_enrolled"
    } else if m.contains("revoked") {
        "key_revoked"
    } else if m.contains("is blocked") {
        "key_blocked"
    } else if m.contains("do not stand") {
        "chain_void"
    } else if let Some(rest) = m.strip_prefix("role ") {
        // "role scorer may not sign `director.ruling` (allowed: chief_td, td)"
        let role = rest.split_whitespace().next().unwrap_or_default();
        let kind = m.split('`').nth(1).unwrap_or_default();
        e = e.with("role", role).with("kind", kind);
        "role_may_not_sign"
    } else {
        return e;
    };
    e.code = code;
    e
}

/// A payload the catalogue refuses, by its reason (`check_text`: too long, empty).
fn invalid(mut e: AppError, reason: &str) -> AppError {
    // "text is longer than 10000 characters" / "facts must not be empty"
    if let Some((field, rest)) = reason.split_once(" is longer than ") {
        let max = rest
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned();
        e.code = "too_long";
        return e.with("field", field).with("max", max);
    }
    if let Some(field) = reason.strip_suffix(" must not be empty") {
        e.code = "empty_field";
        return e.with("field", field);
    }
    e
}

impl From<tdlog::log::VerifyError> for AppError {
    fn from(e: tdlog::log::VerifyError) -> Self {
        AppError::new("verify_failed", e.to_string())
    }
}

impl From<KeyFileError> for AppError {
    fn from(e: KeyFileError) -> Self {
        let code = match &e {
            KeyFileError::Missing(_) => "key_missing",
            KeyFileError::Exists(_) => "key_exists",
            KeyFileError::Permissions { .. } => "key_permissions",
            KeyFileError::Format(..)
            | KeyFileError::KdfParams { .. }
            | KeyFileError::NotAFile(_) => "key_format",
            KeyFileError::NeedPassphrase(_) => "need_passphrase",
            KeyFileError::WrongPassphrase(_) => "wrong_passphrase",
            KeyFileError::Io(..) => "io",
        };
        AppError::new(code, e.to_string())
    }
}

impl From<tdlog::io_safe::FileError> for AppError {
    fn from(e: tdlog::io_safe::FileError) -> Self {
        AppError::new("io", e.to_string())
    }
}

impl From<std::io::Error> for AppError {
    fn from(e: std::io::Error) -> Self {
        AppError::new("io", e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::tests_support::{demo, demo_key};
    use tdlog::events::{DirectorNote, Payload};

    fn note(text: String) -> Payload {
        Payload::DirectorNote(DirectorNote {
            text,
            board: None,
            table: None,
            round: None,
        })
    }

    /// N13: a refusal names its reason in the UI's words: a key not enrolled in this log,
    /// a note longer than a signed note may be (with the limit), a revoked key.
    #[test]
    fn refusals_name_their_reason() {
        let p = demo();
        let mut log = tdlog::log::Log::open(&p).unwrap();
        let stranger = tdlog::keys::DeviceKey::generate();
        let e: AppError = log.append(&stranger, note("hi".into())).unwrap_err().into();
        assert_eq!(e.code, "not_enrolled", "{e:?}");
        let e: AppError = log
            .append(&demo_key("td1"), note("x".repeat(10_001)))
            .unwrap_err()
            .into();
        assert_eq!(e.code, "too_long", "{e:?}");
        assert_eq!(e.params["max"], "10000");
        assert_eq!(e.params["field"], "text");
        // td2's key was revoked in the demo.
        let e: AppError = log
            .append(&demo_key("td2"), note("hi".into()))
            .unwrap_err()
            .into();
        assert_eq!(e.code, "key_revoked", "{e:?}");
        // A scorer may not sign a ruling's branch choice.
        let e: AppError = log
            .append(
                &demo_key("scorer"),
                Payload::BridgeRuling(tdlog::events::BridgeRuling {
                    slot: tdlog::events::Slot {
                        section: "A".into(),
                        round: 1,
                        table: 1,
                        board: 1,
                    },
                    ruling: tdlog::events::BoardRuling::Auction(
                        tdlog::bridge::events::AuctionEvent::Ruling {
                            call: 0,
                            branch: "27B1a".into(),
                        },
                    ),
                    reason: None,
                }),
            )
            .unwrap_err()
            .into();
        assert_eq!(e.code, "role_may_not_sign", "{e:?}");
        assert_eq!(e.params["role"], "scorer");
        assert_eq!(e.params["kind"], "bridge.ruling");
    }
}
