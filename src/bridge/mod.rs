//! Duplicate bridge: pure rules modules (boards, auction, play, irregularities, score),
//! folded from log events. No IO here: every function is deterministic in its inputs.
pub mod adjust;
pub mod auction;
pub mod board;
pub mod call;
pub mod card;
pub mod contract;
pub mod deadline;
pub mod double_dummy;
pub mod events;
pub mod irregularity;
pub mod lin;
pub mod pbn;
pub mod play;
pub mod play_end;
pub mod replay;
pub mod revoke;
pub mod score;
pub mod seat;
pub mod tables;
pub mod vulnerability;
