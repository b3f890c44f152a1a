//! `tdlog key ...`: this device's key, and enrolment / revocation in a log.

use super::{load_key, open_log, open_log_read_only, CliResult, KeyOpts};
use clap::Subcommand;
use std::path::PathBuf;
use tdlog::events::{KeyEnrolled, KeyRevoked, Payload};
use tdlog::keys::{fingerprint, DeviceKey, Role};
use tdlog::log::Hash32;

#[derive(Subcommand)]
pub enum KeyCmd {
    /// Create this device's key (refuses to overwrite one). With --protect the key file is
    /// sealed with the passphrase in TDLOG_PASSPHRASE.
    New {
        #[command(flatten)]
        key: KeyOpts,
        /// Seal the key with the passphrase from the TDLOG_PASSPHRASE environment variable.
        #[arg(long)]
        protect: bool,
    },
    /// Show this device's public key and fingerprint (for the chief TD to enrol).
    Show {
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Enrol a device key in a log with one role (chief TD only).
    Enrol {
        log: PathBuf,
        /// The device's public key (64 hex digits, spaces allowed).
        public_key: String,
        #[arg(long)]
        role: Role,
        /// Who holds the device, as shown in audits.
        #[arg(long)]
        holder: String,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// Revoke a device key (chief TD only). Its events after --last-valid-seq are invalid;
    /// by default every event of it already in this log stands.
    Revoke {
        log: PathBuf,
        public_key: String,
        #[arg(long)]
        reason: String,
        #[arg(long)]
        last_valid_seq: Option<u64>,
        #[command(flatten)]
        key: KeyOpts,
    },
    /// List the keys enrolled in a log, with roles and revocations.
    List { log: PathBuf },
}

/// Parses a public key typed by a person: hex, spaces and case ignored; or the text of the
/// app's enrolment QR code as a scanner types it (`tdlog-key:` and the hex).
pub fn parse_public(s: &str) -> Result<Hash32, String> {
    let t = s.trim();
    let t = match t.get(..10) {
        Some(p) if p.eq_ignore_ascii_case("tdlog-key:") => &t[10..],
        _ => t,
    };
    let compact: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    Hash32::from_hex(&compact.to_ascii_lowercase()).map_err(|e| format!("public key: {e}"))
}

pub fn run(cmd: KeyCmd) -> CliResult {
    match cmd {
        KeyCmd::New { key, protect } => {
            let path = key.path();
            let pass = if protect {
                Some(std::env::var("TDLOG_PASSPHRASE").map_err(|_| {
                    "--protect needs the passphrase in the TDLOG_PASSPHRASE environment variable"
                })?)
            } else {
                None
            };
            if pass.as_deref().is_some_and(|p| p.len() < 8) {
                return Err("the passphrase must have at least 8 characters".into());
            }
            let k = DeviceKey::generate();
            k.save(&path, pass.as_deref())?;
            println!("public key:  {}", k.public());
            println!("fingerprint: {}", fingerprint(&k.public()));
            println!("key file:    {}", path.display());
            Ok(0)
        }
        KeyCmd::Show { key } => {
            let k = load_key(&key)?;
            println!("public key:  {}", k.public());
            println!("fingerprint: {}", fingerprint(&k.public()));
            Ok(0)
        }
        KeyCmd::Enrol {
            log,
            public_key,
            role,
            holder,
            key,
        } => {
            let k = load_key(&key)?;
            let pk = parse_public(&public_key)?;
            if ed25519_dalek::VerifyingKey::from_bytes(&pk.0).is_err() {
                return Err("public key is not a valid Ed25519 key".into());
            }
            let mut l = open_log(&log)?;
            let id = l.append(
                &k,
                Payload::KeyEnrolled(KeyEnrolled {
                    key: pk,
                    role,
                    holder,
                }),
            )?;
            println!("enrolled {} as {role} (event {id})", pk.short());
            Ok(0)
        }
        KeyCmd::Revoke {
            log,
            public_key,
            reason,
            last_valid_seq,
            key,
        } => {
            let k = load_key(&key)?;
            let pk = parse_public(&public_key)?;
            let mut l = open_log(&log)?;
            let last = match last_valid_seq {
                Some(s) => s,
                None => l
                    .verify(None)?
                    .events
                    .iter()
                    .filter(|e| e.env.author == pk)
                    .map(|e| e.env.seq)
                    .max()
                    .unwrap_or(0),
            };
            let id = l.append(
                &k,
                Payload::KeyRevoked(KeyRevoked {
                    key: pk,
                    last_valid_seq: last,
                    reason,
                }),
            )?;
            println!(
                "revoked {}: its events after seq {last} are invalid (event {id})",
                pk.short()
            );
            Ok(0)
        }
        KeyCmd::List { log } => {
            let keys = open_log_read_only(&log)?.verify(None)?.keys;
            for k in keys.keys.values() {
                let state = match &k.revoked {
                    None => "active".to_string(),
                    Some(r) => format!("revoked after seq {} ({})", r.last_valid_seq, r.reason),
                };
                println!("{}  {:<9}  {}  [{}]", k.key, k.role, k.holder, state);
            }
            Ok(0)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_key_is_enrolled_from_its_hex_or_from_its_scanned_qr_text() {
        let hex = "3f2a91c0".repeat(8);
        let k = super::parse_public(&hex).unwrap();
        assert_eq!(super::parse_public(&format!("tdlog-key:{hex}")).unwrap(), k);
        assert_eq!(
            super::parse_public(&format!("TDLOG-KEY:{hex}\n")).unwrap(),
            k
        );
        assert!(super::parse_public(&format!("other:{hex}")).is_err());
    }
}
