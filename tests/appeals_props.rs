//! Property: over random sequences of workflow commands (signed whatever the guards say,
//! as a merged log may contain them), no appeal reaches a decision without passing every
//! guard, and every state an appeal reaches is one state machine C allows. And: a log built
//! only through the append-time guards replays with no flag.

mod appeals_world;
mod common;

use appeals_world::*;
use proptest::prelude::*;
use tdlog::appeals::pipeline::{next, Profile, State, Step};
use tdlog::appeals::Folded;
use tdlog::events::*;
use tdlog::keys::Role;
use tdlog::log::Hash32;

#[derive(Debug, Clone)]
enum Cmd {
    Wait(i64),
    Publish,
    Ruling(u8),
    File {
        ruling: usize,
        appellant: usize,
        consents: u8,
    },
    Consent {
        appeal: usize,
        player: usize,
    },
    Route {
        appeal: usize,
        committee: bool,
        law_only: bool,
        part: u8,
    },
    Convene {
        appeal: usize,
        members: u8,
        part: u8,
    },
    Hear {
        appeal: usize,
    },
    Decide {
        appeal: usize,
        signer: usize,
        decision: u8,
        part: u8,
    },
    Refer {
        appeal: usize,
    },
    Further {
        appeal: usize,
    },
    Withdraw {
        appeal: usize,
    },
    /// A member co-signs the latest committee decision on the appeal (Law 93B).
    Cosign {
        appeal: usize,
        member: usize,
        dissent: bool,
    },
    /// The regulating authority's answer (Law 93C2), naming the right body or not.
    Answer {
        appeal: usize,
        right_body: bool,
    },
}

fn cmd() -> impl Strategy<Value = Cmd> {
    // Weighted towards the steps that move an appeal forward, so that many random
    // sequences reach a decision (and the guards are really exercised).
    let i = 0usize..3;
    prop_oneof![
        2 => (0i64..12).prop_map(Cmd::Wait),
        1 => Just(Cmd::Publish),
        2 => (0u8..4).prop_map(Cmd::Ruling),
        4 => (i.clone(), 0usize..3, 0u8..16).prop_map(|(ruling, appellant, consents)| Cmd::File {
            ruling,
            appellant,
            consents: consents | if consents & 8 == 0 { 3 } else { 0 },
        }),
        2 => (i.clone(), 0usize..8).prop_map(|(appeal, player)| Cmd::Consent { appeal, player }),
        4 => (i.clone(), 0u8..4, 0u8..4, 0u8..4).prop_map(|(appeal, committee, law_only, part)| {
            Cmd::Route {
                appeal,
                committee: committee != 0,
                law_only: law_only == 0,
                part,
            }
        }),
        4 => (i.clone(), 1u8..8, 0u8..4).prop_map(|(appeal, members, part)| Cmd::Convene { appeal, members, part }),
        1 => (i.clone(), 8u8..16, 0u8..4).prop_map(|(appeal, members, part)| Cmd::Convene { appeal, members, part }),
        1 => i.clone().prop_map(|appeal| Cmd::Hear { appeal }),
        5 => (i.clone(), 0usize..5, 0u8..4, 0u8..4).prop_map(|(appeal, signer, decision, part)| Cmd::Decide {
            appeal,
            signer,
            decision,
            part,
        }),
        3 => (i.clone(), 0usize..4, 0u8..4).prop_map(|(appeal, member, d)| Cmd::Cosign { appeal, member, dissent: d == 0 }),
        1 => i.clone().prop_map(|appeal| Cmd::Refer { appeal }),
        1 => i.clone().prop_map(|appeal| Cmd::Further { appeal }),
        1 => i.clone().prop_map(|appeal| Cmd::Withdraw { appeal }),
        1 => (i, any::<bool>()).prop_map(|(appeal, right_body)| Cmd::Answer { appeal, right_body }),
    ]
}

/// A random part of a mixed appeal (Law 93B1/B2): half the time none (the whole appeal).
fn part_of(p: u8) -> Option<Part> {
    match p {
        2 => Some(Part::Law),
        3 => Some(Part::Judgement),
        _ => None,
    }
}

/// Picks the latest appeal or ruling.
const LATEST: usize = usize::MAX;

/// The happy path of an appeal, one step at a time; a script is these steps in order,
/// each possibly replaced by a random command, with random commands in between.
fn happy(k: usize, decision: u8, signer: usize, chief: bool) -> Cmd {
    match k % 7 {
        0 => Cmd::File {
            ruling: LATEST,
            appellant: 1,
            consents: 3,
        },
        1 => Cmd::Hear { appeal: LATEST },
        2 => Cmd::Route {
            appeal: LATEST,
            committee: !chief,
            law_only: false,
            part: 0,
        },
        3 => Cmd::Convene {
            appeal: LATEST,
            members: 7,
            part: 0,
        },
        4 => Cmd::Decide {
            appeal: LATEST,
            signer: if chief { 0 } else { 1 + signer % 3 },
            decision,
            part: 0,
        },
        // The other members co-sign the chair's decision (Law 93B).
        5 => Cmd::Cosign {
            appeal: LATEST,
            member: 1,
            dissent: signer == 2,
        },
        _ => Cmd::Cosign {
            appeal: LATEST,
            member: 2,
            dissent: false,
        },
    }
}

/// The happy path of a mixed appeal (Law 93B1/B2): the law part to the chief TD, the
/// judgement part to a convened committee, each decided by its forum.
fn happy_mixed(k: usize, decision: u8, signer: usize) -> Cmd {
    match k % 9 {
        0 => Cmd::File {
            ruling: LATEST,
            appellant: 1,
            consents: 3,
        },
        1 => Cmd::Route {
            appeal: LATEST,
            committee: false,
            law_only: true,
            part: 2,
        },
        2 => Cmd::Route {
            appeal: LATEST,
            committee: true,
            law_only: false,
            part: 3,
        },
        3 => Cmd::Convene {
            appeal: LATEST,
            members: 7,
            part: 3,
        },
        4 => Cmd::Decide {
            appeal: LATEST,
            signer: 1 + signer % 3,
            decision,
            part: 3,
        },
        5 => Cmd::Cosign {
            appeal: LATEST,
            member: 1,
            dissent: false,
        },
        6 => Cmd::Cosign {
            appeal: LATEST,
            member: 2,
            dissent: signer == 1,
        },
        7 => Cmd::Hear { appeal: LATEST },
        _ => Cmd::Decide {
            appeal: LATEST,
            signer: 0,
            decision,
            part: 2,
        },
    }
}

/// The happy path of a referral (Law 93C2): routed, convened, referred, answered.
fn happy_referred(k: usize, signer: usize) -> Cmd {
    match k % 5 {
        0 => Cmd::File {
            ruling: LATEST,
            appellant: 1,
            consents: 3,
        },
        1 => Cmd::Route {
            appeal: LATEST,
            committee: true,
            law_only: false,
            part: 0,
        },
        2 => Cmd::Convene {
            appeal: LATEST,
            members: 7,
            part: 0,
        },
        3 => Cmd::Refer { appeal: LATEST },
        _ => Cmd::Answer {
            appeal: LATEST,
            right_body: signer != 0,
        },
    }
}

fn script() -> impl Strategy<Value = Vec<Cmd>> {
    (
        0u8..3,
        proptest::collection::vec(
            (
                0u8..4,
                0usize..3,
                any::<bool>(),
                prop_oneof![3 => Just(None), 1 => cmd().prop_map(Some)],
                proptest::collection::vec(cmd(), 0..3),
            ),
            1..16,
        ),
    )
        .prop_map(|(mode, steps)| {
            let mut out = vec![];
            for (k, (decision, signer, chief, replace, noise)) in steps.into_iter().enumerate() {
                out.push(replace.unwrap_or_else(|| match mode {
                    0 => happy(k, decision, signer, chief),
                    1 => happy_mixed(k, decision, signer),
                    _ => happy_referred(k, signer),
                }));
                out.extend(noise);
            }
            out
        })
}

const PLAYERS: [&str; 8] = [
    "Anna Berg",
    "Ben Cole",
    "Cara Diaz",
    "Dan Eck",
    "Eva Fox",
    "Finn Gray",
    "Gus Hale",
    "Hana Ito",
];
const CATS: [Category; 4] = [
    Category::Law,
    Category::Judgement,
    Category::ProceduralPenalty,
    Category::Disciplinary,
];
const DECISIONS: [Decision; 4] = [
    Decision::Upheld,
    Decision::Changed,
    Decision::RecommendationOnly,
    Decision::WithoutMerit,
];

/// Runs the commands; `guarded` = through the append-time guards, else forced.
fn run(
    form: Form,
    settings: &AppealSettings,
    cmds: &[Cmd],
    guarded: bool,
) -> (World, Vec<Hash32>, Vec<Hash32>) {
    let mut w = World::new(form);
    w.at(PUB - 120 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(settings.clone())),
    )
    .unwrap();
    let mut t = PUB - 100 * MIN;
    let (mut rulings, mut appeals) = (vec![], vec![]);
    let lead = [Cmd::Ruling(1), Cmd::Publish];
    let cmds: Vec<&Cmd> = lead.iter().chain(cmds.iter()).collect();
    for c in cmds {
        t += MIN;
        w.at(t);
        let pick = |v: &Vec<Hash32>, i: usize| match i {
            LATEST => v.last().copied(),
            i => v.get(i % v.len().max(1)).copied(),
        };
        let (who, p) = match c {
            Cmd::Wait(m) => {
                t += m * MIN;
                continue;
            }
            Cmd::Publish => (
                Who::Scorer,
                Payload::ResultsPublished(ResultsPublished {
                    sections: vec![],
                    session: None,
                }),
            ),
            Cmd::Ruling(c) => (Who::Td, ruling_payload(CATS[*c as usize], None)),
            Cmd::File {
                ruling,
                appellant,
                consents,
            } => {
                let Some(r) = pick(&rulings, *ruling) else {
                    continue;
                };
                let app = ["1", "2", "3", "4"][*appellant];
                let first = 2 * *appellant % 8;
                let who: Vec<&str> = (0..4)
                    .filter(|b| consents & (1 << b) != 0)
                    .map(|b| PLAYERS[(first + b) % 8])
                    .collect();
                (Who::Td, file(r, app, &who))
            }
            Cmd::Consent { appeal, player } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                (
                    Who::Td,
                    Payload::AppealConsent(AppealConsent {
                        appeal: a,
                        player: PLAYERS[*player].into(),
                    }),
                )
            }
            Cmd::Route {
                appeal,
                committee,
                law_only,
                part,
            } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                let to = if *committee {
                    Forum::Committee
                } else {
                    Forum::ChiefTd
                };
                let mut r = route(a, to, *law_only);
                if let Payload::AppealRouted(x) = &mut r {
                    x.part = part_of(*part);
                }
                (Who::Chief, r)
            }
            Cmd::Convene {
                appeal,
                members,
                part,
            } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                let mut m: Vec<Hash32> = (0..3)
                    .filter(|b| members & (1 << b) != 0)
                    .map(|b| w.ac[b].public())
                    .collect();
                if members & 8 != 0 {
                    m.push(w.anna_ac.public());
                }
                if m.is_empty() {
                    continue;
                }
                let chair = m[0];
                (
                    Who::Chief,
                    Payload::CommitteeConvened(CommitteeConvened {
                        appeal: a,
                        members: m,
                        chair,
                        part: part_of(*part),
                    }),
                )
            }
            Cmd::Hear { appeal } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                (
                    Who::Td,
                    Payload::AppealStatement(AppealStatement {
                        appeal: a,
                        party: Party::Director,
                        by: "Tom TD".into(),
                        text: "I ruled that pass was a logical alternative.".into(),
                    }),
                )
            }
            Cmd::Decide {
                appeal,
                signer,
                decision,
                part,
            } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                let who = [
                    Who::Chief,
                    Who::Ac(0),
                    Who::Ac(1),
                    Who::Ac(2),
                    Who::AnnaAc,
                    Who::Chief,
                ][*signer];
                let d = DECISIONS[*decision as usize];
                let adj = (d == Decision::Changed).then(|| assigned("3S", 10));
                let mut p = decide(a, d, adj);
                if let Payload::AppealDecided(x) = &mut p {
                    x.part = part_of(*part);
                }
                (who, p)
            }
            Cmd::Cosign {
                appeal,
                member,
                dissent,
            } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                let f = w.folded();
                let Some(d) = f.workflow.appeals.get(&a).and_then(|x| {
                    x.decisions
                        .iter()
                        .rev()
                        .find(|d| d.committee.is_some())
                        .map(|d| d.signed.event)
                }) else {
                    continue;
                };
                let who = [Who::Ac(0), Who::Ac(1), Who::Ac(2), Who::AnnaAc][*member];
                (
                    who,
                    Payload::DecisionCosigned(DecisionCosigned {
                        appeal: a,
                        decision: d,
                        vote: if *dissent {
                            Vote::Dissent
                        } else {
                            Vote::Concur
                        },
                        reason: None,
                    }),
                )
            }
            Cmd::Refer { appeal } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                (
                    Who::Chief,
                    Payload::AppealReferred(AppealReferred {
                        appeal: a,
                        to: "DBV".into(),
                        reason: "a question of regulation".into(),
                    }),
                )
            }
            Cmd::Further { appeal } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                (
                    Who::Td,
                    Payload::AppealFurther(AppealFurther {
                        appeal: a,
                        grounds: "further".into(),
                    }),
                )
            }
            Cmd::Answer { appeal, right_body } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                (
                    Who::Org,
                    Payload::AuthorityAnswered(Box::new(AuthorityAnswered {
                        appeal: a,
                        authority: if *right_body { "DBV" } else { "WBF" }.into(),
                        decision: Decision::Upheld,
                        adjustment: None,
                        laws: vec![],
                        reasoning: "answered".into(),
                        document: "letter".into(),
                    })),
                )
            }
            Cmd::Withdraw { appeal } => {
                let Some(a) = pick(&appeals, *appeal) else {
                    continue;
                };
                (
                    Who::Td,
                    Payload::AppealWithdrawn(AppealWithdrawn {
                        appeal: a,
                        reason: "withdrawn".into(),
                    }),
                )
            }
        };
        // A committee or chief key cannot sign what the role table forbids: skip those
        // (the log layer refuses them before any guard runs).
        let role_ok = match who {
            Who::Chief => spec(p.kind(), 1).unwrap().roles.contains(&Role::ChiefTd),
            Who::Ac(_) | Who::AnnaAc => spec(p.kind(), 1).unwrap().roles.contains(&Role::Committee),
            _ => true,
        };
        if !role_ok {
            continue;
        }
        let is_ruling = matches!(p, Payload::Ruling(_));
        let is_filing = matches!(p, Payload::AppealFiled(_));
        let id = if guarded {
            match w.step(who, p) {
                Ok(id) => id,
                Err(_) => continue,
            }
        } else {
            w.force(who, p)
        };
        if is_ruling {
            rulings.push(id);
        }
        // Later commands pick among appeals that stand (a flagged filing is no appeal),
        // so that random sequences get far into the pipeline.
        if is_filing && (guarded || w.folded().workflow.appeals.contains_key(&id)) {
            appeals.push(id);
        }
        let _ = &mut t;
    }
    (w, rulings, appeals)
}

fn players_of(id: &str) -> [&'static str; 2] {
    let i: usize = id.parse::<usize>().unwrap() - 1;
    [PLAYERS[2 * i], PLAYERS[2 * i + 1]]
}

/// Checks every decided appeal against the laws, recomputed here independently.
fn every_decision_passed_every_guard(f: &Folded, form: Form, s: &AppealSettings) {
    let wf = &f.workflow;
    let table = s.pipeline();
    for a in wf.appeals.values() {
        // Law 93B: a convened committee's decision is its chair's, co-signed once by other
        // members, and stands exactly when its quorum of concurring signatures is reached.
        for d in &a.decisions {
            if let Some(c) = &d.committee {
                assert_eq!(d.signed.key, c.chair, "signed by the chair");
                let mut keys: Vec<_> = d.cosigns.iter().map(|x| x.signed.key).collect();
                assert!(keys.iter().all(|k| c.members.iter().any(|(m, _)| m == k)));
                keys.push(d.signed.key);
                keys.sort();
                keys.dedup();
                assert_eq!(keys.len(), d.cosigns.len() + 1, "each member signs once");
                assert_eq!(d.quorum, s.quorum.max(1));
            } else {
                assert_eq!(d.quorum, 1);
            }
            assert_eq!(d.effective, d.concurring() >= d.quorum);
        }
        // Every state reached is allowed by the pipeline, from `filed`, step by step.
        // A mixed appeal's parts (Law 93B1/B2) each follow the pipeline from `filed`;
        // the appeal is `in_parts` until every part is decided, then `decided`.
        assert_eq!(a.steps[0].state, State::Filed);
        let mut parts: Vec<(Part, State)> = vec![];
        for pair in a.steps.windows(2) {
            // Law 93B: a committee decision waiting for its quorum leaves the state as it
            // was; the co-signature that reaches the quorum moves it as the decision would.
            let cosign = pair[1].signed.kind == "appeal.decision_cosigned";
            let waits = pair[1].step == Some(Step::Decide)
                && a.decisions
                    .iter()
                    .any(|d| d.signed.event == pair[1].signed.event && d.quorum > 1);
            if cosign || waits {
                match pair[1].part {
                    Some((p, to)) => {
                        let slot = parts.iter_mut().find(|x| x.0 == p).unwrap();
                        if waits {
                            assert_eq!(slot.1, to, "a waiting decision moves no part");
                        } else {
                            assert_eq!(next(table, slot.1, Step::Decide), Some(to));
                            slot.1 = to;
                        }
                    }
                    None if pair[0].state != pair[1].state => {
                        assert!(cosign, "a waiting decision moves nothing");
                        assert_eq!(
                            next(table, pair[0].state, Step::Decide),
                            Some(pair[1].state)
                        );
                    }
                    None => {}
                }
                continue;
            }
            let step: Step = pair[1].step.expect("later steps name their step");
            match pair[1].part {
                Some((p, to)) => {
                    assert!(
                        matches!(
                            pair[0].state,
                            State::Filed | State::InParts | State::Decided
                        ),
                        "a part step from {:?}",
                        pair[0].state
                    );
                    if parts.is_empty() {
                        assert_eq!(pair[0].state, State::Filed);
                        parts = vec![(Part::Law, State::Filed), (Part::Judgement, State::Filed)];
                    }
                    let slot = parts.iter_mut().find(|x| x.0 == p).unwrap();
                    assert_eq!(
                        next(table, slot.1, step),
                        Some(to),
                        "part {:?}: {:?} -{:?}-> {:?} is not in state machine C",
                        p,
                        slot.1,
                        step,
                        to
                    );
                    slot.1 = to;
                    let all = parts.iter().all(|x| x.1 == State::Decided);
                    assert_eq!(
                        pair[1].state,
                        if all { State::Decided } else { State::InParts }
                    );
                }
                None => assert_eq!(
                    next(table, pair[0].state, step),
                    Some(pair[1].state),
                    "{:?} -{:?}-> {:?} is not in state machine C",
                    pair[0].state,
                    step,
                    pair[1].state
                ),
            }
        }
        // Every part of a decided mixed appeal was decided by a decision naming it.
        if a.state == State::Decided && !a.parts.is_empty() {
            for p in &a.parts {
                assert_eq!(p.state, State::Decided);
                assert!(a.decisions.iter().any(|d| d.part == Some(p.part)));
            }
        }
        // Closed only by the answer of the body it was referred to (Law 93C2).
        if a.state == State::Closed {
            let (r, _) = a.referral.as_ref().expect("closed without a referral");
            let (x, s) = a.authority.as_ref().expect("closed without an answer");
            assert!(r.to.eq_ignore_ascii_case(&x.authority));
            assert!(matches!(s.role, Role::Organiser | Role::ChiefTd));
        }
        if a.decisions.is_empty() {
            continue;
        }
        let r = &wf.rulings[&a.ruling];
        // G5: not disciplinary (L91A); G1: at the appellant's table (L92A).
        assert_ne!(r.ruling.category, Category::Disciplinary);
        assert!(a.appellant == r.ruling.ns || a.appellant == r.ruling.ew);
        // G2: filed (and every consent given) before the deadline (L92B): the first
        // publication at or after the ruling, plus the period.
        let deadline = wf
            .publications
            .iter()
            .find(|p| p.wall_ms >= r.signed.wall_ms)
            .map(|p| p.wall_ms + s.appeal_minutes as i64 * MIN);
        let filed = a.steps[0].signed.wall_ms;
        assert!(
            deadline.is_none_or(|d| filed <= d),
            "decided appeal was filed late"
        );
        // G4: consent (L92D).
        let who = players_of(&a.appellant);
        let has = |n: &str| a.consents.iter().any(|c| c == n);
        match form {
            Form::Pairs => assert!(has(who[0]) && has(who[1]), "{:?}", a.consents),
            Form::Teams => assert!(
                (a.appellant == "1" && has("Anna Berg"))
                    || (a.appellant == "2" && has("Cara Diaz")),
                "{:?}",
                a.consents
            ),
            Form::Individual => assert!(!a.consents.is_empty()),
        }
        for d in &a.decisions {
            match d.forum {
                Forum::ChiefTd => assert_eq!(d.signed.role, Role::ChiefTd),
                Forum::Committee => {
                    assert_eq!(d.signed.role, Role::Committee);
                    assert!(
                        !d.signed.signer.starts_with("Anna Berg")
                            && !d.signed.signer.starts_with("Cara Diaz"),
                        "a player decided"
                    );
                }
            }
        }
        // On the law part of a mixed appeal the committee only recommends (L93B3), and the
        // chief TD decides it first (L93B1).
        let law_part: Vec<_> = a
            .decisions
            .iter()
            .filter(|d| d.part == Some(Part::Law))
            .collect();
        if let Some(first) = law_part.first() {
            assert!(
                first.forum == Forum::ChiefTd || !s.committee,
                "the law part was first decided by {:?}",
                first.forum
            );
        }
        assert!(law_part
            .iter()
            .filter(|d| d.forum == Forum::Committee && s.committee)
            .all(|d| d.decided.decision == Decision::RecommendationOnly));
        // A committee's decision on a law-only point is only a recommendation (L93B3).
        if a.law_only {
            let by_committee: Vec<_> = a
                .decisions
                .iter()
                .filter(|d| d.forum == Forum::Committee)
                .collect();
            assert!(by_committee
                .iter()
                .all(|d| d.decided.decision == Decision::RecommendationOnly));
        }
    }
}

fn settings() -> impl Strategy<Value = (Form, AppealSettings)> {
    (
        prop_oneof![Just(Form::Pairs), Just(Form::Teams), Just(Form::Individual)],
        any::<bool>(),
        any::<bool>(),
        1u32..4,
        any::<bool>(),
    )
        .prop_map(|(form, committee, further, quorum, doko)| {
            (
                form,
                AppealSettings {
                    committee: committee || doko,
                    further_appeal: further,
                    quorum,
                    // Law 93: a quorum below three only with the organiser's reason.
                    reason: (quorum < AppealSettings::DEFAULT_QUORUM)
                        .then(|| "Club regulations: a smaller committee".into()),
                    profile: if doko {
                        Profile::DokoSchiedsgericht
                    } else {
                        Profile::Wbf
                    },
                    ..AppealSettings::default()
                },
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn no_appeal_is_decided_without_passing_every_guard(
        (form, s) in settings(),
        cmds in script(),
    ) {
        let (w, _, _) = run(form, &s, &cmds, false);
        let f = w.folded();
        every_decision_passed_every_guard(&f, form, &s);
        if std::env::var_os("APPEALS_PROP_STATS").is_some() {
            let decided = f.workflow.appeals.values().filter(|a| !a.decisions.is_empty()).count();
            let in_parts = f.workflow.appeals.values().filter(|a| !a.parts.is_empty()).count();
            let parts_decided = f.workflow.appeals.values().filter(|a| a.decisions.iter().any(|d| d.part.is_some())).count();
            let closed = f.workflow.appeals.values().filter(|a| a.state == State::Closed).count();
            eprintln!("appeals {} decided {} flags {} in parts {} part decided {} closed {}", f.workflow.appeals.len(), decided, f.workflow.flags.len(), in_parts, parts_decided, closed);
        }
        // Every flagged step names a law.
        prop_assert!(f.workflow.flags.iter().all(|x| x.message.starts_with("Law ")));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_log_built_through_the_guards_replays_without_a_flag(
        (form, s) in settings(),
        cmds in script(),
    ) {
        let (w, _, _) = run(form, &s, &cmds, true);
        let f = w.folded();
        prop_assert!(f.workflow.flags.is_empty(), "{:#?}", f.workflow.flags);
        every_decision_passed_every_guard(&f, form, &s);
    }
}
