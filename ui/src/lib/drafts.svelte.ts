// Drafts of the forms a TD fills in over several minutes (a ruling, a note): kept in
// app-wide state, so switching to another screen and back keeps what was typed. A draft is
// cleared only when it was signed (or by the TD).
import { blankAdjust, type AdjustFields } from "./adjust";
import type { Category } from "./types";
import type { AppealPrefill, RulingPrefill } from "./prefill";

export function blankRuling() {
  return {
    round: "", table: "", board: "", ns: "", ew: "", offender: "",
    facts: "", disputed: false, options: "", chosen: "", chosenBy: "",
    laws: "", category: "law" as Category, decision: "", notice: true,
    adjust: blankAdjust() as AdjustFields,
    /** Filled in from an irregularity on the Board screen (the form says so). */
    prefilled: false,
  };
}

export function blankAppeal() {
  return { ruling: "", appellant: "", grounds: "", consents: "", prefilled: false };
}

export function blankNote() {
  return { text: "", board: "", table: "", round: "" };
}

/** The board the Board screen shows (kept across screens; a dashboard cell sets it). */
export interface BoardSlot { section: string; round: number; table: number; board: number }

export const drafts = $state({
  ruling: blankRuling(),
  note: blankNote(),
  appeal: blankAppeal(),
  board: { round: "", table: "", board: "", shown: null as BoardSlot | null },
});

/** Points the Board screen at a board at a table (the screen shows it when opened). */
export function showBoard(slot: BoardSlot): void {
  drafts.board.round = String(slot.round);
  drafts.board.table = String(slot.table);
  drafts.board.board = String(slot.board);
  drafts.board.shown = { ...slot };
}

/** Forgets a signed draft. */
export function clearDraft(which: "ruling" | "note" | "appeal"): void {
  // In place: screens hold the draft object itself.
  if (which === "ruling") Object.assign(drafts.ruling, blankRuling());
  else if (which === "appeal") Object.assign(drafts.appeal, blankAppeal());
  else Object.assign(drafts.note, blankNote());
}

/** A new ruling draft from an irregularity (the previous draft is replaced: the TD asked). */
export function prefillRuling(p: RulingPrefill): void {
  Object.assign(drafts.ruling, blankRuling(), p, { prefilled: true });
}

/** A new appeal draft against a ruling. */
export function prefillAppeal(p: AppealPrefill): void {
  Object.assign(drafts.appeal, blankAppeal(), p, { prefilled: true });
}
