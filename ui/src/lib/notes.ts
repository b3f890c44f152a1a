// Filtering the Notes/Rulings list: by kind and by free text (text, signer, law, board).
import type { NoteRow } from "./types";

export type KindFilter = "all" | NoteRow["kind"];

export function filterNotes(rows: NoteRow[], kind: KindFilter, text: string): NoteRow[] {
  const q = text.trim().toLowerCase();
  return rows.filter((r) => {
    if (kind !== "all" && r.kind !== kind) return false;
    if (!q) return true;
    const hay = [r.text, r.signer, r.law ?? "", r.board != null ? `board ${r.board}` : ""]
      .join(" ")
      .toLowerCase();
    return hay.includes(q) || (r.board != null && String(r.board) === q);
  });
}

/** Parses an optional positive whole number from a form field ("" means none). */
export function optionalNumber(s: string): number | null | "invalid" {
  const v = s.trim();
  if (v === "") return null;
  if (!/^\d+$/.test(v)) return "invalid";
  const n = Number(v);
  return n >= 1 && n <= 100000 ? n : "invalid";
}
