// How cards and calls are shown: suit symbols (with the letter kept for screen readers in
// the title), seats in the chosen language, and which auction cells are struck through.
import { t, type MessageKey } from "./i18n/index.svelte";
import type { CallStatus } from "./types";

export const SUIT_SYMBOL: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** "1S" → "1♠", "3NT" stays, "Pass"/"X"/"XX" localised by the caller. */
export function callText(call: string): string {
  const m = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  if (!m) return call;
  return m[1] + (m[2] === "NT" ? "NT" : SUIT_SYMBOL[m[2]]);
}

/** Red suits are drawn in red. */
export function isRed(suitOrCall: string): boolean {
  return /[HD]$/.test(suitOrCall) || suitOrCall === "♥" || suitOrCall === "♦";
}

/** Cancelled calls are struck through, with the law or branch that cancelled them. */
export function cancelledBy(s: CallStatus): string | null {
  return typeof s === "object" && "Cancelled" in s ? s.Cancelled.law : null;
}

export function seatName(seat: string): string {
  return t(`seat.${seat}` as MessageKey);
}

/** The deal's hands in diagram order: North on top, West and East, South below. */
export function diagramOrder<T extends { seat: string }>(hands: T[]): (T | undefined)[] {
  return ["N", "W", "E", "S"].map((s) => hands.find((h) => h.seat === s));
}
