//! USEBIO 1.2 (issue 14): a file in Compscore's layout imports, its published matchpoints
//! and percentages are checked against ours, and a tdlog tournament goes out as USEBIO and
//! comes back with the same results, byte for byte.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use tdlog::events::Payload;
use tdlog::keys::Role;
use tdlog::log::{replay, Log};
use tdlog::results::{import, published, ranking, results, usebio, usebio_export, Tournament};

fn fixture(dir: &str, name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(dir)
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

/// A log with `payloads` signed by the chief TD (who may sign results and adjusted scores).
fn fold(path: &Path, payloads: Vec<Payload>, policy: Option<&str>) -> Tournament {
    let chief = key(1);
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(path, &chief, g).unwrap();
    log.append(&chief, enrol(&key(3), Role::Scorer, "Sue Scorer"))
        .unwrap();
    if let Some(p) = policy {
        log.append(
            &chief,
            Payload::PolicySet(Box::new(serde_json::from_str(p).unwrap())),
        )
        .unwrap();
    }
    log.append_batch(&chief, payloads).unwrap();
    let v = Log::open(path).unwrap().verify(None).unwrap();
    let mut t = Tournament::default();
    replay(&v, &mut t);
    t
}

#[test]
fn usebio_compscore_shape_imports_and_its_matchpoints_are_reproduced() {
    let plan = usebio::plan(&fixture("usebio", "compscore-shape-mp-mitchell.xml"), "A").unwrap();
    assert!(plan.problems.is_empty(), "{:?}", plan.problems);
    assert_eq!((plan.imported, plan.skipped), (32, 0));
    assert!(plan
        .warnings
        .iter()
        .any(|w| w.message.contains("the movement is rebuilt as 4 round(s)")));
    // The artificial line is the TD's adjusted score, citing Law 12C2.
    let adjusted: Vec<_> = plan
        .payloads
        .iter()
        .filter_map(|p| match p {
            Payload::ScoreAdjusted(s) => Some(s),
            _ => None,
        })
        .collect();
    assert_eq!(adjusted.len(), 1);
    assert_eq!(adjusted[0].law, "12C2");
    // Deals from the HANDSET.
    let dealt = plan
        .payloads
        .iter()
        .filter(|p| matches!(p, Payload::BoardFacts(b) if b.deal.is_some()))
        .count();
    assert_eq!(dealt, 8);
    let dir = tempfile::tempdir().unwrap();
    let published = plan.published.clone();
    let t = fold(&dir.path().join("u.tdlog"), plan.payloads, None);
    let rows = results(&t);
    let r = ranking(&t, &rows);
    let c = published::compare(&published, &rows, &r.standings, 0.01);
    // 32 lines: 31 scores, 64 matchpoints; 8 percentages.
    assert_eq!((c.lines, c.values), (32, 31 + 64 + 8));
    assert!(c.disagreements.is_empty(), "{:#?}", c.disagreements);
    // The pass-out scores 0 and is compared like any other result.
    assert!(rows
        .iter()
        .any(|r| r.board == 6 && r.score_ns == Some(0) && r.mp_ns.is_some()));
}

#[test]
fn usebio_disagreement_is_listed_with_its_cause() {
    // The same file, one published matchpoint changed and one score changed.
    let text = fixture("usebio", "compscore-shape-mp-mitchell.xml").replacen(
        "<NS_MATCH_POINTS>3.6</NS_MATCH_POINTS>",
        "<NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>",
        1,
    );
    let plan = usebio::plan(&text, "A").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let published = plan.published.clone();
    let t = fold(&dir.path().join("u.tdlog"), plan.payloads, None);
    let rows = results(&t);
    let c = published::compare(&published, &rows, &ranking(&t, &rows).standings, 0.01);
    assert_eq!(c.disagreements.len(), 1, "{:#?}", c.disagreements);
    let d = &c.disagreements[0];
    assert_eq!(
        (d.what.as_str(), d.published, d.ours),
        ("mp_ns", Some(3.5), Some(3.6))
    );
    assert_eq!(d.cause, published::Cause::Rounding);
}

#[test]
fn usebio_bad_input_is_a_typed_error_or_a_problem_that_names_the_line() {
    assert!(matches!(
        usebio::plan("<NOTUSEBIO/>", "A"),
        Err(usebio::UsebioError::NotUsebio(_))
    ));
    assert!(matches!(
        usebio::plan("<USEBIO><EVENT>", "A"),
        Err(usebio::UsebioError::Xml(_))
    ));
    let text = fixture("usebio", "compscore-shape-mp-mitchell.xml").replacen(
        "<PLAYED_BY>",
        "<PLAYED_BY>Q",
        1,
    );
    let plan = usebio::plan(&text, "A").unwrap();
    assert_eq!(plan.problems.len(), 1);
    assert!(plan.problems[0].message.contains("PLAYED_BY"));
}

/// `tdlog results` as JSON: the bytes a round trip must keep.
fn results_bytes(t: &Tournament) -> String {
    serde_json::to_string_pretty(&results(t)).unwrap()
}

#[test]
fn usebio_round_trip_gives_the_same_results_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let pbn = fixture("pbn", "jfr-pairs-shape.pbn");
    let plan = import::plan(&tdlog::bridge::pbn::parse(&pbn).unwrap(), "A");
    let t1 = fold(&dir.path().join("1.tdlog"), plan.payloads, None);
    let rows = results(&t1);
    let xml = usebio_export::export(&t1, &rows, &ranking(&t1, &rows).standings, "test").unwrap();
    let back = usebio::plan(&xml, "A").unwrap();
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    let t2 = fold(&dir.path().join("2.tdlog"), back.payloads, None);
    assert_eq!(results_bytes(&t1), results_bytes(&t2));
    // Our own published numbers agree with us.
    let rows2 = results(&t2);
    let c = published::compare(
        &back.published,
        &rows2,
        &ranking(&t2, &rows2).standings,
        0.01,
    );
    assert!(c.disagreements.is_empty(), "{:#?}", c.disagreements);
    // And the export of the re-imported log is the same document.
    let xml2 = usebio_export::export(&t2, &rows2, &ranking(&t2, &rows2).standings, "test").unwrap();
    assert_eq!(xml, xml2);
}

#[test]
fn usebio_round_trip_of_a_butler_session_with_an_artificial_score() {
    let dir = tempfile::tempdir().unwrap();
    let policy =
        r#"{"method": "butler", "scoring": {"butler": {"rounding": "half_away_from_zero"}}}"#;
    let plan = usebio::plan(&fixture("usebio", "compscore-shape-mp-mitchell.xml"), "A").unwrap();
    let t1 = fold(&dir.path().join("1.tdlog"), plan.payloads, Some(policy));
    let rows = results(&t1);
    assert!(rows.iter().any(|r| r.artificial && r.imp_ns == Some(3.0)));
    let xml = usebio_export::export(&t1, &rows, &ranking(&t1, &rows).standings, "test").unwrap();
    assert!(xml.contains("<EVENT EVENT_TYPE=\"BUTLER_PAIRS\">"));
    assert!(xml.contains("<SCORE>A6040</SCORE>"));
    let back = usebio::plan(&xml, "A").unwrap();
    let t2 = fold(&dir.path().join("2.tdlog"), back.payloads, Some(policy));
    // The rows name the policy event, which is another event in another log: compare the
    // rows without it.
    let strip = |t: &Tournament| {
        let mut v = serde_json::to_value(results(t)).unwrap();
        for r in v.as_array_mut().unwrap() {
            r.as_object_mut().unwrap().remove("policy");
        }
        v
    };
    assert_eq!(strip(&t1), strip(&t2));
}
