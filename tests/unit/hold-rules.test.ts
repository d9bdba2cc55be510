import { describe, expect, it } from "vitest";
import { holdAllowance, holdShareMessage, overHoldShare, type HeldVariant } from "~/modules/orders/hold-rules";

const line = (changes: Partial<HeldVariant> & { id?: string }) => ({
  id: "a",
  quantity: 1,
  stock: 10,
  heldUnpaid: 0,
  heldRecentlyExpired: 0,
  ...changes,
});

describe("holdAllowance", () => {
  it("is the share of the stock there would be without the holder's own holds, at least one unit", () => {
    expect(holdAllowance(10, 0, 50)).toBe(5);
    expect(holdAllowance(5, 0, 50)).toBe(2);
    // Holding 2 of 5 leaves 3 in stock: the share is still of 5.
    expect(holdAllowance(3, 2, 50)).toBe(2);
    expect(holdAllowance(1, 0, 50)).toBe(1);
    expect(holdAllowance(0, 0, 50)).toBe(1);
    expect(holdAllowance(7, 0, 100)).toBe(7);
    expect(holdAllowance(9, 0, 33)).toBe(2);
  });
});

describe("overHoldShare", () => {
  it("lets a holder ask for its share and no more, naming the first line over it with what it may still ask", () => {
    expect(overHoldShare([line({ quantity: 2, stock: 5 })], 50)).toBeNull();
    const over = overHoldShare([line({ id: "ok", quantity: 1 }), line({ id: "low", quantity: 3, stock: 5 })], 50);
    expect(over).toEqual({ line: expect.objectContaining({ id: "low" }), mayStillHold: 2 });
  });

  it("counts what the holder's unpaid orders hold, and what its holds that ran out held", () => {
    expect(overHoldShare([line({ quantity: 1, stock: 3, heldUnpaid: 2 })], 50)).toEqual({
      line: expect.objectContaining({ heldUnpaid: 2 }),
      mayStillHold: 0,
    });
    // The stock came back when the hold ran out; the holder may not take it again during the cool-down.
    expect(overHoldShare([line({ quantity: 2, stock: 5, heldRecentlyExpired: 2 })], 50)?.mayStillHold).toBe(0);
    expect(overHoldShare([line({ quantity: 1, stock: 10, heldRecentlyExpired: 2 })], 50)).toBeNull();
  });

  it("lets anyone have the last unit once, but not hold it again right after its hold ran out", () => {
    expect(overHoldShare([line({ quantity: 1, stock: 1 })], 50)).toBeNull();
    expect(overHoldShare([line({ quantity: 1, stock: 1, heldRecentlyExpired: 1 })], 50)?.mayStillHold).toBe(0);
  });

  it("leaves a line asking for more than the stock to the stock check; 100 % allows the whole stock", () => {
    expect(overHoldShare([line({ quantity: 6, stock: 5 })], 50)).toBeNull();
    expect(overHoldShare([line({ quantity: 5, stock: 5 })], 100)).toBeNull();
  });
});

describe("holdShareMessage", () => {
  it("says how many may still be ordered, or why none can be now", () => {
    expect(holdShareMessage("Tee (M, Black)", 2, 60)).toBe(
      "Tee (M, Black) is low in stock: you can order at most 2 of it, so that other shoppers can buy it too.",
    );
    expect(holdShareMessage("Tee (M, Black)", 0, 60)).toBe(
      "Tee (M, Black) is low in stock and already reserved by your unpaid orders (or was, in the last 60 minutes). Pay for them, or try again later.",
    );
  });
});
