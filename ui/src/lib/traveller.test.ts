import { describe, expect, it } from "vitest";
import { nextBoard, rowKey, sameSlot } from "./traveller.svelte";

describe("result entry's helpers", () => {
  it("keys a row by its slot, and finds the next board", () => {
    const s = { section: "A", round: 2, table: 7, board: 13 };
    expect(rowKey(s)).toBe("A-2-7-13");
    expect(sameSlot(s, { ...s })).toBe(true);
    expect(sameSlot(s, { ...s, board: 14 })).toBe(false);
    expect(nextBoard(13)).toBe(14);
    expect(nextBoard(0)).toBeNull();
  });
});
