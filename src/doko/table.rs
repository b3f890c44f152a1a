//! A table's round replayed from its recorded games: each game folded from its events, the
//! round state and the Spielliste projected, and every deal checked against the rotation
//! (§2.2.1, §2.2.11, §3.2.3). This is what `tdlog doko list` needs from the log.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::error::DokoError;
use super::game::{Game, GameEvent, GameSetup};
use super::list::{project, GameList};
use super::profile::Profile;
use super::round::{fold, next_deal, GameRecord, NextDeal, RoundState, TableConfig};

/// One game as the log holds it: its setup and its events in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RecordedGame {
    pub setup: GameSetup,
    pub events: Vec<GameEvent>,
}

/// A table's recorded round as a file: the games, optionally with profile, size and names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TableFile {
    /// Just the games (four-table, default profile).
    Games(Vec<RecordedGame>),
    Full {
        #[serde(default)]
        profile: Option<String>,
        #[serde(default = "four")]
        table_size: u8,
        #[serde(default)]
        names: std::collections::BTreeMap<super::seat::Seat, String>,
        games: Vec<RecordedGame>,
    },
}

fn four() -> u8 {
    4
}

/// The replayed table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TableReplay {
    pub games: Vec<Game>,
    pub records: Vec<GameRecord>,
    pub state: RoundState,
    pub list: GameList,
    /// Deals that do not follow the rotation or the Pflichtsolo rules, for the director.
    pub flags: Vec<String>,
}

/// Replay a table's games in order. A game that cannot be folded or has not ended is an
/// error naming the game; deviations from the rotation are flagged, not refused (a wrong
/// dealer's game is valid once play has begun, §2.2.11).
pub fn replay_table(
    games: &[RecordedGame],
    table: TableConfig,
    profile: &Profile,
) -> Result<TableReplay, DokoError> {
    let mut folded = Vec::new();
    let mut records: Vec<GameRecord> = Vec::new();
    let mut flags = Vec::new();
    for (i, rg) in games.iter().enumerate() {
        let st = fold(&records, table, profile, None);
        match next_deal(&st, table, &records, None) {
            NextDeal::Deal {
                dealer,
                vorgefuehrt,
                ..
            } => {
                if rg.setup.dealer != dealer {
                    flags.push(format!(
                        "2.2.11: deal {} by {}, but {} was to deal",
                        i + 1,
                        rg.setup.dealer,
                        dealer
                    ));
                }
                if rg.setup.vorgefuehrt != vorgefuehrt {
                    flags.push(format!(
                        "3.2.3: deal {}: vorgeführt {:?}, the round says {:?}",
                        i + 1,
                        rg.setup.vorgefuehrt,
                        vorgefuehrt
                    ));
                }
                if rg.setup.owes_pflichtsolo != st.owes_pflichtsolo {
                    flags.push(format!(
                        "7.5.1: deal {}: the setup's Pflichtsolo debts differ from the round's",
                        i + 1
                    ));
                }
            }
            NextDeal::RoundOver => flags.push(format!(
                "7.4.1: deal {} comes after the round was complete",
                i + 1
            )),
            NextDeal::Replacement { .. } => {}
        }
        let g = Game::replay(rg.setup.clone(), profile.clone(), &rg.events)
            .map_err(|e| DokoError::Round(format!("game {}: {e}", i + 1)))?;
        let r = g
            .result()
            .map_err(|e| DokoError::Round(format!("game {}: {e}", i + 1)))?;
        records.push(r.record);
        folded.push(g);
    }
    let state = fold(&records, table, profile, None);
    let list = project(&records, table);
    Ok(TableReplay {
        games: folded,
        records,
        state,
        list,
        flags,
    })
}
