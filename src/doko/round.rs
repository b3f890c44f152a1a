//! The round at one table (§2.2.1, §3.2.3–3.2.5, §7.4, §7.5, §8.2): dealer rotation, the
//! Pflichtsolo obligation, "vorgeführt", repeat deals, struck and replacement games.
//! Everything is a projection over the recorded games; nothing is stored twice.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use super::error::DokoError;
use super::game_type::GameKind;
use super::profile::{Profile, VoidGamePolicy};
use super::seat::{Players, Seat};

/// How a deal ended, as far as the round cares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "result")]
pub enum DealResult {
    /// A game was played and scored (possibly with penalty rows).
    Played { kind: GameKind },
    /// §8.6.2.1: the game counts as "nicht gespielt" (A25 decides the round effect).
    NotPlayed { kind: GameKind },
    /// §3.4.3: Schmeißen; the same dealer redeals. A false one carries a penalty row.
    Schmeissen { schmeisser: Seat, valid: bool },
    /// §2.2.8/§2.2.9/§2.2.11 claimed in time: redeal, no game used.
    Redeal,
}

/// A penalty or sanction row linked to the ruling that caused it (§6.3, §8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PenaltyRow {
    pub rule: String,
    pub credits: BTreeMap<Seat, i32>,
}

/// One deal at the table, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameRecord {
    /// Who actually dealt (may differ from the schedule, §2.2.11).
    pub dealer: Seat,
    pub result: DealResult,
    /// The "Punkte dieses Spiels" column: the game value (0 when none).
    #[serde(default)]
    pub value: u32,
    /// List delta of the game itself.
    #[serde(default)]
    pub points: BTreeMap<Seat, i32>,
    #[serde(default)]
    pub penalties: Vec<PenaltyRow>,
    /// §8.2.1/§8.2.2: struck from the list.
    #[serde(default)]
    pub struck: bool,
    /// §8.2.1: this game replaces the struck game with this index in the records.
    #[serde(default)]
    pub replaces: Option<usize>,
}

/// The table's configuration for the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TableConfig {
    /// 4 or 5 seats (§7.2.1).
    pub size: u8,
}

impl TableConfig {
    pub fn new(size: u8) -> Result<TableConfig, DokoError> {
        if size == 4 || size == 5 {
            Ok(TableConfig { size })
        } else {
            Err(DokoError::Round(format!(
                "7.2.1: tables have 4 or 5 seats, not {size}"
            )))
        }
    }

    pub fn seats(&self) -> Vec<Seat> {
        (0..self.size).filter_map(|i| Seat::new(i).ok()).collect()
    }
}

/// The round so far, folded from the records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RoundState {
    /// The dealer of the next regular game per the rotation.
    pub next_dealer: Seat,
    /// Games used of the 16/20.
    pub games_counted: u8,
    pub games_in_round: u8,
    /// Players who still owe their Pflichtsolo (§7.5.1).
    pub owes_pflichtsolo: BTreeSet<Seat>,
    /// Games each seat has actually played (A36: five-table repeat deals).
    pub games_played: BTreeMap<Seat, u8>,
    /// Set once the end signal has come (§7.4.1).
    pub time_over: bool,
    /// The profile plays the Pflichtsoli beyond the 16/20 (`pflichtsoli_in_games_per_round`
    /// off): they are not in `games_counted`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pflichtsoli_beyond_count: bool,
}

/// What the next deal must be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "next")]
pub enum NextDeal {
    /// A deal by `dealer`; `vorgefuehrt` names a player forced to his Pflichtsolo (§3.2.3).
    Deal {
        dealer: Seat,
        players: Players,
        vorgefuehrt: Option<Seat>,
    },
    /// §8.2.1: a replacement for a struck game, dealt by that game's dealer.
    Replacement {
        dealer: Seat,
        players: Players,
        replaces: usize,
    },
    /// The round is complete.
    RoundOver,
}

fn pflichtsolo_of(kind: &GameKind) -> Option<(Seat, bool)> {
    match *kind {
        GameKind::Pflichtsolo {
            soloist,
            vorgefuehrt,
            ..
        } => Some((soloist, vorgefuehrt)),
        _ => None,
    }
}

/// Fold the records of a round. `time_called_after`: the number of records that had begun
/// when the end signal came (§7.4.1); `None` while time runs.
pub fn fold(
    records: &[GameRecord],
    table: TableConfig,
    profile: &Profile,
    time_called_after: Option<usize>,
) -> RoundState {
    let seats = table.seats();
    let mut st = RoundState {
        next_dealer: Seat::A,
        games_counted: 0,
        games_in_round: profile.games_for_table(table.size),
        owes_pflichtsolo: seats.iter().copied().collect(),
        games_played: seats.iter().map(|&s| (s, 0)).collect(),
        time_over: false,
        pflichtsoli_beyond_count: !profile.pflichtsoli_in_games_per_round,
    };
    for (i, r) in records.iter().enumerate() {
        let scheduled = st.next_dealer;
        let counts_players = |st: &mut RoundState| {
            for p in Players::for_dealer(r.dealer, table.size).iter() {
                let n = st.games_played.entry(p).or_insert(0);
                *n = n.saturating_add(1);
            }
        };
        // A replacement or a wrongly-dealt valid game does not move the rotation (§8.2.1,
        // A27; §2.2.11 "the next game is dealt by who should have dealt this one").
        let off_schedule = r.replaces.is_some() || r.dealer != scheduled;
        let advance = |st: &mut RoundState| {
            if !off_schedule {
                st.next_dealer = scheduled.next(table.size);
            }
        };
        match &r.result {
            DealResult::Redeal | DealResult::Schmeissen { .. } => {}
            DealResult::Played { kind } => {
                counts_players(&mut st);
                let beyond = st.pflichtsoli_beyond_count && pflichtsolo_of(kind).is_some();
                if !r.struck && !beyond {
                    st.games_counted = st.games_counted.saturating_add(1);
                }
                match pflichtsolo_of(kind) {
                    Some((soloist, vorgefuehrt)) => {
                        if !r.struck {
                            st.owes_pflichtsolo.remove(&soloist);
                        }
                        if vorgefuehrt {
                            advance(&mut st);
                        }
                        // else: the same dealer deals again (§2.2.1, §3.2.5).
                    }
                    None => advance(&mut st),
                }
            }
            DealResult::NotPlayed { .. } => match profile.void_game_policy {
                VoidGamePolicy::ConsumeSlotAdvanceDealer => {
                    counts_players(&mut st);
                    if !r.struck {
                        st.games_counted = st.games_counted.saturating_add(1);
                    }
                    advance(&mut st);
                }
                VoidGamePolicy::RedealSameDealer => {}
            },
        }
        if time_called_after.is_some_and(|t| i + 1 >= t) {
            st.time_over = true;
        }
    }
    if time_called_after == Some(0) {
        st.time_over = true;
    }
    st
}

/// Decide the next deal (§3.2.3, §7.4.1, §7.5.1, §8.2.1). `pending_replacement`: index of
/// a struck game still to be replayed during the round.
pub fn next_deal(
    st: &RoundState,
    table: TableConfig,
    records: &[GameRecord],
    pending_replacement: Option<usize>,
) -> NextDeal {
    if let Some(idx) = pending_replacement {
        if let Some(r) = records.get(idx) {
            if !st.time_over {
                return NextDeal::Replacement {
                    dealer: r.dealer,
                    players: Players::for_dealer(r.dealer, table.size),
                    replaces: idx,
                };
            }
        }
    }
    let remaining = st.games_in_round.saturating_sub(st.games_counted);
    let owed = st.owes_pflichtsolo.len() as u8;
    if owed == 0 && (st.time_over || remaining == 0) {
        return NextDeal::RoundOver;
    }
    let mut dealer = st.next_dealer;
    // §3.2.3/§7.5.1: outstanding Pflichtsoli are always played, even past the 16/20 (e.g.
    // after a voided Pflichtsolo in the last game, A25).
    // Pflichtsoli beyond the 16/20 are forced only once the other games are played.
    let forced = st.time_over
        || if st.pflichtsoli_beyond_count {
            remaining == 0
        } else {
            owed >= remaining
        };
    if !forced {
        return NextDeal::Deal {
            dealer,
            players: Players::for_dealer(dealer, table.size),
            vorgefuehrt: None,
        };
    }
    // A14: at a five-table, if only the sitting-out dealer owes, the deal passes on.
    if table.size == 5 && st.owes_pflichtsolo.iter().all(|&s| s == dealer) {
        dealer = dealer.next(table.size);
    }
    let players = Players::for_dealer(dealer, table.size);
    let soloist = players.iter().find(|s| st.owes_pflichtsolo.contains(s));
    NextDeal::Deal {
        dealer,
        players,
        vorgefuehrt: soloist,
    }
}
