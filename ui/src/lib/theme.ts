// Light and dark themes: "system" follows the desktop's preference (prefers-color-scheme),
// "light" and "dark" override it. Kept for the next start; applied as data-theme on <html>
// (app.css holds the colours of both).
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
const KEY = "tdlog.theme";

export function isTheme(v: unknown): v is Theme {
  return typeof v === "string" && (THEMES as readonly string[]).includes(v);
}

export function savedTheme(): Theme {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return isTheme(v) ? v : "system";
  } catch {
    return "system";
  }
}

/** Applies the theme (no attribute for "system": the media query decides) and keeps it. */
export function applyTheme(theme: Theme): void {
  const root = globalThis.document?.documentElement;
  if (root) {
    if (theme === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", theme);
  }
  try {
    globalThis.localStorage?.setItem(KEY, theme);
  } catch {
    // not kept; still applied
  }
}
