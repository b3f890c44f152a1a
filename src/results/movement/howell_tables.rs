//! The first round of each Howell tdlog plays, as data (see [`super::howell`] for how a
//! first round is played out). `(N-S, E-W, board set)` per table, tables in board order (the
//! boards move from each table to the one before it, through the relays between them);
//! moving pairs are 1..rounds, the stationary pairs the numbers above.
//!
//! Where a published line is known it is used and named (`source`). The others were found by
//! tdlog's search (`scripts/howell_starters.py`, a few minutes) under the published rules:
//! stationary pairs N-S, the boards' relays grouped and the longest group after the last
//! table (for an odd number of tables sets 1..t on tables 1..t and every relay between the
//! last table and the first, the EBU's layout for 5 and 7 tables), no shared boards where a
//! line without sharing exists (2 and 3 tables, and 4 tables in 6 rounds, must share), the
//! directions chosen for the best balance found (`howell::balance`). Every line is checked by
//! `tests/results_movement.rs` against the invariants a Howell must keep.

/// A Howell's first round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Starter {
    pub tables: u32,
    /// Rounds, board sets and moving pairs (complete Howell: 2 x tables - 1).
    pub rounds: u32,
    pub first_round: &'static [(u32, u32, u32)],
    /// The publication this line is taken from; `None`: found by tdlog's search.
    pub source: Option<&'static str>,
}

/// The tabled Howells for `tables` tables in `rounds` rounds.
pub fn starter(tables: u32, rounds: u32) -> Option<&'static Starter> {
    STARTERS
        .iter()
        .find(|s| s.tables == tables && s.rounds == rounds)
}

/// Complete Howells (rounds = 2t - 1) for 2-10 tables and three-quarter Howells (the default
/// length, three quarters of 2t - 1 rounded up) for 4-10 tables.
pub static STARTERS: &[Starter] = &[
    Starter {
        tables: 2,
        rounds: 3,
        first_round: &[(4, 1, 1), (2, 3, 1)],
        source: None,
    },
    Starter {
        tables: 3,
        rounds: 5,
        first_round: &[(6, 1, 1), (3, 4, 1), (2, 5, 1)],
        source: None,
    },
    Starter {
        tables: 4,
        rounds: 6,
        first_round: &[(5, 6, 1), (3, 7, 2), (2, 4, 2), (8, 1, 4)],
        source: None,
    },
    Starter {
        tables: 4,
        rounds: 7,
        first_round: &[(8, 1, 1), (6, 5, 2), (4, 2, 3), (7, 3, 5)],
        source: Some(
            "Ian McKinnon, Bridge Movements, \"Producing Howell movements\" (8-1 6-5 4-2 R 7-3 2R)",
        ),
    },
    Starter {
        tables: 5,
        rounds: 7,
        first_round: &[(2, 9, 1), (3, 7, 3), (8, 6, 4), (10, 1, 5), (4, 5, 6)],
        source: None,
    },
    Starter {
        tables: 5,
        rounds: 9,
        first_round: &[(3, 7, 1), (2, 5, 2), (10, 1, 3), (8, 9, 4), (4, 6, 5)],
        source: None,
    },
    Starter {
        tables: 6,
        rounds: 9,
        first_round: &[
            (3, 7, 1),
            (10, 6, 3),
            (2, 9, 4),
            (4, 5, 5),
            (12, 1, 6),
            (8, 11, 7),
        ],
        source: None,
    },
    Starter {
        tables: 6,
        rounds: 11,
        first_round: &[
            (5, 8, 1),
            (12, 1, 3),
            (10, 3, 4),
            (6, 7, 6),
            (4, 9, 7),
            (2, 11, 8),
        ],
        source: None,
    },
    Starter {
        tables: 7,
        rounds: 10,
        first_round: &[
            (12, 3, 1),
            (2, 8, 2),
            (4, 6, 3),
            (14, 1, 4),
            (9, 10, 5),
            (5, 13, 7),
            (7, 11, 8),
        ],
        source: None,
    },
    Starter {
        tables: 7,
        rounds: 13,
        first_round: &[
            (8, 12, 1),
            (4, 10, 2),
            (2, 7, 3),
            (14, 1, 4),
            (5, 6, 5),
            (9, 11, 6),
            (3, 13, 7),
        ],
        source: None,
    },
    Starter {
        tables: 8,
        rounds: 12,
        first_round: &[
            (6, 8, 1),
            (13, 5, 2),
            (3, 12, 3),
            (4, 11, 5),
            (2, 10, 6),
            (9, 15, 8),
            (7, 14, 9),
            (16, 1, 11),
        ],
        source: None,
    },
    Starter {
        tables: 8,
        rounds: 15,
        first_round: &[
            (4, 7, 1),
            (2, 10, 2),
            (16, 1, 3),
            (3, 8, 4),
            (15, 14, 5),
            (11, 13, 6),
            (5, 9, 8),
            (6, 12, 10),
        ],
        source: None,
    },
    Starter {
        tables: 9,
        rounds: 13,
        first_round: &[
            (10, 17, 1),
            (8, 16, 4),
            (2, 4, 5),
            (6, 9, 6),
            (15, 12, 7),
            (18, 1, 8),
            (3, 7, 9),
            (5, 11, 10),
            (14, 13, 11),
        ],
        source: None,
    },
    Starter {
        tables: 9,
        rounds: 17,
        first_round: &[
            (4, 5, 1),
            (8, 14, 2),
            (2, 10, 3),
            (13, 15, 4),
            (18, 1, 5),
            (3, 6, 6),
            (12, 17, 7),
            (9, 16, 8),
            (7, 11, 9),
        ],
        source: None,
    },
    Starter {
        tables: 10,
        rounds: 15,
        first_round: &[
            (8, 9, 1),
            (2, 6, 2),
            (15, 16, 4),
            (4, 19, 5),
            (20, 1, 7),
            (18, 14, 8),
            (7, 12, 9),
            (5, 11, 10),
            (17, 13, 11),
            (3, 10, 13),
        ],
        source: None,
    },
    Starter {
        tables: 10,
        rounds: 19,
        first_round: &[
            (10, 12, 1),
            (6, 5, 2),
            (3, 18, 4),
            (4, 15, 7),
            (20, 1, 8),
            (11, 14, 9),
            (8, 17, 10),
            (2, 7, 11),
            (13, 19, 13),
            (9, 16, 15),
        ],
        source: None,
    },
];
