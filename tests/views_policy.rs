//! The scoring policy on the set-up screen (issue 28): the policy in force with every knob in
//! words, and the form that signs a new `scoring.policy` for a section, keeping the knobs it
//! does not show. Refusals name the law (78 for the method, 12C2 for artificial scores).

mod common;

use common::*;
use std::path::Path;
use tdlog::events::*;
use tdlog::i18n::Lang;
use tdlog::keys::Role;
use tdlog::live::Live;
use tdlog::log::Log;
use tdlog::scoring::policy::MatchpointFactoring;
use tdlog::views::policy::{policy_payload, policy_view, PolicyError, PolicyRequest};

/// A log with a pairs section A and a teams section T, signed by the chief TD (key 1).
fn event(p: &Path) -> Live {
    let chief = key(1);
    let g = match genesis() {
        Payload::Genesis(g) => g,
        _ => unreachable!(),
    };
    let mut log = Log::create(p, &chief, g).unwrap();
    let _ = enrol(&key(2), Role::Td, "Tom TD");
    let s = vec![
        Payload::Section(Section {
            section: "A".into(),
            form: Form::Pairs,
            title: "Club pairs".into(),
        }),
        Payload::Section(Section {
            section: "T".into(),
            form: Form::Teams,
            title: "Club teams".into(),
        }),
    ];
    log.append_batch(&chief, s).unwrap();
    Live::open(Log::open(p).unwrap(), None).unwrap()
}

fn request(section: &str, method: Method) -> PolicyRequest {
    PolicyRequest {
        section: section.into(),
        method,
        factoring: MatchpointFactoring::Neuberg,
        team_totals: TeamTotals::VictoryPoints,
        average_minus_pct: 40.0,
        average_pct: 50.0,
        average_plus_pct: 60.0,
        imps: 3.0,
        note: "club rules 2026".into(),
    }
}

#[test]
fn law_78_the_defaults_of_a_pairs_section_are_said_in_words_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let l = event(&dir.path().join("club.tdlog"));
    let v = policy_view(&l.replayed, "A", Lang::De).unwrap();
    assert_eq!((v.method, v.set_by.as_deref()), (Method::Matchpoints, None));
    let texts: Vec<&str> = v.knobs.iter().map(|k| k.text.as_str()).collect();
    assert!(texts[0].starts_with("Matchpunkte (§ 78 A)"), "{texts:?}");
    assert!(
        texts[1].contains("Durchschnitt plus 60 %") && texts[1].contains("§ 12 C 2"),
        "{texts:?}"
    );
    assert!(texts[2].contains("Neuberg"), "{texts:?}");
    assert!(texts
        .last()
        .unwrap()
        .contains("noch keine Abrechnungsregel"));
    // A teams section: IMPs against the other table, victory points; no matchpoint factoring.
    let t = policy_view(&l.replayed, "T", Lang::Da).unwrap();
    assert_eq!(t.methods, [Method::TeamsImps]);
    let keys: Vec<&str> = t.knobs.iter().map(|k| k.key).collect();
    assert_eq!(keys, ["method", "artificial", "team_totals", "set_by"]);
    assert!(t.knobs[1].text.contains("+3 IMP"), "{:?}", t.knobs[1]);
    assert!(t.knobs[2].text.contains("kamppoint"), "{:?}", t.knobs[2]);
}

#[test]
fn law_12c2a_the_form_signs_65_35_for_one_section_and_keeps_the_knobs_it_does_not_show() {
    let dir = tempfile::tempdir().unwrap();
    let mut l = event(&dir.path().join("club.tdlog"));
    let chief = key(1);
    // A policy file set before (tdlog policy set): whole matchpoints, pro rata.
    let mut before = PolicySet::default_for(Form::Pairs);
    before.section = Some("A".into());
    before.scoring.matchpoints.mp_rounding = tdlog::scoring::policy::Rounding::to(0);
    before.note = "file".into();
    l.append(&chief, Payload::PolicySet(Box::new(before)), T0 + 1000)
        .unwrap();
    let mut req = request("A", Method::Matchpoints);
    req.average_plus_pct = 65.0;
    req.average_minus_pct = 35.0;
    req.factoring = MatchpointFactoring::ProRata;
    let p = policy_payload(&l.replayed, &req).unwrap();
    let (id, _) = l.append(&chief, p, T0 + 2000).unwrap();
    let (now, by) = l.replayed.tournament.policy("A");
    assert_eq!(by, Some(id));
    assert_eq!(
        (
            now.artificial.average_plus_pct,
            now.artificial.average_minus_pct,
            now.scoring.matchpoints.factoring,
            now.scoring.matchpoints.mp_rounding,
        ),
        (
            65.0,
            35.0,
            MatchpointFactoring::ProRata,
            tdlog::scoring::policy::Rounding::to(0)
        )
    );
    let v = policy_view(&l.replayed, "A", Lang::En).unwrap();
    assert_eq!(v.set_by, Some(id.to_hex()));
    assert!(
        v.knobs[1].text.contains("average plus 65 %"),
        "{:?}",
        v.knobs
    );
    assert!(v.knobs[2].text.contains("in proportion"), "{:?}", v.knobs);
    // The other section keeps its defaults.
    assert_eq!(l.replayed.tournament.policy("T").1, None);
}

#[test]
fn refusals_name_the_law_78_method_and_12c2_percentages() {
    let dir = tempfile::tempdir().unwrap();
    let l = event(&dir.path().join("club.tdlog"));
    let r = &l.replayed;
    let err = policy_payload(r, &request("T", Method::Matchpoints)).unwrap_err();
    assert!(matches!(err, PolicyError::Method { .. }) && err.to_string().contains("Law 78"));
    let mut bad = request("A", Method::Matchpoints);
    bad.average_plus_pct = 40.0;
    bad.average_minus_pct = 60.0;
    let err = policy_payload(r, &bad).unwrap_err();
    assert_eq!(err, PolicyError::Percentages);
    assert!(err.to_string().contains("Law 12C2(a)"));
    // Law 12C2(a) bounds: average plus at least 60 %, average minus at most 40 %.
    bad.average_plus_pct = 55.0;
    bad.average_minus_pct = 45.0;
    assert_eq!(
        policy_payload(r, &bad).unwrap_err(),
        PolicyError::Percentages
    );
    let mut bad = request("A", Method::Butler);
    bad.imps = f64::NAN;
    assert_eq!(policy_payload(r, &bad).unwrap_err(), PolicyError::Imps);
    let mut bad = request("A", Method::Matchpoints);
    bad.note = "  ".into();
    assert_eq!(policy_payload(r, &bad).unwrap_err(), PolicyError::Note);
    assert_eq!(
        policy_payload(r, &request("Z", Method::Matchpoints)).unwrap_err(),
        PolicyError::NoSection("Z".into())
    );
}

#[test]
fn compscores_totals_at_the_full_top_and_two_winners_are_said_in_words_and_kept_by_the_form() {
    let dir = tempfile::tempdir().unwrap();
    let mut l = event(&dir.path().join("club.tdlog"));
    let chief = key(1);
    let mut p = PolicySet::default_for(Form::Pairs);
    p.section = Some("A".into());
    p.scoring.matchpoints.totals = tdlog::scoring::policy::MatchpointTotals::FullTop;
    p.scoring.ranking.fields = tdlog::scoring::policy::RankingFields::ByDirection;
    p.note = "Compscore3's conditions".into();
    l.append(&chief, Payload::PolicySet(Box::new(p)), T0 + 1000)
        .unwrap();
    let said = |lang| {
        let v = policy_view(&l.replayed, "A", lang).unwrap();
        let keys: Vec<&str> = v.knobs.iter().map(|k| k.key).collect();
        assert_eq!(
            keys,
            [
                "method",
                "artificial",
                "factoring",
                "totals",
                "fields",
                "set_by"
            ]
        );
        (v.knobs[3].text.clone(), v.knobs[4].text.clone())
    };
    let (totals, fields) = said(Lang::En);
    assert!(
        totals.contains("full top") && totals.contains("Compscore3"),
        "{totals}"
    );
    assert!(fields.starts_with("Two winners"), "{fields}");
    let (totals, fields) = said(Lang::De);
    assert!(totals.contains("volle Top"), "{totals}");
    assert!(fields.contains("Nord-Süd"), "{fields}");
    let (totals, fields) = said(Lang::Da);
    assert!(totals.contains("fuld top"), "{totals}");
    assert!(fields.contains("nord-syd"), "{fields}");
    // The form changes the method's knobs only: both stay as signed.
    let (id, _) = l
        .append(
            &chief,
            policy_payload(&l.replayed, &request("A", Method::Matchpoints)).unwrap(),
            T0 + 2000,
        )
        .unwrap();
    let (now, by) = l.replayed.tournament.policy("A");
    assert_eq!(by, Some(id));
    assert_eq!(
        (now.scoring.matchpoints.totals, now.scoring.ranking.fields),
        (
            tdlog::scoring::policy::MatchpointTotals::FullTop,
            tdlog::scoring::policy::RankingFields::ByDirection
        )
    );
}
