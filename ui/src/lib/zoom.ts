// Zoom with Ctrl +/- (Ctrl 0 resets): the root font size scales every screen, since the
// layout is in rem/em. Kept for the next start.
export const ZOOM_STEPS = [0.8, 0.9, 1, 1.1, 1.25, 1.4, 1.6];
const KEY = "tdlog.zoom";

/** The zoom after a key chord, or `null` if the chord is not a zoom key. */
export function zoomFor(e: { ctrlKey: boolean; metaKey: boolean; altKey: boolean; key: string }, current: number): number | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const i = ZOOM_STEPS.indexOf(current) < 0 ? ZOOM_STEPS.indexOf(1) : ZOOM_STEPS.indexOf(current);
  if (e.key === "+" || e.key === "=") return ZOOM_STEPS[Math.min(i + 1, ZOOM_STEPS.length - 1)];
  if (e.key === "-") return ZOOM_STEPS[Math.max(i - 1, 0)];
  if (e.key === "0") return 1;
  return null;
}

export function savedZoom(): number {
  try {
    const z = Number(globalThis.localStorage?.getItem(KEY));
    return ZOOM_STEPS.includes(z) ? z : 1;
  } catch {
    return 1;
  }
}

export function applyZoom(z: number): void {
  if (globalThis.document) document.documentElement.style.fontSize = `${15 * z}px`;
  try {
    globalThis.localStorage?.setItem(KEY, String(z));
  } catch {
    // not kept; still applied
  }
}
