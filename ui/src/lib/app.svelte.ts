// App-wide state shared by the screens: the open log's summary, progress of a long
// operation, the current screen and the last error. Screens call these actions.
import { api } from "./api";
import { describeError, type ShownError } from "./errors";
import type { AppInfo, Progress, Summary } from "./types";
import { homeScreen } from "./doko";
import { locale } from "./i18n/index.svelte";
import { localTime } from "./when";

export const app = $state({
  screen: "dashboard",
  info: null as AppInfo | null,
  summary: null as Summary | null,
  progress: null as Progress | null,
  failed: false,
  error: null as ShownError | null,
  /** Bumped whenever the log changes, so screens reload their views. */
  revision: 0,
});

/** The passphrase of the signing key, if protected: kept in memory for this run only. */
export const sign = $state({ passphrase: "" });

export const passphrase = (): string | null => sign.passphrase || null;

/** Chooses the key that signs (a key file of the data dir, or `null` for this device's own)
 * and refreshes the role this log gives it. */
export async function signAs(name: string | null): Promise<void> {
  try {
    app.info = await api.keySignAs(name);
    app.error = null;
    sign.passphrase = "";
    if (app.summary) app.summary = await api.summary();
    app.revision += 1;
  } catch (e) {
    showError(e);
  }
}

/** Switches screens; an error shown for the last screen's action goes with it. */
export function go(screen: string): void {
  app.screen = screen;
  app.error = null;
}

export function showError(e: unknown): void {
  app.error = describeError(e);
}

export async function refreshInfo(): Promise<void> {
  try {
    app.info = await api.appInfo();
  } catch (e) {
    showError(e);
  }
}

/** Runs a command that (re)opens the log, with progress in the badge; the window stays live. */
export async function withLog(run: (onProgress: (p: Progress) => void) => Promise<Summary>): Promise<boolean> {
  app.error = null;
  app.progress = { phase: "reading", done: 0, total: 0 };
  try {
    app.summary = await run((p) => (app.progress = p));
    app.failed = false;
    app.revision += 1;
    return true;
  } catch (e) {
    showError(e);
    if ((e as { code?: string })?.code === "verify_failed") app.failed = true;
    return false;
  } finally {
    app.progress = null;
    void refreshInfo();
  }
}

export async function openLog(path: string): Promise<void> {
  if (await withLog((p) => api.logOpen(path, p))) go(homeScreen(app.summary?.game));
}

/** Opens this device's copy of the demo; `fresh`: made again, its day signed now (so its
 * correction and appeal periods run from now). */
export async function openDemo(fresh = false): Promise<void> {
  if (await withLog((p) => api.logOpenDemo(p, fresh))) go(homeScreen(app.summary?.game));
}

/** A signed time (RFC 3339 or ms) in the open event's time zone (`config.event`), in the UI's
 * language, with the zone named: what every screen shows for a signed time. */
export const when = (time: string | number): string => localTime(time, app.summary?.time_zone, locale.lang);
