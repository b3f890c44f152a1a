//! `tdlog verify-site`: the results site's board pages checked from the command line as they
//! check themselves in a browser (issue 33; the browser side is tests/site/site.e2e.mjs):
//! an honest site verifies on every page; a changed byte in an event, a missing event, a key
//! not traced to the genesis, a tree head that does not match the log, no signed head and a
//! forged head are each refused with their reason.

use std::path::{Path, PathBuf};

const DAY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/demo/day.tdlog");
const KEYS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/demo/keys");

fn tdlog(data: &Path, args: &[&str]) -> (i32, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tdlog"))
        .env("TDLOG_DATA_DIR", data)
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

fn key(dir: &Path, name: &str) -> String {
    let to = dir.join(format!("{name}.key"));
    std::fs::copy(format!("{KEYS}/{name}.key"), &to).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    to.to_str().unwrap().to_string()
}

/// The demo day published (the chief TD's tree head) and witnessed by a director, and its
/// site written: (the temp dir, the log, the site).
fn published_site() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("day.tdlog");
    std::fs::copy(DAY, &log).unwrap();
    let data = dir.path().join("data");
    let l = log.to_str().unwrap();
    for args in [
        vec!["publish", l, "--key", &key(dir.path(), "chief")],
        vec!["witness", l, "--key", &key(dir.path(), "td1")],
    ] {
        let (code, _, err) = tdlog(&data, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let site = dir.path().join("site");
    let (code, _, err) = tdlog(&data, &["publish-site", l, "--out", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    (dir, log, site)
}

const OPEN: &str = "<script type=\"application/json\" id=\"tdlog-proof\">";

/// Changes board 11's German page's proof document with `edit`.
fn alter(site: &Path, edit: impl FnOnce(&mut serde_json::Value)) -> PathBuf {
    let page = site.join("de/board-A-11.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let start = html.find(OPEN).unwrap() + OPEN.len();
    let end = start + html[start..].find("</script>").unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    edit(&mut doc);
    let out = format!("{}{}{}", &html[..start], doc, &html[end..]);
    std::fs::write(&page, out).unwrap();
    page
}

/// `verify-site`'s line for board 11's German page, and its exit code.
fn verdict(dir: &Path, site: &Path) -> (i32, String) {
    let (code, out, err) = tdlog(&dir.join("data"), &["verify-site", site.to_str().unwrap()]);
    let line = out
        .lines()
        .find(|l| l.contains("de/board-A-11.html"))
        .unwrap_or_else(|| panic!("{out}{err}"))
        .to_string();
    (code, line)
}

fn type_of(e: &serde_json::Value) -> String {
    let body = hex::decode(e["body"].as_str().unwrap()).unwrap();
    let text = String::from_utf8_lossy(&body);
    ["key.enrolled", "result.recorded", "tournament.genesis"]
        .into_iter()
        .find(|t| text.contains(t))
        .unwrap_or("")
        .to_string()
}

#[test]
fn an_honest_site_verifies_on_every_board_page_naming_who_signed_its_tree_head() {
    let (dir, _, site) = published_site();
    let (code, out, err) = tdlog(
        &dir.path().join("data"),
        &["verify-site", site.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{out}{err}");
    let pages = out.lines().filter(|l| l.contains(": verified (")).count();
    assert!(pages >= 18, "{out}");
    assert!(
        out.ends_with(&format!("{pages} of {pages} board pages verified\n")),
        "{out}"
    );
    assert!(
        out.contains("head signed by Anna Berg (chief TD); Jens Hansen, laptop 2"),
        "{out}"
    );
    // Every page's scores were recomputed from its events, none taken from the HTML.
    let recomputed = out
        .lines()
        .filter(|l| l.contains(" tables recomputed)"))
        .count();
    assert_eq!(recomputed, pages, "{out}");
}

/// Board 13's German page with `from` replaced by `to` in the traveller line of round 1,
/// table `table` (and it must be there): what a publisher who edits a score by hand does.
fn edit_html(site: &Path, table: u32, from: &str, to: &str) {
    let page = site.join("de/board-A-13.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let row = format!("<tr class=\"line\"><td class=\"n\">1</td><td class=\"n\">{table}</td>");
    let start = html.find(&row).unwrap();
    let end = start + html[start..].find("</tr>").unwrap();
    assert!(html[start..end].contains(from), "{}", &html[start..end]);
    let line = html[start..end].replacen(from, to, 1);
    std::fs::write(&page, format!("{}{line}{}", &html[..start], &html[end..])).unwrap();
}

/// `verify-site`'s line for board 13's German page, and its exit code.
fn verdict_13(dir: &Path, site: &Path) -> (i32, String) {
    let (code, out, _) = tdlog(
        &dir.join("data"),
        &["verify-site", site.to_str().unwrap(), "--lang", "de"],
    );
    let line = out
        .lines()
        .find(|l| l.contains("de/board-A-13.html"))
        .unwrap_or_else(|| panic!("{out}"))
        .to_string();
    (code, line)
}

#[test]
fn law_16b1_a_changed_adjusted_score_in_the_html_is_not_verified() {
    // Round 1, table 3: the TD's ruling (Law 16B1) assigned 3H by North, 10 tricks; the
    // teams' IMPs on the board follow from it. The page claims one IMP more.
    let (dir, _, site) = published_site();
    edit_html(
        &site,
        3,
        "<td class=\"n score-ns\">2 IMP</td><td class=\"n score-ew\">-2 IMP</td>",
        "<td class=\"n score-ns\">3 IMP</td><td class=\"n score-ew\">-3 IMP</td>",
    );
    let (code, line) = verdict_13(dir.path(), &site);
    assert_eq!(code, 2, "{line}");
    assert!(
        line.contains("NOT VERIFIED: die Ergebnisse in Runde 1, Tisch 3 sind nicht die"),
        "{line}"
    );
}

#[test]
fn law_77_changed_points_of_a_played_contract_are_not_verified() {
    // 1NT by South, 9 tricks, not vulnerable: +150 under Law 77, not +180.
    let (dir, _, site) = published_site();
    edit_html(&site, 2, "9 Stiche, NS +150</td>", "9 Stiche, NS +180</td>");
    let (code, line) = verdict_13(dir.path(), &site);
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("Runde 1, Tisch 2"), "{line}");
}

#[test]
fn a_line_left_out_of_the_traveller_or_a_pair_renamed_is_not_verified() {
    let (dir, _, site) = published_site();
    edit_html(
        &site,
        3,
        "<td>LATVIA</td><td>GERMANY</td>",
        "<td>GERMANY</td><td>LATVIA</td>",
    );
    let (code, line) = verdict_13(dir.path(), &site);
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("Runde 1, Tisch 3"), "{line}");
    let (dir, _, site) = published_site();
    let page = site.join("de/board-A-13.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let start = html
        .find("<tr class=\"line\"><td class=\"n\">1</td><td class=\"n\">2</td>")
        .unwrap();
    let end = start + html[start..].find("</tr>").unwrap() + 5;
    std::fs::write(&page, format!("{}{}", &html[..start], &html[end..])).unwrap();
    let (code, line) = verdict_13(dir.path(), &site);
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("Runde 1, Tisch 2"), "{line}");
}

#[test]
fn a_changed_byte_in_an_event_is_not_verified() {
    let (dir, _, site) = published_site();
    alter(&site, |d| {
        let events = d["events"].as_array_mut().unwrap();
        let e = events
            .iter_mut()
            .find(|e| type_of(e) == "result.recorded")
            .unwrap();
        let p = e["payload"].as_str().unwrap().to_string();
        let i = p.len() - 4;
        let flipped = if &p[i..=i] == "3" { "4" } else { "3" };
        e["payload"] = format!("{}{flipped}{}", &p[..i], &p[i + 1..]).into();
    });
    let (code, line) = verdict(dir.path(), &site);
    assert_eq!(code, 2);
    assert!(
        line.contains("NOT VERIFIED: the bytes or the signature of an event do not check"),
        "{line}"
    );
}

#[test]
fn an_event_behind_the_board_left_out_is_not_verified() {
    let (dir, _, site) = published_site();
    alter(&site, |d| {
        let id = d["board"][0].as_str().unwrap().to_string();
        let events = d["events"].as_array_mut().unwrap();
        let at = events
            .iter()
            .position(|e| {
                let r = tdlog::log::RawEvent {
                    body: hex::decode(e["body"].as_str().unwrap()).unwrap(),
                    sig: hex::decode(e["sig"].as_str().unwrap()).unwrap(),
                    payload: vec![],
                };
                r.id().to_hex() == id
            })
            .unwrap();
        events.remove(at);
    });
    let (code, line) = verdict(dir.path(), &site);
    assert_eq!(code, 2);
    assert!(line.contains("is missing from the page"), "{line}");
}

#[test]
fn a_signer_not_traced_to_the_genesis_is_not_verified() {
    let (dir, _, site) = published_site();
    alter(&site, |d| {
        // Every enrolment left out: the results' scorer no longer traces.
        d["events"]
            .as_array_mut()
            .unwrap()
            .retain(|e| type_of(e) != "key.enrolled");
    });
    let (code, line) = verdict(dir.path(), &site);
    assert_eq!(code, 2);
    assert!(
        line.contains("is not enrolled from the tournament's start"),
        "{line}"
    );
}

#[test]
fn a_tree_head_that_does_not_match_the_log_is_not_verified() {
    let (dir, _, site) = published_site();
    alter(&site, |d| {
        let root = d["tree"]["root"].as_str().unwrap().to_string();
        let first = if root.starts_with('0') { "1" } else { "0" };
        d["tree"]["root"] = format!("{first}{}", &root[1..]).into();
    });
    let (code, line) = verdict(dir.path(), &site);
    assert_eq!(code, 2);
    assert!(
        line.contains("its proof does not lead to the signed tree head"),
        "{line}"
    );
}

#[test]
fn a_page_without_its_signed_tree_head_is_not_verified() {
    let (dir, _, site) = published_site();
    alter(&site, |d| d["heads"] = serde_json::json!([]));
    let (code, line) = verdict(dir.path(), &site);
    assert_eq!(code, 2);
    assert!(
        line.contains("no signed tree head of this publication"),
        "{line}"
    );
}

/// A director's device that bypasses the guard signs a tree head of the publication naming
/// another tree (the publisher showing different logs): every page that carries it is
/// refused, naming the conflict.
#[test]
fn a_forged_tree_head_of_the_publication_is_not_verified() {
    let (dir, log, site) = published_site();
    let v = tdlog::log::Log::open(&log).unwrap().verify(None).unwrap();
    let publication = v
        .events
        .iter()
        .rev()
        .find(|e| e.env.kind == "results.published")
        .unwrap()
        .id;
    let rogue = tdlog::keys::DeviceKey::load(Path::new(&key(dir.path(), "scorer")), None).unwrap();
    tdlog::log::Log::open(&log)
        .unwrap()
        .append(
            &rogue,
            tdlog::events::Payload::ResultsTreeHead(tdlog::events::ResultsTreeHead {
                publication,
                size: 3,
                root: tdlog::log::Hash32([5; 32]),
            }),
        )
        .unwrap();
    let (code, _, err) = tdlog(
        &dir.path().join("data"),
        &[
            "publish-site",
            log.to_str().unwrap(),
            "--out",
            site.to_str().unwrap(),
            "--force",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let (code, line) = verdict(dir.path(), &site);
    assert_eq!(code, 2);
    assert!(
        line.contains("names another tree: different logs were shown"),
        "{line}"
    );
}

/// The tree root a site's board page states (its proof document's `tree.root`).
fn root_of(site: &Path) -> String {
    let html = std::fs::read_to_string(site.join("en/board-A-12.html")).unwrap();
    let start = html.find(OPEN).unwrap() + OPEN.len();
    let end = start + html[start..].find("</script>").unwrap();
    let doc: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    doc["tree"]["root"].as_str().unwrap().to_string()
}

/// Law 79C: a score corrected after the first publication (with the organiser's consent,
/// 79C2) and published again. The second site's tree only added to the first: a player who
/// kept the first site's root checks that, and the page names the correction on the board;
/// a root kept from a rewritten first publication is refused.
#[test]
fn law_79c_a_later_publication_only_adds_to_the_kept_one_and_a_rewritten_one_fails() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let log = dir.path().join("day.tdlog");
    std::fs::copy(DAY, &log).unwrap();
    let l = log.to_str().unwrap();
    let run = |args: &[&str]| {
        let (code, out, err) = tdlog(&data, args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    // The site as first published (the demo day's publication).
    let first = dir.path().join("first");
    run(&["publish-site", l, "--out", first.to_str().unwrap()]);
    let kept = root_of(&first);
    // A rewritten history: the same day with a note slipped in before a publication (made
    // on another device: to this one it would be the same log with events it then lacks).
    let other = dir.path().join("other.tdlog");
    std::fs::copy(DAY, &other).unwrap();
    let o = other.to_str().unwrap();
    let chief = key(dir.path(), "chief");
    let elsewhere = dir.path().join("data-elsewhere");
    let rewritten_site = dir.path().join("rewritten");
    for args in [
        vec!["note", o, "--text", "slipped in", "--key", &chief],
        vec!["publish", o, "--key", &chief],
        vec!["publish-site", o, "--out", rewritten_site.to_str().unwrap()],
    ] {
        let (code, _, err) = tdlog(&elsewhere, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let rewritten = root_of(&rewritten_site);
    // The correction, consented late, and the second publication.
    let consent = run(&[
        "correction",
        "consent",
        l,
        "--round",
        "1",
        "--table",
        "2",
        "--board",
        "12",
        "--reason",
        "scorer's slip",
        "--key",
        &key(dir.path(), "organiser"),
    ]);
    let consent = consent
        .split("(event ")
        .nth(1)
        .unwrap()
        .trim_end_matches([')', '\n']);
    let corrected = run(&[
        "correction",
        "record",
        l,
        "--round",
        "1",
        "--table",
        "2",
        "--board",
        "12",
        "--ns",
        "SLOVENIA",
        "--ew",
        "NORWAY",
        "--contract",
        "3C",
        "--declarer",
        "W",
        "--tricks",
        "8",
        "--reason",
        "tricks miscounted",
        "--consent",
        consent,
        "--key",
        &key(dir.path(), "td1"),
    ]);
    let corrected = corrected
        .split("(event ")
        .nth(1)
        .unwrap()
        .trim_end_matches([')', '\n'])
        .to_string();
    run(&["publish", l, "--key", &chief]);
    let second = dir.path().join("second");
    run(&["publish-site", l, "--out", second.to_str().unwrap()]);
    // The kept root: every page grew from it.
    let (code, out, err) = tdlog(
        &data,
        &["verify-site", second.to_str().unwrap(), "--kept", &kept],
    );
    assert_eq!(code, 0, "{out}{err}");
    // Board 12's page names the correction as added since the first publication.
    let html = std::fs::read_to_string(second.join("en/board-A-12.html")).unwrap();
    let start = html.find(OPEN).unwrap() + OPEN.len();
    let end = start + html[start..].find("</script>").unwrap();
    let doc: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let earlier = doc["earlier"].as_array().unwrap();
    assert_eq!(earlier.len(), 1);
    assert_eq!(earlier[0]["tree"]["root"].as_str().unwrap(), kept);
    assert_eq!(earlier[0]["board_added"][0].as_str().unwrap(), corrected);
    // The root of the rewritten history: refused on every page.
    let (code, out, _) = tdlog(
        &data,
        &[
            "verify-site",
            second.to_str().unwrap(),
            "--kept",
            &rewritten,
        ],
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("is not one this log grew from: what was published has been rewritten"),
        "{out}"
    );
    assert!(!out.contains(": verified ("), "{out}");
}

/// A pairs event scored by matchpoints (the Compscore-shaped USEBIO fixture: a Mitchell with
/// an A+/A- at one table) published as a site: (the temp dir, the site).
fn pairs_site() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let log = dir.path().join("p.tdlog");
    let key = dir.path().join("chief.key");
    let (l, k) = (log.to_str().unwrap(), key.to_str().unwrap());
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/usebio/compscore-shape-mp-mitchell.xml"
    );
    let site = dir.path().join("site");
    for args in [
        vec!["key", "new", "--key", k],
        vec!["init", l, "--name", "Pairs", "--game", "bridge", "--key", k],
        vec!["import", "usebio", "--log", l, "--key", k, file],
        vec!["publish", l, "--key", k],
        vec!["publish-site", l, "--out", site.to_str().unwrap()],
    ] {
        let (code, _, err) = tdlog(&data, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    (dir, site)
}

#[test]
fn law_78a_a_pairs_site_recomputes_its_matchpoints_and_names_what_the_session_settles() {
    let (dir, site) = pairs_site();
    let data = dir.path().join("data");
    let (code, out, err) = tdlog(&data, &["verify-site", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("24 of 24 board pages verified\n"), "{out}");
    // Board 3's A+/A- (Law 12C2) is settled from each pair's whole session (Law 12C2(c)):
    // one board's page cannot recompute it; its other lines are recomputed.
    let board3 = out
        .lines()
        .find(|l| l.contains("en/board-A-3.html"))
        .unwrap();
    assert!(
        board3.contains("scores of 3 tables recomputed; artificial scores the session settles, not recomputed: 1"),
        "{board3}"
    );
    let board1 = out
        .lines()
        .find(|l| l.contains("en/board-A-1.html"))
        .unwrap();
    assert!(
        board1.contains("scores of 4 tables recomputed)"),
        "{board1}"
    );
    // A percentage changed by hand on board 1.
    let page = site.join("en/board-A-1.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let from = "<td class=\"n score-ns\">66.67 %</td>";
    assert_eq!(html.matches(from).count(), 1);
    std::fs::write(
        &page,
        html.replace(from, "<td class=\"n score-ns\">70 %</td>"),
    )
    .unwrap();
    let (code, out, _) = tdlog(&data, &["verify-site", site.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    let board1 = out
        .lines()
        .find(|l| l.contains("en/board-A-1.html"))
        .unwrap();
    assert!(
        board1.contains("NOT VERIFIED: the scores shown at round 1, table 1 are not what"),
        "{board1}"
    );
}

/// The demo day made now (its Law 92B period running), published; a director's ruling on
/// board 12 within the period (an artificial score, Law 12C2) and a second publication.
/// Returns (the temp dir, the first site, the second site).
fn ruled_after_publication() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let log = dir.path().join("day.tdlog");
    let l = log.to_str().unwrap();
    let (chief, td) = (key(dir.path(), "chief"), key(dir.path(), "td1"));
    let (first, second) = (dir.path().join("first"), dir.path().join("second"));
    let base = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/demo/demo.tdlog");
    for args in [
        vec!["demo-day", l, "--base", base],
        vec!["publish", l, "--key", &chief],
        vec!["publish-site", l, "--out", first.to_str().unwrap()],
        vec![
            "ruling",
            "give",
            l,
            "--round",
            "1",
            "--table",
            "3",
            "--board",
            "12",
            "--ns",
            "LATVIA",
            "--ew",
            "GERMANY",
            "--facts",
            "the board was turned the wrong way at this table (Law 87)",
            "--law",
            "12C2",
            "--category",
            "law",
            "--decision",
            "average plus to N-S, average minus to E-W",
            "--adjustment",
            r#"{"kind":"artificial","ns":"average_plus","ew":"average_minus"}"#,
            "--key",
            &td,
        ],
        vec!["publish", l, "--key", &chief],
        vec!["publish-site", l, "--out", second.to_str().unwrap()],
    ] {
        let (code, _, err) = tdlog(&data, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    (dir, first, second)
}

#[test]
fn law_92b_a_ruling_after_a_publication_is_named_by_the_next_one_and_its_score_recomputed() {
    let (dir, first, second) = ruled_after_publication();
    let kept = root_of(&first);
    let (code, out, err) = tdlog(
        &dir.path().join("data"),
        &["verify-site", second.to_str().unwrap(), "--kept", &kept],
    );
    assert_eq!(code, 0, "{out}{err}");
    let mut lines = out
        .lines()
        .skip_while(|l| !l.contains("en/board-A-12.html"));
    let page = lines.next().unwrap();
    assert!(page.contains("scores of 30 tables recomputed)"), "{page}");
    // Both earlier publications: the demo day's own and the one the player kept.
    let since: Vec<&str> = lines.take_while(|l| l.starts_with("  since")).collect();
    assert_eq!(since.len(), 2, "{out}");
    for l in since {
        assert!(
            l.ends_with("on this board: Ruling (Jens Hansen, laptop 2)"),
            "{l}"
        );
    }
}

#[test]
fn a_page_whose_verifier_or_text_is_not_the_tools_is_not_verified() {
    // What only a check from outside the page can see: in a browser, a page whose scripts
    // were replaced says whatever its publisher wrote.
    let (dir, _, site) = published_site();
    let page = site.join("de/board-A-13.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let swapped = html.replacen(
        "return fail('malformed');",
        "return verdict('verified');",
        1,
    );
    assert_ne!(swapped, html);
    std::fs::write(&page, swapped).unwrap();
    let (code, line) = verdict_13(dir.path(), &site);
    assert_eq!(code, 2, "{line}");
    assert!(
        line.contains("NOT VERIFIED: Prüfprogramm, Texte oder Gestaltung der Seite"),
        "{line}"
    );
    // A changed figure with the true one hidden after it.
    let (dir, _, site) = published_site();
    edit_html(
        &site,
        2,
        "NS +150</td>",
        "NS +180<span hidden> NS +150</span></td>",
    );
    let (code, line) = verdict_13(dir.path(), &site);
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("Runde 1, Tisch 2"), "{line}");
    // A line kept in a comment is no line: the browser does not show it.
    let (dir, _, site) = published_site();
    let page = site.join("de/board-A-13.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let row = "<tr class=\"line\"><td class=\"n\">1</td><td class=\"n\">2</td>";
    let start = html.find(row).unwrap();
    let end = start + html[start..].find("</tr>").unwrap() + 5;
    let commented = format!(
        "{}<!--{}-->{}",
        &html[..start],
        &html[start..end],
        &html[end..]
    );
    std::fs::write(&page, commented).unwrap();
    let (code, line) = verdict_13(dir.path(), &site);
    assert_eq!(code, 2, "{line}");
    assert!(line.contains("Runde 1, Tisch 2"), "{line}");
}

#[test]
fn a_change_after_the_publication_waits_for_the_next_and_the_site_still_verifies() {
    // The site shows what was published: a ruling signed after the publication is not on
    // it until the results are published again, and every page verifies meanwhile.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let log = dir.path().join("day.tdlog");
    let l = log.to_str().unwrap();
    let (chief, td) = (key(dir.path(), "chief"), key(dir.path(), "td1"));
    let site = dir.path().join("site");
    let base = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/demo/demo.tdlog");
    for args in [
        vec!["demo-day", l, "--base", base],
        vec!["publish", l, "--key", &chief],
        vec![
            "ruling",
            "give",
            l,
            "--round",
            "1",
            "--table",
            "3",
            "--board",
            "12",
            "--ns",
            "LATVIA",
            "--ew",
            "GERMANY",
            "--facts",
            "a board turned the wrong way (Law 87)",
            "--law",
            "12C2",
            "--category",
            "law",
            "--decision",
            "A+ to N-S, A- to E-W",
            "--adjustment",
            r#"{"kind":"artificial","ns":"average_plus","ew":"average_minus"}"#,
            "--key",
            &td,
        ],
    ] {
        let (code, _, err) = tdlog(&data, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let (code, _, err) = tdlog(&data, &["publish-site", l, "--out", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("are not on the site: publish again"), "{err}");
    let html = std::fs::read_to_string(site.join("en/board-A-12.html")).unwrap();
    assert!(
        !html.contains("artificial NS A+"),
        "the ruling waits for the next publication"
    );
    let (code, out, err) = tdlog(&data, &["verify-site", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
}
