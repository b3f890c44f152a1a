// The verification badge's state, from what is known about the open log. Pure: tested.
import type { Progress, Summary } from "./types";
import type { MessageKey } from "./i18n/index.svelte";

export type Level = "none" | "working" | "ok" | "attention" | "failed";

export interface Badge {
  level: Level;
  key: MessageKey;
  params: Record<string, number>;
}

export function badgeFor(
  summary: Summary | null,
  progress: Progress | null,
  failed: boolean,
): Badge {
  if (progress) {
    return progress.phase === "verifying" && progress.total > 0
      ? { level: "working", key: "progress.verifying", params: { done: progress.done, total: progress.total } }
      : { level: "working", key: "progress.reading", params: {} };
  }
  if (failed) return { level: "failed", key: "badge.failed", params: {} };
  if (!summary) return { level: "none", key: "badge.none", params: {} };
  const excluded = summary.excluded.length;
  const forks = summary.forks.length;
  const count = summary.verified_events;
  if (excluded > 0 || forks > 0) {
    return { level: "attention", key: "badge.attention", params: { count, excluded, forks } };
  }
  // A new log holds its genesis only: "1 event", not "1 events".
  return { level: "ok", key: count === 1 ? "badge.okOne" : "badge.ok", params: { count } };
}
