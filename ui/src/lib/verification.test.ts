import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/svelte";
import { badgeFor } from "./verification";
import { setLang } from "./i18n/index.svelte";
import VerificationBadge from "../components/VerificationBadge.svelte";
import type { Summary } from "./types";

function summary(over: Partial<Summary> = {}): Summary {
  return {
    path: "/x.tdlog", log_id: "ab", name: "Club Pairs", game: "bridge", profile: "wbf-2017",
    organiser: "Club", chief_td: "Anna", verified_events: 14, keys: [], excluded: [], forks: [],
    sections: [], boards: 0, results: 0, warnings: [], device_role: null,
    digest: "14-7K2M-Q9XD-4HPA", late_arrivals: [], future_dated: [], time_zone: null, ...over,
  };
}

afterEach(() => { cleanup(); setLang("en"); });

describe("verification badge", () => {
  it("says no log is open before one is", () => {
    expect(badgeFor(null, null, false).level).toBe("none");
  });

  it("shows progress while verifying, and the count when done", () => {
    expect(badgeFor(null, { phase: "reading", done: 0, total: 0 }, false).key).toBe("progress.reading");
    const b = badgeFor(summary(), { phase: "verifying", done: 5, total: 10 }, false);
    expect(b).toEqual({ level: "working", key: "progress.verifying", params: { done: 5, total: 10 } });
    expect(badgeFor(summary(), null, false)).toEqual({ level: "ok", key: "badge.ok", params: { count: 14 } });
    expect(badgeFor({ ...summary(), verified_events: 1 }, null, false)).toEqual({ level: "ok", key: "badge.okOne", params: { count: 1 } });
  });

  it("asks for attention when events are excluded or a fork is pending", () => {
    const ex = summary({ excluded: [{ event: "e", author: "a", seq: 3, reason: "revoked" }] });
    expect(badgeFor(ex, null, false).level).toBe("attention");
    const fk = summary({ forks: [{ author: "a", seq: 2, events: ["x", "y"] }] });
    expect(badgeFor(fk, null, false).params).toEqual({ count: 14, excluded: 0, forks: 1 });
  });

  it("a failed verification wins over a stale summary", () => {
    expect(badgeFor(summary(), null, true).level).toBe("failed");
  });

  it("renders in the chosen language", () => {
    setLang("da");
    render(VerificationBadge, { summary: summary(), progress: null, failed: false });
    expect(screen.getByRole("status").dataset.level).toBe("ok");
    expect(screen.getByText("Verificeret: 14 hændelser")).toBeTruthy();
  });

  it("renders a progress bar while verifying", () => {
    const { container } = render(VerificationBadge, { summary: null, progress: { phase: "verifying", done: 250, total: 1000 }, failed: false });
    const bar = container.querySelector("progress");
    expect(bar?.getAttribute("max")).toBe("1000");
    expect(screen.getByText("Verifying signatures: 250 of 1000")).toBeTruthy();
  });
});
