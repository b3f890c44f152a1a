// The director-activity filter of the Rulings screen, from the form's fields to the engine's
// `views::RulingFilter` (board, table, round, the signer's role, law). The engine does the
// filtering (a law `27` also matches `27B1a`; `54` matches `53-56`).
import { optionalNumber } from "./notes";

export const ROLES = ["chief_td", "td", "scorer", "committee", "organiser"] as const;

export interface ActivityFields { board: string; table: string; round: string; role: string; law: string }

export interface RulingFilter {
  board: number | null; table: number | null; round: number | null; role: string | null; law: string | null;
}

export function blankActivity(): ActivityFields {
  return { board: "", table: "", round: "", role: "", law: "" };
}

/** The filter, or the field that is not a number. */
export function toFilter(f: ActivityFields): { ok: RulingFilter } | { error: "board" | "table" | "round" } {
  const out: RulingFilter = { board: null, table: null, round: null, role: null, law: null };
  for (const k of ["board", "table", "round"] as const) {
    const v = optionalNumber(f[k]);
    if (v === "invalid") return { error: k };
    out[k] = v;
  }
  out.role = (ROLES as readonly string[]).includes(f.role) ? f.role : null;
  const law = f.law.trim().replace(/^(law|regel|lov)\s*/i, "");
  out.law = law || null;
  return { ok: out };
}
