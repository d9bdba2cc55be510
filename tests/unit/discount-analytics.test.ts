import { describe, expect, it } from "vitest";
import {
  averageOrderCents,
  DISCOUNT_TABLE_ROWS,
  discountLabel,
  foldDiscounts,
  rankDiscounts,
  splitRevenueByDiscount,
  type DiscountFigures,
} from "~/modules/analytics/discount-analytics";

const row = (key: string, over: Partial<DiscountFigures> = {}): DiscountFigures => {
  const base: DiscountFigures = {
    key,
    kind: "code",
    code: key.toUpperCase(),
    title: `Title of ${key}`,
    orders: 1,
    revenueCents: 1000,
    averageOrderCents: 1000,
    discountCents: 100,
  };
  return { ...base, ...over };
};

describe("the average order of a discount", () => {
  it("is revenue / orders rounded half up, in cents", () => {
    expect(averageOrderCents(10001, 2)).toBe(5001); // 5000.5 → 5001
    expect(averageOrderCents(10002, 3)).toBe(3334); // 3334
    expect(averageOrderCents(10000, 3)).toBe(3333); // 3333.33… → 3333
    expect(averageOrderCents(20000, 3)).toBe(6667); // 6666.66… → 6667
    expect(averageOrderCents(1, 2)).toBe(1); // 0.5 → 1
  });

  it("is 0 without orders", () => {
    expect(averageOrderCents(0, 0)).toBe(0);
    expect(averageOrderCents(500, 0)).toBe(0);
  });
});

describe("the order of the By discount table", () => {
  it("puts the most revenue first, then the most orders, then the name, then the key", () => {
    const ranked = rankDiscounts([
      row("b", { revenueCents: 5000, orders: 2 }),
      row("a", { revenueCents: 5000, orders: 2 }),
      row("c", { revenueCents: 5000, orders: 3 }),
      row("d", { revenueCents: 9000, orders: 1 }),
      row("offer:x", { kind: "offer", code: null, title: "Spring offer", revenueCents: 5000, orders: 2 }),
      // Same label as "a" (a code typed the same way for a deleted discount): the key decides.
      row("code::A", { code: "A", revenueCents: 5000, orders: 2 }),
    ]);
    expect(ranked.map((r) => r.key)).toEqual(["d", "c", "a", "code::A", "b", "offer:x"]);
  });

  it("names a code by its code and an offer by its title", () => {
    expect(discountLabel({ code: "SUMMER20", title: "Summer" })).toBe("SUMMER20");
    expect(discountLabel({ code: null, title: "Weekend sale" })).toBe("Weekend sale");
  });

  it("does not change the rows it is given", () => {
    const rows = [row("a", { revenueCents: 1 }), row("b", { revenueCents: 2 })];
    rankDiscounts(rows);
    expect(rows.map((r) => r.key)).toEqual(["a", "b"]);
  });
});

describe("the rows past the table's length", () => {
  it("are summed on one line: orders, revenue, its average, discount given", () => {
    const rows = [
      row("a", { orders: 5, revenueCents: 50000, discountCents: 5000 }),
      row("b", { orders: 2, revenueCents: 3001, discountCents: 300 }),
      row("c", { orders: 1, revenueCents: 2000, discountCents: 999 }),
    ];
    const { shown, rest } = foldDiscounts(rows, 1);
    expect(shown.map((r) => r.key)).toEqual(["a"]);
    // 3 orders, 5001 cents: 1667 average; 1299 given.
    expect(rest).toEqual({ count: 2, orders: 3, revenueCents: 5001, averageOrderCents: 1667, discountCents: 1299 });
  });

  it("are nothing when every row fits", () => {
    const rows = Array.from({ length: DISCOUNT_TABLE_ROWS }, (_, i) => row(`k${i}`));
    expect(foldDiscounts(rows)).toEqual({ shown: rows, rest: null });
    expect(foldDiscounts([])).toEqual({ shown: [], rest: null });
    const more = [...rows, row("last")];
    expect(foldDiscounts(more).rest?.count).toBe(1);
    expect(foldDiscounts(more).shown).toHaveLength(DISCOUNT_TABLE_ROWS);
  });
});

describe("the revenue per day split into sales with and without a discount", () => {
  const days = [
    { day: "2026-03-01", orders: 3, revenueCents: 9000 },
    { day: "2026-03-02", orders: 0, revenueCents: 0 },
    { day: "2026-03-03", orders: 2, revenueCents: 5000 },
  ];

  it("gives every day of the range, its two parts adding up to the day's revenue", () => {
    const split = splitRevenueByDiscount(days, [{ day: "2026-03-01", orders: 1, revenueCents: 2500 }]);
    expect(split).toEqual([
      {
        day: "2026-03-01",
        orders: 3,
        revenueCents: 9000,
        withDiscountCents: 2500,
        withoutDiscountCents: 6500,
        withDiscountOrders: 1,
      },
      {
        day: "2026-03-02",
        orders: 0,
        revenueCents: 0,
        withDiscountCents: 0,
        withoutDiscountCents: 0,
        withDiscountOrders: 0,
      },
      {
        day: "2026-03-03",
        orders: 2,
        revenueCents: 5000,
        withDiscountCents: 0,
        withoutDiscountCents: 5000,
        withDiscountOrders: 0,
      },
    ]);
  });

  it("keeps a part read a moment later within its day (an order paid between the two reads)", () => {
    const split = splitRevenueByDiscount(days, [
      { day: "2026-03-03", orders: 3, revenueCents: 7000 },
      // A day outside `days` is not drawn.
      { day: "2026-03-04", orders: 1, revenueCents: 100 },
    ]);
    expect(split.map((d) => d.day)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(split[2]).toMatchObject({ withDiscountCents: 5000, withoutDiscountCents: 0, withDiscountOrders: 2 });
  });
});
