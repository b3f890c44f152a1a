// Which step forms the Appeals screen offers: the engine lists the pipeline steps the
// signing key's role may take from the appeal's state (state machine C); the two routing
// steps share one form. The guards (consent, category, membership) still decide on save.
import type { AppealPart, AppealRow } from "./types";

export type StepForm = "resolve" | "consent" | "route" | "convene" | "notify" | "hearing" | "hear" | "decide" | "cosign" | "announce" | "refer" | "further_appeal" | "authority_answer" | "withdraw";

// A conflict is settled first (nothing else applies while it is open, Law 93); a committee
// decision waiting for its quorum is co-signed right after the decide form (Law 93B).
// The procedure's steps sit where they happen: the parties told before the hearing, its
// record before the statements, the announcement after the decision stands.
const ORDER: StepForm[] = ["resolve", "consent", "route", "convene", "notify", "hearing", "hear", "decide", "cosign", "announce", "refer", "further_appeal", "authority_answer", "withdraw"];

export function stepForms(nextSteps: string[]): StepForm[] {
  const forms = new Set<StepForm>();
  for (const s of nextSteps) {
    if (s === "route_to_chief_td" || s === "route_to_committee") forms.add("route");
    else if ((ORDER as string[]).includes(s)) forms.add(s as StepForm);
  }
  return ORDER.filter((f) => forms.has(f));
}

/** The forums a route form offers, from the allowed steps. */
export function routeTargets(nextSteps: string[]): ("committee" | "chief_td")[] {
  const out: ("committee" | "chief_td")[] = [];
  if (nextSteps.includes("route_to_committee")) out.push("committee");
  if (nextSteps.includes("route_to_chief_td")) out.push("chief_td");
  return out;
}

export const DECISIONS = ["upheld", "changed", "recommendation_only", "without_merit"] as const;

/** A decision form is complete: reasoning given, and a new score exactly when changed. */
export function decisionComplete(decision: string, reasoning: string, hasAdjustment: boolean): boolean {
  if (reasoning.trim() === "") return false;
  return decision === "changed" ? hasAdjustment : true;
}

/** Members and chair make a committee: at least `quorum` members, the chair among them. */
export function committeeComplete(members: string[], chair: string, quorum: number): boolean {
  return members.length >= Math.max(1, quorum) && members.includes(chair);
}

// A mixed appeal (Law 93B1/B2): routing, convening and deciding name a part once the
// appeal is heard in parts; the first routing may split it (or route it whole).

/** The forms of an appeal: its own next steps and those of each of its parts. */
export function formsOf(row: Pick<AppealRow, "next_steps" | "part_steps">): StepForm[] {
  return stepForms([...row.next_steps, ...row.part_steps.flatMap((p) => p.next_steps)]);
}

const STEPS_OF: Partial<Record<StepForm, string[]>> = {
  route: ["route_to_chief_td", "route_to_committee"],
  convene: ["convene"],
  decide: ["decide"],
};

/** The parts a form may name: "" is the whole appeal. A route form of an appeal not yet in
 * parts offers the whole appeal or either part (routing one part splits it); once in parts,
 * only the parts whose own steps allow the form. Forms that never name a part: none. */
export function partChoices(row: Pick<AppealRow, "next_steps" | "part_steps">, form: StepForm): ("" | AppealPart)[] {
  const steps = STEPS_OF[form];
  if (!steps) return [];
  if (row.part_steps.length) return row.part_steps.filter((p) => p.next_steps.some((s) => steps.includes(s))).map((p) => p.part);
  return form === "route" && row.next_steps.some((s) => steps.includes(s)) ? ["", "law", "judgement"] : [];
}

/** The steps open to a form's chosen part ("" or none: the whole appeal). */
export function stepsFor(row: Pick<AppealRow, "next_steps" | "part_steps">, part: "" | AppealPart): string[] {
  if (part === "" || !row.part_steps.length) return row.next_steps;
  return row.part_steps.find((p) => p.part === part)?.next_steps ?? [];
}

type Decisions = AppealRow["appeal"]["decisions"];

/** The committee decision waiting for co-signatures (Law 93B): the latest one by a convened
 * committee's chair that has not taken effect. */
export function waitingDecision(decisions: Decisions): Decisions[number] | null {
  const d = [...decisions].reverse().find((x) => x.committee);
  return d && !d.effective ? d : null;
}

/** Concurring signatures so far, the chair's included. */
export function concurring(d: Decisions[number]): number {
  return 1 + (d.cosigns ?? []).filter((c) => c.vote === "concur").length;
}

/** The open conflict's steps (Law 93): the choices of the resolve form. */
export function conflictChoices(row: Pick<AppealRow, "appeal">): { event: string; label: string }[] {
  const open = row.appeal.conflicts?.find((c) => !c.resolved);
  return (open?.steps ?? []).map((s) => ({ event: s.event, label: `${s.kind} · ${s.signer} · ${s.time}` }));
}
