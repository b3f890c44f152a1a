//! Traveller entry the way club scorers do it (issue 28): one typed line per result, checked
//! against its slot as it is typed, then signed on Enter; and the traveller grid by board or
//! by round and table. The line itself is read by `results::traveller` (pure); this module
//! checks it against the state the app holds live (`live::Live::replayed`), builds the
//! payload with the contestants from the movement, and shows the grid.

pub mod acts;
mod check;
mod grid;

pub use check::{check_in, check_line, line_payload, payload_in, LineCheck};
pub use grid::{traveller, Column, Mark, TravellerBy, TravellerRow, TravellerView};

use crate::events::{Form, Method};
use crate::results::Tournament;

/// Whether `section` is scored in IMPs, as `results::score` compares it: cross-IMPs and
/// Butler, and teams IMPs in a teams section; matchpoints (and teams IMPs in a pairs
/// section) give matchpoints and percentages.
pub(crate) fn uses_imps(t: &Tournament, section: &str) -> bool {
    match t.policy(section).0.method {
        Method::CrossImps | Method::Butler => true,
        Method::TeamsImps => t.form(section) == Form::Teams,
        Method::Matchpoints | Method::TotalPoints => false,
    }
}
