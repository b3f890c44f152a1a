// The appeal procedure's forms (Law 93 and the regulations): who attended the hearing, typed
// as names per side, and the decisions that may be announced (those that stand).
import type { Appeal, Attendee } from "./types";

type Sides = Record<Attendee["party"], string>;

/** The attendees as typed: names separated by commas, semicolons or new lines, per side. */
export function attendees(sides: Sides): Attendee[] {
  const out: Attendee[] = [];
  for (const party of ["appellant", "respondent", "director", "witness"] as const) {
    for (const name of sides[party].split(/[,;\n]+/)) {
      if (name.trim()) out.push({ name: name.trim(), party });
    }
  }
  return out;
}

export interface Announceable {
  event: string;
  decision: string;
  signer: string;
  time: string;
}

/** The decisions a TD may announce, oldest first: those that stand (at their quorum, or the
 * chief TD's), and the regulating authority's answer. */
export function standingDecisions(a: Pick<Appeal, "decisions" | "authority">): Announceable[] {
  const out: Announceable[] = a.decisions
    .filter((d) => d.effective)
    .map((d) => ({ event: d.signed.event, decision: d.decided.decision, signer: d.signed.signer, time: d.signed.time }));
  if (a.authority) {
    const [x, s] = a.authority;
    out.push({ event: s.event, decision: x.decision, signer: `${x.authority} (${s.signer})`, time: s.time });
  }
  return out;
}
