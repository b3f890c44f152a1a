import { describe, expect, it } from "vitest";
import { filterNotes, optionalNumber } from "./notes";
import type { NoteRow } from "./types";

const row = (over: Partial<NoteRow>): NoteRow => ({
  event: Math.random().toString(16), kind: "note", time: "2026-11-22T10:00:00Z", signer: "Jens Hansen",
  role: "td", board: null, table: null, round: null, law: null, text: "", ...over,
});

describe("notes and rulings list", () => {
  const rows = [
    row({ text: "North bid out of turn", board: 2, table: 3 }),
    row({ text: "Slow play warning", signer: "Klaus Meyer" }),
    row({ kind: "adjusted_score", law: "12C1(c)", text: "misinformation", board: 9 }),
  ];

  it("filters by kind", () => {
    expect(filterNotes(rows, "adjusted_score", "").map((r) => r.law)).toEqual(["12C1(c)"]);
    expect(filterNotes(rows, "all", "")).toHaveLength(3);
  });

  it("filters by text, signer, law or board number", () => {
    expect(filterNotes(rows, "all", "slow")).toHaveLength(1);
    expect(filterNotes(rows, "all", "klaus")).toHaveLength(1);
    expect(filterNotes(rows, "all", "12c1")).toHaveLength(1);
    expect(filterNotes(rows, "all", "9").map((r) => r.board)).toEqual([9]);
  });

  it("reads optional board, table and round numbers", () => {
    expect(optionalNumber("")).toBeNull();
    expect(optionalNumber(" 7 ")).toBe(7);
    expect(optionalNumber("0")).toBe("invalid");
    expect(optionalNumber("3a")).toBe("invalid");
    expect(optionalNumber("-1")).toBe("invalid");
  });
});
