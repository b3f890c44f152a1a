import { describe, expect, it } from "vitest";
import { choiceLabel, choiceReady, choiceSuit } from "./play";
import { setLang } from "./i18n/index.svelte";

const accept = { id: "accept", law: "53A", needs_suit: false };
const require = { id: "require", law: "50D2(a)", needs_suit: true };

describe("play choices (Laws 50D2, 53-56, 57A)", () => {
  it("a choice naming a suit waits for the suit", () => {
    expect(choiceReady(accept, "")).toBe(true);
    expect(choiceReady(require, "")).toBe(false);
    expect(choiceReady(require, "X")).toBe(false);
    expect(choiceReady(require, "H")).toBe(true);
  });

  it("sends the suit only with a choice that names one", () => {
    expect(choiceSuit(accept, "H")).toBeNull();
    expect(choiceSuit(require, "H")).toBe("H");
  });

  it("labels each choice with its law in the chosen language", () => {
    setLang("de");
    const de = choiceLabel(accept);
    setLang("en");
    const en = choiceLabel(accept);
    expect(en).toContain("(Law 53A)");
    // The DBV edition cites "§ 53 A", never "Regel 53A".
    expect(de).toContain("(§ 53 A)");
    expect(de).not.toBe(en);
  });
});
