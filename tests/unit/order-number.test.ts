import { describe, expect, it } from "vitest";
import { orderNumberFor, orderTimestamp } from "~/modules/orders/order-number";
import { MAX_LINE_QUANTITY } from "~/modules/cart/cart-rules";
import { validLines } from "~/modules/orders/place-order.server";

describe("order numbers", () => {
  it("are ORD- and the last 8 digits of the millisecond timestamp", () => {
    expect(orderNumberFor(1_763_780_000_123)).toBe("ORD-80000123");
    expect(orderNumberFor(42)).toBe("ORD-00000042");
  });
  it("never gives one process the same timestamp twice", () => {
    const a = orderTimestamp(1_000);
    const b = orderTimestamp(1_000);
    const c = orderTimestamp(500);
    expect(b).toBe(a + 1);
    expect(c).toBe(b + 1);
  });
});

describe("validLines", () => {
  const id = "0b9ad0f4-2a43-4d6b-9f5e-3d5c2b1a0f11";
  it("merges equal lines and drops ones without a product or a positive whole quantity", () => {
    expect(
      validLines([
        { productId: id, size: "M", color: "Black", quantity: 1 },
        { productId: id, size: "M", color: "Black", quantity: 2 },
        { productId: id, size: "L", color: "Black", quantity: 1 },
        { productId: "not-a-uuid", quantity: 1 },
        { productId: id, quantity: 0 },
        { productId: id, quantity: -1 },
        { productId: id, quantity: 2.5 },
        { quantity: 1 },
      ]),
    ).toEqual([
      { productId: id, size: "M", color: "Black", quantity: 3 },
      { productId: id, size: "L", color: "Black", quantity: 1 },
    ]);
  });
  it("caps a line's quantity", () => {
    expect(validLines([{ productId: id, quantity: 10_000 }])[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });
});
