//! `schema/events/*.schema.json` and `docs/events.md` are generated from the event catalogue
//! in code; this test fails when they are stale (regenerate: `TDLOG_REGEN=1 cargo test --test schema`).

use std::path::PathBuf;
use tdlog::events::catalogue;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn check_or_write(path: PathBuf, want: &[u8]) {
    if std::env::var_os("TDLOG_REGEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, want).unwrap();
    } else {
        let have = std::fs::read(&path).unwrap_or_default();
        assert!(
            have == want,
            "{} is stale; regenerate with TDLOG_REGEN=1 cargo test --test schema",
            path.display()
        );
    }
}

fn schema_file(kind: &str, v: u16) -> String {
    format!("{kind}.v{v}.schema.json")
}

#[test]
fn payload_json_schemas_are_current() {
    let dir = root().join("schema/events");
    let mut expected = vec![];
    for s in catalogue() {
        let mut schema = serde_json::to_value((s.schema)()).unwrap();
        schema["$id"] = format!(
            "https://tdlog.invalid/schema/events/{}",
            schema_file(s.kind, s.v)
        )
        .into();
        schema["title"] = format!("{} v{}", s.kind, s.v).into();
        let mut bytes = serde_json::to_vec_pretty(&schema).unwrap();
        bytes.push(b'\n');
        expected.push(schema_file(s.kind, s.v));
        check_or_write(dir.join(schema_file(s.kind, s.v)), &bytes);
    }
    // No schema file for a type the catalogue no longer has.
    if let Ok(rd) = std::fs::read_dir(&dir) {
        for f in rd {
            let name = f.unwrap().file_name().into_string().unwrap();
            assert!(
                expected.contains(&name),
                "schema/events/{name} is not in the catalogue"
            );
        }
    }
}

#[test]
fn event_catalogue_doc_is_current() {
    let mut md = String::from(
        "# Event catalogue\n\n\
         Generated from `src/events/mod.rs` (`payloads!` and `OLD_VERSIONS`) by `TDLOG_REGEN=1 cargo test --test schema`; \
         do not edit by hand.\n\n\
         Every event is an Ed25519-signed envelope (see `docs/ARCHITECTURE.md`) whose payload is \
         canonical JSON of the type below. `current` versions are what tdlog writes; older versions \
         are read and upcast by pure functions. The roles column is the authorisation table: an \
         event signed by a key of another role is refused at append and fails `tdlog verify` \
         (code `role`).\n\n\
         | type | v | current | roles that may sign | what it records | JSON Schema |\n\
         |---|---|---|---|---|---|\n",
    );
    for s in catalogue() {
        let roles: Vec<&str> = s.roles.iter().map(|r| r.as_str()).collect();
        md.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | [`{}`](../schema/events/{}) |\n",
            s.kind,
            s.v,
            if s.current { "yes" } else { "read only" },
            roles.join(", "),
            s.summary,
            schema_file(s.kind, s.v),
            schema_file(s.kind, s.v)
        ));
    }
    check_or_write(root().join("docs/events.md"), md.as_bytes());
}
