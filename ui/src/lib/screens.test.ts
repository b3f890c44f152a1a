import { describe, expect, it } from "vitest";
import { SCREENS, screenForKey } from "./screens";
import { CATALOGUES } from "./i18n/index.svelte";

const key = (k: string, alt = true) => ({ altKey: alt, ctrlKey: false, metaKey: false, key: k });

describe("screen registry and keyboard navigation", () => {
  it("has unique ids and a translated label for each screen", () => {
    expect(new Set(SCREENS.map((s) => s.id)).size).toBe(SCREENS.length);
    for (const s of SCREENS) for (const cat of Object.values(CATALOGUES)) expect(cat[s.label]).toBeTruthy();
    expect(SCREENS[0].id).toBe("start");
  });

  it("Alt+digit selects the screen in navigation order", () => {
    expect(screenForKey(key("1"))).toBe("start");
    expect(screenForKey(key("3"))).toBe("scores");
    expect(screenForKey(key(String(SCREENS.length + 1)))).toBeNull();
    expect(screenForKey(key("2", false))).toBeNull();
    expect(screenForKey({ ...key("2"), ctrlKey: true })).toBeNull();
  });
});
