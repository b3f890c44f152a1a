import { describe, expect, it } from "vitest";
import { settingsFields, toCorrection, toSettings } from "./correction";
import type { AppealSettings } from "./types";

const fields = { round: "1", table: "5", board: "11", contract: "3nt", declarer: "s", tricks: "10", reason: "wrong tricks", consent: "" };

describe("score correction (Law 79C)", () => {
  it("builds the corrected result for the board at the table", () => {
    expect(toCorrection(fields)).toEqual({ ok: {
      slot: { section: "A", round: 1, table: 5, board: 11 }, contract: "3NT", declarer: "S", tricks: 10,
      reason: "wrong tricks", lateConsent: null,
    } });
  });
  it("a pass-out has no declarer or tricks; the consent id is passed on", () => {
    const r = toCorrection({ ...fields, contract: "pass", declarer: "", tricks: "", consent: " ab12 " });
    expect("ok" in r && [r.ok.contract, r.ok.declarer, r.ok.tricks, r.ok.lateConsent]).toEqual(["Pass", null, null, "ab12"]);
  });
  it("names the wrong field", () => {
    expect(toCorrection({ ...fields, board: "" })).toEqual({ error: "slot" });
    expect(toCorrection({ ...fields, contract: "8S" })).toEqual({ error: "contract" });
    expect(toCorrection({ ...fields, tricks: "14" })).toEqual({ error: "tricks" });
    expect(toCorrection({ ...fields, reason: " " })).toEqual({ error: "reason" });
  });
});

const current: AppealSettings = {
  correction_minutes: 30, appeal_minutes: 30, appeal_anchor: "publication", republication_restarts: false,
  committee: true, quorum: 3, further_appeal: false, profile: "doko_schiedsgericht",
};

describe("appeal settings (config.appeals)", () => {
  it("keeps what the form does not show, such as the profile", () => {
    const f = { ...settingsFields(current), further: true, deposit: "20 EUR" };
    const r = toSettings(current, f);
    expect(r).toEqual({ ok: { ...current, further_appeal: true, deposit: "20 EUR" } });
  });
  it("a period under 30 minutes needs a reason (Law 79C1)", () => {
    const f = { ...settingsFields(current), appeal: "20" };
    expect(toSettings(current, f)).toEqual({ error: "reason" });
    const r = toSettings(current, { ...f, reason: "last round" });
    expect("ok" in r && r.ok.appeal_minutes).toBe(20);
  });
  it("law_93_a_quorum_below_three_needs_the_organisers_reason", () => {
    const f = { ...settingsFields(current), quorum: "1" };
    expect(toSettings(current, f)).toEqual({ error: "quorumReason" });
    const r = toSettings(current, { ...f, reason: "club evening: a committee of one" });
    expect("ok" in r && [r.ok.quorum, r.ok.reason]).toEqual([1, "club evening: a committee of one"]);
    expect("ok" in toSettings(current, { ...f, quorum: "3" })).toBe(true);
  });
  it("refuses a missing period or quorum", () => {
    expect(toSettings(current, { ...settingsFields(current), correction: "0" })).toEqual({ error: "minutes" });
    expect(toSettings(current, { ...settingsFields(current), quorum: "" })).toEqual({ error: "quorum" });
  });
});
