import { describe, expect, it } from "vitest";
import { attendees, standingDecisions } from "./procedure";
import type { Signed } from "./types";

const signed = (event: string, signer: string): Signed => ({ event, kind: "appeal.decided", signer, key: "k", role: "committee", wall_ms: 0, time: "2026-11-26T18:00:00Z" });

describe("the hearing's record (Law 93 and the regulations)", () => {
  it("reads the names typed for each side, in order, each once per line or comma", () => {
    expect(attendees({ appellant: "Cara Diaz, Dan Eck", respondent: " Anna Berg ;", director: "Tom TD", witness: "" })).toEqual([
      { name: "Cara Diaz", party: "appellant" },
      { name: "Dan Eck", party: "appellant" },
      { name: "Anna Berg", party: "respondent" },
      { name: "Tom TD", party: "director" },
    ]);
  });
});

describe("announcing a decision (Law 93B)", () => {
  it("offers only decisions that stand, and the authority's answer", () => {
    const decided = (e: string, effective: boolean) => ({
      decided: { decision: "changed", laws: [], reasoning: "r" }, forum: "committee", signed: signed(e, "Karl"), quorum: 3, effective,
    });
    const a = { decisions: [decided("d1", false), decided("d2", true)], authority: undefined };
    expect(standingDecisions(a).map((d) => d.event)).toEqual(["d2"]);
    const withAnswer = { ...a, authority: [{ authority: "DBV", decision: "upheld", reasoning: "r", document: "letter 7" }, signed("x1", "Olga")] as [{ authority: string; decision: string; reasoning: string; document: string }, Signed] };
    expect(standingDecisions(withAnswer).map((d) => [d.event, d.signer])).toEqual([["d2", "Karl"], ["x1", "DBV (Olga)"]]);
  });
});
