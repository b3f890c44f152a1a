// The incident screen's decision tree (the "wizard"): for an irregularity, the law's options
// as the engine lists them, each with its branch id, who chooses it, the TD's question (a
// judgement branch) and its consequences, and whether this screen offers to sign it. Pure:
// tested. The engine decides which branches exist and which one applied; the UI only lays
// them out and offers a signed bridge.ruling where the Director is the one who chooses.
import { cite, locale, type Lang, type MessageKey } from "./i18n/index.svelte";
import type { IncidentItem, OptionView } from "./types";

/** The law a branch id applies ("27B1a"; "30-29A" is Law 29A in the tree of Law 30;
 * "25A-late" and "50D2a-require" are Law 25A and 50D2a), for showing it cited. */
export function branchLaw(id: string): string {
  const m = /^(?:\d+-)?(\d+[A-Z]?[0-9a-z]*)(?:-[a-z]+)?$/.exec(id);
  return m ? m[1] : id;
}

/** A branch as the language's edition cites its law: "Law 27B1a", "§ 27 B 1 a", "§ 27B1a". */
export function branchLabel(id: string, lang: Lang = locale.lang): string {
  return cite(lang, branchLaw(id));
}

export interface OptionRow {
  /** The branch id of the law's decision tree (sent with the ruling). */
  branch: string;
  /** The branch's law as the language cites it (what the screen shows). */
  label: string;
  when: string;
  chooser: string;
  question: string | null;
  consequences: { key: string; text: string }[];
  applied: boolean;
  /** Offer "Rule BRANCH (sign)": only while pending, only for a branch the Director chooses,
   *  only where the choice is recorded as a ruling (an opponent's option is a play option). */
  signable: boolean;
}

/** May the TD sign this branch from the incident screen? */
export function signable(item: IncidentItem, o: OptionView): boolean {
  return item.pending && item.recorded_as === "ruling" && o.decided_by === "Director";
}

/** The options of one irregularity, in the engine's order, ready to show. */
export function optionRows(item: IncidentItem, lang: Lang = locale.lang): OptionRow[] {
  return item.options.map((o) => ({
    branch: o.id,
    label: branchLabel(o.id, lang),
    when: o.when.text,
    chooser: o.decided_by_text.text,
    question: o.judgement?.text ?? null,
    consequences: o.consequences.map((c) => ({ key: c.key, text: c.text })),
    applied: o.applied,
    signable: signable(item, o),
  }));
}

/** The irregularity's state line: pending, or the branch it settled on; and who chooses. */
export function stateLine(item: IncidentItem, lang: Lang = locale.lang): { key: MessageKey; params: Record<string, string>; choosers: string } {
  return {
    key: item.pending ? "board.pending" : "board.settled",
    params: item.pending ? {} : { branch: item.branch ? branchLabel(item.branch, lang) : "" },
    choosers: item.chosen_by.map((m) => m.text).join("; "),
  };
}
