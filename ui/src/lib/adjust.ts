// The adjusted-score part of a ruling or an appeal decision (Law 12), from the form's fields
// to the engine's `Adjustment`. Presets are the usual artificial scores: 60/40 = average
// plus to N-S and average minus to E-W (Law 12C2).
// A weighted score (Law 12C1(c)) is not typed here: it is the assistant's, taken with "use
// this weighted score", so the ruling signs exactly what the assistant scored.
import type { Adjustment, Artificial } from "./types";
import type { Weighted, WeightedAdjustment } from "./assistant";
import { t, type MessageKey } from "./i18n/index.svelte";

export type AdjustKind = "none" | "artificial" | "assigned" | "weighted";

export interface AdjustFields {
  kind: AdjustKind;
  ns: Artificial;
  ew: Artificial;
  contract: string;
  declarer: string;
  tricks: string;
  /** The assistant's weighted score, once taken; `null` before. */
  weighted: WeightedAdjustment | null;
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
  return { kind: "none", ns: "average", ew: "average", contract: "", declarer: "", tricks: "", weighted: null };
}

/** The preset a pair of artificial scores matches ("60/40"), if any. */
export function presetOf(ns: Artificial, ew: Artificial): string | null {
  return Object.entries(PRESETS).find(([, [a, b]]) => a === ns && b === ew)?.[0] ?? null;
}

/** The adjustment, `undefined` for none, or an error key when a field is wrong. */
export function toAdjustment(f: AdjustFields): { ok: Adjustment | undefined } | { error: "contract" | "declarer" | "tricks" | "weighted" } {
  if (f.kind === "none") return { ok: undefined };
  if (f.kind === "artificial") return { ok: { kind: "artificial", ns: f.ns, ew: f.ew } };
  if (f.kind === "weighted") return f.weighted ? { ok: f.weighted } : { error: "weighted" };
  return toAssigned(f);
}

type Assigned = { kind: "assigned"; contract: string; declarer?: string; tricks?: number };

/** An assigned result (Law 12C1(b)) from contract, declarer and tricks as typed. */
export function toAssigned(f: { contract: string; declarer: string; tricks: string }): { ok: Assigned } | { error: "contract" | "declarer" | "tricks" } {
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

/** The fields holding the assistant's weighted score (the other fields kept as they were). */
export function useWeighted(f: AdjustFields, a: WeightedAdjustment): AdjustFields {
  return { ...f, kind: "weighted", weighted: { kind: "weighted", ns: a.ns.map((w) => ({ ...w })), ...(a.ew ? { ew: a.ew.map((w) => ({ ...w })) } : {}) } };
}

/** Laws with 12C1(c) added when a weighted score is signed and it is not cited yet. */
export function withWeightedLaw(laws: string): string {
  if (parseLaws(laws).some((l) => l.toUpperCase() === "12C1(C)")) return laws;
  return laws.trim() ? `${laws.trim().replace(/[,;]$/, "")}, 12C1(c)` : "12C1(c)";
}

const result = (r: { contract: string; declarer?: string; tricks?: number }) =>
  `${r.contract}${r.declarer ? " " + r.declarer : ""}${r.tricks != null ? ", " + r.tricks : ""}`;

/** Outcomes with their shares of the whole: "30 %: 3NT S, 9 + 70 %: 3NT S, 8". */
export function weightedText(list: Weighted[]): string {
  const total = list.reduce((n, w) => n + w.weight, 0);
  const pct = (w: number) => Math.round((10000 * w) / (total || 1)) / 100;
  return list.map((w) => `${pct(w.weight)} %: ${result(w)}`).join(" + ");
}

/** An adjusted score as one line, in the reader's language. */
export function adjustmentText(a: Adjustment | undefined | null): string {
  if (!a) return "";
  if (a.kind === "artificial") return `${t(`adjust.${a.ns}` as MessageKey)} / ${t(`adjust.${a.ew}` as MessageKey)}`;
  if (a.kind === "weighted") {
    return a.ew ? `${t("adjust.ns")} ${weightedText(a.ns)} · ${t("adjust.ew")} ${weightedText(a.ew)}` : weightedText(a.ns);
  }
  return result(a);
}
