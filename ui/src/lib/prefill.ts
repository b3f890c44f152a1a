// From the table to the paperwork: an irregularity on the Board screen becomes a ruling
// draft (the board's place, both sides, the offending side, the law and branch, the options
// of the law's decision tree and the one chosen), and a ruling becomes an appeal draft (the
// ruling, the side that appeals). Pure: the screens put the result into the drafts
// (drafts.svelte.ts) and switch screens; the TD reads, completes and signs.
import type { BoardScreen, IncidentItem, RulingRow } from "./types";

/** The fields of the Rulings form a prefill sets (the rest stay blank). */
export interface RulingPrefill {
  round: string; table: string; board: string;
  ns: string; ew: string; offender: string;
  facts: string; options: string; chosen: string; chosenBy: string; laws: string;
}

/** A branch id as the laws cite it: "27B1a" → "27B1(a)", "27A1" stays. */
export function lawOfBranch(branch: string): string {
  return branch.replace(/(\d)([a-z])$/, "$1($2)");
}

/** The side a seat sits on. */
export const sideOf = (seat: string): "ns" | "ew" => (seat === "N" || seat === "S" ? "ns" : "ew");

/** One option as a line of the form's options list: "27B1(a): when ...". */
const optionLine = (id: string, when: string) => `${lawOfBranch(id)}: ${when}`;

/** The ruling draft for irregularity `x` on board `b`; `facts` is the sentence the screen
 * writes in the UI's language (the irregularity's heading). The pairs come from the movement
 * (the board screen's `ns`/`ew`), else the board's traveller row of this table. */
export function rulingFromIrregularity(b: BoardScreen, x: IncidentItem, facts: string): RulingPrefill {
  const row = b.traveller.find((r) => r.round === b.slot.round && r.table === b.slot.table);
  // The movement seats them even on a board recorded live (no traveller row yet, N7).
  const ns = b.ns ?? row?.ns ?? "", ew = b.ew ?? row?.ew ?? "";
  const applied = x.options.find((o) => o.applied);
  return {
    round: String(b.slot.round), table: String(b.slot.table), board: String(b.slot.board),
    ns, ew, offender: sideOf(x.offender) === "ns" ? ns : ew,
    facts,
    options: x.options.map((o) => optionLine(o.id, o.when.text)).join("\n"),
    chosen: applied ? optionLine(applied.id, applied.when.text) : "",
    chosenBy: applied ? applied.decided_by_text.text : "",
    laws: x.branch ? lawOfBranch(x.branch) : x.law,
  };
}

/** The fields of the appeal form a prefill sets. */
export interface AppealPrefill { ruling: string; appellant: string }

/** May this ruling be appealed? Not a disciplinary one (Laws 91A, 93B3: final) and not one
 * corrected since (the correction is what stands). One already appealed may be appealed
 * by the other side too. */
export function appealable(r: RulingRow): boolean {
  return r.ruling.category !== "disciplinary" && !r.corrected_by;
}

/** The appeal draft for ruling `r`: the side the ruling went against (its offender, when
 * named) appeals by default; the TD may choose the other side. */
export function appealFromRuling(r: RulingRow): AppealPrefill {
  const o = r.ruling.offender;
  return { ruling: r.id, appellant: o === r.ruling.ns || o === r.ruling.ew ? o : "" };
}
