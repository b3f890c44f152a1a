import { describe, expect, it } from "vitest";
import { CATALOGUES, LANGS, setLang } from "./i18n/index.svelte";
import { englishWords } from "./i18n/plain";
import {
  answerWhy, busyWhy, callWhy, cardWhy, choiceWhy, claimRuleWhy, claimWhy, conveneWhy, correctionWhy, createLogWhy, decideWhy,
  enrolWhy, fileWhy, firstUnmet, lateConsentWhy, nextWhy, noteWhy, prevWhy, revokeWhy, rulingWhy, settingsWhy, stepWhy,
  whyText, type Why,
} from "./why";

const key = (w: Why | null) => w?.key ?? null;

describe("every disabled button says why", () => {
  it("names the first unmet condition in the form's order, none when all are met", () => {
    expect(firstUnmet([[true, { key: "why.busy" }], [false, { key: "why.laws" }], [false, { key: "why.slot" }]])).toEqual({ key: "why.laws" });
    expect(firstUnmet([[true, { key: "why.busy" }]])).toBeNull();
  });

  it("a call needs the call typed; while signing, every button says it is signing", () => {
    expect(callWhy(false, " ")).toEqual({ key: "why.fill", field: "board.call" });
    expect(key(callWhy(true, "1S"))).toBe("why.busy");
    expect(callWhy(false, "1S")).toBeNull();
    expect(key(busyWhy(true))).toBe("why.busy");
    expect(busyWhy(false)).toBeNull();
  });

  it("a play choice (Laws 50D2, 53-56, 57A) needs an option, then its suit when it names one", () => {
    const choices = [{ id: "lead_suit", law: "50D2", needs_suit: true }, { id: "accept", law: "53", needs_suit: false }];
    expect(key(choiceWhy(false, choices, "", ""))).toBe("why.choose");
    expect(key(choiceWhy(false, choices, "lead_suit", ""))).toBe("why.suit");
    expect(choiceWhy(false, choices, "lead_suit", "H")).toBeNull();
    expect(choiceWhy(false, choices, "accept", "")).toBeNull();
  });

  it("a claim (Law 68) needs the claimer and 0-13 tricks; the Law 70 ruling needs the tricks", () => {
    expect(claimWhy(false, "", "3")).toEqual({ key: "why.fill", field: "acts.claimer" });
    expect(key(claimWhy(false, "S", "14"))).toBe("why.tricks");
    expect(key(claimWhy(false, "S", "x"))).toBe("why.tricks");
    expect(claimWhy(false, "S", "13")).toBeNull();
    expect(key(claimRuleWhy(false, ""))).toBe("why.tricks");
    expect(claimRuleWhy(false, "0")).toBeNull();
  });

  it("a penalty card (Law 50) or a revoke correction (Law 62) needs the card", () => {
    expect(cardWhy(false, "", "acts.card")).toEqual({ key: "why.fill", field: "acts.card" });
    expect(cardWhy(false, "SA", "acts.correctWith")).toBeNull();
  });

  it("a ruling needs the board's place, both sides, the facts, a law, the decision and a valid score", () => {
    const ok = { round: 1, table: 2, board: 3, ns: "A", ew: "B", facts: "f", decision: "d", laws: ["27B1(a)"], adjust: { ok: undefined } } as const;
    expect(rulingWhy(false, ok)).toBeNull();
    expect(key(rulingWhy(false, { ...ok, board: null }))).toBe("why.slot");
    expect(key(rulingWhy(false, { ...ok, round: "invalid" }))).toBe("why.slot");
    expect(rulingWhy(false, { ...ok, ew: " " })).toEqual({ key: "why.fill", field: "rulings.ew" });
    expect(rulingWhy(false, { ...ok, facts: "" })?.field).toBe("rulings.facts");
    expect(key(rulingWhy(false, { ...ok, laws: [] }))).toBe("why.laws");
    expect(rulingWhy(false, { ...ok, decision: "" })?.field).toBe("rulings.decision");
    expect(key(rulingWhy(false, { ...ok, adjust: { error: "tricks" } }))).toBe("adjust.error.tricks");
  });

  it("a note needs its text, and round, table, board are numbers when given", () => {
    const none = { round: null, table: null, board: null };
    expect(noteWhy(false, "", none)?.field).toBe("record.text");
    expect(noteWhy(false, "x", { ...none, table: "invalid" })).toEqual({ key: "why.number", field: "record.table" });
    expect(noteWhy(false, "x", none)).toBeNull();
  });

  it("a correction (Law 79C), a late consent and the settings say which field is wrong", () => {
    expect(key(correctionWhy(false, { error: "slot" }))).toBe("correction.error.slot");
    expect(key(correctionWhy(false, { error: "contract" }))).toBe("adjust.error.contract");
    expect(correctionWhy(false, { ok: {} })).toBeNull();
    expect(key(lateConsentWhy(false, "1", "", "3", "r"))).toBe("why.slot");
    expect(lateConsentWhy(false, "1", "2", "3", "")?.field).toBe("consent.reason");
    expect(lateConsentWhy(false, "1", "2", "3", "r")).toBeNull();
    expect(key(settingsWhy(false, null))).toBe("why.loading");
    expect(key(settingsWhy(false, { error: "reason" }))).toBe("settings.error.reason");
    expect(settingsWhy(false, { ok: {} })).toBeNull();
  });

  it("an appeal (Law 92C) needs the ruling, the appellant and the grounds; each step its fields", () => {
    expect(fileWhy(false, "", "", "")?.field).toBe("appeals.ruling");
    expect(fileWhy(false, "r", "", "")?.field).toBe("appeals.appellant");
    expect(fileWhy(false, "r", "NS", " ")?.field).toBe("appeals.grounds");
    expect(fileWhy(false, "r", "NS", "g")).toBeNull();
    expect(stepWhy(false, [["x", "appeals.by"], ["", "appeals.statement"]])?.field).toBe("appeals.statement");
    expect(stepWhy(false, [["x", "appeals.by"]])).toBeNull();
  });

  it("a committee needs its quorum and a chair among the members; a changed decision its score", () => {
    expect(conveneWhy(false, ["a"], "a", 3)).toEqual({ key: "why.quorum", params: { quorum: 3 } });
    expect(key(conveneWhy(false, ["a", "b", "c"], "", 3))).toBe("why.chair");
    expect(conveneWhy(false, ["a"], "a", 0)).toBeNull();
    expect(key(decideWhy(false, "changed", "r", false))).toBe("why.newScore");
    expect(decideWhy(false, "upheld", "", false)?.field).toBe("appeals.reasoning");
    expect(decideWhy(false, "upheld", "r", false)).toBeNull();
  });

  it("the authority's answer (Law 93C2) needs the authority, a new score when changed, the reasoning and the document", () => {
    expect(answerWhy(false, "", "upheld", "r", "d", false)?.field).toBe("appeals.authorityName");
    expect(key(answerWhy(false, "DBV", "changed", "r", "d", false))).toBe("why.newScore");
    expect(answerWhy(false, "DBV", "upheld", "r", " ", false)?.field).toBe("appeals.document");
    expect(answerWhy(false, "DBV", "upheld", "r", "letter 17", false)).toBeNull();
  });

  it("enrolling and revoking a key need the chief director, the whole fingerprint and the holder or reason", () => {
    expect(key(enrolWhy(false, "3f2a-91c0", "Kim"))).toBe("why.notChief");
    expect(key(enrolWhy(true, null, "Kim"))).toBe("why.fingerprint");
    expect(enrolWhy(true, "3f2a-91c0", "")?.field).toBe("enrol.holder");
    expect(enrolWhy(true, "3f2a-91c0", "Kim")).toBeNull();
    expect(revokeWhy(true, "3f2a-91c0", "")?.field).toBe("enrol.revokeReason");
    expect(key(createLogWhy(false))).toBe("why.noKey");
    expect(createLogWhy(true)).toBeNull();
  });

  it("the pager says it is on the first or last page", () => {
    expect(key(prevWhy({ offset: 0, size: 50, total: 120 }))).toBe("why.firstPage");
    expect(prevWhy({ offset: 50, size: 50, total: 120 })).toBeNull();
    expect(key(nextWhy({ offset: 100, size: 50, total: 120 }))).toBe("why.lastPage");
  });

  it("reads as a sentence in each language, with the field's own label and no English in DE/DA", () => {
    setLang("en");
    expect(whyText({ key: "why.fill", field: "appeals.grounds" })).toBe("Fill in: Grounds.");
    expect(whyText({ key: "why.quorum", params: { quorum: 3 } })).toBe("Choose at least 3 members.");
    setLang("de");
    expect(whyText({ key: "why.fill", field: "appeals.grounds" })).toBe(`Bitte ausfüllen: ${CATALOGUES.de["appeals.grounds"]}.`);
    setLang("da");
    expect(whyText({ key: "why.number", field: "record.table" })).toBe(`${CATALOGUES.da["record.table"]} skal være et tal.`);
    setLang("en");
    for (const lang of LANGS) {
      for (const [k, v] of Object.entries(CATALOGUES[lang]).filter(([k]) => k.startsWith("why."))) {
        expect(v, `${lang} ${k}`).not.toMatch(/\{(?!field\}|quorum\}|max\})/);
        if (lang !== "en") expect(englishWords(v, lang), `${lang} ${k}`).toEqual([]);
      }
    }
  });
});
