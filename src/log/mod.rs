//! The signed append-only tournament log: envelope codec, single-event checks, whole-log
//! verification and replay order, the SQLite store, bundles, and the fold into projections.
//!
//! Architecture invariant: nothing here verifies re-serialised bytes. Signatures cover the
//! stored envelope bytes; payloads are committed to by hash and checked for canonical form.

pub mod bundle;
pub mod cache;
pub mod cbor;
pub mod device;
pub mod digest;
pub mod envelope;
pub mod event;
pub mod fault;
pub mod fold;
pub mod found;
pub mod hash;
pub mod merkle;
mod playback;
pub mod seen;
pub mod seen_error;
pub mod signature;
pub mod store;
pub mod time;
pub mod tree;
pub mod verify;

pub use envelope::Envelope;
pub use event::{CheckedEvent, RawEvent};
pub use fault::{EventRef, Fault, VerifyError};
pub use fold::{replay, Projection};
pub use hash::Hash32;
pub use store::{FutureArrival, Identified, Log, LogError, MergeReport, StreamError};
pub use verify::{
    replay_key, verify, verify_strict, verify_trusting, Excluded, Input, PendingFork, Verified,
};
