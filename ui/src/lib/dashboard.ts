// The dashboard's pure parts: which cells a filter shows, which board a cell opens, and
// where the arrow keys move in the rounds x tables grid.
import { locale, t } from "./i18n/index.svelte";
import type { BoardScore, BoardStateKey, DashCell } from "./types";

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

/** A board's N-S score in the section's units, signed, in the UI's number format: IMPs
 * ("+3 IMP"), a percentage ("60 %") or the bridge score ("+420"). Empty without a score. */
export function scoreText(s: BoardScore | null): string {
  if (!s) return "";
  const n = (v: number, sign = true) =>
    new Intl.NumberFormat(locale.lang, { maximumFractionDigits: 2, signDisplay: sign ? "exceptZero" : "auto" }).format(v);
  if (s.imp_ns !== null && s.imp_ns !== undefined) return t("dash.score.imp", { n: n(s.imp_ns) });
  if (s.pct_ns !== null && s.pct_ns !== undefined) return t("dash.score.pct", { n: n(s.pct_ns, false) });
  if (s.score_ns !== null && s.score_ns !== undefined) return n(s.score_ns);
  return "";
}

/** A board chip's tooltip: the board, its N-S score, and whether the score was adjusted. */
export function chipTitle(board: number, s: BoardScore | null): string {
  const score = scoreText(s);
  if (!score) return t("dash.chip", { board });
  return t(s?.adjusted ? "dash.chipAdjusted" : "dash.chipScore", { board, score });
}
