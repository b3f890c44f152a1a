//! The shape of the code (issue 34): the layers of `docs/ARCHITECTURE.md` ("Layers") hold,
//! and no file cycle appears. The checker reads every `crate::` and `super::` path of
//! `src/` (and `tdlog::` in the CLI, which is the binary crate), test modules left out,
//! resolves each to the file that defines it, and reports an import that points up a layer
//! and every cycle of files. What is wrong today is listed below and may only shrink: a new
//! violation fails, and so does a listed one that is gone (remove it from the list).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Imports that point up a layer today: "from-file -> to-file".
const KNOWN_UPWARD: &[&str] = &[];

/// File cycles today, each as its files sorted and joined by " | ".
const KNOWN_CYCLES: &[&str] = &[];

/// The layer of each top-level module, from the table between `<!-- layers -->` markers.
fn layers(architecture: &str) -> BTreeMap<String, u32> {
    let start = architecture
        .find("<!-- layers -->")
        .expect("ARCHITECTURE.md has its layers table");
    let end = architecture
        .find("<!-- /layers -->")
        .expect("the layers table ends");
    let mut out = BTreeMap::new();
    for line in architecture[start..end].lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(layer) = cells.get(1).and_then(|c| c.parse::<u32>().ok()) else {
            continue;
        };
        for m in cells[2].split(',') {
            out.insert(m.trim().trim_matches('`').to_string(), layer);
        }
    }
    out
}

/// The files of the engine (paths relative to `src/`) and their text without test modules.
fn sources(root: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, root, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                if rel == "lib.rs" || rel == "main.rs" {
                    continue;
                }
                out.insert(rel, without_tests(&std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// The text up to the first `#[cfg(test)]` item (test modules come last in this code base).
fn without_tests(text: &str) -> String {
    match text.find("#[cfg(test)]") {
        Some(i) => text[..i].to_string(),
        None => text.to_string(),
    }
}

/// The file that defines module path `path` (the longest prefix that is a file).
fn file_of(files: &BTreeMap<String, String>, path: &[&str]) -> Option<String> {
    (1..=path.len()).rev().find_map(|n| {
        let p = path[..n].join("/");
        [format!("{p}.rs"), format!("{p}/mod.rs")]
            .into_iter()
            .find(|c| files.contains_key(c))
    })
}

/// The module path of a file: `doko/tables/guard.rs` is doko::tables::guard, `log/mod.rs` log.
fn module_of(file: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    if parts.last() == Some(&"mod") {
        parts.pop();
    }
    parts
}

fn ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every import of each file, as (to-file, line).
fn imports(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeMap<String, usize>> {
    let mut out: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for (file, text) in files {
        let here = module_of(file);
        let cli = file.starts_with("cli/");
        let edges = out.entry(file.clone()).or_default();
        for (n, line) in text.lines().enumerate() {
            // Comments name modules without importing them.
            let line = line.split("//").next().unwrap_or("");
            for (prefix, base) in [
                ("crate::", vec![]),
                ("tdlog::", vec![]),
                ("super::", here[..here.len().saturating_sub(1)].to_vec()),
            ] {
                if prefix == "tdlog::" && !cli {
                    continue;
                }
                let mut rest = line;
                while let Some(i) = rest.find(prefix) {
                    let before = rest[..i].chars().next_back();
                    let tail = &rest[i + prefix.len()..];
                    rest = tail;
                    if before.is_some_and(|c| ident(c) || c == ':') {
                        continue;
                    }
                    // The path, and a `{...}` group after it.
                    let path_len = tail
                        .find(|c: char| !(ident(c) || c == ':'))
                        .unwrap_or(tail.len());
                    let path: Vec<&str> = tail[..path_len]
                        .split("::")
                        .filter(|s| !s.is_empty())
                        .collect();
                    let mut targets = vec![];
                    let mut full = base.clone();
                    full.extend(path.iter().copied());
                    if tail[path_len..].starts_with('{') {
                        let group = &tail[path_len + 1..];
                        let group = &group[..group.find('}').unwrap_or(group.len())];
                        for item in group.split(',') {
                            let item = item.split(" as ").next().unwrap_or("").trim();
                            let mut p = full.clone();
                            p.extend(item.split("::").filter(|s| !s.is_empty() && *s != "self"));
                            targets.push(p);
                        }
                    }
                    targets.push(full);
                    for t in targets {
                        if let Some(f) = file_of(files, &t) {
                            if f != *file {
                                edges.entry(f).or_insert(n + 1);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

fn top(file: &str) -> &str {
    file.split('/').next().unwrap().trim_end_matches(".rs")
}

/// Imports that point up a layer: "from -> to" with the line.
fn upward(
    graph: &BTreeMap<String, BTreeMap<String, usize>>,
    layers: &BTreeMap<String, u32>,
) -> BTreeMap<String, usize> {
    let layer = |f: &str| {
        *layers
            .get(top(f))
            .unwrap_or_else(|| panic!("module {} is in no layer of ARCHITECTURE.md", top(f)))
    };
    let mut out = BTreeMap::new();
    for (from, to) in graph {
        for (t, line) in to {
            if layer(t) > layer(from) {
                out.insert(format!("{from} -> {t}"), *line);
            }
        }
    }
    out
}

/// The file cycles (strongly connected components of more than one file), Tarjan's way.
fn cycles(graph: &BTreeMap<String, BTreeMap<String, usize>>) -> BTreeSet<String> {
    struct S<'a> {
        g: &'a BTreeMap<String, BTreeMap<String, usize>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: BTreeSet<String>,
    }
    fn visit<'a>(s: &mut S<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        if let Some(ws) = s.g.get(v) {
            for w in ws.keys() {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let m = s.low[v].min(s.low[w]);
                    s.low.insert(v, m);
                } else if s.on.contains(w) {
                    let m = s.low[v].min(s.index[w]);
                    s.low.insert(v, m);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = vec![];
            while let Some(w) = s.stack.pop() {
                s.on.remove(w);
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.insert(comp.join(" | "));
            }
        }
    }
    let mut s = S {
        g: graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: vec![],
        on: BTreeSet::new(),
        out: BTreeSet::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

fn compare(what: &str, found: &BTreeSet<String>, known: &[&str], detail: &dyn Fn(&str) -> String) {
    let known: BTreeSet<String> = known.iter().map(|s| s.to_string()).collect();
    let new: Vec<String> = found.difference(&known).map(|s| detail(s)).collect();
    let gone: Vec<&String> = known.difference(found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "{what}:\n  new (fix them; the layers are in docs/ARCHITECTURE.md): {new:#?}\n  gone (remove them from the known list in tests/architecture.rs): {gone:#?}"
    );
}

#[test]
fn the_layers_hold_and_no_new_file_cycle_appears() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let layers = layers(&std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap());
    let files = sources(&root.join("src"));
    let graph = imports(&files);
    let up = upward(&graph, &layers);
    let found: BTreeSet<String> = up.keys().cloned().collect();
    compare(
        "imports that point up a layer",
        &found,
        KNOWN_UPWARD,
        &|k| format!("{k} (line {})", up[k]),
    );
    compare("file cycles", &cycles(&graph), KNOWN_CYCLES, &|k| {
        k.to_string()
    });
}

/// The checker itself, on a known-bad sample: a rule module that imports a view model (up
/// two layers) and two files that import each other are both caught, with the line.
#[test]
fn an_upward_import_and_a_file_cycle_in_a_sample_are_caught() {
    let layers = layers(
        "<!-- layers -->\n| layer | modules | what |\n|---|---|---|\n| 1 | `doko` | rules |\n| 3 | `views` | views |\n<!-- /layers -->",
    );
    let files: BTreeMap<String, String> = [
        ("doko/mod.rs", "pub mod a;\npub mod b;\n"),
        (
            "doko/a.rs",
            "use super::b::Thing;\n\nuse crate::views::board::Screen;\n",
        ),
        ("doko/b.rs", "use crate::doko::{a::Other, self};\n"),
        ("views/mod.rs", "pub mod board;\n"),
        (
            "views/board.rs",
            "use crate::doko::a::Other;\n#[cfg(test)]\nmod tests { use crate::doko::b; }\n",
        ),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), without_tests(v)))
    .collect();
    let graph = imports(&files);
    let up = upward(&graph, &layers);
    assert_eq!(
        up.into_iter().collect::<Vec<_>>(),
        vec![("doko/a.rs -> views/board.rs".to_string(), 3)]
    );
    let c = cycles(&graph);
    assert!(
        c.contains("doko/a.rs | doko/b.rs | views/board.rs"),
        "{c:?}"
    );
}
