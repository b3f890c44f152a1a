import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/svelte";
import { formatLeft, secondsLeft, urgency } from "./countdown";
import { setLang } from "./i18n/index.svelte";
import Countdown from "../components/Countdown.svelte";

describe("countdown to a Law 79C / 92B deadline", () => {
  afterEach(() => { cleanup(); setLang("en"); });

  it("counts whole seconds left and goes negative after the deadline", () => {
    expect(secondsLeft(1_800_000, 0)).toBe(1800);
    expect(secondsLeft(1_800_000, 1_799_001)).toBe(0);
    expect(secondsLeft(1_800_000, 1_801_000)).toBe(-1);
  });

  it("formats minutes and seconds, hours from an hour up", () => {
    expect(formatLeft(1800)).toBe("30:00");
    expect(formatLeft(65)).toBe("1:05");
    expect(formatLeft(3725)).toBe("1:02:05");
    expect(formatLeft(-5)).toBe("0:00");
  });

  it("is urgent under five minutes and ended once passed", () => {
    expect(urgency(301)).toBe("running");
    expect(urgency(299)).toBe("soon");
    expect(urgency(-1)).toBe("ended");
  });

  it("renders the time left, and 'ended' in the chosen language", () => {
    render(Countdown, { endsMs: 90_000, now: 0 });
    expect(screen.getByRole("timer").textContent?.trim()).toBe("1:30 left");
    cleanup();
    setLang("de");
    render(Countdown, { endsMs: 0, now: 5_000 });
    const el = screen.getByRole("timer");
    expect(el.textContent?.trim()).toBe("abgelaufen");
    expect(el.classList.contains("ended")).toBe(true);
  });
});
