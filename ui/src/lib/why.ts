// Why a button is disabled: every form's "may I press this?" as a pure function that returns
// the first unmet condition (in the order the form asks for them) as a catalogue key, or null
// when the button may be pressed. The screens show the reason next to the button and as its
// tooltip (components/ActButton.svelte), in the UI's language. The engine still decides on
// save (roles, law guards); these are only the conditions the form itself can see.
import { t, type MessageKey } from "./i18n/index.svelte";
import { hasNext, hasPrev, type PageState } from "./paging";
import { choiceReady } from "./play";
import type { PlayChoice } from "./types";

/** A reason: a catalogue key, with a field's label (a key, localised when shown). */
export interface Why {
  key: MessageKey;
  field?: MessageKey;
  params?: Record<string, string | number>;
}

/** One condition of a form: met, or the reason it is not. */
export type Check = [met: boolean, why: Why];

/** The first unmet condition, or null when every one is met. */
export function firstUnmet(checks: Check[]): Why | null {
  for (const [met, why] of checks) if (!met) return why;
  return null;
}

export const BUSY: Why = { key: "why.busy" };
/** "Fill in: Grounds". */
export const fill = (field: MessageKey): Why => ({ key: "why.fill", field });
const filled = (s: string) => s.trim() !== "";
const isCount = (s: string) => /^\d+$/.test(s.trim()) && Number(s) > 0;
/** A number of tricks (0-13), as typed. */
export const isTricks = (v: string) => /^\d{1,2}$/.test(v.trim()) && Number(v) <= 13;

/** The reason as the TD reads it, in the UI's language. */
export function whyText(w: Why): string {
  const field = w.field ? t(w.field).replace(/[:：]\s*$/, "") : "";
  return t(w.key, { ...(w.params ?? {}), field });
}

// Board: calls, play options, claims, penalty cards, revokes, the incident's branches.

export const callWhy = (busy: boolean, call: string) =>
  firstUnmet([[!busy, BUSY], [filled(call), fill("board.call")]]);

export function choiceWhy(busy: boolean, choices: PlayChoice[], chosen: string, suit: string): Why | null {
  const c = choices.find((x) => x.id === chosen);
  return firstUnmet([[!busy, BUSY], [c !== undefined, { key: "why.choose" }], [!c || choiceReady(c, suit), { key: "why.suit" }]]);
}

export const claimWhy = (busy: boolean, claimer: string, tricks: string) =>
  firstUnmet([[!busy, BUSY], [claimer !== "", fill("acts.claimer")], [isTricks(tricks), { key: "why.tricks" }]]);

export const claimRuleWhy = (busy: boolean, tricks: string) =>
  firstUnmet([[!busy, BUSY], [isTricks(tricks), { key: "why.tricks" }]]);

export const cardWhy = (busy: boolean, card: string, field: MessageKey) =>
  firstUnmet([[!busy, BUSY], [filled(card), fill(field)]]);

export const busyWhy = (busy: boolean) => (busy ? BUSY : null);

// Rulings and notes.

export interface RulingFormState {
  round: number | null | "invalid"; table: number | null | "invalid"; board: number | null | "invalid";
  ns: string; ew: string; facts: string; decision: string; laws: readonly string[];
  adjust: { ok: unknown } | { error: "contract" | "declarer" | "tricks" };
}

export function rulingWhy(busy: boolean, f: RulingFormState): Why | null {
  const slot = [f.round, f.table, f.board].every((n) => typeof n === "number");
  return firstUnmet([
    [!busy, BUSY],
    [slot, { key: "why.slot" }],
    [filled(f.ns), fill("rulings.ns")],
    [filled(f.ew), fill("rulings.ew")],
    [filled(f.facts), fill("rulings.facts")],
    [f.laws.length > 0, { key: "why.laws" }],
    [filled(f.decision), fill("rulings.decision")],
    ["ok" in f.adjust, { key: "error" in f.adjust ? (`adjust.error.${f.adjust.error}` as MessageKey) : "why.busy" }],
  ]);
}

/** The most characters a signed note holds (the engine's `check_text` for `director.note`). */
export const NOTE_MAX = 10_000;

export function noteWhy(busy: boolean, text: string, nums: Record<"round" | "table" | "board", number | null | "invalid">): Why | null {
  const bad = (["round", "table", "board"] as const).find((k) => nums[k] === "invalid");
  return firstUnmet([
    [!busy, BUSY],
    [filled(text), fill("record.text")],
    [[...text.trim()].length <= NOTE_MAX, { key: "why.tooLong", params: { max: NOTE_MAX } }],
    [bad === undefined, { key: "why.number", field: bad ? (`record.${bad}` as MessageKey) : undefined }],
  ]);
}

// Publish: corrections, late consents, the organiser's settings.

export function correctionWhy(busy: boolean, c: { ok: unknown } | { error: string }): Why | null {
  const key = "error" in c
    ? (c.error === "slot" || c.error === "reason" ? `correction.error.${c.error}` : `adjust.error.${c.error}`) as MessageKey
    : "why.busy";
  return firstUnmet([[!busy, BUSY], ["ok" in c, { key }]]);
}

export function lateConsentWhy(busy: boolean, round: string, table: string, board: string, reason: string): Why | null {
  return firstUnmet([[!busy, BUSY], [[round, table, board].every(isCount), { key: "why.slot" }], [filled(reason), fill("consent.reason")]]);
}

export function settingsWhy(busy: boolean, s: { ok: unknown } | { error: string } | null): Why | null {
  return firstUnmet([
    [!busy, BUSY],
    [s !== null, { key: "why.loading" }],
    [s === null || "ok" in s, { key: s && "error" in s ? (`settings.error.${s.error}` as MessageKey) : "why.loading" }],
  ]);
}

// Appeals.

export const fileWhy = (busy: boolean, ruling: string, appellant: string, grounds: string) =>
  firstUnmet([[!busy, BUSY], [ruling !== "", fill("appeals.ruling")], [appellant !== "", fill("appeals.appellant")], [filled(grounds), fill("appeals.grounds")]]);

/** A step form whose fields must all be filled in: each `[value, its label]`. */
export function stepWhy(busy: boolean, fields: [string, MessageKey][]): Why | null {
  return firstUnmet([[!busy, BUSY], ...fields.map(([v, k]): Check => [filled(v), fill(k)])]);
}

export function conveneWhy(busy: boolean, members: string[], chair: string, quorum: number): Why | null {
  const q = Math.max(1, quorum);
  return firstUnmet([
    [!busy, BUSY],
    [members.length >= q, { key: "why.quorum", params: { quorum: q } }],
    [members.includes(chair), { key: "why.chair" }],
  ]);
}

export function decideWhy(busy: boolean, decision: string, reasoning: string, hasAdjustment: boolean): Why | null {
  return firstUnmet([
    [!busy, BUSY],
    [decision !== "changed" || hasAdjustment, { key: "why.newScore" }],
    [filled(reasoning), fill("appeals.reasoning")],
  ]);
}

/** The authority's answer (Law 93C2): the authority, the new score when changed, the
 * reasoning and the document it came in. */
export function answerWhy(busy: boolean, authority: string, decision: string, reasoning: string, document: string, hasAdjustment: boolean): Why | null {
  return firstUnmet([
    [!busy, BUSY],
    [filled(authority), fill("appeals.authorityName")],
    [decision !== "changed" || hasAdjustment, { key: "why.newScore" }],
    [filled(reasoning), fill("appeals.reasoning")],
    [filled(document), fill("appeals.document")],
  ]);
}

// Start: keys, enrolment, a new log.

export function enrolWhy(isChief: boolean, code: string | null, holder: string): Why | null {
  return firstUnmet([[isChief, { key: "why.notChief" }], [code !== null, { key: "why.fingerprint" }], [filled(holder), fill("enrol.holder")]]);
}

export function revokeWhy(isChief: boolean, code: string | null, reason: string): Why | null {
  return firstUnmet([[isChief, { key: "why.notChief" }], [code !== null, { key: "why.fingerprint" }], [filled(reason), fill("enrol.revokeReason")]]);
}

export const createLogWhy = (hasKey: boolean) => (hasKey ? null : ({ key: "why.noKey" } as Why));

// Paging.

export const prevWhy = (p: PageState) => (hasPrev(p) ? null : ({ key: "why.firstPage" } as Why));
export const nextWhy = (p: PageState) => (hasNext(p) ? null : ({ key: "why.lastPage" } as Why));
