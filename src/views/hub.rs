//! The app's hub status bar (issue 17): where this device syncs to, how the last round went,
//! and each signing device's newest event in the log (a peer that went quiet, or that the hub
//! keeps frozen, shows as such). Pure: the shell's sync thread fills a [`SyncState`] and asks
//! this for the view; the UI only formats times and translates the state code.

use crate::log::Verified;
use serde::Serialize;

/// What the shell's sync thread knows about its hub (plain data, filled by the shell).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncState {
    /// `host:port/db as user`, never a password (`None`: no hub is set for this log).
    pub target: Option<String>,
    /// One of [`STATES`].
    pub state: &'static str,
    /// When a sync round last completed (ms since the epoch, this device's clock).
    pub last_ok_ms: Option<i64>,
    /// The last failure, as the engine words it (`None` after a good round).
    pub last_error: Option<String>,
    /// Rows sent to and events merged from the hub since the app started syncing this log.
    pub pushed: u64,
    pub pulled: u64,
    /// Whether receipts and head claims are signed (the signing key was available).
    pub signing: bool,
    /// Which sync this is (a number the shell gives each sync it starts; 0: none) and how
    /// often its thread has changed this state: the window keeps the newest status of a sync,
    /// since a round's update can reach it before a command's answer taken earlier.
    pub run: u64,
    pub changes: u64,
}

/// The state codes the UI translates (`hub.state.<code>`).
pub const STATES: &[&str] = &[
    "off",
    "connecting",
    "synced",
    "offline",
    "refused",
    "stopped",
];

/// One signing device's newest event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeerRow {
    pub key: String,
    /// The holder as enrolled, else the key's short form.
    pub holder: String,
    pub role: Option<String>,
    /// The key that signs on this device.
    pub this_device: bool,
    pub last_seq: u64,
    pub last_kind: String,
    /// The newest event's signed time (ms since the epoch, the author's clock).
    pub last_wall_ms: i64,
}

/// The status bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HubStatus {
    pub configured: bool,
    pub target: Option<String>,
    pub state: &'static str,
    pub last_ok_ms: Option<i64>,
    pub last_error: Option<String>,
    pub pushed: u64,
    pub pulled: u64,
    pub signing: bool,
    /// Newest first.
    pub peers: Vec<PeerRow>,
    /// Standing events in the live state (the UI refreshes its screen when this moves).
    pub events: usize,
    /// [`SyncState::run`] and [`SyncState::changes`]: which status of a sync is newer.
    pub run: u64,
    pub changes: u64,
}

/// The status bar of the open log `v` synced as `sync`; `me`: the signing key (hex).
pub fn hub_status(v: &Verified, me: Option<&str>, sync: &SyncState) -> HubStatus {
    let peers = crate::sync::peers(v)
        .into_iter()
        .map(|p| {
            let key = p.key.to_hex();
            PeerRow {
                this_device: me == Some(key.as_str()),
                role: v.keys.get(&p.key).map(|k| k.role.as_str().to_owned()),
                key,
                holder: p.holder,
                last_seq: p.last_seq,
                last_kind: p.last_kind,
                last_wall_ms: p.last_wall_ms,
            }
        })
        .collect();
    HubStatus {
        configured: sync.target.is_some(),
        target: sync.target.clone(),
        state: if sync.target.is_none() {
            "off"
        } else if sync.state.is_empty() {
            "connecting"
        } else {
            sync.state
        },
        last_ok_ms: sync.last_ok_ms,
        last_error: sync.last_error.clone(),
        pushed: sync.pushed,
        pulled: sync.pulled,
        signing: sync.signing,
        peers,
        events: v.events.len(),
        run: sync.run,
        changes: sync.changes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{DirectorNote, Game, Genesis, Payload};
    use crate::keys::DeviceKey;
    use crate::log::Log;

    #[test]
    fn each_peer_shows_its_newest_event_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let chief = DeviceKey::from_seed([1; 32]);
        let genesis = Genesis {
            name: "Hub Pairs".into(),
            game: Game::Bridge,
            organiser: "club".into(),
            rule_profile: "wbf-2017".into(),
            chief_td: "Chief".into(),
        };
        let mut log = Log::create(&dir.path().join("t.tdlog"), &chief, genesis).unwrap();
        log.append(
            &chief,
            Payload::DirectorNote(DirectorNote {
                text: "table 3 late".into(),
                board: None,
                table: Some(3),
                round: None,
            }),
        )
        .unwrap();
        let v = log.verify(None).unwrap();
        let me = chief.public().to_hex();
        let off = hub_status(&v, Some(&me), &SyncState::default());
        assert_eq!((off.configured, off.state), (false, "off"));
        let s = hub_status(
            &v,
            Some(&me),
            &SyncState {
                target: Some("/tmp/x:5432/hub as td".into()),
                state: "synced",
                last_ok_ms: Some(5),
                ..SyncState::default()
            },
        );
        assert_eq!(s.state, "synced");
        assert_eq!(s.peers.len(), 1);
        let p = &s.peers[0];
        assert!(p.this_device);
        assert_eq!((p.last_seq, p.last_kind.as_str()), (2, "director.note"));
        assert_eq!(p.role.as_deref(), Some("chief_td"));
        assert!(STATES.contains(&s.state));
    }
}
