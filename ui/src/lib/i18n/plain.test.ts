// Every string the UI can show, per language, is in that language: a German or Danish string
// with English words in it fails (names, laws and abbreviations are allowed; see plain.ts).
// The catalogues are the UI's every string (screens, error codes and the engine's refusal
// codes as the UI words them); the engine's own tables are checked in tests/i18n_plain.rs.
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./index.svelte";
import { en } from "./en";
import { englishWords } from "./plain";

/** Keys whose German or Danish text may equal the English (a name, a code, a format). */
const SAME_AS_ENGLISH = new Set([
  "app.title", "nav.hint", "nav.start", "board.callPlaceholder", "nav.board",
  // Words German bridge players use as they are.
  "start.heading", "game.doppelkopf", "key.passphrase", "keys.status", "scores.boards", "scores.board",
  "notes.filterText", "record.board", "seat.W", "call.pass", "report.format", "dash.cellBoards",
  // IMP is the unit's abbreviation in every language.
  "dash.score.imp",
  // Scoring methods named as bridge players name them everywhere (Cross-IMPs, Neuberg, IMPs).
  "policy.methodName.cross_imps", "policy.factoringName.neuberg", "policy.totalsName.imps",
  // Danish words spelt as the English ones.
  "events.type", "record.text", "appeals.appellant", "appeals.note", "appeals.party", "party.appellant", "tl.attStatus",
  // The game's name and the sample names of the seat draw's field.
  "nav.group.doppelkopf", "doko.fieldPlaceholder",
  // The sync hub's name (issue 17) is the same word in German and Danish.
  "hub.settings",
  // German words of the set-up spelt as the English ones (Form, Boards, Movement, Teams,
  // Name are what a German club TD says).
  "setup.form", "setup.boards", "setup.movement", "setup.teamsHeading", "setup.name",
  // "Details" is the German word too.
  "events.details",
]);

describe("no English in a German or Danish string (D5, D6)", () => {
  for (const lang of ["de", "da"] as const) {
    it(`${lang}: every message is free of English words`, () => {
      const leaks = Object.entries(CATALOGUES[lang])
        .map(([k, v]) => [k, englishWords(v, lang)] as const)
        .filter(([, w]) => w.length)
        .map(([k, w]) => `${k}: ${w.join(", ")}`);
      expect(leaks).toEqual([]);
    });
  }

  it("the detector finds the English the issue saw, and not German or Danish words", () => {
    expect(englishWords("Gefahrenlage None", "de")).toEqual(["none"]);
    expect(englishWords("Law 92D: signed only by nobody", "da")).toContain("nobody");
    expect(englishWords("Der private Schlüssel bleibt in Rust.", "de")).toEqual([]);
    expect(englishWords("Kortet tages tilbage for at spille til bordet", "da")).toEqual([]);
    expect(englishWords("Das Board wird für {table} neu gewertet", "de")).toEqual([]);
  });

  it("a German or Danish string equal to its English is a name, a code or an abbreviation", () => {
    for (const lang of ["de", "da"] as const) {
      const same = (Object.keys(en) as (keyof typeof en)[])
        .filter((k) => CATALOGUES[lang][k] === en[k] && /[a-z]{3}/i.test(en[k].replace(/\{\w+\}/g, "")))
        .filter((k) => !SAME_AS_ENGLISH.has(k));
      expect(same, lang).toEqual([]);
    }
  });
});
