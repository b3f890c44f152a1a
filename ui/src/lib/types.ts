// Shapes of what the Rust commands return (src-tauri/src/session.rs, commands.rs).
import type { WeightedAdjustment } from "./assistant";

export interface DeviceKeyInfo {
  public: string;
  fingerprint: string;
  protected: boolean;
  path: string;
  /** The enrolment QR code: its text (`tdlog-key:` + hex) and the SVG the shell drew. */
  qr_payload: string;
  qr_svg: string;
}

export interface AppInfo {
  data_dir: string;
  device_key: DeviceKeyInfo | null;
  /** This device's own key, whatever signs now. */
  own_key?: DeviceKeyInfo | null;
  sign_as: string | null;
  key_files: KeyFile[];
  recent: string[];
  open_at_start: string | null;
}

export interface Progress {
  phase: "reading" | "verifying";
  done: number;
  total: number;
}

export interface KeyRow {
  public: string;
  fingerprint: string;
  role: string;
  holder: string;
  revoked: string | null;
  this_device: boolean;
}

export interface Summary {
  path: string;
  log_id: string;
  name: string;
  game: string;
  profile: string;
  organiser: string;
  chief_td: string;
  verified_events: number;
  keys: KeyRow[];
  excluded: { event: string; author: string; seq: number; reason: string }[];
  forks: { author: string; seq: number; events: string[] }[];
  sections: string[];
  boards: number;
  results: number;
  warnings: string[];
  device_role: string | null;
  /** The head digest (as `tdlog verify` prints it): event count and a hash of the head set. */
  digest: string;
  late_arrivals: LateArrivalRow[];
  future_dated: FutureDatedRow[];
  /** The event's IANA time zone (`config.event`); null: times are shown in UTC. */
  time_zone: string | null;
}

/** A step first received after its deadline: held until the chief TD accepts it. */
export interface LateArrivalRow {
  event: string;
  kind: string;
  signer: string;
  role: string;
  signed: string;
  law: string;
  deadline: string;
  arrival: string;
  received_by: string;
  /** The chief TD's acceptance (event id), once signed. */
  accepted: string | null;
}

/** An event dated ahead of the clock of the device that first received it. */
export interface FutureDatedRow {
  event: string;
  kind: string;
  holder: string;
  signed: string;
  minutes_ahead: number;
  received: string;
}

export interface EventRow {
  n: number;
  /** The type as the log names it (`bridge.auction`): for the details only. */
  kind: string;
  /** The type's name in the user's language. */
  kind_name: string;
  v: number;
  time: string;
  signer: string;
  role: string;
  seq: number;
  id: string;
  /** One line saying what the event records, in the user's language. */
  text: string;
  /** The payload as compact JSON: for the details only. */
  summary: string;
}

export interface EventsPage {
  total: number;
  offset: number;
  events: EventRow[];
}

export interface NoteRow {
  event: string;
  kind: "note" | "adjusted_score" | "fouled_board";
  time: string;
  signer: string;
  role: string;
  board: number | null;
  table: number | null;
  round: number | null;
  law: string | null;
  text: string;
}

export interface NoteInput {
  text: string;
  board: number | null;
  table: number | null;
  round: number | null;
}

export interface ResultRow {
  section: string;
  board: number;
  round: number;
  table: number;
  ns: string;
  ew: string;
  result: string;
  score_ns: number | null;
  pct_ns: number | null;
  imp_ns: number | null;
  adjusted: boolean;
  note: string | null;
}

export interface Standing {
  section: string;
  place: string;
  contestant: string;
  name: string;
  total: number;
  unit: string;
  boards: number;
  /** Two winners (`ranking.fields: by_direction`): the field the place is in. */
  field?: "NS" | "EW";
}

export interface Ranking {
  policies: { section: string; set_by: string | null; policy: { method: string } }[];
  standings: Standing[];
}

export interface Change {
  event: string;
  signer: string;
  role: string;
  time: string;
  what: string;
  law?: string;
  reason?: string;
  before?: string;
  after: string;
}

export interface SlotState {
  slot: { section: string; round: number; table: number; board: number };
  ns: string;
  ew: string;
  history: Change[];
}

/** An error as the Rust side sends it (src-tauri/src/error.rs). */
export interface AppError {
  code: string;
  message: string;
  /** What the translated sentence of `code` fills in. */
  params?: Record<string, string>;
}

// Rulings, clocks and appeals (src-tauri/src/workflow.rs, tdlog::appeals).

export interface KeyFile {
  name: string;
  key: DeviceKeyInfo;
}

/** A key file imported into keys/ (public half only), with its role in the open log. */
export interface ImportedKey extends KeyFile { role: string | null; holder: string | null }

export type Artificial = "average_plus" | "average" | "average_minus";
export type Adjustment =
  | { kind: "artificial"; ns: Artificial; ew: Artificial }
  | { kind: "assigned"; contract: string; declarer?: string; tricks?: number }
  | WeightedAdjustment;

export type Category = "law" | "judgement" | "procedural_penalty" | "disciplinary";

export interface Ruling {
  section: string;
  round: number;
  table: number;
  board: number;
  ns: string;
  ew: string;
  offender?: string;
  facts: string;
  facts_agreed: boolean;
  options_offered?: string[];
  option_chosen?: string;
  chosen_by?: string;
  laws: string[];
  category: Category;
  decision: string;
  adjustment?: Adjustment;
  appeal_notice: boolean;
}

export interface Signed {
  event: string;
  kind: string;
  signer: string;
  key: string;
  role: string;
  wall_ms: number;
  time: string;
}

export interface RulingRow {
  id: string;
  ruling: Ruling;
  signed: Signed;
  corrected_by: string | null;
  appealed: boolean;
  /** Law 92D for each side (N-S, E-W): who concurs in an appeal. */
  consent: (ConsentView & { contestant: string })[];
}

/** One side's consent rule (Law 92D), as the engine applies it. */
export interface ConsentView {
  rule: "both_members" | "captain" | "captain_unrecorded" | "player";
  may_consent: string[];
  members: string[];
  captain: string | null;
}

export interface OpenClock {
  what: "correction_period" | "appeal_period";
  law: string;
  section: string;
  subject: string | null;
  /** Where the ruling of an appeal period was given. */
  subject_slot?: { section: string; round: number; table: number; board: number };
  ends: string;
  ends_ms: number;
  left_s: number;
}

export interface Appeal {
  id: string;
  ruling: string;
  slot: { section: string; round: number; table: number; board: number };
  ns: string;
  ew: string;
  appellant: string;
  grounds: string;
  state: string;
  deadline_ms: number | null;
  consents: string[];
  route: { to: string; law_only: boolean; note?: string } | null;
  law_only: boolean;
  committee: { members: [string, string][]; chair: string } | null;
  statements: [{ party: string; by: string; text: string }, Signed][];
  decisions: {
    decided: { decision: string; adjustment?: Adjustment; laws: string[]; reasoning: string; deposit?: string };
    forum: string;
    signed: Signed;
    /** The convened committee whose chair signed it (Law 93B); absent otherwise. */
    committee?: { members: [string, string][]; chair: string };
    /** Concurring signatures it needs, the chair's included. */
    quorum: number;
    cosigns?: { vote: "concur" | "dissent"; reason?: string; signed: Signed }[];
    effective: boolean;
    /** What happens to the deposit: as the decision says, or by the organiser's settings
     * (returned unless the appeal is judged without merit, Law 92A). */
    deposit?: "returned" | "kept";
  }[];
  /** The procedure (Law 93 and the regulations): parties notified, hearings, announcements. */
  notices?: (ProcedureStep & { parties: string[]; hearing_at_ms?: number; place?: string })[];
  hearings?: (ProcedureStep & { began_ms: number; place: string; attended: Attendee[] })[];
  announcements?: (ProcedureStep & { decision: string; parties: string[] })[];
  /** Concurrent steps the workflow could not both apply (Law 93), held until settled. */
  conflicts?: { steps: Signed[]; resolved: { stands: string; reason: string; signed: Signed } | null }[];
  withdrawn: string | null;
  steps: { step: string | null; signed: Signed; state: string; part?: [AppealPart, string] }[];
  /** A mixed appeal heard in parts (Law 93B1/B2); absent when heard whole. */
  parts?: { part: AppealPart; state: string; forum: string | null; committee: { members: [string, string][]; chair: string } | null }[];
  referral: [{ to: string; reason: string }, Signed] | null;
  authority?: [{ authority: string; decision: string; reasoning: string; document: string; laws?: string[] }, Signed];
}

export type AppealPart = "law" | "judgement";

/** A procedure step of an appeal: its own fields, an optional note, who signed it and when. */
export interface ProcedureStep {
  appeal: string;
  note?: string;
  signed: Signed;
}

export interface Attendee {
  name: string;
  party: "appellant" | "respondent" | "director" | "witness";
}

export interface AppealRow {
  id: string;
  status: string;
  consent_missing: AppError | null;
  /** The appellant's consent rule (Law 92D). */
  consent: ConsentView;
  next_steps: string[];
  /** Each part of a mixed appeal with the part steps this signer may take on it. */
  part_steps: { part: AppealPart; state: string; next_steps: string[] }[];
  appeal: Appeal;
}

export interface AppealsView {
  /** Every publication so far, oldest first (Laws 79C, 92B). */
  publications?: { event: string; wall_ms: number; sections: string[]; session: string | null }[];
  appeals: AppealRow[];
  committee_keys: [string, string][];
  committee_available: boolean;
  quorum: number;
  deposit: string | null;
  settings: AppealSettings;
  late_consents: { id: string; slot: { section: string; round: number; table: number; board: number }; reason: string }[];
  flags: string[];
}

/** The organiser's appeal settings (config.appeals); fields the forms do not show pass through. */
export interface AppealSettings {
  correction_minutes: number; appeal_minutes: number; appeal_anchor: string; reason?: string;
  republication_restarts: boolean; committee: boolean; quorum: number; further_appeal: boolean;
  deposit?: string; profile: string; transitions?: unknown[];
}

// The Board and incident screens (tdlog::views, src-tauri/src/board.rs).

export interface Msg { key: string; params?: Record<string, string>; text: string }
export type CallStatus = "Standing" | "Pending" | { Cancelled: { law: string } };
export interface CallCell {
  index: number; seat: string; call: string; status: CallStatus; law: string | null;
  pending: boolean; forced_by: string | null;
}
export interface AuctionBoxView { columns: string[]; rows: (CallCell | null)[][] }
export interface CardCell { card: string; rank: string; played_in: number | null }
export interface HandView { seat: string; suits: { suit: string; cards: CardCell[] }[] }
export interface IrregularityFlag { phase: string; at: number; law: string; title: Msg; offender: string; branch: string | null; pending: boolean }
export interface TravellerRow extends ResultRow {
  ns_name: string | null; ew_name: string | null; contract: string | null; declarer: string | null; tricks: number | null; law: string | null;
  /** The result and the note's reasons in the user's language (`result` and `note` are `tdlog results`'s English). */
  result_text: string; reasons: Msg[]; note_text: string | null;
}
export interface BoardScreen {
  slot: { section: string; round: number; table: number; board: number };
  /** The contestants seated at this table in this round (the movement). */
  ns?: string | null; ew?: string | null;
  dealer: string; vulnerable: string; deal_known: boolean; recorded: boolean; turn: string | null; hands: HandView[];
  claim: { claimer: string; remaining: number; status: "Pending" | "Agreed" | "Void" | { Ruled: { remaining: number } }; at_trick: number } | null;
  penalty_cards: { seat: string; card: string; major: boolean }[];
  revokes: { seat: string; card: string; trick: number; suit: string; established: boolean; corrected: boolean }[];
  auction: AuctionBoxView; tricks: { number: number; leader: string; cards: { seat: string; card: string }[]; winner: string | null }[];
  contract: string | null; declarer: string | null; declarer_tricks: number; defender_tricks: number;
  complete: boolean; irregularities: IrregularityFlag[]; traveller: TravellerRow[];
  /** How play ended (Law 68D: no card after it), and the result the engine derives. */
  ended: "passed_out" | "thirteen_tricks" | "claim_agreed" | "claim_ruled" | null;
  result: DerivedResult | null;
}
/** A completed board's result: contract, declarer, tricks after Law 64 transfers, the Law 77
 * score, the tricks won at the table and each transfer (revoke number, tricks, law). */
export interface DerivedResult {
  result: { contract: string; declarer?: string; tricks?: number };
  score: { ns: number; ew: number };
  table_tricks?: number;
  transfers: [number, number, string][];
  claimed: boolean;
}
export interface OptionView {
  id: string; when: Msg; decided_by: string; decided_by_text: Msg; judgement: Msg | null;
  consequences: Msg[]; applied: boolean;
}
export interface IncidentItem {
  phase: string; at: number; law: string; title: Msg; offender: string; action: string;
  /** The call or card(s) with suit symbols and the language's honours. */
  action_text: string;
  description: string; branch: string | null; pending: boolean; chosen_by: Msg[];
  options: OptionView[]; recorded_as: "ruling" | "play_option" | "engine";
}
export interface IncidentScreen {
  irregularities: IncidentItem[];
  bars: { active: boolean; text: Msg }[];
  flags: { active: boolean; text: Msg }[];
  restrictions: { active: boolean; text: Msg }[];
  option_due: string | null;
  option_offender: string | null;
  option_chooser: "declarer" | "defenders" | null;
}
/** A choice the play waits for (Laws 50D2, 53-56, 57A). */
export interface PlayChoice { id: string; law: string; needs_suit: boolean }
export interface BoardAndIncident { board: BoardScreen; incident: IncidentScreen | null; choices: PlayChoice[] }

export interface RankMove {
  section: string; name: string; place_before: string | null; place_after: string | null;
  total_before: number | null; total_after: number | null; unit: string;
}

/** A row of the engine's director-activity view (tdlog::views::rulings). */
export interface ActivityRow {
  event: string; kind: string; title: Msg; signer: string; role: string; role_text: Msg; time: string;
  section: string | null; round: number | null; table: number | null; board: number | null;
  law: string | null; branch: string | null; text: string | null;
}

/** The tournament dashboard (the engine's `views::dashboard`, plus the appeals waiting for
 * this signer). */
export type BoardStateKey = "not_started" | "in_play" | "completed" | "incident_open" | "ruling_given" | "appeal_decided" | "appeal_pending";
export interface DashSlot { section: string; round: number; table: number; board: number }
/** A board's score at a table for N-S, as the results score it (tdlog::views::dashboard). */
export interface BoardScore { score_ns: number | null; imp_ns: number | null; pct_ns: number | null; adjusted: boolean }
export interface DashCell {
  round: number; table: number; ns: string | null; ew: string | null;
  boards: { board: number; state: BoardStateKey; score: BoardScore | null }[];
  state: BoardStateKey; state_text: { key: string; text: string };
}
export interface DashboardView {
  sections: { section: string; rounds: number[]; tables: number[]; cells: DashCell[] }[];
  calls: { slot: DashSlot; kind: "director_call" | "irregularity" | "play_choice"; law: string | null; text: string; time: string | null }[];
  clocks: OpenClock[];
  appeals: { id: string; slot: DashSlot; appellant: string; status: string; deadline_ms: number | null }[];
  mine: string[];
}

// Doppelkopf club evening (issue 16): the view models of tdlog::views::doko.
export interface DokoMsg { key: string; params?: Record<string, string>; text: string }

export interface DokoCell {
  round: number;
  table: number;
  seated: number;
  games: number;
  games_in_round: number;
  in_progress: number | null;
  penalties: number;
  corrections: number;
  refused: number;
  open_objections: number;
  closed: boolean;
  /** Closed by the Schiedsrichter (`doko.round_closed`, §8.2.2), not only complete. */
  closed_by_td: boolean;
  error: string | null;
}

export interface DokoRulingRow {
  round: number;
  table: number;
  game: number;
  violation: number;
  offender: string;
  ruling: { offender: string; classification: string };
  objection: string | null;
  decision: { offender: string; classification: string } | null;
}

export interface DokoEvening {
  dashboard: {
    profile: string;
    rounds: number[];
    tables: number[];
    cells: DokoCell[];
    draw_committed: boolean;
    draw_revealed: boolean;
    tie: DokoMsg;
  };
  rulings: DokoRulingRow[];
  role: string | null;
  next_round: number;
}

export interface DokoListRow {
  game_no: number | null;
  dealer: string;
  text: string;
  pflichtsolo: boolean;
  struck: boolean;
  penalty: boolean;
  delta: number[];
  totals: number[];
}

export interface DokoCorrectionRow {
  round: number;
  table: number;
  game: number;
  rule: string;
  correction: { action: "strike" | "correct" };
  reason: string;
  by: string;
  role: string;
  refused: string | null;
}

export interface DokoTableList {
  round: number;
  table: number;
  profile: string;
  players: string[];
  rows: DokoListRow[];
  totals: number[];
  next_game: number;
  next_dealer: string | null;
  closed: boolean;
  /** Closed by the Schiedsrichter (`doko.round_closed`, §8.2.2). */
  closed_by_td: boolean;
  flags: string[];
  corrections: DokoCorrectionRow[];
  refused: string[];
}

/** The card-by-card form's game (`tdlog::views::doko_cards::CardGameView`). */
export interface DokoCardGame {
  game: number;
  in_progress: boolean;
  dealt: boolean;
  dealer: string;
  /** [seat, name] in playing order from Vorhand. */
  players: [string, string][];
  tricks: { plays: string[]; winner: string | null }[];
  current: string[];
  hands: [string, string[]][];
  blocked: string | null;
  /** The violations the engine flagged in the game, with their claim (§8.8). */
  violations: DokoViolation[];
}

export interface DokoViolation {
  /** 0-based, as the steps name it. */
  index: number;
  offender: string;
  offender_name: string;
  rule: string;
  what: string;
  status: "pending" | "open" | "claimed" | "valid" | "ruled" | "appealed" | "decided";
  claimed_by: string | null;
  may_claim: string[];
  prescribed: string | null;
}

/** The Schiedsrichter's ruling on a claimed violation (§7.1.1), as the engine reads it. */
export interface DokoRulingInput {
  offender: string;
  classification: string;
  can_hurt_soloist: boolean | null;
  decided_for: "Re" | "Kontra" | null;
  opponent_absagen: number;
}

export interface DokoStandingsView {
  standings: {
    profile: string;
    /** `played: false`: in the field (draw or arrival) but at no table yet, listed with 0. */
    standings: { place: number; player: string; total: number; rounds: Record<string, number>; played: boolean }[];
    unseated: [number, number][];
    tie: string;
  };
  tie: DokoMsg;
  /** A tie rule was signed on this log; otherwise the default (shared places) applies. */
  tie_signed: boolean;
}

export interface DokoPlanView {
  round: number;
  committed: boolean;
  revealed: boolean;
  seed_hash: string | null;
  field: string[];
  later_rounds: string | null;
  presence: { player: string; from_round: number; present: boolean }[];
  players: string[];
  plan: [string, string][][];
  error: string | null;
  seated: number[];
}

/** One signing device's newest event (tdlog::views::hub::PeerRow). */
export interface HubPeer {
  key: string;
  holder: string;
  role: string | null;
  this_device: boolean;
  last_seq: number;
  last_kind: string;
  last_wall_ms: number;
}

/** The hub status bar (tdlog::views::hub::HubStatus). */
export interface HubStatus {
  configured: boolean;
  target: string | null;
  state: "off" | "connecting" | "synced" | "offline" | "refused" | "stopped";
  last_ok_ms: number | null;
  last_error: string | null;
  pushed: number;
  pulled: number;
  signing: boolean;
  peers: HubPeer[];
  events: number;
  /** Which sync (0: none) and how often its thread changed the state: the newer status wins. */
  run: number;
  changes: number;
}

/** What the sync thread sends after every round. */
export interface HubEvent {
  status: HubStatus;
  changed: boolean;
}

export interface HubForm {
  url: string | null;
  has_password: boolean;
}

/** What importing a file would sign (the engine's `views::import::ImportPreview`). */
export interface ImportPreview {
  kind: "pbn" | "usebio" | "nz_scorer"; section: string; form: "pairs" | "teams" | "individual" | null;
  records: number; imported: number; skipped: number; problems: string[]; warnings: string[];
  contestants: number; teams_without_captain: string[]; tables: number; rounds: number; boards: number;
  deals: number; results: number; not_played: number; adjusted: number; published_lines: number;
  producer: string | null; events: number;
  blocked: "problems" | "section_exists" | "needs_director" | "empty" | null;
  /** The producer's published scores beside tdlog's, computed before signing. */
  comparison: Comparison | null;
}

/** Published scores compared with tdlog's (`results::published::Comparison`). */
export interface Comparison {
  lines: number; values: number; agree: number;
  disagreements: { section: string; board?: number; ns: string; ew?: string; what: string; published?: number; ours?: number; cause: "rounding" | "data" | "policy" }[];
}

/** Where `results_export` wrote the results, and what the format could not carry. */
export interface Exported { path: string | null; not_written: string[] }

/** Hand records: what attaching a PBN's deals would sign (`views::hand_records`). */
export interface HandRecordsPreview {
  section: string;
  boards: { board: number; dealer: string; vulnerable: string; deal: string; status: "new" | "same" | "differs"; in_movement: boolean }[];
  missing: number[]; problems: string[]; events: number;
}

/** The set-up of each section on the log (`views::setup::SetupStatus`). */
export interface SetupStatus {
  sections: { section: string; form: "pairs" | "teams" | "individual"; title: string; contestants: number; tables: number; rounds: number; boards: number; deals: number; results: number; without_captain: string[] }[];
  next_section: string;
}
export type MovementKind =
  | { family: "mitchell"; arrow_switch?: boolean; even?: "auto" | "skip" | "relay_bye_stand" }
  | { family: "howell" } | { family: "three_quarter_howell" } | { family: "teams_round_robin" } | { family: "swiss" }
  | { family: "knock_out"; segments: number };
export interface MovementSpec { kind: MovementKind; contestants: number; boards_per_round: number; rounds?: number | null; first_board: number }
export interface MovementOption {
  kind: MovementKind; name: string; spec: MovementSpec; tables: number; rounds: number; boards_per_round: number;
  boards_played: number; boards: number; sit_out: boolean; standard: Msg;
}
export interface Seating { table: number; ns: number; ew: number; boards: number[]; set: number; arrow_switch?: boolean; shares_with?: number | null }
export interface Movement {
  tables: number; contestants: number; phantom?: number | null; rounds_planned: number; boards_per_round: number; boards: number; sets: number;
  rounds: { round: number; tables: Seating[]; sit_out?: number[]; idle_sets?: number[] }[];
}
export interface EntrantInput { n: number; name: string; members: string[]; captain?: string | null }
export interface SetupRequest { section: string; title: string; spec: MovementSpec; entrants: EntrantInput[] }
export interface SetupPreview {
  movement: Movement; name: string; standard: string; notes: string[]; ids: Record<string, string>; events: number;
  error: { code: string } | null; movement_error: string | null;
}

/** The traveller grid (`views::traveller::TravellerView`). */
export type TravellerBy = { by: "board"; section: string; board: number } | { by: "table"; section: string; round: number; table: number };
export interface TravellerLine {
  slot: { section: string; round: number; table: number; board: number };
  ns: string; ns_name?: string; ew: string; ew_name?: string;
  line?: string; result?: string; score_ns?: number; score_ew?: number;
  mp_ns?: number; mp_ew?: number; imp_ns?: number; imp_ew?: number; pct_ns?: number; pct_ew?: number;
  marks: { key: string; text: string }[]; event?: string; events: number; empty: boolean; sits_out: boolean;
}
export interface TravellerView {
  by: TravellerBy; title: string; units: "mp" | "imp"; columns: { key: string; text: string }[];
  rows: TravellerLine[]; missing: number; missing_text: string;
  next_empty?: { section: string; round: number; table: number; board: number }; next_board?: number; policy?: string;
}
/** A typed line checked against its slot (`views::traveller::LineCheck`). */
export interface LineCheck {
  ok: boolean; incomplete: boolean; entry?: unknown; kind?: string; line?: string; understood?: string;
  score_ns?: number; score_ew?: number; pct_ns?: number; pct_ew?: number; imp_ns?: number; imp_ew?: number;
  ns?: string; ew?: string; error?: string; code?: string; law?: string; duplicate_of?: string; needs_td: boolean;
}

/** A section's scoring policy in force (`views::policy`): the form's knobs and every knob in words. */
export type PolicyMethod = "matchpoints" | "cross_imps" | "butler" | "teams_imps" | "total_points";
export type PolicyFactoring = "neuberg" | "pro_rata" | "none";
export type PolicyTeamTotals = "victory_points" | "imps";
export interface PolicyView {
  section: string; form: "pairs" | "teams" | "individual"; set_by?: string;
  method: PolicyMethod; methods: PolicyMethod[]; factoring: PolicyFactoring; team_totals: PolicyTeamTotals;
  average_minus_pct: number; average_pct: number; average_plus_pct: number; imps: number; note: string;
  knobs: { key: string; text: string }[];
}
export interface PolicyRequest {
  section: string; method: PolicyMethod; factoring: PolicyFactoring; team_totals: PolicyTeamTotals;
  average_minus_pct: number; average_pct: number; average_plus_pct: number; imps: number; note: string;
}
