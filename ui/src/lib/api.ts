// The only place that talks to Rust: one typed function per Tauri command. Screens import
// these, never `invoke` itself, so a new screen adds its command here and a permission in
// src-tauri/capabilities/main.json.
import { invoke, Channel } from "@tauri-apps/api/core";
import type {
  AppealPart,
  AppInfo, DeviceKeyInfo, EventsPage, NoteInput, NoteRow, Progress, Ranking, TravellerRow,
  SlotState, Summary, BoardAndIncident, DashboardView, RankMove, Ruling, RulingRow, OpenClock, AppealsView, Adjustment, AppealSettings, ImportedKey, ActivityRow,
  PolicyRequest, PolicyView,
  Exported,
} from "./types";
import type { RulingFilter } from "./activity";
import type { DokoCardGame, DokoRulingInput, DokoEvening, DokoPlanView, DokoStandingsView, DokoTableList } from "./types";
import type { ListEntry } from "./doko";
import type { Attendee, HubEvent, HubForm, HubStatus } from "./types";
import type { HandRecordsPreview, ImportPreview, MovementOption, SetupPreview, SetupRequest, SetupStatus } from "./types";
import type { LineCheck, TravellerBy, TravellerView } from "./types";
import type { AdjustAt, AdjustScreen, Weighted } from "./assistant";

export interface Slot { section: string; round: number; table: number; board: number }

export type OnProgress = (p: Progress) => void;

/** The documents the app prints (src-tauri/src/reports.rs). */
export type ReportKind = "appeal" | "casebook" | "stats" | "hands" | "doko-standings" | "doko-list";

function channel(onProgress?: OnProgress): Channel<Progress> {
  const ch = new Channel<Progress>();
  if (onProgress) ch.onmessage = onProgress;
  return ch;
}

export const api = {
  appInfo: () => invoke<AppInfo>("app_info"),
  keyCreate: (passphrase: string | null) => invoke<DeviceKeyInfo>("key_create", { passphrase }),
  pickLogFile: () => invoke<string | null>("pick_log_file"),
  pickNewLogFile: () => invoke<string | null>("pick_new_log_file"),
  logOpen: (path: string, onProgress?: OnProgress) =>
    invoke<Summary>("log_open", { path, progress: channel(onProgress) }),
  logOpenDemo: (onProgress?: OnProgress, fresh = false) =>
    invoke<Summary>("log_open_demo", { fresh, progress: channel(onProgress) }),
  logCreate: (
    fields: {
      path: string; name: string; game: "bridge" | "doppelkopf"; profile: string | null;
      organiser: string; chief_td: string; passphrase: string | null;
    },
    onProgress?: OnProgress,
  ) => invoke<Summary>("log_create", { new: fields, progress: channel(onProgress) }),
  summary: () => invoke<Summary>("tournament_summary"),
  eventsPage: (offset: number, limit: number, lang: string) => invoke<EventsPage>("events_page", { offset, limit, lang }),
  notes: () => invoke<NoteRow[]>("notes_list"),
  results: (lang: string) => invoke<TravellerRow[]>("results_list", { lang }),
  ranking: () => invoke<Ranking>("ranking_show"),
  reportSave: (request: { kind: ReportKind; appeal: string | null; format: "pdf" | "html"; lang: string; round?: number | null; table?: number | null }, path: string | null) =>
    invoke<string | null>("report_save", { request, path }),
  rankingDiff: (event: string) => invoke<RankMove[]>("ranking_diff", { event }),
  audit: (board: number) => invoke<SlotState[]>("board_audit", { board }),
  noteAppend: (note: NoteInput, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("note_append", { note, passphrase, progress: channel(onProgress) }),
  dashboard: (lang: string) => invoke<DashboardView>("dashboard_show", { lang }),
  boardShow: (slot: Slot, lang: string) => invoke<BoardAndIncident>("board_show", { slot, lang }),
  bridgeCall: (slot: Slot, seat: string, call: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_call", { slot, seat, call, passphrase, progress: channel(onProgress) }),
  bridgeRule: (slot: Slot, call: number, branch: string, reason: string | null, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_rule", { slot, call, branch, reason, passphrase, progress: channel(onProgress) }),
  bridgePlay: (slot: Slot, card: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_play", { slot, card, passphrase, progress: channel(onProgress) }),
  bridgePlayOption: (slot: Slot, choice: string, suit: string | null, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_play_option", { slot, choice, suit, passphrase, progress: channel(onProgress) }),
  bridgeClaim: (slot: Slot, claimer: string, remaining: number, agreed: boolean, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_claim", { slot, claimer, remaining, agreed, passphrase, progress: channel(onProgress) }),
  bridgeClaimRule: (slot: Slot, remaining: number, reason: string | null, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_claim_rule", { slot, remaining, reason, passphrase, progress: channel(onProgress) }),
  bridgePenaltyCard: (slot: Slot, seat: string, card: string, major: boolean, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_penalty_card", { slot, seat, card, major, passphrase, progress: channel(onProgress) }),
  bridgeRevokeCorrect: (slot: Slot, revoke: number, card: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("bridge_revoke_correct", { slot, revoke, card, passphrase, progress: channel(onProgress) }),
  activity: (filter: RulingFilter, lang: string) => invoke<ActivityRow[]>("activity_list", { filter, lang }),
  adjustAssistant: (at: AdjustAt, outcomes: Weighted[], ew: Weighted[] | null, lang: string) =>
    invoke<AdjustScreen>("adjust_assistant", { at, outcomes, ew, lang }),
  keyImport: (path: string | null) => invoke<ImportedKey | null>("key_import", { path }),
  keySignAs: (name: string | null) => invoke<AppInfo>("key_sign_as", { name }),
  rulings: () => invoke<RulingRow[]>("rulings_list"),
  clocks: () => invoke<OpenClock[]>("clocks_list"),
  appeals: () => invoke<AppealsView>("appeals_list"),
  rulingGive: (ruling: Ruling, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("ruling_give", { ruling, passphrase, progress: channel(onProgress) }),
  publish: (sections: string[], passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("results_publish", { published: { sections }, passphrase, progress: channel(onProgress) }),
  appealFile: (filed: { ruling: string; appellant: string; grounds: string; consents: string[] }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_file", { filed, passphrase, progress: channel(onProgress) }),
  travellerShow: (by: TravellerBy, lang: string) => invoke<TravellerView>("traveller_show", { by, lang }),
  travellerCheck: (slot: Slot, line: string, lang: string) => invoke<LineCheck>("traveller_check", { slot, line, lang }),
  travellerSign: (slot: Slot, line: string, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("traveller_sign", { slot, line, lang, passphrase, progress: channel(onProgress) }),
  travellerCorrect: (c: { slot: Slot; line: string; reason: string; lateConsent: string | null }, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("traveller_correct", { correction: { slot: c.slot, line: c.line, reason: c.reason, late_consent: c.lateConsent }, lang, passphrase, progress: channel(onProgress) }),
  setupStatus: () => invoke<SetupStatus>("setup_status"),
  setupOptions: (form: "pairs" | "teams", contestants: number, lang: string) =>
    invoke<MovementOption[]>("setup_options", { form, contestants, lang }),
  setupPreview: (request: SetupRequest, lang: string) => invoke<SetupPreview>("setup_preview", { request, lang }),
  setupSign: (request: SetupRequest, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("setup_sign", { request, passphrase, progress: channel(onProgress) }),
  /** The results as `tdlog write-results` writes them; no path: a save dialog. */
  resultsExport: (format: "pbn" | "usebio", path: string | null, overwrite: boolean) =>
    invoke<Exported>("results_export", { format, path, overwrite }),
  pickInputFile: (what: "results" | "hands") => invoke<string | null>("pick_input_file", { what }),
  importPreview: (request: { path: string; section: string; captains: [string, string][] }) =>
    invoke<ImportPreview>("import_preview", { request }),
  importSign: (request: { path: string; section: string; captains: [string, string][] }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("import_sign", { request, passphrase, progress: channel(onProgress) }),
  handRecordsPreview: (path: string, section: string) => invoke<HandRecordsPreview>("hand_records_preview", { path, section }),
  handRecordsSign: (path: string, section: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("hand_records_sign", { path, section, passphrase, progress: channel(onProgress) }),
  travellerAttendance: (request: { section: string; contestant: string; status: string; from_round: number | null; reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("traveller_attendance", { request, passphrase, progress: channel(onProgress) }),
  travellerFouled: (request: { section: string; board: number; tables: [number, number, number][]; reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("traveller_fouled", { request, passphrase, progress: channel(onProgress) }),
  policyShow: (section: string, lang: string) => invoke<PolicyView>("policy_show", { section, lang }),
  policySign: (request: PolicyRequest, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("policy_sign", { request, passphrase, progress: channel(onProgress) }),
  teamCaptain: (c: { section: string; team: string; captain: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("team_captain", { ...c, passphrase, progress: channel(onProgress) }),
  appealConsent: (consent: { appeal: string; player: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_consent", { consent, passphrase, progress: channel(onProgress) }),
  appealRoute: (routed: { appeal: string; to: "chief_td" | "committee"; law_only: boolean; note?: string; part?: AppealPart }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_route", { routed, passphrase, progress: channel(onProgress) }),
  appealConvene: (convened: { appeal: string; members: string[]; chair: string; part?: AppealPart }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_convene", { convened, passphrase, progress: channel(onProgress) }),
  appealHear: (statement: { appeal: string; party: string; by: string; text: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_hear", { statement, passphrase, progress: channel(onProgress) }),
  appealDecide: (
    decided: { appeal: string; decision: string; adjustment?: Adjustment; laws: string[]; reasoning: string; deposit?: string; part?: AppealPart },
    passphrase: string | null, onProgress?: OnProgress,
  ) => invoke<Summary>("appeal_decide", { decided, passphrase, progress: channel(onProgress) }),
  resultCorrect: (c: { slot: Slot; contract: string; declarer: string | null; tricks: number | null; reason: string; lateConsent: string | null }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("result_correct", { ...c, passphrase, progress: channel(onProgress) }),
  correctionConsent: (consent: Slot & { reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("correction_consent", { consent, passphrase, progress: channel(onProgress) }),
  appealsConfigure: (settings: AppealSettings, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeals_configure", { settings, passphrase, progress: channel(onProgress) }),
  appealRefer: (referred: { appeal: string; to: string; reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_refer", { referred, passphrase, progress: channel(onProgress) }),
  appealFurther: (further: { appeal: string; grounds: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_further", { further, passphrase, progress: channel(onProgress) }),
  appealAuthorityAnswer: (
    answered: { appeal: string; authority: string; decision: string; adjustment?: Adjustment; laws: string[]; reasoning: string; document: string },
    passphrase: string | null, onProgress?: OnProgress,
  ) => invoke<Summary>("appeal_authority_answer", { answered, passphrase, progress: channel(onProgress) }),
  timeAccept: (accept: { event: string; law: string; reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("time_accept", { ...accept, passphrase, progress: channel(onProgress) }),
  keyEnrol: (e: { fingerprint: string; role: string; holder: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("key_enrol", { ...e, passphrase, progress: channel(onProgress) }),
  keyRevoke: (r: { fingerprint: string; reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("key_revoke", { ...r, passphrase, progress: channel(onProgress) }),
  appealWithdraw: (withdrawn: { appeal: string; reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_withdraw", { withdrawn, passphrase, progress: channel(onProgress) }),
  // Law 93B: a member co-signs the chair's decision (concur or dissent).
  // The procedure (Law 93 and the regulations): times as typed ("19:30"), read by the engine
  // in the event's time zone.
  appealNotify: (form: { appeal: string; parties: string[]; hearing_at?: string; place?: string; note?: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_notify", { form, passphrase, progress: channel(onProgress) }),
  appealHearing: (form: { appeal: string; began?: string; place: string; attended: Attendee[]; note?: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_hearing", { form, passphrase, progress: channel(onProgress) }),
  appealAnnounce: (form: { appeal: string; decision?: string; parties: string[]; note?: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_announce", { form, passphrase, progress: channel(onProgress) }),
  // The event's time zone (config.event): the engine refuses a name that is no IANA zone.
  eventTimeZone: (zone: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("event_time_zone", { zone, passphrase, progress: channel(onProgress) }),
  appealCosign: (cosigned: { appeal: string; decision: string; vote: "concur" | "dissent"; reason?: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_cosign", { cosigned, passphrase, progress: channel(onProgress) }),
  // Law 93: the chief TD or the committee chair names the conflicting step that stands.
  appealResolve: (resolved: { appeal: string; stands: string; reason: string }, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("appeal_resolve", { resolved, passphrase, progress: channel(onProgress) }),
  // Live sync through a hub (issue 17): `onUpdate` gets the status bar after every round.
  hubStatus: (passphrase: string | null, onUpdate: (e: HubEvent) => void) => {
    const updates = new Channel<HubEvent>();
    updates.onmessage = onUpdate;
    return invoke<HubStatus>("hub_status_show", { passphrase, updates });
  },
  hubSet: (url: string, password: string | null, passphrase: string | null) =>
    invoke<HubStatus>("hub_set", { url, password, passphrase }),
  hubClear: () => invoke<void>("hub_clear"),
  hubJoin: (url: string, password: string | null, id: string, path: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("hub_join", { url, password, id, path, passphrase, progress: channel(onProgress) }),
  hubSetting: () => invoke<HubForm>("hub_setting"),
  // Doppelkopf club evening (issue 16).
  dokoEvening: (lang: string) => invoke<DokoEvening>("doko_evening", { lang }),
  dokoList: (round: number, table: number, lang: string) => invoke<DokoTableList>("doko_list", { round, table, lang }),
  dokoStandings: (lang: string) => invoke<DokoStandingsView>("doko_standings", { lang }),
  dokoPlan: (round: number, lang: string) => invoke<DokoPlanView>("doko_plan", { round, lang }),
  dokoResult: (round: number, table: number, entry: ListEntry, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_result", { round, table, entry, lang, passphrase, progress: channel(onProgress) }),
  dokoCorrect: (round: number, table: number, game: number, strike: boolean, entry: ListEntry | null, reason: string, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_correct", { round, table, game, strike, entry, reason, lang, passphrase, progress: channel(onProgress) }),
  dokoSanction: (round: number, table: number, game: number, seat: string, points: number | null, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_sanction", { round, table, game, seat, points, lang, passphrase, progress: channel(onProgress) }),
  dokoObjection: (round: number, table: number, game: number, violation: number, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_objection", { round, table, game, violation, lang, passphrase, progress: channel(onProgress) }),
  dokoDecide: (round: number, table: number, game: number, violation: number, classification: string, offender: string | null, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_decide", { round, table, game, violation, classification, offender, lang, passphrase, progress: channel(onProgress) }),
  dokoDrawCommit: (players: string[], laterRounds: string, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_draw_commit", { players, laterRounds, lang, passphrase, progress: channel(onProgress) }),
  dokoDrawReveal: (lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_draw_reveal", { lang, passphrase, progress: channel(onProgress) }),
  dokoPlanSign: (round: number, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_plan_sign", { round, lang, passphrase, progress: channel(onProgress) }),
  dokoPresence: (player: string, fromRound: number, present: boolean, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_presence", { player, fromRound, present, lang, passphrase, progress: channel(onProgress) }),
  dokoCards: (round: number, table: number, lang: string) => invoke<DokoCardGame>("doko_cards", { round, table, lang }),
  dokoCardsRecord: (round: number, table: number, deal: string, play: string, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_cards_record", { round, table, deal, play, lang, passphrase, progress: channel(onProgress) }),
  dokoCardsClaim: (round: number, table: number, violation: number, claimant: string, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_cards_claim", { round, table, violation, claimant, lang, passphrase, progress: channel(onProgress) }),
  dokoCardsRule: (round: number, table: number, violation: number, ruling: DokoRulingInput, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_cards_rule", { round, table, violation, ruling, lang, passphrase, progress: channel(onProgress) }),
  dokoRoundClose: (round: number, table: number, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_round_close", { round, table, lang, passphrase, progress: channel(onProgress) }),
  dokoStandingsRule: (tie: string, lang: string, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("doko_standings_rule", { tie, lang, passphrase, progress: channel(onProgress) }),
};
