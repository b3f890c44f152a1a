//! The app's live sync against a real, throwaway PostgreSQL hub (tests/common/pg.rs): another
//! device's event reaches the open log's live state without a re-open, this device's offline
//! work reaches the hub when it is back, and a hub that alters an event stops the sync with
//! the local log unchanged.

#[path = "../../../tests/common/pg.rs"]
mod pg;

use super::*;
use crate::session::tests_support::{demo, demo_key, device_dir, open};
use crate::session::NoteInput;
use pg::PgCluster;
use tdlog::events::Payload;
use tdlog::sync::{sync_once, Hub, Options};

struct TestShell {
    state: AppState,
    events: Mutex<Vec<HubEvent>>,
}

impl Shell for TestShell {
    fn app(&self) -> &AppState {
        &self.state
    }
    fn publish(&self, event: &HubEvent) {
        self.events.lock().unwrap().push(event.clone());
    }
}

/// The app on a copy of the demo log, signing as TD 1 (`device.key` in its data dir).
fn app_on(log: &Path) -> Arc<TestShell> {
    let dir = device_dir(log);
    std::fs::create_dir_all(&dir).unwrap();
    let key = dir.join("device.key");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/demo/keys/td1.key"),
        &key,
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let opened = open(log, &|_| {}).unwrap();
    Arc::new(TestShell {
        state: AppState {
            data_dir: dir,
            demo: log.to_owned(),
            start_log: None,
            start_open: Default::default(),
            open: Mutex::new(Some(Arc::new(opened))),
            sign_as: Mutex::new(None),
        },
        events: Mutex::new(vec![]),
    })
}

fn note(text: &str) -> Payload {
    crate::session::note_payload(NoteInput {
        text: text.into(),
        board: None,
        table: Some(4),
        round: None,
    })
    .unwrap()
}

fn has_note(rows: &[RawEvent], text: &str) -> bool {
    let needle = format!("\"text\":\"{text}\"");
    rows.iter()
        .any(|r| String::from_utf8_lossy(&r.payload).contains(&needle))
}

fn live_has_note(shell: &TestShell, text: &str) -> bool {
    shell
        .state
        .current()
        .unwrap()
        .replayed
        .log
        .events
        .iter()
        .any(|e| matches!(&e.payload, Payload::DirectorNote(n) if n.text == text))
}

/// Waits for `what` (a liveness limit, not a timing assertion: nothing is measured).
fn wait_for(what: &str, mut f: impl FnMut() -> bool) {
    for _ in 0..3000 {
        if f() {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("{what}: not reached within a minute");
}

/// Device B: another copy of the log, written and synced as `tdlog sync` does.
fn device_b_sync(log: &Path, cfg: &HubConfig, key: &DeviceKey) -> Result<(), SyncError> {
    let mut b = Log::open(log).unwrap();
    let mut hub = Hub::connect(cfg)?;
    sync_once(
        &mut b,
        &mut hub,
        Some(key),
        &Options::default(),
        &mut |_, _, _| true,
    )?;
    Ok(())
}

use tdlog::sync::SyncError;

#[test]
fn another_devices_event_is_folded_live_and_offline_work_reaches_the_hub_when_it_is_back() {
    let Some(pg) = PgCluster::start() else { return };
    let (a_log, b_log) = (demo(), demo());
    let app = app_on(&a_log);
    let log_id = app.state.current().unwrap().replayed.log.log_id;
    let cfg = save_setting(&app.state.data_dir, &log_id, &pg.url(), None).unwrap();
    let hubs = HubState::default();
    let first = hubs.align(app.clone(), None).unwrap();
    assert!(first.configured && first.signing, "{first:?}");
    wait_for("the app's first sync", || {
        hubs.align(app.clone(), None).unwrap().state == "synced"
    });

    // Device B (the chief TD's laptop) writes a note and syncs.
    let chief = demo_key("chief");
    let mut b = Log::open(&b_log).unwrap();
    b.append(&chief, note("Table 4 asks for the TD")).unwrap();
    drop(b);
    device_b_sync(&b_log, &cfg, &chief).unwrap();
    wait_for("B's note in A's live state", || {
        live_has_note(&app, "Table 4 asks for the TD")
    });
    wait_for("the window is told", || {
        app.events.lock().unwrap().iter().any(|e| e.changed)
    });
    let events = app.events.lock().unwrap().clone();
    // Every status names its sync and how often that sync changed, rising round by round:
    // the window keeps the newest, since a command's answer can come after a round's update.
    assert!(first.run >= 1, "{first:?}");
    assert!(events.iter().all(|e| e.status.run == first.run));
    assert!(
        events
            .windows(2)
            .all(|w| w[0].status.changes < w[1].status.changes),
        "{:?}",
        events.iter().map(|e| e.status.changes).collect::<Vec<_>>()
    );
    let told = events
        .iter()
        .find(|e| e.changed)
        .expect("the window is told that events arrived");
    assert_eq!(told.status.state, "synced");
    let chief_row = told
        .status
        .peers
        .iter()
        .find(|p| p.key == chief.public().to_hex())
        .expect("the chief TD's device is listed");
    assert_eq!(chief_row.last_kind, "director.note");
    assert!(told.status.last_ok_ms.is_some());

    // The hub goes away; the director keeps working; the status says so.
    pg.stop();
    let td1 = demo_key("td1");
    app.state
        .append_live(&td1, note("Written while the hub was away"))
        .unwrap();
    wait_for("the status shows the hub away", || {
        hubs.align(app.clone(), None).unwrap().state == "offline"
    });
    assert!(live_has_note(&app, "Written while the hub was away"));

    // It comes back: the offline note reaches device B through the hub.
    pg.start_again();
    wait_for("the offline note at device B", || {
        let _ = device_b_sync(&b_log, &cfg, &chief);
        has_note(
            &Log::open(&b_log)
                .unwrap()
                .read_inputs()
                .unwrap()
                .into_iter()
                .map(|i| i.raw)
                .collect::<Vec<_>>(),
            "Written while the hub was away",
        )
    });

    // The live state is what a fresh open of the same file shows.
    let live = app.state.current().unwrap();
    let fresh = open(&a_log, &|_| {}).unwrap();
    assert_eq!(
        crate::session::summary(&live, None).digest,
        crate::session::summary(&fresh, None).digest
    );
    assert_eq!(live.replayed.results, fresh.replayed.results);

    // Opening another file stops this one's sync; the setting belongs to the log (its id),
    // so another copy of the same log on this device syncs with the same hub.
    drop(live);
    let other = demo();
    *app.state.open.lock().unwrap() = Some(Arc::new(open(&other, &|_| {}).unwrap()));
    let s = hubs.align(app.clone(), None).unwrap();
    assert!(s.configured);
    assert!(
        s.run > first.run,
        "a new sync, a new number: {} after {}",
        s.run,
        first.run
    );
    let syncer = hubs.take().unwrap();
    assert_eq!(syncer.path, other, "the first file's sync was stopped");
    syncer.join();
}

#[test]
fn a_hub_that_alters_an_event_stops_the_sync_and_the_live_log_is_unchanged() {
    let Some(pg) = PgCluster::start() else { return };
    let (a_log, b_log) = (demo(), demo());
    let app = app_on(&a_log);
    let log_id = app.state.current().unwrap().replayed.log.log_id;
    let cfg = save_setting(&app.state.data_dir, &log_id, &pg.url(), None).unwrap();
    let chief = demo_key("chief");
    let mut b = Log::open(&b_log).unwrap();
    let id = b.append(&chief, note("The hesitation was clear")).unwrap();
    drop(b);
    device_b_sync(&b_log, &cfg, &chief).unwrap();
    pg.client()
        .execute(
            "UPDATE tdlog.event SET payload = convert_to(replace(convert_from(payload, 'UTF8'), 'was clear', 'was not there'), 'UTF8') WHERE id = $1",
            &[&id.0.as_slice()],
        )
        .unwrap();
    let before = app.state.current().unwrap().replayed.log.events.len();

    let hubs = HubState::default();
    hubs.align(app.clone(), None).unwrap();
    wait_for("the sync refuses the hub", || {
        hubs.align(app.clone(), None).unwrap().state == "refused"
    });
    let s = hubs.align(app.clone(), None).unwrap();
    let msg = s.last_error.unwrap_or_default();
    assert!(msg.contains("altered"), "{msg}");
    assert_eq!(
        app.state.current().unwrap().replayed.log.events.len(),
        before
    );
    assert!(!live_has_note(&app, "The hesitation was not there"));
    let syncer = hubs.take().unwrap();
    wait_for("the sync thread ends on its own", || syncer.finished());
    syncer.join();
}

#[cfg(unix)]
#[test]
fn the_hub_password_is_kept_0600_apart_from_the_address_and_never_inside_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("tdlog-hub-setting-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let log_id = Hash32([7; 32]);
    let url = "postgresql://td@hub.example:5433/federation";
    let cfg = save_setting(&dir, &log_id, url, Some("s3:cret")).unwrap();
    assert_eq!(cfg.config.get_password(), Some(&b"s3:cret"[..]));
    assert!(!cfg.target.contains("s3"));
    let json = std::fs::read_to_string(setting_path(&dir, &log_id)).unwrap();
    assert!(
        json.contains("hub.example") && !json.contains("s3"),
        "{json}"
    );
    let pw = password_path(&dir, &log_id);
    let mode = std::fs::metadata(&pw).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(load_setting(&dir, &log_id).unwrap().url, url);

    let e = save_setting(
        &dir,
        &log_id,
        "postgresql://td:s3cret@hub.example/federation",
        None,
    )
    .err()
    .unwrap();
    assert_eq!(e.code, "hub_password_in_address");
    let e = save_setting(&dir, &log_id, "host=/tmp user=td password=x", None)
        .err()
        .unwrap();
    assert_eq!(e.code, "hub_password_in_address");
    assert_eq!(
        save_setting(&dir, &log_id, "", None).err().unwrap().code,
        "hub_address"
    );

    clear_setting(&dir, &log_id);
    assert!(load_setting(&dir, &log_id).is_none() && !pw.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new device joins the tournament from the hub in the app (no CLI): by the first 8 digits
/// of the log id the chief TD reads out, into a new file that verifies with the same head
/// digest as the hub's copy, the hub kept for it; a log the hub does not hold, a file that
/// exists and a password in the address are each refused with nothing made.
#[test]
fn a_new_device_joins_the_tournament_from_the_hub_by_its_log_id() {
    let Some(pg) = PgCluster::start() else { return };
    let chief_copy = demo();
    let chief = demo_key("chief");
    let cfg = HubConfig::resolve(Some(&pg.url()), None, &sync::conn::from_env).unwrap();
    device_b_sync(&chief_copy, &cfg, &chief).unwrap();
    let want = Log::open(&chief_copy).unwrap().verify_all(None).unwrap();

    // The new device: the app with its own data dir and no log open yet.
    let shell = app_on(&demo());
    let st = &shell.state;
    let new = st.data_dir.join("joined.tdlog");
    let prefix = &want.log_id.to_hex()[..8];
    let got = join::join_into(st, &pg.url(), None, prefix, &new, None).unwrap();
    assert_eq!(got, want.log_id);
    let v = Log::open(&new).unwrap().verify_all(None).unwrap();
    assert_eq!(v.events.len(), want.events.len());
    assert_eq!(
        tdlog::log::digest::HeadSet::of(&v).digest(),
        tdlog::log::digest::HeadSet::of(&want).digest()
    );
    assert_eq!(load_setting(&st.data_dir, &got).unwrap().url, pg.url());

    let other = st.data_dir.join("other.tdlog");
    let e = join::join_into(st, &pg.url(), None, "00000000", &other, None).unwrap_err();
    assert_eq!(e.code, "hub_unknown_log", "{e:?}");
    assert!(!other.exists());
    let e = join::join_into(st, &pg.url(), None, prefix, &new, None).unwrap_err();
    assert_eq!(e.code, "file_exists", "{e:?}");
    let e = join::join_into(
        st,
        "postgresql://td:s3cret@127.0.0.1/hub",
        None,
        prefix,
        &other,
        None,
    )
    .unwrap_err();
    assert_eq!(e.code, "hub_password_in_address");
    assert!(!other.exists());
}
