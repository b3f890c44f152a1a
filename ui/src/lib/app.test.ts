// The app-wide error: it belongs to the action that caused it (D4).
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("./api", () => ({
  api: {
    appInfo: vi.fn(async () => ({ data_dir: "/d", device_key: null, sign_as: null, key_files: [], recent: [], open_at_start: null })),
    summary: vi.fn(async () => ({ name: "x" })),
    keySignAs: vi.fn(async () => ({ data_dir: "/d", device_key: null, sign_as: "chief", key_files: [], recent: [], open_at_start: null })),
  },
}));

const { app, go, showError, signAs, withLog } = await import("./app.svelte");

describe("an error banner does not outlive its action (D4)", () => {
  beforeEach(() => {
    app.error = null;
    app.summary = null;
  });

  it("goes when the TD switches screens", () => {
    showError({ code: "invalid_call", message: "m", params: { call: "9Z" } });
    expect(app.error).not.toBeNull();
    go("rulings");
    expect(app.error).toBeNull();
  });

  it("goes when the next action succeeds", async () => {
    showError({ code: "refused", message: "m" });
    const summary = { name: "x" } as never;
    expect(await withLog(async () => summary)).toBe(true);
    expect(app.error).toBeNull();
    showError({ code: "refused", message: "m" });
    await signAs("chief");
    expect(app.error).toBeNull();
  });

  it("stays when the next action fails too, showing the new error", async () => {
    showError({ code: "refused", message: "first" });
    await withLog(async () => { throw { code: "busy", message: "second" }; });
    expect(app.error?.detail).toBe("second");
  });
});
