// Result entry's small pure helpers: where the traveller screen is (kept across screens like a
// form's draft), the key of a row, and the board after this one.

export const entryDraft = $state({
  mode: "board" as "board" | "table",
  section: "A",
  board: "1",
  round: "1",
  table: "1",
  /** A board done: the next board opens with the cursor on its first empty row. */
  autoNext: true,
});

export interface SlotLike { section: string; round: number; table: number; board: number }

/** A row's key: section, round, table, board. */
export function rowKey(s: SlotLike): string {
  return `${s.section}-${s.round}-${s.table}-${s.board}`;
}

export function sameSlot(a: SlotLike, b: SlotLike): boolean {
  return rowKey(a) === rowKey(b);
}

/** The board after `board` (boards are numbered from 1). */
export function nextBoard(board: number): number | null {
  return Number.isInteger(board) && board > 0 ? board + 1 : null;
}
