//! The appeals committee as Law 93B and the regulations run it: the chair signs the
//! decision, the other members co-sign it (concur or dissent, recorded), and it takes effect
//! only at the organiser's quorum of concurring signatures, the chair's included: 3 by
//! default, smaller only with the organiser's reason (Law 93). A further appeal (93C1) is
//! heard by members who signed nothing the first time.

mod appeals_world;
mod common;

use appeals_world::*;
use tdlog::appeals::pipeline::State;
use tdlog::appeals::GuardError;
use tdlog::events::*;
use tdlog::log::Hash32;

/// The table's result (420 for 4S making 10) or, once the committee's changed score
/// stands, the contract it assigned.
fn score_ns(w: &World) -> i32 {
    let t = w.folded().tournament;
    match t.slots[&slot(1, 1)].outcome() {
        tdlog::results::Outcome::Played { score_ns, .. } => *score_ns,
        tdlog::results::Outcome::Adjusted {
            adjustment: Adjustment::Assigned { result },
            ..
        } => {
            assert_eq!((result.contract.as_str(), result.tricks), ("3S", Some(10)));
            170
        }
        o => panic!("{o:?}"),
    }
}

fn settings(quorum: u32, reason: Option<&str>) -> Payload {
    Payload::AppealSettings(Box::new(AppealSettings {
        quorum,
        reason: reason.map(String::from),
        further_appeal: true,
        ..AppealSettings::default()
    }))
}

fn cosign(appeal: Hash32, decision: Hash32, vote: Vote, reason: Option<&str>) -> Payload {
    Payload::DecisionCosigned(DecisionCosigned {
        appeal,
        decision,
        vote,
        reason: reason.map(String::from),
    })
}

fn changed(a: Hash32) -> Payload {
    decide(a, Decision::Changed, Some(assigned("3S", 10)))
}

#[test]
fn law_93b_a_committee_decision_takes_effect_at_the_quorum() {
    // No settings: the default quorum is three concurring signatures.
    let (mut w, a) = convened(None);
    assert_eq!(w.folded().workflow.settings.quorum, 3);
    assert_eq!(score_ns(&w), 420);
    let d = w.step(Who::Ac(0), changed(a)).expect("the chair signs");
    let f = w.folded();
    let ap = &f.workflow.appeals[&a];
    assert_eq!(ap.state, State::Convened, "waits for co-signatures");
    assert!(!ap.decisions[0].effective);
    assert_eq!(score_ns(&w), 420, "no score change before the quorum");
    w.step(Who::Ac(1), cosign(a, d, Vote::Concur, None))
        .unwrap();
    assert_eq!(score_ns(&w), 420, "two of three concurring");
    w.step(Who::Ac(2), cosign(a, d, Vote::Concur, None))
        .unwrap();
    let f = w.folded();
    let ap = &f.workflow.appeals[&a];
    assert_eq!(ap.state, State::Decided);
    assert!(ap.decisions[0].effective);
    assert_eq!(ap.decisions[0].concurring(), 3);
    assert_eq!(score_ns(&w), 170, "3S making 10 for N-S");
}

#[test]
fn law_93b_a_dissent_is_recorded_and_shown() {
    let (mut w, a) = convened(Some(settings(
        2,
        Some("Club evening: two members are enough by the club's regulations."),
    )));
    let d = w.step(Who::Ac(0), changed(a)).unwrap();
    w.step(
        Who::Ac(1),
        cosign(
            a,
            d,
            Vote::Dissent,
            Some("The hesitation did not suggest 4S."),
        ),
    )
    .unwrap();
    assert_eq!(
        score_ns(&w),
        420,
        "a dissent does not count towards the quorum"
    );
    w.step(Who::Ac(2), cosign(a, d, Vote::Concur, None))
        .unwrap();
    let f = w.folded();
    let rec = &f.workflow.appeals[&a].decisions[0];
    assert!(rec.effective);
    let dissents: Vec<_> = rec.dissents().collect();
    assert_eq!(dissents.len(), 1);
    assert_eq!(dissents[0].signed.signer, "Lena Lind (tablet)");
    assert_eq!(
        dissents[0].reason.as_deref(),
        Some("The hesitation did not suggest 4S.")
    );
    assert_eq!(score_ns(&w), 170);
}

#[test]
fn law_93b_a_decision_signed_by_a_member_who_is_not_the_chair_is_refused() {
    let (mut w, a) = convened(None);
    let err = w.step(Who::Ac(1), changed(a)).unwrap_err();
    assert!(matches!(err, GuardError::NotChair { .. }), "{err}");
    assert_eq!(err.law(), "93B");
    assert!(err.to_string().contains("Karl Kohl"), "{err}");
    // Forced into a merged log anyway: flagged, no score change.
    w.force(Who::Ac(1), changed(a));
    let f = w.folded();
    assert!(f.workflow.appeals[&a].decisions.is_empty());
    assert_eq!(f.workflow.flags.last().unwrap().law, "93B");
    assert_eq!(score_ns(&w), 420);
}

#[test]
fn law_93b_a_cosign_by_a_non_member_or_twice_is_refused() {
    let (mut w, a) = convened(None);
    let d = w.step(Who::Ac(0), changed(a)).unwrap();
    // Anna holds a committee key but is not on this committee (she played).
    let err = w
        .step(Who::AnnaAc, cosign(a, d, Vote::Concur, None))
        .unwrap_err();
    assert!(
        matches!(err, GuardError::NotCommitteeMember { .. }),
        "{err}"
    );
    // The chief TD is no member at all: his role may not co-sign (Law 93B).
    let err = w
        .step(Who::Chief, cosign(a, d, Vote::Concur, None))
        .unwrap_err();
    assert_eq!(err.law(), "93B", "{err}");
    // The chair signed it already; a member signs once.
    let err = w
        .step(Who::Ac(0), cosign(a, d, Vote::Concur, None))
        .unwrap_err();
    assert!(matches!(err, GuardError::AlreadySigned { .. }), "{err}");
    w.step(Who::Ac(1), cosign(a, d, Vote::Concur, None))
        .unwrap();
    let err = w
        .step(Who::Ac(1), cosign(a, d, Vote::Dissent, None))
        .unwrap_err();
    assert!(matches!(err, GuardError::AlreadySigned { .. }), "{err}");
}

#[test]
fn law_93_a_quorum_below_three_needs_the_organisers_reason() {
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    let err = w.step(Who::Org, settings(1, None)).unwrap_err();
    assert_eq!(err, GuardError::QuorumWithoutReason { quorum: 1 });
    assert_eq!(err.law(), "93");
    assert!(err.to_string().contains("reason"), "{err}");
    w.step(Who::Org, settings(3, None))
        .expect("three needs no reason");
    // With a reason, one signature decides.
    let (mut w, a) = convened(Some(settings(
        1,
        Some("Simultaneous pairs: the chief TD's standing committee of one."),
    )));
    w.step(Who::Ac(0), changed(a)).unwrap();
    assert_eq!(score_ns(&w), 170);
    assert_eq!(
        w.folded().workflow.appeals[&a].state,
        State::Decided,
        "a quorum of one: the chair's signature"
    );
}

#[test]
fn law_93_settings_signed_as_version_1_keep_their_meaning() {
    // Version 1 of `config.appeals` had no reason rule and one signature decided: a log
    // signed then replays as it was.
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    w.f.forge(&w.org, settings(3, None), |env| env.v = 1);
    w.f.forge(&w.org, settings(1, None), |env| env.v = 1);
    let f = w.folded();
    assert!(f.workflow.flags.is_empty(), "{:?}", f.workflow.flags);
    assert_eq!(f.workflow.settings.quorum, 1);
    assert_eq!(f.workflow.settings_version, Some(1));
    // The same settings signed today (version 2) are flagged and do not apply.
    w.force(Who::Org, settings(1, None));
    let f = w.folded();
    assert_eq!(f.workflow.flags.len(), 1);
    assert_eq!(f.workflow.flags[0].law, "93");
    assert_eq!(f.workflow.settings.quorum, 1, "the version 1 settings stay");
}

#[test]
fn law_93_settings_never_go_back_to_an_older_version() {
    // The organiser's settings as tdlog signs them (the current version), quorum three.
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    w.step(Who::Org, settings(3, None)).unwrap();
    let standing = w
        .folded()
        .workflow
        .settings_version
        .expect("settings stand");
    assert!(standing >= 3, "tdlog signs the current version: {standing}");
    // A hostile organiser key forges version 1 settings (one signature decides, no reason
    // needed, no deposit rule) after them: flagged, not applied.
    w.f.forge(&w.org, settings(1, None), |env| env.v = 1);
    let f = w.folded();
    assert_eq!(f.workflow.flags.len(), 1, "{:?}", f.workflow.flags);
    assert_eq!(
        f.workflow.flags[0].error,
        GuardError::SettingsDowngrade {
            signed: 1,
            standing
        }
    );
    assert_eq!(f.workflow.flags[0].law, "93");
    assert_eq!(f.workflow.settings.quorum, 3, "the newer settings stay");
    assert_eq!(f.workflow.settings_version, Some(standing));
    // So a committee's decision still needs three concurring signatures.
    let (mut w, a) = convened(Some(settings(3, None)));
    w.f.forge(&w.org, settings(1, None), |env| env.v = 1);
    w.step(Who::Ac(0), changed(a)).unwrap();
    assert_eq!(
        score_ns(&w),
        420,
        "the chair alone does not change the score"
    );
    // Its refusal reads in every language, naming the law.
    let e = GuardError::SettingsDowngrade {
        signed: 1,
        standing: 3,
    };
    for lang in [
        tdlog::i18n::Lang::En,
        tdlog::i18n::Lang::De,
        tdlog::i18n::Lang::Da,
    ] {
        let text = tdlog::appeals::refusal(lang, &e);
        assert!(text.contains("93"), "{lang:?}: {text}");
    }
}

/// 2026-11-28, after tdlog wrote `config.appeals` version 3 (version 1 was superseded on
/// 2026-11-26): a time at which no tdlog signs version 1 any more.
const AFTER_VERSION_3: i64 = 1_795_900_000_000;

#[test]
fn attack_law_93_settings_forged_as_version_1_today_do_not_make_the_chair_decide_alone() {
    // No settings yet, the committee convened: three concurring signatures are needed. The
    // organiser's key forges its first settings as version 1 (quorum 1, no reason), signed
    // today: an old version cannot be signed once the current one exists, whoever signs it
    // and whatever came first.
    let (mut w, a) = convened(None);
    w.at(AFTER_VERSION_3);
    w.f.forge(&w.org, settings(1, None), |env| env.v = 1);
    let f = w.folded();
    assert_eq!(f.workflow.flags.len(), 1, "{:?}", f.workflow.flags);
    assert!(
        matches!(
            f.workflow.flags[0].error,
            GuardError::SettingsSuperseded { signed: 1, .. }
        ),
        "{:?}",
        f.workflow.flags[0].error
    );
    assert_eq!(f.workflow.flags[0].law, "93");
    assert_eq!(f.workflow.settings.quorum, 3);
    w.step(Who::Ac(0), changed(a)).unwrap();
    assert_eq!(
        score_ns(&w),
        420,
        "the chair alone does not change the score"
    );
    for lang in [
        tdlog::i18n::Lang::En,
        tdlog::i18n::Lang::De,
        tdlog::i18n::Lang::Da,
    ] {
        let text = tdlog::appeals::refusal(lang, &f.workflow.flags[0].error);
        assert!(text.contains("93"), "{lang:?}: {text}");
    }
}

#[test]
fn law_93b_a_decision_waiting_for_its_quorum_blocks_a_second_until_it_cannot_take_effect() {
    let (mut w, a) = convened(None);
    let d = w.step(Who::Ac(0), changed(a)).unwrap();
    let err = w
        .step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap_err();
    assert!(matches!(err, GuardError::DecisionPending { .. }), "{err}");
    // Lena dissents: three concurring signatures can no longer be reached.
    w.step(Who::Ac(1), cosign(a, d, Vote::Dissent, None))
        .unwrap();
    let d2 = w
        .step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .expect("the chair signs a new decision");
    let err = w
        .step(Who::Ac(2), cosign(a, d2, Vote::Concur, None))
        .map(|_| ())
        .and_then(|()| {
            w.step(Who::Ac(1), cosign(a, d2, Vote::Concur, None))
                .map(|_| ())
        });
    assert!(err.is_ok(), "{err:?}");
    let f = w.folded();
    let ap = &f.workflow.appeals[&a];
    assert_eq!(ap.state, State::Decided);
    assert!(!ap.decisions[0].effective && ap.decisions[1].effective);
    assert_eq!(score_ns(&w), 420, "upheld: the table result stands");
}

#[test]
fn law_93c1_members_who_cosigned_the_first_decision_may_not_decide_the_further_appeal() {
    let (mut w, a) = convened(Some(settings(3, None)));
    let d = w.step(Who::Ac(0), changed(a)).unwrap();
    for i in [1, 2] {
        w.step(Who::Ac(i), cosign(a, d, Vote::Concur, None))
            .unwrap();
    }
    w.step(
        Who::Td,
        Payload::AppealFurther(AppealFurther {
            appeal: a,
            grounds: "The committee misjudged the logical alternatives.".into(),
        }),
    )
    .unwrap();
    let err = w
        .step(Who::Ac(2), decide(a, Decision::Upheld, None))
        .unwrap_err();
    assert!(matches!(err, GuardError::DecidedBefore { .. }), "{err}");
    assert_eq!(err.law(), "93C1");
}

#[test]
fn law_93b_a_withdrawal_while_a_decision_waits_leaves_it_without_effect() {
    let (mut w, a) = convened(None);
    let d = w.step(Who::Ac(0), changed(a)).unwrap();
    w.step(
        Who::Td,
        Payload::AppealWithdrawn(AppealWithdrawn {
            appeal: a,
            reason: "Pair 2 withdraws.".into(),
        }),
    )
    .unwrap();
    for i in [1, 2] {
        let err = w
            .step(Who::Ac(i), cosign(a, d, Vote::Concur, None))
            .unwrap_err();
        assert!(matches!(err, GuardError::NotAllowed { .. }), "{err}");
    }
    assert_eq!(score_ns(&w), 420);
}

#[test]
fn law_93b_the_appeal_form_shows_the_quorum_and_the_dissent_in_each_language() {
    use tdlog::i18n::Lang;
    let (mut w, a) = convened(None);
    let d = w.step(Who::Ac(0), changed(a)).unwrap();
    w.step(
        Who::Ac(1),
        cosign(a, d, Vote::Dissent, Some("No logical alternative")),
    )
    .unwrap();
    let f = w.folded();
    let form = |lang| {
        tdlog::appeals::report::html(
            &tdlog::appeals::report::dossier(&f, &f.workflow.appeals[&a], lang),
            lang,
        )
    };
    let en = form(Lang::En);
    assert!(
        en.contains("Concurring signatures (Law 93B)")
            && en.contains("1 / 3 (cannot reach the quorum)"),
        "{en}"
    );
    assert!(en.contains("dissents: No logical alternative"), "{en}");
    assert!(en.contains("Lena Lind (tablet)"), "{en}");
    let de = form(Lang::De);
    assert!(
        de.contains("Zustimmende Unterschriften (§ 93 B)")
            && de.contains("abweichende Meinung: No logical alternative"),
        "{de}"
    );
    let da = form(Lang::Da);
    assert!(
        da.contains("Tiltrædende underskrifter (§ 93B)") && da.contains("dissens"),
        "{da}"
    );
}

#[test]
fn law_12c1c_a_committee_decision_with_a_weighted_score_takes_effect_at_the_quorum() {
    // The committee's changed score may be weighted (Law 12C1(c)), the two sides weighted
    // differently: it stands, and reaches the board, only at the quorum (Law 93B).
    let (mut w, a) = convened(None);
    let outcome = |weight, contract: &str, tricks| Weighted {
        weight,
        result: TableResult {
            contract: contract.into(),
            declarer: Some("S".parse().unwrap()),
            tricks: Some(tricks),
        },
    };
    let weighted = Adjustment::Weighted {
        ns: vec![outcome(60, "4S", 10), outcome(40, "4S", 9)],
        ew: Some(vec![outcome(30, "4S", 10), outcome(70, "4S", 9)]),
    };
    let d = w
        .step(
            Who::Ac(0),
            decide(a, Decision::Changed, Some(weighted.clone())),
        )
        .expect("the chair signs a weighted score");
    assert_eq!(score_ns(&w), 420, "no score change before the quorum");
    w.concur(a, d, &[1, 2]);
    match w.folded().tournament.slots[&slot(1, 1)].outcome() {
        tdlog::results::Outcome::Adjusted { adjustment, .. } => assert_eq!(adjustment, &weighted),
        o => panic!("the committee's weighted score is not on the board: {o:?}"),
    }
}
