//! TLS to the hub (issue 17), as libpq's `sslmode` means it, against a throwaway cluster
//! started with `ssl=on` and a certificate for `localhost` signed by a CA made here with the
//! openssl CLI. The server itself says whether a connection is encrypted (`pg_stat_ssl`).
//! `verify-full` refuses a host name the certificate does not name, `verify-ca` a certificate
//! of another CA, each with a message saying so and nothing sent.

mod common;
#[path = "common/pg.rs"]
mod pg;

use common::*;
use pg::{PgCluster, ServerTls};
use std::path::Path;
use std::process::Command;
use tdlog::log::Log;
use tdlog::sync::{self, Hub, HubConfig, SyncError};

fn openssl(dir: &Path, args: &[&str]) {
    let out = Command::new("openssl")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the openssl CLI");
    assert!(
        out.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A CA (`NAME.crt`, `NAME.key`) and, if `server`, a server certificate for `localhost`
/// only (no IP address) signed by it.
fn make_ca(dir: &Path, name: &str) {
    openssl(
        dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            &format!("/CN=tdlog test CA {name}"),
            "-keyout",
            &format!("{name}.key"),
            "-out",
            &format!("{name}.crt"),
        ],
    );
}

fn make_server_cert(dir: &Path, ca: &str) {
    std::fs::write(
        dir.join("ext.cnf"),
        "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n",
    )
    .unwrap();
    openssl(
        dir,
        &[
            "req",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-subj",
            "/CN=localhost",
            "-keyout",
            "server.key",
            "-out",
            "server.csr",
        ],
    );
    openssl(
        dir,
        &[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            &format!("{ca}.crt"),
            "-CAkey",
            &format!("{ca}.key"),
            "-CAcreateserial",
            "-days",
            "2",
            "-extfile",
            "ext.cnf",
            "-out",
            "server.crt",
        ],
    );
}

fn config(url: &str) -> HubConfig {
    // Nothing from this machine's environment: the address says it all.
    HubConfig::resolve(Some(url), None, &|_| None).unwrap()
}

#[test]
fn tls_to_the_hub_as_libpq_sslmode_means_it() {
    let certs = tempfile::tempdir().unwrap();
    make_ca(certs.path(), "ca");
    make_ca(certs.path(), "other");
    make_server_cert(certs.path(), "ca");
    let Some(pg) = PgCluster::start_tls(ServerTls {
        cert: &certs.path().join("server.crt"),
        key: &certs.path().join("server.key"),
    }) else {
        return;
    };
    let ca = certs.path().join("ca.crt");
    let other = certs.path().join("other.crt");
    let url = |host: &str, mode: &str, root: &Path| {
        format!(
            "host={host} port={} user=postgres dbname=tdlog_test sslmode={mode} sslrootcert={}",
            pg.port,
            root.display()
        )
    };
    let encrypted = |u: &str| Hub::connect(&config(u)).and_then(|mut h| h.tls_in_use());

    // The server offers TLS: every mode but `disable` uses it.
    assert!(!encrypted(&url("127.0.0.1", "disable", &ca)).unwrap());
    assert!(encrypted(&url("127.0.0.1", "prefer", &ca)).unwrap());
    assert!(
        encrypted(&url("127.0.0.1", "require", &other)).unwrap(),
        "require does not verify"
    );
    assert!(
        encrypted(&url("127.0.0.1", "verify-ca", &ca)).unwrap(),
        "verify-ca ignores the name"
    );
    assert!(encrypted(&url("localhost", "verify-full", &ca)).unwrap());
    // The URL form carries the options too.
    let as_url = format!(
        "postgresql://postgres@localhost:{}/tdlog_test?sslmode=verify-full&sslrootcert={}",
        pg.port,
        ca.display()
    );
    assert!(encrypted(&as_url).unwrap());

    // verify-full: the certificate names `localhost`, not 127.0.0.1.
    match Hub::connect(&config(&url("127.0.0.1", "verify-full", &ca))) {
        Err(SyncError::Tls(m)) => assert!(
            m.contains("not issued for the host name \"127.0.0.1\"") && m.contains("verify-full"),
            "{m}"
        ),
        Err(e) => panic!("not a TLS refusal: {e}"),
        Ok(_) => panic!("verify-full accepted a certificate for another host name"),
    }
    // verify-ca: another CA's root does not vouch for this server.
    match Hub::connect(&config(&url("localhost", "verify-ca", &other))) {
        Err(SyncError::Tls(m)) => assert!(m.contains("does not chain"), "{m}"),
        Err(e) => panic!("not a TLS refusal: {e}"),
        Ok(_) => panic!("verify-ca accepted a certificate of another CA"),
    }

    // A sync over verify-full moves the log like any other.
    let dir = tempfile::tempdir().unwrap();
    let chief = key(1);
    let mut log = Log::create(&dir.path().join("t.tdlog"), &chief, genesis_of()).unwrap();
    log.append(&chief, note("over TLS")).unwrap();
    let mut hub = Hub::connect(&config(&url("localhost", "verify-full", &ca))).unwrap();
    assert!(hub.tls_in_use().unwrap());
    let r = sync::sync_once(
        &mut log,
        &mut hub,
        Some(&chief),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    assert_eq!(r.pushed, 2);

    // `--watch` with a certificate verify-full refuses ends at once with that refusal: a
    // certificate does not mend by waiting, so it is not retried as a hub that is away.
    let mut away = 0;
    let res = sync::watch(
        &mut log,
        &config(&url("127.0.0.1", "verify-full", &ca)),
        Some(&chief),
        &sync::Options::default(),
        std::time::Duration::from_millis(50),
        &|| false,
        &mut |r| {
            if r.is_err_and(|e| e.is_away()) {
                away += 1;
            }
        },
    );
    assert!(matches!(res, Err(SyncError::Tls(_))), "{res:?}");
    assert_eq!(away, 0);
}

fn genesis_of() -> tdlog::events::Genesis {
    match genesis() {
        tdlog::events::Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

#[test]
fn an_unknown_sslmode_is_refused_before_anything_is_sent() {
    let e = HubConfig::resolve(
        Some("host=hub.example user=td sslmode=sometimes"),
        None,
        &|_| None,
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("verify-full"), "{e}");
    let env = |k: &str| (k == "PGSSLMODE").then(|| "verify-full".to_string());
    let c = HubConfig::resolve(Some("host=hub.example user=td"), None, &env).unwrap();
    assert_eq!(c.tls.mode, sync::tls::SslMode::VerifyFull);
}
