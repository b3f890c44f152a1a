// The adjustment assistant (Law 12C1): the outcomes of a weighted score as the TD types them
// (contract, declarer, tricks, weight), read into the engine's `Weighted` values. The engine
// (`tdlog::views::adjust`, command `adjust_assistant`) scores them; nothing is computed here
// but the form's checks, so the panel shows exactly the CLI's numbers (`tdlog adjust`).
/** One outcome as typed: contract with or without its result (`4S`, `4S=`, `4S-1`). */
export interface OutcomeFields {
  contract: string;
  declarer: string;
  tricks: string;
  weight: string;
}

/** An outcome as the engine takes it (`events::Weighted`). */
export interface Weighted {
  weight: number;
  contract: string;
  declarer?: string;
  tricks?: number;
}

export type OutcomeError = "contract" | "declarer" | "tricks" | "weight";

/** A weighted score as a ruling or a decision signs it (`Adjustment::Weighted`, Law 12C1(c));
 * `ew`: E-W weighted differently (absent: the same weights for both sides). */
export interface WeightedAdjustment { kind: "weighted"; ns: Weighted[]; ew?: Weighted[] }

const sameOutcome = (a: Weighted, b: Weighted) =>
  a.weight === b.weight && a.contract.toUpperCase() === b.contract.toUpperCase() &&
  (a.declarer ?? null) === (b.declarer ?? null) && (a.tricks ?? null) === (b.tricks ?? null);
const sameList = (a: Weighted[], b: Weighted[]) => a.length === b.length && a.every((x, i) => sameOutcome(x, b[i]));

/** Whether the engine's weighted score is the one the panel holds now: the figures shown
 * belong to it, so it may be signed (a reply to an older request, while the TD is still
 * typing, may not). `ew`: the E-W outcomes when E-W are weighted differently. */
export function sameWeighted(a: WeightedAdjustment | null, ns: Weighted[], ew: Weighted[] | null): boolean {
  if (!a || !sameList(a.ns, ns)) return false;
  return ew == null ? a.ew == null : a.ew != null && sameList(a.ew, ew);
}

export function blankOutcome(): OutcomeFields {
  return { contract: "", declarer: "", tricks: "", weight: "" };
}

const CONTRACT = /^(PASS|([1-7])(C|D|H|S|NT)(X{0,2}))(=|[+-]\d{1,2})?$/;

/** One typed outcome, or what is wrong with it. `4S=` / `4S-1` give the tricks themselves. */
export function toWeighted(f: OutcomeFields): { ok: Weighted } | { error: OutcomeError } {
  const m = CONTRACT.exec(f.contract.trim().toUpperCase().replace(/\s+/g, ""));
  if (!m || (m[1] === "PASS" && m[5])) return { error: "contract" };
  const w = f.weight.trim().replace(/%$/, "").trim();
  const weight = Number(w);
  if (w === "" || !Number.isInteger(weight) || weight <= 0) return { error: "weight" };
  if (m[1] === "PASS") return { ok: { weight, contract: "Pass" } };
  const declarer = f.declarer.trim().toUpperCase();
  if (!["N", "E", "S", "W"].includes(declarer)) return { error: "declarer" };
  const need = 6 + Number(m[2]);
  const tricks = m[5] ? (m[5] === "=" ? need : need + Number(m[5])) : Number(f.tricks);
  if ((!m[5] && f.tricks.trim() === "") || !Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
    return { error: "tricks" };
  }
  return { ok: { weight, contract: `${m[2]}${m[3]}${m[4]}`, declarer, tricks } };
}

const blank = (r: OutcomeFields) => !r.contract.trim() && !r.weight.trim() && !r.declarer.trim() && !r.tricks.trim();

/** Every complete outcome (rows left blank are skipped), or the first row that is wrong. */
export function toOutcomes(rows: OutcomeFields[]): { ok: Weighted[] } | { error: OutcomeError; row: number } {
  const out: Weighted[] = [];
  for (const [i, r] of rows.entries()) {
    if (blank(r)) continue;
    const w = toWeighted(r);
    if ("error" in w) return { error: w.error, row: i };
    out.push(w.ok);
  }
  return { ok: out };
}

/** For each row, the index of its outcome among those sent (`null` for a blank row). */
export function outcomeIndex(rows: OutcomeFields[]): (number | null)[] {
  let n = 0;
  return rows.map((r) => (blank(r) ? null : n++));
}

// The engine's view model (tdlog::views::adjust::AdjustScreen), the parts the panel reads.
export interface Msg { key: string; text: string; params?: Record<string, string> }

export interface Scored {
  mp_ns: number | null; mp_ew: number | null; mp_top: number | null;
  pct_ns: number | null; pct_ew: number | null;
  imp_ns: number | null; imp_ew: number | null;
  text_ns: string | null; text_ew: string | null;
  note: string | null;
}

export type OutcomeView = { weight: number; share: number; text: string; score_ns: number | null; error: string | null } & Scored;

export interface ParView { score: number; contracts: { contract: string; declarer: string; overtricks: number }[] }

export interface AdjustScreen {
  title: Msg;
  heading: Msg;
  slot: { section: string; round: number; table: number; board: number } | null;
  ns: string | null; ew: string | null;
  dealer: string; vulnerable: string; dealer_vul: Msg;
  method: string; unit: "mp" | "imp" | "points"; method_text: Msg; policy: string | null;
  double_dummy: {
    strains: string[]; strain_text: string[];
    rows: { declarer: string; declarer_text: string; tricks: number[] }[];
    pbn: string; par_ns: ParView; par_ew: ParView; par_text: string[];
  } | null;
  no_deal: Msg | null;
  table_result: string | null;
  field: ({ round: number; table: number; ns: string; ew: string; text: string; score_ns: number | null; other_table: boolean } & Scored)[];
  outcomes: OutcomeView[];
  /** E-W's own outcomes when E-W are weighted differently (E-W's figures count there). */
  outcomes_ew?: OutcomeView[] | null;
  weighted: Scored | null;
  /** The weighted score as a ruling would sign it (`{kind: "weighted", ns: [...], ew?: [...]}`). */
  adjustment: WeightedAdjustment | null;
  labels: Record<"dd" | "dd_explain" | "declarer" | "par" | "field" | "field_empty" | "other_table" | "outcomes" | "outcomes_ew" | "outcomes_empty" | "weight" | "outcome" | "score" | "weighted" | "ns" | "ew", string>;
}

/** Where the assistant looks: a board, and the table adjusted (else the latest ruling's). */
export interface AdjustAt { section: string; board: number; round: number | null; table: number | null }
