// Keyboard entry of a Doppelkopf game from the paper list (issue 16): what each line becomes
// (the engine's `ListEntry`, as `doko.result` signs it) and what a wrong line is told.
import { describe as suite, expect, it } from "vitest";
import { attention, describe, fieldOf, homeScreen, parseEntry, type ListEntry } from "./doko";
import { setLang, t } from "./i18n/index.svelte";

const entry = (line: string, size = 4): ListEntry => {
  const p = parseEntry(line, size);
  if (!p.ok) throw new Error(`${line}: ${p.problem.key}`);
  return p.entry;
};
const problem = (line: string, size = 4) => {
  const p = parseEntry(line, size);
  if (p.ok) throw new Error(`${line} parsed`);
  return p.problem;
};

suite("a game typed from the list", () => {
  it("a normal game: the Re seats and the Re eyes (§1.2.2: Kontra has the rest)", () => {
    expect(entry("ac 130")).toEqual({
      entry: "Game", dealer: null, kind: { kind: "Normal" }, re: ["A", "C"], re_eyes: 130, re_tricks: null, calls: [], sonderpunkte: [],
    });
    expect(entry("  CA   121 ")).toMatchObject({ re: ["C", "A"], re_eyes: 121 });
  });

  it("a Pflichtsolo by default, a Lustsolo with l (§3.2, §3.3)", () => {
    expect(entry("b/d 130")).toMatchObject({ kind: { kind: "Pflichtsolo", soloist: "B", solo: "Damensolo", vorgefuehrt: false }, re: [] });
    expect(entry("d/he 90 l")).toMatchObject({ kind: { kind: "Lustsolo", soloist: "D", solo: { Farbsolo: "Herz" } } });
    expect(entry("a/f 200").kind).toEqual({ kind: "Pflichtsolo", soloist: "A", solo: "Fleischloser", vorgefuehrt: false });
    expect(entry("a/ka 200").kind).toMatchObject({ solo: { Farbsolo: "Karo" } });
  });

  it("announcements with who made them, in order (§5)", () => {
    expect((entry("ac 151 ar bk a9 c6 b3 a0") as { calls: unknown }).calls).toEqual([
      { seat: "A", level: "Ansage" }, { seat: "B", level: "Ansage" }, { seat: "A", level: "Keine90" },
      { seat: "C", level: "Keine60" }, { seat: "B", level: "Keine30" }, { seat: "A", level: "Schwarz" },
    ]);
  });

  it("Sonderpunkte for Re (+) and Kontra (-), each as often as typed (§6.2.3)", () => {
    expect((entry("bd 130 +f +f -dk +k -fl") as { sonderpunkte: unknown }).sonderpunkte).toEqual([
      { kind: "FuchsGefangen", party: "Re", trick: null }, { kind: "FuchsGefangen", party: "Re", trick: null },
      { kind: "Doppelkopf", party: "Kontra", trick: null }, { kind: "KarlchenLetzterStich", party: "Re", trick: null },
      { kind: "FuchsLetzterStich", party: "Kontra", trick: null },
    ]);
  });

  it("Hochzeit, stille Hochzeit, Schmeißen and a redeal (§3.5, §3.4.3, §2.2.8)", () => {
    expect(entry("a/hzc2 140").kind).toEqual({ kind: "Hochzeit", hochzeiter: "A", partner: "C", klaerungsstich: 2 });
    expect(entry("a/hz-3 140").kind).toEqual({ kind: "Hochzeit", hochzeiter: "A", partner: null, klaerungsstich: 3 });
    expect(entry("b/st 121").kind).toEqual({ kind: "StilleHochzeit", soloist: "B" });
    expect(entry("c/sm")).toEqual({ entry: "Schmeissen", dealer: null, schmeisser: "C" });
    expect(entry("neu")).toEqual({ entry: "Redeal", dealer: null });
    expect(entry("ab 0 t0")).toMatchObject({ re_eyes: 0, re_tricks: 0 });
  });

  it("seat E only at a table of five (§2.1)", () => {
    expect(problem("ae 130")).toEqual({ key: "doko.entry.seat", params: { token: "ae", last: "D" } });
    expect(entry("ae 130", 5)).toMatchObject({ re: ["A", "E"] });
  });

  it("says what is wrong with a line, before anything is signed", () => {
    expect(problem("").key).toBe("doko.entry.empty");
    expect(problem("130").key).toBe("doko.entry.noGame");
    expect(problem("ac").key).toBe("doko.entry.noEyes");
    expect(problem("ac 250")).toEqual({ key: "doko.entry.eyes", params: { eyes: 250 } });
    expect(problem("aa 130").key).toBe("doko.entry.sameSeat");
    expect(problem("ac bd 130").key).toBe("doko.entry.twoGames");
    expect(problem("ac 130 110").key).toBe("doko.entry.twoEyes");
    expect(problem("b/x 130").key).toBe("doko.entry.solo");
    expect(problem("ac 130 ?").key).toBe("doko.entry.token");
    expect(problem("ac 130 l").key).toBe("doko.entry.lust");
    expect(problem("c/sm 130").key).toBe("doko.entry.alone");
    expect(problem("ab 100 t13").key).toBe("doko.entry.tricks");
  });

  it("every problem and every description has its sentence in the three languages", () => {
    for (const lang of ["de", "en", "da"] as const) {
      setLang(lang);
      for (const line of ["", "130", "ac", "ac 250", "aa 1", "ac bd 1", "ac 1 2", "b/x 1", "?", "ac 1 l", "c/sm 1", "ab 1 t13", "ae 1"]) {
        const p = problem(line);
        expect(t(p.key, p.params)).not.toMatch(/\{|doko\./);
      }
      const words = describe(entry("b/pi 130 br +f -dk"), t, { B: "Bert" }).join(" · ");
      expect(words).toContain("B Bert");
      expect(words).not.toMatch(/\{|doko\./);
    }
    setLang("de");
    expect(describe(entry("ac 130"), t, { A: "Anna", C: "Cleo" })).toEqual(["Normalspiel, Re: A Anna + C Cleo", "Re 130 Augen, Kontra 110"]);
    expect(describe(entry("b/d 130"), t)[0]).toBe("Pflichtsolo von B: Damensolo");
    setLang("en");
  });
});

suite("the evening around the list", () => {
  it("a Doppelkopf log opens on the evening, a bridge log on the dashboard", () => {
    expect(homeScreen("doppelkopf")).toBe("doko");
    expect(homeScreen("bridge")).toBe("dashboard");
    expect(homeScreen(undefined)).toBe("dashboard");
  });

  it("a table needs the TD for an open objection first, then a refused entry", () => {
    const c = { games: 3, games_in_round: 16, penalties: 0, corrections: 0, open_objections: 0, refused: 0, closed: false, error: null };
    expect(attention(c)).toBeNull();
    expect(attention({ ...c, refused: 1 })).toBe("refused");
    expect(attention({ ...c, refused: 1, open_objections: 1 })).toBe("objection");
    expect(attention({ ...c, error: "§7" })).toBe("error");
  });

  it("the field of the draw: one player per line or comma, duplicates named", () => {
    expect(fieldOf("Anna\n Bert ,Cleo;;\n\nDora")).toEqual({ players: ["Anna", "Bert", "Cleo", "Dora"], duplicates: [] });
    expect(fieldOf("Anna,Bert,Anna,Anna").duplicates).toEqual(["Anna"]);
  });
});
