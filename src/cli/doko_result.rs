//! `tdlog doko result | correct`: a game entered as the table's list writes it, and the
//! corrections and strikes of §8.2, signed after the rules (`tdlog::appeals::doko_append`).
use clap::Args;
use std::path::PathBuf;

use super::{load_key, open_log, CliResult, KeyOpts};
use tdlog::doko::announce::Level;
use tdlog::doko::cards::Suit;
use tdlog::doko::entry::{ListCall, ListEntry, ListGame};
use tdlog::doko::game_type::{GameKind, SoloType};
use tdlog::doko::seat::{Party, Seat};
use tdlog::doko::sonderpunkte::{Sonderpunkt, SonderpunktKind};
use tdlog::events::{CorrectionAction, DokoCorrection, DokoGameRef, DokoResult, Payload};

type Res<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// The game as the paper list writes it.
#[derive(Args, Debug, Clone, Default)]
pub struct EntryArgs {
    /// Who dealt (default: the rotation's dealer).
    #[arg(long)]
    pub dealer: Option<String>,
    /// A normal game: the two Re players, e.g. "A,C".
    #[arg(long)]
    pub re: Option<String>,
    /// A solo: SEAT:TYPE, TYPE one of trumpf, damen, buben, fleischlos, kreuz, pik, herz,
    /// karo (a Farbsolo); a Pflichtsolo unless --lust.
    #[arg(long)]
    pub solo: Option<String>,
    /// The solo is a Lustsolo (§3.3).
    #[arg(long, requires = "solo")]
    pub lust: bool,
    /// A Hochzeit: HOCHZEITER:PARTNER:KLAERUNGSSTICH, or HOCHZEITER::3 when no one joined.
    #[arg(long)]
    pub hochzeit: Option<String>,
    /// A stille Hochzeit: the soloist holding both ♣D (§3.5.5).
    #[arg(long)]
    pub stille: Option<String>,
    /// Schmeißen by this player (§3.4.3): dealt again.
    #[arg(long)]
    pub schmeissen: Option<String>,
    /// A misdeal dealt again (§2.2.8).
    #[arg(long)]
    pub redeal: bool,
    /// Eyes of the Re party (Kontra has the rest of 240).
    #[arg(long)]
    pub re_eyes: Option<u16>,
    /// Tricks of the Re party, where schwarz depends on it.
    #[arg(long)]
    pub re_tricks: Option<u8>,
    /// Announcements in order, SEAT:CALL, CALL one of re, kontra (or a), k90, k60, k30,
    /// schwarz; e.g. "A:re,B:kontra,A:k90".
    #[arg(long)]
    pub calls: Option<String>,
    /// Sonderpunkte, KIND:PARTY, KIND one of doppelkopf, fuchs, karlchen, fuchs-letzter;
    /// e.g. "doppelkopf:re,fuchs:kontra".
    #[arg(long)]
    pub sp: Option<String>,
    /// The whole entry as JSON (a `ListEntry`, see docs/events.md `doko.result`).
    #[arg(long, conflicts_with_all = ["re", "solo", "hochzeit", "stille", "schmeissen", "redeal"])]
    pub json: Option<String>,
}

fn seat(s: &str) -> Res<Seat> {
    Ok(Seat::try_from(s.trim().to_uppercase())?)
}

fn solo_type(s: &str) -> Res<SoloType> {
    Ok(match s.trim().to_lowercase().as_str() {
        "trumpf" | "trumpfsolo" => SoloType::Trumpfsolo,
        "damen" | "damensolo" => SoloType::Damensolo,
        "buben" | "bubensolo" => SoloType::Bubensolo,
        "fleischlos" | "fleischloser" => SoloType::Fleischloser,
        "kreuz" => SoloType::Farbsolo(Suit::Kreuz),
        "pik" => SoloType::Farbsolo(Suit::Pik),
        "herz" => SoloType::Farbsolo(Suit::Herz),
        "karo" => SoloType::Farbsolo(Suit::Karo),
        x => return Err(format!("§1.3.3: {x:?} is not a solo type (trumpf, damen, buben, fleischlos, kreuz, pik, herz, karo)").into()),
    })
}

fn pairs(s: &str) -> impl Iterator<Item = Res<(String, String)>> + '_ {
    s.split(',').filter(|p| !p.trim().is_empty()).map(|p| {
        p.split_once(':')
            .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
            .ok_or_else(|| format!("{p:?} is not A:B").into())
    })
}

impl EntryArgs {
    /// The entry these flags describe. `vorgefuehrt`: the player the round forces to his
    /// Pflichtsolo now (§3.2.3), so the TD need not type it.
    pub fn entry(&self, vorgefuehrt: Option<Seat>) -> Res<ListEntry> {
        if let Some(j) = &self.json {
            return Ok(
                serde_json::from_str(j).map_err(|e| format!("--json is not a list entry: {e}"))?
            );
        }
        let dealer = self.dealer.as_deref().map(seat).transpose()?;
        if let Some(s) = &self.schmeissen {
            return Ok(ListEntry::Schmeissen {
                dealer,
                schmeisser: seat(s)?,
            });
        }
        if self.redeal {
            return Ok(ListEntry::Redeal { dealer });
        }
        let mut re = vec![];
        let kind = if let Some(r) = &self.re {
            re = r.split(',').map(seat).collect::<Res<Vec<_>>>()?;
            GameKind::Normal
        } else if let Some(s) = &self.solo {
            let (who, ty) = s
                .split_once(':')
                .ok_or("--solo is SEAT:TYPE, e.g. B:damen")?;
            let soloist = seat(who)?;
            let solo = solo_type(ty)?;
            if self.lust {
                GameKind::Lustsolo { soloist, solo }
            } else {
                GameKind::Pflichtsolo {
                    soloist,
                    solo,
                    vorgefuehrt: vorgefuehrt == Some(soloist),
                }
            }
        } else if let Some(h) = &self.hochzeit {
            let parts: Vec<&str> = h.split(':').collect();
            let [hz, p, k] = parts.as_slice() else {
                return Err("--hochzeit is HOCHZEITER:PARTNER:KLAERUNGSSTICH, e.g. A:C:2".into());
            };
            GameKind::Hochzeit {
                hochzeiter: seat(hz)?,
                partner: if p.trim().is_empty() {
                    None
                } else {
                    Some(seat(p)?)
                },
                klaerungsstich: Some(
                    k.trim()
                        .parse()
                        .map_err(|_| "--hochzeit: the Klärungsstich is a trick number")?,
                ),
            }
        } else if let Some(s) = &self.stille {
            GameKind::StilleHochzeit { soloist: seat(s)? }
        } else {
            return Err("say the game: --re A,C | --solo B:damen | --hochzeit A:C:2 | --stille A | --schmeissen B | --redeal".into());
        };
        let re_eyes = self.re_eyes.ok_or("--re-eyes: the eyes of the Re party")?;
        let mut calls = vec![];
        if let Some(c) = &self.calls {
            for p in pairs(c) {
                let (s, l) = p?;
                let level = match l.to_lowercase().replace([' ', '-'], "").as_str() {
                    "re" | "kontra" | "contra" | "a" => Level::Ansage,
                    "k90" | "keine90" => Level::Keine90,
                    "k60" | "keine60" => Level::Keine60,
                    "k30" | "keine30" => Level::Keine30,
                    "schwarz" => Level::Schwarz,
                    x => {
                        return Err(format!(
                            "§5: {x:?} is not an announcement (re, kontra, k90, k60, k30, schwarz)"
                        )
                        .into())
                    }
                };
                calls.push(ListCall {
                    seat: seat(&s)?,
                    level,
                });
            }
        }
        let mut sonderpunkte = vec![];
        if let Some(c) = &self.sp {
            for p in pairs(c) {
                let (k, party) = p?;
                let kind = match k.to_lowercase().replace([' ', '_'], "-").as_str() {
                    "doppelkopf" | "dk" => SonderpunktKind::Doppelkopf,
                    "fuchs" | "fuchs-gefangen" => SonderpunktKind::FuchsGefangen,
                    "karlchen" => SonderpunktKind::KarlchenLetzterStich,
                    "fuchs-letzter" | "fuchs-letzter-stich" => SonderpunktKind::FuchsLetzterStich,
                    x => return Err(format!("§6.2.3: {x:?} is not a Sonderpunkt (doppelkopf, fuchs, karlchen, fuchs-letzter)").into()),
                };
                let party = match party.to_lowercase().as_str() {
                    "re" => Party::Re,
                    "kontra" | "contra" => Party::Kontra,
                    x => return Err(format!("§1.4: {x:?} is not a party (re, kontra)").into()),
                };
                sonderpunkte.push(Sonderpunkt {
                    kind,
                    party,
                    trick: None,
                });
            }
        }
        Ok(ListEntry::Game(ListGame {
            dealer,
            kind,
            re,
            re_eyes,
            re_tricks: self.re_tricks,
            calls,
            sonderpunkte,
        }))
    }
}

/// Signs `payloads` after the Doppelkopf rules and the workflow guards, in the language of
/// `TDLOG_LANG` for a refusal.
pub fn append(
    log: &std::path::Path,
    key: &KeyOpts,
    payloads: Vec<Payload>,
) -> Res<Vec<tdlog::log::Hash32>> {
    let k = load_key(key)?;
    let mut l = open_log(log)?;
    let now = chrono::Utc::now().timestamp_millis();
    match tdlog::appeals::doko_append::append_checked(&mut l, &k, payloads, now) {
        Ok(ids) => Ok(ids),
        Err(tdlog::appeals::doko_append::DokoAppendError::Guard(g)) => {
            Err(tdlog::appeals::refusal(super::appeals::lang_env(), &g).into())
        }
        Err(tdlog::appeals::doko_append::DokoAppendError::Rule(e)) => {
            Err(tdlog::i18n::doko_refusal(super::appeals::lang_env(), &e).into())
        }
        Err(tdlog::appeals::doko_append::DokoAppendError::Log(e)) => Err(e),
    }
}

/// The tables as the log stands (read only).
fn tables(log: &std::path::Path) -> Res<tdlog::doko::tables::DokoTables> {
    let v = super::open_log_read_only(log)?.verify(None)?;
    Ok(tdlog::appeals::fold(&v, None).doko)
}

/// `tdlog doko result`: one game, or a file of games, as the list writes them.
pub fn result(
    log: PathBuf,
    round: u32,
    table: u32,
    game: Option<u32>,
    file: Option<PathBuf>,
    args: EntryArgs,
    key: KeyOpts,
) -> CliResult {
    let t = tables(&log)?;
    if let Some(f) = file {
        // A file: a JSON array of list entries, the table's next games in order.
        let text = tdlog::io_safe::read_text_input(&f)?;
        let entries: Vec<ListEntry> = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a JSON array of list entries: {e}", f.display()))?;
        let first = t.next_game(round, table);
        let n = entries.len();
        let payloads = entries
            .into_iter()
            .enumerate()
            .map(|(i, entry)| {
                Payload::DokoResult(DokoResult {
                    at: DokoGameRef {
                        round,
                        table,
                        game: first + i as u32,
                    },
                    entry,
                })
            })
            .collect();
        append(&log, &key, payloads)?;
        println!(
            "recorded {n} games of table {table} round {round} (games {first}-{})",
            first + n as u32 - 1
        );
        return Ok(0);
    }
    let game = game.unwrap_or_else(|| t.next_game(round, table));
    let vorgefuehrt = t.list(round, table).ok().and_then(|l| {
        let cfg = tdlog::doko::round::TableConfig::new(t.table_size(round, table)).ok()?;
        match tdlog::doko::round::next_deal(&l.replay.state, cfg, &l.replay.records, None) {
            tdlog::doko::round::NextDeal::Deal { vorgefuehrt, .. } => vorgefuehrt,
            _ => None,
        }
    });
    let entry = args.entry(vorgefuehrt)?;
    let at = DokoGameRef { round, table, game };
    let ids = append(
        &log,
        &key,
        vec![Payload::DokoResult(DokoResult { at, entry })],
    )?;
    let l = tables(&log)?.list(round, table)?;
    let row = l.replay.list.rows.iter().rev().find(|r| {
        r.game_no.is_some() || matches!(r.kind, tdlog::doko::list::RowKind::Redeal { .. })
    });
    println!(
        "recorded game {game} of table {table} round {round} (event {})",
        ids[0].short()
    );
    if let Some(r) = row {
        let d: Vec<String> = r.delta.iter().map(|(s, p)| format!("{s} {p:+}")).collect();
        println!("value {}  {}", r.value, d.join("  "));
    }
    Ok(0)
}

/// `tdlog doko correct`: strike or correct a game of the list (§8.2).
#[allow(clippy::too_many_arguments)]
pub fn correct(
    log: PathBuf,
    round: u32,
    table: u32,
    game: u32,
    strike: bool,
    reason: String,
    args: EntryArgs,
    key: KeyOpts,
) -> CliResult {
    let t = tables(&log)?;
    let closed = t.closed(round, table);
    let rule = if closed { "8.2.2" } else { "8.2.1" };
    let correction = if strike {
        CorrectionAction::Strike {
            replacement: (!closed).then(|| t.next_game(round, table)),
        }
    } else {
        CorrectionAction::Correct {
            entry: args.entry(None)?,
        }
    };
    let at = DokoGameRef { round, table, game };
    let ids = append(
        &log,
        &key,
        vec![Payload::DokoCorrection(Box::new(DokoCorrection {
            at,
            rule: rule.into(),
            correction,
            reason,
        }))],
    )?;
    let what = if strike { "struck" } else { "corrected" };
    println!(
        "{what} game {game} of table {table} round {round} under §{rule} (event {})",
        ids[0].short()
    );
    Ok(0)
}

/// `tdlog doko close`: the Schiedsrichter closes a table's round (§8.2.2).
pub fn close(log: PathBuf, round: u32, table: u32, key: KeyOpts) -> CliResult {
    let ids = append(
        &log,
        &key,
        vec![Payload::DokoRoundClosed(tdlog::events::DokoRoundClosed {
            round,
            table,
        })],
    )?;
    println!(
        "closed round {round} of table {table} (§8.2.2; event {})",
        ids[0].short()
    );
    Ok(0)
}
