//! Where the hub is and how to log in: a URL or `key=value` string as libpq takes it, the
//! usual libpq environment for what it leaves out (PGHOST, PGPORT, PGUSER, PGDATABASE,
//! PGPASSWORD, PGPASSFILE, PGSSLMODE, PGSSLROOTCERT; see `sync::tls`), and a password file in libpq's `.pgpass` format that
//! only its owner may read (mode 0600), as libpq requires.

use super::SyncError;
use std::path::{Path, PathBuf};

/// A resolved hub connection.
pub struct HubConfig {
    pub config: postgres::Config,
    /// host:port/db as user, never the password (for messages).
    pub target: String,
    /// TLS as libpq's `sslmode` means it (`sync::tls`).
    pub tls: super::tls::TlsSettings,
}

impl HubConfig {
    /// Whether the hub is reached through a unix socket (never TLS).
    pub fn is_socket(&self) -> bool {
        matches!(
            self.config.get_hosts().first(),
            Some(postgres::config::Host::Unix(_))
        )
    }

    /// The host name TLS verifies (`verify-full`).
    pub fn host(&self) -> String {
        match self.config.get_hosts().first() {
            Some(postgres::config::Host::Tcp(h)) => h.clone(),
            Some(postgres::config::Host::Unix(p)) => p.display().to_string(),
            None => String::new(),
        }
    }
}

/// Looks a variable up (the environment in the CLI; a map in tests).
pub type Env<'a> = &'a dyn Fn(&str) -> Option<String>;

pub fn from_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

impl HubConfig {
    /// `url`: `postgresql://user@host:port/db`, or `host=/tmp/sock port=5432 dbname=x`;
    /// `None` takes everything from the environment. `password_file`: a `.pgpass` file
    /// (else PGPASSFILE, else `~/.pgpass` if present).
    pub fn resolve(
        url: Option<&str>,
        password_file: Option<&Path>,
        env: Env<'_>,
    ) -> Result<HubConfig, SyncError> {
        // The TLS options the `postgres` client does not parse come out first.
        let (rest, url_mode, url_root) = match url {
            Some(u) => {
                let (r, m, c) = super::tls::split_options(u);
                (Some(r), m, c)
            }
            None => (None, None, None),
        };
        let mut c: postgres::Config = match rest.as_deref() {
            Some(u) => u
                .parse()
                .map_err(|e| SyncError::Config(format!("hub address {u:?}: {e}")))?,
            None => postgres::Config::new(),
        };
        if c.get_hosts().is_empty() {
            let host = env("PGHOST").unwrap_or_else(|| "localhost".into());
            for h in host.split(',') {
                if h.starts_with('/') {
                    c.host_path(h);
                } else {
                    c.host(h);
                }
            }
        }
        if c.get_ports().is_empty() {
            let port = env("PGPORT").unwrap_or_else(|| "5432".into());
            let p: u16 = port
                .parse()
                .map_err(|_| SyncError::Config(format!("PGPORT {port:?} is not a port")))?;
            c.port(p);
        }
        if c.get_user().is_none() {
            let user = env("PGUSER").or_else(|| env("USER")).ok_or_else(|| {
                SyncError::Config("no user: set PGUSER or give one in the hub address".into())
            })?;
            c.user(&user);
        }
        if c.get_dbname().is_none() {
            let db =
                env("PGDATABASE").unwrap_or_else(|| c.get_user().unwrap_or("postgres").to_string());
            c.dbname(&db);
        }
        let tls = super::tls::TlsSettings {
            mode: match url_mode.or_else(|| env("PGSSLMODE")) {
                Some(m) => super::tls::SslMode::parse(&m)?,
                None => super::tls::SslMode::Prefer,
            },
            root_cert: url_root
                .or_else(|| env("PGSSLROOTCERT"))
                .map(PathBuf::from)
                .or_else(|| super::tls::default_root(env("HOME"))),
        };
        c.ssl_mode(tls.mode.negotiation());
        let target = {
            let host = match c.get_hosts().first() {
                Some(postgres::config::Host::Tcp(h)) => h.clone(),
                Some(postgres::config::Host::Unix(p)) => p.display().to_string(),
                None => String::new(),
            };
            format!(
                "{}:{}/{} as {}",
                host,
                c.get_ports().first().copied().unwrap_or(5432),
                c.get_dbname().unwrap_or(""),
                c.get_user().unwrap_or("")
            )
        };
        if c.get_password().is_none() {
            if let Some(p) = env("PGPASSWORD") {
                c.password(p);
            } else {
                let explicit = password_file
                    .map(Path::to_path_buf)
                    .or_else(|| env("PGPASSFILE").map(PathBuf::from));
                let file = explicit.clone().or_else(|| {
                    env("HOME")
                        .map(|h| Path::new(&h).join(".pgpass"))
                        .filter(|p| p.exists())
                });
                if let Some(f) = file {
                    if let Some(pw) = password_from(&f, &c, explicit.is_some())? {
                        c.password(pw);
                    }
                }
            }
        }
        c.application_name("tdlog sync");
        c.connect_timeout(std::time::Duration::from_secs(10));
        Ok(HubConfig {
            config: c,
            target,
            tls,
        })
    }
}

/// The password for `c` in a `.pgpass` file (`host:port:db:user:password`, `*` matches
/// anything, `\:` and `\\` escaped). A file others can read is refused when it was named
/// explicitly and ignored otherwise (libpq ignores it with a warning).
fn password_from(
    file: &Path,
    c: &postgres::Config,
    explicit: bool,
) -> Result<Option<String>, SyncError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(file)
            .map_err(|e| SyncError::Config(format!("password file {}: {e}", file.display())))?;
        if meta.permissions().mode() & 0o077 != 0 {
            let msg = format!(
                "password file {} can be read by others (mode {:o}); it must be 0600 (chmod 600)",
                file.display(),
                meta.permissions().mode() & 0o777
            );
            if explicit {
                return Err(SyncError::Config(msg));
            }
            tracing::warn!("{msg}: ignored");
            return Ok(None);
        }
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| SyncError::Config(format!("password file {}: {e}", file.display())))?;
    let host = match c.get_hosts().first() {
        Some(postgres::config::Host::Tcp(h)) => h.clone(),
        // libpq matches a socket directory as "localhost".
        Some(postgres::config::Host::Unix(_)) => "localhost".into(),
        None => "localhost".into(),
    };
    let port = c.get_ports().first().copied().unwrap_or(5432).to_string();
    let want = [
        host.as_str(),
        port.as_str(),
        c.get_dbname().unwrap_or(""),
        c.get_user().unwrap_or(""),
    ];
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields = split_pgpass(line);
        if fields.len() != 5 {
            continue;
        }
        if fields[..4]
            .iter()
            .zip(want.iter())
            .all(|(f, w)| f == "*" || f == w)
        {
            return Ok(Some(fields[4].clone()));
        }
    }
    Ok(None)
}

fn split_pgpass(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = line.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '\\' => {
                if let (Some(n), Some(s)) = (chars.next(), out.last_mut()) {
                    s.push(n);
                }
            }
            ':' if out.len() < 5 => out.push(String::new()),
            _ => {
                if let Some(s) = out.last_mut() {
                    s.push(ch);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env<'a>(m: &'a HashMap<&'a str, &'a str>) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| m.get(k).map(|v| v.to_string())
    }

    #[test]
    fn the_libpq_environment_fills_what_the_address_leaves_out() {
        let m = HashMap::from([
            ("PGHOST", "/tmp/pg.x"),
            ("PGPORT", "6543"),
            ("PGUSER", "td"),
            ("PGDATABASE", "hub"),
        ]);
        let c = HubConfig::resolve(None, None, &env(&m)).unwrap();
        assert_eq!(c.target, "/tmp/pg.x:6543/hub as td");
        let c = HubConfig::resolve(
            Some("postgresql://fed@db.example:5433/archive"),
            None,
            &env(&m),
        )
        .unwrap();
        assert_eq!(c.target, "db.example:5433/archive as fed");
    }

    #[cfg(unix)]
    #[test]
    fn a_password_file_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("pgpass");
        std::fs::write(
            &f,
            "# hub\ndb.example:5433:archive:fed:s\\:cret\n*:*:*:*:other\n",
        )
        .unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
        let m = HashMap::new();
        let url = Some("postgresql://fed@db.example:5433/archive");
        let e = HubConfig::resolve(url, Some(&f), &env(&m)).err().unwrap();
        assert!(e.to_string().contains("must be 0600"), "{e}");
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
        let c = HubConfig::resolve(url, Some(&f), &env(&m)).unwrap();
        assert_eq!(c.config.get_password(), Some(&b"s:cret"[..]));
        assert!(!c.target.contains("cret"));
    }
}
