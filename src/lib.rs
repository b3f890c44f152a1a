//! tdlog: the director's log and appeals system for card tournaments.
//!
//! The engine is a library; `src/main.rs` is the `tdlog` CLI and `src-tauri` the desktop
//! shell. See `docs/ARCHITECTURE.md` for the layers and where each law lives.

pub mod appeals;
pub mod bridge;
pub mod demo;
pub mod doko;
pub mod events;
pub mod i18n;
pub mod io_safe;
pub mod keys;
pub mod live;
pub mod log;
pub mod memory;
pub mod report;
pub mod results;
pub mod scoring;
pub mod sync;
pub mod views;
