//! A game card by card as a TD types it at the table (the app's compact form): the deal as
//! one line per seat (`A: ♣D ♥10 KaA …`, the card notation of [`super::cards`]), and the
//! play as lines, a trick or a card at a time (`D ♦K ♠D ♦A ♠B`: the first card is the
//! seat's, the next ones the following players'), with announcements where they are made
//! (`A re ♥D`: A announces, then plays; `C:k90` names who announces). `gesund` is the
//! query of a game nobody has a Vorbehalt in (§3.1). The result is the same
//! [`GameEvent`]s `tdlog doko record` signs; nothing here judges them (the game does).
use std::collections::BTreeMap;

use super::announce::Level;
use super::cards::{Card, Suit};
use super::determination::{QueryEntry, Statement, Vorbehaltsart};
use super::error::DokoError;
use super::game::GameEvent;
use super::game_type::SoloType;
use super::seat::{Players, Seat};

fn seat(s: &str) -> Result<Seat, DokoError> {
    Seat::try_from(s.trim().to_uppercase())
}

/// An announcement word (case-insensitive): Re, Kontra (an Ansage, §5.1), keine 90/60/30,
/// schwarz (§5.2); `k90` is short for keine 90.
fn level(word: &str) -> Option<Level> {
    let w: String = word
        .to_lowercase()
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .collect();
    Some(match w.as_str() {
        "re" | "kontra" | "contra" => Level::Ansage,
        "k90" | "keine90" => Level::Keine90,
        "k60" | "keine60" => Level::Keine60,
        "k30" | "keine30" => Level::Keine30,
        "schwarz" => Level::Schwarz,
        _ => return None,
    })
}

fn tokens(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
}

/// The deal (§2.2): a line per player, `SEAT: twelve cards`; lines without a seat are the
/// players' hands in playing order from Vorhand. The hands are checked by the game (§2.2.9).
pub fn parse_deal(text: &str, players: &Players) -> Result<BTreeMap<Seat, Vec<Card>>, DokoError> {
    let mut hands = BTreeMap::new();
    let mut order = players.iter();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (who, cards) = match line.split_once(':') {
            Some((s, rest)) => (seat(s)?, rest),
            None => (
                order.next().ok_or_else(|| {
                    DokoError::Input(format!(
                        "2.2: more hands than players in the deal ({line:?})"
                    ))
                })?,
                line,
            ),
        };
        let hand: Vec<Card> = tokens(cards).map(str::parse).collect::<Result<_, _>>()?;
        if hands.insert(who, hand).is_some() {
            return Err(DokoError::Input(format!(
                "2.2: seat {who} is dealt twice in the deal"
            )));
        }
    }
    Ok(hands)
}

/// What a Vorbehalt is named (§3.1.4): a solo, Hochzeit or Schmeißen.
fn vorbehalt(word: &str) -> Option<Vorbehaltsart> {
    let solo = |s| Some(Vorbehaltsart::Solo(s));
    match word.to_lowercase().replace('ß', "ss").as_str() {
        "trumpfsolo" => solo(SoloType::Trumpfsolo),
        "damensolo" => solo(SoloType::Damensolo),
        "bubensolo" => solo(SoloType::Bubensolo),
        "fleischlos" | "fleischloser" => solo(SoloType::Fleischloser),
        "kreuzsolo" => solo(SoloType::Farbsolo(Suit::Kreuz)),
        "piksolo" => solo(SoloType::Farbsolo(Suit::Pik)),
        "herzsolo" => solo(SoloType::Farbsolo(Suit::Herz)),
        "karosolo" => solo(SoloType::Farbsolo(Suit::Karo)),
        "hochzeit" => Some(Vorbehaltsart::Hochzeit(Default::default())),
        "schmeissen" => Some(Vorbehaltsart::Schmeissen),
        _ => None,
    }
}

/// The query (§3.1): every player from Vorhand is gesund but those named with their
/// Vorbehalt (`D:damensolo`); then the query is closed.
fn query<'a>(
    named: impl Iterator<Item = &'a str>,
    players: &Players,
) -> Result<Vec<GameEvent>, DokoError> {
    let mut arts = BTreeMap::new();
    for tok in named {
        let (s, w) = tok.split_once(':').ok_or_else(|| {
            DokoError::Determination(format!(
                "3.1.4: name a Vorbehalt as SEAT:solo, e.g. D:damensolo, not {tok:?}"
            ))
        })?;
        let who = seat(s)?;
        if !players.contains(who) {
            return Err(DokoError::NotAtTable {
                seat: who.to_string(),
            });
        }
        let art = vorbehalt(w).ok_or_else(|| {
            DokoError::Determination(format!(
                "3.1.4: {w:?} is no Vorbehalt (trumpfsolo, damensolo, bubensolo, fleischlos, kreuzsolo, piksolo, herzsolo, karosolo, hochzeit, schmeissen)"
            ))
        })?;
        arts.insert(who, art);
    }
    let mut out: Vec<GameEvent> = players
        .iter()
        .map(|s| GameEvent::Query {
            entry: QueryEntry {
                seat: s,
                statement: if arts.contains_key(&s) {
                    Statement::Vorbehalt
                } else {
                    Statement::Gesund
                },
                art: arts.get(&s).copied(),
                correction: None,
            },
        })
        .collect();
    out.push(GameEvent::QueryClosed);
    Ok(out)
}

/// The play as lines: `gesund` (every player, from Vorhand, then the query is closed;
/// `gesund D:damensolo` names a Vorbehalt), or
/// `SEAT` followed by cards and announcements. Each card is played by the next player in
/// turn from `SEAT`; an announcement is made by the player whose card comes next, or by
/// the seat written before it (`B:kontra`).
pub fn parse_play(text: &str, players: &Players) -> Result<Vec<GameEvent>, DokoError> {
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut it = tokens(line);
        let first = it.next().unwrap_or_default();
        if first.eq_ignore_ascii_case("gesund") {
            out.extend(query(it, players)?);
            continue;
        }
        let mut turn = seat(first.trim_end_matches(':')).map_err(|_| {
            DokoError::Input(format!(
                "4.2: a line of play begins with the seat that plays first (A-E), not {first:?}"
            ))
        })?;
        for tok in it {
            let (who, word) = match tok.split_once(':') {
                Some((s, w)) => (seat(s)?, w),
                None => (turn, tok),
            };
            if let Some(level) = level(word) {
                out.push(GameEvent::Announced {
                    seat: who,
                    level,
                    stated_party: None,
                    simultaneous: false,
                });
                continue;
            }
            let card: Card = word.parse()?;
            out.push(GameEvent::CardPlayed { seat: who, card });
            turn = players.after(who).ok_or_else(|| DokoError::NotAtTable {
                seat: who.to_string(),
            })?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Players {
        Players::for_dealer(Seat::D, 4)
    }

    #[test]
    fn a_trick_line_is_played_clockwise_from_its_first_seat_4_2() {
        let ev = parse_play("D ♦K ♠D KaA PB", &four()).unwrap();
        let seats: Vec<String> = ev
            .iter()
            .map(|e| match e {
                GameEvent::CardPlayed { seat, card } => format!("{seat}{card}"),
                _ => panic!("{e:?}"),
            })
            .collect();
        assert_eq!(seats, ["D♦K", "A♠D", "B♦A", "C♠B"]);
    }

    #[test]
    fn an_announcement_is_made_by_the_player_in_turn_or_the_seat_named_5() {
        let ev = parse_play("A re ♥D B:kontra ♦A\nC k90", &four()).unwrap();
        assert!(matches!(
            ev[0],
            GameEvent::Announced {
                seat,
                level: Level::Ansage,
                ..
            } if seat == Seat::A
        ));
        assert!(matches!(ev[2], GameEvent::Announced { seat, .. } if seat == Seat::B));
        assert!(
            matches!(ev[3], GameEvent::CardPlayed { seat, .. } if seat == Seat::B),
            "the card after B's announcement is B's"
        );
        assert!(matches!(
            ev[4],
            GameEvent::Announced {
                seat,
                level: Level::Keine90,
                ..
            } if seat == Seat::C
        ));
    }

    #[test]
    fn gesund_is_every_players_query_from_vorhand_then_closed_3_1() {
        let p = Players::for_dealer(Seat::C, 5);
        let ev = parse_play("gesund", &p).unwrap();
        assert_eq!(ev.len(), 5);
        assert!(matches!(&ev[0], GameEvent::Query { entry } if entry.seat == Seat::D));
        assert_eq!(ev[4], GameEvent::QueryClosed);
        let ev = parse_play("gesund E:damensolo", &p).unwrap();
        assert!(matches!(&ev[1], GameEvent::Query { entry }
            if entry.seat == Seat::E && entry.art == Some(Vorbehaltsart::Solo(SoloType::Damensolo))));
        assert!(
            parse_play("gesund C:damensolo", &p).is_err(),
            "C deals and sits out"
        );
        assert!(parse_play("gesund D:skat", &p).is_err());
    }

    #[test]
    fn the_deal_is_read_by_seat_or_in_playing_order_2_2() {
        let h = parse_deal("B: ♣D ♣D\nA: H10, KaA", &four()).unwrap();
        assert_eq!(h[&Seat::B], vec![Card::KREUZ_DAME; 2]);
        assert_eq!(h[&Seat::A], vec![Card::HERZ_ZEHN, Card::FUCHS]);
        let h = parse_deal("♣D\n♠D", &four()).unwrap();
        assert_eq!(h[&Seat::A], vec![Card::KREUZ_DAME]);
        assert!(parse_deal("A: ♣D\nA: ♠D", &four()).is_err());
    }

    #[test]
    fn a_line_without_a_seat_or_a_card_that_is_none_is_refused_1_2() {
        assert!(parse_play("♦K ♠D", &four()).is_err());
        assert!(matches!(
            parse_play("A ♥7", &four()),
            Err(DokoError::BadCard(_))
        ));
    }
}
