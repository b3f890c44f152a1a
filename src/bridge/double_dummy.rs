//! Double-dummy analysis of a deal for the adjustment assistant (Law 12C1): how many tricks
//! each declarer takes in each denomination with all four hands open, and the par of the deal
//! for both sides. The TD weighs the likely outcomes of a board (Law 12C1(b)/(c)); the table
//! shows what the cards allow, it decides nothing.
//!
//! The solver is DDS (Bo Haglund and Soren Hein, Apache-2.0) through the `dds-bridge` crate.
//! A result depends only on the deal, so it is cached per deal within the process; solving
//! takes about 0.2 s, so nothing on the path of recording a call or a card calls it: only a
//! view asked for by a person (the assistant) does. Par comes from `calculate_pars` (both
//! sides): the crate's `calculate_par` passes the dealer and the vulnerability to DDS in the
//! wrong order (0.21.0; `docs/third-party.md`).
use crate::bridge::board::Deal;
use crate::bridge::call::Strain;
use crate::bridge::seat::Seat;
use crate::bridge::vulnerability::Vulnerability;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Denominations in the order a double-dummy table is printed (and PBN's
/// `DoubleDummyTricks` writes them): NT, spades, hearts, diamonds, clubs.
pub const STRAINS: [Strain; 5] = [Strain::NT, Strain::S, Strain::H, Strain::D, Strain::C];

/// Declarers in the order PBN's `DoubleDummyTricks` writes them: N, S, E, W.
pub const PBN_DECLARERS: [Seat; 4] = [Seat::N, Seat::S, Seat::E, Seat::W];

/// Tricks each declarer takes in each denomination, double dummy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// `tricks[seat.index()][strain.index()]` (seats N, E, S, W; strains C, D, H, S, NT).
    tricks: [[u8; 5]; 4],
}

/// Why a deal cannot be analysed, or a PBN tag cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DdError {
    #[error("double-dummy analysis needs all 52 cards (Law 1, Laws 6-7): {0}")]
    Deal(String),
    #[error("DoubleDummyTricks {0:?}: expected 20 hex digits 0-d (declarers N, S, E, W; denominations NT, S, H, D, C)")]
    Tag(String),
    #[error("OptimumScore {0:?}: expected \"NS +90\" or \"EW -400\"")]
    Score(String),
}

impl DdTable {
    /// Tricks `declarer` takes with `strain` as trumps (or at notrump).
    pub fn tricks(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer.index()][strain.index()]
    }

    /// The table as PBN's `DoubleDummyTricks` tag writes it (BridgeComposer, RealBridge):
    /// 20 hex digits, declarers N, S, E, W, each with NT, S, H, D, C; lower case as
    /// RealBridge writes it.
    pub fn to_pbn_tag(&self) -> String {
        let mut out = String::with_capacity(20);
        for seat in PBN_DECLARERS {
            for strain in STRAINS {
                let t = self.tricks(seat, strain);
                out.push(char::from_digit(t as u32, 16).unwrap_or('?'));
            }
        }
        out
    }

    /// Reads a `DoubleDummyTricks` tag (either case): the digit for (declarer d, strain s) is
    /// at position `5 * d + s` in the orders of [`PBN_DECLARERS`] and [`STRAINS`].
    pub fn from_pbn_tag(tag: &str) -> Result<DdTable, DdError> {
        let bad = || DdError::Tag(tag.to_string());
        let digits: Vec<u8> = tag
            .trim()
            .chars()
            .map(|c| c.to_digit(16).filter(|d| *d <= 13).map(|d| d as u8))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        if digits.len() != 20 {
            return Err(bad());
        }
        let mut tricks = [[0u8; 5]; 4];
        for (d, seat) in PBN_DECLARERS.iter().enumerate() {
            for (s, strain) in STRAINS.iter().enumerate() {
                tricks[seat.index()][strain.index()] = digits[5 * d + s];
            }
        }
        Ok(DdTable { tricks })
    }
}

/// One contract that reaches the par score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParContract {
    /// As on a traveller: `4H`, `5DX` (a sacrifice is doubled).
    pub contract: String,
    pub declarer: Seat,
    /// Tricks over the contract; negative for a sacrifice that goes down.
    pub overtricks: i8,
}

/// The par of one side: its score and the contracts that reach it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Par {
    /// Scored for the side the par belongs to.
    pub score: i32,
    pub contracts: Vec<ParContract>,
}

/// A deal's double-dummy table and par for both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub table: DdTable,
    /// N-S's par, scored for N-S (PBN `OptimumScore "NS ..."`).
    pub ns: Par,
    /// E-W's par, scored for E-W.
    pub ew: Par,
}

fn full_deal(deal: &Deal) -> Result<contract_bridge::deal::FullDeal, DdError> {
    deal.validate().map_err(|e| DdError::Deal(e.to_string()))?;
    deal.to_pbn(Seat::N)
        .parse()
        .map_err(|e: contract_bridge::deal::ParseDealError| DdError::Deal(e.to_string()))
}

fn dds_seat(s: Seat) -> contract_bridge::seat::Seat {
    use contract_bridge::seat::Seat as D;
    match s {
        Seat::N => D::North,
        Seat::E => D::East,
        Seat::S => D::South,
        Seat::W => D::West,
    }
}

fn seat_of(s: contract_bridge::seat::Seat) -> Seat {
    use contract_bridge::seat::Seat as D;
    match s {
        D::North => Seat::N,
        D::East => Seat::E,
        D::South => Seat::S,
        D::West => Seat::W,
    }
}

fn dds_strain(s: Strain) -> contract_bridge::Strain {
    use contract_bridge::Strain as D;
    match s {
        Strain::C => D::Clubs,
        Strain::D => D::Diamonds,
        Strain::H => D::Hearts,
        Strain::S => D::Spades,
        Strain::NT => D::Notrump,
    }
}

fn strain_of(s: contract_bridge::Strain) -> Strain {
    use contract_bridge::Strain as D;
    match s {
        D::Clubs => Strain::C,
        D::Diamonds => Strain::D,
        D::Hearts => Strain::H,
        D::Spades => Strain::S,
        D::Notrump => Strain::NT,
    }
}

fn from_dds(t: &dds_bridge::TrickCountTable) -> DdTable {
    let mut tricks = [[0u8; 5]; 4];
    for seat in Seat::ALL {
        for strain in Strain::ALL {
            tricks[seat.index()][strain.index()] = t[dds_strain(strain)].get(dds_seat(seat)).get();
        }
    }
    DdTable { tricks }
}

fn to_dds(t: &DdTable) -> dds_bridge::TrickCountTable {
    let row = |strain: Strain| {
        let g = |s: Seat| t.tricks(s, strain);
        dds_bridge::TrickCountRow::new(g(Seat::N), g(Seat::E), g(Seat::S), g(Seat::W))
    };
    // The crate's rows are indexed by its strain order (clubs up to notrump), as ours.
    dds_bridge::TrickCountTable(Strain::ALL.map(row))
}

/// Results already computed in this process, by deal (a deal is shared by every table that
/// plays the board, and the assistant is opened again as the weights change).
fn cache() -> &'static Mutex<HashMap<String, DdTable>> {
    static CACHE: OnceLock<Mutex<HashMap<String, DdTable>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

thread_local! {
    /// One DDS solver context per thread: it is `Send` but not `Sync`, and keeping it keeps
    /// its transposition table allocated between deals.
    static SOLVER: std::cell::RefCell<Option<dds_bridge::Solver>> = const { std::cell::RefCell::new(None) };
}

/// The double-dummy table of a complete deal. Deterministic in the deal; the first call for
/// a deal solves it (about 0.2 s), later calls in the same process read the cache.
pub fn solve(deal: &Deal) -> Result<DdTable, DdError> {
    let key = deal.to_pbn(Seat::N);
    if let Some(t) = cache().lock().ok().and_then(|c| c.get(&key).copied()) {
        return Ok(t);
    }
    let table = solve_uncached(deal)?;
    if let Ok(mut c) = cache().lock() {
        // A long-lived app opens many logs; a tournament has far fewer deals than this.
        if c.len() >= 4096 {
            c.clear();
        }
        c.insert(key, table);
    }
    Ok(table)
}

/// [`solve`] without the cache (the benchmark times the solver itself).
pub fn solve_uncached(deal: &Deal) -> Result<DdTable, DdError> {
    let full = full_deal(deal)?;
    let t = SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        s.get_or_insert_with(dds_bridge::Solver::default)
            .solve_deal(full)
    });
    Ok(from_dds(&t))
}

/// Many deals at once, through DDS's own pool of worker threads (the benchmark's batch).
pub fn solve_many(deals: &[Deal]) -> Result<Vec<DdTable>, DdError> {
    let full: Vec<_> = deals.iter().map(full_deal).collect::<Result<_, _>>()?;
    Ok(dds_bridge::solve_deals(&full)
        .iter()
        .map(from_dds)
        .collect())
}

fn dds_vulnerability(v: Vulnerability) -> dds_bridge::Vulnerability {
    match v {
        Vulnerability::None => dds_bridge::Vulnerability::NONE,
        Vulnerability::NS => dds_bridge::Vulnerability::NS,
        Vulnerability::EW => dds_bridge::Vulnerability::EW,
        Vulnerability::Both => dds_bridge::Vulnerability::ALL,
    }
}

fn par_of(p: &dds_bridge::Par) -> Par {
    Par {
        score: p.score,
        contracts: p
            .contracts
            .iter()
            .map(|c| {
                let level = c.contract.bid.level.get();
                let strain = strain_of(c.contract.bid.strain);
                let doubling = match c.contract.penalty {
                    contract_bridge::contract::Penalty::Undoubled => "",
                    contract_bridge::contract::Penalty::Doubled => "X",
                    contract_bridge::contract::Penalty::Redoubled => "XX",
                };
                ParContract {
                    contract: format!("{level}{}{doubling}", strain.as_str()),
                    declarer: seat_of(c.declarer),
                    overtricks: c.overtricks,
                }
            })
            .collect(),
    }
}

/// The par of both sides for a double-dummy table at a vulnerability (no dealer: on ordinary
/// deals the par does not depend on who bids first, and DDS's sides par needs none).
pub fn par(table: &DdTable, vulnerable: Vulnerability) -> (Par, Par) {
    let [ns, ew] = dds_bridge::calculate_pars(to_dds(table), dds_vulnerability(vulnerable));
    (par_of(&ns), par_of(&ew))
}

/// The table and both sides' par of a deal.
pub fn analyse(deal: &Deal, vulnerable: Vulnerability) -> Result<Analysis, DdError> {
    let table = solve(deal)?;
    let (ns, ew) = par(&table, vulnerable);
    Ok(Analysis { table, ns, ew })
}

/// PBN's `OptimumScore` (`"NS +90"`, `"EW -400"`, or both `"NS 90; EW -90"`) as N-S's score.
pub fn optimum_score_ns(tag: &str) -> Result<i32, DdError> {
    let bad = || DdError::Score(tag.to_string());
    let first = tag.split(';').next().ok_or_else(bad)?.trim();
    let (side, value) = first.split_once(char::is_whitespace).ok_or_else(bad)?;
    let v: i32 = value
        .trim()
        .trim_start_matches('+')
        .parse()
        .map_err(|_| bad())?;
    match side.to_ascii_uppercase().as_str() {
        "NS" => Ok(v),
        "EW" => Ok(-v),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pbn_tag_round_trips_in_its_declarer_and_denomination_order() {
        let t = DdTable::from_pbn_tag("98A6599a654436744367").unwrap();
        // North: NT 9, S 8, H 10, D 6, C 5; West is the last five digits.
        assert_eq!(t.tricks(Seat::N, Strain::NT), 9);
        assert_eq!(t.tricks(Seat::N, Strain::H), 10);
        assert_eq!(t.tricks(Seat::S, Strain::S), 9);
        assert_eq!(t.tricks(Seat::S, Strain::H), 10);
        assert_eq!(t.tricks(Seat::E, Strain::NT), 4);
        assert_eq!(t.tricks(Seat::W, Strain::C), 7);
        assert_eq!(t.to_pbn_tag(), "98a6599a654436744367");
        assert!(DdTable::from_pbn_tag("98a659").is_err());
        assert!(DdTable::from_pbn_tag("98e6599a654436744367").is_err());
    }

    #[test]
    fn optimum_score_is_read_from_either_side() {
        assert_eq!(optimum_score_ns("NS +90").unwrap(), 90);
        assert_eq!(optimum_score_ns("NS -400").unwrap(), -400);
        assert_eq!(optimum_score_ns("EW 400").unwrap(), -400);
        assert!(optimum_score_ns("+90").is_err());
    }
}
