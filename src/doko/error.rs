//! Typed errors. Each names the rule section it enforces so that a refusal explains itself.
//!
//! Errors are for input that cannot describe a real game (a 13-card hand, a card that does
//! not exist). Rule *violations* by players are not errors: they are recorded and flagged
//! (`doko::violation`), because an unclaimed violation becomes a valid move (§8.8.3).
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DokoError {
    #[error("§1.2: not a Doppelkopf card: {0:?} (expected e.g. \"♥10\", \"♣D\", \"KaA\")")]
    BadCard(String),
    #[error("§2.1: not a seat: {0:?} (expected A..E)")]
    BadSeat(String),
    #[error("§2.2.6: {seat} holds {count} cards; every hand must hold 12")]
    HandSize { seat: String, count: usize },
    #[error("§1.2.1: {card} appears {count} times in the deal; every card exists exactly twice")]
    DeckCount { card: String, count: usize },
    #[error("§1.2.1: {card} is played a third time; every card exists only twice")]
    CardPlayedThrice { card: String },
    #[error("§4.2: {seat} plays {card}, which is not in his hand")]
    CardNotInHand { seat: String, card: String },
    #[error("§1.1: {seat} is not one of the four players of this game")]
    NotAtTable { seat: String },
    #[error("§4.4.1: a game has 12 tricks; trick {0} does not exist")]
    TooManyTricks(usize),
    #[error("§4.4.1: a trick has four cards from four different players; {0}")]
    BadTrick(String),
    #[error("§1.2.2: the eyes of both parties must total 240, got {0}")]
    EyesTotal(u32),
    #[error("§1.4: {0}")]
    Parties(String),
    #[error("§3: {0}")]
    Determination(String),
    #[error("§5: {0}")]
    Announcement(String),
    #[error("§6.2.3: {0}")]
    SpecialPoints(String),
    #[error("§7: {0}")]
    Round(String),
    #[error("§8: {0}")]
    Penalty(String),
    #[error("game input: {0}")]
    Input(String),
}

impl DokoError {
    /// The most specific rule the refusal names: the last "N.N[(x)]:" that follows a "§",
    /// a ": " or the start ("§7: game 5: §6.2.3: ..." names §6.2.3), "" if none.
    pub fn rule(&self) -> String {
        let text = self.to_string();
        let chars: Vec<char> = text.chars().collect();
        let mut best = String::new();
        for i in 0..chars.len() {
            let starts = i == 0
                || chars[i - 1] == '§'
                || (i >= 2 && chars[i - 1] == ' ' && chars[i - 2] == ':');
            if !starts || !chars[i].is_ascii_digit() {
                continue;
            }
            let tok: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '(' | ')' | 'a'..='e'))
                .collect();
            if chars.get(i + tok.chars().count()) == Some(&':') {
                best = tok;
            }
        }
        best
    }
}
