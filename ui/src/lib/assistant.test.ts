// The adjustment assistant (Law 12C1): outcomes as the TD types them, and the panel showing
// the engine's view model (the worked example of tests/views_adjust.rs: 40 % of 4S= by N,
// 60 % of 4S-1, against a field of +420, +400, -50, +140: 7 and 1 of 8 MP, weighted 3.4).
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { tick } from "svelte";
import { blankOutcome, outcomeIndex, sameWeighted, toOutcomes, toWeighted, type AdjustScreen } from "./assistant";
import { setLang } from "./i18n/index.svelte";

const scored = (mp_ns: number, mp_ew: number, pct_ns: number, pct_ew: number) => ({
  mp_ns, mp_ew, mp_top: 8, pct_ns, pct_ew, imp_ns: null, imp_ew: null,
  text_ns: `${mp_ns} of 8 MP, ${pct_ns} %`, text_ew: `${mp_ew} of 8 MP, ${pct_ew} %`, note: null,
});

const VIEW: AdjustScreen = {
  title: { key: "assistant.title", text: "Adjustment assistant (Law 12C1)" },
  heading: { key: "assistant.at_table", text: "board 11, round 1, table 1 (section A): 1 v 2" },
  slot: { section: "A", round: 1, table: 1, board: 11 }, ns: "1", ew: "2",
  dealer: "S", vulnerable: "None", dealer_vul: { key: "assistant.dealer_vul", text: "Dealer S, vulnerable: none" },
  method: "Matchpoints", unit: "mp", method_text: { key: "assistant.policy", text: "Scored as the event scores it: matchpoints" }, policy: null,
  double_dummy: {
    strains: ["NT", "S", "H", "D", "C"], strain_text: ["NT", "S", "H", "D", "C"],
    rows: [
      { declarer: "N", declarer_text: "N", tricks: [7, 7, 6, 6, 7] },
      { declarer: "S", declarer_text: "S", tricks: [7, 7, 5, 5, 7] },
      { declarer: "E", declarer_text: "E", tricks: [6, 6, 7, 7, 5] },
      { declarer: "W", declarer_text: "W", tricks: [6, 6, 7, 7, 5] },
    ],
    pbn: "77667775576677566775",
    par_ns: { score: 90, contracts: [] }, par_ew: { score: -90, contracts: [] },
    par_text: ["N-S +90: 1NT= by N, 1NT= by S"],
  },
  no_deal: null,
  table_result: "3NT by S, 8 tricks, NS -50",
  field: [
    { round: 1, table: 2, ns: "3", ew: "4", text: "4S by N, 10 tricks, NS +420", score_ns: 420, other_table: false, ...scored(6, 2, 75, 25) },
  ],
  outcomes: [
    { weight: 40, share: 40, text: "4S by N, 10 tricks", score_ns: 420, error: null, ...scored(7, 1, 87.5, 12.5) },
    { weight: 60, share: 60, text: "4S by N, 9 tricks", score_ns: -50, error: null, ...scored(1, 7, 12.5, 87.5) },
  ],
  weighted: scored(3.4, 4.6, 42.5, 57.5),
  adjustment: null,
  labels: {
    dd: "Double-dummy tricks", dd_explain: "", declarer: "Declarer", par: "Par", field: "Results of the field on this board",
    field_empty: "", other_table: "", outcomes: "Weighted score (Law 12C1(c))", outcomes_ew: "E-W weighted differently (Law 12C1(c))", outcomes_empty: "", weight: "Weight",
    outcome: "Outcome", score: "Score", weighted: "Weighted result", ns: "N-S", ew: "E-W",
  },
};

const adjustAssistant = vi.fn(async (..._args: unknown[]) => VIEW);
vi.mock("./api", () => ({ api: { adjustAssistant: (...a: unknown[]) => adjustAssistant(...a) } }));

afterEach(() => cleanup());

describe("Law 12C1(c): the outcomes of a weighted score as the TD types them", () => {
  it("law_12c1c_a_result_after_the_contract_gives_the_tricks", () => {
    expect(toWeighted({ contract: "4s=", declarer: "n", tricks: "", weight: "40%" })).toEqual({ ok: { weight: 40, contract: "4S", declarer: "N", tricks: 10 } });
    expect(toWeighted({ contract: "4S-1", declarer: "N", tricks: "", weight: "60" })).toEqual({ ok: { weight: 60, contract: "4S", declarer: "N", tricks: 9 } });
    expect(toWeighted({ contract: "3ntx+1", declarer: "W", tricks: "", weight: "1" })).toEqual({ ok: { weight: 1, contract: "3NTX", declarer: "W", tricks: 10 } });
    expect(toWeighted({ contract: "4H", declarer: "S", tricks: "9", weight: "25" })).toEqual({ ok: { weight: 25, contract: "4H", declarer: "S", tricks: 9 } });
    expect(toWeighted({ contract: "pass", declarer: "", tricks: "", weight: "30" })).toEqual({ ok: { weight: 30, contract: "Pass" } });
  });

  it("law_12c1c_a_wrong_outcome_names_what_is_wrong", () => {
    const ok = { contract: "4S=", declarer: "N", tricks: "", weight: "40" };
    expect(toWeighted({ ...ok, contract: "8S=" })).toEqual({ error: "contract" });
    expect(toWeighted({ ...ok, contract: "Pass=" })).toEqual({ error: "contract" });
    expect(toWeighted({ ...ok, declarer: "" })).toEqual({ error: "declarer" });
    expect(toWeighted({ ...ok, contract: "4S+4" })).toEqual({ error: "tricks" });
    expect(toWeighted({ ...ok, contract: "4S" })).toEqual({ error: "tricks" });
    expect(toWeighted({ ...ok, weight: "0" })).toEqual({ error: "weight" });
    expect(toWeighted({ ...ok, weight: "" })).toEqual({ error: "weight" });
  });

  it("blank rows are skipped, and each row knows its outcome", () => {
    const rows = [blankOutcome(), { contract: "4S=", declarer: "N", tricks: "", weight: "40" }, { contract: "4S-1", declarer: "N", tricks: "", weight: "60" }];
    const r = toOutcomes(rows);
    expect("ok" in r && r.ok.map((o) => o.tricks)).toEqual([10, 9]);
    expect(outcomeIndex(rows)).toEqual([null, 0, 1]);
    expect(toOutcomes([...rows, { ...blankOutcome(), contract: "4S=" }])).toEqual({ error: "weight", row: 3 });
  });
});

describe("Law 12C1(c): the weighted score signed is the one the assistant scored", () => {
  const a = { weight: 40, contract: "4S", declarer: "N", tricks: 10 };
  const b = { weight: 60, contract: "4S", declarer: "N", tricks: 9 };
  it("law_12c1c_the_engines_adjustment_is_usable_only_while_the_lists_hold_it", () => {
    expect(sameWeighted({ kind: "weighted", ns: [a, b] }, [a, b], null)).toBe(true);
    // A reply to an earlier request (the TD typed since): not the score shown now.
    expect(sameWeighted({ kind: "weighted", ns: [a, b] }, [a, { ...b, weight: 50 }], null)).toBe(false);
    expect(sameWeighted({ kind: "weighted", ns: [a] }, [a, b], null)).toBe(false);
    expect(sameWeighted(null, [a, b], null)).toBe(false);
    // E-W weighted differently: both lists must match, and the split itself.
    expect(sameWeighted({ kind: "weighted", ns: [a, b], ew: [b, a] }, [a, b], [b, a])).toBe(true);
    expect(sameWeighted({ kind: "weighted", ns: [a, b] }, [a, b], [b, a])).toBe(false);
    expect(sameWeighted({ kind: "weighted", ns: [a, b], ew: [b, a] }, [a, b], null)).toBe(false);
    // A passed-out outcome has no declarer or tricks on either side.
    expect(sameWeighted({ kind: "weighted", ns: [{ weight: 1, contract: "Pass" }] }, [{ weight: 1, contract: "Pass" }], null)).toBe(true);
  });
});

describe("the assistant panel shows the engine's numbers", () => {
  it("law_12c1c_the_panel_shows_dd_par_field_and_each_outcomes_matchpoints", async () => {
    setLang("en");
    const { default: AdjustAssistant } = await import("../components/AdjustAssistant.svelte");
    vi.useFakeTimers();
    const { container } = render(AdjustAssistant, { id: "t", board: 11, round: 1, table: 1 });
    // Nothing is asked of the engine (no double-dummy solve) until the panel is opened.
    await vi.advanceTimersByTimeAsync(500);
    expect(adjustAssistant).not.toHaveBeenCalled();
    const details = container.querySelector("details") as HTMLDetailsElement;
    details.open = true;
    await fireEvent(details, new Event("toggle"));
    const type = async (id: string, v: string) => {
      const el = container.querySelector(`#${id}`) as HTMLInputElement | HTMLSelectElement;
      el.value = v;
      await fireEvent.input(el);
      await fireEvent.change(el);
    };
    await vi.advanceTimersByTimeAsync(500);
    expect(adjustAssistant).toHaveBeenCalled();
    await type("t-contract-0", "4S=");
    await type("t-declarer-0", "N");
    await type("t-weight-0", "40");
    await type("t-contract-1", "4S-1");
    await type("t-declarer-1", "N");
    await type("t-weight-1", "60");
    await vi.advanceTimersByTimeAsync(500);
    vi.useRealTimers();
    await tick();
    // The last request carries both outcomes as the engine reads them, at the table named.
    expect(adjustAssistant).toHaveBeenLastCalledWith(
      { section: "A", board: 11, round: 1, table: 1 },
      [{ weight: 40, contract: "4S", declarer: "N", tricks: 10 }, { weight: 60, contract: "4S", declarer: "N", tricks: 9 }],
      null,
      "en",
    );
    expect(container.querySelector("#t-dd")?.getAttribute("data-pbn")).toBe("77667775576677566775");
    expect(screen.getByText("N-S +90: 1NT= by N, 1NT= by S")).toBeTruthy();
    const rows = [...container.querySelectorAll("#t-outcomes tr.outcome-row")].map((r) => r.textContent ?? "");
    expect(rows[0]).toContain("+420");
    expect(rows[0]).toContain("7 of 8 MP, 87.5 %");
    expect(rows[1]).toContain("-50");
    expect(rows[1]).toContain("1 of 8 MP, 12.5 %");
    expect(container.querySelector("#t-weighted")?.textContent).toContain("3.4 of 8 MP, 42.5 %");
    expect(container.querySelector("#t-field")?.textContent).toContain("4S by N, 10 tricks, NS +420");
  });

  it("law_12c1c_use_this_weighted_score_hands_the_engines_adjustment_to_the_form_also_split", async () => {
    setLang("en");
    const { default: AdjustAssistant } = await import("../components/AdjustAssistant.svelte");
    const ns = [{ weight: 40, contract: "4S", declarer: "N", tricks: 10 }, { weight: 60, contract: "4S", declarer: "N", tricks: 9 }];
    const ew = [{ weight: 80, contract: "4S", declarer: "N", tricks: 10 }, { weight: 20, contract: "4S", declarer: "N", tricks: 9 }];
    // The engine answers with the adjustment for exactly what it was sent.
    adjustAssistant.mockImplementation(async (...args: unknown[]) => {
      const [, o, e] = args as [unknown, typeof ns, typeof ew | null];
      const adjustment = o.length ? { kind: "weighted" as const, ns: o, ...(e ? { ew: e } : {}) } : null;
      return { ...VIEW, adjustment: e && !e.length ? null : adjustment, outcomes_ew: e ? VIEW.outcomes : null };
    });
    const onuse = vi.fn();
    vi.useFakeTimers();
    const { container } = render(AdjustAssistant, { id: "u", board: 11, round: 1, table: 1, onuse });
    const details = container.querySelector("details") as HTMLDetailsElement;
    details.open = true;
    await fireEvent(details, new Event("toggle"));
    await vi.advanceTimersByTimeAsync(500);
    const type = async (id: string, v: string) => {
      const el = container.querySelector(`#${id}`) as HTMLInputElement | HTMLSelectElement;
      el.value = v;
      await fireEvent.input(el);
      await fireEvent.change(el);
    };
    const use = () => container.querySelector("#u-use") as HTMLButtonElement;
    expect(use().disabled).toBe(true);
    await type("u-contract-0", "4S=");
    await type("u-declarer-0", "N");
    await type("u-weight-0", "40");
    await type("u-contract-1", "4S-1");
    await type("u-declarer-1", "N");
    await type("u-weight-1", "60");
    // While the request is pending, the figures shown are not this score's: no button.
    expect(use().disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    await tick();
    expect(use().disabled).toBe(false);
    await fireEvent.click(use());
    expect(onuse).toHaveBeenLastCalledWith({ kind: "weighted", ns });
    expect(container.querySelector("#u-use-hint")?.textContent).toBe("Taken into the form: signed when it is saved.");
    // E-W weighted differently: a second list; nothing to use until E-W are weighed.
    const split = container.querySelector("#u-split") as HTMLInputElement;
    split.checked = true;
    await fireEvent.change(split);
    await vi.advanceTimersByTimeAsync(500);
    await tick();
    expect(container.querySelector("#u-ew-title")?.textContent).toBe("E-W weighted differently (Law 12C1(c))");
    expect(use().disabled).toBe(true);
    await type("u-ew-contract-0", "4S=");
    await type("u-ew-declarer-0", "N");
    await type("u-ew-weight-0", "80");
    await type("u-ew-contract-1", "4S-1");
    await type("u-ew-declarer-1", "N");
    await type("u-ew-weight-1", "20");
    await vi.advanceTimersByTimeAsync(500);
    vi.useRealTimers();
    await tick();
    expect(adjustAssistant).toHaveBeenLastCalledWith({ section: "A", board: 11, round: 1, table: 1 }, ns, ew, "en");
    // The weighted result sits under E-W's list when the sides are weighted differently.
    expect(container.querySelector("#u-ew-weighted")?.textContent).toContain("3.4 of 8 MP");
    expect(container.querySelector("#u-weighted")).toBeNull();
    await fireEvent.click(use());
    expect(onuse).toHaveBeenLastCalledWith({ kind: "weighted", ns, ew });
    adjustAssistant.mockImplementation(async () => VIEW);
  });
});
