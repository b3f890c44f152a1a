//! Law 93C2: the regulating authority's answer to a referred appeal, and what goes back to
//! the committee after a further appeal (Law 93B1).

mod appeals_world;
mod common;

use appeals_world::*;
use tdlog::appeals::pipeline::State;
use tdlog::events::*;
use tdlog::keys::Role;
use tdlog::log::Hash32;

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
