// The dashboard's pure parts: which cells a filter shows, which board a cell opens, and
// where the arrow keys move in the rounds x tables grid.
import type { BoardStateKey, DashCell } from "./types";

export type DashFilter = "all" | "attention";

/** States that need the director: an incident open, an appeal pending. */
export const ATTENTION: BoardStateKey[] = ["incident_open", "appeal_pending"];

export function shown(cell: DashCell, filter: DashFilter): boolean {
  return filter === "all" || ATTENTION.includes(cell.state);
}

/** The board a cell opens: the first whose state is the cell's (the most urgent), else the
 * first board. */
export function boardOf(cell: DashCell): number | null {
  const b = cell.boards.find((x) => x.state === cell.state) ?? cell.boards[0];
  return b ? b.board : null;
}

/** The cell index an arrow key moves to in a grid of `cols` columns and `count` cells. */
export function move(index: number, key: string, cols: number, count: number): number {
  const next = (() => {
    switch (key) {
      case "ArrowRight": return index + 1;
      case "ArrowLeft": return index - 1;
      case "ArrowDown": return index + cols;
      case "ArrowUp": return index - cols;
      case "Home": return index - (index % cols);
      case "End": return index - (index % cols) + cols - 1;
      default: return index;
    }
  })();
  return next < 0 || next >= count ? index : next;
}
