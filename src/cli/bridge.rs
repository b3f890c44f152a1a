//! `tdlog bridge ...`: scoring and board facts from the bridge rules engine.
use clap::Subcommand;

use super::CliResult;

#[derive(Subcommand)]
pub enum BridgeCmd {}

pub fn run(cmd: BridgeCmd) -> CliResult {
    match cmd {}
}
