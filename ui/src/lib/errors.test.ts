import { afterEach, describe, expect, it } from "vitest";
import { describeError } from "./errors";
import { setLang } from "./i18n/index.svelte";

afterEach(() => setLang("en"));

describe("errors reach the user in their language", () => {
  it("translates the code and keeps the engine's message as detail", () => {
    setLang("de");
    const e = describeError({ code: "wrong_passphrase", message: "wrong passphrase for key file /k" });
    expect(e).toEqual({ title: "Falsche Passphrase.", detail: "wrong passphrase for key file /k" });
  });

  it("an unknown code or a plain exception still gets a sentence", () => {
    expect(describeError({ code: "brand_new", message: "m" }).title).toBe("Something went wrong.");
    expect(describeError(new Error("boom")).detail).toBe("boom");
  });
});

describe("refusals and bad entries are worded in the UI's language with their names (D2, D5, D11)", () => {
  it("a bad call names the call, never Rust's debug text", () => {
    setLang("de");
    const e = describeError({ code: "invalid_call", message: 'call "9Z": level must be a digit 1-7', params: { call: "9Z" } });
    expect(e.title).toBe("„9Z“ ist keine Ansage: Stufe und Farbe (1C bis 7NT), Pass, X oder XX eingeben.");
    expect(e.title).not.toMatch(/BadStrain|\{/);
  });

  it("a missing consent says who may consent and who signed, in Danish; nobody reads as Danish", () => {
    setLang("da");
    const e = describeError({
      code: "consent_missing", message: "Law 92D: ... signed only by nobody",
      params: { appellant: "SWEDEN", may_consent: "Ola Rimstedt", signed: "" },
    });
    expect(e.title).toBe("§ 92D: Appellen fra SWEDEN kræver samtykke fra Ola Rimstedt; underskrevet indtil nu af: endnu ingen.");
  });

  it("a refused consent names who may consent for that side", () => {
    setLang("en");
    const e = describeError({
      code: "not_a_consenting_player", message: "m",
      params: { player: "Zoe Stranger", appellant: "2", may_consent: "Cara Diaz, Dan Eck" },
    });
    expect(e.title).toBe("Law 92D: Zoe Stranger cannot consent for 2. Who may consent: Cara Diaz, Dan Eck.");
  });
});
