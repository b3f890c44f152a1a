import { describe, expect, it } from "vitest";
import { localTime } from "./when";

// 2026-11-26T13:05:09Z (CET, UTC+1) and 2026-07-01T12:00:00Z (CEST, UTC+2).
const WINTER = "2026-11-26T13:05:09Z";
const SUMMER = Date.UTC(2026, 6, 1, 12, 0, 0);

describe("signed times in the event's time zone", () => {
  it("a time in Europe/Copenhagen is shown local with the zone named, in each language", () => {
    expect(localTime(WINTER, "Europe/Copenhagen", "en")).toBe("2026-11-26 14:05:09 CET");
    expect(localTime(WINTER, "Europe/Copenhagen", "de")).toBe("26.11.2026 14:05:09 CET");
    expect(localTime(WINTER, "Europe/Copenhagen", "da")).toBe("26.11.2026 14.05.09 CET");
    expect(localTime(SUMMER, "Europe/Berlin", "en")).toBe("2026-07-01 14:00:00 CEST");
  });

  it("without the event's setting the time is UTC and says so, never the machine's zone", () => {
    expect(localTime(WINTER, null, "en")).toBe("2026-11-26 13:05:09 UTC");
  });

  it("a zone without an abbreviation is named by offset and name; bad input shows as it is", () => {
    expect(localTime(WINTER, "Europe/Istanbul", "en")).toBe("2026-11-26 16:05:09 GMT+3 (Europe/Istanbul)");
    expect(localTime("not a time", "Europe/Berlin", "en")).toBe("not a time");
  });
});
