//! Casebook statistics (issue 15) for the organiser and the federation, as a worked example:
//! two tournaments' logs in a folder, with rulings under Laws 12, 16 and 27 and three appeals
//! (one changed 65 minutes after its ruling, one without merit after 25 minutes with the
//! deposit kept, one withdrawn), and a file in the folder that is no log. `tdlog report
//! stats FOLDER` counts both tournaments (each verified as read), names the file it could
//! not count and exits 2; the same numbers come out as JSON, HTML (EN/DE/DA) and PDF.

mod common;

use common::*;
use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use tdlog::appeals::append_checked;
use tdlog::events::*;
use tdlog::keys::{DeviceKey, Role};
use tdlog::log::{Hash32, Log};

const MIN: i64 = 60_000;

/// A log whose clock the test moves (every step is signed at the time it is set to).
struct Tourney {
    log: Log,
    clock: Arc<AtomicI64>,
    chief: DeviceKey,
    td: DeviceKey,
    scorer: DeviceKey,
    /// The time the first ruling is signed at.
    t0: i64,
}

impl Tourney {
    fn new(path: &Path, name: &str) -> Tourney {
        let (chief, td, scorer) = (key(1), key(2), key(3));
        let mut log = Log::create(
            path,
            &chief,
            Genesis {
                name: name.into(),
                game: Game::Bridge,
                organiser: "Club".into(),
                rule_profile: "wbf-2017".into(),
                chief_td: "Chief".into(),
            },
        )
        .unwrap();
        // A minute after the genesis, whatever the real time.
        let t0 = log.verify(None).unwrap().events[0].env.wall_ms + MIN;
        let clock = Arc::new(AtomicI64::new(t0 - 30 * 1000));
        let c = clock.clone();
        log.set_clock(move || c.load(Ordering::SeqCst));
        log.append(&chief, enrol(&td, Role::Td, "Tom TD")).unwrap();
        log.append(&chief, enrol(&scorer, Role::Scorer, "Sue Scorer"))
            .unwrap();
        let mut s = vec![Payload::Section(Section {
            section: "A".into(),
            form: Form::Pairs,
            title: "Pairs".into(),
        })];
        for (id, m) in [
            ("1", ["Anna Berg", "Ben Cole"]),
            ("2", ["Cara Diaz", "Dan Eck"]),
        ] {
            s.push(Payload::Contestant(Box::new(Contestant {
                section: "A".into(),
                id: id.into(),
                name: format!("Pair {id}"),
                members: m.iter().map(|x| x.to_string()).collect(),
                captain: None,
                phantom: false,
            })));
        }
        log.append_batch(&scorer, s).unwrap();
        Tourney {
            log,
            clock,
            chief,
            td,
            scorer,
            t0,
        }
    }

    /// Signs `p` by `who` at `t0 + minutes`, after the workflow's guards.
    fn at(&mut self, minutes: i64, who: &str, p: Payload) -> Hash32 {
        let now = self.t0 + minutes * MIN;
        self.clock.store(now, Ordering::SeqCst);
        let k = match who {
            "chief" => &self.chief,
            "td" => &self.td,
            _ => &self.scorer,
        };
        append_checked(&mut self.log, k, p, now).unwrap()
    }

    fn ruling(&mut self, minutes: i64, board: u32, laws: &[&str]) -> Hash32 {
        self.at(
            minutes,
            "td",
            Payload::Ruling(Box::new(Ruling {
                slot: Slot {
                    section: "A".into(),
                    round: 1,
                    table: 1,
                    board,
                },
                ns: "1".into(),
                ew: "2".into(),
                call: None,
                offender: Some("E".into()),
                facts: "As agreed at the table.".into(),
                facts_agreed: true,
                options_offered: vec![],
                option_chosen: None,
                chosen_by: None,
                laws: laws.iter().map(|l| l.to_string()).collect(),
                category: Category::Law,
                decision: "As the law says.".into(),
                adjustment: None,
                deferred_review: vec![],
                appeal_notice: true,
                corrects: None,
            })),
        )
    }

    fn appeal(&mut self, minutes: i64, ruling: Hash32) -> Hash32 {
        self.at(
            minutes,
            "td",
            Payload::AppealFiled(AppealFiled {
                ruling,
                appellant: "2".into(),
                grounds: "We disagree.".into(),
                consents: vec!["Cara Diaz".into(), "Dan Eck".into()],
            }),
        )
    }

    /// The chief TD hears it (Law 93A) and decides at `t0 + minutes`.
    fn decide(&mut self, minutes: i64, appeal: Hash32, decision: Decision, deposit: Deposit) {
        self.at(
            minutes - 1,
            "chief",
            Payload::AppealRouted(AppealRouted {
                appeal,
                to: Forum::ChiefTd,
                law_only: true,
                note: None,
                part: None,
            }),
        );
        let adjustment = (decision == Decision::Changed).then(|| Adjustment::Assigned {
            result: TableResult {
                contract: "3S".into(),
                declarer: Some("S".parse().unwrap()),
                tricks: Some(9),
            },
        });
        self.at(
            minutes,
            "chief",
            Payload::AppealDecided(Box::new(AppealDecided {
                appeal,
                decision,
                adjustment,
                laws: vec![],
                reasoning: "Heard both sides.".into(),
                deposit: Some(deposit),
                penalty: None,
                part: None,
            })),
        );
    }

    fn publish(&mut self, minutes: i64) {
        self.at(
            minutes,
            "scorer",
            Payload::ResultsPublished(ResultsPublished {
                sections: vec![],
                session: None,
            }),
        );
    }
}

/// The folder: Spring Pairs (rulings under 16B1+12C1(e) and 27B1(a); the first appeal
/// changed after 65 min, deposit returned; the second withdrawn), Autumn Pairs (16B1,
/// appeal without merit after 25 min, deposit kept; 12C1(c), no appeal), and `notes.tdlog`,
/// which is no log.
fn folder(dir: &Path) {
    let mut a = Tourney::new(&dir.join("spring.tdlog"), "Spring Pairs");
    let r1 = a.ruling(0, 1, &["16B1", "12C1(e)"]);
    let r2 = a.ruling(1, 2, &["27B1(a)"]);
    a.publish(2);
    let a1 = a.appeal(5, r1);
    let a2 = a.appeal(6, r2);
    a.at(
        20,
        "td",
        Payload::AppealWithdrawn(AppealWithdrawn {
            appeal: a2,
            reason: "The pair accepts the ruling.".into(),
        }),
    );
    a.decide(65, a1, Decision::Changed, Deposit::Returned);
    let mut b = Tourney::new(&dir.join("autumn.tdlog"), "Autumn Pairs");
    let r3 = b.ruling(0, 1, &["16B1"]);
    b.ruling(1, 2, &["12C1(c)"]);
    b.publish(2);
    let a3 = b.appeal(4, r3);
    b.decide(25, a3, Decision::WithoutMerit, Deposit::Kept);
    std::fs::write(
        dir.join("notes.tdlog"),
        "not a log, a note someone saved here",
    )
    .unwrap();
}

fn stats(args: &[&str]) -> (i32, String, String) {
    let o = tdlog_cmd()
        .args(["report", "stats"])
        .args(args)
        .env_remove("TDLOG_LANG")
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn law_93_statistics_across_a_folder_of_logs_by_law_outcome_time_and_deposit() {
    let t = tempfile::tempdir().unwrap();
    folder(t.path());
    let dir = t.path().to_str().unwrap();
    let (code, json, err) = stats(&[dir, "--format", "json"]);
    // The file that is no log is named and not counted; the others still are; exit 2.
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not counted") && err.contains("notes.tdlog"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["refused"].as_array().unwrap().len(), 1, "{json}");
    assert!(v["refused"][0]["log"]
        .as_str()
        .unwrap()
        .ends_with("notes.tdlog"));
    // Both tournaments, by file name: autumn, spring.
    let names: Vec<&str> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Autumn Pairs", "Spring Pairs"]);
    let tot = &v["total"];
    assert_eq!(tot["rulings"], 4);
    assert_eq!(tot["appeals"], 3);
    assert_eq!(tot["outcomes"]["changed"], 1);
    assert_eq!(tot["outcomes"]["without_merit"], 1);
    assert_eq!(tot["outcomes"]["withdrawn"], 1);
    assert_eq!(tot["outcomes"]["upheld"], 0);
    assert_eq!(tot["outcomes"]["open"], 0);
    // Decided 65 and 25 minutes after their rulings: median (lower middle) 25, longest 65.
    assert_eq!(tot["decided"], 2);
    assert_eq!(tot["median_s"], 25 * 60);
    assert_eq!(tot["max_s"], 65 * 60);
    assert_eq!(tot["deposits_kept"], 1);
    assert_eq!(tot["deposits_returned"], 1);
    // By law number: 12 (two rulings, one appeal changed), 16 (two rulings, two appeals),
    // 27 (one ruling, its appeal withdrawn); in numeric order.
    let law = |n: &str| {
        v["by_law"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["law"] == n)
            .unwrap_or_else(|| panic!("no law {n} in {json}"))
            .clone()
    };
    let laws: Vec<&str> = v["by_law"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["law"].as_str().unwrap())
        .collect();
    assert_eq!(laws, ["12", "16", "27"]);
    assert_eq!(
        (law("12")["rulings"].clone(), law("12")["appeals"].clone()),
        (2.into(), 1.into())
    );
    assert_eq!(law("12")["outcomes"]["changed"], 1);
    assert_eq!(law("16")["rulings"], 2);
    assert_eq!(law("16")["appeals"], 2);
    assert_eq!(law("16")["median_s"], 25 * 60);
    assert_eq!(law("16")["deposits_kept"], 1);
    assert_eq!(law("27")["outcomes"]["withdrawn"], 1);
    assert_eq!(law("27")["max_s"], serde_json::Value::Null);
    // Per tournament.
    let spring = &v["events"][1];
    assert_eq!(
        (spring["rulings"].clone(), spring["appeals"].clone()),
        (2.into(), 2.into())
    );
    assert_eq!(spring["max_s"], 65 * 60);
}

#[test]
fn law_93_statistics_as_html_in_english_german_and_danish_and_as_pdf() {
    let t = tempfile::tempdir().unwrap();
    folder(t.path());
    let spring = t.path().join("spring.tdlog");
    let autumn = t.path().join("autumn.tdlog");
    let (s, a) = (spring.to_str().unwrap(), autumn.to_str().unwrap());
    // Two logs named one by one: everything verifies, exit 0.
    let (code, en, err) = stats(&[s, a, "--lang", "en"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        en.contains("Rulings and appeals: statistics (2 Tournaments)"),
        "{en}"
    );
    assert!(en.contains("<td>Law 16</td><td style=\"text-align:right\">2</td><td style=\"text-align:right\">2</td>"), "{en}");
    assert!(
        en.contains("median 25 min, longest 65 min (2 decided)"),
        "{en}"
    );
    let (_, de, _) = stats(&[s, a, "--lang", "de"]);
    assert!(
        de.contains("<td>§ 16</td>") && de.contains("Kautionen einbehalten"),
        "{de}"
    );
    assert!(!de.contains("Law 16"), "{de}");
    let (_, da, _) = stats(&[s, a, "--lang", "da"]);
    assert!(
        da.contains("<td>§ 27</td>") && da.contains("Depositum beholdt"),
        "{da}"
    );
    assert!(da.contains("Tid fra kendelse til afgørelse"), "{da}");
    // The PDF, written to a file.
    let out = t.path().join("stats.pdf");
    let (code, _, err) = stats(&[s, a, "--format", "pdf", "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let pdf = std::fs::read(&out).unwrap();
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    // Never over one of the logs it reads.
    let (code, _, err) = stats(&[s, "--format", "pdf", "-o", s, "--force"]);
    assert_ne!(code, 0);
    assert!(!err.is_empty());
}
