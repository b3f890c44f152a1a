import { describe, expect, it } from "vitest";
import { blankAdjust, parseLaws, parseLines, presetOf, toAdjustment } from "./adjust";

describe("adjusted score of a ruling (Law 12)", () => {
  it("none means a rectification only: no adjustment is sent", () => {
    expect(toAdjustment(blankAdjust())).toEqual({ ok: undefined });
  });

  it("law_12c2_sixty_forty_is_average_plus_to_ns_and_average_minus_to_ew", () => {
    const f = { ...blankAdjust(), kind: "artificial" as const, ns: "average_plus" as const, ew: "average_minus" as const };
    expect(toAdjustment(f)).toEqual({ ok: { kind: "artificial", ns: "average_plus", ew: "average_minus" } });
    expect(presetOf("average_plus", "average_minus")).toBe("60/40");
    expect(presetOf("average", "average")).toBe("50/50");
  });

  it("law_12c1_an_assigned_score_needs_contract_declarer_and_tricks", () => {
    const f = { ...blankAdjust(), kind: "assigned" as const, contract: "3nt x", declarer: "s", tricks: "8" };
    expect(toAdjustment(f)).toEqual({ ok: { kind: "assigned", contract: "3NTX", declarer: "S", tricks: 8 } });
    expect(toAdjustment({ ...f, contract: "8S" })).toEqual({ error: "contract" });
    expect(toAdjustment({ ...f, declarer: "Q" })).toEqual({ error: "declarer" });
    expect(toAdjustment({ ...f, tricks: "14" })).toEqual({ error: "tricks" });
    expect(toAdjustment({ ...f, tricks: "" })).toEqual({ error: "tricks" });
    expect(toAdjustment({ ...f, contract: "pass" })).toEqual({ ok: { kind: "assigned", contract: "Pass" } });
  });

  it("laws are read from commas or spaces, with or without the word law", () => {
    expect(parseLaws("27B1(a), 12C2")).toEqual(["27B1(a)", "12C2"]);
    expect(parseLaws("Law 16B;  Regel 73C")).toEqual(["16B", "73C"]);
    expect(parseLaws("  ")).toEqual([]);
  });

  it("options are one per line", () => {
    expect(parseLines("accept the 1S bid\n\n correct to 2S (27B1(a))\n")).toEqual(["accept the 1S bid", "correct to 2S (27B1(a))"]);
  });
});
