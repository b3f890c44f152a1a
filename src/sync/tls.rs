//! TLS to the hub, as libpq's `sslmode` means it: `disable` (never), `prefer` (if the server
//! offers it, unverified; the default), `require` (always, unverified: protects against
//! listening, not against a hub impostor), `verify-ca` (the certificate chains to the root
//! certificate) and `verify-full` (and names the host connected to). A unix socket never uses
//! TLS (PostgreSQL does not offer it there; libpq ignores sslmode for sockets too).
//!
//! Why OpenSSL through `postgres-openssl`: it is kept by the maintainer of the `postgres`
//! client itself, it is what libpq and the PostgreSQL server use (the same certificate files,
//! the same verification), and it carries channel binding for SCRAM (`tls-server-end-point`).
//! TLS matters less to what the hub can do to a tournament (every event is verified whatever
//! the channel) than to who can read the payloads and the password on the way.

use super::SyncError;
use openssl::ssl::{SslConnector, SslMethod, SslVerifyMode};
use postgres_openssl::MakeTlsConnector;
use std::path::{Path, PathBuf};

/// libpq's `sslmode` (`allow` is taken as `prefer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SslMode {
    Disable,
    #[default]
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl SslMode {
    pub fn parse(s: &str) -> Result<SslMode, SyncError> {
        Ok(match s {
            "disable" => SslMode::Disable,
            "allow" | "prefer" => SslMode::Prefer,
            "require" => SslMode::Require,
            "verify-ca" => SslMode::VerifyCa,
            "verify-full" => SslMode::VerifyFull,
            _ => {
                return Err(SyncError::Config(format!(
                    "sslmode {s:?}: use disable, prefer, require, verify-ca or verify-full"
                )))
            }
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }

    /// What the `postgres` client negotiates (verification is the connector's).
    pub fn negotiation(self) -> postgres::config::SslMode {
        match self {
            SslMode::Disable => postgres::config::SslMode::Disable,
            SslMode::Prefer => postgres::config::SslMode::Prefer,
            _ => postgres::config::SslMode::Require,
        }
    }
}

/// The TLS part of a hub connection.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TlsSettings {
    pub mode: SslMode,
    /// The root certificate(s) to verify against (`sslrootcert`, else `PGSSLROOTCERT`, else
    /// `~/.postgresql/root.crt` if present); `None`: the system's store.
    pub root_cert: Option<PathBuf>,
}

/// Takes libpq's TLS options (`sslmode`, `sslrootcert`) out of a hub address, URL or
/// `key=value` form, which the `postgres` client does not parse (it knows only three modes).
/// Returns the address without them and what they said.
pub fn split_options(url: &str) -> (String, Option<String>, Option<String>) {
    let (mut mode, mut root) = (None, None);
    let mut take = |k: &str, v: &str| match k {
        "sslmode" => {
            mode = Some(v.to_owned());
            true
        }
        "sslrootcert" => {
            root = Some(v.to_owned());
            true
        }
        _ => false,
    };
    let rest = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        match url.split_once('?') {
            Some((base, query)) => {
                let kept: Vec<&str> = query
                    .split('&')
                    .filter(|kv| {
                        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                        !take(k, v)
                    })
                    .collect();
                if kept.is_empty() {
                    base.to_owned()
                } else {
                    format!("{base}?{}", kept.join("&"))
                }
            }
            None => url.to_owned(),
        }
    } else {
        url.split_whitespace()
            .filter(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                !take(k.trim(), v.trim().trim_matches('\''))
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    (rest, mode, root)
}

/// The connector for `tls`.
pub fn connector(tls: &TlsSettings) -> Result<MakeTlsConnector, SyncError> {
    let setup = |e: openssl::error::ErrorStack| SyncError::Config(format!("TLS setup: {e}"));
    let mut b = SslConnector::builder(SslMethod::tls_client()).map_err(setup)?;
    let verify = matches!(tls.mode, SslMode::VerifyCa | SslMode::VerifyFull);
    if verify {
        b.set_verify(SslVerifyMode::PEER);
        if let Some(root) = &tls.root_cert {
            b.set_ca_file(root).map_err(|e| {
                SyncError::Config(format!(
                    "root certificate {}: {e} (sslrootcert / PGSSLROOTCERT)",
                    root.display()
                ))
            })?;
        }
    } else {
        b.set_verify(SslVerifyMode::NONE);
    }
    let mut m = MakeTlsConnector::new(b.build());
    if tls.mode != SslMode::VerifyFull {
        m.set_callback(|c, _| {
            c.set_verify_hostname(false);
            Ok(())
        });
    }
    Ok(m)
}

/// The default root certificate when none is named: `~/.postgresql/root.crt`, as libpq.
pub fn default_root(home: Option<String>) -> Option<PathBuf> {
    home.map(|h| Path::new(&h).join(".postgresql/root.crt"))
        .filter(|p| p.exists())
}

/// A failed TLS handshake in words a director can act on.
pub fn explain(e: &postgres::Error, tls: &TlsSettings, host: &str) -> Option<String> {
    let mut detail = e.to_string();
    let mut src: Option<&dyn std::error::Error> = std::error::Error::source(e);
    while let Some(s) = src {
        detail.push_str(": ");
        detail.push_str(&s.to_string());
        src = s.source();
    }
    let mode = tls.mode.as_str();
    if detail.contains("hostname mismatch") || detail.contains("IP address mismatch") {
        return Some(format!(
            "the hub's TLS certificate is not issued for the host name {host:?} (sslmode={mode} checks the name): connect with the name on the certificate; nothing was sent"
        ));
    }
    if detail.contains("certificate verify failed") {
        return Some(format!(
            "the hub's TLS certificate does not chain to the trusted root certificate{} (sslmode={mode}): nothing was sent. {detail}",
            tls.root_cert
                .as_ref()
                .map(|r| format!(" {}", r.display()))
                .unwrap_or_else(|| " (the system's store)".into())
        ));
    }
    if detail.contains("server does not support TLS") {
        return Some(format!(
            "the hub does not offer TLS, and sslmode={mode} requires it: nothing was sent"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tls_options_are_taken_out_of_both_address_forms() {
        let (rest, mode, root) = split_options(
            "postgresql://td@hub.example/fed?sslmode=verify-full&application_name=x&sslrootcert=/etc/ca.pem",
        );
        assert_eq!(rest, "postgresql://td@hub.example/fed?application_name=x");
        assert_eq!(mode.as_deref(), Some("verify-full"));
        assert_eq!(root.as_deref(), Some("/etc/ca.pem"));
        let (rest, mode, root) =
            split_options("host=hub.example sslmode=require user=td dbname=fed");
        assert_eq!(rest, "host=hub.example user=td dbname=fed");
        assert_eq!((mode.as_deref(), root), (Some("require"), None));
        let (rest, mode, _) = split_options("postgresql://td@hub.example/fed");
        assert_eq!(
            (rest.as_str(), mode),
            ("postgresql://td@hub.example/fed", None)
        );
    }

    #[test]
    fn every_libpq_mode_is_known_and_an_unknown_one_is_refused() {
        for m in ["disable", "prefer", "require", "verify-ca", "verify-full"] {
            assert_eq!(SslMode::parse(m).unwrap().as_str(), m);
        }
        assert_eq!(SslMode::parse("allow").unwrap(), SslMode::Prefer);
        assert!(SslMode::parse("verify-everything").is_err());
    }
}
