// The adjusted-score part of a ruling or an appeal decision (Law 12), from the form's fields
// to the engine's `Adjustment`. Presets are the usual artificial scores: 60/40 = average
// plus to N-S and average minus to E-W (Law 12C2).
import type { Adjustment, Artificial } from "./types";

export type AdjustKind = "none" | "artificial" | "assigned";

export interface AdjustFields {
  kind: AdjustKind;
  ns: Artificial;
  ew: Artificial;
  contract: string;
  declarer: string;
  tricks: string;
}

export const ARTIFICIAL: Artificial[] = ["average_plus", "average", "average_minus"];

export const PRESETS: Record<string, [Artificial, Artificial]> = {
  "60/40": ["average_plus", "average_minus"],
  "50/50": ["average", "average"],
  "40/60": ["average_minus", "average_plus"],
  "60/60": ["average_plus", "average_plus"],
  "40/40": ["average_minus", "average_minus"],
};

export function blankAdjust(): AdjustFields {
  return { kind: "none", ns: "average", ew: "average", contract: "", declarer: "", tricks: "" };
}

/** The preset a pair of artificial scores matches ("60/40"), if any. */
export function presetOf(ns: Artificial, ew: Artificial): string | null {
  return Object.entries(PRESETS).find(([, [a, b]]) => a === ns && b === ew)?.[0] ?? null;
}

/** The adjustment, `undefined` for none, or an error key when a field is wrong. */
export function toAdjustment(f: AdjustFields): { ok: Adjustment | undefined } | { error: "contract" | "declarer" | "tricks" } {
  if (f.kind === "none") return { ok: undefined };
  if (f.kind === "artificial") return { ok: { kind: "artificial", ns: f.ns, ew: f.ew } };
  const contract = f.contract.trim().toUpperCase().replace(/\s+/g, "");
  if (!/^(PASS|[1-7](C|D|H|S|NT)X{0,2})$/.test(contract)) return { error: "contract" };
  if (contract === "PASS") return { ok: { kind: "assigned", contract: "Pass" } };
  const declarer = f.declarer.trim().toUpperCase();
  if (!["N", "E", "S", "W"].includes(declarer)) return { error: "declarer" };
  const tricks = Number(f.tricks);
  if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13 || f.tricks.trim() === "") return { error: "tricks" };
  return { ok: { kind: "assigned", contract, declarer, tricks } };
}

/** "27B1(a), 12C2" or "27B1(a) 12C2" → ["27B1(a)", "12C2"]. */
export function parseLaws(s: string): string[] {
  return s.split(/[,;\s]+/).map((l) => l.replace(/^(law|regel|lov)\s*/i, "").trim()).filter(Boolean);
}

/** One option per line (Law 10C1: the options the TD explained). */
export function parseLines(s: string): string[] {
  return s.split("\n").map((l) => l.trim()).filter(Boolean);
}
