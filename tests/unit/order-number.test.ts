import { describe, expect, it } from "vitest";
import { orderNumberFor, orderTimestamp } from "~/modules/orders/order-number";

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
