// How cards and calls are shown: suit symbols (with the letter kept for screen readers in
// the title), the language's honours (A K Q J 10, DBV A K D B 10, DBf E K D B 10; never T)
// and no-trump (NT, DBV SA, Danish UT), seats in the chosen language, and which auction cells
// are struck through. The twin of the engine's `i18n::cards` for what the UI renders itself.
import { locale, t, type Lang, type MessageKey } from "./i18n/index.svelte";
import type { CallStatus } from "./types";

export const SUIT_SYMBOL: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

const HONOURS: Record<Lang, Record<string, string>> = {
  en: { A: "A", K: "K", Q: "Q", J: "J", T: "10" },
  de: { A: "A", K: "K", Q: "D", J: "B", T: "10" },
  da: { A: "E", K: "K", Q: "D", J: "B", T: "10" },
};
const NO_TRUMP: Record<Lang, string> = { en: "NT", de: "SA", da: "UT" };
/** A contract's doubled and redoubled marks (Dansk Bridge writes D and RD). */
const DOUBLED: Record<Lang, [string, string]> = { en: ["X", "XX"], de: ["X", "XX"], da: ["D", "RD"] };

/** An engine rank letter (`A K Q J T 9 … 2`) as the language writes it: `D`, `B`, `10`. */
export function rankText(rank: string, lang: Lang = locale.lang): string {
  return HONOURS[lang][rank.toUpperCase()] ?? rank;
}

/** An engine card code (`SQ`, `HT`) as `♠D`, `♥10`; anything else as it is. */
export function cardText(card: string, lang: Lang = locale.lang): string {
  const m = /^([SHDC])([2-9TJQKA])$/i.exec(card.trim());
  if (!m) return card;
  return SUIT_SYMBOL[m[1].toUpperCase()] + rankText(m[2], lang);
}

/** "1S" → "1♠", "3NT" → "3NT" / "3SA" / "3UT"; anything else (Pass, X) as it is. */
export function callText(call: string, lang: Lang = locale.lang): string {
  const m = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  if (!m) return call;
  return m[1] + (m[2] === "NT" ? NO_TRUMP[lang] : SUIT_SYMBOL[m[2]]);
}

/** A contract code ("4SX", "3NTXX", "Pass") as `4♠X`, `3SAXX`, Danish `4♠D`. */
export function contractText(contract: string, lang: Lang = locale.lang): string {
  const m = /^([1-7](?:C|D|H|S|NT))(XX|X)?$/.exec(contract.trim());
  if (!m) return contract === "Pass" ? t("call.pass") : contract;
  const mark = m[2] === "X" ? DOUBLED[lang][0] : m[2] === "XX" ? DOUBLED[lang][1] : "";
  return callText(m[1], lang) + mark;
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

/** The deal's hands in diagram order: North on top, West and East at the sides, South below. */
export function diagramOrder<T extends { seat: string }>(hands: T[]): (T | undefined)[] {
  return ["N", "W", "E", "S"].map((s) => hands.find((h) => h.seat === s));
}
