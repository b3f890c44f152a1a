//! Doppelkopf refusals in the reader's language: the § first, then what the rule says, then
//! the engine's English detail (seats, numbers) as it refused the step.
use super::{lookup, t, Lang};
use crate::doko::game_type::{GameKind, SoloType};
use crate::doko::list::ListRow;
use crate::doko::round::DealResult;
use crate::doko::tables::TableList;
use crate::doko::DokoError;
use crate::events::CorrectionAction;

/// A Doppelkopf refusal in `lang`, naming its §. English is the engine's own message.
pub fn doko_refusal(lang: Lang, e: &DokoError) -> String {
    let rule = e.rule();
    if lang == Lang::En {
        return e.to_string();
    }
    // The rule's own heading, else its section's (8.2.1 → 8.2 → 8).
    let mut r = rule.as_str();
    let head = loop {
        if let Some(h) = lookup(lang, &format!("doko.rule.{r}")) {
            break h;
        }
        match r.rsplit_once('.') {
            Some((up, _)) => r = up,
            None => break lookup(lang, "doko.rule.other").unwrap_or(""),
        }
    };
    match detail(lang, e) {
        Some(d) => format!("Doppelkopf §{rule}: {head} ({d})"),
        None => format!("Doppelkopf §{rule}: {head} ({e})"),
    }
}

/// The refusal's particulars in `lang` where the error carries them as fields (a card, a
/// seat, a count); `None` for the refusals whose particulars are the engine's English
/// sentence (shown as they are).
fn detail(lang: Lang, e: &DokoError) -> Option<String> {
    let fill = |key: &str, args: &[(&str, String)]| {
        let mut s = t(lang, key).to_string();
        for (k, v) in args {
            s = s.replace(&format!("{{{k}}}"), v);
        }
        s
    };
    Some(match e {
        DokoError::BadCard(c) => fill("doko.err.bad_card", &[("card", format!("{c:?}"))]),
        DokoError::BadSeat(s) => fill("doko.err.bad_seat", &[("seat", format!("{s:?}"))]),
        DokoError::HandSize { seat, count } => fill(
            "doko.err.hand_size",
            &[("seat", seat.clone()), ("count", count.to_string())],
        ),
        DokoError::DeckCount { card, count } => fill(
            "doko.err.deck_count",
            &[("card", card.clone()), ("count", count.to_string())],
        ),
        DokoError::CardPlayedThrice { card } => {
            fill("doko.err.card_thrice", &[("card", card.clone())])
        }
        DokoError::CardNotInHand { seat, card } => fill(
            "doko.err.card_not_in_hand",
            &[("seat", seat.clone()), ("card", card.clone())],
        ),
        DokoError::NotAtTable { seat } => fill("doko.err.not_at_table", &[("seat", seat.clone())]),
        DokoError::TooManyTricks(n) => fill("doko.err.too_many_tricks", &[("n", n.to_string())]),
        DokoError::EyesTotal(n) => fill("doko.err.eyes_total", &[("n", n.to_string())]),
        DokoError::List(r) => {
            let (key, args) = r.text();
            fill(key, &args)
        }
        _ => return None,
    })
}

/// The kind of game of a list row ("Art des Spiels") in `lang`. The engine's own label
/// (`doko::list::label`) is the German of the paper list; screens and prints use this.
pub fn doko_kind_label(lang: Lang, kind: &GameKind) -> String {
    let solo_name = |s: &SoloType| {
        let k = match s {
            SoloType::Farbsolo(suit) => format!("doko.solo.{suit:?}"),
            other => format!("doko.solo.{other:?}"),
        };
        t(lang, &k).to_string()
    };
    let fill = |key: &str, seat: String, solo: String| {
        t(lang, key)
            .replace("{seat}", &seat)
            .replace("{solo}", &solo)
    };
    match kind {
        GameKind::Normal => t(lang, "doko.kind.normal").into(),
        GameKind::Hochzeit {
            partner: None,
            klaerungsstich: Some(_),
            ..
        } => t(lang, "doko.kind.hochzeit_solo").into(),
        GameKind::Hochzeit { .. } => t(lang, "doko.kind.hochzeit").into(),
        GameKind::StilleHochzeit { soloist } => {
            fill("doko.kind.stille", soloist.to_string(), String::new())
        }
        GameKind::Pflichtsolo {
            soloist,
            solo,
            vorgefuehrt,
        } => {
            let mut l = fill(
                "doko.kind.pflichtsolo",
                soloist.to_string(),
                solo_name(solo),
            );
            if *vorgefuehrt {
                l.push_str(t(lang, "doko.kind.vorgefuehrt"));
            }
            l
        }
        GameKind::Lustsolo { soloist, solo } => {
            fill("doko.kind.lustsolo", soloist.to_string(), solo_name(solo))
        }
    }
}

/// A list row's label from the deal it records, in `lang` (a played or not played game, a
/// Schmeißen, a redeal).
pub fn doko_result_label(lang: Lang, r: &DealResult) -> String {
    match r {
        DealResult::Played { kind } => doko_kind_label(lang, kind),
        DealResult::NotPlayed { kind } => {
            doko_kind_label(lang, kind) + t(lang, "doko.kind.not_played")
        }
        DealResult::Schmeissen { schmeisser, valid } => t(
            lang,
            if *valid {
                "doko.kind.schmeissen"
            } else {
                "doko.kind.schmeissen_false"
            },
        )
        .replace("{seat}", &schmeisser.to_string()),
        DealResult::Redeal => t(lang, "doko.kind.redeal").into(),
    }
}

/// A list row's kind of game in `lang`, with what the last applied correction of its game
/// did (§8.2: "– struck §8.2.1: reason").
pub fn doko_row_label(lang: Lang, l: &TableList, row: &ListRow) -> String {
    let mut label = match l.replay.records.get(row.record) {
        Some(r) => doko_result_label(lang, &r.result),
        None => String::new(),
    };
    let game = l.record_games.get(row.record).copied();
    let last = l
        .corrections
        .iter()
        .rfind(|c| Some(c.game) == game && c.refused.is_none());
    if let Some(c) = last {
        let key = match c.correction {
            CorrectionAction::Strike { .. } => "doko.mark.struck",
            CorrectionAction::Correct { .. } => "doko.mark.corrected",
        };
        label.push_str(
            &t(lang, key)
                .replace("{rule}", &c.rule)
                .replace("{reason}", &c.reason),
        );
    }
    label
}

impl crate::doko::table::DealFlag {
    /// The flag as a sentence in `lang`, its rule first.
    pub fn text(&self, lang: Lang) -> String {
        let p: Vec<(&str, String)> = self
            .params
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        format!(
            "{}: {}",
            self.rule,
            super::Msg::new(lang, &self.key, &p).text
        )
    }
}
