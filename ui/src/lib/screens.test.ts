import { describe, expect, it } from "vitest";
import { SCREENS, groups, screenForKey, screensFor } from "./screens";
import { CATALOGUES } from "./i18n/index.svelte";

const key = (k: string, alt = true) => ({ altKey: alt, ctrlKey: false, metaKey: false, key: k });

describe("screen registry and keyboard navigation", () => {
  it("has unique ids and a translated label for each screen and group", () => {
    expect(new Set(SCREENS.map((s) => s.id)).size).toBe(SCREENS.length);
    for (const s of SCREENS) for (const cat of Object.values(CATALOGUES)) expect(cat[s.label]).toBeTruthy();
    for (const g of groups()) for (const cat of Object.values(CATALOGUES)) expect(cat[g.label]).toBeTruthy();
  });

  it("groups the screens the way a TD's day runs, the dashboard first", () => {
    expect(groups().map((g) => g.id)).toEqual(["tournament", "tables", "incidents", "appeals", "results", "settings", "doppelkopf"]);
    expect(SCREENS[0].id).toBe("dashboard");
  });

  it("a screen of a new group (a Doppelkopf screen) becomes one more top-level entry", () => {
    const extra = [...SCREENS, { ...SCREENS[0], id: "doko", group: "doppelkopf" }];
    expect(groups(extra).map((g) => g.id).at(-1)).toBe("doppelkopf");
    expect(screenForKey(key("7"), extra)).toBe("doko");
  });

  it("Alt+digit selects a group's first screen in navigation order", () => {
    expect(screenForKey(key("1"))).toBe("dashboard");
    expect(screenForKey(key("2"))).toBe("board");
    expect(screenForKey(key("3"))).toBe("rulings");
    expect(screenForKey(key("4"))).toBe("appeals");
    expect(screenForKey(key("5"))).toBe("travellers");
    expect(screenForKey(key("6"))).toBe("start");
    expect(screenForKey(key("7"))).toBe("doko");
    expect(screenForKey(key("8"))).toBeNull();
    expect(screenForKey(key("2", false))).toBeNull();
    expect(screenForKey({ ...key("2"), ctrlKey: true })).toBeNull();
  });

  it("a Doppelkopf log shows no bridge screen, a bridge log no Doppelkopf screen (N3)", () => {
    const doko = screensFor("doppelkopf");
    expect(doko.some((s) => ["dashboard", "board", "rulings", "appeals", "scores", "publish"].includes(s.id))).toBe(false);
    expect(groups(doko)[0].id).toBe("doppelkopf");
    expect(screenForKey(key("1"), doko)).toBe("doko");
    expect(screenForKey(key("2"), doko)).not.toBe("board");
    const bridge = screensFor("bridge");
    expect(bridge.some((s) => s.group === "doppelkopf")).toBe(false);
    expect(screenForKey(key("2"), bridge)).toBe("board");
    // Screens of every game stay: the log and keys, notes, settings.
    for (const id of ["tournament", "notes", "start"]) {
      expect(doko.some((s) => s.id === id) && bridge.some((s) => s.id === id)).toBe(true);
    }
    expect(screensFor(undefined)).toBe(SCREENS);
  });
});
