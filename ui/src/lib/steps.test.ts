import { describe, expect, it } from "vitest";
import { committeeComplete, concurring, conflictChoices, decisionComplete, formsOf, partChoices, routeTargets, stepForms, stepsFor, waitingDecision } from "./steps";
import type { AppealRow } from "./types";

describe("the next steps an appeal offers (state machine C)", () => {
  it("a director at a filed appeal may record consent, a statement or the withdrawal", () => {
    expect(stepForms(["consent", "hear", "withdraw"])).toEqual(["consent", "hear", "withdraw"]);
  });

  it("the chief director's two routing steps share one form, committee first", () => {
    const steps = ["consent", "hear", "route_to_chief_td", "route_to_committee", "withdraw"];
    expect(stepForms(steps)).toEqual(["consent", "route", "hear", "withdraw"]);
    expect(routeTargets(steps)).toEqual(["committee", "chief_td"]);
    expect(routeTargets(["route_to_chief_td"])).toEqual(["chief_td"]);
  });

  it("law_93c_after a decision: referral (93C2) and further appeal (93C1) have their forms; unknown steps none", () => {
    expect(stepForms(["withdraw", "further_appeal", "refer"])).toEqual(["refer", "further_appeal", "withdraw"]);
    expect(stepForms(["no_such_step"])).toEqual([]);
  });

  it("law_93b_a_committee_needs_its_quorum_and_a_chair_among_its_members", () => {
    expect(committeeComplete(["a"], "a", 1)).toBe(true);
    expect(committeeComplete(["a"], "b", 1)).toBe(false);
    expect(committeeComplete(["a", "b"], "a", 3)).toBe(false);
    expect(committeeComplete([], "", 0)).toBe(false);
  });

  it("a changed decision needs its new score; every decision needs reasoning", () => {
    expect(decisionComplete("changed", "both at fault", true)).toBe(true);
    expect(decisionComplete("changed", "both at fault", false)).toBe(false);
    expect(decisionComplete("upheld", "no damage", false)).toBe(true);
    expect(decisionComplete("upheld", " ", false)).toBe(false);
  });
});

describe("a mixed appeal heard in parts (Law 93B1/B2) and the authority's answer (Law 93C2)", () => {
  const filed = { next_steps: ["consent", "hear", "route_to_chief_td", "route_to_committee", "withdraw"], part_steps: [] };
  const inParts = {
    next_steps: ["hear", "refer", "withdraw"],
    part_steps: [
      { part: "law" as const, state: "at_chief_td", next_steps: ["decide"] },
      { part: "judgement" as const, state: "filed", next_steps: ["route_to_chief_td", "route_to_committee"] },
    ],
  };

  it("the first routing may route the whole appeal or split it by routing one part", () => {
    expect(partChoices(filed, "route")).toEqual(["", "law", "judgement"]);
    expect(partChoices(filed, "convene")).toEqual([]);
    expect(partChoices(filed, "hear")).toEqual([]);
    expect(stepsFor(filed, "")).toEqual(filed.next_steps);
  });

  it("in parts, each form names only the parts whose own steps allow it", () => {
    expect(formsOf(inParts)).toEqual(["route", "hear", "decide", "refer", "withdraw"]);
    expect(partChoices(inParts, "route")).toEqual(["judgement"]);
    expect(partChoices(inParts, "decide")).toEqual(["law"]);
    expect(partChoices(inParts, "convene")).toEqual([]);
    expect(routeTargets(stepsFor(inParts, "judgement"))).toEqual(["committee", "chief_td"]);
    expect(stepsFor(inParts, "law")).toEqual(["decide"]);
  });

  it("a referred appeal offers the authority's answer form", () => {
    expect(stepForms(["authority_answer"])).toEqual(["authority_answer"]);
  });
});

describe("the committee's signatures (Law 93B) and a conflict's settlement (Law 93)", () => {
  const signed = (event: string, signer: string, kind = "appeal.decided") =>
    ({ event, kind, signer, key: event, role: "committee", wall_ms: 0, time: "2026-09-21T22:40:00Z" });
  const committee = { members: [["k", "Karl"], ["l", "Lena"], ["m", "Mia"]] as [string, string][], chair: "k" };
  const decision = (effective: boolean, cosigns: { vote: "concur" | "dissent"; signed: ReturnType<typeof signed> }[]) => ({
    decided: { decision: "changed", laws: ["16B1"], reasoning: "no logical alternative" },
    forum: "committee", signed: signed("d1", "Karl"), committee, quorum: 3, cosigns, effective,
  });

  it("law_93b_a_decision_waits_for_co_signatures_until_its_quorum_concurs", () => {
    const waits = decision(false, [{ vote: "dissent", signed: signed("c1", "Lena", "appeal.decision_cosigned") }]);
    expect(waitingDecision([waits])).toBe(waits);
    expect(concurring(waits)).toBe(1);
    const inForce = decision(true, [
      { vote: "concur", signed: signed("c1", "Lena") },
      { vote: "concur", signed: signed("c2", "Mia") },
    ]);
    expect(concurring(inForce)).toBe(3);
    expect(waitingDecision([inForce])).toBeNull();
    // The chief director's decision has no committee: nothing to co-sign.
    expect(waitingDecision([{ ...waits, committee: undefined }])).toBeNull();
  });

  it("law_93_the_settlement_form_comes_first_and_offers_the_open_conflicts_steps", () => {
    expect(stepForms(["withdraw", "cosign", "decide", "resolve", "hear"])).toEqual(["resolve", "hear", "decide", "cosign", "withdraw"]);
    const row = {
      appeal: {
        conflicts: [
          { steps: [signed("a", "Karl"), signed("b", "Chief", "appeal.withdrawn")], resolved: null },
        ],
      },
    } as unknown as Pick<AppealRow, "appeal">;
    expect(conflictChoices(row).map((c) => c.event)).toEqual(["a", "b"]);
    expect(conflictChoices(row)[1].label).toContain("appeal.withdrawn · Chief");
    const settled = { appeal: { conflicts: [{ ...row.appeal.conflicts![0], resolved: { stands: "a", reason: "x", signed: signed("r", "Chief") } }] } } as unknown as Pick<AppealRow, "appeal">;
    expect(conflictChoices(settled)).toEqual([]);
  });
});
