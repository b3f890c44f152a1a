import { describe, expect, it } from "vitest";
import { adjustmentText, blankAdjust, parseLaws, parseLines, presetOf, toAdjustment, useWeighted, weightedText, withWeightedLaw } from "./adjust";
import { setLang } from "./i18n/index.svelte";

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

  const ns = [{ weight: 30, contract: "3NT", declarer: "S", tricks: 9 }, { weight: 70, contract: "3NT", declarer: "S", tricks: 8 }];
  const ew = [{ weight: 80, contract: "3NT", declarer: "S", tricks: 9 }, { weight: 20, contract: "3NT", declarer: "S", tricks: 8 }];

  it("law_12c1c_a_weighted_score_is_the_assistants_taken_as_is", () => {
    const f = { ...blankAdjust(), kind: "weighted" as const };
    expect(toAdjustment(f)).toEqual({ error: "weighted" });
    const taken = useWeighted(blankAdjust(), { kind: "weighted", ns });
    expect(taken.kind).toBe("weighted");
    expect(toAdjustment(taken)).toEqual({ ok: { kind: "weighted", ns } });
    // E-W weighted differently (Law 12C1(c)/(e)) is carried into `ew`.
    expect(toAdjustment(useWeighted(f, { kind: "weighted", ns, ew }))).toEqual({ ok: { kind: "weighted", ns, ew } });
  });

  it("law_12c1c_signing_a_weighted_score_cites_12c1c_once", () => {
    expect(withWeightedLaw("")).toBe("12C1(c)");
    expect(withWeightedLaw("21B3")).toBe("21B3, 12C1(c)");
    expect(withWeightedLaw("21B3,")).toBe("21B3, 12C1(c)");
    expect(withWeightedLaw("21B3, 12c1(c)")).toBe("21B3, 12c1(c)");
  });

  it("law_12c1c_a_weighted_score_reads_as_shares_of_the_whole_for_each_side", () => {
    setLang("en");
    expect(weightedText(ns)).toBe("30 %: 3NT S, 9 + 70 %: 3NT S, 8");
    expect(weightedText([{ weight: 1, contract: "4S", declarer: "N", tricks: 10 }, { weight: 2, contract: "Pass" }])).toBe("33.33 %: 4S N, 10 + 66.67 %: Pass");
    expect(adjustmentText({ kind: "weighted", ns })).toBe("30 %: 3NT S, 9 + 70 %: 3NT S, 8");
    expect(adjustmentText({ kind: "weighted", ns, ew })).toBe("N-S 30 %: 3NT S, 9 + 70 %: 3NT S, 8 · E-W 80 %: 3NT S, 9 + 20 %: 3NT S, 8");
    expect(adjustmentText({ kind: "artificial", ns: "average_plus", ew: "average_minus" })).toBe("Average plus / Average minus");
    expect(adjustmentText({ kind: "assigned", contract: "4S", declarer: "N", tricks: 10 })).toBe("4S N, 10");
    setLang("de");
    expect(adjustmentText({ kind: "weighted", ns, ew })).toContain("Ost-West 80 %");
    setLang("en");
  });
});
