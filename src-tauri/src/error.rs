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
            LogError::Verify(_) | LogError::Cache(_) => "verify_failed",
            LogError::Payload(_) => "invalid",
            LogError::Refused(_) => "refused",
            LogError::Sql(_) => "database",
            LogError::Seen(SeenError::RolledBack { .. }) => "rolled_back",
            LogError::Seen(SeenError::Tampered { .. }) => "seen_tampered",
            LogError::Seen(SeenError::Io { .. }) => "io",
            // Another program of this device held its data dir for a minute.
            LogError::Seen(SeenError::Busy { .. }) => "busy",
        };
        AppError::new(code, e.to_string())
    }
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
