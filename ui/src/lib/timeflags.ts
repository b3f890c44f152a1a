// The "Signed time" section of the Tournament screen: late arrivals (steps first received
// after their deadline, held until the chief TD accepts them) and future-dated events, as the
// engine lists them in the summary; which of them are still open; and why an Accept button
// is disabled. Nothing is decided here that the engine decides: the log refuses an
// acceptance a chief TD key did not sign, and the command checks the flag is open.
import type { FutureDatedRow, LateArrivalRow, Summary } from "./types";

/** One flag as the section lists it. */
export interface TimeFlag {
  kind: "late" | "future";
  event: string;
  /** The law prefilled in the Accept form (a late arrival's missed deadline; none for a
   * future-dated event, the chief TD names it). */
  law: string;
  open: boolean;
  late?: LateArrivalRow;
  future?: FutureDatedRow;
}

/** Late arrivals first (in the engine's order), then future-dated events. */
export function timeFlags(s: Pick<Summary, "late_arrivals" | "future_dated">): TimeFlag[] {
  return [
    ...s.late_arrivals.map((l) => ({ kind: "late" as const, event: l.event, law: l.law, open: l.accepted === null, late: l })),
    ...s.future_dated.map((f) => ({ kind: "future" as const, event: f.event, law: "", open: true, future: f })),
  ];
}

/** How many flags still wait for the chief TD. */
export function openCount(flags: TimeFlag[]): number {
  return flags.filter((f) => f.open).length;
}

/** Why the Accept button is disabled (a catalogue key suffix), or null when it may be pressed. */
export type AcceptBlock = "notChief" | "law" | "reason" | "busy";

export function acceptBlocked(role: string | null, law: string, reason: string, busy: boolean): AcceptBlock | null {
  if (role !== "chief_td") return "notChief";
  if (busy) return "busy";
  if (!law.trim()) return "law";
  if (!reason.trim()) return "reason";
  return null;
}
