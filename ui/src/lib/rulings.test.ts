import { describe, expect, it } from "vitest";
import { filterRulings } from "./rulings";
import type { RulingRow } from "./types";

const row = (id: string, over: Partial<RulingRow["ruling"]>): RulingRow => ({
  id,
  ruling: {
    section: "A", round: 1, table: 5, board: 11, ns: "CROATIA", ew: "SWEDEN", facts: "insufficient bid",
    facts_agreed: true, laws: ["27B1(a)"], category: "law", decision: "2S replaces 1S", appeal_notice: true, ...over,
  },
  signed: { event: id, kind: "director.ruling", signer: "Jens Hansen, laptop 2", key: "k", role: "td", wall_ms: 0, time: "" },
  corrected_by: null,
  appealed: false,
});

const rows = [
  row("a", {}),
  row("b", { board: 14, table: 2, ns: "LATVIA", ew: "GERMANY", laws: ["16B", "12C1"], category: "judgement", facts: "hesitation" }),
];

describe("rulings list filters", () => {
  it("keeps everything without a filter", () => {
    expect(filterRulings(rows, "all", " ").map((r) => r.id)).toEqual(["a", "b"]);
  });
  it("filters by category (law 93B routing depends on it)", () => {
    expect(filterRulings(rows, "judgement", "").map((r) => r.id)).toEqual(["b"]);
  });
  it("finds a law, a team, a board or the director, case-insensitively", () => {
    expect(filterRulings(rows, "all", "16b").map((r) => r.id)).toEqual(["b"]);
    expect(filterRulings(rows, "all", "sweden").map((r) => r.id)).toEqual(["a"]);
    expect(filterRulings(rows, "all", "board 14").map((r) => r.id)).toEqual(["b"]);
    expect(filterRulings(rows, "all", "jens").map((r) => r.id)).toEqual(["a", "b"]);
    expect(filterRulings(rows, "law", "hesitation")).toEqual([]);
  });
});
