//! The contract (definitions, Law 22): level, denomination and doubling status, or a pass-out.
use crate::bridge::call::{Bid, Strain};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Doubling status of the final bid (Law 19, scored by Law 77).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Doubling {
    Undoubled,
    Doubled,
    Redoubled,
}

impl Doubling {
    /// Score multiplier for trick points: 1, 2 or 4.
    pub fn multiplier(self) -> i32 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }

    pub fn suffix(self) -> &'static str {
        match self {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        }
    }
}

/// A playable contract: level 1-7 (a contract above seven is never played, Law 38A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Contract {
    pub level: u8,
    pub strain: Strain,
    pub doubling: Doubling,
}

impl Contract {
    pub fn new(level: u8, strain: Strain, doubling: Doubling) -> Contract {
        Contract {
            level,
            strain,
            doubling,
        }
    }

    pub fn bid(self) -> Bid {
        Bid::new(self.level, self.strain)
    }

    /// Tricks declarer's side needs: six plus the level.
    pub fn tricks_needed(self) -> u8 {
        6 + self.level
    }
}

/// A contract string, or `Pass` for a passed-out board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum ContractOrPass {
    PassedOut,
    Contract(Contract),
}

/// Why a contract string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContractError {
    #[error("empty contract")]
    Empty,
    #[error("contract {0:?}: level must be 1-7 (a contract above seven is never played, Law 38A)")]
    BadLevel(String),
    #[error(
        "contract {contract:?}: unknown denomination {strain:?} (expected C, D, H, S, N or NT)"
    )]
    BadStrain { contract: String, strain: String },
    #[error("contract {contract:?}: unexpected {rest:?} after the denomination (expected X, XX or nothing)")]
    BadDoubling { contract: String, rest: String },
}

impl FromStr for Contract {
    type Err = ContractError;
    /// `4S`, `4SX`, `1CXX`, `3NT`, `3N`, `4Sx`, `1nxx`: case-insensitive, NT or N.
    fn from_str(s: &str) -> Result<Contract, ContractError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(ContractError::Empty);
        }
        let up = t.to_ascii_uppercase();
        let mut chars = up.chars();
        let level = match chars.next().and_then(|c| c.to_digit(10)) {
            Some(d @ 1..=7) => d as u8,
            _ => return Err(ContractError::BadLevel(t.to_string())),
        };
        let rest: String = chars.collect();
        let (strain, tail) = if let Some(r) = rest.strip_prefix("NT") {
            (Strain::NT, r)
        } else if let Some(first) = rest.chars().next() {
            let s = Strain::parse(&first.to_string()).ok_or_else(|| ContractError::BadStrain {
                contract: t.to_string(),
                strain: rest.clone(),
            })?;
            (s, &rest[first.len_utf8()..])
        } else {
            return Err(ContractError::BadStrain {
                contract: t.to_string(),
                strain: String::new(),
            });
        };
        let doubling = match tail {
            "" => Doubling::Undoubled,
            "X" | "*" => Doubling::Doubled,
            "XX" | "**" | "R" => Doubling::Redoubled,
            other => {
                return Err(ContractError::BadDoubling {
                    contract: t.to_string(),
                    rest: other.to_string(),
                })
            }
        };
        Ok(Contract {
            level,
            strain,
            doubling,
        })
    }
}

impl FromStr for ContractOrPass {
    type Err = ContractError;
    fn from_str(s: &str) -> Result<ContractOrPass, ContractError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "PASS" | "P" | "AP" | "PASSED OUT" => Ok(ContractOrPass::PassedOut),
            _ => s.parse().map(ContractOrPass::Contract),
        }
    }
}

impl TryFrom<String> for Contract {
    type Error = ContractError;
    fn try_from(s: String) -> Result<Contract, ContractError> {
        s.parse()
    }
}

impl From<Contract> for String {
    fn from(c: Contract) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for ContractOrPass {
    type Error = ContractError;
    fn try_from(s: String) -> Result<ContractOrPass, ContractError> {
        s.parse()
    }
}

impl From<ContractOrPass> for String {
    fn from(c: ContractOrPass) -> String {
        c.to_string()
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.level,
            self.strain.as_str(),
            self.doubling.suffix()
        )
    }
}

impl fmt::Display for ContractOrPass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContractOrPass::PassedOut => f.write_str("Pass"),
            ContractOrPass::Contract(c) => write!(f, "{c}"),
        }
    }
}
