import { describe, expect, it } from "vitest";
import { utcToZonedInput, zonedInputToUtc } from "~/modules/promotions/discount-admin-dates";

const utc = (text: string, zone: string) => zonedInputToUtc(text, zone)?.toISOString() ?? null;

describe("a discount's dates on the shop's clock", () => {
  it("reads a wall time of the shop's zone as the instant it stands for", () => {
    expect(utc("2026-06-01T09:00", "America/New_York")).toBe("2026-06-01T13:00:00.000Z"); // EDT, UTC-4
    expect(utc("2026-12-01T09:00", "America/New_York")).toBe("2026-12-01T14:00:00.000Z"); // EST, UTC-5
    expect(utc("2026-06-01T09:00", "Asia/Tokyo")).toBe("2026-06-01T00:00:00.000Z");
    expect(utc("2026-06-01T00:30", "Asia/Kolkata")).toBe("2026-05-31T19:00:00.000Z");
    expect(utc("2026-06-01T09:00", "UTC")).toBe("2026-06-01T09:00:00.000Z");
  });

  it("takes a time the clocks skip (spring forward) as the moment after the gap", () => {
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT; 02:30 never shows on a clock.
    expect(utc("2026-03-08T01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(utc("2026-03-08T02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z"); // = 03:30 EDT
    expect(utc("2026-03-08T03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
    expect(utcToZonedInput("2026-03-08T07:30:00Z", "America/New_York")).toBe("2026-03-08T03:30");
    // London, 29 March 2026: 01:00 GMT jumps to 02:00 BST.
    expect(utc("2026-03-29T01:30", "Europe/London")).toBe("2026-03-29T01:30:00.000Z"); // = 02:30 BST
  });

  it("takes a time that happens twice (fall back) as the first of the two", () => {
    // New York, 1 November 2026: 02:00 EDT goes back to 01:00 EST; 01:30 happens at 05:30Z and 06:30Z.
    expect(utc("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(utc("2026-11-01T02:30", "America/New_York")).toBe("2026-11-01T07:30:00.000Z");
    expect(utcToZonedInput("2026-11-01T05:30:00Z", "America/New_York")).toBe("2026-11-01T01:30");
    expect(utcToZonedInput("2026-11-01T06:30:00Z", "America/New_York")).toBe("2026-11-01T01:30");
  });

  it("shows an instant as the datetime field's text on the shop's clock, and reads it back", () => {
    expect(utcToZonedInput("2026-06-01T13:00:00Z", "America/New_York")).toBe("2026-06-01T09:00");
    expect(utcToZonedInput(new Date("2026-01-01T04:59:00Z"), "America/New_York")).toBe("2025-12-31T23:59");
    expect(utcToZonedInput("2026-06-01T00:00:00Z", "Pacific/Auckland")).toBe("2026-06-01T12:00");
    for (const zone of ["America/Los_Angeles", "Europe/Berlin", "Australia/Sydney", "UTC"]) {
      for (const instant of ["2026-01-15T10:20:00Z", "2026-07-15T22:45:00Z"]) {
        expect(utc(utcToZonedInput(instant, zone), zone), `${zone} ${instant}`).toBe(new Date(instant).toISOString());
      }
    }
  });

  it("refuses what a datetime field never sends", () => {
    for (const text of [
      "",
      "tomorrow",
      "2026-06-01",
      "2026-06-01 09:00",
      "2026-02-31T09:00",
      "2026-13-01T09:00",
      "2026-06-01T24:00",
      "2026-06-01T09:60",
    ]) {
      expect(zonedInputToUtc(text, "America/New_York"), text).toBeNull();
    }
  });
});
