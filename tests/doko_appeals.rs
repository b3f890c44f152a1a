//! The Doppelkopf appeal path as a profile of the appeals workflow (issue 7; Eppstein
//! §7.1.1, §8.8.7): the Schiedsrichter's `doko.ruling` is the ruling, the objection
//! (`Appealed`) files the appeal, the Schiedsgericht's `doko.schiedsgericht` decides it,
//! final. The guards refuse at append (naming the rule) and flag on replay, and a refused
//! step never reaches the game list.

mod common;
use common::tdlog_cmd;

use common::key;
use std::path::{Path, PathBuf};

use tdlog::appeals::pipeline::State;
use tdlog::appeals::{append_checked, AppendError, GuardError};
use tdlog::doko::game::GameEvent;
use tdlog::doko::table::RecordedGame;
use tdlog::events::{
    AppealFurther, DokoGame, DokoGameRef, DokoSeating, Game, Genesis, KeyEnrolled, Payload,
};
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{Hash32, Log};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/doko/round16");

fn games() -> Vec<RecordedGame> {
    serde_json::from_str(&std::fs::read_to_string(format!("{DIR}/events.json")).unwrap()).unwrap()
}

struct Keys {
    chief: DeviceKey,
    td: DeviceKey,
    scorer: DeviceKey,
    committee: DeviceKey,
    /// A committee key held by a player of the table.
    dora: DeviceKey,
}

fn enrol(k: &DeviceKey, role: Role, holder: &str) -> Payload {
    Payload::KeyEnrolled(KeyEnrolled {
        key: k.public(),
        role,
        holder: holder.into(),
    })
}

fn new_log(dir: &Path) -> (PathBuf, Log, Keys) {
    let p = dir.join("doko.tdlog");
    let k = Keys {
        chief: key(1),
        td: key(2),
        scorer: key(3),
        committee: key(4),
        dora: key(5),
    };
    let mut log = Log::create(
        &p,
        &k.chief,
        Genesis {
            name: "Doko-Turnier".into(),
            game: Game::Doppelkopf,
            organiser: "tdlog test club".into(),
            rule_profile: "eppstein-2001".into(),
            chief_td: "Chief".into(),
        },
    )
    .unwrap();
    for p in [
        enrol(&k.td, Role::Td, "Schiedsrichter"),
        enrol(&k.scorer, Role::Scorer, "Listenführer"),
        enrol(&k.committee, Role::Committee, "Schiedsgericht"),
        enrol(&k.dora, Role::Committee, "Dora (tablet)"),
    ] {
        log.append(&k.chief, p).unwrap();
    }
    (p, log, k)
}

fn signer<'a>(k: &'a Keys, p: &Payload) -> &'a DeviceKey {
    match p {
        Payload::DokoRuling(_) => &k.td,
        Payload::DokoSchiedsgericht(_) => &k.committee,
        _ => &k.scorer,
    }
}

/// The game of the fixture with the ruling, and the index of its `Ruled` event.
fn ruled_game(games: &[RecordedGame]) -> (usize, usize) {
    for (g, rg) in games.iter().enumerate() {
        if let Some(i) = rg
            .events
            .iter()
            .position(|e| matches!(e, GameEvent::Ruled { .. }))
        {
            return (g, i);
        }
    }
    panic!("the fixture has a ruling");
}

fn at(game: usize) -> DokoGameRef {
    DokoGameRef {
        round: 1,
        table: 3,
        game: game as u32 + 1,
    }
}

/// Appends the fixture's games up to and including the Schiedsrichter's ruling, each
/// event through the guards; returns the game's remaining events (objection, decision,
/// the rest of play).
fn up_to_the_ruling(log: &mut Log, k: &Keys) -> (DokoGameRef, Vec<GameEvent>) {
    up_to_a_ruling_by(log, k, &k.td)
}

fn up_to_a_ruling_by(
    log: &mut Log,
    k: &Keys,
    referee: &DeviceKey,
) -> (DokoGameRef, Vec<GameEvent>) {
    let games = games();
    let (g, i) = ruled_game(&games);
    for (n, rg) in games.iter().enumerate().take(g + 1) {
        let p = Payload::DokoGame(DokoGame {
            at: at(n),
            setup: rg.setup.clone(),
        });
        append_checked(log, &k.scorer, p, 0).unwrap();
        let events = if n == g {
            &rg.events[..=i]
        } else {
            &rg.events[..]
        };
        for e in events {
            let p = at(n).payload(e.clone());
            let s = match p {
                Payload::DokoRuling(_) => referee,
                _ => signer(k, &p),
            };
            append_checked(log, s, p, 0).unwrap();
        }
    }
    (at(g), games[g].events[i + 1..].to_vec())
}

fn fold(p: &Path) -> tdlog::appeals::Folded {
    tdlog::appeals::fold(&Log::open(p).unwrap().verify(None).unwrap(), None)
}

fn refused(r: Result<Hash32, AppendError>) -> GuardError {
    match r {
        Err(AppendError::Guard(g)) => g,
        other => panic!("must be refused by a guard, got {other:?}"),
    }
}

#[test]
fn rule_8_8_7_objection_after_the_next_card_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    let (g, rest) = up_to_the_ruling(&mut log, &k);
    let objection = rest[0].clone();
    assert!(matches!(objection, GameEvent::Appealed { .. }));
    let card = rest
        .iter()
        .find(|e| matches!(e, GameEvent::CardPlayed { .. }))
        .unwrap()
        .clone();
    append_checked(&mut log, &k.scorer, g.payload(card), 0).unwrap();
    let err = refused(append_checked(&mut log, &k.scorer, g.payload(objection), 0));
    assert!(
        matches!(err, GuardError::DokoObjectionLate { .. }),
        "{err:?}"
    );
    assert_eq!(err.law(), "Doko 8.8.7");
    assert!(
        err.to_string().starts_with("Doppelkopf §8.8.7:"),
        "the refusal names the rule: {err}"
    );
    assert!(err.to_string().contains("a card"), "{err}");
    drop(log);
    // Nothing was written: no appeal, and the refusal is the same in German.
    let f = fold(&p);
    assert!(f.workflow.appeals.is_empty());
    let de = tdlog::appeals::refusal(tdlog::i18n::Lang::De, &err);
    assert!(de.starts_with("Doppelkopf 8.8.7: Einspruch"), "{de}");
}

#[test]
fn rule_8_8_7_a_late_objection_merged_into_the_log_is_flagged_and_never_reaches_the_list() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    let (g, rest) = up_to_the_ruling(&mut log, &k);
    let card = rest
        .iter()
        .find(|e| matches!(e, GameEvent::CardPlayed { .. }))
        .unwrap()
        .clone();
    log.append(&k.scorer, g.payload(card)).unwrap();
    // Appended without the guards (as a merged device's log would carry it).
    let late = log.append(&k.scorer, g.payload(rest[0].clone())).unwrap();
    drop(log);
    let f = fold(&p);
    assert!(f.workflow.appeals.is_empty());
    let flag = f
        .workflow
        .flags
        .iter()
        .find(|fl| fl.signed.event == late)
        .expect("the late objection is flagged");
    assert_eq!(flag.law, "Doko 8.8.7");
    // The list's fold never saw it: no refused event of the engine for it either.
    let games = &f.doko.games;
    assert!(!games[&g].sources.contains(&late));
}

#[test]
fn rule_8_8_7_an_immediate_objection_files_a_doko_schiedsgericht_appeal_and_suspends_play() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    let (g, rest) = up_to_the_ruling(&mut log, &k);
    let id = append_checked(&mut log, &k.scorer, g.payload(rest[0].clone()), 0).unwrap();
    drop(log);
    let f = fold(&p);
    let a = &f.workflow.appeals[&id];
    assert_eq!(a.state, State::Filed);
    let c = a.doko.as_ref().unwrap();
    assert_eq!(c.at, g);
    assert!(c.decision.is_none());
    assert!(f.workflow.play_suspended(a), "§8.8.7: play is suspended");
    assert_eq!(f.workflow.pipeline_of(a), tdlog::appeals::pipeline::DOKO);
}

#[test]
fn rule_7_1_1_the_schiedsrichter_who_ruled_does_not_decide_the_objection() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(dir.path());
    // The chief TD acts as Schiedsrichter here; his key may sign both types.
    let (g, rest) = up_to_a_ruling_by(&mut log, &k, &k.chief);
    append_checked(&mut log, &k.scorer, g.payload(rest[0].clone()), 0).unwrap();
    let err = refused(append_checked(
        &mut log,
        &k.chief,
        g.payload(rest[1].clone()),
        0,
    ));
    assert!(
        matches!(err, GuardError::DokoRefereeDecides { .. }),
        "{err:?}"
    );
    assert_eq!(err.law(), "Doko 7.1.1");
    append_checked(&mut log, &k.committee, g.payload(rest[1].clone()), 0).unwrap();
}

#[test]
fn rule_7_1_1_a_player_of_the_table_may_not_sit_on_the_schiedsgericht() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(dir.path());
    let seating = ["A", "B", "C", "D"]
        .iter()
        .zip(["Anna", "Bert", "Cleo", "Dora"])
        .map(|(s, n)| {
            (
                serde_json::from_value(serde_json::json!(s)).unwrap(),
                n.to_string(),
            )
        })
        .collect();
    log.append(
        &k.scorer,
        Payload::DokoSeating(DokoSeating {
            round: 1,
            table: 3,
            seating,
        }),
    )
    .unwrap();
    let (g, rest) = up_to_the_ruling(&mut log, &k);
    append_checked(&mut log, &k.scorer, g.payload(rest[0].clone()), 0).unwrap();
    let err = refused(append_checked(
        &mut log,
        &k.dora,
        g.payload(rest[1].clone()),
        0,
    ));
    assert!(matches!(err, GuardError::MemberPlayed { .. }), "{err:?}");
    append_checked(&mut log, &k.committee, g.payload(rest[1].clone()), 0).unwrap();
}

#[test]
fn rule_7_1_1_the_schiedsgericht_decides_finally_no_second_objection_no_further_appeal() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    let (g, rest) = up_to_the_ruling(&mut log, &k);
    let id = append_checked(&mut log, &k.scorer, g.payload(rest[0].clone()), 0).unwrap();
    // Deciding without an objection is impossible; deciding through appeal.decided is the
    // other path, refused: the game list folds doko.schiedsgericht.
    let other = Payload::AppealDecided(Box::new(tdlog::events::AppealDecided {
        appeal: id,
        decision: tdlog::events::Decision::Upheld,
        adjustment: None,
        laws: vec![],
        reasoning: "upheld".into(),
        deposit: None,
        penalty: None,
        part: None,
    }));
    let err = refused(append_checked(&mut log, &k.committee, other, 0));
    assert!(matches!(err, GuardError::DokoDecisionElsewhere), "{err:?}");
    append_checked(&mut log, &k.committee, g.payload(rest[1].clone()), 0).unwrap();
    // Final: a second objection, and any further appeal, are refused naming §7.1.1.
    let err = refused(append_checked(
        &mut log,
        &k.scorer,
        g.payload(rest[0].clone()),
        0,
    ));
    assert!(matches!(err, GuardError::DokoFinal), "{err:?}");
    assert!(err.to_string().starts_with("Doppelkopf §7.1.1:"), "{err}");
    let further = Payload::AppealFurther(AppealFurther {
        appeal: id,
        grounds: "again".into(),
    });
    let err = refused(append_checked(&mut log, &k.td, further, 0));
    assert!(matches!(err, GuardError::DokoFinal), "{err:?}");
    drop(log);
    let f = fold(&p);
    let a = &f.workflow.appeals[&id];
    assert_eq!(a.state, State::Decided);
    assert!(
        !f.workflow.play_suspended(a),
        "play resumes after the decision"
    );
    assert_eq!(a.steps.len(), 2);
    assert_eq!(a.steps[1].signed.signer, "Schiedsgericht");
    assert!(a.doko.as_ref().unwrap().decision.is_some());
}

#[test]
fn rule_8_8_7_an_objection_without_a_ruling_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut log, k) = new_log(dir.path());
    let (g, rest) = up_to_the_ruling(&mut log, &k);
    let GameEvent::Appealed { violation } = rest[0] else {
        panic!("objection follows the ruling in the fixture")
    };
    let other = GameEvent::Appealed {
        violation: violation + 7,
    };
    let err = refused(append_checked(&mut log, &k.scorer, g.payload(other), 0));
    assert!(matches!(err, GuardError::DokoNoRuling { .. }), "{err:?}");
}

#[test]
fn the_recorded_round_is_one_appeal_of_the_workflow_and_its_list_is_unchanged_7_1_1() {
    let dir = tempfile::tempdir().unwrap();
    let (p, mut log, k) = new_log(dir.path());
    for (n, rg) in games().iter().enumerate() {
        let mut batch = vec![Payload::DokoGame(DokoGame {
            at: at(n),
            setup: rg.setup.clone(),
        })];
        for e in &rg.events {
            let pl = at(n).payload(e.clone());
            let s = signer(&k, &pl);
            if std::ptr::eq(s, &k.scorer) {
                batch.push(pl);
            } else {
                log.append_batch(&k.scorer, std::mem::take(&mut batch))
                    .unwrap();
                log.append(s, pl).unwrap();
            }
        }
        log.append_batch(&k.scorer, batch).unwrap();
    }
    drop(log);
    let f = fold(&p);
    assert!(f.workflow.flags.is_empty(), "{:?}", f.workflow.flags);
    assert_eq!(f.workflow.appeals.len(), 1);
    let a = f.workflow.appeals.values().next().unwrap();
    assert_eq!(a.state, State::Decided);
    // The list through the workflow equals the list of the tables alone.
    let v = Log::open(&p).unwrap().verify(None).unwrap();
    let mut alone = tdlog::doko::tables::DokoTables::default();
    tdlog::log::replay(&v, &mut alone);
    assert_eq!(
        serde_json::to_value(&f.doko.list(1, 3).unwrap().replay.list).unwrap(),
        serde_json::to_value(&alone.list(1, 3).unwrap().replay.list).unwrap()
    );

    // The list as a PDF from the log (§6.3), through the shared writer.
    let pdf = dir.path().join("list.pdf");
    let out = tdlog_cmd()
        .args(["doko", "list"])
        .arg(&p)
        .args(["--table", "3", "--pdf"])
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = std::process::Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils, scripts/deps.sh)");
    assert!(String::from_utf8_lossy(&text.stdout).contains("Spielliste (Profil eppstein-2001)"));

    // `tdlog appeals` and `tdlog report appeal` show the Doppelkopf case.
    let out = tdlog_cmd().arg("appeals").arg(&p).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(
        text.contains("decided") && text.contains("doko round 1 table 3 game"),
        "{text}"
    );
    let out = tdlog_cmd()
        .args(["report", "appeal"])
        .arg(&p)
        .arg(&a.id.to_hex()[..12])
        .args(["--format", "html"])
        .output()
        .unwrap();
    let html = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for want in [
        "Schiedsrichter&#39;s ruling",
        "Unerheblich",
        "Geringfuegig",
        "Schiedsgericht",
        "Schiedsgericht&#39;s decision",
    ] {
        assert!(
            html.contains(want) || html.contains(&want.replace("&#39;", "'")),
            "{want} in {html}"
        );
    }
}

/// Two devices after the ruling: the scorer's records a card on one, the TD's the objection
/// on the other, concurrently; the logs are merged. Returns the merged fold, the game and
/// the objection's event id.
fn concurrent(
    card_after_ms: i64,
    objection_after_ms: i64,
) -> (tdlog::appeals::Folded, DokoGameRef, Hash32) {
    let dir = tempfile::tempdir().unwrap();
    let (pa, mut a, k) = new_log(dir.path());
    let (g, rest) = up_to_the_ruling(&mut a, &k);
    let t = a
        .verify(None)
        .unwrap()
        .events
        .iter()
        .map(|e| e.env.wall_ms)
        .max()
        .unwrap();
    drop(a);
    let pb = dir.path().join("b.tdlog");
    std::fs::copy(&pa, &pb).unwrap();
    let (mut a, mut b) = (Log::open(&pa).unwrap(), Log::open(&pb).unwrap());
    let card = rest
        .iter()
        .find(|e| matches!(e, GameEvent::CardPlayed { .. }))
        .unwrap()
        .clone();
    // Both events get the same Lamport counter; replay order then goes by author: the
    // card's signer is the one whose key sorts first, so the card is replayed first.
    let (card_by, objection_by) = if k.scorer.public() < k.td.public() {
        (&k.scorer, &k.td)
    } else {
        (&k.td, &k.scorer)
    };
    a.set_clock(move || t + card_after_ms);
    let card_id = a.append(card_by, g.payload(card)).unwrap();
    let objection = append_checked(
        &mut b,
        objection_by,
        g.payload(rest[0].clone()),
        t + objection_after_ms,
    )
    .unwrap();
    let from_b: Vec<_> = b
        .read_inputs()
        .unwrap()
        .into_iter()
        .map(|i| i.raw)
        .collect();
    a.merge(from_b).unwrap();
    drop(a);
    let order: Vec<Hash32> = Log::open(&pa)
        .unwrap()
        .verify(None)
        .unwrap()
        .events
        .iter()
        .map(|e| e.id)
        .collect();
    let pos = |id: Hash32| order.iter().position(|i| *i == id).unwrap();
    assert!(pos(card_id) < pos(objection), "the card is replayed first");
    (fold(&pa), g, objection)
}

#[test]
fn rule_8_8_7_an_objection_signed_before_a_concurrent_card_stands_and_goes_before_it() {
    // The objection (signed 10 s after the last event) precedes the card (20 s) in signed
    // time, whatever the replay order: it stands, and the list folds it before the card.
    let (f, g, objection) = concurrent(20_000, 10_000);
    assert!(f.workflow.flags.is_empty(), "{:?}", f.workflow.flags);
    assert!(f.workflow.appeals.contains_key(&objection));
    let game = &f.doko.games[&g];
    let at_objection = game
        .events
        .iter()
        .position(|e| matches!(e, GameEvent::Appealed { .. }))
        .unwrap();
    let last_card = game
        .events
        .iter()
        .rposition(|e| matches!(e, GameEvent::CardPlayed { .. }))
        .unwrap();
    assert!(
        at_objection < last_card,
        "the objection is folded before the later card"
    );
    // The game engine agrees: the objection applies (the card waits: play is suspended).
    let l = f.doko.list(1, 3).unwrap();
    assert!(
        l.refused.iter().all(|r| r.event != Some(objection)),
        "{:?}",
        l.refused
    );
}

#[test]
fn rule_8_8_7_an_objection_signed_after_a_concurrent_card_is_late() {
    // The card (10 s) precedes the objection (20 s) in signed time, and is replayed first:
    // the objection is flagged and never reaches the list. (Replayed the other way round,
    // the objection would stand: the fold does not look ahead.)
    let (f, g, objection) = concurrent(10_000, 20_000);
    let fl = f
        .workflow
        .flags
        .iter()
        .find(|fl| fl.signed.event == objection)
        .expect("the objection signed after the card is late");
    assert_eq!(fl.law, "Doko 8.8.7");
    assert!(!f.workflow.appeals.contains_key(&objection));
    assert!(!f.doko.games[&g].sources.contains(&objection));
}

#[test]
fn rule_7_1_1_doko_import_signs_the_decision_with_the_schiedsgerichts_key() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| {
        let out = tdlog_cmd()
            .args(args)
            .current_dir(d)
            .env("TDLOG_KEY", d.join("chief.key"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    run(&["key", "new"]);
    let sg = run(&["key", "new", "--key", "sg.key"]);
    let sg_key = sg
        .split_whitespace()
        .find(|w| w.len() == 64)
        .expect("the public key is printed")
        .to_string();
    let events = format!("{DIR}/events.json");
    for (log, with_key) in [("one.tdlog", false), ("two.tdlog", true)] {
        run(&["init", log, "--name", "Doko", "--game", "doppelkopf"]);
        run(&[
            "key",
            "enrol",
            log,
            &sg_key,
            "--role",
            "committee",
            "--holder",
            "Schiedsgericht",
        ]);
        let mut args = vec![
            "doko", "import", log, &events, "--round", "1", "--table", "3",
        ];
        if with_key {
            args.extend(["--schiedsgericht-key", "sg.key"]);
        }
        let out = run(&args);
        if with_key {
            assert!(!out.contains("refused:"), "{out}");
            let list = run(&["doko", "list", log, "--table", "3"]);
            assert!(list.contains("Pflichtsolo Farbsolo(Herz)"), "{list}");
        } else {
            // One key signed the ruling and the decision: the decision is refused (§7.1.1).
            assert!(
                out.contains("refused:") && out.contains("Doppelkopf §7.1.1"),
                "{out}"
            );
            // The game stays suspended; the list says why.
            let out = tdlog_cmd()
                .args(["doko", "list", log, "--table", "3"])
                .current_dir(d)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                !out.status.success() && err.contains("refused: Doppelkopf §7.1.1"),
                "{err}"
            );
        }
    }
}
