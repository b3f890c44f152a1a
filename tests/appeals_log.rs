//! End to end over a real SQLite log: results published, an appeal filed in time, the
//! committee changes the adjusted score, the ranking changes, and `tdlog audit` of the
//! board lists ruling, appeal and decision in order with their signers; the appeal form
//! renders as HTML and as a PDF that poppler can read.

mod common;
use common::tdlog_cmd;

use common::{enrol, key};
use std::path::Path;
use std::process::Command;
use tdlog::appeals::{append_checked, fold, AppendError, Folded};
use tdlog::events::*;
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{Hash32, Log};
use tdlog::results::{ranking, results};

const MIN: i64 = 60_000;

fn genesis() -> Genesis {
    match common::genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    }
}

fn slot(table: u32, board: u32) -> Slot {
    Slot {
        section: "A".into(),
        round: 1,
        table,
        board,
    }
}

fn res(contract: &str, tricks: u8) -> TableResult {
    TableResult {
        contract: contract.into(),
        declarer: Some("S".parse().unwrap()),
        tricks: Some(tricks),
    }
}

struct Event {
    path: std::path::PathBuf,
    log: Log,
    chief: DeviceKey,
    td: DeviceKey,
    scorer: DeviceKey,
    ac: Vec<DeviceKey>,
    /// Fake clock: minutes from `base`.
    base: i64,
}

impl Event {
    fn at(&mut self, minutes: i64, who: &DeviceKey, p: Payload) -> Result<Hash32, AppendError> {
        append_checked(&mut self.log, who, p, self.base + minutes * MIN)
    }

    fn folded(&self) -> Folded {
        fold(&self.log.verify(None).unwrap(), None)
    }

    fn pct(&self, pair: &str) -> f64 {
        let t = self.folded().tournament;
        let r = ranking(&t, &results(&t));
        r.standings
            .iter()
            .find(|s| s.contestant == pair)
            .map(|s| s.total)
            .unwrap()
    }
}

fn setup(dir: &Path) -> Event {
    let path = dir.join("appeal.tdlog");
    let (chief, td, scorer, org) = (key(1), key(2), key(3), key(4));
    let ac: Vec<DeviceKey> = (10..13).map(key).collect();
    let mut log = Log::create(&path, &chief, genesis()).unwrap();
    // The genesis carries the real time; the fake clock runs from an hour later.
    let base = log.verify(None).unwrap().events[0].env.wall_ms + 60 * MIN;
    log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
    log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
        .unwrap();
    log.append(&chief, enrol(&org, Role::Organiser, "Olga Organiser"))
        .unwrap();
    for (k, n) in ac.iter().zip(["Karl Kohl", "Lena Lind", "Mia Moor"]) {
        log.append(&chief, enrol(k, Role::Committee, &format!("{n} (tablet)")))
            .unwrap();
    }
    let mut e = Event {
        path,
        log,
        chief,
        td,
        scorer,
        ac,
        base,
    };
    let org = key(4);
    e.at(
        -60,
        &org,
        Payload::AppealSettings(Box::new(AppealSettings {
            quorum: 3,
            deposit: Some("EUR 20 per pair".into()),
            ..AppealSettings::default()
        })),
    )
    .unwrap();
    let scorer = key(3);
    let mut structure = vec![Payload::Section(Section {
        section: "A".into(),
        form: Form::Pairs,
        title: "Club pairs".into(),
    })];
    for (id, m) in [
        ("1", ["Anna Berg", "Ben Cole"]),
        ("2", ["Cara Diaz", "Dan Eck"]),
        ("3", ["Eva Fox", "Finn Gray"]),
        ("4", ["Gus Hale", "Hana Ito"]),
    ] {
        structure.push(Payload::Contestant(Box::new(Contestant {
            section: "A".into(),
            id: id.into(),
            name: format!("Pair {id}"),
            members: m.iter().map(|s| s.to_string()).collect(),
            captain: None,
            phantom: false,
        })));
    }
    structure.push(Payload::BoardFacts(BoardFacts {
        section: "A".into(),
        board: 1,
        dealer: None,
        vulnerable: None,
        deal: Some("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96".into()),
    }));
    for (t, ns, ew) in [(1, "1", "2"), (2, "3", "4")] {
        structure.push(Payload::TableAssignment(TableAssignment {
            section: "A".into(),
            round: 1,
            table: t,
            ns: ns.into(),
            ew: ew.into(),
            boards: vec![1, 2],
        }));
    }
    for (t, b, ns, ew, r) in [
        (1, 1, "1", "2", res("4S", 10)),
        (2, 1, "3", "4", res("4S", 9)),
        (1, 2, "1", "2", res("2S", 8)),
        (2, 2, "3", "4", res("2S", 9)),
    ] {
        structure.push(Payload::ResultRecorded(Box::new(ResultRecorded {
            slot: slot(t, b),
            ns: ns.into(),
            ew: ew.into(),
            result: r,
        })));
    }
    for p in structure {
        e.at(-50, &scorer, p).unwrap();
    }
    e
}

fn tdlog(args: &[&str]) -> std::process::Output {
    tdlog_cmd()
        .args(args)
        .env_remove("TDLOG_KEY")
        .output()
        .unwrap()
}

#[test]
fn law_93b2_committee_changes_the_adjusted_score_and_the_ranking_and_the_audit_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = setup(dir.path());
    let (td, chief, scorer) = (key(2), key(1), key(3));
    let before_ruling = e.pct("1");

    // 21:40 the TD rules at table 1: 4S= becomes 4S-1 (Law 16B1, 12C1(e)).
    let ruling = e
        .at(
            -20,
            &td,
            Payload::Ruling(Box::new(Ruling {
                slot: slot(1, 1),
                ns: "1".into(),
                ew: "2".into(),
                call: None,
                offender: Some("North (pair 1)".into()),
                facts: "North hesitated noticeably before passing 3S; South then bid 4S.".into(),
                facts_agreed: false,
                options_offered: vec![],
                option_chosen: None,
                chosen_by: None,
                laws: vec!["16B1".into(), "12C1(e)".into()],
                category: Category::Judgement,
                decision: "Pass is a logical alternative; score adjusted to 4S-1.".into(),
                adjustment: Some(Adjustment::Assigned {
                    result: res("4S", 9),
                }),
                deferred_review: vec![],
                appeal_notice: true,
                corrects: None,
            })),
        )
        .unwrap();
    let after_ruling = e.pct("1");
    assert!(
        after_ruling < before_ruling,
        "{before_ruling} -> {after_ruling}"
    );

    // 22:00 results published; 22:12 pair 1 appeals, both partners sign.
    e.at(
        0,
        &scorer,
        Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: Some("1".into()),
        }),
    )
    .unwrap();
    let clocks = e.folded().workflow.clocks(e.base + 12 * MIN);
    assert!(clocks
        .iter()
        .any(|c| c.law == "92B" && c.subject == Some(ruling) && c.left_s == 18 * 60));
    let appeal = e
        .at(
            12,
            &td,
            Payload::AppealFiled(AppealFiled {
                ruling,
                appellant: "1".into(),
                grounds: "The hesitation was not noticeable; 4S is clear with this hand.".into(),
                consents: vec!["Anna Berg".into(), "Ben Cole".into()],
            }),
        )
        .unwrap();
    e.at(
        14,
        &chief,
        Payload::AppealRouted(AppealRouted {
            appeal,
            to: Forum::Committee,
            law_only: false,
            note: None,
            part: None,
        }),
    )
    .unwrap();
    let members: Vec<Hash32> = e.ac.iter().map(|k| k.public()).collect();
    e.at(
        20,
        &chief,
        Payload::CommitteeConvened(CommitteeConvened {
            appeal,
            members: members.clone(),
            chair: members[0],
            part: None,
        }),
    )
    .unwrap();
    for (party, by, text) in [
        (
            Party::Appellant,
            "Anna Berg",
            "I thought for two seconds at most.",
        ),
        (
            Party::Respondent,
            "Cara Diaz",
            "North took about ten seconds.",
        ),
        (
            Party::Director,
            "Tom TD",
            "Both sides agreed there was some pause.",
        ),
    ] {
        e.at(
            25,
            &td,
            Payload::AppealStatement(AppealStatement {
                appeal,
                party,
                by: by.into(),
                text: text.into(),
            }),
        )
        .unwrap();
    }
    // A decision signed by the chief TD's key is refused (Law 93B).
    let refused = e
        .at(
            40,
            &chief,
            Payload::AppealDecided(Box::new(AppealDecided {
                appeal,
                decision: Decision::Upheld,
                adjustment: None,
                laws: vec![],
                reasoning: "x".into(),
                deposit: None,
                penalty: None,
                part: None,
            })),
        )
        .unwrap_err();
    assert!(refused.to_string().contains("Law 93B"), "{refused}");
    // The chair signs the decision (Law 93B) ...
    let chair = key(10);
    let decision = e
        .at(
        45,
        &chair,
        Payload::AppealDecided(Box::new(AppealDecided {
            appeal,
            decision: Decision::Changed,
            adjustment: Some(Adjustment::Assigned {
                result: res("4S", 10),
            }),
            laws: vec!["16B1".into(), "93B2".into()],
            reasoning:
                "No pass is a logical alternative with six spades; the table result is restored."
                    .into(),
            deposit: Some(Deposit::Returned),
            penalty: None,
            part: None,
        })),
    )
    .unwrap();
    // ... which changes nothing until the quorum of three concurs.
    assert_eq!(e.pct("1"), after_ruling);
    for (m, k) in [(46, 11), (47, 12)] {
        e.at(
            m,
            &key(k),
            Payload::DecisionCosigned(DecisionCosigned {
                appeal,
                decision,
                vote: Vote::Concur,
                reason: None,
            }),
        )
        .unwrap();
    }
    let after_decision = e.pct("1");
    assert!(
        after_decision > after_ruling,
        "{after_ruling} -> {after_decision}"
    );
    assert_eq!(after_decision, before_ruling);
    let _ = &e.scorer;
    let _ = &e.td;
    let _ = &e.chief;

    // The CLI reads the same: ranking and audit.
    let p = e.path.to_str().unwrap().to_string();
    let o = tdlog(&["ranking", &p, "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = tdlog(&["audit", &p, "--board", "1", "--table", "1"]);
    let audit = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pos = |needle: &str| {
        audit
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not in audit:\n{audit}"))
    };
    let r = pos("director.ruling by Tom TD (td)");
    let a = pos("appeal.filed by Tom TD (td)");
    let d = pos("appeal.decided by Karl Kohl (tablet) (committee)");
    assert!(
        pos("result.recorded by Sue Scorer (scorer)") < r && r < a && a < d,
        "{audit}"
    );
    assert!(audit.contains("Law 16B1, 93B2"), "{audit}");
    assert!(audit.starts_with("board 1 round 1 table 1: 1 (N-S) v 2 (E-W): adjusted under Law 16B1, 93B2: assigned 4S by S, 10 tricks"), "{audit}");

    // The audit of pair 1's total: the ruling that moved it and the decision that moved it
    // back, in order, each with its law and signer.
    let o = tdlog(&["audit", &p, "--pair", "1", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = j
        .as_array()
        .or_else(|| j["changes"].as_array())
        .expect("audit rows");
    let kinds: Vec<&str> = rows.iter().filter_map(|r| r["what"].as_str()).collect();
    // The committee's decision moved it when its quorum was reached: at Mia's co-signature
    // (Law 93B), the third concurring signature.
    let (r, d) = (
        kinds.iter().position(|k| *k == "director.ruling"),
        kinds.iter().position(|k| *k == "appeal.decision_cosigned"),
    );
    assert_eq!(rows[d.unwrap()]["signer"], "Mia Moor (tablet)");
    assert_eq!(rows[d.unwrap()]["law"], "93B");
    assert!(matches!((r, d), (Some(r), Some(d)) if r < d), "{kinds:?}");
    let ruling = &rows[r.unwrap()];
    assert_eq!(ruling["signer"], "Tom TD");
    assert!(
        ruling["law"].as_str().unwrap_or("").contains("16B1"),
        "{ruling}"
    );

    // Views.
    let o = tdlog(&["appeals", &p, "--json"]);
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["appeals"][0]["state"], "decided");
    assert_eq!(
        j["appeals"][0]["decisions"][0]["signed"]["signer"],
        "Karl Kohl (tablet)"
    );

    // The appeal form: HTML in German, PDF in English; poppler reads the PDF.
    let id = appeal.to_hex();
    let o = tdlog(&[
        "report",
        "appeal",
        &p,
        &id[..12],
        "--format",
        "html",
        "--lang",
        "de",
    ]);
    let html = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        html.contains("<html lang=\"de\">")
            && html.contains("Schiedsgericht")
            && html.contains("Karl Kohl (tablet) (Vorsitz)"),
        "{html}"
    );
    let pdf = dir.path().join("appeal.pdf");
    let o = tdlog(&[
        "report",
        "appeal",
        &p,
        &id,
        "--format",
        "pdf",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-") && bytes.trim_ascii_end().ends_with(b"%%EOF"));
    // Deterministic: the same log gives the same bytes.
    let again = tdlog(&["report", "appeal", &p, &id, "--format", "pdf"]);
    assert_eq!(again.stdout, bytes);
    if let Ok(o) = Command::new("pdftotext")
        .args([pdf.to_str().unwrap(), "-"])
        .output()
    {
        if o.status.success() {
            let text = String::from_utf8_lossy(&o.stdout);
            for want in [
                "Appeal form",
                "Ruling changed",
                "Lena Lind (tablet)",
                "16B1",
                "Anna Berg, Ben Cole",
                "EUR 20 per pair",
                "returned",
            ] {
                assert!(text.contains(want), "{want:?} not in PDF text:\n{text}");
            }
        }
    }
    if let Ok(o) = Command::new("pdftoppm")
        .args([
            "-png",
            "-r",
            "60",
            "-f",
            "1",
            "-l",
            "1",
            pdf.to_str().unwrap(),
            dir.path().join("page").to_str().unwrap(),
        ])
        .output()
    {
        if o.status.success() {
            let png = std::fs::read_dir(dir.path())
                .unwrap()
                .filter_map(|f| f.ok())
                .find(|f| f.file_name().to_string_lossy().starts_with("page"))
                .expect("a PNG page");
            assert!(std::fs::metadata(png.path()).unwrap().len() > 1000);
            if let Some(keep) = std::env::var_os("APPEALS_KEEP_PNG") {
                std::fs::copy(png.path(), keep).unwrap();
                std::fs::copy(&pdf, dir.path().join("../appeal-kept.pdf")).ok();
            }
        }
    }
    // The casebook too.
    let o = tdlog(&["report", "casebook", &p, "--format", "pdf", "--lang", "da"]);
    assert!(o.status.success() && o.stdout.starts_with(b"%PDF"));
}

#[test]
fn law_92b_the_cli_refuses_a_late_step_with_the_law_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = setup(dir.path());
    let td = key(2);
    let ruling = e
        .at(
            -20,
            &td,
            Payload::Ruling(Box::new(Ruling {
                slot: slot(1, 1),
                ns: "1".into(),
                ew: "2".into(),
                call: None,
                offender: None,
                facts: "Lead out of turn".into(),
                facts_agreed: true,
                options_offered: vec!["accept".into(), "refuse".into()],
                option_chosen: Some("accept".into()),
                chosen_by: Some("South".into()),
                laws: vec!["54".into()],
                category: Category::Law,
                decision: "Lead accepted".into(),
                adjustment: None,
                deferred_review: vec![],
                appeal_notice: true,
                corrects: None,
            })),
        )
        .unwrap();
    let scorer = key(3);
    // Published far in the past of the real clock the CLI signs with? No: the fake clock is
    // an hour ahead of real time, so publish at -200 minutes of it (before real now - 30).
    e.at(
        -19,
        &scorer,
        Payload::ResultsPublished(ResultsPublished {
            sections: vec![],
            session: None,
        }),
    )
    .unwrap();
    // The library refuses a filing 31 minutes after publication.
    let late = e
        .at(
            12,
            &td,
            Payload::AppealFiled(AppealFiled {
                ruling,
                appellant: "2".into(),
                grounds: "g".into(),
                consents: vec!["Cara Diaz".into(), "Dan Eck".into()],
            }),
        )
        .unwrap_err();
    assert!(late.to_string().contains("Law 92B"), "{late}");
    // And so does the CLI, in Danish when asked; nothing is written.
    let keyfile = dir.path().join("td.key");
    let o = tdlog_cmd()
        .args(["key", "new", "--key", keyfile.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success());
    let before = e.log.count().unwrap();
    let p = e.path.to_str().unwrap().to_string();
    let o = tdlog_cmd().args(["clocks", &p, "--json"]).output().unwrap();
    assert!(o.status.success());
    let rid = ruling.to_hex();
    let o = tdlog_cmd()
        .args([
            "appeal",
            "file",
            &p,
            "--ruling",
            &rid[..10],
            "--appellant",
            "3",
            "--grounds",
            "g",
            "--key",
            keyfile.to_str().unwrap(),
        ])
        .env("TDLOG_LANG", "da")
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    // This device's key is not enrolled, but the guard runs first and names the law.
    assert!(err.contains("§ 92A"), "{err}");
    assert_eq!(e.log.count().unwrap(), before);
}
