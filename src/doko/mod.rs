//! Doppelkopf under the Eppstein tournament rules of 2001 (default profile) and a DDV
//! profile: a pure rules engine, folded from log events. No IO, no clock, deterministic.
//!
//! Map of rule sections to modules (see `docs/doppelkopf.md` for the tests):
//! - §1.2 deck → [`cards`]; §2.2 deal and card counts → [`deal`]
//! - §1.3 ranking → [`ranking`], [`game_type`]
//! - §4.2, §4.4 following suit and trick winner → [`trick`]
//! - §3 Vorbehalt, precedence, Schmeißen, Hochzeit → [`determination`]
//! - §5 announcements → [`announce`]
//! - partnership "geklärt" → [`announce::clear_from_known`], [`game::Game::partnership_clear`]
//! - §6.1, §6.2 winner and value → [`value`], [`sonderpunkte`]
//! - one game folded card by card → [`game`]; a game described as JSON → [`input`]
//! - a game entered as the list writes it (no cards, §6.3) → [`entry`]
//! - §2.2.1, §3.2, §7 round, dealer rotation, Pflichtsolo → [`round`]; §6.3 list → [`list`]
//! - a table's recorded games replayed into round state and list → [`table`]
//! - §6.3 list layout as text/HTML → [`report`]; standings over rounds (A30) → [`standings`]
//! - §8.3–8.7 penalties → [`penalty`]; §8.8 claims → [`claim`]; flags → [`violation`]
//! - §1.16 configuration flags → [`profile`]
//! - a game card by card as typed at the table (deal, tricks, announcements) → [`script`]
pub mod announce;
pub mod cards;
pub mod claim;
pub mod deal;
pub mod determination;
pub mod draw;
pub mod entry;
pub mod error;
pub mod game;
pub mod game_type;
pub mod input;
pub mod list;
pub mod penalty;
pub mod profile;
pub mod ranking;
pub mod refusal;
pub mod report;
pub mod round;
pub mod script;
pub mod seat;
pub mod sonderpunkte;
pub mod standings;
pub mod table;
pub mod tables;
pub mod trick;
pub mod value;
pub mod violation;

pub use error::DokoError;
