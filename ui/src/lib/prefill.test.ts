import { describe, expect, it } from "vitest";
import { appealFromRuling, appealable, lawOfBranch, rulingFromIrregularity, sideOf } from "./prefill";
import type { BoardScreen, IncidentItem, OptionView, RulingRow } from "./types";

const msg = (text: string) => ({ key: "k", text });
const option = (id: string, when: string, applied = false, by = "Director"): OptionView => ({
  id, when: msg(when), decided_by: by, decided_by_text: msg(by === "Director" ? "the director" : "North"),
  judgement: null, consequences: [], applied,
});
const board = (traveller: BoardScreen["traveller"]): BoardScreen => ({
  slot: { section: "A", round: 1, table: 5, board: 11 }, dealer: "S", vulnerable: "None", deal_known: true, recorded: true,
  turn: null, hands: [], claim: null, penalty_cards: [], revokes: [], auction: { columns: [], rows: [] }, tricks: [],
  contract: null, declarer: null, declarer_tricks: 0, defender_tricks: 0, complete: false, irregularities: [], traveller,
});
const row = (round: number, table: number, ns: string, ew: string) =>
  ({ round, table, ns, ew, ns_name: null, ew_name: null, contract: null, declarer: null, tricks: null, law: null }) as unknown as BoardScreen["traveller"][number];
const insufficient = (branch: string | null, offender = "W"): IncidentItem => ({
  phase: "auction", at: 2, law: "27", title: msg("Insufficient bid"), offender, action: "1S", action_text: "1♠", description: "", branch,
  pending: branch === null, chosen_by: [], recorded_as: "ruling",
  options: [option("27A1", "accepted by LHO", branch === "27A1", "North"), option("27B1a", "replaced by the lowest sufficient bid", branch === "27B1a")],
});

describe("from an irregularity straight to a prefilled ruling", () => {
  it("cites a branch as the laws do: 27B1a is Law 27B1(a)", () => {
    expect(lawOfBranch("27B1a")).toBe("27B1(a)");
    expect(lawOfBranch("27A1")).toBe("27A1");
    expect(lawOfBranch("16B1")).toBe("16B1");
    expect(sideOf("W")).toBe("ew");
    expect(sideOf("S")).toBe("ns");
  });

  it("N7: a board recorded live (no traveller row) names the pairs the movement seats there", () => {
    const b = { ...board([]), ns: "7", ew: "12" };
    const p = rulingFromIrregularity(b, insufficient(null), "Law 27: Insufficient bid — West: 1S");
    expect([p.ns, p.ew, p.offender]).toEqual(["7", "12", "12"]);
  });

  it("Law 27 settled by 27B1(a): the board's place, both pairs, the offending side, the branch and the options", () => {
    const b = board([row(2, 5, "X", "Y"), row(1, 5, "CROATIA", "SWEDEN")]);
    const p = rulingFromIrregularity(b, insufficient("27B1a"), "Law 27: Insufficient bid — West: 1S");
    expect(p).toEqual({
      round: "1", table: "5", board: "11", ns: "CROATIA", ew: "SWEDEN", offender: "SWEDEN",
      facts: "Law 27: Insufficient bid — West: 1S",
      options: "27A1: accepted by LHO\n27B1(a): replaced by the lowest sufficient bid",
      chosen: "27B1(a): replaced by the lowest sufficient bid", chosenBy: "the director", laws: "27B1(a)",
    });
  });

  it("a pending irregularity cites its law and chooses nothing; a North offender is N-S", () => {
    const p = rulingFromIrregularity(board([row(1, 5, "CROATIA", "SWEDEN")]), insufficient(null, "N"), "f");
    expect([p.laws, p.chosen, p.chosenBy, p.offender]).toEqual(["27", "", "", "CROATIA"]);
  });

  it("a table without a traveller row leaves the pairs to the movement", () => {
    const p = rulingFromIrregularity(board([row(1, 4, "A", "B")]), insufficient(null), "f");
    expect([p.ns, p.ew, p.offender]).toEqual(["", "", ""]);
  });
});

describe("from a ruling straight to a prefilled appeal", () => {
  const ruling = (over: Partial<RulingRow["ruling"]> = {}, corrected: string | null = null): RulingRow => ({
    id: "r1", corrected_by: corrected, appealed: false,
    signed: { event: "e", signer: "Jens", role: "td", time: "t" } as unknown as RulingRow["signed"],
    ruling: { section: "A", round: 1, table: 5, board: 11, ns: "CROATIA", ew: "SWEDEN", offender: "SWEDEN", facts: "f", facts_agreed: true, laws: ["27B1(a)"], category: "judgement", decision: "d", appeal_notice: true, ...over } as RulingRow["ruling"],
  });
  it("carries the ruling; the side it went against appeals by default", () => {
    expect(appealFromRuling(ruling())).toEqual({ ruling: "r1", appellant: "SWEDEN" });
    expect(appealFromRuling(ruling({ offender: undefined }))).toEqual({ ruling: "r1", appellant: "" });
  });
  it("a disciplinary ruling (Laws 91A, 93B3) and a corrected one are not offered", () => {
    expect(appealable(ruling())).toBe(true);
    expect(appealable(ruling({ category: "disciplinary" }))).toBe(false);
    expect(appealable(ruling({}, "c1"))).toBe(false);
  });
});
