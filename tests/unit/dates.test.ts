import { describe, expect, it } from "vitest";
import { formatDateTimeIn, formatDayIn, startOfDayIn } from "~/lib/dates";

describe("dates in the shop's time zone", () => {
  it("begins the day at the zone's midnight, across the date line and daylight saving", () => {
    // 03:30 UTC on 26 Nov is still 25 Nov in New York (UTC-5).
    expect(startOfDayIn("America/New_York", new Date("2026-11-26T03:30:00Z")).toISOString()).toBe(
      "2026-11-25T05:00:00.000Z",
    );
    expect(startOfDayIn("America/New_York", new Date("2026-11-26T12:00:00Z")).toISOString()).toBe(
      "2026-11-26T05:00:00.000Z",
    );
    // Summer time: UTC-4.
    expect(startOfDayIn("America/New_York", new Date("2026-07-01T12:00:00Z")).toISOString()).toBe(
      "2026-07-01T04:00:00.000Z",
    );
    expect(startOfDayIn("Asia/Tokyo", new Date("2026-11-26T20:00:00Z")).toISOString()).toBe("2026-11-26T15:00:00.000Z");
    expect(startOfDayIn("UTC", new Date("2026-11-26T23:59:59Z")).toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });

  it("shows a moment on the shop's clock with its zone", () => {
    expect(formatDateTimeIn("2026-11-26T14:05:00Z", "America/New_York")).toBe("Nov 26, 2026, 9:05 AM EST");
    expect(formatDateTimeIn("2026-11-26T14:05:00Z", "UTC")).toBe("Nov 26, 2026, 2:05 PM UTC");
    expect(formatDayIn("2026-11-26T03:00:00Z", "America/Los_Angeles", "long")).toBe("November 25, 2026");
  });
});
