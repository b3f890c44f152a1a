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

/// Law 92D, the same in the engine, the screen and the refusal: a team whose captain is not
/// recorded cannot appeal until the captain is (the team's record signed again with it), and
/// then the captain's consent is the one that counts; a member's signature is kept.
#[test]
fn law_92d_a_team_without_a_recorded_captain_records_one_then_the_captain_consents() {
    use tdlog::appeals::ConsentRule;
    let team2 = |captain: Option<&str>| {
        Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: "2".into(),
            name: "Pair 2".into(),
            members: vec!["Cara Diaz".into(), "Dan Eck".into()],
            captain: captain.map(String::from),
            phantom: false,
        }))
    };
    let mut w = World::new(Form::Teams);
    // Team 2's record again, without a captain (the latest record applies).
    w.step(Who::Scorer, team2(None)).unwrap();
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let rule = w.folded().workflow.consent_rule("A", "2");
    assert_eq!(rule.rule, ConsentRule::CaptainUnrecorded);
    assert!(rule.may_consent.is_empty());
    assert_eq!(rule.members, ["Cara Diaz", "Dan Eck"]);
    let a = w.step(Who::Td, file(r, "2", &["Dan Eck"])).unwrap();
    match w
        .step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap_err()
    {
        GuardError::ConsentMissing { rule, .. } => {
            assert_eq!(rule, ConsentRule::CaptainUnrecorded)
        }
        other => panic!("not the Law 92D refusal: {other}"),
    }
    // The captain is recorded; Dan Eck's signature, already on the appeal, now counts.
    w.step(Who::Td, team2(Some("Dan Eck"))).unwrap();
    let rule = w.folded().workflow.consent_rule("A", "2");
    assert_eq!(rule.rule, ConsentRule::Captain);
    assert_eq!(rule.may_consent, ["Dan Eck"]);
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
    // A committee member cannot decide what is the chief TD's (Law 93A), nor can a plain
    // TD: the appeal is at the chief TD, so the refusal cites 93A, not the committee's 93B.
    assert_eq!(
        w.step(Who::Ac(0), decide(a, Decision::Upheld, None))
            .unwrap_err()
            .law(),
        "93A"
    );
    let by_td = w
        .step(Who::Td, decide(a, Decision::Upheld, None))
        .unwrap_err();
    assert!(matches!(by_td, GuardError::NotChiefTd { .. }), "{by_td:?}");
    assert_eq!(by_td.law(), "93A");
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
