//! `tournament.genesis`: the event that creates a tournament log.

use super::{check_text, EventPayload};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which card game the tournament plays; fixes which rules modules fold the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    Bridge,
    Doppelkopf,
}

impl Game {
    /// Rule profiles each game accepts (the profile names the text and edition in force).
    pub fn profiles(self) -> &'static [&'static str] {
        match self {
            Game::Bridge => &["wbf-2017", "dbv-2017", "dbf-2017"],
            Game::Doppelkopf => &["eppstein-2001", "ddv"],
        }
    }

    pub fn default_profile(self) -> &'static str {
        self.profiles()[0]
    }
}

/// Creates the tournament. Signed by the chief TD's key, which it thereby enrols as
/// `chief_td`; its event id is the log id every later event carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Genesis {
    /// Tournament name as printed on reports.
    pub name: String,
    pub game: Game,
    /// The organiser (club, federation) responsible under Law 80.
    pub organiser: String,
    /// Rule profile: `wbf-2017`, `dbv-2017`, `dbf-2017` (bridge), `eppstein-2001`, `ddv`
    /// (Doppelkopf).
    pub rule_profile: String,
    /// Name of the chief TD who signs this event.
    pub chief_td: String,
}

impl EventPayload for Genesis {
    const KIND: &'static str = "tournament.genesis";
    fn check(&self) -> Result<(), String> {
        check_text("name", &self.name, 200)?;
        check_text("organiser", &self.organiser, 200)?;
        check_text("chief_td", &self.chief_td, 200)?;
        if !self.game.profiles().contains(&self.rule_profile.as_str()) {
            return Err(format!(
                "rule profile {:?} is not one of {:?} for {:?}",
                self.rule_profile,
                self.game.profiles(),
                self.game
            ));
        }
        Ok(())
    }
}

/// The event's own settings (`config.event`): the IANA time zone it is held in, so reports
/// and screens print local times with the zone named ("14:05:00 CET"), never the reading
/// machine's zone. Signed by the chief TD or the organiser; the latest applies and every
/// report names it. Signed times stay UTC in the log and in every JSON output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventSettings {
    /// An IANA time zone name, e.g. `Europe/Berlin`, `Europe/Copenhagen`, `UTC`.
    pub time_zone: String,
}

impl EventSettings {
    /// The zone, parsed (checked at append and decode, so a stored one always parses).
    pub fn zone(&self) -> Option<chrono_tz::Tz> {
        self.time_zone.parse().ok()
    }
}

impl EventPayload for EventSettings {
    const KIND: &'static str = "config.event";
    fn check(&self) -> Result<(), String> {
        check_text("time_zone", &self.time_zone, 64)?;
        if self.zone().is_none() {
            return Err(format!(
                "time_zone {:?} is not an IANA time zone name (e.g. Europe/Berlin)",
                self.time_zone
            ));
        }
        Ok(())
    }
}

impl Game {
    /// The game an event type belongs to, or `None` for the types every log takes (keys,
    /// notes, settings, receipts, appeal steps: the workflow guards judge those). A log
    /// refuses an event of the other game (`log::store`): the bridge engine would fold a
    /// `bridge.auction` signed into a Doppelkopf log, and the Doppelkopf tables a `doko.game`
    /// in a bridge one, as if they were that tournament's.
    pub fn of_kind(kind: &str) -> Option<Game> {
        const BRIDGE: &[&str] = &["bridge.", "structure.", "result.", "ruling."];
        const BRIDGE_ONLY: &[&str] = &[
            "scoring.policy",
            "director.call",
            "director.ruling",
            "organiser.late_correction_consent",
        ];
        if kind.starts_with("doko.") {
            Some(Game::Doppelkopf)
        } else if BRIDGE.iter().any(|p| kind.starts_with(p)) || BRIDGE_ONLY.contains(&kind) {
            Some(Game::Bridge)
        } else {
            None
        }
    }

    /// The game's name in English, as the engine's messages say it.
    pub fn name(self) -> &'static str {
        match self {
            Game::Bridge => "bridge",
            Game::Doppelkopf => "Doppelkopf",
        }
    }
}
