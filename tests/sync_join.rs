//! Joining a log from the hub (issue 17): a device that does not hold a log creates its copy
//! from the hub's events for a log id (`tdlog sync --join LOGID --hub URL NEWFILE`). Every
//! event is checked as served and verified before it is stored; a hub that swaps the
//! genesis or alters an event gets exit 2 and leaves no file behind.

mod common;
#[path = "common/pg.rs"]
mod pg;

use common::*;
use pg::PgCluster;
use std::path::{Path, PathBuf};
use tdlog::keys::Role;
use tdlog::log::{Hash32, Log};
use tdlog::sync::{self, Hub, HubConfig};

/// The chief TD's log with a TD and a few notes, pushed to the hub by the chief's device.
fn on_the_hub(dir: &Path, pg: &PgCluster, name: &str) -> (PathBuf, Hash32) {
    let p = dir.join(format!("{name}.tdlog"));
    let (chief, td) = (key(1), key(2));
    let g = match genesis() {
        tdlog::events::Payload::Genesis(mut g) => {
            g.name = name.into();
            g
        }
        _ => unreachable!(),
    };
    let mut log = Log::create(&p, &chief, g).unwrap();
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    for i in 0..5 {
        log.append(&td, note(&format!("call {i} at table 2")))
            .unwrap();
    }
    let log_id = log.log_id().unwrap();
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap();
    let mut hub = Hub::connect(&cfg).unwrap();
    sync::sync_once(
        &mut log,
        &mut hub,
        Some(&chief),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    (p, log_id)
}

fn digest(p: &Path) -> String {
    let v = Log::open(p).unwrap().verify(None).unwrap();
    tdlog::log::digest::HeadSet::of(&v).digest().to_string()
}

#[test]
fn a_new_device_joins_a_log_from_the_hub_every_event_verified() {
    let Some(pg) = PgCluster::start() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (original, log_id) = on_the_hub(dir.path(), &pg, "Joined Pairs");
    // Another tournament on the same hub: the prefix must pick the right one.
    on_the_hub(dir.path(), &pg, "Other Pairs");
    let kf = dir.path().join("td.key");
    key(2).save(&kf, None).unwrap();
    let new = dir.path().join("laptop2.tdlog");
    let prefix = &log_id.to_hex()[..12];
    let out = tdlog_cmd()
        .args(["sync", "--join", prefix, "--hub", &pg.url(), "--key"])
        .arg(&kf)
        .arg(&new)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(&format!("joined log {}", log_id.to_hex())),
        "{text}"
    );
    assert!(text.contains("pulled 6 new events"), "{text}");
    // The TD's enrolment arrives with the join itself, so no receipt is signed for it.
    assert!(!text.contains("receipt signed"), "{text}");
    let joined = Log::open(&new).unwrap().verify(None).unwrap();
    assert_eq!(joined.log_id, log_id);
    assert_eq!(joined.events.len(), 7);
    // The device's verified-state cache followed the join (the next open is a warm one),
    // and the file, filled with a rollback journal, is back in WAL as every log is.
    let cached = tdlog::log::cache::VerifiedCache::new(&test_device_dir())
        .load(&log_id)
        .unwrap();
    assert_eq!(cached.rows.len(), 7);
    let mode: String = rusqlite::Connection::open(&new)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert!(!new.with_extension("tdlog-journal").exists());
    // The chief's device syncs once more: both hold the same events.
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap();
    let mut log = Log::open(&original).unwrap();
    sync::sync_once(
        &mut log,
        &mut Hub::connect(&cfg).unwrap(),
        Some(&key(1)),
        &sync::Options::default(),
        &mut |_, _, _| true,
    )
    .unwrap();
    assert_eq!(digest(&original), digest(&new));

    // Joining again onto the existing file is refused; the file is left as it was.
    let again = tdlog_cmd()
        .args(["sync", "--join", &log_id.to_hex(), "--hub", &pg.url()])
        .arg(&new)
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert_eq!(digest(&new), digest(&original));
}

#[test]
fn a_hub_that_swaps_the_genesis_or_alters_an_event_leaves_no_file() {
    let Some(pg) = PgCluster::start() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (_, log_id) = on_the_hub(dir.path(), &pg, "Tampered Pairs");
    let (_, other_id) = on_the_hub(dir.path(), &pg, "Swapped In Pairs");
    let join = |file: &str, id: &str| {
        let new = dir.path().join(file);
        let out = tdlog_cmd()
            .args(["sync", "--join", id, "--hub", &pg.url()])
            .arg(&new)
            .output()
            .unwrap();
        (
            new,
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };

    // An unknown log: said so, no file.
    let (new, code, err) = join("unknown.tdlog", &"ab".repeat(32));
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the hub holds no log"), "{err}");
    assert!(!new.exists());

    // An event of the log altered at the hub: refused, no file.
    let mut c = pg.client();
    c.execute(
        "UPDATE tdlog.event SET payload = convert_to(replace(convert_from(payload, 'UTF8'), 'call 4', 'no call'), 'UTF8') WHERE log_id = $1 AND seq = 5",
        &[&log_id.0.as_slice()],
    )
    .unwrap();
    let (new, code, err) = join("altered.tdlog", &log_id.to_hex());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("altered"), "{err}");
    assert!(!new.exists(), "a refused join leaves no file");

    // The genesis filed under the log id swapped for another tournament's: refused.
    c.execute(
        "UPDATE tdlog.event e SET body = o.body, sig = o.sig, payload = o.payload FROM tdlog.event o WHERE e.log_id = $1 AND e.id = $1 AND o.log_id = $2 AND o.id = $2",
        &[&log_id.0.as_slice(), &other_id.0.as_slice()],
    )
    .unwrap();
    let (new, code, err) = join("swapped.tdlog", &log_id.to_hex());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("altered"), "{err}");
    assert!(!new.exists());
}

/// Issue 33: the federation's hub device witnesses what is published. It joins the log
/// with its own enrolled key, and `tdlog sync --witness` checks every publication's tree
/// against its copy, signs the same head and pushes it; the chief TD's next sync brings the
/// co-signature, and a second round signs nothing again.
#[test]
fn a_hub_device_witnesses_every_publication_through_sync() {
    use tdlog::events::{Payload, ResultsPublished, ResultsTreeHead};
    let Some(pg) = PgCluster::start() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (original, log_id) = on_the_hub(dir.path(), &pg, "Witnessed Pairs");
    let (chief, federation) = (key(1), key(8));
    let mut log = Log::open(&original).unwrap();
    log.append(
        &chief,
        enrol(&federation, Role::Organiser, "Federation hub"),
    )
    .unwrap();
    let publication = log
        .append(
            &chief,
            Payload::ResultsPublished(ResultsPublished {
                sections: vec![],
                session: None,
            }),
        )
        .unwrap();
    let v = log.verify(None).unwrap();
    let head = tdlog::log::tree::head(&v, publication).unwrap();
    log.append(
        &chief,
        Payload::ResultsTreeHead(ResultsTreeHead {
            publication,
            size: head.size,
            root: head.root,
        }),
    )
    .unwrap();
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &|_| None).unwrap();
    let push = |log: &mut Log| {
        sync::sync_once(
            log,
            &mut Hub::connect(&cfg).unwrap(),
            Some(&chief),
            &sync::Options::default(),
            &mut |_, _, _| true,
        )
        .unwrap()
    };
    push(&mut log);
    drop(log);

    let kf = dir.path().join("federation.key");
    federation.save(&kf, None).unwrap();
    let copy = dir.path().join("federation.tdlog");
    let run = |args: &[&str]| {
        let out = tdlog_cmd()
            .args(args)
            .args(["--hub", &pg.url(), "--key"])
            .arg(&kf)
            .arg(&copy)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        text
    };
    run(&["sync", "--join", &log_id.to_hex()]);
    let text = run(&["sync", "--witness"]);
    assert!(
        text.contains(&format!(
            "witnessed publication {}: its tree has {} events, root {}",
            publication.to_hex(),
            head.size,
            head.root.to_hex()
        )),
        "{text}"
    );
    assert!(text.contains("pushed 1,"), "{text}");

    // The chief's copy gets the co-signature: two heads of the same tree, by two keys.
    let mut log = Log::open(&original).unwrap();
    push(&mut log);
    let v = log.verify(None).unwrap();
    let heads = tdlog::log::tree::signed_heads(&v);
    let signers: Vec<Hash32> = heads
        .iter()
        .filter(|h| h.publication == publication && h.matches)
        .map(|h| h.signer)
        .collect();
    assert_eq!(signers, vec![chief.public(), federation.public()]);

    // Nothing more to witness.
    let again = run(&["sync", "--witness"]);
    assert!(!again.contains("witnessed publication"), "{again}");
}
