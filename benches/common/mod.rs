//! What every benchmark shares: writing its own section of `docs/benchmarks.md`.

pub mod session;

use std::path::Path;

/// Replaces the section between `<!-- NAME -->` and `<!-- /NAME -->` in `docs/benchmarks.md`
/// (appending it if absent), so each bench rewrites only its own results.
pub fn write_section(name: &str, body: &str) {
    let (open, close) = (format!("<!-- {name} -->"), format!("<!-- /{name} -->"));
    let md = format!("{open}\n{}\n{close}\n", body.trim_end());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/benchmarks.md");
    let old = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".into());
    let new = match (old.find(&open), old.find(&close)) {
        (Some(a), Some(b)) if a < b => {
            format!(
                "{}{}{}",
                &old[..a],
                md,
                old[b + close.len()..].trim_start_matches('\n')
            )
        }
        _ => format!("{}\n\n{}", old.trim_end(), md),
    };
    if let Err(e) = std::fs::write(&path, new) {
        eprintln!("could not write {}: {e}", path.display());
    }
}
