//! Tournament results: the projection of structure and table results from the log, the
//! audit of every change, import from PBN, and the scores computed from them.

pub mod derived;
pub mod describe;
pub mod tournament;

pub use tournament::{Change, Outcome, SlotState, Tournament, Warning};
pub mod audit;
pub mod import;
pub mod movement;
pub mod note;
pub mod nz_scorer;
pub mod overall;
pub mod pbn_export;
pub mod published;
pub mod reconcile;
mod row;
pub mod score;
mod session;
pub mod site;
pub mod site_check;
mod site_html;
pub mod site_proof;
mod site_scores;
mod standings;
pub mod traveller;
pub mod usebio;
pub mod usebio_export;
pub mod xml;

pub use score::{
    board_rows, board_rows_if, ranking, results, Ranking, ResultRow, Scores, SectionPolicy,
    Standing,
};
