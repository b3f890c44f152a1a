//! Tests of the appeals workflow commands (`workflow.rs`): rulings, publication, clocks,
//! appeals from filing to the committee's decision, procedure, time flags, on the demo
//! log opened as the app opens it.
use super::*;
use crate::session::tests_support::*;

fn append(p: &Path, key: &DeviceKey, payload: Payload, now: i64) -> Result<Hash32, AppError> {
    super::append(p, &device_dir(p), key, payload, now)
}

use tdlog::events::*;
use tdlog::log::Log;

/// The signer as the step lists see it: a role, and no key (so no committee chair).
fn by(role: Option<Role>) -> Signer {
    Signer { role, key: None }
}

fn hash(s: &str, _what: &str) -> Result<Hash32, String> {
    Hash32::from_hex(s).map_err(|e| e.to_string())
}

const NOW: i64 = 4_102_444_800_000; // 2100-01-01: after every demo event

fn ruling(adj: Option<Adjustment>) -> Ruling {
    Ruling {
        slot: Slot {
            section: "A".into(),
            round: 1,
            table: 5,
            board: 11,
        },
        ns: "CROATIA".into(),
        ew: "SWEDEN".into(),
        call: None,
        offender: Some("SWEDEN".into()),
        facts: "Insufficient bid 1S over 1NT, not accepted; replaced by 2S".into(),
        facts_agreed: true,
        options_offered: vec![],
        option_chosen: None,
        chosen_by: None,
        laws: vec!["27B1(a)".into(), "12C2".into()],
        category: Category::Judgement,
        decision: "artificial adjusted score".into(),
        adjustment: adj,
        deferred_review: vec![],
        appeal_notice: true,
        corrects: None,
    }
}

#[test]
fn a_td_rules_publishes_and_an_appeal_is_decided_by_the_committee_changing_the_ranking() {
    let p = demo_with_results();
    let td1 = demo_key("td1");
    let artificial = Adjustment::Artificial {
        ns: Artificial::AveragePlus,
        ew: Artificial::AverageMinus,
    };
    let rid = append(
        &p,
        &td1,
        Payload::Ruling(Box::new(ruling(Some(artificial)))),
        NOW,
    )
    .unwrap();
    let before = open(&p, &|_| {}).unwrap();
    assert_eq!(rulings(&before)[0].id, rid.to_hex());
    let committee1 = demo_key("committee1");
    append(
        &p,
        &committee1,
        Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: None,
        }),
        NOW,
    )
    .expect_err("a committee key may not publish");
    let chief = demo_key("chief");
    append(
        &p,
        &td1,
        Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: None,
        }),
        NOW,
    )
    .unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let c = clocks(&o, NOW);
    assert_eq!(
        c.iter().map(|c| c.law).collect::<Vec<_>>(),
        vec!["92B", "79C1"]
    );
    // Law 92A: a team not at the table may not appeal.
    let bad = AppealFiled {
        ruling: rid,
        appellant: "ITALY".into(),
        grounds: "x".into(),
        consents: vec![],
    };
    let e = append(&p, &td1, Payload::AppealFiled(bad), NOW).unwrap_err();
    assert_eq!(e.code, "not_at_table");
    assert!(e.message.contains("92A"), "{e}");
    let filed = AppealFiled {
        ruling: rid,
        appellant: "SWEDEN".into(),
        grounds: "the 2S bid was not comparable".into(),
        consents: vec!["Peter Fredin".into()],
    };
    let aid = append(&p, &td1, Payload::AppealFiled(filed), NOW).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let v = appeals(&o, by(Some(Role::Td)), NOW);
    assert_eq!(v.appeals[0].status, "filed");
    assert_eq!(
        v.appeals[0].next_steps,
        vec!["consent", "hear", "withdraw", "notify"]
    );
    let chief_steps = &appeals(&o, by(Some(Role::ChiefTd)), NOW).appeals[0].next_steps;
    assert!(
        chief_steps.contains(&"route_to_committee"),
        "{chief_steps:?}"
    );
    let route = |p2: &Path| {
        append(
            p2,
            &chief,
            Payload::AppealRouted(AppealRouted {
                appeal: aid,
                to: Forum::Committee,
                law_only: false,
                note: None,
                part: None,
            }),
            NOW,
        )
    };
    // Law 92D: a team appeal needs its captain.
    // D5/D11: the refusal carries who may consent (the captain) and who signed, for
    // the UI to word in its language; the appeals view carries the same.
    let refused = route(&p).unwrap_err();
    assert_eq!(refused.code, "consent_missing");
    assert_eq!(refused.params["may_consent"], "Ola Rimstedt");
    assert!(!refused.params.contains_key("code"));
    let o = open(&p, &|_| {}).unwrap();
    let row = appeals(&o, by(None), NOW).appeals.remove(0);
    let missing = row.consent_missing.expect("consent is missing");
    assert_eq!(missing.params["may_consent"], "Ola Rimstedt");
    append(
        &p,
        &td1,
        Payload::AppealConsent(AppealConsent {
            appeal: aid,
            player: "Ola Rimstedt".into(),
        }),
        NOW,
    )
    .unwrap();
    route(&p).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let v = appeals(&o, by(Some(Role::ChiefTd)), NOW);
    // Law 93B: a committee of the three members (the default quorum), the first chairs.
    let member = v.committee_keys[0].0.clone();
    let members: Vec<Hash32> = v
        .committee_keys
        .iter()
        .map(|(k, _)| hash(k, "member").unwrap())
        .collect();
    assert_eq!(members.len(), 3);
    append(
        &p,
        &chief,
        Payload::CommitteeConvened(CommitteeConvened {
            appeal: aid,
            members: members.clone(),
            chair: hash(&member, "chair").unwrap(),
            part: None,
        }),
        NOW,
    )
    .unwrap();
    let rank = |o: &Opened| {
        crate::session::ranking_show(o)
            .unwrap()
            .standings
            .iter()
            .map(|s| (s.name.clone(), s.total))
            .collect::<Vec<_>>()
    };
    let o = open(&p, &|_| {}).unwrap();
    let r0 = rank(&o);
    // The procedure (Law 93 and the regulations): the chief TD may record that the
    // parties were told and the hearing; nothing stands yet to announce.
    let row = appeals(&o, by(Some(Role::ChiefTd)), NOW).appeals.remove(0);
    assert!(
        row.next_steps.contains(&"notify") && row.next_steps.contains(&"hearing"),
        "{:?}",
        row.next_steps
    );
    assert!(!row.next_steps.contains(&"announce"));
    let key_of = |hex: &str| {
        demo_key(
            ["committee1", "committee2", "committee3"]
                .into_iter()
                .find(|n| demo_key(n).public().to_hex() == hex)
                .unwrap(),
        )
    };
    let committee = key_of(&member);
    let decided = append(
        &p,
        &committee,
        Payload::AppealDecided(Box::new(AppealDecided {
            appeal: aid,
            decision: Decision::Changed,
            adjustment: Some(Adjustment::Artificial {
                ns: Artificial::Average,
                ew: Artificial::Average,
            }),
            laws: vec!["12C2".into()],
            reasoning: "both sides partly at fault".into(),
            deposit: Some(Deposit::Returned),
            penalty: None,
            part: None,
        })),
        NOW,
    )
    .unwrap();
    // Signed by the chair alone: no score change; the members are offered the co-sign.
    let o = open(&p, &|_| {}).unwrap();
    assert_eq!(rank(&o), r0, "waits for the quorum");
    // N14: a member who is not the chair is offered the co-sign, not the decision; the
    // chair, who signed it, neither; nor the chief TD.
    let other = members
        .iter()
        .find(|m| m.to_hex() != member)
        .copied()
        .unwrap();
    let as_member = Signer {
        role: Some(Role::Committee),
        key: Some(other),
    };
    let row = appeals(&o, as_member, NOW).appeals.remove(0);
    assert_eq!(row.status, "convened");
    assert!(row.next_steps.contains(&"cosign"), "{:?}", row.next_steps);
    assert!(!row.next_steps.contains(&"decide"), "{:?}", row.next_steps);
    let as_chair = Signer {
        role: Some(Role::Committee),
        key: Some(Hash32::from_hex(&member).unwrap()),
    };
    let chair_steps = appeals(&o, as_chair, NOW).appeals.remove(0).next_steps;
    assert!(!chair_steps.contains(&"cosign"), "{chair_steps:?}");
    assert!(!appeals(&o, by(Some(Role::ChiefTd)), NOW).appeals[0]
        .next_steps
        .contains(&"decide"));
    assert!(!appeals(&o, by(Some(Role::Td)), NOW).appeals[0]
        .next_steps
        .contains(&"cosign"));
    for m in members.iter().filter(|m| m.to_hex() != member) {
        append(
            &p,
            &key_of(&m.to_hex()),
            Payload::DecisionCosigned(DecisionCosigned {
                appeal: aid,
                decision: decided,
                vote: Vote::Concur,
                reason: None,
            }),
            NOW,
        )
        .unwrap();
    }
    let o = open(&p, &|_| {}).unwrap();
    assert_ne!(rank(&o), r0, "the committee's score changes the ranking");
    // The ranking diff of the decision names exactly the teams that moved.
    let decision = o.replayed.log.events.last().unwrap().id.to_hex();
    let moves = crate::session::ranking_diff(&o, &decision).unwrap();
    assert!(!moves.is_empty());
    for m in &moves {
        let after = rank(&o).into_iter().find(|(n, _)| n == &m.name).unwrap().1;
        let before = r0.iter().find(|(n, _)| n == &m.name).unwrap().1;
        assert_eq!((m.total_before, m.total_after), (Some(before), Some(after)));
    }
    assert!(moves.iter().any(|m| m.name == "SWEDEN"), "{moves:?}");
    let audit = crate::session::board_audit(&o, 11).unwrap();
    let slot = audit.iter().find(|s| s.slot.table == 5).unwrap();
    let whats: Vec<_> = slot.history.iter().map(|h| h.role.to_string()).collect();
    assert_eq!(
        whats.last().map(String::as_str),
        Some("committee"),
        "{whats:?}"
    );
    assert_eq!(
        appeals(&o, by(Some(Role::Committee)), NOW).appeals[0].status,
        "decided"
    );
    // The decision stands: a director announces it (the form names no decision: the
    // latest that stands); the parties are no longer "notified" of a decided appeal.
    let row = appeals(&o, by(Some(Role::Td)), NOW).appeals.remove(0);
    assert!(row.next_steps.contains(&"announce"), "{:?}", row.next_steps);
    assert!(!row.next_steps.contains(&"notify"));
    let form = tdlog::views::procedure::AnnounceForm {
        appeal: aid.to_hex()[..8].into(),
        decision: None,
        parties: vec![" SWEDEN ".into(), "".into(), "CROATIA".into()],
        note: None,
    };
    let x = tdlog::views::procedure::announced(&o.workflow, form).unwrap();
    append(&p, &td1, x, NOW).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let a = &appeals(&o, by(Some(Role::Td)), NOW).appeals[0].appeal;
    assert_eq!(a.announcements[0].step.decision, decided);
    assert_eq!(a.announcements[0].step.parties, ["SWEDEN", "CROATIA"]);
}

/// The steps of each part of a mixed appeal (Law 93B1/B2) and the regulating
/// authority's answer (Law 93C2), as the Appeals screen offers them.
#[test]
fn law_93b_a_mixed_appeal_offers_each_parts_steps_and_law_93c2_the_authoritys_answer() {
    let p = demo_with_results();
    let (td1, chief, organiser) = (demo_key("td1"), demo_key("chief"), demo_key("organiser"));
    let rid = append(&p, &td1, Payload::Ruling(Box::new(ruling(None))), NOW).unwrap();
    let publish = Payload::ResultsPublished(ResultsPublished {
        sections: vec![],
        session: None,
    });
    append(&p, &td1, publish, NOW).unwrap();
    let filed = AppealFiled {
        ruling: rid,
        appellant: "SWEDEN".into(),
        grounds: "27B1(a) misapplied, and East was not damaged".into(),
        consents: vec!["Ola Rimstedt".into()],
    };
    let aid = append(&p, &td1, Payload::AppealFiled(filed), NOW).unwrap();
    let route = |to: Forum, part: Part| {
        Payload::AppealRouted(AppealRouted {
            appeal: aid,
            to,
            law_only: part == Part::Law,
            note: None,
            part: Some(part),
        })
    };
    append(&p, &chief, route(Forum::ChiefTd, Part::Law), NOW).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let row = appeals(&o, by(Some(Role::ChiefTd)), NOW).appeals.remove(0);
    assert_eq!(row.status, "in_parts");
    let parts: Vec<_> = row
        .part_steps
        .iter()
        .map(|x| (x.part, x.state, x.next_steps.clone()))
        .collect();
    assert_eq!(
        parts,
        vec![
            ("law", "at_chief_td", vec!["decide"]),
            (
                "judgement",
                "filed",
                vec!["route_to_chief_td", "route_to_committee"]
            ),
        ]
    );
    // The whole appeal: statements, a referral, a withdrawal (no part named).
    assert!(row.next_steps.contains(&"refer"), "{:?}", row.next_steps);
    assert!(!row.next_steps.contains(&"decide"), "{:?}", row.next_steps);
    // A TD key is offered no part step.
    let td_row = appeals(&o, by(Some(Role::Td)), NOW).appeals.remove(0);
    assert!(td_row.part_steps.iter().all(|x| x.next_steps.is_empty()));

    append(
        &p,
        &chief,
        Payload::AppealReferred(AppealReferred {
            appeal: aid,
            to: "DBV".into(),
            reason: "Reading of Law 27B1(a) in the national regulations".into(),
        }),
        NOW,
    )
    .unwrap();
    let o = open(&p, &|_| {}).unwrap();
    for (role, offered) in [
        (Role::ChiefTd, true),
        (Role::Organiser, true),
        (Role::Td, false),
    ] {
        let steps = appeals(&o, by(Some(role)), NOW)
            .appeals
            .remove(0)
            .next_steps;
        assert_eq!(
            steps.contains(&"authority_answer"),
            offered,
            "{role:?}: {steps:?}"
        );
    }
    append(
        &p,
        &organiser,
        Payload::AuthorityAnswered(Box::new(AuthorityAnswered {
            appeal: aid,
            authority: "DBV".into(),
            decision: Decision::Upheld,
            adjustment: None,
            laws: vec!["27B1(a)".into()],
            reasoning: "The director applied 27B1(a) correctly".into(),
            document: "DBV letter 2026/17".into(),
        })),
        NOW,
    )
    .unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let row = appeals(&o, by(Some(Role::ChiefTd)), NOW).appeals.remove(0);
    assert_eq!(row.status, "closed");
    assert_eq!(
        row.appeal
            .authority
            .as_ref()
            .map(|(a, _)| a.document.as_str()),
        Some("DBV letter 2026/17")
    );
}

#[test]
fn law_79c2_a_late_correction_needs_the_organisers_consent() {
    let p = demo_with_results();
    let td1 = demo_key("td1");
    let organiser = demo_key("organiser");
    let publish = Payload::ResultsPublished(ResultsPublished {
        sections: vec![],
        session: None,
    });
    append(&p, &td1, publish, NOW).unwrap();
    let slot = Slot {
        section: "A".into(),
        round: 1,
        table: 5,
        board: 11,
    };
    let o = open(&p, &|_| {}).unwrap();
    let fix = tdlog::views::table_result("3NT", Some(tdlog::bridge::seat::Seat::S), Some(10));
    let late = NOW + 31 * 60_000;
    let corr =
        tdlog::views::correction_payload(&o.replayed, &slot, fix.clone(), "wrong tricks", None)
            .unwrap();
    assert_eq!(
        append(&p, &td1, corr, late).unwrap_err().code,
        "late_correction"
    );
    let consent = Payload::LateCorrectionConsent(LateCorrectionConsent {
        slot: slot.clone(),
        reason: "scoring slip reported by both pairs".into(),
    });
    // The guard names the law that says who consents (Law 79C2: the organiser).
    let e = append(&p, &td1, consent.clone(), late).unwrap_err();
    assert_eq!(e.code, "role_not_allowed");
    assert!(
        e.message
            .starts_with("Law 79C2: consenting to a correction"),
        "{}",
        e.message
    );
    let cid = append(&p, &organiser, consent, late).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let view = appeals(&o, by(Some(Role::Td)), late);
    assert_eq!(view.late_consents[0].id, cid.to_hex());
    assert_eq!(view.settings.correction_minutes, 30);
    let corr = tdlog::views::correction_payload(
        &o.replayed,
        &slot,
        fix,
        "wrong tricks",
        Some(&cid.to_hex()),
    )
    .unwrap();
    append(&p, &td1, corr, late).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let row = o
        .replayed
        .results
        .iter()
        .find(|r| r.round == 1 && r.table == 5 && r.board == 11)
        .unwrap();
    assert!(row.result.starts_with("3NT"), "{}", row.result);
}

const MIN: i64 = 60_000;

/// The chief TD's laptop (`p`) rules and publishes at NOW; TD Jens's laptop, a copy of it,
/// files an appeal with its clock 10 minutes into the Law 92B period but is offline; the
/// chief TD's laptop merges it (signing a receipt) an hour later, 30 minutes after the
/// period ended: a late arrival (as `tests/hostile_device.rs` builds it). Returns the log,
/// the filing, and a copy of the log from before the merge.
fn late_filing() -> (std::path::PathBuf, Hash32, std::path::PathBuf) {
    let p = demo_with_results();
    let td1 = demo_key("td1");
    let artificial = Adjustment::Artificial {
        ns: Artificial::AveragePlus,
        ew: Artificial::AverageMinus,
    };
    let rid = append(
        &p,
        &td1,
        Payload::Ruling(Box::new(ruling(Some(artificial)))),
        NOW,
    )
    .unwrap();
    let publish = Payload::ResultsPublished(ResultsPublished {
        sections: vec![],
        session: None,
    });
    append(&p, &td1, publish, NOW).unwrap();
    let laptop = p.with_file_name("laptop.tdlog");
    std::fs::copy(&p, &laptop).unwrap();
    let before = p.with_file_name("before-merge.tdlog");
    std::fs::copy(&p, &before).unwrap();
    let filed = super::append(
        &laptop,
        &p.with_file_name("laptop-device"),
        &td1,
        Payload::AppealFiled(AppealFiled {
            ruling: rid,
            appellant: "SWEDEN".into(),
            grounds: "the 2S bid was not comparable".into(),
            consents: vec!["Peter Fredin".into()],
        }),
        NOW + 10 * MIN,
    )
    .unwrap();
    let raws: Vec<_> = Log::open(&laptop)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect();
    let mut c = Log::open(&p).unwrap();
    c.set_clock(|| NOW + 60 * MIN);
    let r = c.merge_with_receipt(raws, &demo_key("chief")).unwrap();
    assert_eq!(r.added, 1);
    (p, filed, before)
}

#[test]
fn the_summary_shows_the_head_digest_and_a_late_arrival_held_for_the_chief_td() {
    let (p, filed, _) = late_filing();
    let o = open(&p, &|_| {}).unwrap();
    let s = crate::session::summary(&o, None);
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let digest = tdlog::log::digest::HeadSet::of(&v).digest();
    assert_eq!(s.digest, digest.to_string());
    assert!(
        s.digest.starts_with(&format!("{}-", digest.events)),
        "{}",
        s.digest
    );
    assert_eq!(s.digest.parse::<tdlog::log::digest::Digest>(), Ok(digest));
    assert_eq!(s.late_arrivals.len(), 1, "{:?}", s.late_arrivals);
    let l = &s.late_arrivals[0];
    assert_eq!(l.event, filed.to_hex());
    assert_eq!(l.kind, "appeal.filed");
    assert_eq!(l.law, "92B");
    assert_eq!(l.signer, "Jens Hansen, laptop 2");
    assert_eq!(l.role, "td");
    assert!(l.signed.starts_with("2100-01-01T00:10"), "{}", l.signed);
    assert!(l.deadline.starts_with("2100-01-01T00:30"), "{}", l.deadline);
    assert!(l.arrival.starts_with("2100-01-01T01:00"), "{}", l.arrival);
    assert_eq!(l.received_by, s.keys[0].holder, "the chief TD's receipt");
    assert_eq!(l.accepted, None);
    assert!(s.future_dated.is_empty(), "{:?}", s.future_dated);
    assert!(o.workflow.appeals.is_empty(), "held: not an appeal yet");
}

#[test]
fn time_accept_by_the_chief_td_clears_the_flag_and_the_appeal_takes_effect() {
    let (p, filed, _) = late_filing();
    let o = open(&p, &|_| {}).unwrap();
    let id = filed.to_hex();
    let reason = "Jens's laptop had no network in the hall; filed at the table in time";
    assert_eq!(
        time_accept_payload(&o, &id, "92B", "  ").unwrap_err().code,
        "empty_reason"
    );
    assert_eq!(
        time_accept_payload(&o, &id, "", reason).unwrap_err().code,
        "empty_law"
    );
    let other = o.replayed.log.events[3].id.to_hex();
    assert_eq!(
        time_accept_payload(&o, &other, "92B", reason)
            .unwrap_err()
            .code,
        "not_flagged"
    );
    let pay = time_accept_payload(&o, &id, " 92B ", reason).unwrap();
    // Only a chief TD key may accept: a director's signature is refused.
    let e = append(&p, &demo_key("td1"), pay.clone(), NOW + 70 * MIN).unwrap_err();
    assert_eq!(e.code, "role_may_not_sign", "{e}");
    let acc = append(&p, &demo_key("chief"), pay, NOW + 70 * MIN).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let s = crate::session::summary(&o, None);
    assert_eq!(s.late_arrivals[0].accepted, Some(acc.to_hex()));
    assert!(
        o.workflow.appeals.contains_key(&filed),
        "accepted: now an appeal"
    );
    assert_eq!(
        time_accept_payload(&o, &id, "92B", reason)
            .unwrap_err()
            .code,
        "not_flagged",
        "accepted once"
    );
}

#[test]
fn a_log_that_lost_events_this_device_saw_is_refused_as_rolled_back() {
    let (p, _, before) = late_filing();
    let dd = device_dir(&p);
    crate::session::open(&p, &dd, &|_| {}).unwrap();
    // The file is swapped for the copy from before the merge: the receipt and the
    // filing this device saw are gone.
    std::fs::copy(&before, &p).unwrap();
    let e = crate::session::open(&p, &dd, &|_| {}).err().unwrap();
    assert_eq!(e.code, "rolled_back", "{e}");
    assert!(e.message.contains("Jens Hansen, laptop 2"), "{e}");
    // Appends open the log the same way: nothing is signed on a rolled-back log.
    let note = crate::session::NoteInput {
        text: "x".into(),
        board: None,
        table: None,
        round: None,
    };
    let e = crate::session::append_note(&p, &dd, &demo_key("td1"), note).unwrap_err();
    assert_eq!(e.code, "rolled_back");
    // Another device that never saw them opens it.
    crate::session::open(&p, &p.with_file_name("other-device"), &|_| {}).unwrap();
}

/// A laptop whose clock is two hours ahead signs a note; the chief TD's laptop merges it
/// at NOW: a future-dated event, listed until the chief TD accepts it.
#[test]
fn a_future_dated_note_is_listed_until_the_chief_td_accepts_it() {
    let p = demo_with_results();
    let laptop = p.with_file_name("laptop.tdlog");
    std::fs::copy(&p, &laptop).unwrap();
    let mut l = Log::open(&laptop).unwrap();
    l.set_clock(|| NOW + 120 * MIN);
    let note = l
        .append(
            &demo_key("td1"),
            Payload::DirectorNote(DirectorNote {
                text: "from the future".into(),
                board: None,
                table: None,
                round: None,
            }),
        )
        .unwrap();
    drop(l);
    let raws: Vec<_> = Log::open(&laptop)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect();
    let mut c = Log::open(&p).unwrap();
    c.set_clock(|| NOW);
    c.merge_with_receipt(raws, &demo_key("chief")).unwrap();
    drop(c);
    let o = open(&p, &|_| {}).unwrap();
    let s = crate::session::summary(&o, None);
    assert_eq!(s.future_dated.len(), 1, "{:?}", s.future_dated);
    let f = &s.future_dated[0];
    assert_eq!(f.event, note.to_hex());
    assert_eq!(f.kind, "director.note");
    assert_eq!(f.holder, "Jens Hansen, laptop 2");
    assert_eq!(f.minutes_ahead, 120);
    assert!(f.received.starts_with("2100-01-01T00:00"), "{}", f.received);
    assert!(s.late_arrivals.is_empty());
    let pay = time_accept_payload(&o, &f.event, "81C", "the laptop's clock was set wrong").unwrap();
    append(&p, &demo_key("chief"), pay, NOW + MIN).unwrap();
    let s = crate::session::summary(&open(&p, &|_| {}).unwrap(), None);
    assert!(s.future_dated.is_empty(), "{:?}", s.future_dated);
}
