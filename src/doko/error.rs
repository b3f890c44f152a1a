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
    #[error("{}", cite("1.4", .0))]
    Parties(String),
    #[error("{}", cite("3", .0))]
    Determination(String),
    #[error("{}", cite("5", .0))]
    Announcement(String),
    #[error("{}", cite("6.2.3", .0))]
    SpecialPoints(String),
    #[error("{}", cite("7", .0))]
    Round(String),
    #[error("{}", cite("8", .0))]
    Penalty(String),
    #[error("game input: {0}")]
    Input(String),
    /// A refusal at the list (§6.3, §7, §8.2), typed for its translation.
    #[error(transparent)]
    List(#[from] super::refusal::ListRefusal),
}

/// A refusal's text naming its rule once: a message that starts with its own rule number
/// ("2.1: ...") gets the "§" in front; one that names a § already ("game 1: §3.3.1: ...")
/// stands as it is; anything else is cited by the chapter of its variant ("§7: ...").
fn cite(chapter: &str, msg: &str) -> String {
    let rule: String = msg
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '(' | ')' | 'a'..='e'))
        .collect();
    let own_rule = rule.chars().next().is_some_and(|c| c.is_ascii_digit())
        && msg[rule.len()..].starts_with(':');
    if own_rule {
        format!("§{msg}")
    } else if msg.contains('§') {
        msg.to_string()
    } else {
        format!("§{chapter}: {msg}")
    }
}

impl DokoError {
    /// The most specific rule the refusal names: the last "N.N[(x)]:" that follows a "§",
    /// a ": " or the start ("game 5: §6.2.3: ..." names §6.2.3), "" if none.
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

#[cfg(test)]
mod tests {
    use super::DokoError;

    #[test]
    fn a_refusal_names_its_own_rule_not_its_chapter() {
        let e = DokoError::Round("2.1: the seat draw is committed once".into());
        assert_eq!(e.to_string(), "§2.1: the seat draw is committed once");
        assert_eq!(e.rule(), "2.1");
        let e = DokoError::Round("game 1: §3.3.1: a Hochzeit needs both Kreuz-Damen".into());
        assert_eq!(
            e.to_string(),
            "game 1: §3.3.1: a Hochzeit needs both Kreuz-Damen"
        );
        assert_eq!(e.rule(), "3.3.1");
        let e = DokoError::Round("the round is closed".into());
        assert_eq!(e.to_string(), "§7: the round is closed");
        let e = DokoError::Penalty("8.7.2(b): at most 12".into());
        assert_eq!(e.to_string(), "§8.7.2(b): at most 12");
        assert_eq!(e.rule(), "8.7.2(b)");
    }
}
