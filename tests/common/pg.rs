//! A throwaway PostgreSQL cluster for a test (issue 17), after the verified recipe in
//! ../shared/reference/packaging-and-postgres.md: `initdb` in a temp dir under /tmp (as the
//! `postgres` user through `runuser` when the tests run as root: initdb refuses root), a
//! unix socket only (no port to clash), fsync off, stopped and removed when dropped.
//!
//! When PostgreSQL is not installed, [`PgCluster::start`] says so loudly and returns `None`
//! (the test then returns early); with `TDLOG_REQUIRE_PG=1` (set by scripts/test.sh after
//! scripts/deps.sh installed it) a missing PostgreSQL fails the test instead.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct PgCluster {
    pub dir: PathBuf,
    pub port: u16,
    bin: PathBuf,
    as_root: bool,
    /// Server options beyond the socket-only defaults (TLS clusters listen on loopback).
    extra: String,
}

/// A server certificate and key for [`PgCluster::start_tls`].
pub struct ServerTls<'a> {
    pub cert: &'a Path,
    pub key: &'a Path,
}

fn pg_bin() -> Option<PathBuf> {
    if let Some(b) = std::env::var_os("PGBIN") {
        return Some(PathBuf::from(b));
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|b| b.join("initdb").exists())
        .collect();
    dirs.sort_by_key(|d| {
        d.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    dirs.pop()
}

static PORT: std::sync::atomic::AtomicU16 = std::sync::atomic::AtomicU16::new(0);

impl PgCluster {
    /// A fresh cluster with the database `tdlog_test`, or `None` (said loudly) without
    /// PostgreSQL.
    pub fn start() -> Option<PgCluster> {
        Self::start_with(None)
    }

    /// A fresh cluster that also listens on 127.0.0.1 (port [`PgCluster::port`]) with
    /// `ssl=on` and the given certificate and key.
    pub fn start_tls(tls: ServerTls<'_>) -> Option<PgCluster> {
        Self::start_with(Some(tls))
    }

    fn start_with(tls: Option<ServerTls<'_>>) -> Option<PgCluster> {
        let Some(bin) = pg_bin() else {
            let msg = "PostgreSQL is NOT INSTALLED: the hub tests (issue 17) did NOT run. Install it with scripts/deps.sh";
            if std::env::var("TDLOG_REQUIRE_PG").is_ok_and(|v| v == "1") {
                panic!("{msg}");
            }
            eprintln!("\n!!!!!!!! {msg} !!!!!!!!\n");
            return None;
        };
        let as_root = unsafe { libc::geteuid() } == 0;
        // Short path: unix socket paths are limited to 107 bytes.
        let dir = PathBuf::from(
            String::from_utf8(
                Command::new("mktemp")
                    .args(["-d", "/tmp/tdpg.XXXXXX"])
                    .output()
                    .unwrap()
                    .stdout,
            )
            .unwrap()
            .trim(),
        );
        if as_root {
            assert!(Command::new("chown")
                .args(["postgres:", dir.to_str().unwrap()])
                .status()
                .unwrap()
                .success());
        }
        // A distinct port number per cluster of this process: it only names the socket file.
        let mut port = 20000
            + (std::process::id() % 1000) as u16 * 40
            + PORT.fetch_add(1, std::sync::atomic::Ordering::SeqCst) % 40;
        let mut extra = String::new();
        if tls.is_some() {
            // A TCP port: one the system says is free now.
            port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            extra = "-c listen_addresses=127.0.0.1 -c ssl=on -c ssl_cert_file=server.crt -c ssl_key_file=server.key".into();
        }
        let c = PgCluster {
            dir,
            port,
            bin,
            as_root,
            extra,
        };
        c.pg(
            "initdb",
            &[
                "-D",
                c.data().to_str().unwrap(),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
            ],
        );
        if let Some(t) = tls {
            // The server reads its key only if no one else may (0600, its own user).
            for (from, name) in [(t.cert, "server.crt"), (t.key, "server.key")] {
                let to = c.data().join(name);
                std::fs::copy(from, &to).unwrap();
                assert!(Command::new("chmod")
                    .args(["600", to.to_str().unwrap()])
                    .status()
                    .unwrap()
                    .success());
                if as_root {
                    assert!(Command::new("chown")
                        .args(["postgres:", to.to_str().unwrap()])
                        .status()
                        .unwrap()
                        .success());
                }
            }
        }
        c.ctl_start();
        c.pg(
            "createdb",
            &[
                "-h",
                c.dir.to_str().unwrap(),
                "-p",
                &c.port.to_string(),
                "-U",
                "postgres",
                "tdlog_test",
            ],
        );
        Some(c)
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn pg(&self, tool: &str, args: &[&str]) {
        let exe = self.bin.join(tool);
        let out = if self.as_root {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&exe)
                .args(args)
                .output()
        } else {
            Command::new(&exe).args(args).output()
        }
        .unwrap();
        assert!(
            out.status.success(),
            "{tool} {args:?}: {}{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default()
        );
    }

    fn ctl_start(&self) {
        let opts = format!(
            "-c listen_addresses='' -p {} -k {} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60 {}",
            self.port,
            self.dir.display(),
            self.extra
        );
        self.pg(
            "pg_ctl",
            &[
                "-D",
                self.data().to_str().unwrap(),
                "-l",
                self.dir.join("server.log").to_str().unwrap(),
                "-w",
                "-t",
                "30",
                "-o",
                &opts,
                "start",
            ],
        );
    }

    /// Stops the server (fast: open connections are cut) until [`PgCluster::start_again`]:
    /// a hub that is away.
    pub fn stop(&self) {
        self.pg(
            "pg_ctl",
            &[
                "-D",
                self.data().to_str().unwrap(),
                "-m",
                "fast",
                "-w",
                "stop",
            ],
        );
    }

    /// Starts a server stopped by [`PgCluster::stop`] again (same data, same socket).
    pub fn start_again(&self) {
        self.ctl_start();
    }

    /// Stops the server (fast: open connections are cut) and starts it again.
    pub fn restart(&self) {
        self.pg(
            "pg_ctl",
            &[
                "-D",
                self.data().to_str().unwrap(),
                "-m",
                "fast",
                "-w",
                "stop",
            ],
        );
        self.ctl_start();
    }

    /// The hub address as `tdlog sync --hub` takes it.
    pub fn url(&self) -> String {
        format!(
            "host={} port={} user=postgres dbname=tdlog_test",
            self.dir.display(),
            self.port
        )
    }

    pub fn socket_dir(&self) -> &Path {
        &self.dir
    }

    /// A plain client, for doing to the hub's rows what a hostile hub would.
    pub fn client(&self) -> postgres::Client {
        postgres::Client::connect(&self.url(), postgres::NoTls).unwrap()
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let exe = self.bin.join("pg_ctl");
        let data = self.data();
        let args = [
            "-D",
            data.to_str().unwrap_or(""),
            "-m",
            "immediate",
            "-w",
            "stop",
        ];
        let _ = if self.as_root {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&exe)
                .args(args)
                .output()
        } else {
            Command::new(&exe).args(args).output()
        };
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
