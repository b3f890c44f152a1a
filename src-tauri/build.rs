//! Generates one `allow-<command>` permission per app command, so that the capability file
//! grants each command to the main window explicitly (and nothing is allowed by default).

fn main() {
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(
        tauri_build::AppManifest::new().commands(tdlog_desktop_commands::ALL),
    ))
    .expect("tauri build step failed");
}

#[path = "src/command_list.rs"]
mod tdlog_desktop_commands;
