// The open log's live sync (issue 17): the status bar the sync thread sends after every
// round, and the screens' refresh when it merged events from other devices.
import { api } from "./api";
import { app, passphrase, showError } from "./app.svelte";
import { supersedes } from "./hub";
import type { HubEvent, HubStatus } from "./types";

export const hub = $state({
  status: null as HubStatus | null,
  /** The open log the status is for. */
  path: null as string | null,
});

/** Shows `s` unless the window already shows a newer status (`supersedes`). */
function show(s: HubStatus): void {
  if (supersedes(hub.status, s)) hub.status = s;
}

async function onUpdate(e: HubEvent): Promise<void> {
  if (hub.path !== app.summary?.path) return;
  show(e.status);
  if (e.changed) {
    try {
      app.summary = await api.summary();
      app.revision += 1;
    } catch (err) {
      showError(err);
    }
  }
}

/** Follows the open log's sync (started by Rust if this device has a hub set for the log). */
export async function followHub(): Promise<void> {
  const path = app.summary?.path ?? null;
  if (!path) {
    hub.path = path;
    hub.status = null;
    return;
  }
  // Another log's status is not older or newer than this one's: start afresh.
  if (hub.status && hub.path !== path) hub.status = null;
  hub.path = path;
  try {
    show(await api.hubStatus(passphrase(), onUpdate));
  } catch (e) {
    hub.status = null;
    showError(e);
  }
}

export async function setHub(url: string, password: string | null): Promise<boolean> {
  try {
    show(await api.hubSet(url, password, passphrase()));
    app.error = null;
    return true;
  } catch (e) {
    showError(e);
    return false;
  }
}

export async function clearHub(): Promise<void> {
  try {
    await api.hubClear();
    await followHub();
  } catch (e) {
    showError(e);
  }
}
