// Which step forms the Appeals screen offers: the engine lists the pipeline steps the
// signing key's role may take from the appeal's state (state machine C); the two routing
// steps share one form. The guards (consent, category, membership) still decide on save.

export type StepForm = "consent" | "route" | "convene" | "hear" | "decide" | "refer" | "further_appeal" | "withdraw";

const ORDER: StepForm[] = ["consent", "route", "convene", "hear", "decide", "refer", "further_appeal", "withdraw"];

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
