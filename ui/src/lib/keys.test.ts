import { describe, expect, it } from "vitest";
import { importedText } from "./keys";
import { setLang } from "./i18n/index.svelte";

const key = { public: "ab".repeat(32), fingerprint: "ABCD-EF01", protected: false, path: "/x/keys/chief.key", qr_payload: "", qr_svg: "" };

describe("an imported key file", () => {
  it("names its holder and role in the open log", () => {
    setLang("en");
    const s = importedText({ name: "chief", key, role: "chief_td", holder: "Kim Berg" });
    expect(s).toContain("chief");
    expect(s).toContain("ABCD-EF01");
    expect(s).toContain("Kim Berg");
    expect(s).toContain("Chief director");
  });
  it("says when the key is not enrolled, in the chosen language", () => {
    setLang("en");
    const en = importedText({ name: "x", key, role: null, holder: null });
    setLang("de");
    const de = importedText({ name: "x", key, role: null, holder: null });
    setLang("en");
    expect(en).toContain("not enrolled");
    expect(de).not.toBe(en);
  });
});

describe("enrolling a device from its fingerprint (D7)", () => {
  it("reads back a short code only for a complete fingerprint", async () => {
    const { shortCode } = await import("./keys");
    const fp = "3F2A 91C0 " + "0123 4567 89ab cdef ".repeat(3) + "0000 1111";
    expect(shortCode(fp)).toBe("3f2a-91c0");
    expect(shortCode("3f2a 91c0")).toBeNull();
    expect(shortCode("zz".repeat(32))).toBeNull();
  });
});

describe("enrolling a device from its QR code (issue 13: a scanner types the code's text)", () => {
  const hex = "3f2a91c0" + "0123456789abcdef".repeat(3) + "00001111";
  it("the field accepts the QR payload as well as the fingerprint, and both name the same key", async () => {
    const { keyHex, shortCode, QR_PREFIX } = await import("./keys");
    const fp = hex.toUpperCase().match(/.{4}/g)!.join(" ");
    expect(keyHex(fp)).toBe(hex);
    expect(keyHex(`${QR_PREFIX}${hex}`)).toBe(hex);
    // Scanners add a newline (Enter) and may send the prefix in capitals.
    expect(keyHex(`TDLOG-KEY:${hex}\n`)).toBe(hex);
    expect(shortCode(`tdlog-key:${hex}`)).toBe("3f2a-91c0");
  });
  it("an incomplete or foreign scan names no key", async () => {
    const { keyHex } = await import("./keys");
    expect(keyHex(`tdlog-key:${hex.slice(0, 60)}`)).toBeNull();
    expect(keyHex(`https://example.org/${hex}`)).toBeNull();
    expect(keyHex(`other-key:${hex}`)).toBeNull();
  });
});
