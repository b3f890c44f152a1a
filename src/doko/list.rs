//! The Spielliste (§6.3) as a projection over the round's records: one column per player
//! with running totals, the "Punkte dieses Spiels" column, a Pflichtsolo column (§3.2.4),
//! the dealer of every row, and penalty rows linked to their ruling.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::game_type::GameKind;
use super::round::{DealResult, GameRecord, TableConfig};
use super::seat::Seat;

/// What a row of the list records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "row")]
pub enum RowKind {
    /// A counted game (normal column or Pflichtsolo column).
    Game { pflichtsolo: bool, label: String },
    /// A game struck under §8.2; it shows, but adds nothing.
    Struck { label: String },
    /// Points from a ruling (§8.4–8.7).
    Penalty { rule: String },
    /// A redeal (Schmeißen, misdeal): no game used, shown for the dealer trail.
    Redeal { label: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ListRow {
    /// Index of the record this row came from.
    pub record: usize,
    /// Counted game number (1..=16/20) for game rows.
    pub game_no: Option<u8>,
    pub dealer: Seat,
    pub kind: RowKind,
    /// "Punkte dieses Spiels".
    pub value: u32,
    pub delta: BTreeMap<Seat, i32>,
    /// Running totals after this row (§6.3.5).
    pub totals: BTreeMap<Seat, i32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameList {
    pub seats: Vec<Seat>,
    pub rows: Vec<ListRow>,
    pub totals: BTreeMap<Seat, i32>,
}

/// A short label for the kind of game ("Art des Spiels").
pub fn label(kind: &GameKind) -> String {
    match kind {
        GameKind::Normal => "Normalspiel".into(),
        GameKind::Hochzeit {
            partner: None,
            klaerungsstich: Some(_),
            ..
        } => "Hochzeit (Trumpfsolo)".into(),
        GameKind::Hochzeit { .. } => "Hochzeit".into(),
        GameKind::StilleHochzeit { soloist } => format!("stille Hochzeit {soloist}"),
        GameKind::Pflichtsolo {
            soloist,
            solo,
            vorgefuehrt,
        } => format!(
            "Pflichtsolo {solo:?} {soloist}{}",
            if *vorgefuehrt { " (vorgeführt)" } else { "" }
        ),
        GameKind::Lustsolo { soloist, solo } => format!("Lustsolo {solo:?} {soloist}"),
    }
}

/// Project the list from the records, in order.
pub fn project(records: &[GameRecord], table: TableConfig) -> GameList {
    let seats = table.seats();
    let mut totals: BTreeMap<Seat, i32> = seats.iter().map(|&s| (s, 0)).collect();
    let mut rows = Vec::new();
    let mut game_no = 0u8;
    let push = |rows: &mut Vec<ListRow>,
                totals: &mut BTreeMap<Seat, i32>,
                record,
                game_no,
                dealer,
                kind,
                value,
                delta: BTreeMap<Seat, i32>| {
        for (s, d) in &delta {
            *totals.entry(*s).or_insert(0) += d;
        }
        rows.push(ListRow {
            record,
            game_no,
            dealer,
            kind,
            value,
            delta,
            totals: totals.clone(),
        });
    };
    for (i, r) in records.iter().enumerate() {
        let (kind, counted) = match &r.result {
            DealResult::Played { kind } | DealResult::NotPlayed { kind } => {
                let mut l = label(kind);
                if matches!(r.result, DealResult::NotPlayed { .. }) {
                    l.push_str(" – nicht gespielt (8.6.2.1)");
                }
                if r.struck {
                    (RowKind::Struck { label: l }, false)
                } else {
                    (
                        RowKind::Game {
                            pflichtsolo: kind.is_pflichtsolo(),
                            label: l,
                        },
                        true,
                    )
                }
            }
            DealResult::Schmeissen { schmeisser, valid } => (
                RowKind::Redeal {
                    label: format!(
                        "Schmeißen {schmeisser}{}",
                        if *valid { "" } else { " (falsch)" }
                    ),
                },
                false,
            ),
            DealResult::Redeal => (
                RowKind::Redeal {
                    label: "neu gegeben".into(),
                },
                false,
            ),
        };
        let no = if counted {
            game_no = game_no.saturating_add(1);
            Some(game_no)
        } else {
            None
        };
        let delta = if r.struck {
            BTreeMap::new()
        } else {
            r.points.clone()
        };
        let value = if r.struck { 0 } else { r.value };
        push(&mut rows, &mut totals, i, no, r.dealer, kind, value, delta);
        for p in &r.penalties {
            // §8.2.1 strikes the game's notation; a deduction of §8.7.2(b) belongs to the
            // player ("ohne Gutschrift") and stays.
            if r.struck && !p.rule.starts_with("8.7.2") {
                continue;
            }
            push(
                &mut rows,
                &mut totals,
                i,
                None,
                r.dealer,
                RowKind::Penalty {
                    rule: p.rule.clone(),
                },
                0,
                p.credits.clone(),
            );
        }
    }
    GameList {
        seats,
        rows,
        totals,
    }
}
