//! The appeals reports in the three languages (Laws 12 and 92-93): every label and refusal in
//! English, German and Danish, and scores in the national editions' own terms.

mod appeals_world;
mod common;

use appeals_world::*;
use tdlog::appeals::GuardError;
use tdlog::events::*;

#[test]
fn every_report_label_and_refusal_exists_in_english_german_and_danish() {
    use tdlog::appeals::refusal;
    use tdlog::i18n::{tr, Lang, LABELS};
    let mut keys: Vec<&str> = LABELS.iter().map(|l| l.0).collect();
    keys.sort();
    let n = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), n, "a label key is listed twice");
    for (k, en, de, da) in LABELS {
        assert!(!en.is_empty() && !de.is_empty() && !da.is_empty(), "{k}");
        assert_eq!(tr(Lang::En, k), *en);
    }
    use tdlog::appeals::pipeline::State as St;
    for st in [
        St::Filed,
        St::AtChiefTd,
        St::AtCommittee,
        St::Convened,
        St::Decided,
        St::FurtherAppeal,
        St::Referred,
        St::Withdrawn,
    ] {
        for l in [Lang::En, Lang::De, Lang::Da] {
            assert_ne!(tr(l, &format!("st_{}", st.as_str())), "?", "{st:?}");
        }
    }
    for v in ["None", "NS", "EW", "Both"] {
        assert_ne!(tr(Lang::Da, &format!("vul_{v}")), "?");
    }
    assert_eq!(tr(Lang::De, "committee"), "Schiedsgericht");
    assert_eq!(tr(Lang::Da, "committee"), "Appelkomite");
    let e = GuardError::AppealLate {
        deadline: "2026-09-21T22:30:00Z".into(),
        at: "2026-09-21T22:31:00Z".into(),
    };
    assert!(refusal(Lang::De, &e).starts_with("§ 92 B: Protestfrist"));
    assert!(refusal(Lang::Da, &e).starts_with("§ 92B: appelfristen"));
    assert!(refusal(Lang::En, &e).starts_with("Law 92B"));
}

// ------------------------------------------------ reports in the national editions' terms

/// Two appeals of board 1: one decided with a weighted score (Law 12C1(c)), one with an
/// artificial score (Law 12C2); the played result (4S by S, 10 tricks) behind both.
fn decided_world() -> tdlog::appeals::Folded {
    let mut w = World::new(Form::Pairs);
    let r = w.ruling(
        PUB - 30 * MIN,
        Category::Judgement,
        Some(assigned("3S", 10)),
    );
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    let a = w
        .step(Who::Td, file(r, "1", &["Anna Berg", "Ben Cole"]))
        .unwrap();
    w.step(Who::Chief, route(a, Forum::Committee, false))
        .unwrap();
    w.step(Who::Chief, convene(&w, a)).unwrap();
    let weighted = Adjustment::Weighted {
        ns: vec![
            Weighted {
                weight: 2,
                result: TableResult {
                    contract: "4SX".into(),
                    declarer: Some("S".parse().unwrap()),
                    tricks: Some(10),
                },
            },
            Weighted {
                weight: 1,
                result: TableResult {
                    contract: "3NT".into(),
                    declarer: Some("N".parse().unwrap()),
                    tricks: Some(8),
                },
            },
        ],
        ew: None,
    };
    let d = w
        .step(Who::Ac(0), decide(a, Decision::Changed, Some(weighted)))
        .unwrap();
    w.concur(a, d, &[1, 2]);
    let r2 = w.ruling(PUB + 6 * MIN, Category::ProceduralPenalty, None);
    let a2 = w
        .step(Who::Td, file(r2, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.step(Who::Chief, route(a2, Forum::Committee, false))
        .unwrap();
    w.step(Who::Chief, convene(&w, a2)).unwrap();
    let artificial = Adjustment::Artificial {
        ns: Artificial::AveragePlus,
        ew: Artificial::AverageMinus,
    };
    let d2 = w
        .step(Who::Ac(0), decide(a2, Decision::Changed, Some(artificial)))
        .unwrap();
    w.concur(a2, d2, &[1, 2]);
    w.folded()
}

/// The English score phrases of `results::Outcome::describe`.
const ENGLISH_SCORE: &[&str] = &[
    " by ",
    "tricks",
    "adjusted under Law",
    "assigned",
    "artificial",
    "weighted",
    "not played",
    " of ",
    "A+",
    "A-",
    "EW",
    "4SX",
    "3NT",
];

#[test]
fn law_12_german_and_danish_reports_give_scores_in_their_own_terms_with_no_english_phrase() {
    use tdlog::appeals::report::{casebook, html};
    use tdlog::i18n::{tr, Lang};
    use tdlog::report::Block;
    let f = decided_world();
    let en = html(&casebook(&f, Lang::En), Lang::En);
    // English as it always was, contracts with suit symbols (N5).
    assert!(en.contains("4♠ by S, 10 tricks"), "{en}");
    assert!(
        en.contains("weighted 2/3 of 4♠X by S, 10 tricks + 1/3 of 3NT by N, 8 tricks"),
        "{en}"
    );
    assert!(en.contains("artificial NS A+ / EW A-"), "{en}");
    for (lang, expect) in [
        (
            Lang::De,
            [
                "4♠, Alleinspieler Süd, 10 Stiche",
                "gewichteter Score 2/3 von 4♠X, Alleinspieler Süd, 10 Stiche + 1/3 von 3SA, Alleinspieler Nord, 8 Stiche",
                "künstlicher berichtigter Score NS Plusdurchschnitt / OW Minusdurchschnitt",
            ],
        ),
        (
            Lang::Da,
            [
                "4♠, spilfører Syd, 10 stik",
                "vægtet score 2/3 af 4♠D, spilfører Syd, 10 stik + 1/3 af 3UT, spilfører Nord, 8 stik",
                "kunstig score NS middel plus / ØV middel minus",
            ],
        ),
    ] {
        let blocks = casebook(&f, lang);
        let scores: Vec<&String> = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Field(label, value)
                    if [tr(lang, "table_result"), tr(lang, "score_now"), tr(lang, "adjusted_score")]
                        .contains(&label.as_str()) =>
                {
                    Some(value)
                }
                _ => None,
            })
            .collect();
        assert!(scores.len() >= 4, "{lang}: {scores:?}");
        for s in &scores {
            for phrase in ENGLISH_SCORE {
                assert!(!s.contains(phrase), "{lang}: {phrase:?} in {s:?}");
            }
        }
        let page = html(&blocks, lang);
        for e in expect {
            assert!(page.contains(e), "{lang}: {e:?} missing");
        }
        for phrase in ["tricks", "adjusted under Law", "assigned", "artificial", "weighted"] {
            assert!(!page.contains(phrase), "{lang}: {phrase:?} in the report");
        }
    }
}
