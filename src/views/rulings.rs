//! The Rulings screen: director activity in replay order (director-call notes, the TD's
//! rulings on boards, adjusted scores, fouled boards), each with its signer (holder and role
//! from the key state), signed time and the law cited, filtered by board, table, round, the
//! signer's role and law.
use super::text;
use super::Replayed;
use crate::bridge::events::PlayEvent;
use crate::bridge::play::ClaimStatus;
use crate::events::{BoardRuling, Payload};
use crate::i18n::{Lang, Msg};
use crate::keys::Role;
use crate::log::Hash32;
use serde::{Deserialize, Serialize};

/// Which rows to show; `None` shows all.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RulingFilter {
    pub section: Option<String>,
    pub board: Option<u32>,
    pub table: Option<u32>,
    pub round: Option<u32>,
    /// The signer's role.
    pub role: Option<Role>,
    /// A law number (`27`, also matching `27B1a`; `54` matches the range `53-56`) or a
    /// sub-law (`64B`).
    pub law: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RulingRow {
    pub event: Hash32,
    pub kind: &'static str,
    pub title: Msg,
    pub signer: String,
    pub role: Role,
    pub role_text: Msg,
    /// Signed UTC time, RFC 3339.
    pub time: String,
    pub section: Option<String>,
    pub round: Option<u32>,
    pub table: Option<u32>,
    pub board: Option<u32>,
    /// The law cited (ruling on a call: the law of its decision tree).
    pub law: Option<String>,
    /// The decision-tree branch chosen, for a ruling on a call.
    pub branch: Option<String>,
    /// The note's text, the TD's reasons.
    pub text: Option<String>,
    /// The payload as signed.
    pub payload: serde_json::Value,
}

/// Every director activity row that passes `filter`, in replay order.
pub fn rulings(r: &Replayed, filter: &RulingFilter, lang: Lang) -> Vec<RulingRow> {
    let mut out = Vec::new();
    for e in &r.log.events {
        let Some(k) = r.log.keys.get(&e.env.author) else {
            continue;
        };
        let (section, round, table, board, law, branch, text) = match &e.payload {
            Payload::DirectorNote(n) => (
                None,
                n.round,
                n.table,
                n.board,
                None,
                None,
                Some(n.text.clone()),
            ),
            Payload::BridgeRuling(x) => {
                let (law, branch) = match &x.ruling {
                    BoardRuling::Auction(crate::bridge::events::AuctionEvent::Ruling {
                        call,
                        branch,
                    }) => (
                        r.tables
                            .board(&x.slot)
                            .and_then(|b| b.auction.entries.get(*call))
                            .and_then(|en| en.irregularity.as_ref())
                            .map(|i| i.law.clone()),
                        Some(branch.clone()),
                    ),
                    BoardRuling::Auction(_) => (None, None),
                    BoardRuling::Play(p) => (Some(play_law(p).to_string()), None),
                };
                let s = &x.slot;
                (
                    Some(s.section.clone()),
                    Some(s.round),
                    Some(s.table),
                    Some(s.board),
                    law,
                    branch,
                    x.reason.clone(),
                )
            }
            Payload::ScoreAdjusted(x) => {
                let s = &x.slot;
                (
                    Some(s.section.clone()),
                    Some(s.round),
                    Some(s.table),
                    Some(s.board),
                    Some(x.law.clone()),
                    None,
                    Some(x.reason.clone()),
                )
            }
            Payload::BoardFouled(x) => (
                Some(x.section.clone()),
                None,
                None,
                Some(x.board),
                Some("87".to_string()),
                None,
                Some(x.reason.clone()),
            ),
            _ => continue,
        };
        let keep = |want: Option<u32>, have: Option<u32>| want.is_none() || want == have;
        if !keep(filter.board, board)
            || !keep(filter.table, table)
            || !keep(filter.round, round)
            || filter.role.is_some_and(|want| want != k.role)
            || filter
                .section
                .as_ref()
                .is_some_and(|want| section.as_ref() != Some(want))
            || filter
                .law
                .as_deref()
                .is_some_and(|want| !law.as_deref().is_some_and(|l| law_matches(l, want)))
        {
            continue;
        }
        let kind = e.payload.kind();
        out.push(RulingRow {
            event: e.id,
            kind,
            title: Msg::new(lang, &format!("activity.{kind}"), &[]),
            signer: k.holder.clone(),
            role: k.role,
            role_text: text::role(lang, k.role),
            time: chrono::DateTime::from_timestamp_millis(e.env.wall_ms)
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
                .unwrap_or_default(),
            section,
            round,
            table,
            board,
            law,
            branch,
            text,
            payload: e.payload.to_json(),
        });
    }
    out
}

/// The law a play finding cites.
fn play_law(p: &PlayEvent) -> &'static str {
    match p {
        PlayEvent::ClaimSettled {
            status: ClaimStatus::Ruled { .. },
        } => "70",
        PlayEvent::ClaimSettled { .. } | PlayEvent::Claim { .. } => "69",
        PlayEvent::ClaimWithdrawn { .. } => "69B",
        PlayEvent::LateAttention { .. } => "64B",
        PlayEvent::RevokeCorrected { .. } => "62",
        PlayEvent::PenaltyCardFailure { .. } => "52",
        PlayEvent::PenaltyCard { .. } | PlayEvent::PenaltyLead { .. } => "50",
        PlayEvent::LeadOutOfTurn { .. } => "53-56",
        PlayEvent::Premature { .. } => "57",
        PlayEvent::Simultaneous { .. } => "58",
        PlayEvent::DefectiveTrick { .. } => "67",
        PlayEvent::ForbidLead { .. } => "26",
        PlayEvent::Card { .. } => "44",
    }
}

/// Does the law cited (`27`, `12C1(c)`, `53-56`) match the filter (`27`, `12C`, `54`)?
pub fn law_matches(law: &str, want: &str) -> bool {
    let num = |s: &str| -> Option<(u32, usize)> {
        let n = s.chars().take_while(|c| c.is_ascii_digit()).count();
        s[..n].parse().ok().map(|v| (v, n))
    };
    let (Some((w, wn)), Some((a, an))) = (num(want), num(law)) else {
        return law == want;
    };
    let rest = &law[an..];
    let b = rest.strip_prefix('-').and_then(num).map_or(a, |(b, _)| b);
    if want.len() > wn {
        // A sub-law: the cited law must start with it.
        return law.starts_with(want);
    }
    (a..=b).contains(&w)
}

#[cfg(test)]
mod tests {
    use super::law_matches;

    #[test]
    fn law_filter_matches_numbers_ranges_and_sub_laws() {
        assert!(law_matches("27", "27"));
        assert!(law_matches("12C1(c)", "12"));
        assert!(law_matches("12C1(c)", "12C"));
        assert!(!law_matches("12C1(c)", "12A"));
        assert!(law_matches("53-56", "54"));
        assert!(!law_matches("53-56", "57"));
        assert!(!law_matches("27", "2"));
        assert!(!law_matches("64B", "6"));
    }
}
