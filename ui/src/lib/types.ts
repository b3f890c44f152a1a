// Shapes of what the Rust commands return (src-tauri/src/session.rs, commands.rs).

export interface DeviceKeyInfo {
  public: string;
  fingerprint: string;
  protected: boolean;
  path: string;
}

export interface AppInfo {
  data_dir: string;
  device_key: DeviceKeyInfo | null;
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
}

export interface EventRow {
  n: number;
  kind: string;
  v: number;
  time: string;
  signer: string;
  role: string;
  seq: number;
  id: string;
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
}
