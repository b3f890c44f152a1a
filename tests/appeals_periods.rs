//! Law 92B and 92D periods around publication, as the rule book states them: a ruling given
//! after its board was published gets its own appeal period (the organiser's signed policy:
//! from the ruling by default, or from the republication it causes); the right to request a
//! ruling ends with the period (a director's correction of his own ruling, Law 82C, and a
//! score correction, Law 79C, follow their own rules); a partner's consent after the period
//! counts when the appeal itself was lodged in time (Law 92D).

mod appeals_world;
mod common;

use appeals_world::*;
use tdlog::appeals::clocks::PeriodFrom;
use tdlog::appeals::pipeline::State;
use tdlog::appeals::refusal;
use tdlog::appeals::GuardError;
use tdlog::events::*;
use tdlog::i18n::Lang;

fn consent(appeal: tdlog::log::Hash32, player: &str) -> Payload {
    Payload::AppealConsent(AppealConsent {
        appeal,
        player: player.into(),
    })
}

#[test]
fn law_92b_a_ruling_given_after_publication_gets_its_own_period_from_the_ruling() {
    let mut w = World::new(Form::Pairs);
    w.publish(PUB);
    // Board 1 was played before the publication; the ruling comes 20 minutes after it.
    let r = w.ruling(PUB + 20 * MIN, Category::Judgement, None);
    let f = w.folded();
    let clocks = f.workflow.clocks(PUB + 25 * MIN);
    let c = clocks
        .iter()
        .find(|c| c.subject == Some(r))
        .expect("the late ruling has an appeal period");
    assert_eq!((c.law, c.from), ("92B", Some(PeriodFrom::Ruling)));
    assert_eq!(c.ends, "2026-09-21T22:50:00Z");
    // The period names where its ruling was given, for a reader (not the ruling's id, N15).
    let at = c
        .subject_slot
        .as_ref()
        .expect("the ruling's table and board");
    let ruled = &f.workflow.rulings[&r].ruling.slot;
    assert_eq!(
        (at.round, at.table, at.board),
        (ruled.round, ruled.table, ruled.board)
    );
    // After it, an appeal is refused; within it, accepted.
    w.at(PUB + 51 * MIN);
    let err = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap_err();
    assert!(matches!(err, GuardError::AppealLate { .. }), "{err}");
    assert!(err.to_string().contains("22:50:00"), "{err}");
    w.at(PUB + 49 * MIN);
    let a = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    assert_eq!(
        w.folded().workflow.appeals[&a].deadline_ms,
        Some(PUB + 50 * MIN)
    );
}

#[test]
fn law_92b_the_organiser_may_run_a_late_rulings_period_from_the_republication() {
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            late_ruling_anchor: LateRulingAnchor::Republication,
            late_ruling_minutes: Some(40),
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    w.publish(PUB);
    let r = w.ruling(PUB + 10 * MIN, Category::Judgement, None);
    // No period runs until the corrected results are published again.
    let f = w.folded();
    assert!(f
        .workflow
        .clocks(PUB + 15 * MIN)
        .iter()
        .all(|c| c.subject != Some(r)));
    w.publish(PUB + 60 * MIN);
    let f = w.folded();
    let clocks = f.workflow.clocks(PUB + 61 * MIN);
    let c = clocks.iter().find(|c| c.subject == Some(r)).unwrap();
    assert_eq!(c.from, Some(PeriodFrom::Republication));
    assert_eq!(c.ends_ms, PUB + 100 * MIN);
    w.at(PUB + 101 * MIN);
    let err = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap_err();
    assert_eq!(err.law(), "92B");
}

#[test]
fn law_92b_a_shorter_late_ruling_period_needs_a_reason() {
    let s = AppealSettings {
        late_ruling_minutes: Some(10),
        ..AppealSettings::default()
    };
    assert!(Payload::AppealSettings(Box::new(s)).encode().is_err());
}

#[test]
fn law_92b_a_ruling_requested_after_the_period_is_refused() {
    let mut w = World::new(Form::Pairs);
    w.publish(PUB);
    w.at(PUB + 31 * MIN);
    let err = w
        .step(Who::Td, ruling_payload(Category::Judgement, None))
        .unwrap_err();
    assert!(matches!(err, GuardError::RulingLate { .. }), "{err}");
    assert_eq!((err.law(), err.code()), ("92B", "ruling_late"));
    assert!(err.to_string().contains("22:30:00"), "{err}");
    assert!(refusal(Lang::En, &err).starts_with("Law 92B: the right to request a ruling"));
    assert!(refusal(Lang::De, &err).contains("Turnierleiterentscheidung zu verlangen"));
    assert!(refusal(Lang::Da, &err).contains("anmode om en kendelse"));
    // Inside the period it is given.
    let mut w = World::new(Form::Pairs);
    w.publish(PUB);
    w.at(PUB + 29 * MIN);
    w.step(Who::Td, ruling_payload(Category::Judgement, None))
        .unwrap();
}

#[test]
fn law_82c_and_79c_corrections_follow_their_own_rules_after_the_period() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    // The director corrects his own ruling after the period (Law 82C).
    w.at(PUB + 45 * MIN);
    let mut p = ruling_payload(Category::Judgement, None);
    if let Payload::Ruling(x) = &mut p {
        x.corrects = Some(r);
        x.decision = "Result stands; the adjustment was wrong.".into();
    }
    w.step(Who::Td, p).unwrap();
    // A score correction after the period: the organiser's consent (Law 79C2), not 92B.
    let consent = w
        .step(
            Who::Org,
            Payload::LateCorrectionConsent(LateCorrectionConsent {
                slot: slot(1, 1),
                reason: "Scorer's typing error".into(),
            }),
        )
        .unwrap();
    w.step(
        Who::Scorer,
        Payload::ScoreCorrected(Box::new(ScoreCorrected {
            slot: slot(1, 1),
            ns: "1".into(),
            ew: "2".into(),
            result: TableResult {
                contract: "4S".into(),
                declarer: Some("S".parse().unwrap()),
                tricks: Some(9),
            },
            reason: "Tricks entered wrongly".into(),
            late_consent: Some(consent),
        })),
    )
    .unwrap();
}

#[test]
fn law_92d_a_partners_consent_after_the_period_counts_when_the_appeal_was_lodged_in_time() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
    let a = w.step(Who::Td, file(r, "2", &["Cara Diaz"])).unwrap();
    let f = w.folded();
    assert_eq!(
        f.workflow.status(&f.workflow.appeals[&a], PUB + 35 * MIN),
        "not_heard"
    );
    w.at(PUB + 35 * MIN);
    w.step(Who::Td, consent(a, "Dan Eck"))
        .expect("Law 92D: the concurrence, not within the period");
    let f = w.folded();
    assert_eq!(
        f.workflow.status(&f.workflow.appeals[&a], PUB + 36 * MIN),
        "filed"
    );
    w.at(PUB + 36 * MIN);
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    assert_eq!(w.folded().workflow.appeals[&a].state, State::AtCommittee);
    // An appeal itself lodged late stays refused, with or without consents.
    w.at(PUB + 40 * MIN);
    assert_eq!(
        w.step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
            .unwrap_err()
            .law(),
        "92B"
    );
}

#[test]
fn law_93c1_a_further_appeal_is_heard_by_members_who_did_not_decide_the_first() {
    use tdlog::i18n::Lang;
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            further_appeal: true,
            quorum: 1,
            reason: Some("Club evening: a committee of one (Law 93, club regulations)".into()),
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    w.step(
        Who::Chief,
        Payload::CommitteeConvened(CommitteeConvened {
            appeal: a,
            members: vec![w.ac[0].public()],
            chair: w.ac[0].public(),
            part: None,
        }),
    )
    .unwrap();
    w.step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap();
    w.step(
        Who::Td,
        Payload::AppealFurther(AppealFurther {
            appeal: a,
            grounds: "The committee misread the facts.".into(),
        }),
    )
    .unwrap();
    let err = w
        .step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap_err();
    assert!(matches!(err, GuardError::DecidedBefore { .. }), "{err}");
    assert_eq!(err.law(), "93C1");
    assert!(refusal(Lang::En, &err).contains("Karl Kohl"));
    w.step(Who::Ac(1), decide(a, Decision::Upheld, None))
        .unwrap();
    assert_eq!(w.folded().workflow.appeals[&a].state, State::Decided);
}

/// The appeal form of pair 2's appeal against a 3S+1 adjustment, decided by the committee.
fn form(lang: tdlog::i18n::Lang) -> String {
    let mut w = World::new(Form::Pairs);
    // Pair 2 is entered by number only: its name is its number.
    w.force(
        Who::Scorer,
        Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: "2".into(),
            name: "2".into(),
            members: vec!["Cara Diaz".into(), "Dan Eck".into()],
            captain: None,
            phantom: false,
        })),
    );
    let r = w.ruling(
        PUB - 30 * MIN,
        Category::Judgement,
        Some(assigned("3S", 10)),
    );
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    w.step(
        Who::Chief,
        Payload::CommitteeConvened(CommitteeConvened {
            appeal: a,
            members: w.ac.iter().map(|k| k.public()).collect(),
            chair: w.ac[0].public(),
            part: None,
        }),
    )
    .unwrap();
    let d = w
        .step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap();
    w.concur(a, d, &[1, 2]);
    let f = w.folded();
    tdlog::appeals::report::html(
        &tdlog::appeals::report::dossier(&f, &f.workflow.appeals[&a], lang),
        lang,
    )
}

#[test]
fn reports_name_pairs_roles_scores_and_laws_as_each_edition_does() {
    let en = form(Lang::En);
    // The pair by its number and players, not "2 2 (...)".
    assert!(
        en.contains("2 (Cara Diaz, Dan Eck)") && !en.contains("2 2 ("),
        "{en}"
    );
    // The TD's adjusted score as a score in the Ruling section (Law 12C1).
    assert!(en.contains("Adjusted score"), "{en}");
    assert!(en.contains("assigned 3♠ by S, 10 tricks"), "{en}");
    assert!(
        en.contains("Karl Kohl (tablet) (appeals committee member)"),
        "{en}"
    );
    // Signed steps as a ruled table with a header, states in words.
    assert!(
        en.contains("<th>Time</th><th>Step</th><th>Signed by</th>"),
        "{en}"
    );
    let de = form(Lang::De);
    assert!(!de.contains("(committee)") && !de.contains("(td)"), "{de}");
    assert!(
        de.contains("Karl Kohl (tablet) (Mitglied des Schiedsgerichts)"),
        "{de}"
    );
    assert!(
        de.contains("Beschwerdeführer") && !de.contains("Protestführer"),
        "{de}"
    );
    assert!(
        de.contains("niemand in Gefahr") && !de.contains("Keiner"),
        "{de}"
    );
    assert!(de.contains("(§ 92 D)") && !de.contains("Regel 92D"), "{de}");
    let da = form(Lang::Da);
    assert!(da.contains("(§ 92D)") && !da.contains("lov 92D"), "{da}");
    assert!(da.contains("medlem af appeludvalget"), "{da}");
    assert!(
        da.contains("<td>afgjort</td>") || da.contains("<td>indgivet</td>"),
        "{da}"
    );
}
