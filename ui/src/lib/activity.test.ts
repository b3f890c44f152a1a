import { describe, expect, it } from "vitest";
import { blankActivity, toFilter } from "./activity";

describe("the director-activity filter (views::RulingFilter)", () => {
  it("empty fields filter nothing", () => {
    expect(toFilter(blankActivity())).toEqual({ ok: { board: null, table: null, round: null, role: null, law: null } });
  });
  it("board, table, round as numbers; a known role; a law without its prefix", () => {
    const r = toFilter({ board: "11", table: " 5", round: "1", role: "td", law: "Law 27B1a" });
    expect(r).toEqual({ ok: { board: 11, table: 5, round: 1, role: "td", law: "27B1a" } });
    expect(toFilter({ ...blankActivity(), law: "Regel 64" })).toEqual({ ok: { board: null, table: null, round: null, role: null, law: "64" } });
  });
  it("names a field that is not a number; an unknown role filters nothing", () => {
    expect(toFilter({ ...blankActivity(), table: "five" })).toEqual({ error: "table" });
    const r = toFilter({ ...blankActivity(), role: "player" });
    expect("ok" in r && r.ok.role).toBeNull();
  });
});
