//! tdlog desktop: a thin Tauri 2 shell over the `tdlog` engine. All signing, verifying and
//! scoring happens in Rust; the webview (ui/) asks for views and sends form input.
//!
//! Usage: `tdlog-desktop [LOG | --demo]`. Environment: `TDLOG_DATA_DIR` (this device's key
//! and recent logs; default: the platform's app data dir), `TDLOG_DEMO` (the demo log).

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod adjust;
mod alloc_hold;
mod appeal_acts;
mod board;
mod board_acts;
mod command_list;
mod commands;
mod device;
mod doko;
mod doko_cards;
mod enrol;
mod error;
mod export;
mod hub;
mod preopen;
mod qr;
mod reports;
mod session;
mod setup;
mod table_acts;
mod traveller;
mod workflow;

/// mimalloc, as the CLI: opening and folding a big log allocates and frees millions of small
/// payloads, which glibc's malloc spends a quarter of its time consolidating.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use commands::AppState;
use std::path::PathBuf;
use std::sync::Mutex;
use tauri::Manager;

fn main() {
    // Before anything big is allocated: small pages (`tdlog::memory`).
    tdlog::memory::no_huge_pages();
    let arg = std::env::args_os().nth(1);
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(move |app| {
            let data_dir = match std::env::var_os("TDLOG_DATA_DIR") {
                Some(d) => PathBuf::from(d),
                None => app.path().app_data_dir()?,
            };
            std::fs::create_dir_all(&data_dir)?;
            // The device's data is input of every command: never a file a person saves to.
            tdlog::io_safe::protect_dir(&data_dir);
            // The demo shipped as a bundle resource (installed packages), if there is one.
            let resource = app
                .path()
                .resolve("demo/demo.tdlog", tauri::path::BaseDirectory::Resource)
                .ok();
            let demo = commands::shipped_demo(resource);
            let start_log = match arg.as_deref() {
                Some(a) if a == "--demo" => Some("demo".to_owned()),
                Some(a) => Some(a.to_string_lossy().into_owned()),
                None => None,
            };
            let sign_as = device::saved_sign_as(&data_dir);
            // A log named on the command line is opened while the window loads.
            let start_open = std::sync::Arc::new(preopen::StartOpen::default());
            if let Some(p) = start_log.as_deref().filter(|p| *p != "demo") {
                start_open.begin(PathBuf::from(p), data_dir.clone());
            }
            app.manage(AppState {
                data_dir,
                demo,
                start_log,
                start_open,
                open: Mutex::new(None),
                sign_as: Mutex::new(sign_as),
            });
            app.manage(hub::HubState::default());
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::app_info,
            commands::key_create,
            commands::pick_log_file,
            commands::pick_new_log_file,
            commands::log_open,
            commands::log_open_demo,
            commands::log_create,
            commands::tournament_summary,
            commands::events_page,
            commands::notes_list,
            commands::results_list,
            commands::ranking_show,
            commands::board_audit,
            commands::note_append,
            commands::key_sign_as,
            commands::rulings_list,
            commands::ruling_give,
            commands::results_publish,
            commands::clocks_list,
            appeal_acts::appeals_list,
            appeal_acts::appeal_file,
            appeal_acts::appeal_consent,
            appeal_acts::appeal_route,
            appeal_acts::appeal_convene,
            appeal_acts::appeal_hear,
            appeal_acts::appeal_decide,
            appeal_acts::appeal_withdraw,
            appeal_acts::appeal_cosign,
            appeal_acts::appeal_notify,
            appeal_acts::appeal_hearing,
            appeal_acts::appeal_announce,
            appeal_acts::event_time_zone,
            appeal_acts::appeal_resolve,
            board_acts::board_show,
            board_acts::bridge_call,
            board_acts::bridge_rule,
            commands::ranking_diff,
            commands::report_save,
            board_acts::bridge_play,
            board_acts::bridge_play_option,
            commands::result_correct,
            commands::correction_consent,
            appeal_acts::appeals_configure,
            appeal_acts::appeal_refer,
            appeal_acts::appeal_further,
            appeal_acts::appeal_authority_answer,
            commands::key_import,
            commands::activity_list,
            commands::adjust_assistant,
            commands::time_accept,
            commands::key_enrol,
            commands::key_revoke,
            commands::dashboard_show,
            board_acts::bridge_claim,
            board_acts::bridge_claim_rule,
            board_acts::bridge_penalty_card,
            board_acts::bridge_revoke_correct,
            doko::doko_evening,
            doko::doko_list,
            doko::doko_standings,
            doko::doko_plan,
            doko::doko_result,
            doko::doko_correct,
            doko::doko_sanction,
            doko::doko_objection,
            doko::doko_decide,
            doko::doko_draw_commit,
            doko::doko_draw_reveal,
            doko::doko_plan_sign,
            doko::doko_presence,
            doko::doko_standings_rule,
            doko::doko_round_close,
            doko_cards::doko_cards,
            doko_cards::doko_cards_record,
            doko_cards::doko_cards_claim,
            doko_cards::doko_cards_rule,
            hub::join::hub_join,
            hub::hub_status_show,
            hub::hub_set,
            hub::hub_clear,
            hub::hub_setting,
            setup::team_captain,
            setup::pick_input_file,
            setup::import_preview,
            setup::import_sign,
            setup::hand_records_preview,
            setup::hand_records_sign,
            setup::setup_status,
            setup::setup_options,
            setup::setup_preview,
            setup::setup_sign,
            traveller::traveller_show,
            traveller::traveller_check,
            traveller::traveller_sign,
            traveller::traveller_correct,
            setup::policy_show,
            setup::policy_sign,
            traveller::traveller_attendance,
            traveller::traveller_fouled,
            export::results_export,
        ])
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("error: tdlog-desktop could not start: {e}");
        std::process::exit(1);
    }
}
