//! What a new Doppelkopf step must meet before it is signed (`appeals::doko_append`): a result is
//! the table's next game and valid in its round (§6.3.5, §8.2), a correction suits the
//! round's state and the signer's role (§8.2.1, §8.2.2), the seat draw is committed once and
//! revealed once with the committed seed (§2.1), a deduction stays within §8.7.2(b), a
//! round is closed once, with no game in progress, and takes no game after (§8.2.2).
use super::{DokoTables, GameEvent};
use crate::doko::error::DokoError;
use crate::doko::game::{Game, GameSetup};
use crate::doko::refusal::ListRefusal;
use crate::doko::round::{fold, next_deal, NextDeal, TableConfig};
use crate::events::{CorrectionAction, DokoGameRef, Payload};
use crate::keys::{KeyInfo, Role};
use crate::log::Hash32;

impl DokoTables {
    /// The rules a new Doppelkopf event must meet before it is signed: a result is the
    /// table's next game and valid in its round; a correction names the rule of the round's
    /// state and a signer that rule allows (§8.2.1 the scorer during the round, §8.2.2 a TD
    /// after it); a deduction stays within §8.7.2(b). Events of other types pass.
    pub fn check_append(&self, p: &Payload, signer: &KeyInfo) -> Result<(), DokoError> {
        match p {
            Payload::DokoResult(x) => {
                let at = x.at;
                self.still_open(at.round, at.table)?;
                let next = self.next_game(at.round, at.table);
                if at.game < next {
                    return Err(ListRefusal::AlreadyOnList {
                        game: at.game,
                        table: at.table,
                        round: at.round,
                    }
                    .into());
                }
                if at.game > next {
                    return Err(ListRefusal::NotNext {
                        table: at.table,
                        round: at.round,
                        next,
                        game: at.game,
                    }
                    .into());
                }
                let mut t = self.clone();
                t.absorb(p, signer, Hash32::default());
                let l = t.list(at.round, at.table)?;
                match l.refused.iter().find(|r| r.game == at.game) {
                    Some(r) => Err(DokoError::Round(format!("game {}: {}", at.game, r.reason))),
                    None => Ok(()),
                }
            }
            Payload::DokoDrawCommit(_) => {
                if self.draw.seed_hash.is_some() {
                    return Err(DokoError::Round(
                        "2.1: the seat draw is committed once; nobody redraws".into(),
                    ));
                }
                Ok(())
            }
            Payload::DokoDrawReveal(x) => {
                if self.commit_pending {
                    return Err(DokoError::Round(
                        "2.1: the seed is revealed in a later event than its commit".into(),
                    ));
                }
                match self.draw_reveal_error(&x.seed) {
                    Some(e) => Err(e),
                    None => Ok(()),
                }
            }
            Payload::DokoPresence(x) => {
                let known = self.draw.players.contains(&x.presence.player)
                    || self
                        .draw
                        .presence
                        .iter()
                        .any(|p| p.player == x.presence.player);
                if !x.presence.present && !known {
                    return Err(ListRefusal::NotInField {
                        player: x.presence.player.clone(),
                    }
                    .into());
                }
                Ok(())
            }
            Payload::DokoCorrection(x) => {
                let at = x.at;
                let l = self.list(at.round, at.table)?;
                let listed = self.numbers(at.round, at.table);
                if !listed.contains(&at) {
                    return Err(ListRefusal::NotOnList {
                        game: at.game,
                        table: at.table,
                        round: at.round,
                    }
                    .into());
                }
                let director = matches!(signer.role, Role::Td | Role::ChiefTd);
                match (l.closed, x.rule.as_str()) {
                    (true, "8.2.1") => return Err(ListRefusal::ClosedNot821.into()),
                    (true, _) if !director => return Err(ListRefusal::ClosedOnlyTd.into()),
                    (false, "8.2.2") => return Err(ListRefusal::OpenNot822.into()),
                    _ => {}
                }
                if let CorrectionAction::Strike {
                    replacement: Some(r),
                } = x.correction
                {
                    // After any game in progress (§8.2.1): the next number on the list.
                    let want = self.next_game(at.round, at.table);
                    if r != want {
                        return Err(ListRefusal::ReplacementNotNext { want, got: r }.into());
                    }
                }
                if let CorrectionAction::Strike { replacement: None } = x.correction {
                    if !l.closed {
                        return Err(ListRefusal::StrikeNeedsReplacement.into());
                    }
                }
                if let CorrectionAction::Correct { .. } = x.correction {
                    let mut t = self.clone();
                    t.absorb(p, signer, Hash32::default());
                    let after = t.list(at.round, at.table)?;
                    if let Some(r) = after.refused.iter().find(|r| r.game == at.game) {
                        return Err(DokoError::Round(format!("game {}: {}", at.game, r.reason)));
                    }
                }
                Ok(())
            }
            Payload::DokoSchiedsgericht(x) => {
                if let GameEvent::SanctionImposed { seat, sanction } = &x.event {
                    crate::doko::penalty::sanction_delta(*seat, *sanction, &self.profile()?)?;
                    return Ok(());
                }
                self.not_an_entry(x.at)
            }
            Payload::DokoRoundClosed(x) => {
                self.still_open(x.round, x.table)?;
                if !self.tables().contains(&(x.round, x.table)) {
                    return Err(ListRefusal::CloseNoList {
                        table: x.table,
                        round: x.round,
                    }
                    .into());
                }
                let l = self.list(x.round, x.table)?;
                if let Some(g) = l.in_progress {
                    return Err(ListRefusal::CloseDuringGame {
                        game: g,
                        table: x.table,
                        round: x.round,
                    }
                    .into());
                }
                Ok(())
            }
            Payload::DokoEvent(x) => self.not_an_entry(x.at),
            Payload::DokoRuling(x) => self.not_an_entry(x.at),
            Payload::DokoGame(x) => {
                self.still_open(x.at.round, x.at.table)?;
                self.not_an_entry(x.at)
            }
            _ => Ok(()),
        }
    }

    /// The setup of a table's next game as the round deals it (§2.2.1, §3.2.3, §7.5.1): its
    /// dealer, the Pflichtsoli still owed and the player vorgeführt now; a game struck
    /// during the round is replaced by one dealt by the same dealer (§8.2.1).
    pub fn next_setup(&self, round: u32, table: u32) -> Result<GameSetup, DokoError> {
        let size = self.table_size(round, table);
        let config = TableConfig::new(size)?;
        let next = self.next_game(round, table);
        let (state, records, pending) = match self.list(round, table) {
            Ok(l) => {
                let pending = l
                    .corrections
                    .iter()
                    .filter(|c| c.refused.is_none())
                    .find_map(|c| match c.correction {
                        CorrectionAction::Strike {
                            replacement: Some(r),
                        } if r == next => Some(c.game as usize - 1),
                        _ => None,
                    });
                (l.replay.state, l.replay.records, pending)
            }
            Err(_) => (fold(&[], config, &self.profile()?, None), vec![], None),
        };
        let (dealer, vorgefuehrt) = match next_deal(&state, config, &records, pending) {
            NextDeal::Deal {
                dealer,
                vorgefuehrt,
                ..
            } => (dealer, vorgefuehrt),
            NextDeal::Replacement { dealer, .. } => (dealer, None),
            NextDeal::RoundOver => {
                return Err(ListRefusal::RoundOver {
                    table,
                    game: next - 1,
                }
                .into())
            }
        };
        Ok(GameSetup {
            dealer,
            table_size: size,
            owes_pflichtsolo: state.owes_pflichtsolo,
            vorgefuehrt,
        })
    }

    /// Checks the steps of one game played card by card (`doko.game`, `doko.event`) before
    /// any is signed: each meets [`Self::check_append`] after the ones before it, and the
    /// game takes every new one as the list folds it (a card not in the hand, a card out of
    /// turn, an announcement after its deadline is refused with its §). The first refusal
    /// refuses them all, so a typed trick is signed whole or not at all.
    pub fn check_game_steps(
        &self,
        at: DokoGameRef,
        steps: &[crate::events::Payload],
        signer: &KeyInfo,
    ) -> Result<(), DokoError> {
        let mut t = self.clone();
        for p in steps {
            t.check_append(p, signer)?;
            t.take_pending(p, signer);
        }
        // The game as the list will fold it: its logged setup and events, then the batch's.
        let logged = self.games.get(&at);
        let mut setup = logged.and_then(|g| g.setup.clone());
        let mut events: Vec<GameEvent> = logged.map(|g| g.events.clone()).unwrap_or_default();
        let before = events.len();
        for p in steps {
            match p {
                Payload::DokoGame(x) if x.at == at => {
                    setup.get_or_insert_with(|| x.setup.clone());
                }
                Payload::DokoEvent(x) if x.at == at => events.push(x.event.clone()),
                Payload::DokoRuling(x) if x.at == at => events.push(x.event.clone()),
                Payload::DokoSchiedsgericht(x) if x.at == at => events.push(x.event.clone()),
                _ => {}
            }
        }
        let Some(setup) = setup else {
            return if events.len() > before {
                Err(DokoError::Round(format!(
                    "6.3: game {} has no doko.game setup; it begins with the deal",
                    at.game
                )))
            } else {
                Ok(())
            };
        };
        let mut game = Game::new(setup, t.profile()?);
        for (i, e) in events.iter().enumerate() {
            match game.apply(e) {
                Err(err) if i >= before => return Err(err),
                _ => {}
            }
        }
        Ok(())
    }

    /// A round the Schiedsrichter closed takes no further game and is not closed again
    /// (§8.2.2).
    fn still_open(&self, round: u32, table: u32) -> Result<(), DokoError> {
        if self.closed_rounds.contains(&(round, table)) {
            return Err(ListRefusal::Closed { round, table }.into());
        }
        Ok(())
    }

    fn not_an_entry(&self, at: DokoGameRef) -> Result<(), DokoError> {
        if self.entries.contains_key(&at) {
            return Err(DokoError::Round(format!(
                "6.3: game {} was entered as a result; it has no cards to record (correct it under 8.2)",
                at.game
            )));
        }
        Ok(())
    }
}
