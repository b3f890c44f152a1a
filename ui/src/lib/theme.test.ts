import { describe, expect, it } from "vitest";
import { applyTheme, isTheme, savedTheme } from "./theme";

describe("light and dark themes", () => {
  it("follows the system until a theme is chosen, and keeps the choice for the next start", () => {
    localStorage.removeItem("tdlog.theme");
    expect(savedTheme()).toBe("system");
    applyTheme("dark");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(savedTheme()).toBe("dark");
    applyTheme("system");
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(savedTheme()).toBe("system");
  });

  it("ignores a stored value that is not a theme", () => {
    localStorage.setItem("tdlog.theme", "purple");
    expect(savedTheme()).toBe("system");
    expect(isTheme("light")).toBe(true);
    expect(isTheme("purple")).toBe(false);
  });
});
