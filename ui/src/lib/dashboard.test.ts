import { describe, expect, it } from "vitest";
import { boardOf, move, shown } from "./dashboard";
import type { DashCell } from "./types";

const cell = (state: DashCell["state"], boards: [number, DashCell["state"]][]): DashCell => ({
  round: 1, table: 1, ns: "1", ew: "2", state, state_text: { key: "", text: "" },
  boards: boards.map(([board, s]) => ({ board, state: s })),
});

describe("the tournament dashboard", () => {
  it("a cell opens its most urgent board", () => {
    expect(boardOf(cell("incident_open", [[1, "completed"], [2, "incident_open"]]))).toBe(2);
    expect(boardOf(cell("not_started", [[3, "not_started"], [4, "not_started"]]))).toBe(3);
    expect(boardOf(cell("not_started", []))).toBeNull();
  });

  it("the filter keeps the tables needing the director", () => {
    expect(shown(cell("incident_open", []), "attention")).toBe(true);
    expect(shown(cell("appeal_pending", []), "attention")).toBe(true);
    expect(shown(cell("completed", []), "attention")).toBe(false);
    expect(shown(cell("completed", []), "all")).toBe(true);
  });

  it("arrow keys move within the rounds x tables grid and stop at its edges", () => {
    // 2 rounds x 3 tables: indexes 0 1 2 / 3 4 5.
    expect(move(0, "ArrowRight", 3, 6)).toBe(1);
    expect(move(0, "ArrowLeft", 3, 6)).toBe(0);
    expect(move(1, "ArrowDown", 3, 6)).toBe(4);
    expect(move(4, "ArrowDown", 3, 6)).toBe(4);
    expect(move(5, "Home", 3, 6)).toBe(3);
    expect(move(3, "End", 3, 6)).toBe(5);
  });
});
