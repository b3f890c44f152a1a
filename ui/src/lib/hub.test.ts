import { describe, expect, it } from "vitest";
import { clock, level, since, supersedes } from "./hub";
import type { HubStatus } from "./types";

const status = (state: HubStatus["state"], run = 1, changes = 0): HubStatus => ({
  configured: true, target: "h", state, last_ok_ms: null, last_error: null,
  pushed: 0, pulled: 0, signing: true, peers: [], events: 0, run, changes,
});

describe("hub status bar", () => {
  it("says how long ago the last good sync was, in the unit a reader takes in", () => {
    expect(since(null, 5000)).toEqual({ key: "hub.since.never", params: {} });
    expect(since(1000, 13_500)).toEqual({ key: "hub.since.seconds", params: { n: 12 } });
    expect(since(0, 5 * 60_000)).toEqual({ key: "hub.since.minutes", params: { n: 5 } });
    expect(since(0, 3 * 3_600_000)).toEqual({ key: "hub.since.hours", params: { n: 3 } });
    expect(since(10_000, 5000).params.n).toBe(0);
  });

  it("colours the dot by the sync state", () => {
    expect(level(null)).toBe("none");
    expect(level(status("synced"))).toBe("ok");
    expect(level(status("offline"))).toBe("attention");
    expect(level(status("refused"))).toBe("failed");
    expect(level(status("connecting"))).toBe("working");
  });

  it("shows a peer's time as a wall clock", () => {
    expect(clock(new Date(2026, 0, 2, 9, 5, 7).getTime())).toBe("09:05:07");
  });

  // The join's first sync: the round's "synced" reached the window before the answer of the
  // status command asked when the sync started ("connecting"), which then stayed for good.
  it("keeps the newest status of a sync when a command's answer comes after a round's update", () => {
    const synced = status("synced", 4, 1);
    expect(supersedes(synced, status("connecting", 4, 0))).toBe(false);
    expect(supersedes(status("connecting", 4, 0), synced)).toBe(true);
    expect(supersedes(synced, status("synced", 4, 1))).toBe(true);
    // A new sync (the hub set again) wins over the last one's; an earlier sync's does not.
    expect(supersedes(status("synced", 4, 9), status("connecting", 5, 0))).toBe(true);
    expect(supersedes(status("connecting", 5, 0), status("synced", 4, 9))).toBe(false);
    // No sync (the hub cleared): always shown.
    expect(supersedes(synced, status("off", 0, 0))).toBe(true);
    expect(supersedes(null, status("connecting", 1, 0))).toBe(true);
  });
});
