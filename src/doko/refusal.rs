//! The refusals a club's Schiedsrichter and scorer meet at the list (§6.3, §7, §8.2): typed,
//! so that the app says each in the reader's language with its particulars (`i18n::doko`),
//! while the English text (`Display`) stays the engine's.
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ListRefusal {
    #[error("§8.2: game {game} of table {table} round {round} is on the list already; correct or strike it (doko.correction)")]
    AlreadyOnList { game: u32, table: u32, round: u32 },
    #[error("§6.3.5: the list is written game by game; the next game of table {table} round {round} is {next}, not {game}")]
    NotNext {
        table: u32,
        round: u32,
        next: u32,
        game: u32,
    },
    #[error("§8.2: game {game} is not on the list of table {table} round {round}")]
    NotOnList { game: u32, table: u32, round: u32 },
    #[error("§8.2.2: the round is closed; a game is struck without replacement or an obvious error corrected by the Schiedsrichter (rule 8.2.2)")]
    ClosedNot821,
    #[error("§8.2.2: after the round is closed only the Schiedsrichter (a TD) corrects or strikes a game")]
    ClosedOnlyTd,
    #[error("§8.2.1: the round is still being played; a wrongly noted game is corrected or struck and replaced (rule 8.2.1)")]
    OpenNot822,
    #[error("§8.2.1: the replacement is the next game ({want}), not {got}")]
    ReplacementNotNext { want: u32, got: u32 },
    #[error("§8.2.1: during the round a struck game is replaced by the next game")]
    StrikeNeedsReplacement,
    #[error("§8.2.2: table {table} has no list in round {round} to close")]
    CloseNoList { table: u32, round: u32 },
    #[error("§8.2.2: game {game} of table {table} round {round} is still being played; the round closes after it")]
    CloseDuringGame { game: u32, table: u32, round: u32 },
    #[error("§7.4.1: the round of table {table} is over; no game follows game {game}")]
    RoundOver { table: u32, game: u32 },
    #[error("§8.2.2: round {round} of table {table} is closed; its list stands (a TD corrects it under 8.2.2)")]
    Closed { round: u32, table: u32 },
    #[error("§7.3.1: {player} is not in the field and cannot leave it")]
    NotInField { player: String },
}

impl ListRefusal {
    /// The refusal's key in `i18n` (`doko.refuse.*`) and its particulars.
    pub fn text(&self) -> (&'static str, Vec<(&'static str, String)>) {
        use ListRefusal::*;
        let n = |v: &u32| v.to_string();
        match self {
            AlreadyOnList { game, table, round } => (
                "doko.refuse.already_on_list",
                vec![("game", n(game)), ("table", n(table)), ("round", n(round))],
            ),
            NotNext {
                table,
                round,
                next,
                game,
            } => (
                "doko.refuse.not_next",
                vec![
                    ("table", n(table)),
                    ("round", n(round)),
                    ("next", n(next)),
                    ("game", n(game)),
                ],
            ),
            NotOnList { game, table, round } => (
                "doko.refuse.not_on_list",
                vec![("game", n(game)), ("table", n(table)), ("round", n(round))],
            ),
            ClosedNot821 => ("doko.refuse.closed_not_821", vec![]),
            ClosedOnlyTd => ("doko.refuse.closed_only_td", vec![]),
            OpenNot822 => ("doko.refuse.open_not_822", vec![]),
            ReplacementNotNext { want, got } => (
                "doko.refuse.replacement_not_next",
                vec![("want", n(want)), ("got", n(got))],
            ),
            StrikeNeedsReplacement => ("doko.refuse.strike_needs_replacement", vec![]),
            CloseNoList { table, round } => (
                "doko.refuse.close_no_list",
                vec![("table", n(table)), ("round", n(round))],
            ),
            CloseDuringGame { game, table, round } => (
                "doko.refuse.close_during_game",
                vec![("game", n(game)), ("table", n(table)), ("round", n(round))],
            ),
            RoundOver { table, game } => (
                "doko.refuse.round_over",
                vec![("table", n(table)), ("game", n(game))],
            ),
            Closed { round, table } => (
                "doko.refuse.closed",
                vec![("round", n(round)), ("table", n(table))],
            ),
            NotInField { player } => ("doko.refuse.not_in_field", vec![("player", player.clone())]),
        }
    }
}
