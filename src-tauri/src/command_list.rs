//! Every Tauri command of the app. `build.rs` generates an `allow-<command>` permission
//! for each; `capabilities/main.json` grants them to the main window one by one.

#[allow(dead_code)] // read by build.rs and by the test below
pub const ALL: &[&str] = &[
    "app_info",
    "key_create",
    "pick_log_file",
    "pick_new_log_file",
    "log_open",
    "log_open_demo",
    "log_create",
    "tournament_summary",
    "events_page",
    "notes_list",
    "results_list",
    "ranking_show",
    "board_audit",
    "note_append",
    "key_sign_as",
    "rulings_list",
    "ruling_give",
    "results_publish",
    "clocks_list",
    "appeals_list",
    "appeal_file",
    "appeal_consent",
    "appeal_route",
    "appeal_convene",
    "appeal_hear",
    "appeal_decide",
    "appeal_withdraw",
    "appeal_cosign",
    "appeal_notify",
    "appeal_hearing",
    "appeal_announce",
    "event_time_zone",
    "appeal_resolve",
    "board_show",
    "bridge_call",
    "bridge_rule",
    "ranking_diff",
    "report_save",
    "bridge_play",
    "bridge_play_option",
    "result_correct",
    "correction_consent",
    "appeals_configure",
    "appeal_refer",
    "appeal_further",
    "appeal_authority_answer",
    "key_import",
    "activity_list",
    "adjust_assistant",
    "time_accept",
    "key_enrol",
    "key_revoke",
    "dashboard_show",
    "bridge_claim",
    "bridge_claim_rule",
    "bridge_penalty_card",
    "bridge_revoke_correct",
    "doko_evening",
    "doko_list",
    "doko_standings",
    "doko_plan",
    "doko_result",
    "doko_correct",
    "doko_sanction",
    "doko_objection",
    "doko_decide",
    "doko_draw_commit",
    "doko_draw_reveal",
    "doko_plan_sign",
    "doko_presence",
    "doko_standings_rule",
    "doko_round_close",
    "doko_cards",
    "doko_cards_record",
    "doko_cards_claim",
    "doko_cards_rule",
    "hub_join",
    "hub_status_show",
    "hub_set",
    "hub_clear",
    "hub_setting",
    "team_captain",
    "pick_input_file",
    "import_preview",
    "import_sign",
    "hand_records_preview",
    "hand_records_sign",
    "setup_status",
    "setup_options",
    "setup_preview",
    "setup_sign",
    "traveller_show",
    "traveller_check",
    "traveller_sign",
    "traveller_correct",
    "policy_show",
    "policy_sign",
    "traveller_attendance",
    "traveller_fouled",
    "results_export",
];

#[cfg(test)]
mod tests {
    /// The capability grants each command by its own permission, and nothing else.
    #[test]
    fn capability_grants_exactly_one_permission_per_command() {
        let cap: serde_json::Value =
            serde_json::from_str(include_str!("../capabilities/main.json"))
                .expect("capabilities/main.json is JSON");
        let granted: Vec<&str> = cap["permissions"]
            .as_array()
            .expect("a permission list")
            .iter()
            .filter_map(|p| p.as_str())
            .collect();
        let wanted: Vec<String> = super::ALL
            .iter()
            .map(|c| format!("allow-{}", c.replace('_', "-")))
            .collect();
        assert_eq!(granted, wanted);
        assert_eq!(cap["windows"], serde_json::json!(["main"]));
    }

    /// A strict CSP is set: nothing remote, no inline or eval'd script or style.
    #[test]
    fn content_security_policy_is_strict() {
        let conf: serde_json::Value = serde_json::from_str(include_str!("../tauri.conf.json"))
            .expect("tauri.conf.json is JSON");
        let csp = &conf["app"]["security"]["csp"];
        assert_eq!(csp["default-src"], "'self'");
        assert_eq!(csp["script-src"], "'self'");
        assert_eq!(csp["style-src"], "'self'");
        assert_eq!(csp["connect-src"], "ipc: http://ipc.localhost");
        assert_eq!(csp["object-src"], "'none'");
        let all = csp.to_string();
        assert!(
            !all.contains("unsafe") && !all.contains("https:") && !all.contains('*'),
            "{all}"
        );
        assert_eq!(
            conf["app"]["security"]["capabilities"],
            serde_json::json!(["main"])
        );
    }
}
