import { describe, expect, it } from "vitest";
import {
  DISCOUNT_MESSAGES,
  priceCart,
  shareOut,
  type CodeEntry,
  type DiscountLine,
  type DiscountRule,
  type PriceCartInput,
} from "~/modules/promotions/discount-engine";
import { DEFAULT_PRICING_RULES } from "~/modules/pricing/pricing";

const NOW = Date.parse("2026-06-10T12:00:00Z");
const TZ = "America/New_York";
const TEES = "cat-tees";
const DRESSES = "cat-dresses";

function rule(over: Partial<DiscountRule> = {}): DiscountRule {
  return {
    id: over.id ?? "d-code",
    title: "Summer",
    method: "code",
    valueType: "percentage",
    value: 20,
    shippingRates: "standard",
    appliesTo: "order",
    categoryIds: [],
    productIds: [],
    excludeSaleItems: false,
    minSubtotalCents: null,
    minQuantity: null,
    firstOrderOnly: false,
    startsAt: Date.parse("2026-06-01T04:00:00Z"),
    endsAt: null,
    isEnabled: true,
    combinable: false,
    usageLimit: null,
    usageCount: 0,
    perCustomerLimit: null,
    ...over,
  };
}

function line(productId: string, unit: number, quantity = 1, over: Partial<DiscountLine> = {}): DiscountLine {
  return { productId, categoryIds: [TEES], unitPriceCents: unit, compareAtCents: null, quantity, ...over };
}

const code = (r: DiscountRule, typed = "summer20"): CodeEntry => ({
  code: typed,
  rule: r,
  codeUsageLimit: null,
  codeUsageCount: 0,
});

function price(over: Partial<PriceCartInput>) {
  return priceCart({
    lines: [],
    offers: [],
    shopper: { firstOrder: true, usesOfCode: 0 },
    pricing: DEFAULT_PRICING_RULES,
    now: NOW,
    timeZone: TZ,
    ...over,
  });
}

describe("shareOut", () => {
  it.each([
    [100, [100, 100, 100], [34, 33, 33]],
    [667, [3333, 0], [667, 0]],
    [10, [1, 1], [1, 1]],
    [5, [250, 750], [1, 4]],
    [0, [100], [0]],
  ])("shares %i over %j as %j", (amount, totals, expected) => {
    expect(shareOut(amount, totals)).toEqual(expected);
    expect(shareOut(amount, totals).reduce((a, b) => a + b, 0)).toBe(
      Math.min(
        amount,
        totals.reduce((a, b) => a + b),
      ),
    );
  });
});

describe("priceCart: a table of carts and discounts", () => {
  const cases: {
    name: string;
    input: Partial<PriceCartInput>;
    discount: number;
    lines?: number[];
    shipping?: number;
    tax?: number;
    total: number;
    problem?: string | null;
  }[] = [
    {
      name: "20% of $33.33 rounds once, to $6.67",
      input: { lines: [line("a", 3333)], code: code(rule()) },
      discount: 667,
      tax: 213, // 8% of 26.66
      total: 3333 - 667 + 213,
      problem: null,
    },
    {
      name: "20% over three lines is shared exactly",
      input: { lines: [line("a", 1000), line("b", 1000), line("c", 1001)], code: code(rule()) },
      discount: 600,
      lines: [200, 200, 200],
      total: 3001 - 600 + 192,
    },
    {
      name: "a fixed $10 never takes more than the lines",
      input: { lines: [line("a", 700)], code: code(rule({ valueType: "fixed", value: 1000 })) },
      discount: 700,
      tax: 0,
      total: 0,
    },
    {
      name: "a category code takes off its category's lines only",
      input: {
        lines: [line("a", 5000), line("b", 4000, 1, { categoryIds: [DRESSES] })],
        code: code(rule({ appliesTo: "categories", categoryIds: [DRESSES], value: 50 })),
      },
      discount: 2000,
      lines: [0, 2000],
      total: 9000 - 2000 + 560,
    },
    {
      name: "a product code and a cart without the product",
      input: { lines: [line("a", 5000)], code: code(rule({ appliesTo: "products", productIds: ["z"] })) },
      discount: 0,
      total: 5000 + 400,
      problem: DISCOUNT_MESSAGES.notForItems,
    },
    {
      name: "sale items excluded: only the full-price line is discounted",
      input: {
        lines: [line("a", 5000), line("b", 3000, 1, { compareAtCents: 4000 })],
        code: code(rule({ excludeSaleItems: true, value: 10 })),
      },
      discount: 500,
      lines: [500, 0],
      total: 8000 - 500 + 600,
    },
    {
      name: "sale items excluded and only sale items in the cart",
      input: {
        lines: [line("b", 3000, 1, { compareAtCents: 4000 })],
        code: code(rule({ excludeSaleItems: true })),
      },
      discount: 0,
      total: 3000 + 240,
      problem: "This code is not valid for items on sale",
    },
    {
      name: "minimum subtotal not reached says how much more",
      input: { lines: [line("a", 2500)], code: code(rule({ minSubtotalCents: 5000 })) },
      discount: 0,
      total: 2500 + 200,
      problem: "Spend $25.00 more to use this code",
    },
    {
      name: "minimum subtotal reached exactly",
      input: { lines: [line("a", 2500, 2)], code: code(rule({ minSubtotalCents: 5000, value: 10 })) },
      discount: 500,
      total: 4500 + 360,
    },
    {
      name: "minimum quantity",
      input: { lines: [line("a", 2500)], code: code(rule({ minQuantity: 3 })) },
      discount: 0,
      total: 2700,
      problem: "Add 2 more items to use this code",
    },
    {
      name: "not started yet names its day in the shop's time zone",
      input: { lines: [line("a", 2500)], code: code(rule({ startsAt: Date.parse("2026-07-01T04:00:00Z") })) },
      discount: 0,
      total: 2700,
      problem: "This code starts on 1 July",
    },
    {
      name: "expired",
      input: { lines: [line("a", 2500)], code: code(rule({ endsAt: Date.parse("2026-06-10T11:59:00Z") })) },
      discount: 0,
      total: 2700,
      problem: DISCOUNT_MESSAGES.expired,
    },
    {
      name: "used up",
      input: { lines: [line("a", 2500)], code: code(rule({ usageLimit: 10, usageCount: 10 })) },
      discount: 0,
      total: 2700,
      problem: "This code has been used up",
    },
    {
      name: "a single-use code already used",
      input: { lines: [line("a", 2500)], code: { ...code(rule()), codeUsageLimit: 1, codeUsageCount: 1 } as CodeEntry },
      discount: 0,
      total: 2700,
      problem: DISCOUNT_MESSAGES.usedUp,
    },
    {
      name: "per-customer limit reached",
      input: {
        lines: [line("a", 2500)],
        code: code(rule({ perCustomerLimit: 1 })),
        shopper: { firstOrder: false, usesOfCode: 1 },
      },
      discount: 0,
      total: 2700,
      problem: DISCOUNT_MESSAGES.usedByYou,
    },
    {
      name: "first order only, for an account that ordered before",
      input: {
        lines: [line("a", 2500)],
        code: code(rule({ firstOrderOnly: true })),
        shopper: { firstOrder: false, usesOfCode: 0 },
      },
      discount: 0,
      total: 2700,
      problem: DISCOUNT_MESSAGES.firstOrder,
    },
    {
      name: "an unknown code",
      input: { lines: [line("a", 2500)], code: { code: "nope", problem: DISCOUNT_MESSAGES.invalid } },
      discount: 0,
      total: 2700,
      problem: DISCOUNT_MESSAGES.invalid,
    },
    {
      name: "the free-shipping threshold sees the discounted subtotal",
      input: { lines: [line("a", 6000)], code: code(rule()), method: "standard" },
      discount: 1200,
      shipping: 999, // $48.00 after the discount: not above $50
      total: 4800 + 999 + 384,
    },
    {
      name: "free standard shipping by code",
      input: {
        lines: [line("a", 2000)],
        code: code(rule({ valueType: "free_shipping", value: null })),
        method: "standard",
      },
      discount: 0,
      shipping: 0,
      total: 2000 + 160,
      problem: null,
    },
    {
      name: "free standard shipping does not waive express",
      input: {
        lines: [line("a", 2000)],
        code: code(rule({ valueType: "free_shipping", value: null })),
        method: "express",
      },
      discount: 0,
      shipping: 1999,
      total: 2000 + 1999 + 160,
      problem: DISCOUNT_MESSAGES.standardOnly,
    },
    {
      name: "free shipping on any rate waives overnight",
      input: {
        lines: [line("a", 2000)],
        code: code(rule({ valueType: "free_shipping", value: null, shippingRates: "any" })),
        method: "overnight",
      },
      discount: 0,
      shipping: 0,
      total: 2160,
    },
    {
      name: "an automatic offer applies by itself",
      input: { lines: [line("a", 5000)], offers: [rule({ id: "auto", method: "automatic", value: 10 })] },
      discount: 500,
      total: 4500 + 360,
    },
    {
      name: "the code combines with a combinable offer: each line gets the better one",
      input: {
        lines: [line("a", 5000), line("b", 5000, 1, { categoryIds: [DRESSES] })],
        code: code(rule({ value: 10 })),
        offers: [
          rule({
            id: "auto",
            method: "automatic",
            combinable: true,
            appliesTo: "categories",
            categoryIds: [DRESSES],
            value: 30,
          }),
        ],
      },
      discount: 500 + 1500,
      lines: [500, 1500],
      total: 8000 + 640,
      problem: null,
    },
    {
      name: "a better offer that does not combine wins over the code",
      input: {
        lines: [line("a", 5000)],
        code: code(rule({ value: 10 })),
        offers: [rule({ id: "auto", method: "automatic", value: 25 })],
      },
      discount: 1250,
      total: 3750 + 300,
      problem: DISCOUNT_MESSAGES.betterOffer,
    },
    {
      name: "the code wins over a smaller offer that does not combine",
      input: {
        lines: [line("a", 5000)],
        code: code(rule({ value: 30 })),
        offers: [rule({ id: "auto", method: "automatic", value: 25 })],
      },
      discount: 1500,
      total: 3500 + 280,
      problem: null,
    },
    {
      name: "an automatic offer outside its dates, disabled or used up does nothing",
      input: {
        lines: [line("a", 5000)],
        offers: [
          rule({ id: "a1", method: "automatic", startsAt: NOW + 1000 }),
          rule({ id: "a2", method: "automatic", isEnabled: false }),
          rule({ id: "a3", method: "automatic", usageLimit: 5, usageCount: 5 }),
        ],
      },
      discount: 0,
      total: 5400,
    },
    {
      name: "a first-order offer waits until the shopper is known",
      input: {
        lines: [line("a", 5000)],
        offers: [rule({ id: "a1", method: "automatic", firstOrderOnly: true })],
        shopper: { firstOrder: null, usesOfCode: null },
      },
      discount: 0,
      total: 5400,
    },
  ];

  it.each(cases)("$name", (c) => {
    const result = price(c.input);
    expect(result.discountCents).toBe(c.discount);
    expect(result.lineDiscountCents.reduce((a, b) => a + b, 0)).toBe(c.discount);
    if (c.lines) expect(result.lineDiscountCents).toEqual(c.lines);
    if (c.shipping !== undefined) expect(result.shippingCents).toBe(c.shipping);
    if (c.tax !== undefined) expect(result.taxCents).toBe(c.tax);
    expect(result.totalCents).toBe(c.total);
    expect(result.totalCents).toBe(
      Math.max(0, result.subtotalCents - result.discountCents + result.shippingCents + result.taxCents),
    );
    if (c.problem !== undefined) expect(result.code?.problem).toBe(c.problem);
  });

  it("lists what applied: the code first with its upper-case code, then the offers; free shipping its own line", () => {
    const result = price({
      lines: [line("a", 2000), line("b", 2000, 1, { categoryIds: [DRESSES] })],
      code: code(rule({ value: 10 }), " summer20 "),
      offers: [
        rule({
          id: "auto",
          title: "Dresses week",
          method: "automatic",
          combinable: true,
          appliesTo: "categories",
          categoryIds: [DRESSES],
          value: 30,
        }),
        rule({
          id: "ship",
          title: "Free shipping",
          method: "automatic",
          combinable: true,
          valueType: "free_shipping",
          value: null,
        }),
      ],
      method: "standard",
    });
    expect(result.applied).toEqual([
      { discountId: "d-code", code: "SUMMER20", title: "Summer", kind: "amount", amountCents: 200 },
      { discountId: "auto", code: null, title: "Dresses week", kind: "amount", amountCents: 600 },
      { discountId: "ship", code: null, title: "Free shipping", kind: "shipping", amountCents: 999 },
    ]);
    expect(result.shippingCents).toBe(0);
    expect(result.freeShipping).toBe(true);
    expect(result.totalCents).toBe(3200 + 256);
  });

  it("never charges below zero and taxes nothing on a fully discounted cart", () => {
    const result = price({ lines: [line("a", 999)], code: code(rule({ value: 100 })), method: "overnight" });
    expect(result.discountCents).toBe(999);
    expect(result.taxCents).toBe(0);
    expect(result.totalCents).toBe(2999);
  });
});
