import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "~/modules/orders/checkout-request";

describe("the place request of /api/checkout", () => {
  const place = { intent: "place", idempotencyKey: "key-12345678", paymentMethod: "demo", form: { city: "Portland" } };

  it("keeps only the form, the payment method and the idempotency key: prices and names are dropped", () => {
    const parsed = checkoutRequestSchema.parse({
      ...place,
      lines: [{ id: "00000000-0000-4000-8000-000000000000", quantity: 2, price: 1, name: "Free tee" }],
      totalCents: 1,
    });
    // A guest's lines (GUEST_CHECKOUT) keep their ids and quantities only; an account's order never reads them.
    expect(parsed).toEqual({ ...place, lines: [{ id: "00000000-0000-4000-8000-000000000000", quantity: 2 }] });
  });

  it("keeps the total the summary showed, in whole cents", () => {
    expect(checkoutRequestSchema.parse({ ...place, expectedTotalCents: 5319 })).toEqual({
      ...place,
      expectedTotalCents: 5319,
    });
    for (const bad of [-1, 53.19, "5319", null]) {
      expect(checkoutRequestSchema.safeParse({ ...place, expectedTotalCents: bad }).success, String(bad)).toBe(false);
    }
  });

  it("needs the key, a known payment method and a form", () => {
    expect(checkoutRequestSchema.safeParse({ ...place, idempotencyKey: "short" }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ ...place, paymentMethod: "cash" }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ ...place, form: undefined }).success).toBe(false);
  });
});
