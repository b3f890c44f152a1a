//! Cards, calls and contracts as a person reads them in running text: suit symbols and the
//! language's honours (EN A K Q J 10, DBV A K D B 10, DBf E K D B 10; never `T`), calls and
//! contracts with symbols and the language's no-trump (EN 3NT, DBV 3SA "Sans-Atout", Danish
//! 3UT "uden trumf", as Dansk Bridge writes it; the DBf book's word is "sans"). The engine's
//! codes (`SA`, `HT`, `1D`, `4SX`) stay what is signed, typed and exported; this is the one
//! place that turns them into text. The UI's twin is `ui/src/lib/bridge.ts`.

use super::Lang;
use crate::bridge::call::{Bid, Call, Strain};
use crate::bridge::card::{Card, Rank, Suit};
use crate::bridge::contract::{Contract, ContractOrPass, Doubling};
use crate::bridge::seat::Seat;

/// A suit's symbol.
pub fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::S => '♠',
        Suit::H => '♥',
        Suit::D => '♦',
        Suit::C => '♣',
    }
}

/// A rank as `lang` writes it: honours by the edition's letters, the ten as `10`.
pub fn rank_text(lang: Lang, r: Rank) -> String {
    let honour = match (r.value(), lang) {
        (14, Lang::Da) => "E",
        (14, _) => "A",
        (13, _) => "K",
        (12, Lang::En) => "Q",
        (12, _) => "D",
        (11, Lang::En) => "J",
        (11, _) => "B",
        (n, _) => return n.to_string(),
    };
    honour.to_string()
}

/// A card: `♠K`, `♥10`; German `♠D` (Dame), Danish `♠E` (es).
pub fn card_text(lang: Lang, c: Card) -> String {
    format!("{}{}", suit_symbol(c.suit), rank_text(lang, c.rank))
}

/// Several cards, in the order given, apart by a space.
pub fn cards_text(lang: Lang, cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| card_text(lang, *c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A denomination after a level: a suit symbol, or the language's no-trump.
pub fn strain_text(lang: Lang, s: Strain) -> &'static str {
    match (s, lang) {
        (Strain::S, _) => "♠",
        (Strain::H, _) => "♥",
        (Strain::D, _) => "♦",
        (Strain::C, _) => "♣",
        (Strain::NT, Lang::En) => "NT",
        (Strain::NT, Lang::De) => "SA",
        (Strain::NT, Lang::Da) => "UT",
    }
}

/// A bid: `1♦`, `3NT` / `3SA` / `3UT`.
pub fn bid_text(lang: Lang, b: Bid) -> String {
    format!("{}{}", b.level, strain_text(lang, b.strain))
}

/// A call: a bid as [`bid_text`], the others by the language's word (as the auction box
/// says them: Pass / Double / Redouble, Pass / Kontra / Rekontra, Pas / Dobling / Redobling).
pub fn call_text(lang: Lang, c: Call) -> String {
    let word = match (c, lang) {
        (Call::Bid(b), _) => return bid_text(lang, b),
        (Call::Pass, Lang::Da) => "Pas",
        (Call::Pass, _) => "Pass",
        (Call::Double, Lang::En) => "Double",
        (Call::Double, Lang::De) => "Kontra",
        (Call::Double, Lang::Da) => "Dobling",
        (Call::Redouble, Lang::En) => "Redouble",
        (Call::Redouble, Lang::De) => "Rekontra",
        (Call::Redouble, Lang::Da) => "Redobling",
    };
    word.to_string()
}

/// A contract as a score sheet writes it: `4♠X`, `3SAXX`; Danish doubled `D`, redoubled
/// `RD` (Dansk Bridge's marks).
pub fn contract_text(lang: Lang, c: Contract) -> String {
    let mark = match (c.doubling, lang) {
        (Doubling::Undoubled, _) => "",
        (Doubling::Doubled, Lang::Da) => "D",
        (Doubling::Redoubled, Lang::Da) => "RD",
        (d, _) => d.suffix(),
    };
    format!("{}{mark}", bid_text(lang, c.bid()))
}

/// A contract or a pass-out as recorded (`4SX`, `Pass`); anything the engine cannot read is
/// shown as it was recorded.
pub fn contract_code_text(lang: Lang, code: &str) -> String {
    match code.parse::<ContractOrPass>() {
        Ok(ContractOrPass::Contract(c)) => contract_text(lang, c),
        Ok(ContractOrPass::PassedOut) => call_text(lang, Call::Pass),
        Err(_) => code.to_string(),
    }
}

/// A seat's letter in a diagram's or a grid's head: N E S W, German N O S W, Danish N Ø S V.
pub fn seat_letter(lang: Lang, s: Seat) -> &'static str {
    match (s, lang) {
        (Seat::N, _) => "N",
        (Seat::E, Lang::En) => "E",
        (Seat::E, Lang::De) => "O",
        (Seat::E, Lang::Da) => "Ø",
        (Seat::S, _) => "S",
        (Seat::W, Lang::Da) => "V",
        (Seat::W, _) => "W",
    }
}

/// A hand's holding in one suit (PBN order, `AKT2`) with the language's honours: `A K 10 2`,
/// `E K 10 2`; a void is `-`.
pub fn holding_text(lang: Lang, pbn: &str) -> String {
    if pbn.is_empty() {
        return "-".into();
    }
    pbn.chars()
        .map(|c| match Rank::from_char(c) {
            Some(r) => rank_text(lang, r),
            None => c.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The engine's code of a call (`1D`, `Pass`, `X`) or of cards apart by spaces (`CJ`,
/// `SA HT`) as text; anything else (a description, a name) unchanged.
pub fn codes_text(lang: Lang, code: &str) -> String {
    if let Ok(c) = code.parse::<Call>() {
        if c.to_string() == code.trim() {
            return call_text(lang, c);
        }
    }
    let cards: Result<Vec<Card>, _> = code.split_whitespace().map(str::parse::<Card>).collect();
    match cards {
        Ok(cards) if !cards.is_empty() => cards_text(lang, &cards),
        _ => code.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn english_honours_are_a_k_q_j_10_and_never_t() {
        let text: Vec<String> = ["SA", "HK", "DQ", "CJ", "ST", "H9", "C2"]
            .iter()
            .map(|c| card_text(Lang::En, card(c)))
            .collect();
        assert_eq!(text, ["♠A", "♥K", "♦Q", "♣J", "♠10", "♥9", "♣2"]);
        assert_eq!(call_text(Lang::En, "1D".parse().unwrap()), "1♦");
        assert_eq!(call_text(Lang::En, "3NT".parse().unwrap()), "3NT");
        assert_eq!(contract_code_text(Lang::En, "4SX"), "4♠X");
        assert_eq!(contract_code_text(Lang::En, "Pass"), "Pass");
    }

    #[test]
    fn german_honours_are_a_k_d_b_10_and_no_trump_is_sans_atout() {
        let text: Vec<String> = ["SA", "HK", "DQ", "CJ", "HT"]
            .iter()
            .map(|c| card_text(Lang::De, card(c)))
            .collect();
        assert_eq!(text, ["♠A", "♥K", "♦D", "♣B", "♥10"]);
        assert_eq!(call_text(Lang::De, "3NT".parse().unwrap()), "3SA");
        assert_eq!(call_text(Lang::De, "X".parse().unwrap()), "Kontra");
        assert_eq!(contract_code_text(Lang::De, "3NTXX"), "3SAXX");
    }

    #[test]
    fn danish_honours_are_e_k_d_b_10_and_no_trump_is_uden_trumf() {
        let text: Vec<String> = ["SA", "HK", "DQ", "CJ", "CT"]
            .iter()
            .map(|c| card_text(Lang::Da, card(c)))
            .collect();
        assert_eq!(text, ["♠E", "♥K", "♦D", "♣B", "♣10"]);
        assert_eq!(call_text(Lang::Da, "3NT".parse().unwrap()), "3UT");
        // What the screen writes, a Danish TD may type back.
        assert_eq!("3UT".parse::<Call>(), "3NT".parse::<Call>());
        assert_eq!(call_text(Lang::Da, "Pass".parse().unwrap()), "Pas");
        assert_eq!(contract_code_text(Lang::Da, "4HX"), "4♥D");
        assert_eq!(contract_code_text(Lang::Da, "2CXX"), "2♣RD");
    }

    #[test]
    fn codes_of_calls_and_cards_in_text_become_symbols_and_words_stay() {
        assert_eq!(codes_text(Lang::De, "1D"), "1♦");
        assert_eq!(codes_text(Lang::De, "CJ"), "♣B");
        assert_eq!(codes_text(Lang::Da, "SA HT"), "♠E ♥10");
        assert_eq!(codes_text(Lang::En, "XX"), "Redouble");
        assert_eq!(codes_text(Lang::De, "Nord"), "Nord");
        assert_eq!(codes_text(Lang::En, "cards exposed"), "cards exposed");
        assert_eq!(codes_text(Lang::En, ""), "");
    }
}
