//! Rulings, deadlines and appeals (Laws 79, 82, 91-93) as the rule book states them, with a
//! fake clock: worked example W25 (a)-(d) of bridge-laws.md §9, one test per guard, the
//! Doppelkopf Schiedsgericht profile, and replay of merged logs that contain refused steps.

mod appeals_world;
mod common;

use appeals_world::*;
use tdlog::appeals::pipeline::State;
use tdlog::appeals::GuardError;
use tdlog::events::*;
use tdlog::keys::Role;
use tdlog::log::Hash32;

fn correction(tricks: u8, late_consent: Option<Hash32>) -> Payload {
    Payload::ScoreCorrected(Box::new(ScoreCorrected {
        slot: slot(1, 1),
        ns: "1".into(),
        ew: "2".into(),
        result: TableResult {
            contract: "4S".into(),
            declarer: Some("S".parse().unwrap()),
            tricks: Some(tricks),
        },
        reason: "Tricks entered wrongly; both sides agree.".into(),
        late_consent,
    }))
}

fn score_ns(w: &World) -> i32 {
    let t = w.folded().tournament;
    match t.slots[&slot(1, 1)].outcome() {
        tdlog::results::Outcome::Played { score_ns, .. } => *score_ns,
        o => panic!("{o:?}"),
    }
}

/// A committee of the three neutral members, chaired by Karl.
fn convene(w: &World, appeal: Hash32) -> Payload {
    Payload::CommitteeConvened(CommitteeConvened {
        appeal,
        members: w.ac.iter().map(|k| k.public()).collect(),
        chair: w.ac[0].public(),
        part: None,
    })
}

// ---------------------------------------------------------------- W25 (a)-(d)

#[test]
fn law_79c1_w25a_scoring_error_reported_at_2220_is_corrected() {
    let mut w = World::new(Form::Pairs);
    w.publish(PUB);
    assert_eq!(score_ns(&w), 420);
    w.at(PUB + 20 * MIN);
    w.step(Who::Scorer, correction(9, None))
        .expect("inside the correction period");
    assert_eq!(score_ns(&w), -50);
    let clocks = w.folded().workflow.clocks(PUB + 20 * MIN);
    let c = clocks
        .iter()
        .find(|c| c.law == "79C1")
        .expect("correction clock open");
    assert_eq!(c.ends, "2026-09-21T22:30:00Z");
    assert_eq!(c.left_s, 600);
}

#[test]
fn law_92b_w25b_appeal_filed_at_2231_is_late() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 31 * MIN);
    let err = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap_err();
    assert!(matches!(err, GuardError::AppealLate { .. }), "{err}");
    assert_eq!(err.law(), "92B");
    assert!(err.to_string().contains("22:30:00"), "{err}");
    assert!(w.folded().workflow.appeals.is_empty());
}

#[test]
fn law_92d_w25c_pairs_appeal_signed_by_one_partner_is_not_heard() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
    let a = w.step(Who::Td, file(r, "2", &["Cara Diaz"])).unwrap();
    w.at(PUB + 12 * MIN);
    let err = w
        .step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap_err();
    assert!(matches!(err, GuardError::ConsentMissing { .. }), "{err}");
    assert_eq!(err.law(), "92D");
    assert!(err.to_string().contains("Dan Eck"), "{err}");
    // Nothing more is signed: the partner's consent after the deadline would still count
    // (Law 92D, tests/appeals_periods.rs), but without it the appeal is not heard.
    let f = w.folded();
    let ap = &f.workflow.appeals[&a];
    // While the period runs the appeal is only filed; after it, it is not heard.
    assert_eq!(f.workflow.status(ap, PUB + 20 * MIN), "filed");
    assert_eq!(f.workflow.status(ap, PUB + 31 * MIN), "not_heard");
}

/// D11: a consent refused because the signer is not of the appealing side says who may
/// consent for that side, and a missing consent lists who may and who has signed.
#[test]
fn law_92d_a_refused_consent_names_who_may_consent_for_that_side() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
    let err = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Zoe Stranger"]))
        .unwrap_err();
    match &err {
        GuardError::NotAConsentingPlayer { may_consent, .. } => {
            assert_eq!(
                may_consent,
                &["Cara Diaz".to_string(), "Dan Eck".to_string()]
            )
        }
        other => panic!("not the Law 92D refusal: {other}"),
    }
    assert!(err.to_string().contains("Cara Diaz, Dan Eck"), "{err}");
    let a = w.step(Who::Td, file(r, "2", &["Cara Diaz"])).unwrap();
    w.at(PUB + 12 * MIN);
    match w
        .step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap_err()
    {
        GuardError::ConsentMissing {
            may_consent,
            signed,
            ..
        } => {
            assert_eq!(may_consent, ["Cara Diaz", "Dan Eck"]);
            assert_eq!(signed, ["Cara Diaz"]);
        }
        other => panic!("not the Law 92D refusal: {other}"),
    }
}

#[test]
fn law_92d_partner_consent_in_time_lets_the_appeal_be_routed() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
    let a = w.step(Who::Td, file(r, "2", &["Cara Diaz"])).unwrap();
    w.at(PUB + 20 * MIN);
    w.step(
        Who::Td,
        Payload::AppealConsent(AppealConsent {
            appeal: a,
            player: "Dan Eck".into(),
        }),
    )
    .unwrap();
    w.at(PUB + 40 * MIN);
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    assert_eq!(w.folded().workflow.appeals[&a].state, State::AtCommittee);
}

#[test]
fn law_92d_teams_need_the_captain_and_individuals_only_themselves() {
    let mut w = World::new(Form::Teams);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w.step(Who::Td, file(r, "2", &["Dan Eck"])).unwrap();
    let err = w
        .step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap_err();
    assert!(err.to_string().contains("captain (Cara Diaz)"), "{err}");
    let b = w.step(Who::Td, file(r, "1", &["Anna Berg"])).unwrap();
    w.step(Who::Chief, route(b, Forum::Committee, false))
        .unwrap();

    let mut w = World::new(Form::Individual);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w.step(Who::Td, file(r, "2", &["Cara Diaz"])).unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
}

#[test]
fn law_69b1_w25d_claim_acquiescence_withdrawn_within_the_correction_period_is_rescored() {
    // Declarer claimed 10 tricks in total at trick 9; the defenders agreed and bid on the
    // next board (acquiescence established, Law 69A). At 22:15 they show trick 7 was
    // theirs: within the correction period the board is rescored to 9 tricks (Law 69B1).
    use tdlog::bridge::deadline::{acquiescence_established, claim_agreement_withdrawal, Periods};
    let dt = |ms: i64| chrono::DateTime::from_timestamp_millis(ms).unwrap();
    let next_board = dt(PUB - 90 * MIN);
    assert_eq!(
        acquiescence_established(Some(next_board), None),
        Some(next_board)
    );
    assert_eq!(
        claim_agreement_withdrawal(
            &Periods::default(),
            dt(PUB),
            dt(PUB + 15 * MIN),
            true,
            false
        ),
        Some("69B1")
    );
    assert_eq!(
        claim_agreement_withdrawal(
            &Periods::default(),
            dt(PUB),
            dt(PUB + 31 * MIN),
            true,
            false
        ),
        None
    );
    let mut w = World::new(Form::Pairs);
    w.publish(PUB);
    w.at(PUB + 15 * MIN);
    w.step(
        Who::Td,
        Payload::Ruling(Box::new(Ruling {
            facts: "Claim of 10 tricks at trick 9 agreed; trick 7 was won by the defenders.".into(),
            laws: vec!["69B1".into()],
            category: Category::Law,
            decision: "Acquiescence withdrawn within the correction period; 9 tricks.".into(),
            adjustment: None,
            ..match ruling_payload(Category::Law, None) {
                Payload::Ruling(r) => *r,
                _ => unreachable!(),
            }
        })),
    )
    .unwrap();
    w.step(Who::Td, correction(9, None)).unwrap();
    assert_eq!(score_ns(&w), -50);
    // The same showing after 22:30 is a late correction (Law 79C2).
    let mut w2 = World::new(Form::Pairs);
    w2.publish(PUB);
    w2.at(PUB + 31 * MIN);
    assert_eq!(
        w2.step(Who::Td, correction(9, None)).unwrap_err().law(),
        "79C2"
    );
    assert_eq!(score_ns(&w2), 420);
}

// ---------------------------------------------------------------- guards

#[test]
fn law_92a_appeal_of_a_ruling_at_another_table_is_refused() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let err = w
        .step(Who::Td, file(r, "3", &["Eva Fox", "Finn Gray"]))
        .unwrap_err();
    assert!(matches!(err, GuardError::NotAtTable { .. }));
    assert_eq!(err.law(), "92A");
    assert!(err.to_string().starts_with("Law 92A"), "{err}");
}

#[test]
fn law_91a_disciplinary_decision_cannot_be_appealed() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Disciplinary, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let err = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap_err();
    assert_eq!(err, GuardError::Disciplinary);
    assert!(err.to_string().contains("93B3"));
    // No appeal clock runs for it either.
    assert!(w
        .folded()
        .workflow
        .clocks(PUB + 5 * MIN)
        .iter()
        .all(|c| c.law != "92B"));
}

/// A law-only ruling: the chief TD decides first (93B1); an appeal of that to the committee
/// can only end in a recommendation (93B3).
#[test]
fn law_93b3_committee_on_a_law_only_point_records_only_a_recommendation() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Law, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    assert_eq!(
        w.step(Who::Chief, route(a, Forum::Committee, true))
            .unwrap_err(),
        GuardError::LawOnlyToChiefTd
    );
    // The ruling's category decides, not the flag on the route.
    assert_eq!(
        w.step(Who::Chief, route(a, Forum::Committee, false))
            .unwrap_err(),
        GuardError::LawOnlyToChiefTd
    );
    w.step(Who::Chief, route(a, Forum::ChiefTd, true)).unwrap();
    // A committee member cannot decide what is the chief TD's (Law 93A).
    assert_eq!(
        w.step(Who::Ac(0), decide(a, Decision::Upheld, None))
            .unwrap_err()
            .law(),
        "93A"
    );
    w.step(Who::Chief, decide(a, Decision::Upheld, None))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, true))
        .unwrap();
    let c = convene(&w, a);
    w.step(Who::Chief, c).unwrap();
    let err = w
        .step(
            Who::Ac(0),
            decide(a, Decision::Changed, Some(assigned("3S", 10))),
        )
        .unwrap_err();
    assert_eq!(err, GuardError::LawOnlyRecommendation);
    assert_eq!(err.law(), "93B3");
    let d = w
        .step(Who::Ac(0), decide(a, Decision::RecommendationOnly, None))
        .unwrap();
    w.concur(a, d, &[1, 2]);
    let f = w.folded();
    let ap = &f.workflow.appeals[&a];
    assert_eq!(ap.state, State::Decided);
    assert_eq!(ap.decisions.len(), 2);
    assert_eq!(score_ns(&w), 420, "a recommendation changes no score");
}

#[test]
fn law_93b_decision_signed_by_a_key_without_the_committee_role_is_refused() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    let c = convene(&w, a);
    w.step(Who::Chief, c).unwrap();
    // The chief TD's key is not a committee key.
    let err = w
        .step(Who::Chief, decide(a, Decision::Upheld, None))
        .unwrap_err();
    assert!(matches!(err, GuardError::NotCommitteeKey { .. }), "{err}");
    assert_eq!(err.law(), "93B");
    // A committee key not on this committee.
    let err = w
        .step(Who::AnnaAc, decide(a, Decision::Upheld, None))
        .unwrap_err();
    assert!(
        matches!(
            err,
            GuardError::NotCommitteeMember { .. } | GuardError::MemberPlayed { .. }
        ),
        "{err}"
    );
    // A TD key is refused by the catalogue's role table (the log layer).
    let spec = spec(AppealDecided::KIND, 1).unwrap();
    assert!(!spec.roles.contains(&Role::Td));
    // The chair of the convened committee may (the others co-sign, Law 93B).
    w.step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap();
}

#[test]
fn law_93b_member_who_played_at_the_table_may_not_sit_or_decide() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    let with_anna = Payload::CommitteeConvened(CommitteeConvened {
        appeal: a,
        members: vec![w.ac[0].public(), w.anna_ac.public()],
        chair: w.ac[0].public(),
        part: None,
    });
    let err = w.step(Who::Chief, with_anna.clone()).unwrap_err();
    assert_eq!(
        err,
        GuardError::MemberPlayed {
            holder: "Anna Berg (phone)".into()
        }
    );
    // Merged anyway: flagged on replay, and her decision is flagged too.
    w.force(Who::Chief, with_anna);
    let d = w.force(Who::AnnaAc, decide(a, Decision::Upheld, None));
    let f = w.folded();
    assert_eq!(f.workflow.appeals[&a].state, State::AtCommittee);
    assert_eq!(f.workflow.flags.len(), 2, "{:#?}", f.workflow.flags);
    assert_eq!(f.workflow.flags[0].law, "93B");
    assert_eq!(f.workflow.flags[1].signed.event, d);
    assert!(f.workflow.appeals[&a].decisions.is_empty());
}

#[test]
fn law_93b_committee_below_the_organisers_quorum_is_refused() {
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            quorum: 3,
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    let two = Payload::CommitteeConvened(CommitteeConvened {
        appeal: a,
        members: vec![w.ac[0].public(), w.ac[1].public()],
        chair: w.ac[0].public(),
        part: None,
    });
    assert_eq!(
        w.step(Who::Chief, two).unwrap_err(),
        GuardError::Quorum { have: 2, quorum: 3 }
    );
}

#[test]
fn law_79c2_correction_after_the_period_needs_the_organisers_consent() {
    let mut w = World::new(Form::Pairs);
    w.publish(PUB);
    w.at(PUB + 45 * MIN);
    let err = w.step(Who::Scorer, correction(9, None)).unwrap_err();
    assert!(matches!(err, GuardError::LateCorrection { .. }));
    assert_eq!(err.law(), "79C2");
    // A consent for another board does not do.
    let other = w
        .step(
            Who::Org,
            Payload::LateCorrectionConsent(LateCorrectionConsent {
                slot: slot(2, 1),
                reason: "Scorer's error at table 2".into(),
            }),
        )
        .unwrap();
    assert_eq!(
        w.step(Who::Scorer, correction(9, Some(other)))
            .unwrap_err()
            .law(),
        "79C2"
    );
    let ok = w
        .step(
            Who::Org,
            Payload::LateCorrectionConsent(LateCorrectionConsent {
                slot: slot(1, 1),
                reason: "The TD is convinced the record is wrong".into(),
            }),
        )
        .unwrap();
    w.step(Who::Scorer, correction(9, Some(ok))).unwrap();
    assert_eq!(score_ns(&w), -50);
}

#[test]
fn law_79c_organiser_settings_later_or_shorter_only_with_a_reason() {
    let shorter = AppealSettings {
        correction_minutes: 10,
        ..AppealSettings::default()
    };
    let e = Payload::AppealSettings(Box::new(shorter.clone()))
        .encode()
        .unwrap_err();
    assert!(e.to_string().contains("79C1"), "{e}");
    let with_reason = AppealSettings {
        reason: Some("Last session; prize-giving at 22:15".into()),
        ..shorter
    };
    Payload::AppealSettings(Box::new(with_reason))
        .encode()
        .unwrap();
    // A later deadline moves the clocks.
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            correction_minutes: 60,
            appeal_minutes: 45,
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 40 * MIN);
    w.step(Who::Scorer, correction(9, None)).unwrap();
    w.step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
}

#[test]
fn republication_restarts_the_clocks_only_when_the_organiser_says_so() {
    for restarts in [false, true] {
        let mut w = World::new(Form::Pairs);
        w.at(PUB - 60 * MIN);
        w.step(
            Who::Org,
            Payload::AppealSettings(Box::new(AppealSettings {
                republication_restarts: restarts,
                ..AppealSettings::default()
            })),
        )
        .unwrap();
        w.publish(PUB);
        w.publish(PUB + 20 * MIN);
        w.at(PUB + 35 * MIN);
        let r = w.step(Who::Scorer, correction(9, None));
        assert_eq!(r.is_ok(), restarts, "restarts = {restarts}: {r:?}");
    }
}

#[test]
fn law_82c_a_director_corrects_his_own_ruling_the_chief_any() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    let mut p = match ruling_payload(Category::Judgement, Some(assigned("3S", 10))) {
        Payload::Ruling(x) => x,
        _ => unreachable!(),
    };
    p.corrects = Some(r);
    // A ruling signed by another director (here: forged by the scorer's role is not even
    // possible, so use the chief TD, who may correct any ruling).
    w.at(PUB - 20 * MIN);
    let c = w.step(Who::Chief, Payload::Ruling(p.clone())).unwrap();
    let f = w.folded();
    assert_eq!(f.workflow.rulings[&r].corrected_by, Some(c));
    p.corrects = Some(Hash32([9; 32]));
    assert_eq!(
        w.step(Who::Td, Payload::Ruling(p)).unwrap_err().law(),
        "82C"
    );
}

#[test]
fn steps_out_of_pipeline_order_are_refused_naming_the_state() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    let err = w
        .step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap_err();
    assert!(err.to_string().contains("`filed`"), "{err}");
    // No further appeal unless configured (Law 93C1).
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    let c = convene(&w, a);
    w.step(Who::Chief, c).unwrap();
    let d = w
        .step(Who::Ac(0), decide(a, Decision::WithoutMerit, None))
        .unwrap();
    w.concur(a, d, &[1, 2]);
    let further = Payload::AppealFurther(AppealFurther {
        appeal: a,
        grounds: "The committee misjudged the hesitation.".into(),
    });
    assert_eq!(
        w.step(Who::Td, further).unwrap_err(),
        GuardError::NoFurtherAppeal
    );
    // Withdrawal only before a decision.
    let wd = Payload::AppealWithdrawn(AppealWithdrawn {
        appeal: a,
        reason: "changed our minds".into(),
    });
    assert_eq!(w.step(Who::Td, wd).unwrap_err().law(), "93");
}

#[test]
fn law_93a_without_a_committee_the_chief_td_hears_everything() {
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            committee: false,
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    assert_eq!(
        w.step(Who::Chief, route(a, Forum::Committee, false))
            .unwrap_err(),
        GuardError::NoCommittee
    );
    w.step(Who::Chief, route(a, Forum::ChiefTd, false)).unwrap();
    w.step(
        Who::Chief,
        decide(a, Decision::Changed, Some(assigned("3S", 10))),
    )
    .unwrap();
    let t = w.folded().tournament;
    assert!(matches!(
        t.slots[&slot(1, 1)].outcome(),
        tdlog::results::Outcome::Adjusted { .. }
    ));
}

#[test]
fn law_93b2_with_a_committee_judgement_goes_to_the_committee() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    assert_eq!(
        w.step(Who::Chief, route(a, Forum::ChiefTd, false))
            .unwrap_err(),
        GuardError::JudgementToCommittee
    );
}

#[test]
fn doppelkopf_schiedsgericht_objection_at_once_then_final() {
    let mut w = World::new(Form::Individual);
    w.at(PUB - 60 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            profile: tdlog::appeals::pipeline::Profile::DokoSchiedsgericht,
            appeal_anchor: Anchor::Ruling,
            appeal_minutes: 5,
            correction_minutes: 30,
            reason: Some("Eppstein rules: objection immediately, play suspended".into()),
            quorum: 3,
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.at(PUB - 24 * MIN);
    assert_eq!(
        w.step(Who::Td, file(r, "1", &["Anna Berg"]))
            .unwrap_err()
            .law(),
        "92B",
        "objection later than the profile allows"
    );
    w.at(PUB - 27 * MIN);
    let a = w.step(Who::Td, file(r, "1", &["Anna Berg"])).unwrap();
    // No routing in this pipeline: the Schiedsgericht is convened directly.
    assert_eq!(
        w.step(Who::Chief, route(a, Forum::Committee, false))
            .unwrap_err()
            .law(),
        "93"
    );
    let c = convene(&w, a);
    w.step(Who::Chief, c).unwrap();
    {
        let f = w.folded();
        assert!(
            f.workflow.play_suspended(&f.workflow.appeals[&a]),
            "play waits for the Schiedsgericht"
        );
    }
    let d = w
        .step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap();
    // The chair's decision, then the two other members concur (quorum 3, Law 93B).
    w.concur(a, d, &[1, 2]);
    let f = w.folded();
    assert!(!f.workflow.play_suspended(&f.workflow.appeals[&a]));
    let states: Vec<State> = f.workflow.appeals[&a]
        .steps
        .iter()
        .map(|s| s.state)
        .collect();
    assert_eq!(
        states,
        vec![
            State::Filed,
            State::Convened,
            State::Convened,
            State::Convened,
            State::Decided
        ]
    );
    let wd = Payload::AppealWithdrawn(AppealWithdrawn {
        appeal: a,
        reason: "x".into(),
    });
    assert!(w.step(Who::Td, wd).is_err(), "final");
}

#[test]
fn refused_steps_in_a_merged_log_are_flagged_never_applied() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 31 * MIN);
    let late = w.force(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]));
    let corr = w.force(Who::Scorer, correction(9, None));
    let f = w.folded();
    assert!(f.workflow.appeals.is_empty());
    let laws: Vec<(Hash32, &str)> = f
        .workflow
        .flags
        .iter()
        .map(|x| (x.signed.event, x.law))
        .collect();
    assert_eq!(laws, vec![(late, "92B"), (corr, "79C2")]);
    assert_eq!(
        score_ns(&w),
        420,
        "a flagged correction never reaches the score"
    );
}

#[test]
fn every_report_label_and_refusal_exists_in_english_german_and_danish() {
    use tdlog::i18n::{refusal, tr, Lang, LABELS};
    let mut keys: Vec<&str> = LABELS.iter().map(|l| l.0).collect();
    keys.sort();
    let n = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), n, "a label key is listed twice");
    for (k, en, de, da) in LABELS {
        assert!(!en.is_empty() && !de.is_empty() && !da.is_empty(), "{k}");
        assert_eq!(tr(Lang::En, k), *en);
    }
    use tdlog::appeals::pipeline::State as St;
    for st in [
        St::Filed,
        St::AtChiefTd,
        St::AtCommittee,
        St::Convened,
        St::Decided,
        St::FurtherAppeal,
        St::Referred,
        St::Withdrawn,
    ] {
        for l in [Lang::En, Lang::De, Lang::Da] {
            assert_ne!(tr(l, &format!("st_{}", st.as_str())), "?", "{st:?}");
        }
    }
    for v in ["None", "NS", "EW", "Both"] {
        assert_ne!(tr(Lang::Da, &format!("vul_{v}")), "?");
    }
    assert_eq!(tr(Lang::De, "committee"), "Schiedsgericht");
    assert_eq!(tr(Lang::Da, "committee"), "Appelkomite");
    let e = GuardError::AppealLate {
        deadline: "2026-09-21T22:30:00Z".into(),
        at: "2026-09-21T22:31:00Z".into(),
    };
    assert!(refusal(Lang::De, &e).starts_with("§ 92 B: Protestfrist"));
    assert!(refusal(Lang::Da, &e).starts_with("§ 92B: appelfristen"));
    assert!(refusal(Lang::En, &e).starts_with("Law 92B"));
}

// ------------------------------------------------ reports in the national editions' terms

/// Two appeals of board 1: one decided with a weighted score (Law 12C1(c)), one with an
/// artificial score (Law 12C2); the played result (4S by S, 10 tricks) behind both.
fn decided_world() -> tdlog::appeals::Folded {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(
        PUB - 30 * MIN,
        Category::Judgement,
        Some(assigned("3S", 10)),
    );
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    w.step(Who::Chief, convene(&w, a)).unwrap();
    let weighted = Adjustment::Weighted {
        ns: vec![
            Weighted {
                weight: 2,
                result: TableResult {
                    contract: "4SX".into(),
                    declarer: Some("S".parse().unwrap()),
                    tricks: Some(10),
                },
            },
            Weighted {
                weight: 1,
                result: TableResult {
                    contract: "3NT".into(),
                    declarer: Some("N".parse().unwrap()),
                    tricks: Some(8),
                },
            },
        ],
        ew: None,
    };
    let d = w
        .step(Who::Ac(0), decide(a, Decision::Changed, Some(weighted)))
        .unwrap();
    w.concur(a, d, &[1, 2]);
    let r2 = w.ruling(PUB + 6 * MIN, Category::ProceduralPenalty, None);
    let a2 = w
        .step(Who::Td, file(r2, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.step(Who::Chief, route(a2, Forum::Committee, false))
        .unwrap();
    w.step(Who::Chief, convene(&w, a2)).unwrap();
    let artificial = Adjustment::Artificial {
        ns: Artificial::AveragePlus,
        ew: Artificial::AverageMinus,
    };
    let d2 = w
        .step(Who::Ac(0), decide(a2, Decision::Changed, Some(artificial)))
        .unwrap();
    w.concur(a2, d2, &[1, 2]);
    w.folded()
}

/// The English score phrases of `results::Outcome::describe`.
const ENGLISH_SCORE: &[&str] = &[
    " by ",
    "tricks",
    "adjusted under Law",
    "assigned",
    "artificial",
    "weighted",
    "not played",
    " of ",
    "A+",
    "A-",
    "EW",
    "4SX",
    "3NT",
];

#[test]
fn law_12_german_and_danish_reports_give_scores_in_their_own_terms_with_no_english_phrase() {
    use tdlog::appeals::report::{casebook, html};
    use tdlog::i18n::{tr, Lang};
    use tdlog::report::Block;
    let f = decided_world();
    let en = html(&casebook(&f, Lang::En), Lang::En);
    // English is what it always was.
    assert!(en.contains("4S by S, 10 tricks"), "{en}");
    assert!(
        en.contains("weighted 2/3 of 4SX by S, 10 tricks + 1/3 of 3NT by N, 8 tricks"),
        "{en}"
    );
    assert!(en.contains("artificial NS A+ / EW A-"), "{en}");
    for (lang, expect) in [
        (
            Lang::De,
            [
                "4 Pik, Alleinspieler Süd, 10 Stiche",
                "gewichteter Score 2/3 von 4 Pik Kontra, Alleinspieler Süd, 10 Stiche + 1/3 von 3 SA, Alleinspieler Nord, 8 Stiche",
                "künstlicher berichtigter Score NS Plusdurchschnitt / OW Minusdurchschnitt",
            ],
        ),
        (
            Lang::Da,
            [
                "4 spar, spilfører Syd, 10 stik",
                "vægtet score 2/3 af 4 spar doblet, spilfører Syd, 10 stik + 1/3 af 3 sans, spilfører Nord, 8 stik",
                "kunstig score NS middel plus / ØV middel minus",
            ],
        ),
    ] {
        let blocks = casebook(&f, lang);
        let scores: Vec<&String> = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Field(label, value)
                    if [tr(lang, "table_result"), tr(lang, "score_now"), tr(lang, "adjusted_score")]
                        .contains(&label.as_str()) =>
                {
                    Some(value)
                }
                _ => None,
            })
            .collect();
        assert!(scores.len() >= 4, "{lang}: {scores:?}");
        for s in &scores {
            for phrase in ENGLISH_SCORE {
                assert!(!s.contains(phrase), "{lang}: {phrase:?} in {s:?}");
            }
        }
        let page = html(&blocks, lang);
        for e in expect {
            assert!(page.contains(e), "{lang}: {e:?} missing");
        }
        for phrase in ["tricks", "adjusted under Law", "assigned", "artificial", "weighted"] {
            assert!(!page.contains(phrase), "{lang}: {phrase:?} in the report");
        }
    }
}

// ------------------------------------------------ Law 93C2: the regulating authority

fn answer(appeal: Hash32, authority: &str, decision: Decision, adj: Option<Adjustment>) -> Payload {
    Payload::AuthorityAnswered(Box::new(AuthorityAnswered {
        appeal,
        authority: authority.into(),
        decision,
        adjustment: adj,
        laws: vec!["16B1".into()],
        reasoning: "The hesitation suggested 4S; pass was a logical alternative.".into(),
        document: "DBV Rechtsausschuss, letter 2026/17".into(),
    }))
}

#[test]
fn law_93c2_the_regulating_authoritys_answer_closes_a_referred_appeal() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    w.step(Who::Chief, convene(&w, a)).unwrap();
    // No answer before a referral: the pipeline has no such step from `convened`.
    assert_eq!(
        w.step(Who::Org, answer(a, "DBV", Decision::Upheld, None))
            .unwrap_err()
            .law(),
        "93"
    );
    w.step(
        Who::Ac(0),
        Payload::AppealReferred(AppealReferred {
            appeal: a,
            to: "DBV".into(),
            reason: "a question of the alert regulations".into(),
        }),
    )
    .unwrap();
    assert_eq!(w.folded().workflow.appeals[&a].state, State::Referred);
    // Only the body it was referred to answers.
    let err = w
        .step(Who::Org, answer(a, "WBF", Decision::Upheld, None))
        .unwrap_err();
    assert_eq!(err.law(), "93C2");
    assert!(err.to_string().starts_with("Law 93C2"), "{err}");
    w.step(
        Who::Org,
        answer(a, "dbv", Decision::Changed, Some(assigned("3S", 10))),
    )
    .unwrap();
    let f = w.folded();
    let ap = &f.workflow.appeals[&a];
    assert_eq!(ap.state, State::Closed);
    let (x, s) = ap.authority.as_ref().unwrap();
    assert_eq!(x.document, "DBV Rechtsausschuss, letter 2026/17");
    assert_eq!(s.role, Role::Organiser);
    // The authority's new score is the board's score (3S+1 by S, NS +170).
    assert!(matches!(
        f.tournament.slots[&slot(1, 1)].outcome(),
        tdlog::results::Outcome::Adjusted { .. }
    ));
    // Its answer is final: nothing moves the appeal again.
    for p in [
        Payload::AppealWithdrawn(AppealWithdrawn {
            appeal: a,
            reason: "x".into(),
        }),
        answer(a, "DBV", Decision::Upheld, None),
        Payload::AppealFurther(AppealFurther {
            appeal: a,
            grounds: "x".into(),
        }),
    ] {
        // The chief TD may sign each of these (catalogue roles): the pipeline refuses.
        assert_eq!(w.step(Who::Chief, p).unwrap_err().law(), "93");
    }
}

#[test]
fn law_93b1_after_a_further_appeal_the_law_part_does_not_go_back_to_the_committee() {
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 121 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            further_appeal: true,
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    let part = |p: Payload, part: Part| match p {
        Payload::AppealRouted(mut x) => {
            x.part = Some(part);
            Payload::AppealRouted(x)
        }
        Payload::CommitteeConvened(mut x) => {
            x.part = Some(part);
            Payload::CommitteeConvened(x)
        }
        Payload::AppealDecided(mut x) => {
            x.part = Some(part);
            Payload::AppealDecided(Box::new(*x))
        }
        p => p,
    };
    w.step(Who::Chief, part(route(a, Forum::ChiefTd, true), Part::Law))
        .unwrap();
    w.step(
        Who::Chief,
        part(route(a, Forum::Committee, false), Part::Judgement),
    )
    .unwrap();
    let c = convene(&w, a);
    w.step(Who::Chief, part(c, Part::Judgement)).unwrap();
    let d = w
        .step(
            Who::Ac(0),
            part(decide(a, Decision::Upheld, None), Part::Judgement),
        )
        .unwrap();
    w.concur(a, d, &[1, 2]);
    assert_eq!(w.folded().workflow.appeals[&a].state, State::InParts);
    w.step(
        Who::Chief,
        part(decide(a, Decision::Upheld, None), Part::Law),
    )
    .unwrap();
    assert_eq!(w.folded().workflow.appeals[&a].state, State::Decided);
    w.step(
        Who::Td,
        Payload::AppealFurther(AppealFurther {
            appeal: a,
            grounds: "to the national body".into(),
        }),
    )
    .unwrap();
    w.step(Who::Chief, decide(a, Decision::Upheld, None))
        .unwrap();
    assert_eq!(
        w.step(
            Who::Chief,
            part(route(a, Forum::Committee, true), Part::Law)
        )
        .unwrap_err()
        .law(),
        "93"
    );
}
