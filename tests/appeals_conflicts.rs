//! Conflicts (Law 93, issue 15 item 3): two concurrent steps on one appeal that the workflow
//! cannot both apply (two decisions, a decision and a withdrawal, two routings) are held as
//! a visible conflict, change no score, and stand only when the chief TD or the chair of the
//! appeal's committee signs which one stands. Property: over random multi-device scripts no
//! score changes while a conflict is open, and every device converges to the same state.

mod appeals_world;
mod common;

use appeals_world::*;
use common::Forge;
use proptest::prelude::*;
use tdlog::appeals::{Folded, GuardError};
use tdlog::events::*;
use tdlog::keys::{DeviceKey, KeyInfo};
use tdlog::log::fold::Projection;
use tdlog::log::{verify, Hash32, Input, RawEvent, Verified};

fn verified(events: &[RawEvent]) -> Verified {
    let inputs = events
        .iter()
        .map(|raw| Input {
            raw: raw.clone(),
            declared: None,
        })
        .collect();
    verify(inputs, None).expect("log verifies")
}

fn folded(events: &[RawEvent]) -> Folded {
    tdlog::appeals::fold(&verified(events), None)
}

/// Two devices' logs merged: the union of their events (set union, as bundles merge).
fn merge(a: &Forge, b: &Forge) -> Forge {
    let mut m = a.clone();
    let have: std::collections::BTreeSet<Hash32> = a.events.iter().map(|e| e.id()).collect();
    m.events
        .extend(b.events.iter().filter(|e| !have.contains(&e.id())).cloned());
    for (k, h) in &b.heads {
        let keep = m.heads.get(k).is_some_and(|x| x.seq >= h.seq);
        if !keep {
            m.heads.insert(*k, *h);
        }
    }
    m.clock = m.clock.max(b.clock);
    m
}

/// A step on one device, after the append-time guards of what that device holds.
fn step_on(d: &mut Forge, k: &DeviceKey, p: Payload) -> Result<Hash32, GuardError> {
    let v = verified(&d.events);
    let info: KeyInfo = v.keys.get(&k.public()).cloned().expect("enrolled");
    let f = tdlog::appeals::fold(&v, None);
    f.workflow.check(&p, &info, d.clock + 1000)?;
    Ok(d.next(k, p).id())
}

fn outcome(f: &Folded) -> String {
    format!("{:?}", f.tournament.slots[&slot(1, 1)].outcome())
}

/// An appeal of a 3S+1 ruling, routed to the committee and convened (Karl chairs).
fn convened() -> (World, Hash32) {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(
        PUB - 30 * MIN,
        Category::Judgement,
        Some(assigned("3S", 10)),
    );
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
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
    (w, a)
}

/// The same appeal decided by Karl alone (the organiser's quorum of one, with its reason),
/// then appealed further (Law 93C1).
fn further_appeal() -> (World, Hash32) {
    let (mut w, a) = convened();
    w.at(PUB + 11 * MIN);
    w.step(
        Who::Org,
        Payload::AppealSettings(Box::new(AppealSettings {
            quorum: 1,
            reason: Some("Club evening: the chair decides alone".into()),
            further_appeal: true,
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    w.step(Who::Ac(0), decide(a, Decision::Upheld, None))
        .unwrap();
    w.step(
        Who::Td,
        Payload::AppealFurther(AppealFurther {
            appeal: a,
            grounds: "The committee misjudged the hesitation.".into(),
        }),
    )
    .unwrap();
    (w, a)
}

fn resolve(appeal: Hash32, stands: Hash32) -> Payload {
    Payload::AppealConflictResolved(AppealConflictResolved {
        appeal,
        stands,
        reason: "The committee's vote was 2-1 for the change; Lena signed before the vote.".into(),
    })
}

#[test]
fn law_93_two_concurrent_decisions_are_a_conflict_until_the_chair_settles_it() {
    // A convened committee's decision is its chair's (Law 93B); a further appeal (93C1) is
    // decided by any member who did not decide the first: Lena and Mia decide it on two
    // tablets a second apart.
    let (w, a) = further_appeal();
    let before = outcome(&w.folded());
    let (mut d1, mut d2) = (w.f.clone(), w.f.clone());
    let changed = step_on(
        &mut d1,
        &w.ac[1],
        decide(a, Decision::Changed, Some(assigned("4S", 10))),
    )
    .unwrap();
    let upheld = step_on(&mut d2, &w.ac[2], decide(a, Decision::Upheld, None)).unwrap();
    // Each tablet alone shows its own decision.
    assert_ne!(outcome(&folded(&d1.events)), before);
    assert_eq!(outcome(&folded(&d2.events)), before);
    // Merged either way: a conflict, both steps named, no score changed, nothing flagged.
    let (m12, m21) = (merge(&d1, &d2), merge(&d2, &d1));
    let f = folded(&m12.events);
    let ap = &f.workflow.appeals[&a];
    assert_eq!(f.workflow.status(ap, PUB + 20 * MIN), "conflict");
    let c = ap.open_conflict().expect("a conflict");
    let ids: Vec<Hash32> = c.steps.iter().map(|s| s.event).collect();
    assert!(ids.contains(&changed) && ids.contains(&upheld), "{ids:?}");
    assert_eq!(ap.decisions.len(), 1, "only the first decision");
    assert_eq!(outcome(&f), before);
    assert!(f.workflow.flags.is_empty(), "{:?}", f.workflow.flags);
    assert_eq!(
        serde_json::to_string(&f.workflow.appeals).unwrap(),
        serde_json::to_string(&folded(&m21.events).workflow.appeals).unwrap()
    );
    // A new decision waits for the settlement.
    let mut m = m12;
    let err = step_on(&mut m, &w.chief, decide(a, Decision::Upheld, None)).unwrap_err();
    assert!(matches!(err, GuardError::ConflictOpen { .. }), "{err}");
    // Only the chief TD or the chair settles it.
    let err = step_on(&mut m, &w.ac[1], resolve(a, upheld)).unwrap_err();
    assert!(
        matches!(err, GuardError::NotConflictResolver { .. }),
        "{err}"
    );
    assert_eq!(
        step_on(&mut m, &w.td, resolve(a, upheld))
            .unwrap_err()
            .law(),
        "93"
    );
    step_on(&mut m, &w.ac[0], resolve(a, changed)).unwrap();
    let f = folded(&m.events);
    let ap = &f.workflow.appeals[&a];
    assert_eq!(f.workflow.status(ap, PUB + 20 * MIN), "decided");
    assert_eq!(ap.decisions.len(), 2);
    assert_eq!(ap.decisions[1].signed.event, changed);
    assert!(outcome(&f).contains("4S"), "{}", outcome(&f));
    // The casebook shows the conflict and who settled it.
    let html = tdlog::appeals::report::html(
        &tdlog::appeals::report::casebook(&f, tdlog::i18n::Lang::De),
        tdlog::i18n::Lang::De,
    );
    assert!(
        html.contains("Widersprüchliche gleichzeitige Schritte"),
        "{html}"
    );
    assert!(html.contains("Entschieden von Karl Kohl"), "{html}");
}

#[test]
fn law_93_a_decision_and_a_concurrent_withdrawal_are_a_conflict_the_chief_td_settles() {
    let (w, a) = convened();
    let before = outcome(&w.folded());
    let (mut d1, mut d2) = (w.f.clone(), w.f.clone());
    step_on(
        &mut d1,
        &w.ac[0],
        decide(a, Decision::Changed, Some(assigned("4S", 10))),
    )
    .unwrap();
    let wd = step_on(
        &mut d2,
        &w.td,
        Payload::AppealWithdrawn(AppealWithdrawn {
            appeal: a,
            reason: "The pair withdrew at 22:40.".into(),
        }),
    )
    .unwrap();
    let mut m = merge(&d1, &d2);
    let f = folded(&m.events);
    assert_eq!(f.workflow.status(&f.workflow.appeals[&a], PUB), "conflict");
    assert_eq!(outcome(&f), before);
    step_on(&mut m, &w.chief, resolve(a, wd)).unwrap();
    let f = folded(&m.events);
    assert_eq!(f.workflow.appeals[&a].state.as_str(), "withdrawn");
    assert_eq!(outcome(&f), before);
}

#[test]
fn law_93_two_concurrent_routings_are_a_conflict() {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
    let a = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    // A deputy chief TD, enrolled beforehand, routes on his own laptop at the same time.
    let deputy = common::key(20);
    let enrol = common::enrol(&deputy, tdlog::keys::Role::ChiefTd, "Deputy chief");
    let chief = common::key(1);
    w.f.next(&chief, enrol);
    let (mut d1, mut d2) = (w.f.clone(), w.f.clone());
    step_on(&mut d1, &w.chief, route(a, Forum::Committee, false)).unwrap();
    step_on(&mut d2, &deputy, route(a, Forum::Committee, false)).unwrap();
    let f = folded(&merge(&d1, &d2).events);
    let ap = &f.workflow.appeals[&a];
    assert_eq!(ap.open_conflict().map(|c| c.steps.len()), Some(2));
    assert_eq!(ap.state.as_str(), "filed");
}

// ------------------------------------------------------------------ property

#[derive(Debug, Clone)]
enum Act {
    /// Device d's committee member decides (changed to 4S= or upheld).
    Decide {
        d: usize,
        change: bool,
    },
    Withdraw {
        d: usize,
    },
    Hear {
        d: usize,
    },
    /// The chief TD settles an open conflict he can see, naming its n-th step.
    Settle {
        n: usize,
    },
    /// Two devices exchange bundles.
    Sync {
        a: usize,
        b: usize,
    },
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        (0..3usize, any::<bool>()).prop_map(|(d, change)| Act::Decide { d, change }),
        (0..3usize).prop_map(|d| Act::Withdraw { d }),
        (0..3usize).prop_map(|d| Act::Hear { d }),
        (0..3usize).prop_map(|n| Act::Settle { n }),
        (0..3usize, 0..3usize).prop_map(|(a, b)| Act::Sync { a, b }),
    ]
}

/// Which device holds which keys: the chief TD's laptop (chief, TD) and the tablets of
/// Karl (the chair) and Lena.
fn holder(w: &World, d: usize) -> (&DeviceKey, &DeviceKey) {
    match d {
        0 => (&w.chief, &w.td),
        i => (&w.ac[i - 1], &w.ac[i - 1]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_score_changes_while_a_conflict_is_open_and_every_device_converges(
        acts in prop::collection::vec(act(), 1..14)
    ) {
        let (w, a) = convened();
        let mut devs = [w.f.clone(), w.f.clone(), w.f.clone()];
        for act in &acts {
            match *act {
                Act::Decide { d, change } => {
                    let p = if change {
                        decide(a, Decision::Changed, Some(assigned("4S", 10)))
                    } else {
                        decide(a, Decision::Upheld, None)
                    };
                    if d > 0 {
                        let _ = step_on(&mut devs[d], &w.ac[d - 1], p);
                    }
                }
                Act::Withdraw { d } => {
                    if d == 0 {
                        let td = holder(&w, 0).1;
                        let _ = step_on(&mut devs[0], td, Payload::AppealWithdrawn(AppealWithdrawn {
                            appeal: a,
                            reason: "withdrawn".into(),
                        }));
                    }
                }
                Act::Hear { d } => {
                    let k = holder(&w, d).1;
                    let _ = step_on(&mut devs[d], k, Payload::AppealStatement(AppealStatement {
                        appeal: a,
                        party: Party::Appellant,
                        by: "Cara Diaz".into(),
                        text: "We did not hesitate.".into(),
                    }));
                }
                Act::Settle { n } => {
                    let f = folded(&devs[0].events);
                    if let Some(c) = f.workflow.appeals[&a].open_conflict() {
                        let stands = c.steps[n % c.steps.len()].event;
                        step_on(&mut devs[0], &w.chief, resolve(a, stands)).unwrap();
                    }
                }
                Act::Sync { a: x, b: y } => {
                    let m = merge(&devs[x], &devs[y]);
                    devs[x] = m.clone();
                    devs[y] = merge(&devs[y], &m);
                }
            }
        }
        // Every device's log, folded event by event: no event changes the board's score
        // while the appeal has an open conflict.
        for d in &devs {
            let v = verified(&d.events);
            let mut f = Folded::default();
            f.prepare(&v);
            for e in &v.events {
                let before = f.tournament.slots.get(&slot(1, 1)).map(|s| format!("{:?}", s.outcome()));
                if let Some(k) = v.keys.get(&e.env.author) {
                    f.apply(e, k);
                }
                let after = f.tournament.slots.get(&slot(1, 1)).map(|s| format!("{:?}", s.outcome()));
                if f.workflow.appeals.get(&a).is_some_and(|ap| ap.open_conflict().is_some()) {
                    prop_assert_eq!(&before, &after, "score changed while a conflict was open");
                }
            }
        }
        // After everyone has everything, every device folds to the same state.
        let all = devs.iter().skip(1).fold(devs[0].clone(), |m, d| merge(&m, d));
        let mut rev = all.events.clone();
        rev.reverse();
        let one = folded(&all.events);
        let two = folded(&rev);
        prop_assert_eq!(
            serde_json::to_string(&one.workflow.appeals).unwrap(),
            serde_json::to_string(&two.workflow.appeals).unwrap()
        );
        prop_assert_eq!(outcome(&one), outcome(&two));
        prop_assert_eq!(
            serde_json::to_string(&one.workflow.flags).unwrap(),
            serde_json::to_string(&two.workflow.flags).unwrap()
        );
    }
}
