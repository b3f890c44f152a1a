import { describe, expect, it } from "vitest";
import { CATALOGUES, LANGS, cite, format, locale, setLang, t } from "./index.svelte";
import { en } from "./en";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("localisation: English, German and Danish", () => {
  for (const lang of LANGS) {
    it(`${lang} has exactly the English keys, each non-empty`, () => {
      const cat = CATALOGUES[lang];
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(cat)) expect(v.trim(), `${lang} ${k}`).not.toBe("");
    });

    it(`${lang} uses the same placeholders as English in every message`, () => {
      for (const k of Object.keys(en) as (keyof typeof en)[]) {
        expect(placeholders(CATALOGUES[lang][k]), `${lang} ${k}`).toEqual(placeholders(en[k]));
      }
    });
  }

  it("German and Danish are translations, not copies of English", () => {
    const same = (lang: "de" | "da") =>
      (Object.keys(en) as (keyof typeof en)[]).filter((k) => CATALOGUES[lang][k] === en[k]).length;
    const total = Object.keys(en).length;
    expect(same("de")).toBeLessThan(total / 4);
    expect(same("da")).toBeLessThan(total / 4);
  });

  it("switching the language changes what t() returns, with the glossary's terms", () => {
    setLang("de");
    expect(t("role.committee")).toBe("Schiedsgericht");
    expect(t("badge.ok", { count: 14 })).toBe("Geprüft: 14 Ereignisse");
    setLang("da");
    expect(t("role.chief_td")).toBe("Chefturneringsleder");
    expect(locale.lang).toBe("da");
    setLang("en");
    expect(t("nav.scores")).toBe("Scores");
  });

  it("format leaves unknown placeholders visible", () => {
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });

  it("a law is cited as each edition writes it: DBV \"§ 92 D\", DBf \"§ 92D\", never \"Regel 92D\"", () => {
    expect(cite("en", "92D")).toBe("Law 92D");
    expect(cite("de", "92D")).toBe("§ 92 D");
    expect(cite("da", "92D")).toBe("§ 92D");
    expect(cite("de", "27B1(a)")).toBe("§ 27 B 1 (a)");
    expect(cite("de", "Doko 8.8.7")).toBe("Doko 8.8.7");
    const was = locale.lang;
    setLang("de");
    expect(t("audit.law", { law: "92D" })).toBe("§ 92 D");
    expect(t("play.choice.accept", { law: "54A" })).toBe("Ausspiel annehmen (§ 54 A)");
    expect(t("time.deadline", { law: "92B", deadline: "x" })).not.toContain("Regel");
    setLang("da");
    expect(t("play.choice.accept", { law: "54A" })).toContain("(§ 54A)");
    setLang(was);
  });
  it("no German or Danish text cites a law as \"Regel 92D\" or \"Lov 92D\": the editions write \"§ 92 D\" and \"§ 92D\"", () => {
    const bad = (lang: "de" | "da", word: RegExp) =>
      Object.entries(CATALOGUES[lang]).filter(([, v]) => word.test(String(v))).map(([k]) => k);
    expect(bad("de", /\bRegeln? \d/)).toEqual([]);
    expect(bad("da", /\bLov \d/)).toEqual([]);
  });
  for (const lang of LANGS) {
    it(`${lang}: no message writes "Law", "Regel" or "lov" before a {law} placeholder (the citation does)`, () => {
      for (const [k, v] of Object.entries(CATALOGUES[lang])) expect(v, `${lang} ${k}`).not.toMatch(/(Law|Regel|[Ll]ov) \{law\}/);
    });
  }
});
