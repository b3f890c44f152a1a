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
