import { describe, expect, it } from "vitest";
import { amountToFreeShipping, computeTotals, shippingCents, taxCents } from "~/modules/orders/pricing";

describe("pricing (spec §9)", () => {
  it("charges 8% tax rounded to the cent", () => {
    expect(taxCents(5000)).toBe(400);
    expect(taxCents(4999)).toBe(400);
    expect(taxCents(1999)).toBe(160); // 159.92
    expect(taxCents(0)).toBe(0);
  });
  it("makes standard shipping free above $50, not at $50", () => {
    expect(shippingCents("standard", 4999)).toBe(999);
    expect(shippingCents("standard", 5000)).toBe(999);
    expect(shippingCents("standard", 5001)).toBe(0);
  });
  it("always charges express and overnight", () => {
    expect(shippingCents("express", 100_000)).toBe(1999);
    expect(shippingCents("overnight", 100)).toBe(2999);
  });
  it("adds subtotal, shipping and tax", () => {
    const lines = [
      { unitPriceCents: 2999, quantity: 2 },
      { unitPriceCents: 1500, quantity: 1 },
    ];
    expect(computeTotals(lines, "standard")).toEqual({
      subtotalCents: 7498,
      shippingCents: 0,
      taxCents: 600,
      totalCents: 8098,
    });
    expect(computeTotals(lines, "express").totalCents).toBe(7498 + 1999 + 600);
    expect(computeTotals([{ unitPriceCents: 2000, quantity: 1 }]).totalCents).toBe(2160);
  });
  it("tells how much more buys free shipping", () => {
    expect(amountToFreeShipping(4999)).toBe(2);
    expect(amountToFreeShipping(5000)).toBe(1);
    expect(amountToFreeShipping(5001)).toBe(0);
  });
});
