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

/** A law code ("92D", "12C1(e)") as `lang`'s edition of the Laws cites it: "Law 92D", the DBV
 * edition "§ 92 D", the DBf edition "§ 92D" (the engine's `i18n::cite`). Anything that does not
 * start with a law number ("Doko 8.8.7") stays as it is. */
export function cite(lang: Lang, law: string): string {
  const l = law.trim();
  if (!/^[0-9]/.test(l)) return l;
  if (lang === "en") return `Law ${l}`;
  if (lang === "da") return `§ ${l}`;
  // DBV: a space wherever a number meets a letter or a bracket: 12C1(e) -> § 12 C 1 (e).
  const kind = (x: string) => (/[0-9]/.test(x) ? 0 : /\p{L}/u.test(x) ? 1 : 2);
  let out = "§ ";
  let prev: string | null = null;
  let depth = 0;
  for (const c of l) {
    if (c === "(") depth += 1;
    if (prev !== null) {
      const split = depth === 0 && kind(prev) !== kind(c) && kind(prev) < 2 && kind(c) < 2;
      if (split || (c === "(" && prev !== " ")) out += " ";
    }
    if (c === ")") depth -= 1;
    out += c;
    prev = c;
  }
  return out;
}

/** The message for `key` in the current language (English if a catalogue lacks it). A `law`
 * parameter is cited as the language's edition does ([`cite`]). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const msg = CATALOGUES[locale.lang][key] ?? en[key] ?? key;
  const p = params && "law" in params ? { ...params, law: cite(locale.lang, String(params.law)) } : params;
  return format(msg, p);
}

/** Whether a runtime string (an error code, a role) names a catalogue key. */
export function has(key: string): key is MessageKey {
  return key in en;
}
