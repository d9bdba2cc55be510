import { describe, expect, it } from "vitest";
import { returnWindow, returnWindowEnd, returnableQuantity, rmaNumberFor } from "~/modules/returns/return-rules";

const delivered = new Date("2026-11-01T12:00:00Z");
const day = 24 * 60 * 60 * 1000;

describe("the return window", () => {
  it("is open for `windowDays` after delivery, to the millisecond", () => {
    expect(returnWindowEnd(delivered, 30).toISOString()).toBe("2026-12-01T12:00:00.000Z");
    const order = { status: "delivered", deliveredAt: delivered };
    expect(returnWindow(order, 30, new Date(delivered.getTime() + 30 * day))).toEqual({
      open: true,
      endsAt: new Date("2026-12-01T12:00:00Z"),
    });
    expect(returnWindow(order, 30, new Date(delivered.getTime() + 30 * day + 1))).toMatchObject({
      open: false,
      reason: "window-closed",
    });
    expect(returnWindow(order, 45, new Date(delivered.getTime() + 40 * day)).open).toBe(true);
  });

  it("is closed for an order not delivered, and for an exchange's order", () => {
    expect(returnWindow({ status: "shipped", deliveredAt: null }, 30, delivered)).toMatchObject({
      open: false,
      reason: "not-delivered",
    });
    expect(
      returnWindow({ status: "delivered", deliveredAt: delivered, isExchange: true }, 30, delivered),
    ).toMatchObject({
      open: false,
      reason: "exchange-order",
    });
  });
});

describe("what can still be returned", () => {
  it("is what was bought less what open returns hold", () => {
    expect(returnableQuantity(3, 0)).toBe(3);
    expect(returnableQuantity(3, 2)).toBe(1);
    expect(returnableQuantity(3, 5)).toBe(0);
  });

  it("numbers a return after its order", () => {
    expect(rmaNumberFor("ORD-12345678", 1)).toBe("RMA-12345678-1");
    expect(rmaNumberFor("TEST-00000042", 2)).toBe("RMA-00000042-2");
  });
});
