//! Signed time against low-privilege keys (issue 29): a TD key holder who can write the
//! log file inserts a backdated appeal straight into SQLite, and a TD key signs receipts
//! for events outside its causal past, even for sequence numbers not yet signed. Rows that
//! appear in the file outside `merge` arrive when this device first finds them; a receipt
//! counts only for events in its causal past (a chief TD's receipt may also say that an
//! event reached it dated ahead: the future-dated flag).

mod common;

use common::*;
use std::path::{Path, PathBuf};
use tdlog::appeals::{append_checked, fold};
use tdlog::events::{
    AppealFiled, Category, Contestant, Form, LogReceipt, Payload, Received, ResultsPublished,
    Ruling, Section, Slot,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::cache::VerifiedCache;
use tdlog::log::seen::SeenStore;
use tdlog::log::{Hash32, Log, RawEvent};

const MIN: i64 = 60_000;

/// A published session with one TD ruling (its Law 92B period ends at `t0 + 30 min`) on
/// the chief TD's laptop. Keys: chief 1, TD 2 (Tom), TD 4 (Tina), scorer 3.
struct Session {
    dir: tempfile::TempDir,
    chief_p: PathBuf,
    t0: i64,
    ruling: Hash32,
}

fn session() -> Session {
    let dir = tempfile::tempdir().unwrap();
    let chief_p = dir.path().join("chief.tdlog");
    let (chief, td, td2, scorer) = (key(1), key(2), key(4), key(3));
    let Payload::Genesis(g) = genesis() else {
        unreachable!()
    };
    let mut log = Log::create(&chief_p, &chief, g).unwrap();
    let t0 = log.verify(None).unwrap().events[0].env.wall_ms + 60 * MIN;
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&chief, enrol(&td2, Role::Td, "Tina TD"))
        .unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    let mut at =
        |m: i64, k: &DeviceKey, p: Payload| append_checked(&mut log, k, p, t0 + m * MIN).unwrap();
    at(
        -40,
        &scorer,
        Payload::Section(Section {
            section: "A".into(),
            form: Form::Pairs,
            title: "Club pairs".into(),
        }),
    );
    for id in ["1", "2"] {
        at(
            -40,
            &scorer,
            Payload::Contestant(Box::new(Contestant {
                section: "A".into(),
                id: id.into(),
                name: format!("Pair {id}"),
                members: vec![format!("{id}a"), format!("{id}b")],
                captain: None,
                phantom: false,
            })),
        );
    }
    let ruling = at(
        -10,
        &td,
        Payload::Ruling(Box::new(Ruling {
            slot: Slot {
                section: "A".into(),
                round: 1,
                table: 1,
                board: 1,
            },
            ns: "1".into(),
            ew: "2".into(),
            call: None,
            offender: None,
            facts: "hesitation before 4S".into(),
            facts_agreed: false,
            options_offered: vec![],
            option_chosen: None,
            chosen_by: None,
            laws: vec!["16B1".into()],
            category: Category::Judgement,
            decision: "result stands".into(),
            adjustment: None,
            deferred_review: vec![],
            appeal_notice: true,
            corrects: None,
        })),
    );
    at(
        0,
        &scorer,
        Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: Some("1".into()),
        }),
    );
    Session {
        dir,
        chief_p,
        t0,
        ruling,
    }
}

fn filing(ruling: Hash32) -> Payload {
    Payload::AppealFiled(AppealFiled {
        ruling,
        appellant: "1".into(),
        grounds: "the hesitation was not noticeable".into(),
        consents: vec!["1a".into(), "1b".into()],
    })
}

fn copy(s: &Session, name: &str) -> PathBuf {
    let p = s.dir.path().join(name);
    std::fs::copy(&s.chief_p, &p).unwrap();
    p
}

fn raws(path: &Path) -> Vec<RawEvent> {
    Log::open(path)
        .unwrap()
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect()
}

/// The chief TD's laptop: its log with its device record and cache, and a fixed clock.
fn chief_device(s: &Session, device: &Path, now: i64) -> Log {
    let mut c = Log::open(&s.chief_p).unwrap();
    c.attach_seen(SeenStore::new(device)).unwrap();
    c.attach_cache(VerifiedCache::new(device));
    c.set_clock(move || now);
    c
}

/// A TD key holder who can write the chief TD's log file signs an appeal dated inside the
/// Law 92B period, an hour after it ended, and inserts the row straight into SQLite (no
/// merge, no receipt). The chief's laptop, which had seen the log, finds the row and signs
/// its receipt with its next step: the filing is a late arrival, not an appeal (it used to
/// stand as filed, with no late-arrival flag).
#[test]
fn attack_backdated_appeal_inserted_into_the_file_arrives_now() {
    let s = session();
    let device = s.dir.path().join("chief-laptop");
    chief_device(&s, &device, s.t0 + 5 * MIN)
        .verify(None)
        .unwrap();
    let thief = copy(&s, "copy.tdlog");
    let forged = append_checked(
        &mut Log::open(&thief).unwrap(),
        &key(4),
        filing(s.ruling),
        s.t0 + 20 * MIN,
    )
    .unwrap();
    let row = Log::open(&thief)
        .unwrap()
        .read_row(&forged)
        .unwrap()
        .unwrap();
    let d = row.declared.unwrap();
    rusqlite::Connection::open(&s.chief_p)
        .unwrap()
        .execute(
            "INSERT INTO event (author, seq, id, body, sig, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            rusqlite::params![d.author, d.seq, d.id, row.raw.body, row.raw.sig, row.raw.payload],
        )
        .unwrap();
    // A read on the chief's laptop finds the row first (nothing can be signed then) ...
    let ro = {
        let mut ro = Log::open_read_only(&s.chief_p).unwrap();
        ro.attach_seen(SeenStore::new(&device)).unwrap();
        ro.attach_cache(VerifiedCache::new(&device));
        ro
    };
    ro.verify(None).unwrap();
    drop(ro);
    // ... and the laptop's next step, a note at t0 + 60, carries its receipt.
    let mut c = chief_device(&s, &device, s.t0 + 60 * MIN);
    c.append(&key(1), note("after the appeal period")).unwrap();
    let f = fold(&c.verify(None).unwrap(), None);
    assert!(
        f.workflow.appeals.is_empty(),
        "the row that appeared in the file is not an appeal"
    );
    let late = &f.workflow.late_arrivals[&forged];
    assert_eq!(late.arrival_ms, s.t0 + 60 * MIN);
    assert_eq!(late.received_by, "Chief");
}

/// A TD key signs a receipt dated early naming the chief TD's sequence numbers that are not
/// signed yet; the chief's honest notes an hour later are not flagged as future-dated (the
/// receipt did not have them in its causal past). The chief TD's own receipt for a note
/// dated ahead still flags it.
#[test]
fn attack_receipt_for_events_outside_its_past_does_not_flag_honest_events() {
    let (mut f, chief, td, _) = basic();
    f.next(
        &td,
        Payload::LogReceipt(LogReceipt {
            received: vec![Received {
                author: chief.public(),
                from_seq: 1,
                to_seq: 20,
            }],
            events: 20,
        }),
    );
    f.clock += 60 * MIN;
    let honest = f.next(&chief, note("an hour after the receipt")).id();
    let v = tdlog::log::verify(
        f.events
            .iter()
            .cloned()
            .map(|raw| tdlog::log::Input {
                raw,
                declared: None,
            })
            .collect(),
        None,
    )
    .unwrap();
    let folded = fold(&v, None);
    let future = tdlog::log::time::future_dated(
        &v,
        &folded.workflow.receipts,
        folded.workflow.settings.clock_tolerance_ms(),
    );
    assert!(
        !future.iter().any(|x| x.event == honest),
        "the chief's honest note is not future-dated: {future:?}"
    );
    assert!(future.is_empty(), "{future:?}");
}

/// A TD key signs, on its own copy, a receipt dated after the appeal period naming the other
/// TD's sequence numbers not yet signed; that TD then files an appeal in time on the chief's
/// laptop. Merged later, the forged receipt does not make the honest filing late.
#[test]
fn attack_receipt_signed_before_the_events_it_names_does_not_make_them_late() {
    let s = session();
    let thief = copy(&s, "laptop4.tdlog");
    let mut l = Log::open(&thief).unwrap();
    l.set_clock({
        let t = s.t0 + 120 * MIN;
        move || t
    });
    l.append(
        &key(4),
        Payload::LogReceipt(LogReceipt {
            received: vec![Received {
                author: key(2).public(),
                from_seq: 2,
                to_seq: 10,
            }],
            events: 9,
        }),
    )
    .unwrap();
    let mut c = Log::open(&s.chief_p).unwrap();
    let filed = append_checked(&mut c, &key(2), filing(s.ruling), s.t0 + 10 * MIN).unwrap();
    c.set_clock({
        let t = s.t0 + 130 * MIN;
        move || t
    });
    c.merge_with_receipt(raws(&thief), &key(1)).unwrap();
    let f = fold(&c.verify(None).unwrap(), None);
    assert!(
        !f.workflow.late_arrivals.contains_key(&filed),
        "{:?}",
        f.workflow.late_arrivals
    );
    assert!(f.workflow.appeals.contains_key(&filed), "filed in time");
}
