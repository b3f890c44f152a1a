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
