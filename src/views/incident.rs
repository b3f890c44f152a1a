//! The "Record an incident" screen: the irregularities the engine detected on a board at a
//! table, each with its decision tree (the data of `bridge::irregularity`, localised): the
//! options and their branch ids, who chooses, the consequences; what already stands (bars,
//! Law 26 lead restrictions, Law 16C information, reviews); and builders for the payloads the
//! UI asks the engine to sign: the TD's branch choice (`bridge.ruling`), an adjusted score
//! (`ruling.adjusted_score`) and a free director-call note (`director.note`).
use super::text;
use super::{Replayed, ViewError};
use crate::bridge::events::AuctionEvent;
use crate::bridge::irregularity::{auction_tree, Branch, Decider};
use crate::bridge::seat::Seat;
use crate::bridge::tables::Irregularity;
use crate::bridge::vulnerability::Vulnerability;
use crate::events::{
    Adjustment, BoardRuling, BridgeRuling, DirectorNote, Payload, ScoreAdjusted, Slot,
};
use crate::i18n::{Lang, Msg};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct IncidentScreen {
    pub slot: Slot,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub irregularities: Vec<IncidentItem>,
    /// Obligations to pass now on the board (Laws 23, 25-32, 37).
    pub bars: Vec<Standing>,
    /// Consequences carried to the play and the end of the board (Laws 16C, 26, 27D, 36, ...).
    pub flags: Vec<Standing>,
    /// Lead and play restrictions standing in the play (Laws 26B, 50D2, 51B, 57A).
    pub restrictions: Vec<Standing>,
    /// A choice the play is waiting for, by its law (`54`, `55`, `56`, `57A`, `50D2`).
    pub option_due: Option<&'static str>,
    /// Who caused it (the hand that led or played out of turn; for 50D2 the defender with
    /// the penalty card) and who chooses now (`declarer` or `defenders`): the screen names
    /// both next to the choices.
    pub option_offender: Option<Seat>,
    pub option_chooser: Option<&'static str>,
}

/// Something that stands on the board now, with its law.
#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    pub active: bool,
    pub text: Msg,
}

/// One detected irregularity with its decision tree.
#[derive(Debug, Clone, Serialize)]
pub struct IncidentItem {
    pub phase: &'static str,
    /// Call number (auction; what a ruling names), exposure number (Law 24) or trick number.
    pub at: usize,
    pub law: String,
    pub title: Msg,
    pub offender: Seat,
    /// The call or card(s) concerned, as the engine records them (`1D`, `CJ`, `SA HT`).
    pub action: String,
    /// The same in `lang` with suit symbols and the language's honours (`1♦`, `♣B`).
    pub action_text: String,
    pub description: String,
    /// The branch applied, if settled.
    pub branch: Option<String>,
    pub pending: bool,
    pub chosen_by: Vec<Msg>,
    pub options: Vec<OptionView>,
    /// How the TD's choice is recorded: `ruling` (a `bridge.ruling` naming the branch, built by
    /// [`ruling_payload`]), `play_option` (a `bridge.play` event with the player's option,
    /// Laws 50-58), `engine` (follows from the cards; nothing to choose).
    pub recorded_as: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct OptionView {
    pub id: &'static str,
    pub when: Msg,
    pub decided_by: Decider,
    pub decided_by_text: Msg,
    /// The TD's question that selects this branch, if it needs a judgement.
    pub judgement: Option<Msg>,
    pub consequences: Vec<Msg>,
    /// This branch is the one applied.
    pub applied: bool,
}

/// The incident screen for `slot`.
pub fn incident(r: &Replayed, slot: &Slot, lang: Lang) -> Result<IncidentScreen, ViewError> {
    let b = r
        .tables
        .board(slot)
        .ok_or_else(|| ViewError::NoSuchBoard(slot.clone()))?;
    Ok(IncidentScreen {
        slot: slot.clone(),
        dealer: b.dealer,
        vulnerable: b.vulnerable,
        irregularities: b.irregularities().iter().map(|x| item(lang, x)).collect(),
        bars: b
            .auction
            .bars
            .iter()
            .map(|x| Standing {
                active: x.active,
                text: text::bar(lang, x),
            })
            .collect(),
        flags: b
            .auction
            .flags
            .iter()
            .map(|f| Standing {
                active: true,
                text: text::flag(lang, f),
            })
            .collect(),
        restrictions: b
            .play
            .iter()
            .flat_map(|p| &p.restrictions)
            .map(|x| Standing {
                active: true,
                text: text::restriction(lang, x),
            })
            .collect(),
        option_due: b.play.as_ref().and_then(|p| p.option_due()),
        option_offender: b.play.as_ref().and_then(|p| {
            p.pending_lead
                .or(p.pending_premature)
                .map(|(s, _)| s)
                .or_else(|| {
                    // 50D2: the defender whose major penalty card puts declarer to a choice.
                    (p.option_due() == Some("50D2"))
                        .then(|| p.turn().map(|t| t.partner()))
                        .flatten()
                })
        }),
        option_chooser: b.play.as_ref().and_then(|p| match p.option_due() {
            Some("55") => Some("defenders"),
            Some(_) => Some("declarer"),
            None => None,
        }),
    })
}

fn item(lang: Lang, x: &Irregularity) -> IncidentItem {
    let recorded_as = match (x.phase, x.law.as_str()) {
        ("auction", "24") => "engine",
        ("auction", _) => "ruling",
        _ if x.options.iter().all(|o| o.decided_by == Decider::Engine) => "engine",
        _ => "play_option",
    };
    // The branches' texts are keyed by their tree's law (`53-56`), not the irregularity's (`54`).
    let tree = super::text::tree_of(x.phase, &x.law);
    let tree_law = tree.as_ref().map_or(x.law.as_str(), |t| t.law);
    IncidentItem {
        phase: x.phase,
        at: x.at,
        law: x.law.clone(),
        title: super::text::irregularity_title(lang, x.phase, &x.law, &x.title),
        offender: x.offender,
        action: x.action.clone(),
        action_text: crate::i18n::cards::codes_text(lang, &x.action),
        description: x.description.clone(),
        branch: x.branch.clone(),
        pending: x.pending,
        chosen_by: x
            .chosen_by
            .iter()
            .map(|d| text::decider(lang, *d))
            .collect(),
        options: x
            .options
            .iter()
            .map(|o| option(lang, tree_law, o, x.branch.as_deref() == Some(o.id)))
            .collect(),
        recorded_as,
    }
}

fn option(lang: Lang, law: &str, o: &Branch, applied: bool) -> OptionView {
    OptionView {
        id: o.id,
        when: Msg::from_data(lang, format!("law.{law}.{}.when", o.id), o.when),
        decided_by: o.decided_by,
        decided_by_text: text::decider(lang, o.decided_by),
        judgement: o
            .judgement
            .map(|j| Msg::from_data(lang, format!("law.{law}.{}.judgement", o.id), j)),
        consequences: o.effects.iter().map(|e| text::effect(lang, e)).collect(),
        applied,
    }
}

/// The `bridge.ruling` payload recording the TD's choice of `branch` for the irregular call
/// number `call` (0-based, as the incident screen's `at`). Refused unless the call is an
/// irregularity with a decision tree, the branch belongs to that tree, and the auction engine
/// can apply it; the payload passes the catalogue's content checks. Sign it with a TD key.
pub fn ruling_payload(
    r: &Replayed,
    slot: &Slot,
    call: usize,
    branch: &str,
    reason: Option<String>,
) -> Result<Payload, ViewError> {
    let b = r
        .tables
        .board(slot)
        .ok_or_else(|| ViewError::NoSuchBoard(slot.clone()))?;
    let entry = b.auction.entries.get(call).ok_or(ViewError::NoSuchCall {
        board: slot.board,
        call,
    })?;
    let irr = entry
        .irregularity
        .as_ref()
        .ok_or(ViewError::NotIrregular { call })?;
    let tree = auction_tree(&irr.law).ok_or_else(|| ViewError::NotRuledByBranch {
        law: irr.law.clone(),
    })?;
    if tree.branch(branch).is_none() {
        return Err(ViewError::BranchNotInTree {
            law: irr.law.clone(),
            branch: branch.to_string(),
            options: tree
                .branches
                .iter()
                .map(|b| b.id)
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let event = AuctionEvent::Ruling {
        call,
        branch: branch.to_string(),
    };
    let mut dry = b.auction.clone();
    dry.apply(&event).map_err(|e| ViewError::NotApplicable {
        call,
        branch: branch.to_string(),
        reason: e.to_string(),
    })?;
    let p = Payload::BridgeRuling(BridgeRuling {
        slot: slot.clone(),
        ruling: BoardRuling::Auction(event),
        reason: reason.filter(|s| !s.trim().is_empty()),
    });
    p.encode()?;
    Ok(p)
}

/// The TD's adjusted score (`ruling.adjusted_score`, Law 12) for the board at `slot`, with
/// the pairs (or teams) taken from the movement (`structure.table`) or the result recorded
/// there, so the UI never types them. Checked as the log will check it.
pub fn adjusted_score_payload(
    r: &Replayed,
    slot: &Slot,
    law: &str,
    adjustment: Adjustment,
    reason: &str,
) -> Result<Payload, ViewError> {
    let (ns, ew) = pairs_at(r, slot)?;
    let p = Payload::ScoreAdjusted(Box::new(ScoreAdjusted {
        slot: slot.clone(),
        ns,
        ew,
        law: law.to_string(),
        adjustment,
        reason: reason.to_string(),
    }));
    p.encode()?;
    Ok(p)
}

/// The pairs (or teams) at `slot`: from the movement (`structure.table`), else from the
/// result recorded there.
pub(crate) fn pairs_at(r: &Replayed, slot: &Slot) -> Result<(String, String), ViewError> {
    let t = &r.tournament;
    t.tables
        .get(&(slot.section.clone(), slot.round, slot.table))
        .map(|a| (a.ns.clone(), a.ew.clone()))
        .or_else(|| t.slots.get(slot).map(|s| (s.ns.clone(), s.ew.clone())))
        .ok_or_else(|| ViewError::NoSuchTable(slot.clone()))
}

/// A free director-call note (`director.note`), optionally tied to a board, table and round,
/// for matters the engine cannot classify. Checked as the log will check it.
pub fn note_payload(
    text: &str,
    board: Option<u32>,
    table: Option<u32>,
    round: Option<u32>,
) -> Result<Payload, ViewError> {
    let p = Payload::DirectorNote(DirectorNote {
        text: text.to_string(),
        board,
        table,
        round,
    });
    p.encode()?;
    Ok(p)
}
