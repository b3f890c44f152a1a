//! Printed documents read back as a reader's tools see them: `pdftotext` and `pdffonts`
//! (poppler-utils, which `scripts/deps.sh` installs). Never skipped: a missing tool fails.

use std::process::Command;

/// Runs a poppler tool on the PDF's bytes and returns what it printed.
pub fn poppler(tool: &str, args: &[&str], pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("doc.pdf");
    std::fs::write(&f, pdf).unwrap();
    let o = Command::new(tool)
        .args(args)
        .arg(&f)
        .args(if tool == "pdftotext" {
            &["-"][..]
        } else {
            &[][..]
        })
        .output()
        .unwrap_or_else(|e| panic!("{tool} (poppler-utils, scripts/deps.sh): {e}"));
    assert!(
        o.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// The document's text in drawing order (`pdftotext -raw`: a cell's lines one after the
/// other), with every run of white space made one space: a name wrapped in its cell reads
/// whole again, and a name cut off does not.
pub fn text(pdf: &[u8]) -> String {
    poppler("pdftotext", &["-raw"], pdf)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every font `pdffonts` lists is embedded (its `emb` column says yes).
pub fn assert_fonts_embedded(pdf: &[u8], what: &str) {
    let listing = poppler("pdffonts", &[], pdf);
    let fonts: Vec<&str> = listing.lines().skip(2).collect();
    assert!(!fonts.is_empty(), "{what}: no fonts?\n{listing}");
    for f in fonts {
        let cols: Vec<&str> = f.split_whitespace().collect();
        // name, type (one or two words), encoding, emb, sub, uni, object, generation
        let emb = cols[cols.len() - 5];
        assert_eq!(emb, "yes", "{what}: a font not embedded: {f}");
    }
}

/// The size of the first page in points, as `pdfinfo` reads it (`595 x 842` upright A4).
pub fn page_size(pdf: &[u8]) -> (f32, f32) {
    let info = poppler("pdfinfo", &[], pdf);
    let line = info
        .lines()
        .find(|l| l.starts_with("Page size:"))
        .unwrap_or_else(|| panic!("no page size in\n{info}"));
    let n: Vec<f32> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (n[0], n[1])
}
