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
