// The hub status bar's wording (issue 17). Pure: tested. The status comes from Rust
// (tdlog::views::hub); this only picks the sentence and formats times.
import type { MessageKey } from "./i18n/index.svelte";
import type { HubStatus } from "./types";

export interface Phrase {
  key: MessageKey;
  params: Record<string, string | number>;
}

/** "last sync 12 s ago", from the last good round and the clock. */
export function since(lastOkMs: number | null, now: number): Phrase {
  if (lastOkMs === null) return { key: "hub.since.never", params: {} };
  const s = Math.max(0, Math.floor((now - lastOkMs) / 1000));
  if (s < 120) return { key: "hub.since.seconds", params: { n: s } };
  const m = Math.floor(s / 60);
  if (m < 120) return { key: "hub.since.minutes", params: { n: m } };
  return { key: "hub.since.hours", params: { n: Math.floor(m / 60) } };
}

/** The dot's colour class: green when synced, amber while away or connecting, red when refused. */
export function level(s: HubStatus | null): "none" | "ok" | "working" | "attention" | "failed" {
  switch (s?.state) {
    case "synced":
      return "ok";
    case "connecting":
      return "working";
    case "offline":
    case "stopped":
      return "attention";
    case "refused":
      return "failed";
    default:
      return "none";
  }
}

/** A peer's newest event time as the wall clock shows it (HH:MM:SS, local time). */
export function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The sentence of a sync state. */
export function stateKey(s: HubStatus | null): MessageKey {
  return `hub.state.${s?.state ?? "off"}` as MessageKey;
}

/** Whether `next` may replace the status shown. Not when it is older: a status of an earlier
 * sync, or an earlier one of the same sync. The answer of a command (taken when it was asked)
 * can reach the window after a round's update sent since, and would put "connecting" back
 * over "synced" until the next round, which on a quiet log is a long time away. */
export function supersedes(shown: HubStatus | null, next: HubStatus): boolean {
  if (!shown || next.run === 0 || next.run > shown.run) return true;
  return next.run === shown.run && next.changes >= shown.changes;
}
