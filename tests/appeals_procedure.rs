//! The procedure around an appeal as the regulations ask it to be kept (Law 93 and the
//! regulations): the other side notified, the hearing recorded (when, where, who attended),
//! the decision announced once it stands; and the deposit, which follows the organiser's
//! settings (version 3 on): returned unless the appeal is judged without merit (Law 92A).

mod appeals_world;
mod common;

use appeals_world::*;
use tdlog::appeals::refusal;
use tdlog::appeals::GuardError;
use tdlog::events::*;
use tdlog::i18n::Lang;
use tdlog::log::Hash32;

fn settings(deposit: Option<&str>) -> Payload {
    Payload::AppealSettings(Box::new(AppealSettings {
        deposit: deposit.map(String::from),
        ..AppealSettings::default()
    }))
}

/// The appeal of `appeals_world::convened` under settings with `deposit` (quorum 3).
fn convened_with(deposit: Option<&str>) -> (World, Hash32) {
    convened(Some(settings(deposit)))
}

fn notify(appeal: Hash32) -> Payload {
    Payload::AppealNotified(AppealNotified {
        appeal,
        parties: vec!["Anna Berg".into(), "Ben Cole".into()],
        hearing_at_ms: Some(PUB + 40 * MIN),
        place: Some("Room 2".into()),
        note: None,
    })
}

fn hearing(appeal: Hash32, began_ms: i64) -> Payload {
    Payload::AppealHearing(AppealHearing {
        appeal,
        began_ms,
        place: "Room 2".into(),
        attended: vec![
            Attendee {
                name: "Cara Diaz".into(),
                party: Party::Appellant,
            },
            Attendee {
                name: "Anna Berg".into(),
                party: Party::Respondent,
            },
            Attendee {
                name: "Tom TD".into(),
                party: Party::Director,
            },
        ],
        note: None,
    })
}

fn announce(appeal: Hash32, decision: Hash32) -> Payload {
    Payload::AppealAnnounced(AppealAnnounced {
        appeal,
        decision,
        parties: vec!["Cara Diaz".into(), "Anna Berg".into()],
        note: None,
    })
}

fn decision(appeal: Hash32, decision: Decision, deposit: Option<Deposit>) -> Payload {
    Payload::AppealDecided(Box::new(AppealDecided {
        appeal,
        decision,
        adjustment: (decision == Decision::Changed).then(|| assigned("3S", 10)),
        laws: vec!["16B1".into()],
        reasoning: "Pass is a logical alternative.".into(),
        deposit,
        penalty: None,
        part: None,
    }))
}

#[test]
fn law_93_the_other_side_is_notified_and_the_hearing_recorded_with_time_place_and_who_attended() {
    let (mut w, a) = convened_with(None);
    w.at(PUB + 15 * MIN);
    let n = w.step(Who::Td, notify(a)).expect("a director notifies");
    // A hearing is recorded by who hears it: a member of this committee, once it began.
    w.at(PUB + 70 * MIN);
    let err = w.step(Who::AnnaAc, hearing(a, PUB + 40 * MIN)).unwrap_err();
    assert!(
        matches!(err, GuardError::NotCommitteeMember { .. }),
        "{err}"
    );
    let err = w
        .step(Who::Ac(0), hearing(a, PUB + 3 * 60 * MIN))
        .unwrap_err();
    assert!(matches!(err, GuardError::HearingInFuture { .. }), "{err}");
    assert_eq!(err.law(), "93");
    let err = w.step(Who::Ac(0), hearing(a, PUB - 60 * MIN)).unwrap_err();
    assert!(
        matches!(err, GuardError::HearingBeforeFiling { .. }),
        "{err}"
    );
    let err = w.step(Who::Td, hearing(a, PUB + 40 * MIN)).unwrap_err();
    assert!(
        matches!(err, GuardError::RoleNotAllowed { law: "93", .. }),
        "a floor director does not sign the hearing's record: {err}"
    );
    let h = w.step(Who::Ac(0), hearing(a, PUB + 40 * MIN)).unwrap();

    let f = w.folded();
    let ap = &f.workflow.appeals[&a];
    assert!(f.workflow.flags.is_empty(), "{:?}", f.workflow.flags);
    assert_eq!(ap.notices.len(), 1);
    assert_eq!(ap.notices[0].signed.event, n);
    assert_eq!(ap.notices[0].step.hearing_at_ms, Some(PUB + 40 * MIN));
    assert_eq!(ap.hearings[0].signed.event, h);
    assert_eq!(ap.hearings[0].signed.signer, "Karl Kohl (tablet)");
    assert_eq!(ap.hearings[0].step.attended.len(), 3);
    // Neither changes the appeal's state.
    assert_eq!(ap.state, tdlog::appeals::pipeline::State::Convened);

    // The appeal form shows them, in the reader's language.
    let text = |lang| {
        let blocks = tdlog::appeals::report::dossier(&f, ap, lang);
        tdlog::appeals::report::html(&blocks, lang)
    };
    let en = text(Lang::En);
    assert!(
        en.contains("Parties notified (Tom TD, 2026-09-21 22:15:00 UTC)"),
        "{en}"
    );
    assert!(
        en.contains("Anna Berg, Ben Cole; hearing: 2026-09-21 22:40:00 UTC, Room 2"),
        "{en}"
    );
    assert!(
        en.contains("2026-09-21 22:40:00 UTC, Room 2; present: Cara Diaz (Appellant), Anna Berg (Respondent), Tom TD (Director)"),
        "{en}"
    );
    let de = text(Lang::De);
    assert!(de.contains("Parteien unterrichtet"), "{de}");
    assert!(
        de.contains("Verhandlung (Karl Kohl (tablet), 21.09.2026 23:10:00 UTC)"),
        "{de}"
    );
    assert!(
        de.contains("21.09.2026 22:40:00 UTC, Room 2; anwesend: Cara Diaz (Beschwerdeführer)"),
        "{de}"
    );
    // Every signature on the appeal in the signed steps' table, the procedure's included,
    // each step by its name (not the log's code, N15).
    assert!(de.contains("<td>Verhandlung festgehalten</td>"), "{de}");
    assert!(!de.contains("<td>appeal.hearing</td>"), "{de}");
    let da = text(Lang::Da);
    assert!(da.contains("Parter underrettet"), "{da}");
    assert!(da.contains("til stede: Cara Diaz"), "{da}");
}

#[test]
fn law_93_no_hearing_before_the_appeal_is_routed_and_no_notice_after_the_decision() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
    let a = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.at(PUB + 20 * MIN);
    let err = w.step(Who::Chief, hearing(a, PUB + 15 * MIN)).unwrap_err();
    assert!(
        matches!(err, GuardError::NotAllowed { ref step, .. } if step == "hearing"),
        "{err}"
    );
    // The other side may be told at once.
    w.step(Who::Td, notify(a)).unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    w.step(Who::Chief, hearing(a, PUB + 15 * MIN))
        .expect("the chief TD records a hearing");
    let f = w.folded();
    assert_eq!(f.workflow.appeals[&a].hearings.len(), 1);
}

#[test]
fn law_93b_only_a_decision_that_stands_is_announced() {
    let (mut w, a) = convened_with(Some("EUR 20 per pair"));
    w.at(PUB + 60 * MIN);
    let d = w
        .step(Who::Ac(0), decision(a, Decision::Changed, None))
        .unwrap();
    // One concurring signature of three: the decision does not stand yet.
    let err = w.step(Who::Chief, announce(a, d)).unwrap_err();
    assert_eq!(
        err,
        GuardError::DecisionNotInForce {
            decision: d.short(),
            have: 1,
            quorum: 3
        }
    );
    assert_eq!(err.law(), "93B");
    let err = w.step(Who::Chief, announce(a, a)).unwrap_err();
    assert!(matches!(err, GuardError::UnknownDecision { .. }), "{err}");
    w.concur(a, d, &[1, 2]);
    let before = w.folded().tournament.slots[&slot(1, 1)].outcome().clone();
    let x = w.step(Who::Ac(0), announce(a, d)).expect("announced");
    let f = w.folded();
    assert_eq!(
        f.tournament.slots[&slot(1, 1)].outcome(),
        &before,
        "an announcement changes no score"
    );
    let ap = &f.workflow.appeals[&a];
    assert_eq!(ap.announcements[0].signed.event, x);
    assert_eq!(ap.announcements[0].step.decision, d);
    // The deposit of a changed ruling is returned (the rule of the settings, shown).
    assert_eq!(ap.decisions[0].deposit, Some(Deposit::Returned));
    let en =
        tdlog::appeals::report::html(&tdlog::appeals::report::dossier(&f, ap, Lang::En), Lang::En);
    assert!(
        en.contains("Decision announced (Karl Kohl (tablet)"),
        "{en}"
    );
    assert!(
        en.contains("EUR 20 per pair (returned unless the appeal is judged without merit"),
        "{en}"
    );
}

#[test]
fn law_92a_the_deposit_is_kept_only_when_the_appeal_is_judged_without_merit() {
    let (mut w, a) = convened_with(Some("EUR 20 per pair"));
    w.at(PUB + 60 * MIN);
    let err = w
        .step(
            Who::Ac(0),
            decision(a, Decision::Changed, Some(Deposit::Kept)),
        )
        .unwrap_err();
    assert_eq!(
        err,
        GuardError::DepositKeptWithMerit {
            decision: "changed".into()
        }
    );
    assert_eq!(err.law(), "92A");
    assert!(err.to_string().contains("judged without merit"), "{err}");
    assert!(refusal(Lang::De, &err).contains("Protestgebühr wird nur einbehalten"));
    assert!(refusal(Lang::Da, &err).contains("depositum beholdes kun"));
    for d in [Decision::Upheld, Decision::RecommendationOnly] {
        let err = w
            .step(Who::Ac(0), decision(a, d, Some(Deposit::Kept)))
            .unwrap_err();
        assert!(
            matches!(err, GuardError::DepositKeptWithMerit { .. }),
            "{d:?}"
        );
    }
    // Without merit: kept by the rule when the decision says nothing.
    let d = w
        .step(Who::Ac(0), decision(a, Decision::WithoutMerit, None))
        .unwrap();
    w.concur(a, d, &[1, 2]);
    let f = w.folded();
    assert_eq!(
        f.workflow.appeals[&a].decisions[0].deposit,
        Some(Deposit::Kept)
    );
    let stats = tdlog::appeals::stats::Stats::of(a, &f);
    assert_eq!(stats.total.deposits_kept, 1);
}

#[test]
fn law_92a_no_deposit_is_kept_where_the_organiser_set_none() {
    let (mut w, a) = convened_with(None);
    w.at(PUB + 60 * MIN);
    let err = w
        .step(
            Who::Ac(0),
            decision(a, Decision::WithoutMerit, Some(Deposit::Kept)),
        )
        .unwrap_err();
    assert_eq!(err, GuardError::NoDeposit);
    let d = w
        .step(Who::Ac(0), decision(a, Decision::WithoutMerit, None))
        .unwrap();
    w.concur(a, d, &[1, 2]);
    assert_eq!(w.folded().workflow.appeals[&a].decisions[0].deposit, None);
}

#[test]
fn law_92a_settings_signed_as_version_2_keep_what_their_decisions_said() {
    // A log signed under version 2 of `config.appeals`, where a decision said what it
    // liked of the deposit, replays as it was: no flag, no changed score.
    let (mut w, a) = convened_after(|w| {
        w.f.forge(&w.org, settings(Some("EUR 20")), |env| env.v = 2);
    });
    w.at(PUB + 60 * MIN);
    let d = w
        .step(
            Who::Ac(0),
            decision(a, Decision::Changed, Some(Deposit::Kept)),
        )
        .expect("version 2: the deposit is as the decision says");
    w.concur(a, d, &[1, 2]);
    let f = w.folded();
    assert_eq!(f.workflow.settings_version, Some(2));
    assert!(f.workflow.flags.is_empty(), "{:?}", f.workflow.flags);
    assert_eq!(
        f.workflow.appeals[&a].decisions[0].deposit,
        Some(Deposit::Kept)
    );
    assert!(f.workflow.appeals[&a].decisions[0].effective);

    // The same decision under settings signed today (version 3) is flagged on replay (a
    // merged log from a device that skipped the guard) and changes no score.
    let (mut w, a) = convened_with(Some("EUR 20"));
    w.at(PUB + 60 * MIN);
    w.force(
        Who::Ac(0),
        decision(a, Decision::Changed, Some(Deposit::Kept)),
    );
    let f = w.folded();
    assert_eq!(f.workflow.flags.len(), 1);
    assert_eq!(f.workflow.flags[0].law, "92A");
    assert!(f.workflow.appeals[&a].decisions.is_empty());
}
