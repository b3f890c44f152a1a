// Filters of the Rulings list: by category, and by any text (a team, a law, a board, the
// director's name, the facts).
import type { Category, RulingRow } from "./types";

export type CategoryFilter = Category | "all";

export function filterRulings(rows: RulingRow[], category: CategoryFilter, text: string): RulingRow[] {
  const q = text.trim().toLowerCase();
  return rows.filter((r) => {
    if (category !== "all" && r.ruling.category !== category) return false;
    if (!q) return true;
    const hay = [
      r.ruling.ns, r.ruling.ew, r.ruling.offender ?? "", r.ruling.facts, r.ruling.decision,
      r.signed.signer, `board ${r.ruling.board}`, `table ${r.ruling.table}`, ...r.ruling.laws,
    ].join(" ").toLowerCase();
    return hay.includes(q);
  });
}
