import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { hasNext, hasPrev, last, next, prev, range } from "./paging";
import Pager from "../components/Pager.svelte";

afterEach(() => cleanup());

describe("event list paging", () => {
  it("shows 1-based ranges and stops at the ends", () => {
    const p = { offset: 0, size: 50, total: 120 };
    expect(range(p)).toEqual({ from: 1, to: 50, total: 120 });
    expect(hasPrev(p)).toBe(false);
    expect(next(p)).toBe(50);
    const end = { offset: 100, size: 50, total: 120 };
    expect(range(end)).toEqual({ from: 101, to: 120, total: 120 });
    expect(hasNext(end)).toBe(false);
    expect(next(end)).toBe(100);
    expect(prev(end)).toBe(50);
    expect(prev({ offset: 20, size: 50, total: 120 })).toBe(0);
  });

  it("handles an empty list and exact multiples", () => {
    expect(range({ offset: 0, size: 50, total: 0 })).toEqual({ from: 0, to: 0, total: 0 });
    expect(last({ offset: 0, size: 50, total: 100 })).toBe(50);
    expect(last({ offset: 0, size: 50, total: 1_000_000 })).toBe(999_950);
  });

  it("the pager's buttons ask for the neighbouring page", async () => {
    const onchange = vi.fn();
    render(Pager, { page: { offset: 50, size: 50, total: 120 }, onchange });
    expect(screen.getByText("51–100 of 120")).toBeTruthy();
    await fireEvent.click(screen.getByText("Next"));
    await fireEvent.click(screen.getByText("Previous"));
    expect(onchange.mock.calls).toEqual([[100], [0]]);
  });
});
