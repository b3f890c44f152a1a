//! The Doppelkopf club evening in the app (issue 16): the evening's dashboard, a table's list,
//! the standings, and every signed step a club's TD takes at the evening, as `tdlog doko
//! result | correct | draw | plan | presence` and `doko record` take them. The view models
//! are `tdlog::views::doko`'s; each step is built here from the form's fields, checked
//! against the tables' rules in the UI's language (so a refusal names its § in German,
//! English or Danish), and signed through the live state (`AppState::append_live`, which
//! checks the same rules again before it signs).

use crate::commands::{blocking, AppState};
use crate::device;
use crate::error::AppError;
use crate::session::{self, Opened, Progress, Summary};
use serde::Serialize;
use std::path::PathBuf;
use tauri::ipc::Channel;
use tauri::State;
use tdlog::doko::draw::{LaterRounds, Presence};
use tdlog::doko::entry::ListEntry;
use tdlog::doko::game::GameEvent;
use tdlog::doko::game_type::GameKind;
use tdlog::doko::penalty::{Classification, Sanction};
use tdlog::doko::seat::Seat;
use tdlog::doko::standings::TieRule;
use tdlog::doko::tables::DokoTables;
use tdlog::doko::DokoError;
use tdlog::events::{
    CorrectionAction, DokoCorrection, DokoDrawCommit, DokoDrawReveal, DokoGameRef, DokoPresence,
    DokoResult, DokoSeating, DokoStandingsRule, Payload,
};
use tdlog::i18n::Lang;
use tdlog::keys::{DeviceKey, KeyInfo, Role};
use tdlog::log::Hash32;
use tdlog::views::doko as views;

pub(crate) fn lang(l: &str) -> Lang {
    l.parse().unwrap_or_default()
}

/// A refusal of the Doppelkopf rules: the UI's sentence is `reason`, the engine's sentence
/// in `lang` naming the §; the English one is the detail.
pub fn refusal(e: &DokoError, lang: Lang) -> AppError {
    AppError::new("doko_rule", e.to_string())
        .with("reason", tdlog::i18n::doko_refusal(lang, e))
        .with("rule", e.rule())
}

/// The signer as the log knows it (an unenrolled key counts as a scorer, as the engine's
/// appends take it).
pub(crate) fn signer(o: &Opened, key: &DeviceKey) -> KeyInfo {
    let me = key.public();
    o.replayed.log.keys.get(&me).cloned().unwrap_or(KeyInfo {
        key: me,
        role: Role::Scorer,
        holder: me.short(),
        enrolled_by: Hash32::default(),
        revoked: None,
    })
}

/// Builds the steps from the tables as they stand (`build`), checks each against the rules
/// in the UI's language, and signs them one by one through the live state.
pub(crate) async fn sign(
    state: &AppState,
    lang: Lang,
    passphrase: Option<String>,
    build: impl FnOnce(&DokoTables) -> Result<Vec<Payload>, AppError>,
) -> Result<Summary, AppError> {
    let key_file = state.signing_path()?;
    let key = blocking(move || device::load_at(&key_file, passphrase.as_deref())).await?;
    let payloads = build(&state.current()?.doko)?;
    // No handle on the open log is held across an append (it waits until it is the only one).
    let mut last = None;
    for p in payloads {
        drop(last.take());
        {
            let o = state.current()?;
            o.doko
                .check_append(&p, &signer(&o, &key))
                .map_err(|e| refusal(&e, lang))?;
        }
        last = Some(state.append_live(&key, p)?);
    }
    let o = match last {
        Some(o) => o,
        None => state.current()?,
    };
    Ok(session::summary(&o, state.device_public().as_deref()))
}

/// The evening at a glance: tables × rounds, the Schiedsrichter's rulings with their
/// objections, and the signing key's role.
#[derive(Serialize)]
pub struct EveningView {
    pub dashboard: views::Dashboard,
    pub rulings: Vec<views::RulingView>,
    pub role: Option<Role>,
    /// The rounds with a signed seating, and the next round to plan.
    pub next_round: u32,
}

#[tauri::command]
pub fn doko_evening(state: State<'_, AppState>, lang: String) -> Result<EveningView, AppError> {
    let o = state.current()?;
    Ok(evening(&o, state.role(&o), self::lang(&lang)))
}

pub fn evening(o: &Opened, role: Option<Role>, lang: Lang) -> EveningView {
    let open = views::open_objections(&o.workflow);
    let next_round = o.doko.seatings.keys().map(|(r, _)| *r).max().unwrap_or(0) + 1;
    EveningView {
        dashboard: views::dashboard(&o.doko, &open, lang),
        rulings: views::rulings(&o.workflow, &o.doko),
        role,
        next_round,
    }
}

#[tauri::command]
pub fn doko_list(
    state: State<'_, AppState>,
    round: u32,
    table: u32,
    lang: String,
) -> Result<views::TableListView, AppError> {
    let l = self::lang(&lang);
    views::table_list(&state.current()?.doko, round, table, l)
        .map_err(|e| AppError::new("doko_list", e.clone()).with("reason", e))
}

#[tauri::command]
pub fn doko_standings(
    state: State<'_, AppState>,
    lang: String,
) -> Result<views::StandingsView, AppError> {
    views::standings(&state.current()?.doko, self::lang(&lang))
        .map_err(|e| AppError::new("doko_list", e.clone()).with("reason", e))
}

#[tauri::command]
pub fn doko_plan(
    state: State<'_, AppState>,
    round: u32,
    lang: String,
) -> Result<views::PlanView, AppError> {
    Ok(views::plan(
        &state.current()?.doko,
        round,
        self::lang(&lang),
    ))
}

/// Declares a command that signs Doppelkopf steps, in the one shape they all share: the
/// webview's arguments, then `lang`, `passphrase` and the progress channel. The body sees
/// the app state and the reader's language by the names given first; it may refuse with `?`
/// before the key is loaded, and ends in the closure that builds the payloads from the
/// tables as they are when signing (see [`sign`]). A new command is its line here, its
/// line in `generate_handler!` and its permission.
macro_rules! signing_command {
    ($(#[$doc:meta])* $name:ident($state:ident, $l:ident $(, $arg:ident: $ty:ty)* $(,)?) $body:block) => {
        $(#[$doc])*
        #[tauri::command]
        #[allow(clippy::too_many_arguments)]
        pub async fn $name(
            $state: State<'_, AppState>,
            $($arg: $ty,)*
            lang: String,
            passphrase: Option<String>,
            progress: Channel<Progress>,
        ) -> Result<Summary, AppError> {
            let _ = progress;
            let $l = self::lang(&lang);
            #[allow(clippy::redundant_closure_call)]
            let build = $body;
            sign(&$state, $l, passphrase, build).await
        }
    };
}

/// The entry as the round takes it: a Pflichtsolo by the player the round forces to play
/// now is vorgeführt (§3.2.3), so the TD need not say so.
pub fn result_payload(
    t: &DokoTables,
    round: u32,
    table: u32,
    mut entry: ListEntry,
) -> Result<Payload, AppError> {
    if let ListEntry::Game(g) = &mut entry {
        if let GameKind::Pflichtsolo {
            soloist,
            vorgefuehrt,
            ..
        } = &mut g.kind
        {
            let forced = t.list(round, table).ok().and_then(|l| {
                let cfg = tdlog::doko::round::TableConfig::new(t.table_size(round, table)).ok()?;
                match tdlog::doko::round::next_deal(&l.replay.state, cfg, &l.replay.records, None) {
                    tdlog::doko::round::NextDeal::Deal { vorgefuehrt, .. } => vorgefuehrt,
                    _ => None,
                }
            });
            *vorgefuehrt = forced == Some(*soloist);
        }
    }
    Ok(Payload::DokoResult(DokoResult {
        at: DokoGameRef {
            round,
            table,
            game: t.next_game(round, table),
        },
        entry,
    }))
}

signing_command! {
    /// A game as the table's list writes it (§6.3), as the table's next game.
    doko_result(state, l, round: u32, table: u32, entry: ListEntry) {
        move |t: &DokoTables| Ok(vec![result_payload(t, round, table, entry)?])
    }
}

/// A correction or strike of a game (§8.2): during the round by the table (§8.2.1, a struck
/// game is replaced by the next), after it is closed by the Schiedsrichter (§8.2.2).
pub fn correction_payload(
    t: &DokoTables,
    at: DokoGameRef,
    strike: bool,
    entry: Option<ListEntry>,
    reason: &str,
) -> Result<Payload, AppError> {
    if reason.trim().is_empty() {
        return Err(AppError::new(
            "doko_reason",
            "§8.2: a correction or strike gives its reason",
        ));
    }
    let closed = t.closed(at.round, at.table);
    let correction = if strike {
        CorrectionAction::Strike {
            replacement: (!closed).then(|| t.next_game(at.round, at.table)),
        }
    } else {
        CorrectionAction::Correct {
            entry: entry.ok_or_else(|| {
                AppError::new("doko_entry", "a correction gives the entry as it should be")
            })?,
        }
    };
    Ok(Payload::DokoCorrection(Box::new(DokoCorrection {
        at,
        rule: if closed { "8.2.2" } else { "8.2.1" }.into(),
        correction,
        reason: reason.trim().to_owned(),
    })))
}

signing_command! {
    /// A correction or strike of a game (§8.2).
    doko_correct(state, l, round: u32, table: u32, game: u32, strike: bool, entry: Option<ListEntry>, reason: String) {
        let at = DokoGameRef { round, table, game };
        move |t: &DokoTables| Ok(vec![correction_payload(t, at, strike, entry, &reason)?])
    }
}

pub(crate) fn seat(s: &str) -> Result<Seat, AppError> {
    Seat::try_from(s.trim().to_uppercase())
        .map_err(|e| AppError::new("doko_seat", e.to_string()).with("seat", s.trim().to_owned()))
}

/// The Schiedsgericht's sanction for unsportsmanlike conduct (§8.7.2): a warning (no
/// `points`) or a deduction of at most the profile's maximum (§8.7.2(b)).
pub fn sanction_payload(
    at: DokoGameRef,
    seat: &str,
    points: Option<u8>,
) -> Result<Payload, AppError> {
    let sanction = match points {
        None | Some(0) => Sanction::Verwarnung,
        Some(points) => Sanction::Punktabzug { points },
    };
    Ok(at.payload(GameEvent::SanctionImposed {
        seat: self::seat(seat)?,
        sanction,
    }))
}

signing_command! {
    /// The Schiedsgericht's sanction (§8.7.2).
    doko_sanction(state, l, round: u32, table: u32, game: u32, seat: String, points: Option<u8>) {
        let p = sanction_payload(DokoGameRef { round, table, game }, &seat, points)?;
        move |_: &DokoTables| Ok(vec![p])
    }
}

signing_command! {
    /// The objection to a Schiedsrichter's ruling, at once (§8.8.7): it files the appeal.
    doko_objection(state, l, round: u32, table: u32, game: u32, violation: usize) {
        let p = DokoGameRef { round, table, game }.payload(GameEvent::Appealed { violation });
        move |_: &DokoTables| Ok(vec![p])
    }
}

/// The Schiedsgericht's final decision on an objection (§8.8.7): the ruling objected to,
/// with the classification (and offender) the Schiedsgericht finds.
pub fn decision_payload(
    o: &Opened,
    at: DokoGameRef,
    violation: usize,
    classification: Classification,
    offender: Option<&str>,
) -> Result<Payload, AppError> {
    let rec = o.workflow.doko.rulings.get(&(at, violation)).ok_or_else(|| {
        AppError::new(
            "doko_undecidable",
            format!(
                "§8.8.7: there is no Schiedsrichter ruling on violation {violation} of round {} table {} game {}",
                at.round, at.table, at.game
            ),
        )
    })?;
    let mut ruling = rec.ruling.clone();
    ruling.classification = classification;
    if let Some(s) = offender.filter(|s| !s.trim().is_empty()) {
        ruling.offender = seat(s)?;
    }
    Ok(at.payload(GameEvent::TribunalDecided { violation, ruling }))
}

signing_command! {
    /// The Schiedsgericht's final decision on an objection (§8.8.7).
    doko_decide(state, l, round: u32, table: u32, game: u32, violation: usize, classification: Classification, offender: Option<String>) {
        let at = DokoGameRef { round, table, game };
        let p = decision_payload(&*state.current()?, at, violation, classification, offender.as_deref())?;
        move |_: &DokoTables| Ok(vec![p])
    }
}

/// Where this device keeps the secret seed of a log's seat draw until it is revealed.
pub fn seed_path(data_dir: &std::path::Path, log_id: &Hash32) -> PathBuf {
    data_dir
        .join("doko-seeds")
        .join(format!("{}.seed", log_id.to_hex()))
}

fn later(s: &str) -> Result<LaterRounds, AppError> {
    match s {
        "random" => Ok(LaterRounds::Random),
        "by_standings" => Ok(LaterRounds::ByStandings),
        x => Err(AppError::new(
            "doko_later",
            format!("{x:?} is random or by_standings"),
        )),
    }
}

/// Commits the seat draw (§7.3.1): a fresh random seed is kept in this device's data dir
/// (never in the log, never sent to the webview) and only its SHA-256 is signed, with the
/// field. Nobody can redraw: the reveal must match.
#[tauri::command]
pub async fn doko_draw_commit(
    state: State<'_, AppState>,
    players: Vec<String>,
    later_rounds: String,
    lang: String,
    passphrase: Option<String>,
    progress: Channel<Progress>,
) -> Result<Summary, AppError> {
    let _ = progress;
    let l = self::lang(&lang);
    let o = state.current()?;
    let players: Vec<String> = players
        .iter()
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect();
    let mut bytes = [0u8; 32];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut bytes);
    let seed = hex::encode(bytes);
    let p = Payload::DokoDrawCommit(DokoDrawCommit {
        seed_hash: tdlog::doko::draw::seed_hash(&seed),
        players,
        later_rounds: later(&later_rounds)?,
    });
    p.encode()
        .map_err(|e| AppError::new("invalid", e.to_string()))?;
    // Refused before the seed is kept: a second commit never replaces the first's seed.
    let key_file = state.signing_path()?;
    let pass = passphrase.clone();
    let key = blocking(move || device::load_at(&key_file, pass.as_deref())).await?;
    o.doko
        .check_append(&p, &signer(&o, &key))
        .map_err(|e| refusal(&e, l))?;
    // The seed is kept before the commit is signed, so a signed commit never lacks it.
    let path = seed_path(&state.data_dir, &o.replayed.log.log_id);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // This device's own data, a secret until the reveal: 0600, like a key.
    tdlog::io_safe::write_device_private(&path, seed.as_bytes())?;
    drop(o);
    sign(&state, l, passphrase, |_| Ok(vec![p])).await
}

signing_command! {
    /// Reveals the seed this device committed (a later event than the commit).
    doko_draw_reveal(state, l) {
        let path = seed_path(&state.data_dir, &state.current()?.replayed.log.log_id);
        let seed = std::fs::read_to_string(&path).map_err(|e| {
            AppError::new(
                "doko_no_seed",
                format!(
                    "§7.3.1: this device holds no seed for this log's draw ({}: {e}); reveal it on the device that committed it",
                    path.display()
                ),
            )
        })?;
        let p = Payload::DokoDrawReveal(DokoDrawReveal { seed: seed.trim().to_owned() });
        move |_: &DokoTables| Ok(vec![p])
    }
}

signing_command! {
    /// Signs the round's plan from the draw as the round's seatings (`doko.seating`).
    doko_plan_sign(state, l, round: u32) {
        move |t: &DokoTables| {
            let plan = t.plan(round).map_err(|e| refusal(&e, l))?;
            Ok(plan
                .into_iter()
                .enumerate()
                .map(|(i, seating)| {
                    Payload::DokoSeating(DokoSeating { round, table: i as u32 + 1, seating })
                })
                .collect())
        }
    }
}

signing_command! {
    /// A late arrival (plays from `from_round`) or a departure (`present: false`).
    doko_presence(state, l, player: String, from_round: u32, present: bool) {
        let p = Payload::DokoPresence(DokoPresence {
            presence: Presence { player: player.trim().to_owned(), from_round, present },
        });
        p.encode().map_err(|e| AppError::new("invalid", e.to_string()))?;
        move |_: &DokoTables| Ok(vec![p])
    }
}

signing_command! {
    /// The standings' tie rule (a club's choice, A30): signed by the chief TD or the organiser.
    doko_standings_rule(state, l, tie: TieRule) {
        let p = Payload::DokoStandingsRule(DokoStandingsRule { tie });
        move |_: &DokoTables| Ok(vec![p])
    }
}

signing_command! {
    /// The Schiedsrichter closes a table's round (§8.2.2): after it only a TD corrects or
    /// strikes its games (without replacement), and no game is entered there.
    doko_round_close(state, l, round: u32, table: u32) {
        let p = Payload::DokoRoundClosed(tdlog::events::DokoRoundClosed { round, table });
        move |_: &DokoTables| Ok(vec![p])
    }
}

#[cfg(test)]
#[path = "doko_tests.rs"]
mod tests;
