// The only place that talks to Rust: one typed function per Tauri command. Screens import
// these, never `invoke` itself, so a new screen adds its command here and a permission in
// src-tauri/capabilities/main.json.
import { invoke, Channel } from "@tauri-apps/api/core";
import type {
  AppInfo, DeviceKeyInfo, EventsPage, NoteInput, NoteRow, Progress, Ranking, ResultRow,
  SlotState, Summary,
} from "./types";

export type OnProgress = (p: Progress) => void;

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
  logOpenDemo: (onProgress?: OnProgress) =>
    invoke<Summary>("log_open_demo", { progress: channel(onProgress) }),
  logCreate: (
    fields: {
      path: string; name: string; game: "bridge" | "doppelkopf"; profile: string | null;
      organiser: string; chief_td: string; passphrase: string | null;
    },
    onProgress?: OnProgress,
  ) => invoke<Summary>("log_create", { new: fields, progress: channel(onProgress) }),
  summary: () => invoke<Summary>("tournament_summary"),
  eventsPage: (offset: number, limit: number) => invoke<EventsPage>("events_page", { offset, limit }),
  notes: () => invoke<NoteRow[]>("notes_list"),
  results: () => invoke<ResultRow[]>("results_list"),
  ranking: () => invoke<Ranking>("ranking_show"),
  audit: (board: number) => invoke<SlotState[]>("board_audit", { board }),
  noteAppend: (note: NoteInput, passphrase: string | null, onProgress?: OnProgress) =>
    invoke<Summary>("note_append", { note, passphrase, progress: channel(onProgress) }),
};
