//! The localised words of the views: decision-tree titles, who chooses, consequences, bars
//! and flags. One function per engine type, with an exhaustive match, so a new effect or flag
//! in the engine does not compile until it has its message key.
use crate::bridge::auction::{Bar, Flag};
use crate::bridge::card::Suit;
use crate::bridge::irregularity::{BarLength, Decider, DecisionTree, Effect, Who};
use crate::bridge::play::{LeadLaw, Restriction};
use crate::i18n::{Lang, Msg};
use crate::keys::Role;

pub(crate) fn tree_title(lang: Lang, tree: &DecisionTree) -> Msg {
    Msg::new(lang, &format!("law.{}.title", tree.law), &[])
}

pub(crate) fn decider(lang: Lang, d: Decider) -> Msg {
    let key = match d {
        Decider::Engine => "decider.engine",
        Decider::Director => "decider.director",
        Decider::OffendersLho => "decider.offenders_lho",
        Decider::Offender => "decider.offender",
        Decider::Declarer => "decider.declarer",
        Decider::Defenders => "decider.defenders",
    };
    Msg::new(lang, key, &[])
}

pub(crate) fn effect(lang: Lang, e: &Effect) -> Msg {
    use Effect::*;
    let simple = |k: &str| Msg::new(lang, k, &[]);
    match e {
        CallStands => simple("effect.call_stands"),
        CancelCall => simple("effect.cancel_call"),
        CancelLaterCalls => simple("effect.cancel_later_calls"),
        ReplaceWithPass => simple("effect.replace_with_pass"),
        CancelPreviousCall => simple("effect.cancel_previous_call"),
        OriginalStands => simple("effect.original_stands"),
        OffenderMustRepeat => simple("effect.offender_must_repeat"),
        Bar { who, length } => {
            let w = match who {
                Who::Offender => "offender",
                Who::Partner => "partner",
                Who::BothOffenders => "both",
            };
            let l = match length {
                BarLength::NextTurn => "next_turn",
                BarLength::RestOfAuction => "rest_of_auction",
            };
            simple(&format!("effect.bar.{w}.{l}"))
        }
        ExistingBarStays => simple("effect.existing_bar_stays"),
        LeadRestrictionMayApply => simple("effect.lead_restriction_may_apply"),
        NoLeadRestriction => simple("effect.no_lead_restriction"),
        UnauthorisedForOffenders => simple("effect.unauthorised_for_offenders"),
        ReviewAtEnd { law } => Msg::new(lang, "effect.review_at_end", &[("law", law.to_string())]),
        ScoreAsIfNotMade => simple("effect.score_as_if_not_made"),
        CardsFaceUpUntilAuctionEnds => simple("effect.cards_face_up_until_auction_ends"),
        CardsReturnToHand => simple("effect.cards_return_to_hand"),
        PenaltyCard { major: true } => simple("effect.penalty_card.major"),
        PenaltyCard { major: false } => simple("effect.penalty_card.minor"),
        AcceptLeadOrPlay => simple("effect.accept_lead_or_play"),
        RetractCard => simple("effect.retract_card"),
        DeclarerBecomesDummy => simple("effect.declarer_becomes_dummy"),
        SecondCardFromDeclarersHand => simple("effect.second_card_from_declarers_hand"),
        RequireSuit => simple("effect.require_suit"),
        ForbidSuit => simple("effect.forbid_suit"),
        PlayHighest => simple("effect.play_highest"),
        PlayLowest => simple("effect.play_lowest"),
        PenaltyCardPickedUp => simple("effect.penalty_card_picked_up"),
        CorrectRevoke => simple("effect.correct_revoke"),
        TransferTricks { at_most } => Msg::new(
            lang,
            "effect.transfer_tricks",
            &[("tricks", at_most.to_string())],
        ),
        NoTransfer => simple("effect.no_transfer"),
        PlayStops => simple("effect.play_stops"),
        TricksByRuling => simple("effect.tricks_by_ruling"),
        ResultStands => simple("effect.result_stands"),
        Rescore => simple("effect.rescore"),
        NoFurtherRectification => simple("effect.no_further_rectification"),
        RouteTo { law } => Msg::new(lang, "effect.route_to", &[("law", law.to_string())]),
    }
}

pub(crate) fn bar(lang: Lang, b: &Bar) -> Msg {
    let key = match b.length {
        BarLength::NextTurn => "bar.next_turn",
        BarLength::RestOfAuction => "bar.rest_of_auction",
    };
    Msg::new(
        lang,
        key,
        &[("seat", b.seat.to_string()), ("law", b.law.clone())],
    )
}

pub(crate) fn flag(lang: Lang, f: &Flag) -> Msg {
    match f {
        Flag::LeadRestriction { offender, law } => Msg::new(
            lang,
            "flag.lead_restriction",
            &[("seat", offender.to_string()), ("law", law.clone())],
        ),
        Flag::UnauthorisedInformation {
            offending_side,
            law,
        } => Msg::new(
            lang,
            "flag.unauthorised_information",
            &[("side", offending_side.to_string()), ("law", law.clone())],
        ),
        Flag::Review { law, entry } => Msg::new(
            lang,
            "flag.review",
            &[("call", entry.to_string()), ("law", law.clone())],
        ),
        Flag::ScoreAsIfNotMade { entry } => Msg::new(
            lang,
            "flag.score_as_if_not_made",
            &[("call", entry.to_string())],
        ),
        Flag::MustRepeat { seat, call, law } => Msg::new(
            lang,
            "flag.must_repeat",
            &[
                ("seat", seat.to_string()),
                ("bid", call.to_string()),
                ("law", law.clone()),
            ],
        ),
        Flag::RepeatNotMade {
            seat,
            required,
            made,
            law,
        } => Msg::new(
            lang,
            "flag.repeat_not_made",
            &[
                ("seat", seat.to_string()),
                ("bid", required.to_string()),
                ("made", made.to_string()),
                ("law", law.clone()),
            ],
        ),
    }
}

pub(crate) fn restriction(lang: Lang, r: &Restriction) -> Msg {
    let suit = |s: Suit| crate::i18n::t(lang, &format!("suit.{}", s.letter())).to_string();
    let law = |l: LeadLaw| match l {
        LeadLaw::L26B => "26B".to_string(),
        LeadLaw::L50D2 => "50D2".to_string(),
    };
    match *r {
        Restriction::RequireLead {
            seat,
            suit: s,
            law: l,
        } => Msg::new(
            lang,
            "restriction.require_lead",
            &[
                ("seat", seat.to_string()),
                ("suit", suit(s)),
                ("law", law(l)),
            ],
        ),
        Restriction::ForbidLead {
            seat,
            suit: s,
            law: l,
        } => Msg::new(
            lang,
            "restriction.forbid_lead",
            &[
                ("seat", seat.to_string()),
                ("suit", suit(s)),
                ("law", law(l)),
            ],
        ),
        Restriction::PlayHighest { seat } => Msg::new(
            lang,
            "restriction.play_highest",
            &[("seat", seat.to_string())],
        ),
        Restriction::PlayLowest { seat } => Msg::new(
            lang,
            "restriction.play_lowest",
            &[("seat", seat.to_string())],
        ),
        Restriction::RequirePlay { seat, suit: s } => Msg::new(
            lang,
            "restriction.require_play",
            &[("seat", seat.to_string()), ("suit", suit(s))],
        ),
        Restriction::ForbidPlay { seat, suit: s } => Msg::new(
            lang,
            "restriction.forbid_play",
            &[("seat", seat.to_string()), ("suit", suit(s))],
        ),
    }
}

pub(crate) fn role(lang: Lang, r: Role) -> Msg {
    Msg::new(lang, &format!("role.{}", r.as_str()), &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::irregularity::all_trees;
    use crate::i18n::lookup;

    #[test]
    fn every_consequence_and_decider_of_every_tree_has_a_message_in_every_language() {
        for tree in all_trees() {
            for b in &tree.branches {
                let mut keys = vec![decider(Lang::En, b.decided_by).key];
                keys.extend(b.effects.iter().map(|e| effect(Lang::En, e).key));
                for k in keys {
                    for l in Lang::ALL {
                        assert!(
                            lookup(l, &k).is_some(),
                            "Law {} {}: {k} ({l})",
                            tree.law,
                            b.id
                        );
                    }
                }
            }
        }
        use crate::bridge::seat::Seat;
        let all = [
            Restriction::RequireLead {
                seat: Seat::W,
                suit: Suit::S,
                law: LeadLaw::L50D2,
            },
            Restriction::ForbidLead {
                seat: Seat::W,
                suit: Suit::H,
                law: LeadLaw::L26B,
            },
            Restriction::PlayHighest { seat: Seat::N },
            Restriction::PlayLowest { seat: Seat::N },
            Restriction::RequirePlay {
                seat: Seat::E,
                suit: Suit::D,
            },
            Restriction::ForbidPlay {
                seat: Seat::E,
                suit: Suit::C,
            },
        ];
        for r in &all {
            for l in Lang::ALL {
                let m = restriction(l, r);
                assert!(lookup(l, &m.key).is_some(), "{} ({l})", m.key);
                assert!(!m.text.contains('{'), "{}", m.text);
            }
        }
        let m = restriction(Lang::De, &all[1]);
        assert_eq!(
            m.text,
            "W darf Coeur nicht ausspielen, solange er am Ausspiel bleibt (§ 26 B)"
        );
        for r in Role::ALL {
            assert!(lookup(Lang::Da, &role(Lang::Da, r).key).is_some(), "{r}");
        }
    }
}
