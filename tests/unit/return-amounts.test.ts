import { describe, expect, it } from "vitest";
import {
  lineNetCents,
  paymentStatusAfterRefund,
  refundAmount,
  taxShareCents,
  type OrderMoney,
  type RefundLine,
} from "~/modules/returns/return-amounts";

/** Three tees at $19.99 (one line) and a pair of jeans at $49.99, $10 off the tees, 8.875% tax, $9.99 shipping. */
const order: OrderMoney = {
  subtotalCents: 3 * 1999 + 4999,
  discountCents: 1000,
  shippingCents: 999,
  // 8.875% of 9996 = 887.145 → 887
  taxCents: 887,
  totalCents: 3 * 1999 + 4999 - 1000 + 999 + 887,
  refundedCents: 0,
};
const tees = { lineQuantity: 3, lineTotalCents: 5997, lineDiscountCents: 1000 };
const jeans = { lineQuantity: 1, lineTotalCents: 4999, lineDiscountCents: 0 };
const line = (base: typeof tees, quantity: number, refundedBefore = 0): RefundLine => ({
  ...base,
  quantity,
  refundedBefore,
});

describe("what a return gives back", () => {
  it("gives a line's units what was paid for them, net of the line's discount share", () => {
    // (5997 - 1000) / 3 = 1665.67 per tee
    expect(lineNetCents(tees, 1)).toBe(1666);
    expect(lineNetCents(tees, 2)).toBe(3331);
    expect(lineNetCents(tees, 3)).toBe(4997);
    expect(lineNetCents(tees, 4)).toBe(4997);
    expect(lineNetCents(tees, 0)).toBe(0);
  });

  it("gives the tax back in proportion of the goods", () => {
    expect(taxShareCents(order, 4999)).toBe(Math.round((887 * 4999) / 9996));
    expect(taxShareCents(order, 9996)).toBe(887);
    expect(taxShareCents({ subtotalCents: 0, discountCents: 0, taxCents: 0 }, 100)).toBe(0);
  });

  it("refunds the jeans: their price and their share of tax, no shipping", () => {
    const amount = refundAmount({ order, lines: [line(jeans, 1)], shipping: false });
    expect(amount).toEqual({ goodsCents: 4999, taxCents: 444, shippingCents: 0, totalCents: 5443 });
  });

  it("returned one unit at a time, an order gives back exactly what it cost, to the cent", () => {
    let refunded = 0;
    const amounts = [];
    for (let i = 0; i < 3; i++) {
      const amount = refundAmount({
        order: { ...order, refundedCents: refunded },
        lines: [line(tees, 1, i)],
        shipping: false,
      });
      refunded += amount.totalCents;
      amounts.push(amount);
    }
    const last = refundAmount({
      order: { ...order, refundedCents: refunded },
      lines: [line(jeans, 1)],
      shipping: true,
    });
    refunded += last.totalCents;
    expect(amounts.map((a) => a.goodsCents)).toEqual([1666, 1665, 1666]);
    expect(refunded).toBe(order.totalCents);
    const all = refundAmount({ order, lines: [line(tees, 3), line(jeans, 1)], shipping: true });
    expect(all.totalCents).toBe(order.totalCents);
    expect(all.taxCents).toBe(887);
    expect(amounts.reduce((n, a) => n + a.taxCents, 0) + last.taxCents).toBe(887);
  });

  it("gives the shipping back when asked, and never more than is left of the payment", () => {
    const withShipping = refundAmount({ order, lines: [line(jeans, 1)], shipping: true });
    expect(withShipping.shippingCents).toBe(999);
    expect(withShipping.totalCents).toBe(5443 + 999);
    const nearlyAll = refundAmount({
      order: { ...order, refundedCents: order.totalCents - 100 },
      lines: [line(jeans, 1)],
      shipping: true,
    });
    expect(nearlyAll.totalCents).toBe(100);
    // The cap comes off the shipping first, then the tax, then the goods.
    expect(nearlyAll).toEqual({ goodsCents: 100, taxCents: 0, shippingCents: 0, totalCents: 100 });
  });

  it("says the payment is refunded once nothing is left of it", () => {
    expect(paymentStatusAfterRefund({ totalCents: 1000 }, 999)).toBe("paid");
    expect(paymentStatusAfterRefund({ totalCents: 1000 }, 1000)).toBe("refunded");
  });
});
