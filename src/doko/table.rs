//! A table's round replayed from its recorded games: each game folded from its events, the
//! round state and the Spielliste projected, and every deal checked against the rotation
//! (§2.2.1, §2.2.11, §3.2.3). This is what `tdlog doko list` needs from the log.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use super::entry::{self, ListEntry, RoundContext};
use super::error::DokoError;
use super::game::{Game, GameEvent, GameSetup};
use super::list::{project, GameList};
use super::profile::Profile;
use super::round::{fold, next_deal, GameRecord, NextDeal, RoundState, TableConfig};
use super::seat::Seat;

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
    /// Deals that do not follow the rotation or the Pflichtsolo rules, for the director (a
    /// sentence in each language: `DealFlag::text`, in `i18n`).
    #[serde(default)]
    pub notes: Vec<DealFlag>,
}

/// A game of the table's list: played card by card, or entered as the list writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TableGame {
    Cards(RecordedGame),
    Entry(ListEntry),
}

/// One game of the list with what corrections did to it (§8.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedGame {
    pub game: TableGame,
    /// Struck from the list (§8.2.1, §8.2.2).
    pub struck: bool,
    /// This game is the replacement of the struck game at this index (§8.2.1).
    pub replaces: Option<usize>,
    /// Penalty rows of a game entered as a result: the Schiedsgericht's deductions
    /// (§8.7.2(b)); a game played card by card has its own.
    pub penalties: Vec<super::round::PenaltyRow>,
}

/// A deviation from the rotation a director should see, with its rule and a localisable key
/// (`doko.flag.*` in `i18n`, which words it: `DealFlag::text`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DealFlag {
    pub rule: String,
    pub key: String,
    pub params: BTreeMap<String, String>,
}

impl DealFlag {
    fn new(rule: &str, key: &str, params: &[(&str, String)]) -> DealFlag {
        DealFlag {
            rule: rule.into(),
            key: key.into(),
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        }
    }
}

/// Replay a table's games in order. A game that cannot be folded or has not ended is an
/// error naming the game; deviations from the rotation are flagged, not refused (a wrong
/// dealer's game is valid once play has begun, §2.2.11).
pub fn replay_table(
    games: &[RecordedGame],
    table: TableConfig,
    profile: &Profile,
) -> Result<TableReplay, DokoError> {
    let listed: Vec<ListedGame> = games
        .iter()
        .map(|g| ListedGame {
            game: TableGame::Cards(g.clone()),
            struck: false,
            replaces: None,
            penalties: vec![],
        })
        .collect();
    replay_list(&listed, table, profile)
}

/// Replay a list mixing games played card by card and games entered as results, with the
/// strikes of §8.2: each kind gives the round one [`GameRecord`], scored by the same engine.
pub fn replay_list(
    games: &[ListedGame],
    table: TableConfig,
    profile: &Profile,
) -> Result<TableReplay, DokoError> {
    let (t, refused) = replay_lenient(games, table, profile)?;
    match refused.into_iter().next() {
        Some((i, e)) => Err(DokoError::Round(format!("game {}: {e}", i + 1))),
        None => Ok(t),
    }
}

/// [`replay_list`], record first: an entry the rules refuse (a signed result from a hostile
/// or outdated device) is left out of the list and returned with its index and the rule.
/// A card-by-card game that cannot be folded is still an error naming the game.
pub fn replay_lenient(
    games: &[ListedGame],
    table: TableConfig,
    profile: &Profile,
) -> Result<(TableReplay, Vec<(usize, DokoError)>), DokoError> {
    let mut refused = Vec::new();
    let mut rec_of: Vec<Option<usize>> = Vec::new();
    let mut folded = Vec::new();
    let mut records: Vec<GameRecord> = Vec::new();
    let mut notes = Vec::new();
    for (i, lg) in games.iter().enumerate() {
        let st = fold(&records, table, profile, None);
        let replaces = lg.replaces.and_then(|g| rec_of.get(g).copied().flatten());
        let next = next_deal(&st, table, &records, replaces);
        let mut r = match &lg.game {
            TableGame::Entry(e) => {
                let ctx = RoundContext {
                    state: &st,
                    next: &next,
                    table,
                    profile,
                };
                match entry::record(e, &ctx) {
                    Ok(r) => r,
                    Err(e) => {
                        refused.push((i, e));
                        rec_of.push(None);
                        continue;
                    }
                }
            }
            TableGame::Cards(rg) => {
                check_rotation(i, rg, &st, &next, &mut notes);
                let g = Game::replay(rg.setup.clone(), profile.clone(), &rg.events)
                    .map_err(|e| DokoError::Round(format!("game {}: {e}", i + 1)))?;
                let r = g
                    .result()
                    .map_err(|e| DokoError::Round(format!("game {}: {e}", i + 1)))?;
                folded.push(g);
                r.record
            }
        };
        if let (TableGame::Entry(e), Some(want)) = (&lg.game, entry_dealer(&next)) {
            if r.dealer != want && e.dealer().is_some() {
                notes.push(DealFlag::new(
                    "2.2.11",
                    "doko.flag.wrong_dealer",
                    &[
                        ("deal", (i + 1).to_string()),
                        ("dealer", r.dealer.to_string()),
                        ("expected", want.to_string()),
                    ],
                ));
            }
        }
        if replaces.is_some() {
            r.replaces = replaces;
        }
        r.penalties.extend(lg.penalties.iter().cloned());
        r.struck = lg.struck;
        rec_of.push(Some(records.len()));
        records.push(r);
    }
    let state = fold(&records, table, profile, None);
    let list = project(&records, table);
    let t = TableReplay {
        games: folded,
        records,
        state,
        list,
        notes,
    };
    Ok((t, refused))
}

fn entry_dealer(next: &NextDeal) -> Option<Seat> {
    match next {
        NextDeal::Deal { dealer, .. } | NextDeal::Replacement { dealer, .. } => Some(*dealer),
        NextDeal::RoundOver => None,
    }
}

/// A card-by-card game's setup against the rotation (§2.2.11, §3.2.3, §7.5.1, §7.4.1).
fn check_rotation(
    i: usize,
    rg: &RecordedGame,
    st: &RoundState,
    next: &NextDeal,
    notes: &mut Vec<DealFlag>,
) {
    let deal = (i + 1).to_string();
    match next {
        NextDeal::Deal {
            dealer,
            vorgefuehrt,
            ..
        } => {
            if rg.setup.dealer != *dealer {
                notes.push(DealFlag::new(
                    "2.2.11",
                    "doko.flag.wrong_dealer",
                    &[
                        ("deal", deal.clone()),
                        ("dealer", rg.setup.dealer.to_string()),
                        ("expected", dealer.to_string()),
                    ],
                ));
            }
            if rg.setup.vorgefuehrt != *vorgefuehrt {
                let (key, params) = match (rg.setup.vorgefuehrt, vorgefuehrt) {
                    (None, Some(w)) => (
                        "doko.flag.vorgefuehrt_missing",
                        vec![("deal", deal.clone()), ("expected", w.to_string())],
                    ),
                    (Some(s), None) => (
                        "doko.flag.vorgefuehrt_none_due",
                        vec![("deal", deal.clone()), ("seat", s.to_string())],
                    ),
                    (s, w) => (
                        "doko.flag.vorgefuehrt_other",
                        vec![
                            ("deal", deal.clone()),
                            ("seat", s.map(|s| s.to_string()).unwrap_or_default()),
                            ("expected", w.map(|s| s.to_string()).unwrap_or_default()),
                        ],
                    ),
                };
                notes.push(DealFlag::new("3.2.3", key, &params));
            }
            if rg.setup.owes_pflichtsolo != st.owes_pflichtsolo {
                notes.push(DealFlag::new(
                    "7.5.1",
                    "doko.flag.pflichtsolo_debts",
                    &[("deal", deal.clone())],
                ));
            }
        }
        NextDeal::RoundOver => notes.push(DealFlag::new(
            "7.4.1",
            "doko.flag.after_round",
            &[("deal", deal)],
        )),
        NextDeal::Replacement { .. } => {}
    }
}
