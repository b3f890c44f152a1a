import { describe, expect, it } from "vitest";
import { applyZoom, savedZoom, zoomFor } from "./zoom";

const k = (key: string, ctrlKey = true) => ({ ctrlKey, metaKey: false, altKey: false, key });

describe("zoom with Ctrl +/-", () => {
  it("steps up and down within bounds, Ctrl 0 resets", () => {
    expect(zoomFor(k("+"), 1)).toBe(1.1);
    expect(zoomFor(k("="), 1.1)).toBe(1.25);
    expect(zoomFor(k("-"), 1)).toBe(0.9);
    expect(zoomFor(k("-"), 0.8)).toBe(0.8);
    expect(zoomFor(k("+"), 1.6)).toBe(1.6);
    expect(zoomFor(k("0"), 1.4)).toBe(1);
    expect(zoomFor(k("+", false), 1)).toBeNull();
    expect(zoomFor(k("a"), 1)).toBeNull();
  });

  it("scales the root font and is kept for the next start", () => {
    applyZoom(1.25);
    expect(document.documentElement.style.fontSize).toBe("18.75px");
    expect(savedZoom()).toBe(1.25);
    applyZoom(1);
  });
});
