//! Generates one `allow-<command>` permission per app command, so that the capability file
//! grants each command to the main window explicitly (and nothing is allowed by default).

fn main() {
    // The default build embeds the UI: say how to make it rather than fail deep in a macro.
    println!("cargo:rerun-if-changed=../ui/dist/index.html");
    if std::env::var_os("CARGO_FEATURE_CUSTOM_PROTOCOL").is_some()
        && !std::path::Path::new("../ui/dist/index.html").exists()
    {
        panic!("ui/dist is missing: build the UI first (cd ui && npm ci && npm run build), or run scripts/test.sh");
    }
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(tdlog_desktop_commands::ALL)),
    )
    .expect("tauri build step failed");
}

#[path = "src/command_list.rs"]
mod tdlog_desktop_commands;
