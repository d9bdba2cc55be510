import { describe, expect, it } from "vitest";
import {
  ANALYTICS_RANGE_MESSAGES,
  parseAnalyticsRange,
  presetRange,
  RANGE_PRESETS,
  rangeDays,
} from "~/modules/analytics/analytics-range";

// Late in the evening in UTC: "today" is the UTC day, 2026-03-15, wherever the tests run.
const today = new Date("2026-03-15T23:30:00Z");
const parse = (from?: string | null, to?: string | null) => parseAnalyticsRange({ from, to }, today);

describe("the analytics range", () => {
  it("defaults to the last 30 days ending today (UTC)", () => {
    expect(parse()).toEqual({ ok: true, range: { from: "2026-02-14", to: "2026-03-15" } });
    expect(parse(null, null)).toEqual(parse());
    expect(parse("", "  ")).toEqual(parse());
    expect(rangeDays({ from: "2026-02-14", to: "2026-03-15" })).toBe(30);
  });

  it("takes today in UTC, not in local time", () => {
    // 2026-03-16 01:00 in UTC+2 is still 2026-03-15 in UTC.
    expect(parseAnalyticsRange({}, new Date("2026-03-16T01:00:00+02:00"))).toEqual(parse());
    expect(parseAnalyticsRange({}, new Date("2026-03-16T00:00:00Z"))).toEqual({
      ok: true,
      range: { from: "2026-02-15", to: "2026-03-16" },
    });
  });

  it("reads a range, both days included, one day included", () => {
    expect(parse("2026-01-01", "2026-01-31")).toEqual({ ok: true, range: { from: "2026-01-01", to: "2026-01-31" } });
    expect(parse(" 2026-03-15 ", "2026-03-15")).toEqual({
      ok: true,
      range: { from: "2026-03-15", to: "2026-03-15" },
    });
  });

  it("fills a missing end with today and a missing start with the 30 days ending on the end", () => {
    expect(parse("2026-03-01")).toEqual({ ok: true, range: { from: "2026-03-01", to: "2026-03-15" } });
    expect(parse(undefined, "2026-01-31")).toEqual({ ok: true, range: { from: "2026-01-02", to: "2026-01-31" } });
  });

  it("moves an end after today back to today", () => {
    expect(parse("2026-03-01", "2026-04-30")).toEqual({ ok: true, range: { from: "2026-03-01", to: "2026-03-15" } });
    expect(parse(undefined, "2027-01-01")).toEqual(parse());
    // The range is measured after the clamp: 2025-03-15 … 2026-03-15 is 366 days.
    expect(parse("2025-03-15", "2030-01-01")).toEqual({
      ok: true,
      range: { from: "2025-03-15", to: "2026-03-15" },
    });
  });

  it("refuses a start after the end, a start after today included", () => {
    expect(parse("2026-02-02", "2026-02-01")).toEqual({ ok: false, message: ANALYTICS_RANGE_MESSAGES.order });
    expect(parse("2026-03-16")).toEqual({ ok: false, message: ANALYTICS_RANGE_MESSAGES.order });
    expect(ANALYTICS_RANGE_MESSAGES.order).toBe("Choose a start date on or before the end date");
  });

  it("allows at most 366 days", () => {
    // 2024 is a leap year: 2024-01-01 … 2024-12-31 is 366 days, one more is too many.
    expect(parse("2024-01-01", "2024-12-31")).toEqual({ ok: true, range: { from: "2024-01-01", to: "2024-12-31" } });
    expect(parse("2024-01-01", "2025-01-01")).toEqual({ ok: false, message: ANALYTICS_RANGE_MESSAGES.tooLong });
    expect(parse("2020-01-01")).toEqual({ ok: false, message: ANALYTICS_RANGE_MESSAGES.tooLong });
    expect(ANALYTICS_RANGE_MESSAGES.tooLong).toBe("Choose a range of at most 366 days");
  });

  it("refuses what is not a calendar day written YYYY-MM-DD", () => {
    for (const bad of [
      "2026-02-30",
      "2026-13-01",
      "2026-1-5",
      "15/03/2026",
      "2026-03-15T00:00:00Z",
      "yesterday",
      "1969-12-31",
    ]) {
      expect(parse(bad, "2026-03-15"), bad).toEqual({ ok: false, message: ANALYTICS_RANGE_MESSAGES.format });
      expect(parse("2026-03-01", bad), bad).toEqual({ ok: false, message: ANALYTICS_RANGE_MESSAGES.format });
    }
    expect(parse("2024-02-29", "2024-03-01").ok).toBe(true);
    expect(ANALYTICS_RANGE_MESSAGES.format).toBe("Enter dates as YYYY-MM-DD");
  });

  it("offers presets of 7, 30, 90 and 365 days ending today", () => {
    expect(RANGE_PRESETS).toEqual([7, 30, 90, 365]);
    expect(presetRange(7, today)).toEqual({ from: "2026-03-09", to: "2026-03-15" });
    expect(presetRange(30, today)).toEqual({ from: "2026-02-14", to: "2026-03-15" });
    expect(presetRange(90, today)).toEqual({ from: "2025-12-16", to: "2026-03-15" });
    expect(presetRange(365, today)).toEqual({ from: "2025-03-16", to: "2026-03-15" });
    for (const days of RANGE_PRESETS) {
      const range = presetRange(days, today);
      expect(rangeDays(range)).toBe(days);
      // Each preset is a range the parser accepts as it is.
      expect(parse(range.from, range.to)).toEqual({ ok: true, range });
    }
  });
});
