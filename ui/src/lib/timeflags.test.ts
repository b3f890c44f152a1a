import { describe, expect, it } from "vitest";
import { acceptBlocked, openCount, timeFlags } from "./timeflags";
import type { FutureDatedRow, LateArrivalRow } from "./types";

const late = (event: string, accepted: string | null): LateArrivalRow => ({
  event, kind: "appeal.filed", signer: "Jens Hansen, laptop 2", role: "td",
  signed: "2100-01-01T00:10:00Z", law: "92B", deadline: "2100-01-01T00:30:00Z",
  arrival: "2100-01-01T01:00:00Z", received_by: "Chief", accepted,
});
const future: FutureDatedRow = {
  event: "ff", kind: "director.note", holder: "Tina", signed: "2100-01-01T03:00:00Z", minutes_ahead: 120, received: "2100-01-01T01:00:00Z",
};

describe("signed-time flags", () => {
  it("lists late arrivals (law prefilled) before future-dated events, and counts the open ones", () => {
    const flags = timeFlags({ late_arrivals: [late("aa", null), late("bb", "cc")], future_dated: [future] });
    expect(flags.map((f) => [f.kind, f.event, f.law, f.open])).toEqual([
      ["late", "aa", "92B", true],
      ["late", "bb", "92B", false],
      ["future", "ff", "", true],
    ]);
    expect(openCount(flags)).toBe(2);
    expect(timeFlags({ late_arrivals: [], future_dated: [] })).toEqual([]);
  });

  it("says why Accept is disabled: not the chief TD, busy, no law, no reason", () => {
    expect(acceptBlocked("td", "92B", "offline laptop", false)).toBe("notChief");
    expect(acceptBlocked(null, "92B", "offline laptop", false)).toBe("notChief");
    expect(acceptBlocked("chief_td", "92B", "offline laptop", true)).toBe("busy");
    expect(acceptBlocked("chief_td", " ", "offline laptop", false)).toBe("law");
    expect(acceptBlocked("chief_td", "92B", "  ", false)).toBe("reason");
    expect(acceptBlocked("chief_td", "92B", "offline laptop", false)).toBeNull();
  });
});
