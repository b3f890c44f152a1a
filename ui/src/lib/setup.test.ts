import { describe, expect, it } from "vitest";
import { entrants, players, request, resizeRows, specOf } from "./setup";
import type { MovementOption } from "./types";

describe("the set-up form as data", () => {
  it("keeps what was typed when the field grows or shrinks", () => {
    let rows = resizeRows([], 3);
    rows[1].name = "Berg / Cole";
    rows = resizeRows(rows, 5);
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[1].name).toBe("Berg / Cole");
    expect(resizeRows(rows, 2).length).toBe(2);
  });

  it("sends only rows with something typed; players split at commas; a captain only for teams", () => {
    const rows = resizeRows([], 3);
    rows[0] = { n: 1, name: " SWEDEN ", members: "Ola Rimstedt, Peter Fredin,, ", captain: "Ola Rimstedt" };
    expect(players("a; b ,c")).toEqual(["a", "b", "c"]);
    expect(entrants(rows, true)).toEqual([{ n: 1, name: "SWEDEN", members: ["Ola Rimstedt", "Peter Fredin"], captain: "Ola Rimstedt" }]);
    expect(entrants(rows, false)[0].captain).toBeNull();
  });

  it("fewer rounds or other boards per round change the option's spec", () => {
    const o = { kind: { family: "mitchell" }, rounds: 7, spec: { kind: { family: "mitchell" }, contestants: 14, boards_per_round: 3, rounds: null, first_board: 1 } } as unknown as MovementOption;
    expect(specOf(o, "3", "2")).toMatchObject({ rounds: 3, boards_per_round: 2 });
    expect(specOf(o, "7", "")).toMatchObject({ rounds: null, boards_per_round: 3 });
    expect(request(" A ", " Club ", specOf(o, "", ""), [], false)).toMatchObject({ section: "A", title: "Club", entrants: [] });
  });
});
