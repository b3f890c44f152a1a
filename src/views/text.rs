//! The localised words of the views: decision-tree titles, who chooses, consequences, bars
//! and flags. One function per engine type, with an exhaustive match, so a new effect or flag
//! in the engine does not compile until it has its message key.
use crate::bridge::auction::{Bar, Flag};
use crate::bridge::call::Call;
use crate::bridge::card::Suit;
use crate::bridge::irregularity::{BarLength, Decider, DecisionTree, Effect, Who};
use crate::bridge::play::{LeadLaw, Restriction};
use crate::bridge::seat::{Seat, Side};
use crate::i18n::{Lang, Msg};
use crate::keys::Role;

pub(crate) fn tree_title(lang: Lang, tree: &DecisionTree) -> Msg {
    Msg::new(lang, &format!("law.{}.title", tree.law), &[])
}

/// The localised title of an irregularity's tree (the tree's own English if it has none).
pub(crate) fn irregularity_title(lang: Lang, phase: &str, law: &str, english: &str) -> Msg {
    match tree_of(phase, law) {
        Some(t) => tree_title(lang, &t),
        None => Msg::english(format!("law.{law}"), english),
    }
}

/// The decision tree of an irregularity by its phase and law (a play irregularity's law,
/// `54` or `64A1`, belongs to the tree of its group of laws, `53-56` or `61-64`).
pub(crate) fn tree_of(phase: &str, law: &str) -> Option<crate::bridge::irregularity::DecisionTree> {
    if phase == "play" {
        crate::bridge::tables::play_tree(law)
    } else {
        crate::bridge::irregularity::auction_tree(law)
    }
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

/// A message whose text says seats, sides, calls and suits as `lang` does (Nord, OW, 1♦,
/// Pik) while its parameters keep the engine's codes (N, EW, 1D, S) for a front end that
/// reads them. Each parameter is `(name, code, said)`.
fn coded(lang: Lang, key: &str, params: &[(&str, String, String)]) -> Msg {
    let said: Vec<(&str, String)> = params.iter().map(|(k, _, s)| (*k, s.clone())).collect();
    let mut m = Msg::new(lang, key, &said);
    m.params = params
        .iter()
        .map(|(k, code, _)| (k.to_string(), code.clone()))
        .collect();
    m
}

fn seat(lang: Lang, s: Seat) -> (String, String) {
    (
        s.to_string(),
        crate::i18n::t(lang, &format!("seat.{}", s.letter())).to_string(),
    )
}

fn side(lang: Lang, s: Side) -> (String, String) {
    (
        s.to_string(),
        crate::i18n::t(lang, &format!("side.{s}")).to_string(),
    )
}

fn call(lang: Lang, c: Call) -> (String, String) {
    (c.to_string(), crate::i18n::cards::call_text(lang, c))
}

fn law_param(law: &str) -> (&'static str, String, String) {
    ("law", law.to_string(), law.to_string())
}

fn p(name: &'static str, (code, said): (String, String)) -> (&'static str, String, String) {
    (name, code, said)
}

pub(crate) fn bar(lang: Lang, b: &Bar) -> Msg {
    let key = match b.length {
        BarLength::NextTurn => "bar.next_turn",
        BarLength::RestOfAuction => "bar.rest_of_auction",
    };
    coded(
        lang,
        key,
        &[p("seat", seat(lang, b.seat)), law_param(&b.law)],
    )
}

pub(crate) fn flag(lang: Lang, f: &Flag) -> Msg {
    let number = |n: &usize| (n.to_string(), n.to_string());
    match f {
        Flag::LeadRestriction { offender, law } => coded(
            lang,
            "flag.lead_restriction",
            &[p("seat", seat(lang, *offender)), law_param(law)],
        ),
        Flag::UnauthorisedInformation {
            offending_side,
            law,
        } => coded(
            lang,
            "flag.unauthorised_information",
            &[p("side", side(lang, *offending_side)), law_param(law)],
        ),
        Flag::Review { law, entry } => coded(
            lang,
            "flag.review",
            &[p("call", number(entry)), law_param(law)],
        ),
        Flag::ScoreAsIfNotMade { entry } => coded(
            lang,
            "flag.score_as_if_not_made",
            &[p("call", number(entry))],
        ),
        Flag::MustRepeat {
            seat: s,
            call: c,
            law,
        } => coded(
            lang,
            "flag.must_repeat",
            &[
                p("seat", seat(lang, *s)),
                p("bid", call(lang, *c)),
                law_param(law),
            ],
        ),
        Flag::RepeatNotMade {
            seat: s,
            required,
            made,
            law,
        } => coded(
            lang,
            "flag.repeat_not_made",
            &[
                p("seat", seat(lang, *s)),
                p("bid", call(lang, *required)),
                p("made", call(lang, *made)),
                law_param(law),
            ],
        ),
    }
}

pub(crate) fn restriction(lang: Lang, r: &Restriction) -> Msg {
    let suit = |s: Suit| {
        (
            s.letter().to_string(),
            crate::i18n::t(lang, &format!("suit.{}", s.letter())).to_string(),
        )
    };
    let law = |l: LeadLaw| match l {
        LeadLaw::L26B => "26B",
        LeadLaw::L50D2 => "50D2",
    };
    match *r {
        Restriction::RequireLead {
            seat: s,
            suit: x,
            law: l,
        } => coded(
            lang,
            "restriction.require_lead",
            &[
                p("seat", seat(lang, s)),
                p("suit", suit(x)),
                law_param(law(l)),
            ],
        ),
        Restriction::ForbidLead {
            seat: s,
            suit: x,
            law: l,
        } => coded(
            lang,
            "restriction.forbid_lead",
            &[
                p("seat", seat(lang, s)),
                p("suit", suit(x)),
                law_param(law(l)),
            ],
        ),
        Restriction::PlayHighest { seat: s } => coded(
            lang,
            "restriction.play_highest",
            &[p("seat", seat(lang, s))],
        ),
        Restriction::PlayLowest { seat: s } => {
            coded(lang, "restriction.play_lowest", &[p("seat", seat(lang, s))])
        }
        Restriction::RequirePlay { seat: s, suit: x } => coded(
            lang,
            "restriction.require_play",
            &[p("seat", seat(lang, s)), p("suit", suit(x))],
        ),
        Restriction::ForbidPlay { seat: s, suit: x } => coded(
            lang,
            "restriction.forbid_play",
            &[p("seat", seat(lang, s)), p("suit", suit(x))],
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
            "West darf Coeur nicht ausspielen, solange er am Ausspiel bleibt (§ 26 B)"
        );
        for r in Role::ALL {
            assert!(lookup(Lang::Da, &role(Lang::Da, r).key).is_some(), "{r}");
        }
    }
}
