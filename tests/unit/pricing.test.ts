import { describe, expect, it } from "vitest";
import {
  amountToFreeShipping,
  computeTotals,
  DEFAULT_PRICING_RULES as spec,
  percentText,
  shippingCents,
  taxCents,
  taxPercentFor,
  usStateCode,
  type PricingRules,
} from "~/modules/pricing/pricing";
import { shippingSettingsSchema } from "~/modules/settings/settings-schema";

describe("pricing with the spec's defaults (spec §9)", () => {
  it("charges 8% tax rounded to the cent", () => {
    expect(taxCents(5000, spec)).toBe(400);
    expect(taxCents(4999, spec)).toBe(400);
    expect(taxCents(1999, spec)).toBe(160); // 159.92
    expect(taxCents(0, spec)).toBe(0);
  });
  it("makes standard shipping free above $50, not at $50", () => {
    expect(shippingCents("standard", 4999, spec)).toBe(999);
    expect(shippingCents("standard", 5000, spec)).toBe(999);
    expect(shippingCents("standard", 5001, spec)).toBe(0);
  });
  it("always charges express and overnight", () => {
    expect(shippingCents("express", 100_000, spec)).toBe(1999);
    expect(shippingCents("overnight", 100, spec)).toBe(2999);
  });
  it("adds subtotal, shipping and tax", () => {
    const lines = [
      { unitPriceCents: 2999, quantity: 2 },
      { unitPriceCents: 1500, quantity: 1 },
    ];
    expect(computeTotals(lines, spec, { method: "standard" })).toEqual({
      subtotalCents: 7498,
      shippingCents: 0,
      taxCents: 600,
      totalCents: 8098,
    });
    expect(computeTotals(lines, spec, { method: "express" }).totalCents).toBe(7498 + 1999 + 600);
    expect(computeTotals([{ unitPriceCents: 2000, quantity: 1 }], spec).totalCents).toBe(2160);
  });
  it("tells how much more buys free shipping", () => {
    expect(amountToFreeShipping(4999, spec)).toBe(2);
    expect(amountToFreeShipping(5000, spec)).toBe(1);
    expect(amountToFreeShipping(5001, spec)).toBe(0);
  });
  it("are valid shipping settings", () => {
    expect(shippingSettingsSchema.safeParse({ ...spec, shipsTo: ["US"] }).success).toBe(true);
  });
});

describe("pricing by the owner's shipping and tax settings", () => {
  const rules: PricingRules = {
    rates: { standard: 500, express: 1500, overnight: 4000 },
    freeShippingOverCents: 10_000,
    taxPercent: 10,
    countryTax: { CA: 13, UK: 20, other: 0 },
    usStateTax: { NY: 8.875, OR: 0 },
  };

  it("charges the owner's rates and free standard shipping above their threshold", () => {
    expect(shippingCents("standard", 5001, rules)).toBe(500);
    expect(shippingCents("standard", 10_000, rules)).toBe(500);
    expect(shippingCents("standard", 10_001, rules)).toBe(0);
    expect(shippingCents("express", 50_000, rules)).toBe(1500);
    expect(shippingCents("overnight", 100, rules)).toBe(4000);
    expect(amountToFreeShipping(9_000, rules)).toBe(1_001);
    expect(amountToFreeShipping(10_001, rules)).toBe(0);
  });

  it("never makes shipping free without a threshold, and gives no hint then", () => {
    const never = { ...rules, freeShippingOverCents: null };
    expect(shippingCents("standard", 1_000_000, never)).toBe(500);
    expect(amountToFreeShipping(100, never)).toBeNull();
    expect(amountToFreeShipping(1_000_000, never)).toBeNull();
  });

  it("a threshold of 0 makes every standard shipment with a subtotal free", () => {
    const always = { ...rules, freeShippingOverCents: 0 };
    expect(shippingCents("standard", 1, always)).toBe(0);
    expect(amountToFreeShipping(1, always)).toBe(0);
  });

  it("taxes a US state's rate, else the country's, else the default", () => {
    expect(taxPercentFor(rules, { country: "US", state: "NY" })).toBe(8.875);
    expect(taxPercentFor(rules, { country: "US", state: "OR" })).toBe(0);
    // A state without a rate takes the country's (none here) or the default.
    expect(taxPercentFor(rules, { country: "US", state: "TX" })).toBe(10);
    expect(taxPercentFor({ ...rules, countryTax: { US: 6 } }, { country: "US", state: "TX" })).toBe(6);
    expect(taxPercentFor({ ...rules, countryTax: { US: 6 } }, { country: "US", state: "NY" })).toBe(8.875);
    expect(taxPercentFor(rules, { country: "CA", state: "ON" })).toBe(13);
    // A state rate is the United States' only: 'NY' in Canada is not New York.
    expect(taxPercentFor(rules, { country: "CA", state: "NY" })).toBe(13);
    expect(taxPercentFor(rules, { country: "UK", state: "" })).toBe(20);
    expect(taxPercentFor(rules, { country: "other", state: "" })).toBe(0);
    expect(taxPercentFor(rules, { country: "DE", state: "Berlin" })).toBe(10);
    // Unknown destination (the cart panel): the default rate.
    expect(taxPercentFor(rules)).toBe(10);
    expect(taxPercentFor(rules, { country: "", state: "NY" })).toBe(10);
  });

  it("reads the state as shoppers type it", () => {
    expect(usStateCode("NY")).toBe("NY");
    expect(usStateCode(" ny ")).toBe("NY");
    expect(usStateCode("N.Y.")).toBe("NY");
    expect(usStateCode("New York")).toBe("NY");
    expect(usStateCode("new  york")).toBe("NY");
    expect(usStateCode("Oregon")).toBe("OR");
    expect(usStateCode("Gotham")).toBeNull();
    expect(usStateCode("")).toBeNull();
    expect(taxPercentFor(rules, { country: "US", state: "new york" })).toBe(8.875);
  });

  it("rounds fractional rates to the cent, half up", () => {
    // 8.875% of $100.00 = $8.875 → $8.88; of $19.99 = 177.41… → $1.77.
    expect(taxCents(10_000, rules, { country: "US", state: "NY" })).toBe(888);
    expect(taxCents(1999, rules, { country: "US", state: "NY" })).toBe(177);
  });

  it("totals an order for its destination", () => {
    const lines = [{ unitPriceCents: 4000, quantity: 2 }];
    expect(computeTotals(lines, rules, { method: "standard", destination: { country: "CA", state: "ON" } })).toEqual({
      subtotalCents: 8000,
      shippingCents: 500,
      taxCents: 1040,
      totalCents: 9540,
    });
    expect(computeTotals(lines, rules, { method: "express", destination: { country: "US", state: "OR" } })).toEqual({
      subtotalCents: 8000,
      shippingCents: 1500,
      taxCents: 0,
      totalCents: 9500,
    });
  });

  it("writes a rate as the summary shows it", () => {
    expect(percentText(8)).toBe("8%");
    expect(percentText(8.875)).toBe("8.875%");
    expect(percentText(0)).toBe("0%");
    expect(percentText(7.25)).toBe("7.25%");
  });
});
