import { describe, expect, it } from "vitest";
import { branchLabel, branchLaw, optionRows, signable, stateLine } from "./incident";
import type { IncidentItem, Msg, OptionView } from "./types";

const msg = (key: string, text: string): Msg => ({ key, text });
const opt = (id: string, decided_by: string, over: Partial<OptionView> = {}): OptionView => ({
  id,
  when: msg(`tree.${id}`, `when ${id}`),
  decided_by,
  decided_by_text: msg(`decider.${decided_by}`, decided_by === "Director" ? "the director" : "the offender's LHO"),
  judgement: null,
  consequences: [msg("cons.cancel", "the call is cancelled")],
  applied: false,
  ...over,
});

// Law 27, insufficient bid: LHO may accept (27A1); otherwise the TD rules a branch of 27B.
const law27 = (over: Partial<IncidentItem> = {}): IncidentItem => ({
  phase: "auction", at: 3, law: "27", title: msg("irr.27", "Insufficient bid"), offender: "E", action: "1S", action_text: "1♠",
  description: "", branch: null, pending: true, recorded_as: "ruling",
  chosen_by: [msg("decider.OffendersLho", "the offender's LHO"), msg("decider.Director", "the director")],
  options: [
    opt("27A1", "OffendersLho", { consequences: [msg("cons.stands", "the call stands"), msg("cons.none", "no further rectification")] }),
    opt("27B1a", "Director", { judgement: msg("q.27B1a", "Does the replacement specify the same denomination(s)?") }),
    opt("27B2", "Director", { consequences: [msg("cons.cancel", "the call is cancelled"), msg("cons.bar", "partner must pass for the rest of the auction")] }),
  ],
  ...over,
});

describe("incident decision tree (law 27, insufficient bid)", () => {
  it("lists every branch in the engine's order with who chooses it", () => {
    const rows = optionRows(law27());
    expect(rows.map((r) => r.branch)).toEqual(["27A1", "27B1a", "27B2"]);
    expect(rows.map((r) => r.chooser)).toEqual(["the offender's LHO", "the director", "the director"]);
    expect(rows[0].when).toBe("when 27A1");
  });

  it("shows each branch's consequences and the TD's question only on a judgement branch", () => {
    const rows = optionRows(law27());
    expect(rows[0].consequences.map((c) => c.text)).toEqual(["the call stands", "no further rectification"]);
    expect(rows[2].consequences.map((c) => c.key)).toEqual(["cons.cancel", "cons.bar"]);
    expect(rows.map((r) => r.question)).toEqual([null, "Does the replacement specify the same denomination(s)?", null]);
  });

  it("offers the sign button only for the Director's branches (27A1 is the LHO's acceptance)", () => {
    expect(optionRows(law27()).map((r) => r.signable)).toEqual([false, true, true]);
  });

  it("offers no sign button once the irregularity is settled, and marks the applied branch", () => {
    const settled = law27({ pending: false, branch: "27B2" });
    settled.options = settled.options.map((o) => ({ ...o, applied: o.id === "27B2" }));
    const rows = optionRows(settled);
    expect(rows.map((r) => r.signable)).toEqual([false, false, false]);
    expect(rows.filter((r) => r.applied).map((r) => r.branch)).toEqual(["27B2"]);
    expect(stateLine(settled, "en")).toEqual({ key: "board.settled", params: { branch: "Law 27B2" }, choosers: "the offender's LHO; the director" });
    expect(stateLine(settled, "de").params.branch).toBe("§ 27 B 2");
  });

  it("offers no ruling where the choice is a play option or follows from the record alone", () => {
    const lead = law27({ phase: "play", law: "54", recorded_as: "play_option" });
    expect(lead.options.some((o) => signable(lead, o))).toBe(false);
    const engine = law27({ law: "24", recorded_as: "engine" });
    expect(optionRows(engine).some((r) => r.signable)).toBe(false);
  });

  it("says the irregularity is pending while no branch is chosen", () => {
    expect(stateLine(law27())).toEqual({ key: "board.pending", params: {}, choosers: "the offender's LHO; the director" });
  });
});

describe("branch labels (N9: one citation style per language)", () => {
  it("names the law a branch applies, cited as each edition does", () => {
    expect(["27B1a", "30-29A", "25A-late", "50D2a-require", "56", "64A1"].map(branchLaw))
      .toEqual(["27B1a", "29A", "25A", "50D2a", "56", "64A1"]);
    expect(branchLabel("27B1a", "en")).toBe("Law 27B1a");
    expect(branchLabel("27B1a", "de")).toBe("§ 27 B 1 a");
    expect(branchLabel("27B1a", "da")).toBe("§ 27B1a");
    expect(optionRows(law27(), "de").map((r) => r.label)[0]).toBe("§ 27 A 1");
  });
});
