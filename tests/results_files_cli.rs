//! The file commands through the `tdlog` binary: `import usebio`, a second import into the
//! same section refused, `write-results usebio|pbn`, `publish-site`.

#[path = "common/device.rs"]
mod device;
use device::tdlog_cmd;

use std::path::{Path, PathBuf};
use std::process::Output;

fn tdlog(args: &[&str]) -> Output {
    tdlog_cmd().args(args).output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel)
}

#[test]
fn import_usebio_then_write_results_and_publish_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let (k, log) = (dir.path().join("k.key"), dir.path().join("t.tdlog"));
    assert!(tdlog(&["key", "new", "--key", s(&k)]).status.success());
    let o = tdlog(&[
        "init",
        "--name",
        "T",
        "--game",
        "bridge",
        "--key",
        s(&k),
        s(&log),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let xml = fixture("usebio/compscore-shape-mp-mitchell.xml");
    let o = tdlog(&[
        "import",
        "usebio",
        s(&xml),
        "--log",
        s(&log),
        "--key",
        s(&k),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("imported 32 records (0 skipped)"), "{out}");
    assert!(
        out.contains("103 of 103 value(s) agree with tdlog's within 0.01"),
        "{out}"
    );
    // The same file again would sign every result twice: refused, nothing signed.
    let o = tdlog(&[
        "import",
        "usebio",
        s(&xml),
        "--log",
        s(&log),
        "--key",
        s(&k),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("section A is already in"));
    // Files out.
    for (fmt, name, marker) in [
        ("usebio", "out.xml", "<USEBIO Version=\"1.2\">"),
        ("pbn", "out.pbn", "[ScoreTable "),
    ] {
        let f = dir.path().join(name);
        let o = tdlog(&["write-results", fmt, s(&log), "--out", s(&f)]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(std::fs::read_to_string(&f).unwrap().contains(marker));
        // Never over an existing file.
        let o = tdlog(&["write-results", fmt, s(&log), "--out", s(&f)]);
        assert_eq!(o.status.code(), Some(1));
    }
    let site = dir.path().join("site");
    let o = tdlog(&["publish-site", s(&log), "--out", s(&site)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for page in [
        "index.html",
        "en/index.html",
        "de/board-A-3.html",
        "da/pair-A-1NS.html",
    ] {
        assert!(site.join(page).exists(), "{page}");
    }
}
