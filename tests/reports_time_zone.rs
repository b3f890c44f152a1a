//! Times in the event's time zone (issue 15, item 8): the organiser or chief TD signs the
//! event's IANA zone (`config.event`), and the appeal form, the casebook, `tdlog clocks` and
//! `tdlog appeals` print local times with the zone named; signed times and JSON stay UTC,
//! and no machine's own zone is ever used (the same bytes everywhere).

mod appeals_world;
mod common;

use appeals_world::*;
use common::tdlog_cmd;
use tdlog::appeals::report::{casebook, dossier, html};
use tdlog::events::*;
use tdlog::i18n::Lang;
use tdlog::keys::Role;

fn zone(name: &str) -> Payload {
    Payload::EventSettings(EventSettings {
        time_zone: name.into(),
    })
}

/// Pair 2 appeals a 3S+1 adjustment 5 minutes after publication at PUB (2026-09-21 22:00
/// UTC, which is 2026-09-22 00:00 CEST in Copenhagen); its Law 92B period ends at PUB + 30.
fn world(time_zone: Option<&str>) -> tdlog::appeals::Folded {
    let mut w = World::new(Form::Pairs);
    if let Some(z) = time_zone {
        w.force(Who::Org, zone(z));
    }
    let r = w.ruling(
        PUB - 30 * MIN,
        Category::Judgement,
        Some(assigned("3S", 10)),
    );
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    w.step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    w.folded()
}

fn form(f: &tdlog::appeals::Folded, lang: Lang) -> String {
    let a = f.workflow.appeals.values().next().unwrap();
    html(&dossier(f, a, lang), lang)
}

#[test]
fn law_92b_a_report_in_europe_copenhagen_shows_local_times_in_danish_with_the_zone_named() {
    let f = world(Some("Europe/Copenhagen"));
    let da = form(&f, Lang::Da);
    // Filed 22:05 UTC = 00:05 CEST the next day; the deadline 00:30 CEST.
    assert!(da.contains("22.09.2026 00.05.00 CEST"), "{da}");
    assert!(
        da.contains("<dt>Appelfristen udløber</dt><dd>22.09.2026 00.30.00 CEST</dd>"),
        "{da}"
    );
    assert!(!da.contains("2026-09-21T22:05:00Z"), "{da}");
    // The setting is shown, with the event that set it (every policy explicit).
    let (_, set_by) = f.tournament.time_zone.as_ref().unwrap();
    assert!(
        da.contains(&format!(
            "<dt>Tidszone</dt><dd>Europe/Copenhagen (fastsat ved {})</dd>",
            set_by.short()
        )),
        "{da}"
    );
    let de = form(&f, Lang::De);
    assert!(de.contains("22.09.2026 00:05:00 CEST"), "{de}");
    let en = html(&casebook(&f, Lang::En), Lang::En);
    assert!(en.contains("2026-09-22 00:05:00 CEST"), "{en}");
    assert!(
        en.contains("<th>Time</th>") && !en.contains("(UTC)"),
        "{en}"
    );
}

#[test]
fn law_92b_without_the_events_zone_the_report_prints_utc_and_says_so() {
    let f = world(None);
    let en = form(&f, Lang::En);
    assert!(en.contains("2026-09-21 22:05:00 UTC"), "{en}");
    assert!(en.contains("<dt>Time zone</dt><dd>UTC</dd>"), "{en}");
}

#[test]
fn the_latest_zone_applies_and_the_same_log_prints_the_same_bytes() {
    let mut w = World::new(Form::Pairs);
    w.force(Who::Org, zone("America/New_York"));
    w.force(Who::Chief, zone("Europe/Berlin"));
    let r = w.ruling(PUB - 30 * MIN, Category::Judgement, None);
    w.publish(PUB);
    w.at(PUB + 5 * MIN);
    w.step(Who::Td, file(r, "2", &["Cara Diaz", "Dan Eck"]))
        .unwrap();
    let (a, b) = (w.folded(), w.folded());
    let de = form(&a, Lang::De);
    assert!(de.contains("22.09.2026 00:05:00 CEST"), "{de}");
    assert!(!de.contains("EDT"), "{de}");
    assert_eq!(de, form(&b, Lang::De));
}

#[test]
fn config_event_refuses_a_name_that_is_not_an_iana_zone_and_is_signed_by_chief_td_or_organiser() {
    assert!(zone("Europe/Copenhagen").encode().is_ok());
    let err = zone("Mars/Olympus_Mons").encode().unwrap_err().to_string();
    assert!(err.contains("IANA"), "{err}");
    assert!(zone("").encode().is_err());
    let spec = tdlog::events::spec("config.event", 1).unwrap();
    assert_eq!(spec.roles, &[Role::ChiefTd, Role::Organiser]);
}

fn run(args: &[&str], lang: &str) -> String {
    let o = tdlog_cmd()
        .args(args)
        .env_remove("TDLOG_KEY")
        .env_remove("TDLOG_PASSPHRASE")
        .env("TDLOG_LANG", lang)
        .output()
        .unwrap();
    let s = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.status.success(), "tdlog {args:?}: {s}");
    s
}

#[test]
fn law_92b_clocks_print_the_deadline_in_the_events_zone_and_json_keeps_utc() {
    let t = tempfile::tempdir().unwrap();
    let log = t.path().join("t.tdlog").to_str().unwrap().to_string();
    let chief = t.path().join("chief.key").to_str().unwrap().to_string();
    run(&["key", "new", "--key", &chief], "en");
    run(
        &[
            "init",
            &log,
            "--name",
            "Club Pairs",
            "--game",
            "bridge",
            "--key",
            &chief,
        ],
        "en",
    );
    let z = run(
        &["time", "zone", &log, "Europe/Copenhagen", "--key", &chief],
        "en",
    );
    assert!(z.contains("time zone Europe/Copenhagen"), "{z}");
    run(&["publish", &log, "--key", &chief], "en");
    let json = run(&["clocks", &log, "--json"], "en");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let ends = v[0]["ends"].as_str().unwrap();
    assert!(ends.ends_with('Z'), "JSON keeps UTC: {ends}");
    let ms = v[0]["ends_ms"].as_i64().unwrap();
    let local = chrono::DateTime::from_timestamp_millis(ms)
        .unwrap()
        .with_timezone(&chrono_tz::Europe::Copenhagen);
    let da = run(&["clocks", &log], "da");
    let want = format!(
        "{} {}",
        local.format("%d.%m.%Y %H.%M.%S"),
        local.format("%Z")
    );
    assert!(da.contains(&want), "want {want} in {da}");
    assert!(!da.contains(ends), "{da}");
    let en = run(&["clocks", &log], "en");
    assert!(
        en.contains(&local.format("%Y-%m-%d %H:%M:%S").to_string()),
        "{en}"
    );
}
