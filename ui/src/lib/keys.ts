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

/** What the device's QR code says before the key: a scanner types `tdlog-key:` and the 64 hex
 * digits into the field it is pointed at (the shell's `qr::PREFIX`). */
export const QR_PREFIX = "tdlog-key:";

/** The public key (64 lower-case hex digits) that the enrol field's text names: the
 * fingerprint as the device shows it (groups of four; spaces and dashes ignored) or the QR
 * code's text as a scanner types it; `null` while it is neither (as the shell's
 * `enrol::parse_fingerprint` decides). */
export function keyHex(text: string): string | null {
  let s = text.trim();
  if (s.toLowerCase().startsWith(QR_PREFIX)) s = s.slice(QR_PREFIX.length);
  const hex = s.replace(/[\s-]/g, "").toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : null;
}

/** The short code a chief director reads back before enrolling a key (the first eight hex
 * digits of its fingerprint, "3f2a-91c0"), or `null` while the field holds neither a complete
 * fingerprint nor a scanned QR code. Same as the shell's `enrol::short_code`. */
export function shortCode(fingerprint: string): string | null {
  const hex = keyHex(fingerprint);
  return hex ? `${hex.slice(0, 4)}-${hex.slice(4, 8)}` : null;
}
