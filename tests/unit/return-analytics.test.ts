import { describe, expect, it } from "vitest";
import { fitFlag, NO_FIT_RETURNS, withFitReturns } from "~/modules/analytics/fit-flags";
import {
  formatRate,
  netRevenue,
  rankReturnRows,
  reasonBreakdown,
  returnRate,
  shopMonth,
  topReason,
} from "~/modules/analytics/return-analytics";

describe("the return rate", () => {
  it("is units returned over units sold, and none (not 0 %) without sales", () => {
    expect(returnRate(3, 12)).toBe(0.25);
    expect(returnRate(0, 12)).toBe(0);
    expect(returnRate(0, 0)).toBeNull();
    expect(returnRate(2, 0)).toBeNull();
  });

  it("is shown to one decimal, '—' without a rate", () => {
    expect(formatRate(1 / 3)).toBe("33.3%");
    expect(formatRate(0.125)).toBe("12.5%");
    expect(formatRate(0)).toBe("0.0%");
    expect(formatRate(null)).toBe("—");
  });
});

describe("the reasons' breakdown", () => {
  it("sums rows of the same reason, labels them, shares of all units, most first", () => {
    const rows = reasonBreakdown([
      { reason: "too_small", units: 2 },
      { reason: "damaged", units: 1 },
      { reason: "too_small", units: 3 },
      { reason: "changed_mind", units: 4 },
    ]);
    expect(rows).toEqual([
      { reason: "too_small", label: "Too small", units: 5, share: 0.5 },
      { reason: "changed_mind", label: "Changed my mind", units: 4, share: 0.4 },
      { reason: "damaged", label: "Damaged or faulty", units: 1, share: 0.1 },
    ]);
  });

  it("breaks a tie in the return form's order, and leaves out reasons without units", () => {
    const rows = reasonBreakdown([
      { reason: "other", units: 2 },
      { reason: "too_large", units: 2 },
      { reason: "not_as_pictured", units: 0 },
    ]);
    expect(rows.map((r) => r.reason)).toEqual(["too_large", "other"]);
    expect(
      topReason([
        { reason: "other", units: 1 },
        { reason: "damaged", units: 1 },
      ]),
    ).toBe("damaged");
    expect(reasonBreakdown([])).toEqual([]);
    expect(topReason([])).toBeNull();
  });
});

describe("the returns' tables", () => {
  it("rank most units returned first, then the highest rate, then by name", () => {
    const rows = rankReturnRows([
      { label: "B", unitsReturned: 2, rate: 0.1 },
      { label: "A", unitsReturned: 2, rate: 0.1 },
      { label: "C", unitsReturned: 2, rate: 0.5 },
      { label: "D", unitsReturned: 3, rate: null },
      { label: "E", unitsReturned: 2, rate: null },
    ]);
    expect(rows.map((r) => r.label)).toEqual(["D", "C", "A", "B", "E"]);
  });
});

describe("revenue net of refunds", () => {
  it("is the revenue less the refunds made, to the cent, below zero when refunds of earlier sales exceed it", () => {
    expect(netRevenue(123_456, 10_001)).toBe(113_455);
    expect(netRevenue(0, 0)).toBe(0);
    expect(netRevenue(500, 1_250)).toBe(-750);
  });
});

describe("this month in the shop's time zone", () => {
  it("is the calendar month there, as instants (New York: UTC−5 in winter, −4 in summer)", () => {
    // 1 December 03:00 UTC is still 30 November, 22:00 in New York.
    const nov = shopMonth(new Date("2026-12-01T03:00:00Z"), "America/New_York");
    expect(nov.month).toBe("2026-11");
    expect(nov.label).toBe("November 2026");
    expect(nov.start.toISOString()).toBe("2026-11-01T04:00:00.000Z"); // EDT until 1 November 06:00 UTC
    expect(nov.end.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    const march = shopMonth(new Date("2026-03-20T12:00:00Z"), "America/New_York");
    expect(march.start.toISOString()).toBe("2026-03-01T05:00:00.000Z");
    expect(march.end.toISOString()).toBe("2026-04-01T04:00:00.000Z"); // DST began on 8 March
  });

  it("turns the year, and works east of UTC and in UTC", () => {
    const dec = shopMonth(new Date("2026-12-31T23:30:00Z"), "UTC");
    expect([dec.month, dec.start.toISOString(), dec.end.toISOString()]).toEqual([
      "2026-12",
      "2026-12-01T00:00:00.000Z",
      "2027-01-01T00:00:00.000Z",
    ]);
    // 31 December 23:30 UTC is already 1 January in Berlin (UTC+1).
    const jan = shopMonth(new Date("2026-12-31T23:30:00Z"), "Europe/Berlin");
    expect([jan.month, jan.label, jan.start.toISOString(), jan.end.toISOString()]).toEqual([
      "2027-01",
      "January 2027",
      "2026-12-31T23:00:00.000Z",
      "2027-01-31T23:00:00.000Z",
    ]);
    const kolkata = shopMonth(new Date("2026-06-15T00:00:00Z"), "Asia/Kolkata");
    expect(kolkata.start.toISOString()).toBe("2026-05-31T18:30:00.000Z");
  });
});

describe("size returns toward a product's fit lean", () => {
  it("count 'Too small' as runs small and 'Too large' as runs large answers, never true to size", () => {
    expect(withFitReturns({ runsSmall: 1, trueToSize: 2, runsLarge: 0 }, { tooSmall: 3, tooLarge: 1 })).toEqual({
      runsSmall: 4,
      trueToSize: 2,
      runsLarge: 1,
    });
    expect(withFitReturns({ runsSmall: 1, trueToSize: 2, runsLarge: 3 }, NO_FIT_RETURNS)).toEqual({
      runsSmall: 1,
      trueToSize: 2,
      runsLarge: 3,
    });
  });

  it("flag a product once reviews and returns together reach 5 answers leaning 60 % one way", () => {
    // Reviews alone: 2 answers, no flag. With 3 too-small returns: 4 of 5 small → runs small.
    const reviews = { runsSmall: 1, trueToSize: 1, runsLarge: 0 };
    expect(fitFlag(reviews)).toBeNull();
    expect(fitFlag(withFitReturns(reviews, { tooSmall: 3, tooLarge: 0 }))).toBe("runs small");
    // Returns alone can flag: 5 too large.
    expect(fitFlag(withFitReturns({ runsSmall: 0, trueToSize: 0, runsLarge: 0 }, { tooSmall: 0, tooLarge: 5 }))).toBe(
      "runs large",
    );
    // 4 returns are too few on their own.
    expect(
      fitFlag(withFitReturns({ runsSmall: 0, trueToSize: 0, runsLarge: 0 }, { tooSmall: 4, tooLarge: 0 })),
    ).toBeNull();
    // Returns both ways split the answers: 3 small, 2 large, 1 true → 50 %, no flag.
    expect(
      fitFlag(withFitReturns({ runsSmall: 1, trueToSize: 1, runsLarge: 0 }, { tooSmall: 2, tooLarge: 2 })),
    ).toBeNull();
  });
});
