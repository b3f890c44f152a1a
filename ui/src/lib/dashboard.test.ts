import { describe, expect, it } from "vitest";
import { boardOf, chipTitle, move, scoreText, shown } from "./dashboard";
import { setLang } from "./i18n/index.svelte";
import type { DashCell } from "./types";

const cell = (state: DashCell["state"], boards: [number, DashCell["state"]][]): DashCell => ({
  round: 1, table: 1, ns: "1", ew: "2", state, state_text: { key: "", text: "" },
  boards: boards.map(([board, s]) => ({ board, state: s, score: null })),
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

  it("a board's N-S score reads in the section's units; an adjusted one says so (Law 12C2: average plus is +3 IMPs)", () => {
    const sc = (imp: number | null, pct: number | null, score: number | null, adjusted = false) => ({ imp_ns: imp, pct_ns: pct, score_ns: score, adjusted });
    setLang("en");
    expect(scoreText(sc(3, null, null, true))).toBe("+3 IMP");
    expect(scoreText(sc(-4, null, -50))).toBe("-4 IMP");
    expect(scoreText(sc(0, null, null))).toBe("0 IMP");
    expect(scoreText(sc(null, 60, null))).toBe("60 %");
    expect(scoreText(sc(null, null, 420))).toBe("+420");
    expect(scoreText(null)).toBe("");
    expect(chipTitle(11, sc(3, null, null, true))).toBe("Board 11, N-S: +3 IMP (adjusted score)");
    expect(chipTitle(11, null)).toBe("Board 11: no score yet");
    setLang("de");
    expect(scoreText(sc(1.5, null, null))).toBe("+1,5 IMP");
    expect(chipTitle(11, sc(-4, null, -50))).toBe("Board 11, Nord-Süd: -4 IMP");
    setLang("da");
    expect(chipTitle(11, sc(null, 40, null, true))).toBe("Spil 11, Nord-Syd: 40 % (justeret score)");
    setLang("en");
  });
});
