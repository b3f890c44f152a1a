//! The event catalogue: every payload type, its versions, who may sign it, and how old
//! versions are upcast on read.
//!
//! Payloads are canonical JSON: exactly the bytes `serde_json::to_vec` writes for the typed
//! struct. Decoding is strict (unknown fields refused) and checked by re-encoding, so an
//! encoding that does not round-trip byte for byte never enters a log. Stored bytes are
//! never rewritten; an old `(type, v)` is decoded by its own struct and upcast by a pure
//! function to the current one (see `docs/events.md`).

mod appeal_procedure;
mod appeals;
mod appeals_v1;
mod bridge;
mod doko;
mod keys;
mod note;
pub mod pipeline;
mod policy;
mod results;
mod ruling;
mod time;
mod tournament;

pub use appeal_procedure::{AppealAnnounced, AppealHearing, AppealNotified, Attendee};
pub use appeals::{
    Anchor, AppealConflictResolved, AppealConsent, AppealDecided, AppealFiled, AppealFurther,
    AppealReferred, AppealRouted, AppealSettings, AppealStatement, AppealWithdrawn,
    AuthorityAnswered, CommitteeConvened, Decision, DecisionCosigned, Deposit, Forum,
    LateCorrectionConsent, LateRulingAnchor, Part, Party, ResultsPublished, ResultsTreeHead,
    ScoreCorrected, Vote,
};
pub use appeals_v1::AppealSettingsV1;
pub use bridge::{BoardRuling, BridgeAuction, BridgePlay, BridgeRuling};
pub use doko::{
    CorrectionAction, DokoCorrection, DokoDrawCommit, DokoDrawReveal, DokoEvent, DokoGame,
    DokoGameRef, DokoPresence, DokoResult, DokoRoundClosed, DokoRuling, DokoSchiedsgericht,
    DokoSeating, DokoStandingsRule,
};
pub use keys::{ForkResolved, KeyEnrolled, KeyRevoked};
pub use note::{DirectorNote, DirectorNoteV1};
pub use policy::{ArtificialScores, FactoringRule, Method, PolicySet, SessionRule, TeamTotals};
pub use results::{
    Adjustment, Artificial, BoardFacts, BoardFouled, Contestant, Form, ResultNotPlayed,
    ResultRecorded, ScoreAdjusted, Section, Slot, TableAssignment, TableResult, Weighted,
};
pub use ruling::{Category, DirectorCall, Ruling};
pub use time::{HeadRef, LogCheckpoint, LogReceipt, Received, TimeAccepted};
pub use tournament::{EventSettings, Game, Genesis};

// Late and absent contestants (`structure.attendance`).
pub use results::{Attendance, Presence};

use crate::keys::Role;
use serde::{de::DeserializeOwned, Serialize};
use thiserror::Error;

/// Why payload bytes are not a valid payload of the type the envelope names.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PayloadError {
    #[error("unknown event type {kind:?} version {v} (written by a newer tdlog?)")]
    Unknown { kind: String, v: u16 },
    #[error("payload of {kind} v{v} is not valid: {reason}")]
    Invalid {
        kind: &'static str,
        v: u16,
        reason: String,
    },
    #[error("payload of {kind} v{v} is not in canonical form (does not round-trip byte for byte)")]
    NotCanonical { kind: &'static str, v: u16 },
}

/// One row of the catalogue: a type and version that can appear in a log.
pub struct Spec {
    pub kind: &'static str,
    pub v: u16,
    /// The version appends write; older versions are read and upcast only.
    pub current: bool,
    /// Roles whose keys may sign this type.
    pub roles: &'static [Role],
    pub summary: &'static str,
    pub schema: fn() -> schemars::Schema,
    /// An old version: when tdlog stopped signing it (ms since the epoch, UTC), the release
    /// of the version after it. Signed later it is a forgery: no tdlog signs it any more,
    /// whoever holds the key (`appeals` refuses old settings signed after this).
    pub superseded_ms: Option<i64>,
}

/// Declares every current payload type once: the `Payload` enum, its catalogue rows, and
/// the per-variant plumbing. Old versions are listed in `OLD_VERSIONS` with their upcasters.
macro_rules! payloads {
    ($( $variant:ident($ty:ty) => $roles:expr, $summary:expr; )*) => {
        /// Every event this version of tdlog knows, in its current version. (Variants
        /// differ in size; a payload is decoded once per event, so they stay unboxed.)
        #[derive(Debug, Clone, PartialEq)]
        #[allow(clippy::large_enum_variant)]
        pub enum Payload {
            $( $variant($ty), )*
        }

        /// Current versions, one row per type.
        static CURRENT: &[Spec] = &[
            $( Spec {
                kind: <$ty as EventPayload>::KIND,
                v: <$ty as EventPayload>::VERSION,
                current: true,
                roles: $roles,
                summary: $summary,
                schema: || schemars::schema_for!($ty),
                superseded_ms: None,
            }, )*
        ];

        impl Payload {
            /// The type name written into the envelope.
            pub fn kind(&self) -> &'static str {
                match self { $( Payload::$variant(_) => <$ty as EventPayload>::KIND, )* }
            }

            /// The version appends write for this type.
            pub fn current_version(&self) -> u16 {
                match self { $( Payload::$variant(_) => <$ty as EventPayload>::VERSION, )* }
            }

            /// Canonical bytes of the current version, after the same content checks as decode.
            pub fn encode(&self) -> Result<Vec<u8>, PayloadError> {
                let (kind, v) = (self.kind(), self.current_version());
                let inv = |reason: String| PayloadError::Invalid { kind, v, reason };
                match self {
                    $( Payload::$variant(p) => {
                        p.check().map_err(inv)?;
                        let bytes = serde_json::to_vec(p).map_err(|e| inv(e.to_string()))?;
                        // What is signed must decode: a payload type whose serde does not
                        // round-trip would otherwise make the log unverifiable after append.
                        strict::<$ty>(kind, v, &bytes)?;
                        Ok(bytes)
                    } )*
                }
            }

            /// The payload as a JSON value, for `tdlog log` and the UI.
            pub fn to_json(&self) -> serde_json::Value {
                let r = match self { $( Payload::$variant(p) => serde_json::to_value(p), )* };
                r.unwrap_or(serde_json::Value::Null)
            }

            /// Strict decode of a current-version payload; `None` if `(kind, v)` is not current.
            /// Decode of bytes this device already checked in full (verified-state cache):
            /// typed and content-checked, without the canonical round trip.
            fn decode_current_known(kind: &str, v: u16, bytes: &[u8]) -> Option<Result<Payload, PayloadError>> {
                $( if kind == <$ty as EventPayload>::KIND && v == <$ty as EventPayload>::VERSION {
                    return Some(known::<$ty>(<$ty as EventPayload>::KIND, v, bytes).map(Payload::$variant));
                } )*
                None
            }

            fn decode_current(kind: &str, v: u16, bytes: &[u8]) -> Option<Result<Payload, PayloadError>> {
                $( if kind == <$ty as EventPayload>::KIND && v == <$ty as EventPayload>::VERSION {
                    return Some(strict::<$ty>(<$ty as EventPayload>::KIND, v, bytes).map(Payload::$variant));
                } )*
                None
            }
        }
    };
}

const CHIEF: &[Role] = &[Role::ChiefTd];
const DIRECTORS: &[Role] = &[Role::ChiefTd, Role::Td];
const SCORING: &[Role] = &[Role::ChiefTd, Role::Td, Role::Scorer];
const SETTINGS: &[Role] = &[Role::ChiefTd, Role::Organiser];
const ORGANISER: &[Role] = &[Role::Organiser];
const DECIDERS: &[Role] = &[Role::ChiefTd, Role::Committee];
const COMMITTEE: &[Role] = &[Role::Committee];
const HEARING: &[Role] = &[Role::ChiefTd, Role::Td, Role::Committee];
const ANYONE: &[Role] = &Role::ALL;
const CHECKPOINT: &[Role] = &[Role::ChiefTd, Role::Scorer];

payloads! {
    Genesis(Genesis) => CHIEF,
        "Creates the tournament; its event id is the log id. Its signer is the chief TD.";
    KeyEnrolled(KeyEnrolled) => CHIEF, "Enrols a device key with one role.";
    KeyRevoked(KeyRevoked) => CHIEF,
        "Revokes a device key; its events after `last_valid_seq` are invalid.";
    ForkResolved(ForkResolved) => CHIEF,
        "The chief TD's ruling on a fork proof: which of two events at one sequence number stands.";
    DirectorNote(DirectorNote) => DIRECTORS,
        "A director-call note for matters the engine cannot classify, optionally tied to board, table and round.";
    Section(Section) => SCORING, "A section of the tournament (pairs, teams or individual).";
    Contestant(Box<Contestant>) => SCORING,
        "A pair, team (with captain) or player of a section; phantoms flagged.";
    Attendance(Attendance) => SCORING,
        "A late contestant (from which round it plays) or an absent one (its tables are sit-outs), or present after all.";
    TableAssignment(TableAssignment) => SCORING,
        "The movement as data: who sits N-S and E-W at a table in a round, and which boards.";
    BoardFacts(BoardFacts) => SCORING,
        "A board's deal and any non-conforming dealer or vulnerability (Law 2).";
    ResultRecorded(Box<ResultRecorded>) => SCORING,
        "A table result as agreed by the players (Law 79A): contract, declarer, tricks, or a pass-out.";
    ResultNotPlayed(Box<ResultNotPlayed>) => SCORING, "A board not played at a table, with the reason.";
    ScoreAdjusted(Box<ScoreAdjusted>) => DIRECTORS,
        "The TD's adjusted score in place of a table result (Law 12): artificial, assigned or weighted, citing the law.";
    PolicySet(Box<PolicySet>) => SETTINGS,
        "The scoring policy of a section or the event: method, adjusted-score values, Neuberg, rounding, VP scale, ties (versioned; the latest applies).";
    EventSettings(EventSettings) => SETTINGS,
        "The event's settings: its IANA time zone (e.g. Europe/Berlin), in which reports and screens print local times with the zone named; signed times stay UTC (the latest applies).";
    BoardFouled(BoardFouled) => DIRECTORS,
        "A fouled board (Law 87): results compared only within groups that played the same cards.";
    BridgeAuction(BridgeAuction) => SCORING,
        "A call made at a table, legal or not, or cards exposed during the auction (Laws 17-39, 24); the engine flags irregularities with their law and options.";
    BridgePlay(BridgePlay) => SCORING,
        "A card played, a player's option after an irregularity (Laws 50-58), a claim or its agreement (Laws 68-69).";
    BridgeRuling(BridgeRuling) => DIRECTORS,
        "The TD's choice of branch in an irregularity's decision tree (Laws 24-39), or a play finding: contested claim (70), withdrawn agreement (69B), late attention to a revoke (64B4/B5).";
    DokoSeating(DokoSeating) => SCORING,
        "Who sits at which seat of a Doppelkopf table in a round (the seating plan the standings use).";
    DokoGame(DokoGame) => SCORING,
        "A Doppelkopf game begins at a table: its number in the round, dealer, table size, Pflichtsolo debts (§2.2, §3.2).";
    DokoEvent(DokoEvent) => SCORING,
        "A Doppelkopf game event at the table: deal, Vorbehalt query, card, announcement, reported violation, claim, objection, abbreviation (record first).";
    DokoRuling(DokoRuling) => DIRECTORS,
        "The Schiedsrichter's ruling on a claimed Doppelkopf violation, or on whether the partnership is clear (§7.1.1, §8.3).";
    DokoSchiedsgericht(DokoSchiedsgericht) => DECIDERS,
        "The Schiedsgericht's final decision on an objection, or its sanction for unsportsmanlike conduct (§8.8.7, §8.7.2).";
    DokoResult(DokoResult) => SCORING,
        "A Doppelkopf game entered as the table's list writes it (§6.3): parties or soloist and solo type, Re eyes, announcements with who made them, Sonderpunkte, or a Schmeißen / redeal; checked and scored by the same engine as a game played card by card.";
    DokoCorrection(Box<DokoCorrection>) => SCORING,
        "A correction or strike of a Doppelkopf game on the list, with the reason: by the table's scorer during the round (§8.2.1, a replacement follows a strike), by a TD after the round is closed (§8.2.2, struck without replacement or an obvious error corrected).";
    DokoDrawCommit(DokoDrawCommit) => DIRECTORS,
        "The Doppelkopf seat draw committed (§2.1): the SHA-256 of a secret seed, the field of players, the rule for later rounds (random or by standings); once per tournament.";
    DokoDrawReveal(DokoDrawReveal) => DIRECTORS,
        "The seed of the committed seat draw revealed in a later event; refused unless it matches the commit; once.";
    DokoPresence(DokoPresence) => SCORING,
        "A Doppelkopf player's late arrival (plays from a round on) or departure (no longer from a round on); the round plans seat the players present.";
    DokoStandingsRule(DokoStandingsRule) => SETTINGS,
        "The Doppelkopf standings' tie rule (the rules give none, A30): shared place, most games won, best single game or best round; the latest applies and the standings name it.";
    DokoRoundClosed(DokoRoundClosed) => DIRECTORS,
        "The Schiedsrichter closes a Doppelkopf table's round (§8.2.2): before it the table's scorer corrects or strikes a game (§8.2.1), after it only a TD, without replacement; no further game is entered there. A complete list (§7.4.1) is closed without it.";
    DirectorCall(Box<DirectorCall>) => DIRECTORS,
        "Attention drawn and the director called to a table (Law 9): who, and the irregularity reported.";
    Ruling(Box<Ruling>) => DIRECTORS,
        "A director's ruling (Laws 81-85): facts agreed or disputed, options offered and chosen (by whom), laws, category (law / judgement / procedural penalty L90 / disciplinary L91), rectification or adjusted score, deferred reviews, notice of the right to appeal (L83), correction of an earlier ruling (L82C).";
    ResultsPublished(ResultsPublished) => SCORING,
        "Official results published for a session or the event: starts the correction period (L79C) and the appeal period (L92B).";
    ResultsTreeHead(ResultsTreeHead) => ANYONE,
        "A signed tree head (RFC 9162) of a results publication: the size and root of the Merkle tree over the publication and every event its signer had seen; signed by the publisher with the publication, and by any device as a witness that checked it against its own copy of the log; refused at append unless it matches the log.";
    AppealSettings(Box<AppealSettings>) => ORGANISER,
        "The organiser's appeal settings: correction and appeal periods (30 min default; shorter only with a reason), clock restart on republication, the appeal period of a ruling given after publication (from the ruling or the republication, L92B), committee, quorum of concurring signatures (3 by default; 1 or 2 only with a reason, L93), further appeal, deposit, the pipeline of stages.";
    ScoreCorrected(Box<ScoreCorrected>) => SCORING,
        "A corrected table result: inside the correction period (L79C1), or later with the organiser's consent (L79C2).";
    LateCorrectionConsent(LateCorrectionConsent) => ORGANISER,
        "The organiser's consent to a score correction after the correction period (L79C2).";
    AppealFiled(AppealFiled) => DIRECTORS,
        "An appeal filed through a director (L92C) for a contestant against a ruling at its table (L92A), before the deadline (L92B), with the players who signed (L92D).";
    AppealConsent(AppealConsent) => DIRECTORS,
        "A further player's consent to an appeal (L92D: both members of a pair, a team's captain).";
    AppealRouted(AppealRouted) => CHIEF,
        "The chief TD routes an appeal: law-only parts to himself (L93B1), the rest to the committee (L93B2), or to himself without a committee (L93A).";
    CommitteeConvened(CommitteeConvened) => CHIEF,
        "The appeals committee for an appeal: committee keys, chair, quorum; no member who played in the match or at the table.";
    AppealStatement(AppealStatement) => HEARING,
        "A statement at the hearing: appellant, respondent, director or witness.";
    AppealDecided(Box<AppealDecided>) => DECIDERS,
        "The decision: upheld, changed (with the new score), recommendation only (L93B3), or without merit; deposit and penalty. A convened committee's decision is signed by its chair and takes effect at the organiser's quorum of concurring signatures (L93B).";
    DecisionCosigned(DecisionCosigned) => COMMITTEE,
        "A member of the convened committee co-signs its chair's decision: concur or dissent, with an optional reason (L93B). The decision takes effect when the quorum of concurring signatures, the chair's included, is reached; a dissent is recorded and shown.";
    AppealNotified(AppealNotified) => HEARING,
        "The parties of an appeal told of it (the other side above all) and of the hearing's time and place when known (L93 and the regulations); no change of state.";
    AppealHearing(AppealHearing) => DECIDERS,
        "The record of the hearing: when it began, where, who attended and in what capacity; signed by the chief TD or a member of the convened committee (L93 and the regulations).";
    AppealAnnounced(AppealAnnounced) => HEARING,
        "A decision that stands (at its quorum, the chief TD's, or the regulating authority's answer) announced to the parties, with to whom (L93 and the regulations).";
    AppealReferred(AppealReferred) => DECIDERS,
        "A referral of an appeal to the regulating authority (L93C2).";
    AppealFurther(AppealFurther) => DIRECTORS,
        "A further appeal after the decision, where the organiser configured one (L93C1).";
    AppealWithdrawn(AppealWithdrawn) => DIRECTORS,
        "The appellant withdraws the appeal before a decision.";
    AuthorityAnswered(Box<AuthorityAnswered>) => SETTINGS,
        "The regulating authority's answer to a referred appeal (L93C2), signed for it by the organiser or the chief TD with the document it came in: upheld, changed (with the new score), recommendation only or without merit; final, it closes the appeal.";
    AppealConflictResolved(AppealConflictResolved) => DECIDERS,
        "The chief TD, or the chair of the appeal's committee, settles a conflict between concurrent steps on one appeal (two decisions, a decision and a withdrawal, two routings): the step that stands, with the reason; the others are set aside. Until then neither stands and no score changes.";
    LogReceipt(LogReceipt) => ANYONE,
        "A device's receipt for the events it has just merged, signed with its own clock: when each step first reached another device (late arrivals, future-dated events).";
    LogCheckpoint(LogCheckpoint) => CHECKPOINT,
        "A checkpoint of the head set (every author's newest stored event) and its digest: what a publication or report commits to, so a later deletion shows.";
    TimeAccepted(TimeAccepted) => CHIEF,
        "The chief TD accepts a step that reached the log after its deadline (late arrival), or acknowledges a future-dated event, with the law and reason.";
}

/// Versions that are read and upcast, never written.
static OLD_VERSIONS: &[Spec] = &[
    Spec {
        kind: DirectorNote::KIND,
        v: 1,
        current: false,
        roles: DIRECTORS,
        summary: "A director-call note (version 1: text only). Upcast to version 2. Not signed by tdlog since 2026-11-22.",
        schema: || schemars::schema_for!(DirectorNoteV1),
        // 2026-11-22T07:32:23Z: version 2 from the first release on.
        superseded_ms: Some(1_795_332_743_000),
    },
    Spec {
        kind: AppealSettings::KIND,
        v: 1,
        current: false,
        roles: ORGANISER,
        summary: "The organiser's appeal settings (version 1: the same fields; a quorum below 3 needed no reason, and a committee decision took effect with one signature). Read as version 2 with its quorum as signed. Not signed by tdlog since 2026-11-26 12:29 UTC: signed later it is refused (L93).",
        schema: || schemars::schema_for!(AppealSettingsV1),
        // 2026-11-26T12:29:40Z: version 2 (the quorum of concurring signatures).
        superseded_ms: Some(1_795_696_180_000),
    },
    Spec {
        kind: AppealSettings::KIND,
        v: 2,
        current: false,
        roles: ORGANISER,
        summary: "The organiser's appeal settings (version 2: the same fields as version 3; a decision's deposit was as the decision said, without the rule that it is kept only when the appeal is judged without merit). Read with its rules as signed. Not signed by tdlog since 2026-11-26 16:08 UTC: signed later it is refused (L93).",
        schema: || schemars::schema_for!(AppealSettings),
        // 2026-11-26T16:08:34Z: version 3 (the deposit rule).
        superseded_ms: Some(1_795_709_314_000),
    },
];

/// The catalogue: every `(type, v)` that can appear in a log, current versions first.
/// `docs/events.md` and `schema/events/*.json` are generated from it.
pub fn catalogue() -> impl Iterator<Item = &'static Spec> {
    CURRENT.iter().chain(OLD_VERSIONS.iter())
}

/// The catalogue's own name for an event type, if it is one: a decoded envelope borrows it
/// instead of allocating its type per event. A hash lookup, since every decode asks.
pub fn known_kind(kind: &str) -> Option<&'static str> {
    static KINDS: std::sync::OnceLock<std::collections::HashSet<&'static str>> =
        std::sync::OnceLock::new();
    KINDS
        .get_or_init(|| catalogue().map(|s| s.kind).collect())
        .get(kind)
        .copied()
}

/// When tdlog stopped signing version `v` of `kind` (`None`: the current version, or not a
/// type tdlog knows).
pub fn superseded_since(kind: &str, v: u16) -> Option<i64> {
    spec(kind, v).and_then(|s| s.superseded_ms)
}

/// The catalogue row for `(kind, v)`.
pub fn spec(kind: &str, v: u16) -> Option<&'static Spec> {
    // A hash lookup: key playback asks for every event of a log.
    type Specs = std::collections::HashMap<(&'static str, u16), &'static Spec>;
    static SPECS: std::sync::OnceLock<Specs> = std::sync::OnceLock::new();
    SPECS
        .get_or_init(|| {
            let mut m = Specs::new();
            for s in catalogue() {
                m.entry((s.kind, s.v)).or_insert(s);
            }
            m
        })
        .get(&(kind, v))
        .copied()
}

/// Implemented by every payload struct: its name, version and content checks.
pub trait EventPayload: Serialize + DeserializeOwned {
    const KIND: &'static str;
    /// The payload version this struct is.
    const VERSION: u16 = 1;
    /// Content rules beyond the types (non-empty names, sane lengths).
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The two payloads far larger than the rest (a ruling, a policy set) are boxed in
/// [`Payload`], so that a million held events are not each as large as the largest.
impl<T: EventPayload> EventPayload for Box<T> {
    const KIND: &'static str = T::KIND;
    const VERSION: u16 = T::VERSION;
    fn check(&self) -> Result<(), String> {
        (**self).check()
    }
}

/// Strict decode of one payload struct: typed, content-checked, canonical.
fn strict<T: EventPayload>(kind: &'static str, v: u16, bytes: &[u8]) -> Result<T, PayloadError> {
    let inv = |reason: String| PayloadError::Invalid { kind, v, reason };
    let t: T = serde_json::from_slice(bytes).map_err(|e| inv(e.to_string()))?;
    let again = serde_json::to_vec(&t).map_err(|e| inv(e.to_string()))?;
    if again != bytes {
        return Err(PayloadError::NotCanonical { kind, v });
    }
    t.check().map_err(inv)?;
    Ok(t)
}

/// Decode without the canonical round trip, for bytes checked in full before.
fn known<T: EventPayload>(kind: &'static str, v: u16, bytes: &[u8]) -> Result<T, PayloadError> {
    let inv = |reason: String| PayloadError::Invalid { kind, v, reason };
    let t: T = serde_json::from_slice(bytes).map_err(|e| inv(e.to_string()))?;
    t.check().map_err(inv)?;
    Ok(t)
}

impl Payload {
    /// [`Payload::decode`] of bytes this device has checked in full before (their hash is
    /// unchanged): the canonical-form round trip is not repeated.
    pub fn decode_known(kind: &str, v: u16, bytes: &[u8]) -> Result<Payload, PayloadError> {
        match Payload::decode_current_known(kind, v, bytes) {
            Some(r) => r,
            None => Payload::decode(kind, v, bytes),
        }
    }

    /// Decodes the payload an envelope names, upcasting old versions.
    pub fn decode(kind: &str, v: u16, bytes: &[u8]) -> Result<Payload, PayloadError> {
        if let Some(r) = Payload::decode_current(kind, v, bytes) {
            return r;
        }
        match (kind, v) {
            (DirectorNote::KIND, 1) => {
                let old: DirectorNoteV1 = strict(DirectorNote::KIND, 1, bytes)?;
                Ok(Payload::DirectorNote(note::upcast_v1(old)))
            }
            // The same fields: only the workflow's quorum rule is new in version 2, and
            // `Workflow` knows the version of the settings event it folds.
            (AppealSettings::KIND, 1) => {
                let old: AppealSettingsV1 = strict(AppealSettings::KIND, 1, bytes)?;
                Ok(Payload::AppealSettings(Box::new(appeals_v1::upcast_v1(
                    old,
                ))))
            }
            // Version 2: the same fields; the deposit rule of version 3 does not apply to
            // decisions under it (`Workflow::settings_version`).
            (AppealSettings::KIND, 2) => Ok(Payload::AppealSettings(Box::new(strict(
                AppealSettings::KIND,
                2,
                bytes,
            )?))),
            _ => Err(PayloadError::Unknown {
                kind: kind.to_owned(),
                v,
            }),
        }
    }
}

/// A text field must be non-empty after trimming and at most `max` characters.
pub(crate) fn check_text(field: &str, s: &str, max: usize) -> Result<(), String> {
    if s.trim().is_empty() {
        return Err(format!("{field} must not be empty"));
    }
    if s.chars().count() > max {
        return Err(format!("{field} is longer than {max} characters"));
    }
    Ok(())
}
