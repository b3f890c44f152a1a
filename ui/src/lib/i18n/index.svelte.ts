// The localisation layer: every user-facing string goes through `t(key, params)`.
// The language is reactive state (Svelte 5 runes), so switching re-renders every label.
import { en, type MessageKey } from "./en";
import { de } from "./de";
import { da } from "./da";

export type Lang = "en" | "de" | "da";
export const LANGS: readonly Lang[] = ["en", "de", "da"];
export const CATALOGUES: Record<Lang, Record<MessageKey, string>> = { en, de, da };
export type { MessageKey };

const STORAGE_KEY = "tdlog.lang";

function initial(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  } catch {
    // no storage: fall through
  }
  return "en";
}

export const locale = $state({ lang: initial() });

export function setLang(lang: Lang): void {
  locale.lang = lang;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // not persisted; still switched
  }
  if (globalThis.document) document.documentElement.lang = lang;
}

/** Fills `{name}` placeholders; unknown placeholders are left visible, so a slip shows. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** The message for `key` in the current language (English if a catalogue lacks it). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const msg = CATALOGUES[locale.lang][key] ?? en[key] ?? key;
  return format(msg, params);
}

/** Whether a runtime string (an error code, a role) names a catalogue key. */
export function has(key: string): key is MessageKey {
  return key in en;
}
