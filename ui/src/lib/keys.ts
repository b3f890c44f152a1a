// What the Start screen says about a key file imported for "sign as": its name and
// fingerprint, and who it is in the open log (holder and role), or that it is not enrolled.
import { t, type MessageKey } from "./i18n/index.svelte";
import type { ImportedKey } from "./types";

export function importedText(k: ImportedKey): string {
  const who = k.role
    ? t("key.importedAs", { holder: k.holder ?? "", role: t(`role.${k.role}` as MessageKey) })
    : t("key.notEnrolled");
  return t("key.imported", { name: k.name, fingerprint: k.key.fingerprint }) + " " + who;
}

/** The short code a chief director reads back before enrolling a key (the first eight hex
 * digits of its fingerprint, "3f2a-91c0"), or `null` while the fingerprint is incomplete:
 * 64 hex digits, spaces and dashes ignored. Same as the shell's `enrol::short_code`. */
export function shortCode(fingerprint: string): string | null {
  const hex = fingerprint.replace(/[\s-]/g, "").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}
