//! The Log & keys screen's list of events: each event's type by its name and one line
//! saying what it records, in the user's language ("Call 1♦ by N, round 1, table 4, board
//! 9"; "Ruling: Runde 1, Tisch 3, Board 13, § 16 B 1"). Cards and calls with suit symbols
//! and the language's honours, laws as the edition cites them, appeals named by appellant
//! and board (never by an event id): the id and the payload stay behind the row's details.
//! One arm per payload type, so a new event type does not compile until it has its line.

use crate::appeals::Workflow;
use crate::bridge::events::{AuctionEvent, PlayEvent};
use crate::bridge::play::ClaimStatus;
use crate::events::{BoardRuling, Form, Payload, Presence, Slot};
use crate::i18n::cards::{call_text, card_text, cards_text};
use crate::i18n::{cite, t, Lang, Msg};
use crate::log::Hash32;
use serde::Serialize;

/// What the Log & keys screen shows of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventLine {
    /// The event type's name in the language (`bridge.auction` is "Ansage").
    pub kind_name: String,
    /// One line saying what the event records.
    pub text: String,
}

/// A free text cut to a line's length (a note or a reason may run to pages).
fn short(s: &str) -> String {
    const MAX: usize = 120;
    let s = s.trim();
    if s.chars().count() <= MAX {
        return s.to_string();
    }
    s.chars().take(MAX - 1).collect::<String>() + "…"
}

fn seat(lang: Lang, s: crate::bridge::seat::Seat) -> String {
    t(lang, &format!("seat.{}", s.letter())).to_string()
}

fn at(lang: Lang, s: &Slot) -> String {
    Msg::text(
        lang,
        "event.sum.at",
        &[
            ("round", s.round.to_string()),
            ("table", s.table.to_string()),
            ("board", s.board.to_string()),
        ],
    )
}

fn laws(lang: Lang, laws: &[String]) -> String {
    laws.iter()
        .map(|l| cite(lang, l))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The line for one event. `wf` names the appeals and rulings an appeal step refers to, and
/// the holders of keys.
pub fn event_line(lang: Lang, payload: &Payload, wf: &Workflow) -> EventLine {
    EventLine {
        kind_name: crate::i18n::lookup(lang, &format!("event.{}", payload.kind()))
            .unwrap_or(payload.kind())
            .to_string(),
        text: summary(lang, payload, wf),
    }
}

fn summary(lang: Lang, payload: &Payload, wf: &Workflow) -> String {
    let m = |key: &str, params: &[(&str, String)]| Msg::text(lang, key, params);
    let holder = |k: &Hash32| {
        wf.keys
            .get(k)
            .map(|(_, h)| h.clone())
            .unwrap_or_else(|| k.short())
    };
    // An appeal named by its appellant and the board of the ruling appealed.
    let appeal = |id: &Hash32| -> (String, String) {
        match wf.appeals.get(id) {
            Some(a) => (a.appellant.clone(), at(lang, &a.slot)),
            None => (
                String::new(),
                t(lang, "event.sum.unknown_appeal").to_string(),
            ),
        }
    };
    let appeal_line = |id: &Hash32| {
        let (appellant, where_) = appeal(id);
        m(
            "event.sum.appeal",
            &[("appellant", appellant), ("at", where_)],
        )
    };
    use Payload::*;
    match payload {
        Genesis(g) => m(
            "event.sum.genesis",
            &[("name", g.name.clone()), ("chief", g.chief_td.clone())],
        ),
        KeyEnrolled(k) => m(
            "event.sum.key_enrolled",
            &[
                ("holder", k.holder.clone()),
                (
                    "role",
                    t(lang, &format!("role.{}", k.role.as_str())).to_string(),
                ),
            ],
        ),
        KeyRevoked(k) => m(
            "event.sum.key_revoked",
            &[
                ("holder", holder(&k.key)),
                ("seq", k.last_valid_seq.to_string()),
                ("reason", short(&k.reason)),
            ],
        ),
        ForkResolved(f) => m(
            "event.sum.fork_resolved",
            &[
                ("holder", holder(&f.key)),
                ("seq", f.seq.to_string()),
                ("reason", short(&f.reason)),
            ],
        ),
        DirectorNote(n) => match (n.round, n.table, n.board) {
            (Some(round), Some(table), Some(board)) => m(
                "event.sum.note_at",
                &[
                    (
                        "at",
                        at(
                            lang,
                            &Slot {
                                section: String::new(),
                                round,
                                table,
                                board,
                            },
                        ),
                    ),
                    ("text", short(&n.text)),
                ],
            ),
            _ => short(&n.text),
        },
        Section(s) => {
            let form = match s.form {
                Form::Pairs => "event.sum.form.pairs",
                Form::Teams => "event.sum.form.teams",
                Form::Individual => "event.sum.form.individual",
            };
            m(
                "event.sum.section",
                &[
                    ("section", s.section.clone()),
                    ("title", s.title.clone()),
                    ("form", t(lang, form).to_string()),
                ],
            )
        }
        Contestant(c) => m(
            "event.sum.contestant",
            &[
                ("id", c.id.clone()),
                ("name", c.name.clone()),
                ("section", c.section.clone()),
            ],
        ),
        Attendance(a) => {
            let who = [
                ("contestant", a.contestant.clone()),
                ("section", a.section.clone()),
            ];
            match a.presence {
                Presence::Present => m("event.sum.attendance.present", &who),
                Presence::Absent => m("event.sum.attendance.absent", &who),
                Presence::Late { from_round } => {
                    let mut p = who.to_vec();
                    p.push(("round", from_round.to_string()));
                    m("event.sum.attendance.late", &p)
                }
            }
        }
        TableAssignment(ta) => m(
            "event.sum.table",
            &[
                ("round", ta.round.to_string()),
                ("table", ta.table.to_string()),
                ("ns", ta.ns.clone()),
                ("ew", ta.ew.clone()),
                (
                    "boards",
                    ta.boards
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ],
        ),
        BoardFacts(b) => m(
            "event.sum.board",
            &[
                ("board", b.board.to_string()),
                ("section", b.section.clone()),
            ],
        ),
        ResultRecorded(r) => m(
            "event.sum.result",
            &[
                (
                    "result",
                    crate::results::describe::result_in(lang, &r.result),
                ),
                ("at", at(lang, &r.slot)),
            ],
        ),
        ResultNotPlayed(r) => m(
            "event.sum.not_played",
            &[("at", at(lang, &r.slot)), ("reason", short(&r.reason))],
        ),
        ScoreAdjusted(a) => m(
            "event.sum.adjusted",
            &[
                ("at", at(lang, &a.slot)),
                (
                    "adjustment",
                    crate::results::describe::adjustment(lang, &a.adjustment),
                ),
                ("law", cite(lang, &a.law)),
            ],
        ),
        PolicySet(p) => {
            let method = t(lang, &format!("event.sum.method.{:?}", p.method)).to_string();
            match &p.section {
                Some(s) => m(
                    "event.sum.policy.section",
                    &[("section", s.clone()), ("method", method)],
                ),
                None => m("event.sum.policy.event", &[("method", method)]),
            }
        }
        EventSettings(e) => m("event.sum.time_zone", &[("zone", e.time_zone.clone())]),
        BoardFouled(f) => m(
            "event.sum.fouled",
            &[
                ("board", f.board.to_string()),
                ("section", f.section.clone()),
                ("reason", short(&f.reason)),
            ],
        ),
        BridgeAuction(a) => auction_line(lang, &a.event, &a.slot),
        BridgePlay(p) => play_line(lang, &p.event, &p.slot),
        BridgeRuling(r) => match &r.ruling {
            BoardRuling::Auction(e) => auction_line(lang, e, &r.slot),
            BoardRuling::Play(e) => play_line(lang, e, &r.slot),
        },
        DokoSeating(s) => m(
            "event.sum.doko_table",
            &[
                ("round", s.round.to_string()),
                ("table", s.table.to_string()),
            ],
        ),
        DokoGame(g) => doko_game(lang, &g.at),
        DokoEvent(e) => doko_game(lang, &e.at),
        DokoRuling(r) => doko_game(lang, &r.at),
        DokoSchiedsgericht(s) => doko_game(lang, &s.at),
        DokoResult(r) => doko_game(lang, &r.at),
        DokoCorrection(c) => doko_game(lang, &c.at),
        DokoDrawCommit(d) => m("event.sum.doko_draw", &[("n", d.players.len().to_string())]),
        DokoDrawReveal(_) => t(lang, "event.sum.doko_reveal").to_string(),
        DokoPresence(p) => m(
            if p.presence.present {
                "event.sum.doko_arrives"
            } else {
                "event.sum.doko_leaves"
            },
            &[
                ("player", p.presence.player.clone()),
                ("round", p.presence.from_round.to_string()),
            ],
        ),
        DokoStandingsRule(r) => t(lang, r.tie.key()).to_string(),
        DokoRoundClosed(r) => m(
            "event.sum.doko_table",
            &[
                ("round", r.round.to_string()),
                ("table", r.table.to_string()),
            ],
        ),
        DirectorCall(c) => m(
            "event.sum.director_call",
            &[
                ("at", at(lang, &c.slot)),
                ("irregularity", short(&c.irregularity)),
            ],
        ),
        Ruling(r) => m(
            "event.sum.ruling",
            &[("at", at(lang, &r.slot)), ("laws", laws(lang, &r.laws))],
        ),
        ResultsPublished(p) => {
            if p.sections.is_empty() {
                t(lang, "event.sum.published.event").to_string()
            } else {
                m(
                    "event.sum.published.sections",
                    &[("sections", p.sections.join(", "))],
                )
            }
        }
        ResultsTreeHead(h) => m(
            "event.sum.tree_head",
            &[
                ("size", h.size.to_string()),
                ("root", h.root.to_hex()[..12].to_string()),
            ],
        ),
        AppealSettings(s) => m(
            "event.sum.appeal_settings",
            &[
                ("correction", s.correction_minutes.to_string()),
                ("appeal", s.appeal_minutes.to_string()),
            ],
        ),
        ScoreCorrected(c) => m(
            "event.sum.corrected",
            &[
                ("at", at(lang, &c.slot)),
                (
                    "result",
                    crate::results::describe::result_in(lang, &c.result),
                ),
            ],
        ),
        LateCorrectionConsent(c) => m(
            "event.sum.late_consent",
            &[("at", at(lang, &c.slot)), ("reason", short(&c.reason))],
        ),
        AppealFiled(f) => {
            let where_ = wf.rulings.get(&f.ruling).map_or_else(
                || t(lang, "event.sum.unknown_appeal").to_string(),
                |r| at(lang, &r.ruling.slot),
            );
            m(
                "event.sum.appeal_filed",
                &[("appellant", f.appellant.clone()), ("at", where_)],
            )
        }
        AppealConsent(c) => {
            let (appellant, where_) = appeal(&c.appeal);
            m(
                "event.sum.appeal_consent",
                &[
                    ("player", c.player.clone()),
                    ("appellant", appellant),
                    ("at", where_),
                ],
            )
        }
        CommitteeConvened(c) => {
            let (appellant, where_) = appeal(&c.appeal);
            m(
                "event.sum.appeal_convened",
                &[
                    ("n", c.members.len().to_string()),
                    ("appellant", appellant),
                    ("at", where_),
                ],
            )
        }
        AppealStatement(s) => {
            let (appellant, where_) = appeal(&s.appeal);
            m(
                "event.sum.appeal_statement",
                &[
                    ("by", s.by.clone()),
                    ("appellant", appellant),
                    ("at", where_),
                ],
            )
        }
        DecisionCosigned(c) => {
            let (appellant, where_) = appeal(&c.appeal);
            let vote = format!("event.sum.vote.{}", c.vote.as_str());
            m(
                "event.sum.appeal_cosigned",
                &[
                    ("vote", t(lang, &vote).to_string()),
                    ("appellant", appellant),
                    ("at", where_),
                ],
            )
        }
        AppealRouted(a) => appeal_line(&a.appeal),
        AppealDecided(a) => appeal_line(&a.appeal),
        AppealNotified(a) => appeal_line(&a.appeal),
        AppealHearing(a) => appeal_line(&a.appeal),
        AppealAnnounced(a) => appeal_line(&a.appeal),
        AppealReferred(a) => appeal_line(&a.appeal),
        AppealFurther(a) => appeal_line(&a.appeal),
        AppealWithdrawn(a) => appeal_line(&a.appeal),
        AuthorityAnswered(a) => appeal_line(&a.appeal),
        AppealConflictResolved(a) => appeal_line(&a.appeal),
        LogReceipt(r) => m("event.sum.receipt", &[("events", r.events.to_string())]),
        LogCheckpoint(c) => m("event.sum.checkpoint", &[("events", c.events.to_string())]),
        TimeAccepted(a) => m(
            "event.sum.time_accepted",
            &[("law", cite(lang, &a.law)), ("reason", short(&a.reason))],
        ),
    }
}

fn doko_game(lang: Lang, g: &crate::events::DokoGameRef) -> String {
    Msg::text(
        lang,
        "event.sum.doko_game",
        &[
            ("round", g.round.to_string()),
            ("table", g.table.to_string()),
            ("game", g.game.to_string()),
        ],
    )
}

fn auction_line(lang: Lang, e: &AuctionEvent, slot: &Slot) -> String {
    match e {
        AuctionEvent::Call { seat: s, call } => Msg::text(
            lang,
            "event.sum.call",
            &[
                ("call", call_text(lang, *call)),
                ("seat", seat(lang, *s)),
                ("at", at(lang, slot)),
            ],
        ),
        AuctionEvent::CardsExposed { seat: s, cards, .. } => Msg::text(
            lang,
            "event.sum.exposed",
            &[
                ("cards", cards_text(lang, cards)),
                ("seat", seat(lang, *s)),
                ("at", at(lang, slot)),
            ],
        ),
        AuctionEvent::Ruling { call, branch } => Msg::text(
            lang,
            "event.sum.branch",
            &[
                ("branch", branch.clone()),
                ("n", (call + 1).to_string()),
                ("at", at(lang, slot)),
            ],
        ),
    }
}

fn play_line(lang: Lang, e: &PlayEvent, slot: &Slot) -> String {
    let m = |key: &str, params: &[(&str, String)]| Msg::text(lang, key, params);
    let here = ("at", at(lang, slot));
    match e {
        PlayEvent::Card { seat: s, card } => m(
            "event.sum.card",
            &[
                ("card", card_text(lang, *card)),
                ("seat", seat(lang, *s)),
                here,
            ],
        ),
        PlayEvent::PenaltyCard { seat: s, card, .. } => m(
            "event.sum.penalty_card",
            &[
                ("card", card_text(lang, *card)),
                ("seat", seat(lang, *s)),
                here,
            ],
        ),
        PlayEvent::RevokeCorrected { card, .. } => m(
            "event.sum.revoke_corrected",
            &[("card", card_text(lang, *card)), here],
        ),
        PlayEvent::Claim { claimer, remaining } => m(
            "event.sum.claim",
            &[
                ("seat", seat(lang, *claimer)),
                ("n", remaining.to_string()),
                here,
            ],
        ),
        PlayEvent::ClaimSettled { status } => {
            let status = match status {
                ClaimStatus::Pending => m("claim.Pending", &[]),
                ClaimStatus::Agreed => m("claim.Agreed", &[]),
                ClaimStatus::Void => m("claim.Void", &[]),
                ClaimStatus::Ruled { remaining } => {
                    m("claim.Ruled", &[("n", remaining.to_string())])
                }
            };
            m("event.sum.claim_settled", &[("status", status), here])
        }
        PlayEvent::LeadOutOfTurn { .. }
        | PlayEvent::PenaltyLead { .. }
        | PlayEvent::Premature { .. }
        | PlayEvent::PenaltyCardFailure { .. }
        | PlayEvent::ForbidLead { .. } => m("event.sum.choice", &[here]),
        PlayEvent::LateAttention { .. }
        | PlayEvent::DefectiveTrick { .. }
        | PlayEvent::Simultaneous { .. }
        | PlayEvent::ClaimWithdrawn { .. } => m("event.sum.play_step", &[here]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::seat::Seat;

    fn slot() -> Slot {
        Slot {
            section: "A".into(),
            round: 1,
            table: 4,
            board: 9,
        }
    }

    #[test]
    fn a_call_and_a_card_read_with_symbols_in_each_language() {
        let wf = Workflow::default();
        let call = Payload::BridgeAuction(crate::events::BridgeAuction {
            slot: slot(),
            event: AuctionEvent::Call {
                seat: Seat::N,
                call: "1NT".parse().unwrap(),
            },
        });
        let en = event_line(Lang::En, &call, &wf);
        assert_eq!(en.kind_name, "Call");
        assert_eq!(en.text, "Call 1NT by N, round 1, table 4, board 9");
        let de = event_line(Lang::De, &call, &wf);
        assert_eq!(de.kind_name, "Ansage");
        assert_eq!(de.text, "Ansage 1SA von Nord, Runde 1, Tisch 4, Board 9");
        let card = Payload::BridgePlay(crate::events::BridgePlay {
            slot: slot(),
            event: PlayEvent::Card {
                seat: Seat::E,
                card: "SQ".parse().unwrap(),
            },
        });
        assert_eq!(
            event_line(Lang::Da, &card, &wf).text,
            "Kort ♠D af Øst, runde 1, bord 4, spil 9"
        );
        assert_eq!(
            event_line(Lang::En, &card, &wf).text,
            "Card ♠Q by E, round 1, table 4, board 9"
        );
    }

    #[test]
    fn every_event_type_has_a_name_in_every_language() {
        for spec in crate::events::catalogue() {
            for lang in Lang::ALL {
                let key = format!("event.{}", spec.kind);
                assert!(crate::i18n::lookup(lang, &key).is_some(), "{key} ({lang})");
            }
        }
    }
}
