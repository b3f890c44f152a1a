//! Shared set-up of the appeals tests: a pairs, teams or individual section with keys of
//! every role, and a fake clock. `step` has append-time semantics (the guards run first),
//! `force` signs anything (a merged log).
#![allow(dead_code)]

use crate::common::*;
use tdlog::appeals::{fold, Folded, GuardError};
use tdlog::events::*;
use tdlog::keys::{DeviceKey, KeyInfo, Role};
use tdlog::log::{verify, Hash32, Input};

/// 2026-09-21 22:00:00 UTC: official results published in W25.
pub const PUB: i64 = 1_790_028_000_000;
pub const MIN: i64 = 60_000;

pub struct World {
    pub f: Forge,
    pub chief: DeviceKey,
    pub td: DeviceKey,
    pub scorer: DeviceKey,
    pub org: DeviceKey,
    /// Committee keys: Karl Kohl, Lena Lind, Mia Moor; Anna Berg (a player) also holds one.
    pub ac: Vec<DeviceKey>,
    pub anna_ac: DeviceKey,
}

fn contestant(id: &str, members: &[&str], captain: Option<&str>) -> Payload {
    Payload::Contestant(Box::new(Contestant {
        section: "A".into(),
        id: id.into(),
        name: format!("Pair {id}"),
        members: members.iter().map(|m| m.to_string()).collect(),
        captain: captain.map(String::from),
        phantom: false,
    }))
}

pub fn slot(table: u32, board: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

fn played(table: u32, board: u32, ns: &str, ew: &str, contract: &str, tricks: u8) -> Payload {
    Payload::ResultRecorded(Box::new(ResultRecorded {
        slot: slot(table, board),
        ns: ns.into(),
        ew: ew.into(),
        result: TableResult {
            contract: contract.into(),
            declarer: Some("S".parse().unwrap()),
            tricks: Some(tricks),
        },
    }))
}

impl World {
    /// A pairs section: table 1 pair 1 (Anna Berg, Ben Cole) v 2 (Cara Diaz, Dan Eck),
    /// table 2 pair 3 v 4; board 1 played at both.
    pub fn new(form: Form) -> World {
        let (chief, td, scorer, org) = (key(1), key(2), key(3), key(4));
        let ac: Vec<DeviceKey> = (10..13).map(key).collect();
        let anna_ac = key(14);
        let mut f = Forge::new();
        f.next(&chief, genesis());
        f.next(&chief, enrol(&td, Role::Td, "Tom TD"));
        f.next(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"));
        f.next(&chief, enrol(&org, Role::Organiser, "Olga Organiser"));
        for (k, n) in ac.iter().zip(["Karl Kohl", "Lena Lind", "Mia Moor"]) {
            f.next(&chief, enrol(k, Role::Committee, &format!("{n} (tablet)")));
        }
        f.next(
            &chief,
            enrol(&anna_ac, Role::Committee, "Anna Berg (phone)"),
        );
        f.next(
            &scorer,
            Payload::Section(Section {
                section: "A".into(),
                form,
                title: "Club pairs".into(),
            }),
        );
        f.next(
            &scorer,
            contestant("1", &["Anna Berg", "Ben Cole"], Some("Anna Berg")),
        );
        f.next(
            &scorer,
            contestant("2", &["Cara Diaz", "Dan Eck"], Some("Cara Diaz")),
        );
        f.next(&scorer, contestant("3", &["Eva Fox", "Finn Gray"], None));
        f.next(&scorer, contestant("4", &["Gus Hale", "Hana Ito"], None));
        f.next(&scorer, played(1, 1, "1", "2", "4S", 10));
        f.next(&scorer, played(2, 1, "3", "4", "4S", 9));
        World {
            f,
            chief,
            td,
            scorer,
            org,
            ac,
            anna_ac,
        }
    }

    /// Sets the fake clock so the next event is signed at `ms`.
    pub fn at(&mut self, ms: i64) -> &mut World {
        self.f.clock = ms - 1000;
        self
    }

    pub fn folded(&self) -> Folded {
        let inputs = self
            .f
            .events
            .iter()
            .map(|raw| Input {
                raw: raw.clone(),
                declared: None,
            })
            .collect();
        let v = verify(inputs, None).expect("log verifies");
        fold(&v, None)
    }

    fn info(&self, k: &DeviceKey) -> KeyInfo {
        let inputs = self
            .f
            .events
            .iter()
            .map(|raw| Input {
                raw: raw.clone(),
                declared: None,
            })
            .collect();
        let v = verify(inputs, None).unwrap();
        v.keys.get(&k.public()).cloned().expect("enrolled")
    }

    /// Append-time semantics: the guards run first; a refused step is not signed.
    pub fn step(&mut self, who: Who, p: Payload) -> Result<Hash32, GuardError> {
        let k = self.key_of(who);
        let info = self.info(&k);
        let wall = self.f.clock + 1000;
        self.folded().workflow.check(&p, &info, wall)?;
        Ok(self.f.next(&k, p).id())
    }

    /// Replay semantics: signs the step whatever the guards say (a merged log).
    pub fn force(&mut self, who: Who, p: Payload) -> Hash32 {
        let k = self.key_of(who);
        self.f.next(&k, p).id()
    }

    fn key_of(&self, who: Who) -> DeviceKey {
        key(match who {
            Who::Chief => 1,
            Who::Td => 2,
            Who::Scorer => 3,
            Who::Org => 4,
            Who::Ac(i) => 10 + i as u8,
            Who::AnnaAc => 14,
        })
    }

    pub fn publish(&mut self, at: i64) -> Hash32 {
        self.at(at);
        self.step(
            Who::Scorer,
            Payload::ResultsPublished(ResultsPublished {
                sections: vec![],
                session: Some("1".into()),
            }),
        )
        .unwrap()
    }

    pub fn ruling(
        &mut self,
        at: i64,
        category: Category,
        adjustment: Option<Adjustment>,
    ) -> Hash32 {
        self.at(at);
        self.step(Who::Td, ruling_payload(category, adjustment))
            .unwrap()
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Who {
    Chief,
    Td,
    Scorer,
    Org,
    Ac(usize),
    AnnaAc,
}

pub fn ruling_payload(category: Category, adjustment: Option<Adjustment>) -> Payload {
    Payload::Ruling(Box::new(Ruling {
        slot: slot(1, 1),
        ns: "1".into(),
        ew: "2".into(),
        call: None,
        offender: Some("E".into()),
        facts: "East hesitated before passing 3S; West bid 4S.".into(),
        facts_agreed: true,
        options_offered: vec![],
        option_chosen: None,
        chosen_by: None,
        laws: vec!["16B1".into(), "12C1(e)".into()],
        category,
        decision: "Score adjusted to 3S+1 by South.".into(),
        adjustment,
        deferred_review: vec![],
        appeal_notice: true,
        corrects: None,
    }))
}

pub fn assigned(contract: &str, tricks: u8) -> Adjustment {
    Adjustment::Assigned {
        result: TableResult {
            contract: contract.into(),
            declarer: Some("S".parse().unwrap()),
            tricks: Some(tricks),
        },
    }
}

pub fn file(ruling: Hash32, appellant: &str, consents: &[&str]) -> Payload {
    Payload::AppealFiled(AppealFiled {
        ruling,
        appellant: appellant.into(),
        grounds: "West had no logical alternative to 4S.".into(),
        consents: consents.iter().map(|c| c.to_string()).collect(),
    })
}

pub fn route(appeal: Hash32, to: Forum, law_only: bool) -> Payload {
    Payload::AppealRouted(AppealRouted {
        appeal,
        to,
        law_only,
        note: None,
        part: None,
    })
}

pub fn decide(appeal: Hash32, decision: Decision, adjustment: Option<Adjustment>) -> Payload {
    Payload::AppealDecided(Box::new(AppealDecided {
        appeal,
        decision,
        adjustment,
        laws: vec!["16B1".into()],
        reasoning: "Pass is a logical alternative.".into(),
        deposit: Some(Deposit::Returned),
        penalty: None,
        part: None,
    }))
}

impl World {
    /// The other members of the committee (`Who::Ac(i)`) concur with the chair's decision
    /// `decision` (Law 93B: it takes effect at the quorum of concurring signatures).
    pub fn concur(&mut self, appeal: Hash32, decision: Hash32, members: &[usize]) {
        for &i in members {
            self.step(
                Who::Ac(i),
                Payload::DecisionCosigned(DecisionCosigned {
                    appeal,
                    decision,
                    vote: Vote::Concur,
                    reason: None,
                }),
            )
            .expect("a member co-signs");
        }
    }
}

/// A committee of the three neutral members, chaired by Karl.
pub fn convene(w: &World, appeal: Hash32) -> Payload {
    Payload::CommitteeConvened(CommitteeConvened {
        appeal,
        members: w.ac.iter().map(|k| k.public()).collect(),
        chair: w.ac[0].public(),
        part: None,
    })
}

/// An appeal by pair 2 (Cara Diaz, Dan Eck) against a judgement ruling at table 1, routed to
/// the committee of Karl Kohl (chair), Lena Lind and Mia Moor; `setup` runs first (settings
/// signed an hour before publication).
pub fn convened_after(setup: impl FnOnce(&mut World)) -> (World, Hash32) {
    let mut w = World::new(Form::Pairs);
    w.at(PUB - 60 * MIN);
    setup(&mut w);
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 10 * MIN);
    let a = w
        .step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    let convened = convene(&w, a);
    w.step(Who::Chief, convened).unwrap();
    (w, a)
}

/// [`convened_after`] with the organiser's `settings` signed first, if given.
pub fn convened(settings: Option<Payload>) -> (World, Hash32) {
    convened_after(|w| {
        if let Some(s) = settings {
            w.step(Who::Org, s).expect("settings");
        }
    })
}
