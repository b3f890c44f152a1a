//! Shared test support: a "forge" that signs events by hand (deterministic keys and a fake
//! clock), so tests and conformance vectors can build good logs and precisely broken ones.
#![allow(dead_code)]

mod device;
pub mod pdf;
pub mod world;
#[allow(unused_imports)]
pub use device::{tdlog_cmd, test_device_dir};

use std::collections::BTreeMap;
use tdlog::events::{DirectorNote, Game, Genesis, KeyEnrolled, KeyRevoked, Payload};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::event::sign_event;
use tdlog::log::{Envelope, Hash32, RawEvent};

/// l, the order of Ed25519's prime subgroup, little-endian.
pub const GROUP_ORDER: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// Two little-endian 256-bit numbers added (s + l: the same scalar, not canonical; no
/// overflow for an s below l).
pub fn add_le(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let t = a[i] as u16 + b[i] as u16 + carry;
        out[i] = t as u8;
        carry = t >> 8;
    }
    out
}

/// A deterministic device key for tests: seed = [n; 32].
pub fn key(n: u8) -> DeviceKey {
    DeviceKey::from_seed([n; 32])
}

#[derive(Clone, Copy)]
pub struct Head {
    pub seq: u64,
    pub id: Hash32,
    pub lamport: u64,
    pub wall_ms: i64,
}

/// Builds signed events by hand. `next` makes a correct event; `forge` lets a test change
/// any envelope field (or the payload bytes) before signing.
#[derive(Clone)]
pub struct Forge {
    pub log_id: Option<Hash32>,
    pub heads: BTreeMap<Hash32, Head>,
    pub events: Vec<RawEvent>,
    pub clock: i64,
}

pub const T0: i64 = 1_790_000_000_000; // 2026-09-21, a fixed time for reproducible bytes

impl Forge {
    pub fn new() -> Forge {
        Forge {
            log_id: None,
            heads: BTreeMap::new(),
            events: vec![],
            clock: T0,
        }
    }

    /// A correct envelope for `key`'s next event (not yet signed).
    pub fn envelope(&mut self, key: &DeviceKey, p: &Payload) -> Envelope {
        let me = key.public();
        let own = self.heads.get(&me).copied();
        let mut deps: Vec<Hash32> = self
            .heads
            .iter()
            .filter(|(a, _)| **a != me)
            .map(|(_, h)| h.id)
            .collect();
        deps.sort();
        let preds = self.heads.values().copied();
        let lamport = preds.clone().map(|h| h.lamport).max().unwrap_or(0) + 1;
        let wall = preds.map(|h| h.wall_ms).max().unwrap_or(T0);
        self.clock += 1000;
        Envelope {
            log_id: self.log_id,
            author: me,
            seq: own.map_or(1, |h| h.seq + 1),
            prev: own.map(|h| h.id),
            deps,
            lamport,
            wall_ms: self.clock.max(wall),
            kind: p.kind().into(),
            v: p.current_version(),
            payload_hash: Hash32::default(),
            payload_len: 0,
        }
    }

    /// Signs `env` with `payload` bytes, records it as the author's head, returns it.
    pub fn push(&mut self, key: &DeviceKey, env: Envelope, payload: Vec<u8>) -> RawEvent {
        let raw = sign_event(key, env.clone(), payload);
        let id = raw.id();
        if env.log_id.is_none() && self.log_id.is_none() {
            self.log_id = Some(id);
        }
        self.heads.insert(
            key.public(),
            Head {
                seq: env.seq,
                id,
                lamport: env.lamport,
                wall_ms: env.wall_ms,
            },
        );
        self.events.push(raw.clone());
        raw
    }

    /// A correct next event.
    pub fn next(&mut self, key: &DeviceKey, p: Payload) -> RawEvent {
        let env = self.envelope(key, &p);
        let bytes = p.encode().expect("payload encodes");
        self.push(key, env, bytes)
    }

    /// An event whose envelope a test changes before signing.
    pub fn forge(
        &mut self,
        key: &DeviceKey,
        p: Payload,
        change: impl FnOnce(&mut Envelope),
    ) -> RawEvent {
        let mut env = self.envelope(key, &p);
        change(&mut env);
        let bytes = p.encode().expect("payload encodes");
        self.push(key, env, bytes)
    }
}

pub fn genesis() -> Payload {
    Payload::Genesis(Genesis {
        name: "Conformance Pairs".into(),
        game: Game::Bridge,
        organiser: "tdlog test club".into(),
        rule_profile: "wbf-2017".into(),
        chief_td: "Chief".into(),
    })
}

pub fn enrol(k: &DeviceKey, role: Role, holder: &str) -> Payload {
    Payload::KeyEnrolled(KeyEnrolled {
        key: k.public(),
        role,
        holder: holder.into(),
    })
}

pub fn revoke(k: &DeviceKey, last_valid_seq: u64) -> Payload {
    Payload::KeyRevoked(KeyRevoked {
        key: k.public(),
        last_valid_seq,
        reason: "laptop stolen".into(),
    })
}

pub fn note(text: &str) -> Payload {
    Payload::DirectorNote(DirectorNote {
        text: text.into(),
        board: Some(7),
        table: Some(3),
        round: Some(2),
    })
}

/// Chief (key 1), TD (key 2), scorer (key 3): a small valid history.
pub fn basic() -> (Forge, DeviceKey, DeviceKey, DeviceKey) {
    let (chief, td, scorer) = (key(1), key(2), key(3));
    let mut f = Forge::new();
    f.next(&chief, genesis());
    f.next(&chief, enrol(&td, Role::Td, "Tom TD"));
    f.next(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"));
    f.next(
        &td,
        note("board 7 table 3: insufficient bid, director called"),
    );
    f.next(&chief, note("session 1 started late"));
    f.next(&td, note("slow play warning NS 5"));
    (f, chief, td, scorer)
}
