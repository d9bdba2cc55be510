import { describe, expect, it } from "vitest";
import { validLines } from "~/modules/orders/place-order.server";

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
  it("keeps a quantity as asked: the per-product cap refuses an order, it never lowers one", () => {
    expect(validLines([{ productId: id, quantity: 1e9 }])[0]!.quantity).toBe(1e9);
  });
});
